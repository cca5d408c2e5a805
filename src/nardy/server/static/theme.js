// @ts-check
// The header's settings menu: the board's colours (a theme) and the keyboard mode, kept
// in this browser (localStorage). A theme is a set of CSS custom properties in
// style.css, chosen by <html data-theme>; "auto" sets none, and style.css then follows
// the system's dark mode. The keyboard mode is <html class="access">: style.css shows
// access.js's play input while it is on.

const THEME_KEY = "nardy-theme";
const ACCESS_KEY = "nardy-access";
const THEMES = ["auto", "classic", "light", "dark"];

/** The chosen theme; "auto" when none is (or an unknown one is stored). @returns {string} */
function chosenTheme() {
  const saved = localStorage.getItem(THEME_KEY);
  return saved && THEMES.includes(saved) ? saved : "auto";
}

/** Whether the keyboard mode is on. */
function accessMode() {
  return localStorage.getItem(ACCESS_KEY) === "on";
}

function apply() {
  const root = document.documentElement, theme = chosenTheme();
  if (theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = theme;
  root.classList.toggle("access", accessMode());
}

const menu = /** @type {HTMLDetailsElement} */ (document.getElementById("settings"));
const access = /** @type {HTMLInputElement} */ (document.getElementById("access-mode"));

for (const input of menu.querySelectorAll("input[name=theme]")) {
  const radio = /** @type {HTMLInputElement} */ (input);
  radio.checked = radio.value === chosenTheme();
  radio.addEventListener("change", () => { localStorage.setItem(THEME_KEY, radio.value); apply(); });
}
access.checked = accessMode();
access.addEventListener("change", () => { localStorage.setItem(ACCESS_KEY, access.checked ? "on" : "off"); apply(); });

// A menu closes as menus do: on a click elsewhere, and on Escape (focus back on its button).
document.addEventListener("click", (ev) => {
  if (menu.open && !menu.contains(/** @type {Node} */ (ev.target))) menu.open = false;
});
menu.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && menu.open) {
    menu.open = false;
    /** @type {HTMLElement} */ (menu.querySelector("summary")).focus();
  }
});
apply();
