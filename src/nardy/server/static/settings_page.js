// @ts-check
// The settings page (/settings), every preference in one place as lichess's is: the
// board's colours; the play settings (auto-roll and auto-play: the server's, as it
// plays them), the pause before the computer's play and the keyboard mode; the turn
// signals; the language. Each control applies at once and a polite live region says it
// was saved: a member's with his account (prefs.js), a guest's in this browser only.
import { ApiError, call } from "./api.js";
import { h, main, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { SIGNAL_PREFS, THEMES, choose, getPref, isMember, setPref } from "./prefs.js";
import { message } from "./messages.js";
import { me } from "./session.js";
import { SIGNAL_LABELS } from "./settings.js";
import { SIGNALS, testSound } from "./signals.js";

/** @typedef {import("./prefs.js").Pref} Pref */

const THEME_LABELS = { auto: "themeAuto", classic: "themeClassic", light: "themeLight", dark: "themeDark" };
/** Each language in its own words, whatever the interface's is: the header's button
 * names the other language in its own (web.lang), so each is named there in the other. */
const LANGS = { ru: message("en", "web.lang"), en: message("ru", "web.lang") };
/** Whether the page is drawn again for a language just chosen on it (its radio then keeps the focus). */
let relanged = false;

/** The polite notices of what was saved, one under each section: the changed one's speaks. */
function notices() {
  /** @type {HTMLElement[]} */
  const all = [];
  /** A section's notice, and what says a text in it (said again when it is what was said last). */
  const make = () => {
    const el = h("p", { class: "prefs-saved", role: "status", "aria-live": "polite" });
    all.push(el);
    /** @param {string} text */
    const say = (text) => {
      for (const other of all) if (other !== el) other.textContent = "";
      el.textContent = el.textContent === text ? `${text}\u00a0` : text;
    };
    return { el, say };
  };
  return make;
}

/** @typedef {(text: string) => void} Say */

/**
 * A section of the page: a card with its heading, its controls (made given what says
 * their change was saved) and its notice.
 * @param {() => { el: HTMLElement, say: Say }} notice @param {string} id @param {string} title
 * @param {(say: Say) => Node[]} controls
 */
function section(notice, id, title, controls) {
  const { el, say } = notice();
  return h("section", { class: "card prefs-section", id, "aria-labelledby": `${id}-h` },
    h("h3", { id: `${id}-h` }, title), ...controls(say), el);
}

/** A checkbox with its label. @param {string} id @param {boolean} on @param {string} label @param {(on: boolean) => void} change */
const checkbox = (id, on, label, change) => h("label", { class: "check" },
  h("input", { type: "checkbox", id, checked: on, onchange: (ev) => change(/** @type {HTMLInputElement} */ (ev.target).checked) }),
  label);

/**
 * A group of radio buttons. @param {string} name @param {string} legend  its name (where
 * the section's heading names it already: "", the heading's id in `labelledBy`)
 * @param {Record<string, string>} labels  value -> its label @param {string} current
 * @param {(value: string) => void} change @param {string} [labelledBy]
 */
const radios = (name, legend, labels, current, change, labelledBy) => h("fieldset",
  { class: "prefs-radios", "aria-labelledby": labelledBy ?? null },
  legend ? h("legend", {}, legend) : null,
  ...Object.entries(labels).map(([value, label]) => h("label", { class: "check" },
    h("input", { type: "radio", name, value, id: `${name}-${value}`, checked: value === current,
      onchange: () => change(value) }), label)));

/**
 * The settings page. `relang` draws the page again in the new language (app.js's, as
 * the header's button does). Returns the page's cleanup.
 * @param {() => void} relang @returns {() => void}
 */
export function settingsPage(relang) {
  const notice = notices();
  /** Set a preference of prefs.js and say where it was kept. @param {Say} say @param {Pref} p @param {string | boolean} value */
  const pref = (say, p, value) => setPref(p, value)
    .then((where) => say(where === "account" ? t("saved") : t("prefsSavedHere")))
    .catch((e) => say(msg("web.prefs-not-saved", { error: /** @type {Error} */ (e).message })));
  /**
   * A play setting: the server's (it plays them), a guest's too; refused, it is back as it was.
   * @param {Say} say @param {"auto_roll" | "auto_play"} key @param {string} label
   */
  const playBox = (say, key, label) => {
    const row = checkbox(`pref-${key}`, Boolean(me.settings?.[key]), label, async (on) => {
      try { me.settings = (await call("PUT", "/api/me/settings", { [key]: on })).settings; say(t("saved")); }
      catch (e) { box.checked = !on; toast(e instanceof ApiError ? e.message : String(e)); }
    });
    const box = /** @type {HTMLInputElement} */ (row.querySelector("input"));
    return row;
  };
  /** @param {Say} say @param {Pref} p @param {string} label */
  const prefBox = (say, p, label) => checkbox(`pref-${p}`, getPref(p), label, (on) => pref(say, p, on));
  const themes = Object.fromEntries(THEMES.map((v) => [v, t(THEME_LABELS[/** @type {keyof THEME_LABELS} */ (v)])]));
  const page = h("div", { class: "prefs-page", id: "prefs" }, h("h2", {}, t("settings")),
    isMember() ? h("p", { class: "small", id: "prefs-note" }, t("prefsMemberNote"))
      : h("p", { class: "small", id: "prefs-note" }, t("prefsGuestNote"), " ",
        h("a", { href: "/register", "data-link": true, id: "prefs-sign-up" }, t("prefsSignUp"))),
    section(notice, "prefs-display", t("prefsDisplay"), (say) => [
      radios("pref-theme", t("theme"), themes, getPref("theme"), (v) => pref(say, "theme", v))]),
    section(notice, "prefs-game", t("prefsGame"), (say) => [
      playBox(say, "auto_roll", t("autoRoll")), playBox(say, "auto_play", t("autoPlay")),
      prefBox(say, "think_pause", t("thinkPause")), prefBox(say, "keyboard", t("accessMode"))]),
    section(notice, "prefs-signals", t("signals"), (say) => [
      ...SIGNALS.map((s) => prefBox(say, SIGNAL_PREFS[s], t(SIGNAL_LABELS[s]))),
      h("button", { type: "button", id: "pref-signal-test", class: "secondary", onclick: testSound }, t("signalTest")),
      h("p", { class: "small" }, t("signalsNote"))]),
    section(notice, "prefs-language", t("prefsLanguage"), () => [
      radios("pref-lang", "", LANGS, currentLang(), (v) => { choose("lang", v); relanged = true; relang(); },
        "prefs-language-h")]));
  main.replaceChildren(page);
  afterRelang();
  // a change made in the header's menu while the page is open shows here too
  const sync = () => {
    for (const input of main.querySelectorAll("#prefs input[name=pref-theme]")) {
      /** @type {HTMLInputElement} */ (input).checked = /** @type {HTMLInputElement} */ (input).value === getPref("theme");
    }
    for (const p of ["keyboard", ...Object.values(SIGNAL_PREFS)]) {
      /** @type {HTMLInputElement} */ (main.querySelector(`#pref-${p}`)).checked = getPref(/** @type {Pref} */ (p));
    }
  };
  window.addEventListener("nardy-prefs", sync);
  return () => window.removeEventListener("nardy-prefs", sync);
}

/** After the page is drawn again in another language, the focus is back on the language chosen. */
function afterRelang() {
  if (relanged) /** @type {HTMLInputElement} */ (main.querySelector(`#pref-lang-${currentLang()}`)).focus();
  relanged = false;
}
