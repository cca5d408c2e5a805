// @ts-check
// Play without the pointer, and the position in words. In the keyboard mode (the
// header's settings, theme.js; or the "Play from the keyboard" button a keyboard user
// meets first on the game page, shown when it has the focus) a text input takes a play
// in the game's notation ("24/18 13/11": from/to per checker, the mover's numbering)
// and the server plays it; its list offers the legal plays the server sent. For screen
// readers a polite live region says what changed, briefly (the plays of the others,
// an offer, whose turn it is and the dice), and the whole position in words (where each
// side's checkers are, the pips, the last play) describes the board: it is read on
// demand ("Read the position"), and shown on the page in the keyboard mode.
import { diceText, h } from "./dom.js";
import { msg, t } from "./i18n.js";
import { choose } from "./prefs.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {string} c  a colour @param {Json} st */
const sideName = (c, st) => (st.role === c ? `${t(c)} (${t("you")})` : t(c));
/** @param {Json} st @returns {Json[]} the plays of the state's history (not its cube actions) */
const playsOf = (st) => (st.history || []).filter((/** @type {Json} */ e) => !e.action);
/**
 * A play of the history in one line: who, the dice and the play, or that the roll could
 * not be played (its own sentence: "ход нет хода" is no Russian).
 * @param {string} who  the side's name @param {Json} p  a play of the history
 */
export const lastPlayText = (who, p) => msg(p.play === "-" ? "web.last-play-none" : "web.last-play",
  { who, dice: diceText(p.dice), play: p.play });
/** @param {Json} p  a play of the history @param {Json} st */
const playText = (p, st) => lastPlayText(sideName(p.color, st), p);
/** @param {string} k  an outcome's kind */
const kindName = (k) => t("kinds")[k] || k;
/**
 * Texts as sentences: each ends with one stop, its own ("Вы выиграли!", "…") or a full
 * stop added (a colon's place taken by one), never two ("!." or "..").
 * @param {string[]} parts
 */
export const sentences = (parts) => parts.map((p) => p.trim().replace(/:$/, "")).filter((p) => p)
  .map((p) => (/[.?!…]$/.test(p) ? p : `${p}.`)).join(" ");

/**
 * Where the checkers of one side stand, in the viewer's numbering (as the board shows).
 * @param {Json} board  the state's board @param {boolean} mine
 */
function whereText(board, mine) {
  const parts = [];
  for (let p = 24; p >= 1; p--) {
    const n = board.points[p];
    if (mine ? n > 0 : n < 0) parts.push(msg("web.a11y-on-point", { n: Math.abs(n), p }));
  }
  const bar = mine ? board.bar.mine : board.bar.theirs, off = mine ? board.off.mine : board.off.theirs;
  if (bar) parts.push(msg("web.a11y-on-bar", { n: bar }));
  if (off) parts.push(msg("web.a11y-borne-off", { n: off }));
  return parts.length ? parts.join(", ") : msg("web.a11y-none-left");
}

/**
 * Where the game stands, in a few words: the game's end, a double or a resignation
 * offered (and who is to answer), or whose turn it is; "" when none of these.
 * @param {Json} st
 */
function stageText(st) {
  const me = st.role === "both" || (st.to_act && st.to_act === st.role);
  const watcher = st.role === "both" || st.role === "spectator";
  if (st.phase === "over") return t("over");
  if (st.phase === "cube" && st.cube) {
    const c = st.cube;
    if (watcher) return t("doubleOffered")(c.offered_by, c.next);
    return me ? t("theyDouble")(c.next) : t("youDouble");
  }
  if (st.phase === "resign" && st.resign) {
    const r = st.resign, v = t("points")(r.value);
    if (watcher) return t("resignOffered")(r.by, kindName(r.kind), v);
    return me ? t("theyResign")(kindName(r.kind), v) : t("youResign");
  }
  if (!st.to_act) return "";
  return st.role !== "both" && st.to_act === st.role ? t("yourTurn") : t("turnOf")(st.to_act);
}

/** The position in words. @param {Json} st  a game state @returns {string} */
export function describe(st) {
  const parts = [];
  const stage = stageText(st);
  if (stage) parts.push(stage);
  const d = st.segment_dice || st.dice;  // (a sequence's next double, passed moves)
  if (d) parts.push(msg("web.a11y-dice", { a: d[0], b: d[1] }));
  if (st.board) {
    const view = st.view || "white", other = view === "white" ? "black" : "white";
    parts.push(msg("web.a11y-side", { side: sideName(view, st), where: whereText(st.board, true) }));
    parts.push(msg("web.a11y-side", { side: sideName(other, st), where: whereText(st.board, false) }));
  }
  if (st.pips) parts.push(msg("web.a11y-pips", { white: st.pips.white, black: st.pips.black }));
  const plays = playsOf(st);
  const last = plays[plays.length - 1];
  if (last) {
    parts.push(msg("web.a11y-last", { side: sideName(last.color, st), dice: diceText(last.dice),
      play: last.play === "-" ? t("noMove") : last.play }));
  }
  return sentences(parts);
}

/**
 * What changed from `before` to `st`, in a few words, as a screen reader says it: the
 * plays and cube actions of the others new since (and the player's own roll that could
 * not be played), then the offer or whose turn it is, and the dice.
 * @param {Json} before  the state said last (null: the page's first) @param {Json} st
 */
export function announcement(before, st) {
  const parts = [];
  const sameGame = before && before.match && st.match && before.match.game === st.match.game;
  if (sameGame) {
    for (const e of (st.history || []).slice((before.history || []).length)) {
      const others = st.role === "both" || e.color !== st.role;
      if (e.action) { if (others) parts.push(`${sideName(e.color, st)}: ${t("acts")[e.action] || e.action}`); }
      else if (others || e.play === "-") parts.push(playText(e, st));
    }
  }
  const stage = stageText(st);
  if (stage) parts.push(stage);
  const d = st.segment_dice || st.dice;
  if (d && st.phase === "move") parts.push(msg("web.a11y-dice", { a: d[0], b: d[1] }));
  return sentences(parts);
}

/** Turn the keyboard mode on (as the settings menu does: theme.js shows it at once). */
const keyboardModeOn = () => choose("keyboard", true);

/**
 * The keyboard play and the spoken position, for the game page: put `node` on the page
 * (and `toggle`, the way into the keyboard mode, before the board), call `update` with
 * every state the server sends; `say` reads a text out (the game's result).
 * @param {(action: object) => void} send  what sends a game action
 * @returns {{ node: HTMLElement, toggle: HTMLElement, update: (st: Json) => void, say: (text: string) => void }}
 */
export function accessPlay(send) {
  const input = h("input", { id: "play-input", list: "legal-plays", autocomplete: "off", spellcheck: "false",
    autocapitalize: "off", placeholder: "24/18 13/11", "aria-describedby": "play-help" });
  const plays = h("datalist", { id: "legal-plays" });
  const help = h("p", { class: "small", id: "play-help" }, t("playHelp"));
  // the whole position (the board's description), and what is said as it changes
  const position = h("p", { class: "position-text sr-only", id: "position-text" });
  const spoken = h("p", { class: "sr-only", id: "announce", role: "status", "aria-live": "polite" });
  /** @param {string} text  said even when it is what was said last */
  const say = (text) => { spoken.textContent = spoken.textContent === text ? `${text}\u00a0` : text; };
  /** @type {Json} */
  let state = null;
  /** the text sent, kept in the input until the server has played it */
  let sent = "";
  /** @param {string} why  the message, or "" when the input is fine */
  const invalid = (why) => {
    input.setAttribute("aria-invalid", why ? "true" : "false");
    help.textContent = why || t("playHelp");
  };
  const read = h("button", { type: "button", id: "read-position", class: "secondary",
    onclick: () => { if (state) say(describe(state)); } }, t("readPosition"));
  const form = h("form", { class: "access-play", id: "play-form", onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) { invalid(t("playEmpty")); return; }
    if (!state || !state.legal) { invalid(t("playNotNow")); return; }
    invalid(""); sent = text;
    send({ action: "play", play: text });
  } }, h("label", { for: "play-input" }, t("playTyped")),
  h("div", { class: "row" }, input, h("button", { type: "submit", id: "play-send" }, t("playSend"))), help, plays, read);
  // a keyboard user without the keyboard mode meets this first on the page (it shows
  // when it has the focus): it turns the mode on and goes to the play's input
  const toggle = h("button", { type: "button", id: "access-on", class: "access-on",
    onclick: () => { keyboardModeOn(); input.focus(); } }, t("accessMode"));

  /** @param {Json} st */
  const update = (st) => {
    const before = state;
    state = st;
    const legal = st.legal ? st.legal.plays : [];
    plays.replaceChildren(...legal.map((/** @type {string} */ p) => h("option", { value: p })));
    // the play was made: the turn moved on, or the history grew
    if (sent && (!st.legal || (before && (st.history || []).length > (before.history || []).length))) {
      sent = ""; input.value = ""; invalid("");
    }
    const text = describe(st);
    if (position.textContent !== text) position.textContent = text;
    const news = announcement(before, st);
    if (!before || news !== announcement(before, before)) spoken.textContent = news;
    // a button pressed from the keyboard (Roll) may be gone with the state it belonged
    // to: the focus goes on to the play, not back to the page's top
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && st.legal && document.documentElement.classList.contains("access")) input.focus();
  };
  return { node: h("div", { class: "access-box", id: "access" }, form, position, spoken), toggle, update, say };
}
