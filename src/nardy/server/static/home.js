// @ts-check
// The home page is the lobby (lobby.js), with the other ways to play beside it: the
// computer, a friend by link, two players at one device.
import { call } from "./api.js";
import { NAME_LATER, nameCard } from "./account.js";
import { explainer, go, h, main, playerName, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { clockOptions, lobbyPage } from "./lobby.js";
import { tournamentsCard } from "./tournaments.js";
import { me, preferredVariant, remembersVariant, scoringName } from "./session.js";

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

const OPTIONS_KEY = "nardy.options";

/**
 * The rule options last chosen for each game on this device (those not the game's
 * own: what the form sent), by variant, as the variant itself is remembered.
 * @returns {Record<string, Record<string, unknown>>}
 */
function savedOptions() {
  try {
    const saved = JSON.parse(localStorage.getItem(OPTIONS_KEY) || "{}");
    return saved && typeof saved === "object" ? saved : {};
  } catch { return {}; }
}

/** An option's value in words, in the words of the game `variant`'s family. @param {string} name @param {unknown} v @param {string} variant */
const optionWords = (name, v, variant) => name === "scoring" || (name === "per_checker_multipliers" && v !== "none")
  ? scoringName(String(v), variant) : msg(`web.option.${name}.${String(v)}`);

/**
 * The new-game form's "Rule options" (docs/rules.md §7), folded: for the game chosen
 * in `variant`, each option it takes (the session's `variants[].options`, from the
 * engine) as a select of its values, the game's own first and marked; an option that
 * means something only with another's value (draw_score with the last-roll draw) shows
 * only then. Scoring (C-2), the one most asked for, stands unfolded in `scoring`.
 * `chosen()` gives those changed, for the request's `options`; they are remembered
 * per game on this device.
 * @param {HTMLSelectElement} variant
 * @returns {{box: HTMLElement, scoring: HTMLElement, chosen: () => Record<string, unknown>}}
 */
function ruleOptions(variant) {
  const count = h("span", { class: "small", id: "rule-options-count" });
  const body = h("div", { class: "rule-options" });
  const scoring = h("div", { id: "scoring-field" });
  const box = h("details", { id: "new-options" }, h("summary", {}, msg("web.rule-options"), " ", count),
    h("p", { class: "small" }, msg("web.rule-options-hint")), body);
  /** @type {Map<string, {info: Json, select: HTMLSelectElement, field: HTMLElement}>} */
  let fields = new Map();
  /** @param {{info: Json, select: HTMLSelectElement}} f */
  const value = (f) => f.info.values.find((/** @type {unknown} */ v) => String(v) === f.select.value);
  /** @param {{info: Json}} f @returns {boolean} */
  const applies = (f) => Object.entries(f.info.needs || {}).every(([other, values]) => {
    const g = fields.get(other);
    return g != null && applies(g) && values.includes(value(g));
  });
  const chosen = () => {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [name, f] of fields) if (applies(f) && value(f) !== f.info.default) out[name] = value(f);
    return out;
  };
  const update = () => {
    for (const f of fields.values()) f.field.hidden = !applies(f);
    // (those folded: scoring is in sight)
    const n = Object.keys(chosen()).filter((name) => name !== "scoring").length;
    count.textContent = n ? `· ${msg("web.rule-options-changed", { n })}` : "";
  };
  const build = () => {
    const info = me.variants.find((/** @type {Json} */ v) => v.name === variant.value);
    const saved = savedOptions()[variant.value] || {};
    fields = new Map();
    scoring.replaceChildren();
    body.replaceChildren(...(info?.options || []).map((/** @type {Json} */ o) => {
      const id = o.name === "scoring" ? "new-scoring" : `opt-${o.name}`;
      const select = /** @type {HTMLSelectElement} */ (h("select", { name: o.name, id, "data-option": o.name },
        o.values.map((/** @type {unknown} */ v) => h("option", { value: String(v), selected: o.name in saved && saved[o.name] === v },
          v === o.default ? msg("web.option-default", { value: optionWords(o.name, v, variant.value) }) : optionWords(o.name, v, variant.value)))));
      select.addEventListener("change", () => {
        update();
        const all = savedOptions();
        all[variant.value] = chosen();
        localStorage.setItem(OPTIONS_KEY, JSON.stringify(all));
      });
      // (the player's words only: the rule's id and the engine's name are the rules
      // page's, for developers)
      const field = h("div", { class: "rule-option" },
        h("div", { class: "rule-head" }, h("label", { for: id }, msg(`web.option.${o.name}`))), select,
        h("p", { class: "small" }, msg(`web.option.${o.name}.hint`)));
      fields.set(o.name, { info: o, select, field });
      if (o.name === "scoring") { scoring.append(field); return null; }
      return field;
    }).filter((/** @type {HTMLElement | null} */ x) => x !== null));
    update();
  };
  variant.addEventListener("change", build);
  build();
  return { box, scoring, chosen };
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
  // the rules the clubs play differently (C-2's scoring among them: koks, home mars,
  // …), for a game against the computer, a friend or on one device
  const options = ruleOptions(variant);
  const beavers = h("input", { name: "beavers", id: "new-beavers", type: "checkbox" });
  const beaverBox = h("div", {}, h("div", { class: "check" }, beavers, h("label", { for: "new-beavers" }, t("beavers"))), helped(beavers, "web.beavers-hint"));
  const levelBox = h("div", {}, h("label", { for: "new-level" }, t("level")), level);
  // a game with a friend may have the lobby's clocks (the computer's and one device's
  // games have none)
  const clock = h("select", { name: "clock", id: "new-clock" }, ...clockOptions().map(([value, label]) => h("option", { value }, label)));
  const clockBox = h("div", { hidden: true }, h("label", { for: "new-clock" }, t("lobbyClockLabel")), clock);
  mode.addEventListener("change", () => { levelBox.hidden = mode.value !== "computer"; clockBox.hidden = mode.value !== "friend"; });
  length.addEventListener("input", () => { beaverBox.hidden = Number(length.value) > 0; });
  /** @param {object} spec  the new game (POST /api/games) */
  const start = async (spec) => {
    try { const st = await call("POST", "/api/games", spec); go(`/game/${st.id}`); }
    catch (e) { toast(`${t("errorPrefix")}: ${/** @type {Error} */ (e).message}`); }
  };
  const form = h("form", { class: "card", id: "new-game", onsubmit: (ev) => {
    ev.preventDefault();
    /** @type {Record<string, string | number | boolean | null | Record<string, unknown>>} */
    const spec = { variant: variant.value, mode: mode.value, level: mode.value === "computer" ? level.value : null,
      client_seed: seed.value, length: Number(length.value || 0) };
    if (cube.value) spec.cube = cube.value === "yes";
    if (beavers.checked && !spec.length) spec.beavers = true;
    if (mode.value === "friend" && clock.value !== "none") spec.clock = clock.value;
    const chosen = options.chosen();
    if (Object.keys(chosen).length) spec.options = chosen;
    start(spec);
  } },
  h("h2", {}, t("newGame")),
  h("label", { for: "new-variant" }, t("variant")), variant,
  h("label", { for: "new-mode" }, t("mode")), mode, levelBox, clockBox,
  h("label", { for: "new-length" }, t("matchLength")), length, helped(length, "web.money-game-hint"),
  h("label", { for: "new-cube" }, t("cubeOpt")), cube, beaverBox,
  options.scoring, options.box,
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

