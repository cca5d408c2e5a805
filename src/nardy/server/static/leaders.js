// @ts-check
// The leaderboard: the best ratings of each pool (established ones first).
import { call } from "./api.js";
import { h, main } from "./dom.js";
import { t } from "./i18n.js";
import { me, preferredVariant } from "./session.js";
import { provisionalMark } from "./provisional.js";  // the "?" that explains itself

/** @typedef {import("./api.js").Json} Json */

/**
 * @param {string} [chosen]  the pool whose tab was pressed; none: the family of the
 *   game the visitor plays (his last choice), or the other pool when his has nobody
 *   rated yet and it has (an empty tab first said "nobody" over a full one)
 */
export async function leadersPage(chosen) {
  const family = (/** @type {string} */ v) => (me.variants.find((/** @type {Json} */ x) => x.name === v) || {}).family || "long";
  let pool = chosen ?? family(preferredVariant());
  /** @param {string} p */
  const load = (p) => call("GET", `/api/leaderboard?pool=${encodeURIComponent(p)}`);
  let data = await load(pool);
  if (!chosen && !data.players.length) {
    const other = pool === "long" ? "short" : "long", theirs = await load(other);
    if (theirs.players.length) { pool = other; data = theirs; }
  }
  const tabs = h("div", { class: "tabs", role: "tablist" }, ["long", "short"].map((p) => h("button", {
    type: "button", role: "tab", id: `pool-${p}`, class: p === pool ? "active" : "", "aria-selected": p === pool ? "true" : "false",
    onclick: () => leadersPage(p),
  }, t("pools")[p])));
  // The provisional ratings (RD above 110, marked "?") come after the established ones,
  // as the server orders them, under a heading of their own and without a place: a
  // few lucky games do not rank a newcomer above the club's regulars (lichess leaves
  // them off its boards), and the heading says why a higher number stands lower.
  const mine = me && me.user && me.user.username;
  /** @param {Json} r */
  const row = (r) => {
    const own = Boolean(mine) && r.username === mine;
    const tr = h("tr", { class: own ? "player mine" : "player", "aria-current": own ? "true" : null, "data-username": r.username },
      h("td", {}, r.provisional ? "" : r.rank),
      h("td", { class: "name" }, h("a", { href: `/players/${encodeURIComponent(r.username)}`, "data-link": true }, own ? h("b", {}, r.name) : r.name),
        own ? ` (${t("you")})` : null),
      h("td", {}, h("b", {}, r.rating.toFixed(0)), r.provisional ? provisionalMark() : null),
      h("td", {}, r.rd.toFixed(0)),
      h("td", {}, r.games));
    if (own) tr.style.background = "var(--tint)";  // (the visitor finds himself at a glance)
    return tr;
  };
  const established = data.players.filter((/** @type {Json} */ r) => !r.provisional);
  const provisional = data.players.filter((/** @type {Json} */ r) => r.provisional);
  const rows = [...established.map(row),
    ...(provisional.length ? [h("tr", { class: "section", id: "leaders-provisional" },
      h("th", { colspan: 5, scope: "rowgroup" }, t("leadersProvisional")))] : []),
    ...provisional.map(row)];
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, t("leaders")), tabs,
    rows.length ? h("div", { class: "table-scroll" }, h("table", { id: "leaders", class: "leaders" },
      h("tr", {}, [t("rank"), t("player"), t("rating"), t("rd"), t("ratedGames")].map((x) => h("th", {}, x))), rows))
      : h("p", {}, t("nobodyRated")),
    h("p", { class: "small" }, t("provisionalNote"))));
}
