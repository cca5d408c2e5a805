// @ts-check
// The signals of a game: when it becomes your turn (to roll, to move, to answer a
// double or a resignation), or when a game the opponent left may be claimed, the tab's
// title flashes while the tab is hidden, the phone vibrates and a chime sounds; the dice
// and the checkers have sounds of their own; the player's own clock running low ticks
// and vibrates; the opponent's chat message to a hidden tab flashes its title.
// Each one can be switched off in the header's menu (settings.js) and on the settings
// page; prefs.js keeps the choice (in this browser, and a member's with his account).
// The sounds are made with the Web Audio API (no sound files).
import { changes, seen } from "./gamechanges.js";
import { msg, t } from "./i18n.js";
import { SIGNAL_PREFS, choose, getPref } from "./prefs.js";

/** @typedef {import("./api.js").Json} Json */
/** @typedef {keyof typeof SIGNAL_PREFS} Signal */

/** Every signal, in the menu's order (prefs.js's, where each is kept). @type {Signal[]} */
export const SIGNALS = /** @type {Signal[]} */ (Object.keys(SIGNAL_PREFS));

/** Whether a signal is on (all are, until switched off). @param {Signal} s @returns {boolean} */
export function isOn(s) { return getPref(SIGNAL_PREFS[s]); }

/** @param {Signal} s @param {boolean} on */
export function setOn(s, on) { choose(SIGNAL_PREFS[s], on); }

// -- sound ------------------------------------------------------------------------------
// Browsers let a page start sound only after the user has tapped, clicked or typed on
// it: the audio context is made (or woken, as iOS suspends it in the background) then,
// unless every sound is switched off.
/** @type {AudioContext | null} */
let audio = null;
/** @type {AudioBuffer | null} */
let noise = null;
/** The signals that are sounds. @type {Signal[]} */
const SOUND_SIGNALS = ["turnSound", "diceSound", "moveSound", "lowTime"];

/** @param {boolean} [always]  also when every sound is off (the menu's test button) */
function wake(always = false) {
  if (!always && !SOUND_SIGNALS.some(isOn)) return;
  if (!audio) {
    audio = new AudioContext();
    noise = audio.createBuffer(1, audio.sampleRate / 4, audio.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  if (audio.state === "suspended") audio.resume();
}
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, () => wake(), { capture: true, passive: true });

/** What was sounded and signalled, newest last (read by the browser tests). @type {string[]} */
const played = [];
/** @type {any} */ (window).__nardySignals = { played };

/**
 * A note: `freq` Hz from `at` seconds on for `dur` seconds, quickly up and fading out.
 * @param {AudioContext} ac @param {number} freq @param {number} at @param {number} dur
 * @param {OscillatorType} [type] @param {number} [peak] @param {number} [endFreq]  a slide to this pitch
 */
function note(ac, freq, at, dur, type = "sine", peak = 0.25, endFreq = freq) {
  const osc = ac.createOscillator(), gain = ac.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  osc.frequency.exponentialRampToValueAtTime(endFreq, at + dur);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  osc.connect(gain).connect(ac.destination);
  osc.start(at); osc.stop(at + dur + 0.02);
}

/**
 * A short burst of noise through a band-pass filter (a click of wood or bone).
 * @param {AudioContext} ac @param {AudioBuffer} buf @param {number} at @param {number} dur
 * @param {number} freq  the filter's centre @param {number} peak
 */
function knock(ac, buf, at, dur, freq, peak) {
  const src = ac.createBufferSource(), filter = ac.createBiquadFilter(), gain = ac.createGain();
  src.buffer = buf;
  filter.type = "bandpass"; filter.frequency.value = freq; filter.Q.value = 1.2;
  gain.gain.setValueAtTime(peak, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + dur);
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(at, Math.random() * 0.1, dur);
}

/** The sounds, each played from the audio clock's time `at` on. */
const SOUNDS = {
  /** your turn: two rising notes @param {AudioContext} ac @param {AudioBuffer} _buf @param {number} at */
  turnSound: (ac, _buf, at) => { note(ac, 660, at, 0.18); note(ac, 880, at + 0.14, 0.3); },
  /** the dice: a few knocks, as two dice rattle and settle @param {AudioContext} ac @param {AudioBuffer} buf @param {number} at */
  diceSound: (ac, buf, at) => {
    for (const [dt, peak] of [[0, 0.5], [0.07, 0.4], [0.12, 0.45], [0.2, 0.3], [0.26, 0.2]]) knock(ac, buf, at + dt, 0.04, 2600, peak);
  },
  /** a checker put down: a low knock @param {AudioContext} ac @param {AudioBuffer} buf @param {number} at */
  moveSound: (ac, buf, at) => { knock(ac, buf, at, 0.06, 900, 0.7); note(ac, 190, at, 0.08, "triangle", 0.2, 120); },
  /** the clock running low: a short high tick @param {AudioContext} ac @param {AudioBuffer} buf @param {number} at */
  lowTime: (ac, buf, at) => { knock(ac, buf, at, 0.03, 4200, 0.6); note(ac, 1320, at, 0.05, "square", 0.08); },
};

/**
 * Sound `name` (when it is on, or `always`, and the page may sound) after `delay` seconds.
 * @param {keyof typeof SOUNDS} name @param {number} [delay] @param {boolean} [always]
 */
function sound(name, delay = 0, always = false) {
  if (!(always || isOn(name)) || !audio || !noise || audio.state !== "running") return;
  SOUNDS[name](audio, noise, audio.currentTime + delay);
  played.push(name);
}

// -- the title --------------------------------------------------------------------------
/** @type {number | undefined} */
let flashing;
let savedTitle = "";

/**
 * Flash the tab's title (when the tab is hidden: a visible page needs no telling).
 * @param {string} [text]  what it flashes: "your turn" unless told
 */
function flashTitle(text = t("yourTurnTitle")) {
  if (!document.hidden || flashing !== undefined || !isOn("title")) return;
  savedTitle = document.title;
  document.title = text;
  flashing = window.setInterval(() => { document.title = document.title === text ? savedTitle : text; }, 1000);
  played.push("title");
}

function stopFlashing() {
  if (flashing === undefined) return;
  clearInterval(flashing); flashing = undefined;
  document.title = savedTitle;
}
document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlashing(); });

// -- the game's states ------------------------------------------------------------------
/** What the page's last state showed. @type {import("./gamechanges.js").Seen | null} */
let last = null;

/**
 * The game page calls this with every new state of its game: the signals sound for
 * what changed since the one before (nothing for the first state of a page).
 * @param {Json} st
 */
export function onState(st) {
  const now = seen(st), c = changes(last, now);
  if (c.moved) sound("moveSound");
  if (c.rolled) sound("diceSound", 0.1);
  if (c.yourTurn) callPlayer(t("yourTurnTitle"), 0.3);
  if (!now.mine) stopFlashing();
  last = now;
}

/**
 * Call the player to his game: the your-turn chime, the title flashing `title` while
 * the tab is hidden, a vibration (each as switched on). Also when a game of his starts
 * (lobby.js: a tournament's round, a pairing).
 * @param {string} title @param {number} [delay]  seconds before the chime
 */
export function callPlayer(title, delay = 0) {
  sound("turnSound", delay);
  flashTitle(title);
  if (isOn("vibrate") && navigator.vibrate && navigator.vibrate([120, 80, 120])) played.push("vibrate");
}

/** The player's own time fell under a warning mark (clock.js): a tick and a short
 * vibration, when the low-time signal is on (the vibration also asks "vibrate"). */
export function onLowTime() {
  if (!isOn("lowTime")) return;
  sound("lowTime");
  if (isOn("vibrate") && navigator.vibrate && navigator.vibrate(60)) played.push("lowTimeVibrate");
}

/** The opponent's chat message came to a hidden tab: its title says so (chat.js).
 * @param {string} name  who wrote */
export function onChatMessage(name) { flashTitle(msg("web.chat-new-title", { name })); }

/** The opponent who left has not come back: the game may be claimed (abandon.js). */
export function onClaimable() { callPlayer(t("claimTitle")); }

/** Sound your-turn now, on or off (the menu's button: a tap, so the page may sound). */
export function testSound() {
  wake(true);
  audio?.resume().then(() => sound("turnSound", 0, true));
}
