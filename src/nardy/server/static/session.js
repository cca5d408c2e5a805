// @ts-check
// The visitor's session as the server sent it: the user, the variants and the levels.
import { session } from "./api.js";
import { currentLang, msg } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @type {Json} */
export let me = null;

/** Ask the server again (after logging in or out). @returns {Promise<Json>} */
export async function refreshMe() { me = await session(); return me; }

const VARIANT_KEY = "nardy.variant";

/**
 * The game the forms offer first: the one the visitor last chose in any of them (as
 * lichess remembers a player's last settings), else long nardy, the club's own.
 */
export function preferredVariant() {
  const v = localStorage.getItem(VARIANT_KEY);
  return v && me.variants.some((/** @type {Json} */ x) => x.name === v) ? v : "long";
}

/** Remember the variant chosen in ``select`` for every form. @param {HTMLSelectElement} select */
export function remembersVariant(select) {
  select.addEventListener("change", () => localStorage.setItem(VARIANT_KEY, select.value));
  return select;
}

/** A variant's name in the interface language. @param {string} v */
export function variantName(v) {
  const info = me.variants.find((/** @type {Json} */ x) => x.name === v);
  return info ? info[currentLang()] : v;
}

/** Scoring schemes whose words differ in short nardy (web.scoring.<scheme>.short). */
const SHORT_WORDED = ["koks", "home-mars", "four-tier"];

/**
 * A scoring scheme (C-2) in the words of the game `v`'s family: short nardy's mars is a
 * gammon in English, its koks a backgammon, as its results are named.
 * @param {string} scheme @param {string} v  a variant's name
 */
export function scoringName(scheme, v) {
  const info = me.variants.find((/** @type {Json} */ x) => x.name === v);
  const short = info && info.family === "short" && SHORT_WORDED.includes(scheme);
  return msg(short ? `web.scoring.${scheme}.short` : `web.scoring.${scheme}`);
}

/** The pages of logging in and signing up. */
export const AUTH_PAGE = /^\/(login|register)$/;

/**
 * Where a member goes once logged in or signed up: the page he came from (the
 * address's ``next``, a path of this club: never another site's "//host" nor a log-in
 * page again), else the lobby.
 */
export function afterAuth() {
  const next = new URLSearchParams(location.search).get("next");
  const ours = next != null && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\");
  return ours && !AUTH_PAGE.test(next.split(/[?#]/)[0]) ? next : "/";
}
