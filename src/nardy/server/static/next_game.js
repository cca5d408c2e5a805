// @ts-check
// The result card's "next game" between the games of a match between people: the next
// game starts when both players asked for it, or by itself when the first asked a while
// ago (the server's NEXT_GAME_WAIT); until then neither clock runs, and the card says
// who is ready and when it starts (the state's `next_game`: the colours ready and the
// seconds left).
import { h, playerName } from "./dom.js";
import { msg, t } from "./i18n.js";
import { clockText } from "./clock.js";

/** @typedef {import("./api.js").Json} Json */

/**
 * The card's part: the button while the player has not asked, and who is ready with
 * the time left, counted down in place (until the card is drawn again).
 * @param {Json} st @param {() => void} ask @returns {HTMLElement}
 */
export function nextGameBox(st, ask) {
  const box = h("div", { id: "result-next-box" });
  if ((st.actions || []).includes("next-game")) {
    box.append(h("p", {}, h("button", { class: "big", id: "result-next", onclick: ask }, t("nextGame"))));
  }
  const next = st.next_game;
  if (!next) return box;
  const lines = next.ready.map((/** @type {string} */ c) => c === st.role ? msg("web.next-game-waiting")
    : msg("web.next-game-ready", { name: playerName(st.players[c]?.name ?? "?") }));
  const text = h("p", { id: "result-ready" });
  const ends = performance.now() + next.in * 1000;
  const draw = () => {
    const left = Math.max(0, (ends - performance.now()) / 1000);
    text.textContent = `${lines.join("; ")} — ${msg("web.next-game-starts", { time: clockText(left) })}`;
  };
  draw();
  const timer = setInterval(() => { if (text.isConnected) draw(); else clearInterval(timer); }, 1000);
  box.append(text);
  return box;
}
