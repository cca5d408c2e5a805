// @ts-check
// The turn signals' part of the header's settings menu (index.html's #settings-menu,
// opened and closed by theme.js): a switch for each signal of signals.js (kept in this
// browser's localStorage) and a button that plays the your-turn sound. The texts carry
// data-t, so app.js's chrome() says them again in a new language.
import { byId, h } from "./dom.js";
import { t } from "./i18n.js";
import { SIGNALS, isOn, setOn, testSound } from "./signals.js";

/** Each signal's label: the key of its text. */
const LABELS = {
  title: "signalTitle",
  vibrate: "signalVibrate",
  turnSound: "signalTurnSound",
  diceSound: "signalDiceSound",
  moveSound: "signalMoveSound",
};

/** A text that follows the interface language. @param {string} key */
const said = (key) => h("span", { "data-t": key }, t(key));

export function signalsMenu() {
  const rows = SIGNALS.map((s) => h("label", {},
    h("input", { type: "checkbox", id: `signal-${s}`, checked: isOn(s),
      onchange: (ev) => setOn(s, /** @type {HTMLInputElement} */ (ev.target).checked) }),
    said(LABELS[s])));
  byId("settings-menu").append(h("fieldset", { id: "signals" },
    h("legend", { "data-t": "signals" }, t("signals")), ...rows,
    h("button", { type: "button", id: "signal-test", "data-t": "signalTest", onclick: testSound }, t("signalTest")),
    h("p", { class: "small signals-note", "data-t": "signalsNote" }, t("signalsNote"))));
}
