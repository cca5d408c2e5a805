// @ts-check
// The club clock on the game page, and the rating change once a rated match is over.
// The server keeps the clock (nardy/server/clocks.py): each state carries both
// reserves, the delay and, for the player on the clock, how much of his delay and of
// his whole time remain. Those are durations, so the page counts them down from the
// moment the state arrived, with no clock skew between the two screens.
import { h } from "./dom.js";
import { msg, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** "m:ss" for a number of seconds (rounded up: 0:00 is the flag). @param {number} s */
export function clockText(s) {
  const whole = Math.max(0, Math.ceil(s));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** A signed change of a whole rating. @param {number} x */
const signed = (x) => (x > 0 ? "+" : x < 0 ? "−" : "±") + String(Math.abs(x));

export class GameClock {
  constructor() {
    /** The clock's box: put it on the page once. */
    this.el = h("div", { class: "club-clock", id: "clock", hidden: true });
    /** @type {Json} */
    this.clock = null;
    /** @type {Json} */
    this.state = null;
    this.received = 0;
    /** @type {number | undefined} */
    this.timer = undefined;
  }

  /** Show the clock of a new state (any state: one without a clock hides the box). @param {Json} st */
  update(st) {
    this.state = st;
    this.clock = st.clock || null;
    this.received = performance.now();
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.clock && this.clock.running) this.timer = setInterval(() => this.draw(), 250);
    this.draw();
  }

  draw() {
    if (this.timer !== undefined && !this.el.isConnected) {  // the page was left
      clearInterval(this.timer); this.timer = undefined; return;
    }
    const st = this.state, c = this.clock;
    const kids = [];
    if (c) {
      const gone = (performance.now() - this.received) / 1000;
      for (const color of ["white", "black"]) {
        let reserve = c.reserve[color], delay = null;
        if (c.running === color) {
          delay = Math.max(0, c.delay_left - gone);
          reserve = Math.max(0, Math.min(reserve, c.remaining - gone));
        }
        const name = st.players && st.players[color] ? st.players[color].name : "";
        kids.push(h("div", { class: `clock-face${c.running === color ? " running" : ""}${reserve < 30 ? " low" : ""}`, id: `clock-${color}` },
          h("span", {}, h("span", { class: `dot ${color}` }), name || t(color)),
          h("span", { class: "clock-time" }, delay != null && delay > 0 ? h("small", {}, `${t("clockDelay")} ${clockText(delay)} · `) : null, clockText(reserve))));
      }
    }
    const change = st && st.rating_change;
    if (change) {
      for (const color of ["white", "black"]) {
        const r = change[color];
        if (!r) continue;
        const name = st.players && st.players[color] ? st.players[color].name : t(color);
        kids.push(h("p", { class: `rating-change ${r.delta >= 0 ? "up" : "down"}`, id: `rating-change-${color}` },
          // whole numbers, as the profile and the leaderboard write ratings; the change is
          // the difference of the two numbers shown, so the line always adds up
          msg("web.rating-change", { name, before: String(Math.round(r.before)), after: String(Math.round(r.after)),
            delta: signed(Math.round(r.after) - Math.round(r.before)) })));
      }
    }
    this.el.hidden = kids.length === 0;
    this.el.replaceChildren(...kids);
  }
}
