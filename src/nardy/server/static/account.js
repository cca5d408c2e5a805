// @ts-check
// The account pages: log in, sign up, the profile with the game history, dice statistics.
import { call } from "./api.js";
import { go, h, main, toast } from "./dom.js";
import { currentLang, t } from "./i18n.js";
import { refreshMe, variantName } from "./session.js";

/** @typedef {import("./api.js").Json} Json */

/** @param {"login" | "register"} kind */
export function authPage(kind) {
  const user = h("input", { name: "username", autocomplete: "username", required: true });
  const pass = h("input", { name: "password", type: "password", required: true,
    autocomplete: kind === "login" ? "current-password" : "new-password" });
  const form = h("form", { class: "card", id: `${kind}-form`, onsubmit: async (ev) => {
    ev.preventDefault();
    try { await call("POST", `/api/${kind}`, { username: user.value, password: pass.value }); await refreshMe(); go("/profile"); }
    catch (e) { toast(/** @type {Error} */ (e).message); }
  } }, h("h2", {}, kind === "login" ? t("login") : t("register")),
  h("label", {}, t("username")), user, h("label", {}, t("password")), pass,
  h("button", { class: "big", type: "submit" }, kind === "login" ? t("loginBtn") : t("registerBtn")));
  const other = kind === "login" ? h("a", { href: "/register", "data-link": true }, t("register"))
    : h("a", { href: "/login", "data-link": true }, t("login"));
  main.replaceChildren(form, h("p", {}, other));
}

export async function profilePage() {
  const data = await call("GET", "/api/me");
  const rows = data.games.map((/** @type {Json} */ g) => h("tr", {},
    h("td", {}, new Date(g.created_at).toLocaleString(currentLang())),
    h("td", {}, variantName(g.variant)),
    h("td", {}, g.opponent === "computer" ? t("computer") : g.opponent === "local" ? t("local") : (g.opponent || "…")),
    h("td", {}, g.color ? t(g.color) : ""),
    h("td", {}, t("status")[g.status] || g.status),
    h("td", {}, g.length ? `${t("matchTo")(g.length)}${g.score ? `: ${g.score[0]}–${g.score[1]}` : ""}${g.won == null ? "" : g.won ? " ✓" : " ✗"}`
      : g.result ? `${g.result.winner ? t(g.result.winner) : t("draw")}, ${t("kinds")[g.result.kind] || g.result.kind}` : ""),
    h("td", {}, h("a", { href: `/game/${g.id}`, "data-link": true }, t("open")))));
  // an anonymous visitor (no user stored until he acts) is "Guest" in his language
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, data.user.id === null ? t("guest") : data.user.name),
    data.user.guest ? h("p", {}, h("a", { href: "/register", "data-link": true }, t("register"))) : null,
    h("p", {}, h("a", { href: "/stats/me", "data-link": true }, t("diceStats")))),
  h("div", { class: "card" }, h("h2", {}, t("history")), h("table", { id: "history" },
    h("tr", {}, [t("date"), t("variant"), t("opponent"), t("white") + "/" + t("black"), "", t("result"), ""].map((x) => h("th", {}, x))),
    rows)));
}

/** @param {string} name */
export async function statsPage(name) {
  const url = name === "me" ? "/api/me/dice-stats" : `/api/users/${encodeURIComponent(name)}/dice-stats`;
  const s = await call("GET", url);
  const head = h("tr", {}, h("th", {}, ""), [1, 2, 3, 4, 5, 6].map((d) => h("th", {}, d)));
  const body = s.counts.map((/** @type {number[]} */ row, /** @type {number} */ i) => h("tr", {}, h("th", {}, i + 1), row.map((n) => h("td", {}, n))));
  main.replaceChildren(h("div", { class: "card" }, h("h2", {}, `${t("diceStats")}: ${s.user}`),
    h("p", {}, `${t("rolls")}: ${s.rolls}; ${t("expected")} ${s.expected_each.toFixed(2)} ${currentLang() === "ru" ? "на каждый из 36 исходов" : "per each of the 36 outcomes"}`),
    h("table", { id: "dice-table" }, head, body),
    h("p", {}, `${t("doublesRate")}: ${s.doubles_rate == null ? "—" : (100 * s.doubles_rate).toFixed(1) + "%"} (${t("expected")} 16.7%)`),
    h("p", {}, `1…6: ${s.faces.join(", ")} (${t("expected")} ${s.expected_face.toFixed(1)})`)));
}

