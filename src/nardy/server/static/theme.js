// @ts-check
// The header's settings menu: the board's colours (a theme) and the keyboard mode, kept
// by prefs.js (in this browser, and a member's with his account). A theme is a set of
// CSS custom properties in style.css, chosen by <html data-theme>; "auto" sets none,
// and style.css then follows the system's dark mode. The keyboard mode is <html
// class="access">: style.css shows access.js's play input while it is on.
import { choose, getPref } from "./prefs.js";

const menu = /** @type {HTMLDetailsElement} */ (document.getElementById("settings"));
const access = /** @type {HTMLInputElement} */ (document.getElementById("access-mode"));
const radios = /** @type {HTMLInputElement[]} */ ([...menu.querySelectorAll("input[name=theme]")]);

/** The page and the menu as the preferences are (at the start, and after each change anywhere). */
function apply() {
  const root = document.documentElement, theme = getPref("theme");
  if (theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = theme;
  root.classList.toggle("access", getPref("keyboard"));
  for (const radio of radios) radio.checked = radio.value === theme;
  access.checked = getPref("keyboard");
}

for (const radio of radios) radio.addEventListener("change", () => choose("theme", radio.value));
access.addEventListener("change", () => choose("keyboard", access.checked));
window.addEventListener("nardy-prefs", apply);

// A menu closes as menus do: on a click elsewhere or on its link (the settings page),
// and on Escape (focus back on its button).
document.addEventListener("click", (ev) => {
  const target = /** @type {Element} */ (ev.target);
  if (menu.open && (!menu.contains(target) || target.closest("a"))) menu.open = false;
});
menu.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && menu.open) {
    menu.open = false;
    /** @type {HTMLElement} */ (menu.querySelector("summary")).focus();
  }
});
apply();
