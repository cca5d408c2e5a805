// @ts-check
// The header's menu of the turn signals (signals.js): a bell button opens a small menu
// with a switch for each signal (kept in this browser's localStorage) and a button
// that plays the your-turn sound.
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { SIGNALS, isOn, setOn, testSound } from "./signals.js";

/** Each signal's label (read when the menu opens: in the language of that moment). */
const LABELS = {
  title: () => t("signalTitle"),
  vibrate: () => t("signalVibrate"),
  turnSound: () => t("signalTurnSound"),
  diceSound: () => t("signalDiceSound"),
  moveSound: () => t("signalMoveSound"),
};

/** A bell (the Material "notifications" icon's shape), in the text's colour. */
function bell() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24"); svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6v-5a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z");
  svg.append(path);
  return svg;
}

/** Put the bell button into the header, after the logo (on a phone, the header's first
 * row has room for it where the navigation has none). */
export function signalsMenu() {
  // the label is for screen readers; app.js's chrome() says it again in a new language
  const button = h("button", { id: "signals", type: "button", "aria-haspopup": "true", "aria-expanded": "false", "aria-controls": "signals-menu" },
    h("span", { class: "sr-only", "data-t": "signals" }, t("signals")));
  button.prepend(bell());
  const menu = h("div", { id: "signals-menu", class: "signals-menu", role: "group", "aria-labelledby": "signals-heading", hidden: true });
  const close = () => { menu.hidden = true; button.setAttribute("aria-expanded", "false"); };
  const open = () => {
    const rows = SIGNALS.map((s) => h("label", { class: "signal" },
      h("input", { type: "checkbox", id: `signal-${s}`, checked: isOn(s), onchange: (ev) => setOn(s, /** @type {HTMLInputElement} */ (ev.target).checked) }),
      h("span", {}, LABELS[s]())));
    menu.replaceChildren(h("h3", { id: "signals-heading" }, t("signals")), ...rows,
      h("button", { type: "button", id: "signal-test", onclick: testSound }, t("signalTest")),
      h("p", { class: "small" }, t("signalsNote")));
    menu.hidden = false; button.setAttribute("aria-expanded", "true");
  };
  button.addEventListener("click", () => (menu.hidden ? open() : close()));
  document.addEventListener("click", (ev) => {
    const target = /** @type {Node} */ (ev.target);
    if (!menu.hidden && !menu.contains(target) && !button.contains(target)) close();
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && !menu.hidden) { close(); button.focus(); } });
  document.querySelector("header .logo")?.after(button);
  document.querySelector("header")?.append(menu);
}
