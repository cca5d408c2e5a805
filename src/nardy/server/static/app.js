// @ts-check
// The single-page front end: the header, and a tiny router that opens one page module.
import { call, ApiError } from "./api.js";
import { authPage, playerPage, profilePage, statsPage } from "./account.js";
import { byId, go, h, main, setRouter } from "./dom.js";
import { gamePage, joinPage } from "./game.js";
import { homePage } from "./home.js";
import { analysisPage } from "./analysis.js";
import { replayPage } from "./replay.js";
import { leadersPage } from "./leaders.js";
import { moderationPage } from "./moderation.js";
import { newsFor } from "./news.js";
import { currentLang, msg, t } from "./i18n.js";
import { serverOutOfReach, workOffline } from "./offline.js";
import { rulesPage } from "./rules.js";
import { AUTH_PAGE, afterAuth, me, refreshMe } from "./session.js";
import { signalsMenu } from "./settings.js";
import { settingsPage } from "./settings_page.js";
import { adoptSession, choose } from "./prefs.js";
import { tournamentPage, tournamentsPage } from "./tournaments.js";
import { tutorialPage } from "./tutorial.js";
import { verifyPage } from "./verify.js";

/** @type {(() => void) | null} */
let cleanup = null;

function chrome() {
  document.documentElement.lang = currentLang();
  document.querySelectorAll("[data-t]").forEach((e) => { e.textContent = t(/** @type {HTMLElement} */ (e).dataset.t ?? ""); });
  byId("lang").textContent = t("lang");
  const login = byId("nav-login");
  login.textContent = me && !me.user.guest ? t("logout") : t("login");
  byId("nav-mod").hidden = !(me && me.user.moderator);
  byId("nav-profile").textContent = me ? (me.user.guest ? t("profile") : me.user.name) : t("profile");
  const tm = byId("testmode");
  tm.hidden = !(me && me.test_mode); tm.textContent = t("testMode");
  // a banned member is told on every page, and is not offered the club's play
  const banned = Boolean(me && me.user.banned);
  const note = byId("banned-note");
  note.hidden = !banned; note.textContent = msg("error.you-are-banned");
  document.documentElement.classList.toggle("banned", banned);
}

// -- the page's title and focus ----------------------------------------------------------
/** A page's name by its address ([pattern, the catalogue's t() key]; a player's page is his name). */
const TITLES = /** @type {[RegExp, string][]} */ ([
  [/^\/(game|join)\//, "pageGame"], [/^\/login$/, "login"], [/^\/register$/, "register"], [/^\/profile$/, "profile"],
  [/^\/leaders$/, "leaders"], [/^\/tournaments$/, "tournaments"], [/^\/tournaments\/\d+$/, "pageTournament"],
  [/^\/moderation$/, "moderation"], [/^\/rules$/, "rules"], [/^\/tutorial$/, "tutorial"], [/^\/replay\//, "replay"],
  [/^\/analysis$/, "analysisTitle"], [/^\/settings$/, "settings"], [/^\/verify\//, "verifyDice"], [/^\/stats\//, "diceStats"],
]);

/** The tab's title, in the interface language: "Rules — Nardy"; the lobby's says what the club is. @param {string} path */
function setTitle(path) {
  let name = t("notFoundTitle");
  const player = path.match(/^\/players\/(.+)$/);
  if (path === "/" || path === "/new") { document.title = `${t("title")} — ${t("heroTitle")}`; return; }
  if (player) name = decodeURIComponent(player[1]);
  else {
    const found = TITLES.find(([re]) => re.test(path));
    if (found) name = t(found[1]);
  }
  document.title = `${name} — ${t("title")}`;
}

/**
 * After a move to another page the focus goes to its heading (an h1 or h2, focusable
 * by script: tabindex -1), so that a screen reader says the new page; a page drawn
 * later (its data fetched) is waited for a little. Not where the page put the focus
 * itself (a form's first field).
 */
function focusHeading() {
  /** @param {number} left  tries left */
  const tryOnce = (left) => {
    const now = document.activeElement;
    if (now && now !== main && main.contains(now)) return;
    const heading = /** @type {HTMLElement | null} */ (main.querySelector("h1, h2"));
    if (heading) {
      if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    } else if (left) setTimeout(() => tryOnce(left - 1), 100);
  };
  tryOnce(30);
}

// -- router ---------------------------------------------------------------------------
/** Whether the next route() is the page's first (or the same page in another language): the focus stays. */
let focusStays = true;
async function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const path = location.pathname;
  // a member's preferences kept with his account, applied in this browser (a new
  // device's first page, a login) before the page is drawn in his language
  // (when the account does not take this browser's own choices, they stay here: the
  // page is drawn all the same)
  await adoptSession().catch(() => {});
  chrome();
  setTitle(path);
  newsFor(path);
  const moveFocus = !focusStays;
  focusStays = false;
  let m;
  try {
    if (path === "/" || path === "/new") cleanup = homePage();
    else if ((m = path.match(/^\/game\/([\w-]+)$/))) cleanup = gamePage(m[1]);
    else if ((m = path.match(/^\/join\/([\w-]+)$/))) await joinPage(m[1]);
    else if (path === "/login") authPage("login");
    else if (path === "/register") authPage("register");
    else if (path === "/profile") await profilePage();
    else if ((m = path.match(/^\/players\/(.+)$/))) await playerPage(decodeURIComponent(m[1]));
    else if (path === "/leaders") await leadersPage();
    else if (path === "/tournaments") cleanup = tournamentsPage();
    else if ((m = path.match(/^\/tournaments\/(\d+)$/))) cleanup = tournamentPage(Number(m[1]));
    else if (path === "/moderation") await moderationPage();
    else if (path === "/rules") await rulesPage(main, h);
    else if (path === "/tutorial") tutorialPage(main, h);
    else if ((m = path.match(/^\/replay\/([\w-]+)$/))) cleanup = replayPage(m[1]);
    else if (path === "/analysis") analysisPage();
    else if (path === "/settings") cleanup = settingsPage(relang);
    else if ((m = path.match(/^\/verify\/([\w-]+)$/))) await verifyPage(main, h, m[1]);
    else if ((m = path.match(/^\/stats\/(.+)$/))) await statsPage(decodeURIComponent(m[1]));
    else notFound();
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) notFound(e.message);
    else main.replaceChildren(h("div", { class: "card bad" }, e instanceof ApiError ? e.message : String(e)));
  }
  if (moveFocus) focusHeading();
}

/** The club's "page not found": an address it does not route, or a game or player the
 * server does not know (``detail``: what the server said, "game not found"). @param {string} [detail] */
function notFound(detail) {
  document.title = `${t("notFoundTitle")} — ${t("title")}`;
  main.replaceChildren(h("div", { class: "card", id: "not-found" }, h("h2", {}, t("notFoundTitle")),
    detail ? h("p", { class: "bad" }, detail) : null, h("p", {}, t("notFoundText")),
    h("p", {}, h("a", { href: "/", "data-link": true, id: "to-lobby" }, t("toLobby")))));
}

document.addEventListener("click", async (ev) => {
  const target = /** @type {Element} */ (ev.target);
  const a = /** @type {HTMLAnchorElement | null} */ (target.closest && target.closest("a[data-link]"));
  if (a && a.origin === location.origin) {
    ev.preventDefault();
    if (a.id === "nav-login" && me && !me.user.guest) {
      await call("POST", "/api/logout"); await refreshMe(); go("/"); return;
    }
    if (AUTH_PAGE.test(a.pathname) && !a.search) { toAuth(a.pathname); return; }
    go(a.pathname + a.search + a.hash);  // (a section of a page: /rules#fevga)
  }
});
/**
 * To the log-in or sign-up page, saying where he came from (its ``next``: he goes back
 * there once logged in) and, in the history's state, that the page before is that
 * one; from one of the two to the other the entry is replaced (and keeps both).
 * @param {string} path
 */
function toAuth(path) {
  const onAuth = AUTH_PAGE.test(location.pathname);
  const from = onAuth ? afterAuth() : location.pathname + location.search;
  const url = from === "/" ? path : `${path}?next=${encodeURIComponent(from)}`;
  if (onAuth) history.replaceState(history.state, "", url);
  else history.pushState({ authFrom: from }, "", url);
  route();
}
window.addEventListener("popstate", route);
/** The page drawn again in a new language, the focus kept where it is. */
function relang() { focusStays = true; route(); }
byId("lang").addEventListener("click", () => { choose("lang", currentLang() === "ru" ? "en" : "ru"); relang(); });
// the first link of the page, seen when it has the focus: on to the page's own content
// (the focus, not the address: a #main in it would be routed as another page)
byId("skip").addEventListener("click", (ev) => { ev.preventDefault(); main.focus(); });
setRouter(route);
workOffline();
signalsMenu();
// offline the app cannot start: its bar says so, and it starts when the connection is back
/** Whether the server answered the first request (a network error: it did not). */
async function reached() {
  try { await refreshMe(); return true; } catch (e) { if (e instanceof ApiError) throw e; return false; }
}
if (!navigator.onLine) chrome();
else if (await reached()) route();
else { serverOutOfReach(); chrome(); }  // (the request failed: no network after all)
