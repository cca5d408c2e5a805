// @ts-check
// The turn signals' part of the header's settings menu (index.html's #settings-menu,
// opened and closed by theme.js): a switch for each signal of signals.js (kept by
// prefs.js) and a button that plays the your-turn sound, above the link to the
// settings page. The texts carry data-t, so app.js's chrome() says them again in a new
// language.
import { byId, h } from "./dom.js";
import { t } from "./i18n.js";
import { SIGNALS, isOn, setOn, testSound } from "./signals.js";

/** Each signal's label: the key of its text (the settings page's too). */
export const SIGNAL_LABELS = {
  title: "signalTitle",
  vibrate: "signalVibrate",
  turnSound: "signalTurnSound",
  diceSound: "signalDiceSound",
  moveSound: "signalMoveSound",
  lowTime: "signalLowTime",
};

/** A text that follows the interface language. @param {string} key */
const said = (key) => h("span", { "data-t": key }, t(key));

export function signalsMenu() {
  const boxes = SIGNALS.map((s) => h("input", { type: "checkbox", id: `signal-${s}`, checked: isOn(s),
    onchange: (ev) => setOn(s, /** @type {HTMLInputElement} */ (ev.target).checked) }));
  // a change made elsewhere (the settings page, another device's at login) shows here too
  window.addEventListener("nardy-prefs", () => SIGNALS.forEach((s, i) => { boxes[i].checked = isOn(s); }));
  byId("all-settings").before(h("fieldset", { id: "signals" },
    h("legend", { "data-t": "signals" }, t("signals")),
    ...SIGNALS.map((s, i) => h("label", {}, boxes[i], said(SIGNAL_LABELS[s]))),
    h("button", { type: "button", id: "signal-test", "data-t": "signalTest", onclick: testSound }, t("signalTest")),
    h("p", { class: "small signals-note", "data-t": "signalsNote" }, t("signalsNote"))));
}
