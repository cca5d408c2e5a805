// @ts-check
// The opponent has left the game (nardy.server.abandon): the page says so, counts down
// to the moment the game may be claimed, then offers the claim. The server is asked now
// and then (who has the game open, across its processes, and when the claim opens are
// its to say); between two asks the countdown runs here.
import { call } from "./api.js";
import { h, toast } from "./dom.js";
import { msg, t } from "./i18n.js";
import { onClaimable } from "./signals.js";

/** How often the server is asked whether the opponent is at the game (ms). */
const ASK_MS = 5000;

/** Seconds as m:ss. @param {number} s */
const minutes = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

/**
 * The notice under the game's status, and what keeps it true.
 * @param {string} id  the game
 * @param {(state: any) => void} render  shows the state the claim's answer carries
 * @returns {{ node: HTMLElement, start: (state: () => any) => void, stop: () => void }}
 */
export function awayNotice(id, render) {
  const wait = h("span", { class: "claim-wait", id: "claim-wait", hidden: true });
  const claim = h("button", { type: "button", class: "big", id: "claim", hidden: true, onclick: send }, t("claim"));
  const node = h("div", { class: "notice away", id: "opponent-away", role: "status", hidden: true },
    h("span", {}, t("opponentAway")), wait, claim);
  /** @type {number | null} when the claim opens (this page's clock), null: it cannot */
  let opens = null;
  let called = false;  // (the player is called once a wait, when the claim opens)
  /** @type {number | undefined} */ let asking;
  /** @type {number | undefined} */ let ticking;

  function tick() {
    if (opens === null) { wait.hidden = true; claim.hidden = true; called = false; return; }
    const left = Math.ceil((opens - Date.now()) / 1000);
    wait.hidden = false;
    wait.textContent = left > 0 ? msg("web.claim-in", { time: minutes(left) }) : t("claimNow");
    claim.hidden = left > 0;
    if (left <= 0 && !called) { called = true; onClaimable(); }
  }
  function send() {
    claim.disabled = true;
    call("POST", `/api/games/${id}/claim`)
      .then((r) => { node.hidden = true; opens = null; render(r.state); })
      .catch((e) => toast(e.message))
      .finally(() => { claim.disabled = false; });
  }
  /** @param {() => any} state  the game as the page shows it now */
  function ask(state) {
    const st = state();
    const role = st && st.role;
    const opponent = role === "white" ? "black" : role === "black" ? "white" : null;
    if (!opponent || !["friend", "club"].includes(st.mode) || st.phase === "over") {
      node.hidden = true; opens = null; tick(); return;
    }
    call("GET", `/api/games/${id}/presence`)
      .then((p) => {
        node.hidden = p.online[opponent] !== false;
        opens = node.hidden || p.claim_in == null ? null : Date.now() + p.claim_in * 1000;
        tick();
      })
      .catch(() => undefined);  // (the network: the next ask tells)
  }
  return {
    node,
    start: (state) => {
      asking = setInterval(() => ask(state), ASK_MS);
      ticking = setInterval(tick, 1000);
    },
    stop: () => { clearInterval(asking); clearInterval(ticking); },
  };
}
