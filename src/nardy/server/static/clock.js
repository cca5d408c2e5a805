// @ts-check
// The club clock on the game page, and the rating change once a rated match is over.
// The server keeps the clock (nardy/server/clocks.py): each state carries both
// reserves, the delay and, for the player on the clock, how much of his delay and of
// his whole time remain. Those are durations, so the page counts them down from the
// moment the state arrived, with no clock skew between the two screens.
import { h } from "./dom.js";
import { msg, t } from "./i18n.js";
import { onLowTime } from "./signals.js";

/** @typedef {import("./api.js").Json} Json */

/** Under this many seconds a clock shows tenths ("0:09.4"): the last seconds count. */
const TENTHS_UNDER = 10;
/** The player's own time (delay and reserve) falling under each of these (seconds)
 * ticks and vibrates once (signals.js), the lowest mark first crossed only. */
const WARN_UNDER = [20, 10];

/** "m:ss" for a number of seconds (rounded up: 0:00 is the flag); a running clock's
 * (`tenths`) under ten seconds "0:ss.t" (cut down, so 0:00.0 shows only at the flag).
 * @param {number} s @param {boolean} [tenths] */
export function clockText(s, tenths = false) {
  if (tenths && s < TENTHS_UNDER) {
    const tenths = Math.max(0, Math.floor(s * 10));
    return `0:${String(Math.floor(tenths / 10)).padStart(2, "0")}.${tenths % 10}`;
  }
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
    /** The warning marks not yet signalled in this stretch of the player's time. */
    this.armed = new Set(WARN_UNDER);
  }

  /** Show the clock of a new state (any state: one without a clock hides the box). @param {Json} st */
  update(st) {
    this.state = st;
    this.clock = st.clock || null;
    this.received = performance.now();
    clearInterval(this.timer);
    this.timer = undefined;
    // (ten times a second: the last seconds show tenths)
    if (this.clock && this.clock.running) this.timer = setInterval(() => this.draw(), 100);
    this.draw();
  }

  draw() {
    if (this.timer !== undefined && !this.el.isConnected) {  // the page was left
      clearInterval(this.timer); this.timer = undefined; return;
    }
    const st = this.state, c = this.clock;
    const kids = [];
    this.warn();
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
          h("span", { class: "clock-time" }, delay != null && delay > 0 ? h("small", {}, `${t("clockDelay")} ${clockText(delay)} · `) : null, clockText(reserve, true))));
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

  /** The player's own time left now (delay and reserve), or null when his clock does
   * not run (the opponent's turn, a spectator, no clock). @returns {number | null} */
  ownLeft() {
    const st = this.state, c = this.clock;
    if (!st || !c || !c.running || c.running !== st.role) return null;
    return c.remaining - (performance.now() - this.received) / 1000;
  }

  /** Signal the lowest warning mark his time just fell under, once; a mark is armed
   * again when his clock stops or shows more than it (his next turn's fresh delay). */
  warn() {
    const left = this.ownLeft();
    const crossed = WARN_UNDER.filter((mark) => left !== null && left < mark && left > 0);
    for (const mark of WARN_UNDER) if (left === null || left >= mark) this.armed.add(mark);
    const fresh = crossed.filter((mark) => this.armed.has(mark));
    for (const mark of crossed) this.armed.delete(mark);
    if (fresh.length) onLowTime();
  }
}
