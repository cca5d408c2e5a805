// @ts-check
// Tournaments: the list (registration open, running, finished) with the form of a new
// one, and one tournament's page: registration, the knock-out's bracket (SVG) or the
// Swiss's and round robin's standings, each round's matches linking to their games.
// The lobby's socket says when a tournament changed: the page then reads it again; and
// when a game of the player's starts (his round's): the page takes him to it (lobby.js).
import { call } from "./api.js";
import { go, h, main, playerName, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { LobbySocket, clockOptions, gameStarted, hearGames } from "./lobby.js";
import { me, remembersVariant, variantName } from "./session.js";
import { SHARE_ICON, icon, shareLink } from "./share.js";

/** @typedef {import("./api.js").Json} Json */

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element. @param {string} tag @param {Record<string, string | number>} attrs @param {...(Node | string)} kids */
function s(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const k of kids) e.append(k);
  return e;
}

/** Run an action and show its error, if any. @param {() => Promise<unknown>} action */
async function act(action) {
  try { await action(); return true; } catch (e) {
    toast(`${t("errorPrefix")}: ${/** @type {Error} */ (e).message}`);
    return false;
  }
}

/**
 * Open the lobby's socket and call `onChange` with each tournament message; a game of
 * the player's that starts (his tournament's next round, say) takes him to it at once.
 * Returns its closer.
 * @param {(m: Json) => void} onChange
 */
function watchTournaments(onChange) {
  const socket = new LobbySocket(hearGames(gameStarted, (m) => {
    if (m.type === "tournament") onChange(m.tournament);
  }), () => undefined);
  return () => socket.close();
}

const member = () => me.user.id != null && !me.user.guest;

/** A tournament's terms in words (a private one says so). @param {Json} x */
export function tournamentTerms(x) {
  return [t("tournamentFormats")[x.format] ?? x.format, variantName(x.variant),
    lengthsText(x.lengths), t("lobbyClock")[x.clock] ?? x.clock,
    x.rated ? t("lobbyRated") : t("lobbyUnrated"),
    ...(x.public === false ? [msg("web.tournament-private-terms")] : [])].join(" · ");
}

/**
 * The match lengths in words: one for every round ("до 3 очков"), or round by round
 * where they differ ("длина матчей по турам: 3 · 3 · 5", the last for the rounds after).
 * @param {number[]} lengths
 */
function lengthsText(lengths) {
  return new Set(lengths).size === 1 ? msg("web.lobby-length", { n: lengths[0] })
    : msg("web.tournament-lengths-terms", { list: lengths.join(" · ") });
}

/** A duration in seconds in words, in its largest whole unit ("5 минут", "1 день"). @param {number} sec */
export function durationText(sec) {
  if (sec % 86400 === 0) return msg("web.tournament-days", { n: sec / 86400 });
  if (sec % 3600 === 0) return msg("web.tournament-hours", { n: sec / 3600 });
  if (sec % 60 === 0) return msg("web.tournament-minutes", { n: sec / 60 });
  return msg("web.tournament-seconds", { n: sec });
}

/** Whether the tournament was cancelled (by its creator, a moderator, or too few players). @param {Json} x */
const cancelled = (x) => Boolean(x.cancelled || (x.result && x.result.cancelled));

/** When it starts, in words. @param {Json} x */
function startText(x) {
  if (!x.starts_at) return t("tournamentWhenFull");
  return msg("web.tournament-starts-at", { at: new Date(x.starts_at).toLocaleString(currentLang()) });
}

/**
 * Its field in words: before the start the places taken of the most ("3 из 8
 * игроков"); from the start the players who started, those who withdrew still among
 * them ("8 игроков, 1 снялся"): the most is then no longer news. @param {Json} x
 */
function fieldText(x) {
  if (x.status === "registering" || x.field == null) return msg("web.tournament-count", { n: x.players, size: x.size });
  return x.withdrawn ? msg("web.tournament-field-withdrew", { n: x.field, w: x.withdrawn })
    : msg("web.tournament-field", { n: x.field });
}

/** One line of a list. @param {Json} x */
function listItem(x) {
  return h("li", { class: "tournament", "data-id": x.id },
    h("a", { href: `/tournaments/${x.id}`, "data-link": true }, h("b", {}, x.name)), " ",
    h("span", { class: "small" }, tournamentTerms(x), " · ",
      fieldText(x),
      x.status === "registering" ? ` · ${startText(x)}` : "",
      x.winner ? ` · ${msg("web.tournament-winner", { name: entryName(x.winner) })}` : ""),
    cancelled(x) ? [" ", h("span", { class: "tag cancelled" }, msg("web.tournament-cancelled-label"))] : null);
}

/** The lobby's card: the tournaments open and running. @returns {[HTMLElement, () => void]} */
export function tournamentsCard() {
  const card = h("section", { class: "card", id: "tournaments-card" });
  const draw = async () => {
    /** @type {Json} */
    let data;
    try { data = await call("GET", "/api/tournaments"); } catch { return; }
    const items = [...data.running, ...data.upcoming].slice(0, 8);
    card.replaceChildren(h("h2", {}, t("tournaments")),
      items.length ? h("ul", { class: "list tournaments" }, items.map(listItem)) : h("p", { class: "small" }, t("tournamentNone")),
      h("a", { href: "/tournaments", "data-link": true, id: "all-tournaments" }, t("tournamentAll")));
  };
  draw();
  // (the lobby's own socket announces the changes: lobby.js passes them on as an event)
  const changed = () => { draw(); };
  document.addEventListener("nardy-tournament", changed);
  return [card, () => document.removeEventListener("nardy-tournament", changed)];
}

/** The list of tournaments and the form of a new one. */
export function tournamentsPage() {
  const lists = h("div", { id: "tournament-lists" });
  const form = member() ? createForm() : null;
  // the form folded: a phone shows the tournaments to join first; a desktop (or a
  // club with nothing to join) has it open
  const fold = form ? h("details", { class: "card tournament-fold", id: "tournament-new", open: wide() },
    h("summary", {}, h("h2", {}, msg("web.tournament-new-fold"))), form.el) : null;
  let sized = false;
  const draw = async () => {
    const data = await call("GET", "/api/tournaments");
    if (form && !sized) {
      sized = true; form.sizes(data.sizes);
      if (fold && !data.upcoming.length) /** @type {HTMLDetailsElement} */ (fold).open = true;
    }
    lists.replaceChildren(...["upcoming", "running", "finished"].map((k) =>
      h("section", { class: "card", id: `tournaments-${k}` },
        h("h2", {}, t(`tournament${k[0].toUpperCase()}${k.slice(1)}`)),
        data[k].length ? h("ul", { class: "list tournaments" }, data[k].map(listItem))
          : h("p", { class: "small" }, t("tournamentNone")))));
  };
  main.replaceChildren(h("div", { class: "tournaments-page" }, h("h1", {}, t("tournaments")),
    fold ?? h("p", { class: "card" }, t("tournamentMembersOnly")), lists));
  draw();
  return watchTournaments(() => { draw(); });
}

/** Whether the screen is a desktop's (wide enough for the form beside nothing else). */
const wide = () => window.matchMedia("(min-width: 760px)").matches;

/** The most match lengths a tournament takes (the API's `lengths`: the last repeats). */
const MAX_LENGTHS = 6;
/** The longest match (points; `game_specs.MAX_MATCH_LENGTH`). */
const MAX_LENGTH = 25;

/**
 * A match length's field: a whole number of 1 to 25 points, refused with the page's
 * own words before anything is sent. @param {string} name @param {string | number} value
 */
function lengthInput(name, value) {
  const input = h("input", { name, type: "number", min: 1, max: MAX_LENGTH, step: 1, value, inputmode: "numeric", required: true });
  const check = () => {
    const n = Number(input.value);
    input.setCustomValidity(input.value !== "" && Number.isInteger(n) && n >= 1 && n <= MAX_LENGTH ? ""
      : msg("web.tournament-length-bad", { max: MAX_LENGTH }));
  };
  input.addEventListener("input", check);
  check();
  return input;
}

/**
 * How many rounds a tournament of `size` plays: a knock-out its bracket's, a Swiss
 * `rounds` (the server's default without: log2 + 1 within the field's most), a round
 * robin the circle's (n − 1, n for an odd field).
 * @param {string} format @param {number} size @param {number} rounds
 */
function roundsOf(format, size, rounds) {
  const n = Math.max(2, size);
  if (format === "knockout" || format === "sitngo") return Math.ceil(Math.log2(n));
  if (format === "swiss") return rounds || Math.min(n % 2 ? n : n - 1, Math.ceil(Math.log2(n)) + 1);
  return n % 2 ? n : n - 1;
}

/** The page's language in the reader's own region where his browser has one ("en-GB": day before month), else the language alone. */
const pageLocale = () => navigator.languages.find((l) => l.split("-")[0] === currentLang()) ?? currentLang();

/**
 * The form's game: the one this browser chose last, else the page's language's
 * (English: short nardy, backgammon's rules; Russian: long nardy).
 */
function formVariant() {
  const chosen = localStorage.getItem("nardy.variant");  // (session.js's key: remembersVariant writes it)
  if (chosen && me.variants.some((/** @type {Json} */ v) => v.name === chosen)) return chosen;
  return currentLang() === "en" ? "short" : "long";
}

/** The no-show times the form offers (seconds; the server takes 30 s to 7 days). */
const NO_SHOWS = [60, 120, 300, 600, 1800, 3600, 4 * 3600, 86400, 3 * 86400, 7 * 86400];
/** The server's bounds of the no-show time (``tournament_specs``), and its default. */
const NO_SHOW_MIN = 30, NO_SHOW_MAX = 7 * 86400, NO_SHOW_DEFAULT = 300;

/** The field sizes of a format in words ("4, 8 or 16 players", "2 to 64 players"). @param {number[]} sizes */
function sizesText(sizes) {
  const low = sizes[0], high = sizes[sizes.length - 1];
  if (sizes.length === high - low + 1) return msg("web.tournament-size-range", { low, high });
  return msg("web.tournament-size-list", { sizes: sizes.slice(0, -1).join(", "), last: high });
}

/**
 * The form of a new tournament; `sizes` gives it the field sizes each format takes (the
 * server's, sent with the list): the size field says them under it, offers them, and
 * refuses another before anything is sent.
 * @returns {{ el: HTMLFormElement, sizes: (sizes: Record<string, number[]>) => void }}
 */
function createForm() {
  const name = h("input", { name: "name", maxlength: 80, required: true });
  const format = h("select", { name: "format" }, ["sitngo", "knockout", "swiss", "roundrobin"].map((f) =>
    h("option", { value: f }, t("tournamentFormats")[f])));
  const variant = remembersVariant(h("select", { name: "variant" }, me.variants.map((/** @type {Json} */ v) =>
    h("option", { value: v.name, selected: v.name === formVariant() }, v[currentLang()]))));
  const size = h("input", { name: "size", type: "number", min: 2, max: 64, value: 8, inputmode: "numeric", list: "size-options" });
  const sizeOptions = h("datalist", { id: "size-options" });
  const sizeHint = h("small", { class: "small", id: "size-hint", "aria-live": "polite" });
  /** @type {Record<string, number[]>} */
  let allowed = {};
  // the sizes of the chosen format: said, offered, and another refused (a value typed)
  const checkSize = () => {
    const sizes = allowed[format.value];
    if (!sizes) return;
    const ok = sizes.includes(Number(size.value));
    size.setCustomValidity(ok ? "" : sizeHint.textContent ?? "");
    sizeHint.className = ok ? "small" : "small bad";
  };
  const showSizes = () => {
    const sizes = allowed[format.value];
    if (!sizes) return;
    size.min = String(sizes[0]); size.max = String(sizes[sizes.length - 1]);
    const listed = sizes.length !== sizes[sizes.length - 1] - sizes[0] + 1;  // (not a range)
    sizeOptions.replaceChildren(...(listed ? sizes.map((n) => h("option", { value: n })) : []));
    sizeHint.textContent = sizesText(sizes);
    if (!sizes.includes(Number(size.value))) {  // the nearest allowed (8 fits every format)
      const n = Number(size.value) || 8;
      size.value = String(sizes.reduce((a, b) => (Math.abs(b - n) < Math.abs(a - n) ? b : a)));
    }
    checkSize();
  };
  size.addEventListener("input", checkSize);
  const rounds = h("input", { name: "rounds", type: "number", min: 1, max: 64, inputmode: "numeric" });
  const length = lengthInput("length", 1);
  // each round's own length (a 5-point final after 3-point rounds), as the API's
  // `lengths` takes them: one input a round, named as the page names the round
  const each = h("input", { type: "checkbox", id: "lengths-each" });
  const perRound = h("div", { class: "round-lengths", id: "round-lengths", hidden: true });
  /** @type {Map<string, string>} */
  const typed = new Map();  // (by the round's name: the final keeps its length when the size changes)
  const showRounds = () => {
    const n = roundsOf(format.value, Number(size.value) || 8, Number(rounds.value) || 0);
    const total = format.value === "knockout" || format.value === "sitngo" ? n : null;
    const shown = Math.min(n, MAX_LENGTHS);
    perRound.replaceChildren(h("small", { class: "small" }, msg("web.tournament-lengths-hint")),
      ...Array.from({ length: shown }, (_, i) => {
        const label = i + 1 === shown && n > shown ? msg("web.tournament-round-and-later", { n: i + 1 })
          : roundTitle({ format: format.value, rounds_total: total }, i + 1);
        const input = lengthInput("round-length", typed.get(label) ?? length.value);
        input.dataset.round = String(i + 1);
        input.addEventListener("input", () => typed.set(label, input.value));
        return h("label", {}, label, input);
      }));
  };
  each.addEventListener("change", () => { perRound.hidden = !each.checked; showRounds(); });
  // (the rounds' inputs not typed in follow the one length)
  length.addEventListener("input", () => { if (!perRound.hidden) showRounds(); });
  const clock = h("select", { name: "clock" }, clockOptions().map(([k, v]) => h("option", { value: k, selected: k === "none" }, v)));
  const starts = h("input", { name: "starts_at", type: "datetime-local", lang: currentLang(), "aria-describedby": "starts-hint" });
  // the browser writes the field in its own locale's order (mm/dd/yyyy under en-GB):
  // the time chosen is read back in words in the page's language, without doubt
  const startsHint = h("small", { class: "small", id: "starts-hint", "aria-live": "polite" });
  starts.addEventListener("input", () => {
    const at = starts.value ? new Date(starts.value) : null;
    startsHint.textContent = at && !isNaN(at.getTime()) ? msg("web.tournament-starts-hint",
      { when: at.toLocaleString(pageLocale(), { dateStyle: "full", timeStyle: "short" }) }) : "";
  });
  const rated = h("input", { name: "rated", type: "checkbox" });
  const pub = h("input", { name: "public", type: "checkbox", disabled: !me.user.moderator });
  const noShow = h("select", { name: "no_show", id: "no-show" }, NO_SHOWS.map((n) =>
    h("option", { value: n, selected: n === NO_SHOW_DEFAULT }, durationText(n))));
  // rounds are the Swiss format's own (the others play as many as the field needs)
  const roundsField = h("label", { id: "rounds-field" }, t("tournamentRounds"), rounds);
  // a sit-and-go starts when full: it has no start time
  const startsField = h("label", { id: "starts-field" }, t("tournamentStarts"), starts, startsHint);
  format.onchange = () => {
    roundsField.hidden = format.value !== "swiss";
    if (roundsField.hidden) rounds.value = "";
    startsField.hidden = format.value === "sitngo";
    if (startsField.hidden) { starts.value = ""; startsHint.textContent = ""; }
    showSizes();
    if (!perRound.hidden) showRounds();
  };
  size.addEventListener("input", () => { if (!perRound.hidden) showRounds(); });
  rounds.addEventListener("input", () => { if (!perRound.hidden) showRounds(); });
  format.onchange(new Event("change"));
  const form = h("form", { class: "tournament-form", id: "tournament-form", onsubmit: (ev) => {
    ev.preventDefault();
    /** @type {Record<string, unknown>} */
    const body = { name: name.value, format: format.value, variant: variant.value, size: Number(size.value),
      clock: clock.value, rated: rated.checked, public: pub.checked,
      no_show: Number(noShow.value) };
    if (each.checked) body.lengths = [...perRound.querySelectorAll("input")].map((i) => Number(/** @type {HTMLInputElement} */ (i).value));
    else body.length = Number(length.value);
    if (rounds.value) body.rounds = Number(rounds.value);
    if (starts.value) body.starts_at = new Date(starts.value).toISOString();
    act(async () => {
      const r = await call("POST", "/api/tournaments", body);
      go(`/tournaments/${r.tournament.id}`);
    });
  } },
  h("div", { class: "grid" },
    h("label", {}, t("tournamentName"), name), h("label", {}, t("tournamentFormat"), format),
    h("label", {}, t("variant"), variant), h("label", {}, t("tournamentSize"), size, sizeOptions, sizeHint),
    roundsField, h("div", { class: "lengths-field" }, h("label", {}, t("tournamentLength"), length),
      h("label", { class: "check" }, each, msg("web.tournament-lengths-each")), perRound),
    h("label", { class: "wide-field" }, t("lobbyClockLabel"), clock), startsField,
    h("label", {}, msg("web.tournament-no-show"), noShow,
      h("small", { class: "small" }, msg("web.tournament-no-show-hint", { low: durationText(NO_SHOW_MIN), high: durationText(NO_SHOW_MAX) }))),
    h("label", { class: "check" }, rated, t("tournamentRated")),
    h("label", { class: "check" }, pub, t("tournamentPublic"))),
  h("button", { type: "submit", id: "create-tournament", class: "big" }, t("tournamentCreate")));
  return { el: form, sizes: (sizes) => { allowed = sizes ?? {}; showSizes(); } };
}

/**
 * The invitation link, with its Copy button (as a friend's game's invitation has); the
 * link is selected too, to copy by hand where the browser refuses.
 * @param {string} url
 */
function inviteLink(url) {
  // (monospace in a tall box: an underscore of the token reads, as no space)
  const input = h("input", { readonly: true, id: "invite-link", class: "link-box", value: url, spellcheck: false });
  return h("div", { class: "invite" }, h("p", { class: "small" }, t("tournamentInvite"), ":"),
    h("div", { class: "buttons" }, input,
      h("button", { type: "button", class: "secondary", id: "copy-invite", onclick: () => {
        input.select();
        navigator.clipboard?.writeText(url).then(() => toast(t("copied"), "info"), () => undefined);
      } }, t("copy"))));
}

/**
 * An entry's name as the pages show it, in the reader's language: a member by his name,
 * a computer seat by its number and level ("компьютер 3 (эксперт)"); the lists' winner
 * comes in the same shape. @param {Json} e
 */
function entryName(e) {
  if (!e) return "";
  return e.computer ? msg("web.tournament-computer", { n: e.number, level: msg(`level.${e.level}`) }) : playerName(e.name);
}

/** One tournament's page. @param {number} id */
export function tournamentPage(id) {
  const invite = new URLSearchParams(location.search).get("invite");
  const root = h("div", { class: "tournament-page", id: "tournament" });
  main.replaceChildren(root);
  let level = me.levels[0];  // (the computer's level chosen: kept for the next one added)
  const draw = async () => {
    /** @type {Json} */
    let x;
    try { x = (await call("GET", `/api/tournaments/${id}`)).tournament; } catch (e) {
      root.replaceChildren(h("p", { class: "card" }, /** @type {Error} */ (e).message)); return;
    }
    /** @type {Map<number, Json>} */
    const entries = new Map(x.entries.map((/** @type {Json} */ e) => [e.id, e]));
    const post = (/** @type {string} */ what, /** @type {object} */ body = {}) =>
      act(() => call("POST", `/api/tournaments/${id}/${what}`, body)).then(draw);
    const buttons = [];
    // a private tournament is joined by its invitation: without one, say so instead of
    // offering a button the server would refuse
    const privateNote = member() && x.status === "registering" && !x.joined && !x.public && !(invite ?? x.invite)
      ? h("p", { class: "small", id: "tournament-private" }, msg("web.tournament-private")) : null;
    if (member() && x.status === "registering" && !x.joined && !privateNote) {
      buttons.push(h("button", { id: "join-tournament", onclick: () => post("join", { invite: invite ?? x.invite }) }, t("tournamentJoin")));
    }
    if (x.status === "registering" && x.joined) buttons.push(h("button", { id: "leave-tournament", class: "plain", onclick: () => post("leave") }, t("tournamentLeave")));
    const mine = me.user.id == null ? null : x.entries.find((/** @type {Json} */ e) => e.user_id === me.user.id);
    if (x.status === "running" && mine && !mine.withdrawn) {
      // (it cannot be undone: asked first, saying what it costs)
      buttons.push(h("button", { id: "withdraw-tournament", class: "plain", onclick: () => {
        if (window.confirm(msg("web.tournament-withdraw-confirm", { name: x.name }))) post("withdraw");
      } }, t("tournamentWithdraw")));
    }
    if (x.status === "registering" && x.creator_id === me.user.id) {
      const levels = h("select", { id: "computer-level", onchange: () => { level = levels.value; } },
        me.levels.map((/** @type {string} */ l) => h("option", { value: l, selected: l === level }, msg(`level.${l}`))));
      buttons.push(h("span", { class: "row" }, levels,
        h("button", { id: "add-computer", onclick: () => post("computers", { level: levels.value }) }, t("tournamentAddComputer"))));
    }
    // its creator (or a moderator) starts it with the players registered, when they
    // are enough for its format (not a sit-and-go: it starts when full)
    if (x.can_start) {
      buttons.push(h("button", { id: "start-tournament", onclick: () => {
        if (window.confirm(msg("web.tournament-start-now-confirm", { name: x.name, n: x.players }))) post("start");
      } }, msg("web.tournament-start-now")));
    }
    if (x.can_cancel) {
      buttons.push(h("button", { id: "cancel-tournament", class: "plain", onclick: () => {
        if (window.confirm(msg("web.tournament-cancel-confirm", { name: x.name }))) post("cancel");
      } }, msg("web.tournament-cancel")));
    }
    // a guest (or a visitor) cannot join: he is told how to
    const loginNote = !member() && x.status === "registering" ? h("p", { id: "tournament-login" },
      ...fill(msg("web.tournament-login-to-join", { login: "\u0001", register: "\u0002" }), {
        "\u0001": h("a", { href: "/login", "data-link": true, id: "tournament-login-link" }, msg("web.tournament-login-link")),
        "\u0002": h("a", { href: "/register", "data-link": true, id: "tournament-register-link" }, msg("web.tournament-register-link")) })) : null;
    const round = x.rounds_played.length;
    const head = h("section", { class: "card" },
      h("h1", {}, x.name),
      h("p", {}, tournamentTerms(x)),
      h("p", { class: "small", id: "tournament-status" },
        cancelled(x) ? msg("web.tournament-status.cancelled") : t("tournamentStatus")[x.status], " · ",
        fieldText(x),
        x.status === "registering" ? ` · ${startText(x)}` : "",
        x.status === "running" && round ? ` · ${roundTitle(x, round)}` : "",
        x.status !== "running" && x.rounds_total && !cancelled(x) ? ` · ${msg("web.tournament-rounds-total", { n: x.rounds_total })}` : ""),
      x.status !== "over" ? h("p", { class: "small", id: "no-show-rule" }, msg("web.tournament-no-show-rule", { time: durationText(x.no_show) })) : null,
      x.result && x.result.cancelled ? h("p", { id: "tournament-cancelled" },
        x.result.by ? msg(`web.tournament-cancelled-by.${x.result.by}`) : t("tournamentCancelled")) : null,
      x.result && x.result.winner != null ? h("p", { id: "tournament-winner" }, h("b", {}, msg("web.tournament-winner", { name: entryName(entries.get(x.result.winner)) }))) : null,
      x.invite && x.status === "registering" ? inviteLink(`${location.origin}/tournaments/${id}?invite=${x.invite}`) : null,
      privateNote, loginNote,
      buttons.length ? h("div", { class: "row buttons" }, buttons) : null,
      shareRow(x, entries));
    // (from the start the list is the seeding, said so: it is not a second ranking)
    const seeded = x.entries.some((/** @type {Json} */ e) => e.seed != null);
    const players = h("section", { class: "card", id: "players" },
      h("h2", { id: "players-title" }, seeded ? msg("web.tournament-seeds") : t("tournamentPlayers")),
      seeded ? h("p", { class: "small", id: "seeds-why" }, msg("web.tournament-seeds-why")) : null,
      h("ol", { class: "list entries", id: "entries" }, [...x.entries].sort((a, b) => (a.seed ?? 999) - (b.seed ?? 999) || a.id - b.id)
        .map((/** @type {Json} */ e) => h("li", { class: e.withdrawn ? "withdrawn" : "" }, entryName(e),
          e.withdrawn ? h("span", { class: "small" }, ` (${t("tournamentWithdrawn")})`) : null,
          // its creator (or a moderator) removes an entry before the start
          x.can_remove ? h("button", { class: "remove-entry", "data-entry": e.id, "aria-label": msg("web.tournament-remove", { name: entryName(e) }),
            title: msg("web.tournament-remove", { name: entryName(e) }), onclick: () => post(`entries/${e.id}/remove`) }, "×") : null))));
    // his game in progress, first of all (he came back while his round is on)
    const playing = mine && x.status === "running" ? x.rounds_played.flat().find((/** @type {Json} */ m) =>
      m.game && m.winner == null && (m.first === mine.id || m.second === mine.id)) : null;
    document.title = `${x.name} — ${t("title")}`;  // (the event's name, as the server's first page has it)
    const parts = [];
    if (mine && mine.withdrawn) {
      parts.push(h("section", { class: "card withdrawn-note", id: "withdrawn-note", role: "status" },
        h("b", {}, msg("web.tournament-withdrawn-note")), " ", msg("web.tournament-withdrawn-means")));
    }
    if (playing) {
      parts.push(h("section", { class: "card your-game", id: "your-game", role: "status" },
        h("b", {}, msg("web.tournament-your-game", { round: playing.round })), " ",
        h("a", { href: `/game/${playing.game}`, "data-link": true, class: "button" }, msg("web.tournament-to-game"))));
    }
    parts.push(head);
    if (x.status === "over" && x.result && !x.result.cancelled && (x.result.places ?? []).length) parts.push(placesCard(x, entries));
    if (x.rounds_played.length && (x.format === "knockout" || x.format === "sitngo")) parts.push(bracket(x, entries));
    if (x.standings && x.standings.length) parts.push(standings(x, entries));
    if (x.rounds_played.length) parts.push(roundsList(x, entries, mine ? mine.id : null));  // (none before the start)
    parts.push(players);
    root.replaceChildren(...parts);
  };
  draw();
  return watchTournaments((m) => { if (m.id === id) draw(); });
}

/**
 * Share the page (the share sheet, else the link copied) and, once a round is played,
 * the results for the club's notice board: copied as plain text, or a CSV of every
 * match for a spreadsheet. @param {Json} x @param {Map<number, Json>} entries
 */
function shareRow(x, entries) {
  const url = `${location.origin}/tournaments/${x.id}`;
  const share = h("button", { type: "button", id: "share-tournament", class: "secondary", title: msg("web.tournament-share-title"),
    onclick: () => shareLink({ url, title: x.name, text: msg("web.tournament-share-text", { name: x.name }),
      copied: msg("web.tournament-share-copied"), failed: msg("web.share-failed", { url }) }) },
  icon(SHARE_ICON), msg("web.share"));
  const played = x.rounds_played.length > 0;
  const copy = played ? h("button", { type: "button", id: "copy-results", class: "secondary", onclick: () => {
    navigator.clipboard.writeText(resultsText(x, entries)).then(() => toast(msg("web.tournament-results-copied"), "info"),
      () => toast(msg("web.tournament-results-failed")));
  } }, msg("web.tournament-copy-results")) : null;
  const csv = played ? h("button", { type: "button", id: "results-csv", class: "secondary", onclick: () => {
    // (a file made here: an object URL of a Blob, which the CSP lets a download use)
    const href = URL.createObjectURL(new Blob(["\ufeff", resultsCsv(x, entries)], { type: "text/csv;charset=utf-8" }));
    const a = h("a", { href, download: `${fileName(x.name)}.csv`, hidden: true });
    document.body.append(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10000);
  } }, msg("web.tournament-csv")) : null;
  return h("div", { class: "row buttons share-row" }, share, copy, csv);
}

/** A file's name from the event's (letters and digits kept, any script). @param {string} name */
const fileName = (name) => name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "tournament";

/** Each match's cells: the round's name, the players, their points, the winner, why it ended so. @param {Json} x @param {Map<number, Json>} entries */
function matchRows(x, entries) {
  return x.rounds_played.flatMap((/** @type {Json[]} */ ms, /** @type {number} */ i) => ms.map((m) => {
    const name = (/** @type {number | null} */ e) => e == null ? t("tournamentBye") : entryName(entries.get(e));
    const loser = m.winner == null || m.second == null ? null : m.winner === m.first ? m.second : m.first;
    const scored = m.score && !m.forfeit;
    return [roundTitle(x, i + 1), name(m.first), m.second == null ? t("tournamentBye") : name(m.second),
      scored ? String(m.score[0]) : "", scored ? String(m.score[1]) : "",
      m.winner == null ? "" : name(m.winner),
      m.forfeit && m.forfeit !== "bye" ? msg(`web.tournament-forfeit.${m.forfeit}`, { name: loser == null ? "" : name(loser) }) : ""];
  }));
}

/** The results as CSV (RFC 4180; a cell a spreadsheet would run as a formula is quoted as text). @param {Json} x @param {Map<number, Json>} entries */
export function resultsCsv(x, entries) {
  const cell = (/** @type {string} */ v) => {
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return [msg("web.tournament-csv-head").split(","), ...matchRows(x, entries)]
    .map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** The results as plain text: the event, its places or standings, each round's matches. @param {Json} x @param {Map<number, Json>} entries */
export function resultsText(x, entries) {
  const lines = [x.name, tournamentTerms(x)];
  if (x.result && x.result.winner != null) lines.push(msg("web.tournament-winner", { name: entryName(entries.get(x.result.winner)) }));
  if (x.result && (x.result.places ?? []).length) {
    lines.push("", msg("web.tournament-places"), ...x.result.places.map((/** @type {[number, number]} */ [e, place]) => `${place}. ${entryName(entries.get(e))}`));
  } else if (x.standings && x.standings.length) {
    lines.push("", t("tournamentStandings"), ...x.standings.map((/** @type {Json} */ r) =>
      `${r.rank}. ${entryName(entries.get(r.entry))} — ${r.points} (${t("tournamentBuchholz")} ${r.buchholz}, ${msg("web.tournament-sonneborn")} ${r.sonneborn_berger})`));
  }
  let round = "";
  for (const [title, a, b, p1, p2, , note] of matchRows(x, entries)) {
    if (title !== round) { lines.push("", title); round = title; }
    lines.push(`${a} — ${b}${p1 !== "" ? ` ${p1}:${p2}` : ""}${note ? ` (${note})` : ""}`);
  }
  return lines.join("\n") + "\n";
}

/**
 * A text with placeholders ("\u0001") replaced by nodes (links in a sentence said
 * whole in each language). @param {string} text @param {Record<string, Node>} nodes
 * @returns {(Node | string)[]}
 */
function fill(text, nodes) {
  /** @type {(Node | string)[]} */
  const out = [];
  let rest = text;
  for (;;) {
    let at = -1, key = "";
    for (const k of Object.keys(nodes)) {
      const i = rest.indexOf(k);
      if (i >= 0 && (at < 0 || i < at)) { at = i; key = k; }
    }
    if (at < 0) break;
    out.push(rest.slice(0, at), nodes[key]);
    rest = rest.slice(at + key.length);
  }
  out.push(rest);
  return out;
}

/**
 * A round's title: a knock-out's by its place in the bracket ("Финал", "Полуфинал",
 * "1/4 финала"), another's with the number of rounds where known ("Тур 1 из 3").
 * @param {Json} x @param {number} n
 */
function roundTitle(x, n) {
  const total = x.rounds_total;
  if ((x.format === "knockout" || x.format === "sitngo") && total) {
    const k = total - n;  // (rounds to the final)
    if (k === 0) return msg("web.tournament-final");
    if (k === 1) return msg("web.tournament-semi-final");
    if (k === 2) return msg("web.tournament-quarter-final");
    if (k > 2) return msg("web.tournament-fraction-final", { half: 2 ** k });
  }
  return total ? msg("web.tournament-round-of", { n, total }) : msg("web.tournament-round", { n });
}

/**
 * A match's line: the two players, the winner in bold, the score, the game's link, the
 * time to act by, why it ended without play (and who); the player's own stands out.
 * @param {Json} m @param {Map<number, Json>} entries @param {number | null} mine
 */
function matchLine(m, entries, mine) {
  const side = (/** @type {number | null} */ e) => e == null ? h("i", {}, t("tournamentBye"))
    : h(m.winner === e ? "b" : "span", {}, entryName(entries.get(e)));
  const loser = m.winner == null || m.second == null ? null : m.winner === m.first ? m.second : m.first;
  const played = m.score && m.winner != null && !m.forfeit && m.score[0] + m.score[1] > 0;
  const own = mine != null && (m.first === mine || m.second === mine);
  return h("li", { class: own ? "match mine" : "match", "data-round": m.round, "data-slot": m.slot },
    side(m.first), " — ", side(m.second),
    played ? h("span", { class: "score" }, ` ${m.score[0]}:${m.score[1]}`) : null,
    m.game ? [" · ", h("a", { href: `/game/${m.game}`, "data-link": true }, t("tournamentGame"))] : null,
    // (the no-show deadline: who has not acted by then loses the match)
    m.deadline && m.winner == null ? h("span", { class: "small deadline", title: msg("web.tournament-act-by-why") }, " · ",
      msg("web.tournament-act-by", { time: new Date(m.deadline).toLocaleTimeString(currentLang(), { hour: "2-digit", minute: "2-digit" }) })) : null,
    m.forfeit && m.forfeit !== "bye" ? h("span", { class: "small forfeit" },
      ` (${msg(`web.tournament-forfeit.${m.forfeit}`, { name: loser == null ? "" : entryName(entries.get(loser)) })})`) : null);
}

/**
 * Each round's matches, and a round robin's rounds to come (its whole schedule is
 * known from the start). @param {Json} x @param {Map<number, Json>} entries @param {number | null} mine
 */
function roundsList(x, entries, mine) {
  const upcoming = (x.rounds_upcoming ?? []).map((/** @type {Json[]} */ ms) => [
    h("h3", { class: "upcoming" }, msg("web.tournament-upcoming-round", { n: ms[0].round })),
    h("ul", { class: "list matches upcoming" }, ms.map((m) => matchLine(m, entries, mine)))]).flat();
  return h("section", { class: "card", id: "rounds" }, ...x.rounds_played.map((/** @type {Json[]} */ ms, /** @type {number} */ i) => [
    h("h3", {}, roundTitle(x, i + 1)),
    h("ul", { class: "list matches" }, ms.map((m) => matchLine(m, entries, mine)))]).flat(), ...upcoming);
}

/** The stored places of a finished tournament. @param {Json} x @param {Map<number, Json>} entries */
function placesCard(x, entries) {
  return h("section", { class: "card" }, h("h2", {}, msg("web.tournament-places")),
    h("ul", { class: "list places", id: "places" }, x.result.places.map((/** @type {[number, number]} */ [e, place]) =>
      h("li", {}, h("b", {}, `${place}.`), " ", entryName(entries.get(e))))));
}

/** The standings of a Swiss or round robin. @param {Json} x @param {Map<number, Json>} entries */
function standings(x, entries) {
  // the head-to-head column only where it decided a place (most tables never need it)
  const h2h = x.standings.some((/** @type {Json} */ r) => r.head_to_head_decides);
  const after = x.standings_after ?? { rounds: 0, in_progress: null };
  const when = after.in_progress != null
    ? (after.rounds ? msg("web.tournament-standings-live", { n: after.rounds, next: after.in_progress }) : msg("web.tournament-standings-live-first"))
    : after.rounds ? msg("web.tournament-standings-after", { n: after.rounds }) : "";
  const th = (/** @type {string} */ text, /** @type {string} */ why) => h("th", { title: why }, text);
  return h("section", { class: "card", id: "standings-card" }, h("h2", {}, t("tournamentStandings")),
    when ? h("p", { class: "small", id: "standings-when" }, when) : null,
    h("div", { class: "table-scroll" }, h("table", { class: "leaders standings", id: "standings" },
      h("tr", {}, h("th", {}, t("tournamentPlace")), h("th", {}, t("player")),
        th(msg("web.tournament-played"), msg("web.tournament-played-why")),
        th(msg("web.tournament-won-lost"), msg("web.tournament-won-lost-why")),
        h("th", {}, t("tournamentPoints")),
        th(t("tournamentBuchholz"), msg("web.tournament-buchholz-why")),
        th(msg("web.tournament-sonneborn"), msg("web.tournament-sonneborn-why")),
        h2h ? th(msg("web.tournament-head-to-head"), msg("web.tournament-head-to-head-why")) : null),
      x.standings.map((/** @type {Json} */ r) => h("tr", { class: r.withdrawn ? "withdrawn" : "", "data-entry": r.entry },
        h("td", {}, r.rank), h("td", { class: "name" }, entryName(entries.get(r.entry)),
          r.withdrawn ? h("span", { class: "small tag withdrew" }, ` (${msg("web.tournament-withdrew-mark")})`) : null),
        h("td", { class: "played" }, r.played), h("td", { class: "won-lost" }, `${r.won}\u2060–\u2060${r.lost}`),
        h("td", {}, h("b", {}, r.points)), h("td", {}, r.buchholz), h("td", {}, r.sonneborn_berger),
        h2h ? h("td", { class: "h2h", title: msg("web.tournament-head-to-head-why") }, r.head_to_head_decides ? r.head_to_head : "") : null)))),
    h("p", { class: "small", id: "standings-legend" }, msg("web.tournament-standings-legend")));
}

/**
 * The knock-out's bracket: a column a round, each match a box (each player's seed, name
 * and points, the winner in bold with a ✓, the loser muted), lines to the next round,
 * and the champion's box at the end. @param {Json} x @param {Map<number, Json>} entries
 */
function bracket(x, entries) {
  const first = x.rounds_played[0].length;
  const total = Math.max(1, Math.round(Math.log2(first * 2)));
  // (wide enough for "computer 12 (intermediate)" and a seed and a score beside it)
  const W = 270, GAP = 30, BOX = 48, ROW = 60, CHAMP = 270;
  const width = total * (W + GAP) + CHAMP, height = Math.max(first * ROW, 70);
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, class: "bracket", id: "bracket", role: "img", "aria-label": t("tournamentBracket"), width, height });
  const cut = (/** @type {string} */ label, /** @type {number} */ n) => (label.length > n ? `${label.slice(0, n - 1)}…` : label);
  for (let r = 0; r < total; r++) {
    const count = first >> r;
    const played = x.rounds_played[r] ?? [];
    for (let i = 0; i < count; i++) {
      const m = played[i];
      const cy = (i + 0.5) * ROW * (1 << r);
      const x0 = r * (W + GAP);
      const g = s("g", { class: "bmatch", "data-round": r + 1, "data-slot": i + 1 });
      g.append(s("rect", { x: x0, y: cy - BOX / 2, width: W, height: BOX, rx: 6 }));
      const scored = m && m.score && !m.forfeit && m.winner != null;
      const line = (/** @type {number | null | undefined} */ e, /** @type {number} */ dy, /** @type {number} */ side) => {
        const entry = e == null ? null : entries.get(e);
        const label = e == null ? (m ? t("tournamentBye") : "") : entryName(entry);
        const decided = m && m.winner != null && e != null;
        const cls = decided ? (m.winner === e ? "won" : "lost") : "";
        const y = cy + dy;
        const row = s("g", { class: `bside ${cls}`.trim() });
        if (entry && entry.seed != null) {
          // (the number alone, said in words to a pointer or screen reader by the row's title)
          row.append(s("title", {}, msg("web.tournament-seed-n", { n: entry.seed })), s("text", { x: x0 + 8, y, class: "seed" }, String(entry.seed)));
        }
        const text = s("text", { x: x0 + 30, y, class: `bname ${cls}`.trim() }, cut(label, 30),
          cls === "won" ? s("tspan", { class: "mark", dx: 6 }, "✓") : "");
        if (label.length > 30) text.append(s("title", {}, label));
        row.append(text);
        if (scored) row.append(s("text", { x: x0 + W - 30, y, "text-anchor": "end", class: `bscore ${cls}`.trim() }, String(m.score[side])));
        return row;
      };
      g.append(line(m?.first, -5, 0), line(m?.second, 16, 1));
      if (m && m.game) {
        const a = s("a", { href: `/game/${m.game}` });
        a.append(s("title", {}, t("tournamentGame")), s("text", { x: x0 + W - 8, y: cy + 5, "text-anchor": "end", class: "glink" }, "▶"));
        a.addEventListener("click", (ev) => { ev.preventDefault(); go(`/game/${m.game}`); });
        g.append(a);
      }
      const ny = r + 1 < total ? (Math.floor(i / 2) + 0.5) * ROW * (1 << (r + 1)) : cy;
      g.append(s("path", { class: "bline", d: `M${x0 + W} ${cy} H${x0 + W + GAP / 2} V${ny} H${x0 + W + GAP}` }));
      svg.append(g);
    }
  }
  // the champion, once the final is decided (an empty box before)
  const winner = x.result && x.result.winner != null ? entries.get(x.result.winner) : null;
  const cx = total * (W + GAP), cy = (first * ROW) / 2;
  svg.append(s("g", { class: `bchampion${winner ? " decided" : ""}`, id: "bracket-champion" },
    s("rect", { x: cx, y: cy - BOX / 2, width: CHAMP - 8, height: BOX, rx: 6 }),
    s("text", { x: cx + 10, y: cy - 6, class: "clabel" }, `★ ${msg("web.tournament-champion")}`),
    s("text", { x: cx + 10, y: cy + 15, class: "cname" }, winner ? cut(entryName(winner), 32) : "—")));
  return h("section", { class: "card" }, h("h2", {}, t("tournamentBracket")), h("div", { class: "table-scroll" }, svg));
}
