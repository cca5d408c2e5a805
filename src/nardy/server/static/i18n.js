// @ts-check
// The interface's texts come from the project's catalogue (messages.js, written by
// `python -m nardy.server.messages_js` from nardy.i18n; the web page's own texts are
// nardy/server/texts/web.py). t("heroTitle") is the catalogue's web.hero-title.
import { MESSAGES, message } from "./messages.js";

/** "heroTitle" -> "web.hero-title" @param {string} key */
const webKey = (key) => "web." + key.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());

/** The key for a text that depends on a side. @param {string} key @param {string} c */
const side = (key, c) => `${key}.${c === "white" ? "white" : "black"}`;

/** How far the computer looked, in words ("no look-ahead" for 0 plies). @param {number} plies */
export const depth = (plies) => (plies ? msg("web.depth-ahead", { n: plies }) : msg("web.depth-none"));

/**
 * The texts that are filled in with values: the caller calls what t() gives.
 * @type {Record<string, (...values: any[]) => string>}
 */
const FILLED = {
  turnOf: (c) => msg(side("web.turn-of", c)),
  winnerIs: (c) => msg(side("web.winner-is", c)),
  matchWinnerIs: (c) => msg(side("web.match-winner-is", c)),
  cubeOf: (c) => msg(side("web.cube-of", c)),
  cubeHint: (advice, match) => msg(match ? "web.cube-hint-match" : "web.cube-hint", { advice }),
  hintTitle: (plies, match) => msg(match ? "web.hint-title-match" : "web.hint-title", { depth: depth(plies) }),
  reviewTitle: (plies) => msg("web.review-title", { depth: depth(plies) }),
  gameNo: (n) => msg("web.game-no", { n }),
  turnNo: (n) => msg("web.turn-no", { n }),
  matchTo: (n) => msg("web.match-to", { n }),
  points: (n) => msg("web.points", { n }),
  theyDouble: (value) => msg("web.they-double", { value }),
  doubleOffered: (c, value) => msg(side("web.double-offered", c), { value }),
  theyResign: (kind, value) => msg("web.they-resign", { kind, value }),
  resignOffered: (c, kind, value) => msg(side("web.resign-offered", c), { kind, value }),
};

/**
 * The catalogue's keys under `prefix.` (web.status.waiting, ...) as a table of their
 * texts in the interface language, or null when there are none.
 * @param {string} prefix @returns {Record<string, string> | null}
 */
function table(prefix) {
  const lang = currentLang();
  /** @type {Record<string, string>} */
  const out = {};
  let found = false;
  for (const key of Object.keys(MESSAGES.en)) {
    if (key.startsWith(prefix + ".")) {
      out[key.slice(prefix.length + 1)] = MESSAGES[lang][key] ?? MESSAGES.en[key];
      found = true;
    }
  }
  return found ? out : null;
}

/** @returns {"ru" | "en"} */
export function currentLang() {
  const saved = localStorage.getItem("nardy-lang");
  if (saved === "ru" || saved === "en") return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "ru";
  return nav.toLowerCase().startsWith("en") ? "en" : "ru";
}

/** A number with ``digits`` decimals as the reader writes it: 0,36 in Russian, 0.36 in
 * English. @param {number} x @param {number} digits */
export const fixed = (x, digits) => x.toLocaleString(currentLang(),
  { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });

/** An equity with its sign, to three decimals ("+0,123"). @param {number} x */
export const signedEquity = (x) => `${x >= 0 ? "+" : "-"}${fixed(Math.abs(x), 3)}`;

/** @param {"ru" | "en"} lang */
export function setLang(lang) {
  localStorage.setItem("nardy-lang", lang);
  sendLang();
}

// The server says its errors in the interface language: the API calls send it as a
// header (api.js), the websocket handshake as this cookie.
export function sendLang() {
  document.cookie = `lang=${currentLang()}; path=/; SameSite=Lax`;
}
sendLang();

/**
 * A message of the catalogue (messages.js) in the interface language.
 * @param {string} key @param {Record<string, unknown>} [params] @returns {string}
 */
export function msg(key, params) {
  return message(currentLang(), key, params);
}

/**
 * The interface text `key`: a string (t("heroTitle")), a function of the values it says
 * (t("turnOf")("white")), a table (t("status").waiting) or a list (t("reviewColumns"));
 * the caller knows which from the key, so t() gives `any`. An unknown key gives itself.
 * @param {string} key @returns {any}
 */
export function t(key) {
  if (Object.hasOwn(FILLED, key)) return FILLED[key];
  const name = webKey(key);
  if (Object.hasOwn(MESSAGES.en, name)) return msg(name);
  const found = table(name);
  if (found === null) return key;
  // a list's keys are .0, .1, ...
  return Object.hasOwn(found, "0") ? Object.keys(found).sort((a, b) => +a - +b).map((i) => found[i]) : found;
}
