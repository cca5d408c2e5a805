// @ts-check
// The account pages: log in, sign up, the profiles (ratings and their graph, statistics,
// the games with filters, play settings), dice statistics.
import { call } from "./api.js";
import { clearToast, go, h, main, playerName, toast } from "./dom.js";
import { currentLang, fixed, msg, t } from "./i18n.js";
import { afterAuth, me, preferredVariant, refreshMe, variantName } from "./session.js";
import { setBan } from "./moderation.js";
import { provisionalMark } from "./provisional.js";  // the "?" that explains itself

/** @typedef {import("./api.js").Json} Json */

/** The shortest password the server takes (``nardy.server.auth.MIN_PASSWORD``). */
export const MIN_PASSWORD = 8;

/** @param {"login" | "register"} kind */
export function authPage(kind) {
  const signUp = kind === "register";
  /** @param {string} field  a new account's field is described by its rule, shown before it is broken */
  const rule = (field) => signUp ? { "aria-describedby": `${kind}-${field}-rule ${kind}-${field}-error` } : {};
  const user = h("input", { name: "username", id: `${kind}-username`, autocomplete: "username", required: true,
    ...rule("username") });
  const pass = h("input", { name: "password", id: `${kind}-password`, type: "password", required: true,
    autocomplete: signUp ? "new-password" : "current-password", ...rule("password") });
  /** A field's rule, and the place for a refusal of it that the rule does not say. @param {string} field @param {string} text */
  const hint = (field, text) => signUp ? [h("p", { class: "small", id: `${kind}-${field}-rule` }, text),
    h("p", { class: "small bad", id: `${kind}-${field}-error`, role: "alert", hidden: true })] : "";
  // A rule broken turns red under its field, both at once: the server names one
  // problem at a time, and a short password is known here without asking. A sign-up's
  // refusal that belongs to a field is said there, once (not again in a toast): the
  // rule turned red when it says the same, else the refusal under the rule.
  /** @param {HTMLInputElement} input @param {string} field @param {boolean} broken @param {string} [why] */
  const mark = (input, field, broken, why = "") => {
    input.setAttribute("aria-invalid", broken ? "true" : "false");
    const ruleEl = document.getElementById(`${kind}-${field}-rule`);
    ruleEl?.classList.toggle("bad", broken);
    const said = document.getElementById(`${kind}-${field}-error`);
    // (the server's words begin lowercase as the catalogue's do; the toast capitalised them)
    const told = why && why.toLowerCase() !== (ruleEl?.textContent ?? "").toLowerCase() ? why.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : "";
    if (said) { said.textContent = told; said.hidden = !told; }
  };
  /** The field a sign-up's refusal is about, by its code; null: the form's as a whole. @param {string | undefined} code */
  const fieldOf = (code) => (!signUp ? null : code === "bad-password" ? "password"
    : ["bad-username", "username-taken", "username-confusable", "name-reserved"].includes(code ?? "") ? "username" : null);
  const form = h("form", { class: "card", id: `${kind}-form`, onsubmit: async (ev) => {
    ev.preventDefault();
    // (the name's mark stays until the server has judged the name again: it does not blink)
    if (signUp) mark(pass, "password", pass.value.length < MIN_PASSWORD);
    try {
      await call("POST", `/api/${kind}`, { username: user.value, password: pass.value });
      // (a refusal of a try before is no news once in: its toast goes with the form)
      clearToast();
      await refreshMe(); leaveAuth();
    } catch (e) {
      const { code, message } = /** @type {Error & { code?: string }} */ (e);
      const field = fieldOf(code);
      if (signUp) mark(user, "username", field === "username", field === "username" ? message : "");
      if (field === "password") mark(pass, "password", true, message);
      if (!field) toast(message);
    }
  } }, h("h2", {}, signUp ? t("register") : t("login")),
  h("label", { for: user.id }, t("username")), user, hint("username", msg("error.bad-username")),
  h("label", { for: pass.id }, t("password")), pass, hint("password", msg("error.password-short", { n: MIN_PASSWORD })),
  h("button", { class: "big", type: "submit" }, signUp ? t("registerBtn") : t("loginBtn")),
  // (the club keeps no e-mail: a forgotten password is reset by its operator)
  signUp ? "" : h("p", { class: "small", id: "forgot-password" }, t("forgotPassword")));
  const other = kind === "login" ? h("a", { href: "/register", "data-link": true }, t("register"))
    : h("a", { href: "/login", "data-link": true }, t("login"));
  main.replaceChildren(form, h("p", {}, other));
}

/**
 * Logged in: back to the page he came from (or the lobby), the log-in page out of the
 * history, so that a reload does not show its form again and Back goes where he was
 * before it. Opened from a page of the club (app.js keeps it in the history's state),
 * it is that page's entry again; opened by its address, it becomes the page.
 */
function leaveAuth() {
  const next = afterAuth();
  if (history.state && history.state.authFrom === next) { history.back(); return; }
  history.replaceState({}, "", next);
  dispatchEvent(new PopStateEvent("popstate"));  // (the router draws the page at the address)
}

/** A member's own profile is his public one with his settings; a guest's lists his games. */
export async function profilePage() {
  if (me && me.user.username) { await playerPage(me.user.username, true); return; }
  const data = await call("GET", "/api/me");
  // Three columns, as a member's profile has (six had run off a phone's screen): the
  // game (its date, the match, his colour), the opponent, and where it stands — the
  // result in his own words ("Победа, марс") once it is over.
  /** @param {Json} g */
  const standing = (g) => {
    if (g.status !== "over") return t("status")[g.status] || g.status;
    if (g.mode !== "local" && (g.won != null || g.length)) {
      return outcomeWords({ won: g.won, kind: g.result && g.result.kind, length: g.length, score: g.score });
    }
    // (one device: both sides were his, so the side that won is the result)
    return g.result ? `${g.result.winner ? t(g.result.winner) : t("draw")}, ${t("kinds")[g.result.kind] || g.result.kind}` : "";
  };
  const rows = data.games.map((/** @type {Json} */ g) => h("tr", {},
    h("td", { class: "game-cell" }, variantName(g.variant),
      h("div", { class: "small" }, h("time", { datetime: g.created_at }, playedWhen(g.created_at)),
        g.length ? ` · ${t("matchTo")(g.length)}` : "", g.color ? ` · ${t(g.color)}` : "")),
    h("td", {}, g.opponent === "computer" ? t("computer") : g.opponent === "local" ? t("local") : (g.opponent ? playerName(g.opponent) : "…")),
    h("td", {}, h("div", { class: g.won ? "outcome won" : g.won === false ? "outcome lost" : "outcome" }, standing(g)),
      h("div", { class: "links" }, h("a", { href: `/game/${g.id}`, "data-link": true }, t("open"))))));
  // an anonymous visitor (no user stored until he acts) is "Guest" in his language
  const title = h("h2", { id: "player-name" }, data.user.id === null ? t("guest") : playerName(data.user.name));
  main.replaceChildren(h("div", { class: "card" }, title,
    data.user.guest ? h("p", {}, h("a", { href: "/register", "data-link": true }, t("register"))) : null,
    h("p", {}, h("a", { href: "/stats/me", "data-link": true }, t("diceStats")))),
  nameCard(data.user, (/** @type {string} */ name) => { title.textContent = name; }),
  h("div", { class: "card" }, h("h2", {}, t("history")), rows.length ? h("div", { class: "table-scroll" }, h("table", { id: "history" },
    h("tr", {}, [t("variant"), t("opponent"), t("result")].map((x) => h("th", {}, x))),
    rows)) : h("p", { id: "no-games" }, t("noGames"))));
}

/** Set when a guest would rather not be asked for a name on the home page. */
export const NAME_LATER = "nardy-name-later";

/**
 * A guest's name card: he chooses the name the others see (a member is called by his
 * username); on the profile and, while his name is the default one, on the home page.
 * @param {Json} user @param {(name: string) => unknown} saved  what follows a saved name
 * @param {boolean} [later]  with a "Not now" that stops asking on the home page
 */
export function nameCard(user, saved, later = false) {
  // a default name ("Guest-7") is not offered for editing: the field starts empty
  const input = h("input", { name: "display_name", id: "display-name", maxlength: 30, autocomplete: "nickname",
    value: user.id === null || playerName(user.name) !== user.name ? "" : user.name,
    placeholder: user.id === null ? t("guest") : playerName(user.name) });
  const form = h("form", { class: "card", id: "name-form", onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      const { user: renamed } = await call("PUT", "/api/me/name", { name: input.value });
      input.value = renamed.name;
      await refreshMe();
      toast(t("nameSaved"), "info");
      saved(renamed.name);
    } catch (e) { toast(/** @type {Error} */ (e).message); }
  } }, h("h2", {}, h("label", { for: "display-name" }, t("yourName"))), h("p", { class: "small" }, t("yourNameNote")),
  input, h("button", { type: "submit", id: "save-name", class: "secondary" }, t("saveName")));
  if (later) {
    form.append(" ", h("button", { type: "button", id: "name-later", class: "plain", onclick: () => {
      localStorage.setItem(NAME_LATER, "1"); form.remove();
    } }, t("notNow")));
  }
  return form;
}

/** @param {string} name */
export async function statsPage(name) {
  const url = name === "me" ? "/api/me/dice-stats" : `/api/users/${encodeURIComponent(name)}/dice-stats`;
  const s = await call("GET", url);
  const head = h("tr", {}, h("th", {}, ""), [1, 2, 3, 4, 5, 6].map((d) => h("th", {}, d)));
  const body = s.counts.map((/** @type {number[]} */ row, /** @type {number} */ i) => h("tr", {}, h("th", {}, i + 1), row.map((n) => h("td", {}, n))));
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, `${t("diceStats")}: ${playerName(s.user)}`),
    h("p", {}, `${t("rolls")}: ${s.rolls}; ${msg("web.expected-each", { n: fixed(s.expected_each, 2) })}`),
    h("table", { id: "dice-table" }, head, body),
    h("p", {}, `${t("doublesRate")}: ${s.doubles_rate == null ? "—" : fixed(100 * s.doubles_rate, 1) + "%"} (${t("expected")} ${fixed(100 / 6, 1)}%)`),
    h("p", {}, `1…6: ${s.faces.join(", ")} (${t("expected")} ${fixed(s.expected_face, 1)})`)));
}


// -- public profiles ------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
/** The rating pools in the server's order (nardy/server/ratings.py). */
const POOLS = ["long", "short"];

/**
 * An SVG element. @param {string} tag @param {Record<string, string | number>} [attrs] @param {...(Node | string)} kids
 * @returns {SVGElement}
 */
function s(tag, attrs = {}, ...kids) {
  const e = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...kids);
  return e;
}

/** Round numbers for an axis from lo to hi (about n of them). @param {number} lo @param {number} hi @param {number} n */
function ticks(lo, hi, n) {
  const raw = (hi - lo) / n, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((f) => f * mag).find((x) => x >= raw) ?? raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(v);
  return out;
}

/**
 * The rating graph: one line per pool over time, axes labelled (rating, date).
 * @param {Record<string, Json[]>} history  per pool: [{at, rating, ...}] oldest first
 * @returns {SVGElement}
 */
export function ratingGraph(history) {
  // drawn at the width it is shown at (the phone's too), so the labels keep their size
  const W = Math.round(Math.max(300, Math.min(720, main.clientWidth - 56))), H = W < 500 ? 230 : 280;
  const L = 56, R = 14, T = 14, B = 52;
  const played = POOLS.flatMap((p) => (history[p] || []).map((x) => ({ pool: p, at: Date.parse(x.at), r: x.rating, start: false,
    game: /** @type {string | null} */ (x.game ?? null), opponent: /** @type {string | null} */ (x.opponent ?? null),
    opponentRating: /** @type {number | null} */ (x.opponent_rating ?? null) })));
  // each line starts from the rating before its first match (1,500 for a new member),
  // drawn a little before that match so the first change is a slope, not a jump
  const first = Math.min(...played.map((p) => p.at)), last = Math.max(...played.map((p) => p.at));
  const lead = Math.max(36e5, (last - first) / 20);
  const pts = POOLS.flatMap((p) => {
    const h0 = (history[p] || [])[0];
    /** @type {typeof played} */
    const start = h0 ? [{ pool: p, at: Date.parse(h0.at) - lead, r: h0.rating - h0.delta, start: true, game: null, opponent: null, opponentRating: null }] : [];
    return start;
  }).concat(played).sort((a, b) => a.at - b.at);
  let t0 = Math.min(...pts.map((p) => p.at)), t1 = Math.max(...pts.map((p) => p.at));
  if (t1 - t0 < 864e5) { t0 -= 432e5; t1 += 432e5; }  // at least a day wide
  let r0 = Math.min(1500, ...pts.map((p) => p.r)), r1 = Math.max(1500, ...pts.map((p) => p.r));
  r0 = Math.floor((r0 - 25) / 50) * 50; r1 = Math.ceil((r1 + 25) / 50) * 50;
  const x = (/** @type {number} */ v) => L + ((v - t0) / (t1 - t0)) * (W - L - R);
  const y = (/** @type {number} */ v) => T + ((r1 - v) / (r1 - r0)) * (H - T - B);
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-graph", id: "rating-graph", role: "img", "aria-label": t("ratingGraph") });
  for (const v of ticks(r0, r1, 4)) {
    svg.append(s("line", { class: "grid", x1: L, x2: W - R, y1: y(v), y2: y(v) }),
      s("text", { class: "tick", x: L - 6, y: y(v) + 4, "text-anchor": "end" }, String(v)));
  }
  const days = Math.max(1, Math.round((t1 - t0) / 864e5));
  let shown = "";
  for (let i = 0; i <= 3; i++) {
    const at = t0 + ((t1 - t0) * i) / 3;
    const label = new Date(at).toLocaleDateString(currentLang(), days > 300 ? { year: "numeric", month: "short" } : { month: "short", day: "numeric" });
    if (label === shown) continue;  // a short span: one date under several ticks once
    shown = label;
    svg.append(s("text", { class: "tick", x: x(at), y: H - B + 18, "text-anchor": i === 0 ? "start" : i === 3 ? "end" : "middle" }, label));
  }
  svg.append(s("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }), s("line", { class: "axis", x1: L, x2: W - R, y1: H - B, y2: H - B }),
    s("text", { class: "axis-label", x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle" }, t("axisDate")),
    s("text", { class: "axis-label", x: 14, y: (T + H - B) / 2, "text-anchor": "middle", transform: `rotate(-90 14 ${(T + H - B) / 2})` }, t("rating")));
  for (const pool of POOLS) {
    const mine = pts.filter((p) => p.pool === pool);
    if (!mine.length) continue;
    svg.append(s("polyline", { class: `line pool-${pool}`, points: mine.map((p) => `${x(p.at).toFixed(1)},${y(p.r).toFixed(1)}`).join(" ") }));
    for (const p of mine) {
      // (the title: the rating and date as a tooltip, and what a screen reader says)
      const when = new Date(p.at).toLocaleDateString(currentLang(), { year: "numeric", month: "short", day: "numeric" });
      const vs = p.opponent ? ` · ${msg("web.rating-point-vs", { name: playerName(p.opponent) })}`
        + (p.opponentRating != null ? ` (${p.opponentRating})` : "") : "";
      const pt = s("circle", { class: `pt pool-${pool}${p.start ? " start" : ""}`, cx: x(p.at).toFixed(1), cy: y(p.r).toFixed(1), r: 3.5 },
        s("title", {}, p.start ? `${Math.round(p.r)}` : `${Math.round(p.r)} · ${when}${vs}`));
      if (p.game) {
        // a point opens its game's replay (by a click, or Enter from the keyboard)
        const href = `/replay/${p.game}`;
        pt.dataset.game = p.game;
        pt.setAttribute("tabindex", "0"); pt.setAttribute("role", "link");
        pt.style.cursor = "pointer";
        pt.addEventListener("click", () => go(href));
        pt.addEventListener("keydown", (ev) => { if (/** @type {KeyboardEvent} */ (ev).key === "Enter") go(href); });
      }
      svg.append(pt);
    }
  }
  return svg;
}

/** The result of a game as words: "Победа, марс", "Поражение · 3:5". @param {Json} g */
export function outcomeWords(g) {
  if (g.won == null) return t("draw");
  let text = g.won ? t("outcomeWon") : t("outcomeLost");
  const kinds = t("kinds");
  // (a match: how its last game ended, then the score)
  if (g.kind && !["single", "oin", "draw"].includes(g.kind)) text += `, ${kinds[g.kind] || g.kind}`;
  // (how it ended, when not by bearing off: "Lost, resigned", as "Lost, on time")
  if (g.reason === "resign") text += `, ${t(g.won ? "historyTheyResigned" : "historyResigned")}`;
  else if (g.reason === "drop") text += `, ${t(g.won ? "historyTheyDropped" : "historyDropped")}`;
  if (g.length && g.score) text += ` · ${g.score[0]}:${g.score[1]}`;
  return text;
}

/**
 * When a game of the history was played: the time of day for a recent one ("today
 * 21:40", "12/7 21:40"), the date alone for an older one; in the reader's locale.
 * @param {string} iso @param {Date} [now]
 */
export function playedWhen(iso, now = new Date()) {
  const d = new Date(iso), lang = currentLang();
  const time = d.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" });
  const day = (/** @type {Date} */ x) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((day(now) - day(d)) / 864e5);
  if (days === 0) return msg("web.history-today", { time });
  if (days === 1) return msg("web.history-yesterday", { time });
  if (days > 1 && days < 30) return `${d.toLocaleDateString(lang, { month: "numeric", day: "numeric" })} ${time}`;
  return d.toLocaleDateString(lang);
}

/** What a rated game moved the rating: "+12.3", "−8.1" (up or down). @param {number} delta */
function ratingDelta(delta) {
  const up = delta >= 0;
  return h("span", { class: `rating-change rating-delta ${up ? "up" : "down"}`, title: t("ratingDeltaTitle") },
    `${up ? "+" : "−"}${Math.abs(delta)}`);
}

/** @param {Json} r a pool's rating, or undefined */
function ratingLine(r) {
  if (!r) return h("span", { class: "small" }, t("noRating"));
  return h("span", {}, h("b", { class: "rating-value" }, r.rating.toFixed(0)), ` · ${t("rd")} ${r.rd.toFixed(0)} · `,
    msg("web.rated-matches", { n: r.games }), r.provisional ? h("span", { class: "provisional-word" }, ` · ${t("provisional")}`, provisionalMark()) : null);
}

/**
 * A member's profile page.
 * @param {string} name  his username
 * @param {boolean} [own]  his own (with his play settings)
 */
export async function playerPage(name, own = false) {
  const base = `/api/players/${encodeURIComponent(name)}`;
  const p = await call("GET", base);
  // The filters and the page are kept in the address (?variant=…&page=…): Back from a
  // replay, a reload or a shared link comes back to the same page of the same games.
  const path = location.pathname;
  const asked = new URLSearchParams(location.search);
  const filters = { variant: h("select", { name: "variant", "aria-label": t("variant") }, h("option", { value: "" }, t("filterAll")),
    me.variants.map((/** @type {Json} */ v) => h("option", { value: v.name }, v[currentLang()]))),
  result: h("select", { name: "result", "aria-label": t("result") }, ["", "won", "lost"].map((v) => h("option", { value: v }, t(v ? (v === "won" ? "filterWon" : "filterLost") : "filterAll")))),
  rated: h("select", { name: "rated", "aria-label": t("filterRatedLabel") }, ["", "true", "false"].map((v) => h("option", { value: v }, t(v ? (v === "true" ? "filterRated" : "filterUnrated") : "filterAll")))),
  opponent: h("input", { name: "opponent", placeholder: t("filterOpponent"), "aria-label": t("opponent"), maxlength: 40 }) };
  for (const [k, el] of Object.entries(filters)) el.value = asked.get(k) ?? "";
  const table = h("table", { id: "history", class: "history" });
  const pager = h("div", { class: "pager" });
  let page = Math.max(0, Math.min(100_000, Number.parseInt(asked.get("page") ?? "0", 10) || 0));
  async function load() {
    /** @type {Record<string, string>} */
    const chosen = {};
    for (const [k, el] of Object.entries(filters)) if (el.value) chosen[k] = el.value;
    const games = (await call("GET", `${base}?${new URLSearchParams({ ...chosen, page: String(page) })}`)).games;
    const pages = Math.max(1, Math.ceil(games.total / games.size));
    if (page >= pages) { page = pages - 1; await load(); return; }  // (a page since emptied)
    if (location.pathname === path) {
      const shown = new URLSearchParams(page ? { ...chosen, page: String(page) } : chosen).toString();
      window.history.replaceState(window.history.state, "", shown ? `${path}?${shown}` : path);
    }
    table.replaceChildren(h("tr", {}, [t("variant"), t("opponent"), t("result")].map((x) => h("th", {}, x))),
      ...games.items.map((/** @type {Json} */ g) => h("tr", {},
        h("td", { class: "game-cell" }, variantName(g.variant),
          h("div", { class: "small" }, h("time", { datetime: g.at }, playedWhen(g.at)),
            g.length ? ` · ${t("matchTo")(g.length)}` : "", g.rated && g.rating_delta == null ? h("span", { class: "rated" }, ` · ${t("ratedMark")}`) : null)),
        h("td", {}, g.opponent === "computer" ? t("computer")
          : g.opponent_username ? h("a", { href: `/players/${encodeURIComponent(g.opponent_username)}`, "data-link": true }, g.opponent) : (g.opponent ? playerName(g.opponent) : "…"),
          // (whom a rated change was against: a win over a stronger player gains more)
          g.opponent_rating != null ? h("div", { class: "small opponent-rating" }, msg("web.opponent-rating", { rating: g.opponent_rating })) : null),
        h("td", {}, h("div", { class: g.won ? "outcome won" : g.won === false ? "outcome lost" : "outcome" }, outcomeWords(g),
          g.rated && g.rating_delta != null ? [" ", ratingDelta(g.rating_delta)] : null),
          h("div", { class: "links" }, h("a", { href: `/replay/${g.id}`, "data-link": true }, t("historyReplay")), " · ",
            h("a", { href: `/game/${g.id}`, "data-link": true }, t("historyReview")))))),
      ...(games.total ? [] : [h("tr", {}, h("td", { colspan: 3 }, t("noGames")))]));
    pager.replaceChildren(
      h("button", { type: "button", id: "newer", disabled: page === 0, onclick: () => { page -= 1; load(); } }, t("prevPage")),
      h("span", {}, msg("web.page-of", { n: page + 1, total: pages })),
      h("button", { type: "button", id: "older", disabled: page + 1 >= pages, onclick: () => { page += 1; load(); } }, t("nextPage")));
  }
  const form = h("form", { class: "filters", id: "filters", onsubmit: (ev) => { ev.preventDefault(); page = 0; load().catch((e) => toast(e.message)); } },
    // each select under a short visible label (they read "All / All / All" without)
    h("label", { class: "filter" }, h("span", { class: "small" }, t("variant")), " ", filters.variant),
    h("label", { class: "filter" }, h("span", { class: "small" }, t("result")), " ", filters.result),
    h("label", { class: "filter" }, h("span", { class: "small" }, t("filterRatedLabel")), " ", filters.rated),
    filters.opponent, h("button", { type: "submit" }, t("show")));
  const st = p.stats;
  const history = p.rating_history;
  const rated = POOLS.some((pool) => (history[pool] || []).length);
  /** @type {HTMLElement[]} */
  const cards = [
    h("div", { class: "card" }, h("h2", { id: "player-name" }, p.name,
      p.moderator ? h("span", { class: "badge" }, t("moderator")) : null, p.banned ? h("span", { class: "badge bad" }, t("banned")) : null),
    h("h3", {}, t("ratings")),
    h("ul", { class: "ratings", id: "ratings" }, POOLS.map((pool) => h("li", {}, h("span", { class: `swatch pool-${pool}` }), `${t("pools")[pool]}: `, ratingLine(p.ratings[pool])))),
    rated ? ratingGraph(history) : null,
    // why a rating moves as it does: a +80 for one win reads as a bug without it
    rated ? h("p", { class: "small", id: "rating-explained" }, msg("web.rating-explained")) : null,
    POOLS.some((pool) => p.ratings[pool] && p.ratings[pool].provisional)
      ? h("p", { class: "small", id: "provisional-explained" }, t("provisionalNote")) : null,
    h("p", {}, h("a", { href: "/leaders", "data-link": true }, t("leaders")), " · ",
      h("a", { href: own ? "/stats/me" : `/stats/${encodeURIComponent(name)}`, "data-link": true }, t("diceStats"))),
    await relations(name),
    // a moderator bans (or lifts the ban of) a member who is not a moderator himself
    me && me.user.moderator && !own && !p.moderator && me.user.username !== name
      ? h("p", {}, h("button", { type: "button", id: "ban", class: "warn", onclick: () =>
        setBan(name, p.name, !p.banned).then((done) => { if (done) playerPage(name); }).catch((e) => toast(e.message)) },
      t(p.banned ? "modUnban" : "modBan")))
      : null),
    h("div", { class: "card" }, h("h2", {}, t("statistics")), h("table", { class: "stats", id: "stats" },
      [[t("statGames"), st.games], [t("statWins"), st.wins], [t("statLosses"), st.losses],
        [t("statMars"), `${st.mars_won} / ${st.mars_lost}`], [t("statKoks"), `${st.koks_won} / ${st.koks_lost}`],
        [t("statErrorRate"), st.error_rate == null ? t("statErrorRateNone") : `${fixed(st.error_rate, 1)} (${st.reviewed})`]]
        .map(([k, v]) => h("tr", {}, h("th", {}, k), h("td", {}, v))))),
    ...tournamentsCard(p.tournaments),
  ];
  if (own) cards.push(...await currentGames(), settingsCard(), passwordCard(), await blockedCard());
  cards.push(h("div", { class: "card" }, h("h2", {}, t("gamesOf")), form, h("div", { class: "table-scroll" }, table), pager));
  if (own) cards.push(closeCard());  // (last: the one thing on the page that cannot be undone)
  main.replaceChildren(...cards);
  await load();
}

/**
 * The public tournaments a player entered, with his place in the finished ones and how
 * many he won; nothing when he entered none.
 * @param {Json} tn  the profile's tournaments: {won, entered, items}
 */
function tournamentsCard(tn) {
  if (!tn || !tn.entered) return [];
  const items = tn.items.map((/** @type {Json} */ x) => h("li", {},
    h("a", { href: `/tournaments/${x.id}`, "data-link": true }, x.name),
    ` · ${t("tournamentFormats")[x.format] ?? x.format} · ${variantName(x.variant)} · `,
    x.place == null ? t("tournamentStatus")[x.status] ?? x.status
      : h("b", { class: x.place === 1 ? "won" : "" }, msg("web.profile-tournament-place", { place: x.place, n: x.players ?? "?" }))));
  return [h("div", { class: "card", id: "profile-tournaments" },
    h("h2", {}, t("tournaments")),
    h("p", {}, msg("web.profile-tournaments-won", { won: tn.won, entered: tn.entered })),
    h("ul", { class: "tournament-results" }, items))];
}

/** One's games not finished yet (the profile lists the finished ones), to go back to. */
async function currentGames() {
  const games = (await call("GET", "/api/me")).games.filter((/** @type {Json} */ g) => g.status !== "over");
  if (!games.length) return [];
  return [h("div", { class: "card" }, h("h2", {}, t("currentGames")), h("ul", { id: "current-games" },
    games.map((/** @type {Json} */ g) => h("li", {}, h("a", { href: `/game/${g.id}`, "data-link": true }, variantName(g.variant)),
      ` · ${g.opponent === "computer" ? t("computer") : g.opponent === "local" ? t("local") : (g.opponent ? playerName(g.opponent) : "…")} · ${t("status")[g.status] || g.status}`))))];
}

/** The way to the member's settings (the play settings among them: the settings page). */
function settingsCard() {
  return h("div", { class: "card settings" }, h("h2", {}, t("settings")),
    h("p", {}, h("a", { href: "/settings", "data-link": true, id: "profile-settings" }, t("allSettings"))));
}

/** The member's password (the current one and a new one: his other devices are logged
 * out), and logging out his other devices alone. */
function passwordCard() {
  const current = h("input", { type: "password", id: "password-current", autocomplete: "current-password", required: true });
  const fresh = h("input", { type: "password", id: "password-new", autocomplete: "new-password", required: true,
    minlength: MIN_PASSWORD, "aria-describedby": "password-new-rule" });
  const done = h("p", { class: "small", id: "password-changed", role: "status" });
  const form = h("form", { class: "card password", id: "password-form", onsubmit: async (ev) => {
    ev.preventDefault();
    done.textContent = "";
    try {
      await call("PUT", "/api/me/password", { current: current.value, new: fresh.value });
      form.reset();
      done.textContent = t("passwordChanged");
    } catch (e) { toast(/** @type {Error} */ (e).message); }
  } }, h("h2", {}, t("passwordAndDevices")),
  h("label", { for: current.id }, t("passwordCurrent")), current,
  h("label", { for: fresh.id }, t("passwordNew")), fresh,
  h("p", { class: "small", id: "password-new-rule" }, msg("error.password-short", { n: MIN_PASSWORD })),
  h("button", { type: "submit", id: "password-change", class: "secondary" }, t("passwordChange")), " ",
  // (a browser left logged in somewhere: ended without changing the password)
  h("button", { type: "button", id: "logout-others", class: "secondary", onclick: async () => {
    done.textContent = "";
    try { done.textContent = msg("web.logged-out-others", { n: (await call("POST", "/api/me/logout-others")).ended }); }
    catch (e) { toast(/** @type {Error} */ (e).message); }
  } }, t("logoutOthers")), done);
  return form;
}

/** Closing the member's account: what it does, his password, and a last question. */
function closeCard() {
  const pass = h("input", { type: "password", id: "close-password", autocomplete: "current-password", required: true });
  return h("form", { class: "card", id: "close-form", onsubmit: async (ev) => {
    ev.preventDefault();
    if (!confirm(t("closeConfirm"))) return;
    try {
      await call("POST", "/api/me/close", { password: pass.value });
      await refreshMe();
      toast(t("accountClosed"), "info");
      go("/");
    } catch (e) { toast(/** @type {Error} */ (e).message); }
  } }, h("h2", {}, t("closeAccount")), h("p", { class: "small" }, t("closeAccountText")),
  h("label", { for: pass.id }, t("password")), pass,
  h("button", { type: "submit", id: "close-account", class: "secondary warn" }, t("closeAccount")));
}

/** The players the member blocked, each with an Unblock button. */
/**
 * What a member does about another from his profile, as lichess offers it there: follow
 * (or unfollow), challenge him (the lobby's challenge form, his name in it), block (or
 * unblock). The lobby's list offered these only
 * for those online. None for a visitor, a guest or his own profile.
 * @param {string} username
 */
async function relations(username) {
  if (!me || me.user.id == null || me.user.guest || me.user.username === username) return null;
  const row = h("p", { class: "relations", id: "relations" });
  /** @param {string} method @param {string} what */
  const change = (method, what) => call(method, `/api/${what}/${encodeURIComponent(username)}`).then(draw).catch((e) => toast(e.message));
  async function draw() {
    const f = await call("GET", "/api/friends");
    const follows = f.following.some((/** @type {Json} */ x) => x.name === username);
    const blocks = f.blocked.some((/** @type {Json} */ x) => x.name === username);
    row.replaceChildren(...[
      h("button", { type: "button", id: "follow", class: "secondary", onclick: () => change(follows ? "DELETE" : "POST", "friends") },
        t(follows ? "lobbyUnfollow" : "lobbyFollow")),
      // (the lobby's challenge form, his name in it: the terms are chosen there)
      blocks ? null : h("button", { type: "button", id: "challenge", class: "secondary",
        onclick: () => go(`/?challenge=${encodeURIComponent(username)}`) }, t("lobbyChallenge")),
      h("button", { type: "button", id: "block", class: "secondary", onclick: () => change(blocks ? "DELETE" : "POST", "blocks") },
        t(blocks ? "lobbyUnblock" : "lobbyBlock"))].filter((x) => x !== null));
  }
  await draw();
  return row;
}

async function blockedCard() {
  const { blocked } = await call("GET", "/api/friends");
  const list = h("ul", { id: "blocked" });
  const empty = h("p", { class: "small", hidden: blocked.length > 0 }, t("noBlocked"));
  list.append(...blocked.map((/** @type {Json} */ p) => {
    const li = h("li", {}, h("a", { href: `/players/${encodeURIComponent(p.name)}`, "data-link": true }, p.name), " ",
      h("button", { type: "button", class: "unblock", onclick: async () => {
        try {
          // the chat's route: it also tells the member's open chats to show him again
          await call("DELETE", `/api/chat/blocks/${p.id}`);
          li.remove(); empty.hidden = list.children.length > 0;
          toast(msg("web.unblocked", { name: p.name }), "info", true);
        } catch (e) { toast(/** @type {Error} */ (e).message); }
      } }, t("lobbyUnblock")));
    return li;
  }));
  return h("div", { class: "card" }, h("h2", {}, t("blockedPlayers")), list, empty);
}
