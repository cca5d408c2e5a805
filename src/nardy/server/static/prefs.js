// @ts-check
// A visitor's preferences in one store: the board's theme, the interface language, the
// keyboard mode, the pause before the computer's play is shown and the turn signals.
// Each is kept in this browser's localStorage (under the key the modules that read it
// have always used), and a member's also with his account (PUT /api/me/settings), so
// that they follow him: the settings the session brings are applied here when he
// logs in on another device. The header's menu, the game page and the settings page
// all write through setPref().
import { call } from "./api.js";
import { toast } from "./dom.js";
import { msg, sendLang } from "./i18n.js";
import { me } from "./session.js";

/** @typedef {"theme" | "lang" | "keyboard" | "think_pause" | "signal_title" | "signal_vibrate" | "signal_turn_sound" | "signal_dice_sound" | "signal_move_sound" | "signal_low_time"} Pref */
/** @typedef {string | boolean} Value */

export const THEMES = ["auto", "classic", "light", "dark"];
const SIGNALS_KEY = "nardy-signals";

/** A preference kept under a key of its own: how its stored text reads and is written. */
const PLAIN = {
  theme: { key: "nardy-theme", read: (/** @type {string | null} */ v) => (v && THEMES.includes(v) ? v : "auto"), write: String },
  lang: { key: "nardy-lang", read: (/** @type {string | null} */ v) => v, write: String },
  keyboard: { key: "nardy-access", read: (/** @type {string | null} */ v) => v === "on", write: (/** @type {Value} */ v) => (v ? "on" : "off") },
  think_pause: { key: "nardy-think-pause", read: (/** @type {string | null} */ v) => v !== "0", write: (/** @type {Value} */ v) => (v ? "1" : "0") },
};

/** The turn signals, kept together (signals.js's names) in one object of those switched off. */
export const SIGNAL_PREFS = /** @type {const} */ ({
  title: "signal_title", vibrate: "signal_vibrate", turnSound: "signal_turn_sound",
  diceSound: "signal_dice_sound", moveSound: "signal_move_sound", lowTime: "signal_low_time",
});

/** The signals' object as stored. @returns {Record<string, boolean>} */
function storedSignals() {
  try { return JSON.parse(localStorage.getItem(SIGNALS_KEY) ?? "{}") ?? {}; } catch { return {}; }
}

/** The signal's name in signals.js's object. @param {Pref} p */
const signalOf = (p) => Object.keys(SIGNAL_PREFS).find((s) => SIGNAL_PREFS[/** @type {keyof SIGNAL_PREFS} */ (s)] === p);

/** Whether this browser has a choice of its own for `p` (not the default). @param {Pref} p */
function chosenHere(p) {
  const signal = signalOf(p);
  if (signal) return signal in storedSignals();
  return localStorage.getItem(PLAIN[/** @type {keyof PLAIN} */ (p)].key) !== null;
}

/** A preference's value in this browser (null: a language not chosen). @param {Pref} p @returns {any} */
export function getPref(p) {
  const signal = signalOf(p);
  if (signal) return storedSignals()[signal] !== false;
  const plain = PLAIN[/** @type {keyof PLAIN} */ (p)];
  return plain.read(localStorage.getItem(plain.key));
}

/** Keep `value` in this browser, and tell the pages that show preferences. @param {Pref} p @param {Value} value */
function keepHere(p, value) {
  const signal = signalOf(p);
  if (signal) localStorage.setItem(SIGNALS_KEY, JSON.stringify({ ...storedSignals(), [signal]: value }));
  else {
    const plain = PLAIN[/** @type {keyof PLAIN} */ (p)];
    localStorage.setItem(plain.key, plain.write(value));
    if (p === "lang") sendLang();  // (the server's errors, the websocket's cookie)
  }
  window.dispatchEvent(new CustomEvent("nardy-prefs", { detail: p }));
}

// The game page's board turned round (the other side at the bottom): a choice of this
// browser's screen (a phone and a desktop may want it apart), not kept with the account.
const FLIP_KEY = "nardy-board-flip";

/** Whether the board is turned round in this browser. */
export const boardFlipped = () => localStorage.getItem(FLIP_KEY) === "1";

/** Turn the board round (or back) in this browser. @param {boolean} on */
export function setBoardFlipped(on) {
  localStorage.setItem(FLIP_KEY, on ? "1" : "0");
  window.dispatchEvent(new CustomEvent("nardy-prefs", { detail: "board_flip" }));
}

/** Whether the visitor is a member (his preferences are kept with his account). */
export const isMember = () => Boolean(me && !me.user.guest);

/**
 * Set a preference: at once in this browser, and for a member with his account too.
 * Resolves to "account" or "browser" (where it was kept); rejects with the server's
 * refusal (an ApiError) when the account did not take it.
 * @param {Pref} p @param {Value} value @returns {Promise<"account" | "browser">}
 */
export async function setPref(p, value) {
  keepHere(p, value);
  if (!isMember()) return "browser";
  const { settings } = await call("PUT", "/api/me/settings", { [p]: value });
  me.settings = settings;  // (the session's copy: not applied again over this choice)
  return "account";
}

/**
 * Set a preference from a quick switch (the header's menu, the game page): a refusal
 * of the account is told in the toast, the choice stays in this browser.
 * @param {Pref} p @param {Value} value
 */
export function choose(p, value) {
  setPref(p, value).catch((e) => toast(msg("web.prefs-not-saved", { error: /** @type {Error} */ (e).message })));
}

/** The session whose account's preferences were applied here last. @type {any} */
let adopted = null;

/**
 * A member's session (after the page's load, a login, a sign-up): his account's
 * preferences are applied in this browser, and the choices made here that the account
 * lacks (a guest's, before he signed up) are kept with it. Once per session.
 */
export async function adoptSession() {
  if (!isMember() || adopted === me) return;
  adopted = me;
  const account = me.settings || {};
  /** @type {Record<string, Value>} */
  const missing = {};
  for (const p of /** @type {Pref[]} */ ([...Object.keys(PLAIN), ...Object.values(SIGNAL_PREFS)])) {
    if (p in account) { if (account[p] !== getPref(p)) keepHere(p, account[p]); }
    else if (chosenHere(p)) missing[p] = getPref(p);
  }
  if (Object.keys(missing).length) me.settings = (await call("PUT", "/api/me/settings", missing)).settings;
}
