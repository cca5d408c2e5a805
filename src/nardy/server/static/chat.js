// @ts-check
// The chat panel: a game's players' chat or its spectators' chat, or the lobby's.
// Messages arrive over the chat websocket (/ws/chat: "join" a channel, then
// "message", "hidden", "blocked", "muted" pushed), are written over HTTP (the server's errors,
// in the interface language, come back as toasts), and are always shown as text
// (textContent through h()): markup in a message stays characters on the screen.
import { ApiError, call } from "./api.js";
import { h, playerName, sideways, toast } from "./dom.js";
import { msg, t } from "./i18n.js";
import { onChatMessage } from "./signals.js";

/** @typedef {import("./api.js").Json} Json */
/** Where the panel is: the lobby, or a game with the visitor's role in it.
 * @typedef {{lobby: true} | {game: string, role: string, mode: string, over?: boolean}} ChatPlace */
/** What the panel tells its page: how many messages of others came unseen (0: none).
 * @typedef {{onUnread?: (n: number) => void}} ChatHooks */

/** The longest message (the server's MAX_CHARS). */
const MAX_CHARS = 300;
/** Users muted in this page's session (hidden here only; the server never knows). */
const muted = new Set();
/** Why a member reports a line (the server's REPORT_REASONS). */
const REPORT_REASONS = ["insult", "spam", "cheating", "other"];
/** The longest wait setTimeout keeps (ms): a later end of a mute is looked at again then. */
const MAX_TIMER = 2 ** 31 - 1;

/** The moderator's mute, as the muted member reads it: until when, in his own time.
 * @param {string} until  ISO */
export const mutedNotice = (until) => msg("web.chat-muted-until", { until: new Date(until).toLocaleString() });

/**
 * The channels a visitor follows where he is: the players their own chat (and, once
 * the game is over, the spectators' chat to read), the spectators theirs, in the
 * lobby the lobby's. Games without two people have no players' chat.
 * @param {ChatPlace} place @returns {{channel: string, label: string}[]}
 */
export function chatChannels(place) {
  if ("lobby" in place) return [{ channel: "lobby", label: t("chatLobby") }];
  const playing = ["white", "black", "player"].includes(place.role);
  const watch = { channel: `watch:${place.game}`, label: t("chatSpectators") };
  if (!playing) return place.role === "both" ? [] : [watch];
  if (place.mode !== "friend" && place.mode !== "club") return [];
  const game = { channel: `game:${place.game}`, label: t("chatPlayers") };
  return place.over ? [game, watch] : [game];
}

/**
 * Put the chat panel for `place` into `container` (nothing where there is no chat for
 * the visitor). The game page: mountChat(el, {game: id, role, mode, over}); the lobby:
 * mountChat(el, {lobby: true}).
 * @param {HTMLElement} container @param {ChatPlace} place @param {ChatHooks} [hooks]
 * @returns {() => void} what closes it
 */
export function mountChat(container, place, hooks = {}) {
  const channels = chatChannels(place);
  if (!channels.length) { container.replaceChildren(); return () => undefined; }
  let current = channels[0].channel;
  /** The end of the visitor's chat mute by a moderator (ISO), while it runs; else null.
   * @type {string | null} */
  let mutedUntil = null;
  /** @type {number | undefined} */
  let muteTimer;
  /** A mute begun, changed or lifted (null): the footer says so, and gives the input
   * back when it ends. @param {string | null} until */
  function setMuted(until) {
    mutedUntil = until && Date.parse(until) > Date.now() ? until : null;
    clearTimeout(muteTimer);
    if (mutedUntil) muteTimer = setTimeout(() => setMuted(mutedUntil), Math.min(Date.parse(mutedUntil) - Date.now() + 500, MAX_TIMER));
    show();
  }
  /** @type {Map<string, {lines: HTMLOListElement, joined: Json}>} */
  const rooms = new Map();
  const tabs = h("div", { class: "chat-tabs", role: "tablist" });
  const body = h("div", { class: "chat-body" });
  const foot = h("div", { class: "chat-foot" });
  const panel = h("section", { class: "chat card", id: "chat", "aria-label": t("chat") }, tabs, body, foot);
  container.replaceChildren(panel);
  // (the lobby's chat is everyone's: a line there does not call a hidden tab)
  const unread = unreadCount(body, hooks, !("lobby" in place));

  for (const { channel, label } of channels) {
    const kind = channel.split(":")[0];
    const lines = h("ol", { class: "chat-lines", id: `chat-lines-${kind}`, "aria-live": "polite", "data-channel": channel });
    rooms.set(channel, { lines, joined: null });
    tabs.append(h("button", { type: "button", role: "tab", class: "chat-tab", id: `chat-tab-${kind}`, "data-channel": channel,
      onclick: () => { current = channel; show(); } }, label));
  }

  /** @param {Json} m  a message as the server sends it */
  function line(m) {
    const phrase = m.phrase !== undefined;
    const text = phrase ? (t("chatPhrase")[m.phrase] ?? m.phrase) : m.text;
    const li = h("li", { class: phrase ? "chat-line phrase" : "chat-line", "data-id": m.id, "data-user": m.user_id,
      title: new Date(m.at).toLocaleTimeString() },
    h("b", { class: "chat-name" }, playerName(m.name)), " ", h("span", { class: "chat-text" }, text));
    const room = rooms.get(m.channel);
    const meId = room && room.joined ? room.joined.me : null;
    if (m.user_id !== meId) {
      li.append(h("button", { type: "button", class: "chat-more", "aria-label": t("chatActions"), title: t("chatActions"),
        onclick: () => toggleMenu(li, m) }, "⋯"));
    }
    return li;
  }
  /** @param {HTMLLIElement} li @param {Json} m */
  function toggleMenu(li, m) {
    const open = li.querySelector(".chat-menu");
    if (open) { open.remove(); return; }
    const room = rooms.get(m.channel);
    /** @param {string} cls @param {string} label @param {() => Promise<unknown> | void} act */
    const b = (cls, label, act) => h("button", { type: "button", class: cls, onclick: () => {
      li.querySelector(".chat-menu")?.remove();
      Promise.resolve(act()).catch((e) => toast(e.message));
    } }, label);
    const menu = h("div", { class: "chat-menu" },
      b("chat-mute", t("chatMute"), () => { muted.add(m.user_id); dropUser(m.user_id); toast(t("chatMuted"), "info"); }));
    if (room && room.joined && room.joined.me !== null) {
      menu.append(
        b("chat-block", t("chatBlock"), () => call("POST", `/api/chat/blocks/${m.user_id}`).then(() => toast(t("chatBlocked"), "info"))),
        b("chat-report", t("chatReport"), () => { li.append(reasons(m.id)); }));
    }
    if (room && room.joined && room.joined.moderator) {
      menu.append(b("chat-hide warn", t("chatHide"), () => call("POST", `/api/chat/messages/${m.id}/hide`)));
    }
    li.append(menu);
  }
  /** The reasons a report is made for, one button each. @param {number} id */
  function reasons(id) {
    const table = t("chatReason");
    return h("div", { class: "chat-menu chat-reasons", role: "group", "aria-label": t("chatReportWhy") },
      h("span", { class: "small chat-why" }, t("chatReportWhy")),
      REPORT_REASONS.map((r) => h("button", { type: "button", class: "chat-reason", "data-reason": r, onclick: (ev) => {
        /** @type {HTMLElement} */ (ev.currentTarget).closest(".chat-reasons")?.remove();
        report(id, r).catch((e) => toast(e.message));
      } }, table[r])));
  }
  /** Report a message for `reason`; reported before (409) is a notice, not a failure.
   * @param {number} id @param {string} reason */
  async function report(id, reason) {
    try {
      await call("POST", `/api/chat/messages/${id}/report`, { reason });
      toast(t("chatReported"), "info");
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409)) throw e;
      toast(t("chatAlreadyReported"), "info");
    }
  }
  /** A room left without messages says so, as one that never had any. @param {HTMLOListElement} lines */
  function sayIfEmpty(lines) {
    if (!lines.querySelector(".chat-line, .chat-none")) lines.append(h("li", { class: "chat-none small" }, t("chatEmpty")));
  }
  /** @param {number} userId */
  function dropUser(userId) {
    for (const { lines } of rooms.values()) {
      for (const li of lines.querySelectorAll(`.chat-line[data-user="${userId}"]`)) li.remove();
      sayIfEmpty(lines);
    }
  }
  /** A message a moderator removed. @param {Json} m  the "hidden" push */
  function dropMessage(m) {
    const room = rooms.get(m.channel);
    if (!room) return;
    room.lines.querySelector(`[data-id="${m.id}"]`)?.remove();
    sayIfEmpty(room.lines);
  }
  /** A message pushed as it was written: counted and signalled while unseen. @param {Json} m */
  function arrived(m) {
    const room = rooms.get(m.channel);
    const mine = room && room.joined && m.user_id === room.joined.me;
    if (add(m) && !mine) unread.arrived(playerName(m.name));
  }
  /** @param {Json} m @returns {boolean} whether it was new here */
  function add(m) {
    const room = rooms.get(m.channel);
    if (!room || muted.has(m.user_id) || room.lines.querySelector(`[data-id="${m.id}"]`)) return false;
    room.lines.querySelector(".chat-none")?.remove();
    const atEnd = room.lines.scrollHeight - room.lines.scrollTop - room.lines.clientHeight < 40;
    room.lines.append(line(m));
    if (atEnd) room.lines.scrollTop = room.lines.scrollHeight;
    return true;
  }
  /** @param {Json} joined  the server's "joined": the history and what the visitor may do */
  function fill(joined) {
    const room = rooms.get(joined.channel);
    if (!room) return;
    room.joined = joined;
    if (joined.muted_until !== undefined && joined.muted_until !== mutedUntil) setMuted(joined.muted_until);
    room.lines.replaceChildren();
    for (const m of joined.messages) add(m);
    sayIfEmpty(room.lines);
    room.lines.scrollTop = room.lines.scrollHeight;
    if (joined.channel === current) show();
  }
  // the footer of the tab shown: the quick phrases and the input, or why he cannot write
  function show() {
    for (const tab of tabs.querySelectorAll(".chat-tab")) {
      tab.setAttribute("aria-selected", String(/** @type {HTMLElement} */ (tab).dataset.channel === current));
    }
    tabs.hidden = rooms.size < 2;
    const room = /** @type {{lines: HTMLOListElement, joined: Json}} */ (rooms.get(current));
    body.replaceChildren(room.lines);
    // (the count of unseen messages on the heading, or beside the tabs)
    if (rooms.size < 2) body.prepend(h("h3", { class: "chat-title" }, channels[0].label, unread.badge));
    else tabs.append(unread.badge);
    room.lines.scrollTop = room.lines.scrollHeight;
    const joined = room.joined;
    if (!joined) { foot.replaceChildren(); return; }
    if (!joined.can_post) {
      const why = joined.cannot_post ? String(joined.cannot_post.error) : "";  // (the server's errors start in lower case)
      foot.replaceChildren(h("p", { class: "small chat-cannot" }, why.charAt(0).toUpperCase() + why.slice(1)));
      return;
    }
    if (mutedUntil) {
      foot.replaceChildren(h("p", { class: "small chat-cannot chat-muted", id: "chat-muted" }, mutedNotice(mutedUntil)));
      return;
    }
    const input = h("input", { id: "chat-input", class: "chat-input", maxlength: MAX_CHARS, autocomplete: "off",
      placeholder: t("chatPlaceholder"), "aria-label": t("chatPlaceholder") });
    /** @param {object} message */
    const send = (message) => call("POST", `/api/chat/${encodeURIComponent(current)}`, message)
      .then((m) => { add(m); return true; })
      .catch((e) => {
        // muted meanwhile: the footer says until when (in his time), as the toast
        if (e instanceof ApiError && e.code === "muted") {
          setMuted(String(e.params.at));
          toast(mutedNotice(String(e.params.at)));
        } else toast(e.message);
        return false;
      });
    const form = h("form", { class: "chat-form", onsubmit: (ev) => {
      ev.preventDefault();
      const typed = input.value, text = typed.trim();
      // Cleared only if unchanged: what was typed while the line was on its way stays.
      if (text) send({ text }).then((ok) => { if (ok && input.value === typed) input.value = ""; });
    } }, input, h("button", { type: "submit", id: "chat-send", class: "chat-send" }, t("chatSend")));
    const phrases = sideways(h("div", { class: "chat-phrases" }, ...joined.phrases.map((/** @type {string} */ p) =>
      h("button", { type: "button", class: "chat-phrase", "data-phrase": p, onclick: () => send({ phrase: p }) }, t("chatPhrase")[p] ?? p))));
    foot.replaceChildren(phrases, form);
  }

  // the socket: joins the channels (again after a lost connection: the history comes anew)
  let closed = false, delay = 500;
  /** @type {WebSocket | undefined} */
  let ws;
  function connect() {
    if (closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const sock = new WebSocket(`${proto}//${location.host}/ws/chat`);
    ws = sock;
    sock.onopen = () => {
      delay = 500;
      for (const channel of rooms.keys()) sock.send(JSON.stringify({ type: "join", channel }));
    };
    sock.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "joined") fill(m);
      else if (m.type === "message") arrived(m);
      else if (m.type === "hidden") dropMessage(m);
      else if (m.type === "blocked") dropUser(m.user_id);
      else if (m.type === "muted") setMuted(m.until);
      else if (m.type === "unmuted") setMuted(null);
      else if (m.type === "error") {
        const room = m.channel ? rooms.get(m.channel) : undefined;
        if (room) room.lines.replaceChildren(h("li", { class: "chat-none small" }, m.error));
        else toast(m.error);
      }
    };
    sock.onclose = () => {
      if (ws !== sock || closed) return;
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  show();
  connect();
  return () => { closed = true; unread.stop(); clearTimeout(muteTimer); if (ws) ws.close(); };
}

/**
 * The count of others' messages that came while the lines were not seen (mostly
 * scrolled away, as on a phone where they lie below the board, or the tab hidden):
 * shown on the panel's heading and told to the page; it clears once they are seen. A
 * message to a hidden tab also says so in the tab's title (signals.js), if `calls`.
 * @param {HTMLElement} lines  the lines' box @param {ChatHooks} hooks @param {boolean} calls
 */
function unreadCount(lines, hooks, calls) {
  let n = 0, inView = false;
  const badge = h("span", { class: "chat-count", id: "chat-count", hidden: true });
  const seen = () => inView && !document.hidden;
  /** @param {number} k */
  const set = (k) => {
    if (k === n) return;
    n = k; badge.textContent = String(k); badge.hidden = !k;
    hooks.onUnread?.(k);
  };
  const watcher = new IntersectionObserver((entries) => {
    inView = entries[entries.length - 1].isIntersecting;
    if (seen()) set(0);
  }, { threshold: 0.6 });
  watcher.observe(lines);
  const onVisible = () => { if (seen()) set(0); };
  document.addEventListener("visibilitychange", onVisible);
  return {
    badge,
    /** @param {string} name  who wrote */
    arrived: (name) => {
      if (document.hidden && calls) onChatMessage(name);
      if (!seen()) set(n + 1);
    },
    stop: () => { watcher.disconnect(); document.removeEventListener("visibilitychange", onVisible); },
  };
}
