// @ts-check
// What every page shares: the element maker, the toast, the page's main element and
// in-app navigation, and players' names as the interface shows them.
import { msg, t } from "./i18n.js";

/** `on…` keys add listeners; true gives an empty attribute, false and null none.
 * @typedef {Record<string, string | number | boolean | null | undefined | ((ev: Event) => unknown)>} Attrs */
/** A child: a node, or anything else as its text; null and undefined are left out.
 * @typedef {Node | string | number | boolean | null | undefined} Leaf */
/** Children: leaves, or arrays of them (flattened). @typedef {Leaf | Leaf[]} Kid */
/** The element maker the pages share. @typedef {typeof h} H */

/** An element of index.html. @param {string} id */
export const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Where the pages draw themselves. */
export const main = byId("main");

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag @param {Attrs} [attrs] @param {...Kid} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, "");
    else if (v !== false && v != null) e.setAttribute(k, String(v));
  }
  for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : String(k));
  return e;
}

/**
 * A text under a "What is this?" that opens it in place (a phone has no hover): a word
 * or a field a newcomer cannot know. @param {string} text @param {string} [id]
 */
export const explainer = (text, id) =>
  h("details", { class: "help", id: id ?? null }, h("summary", { class: "small" }, t("hintToggle")), h("p", { class: "small" }, text));

/**
 * A row that scrolls sideways (the chat's quick phrases)
 * fades at an end where more is hidden, so that a person sees there is more to swipe
 * to: the classes "more-left" and "more-right" (style.css), kept as it scrolls, as it
 * or its items change size (another language's words). @param {HTMLElement} row
 */
export function sideways(row) {
  const mark = () => {
    row.classList.toggle("more-left", row.scrollLeft > 1);
    row.classList.toggle("more-right", row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
  };
  row.classList.add("sideways");
  row.addEventListener("scroll", mark, { passive: true });
  const sized = new ResizeObserver(mark);
  for (const el of [row, ...row.children]) sized.observe(el);
  mark();
  return row;
}

/** @type {number | undefined} */
let toastTimer;

/** A rule book's id in a refusal: "(S-3)", "; G-6)" (docs/rules.md), the rule book's, not the player's. */
const RULE_ID = /\s*\(\b[A-Z]{1,2}-[A-Z0-9]+(?:-[A-Z0-9]+)*\)|;\s*\b[A-Z]{1,2}-[A-Z0-9]+(?:-[A-Z0-9]+)*(?=\))/g;

/**
 * A message as a toast shows it alone: its first letter a capital (the catalogue's
 * reasons begin lowercase, being said inside other sentences too) unless it begins
 * with a player's name, which is written as he wrote it; no rule ids.
 * @param {string} text @param {boolean} nameFirst
 */
const forToast = (text, nameFirst) => {
  const told = text.replace(RULE_ID, "");
  return nameFirst ? told : told.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
};

/**
 * A short message at the bottom of the screen: an error (red, read out at once) or a
 * piece of news ("info": neutral, read out politely).
 * @param {string} text @param {"error" | "info"} [kind]
 * @param {boolean} [nameFirst]  the text may begin with a player's name ("dmitry is unblocked")
 */
export function toast(text, kind = "error", nameFirst = false) {
  const el = byId("toast");
  el.textContent = forToast(text, nameFirst); el.className = kind; el.hidden = false;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4000);
}

/**
 * Take the toast away now: a refusal the person has since put right (the form sent
 * again and taken), or an error of the page he has left, must not follow him.
 * @param {"error" | "info"} [kind]  only a toast of this kind (all by default)
 */
export function clearToast(kind) {
  const el = byId("toast");
  if (el.hidden || (kind && el.className !== kind)) return;
  el.hidden = true;
  clearTimeout(toastTimer);
}

/**
 * A roll as players write it: the higher die first ("6-3", as gnubg and the clubs
 * name rolls; the board shows the dice as they fell), "3-3" for a double (a turn's
 * record lists its four dice). @param {number[]} dice
 */
export const diceText = (dice) => dice.slice(0, 2).sort((a, b) => b - a).join("-");

/** @type {() => unknown} */
let router = () => undefined;

/** The router app.js installs (pages import go() without importing app.js). @param {() => unknown} r */
export function setRouter(r) { router = r; }

/** Open a page of the app. @param {string} path */
export function go(path) { clearToast("error"); history.pushState({}, "", path); router(); }

/**
 * A player's name as the interface shows it: a guest's default name, stored as
 * "Guest-7", in the interface language ("Гость 7"). No one can choose a name like it
 * (the server refuses them), so only default guest names read this way.
 * @param {string} name
 */
export function playerName(name) {
  const m = /^Guest-(\d+)$/.exec(name);
  return m ? msg("web.guest-name", { n: Number(m[1]) }) : name;
}
