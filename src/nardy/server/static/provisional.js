// @ts-check
// The "?" of a provisional rating, wherever a rating is shown (the game page, the
// lobby's tiles and challenges, the leaderboard, the profile): a button, not a title
// tooltip, since a phone has no hover. A tap, Enter or Space opens the explanation in
// a small note beside it; a second tap, Escape, a tap elsewhere or scrolling closes it.
import { h } from "./dom.js";
import { t } from "./i18n.js";

/** The note open now, and the button that opened it (one at a time). */
let open = /** @type {{ note: HTMLElement, button: HTMLElement } | null} */ (null);

/** Close the note that is open, if any. @param {boolean} [refocus]  back to its button (Escape) */
function close(refocus = false) {
  if (!open) return;
  const { note, button } = open;
  open = null;
  note.remove();
  button.setAttribute("aria-expanded", "false");
  if (refocus) button.focus();
}

/** Put the open note below its "?" (above it where the screen ends), inside the screen's width. */
function place() {
  if (!open) return;
  const { note, button } = open;
  if (!button.isConnected) { close(); return; }  // (its page drawn anew)
  const r = button.getBoundingClientRect(), w = note.offsetWidth, hgt = note.offsetHeight;
  const left = Math.max(8, Math.min(r.left + r.width / 2 - w / 2, innerWidth - w - 8));
  const below = r.bottom + 6 + hgt <= innerHeight;
  note.style.left = `${left}px`;
  note.style.top = `${below ? r.bottom + 6 : Math.max(8, r.top - 6 - hgt)}px`;
}

/** @param {HTMLElement} button */
function show(button) {
  close();
  const note = h("div", { class: "provisional-note", id: "provisional-note", role: "note" }, t("provisionalNote"));
  document.body.append(note);
  button.setAttribute("aria-expanded", "true");
  open = { note, button };
  place();
}

addEventListener("keydown", (ev) => { if (ev.key === "Escape" && open) close(true); });
addEventListener("pointerdown", (ev) => {
  const at = /** @type {Node} */ (ev.target);
  if (open && !open.note.contains(at) && !open.button.contains(at)) close();
});
// (the note follows its "?" as the page or a list in it scrolls)
addEventListener("scroll", place, { capture: true, passive: true });
addEventListener("resize", place);
addEventListener("popstate", () => close());

/**
 * The "?" after a provisional rating, which explains itself when pressed.
 * @param {string} [id]
 */
export function provisionalMark(id) {
  const b = h("button", { type: "button", class: "provisional", id: id ?? null, "aria-expanded": "false",
    "aria-controls": "provisional-note", "aria-label": t("provisionalWhat"), title: t("provisionalWhat") }, "?");
  // (a keyboard's focus moved on closes it; a tap on the note itself leaves the focus nowhere)
  b.addEventListener("focusout", (ev) => { if (open && open.button === b && ev.relatedTarget) close(); });
  b.addEventListener("click", (ev) => {
    // (inside a lobby tile's link: the "?" explains, it does not open the game)
    ev.preventDefault(); ev.stopPropagation();
    if (open && open.button === b) close(); else show(b);
  });
  return b;
}
