// @ts-check
// The visitor's session as the server sent it: the user, the variants and the levels.
import { session } from "./api.js";
import { currentLang } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** @type {Json} */
export let me = null;

/** Ask the server again (after logging in or out). @returns {Promise<Json>} */
export async function refreshMe() { me = await session(); return me; }

/** A variant's name in the interface language. @param {string} v */
export function variantName(v) {
  const info = me.variants.find((/** @type {Json} */ x) => x.name === v);
  return info ? info[currentLang()] : v;
}
