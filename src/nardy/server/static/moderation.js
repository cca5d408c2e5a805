// @ts-check
// The moderators' page: the reported chat messages, newest report first, each with its
// author; a moderator hides a message or bans its author here (and on a profile).
import { call } from "./api.js";
import { go, h, main, toast } from "./dom.js";
import { msg, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/**
 * Ban (``on``) or lift the ban of the member ``username``, asked to confirm a ban.
 * @param {string} username @param {string} name  as shown @param {boolean} on
 * @returns {Promise<boolean>} whether it was done
 */
export async function setBan(username, name, on) {
  if (on && !window.confirm(msg("web.mod-ban-confirm", { name }))) return false;
  await call("POST", `/api/players/${encodeURIComponent(username)}/${on ? "ban" : "unban"}`);
  toast(msg(on ? "web.mod-banned" : "web.mod-unbanned", { name }), "info", true);
  return true;
}

/** Where a message was written, in words, with a link to its game. @param {string} channel */
function where(channel) {
  const [kind, id] = channel.split(":");
  const words = t(`modChannel${kind.charAt(0).toUpperCase()}${kind.slice(1)}`);
  return id ? h("a", { href: `/game/${id}`, "data-link": true }, words) : words;
}

/** @param {Json} r  a report entry: {message, author, author_banned, reports, last_at} */
function row(r) {
  const m = r.message;
  const text = m.phrase !== undefined ? (t("chatPhrase")[m.phrase] ?? m.phrase) : m.text;
  const actions = h("td", { class: "mod-actions" });
  if (m.hidden) actions.append(h("span", { class: "badge" }, t("modHidden")));
  else {
    actions.append(h("button", { type: "button", class: "mod-hide warn", onclick: () =>
      call("POST", `/api/chat/messages/${m.id}/hide`).then(() => moderationPage()).catch((e) => toast(e.message)) }, t("modHide")));
  }
  if (r.author && !r.author_banned) {
    actions.append(h("button", { type: "button", class: "mod-ban warn", onclick: () =>
      setBan(r.author, m.name, true).then((done) => { if (done) moderationPage(); }).catch((e) => toast(e.message)) }, t("modBan")));
  } else if (r.author_banned) actions.append(h("span", { class: "badge bad" }, t("modBannedBadge")));
  return h("tr", { "data-id": m.id },
    h("td", {}, new Date(r.last_at).toLocaleString()),
    h("td", {}, where(m.channel)),
    h("td", { class: "name" }, r.author ? h("a", { href: `/players/${encodeURIComponent(r.author)}`, "data-link": true }, m.name) : m.name),
    h("td", { class: "mod-text" }, text),
    h("td", { "data-label": `${t("modCount")}: ` }, String(r.reports)),
    actions);
}

export async function moderationPage() {
  let data;
  try {
    data = await call("GET", "/api/chat/reports");
  } catch (e) {  // not a moderator (any more): say so, and go home
    toast(/** @type {Error} */ (e).message);
    go("/");
    return;
  }
  const reports = data.reports;
  main.replaceChildren(h("div", { class: "card", id: "moderation" }, h("h2", {}, t("modReports")),
    reports.length
      ? h("div", { class: "table-scroll" }, h("table", { id: "reports", class: "reports" },
        h("tr", {}, [t("modWhen"), t("modWhere"), t("modAuthor"), t("modText"), t("modCount"), ""].map((x) => h("th", {}, x))),
        reports.map(row)))
      : h("p", {}, t("modNone"))));
}
