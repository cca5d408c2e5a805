// @ts-check
// The home page is the lobby (lobby.js), with the other ways to play beside it: the
// computer, a friend by link, two players at one device.
import { call } from "./api.js";
import { NAME_LATER, nameCard } from "./account.js";
import { explainer, go, h, main, playerName, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { lobbyPage } from "./lobby.js";
import { tournamentsCard } from "./tournaments.js";
import { me, preferredVariant, remembersVariant } from "./session.js";

/** @typedef {import("./api.js").Json} Json */

/**
 * A field's help text: its title on hover, and below it a "What is this?" that opens
 * the text in place (a phone has no hover). @param {HTMLElement} field @param {string} key
 */
function helped(field, key) {
  const text = msg(key);
  field.title = text;
  return explainer(text);
}

/** The lobby and the new-game form; returns what closes the lobby's socket. @returns {() => void} */
export function homePage() {
  const variant = remembersVariant(h("select", { name: "variant", id: "new-variant" }, me.variants.map((/** @type {Json} */ v) =>
    h("option", { value: v.name, selected: v.name === preferredVariant() }, v[currentLang()]))));
  const mode = h("select", { name: "mode", id: "new-mode" },
    h("option", { value: "computer" }, t("modeComputer")),
    h("option", { value: "local" }, t("modeLocal")),
    h("option", { value: "friend" }, t("modeFriend")));
  const level = h("select", { name: "level", id: "new-level" }, me.levels.map((/** @type {string} */ l) =>
    h("option", { value: l }, msg(`level.${l}`))));
  const seed = h("input", { name: "client_seed", id: "new-seed", maxlength: 200, autocomplete: "off" });
  const length = h("input", { name: "length", id: "new-length", type: "number", min: 0, max: 25, value: 0, inputmode: "numeric" });
  const cube = h("select", { name: "cube", id: "new-cube" }, h("option", { value: "" }, t("cubeDefault")),
    h("option", { value: "yes" }, t("yes")), h("option", { value: "no" }, t("no")));
  // C-2: the clubs' other ways of scoring a game (koks, home mars, …), for a game
  // against the computer, a friend or on one device
  const scoring = h("select", { name: "scoring", id: "new-scoring" }, me.scorings.map((/** @type {string} */ x) => h("option", { value: x }, msg(`web.scoring.${x}`))));
  const beavers = h("input", { name: "beavers", id: "new-beavers", type: "checkbox" });
  const beaverBox = h("div", {}, h("div", { class: "check" }, beavers, h("label", { for: "new-beavers" }, t("beavers"))), helped(beavers, "web.beavers-hint"));
  const levelBox = h("div", {}, h("label", { for: "new-level" }, t("level")), level);
  mode.addEventListener("change", () => { levelBox.hidden = mode.value !== "computer"; });
  length.addEventListener("input", () => { beaverBox.hidden = Number(length.value) > 0; });
  /** @param {object} spec  the new game (POST /api/games) */
  const start = async (spec) => {
    try { const st = await call("POST", "/api/games", spec); go(`/game/${st.id}`); }
    catch (e) { toast(`${t("errorPrefix")}: ${/** @type {Error} */ (e).message}`); }
  };
  const form = h("form", { class: "card", id: "new-game", onsubmit: (ev) => {
    ev.preventDefault();
    /** @type {Record<string, string | number | boolean | null | Record<string, string>>} */
    const spec = { variant: variant.value, mode: mode.value, level: mode.value === "computer" ? level.value : null,
      client_seed: seed.value, length: Number(length.value || 0) };
    if (cube.value) spec.cube = cube.value === "yes";
    if (beavers.checked && !spec.length) spec.beavers = true;
    if (scoring.value !== "standard") spec.options = { scoring: scoring.value };
    start(spec);
  } },
  h("h2", {}, t("newGame")),
  h("label", { for: "new-variant" }, t("variant")), variant,
  h("label", { for: "new-mode" }, t("mode")), mode, levelBox,
  h("label", { for: "new-length" }, t("matchLength")), length, helped(length, "web.money-game-hint"),
  h("label", { for: "new-cube" }, t("cubeOpt")), cube, beaverBox,
  h("label", { for: "new-scoring" }, msg("web.scoring")), scoring,
  h("label", { for: "new-seed" }, t("clientSeed")), seed, helped(seed, "web.client-seed-hint"),
  h("button", { class: "big", type: "submit", id: "start" }, t("start")));
  const others = h("section", { class: "card others" }, h("h2", {}, t("lobbyOtherWays")), form);
  // A game against the computer is one tap from the top of the page: on a phone the
  // form above sits below the lobby's cards, four screens down.
  const quick = h("p", { class: "hero-actions" },
    h("button", { class: "big", id: "try", onclick: () => start({ variant: preferredVariant(), mode: "computer", level: me.levels[0] }) },
      // (a member has signed up: for him the same button is simply a game now)
      me.user.guest || me.user.id == null ? t("tryNow") : t("playComputerNow")),
    h("a", { href: "#new-game", id: "to-new-game", onclick: (/** @type {Event} */ ev) => {
      ev.preventDefault(); form.scrollIntoView({ behavior: "smooth", block: "start" });
    } }, msg("web.hero-more")));
  const lobby = h("div", {});
  // a guest who has played under his default name ("Гость 3") is asked for his own;
  // the page opens again with it, so the lobby's socket says the new name
  const named = me.user.id == null || !me.user.guest || playerName(me.user.name) === me.user.name
    || localStorage.getItem(NAME_LATER) === "1";
  main.replaceChildren(h("section", { class: "hero" }, h("h1", {}, t("heroTitle")), h("p", {}, t("heroText")), quick),
    ...(named ? [] : [nameCard(me.user, () => go("/"), true)]), lobby);
  const [tournaments, closeTournaments] = tournamentsCard();
  const closeLobby = lobbyPage(lobby, h("div", {}, tournaments, others));
  return () => { closeLobby(); closeTournaments(); };
}

