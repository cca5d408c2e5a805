// @ts-check
// The moderators' page: the chat messages with open reports, newest report first, each
// with its author and why it was reported; a moderator removes a message, mutes or bans
// its author, and marks the reports handled (dismissed, or dealt with) here. A member
// is muted or banned by name too; and the moderation log lists what was done, newest
// first, a page at a time. Every action may carry a reason, kept in the log.
import { call } from "./api.js";
import { go, h, main, toast } from "./dom.js";
import { msg, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */

/** The mutes on offer, in hours: an hour, a day, a week. */
const MUTE_HOURS = [1, 24, 168];
/** Log entries a page shows. */
const LOG_SIZE = 20;
/** The log's page shown (0: the newest). */
let logPage = 0;

/** The reason typed for the log, if any: a body for the API. @param {HTMLInputElement} input */
const noted = (input) => (input.value.trim() ? { reason: input.value.trim() } : {});

/**
 * Ban (``on``) or lift the ban of the member ``username``, asked to confirm a ban.
 * @param {string} username @param {string} name  as shown @param {boolean} on
 * @param {string} [reason]  the moderator's words for the log
 * @returns {Promise<boolean>} whether it was done
 */
export async function setBan(username, name, on, reason) {
  if (on && !window.confirm(msg("web.mod-ban-confirm", { name }))) return false;
  await call("POST", `/api/players/${encodeURIComponent(username)}/${on ? "ban" : "unban"}`, reason ? { reason } : {});
  toast(msg(on ? "web.mod-banned" : "web.mod-unbanned", { name }), "info", true);
  return true;
}

/**
 * Mute the member ``username``'s chat for ``hours`` (null: lift his mute).
 * @param {string} username @param {number | null} hours @param {object} note  {reason} or {}
 */
async function setMute(username, hours, note) {
  const path = `/api/players/${encodeURIComponent(username)}/${hours === null ? "unmute" : "mute"}`;
  const r = await call("POST", path, hours === null ? note : { ...note, hours });
  toast(hours === null ? msg("web.mod-unmuted", { name: r.name })
    : msg("web.mod-muted", { name: r.name, until: new Date(r.muted_until).toLocaleString() }), "info", true);
}

/** A mute's length in words ("24 hours", "7 days"). @param {number} hours */
const duration = (hours) => (hours % 24 === 0 && hours > 23 ? msg("web.mod-days", { n: hours / 24 }) : msg("web.mod-hours", { n: hours }));

/** The choice of a mute's length. */
const lengths = () => h("select", { class: "mod-mute-hours", "aria-label": t("modMuteFor") },
  MUTE_HOURS.map((n) => h("option", { value: n }, duration(n))));

/** Where a message was written, in words, with a link to its game. @param {string} channel */
function where(channel) {
  const [kind, id] = channel.split(":");
  const words = t(`modChannel${kind.charAt(0).toUpperCase()}${kind.slice(1)}`);
  return id ? h("a", { href: `/game/${id}`, "data-link": true }, words) : words;
}

/** A message's words: its text, or its quick phrase in the reader's language. @param {Json} m */
const said = (m) => (m.phrase !== undefined ? (t("chatPhrase")[m.phrase] ?? m.phrase) : m.text);

/** A member's name as a link to his profile. @param {string | null} username @param {string | null} name */
const member = (username, name) => (username ? h("a", { href: `/players/${encodeURIComponent(username)}`, "data-link": true }, name) : (name ?? "—"));

/** What a button does: then the page again, or the error as a toast. @param {() => Promise<unknown>} act */
const then = (act) => () => act().then((done) => { if (done !== false) moderationPage(); }).catch((e) => toast(e.message));

/** @param {Json} r  a report entry: {message, author, author_banned, author_muted_until, reports, reasons, last_at} */
function row(r) {
  const m = r.message;
  const note = h("input", { class: "mod-note", maxlength: 300, placeholder: t("modReason"), "aria-label": t("modReason") });
  const hours = lengths();
  const actions = h("div", { class: "mod-actions" });
  if (m.hidden) actions.append(h("span", { class: "badge" }, t("modHidden")));
  else {
    actions.append(h("button", { type: "button", class: "mod-hide warn", onclick: then(() =>
      call("POST", `/api/chat/messages/${m.id}/hide`)) }, t("modHide")));
  }
  if (r.author && !r.author_banned) {
    actions.append(
      h("span", { class: "mod-mute-group" }, hours, h("button", { type: "button", class: "mod-mute warn", onclick: then(() =>
        setMute(r.author, Number(hours.value), noted(note))) }, t("modMute"))),
      h("button", { type: "button", class: "mod-ban warn", onclick: then(() => setBan(r.author, m.name, true, note.value.trim())) }, t("modBan")));
  }
  const handled = h("div", { class: "mod-actions" },
    h("button", { type: "button", class: "mod-dismiss", onclick: then(() =>
      call("POST", `/api/chat/messages/${m.id}/handle`, { outcome: "dismissed", ...noted(note) })
        .then(() => toast(t("modHandled"), "info"))) }, t("modDismiss")),
    h("button", { type: "button", class: "mod-acted", onclick: then(() =>
      call("POST", `/api/chat/messages/${m.id}/handle`, { outcome: "acted", ...noted(note) })
        .then(() => toast(t("modHandled"), "info"))) }, t("modActed")));
  const reasons = t("chatReason");
  return h("tr", { "data-id": m.id },
    h("td", {}, new Date(r.last_at).toLocaleString()),
    h("td", {}, where(m.channel)),
    h("td", { class: "name" }, member(r.author, m.name),
      r.author_banned ? h("span", { class: "badge bad" }, t("modBannedBadge")) : null,
      r.author_muted_until ? h("span", { class: "badge mod-muted-badge" },
        msg("web.mod-muted-badge", { until: new Date(r.author_muted_until).toLocaleString() })) : null),
    h("td", { class: "mod-text" }, said(m)),
    h("td", { class: "mod-reasons", "data-label": `${t("modCount")}: ` }, String(r.reports), " — ",
      Object.entries(r.reasons).map(([k, n]) => h("span", { class: "mod-reason", "data-reason": k }, `${reasons[k] ?? k} ×${n}`))),
    h("td", { class: "mod-act" }, note, actions, handled));
}

/** The card that mutes or bans a member by name. */
function memberCard() {
  const name = h("input", { id: "mod-member", maxlength: 40, autocomplete: "off", placeholder: t("modMemberName"), "aria-label": t("modMemberName") });
  const note = h("input", { class: "mod-note", id: "mod-member-note", maxlength: 300, placeholder: t("modReason"), "aria-label": t("modReason") });
  const hours = lengths();
  /** The name typed, or a toast saying it is missing. */
  const who = () => name.value.trim();
  /** @param {string} cls @param {string} label @param {() => Promise<unknown>} act */
  const b = (cls, label, act) => h("button", { type: "button", class: cls, onclick: () => { if (who()) then(act)(); else name.focus(); } }, label);
  return h("div", { class: "card", id: "mod-member-card" }, h("h2", {}, t("modMember")),
    h("div", { class: "mod-form" }, name, note,
      h("div", { class: "mod-actions" },
        h("span", { class: "mod-mute-group" }, hours, b("warn", t("modMute"), () => setMute(who(), Number(hours.value), noted(note)))),
        b("", t("modUnmute"), () => setMute(who(), null, noted(note))),
        b("warn", t("modBan"), () => setBan(who(), who(), true, note.value.trim())),
        b("", t("modUnban"), () => setBan(who(), who(), false, note.value.trim())))));
}

/** What a log entry did, in words. @param {Json} e */
function action(e) {
  if (e.action === "mute") return msg("web.mod-action.mute", { hours: duration(e.detail.hours) });
  const words = t("modAction")[e.action] ?? e.action;
  if (e.action !== "dismiss" && e.action !== "act-on") return words;
  const d = e.detail;
  return h("span", {}, `${words} (${msg("web.mod-log-reports", { n: d.reports })}): `, h("q", { class: "mod-text" }, said(d)));
}

/** The moderation log, a page of it. */
async function logCard() {
  const data = await call("GET", `/api/moderation/log?page=${logPage}&size=${LOG_SIZE}`);
  const entries = data.entries;
  /** @param {number} to */
  const turn = (to) => () => { logPage = to; moderationPage(); };
  return h("div", { class: "card", id: "mod-log" }, h("h2", {}, t("modLog")),
    entries.length
      ? h("div", { class: "table-scroll" }, h("table", { id: "log", class: "reports log" },
        h("tr", {}, [t("modLogWhen"), t("modLogWho"), t("modLogWhat"), t("modLogWhom"), t("modLogNote")].map((x) => h("th", {}, x))),
        entries.map((/** @type {Json} */ e) => h("tr", { "data-log": e.id, "data-action": e.action },
          h("td", {}, new Date(e.at).toLocaleString()),
          h("td", { class: "name", "data-label": `${t("modLogWho")}: ` }, member(e.moderator_username, e.moderator)),
          h("td", { class: "mod-log-what" }, action(e)),
          h("td", { class: "name", "data-label": `${t("modLogWhom")}: ` }, member(e.target_username, e.target)),
          h("td", { class: "mod-log-note", "data-label": e.note ? `${t("modLogNote")}: ` : null }, e.note ?? "")))))
      : h("p", {}, t("modLogNone")),
    h("p", { class: "mod-pager" },
      logPage > 0 ? h("button", { type: "button", id: "log-newer", onclick: turn(logPage - 1) }, t("modLogNewer")) : null,
      data.more ? h("button", { type: "button", id: "log-older", onclick: turn(logPage + 1) }, t("modLogOlder")) : null));
}

export async function moderationPage() {
  let data, log;
  try {
    data = await call("GET", "/api/chat/reports");
    log = await logCard();
  } catch (e) {  // not a moderator (any more): say so, and go home
    toast(/** @type {Error} */ (e).message);
    go("/");
    return;
  }
  const reports = data.reports;
  main.replaceChildren(h("div", { class: "card", id: "moderation" }, h("h2", {}, t("modReports")),
    reports.length
      ? h("div", { class: "table-scroll" }, h("table", { id: "reports", class: "reports" },
        h("tr", {}, [t("modWhen"), t("modWhere"), t("modAuthor"), t("modText"), t("modReasons"), ""].map((x) => h("th", {}, x))),
        reports.map(row)))
      : h("p", { id: "no-reports" }, t("modNone"))),
  memberCard(), log);
}
