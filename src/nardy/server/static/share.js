// @ts-check
// Sharing a page's link (a game to watch, a tournament): the phone's share sheet where
// there is one, else the link copied with a notice; where the browser refuses both, the
// link is said in a notice to copy by hand. game.js and tournaments.js use it.
import { toast } from "./dom.js";

/**
 * Share `url`: the system's share sheet, else the clipboard.
 * @param {{ url: string, title: string, text: string, copied: string, failed: string }} what
 *   `copied`: the notice once copied; `failed`: the notice where nothing worked (it
 *   holds the link)
 */
export async function shareLink({ url, title, text, copied, failed }) {
  if (navigator.share) {
    try { await navigator.share({ url, title, text }); return; }
    catch (e) { if (/** @type {Error} */ (e).name === "AbortError") return; }  // (dismissed: nothing to say)
  }
  try { await navigator.clipboard.writeText(url); toast(copied, "info"); }
  catch { toast(failed); }
}

/** The share icon's path, in a 24-unit square (drawn: an emoji's font is missing on some systems). */
export const SHARE_ICON = "M18 16a3 3 0 0 0-2.2 1l-7-3.6a3 3 0 0 0 0-1.8l7-3.6A3 3 0 1 0 15 6l-7 3.6a3 3 0 1 0 0 4.8l7 3.6A3 3 0 1 0 18 16z";

/** A drawn icon (an SVG of one path, hidden from screen readers). @param {string} d */
export function icon(d) {
  const s = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  s.setAttribute("viewBox", "0 0 24 24"); s.setAttribute("class", "icon"); s.setAttribute("aria-hidden", "true");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", d); s.append(path);
  return s;
}
