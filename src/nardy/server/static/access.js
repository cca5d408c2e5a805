// @ts-check
// Play without the pointer, and the position in words. In the keyboard mode (the
// header's settings, theme.js) a text input takes a play in the game's notation
// ("24/18 13/11": from/to per checker, the mover's numbering) and the server plays it;
// its list offers the legal plays the server sent. For screen readers an aria-live
// region says, after every change, whose turn it is, the dice, where each side's
// checkers are, the pips and the last play (it is shown on the page in the keyboard mode).
import { diceText, h } from "./dom.js";
import { msg, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {string} c  a colour @param {Json} st */
const sideName = (c, st) => (st.role === c ? `${t(c)} (${t("you")})` : t(c));

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

/** The position in words. @param {Json} st  a game state @returns {string} */
export function describe(st) {
  const parts = [];
  if (st.phase === "over") parts.push(t("over"));
  else if (st.to_act) parts.push(t("turnOf")(st.to_act));
  if (st.dice) parts.push(msg("web.a11y-dice", { a: st.dice[0], b: st.dice[1] }));
  if (st.board) {
    const view = st.view || "white", other = view === "white" ? "black" : "white";
    parts.push(msg("web.a11y-side", { side: sideName(view, st), where: whereText(st.board, true) }));
    parts.push(msg("web.a11y-side", { side: sideName(other, st), where: whereText(st.board, false) }));
  }
  if (st.pips) parts.push(msg("web.a11y-pips", { white: st.pips.white, black: st.pips.black }));
  const plays = (st.history || []).filter((/** @type {Json} */ e) => !e.action);
  const last = plays[plays.length - 1];
  if (last) {
    parts.push(msg("web.a11y-last", { side: sideName(last.color, st), dice: diceText(last.dice),
      play: last.play === "-" ? t("noMove") : last.play }));
  }
  return parts.join(". ") + ".";
}

/**
 * The keyboard play and the spoken position, for the game page: put `node` on the page
 * and call `update` with every state the server sends.
 * @param {(action: object) => void} send  what sends a game action
 * @returns {{ node: HTMLElement, update: (st: Json) => void }}
 */
export function accessPlay(send) {
  const input = h("input", { id: "play-input", list: "legal-plays", autocomplete: "off", spellcheck: "false",
    autocapitalize: "off", placeholder: "24/18 13/11", "aria-describedby": "play-help" });
  const plays = h("datalist", { id: "legal-plays" });
  const help = h("p", { class: "small", id: "play-help" }, t("playHelp"));
  const spoken = h("p", { class: "position-text sr-only", id: "position-text", "aria-live": "polite" });
  /** @type {Json} */
  let state = null;
  /** the text sent, kept in the input until the server has played it */
  let sent = "";
  /** @param {string} why  the message, or "" when the input is fine */
  const invalid = (why) => {
    input.setAttribute("aria-invalid", why ? "true" : "false");
    help.textContent = why || t("playHelp");
  };
  const form = h("form", { class: "access-play", id: "play-form", onsubmit: (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) { invalid(t("playEmpty")); return; }
    if (!state || !state.legal) { invalid(t("playNotNow")); return; }
    invalid(""); sent = text;
    send({ action: "play", play: text });
  } }, h("label", { for: "play-input" }, t("playTyped")),
  h("div", { class: "row" }, input, h("button", { type: "submit", id: "play-send" }, t("playSend"))), help, plays);

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
    if (spoken.textContent !== text) spoken.textContent = text;
    // a button pressed from the keyboard (Roll) may be gone with the state it belonged
    // to: the focus goes on to the play, not back to the page's top
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && st.legal && document.documentElement.classList.contains("access")) input.focus();
  };
  return { node: h("div", { class: "access-box", id: "access" }, form, spoken), update };
}
