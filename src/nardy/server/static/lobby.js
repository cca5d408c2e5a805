// @ts-check
// The lobby: my games (first when I have any: a returning player's "your move"), play
// now (quick pairing), open challenges, games to watch with small live boards (others'),
// who is online, friends. The server pushes changes over /ws/lobby;
// what the player does goes over HTTP (api.js). Names are text (h() and textContent).
// A game of the player's that starts (a pairing, a challenge accepted, a tournament's
// round) is told on his lobby channel: gameStarted() takes him to it, from this page,
// the tournaments' (tournaments.js) and his finished tournament game's (game_tournament.js).
import { call } from "./api.js";
import { drawBoard } from "./board.js";
import { go, h, playerName, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { me, preferredVariant, refreshMe, remembersVariant, variantName } from "./session.js";
import { mountChat } from "./chat.js";
import { callPlayer } from "./signals.js";
import { clockText } from "./clock.js";
import { provisionalMark } from "./provisional.js";  // the "?" of a provisional rating

/** @typedef {import("./api.js").Json} Json */

// A websocket to the lobby that reconnects (with a growing pause) until closed.
export class LobbySocket {
  /** @param {(msg: Json) => void} onMessage @param {(up: boolean) => void} onLink */
  constructor(onMessage, onLink) {
    this.onMessage = onMessage; this.onLink = onLink;
    this.closed = false; this.delay = 500;
    /** @type {WebSocket | undefined} */
    this.ws = undefined;
    this.connect();
  }
  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/lobby`);
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.onLink(true); };
    ws.onmessage = (m) => this.onMessage(JSON.parse(m.data));
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.onLink(false);
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }
  /** Connect again (the session changed: a visitor became a guest). */
  renew() { const old = this.ws; this.ws = undefined; if (old) old.close(); this.connect(); }
  close() { this.closed = true; if (this.ws) this.ws.close(); }
}

/** A challenge's or game's terms in words. @param {Json} c */
export function termsText(c) {
  const parts = [variantName(c.variant),
    c.length ? msg("web.lobby-length", { n: c.length }) : t("lobbyMoney"),
    c.cube ? t("lobbyCubeOn") : t("lobbyCubeOff"),
    t("lobbyClock")[c.clock] ?? c.clock,
    c.rated ? t("lobbyRated") : t("lobbyUnrated")];
  return parts.join(" · ");
}

/** @param {string} label @param {string} value @param {string[][]} options [value, text] @param {string} [id] */
function select(label, value, options, id) {
  const s = h("select", { name: label, id: id ?? null },
    options.map(([v, text]) => h("option", { value: v, selected: v === value }, text)));
  return s;
}

const variantOptions = () => me.variants.map((/** @type {Json} */ v) => [v.name, v[currentLang()]]);
// The clocks slowest last, as the server's CLOCKS lists them: the catalogue's table comes
// sorted by key (messages.js is written so), which put Blitz before "No clock".
const CLOCK_ORDER = ["none", "blitz", "rapid"];
/** The time controls to choose from, in CLOCK_ORDER (any other after them). */
export function clockOptions() {
  const rank = (/** @type {string} */ k) => (CLOCK_ORDER.includes(k) ? CLOCK_ORDER.indexOf(k) : CLOCK_ORDER.length);
  return Object.entries(/** @type {Record<string, string>} */ (t("lobbyClock"))).sort(([a], [b]) => rank(a) - rank(b));
}
/** A quick-pairing pool in words: "Короткие нарды · Блиц". @param {string} variant @param {string} clock */
const poolName = (variant, clock) => `${variantName(variant)} · ${t("lobbyClockShort")[clock] ?? clock}`;
// The Play-now clock chosen last in this browser (the game is remembered for every form).
const PN_CLOCK_KEY = "nardy-play-now-clock";

/** A player's name, and his rating or "guest". @param {Json} p */
function who(p) {
  // ("Гость 3" says it already; a guest who named himself is marked a guest)
  const tag = p.guest ? (playerName(p.name) === p.name ? t("lobbyGuest") : "") : null;
  return h("span", { class: "who" }, h("b", {}, playerName(p.name)), tag ? h("small", {}, ` ${tag}`) : p.guest ? null : ratingNode(p));
}

/** A player's rating after his name ("Алиса 1520"), or null for a guest or the computer;
 * "1500?" while provisional (as the leaderboard marks it), whose "?"
 * explains itself when pressed (provisional.js). @param {Json} p @param {string} [id] */
export function ratingNode(p, id) {
  if (!p || p.rating == null) return null;
  return h("small", { class: "rating", id: id ?? null }, ` ${p.rating}`, p.provisional ? provisionalMark() : null);
}

/**
 * A game's clock as the lobby writes a challenge's: its name where it is one of the
 * lobby's (`clocks`, the snapshot's table), else its delay and reserve.
 * @param {Json} clock  {delay, reserve} or null @param {Record<string, Json>} clocks
 */
function clockTerms(clock, clocks) {
  const names = /** @type {Record<string, string>} */ (t("lobbyClock"));
  const same = (/** @type {Json} */ c) => (c ? c.delay === clock?.delay && c.reserve === clock?.reserve : !clock);
  const key = Object.keys(clocks).find((k) => same(clocks[k]));
  if (key && names[key]) return names[key];
  return clock ? msg("web.lobby-clock-terms", { delay: clock.delay, reserve: clockText(clock.reserve) }) : names.none;
}

/**
 * Tell the player a piece of news: a toast (news, not an error) unless `withToast` is
 * false (what the page shows itself), and a browser notification while the tab is
 * hidden, when he allowed them.
 * @param {string} text @param {boolean} [withToast]
 */
function notify(text, withToast = true) {
  if (withToast) toast(text, "info");
  if (typeof Notification !== "undefined" && Notification.permission === "granted" && document.hidden) {
    new Notification(t("title"), { body: text });
  }
}

/**
 * Whether the player is typing something a move to another page would lose: the
 * focus in a text field with words in it (a chat line, a friend's name).
 */
function typing() {
  const el = document.activeElement;
  const text = el instanceof HTMLTextAreaElement
    || (el instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "range"].includes(el.type));
  return text && /** @type {HTMLInputElement} */ (el).value.trim() !== "";
}

/**
 * A line at the top of the page until it is followed or closed: what happened, and a
 * link to where it is answered. @param {string} text @param {string} href @param {string} label
 */
export function banner(text, href, label) {
  document.getElementById("news")?.remove();
  const el = h("div", { id: "news", role: "status", class: "news" });
  el.append(h("span", {}, text), " ",
    h("a", { href, id: "news-go", onclick: (/** @type {Event} */ ev) => { ev.preventDefault(); el.remove(); go(href); } }, label),
    h("button", { type: "button", class: "plain", id: "news-close", "aria-label": msg("web.news-close"), onclick: () => el.remove() }, "×"));
  document.body.prepend(el);
}

/**
 * A game of the player's has started (the lobby channel's `{"type": "game", "id"}`, with
 * `tournament` for a tournament's round; `next` for his match's next game, begun by
 * itself): he is told, called as on his turn (the chime, the vibration, the title
 * flashing while the tab is hidden: signals.js) and taken to it; while he types (a
 * chat line), a banner with the way to it instead, so that his words are not lost.
 * @param {Json} m
 */
export function gameStarted(m) {
  const x = m.tournament;
  const text = x ? msg("web.tournament-game-started", { name: x.name, round: x.round })
    : m.next ? msg("web.lobby-next-game-started") : t("lobbyGameStarted");
  callPlayer(t("gameStartedTitle"));
  if (typing()) { banner(text, `/game/${m.id}`, msg("web.news-open-game")); return; }
  notify(text);
  go(`/game/${m.id}`);
}

/** A game between people being played now (not a pause between a match's games). @param {Json} g */
export const inPlay = (g) => g.status === "active" && g.playing && PEOPLE.includes(g.mode);
/** The modes of a game between people (the server's HUMAN_MODES). */
const PEOPLE = ["club", "friend"];

/**
 * A lobby socket's handler that hears the player's games start: ``onGame`` gets each
 * "game" message, a game of his that is new in a later snapshot (the socket came
 * back: the "game" message was lost while it was away) as ``{ id, missed: true }``,
 * and a clocked match's next game that began (by itself, the wait over, while he was
 * on another page: his clock runs) as ``{ id, next: true }``; every message but
 * "game" goes to ``other`` too.
 * @param {(m: Json) => void} onGame @param {(m: Json) => void} [other]
 * @returns {(m: Json) => void}
 */
export function hearGames(onGame, other = () => undefined) {
  /** The player's unfinished games at the last snapshot. @type {Set<string> | null} */
  let known = null;
  /** Whether each of his games was being played, at the last snapshot or "mine" (a
   * "mine" does not make a game known: one new in it may still be news for the next
   * snapshot, which comes first after the socket was away). @type {Map<string, boolean> | null} */
  let played = null;
  return (m) => {
    if (m.type === "game") { onGame(m); return; }
    if (m.type === "snapshot" || m.type === "mine") {
      const mine = /** @type {Json[]} */ (m.mine || []);
      const was = played;
      played = new Map(mine.map((g) => [g.id, Boolean(g.playing)]));
      const next = was && mine.find((g) => g.clocked && inPlay(g) && was.get(g.id) === false);
      if (m.type === "snapshot") {
        const missed = known && mine.find((g) => !known?.has(g.id) && g.status === "active");
        known = new Set(mine.map((g) => g.id));
        if (missed) { onGame({ type: "game", id: missed.id, missed: true }); other(m); return; }
      }
      if (next) onGame({ type: "game", id: next.id, next: true });
    }
    other(m);
  };
}

/** Ask once for notifications (after the player did something that expects an answer). */
function askNotifications() {
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    Notification.requestPermission().catch(() => undefined);
  }
}

/**
 * The lobby's sections, live; `others` is the card of the other ways to play (the
 * computer, a friend by link, one device). Returns what closes the socket.
 * @param {HTMLElement} root @param {HTMLElement} others @returns {() => void}
 */
export function lobbyPage(root, others) {
  /** @type {Json} */
  let snap = { challenges: [], online: { count: 0, players: [], ids: [] }, games: [], mine: [],
    following: [], blocked: [], queue: null, me: null };
  /** @type {number | null} when this page started searching (performance.now()) */
  let searchStart = null;
  let offered = false;
  const playNow = h("section", { class: "card lobby-play", id: "play-now" });
  // the challenges made to this player, first on the page (no toast covers them)
  const toMeCard = h("section", { class: "card", id: "to-me", hidden: true });
  const challenges = h("section", { class: "card", id: "challenges" });
  // his own unfinished games, above everything but a challenge to him (as lichess puts
  // "your turn" first): on a phone the side column comes last, screens down
  const mine = h("section", { class: "card", id: "mine", hidden: true });
  // a game between people he is playing now, above everything: he came here from it
  // (his clock may be running) and is one tap from going back
  const playingCard = h("section", { class: "card playing-now", id: "playing-now", hidden: true });
  const watch = h("section", { class: "card", id: "watch" });
  const people = h("section", { class: "card", id: "people" });
  const link = h("div", { class: "lobby-link", id: "lobby-link", hidden: true }, t("lobbyOffline"));
  const lobbyChat = h("div", { id: "lobby-chat" });  // the lobby's chat (chat.js)
  root.replaceChildren(link, h("div", { class: "lobby" },
    h("div", { class: "lobby-main" }, playingCard, toMeCard, mine, playNow, challenges, watch),
    h("div", { class: "lobby-side" }, people, lobbyChat, others)));

  /** Run an action; a visitor who became a guest by it reconnects as himself. @param {() => Promise<unknown>} action */
  const act = async (action) => {
    const wasAnonymous = me.user.id == null;
    try {
      await action();
      if (wasAnonymous) { await refreshMe(); socket.renew(); }
      return true;
    } catch (e) {
      toast(`${t("errorPrefix")}: ${/** @type {Error} */ (e).message}`);
      return false;
    }
  };

  // -- play now ---------------------------------------------------------------------
  const pnVariant = remembersVariant(select("variant", preferredVariant(), variantOptions(), "pn-variant"));
  const savedClock = localStorage.getItem(PN_CLOCK_KEY);
  const pnClock = select("clock", savedClock && t("lobbyClock")[savedClock] ? savedClock : "none", clockOptions(), "pn-clock");
  pnClock.addEventListener("change", () => localStorage.setItem(PN_CLOCK_KEY, pnClock.value));
  const searching = () => snap.queue != null;
  /** The quick-pairing pools with someone in them: [{variant, clock, n}]. @returns {Json[]} */
  const pools = () => snap.searching || [];
  /** Who is in the quick-pairing queue now, by game and clock (himself too while he searches). */
  function poolCounts() {
    const parts = pools().map((p) => `${poolName(p.variant, p.clock)}: ${p.n}`);
    return h("p", { class: "small", id: "pool-counts" },
      parts.length ? msg("web.lobby-pool-counts", { list: parts.join("; ") }) : t("lobbyPoolEmpty"));
  }
  /** Ask to be paired (again: it moves him) in the game and clock chosen. */
  const seek = () => act(async () => {
    snap.queue = (await call("POST", "/api/lobby/queue", { variant: pnVariant.value, clock: pnClock.value })).queue;
    searchStart = performance.now(); offered = false; drawPlayNow();
  });
  /** Those waiting for his game with another clock (never paired with him), each with a
   * switch to their pool. */
  function otherClocks() {
    return pools().filter((p) => p.variant === snap.queue.variant && p.clock !== snap.queue.clock).map((p) =>
      h("p", { class: "other-clock" }, msg("web.lobby-other-clock", { n: p.n, pool: poolName(p.variant, p.clock) }), " ",
        h("button", { class: "switch-clock", "data-clock": p.clock, onclick: () => {
          pnVariant.value = p.variant; pnClock.value = p.clock; localStorage.setItem(PN_CLOCK_KEY, p.clock); seek();
        } }, t("lobbySwitchClock"))));
  }
  function drawPlayNow() {
    const length = snap.quick_length;
    if (!searching()) {
      // (the match's length is said once the snapshot gave it)
      playNow.replaceChildren(h("h2", {}, t("lobbyPlayNow")),
        h("p", { id: "play-now-text" }, length ? msg("web.lobby-play-now-text", { n: length }) : ""),
        h("div", { class: "row play-now-choice" }, h("label", {}, t("variant"), pnVariant), h("label", {}, t("lobbyClockLabel"), pnClock)),
        poolCounts(),
        h("button", { class: "big", id: "play-now-btn", onclick: seek }, t("lobbyPlayNow")));
      return;
    }
    const waited = Math.round((performance.now() - (searchStart ?? performance.now())) / 1000);
    const pool = poolName(snap.queue.variant, snap.queue.clock);
    /** @type {HTMLElement[]} */
    const kids = [h("h2", {}, t("lobbyPlayNow")),
      h("p", { class: "searching", id: "searching" }, h("span", { class: "spinner" }),
        msg("web.lobby-searching", { seconds: waited }), " · ", length ? msg("web.lobby-searching-pool", { pool, n: length }) : pool),
      ...otherClocks(), poolCounts()];
    if (offered) {
      kids.push(h("p", { class: "offer", id: "offer" }, t("lobbyTimeout")),
        h("div", { class: "row" },
          h("button", { class: "big", id: "play-computer", onclick: () => act(async () => {
            await call("DELETE", "/api/lobby/queue");
            const st = await call("POST", "/api/games", { variant: snap.queue.variant, mode: "computer", level: me.levels[0] });
            go(`/game/${st.id}`);
          }) }, t("lobbyPlayComputer")),
          h("button", { id: "keep-waiting", onclick: () => { offered = false; drawPlayNow(); } }, t("lobbyKeepWaiting"))));
    }
    kids.push(h("button", { id: "stop-search", class: "plain", onclick: () => act(async () => {
      await call("DELETE", "/api/lobby/queue"); snap.queue = null; searchStart = null; drawPlayNow();
    }) }, t("lobbyStopSearch")));
    playNow.replaceChildren(...kids);
  }
  const timer = setInterval(() => { if (searching()) drawPlayNow(); }, 1000);

  // -- challenges ---------------------------------------------------------------------
  const form = challengeForm(act);
  const newBtn = h("button", { id: "new-challenge", onclick: () => { form.hidden = !form.hidden; } }, t("lobbyNewChallenge"));
  /** Whether a challenge is made to this player. @param {Json} c */
  const isToMe = (c) => Boolean(c.to && c.to.id === snap.me && c.by.id !== snap.me);
  function drawChallenges() {
    const blocked = new Set(snap.blocked.map((/** @type {Json} */ p) => p.id));
    const shown = snap.challenges.filter((/** @type {Json} */ c) => !blocked.has(c.by.id));
    const row = (/** @type {Json} */ c) => {
      const own = c.by.id === snap.me;
      const toMe = isToMe(c);
      const buttons = own
        ? [h("button", { class: "cancel", onclick: () => act(() => call("DELETE", `/api/lobby/challenges/${c.id}`)) }, t("lobbyCancel"))]
        : [h("button", { class: "accept", onclick: () => act(async () => {
            const r = await call("POST", `/api/lobby/challenges/${c.id}/accept`); go(`/game/${r.game}`);
          }) }, t("lobbyAccept"))];
      if (toMe) buttons.push(h("button", { class: "decline", onclick: () => act(() => call("POST", `/api/lobby/challenges/${c.id}/decline`)) }, t("lobbyDecline")));
      return h("li", { class: toMe ? "challenge to-me" : "challenge", "data-id": c.id },
        h("div", {}, who(c.by), own ? h("small", {}, ` (${t("lobbyYou")})`) : null,
          // (one made to this player is under the card's heading that says so)
          c.to && !toMe ? h("small", { class: "to" }, ` · ${msg("web.lobby-to-player", { name: c.to.name })}`) : null,
          h("div", { class: "terms" }, termsText(c))),
        h("div", { class: "buttons" }, buttons));
    };
    const forMe = shown.filter(isToMe);
    toMeCard.hidden = !forMe.length;
    toMeCard.replaceChildren(h("h2", {}, t("lobbyToYou")), h("ul", { class: "list" }, forMe.map(row)));
    const rows = shown.filter((/** @type {Json} */ c) => !isToMe(c)).map(row);
    challenges.replaceChildren(h("div", { class: "head" }, h("h2", {}, t("lobbyChallenges")), newBtn), form,
      rows.length ? h("ul", { class: "list" }, rows) : h("p", { class: "empty" }, t("lobbyNoChallenges")));
  }

  // -- my games, games to watch ---------------------------------------------------------
  function drawMine() {
    // (one being played first; else a match between its games, whose next game starts
    // by itself: his clock will run)
    const playing = snap.mine.find(inPlay) ?? snap.mine.find((/** @type {Json} */ g) => g.status === "active" && PEOPLE.includes(g.mode));
    playingCard.hidden = !playing;
    playingCard.replaceChildren(...(playing ? [h("p", {}, h("b", {}, msg("web.lobby-playing")), " ",
      h("span", { class: "small" }, `${variantName(playing.variant)}${playing.opponent ? ` · ${msg("web.lobby-vs", { name: playerName(playing.opponent) })}` : ""}`)),
    h("a", { class: "button big", id: "back-to-game", href: `/game/${playing.id}`, "data-link": true }, msg("web.lobby-back-to-game"))] : []));
    mine.hidden = !snap.mine.length;
    // those waiting for his move first (the server's order, the latest first, within)
    const games = [...snap.mine].sort((/** @type {Json} */ a, /** @type {Json} */ b) => Number(b.your_turn) - Number(a.your_turn));
    const waiting = games.filter((g) => g.your_turn).length;
    mine.classList.toggle("waiting", waiting > 0);
    mine.replaceChildren(h("div", { class: "head" }, h("h2", {}, t("lobbyMine")),
      waiting ? h("span", { class: "turn-badge", id: "mine-waiting" }, msg("web.lobby-your-turn-in", { n: waiting })) : null),
    h("ul", { class: "list" }, games.map((/** @type {Json} */ g) => {
      const against = g.mode === "computer" ? t("lobbyVsComputer") : g.mode === "local" ? t("lobbyOneDevice")
        : g.opponent ? msg("web.lobby-vs", { name: playerName(g.opponent) }) : t("lobbyWaitingFriend");
      return h("li", { class: g.your_turn ? "your-turn" : "", "data-id": g.id, "data-playing": String(Boolean(g.playing)) },
        h("span", {}, h("a", { href: `/game/${g.id}`, "data-link": true }, variantName(g.variant)), ` · ${against}`),
        g.your_turn ? h("span", { class: "turn-badge" }, t("lobbyYourTurn")) : null);
    })));
  }
  /** @type {Map<string, {seq: number, el: HTMLElement, svg: SVGSVGElement}>} */
  const boards = new Map();
  function drawWatch() {
    const seen = new Set();
    // (his own games are his, above: not boards to watch)
    const own = new Set(snap.mine.map((/** @type {Json} */ g) => g.id));
    const tiles = snap.games.filter((/** @type {Json} */ g) => !own.has(g.id)).map((/** @type {Json} */ g) => {
      seen.add(g.id);
      let tile = boards.get(g.id);
      if (!tile) {
        const svg = /** @type {SVGSVGElement} */ (document.createElementNS("http://www.w3.org/2000/svg", "svg"));
        svg.setAttribute("class", "board mini");
        tile = { seq: -1, svg, el: h("a", { class: "tile", href: `/game/${g.id}`, "data-link": true, "data-id": g.id }) };
        boards.set(g.id, tile);
      }
      if (tile.seq !== g.seq) {
        tile.seq = g.seq;
        drawBoard(tile.svg, { view: g.view, board: g.board, dice: g.dice, cube: g.cube });
        const name = (/** @type {string} */ c) => (g.players[c] && g.players[c].name && playerName(g.players[c].name)) || "?";
        const score = g.match.length ? ` · ${g.match.score.white}:${g.match.score.black} (${g.match.length})` : "";
        const terms = [variantName(g.variant) + score, g.rated ? t("lobbyRated") : t("lobbyUnrated"), clockTerms(g.clock, snap.clocks || {})];
        tile.el.replaceChildren(tile.svg, h("div", { class: "names" },
          h("span", { class: "dot white" }), name("white"), ratingNode(g.players.white), " — ",
          h("span", { class: "dot black" }), name("black"), ratingNode(g.players.black)),
          h("div", { class: "terms" }, terms.join(" · ")));
      }
      return tile.el;
    });
    for (const id of [...boards.keys()]) if (!seen.has(id)) boards.delete(id);
    watch.replaceChildren(h("h2", {}, t("lobbyWatch")),
      tiles.length ? h("div", { class: "tiles" }, tiles) : h("p", { class: "empty" }, t("lobbyNoGames")));
  }

  // -- people: online, friends, blocks ------------------------------------------------------
  const addName = h("input", { id: "friend-name", maxlength: 40, autocomplete: "off", placeholder: t("lobbyAddFriend") });
  /** @param {string} method @param {string} what @param {string} name */
  const friendAct = (method, what, name) => act(async () => {
    await call(method, `/api/${what}/${encodeURIComponent(name)}`);
    if (what === "friends" && method === "POST") askNotifications();
    await reloadFriends();
  });
  async function reloadFriends() {
    const f = await call("GET", "/api/friends");
    snap.following = f.following; snap.blocked = f.blocked; drawPeople(); drawChallenges();
  }
  /** @param {string} name */
  // A challenge to one member: the form opens with his name in it, for the terms to
  // be chosen (lichess's dialog); it had sent a 3-point match at once. A profile's
  // "Challenge" comes here as /?challenge=<name>.
  /** @param {string} name */
  const challengeFriend = (name) => {
    form.hidden = false;
    const to = /** @type {HTMLInputElement | null} */ (form.querySelector("input[name=to]"));
    if (to) to.value = name;
    form.scrollIntoView({ block: "nearest" });
    /** @type {HTMLElement | null} */ (form.querySelector("select"))?.focus();
  };
  function drawPeople() {
    const online = new Set(snap.online.ids);
    const following = new Set(snap.following.map((/** @type {Json} */ p) => p.id));
    const member = me.user.id != null && !me.user.guest;
    // the others: the player himself is among those counted once his socket is open
    // (a member alone read "1", his friends all offline)
    const self = snap.me != null && snap.online.ids.includes(snap.me);
    const count = Math.max(0, snap.online.count - (self ? 1 : 0));
    const title = msg(self ? "web.lobby-online-others" : "web.lobby-online", { n: count });
    /** @type {HTMLElement[]} */
    const kids = [h("h2", {}, t("lobbyPlayers"), " ", h("span", { class: "badge", id: "online-count", title, "aria-label": title }, count)),
      h("h3", {}, t("lobbyFriends"))];
    if (!member) kids.push(h("p", { class: "empty" }, t("lobbyFriendsGuest")));
    else {
      if (!snap.following.length) kids.push(h("p", { class: "empty" }, t("lobbyNoFriends")));
      kids.push(h("ul", { class: "list friends" }, snap.following.map((/** @type {Json} */ p) =>
        h("li", { class: online.has(p.id) ? "on" : "off" },
          h("span", { class: "presence", title: online.has(p.id) ? t("lobbyIsOnline") : t("lobbyIsOffline") }),
          h("b", {}, p.name),
          h("span", { class: "buttons" },
            online.has(p.id) ? h("button", { class: "challenge-friend", onclick: () => challengeFriend(p.name) }, t("lobbyChallenge")) : null,
            h("button", { class: "plain", onclick: () => friendAct("DELETE", "friends", p.name) }, t("lobbyUnfollow")))))));
      kids.push(h("form", { class: "row add-friend", onsubmit: (ev) => {
        ev.preventDefault();
        if (addName.value.trim()) friendAct("POST", "friends", addName.value.trim()).then((ok) => { if (ok) addName.value = ""; });
      } }, addName, h("button", { type: "submit" }, t("lobbyFollow"))));
    }
    const others = snap.online.players.filter((/** @type {Json} */ p) => p.id !== snap.me);
    if (others.length) {
      kids.push(h("h3", {}, t("lobbyOthersOnline")), h("ul", { class: "list players" }, others.map((/** @type {Json} */ p) =>
        h("li", {}, h("span", { class: "presence" }), h("b", {}, playerName(p.name)),
          member ? h("span", { class: "buttons" },
            h("button", { class: "challenge-friend", onclick: () => challengeFriend(p.name) }, t("lobbyChallenge")),
            following.has(p.id) ? null : h("button", { class: "plain", onclick: () => friendAct("POST", "friends", p.name) }, t("lobbyFollow")),
            h("button", { class: "plain", onclick: () => friendAct("POST", "blocks", p.name) }, t("lobbyBlock"))) : null))));
    }
    if (member && snap.blocked.length) {
      kids.push(h("h3", {}, t("lobbyBlocked")), h("ul", { class: "list" }, snap.blocked.map((/** @type {Json} */ p) =>
        h("li", {}, h("b", {}, p.name), h("span", { class: "buttons" },
          h("button", { class: "plain", onclick: () => friendAct("DELETE", "blocks", p.name) }, t("lobbyUnblock")))))));
    }
    people.replaceChildren(...kids);
  }

  // -- the socket --------------------------------------------------------------------------
  /** @param {Json} m */
  function onMessage(m) {
    if (m.type === "snapshot") {
      snap = m;
      // (paired while the socket was away: hearGames found the game new among his)
      if (snap.queue) searchStart = performance.now() - snap.queue.waited * 1000;
      drawAll();
      // (a spectator's "Other games to watch" comes here as /#watch: to the boards,
      // once they are drawn)
      if (location.hash === "#watch") { watch.scrollIntoView({ block: "start" }); history.replaceState({}, "", "/"); }
    } else if (m.type === "challenge") {
      snap.challenges = snap.challenges.filter((/** @type {Json} */ c) => c.id !== m.challenge.id).concat([m.challenge]);
      drawChallenges();
      if (isToMe(m.challenge)) {
        // no toast (it would cover the buttons on a phone): the challenge comes first
        // on the page, brought into view
        notify(msg("web.lobby-challenged", { name: playerName(m.challenge.by.name), terms: termsText(m.challenge) }), false);
        toMeCard.scrollIntoView({ block: "nearest", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      }
    } else if (m.type === "gone") {
      const gone = snap.challenges.find((/** @type {Json} */ c) => c.id === m.id);
      snap.challenges = snap.challenges.filter((/** @type {Json} */ c) => c.id !== m.id);
      if (gone && m.reason === "declined" && gone.by.id === snap.me) notify(t("lobbyDeclined"));
      drawChallenges();
    } else if (m.type === "online") {
      snap.online = m.online; drawPeople();
    } else if (m.type === "games") {
      snap.games = m.games; drawWatch();
    } else if (m.type === "searching") {
      snap.searching = m.searching; drawPlayNow();
    } else if (m.type === "mine") {
      snap.mine = m.mine; drawMine(); drawWatch();
    } else if (m.type === "pair-timeout") {
      offered = true; drawPlayNow();
    } else if (m.type === "tournament") {  // the tournaments' card (tournaments.js) refreshes
      document.dispatchEvent(new CustomEvent("nardy-tournament", { detail: m.tournament }));
    }
  }
  function drawAll() { drawPlayNow(); drawChallenges(); drawMine(); drawWatch(); drawPeople(); }
  drawAll();
  const asked = new URLSearchParams(location.search).get("challenge");
  if (asked && me.user.id != null && !me.user.guest) {
    challengeFriend(asked);
    history.replaceState({}, "", "/");  // (once: a reload shows the lobby)
  }
  // (a game of his that starts, a match's next game begun: hearGames, gameStarted)
  const socket = new LobbySocket(hearGames(gameStarted, onMessage), (up) => { link.hidden = up; });
  const closeChat = mountChat(lobbyChat, { lobby: true });
  return () => { clearInterval(timer); socket.close(); closeChat(); };
}

/** Whether the game ``v`` is played with the doubling cube by its rules (C-3: short nardy; C-5: long nardy has none). @param {string} v */
const hasCube = (v) => me.variants.some((/** @type {Json} */ x) => x.name === v && x.family === "short");

/**
 * What a match of ``length`` points means in the game ``variant``: one game or a
 * match, and what a game scores (a mars counts 2 in long nardy; short nardy's
 * backgammon 3), times the cube where it is played.
 * @param {string} variant @param {number} length @param {boolean} cube
 */
export function lengthHelp(variant, length, cube) {
  const base = msg(hasCube(variant) ? "web.lobby-points-short" : "web.lobby-points-long");
  const points = cube ? msg("web.lobby-points-cube", { points: base }) : base;
  return length > 0 ? msg("web.lobby-length-help-match", { n: length, points }) : msg("web.lobby-length-help-money", { points });
}

/** The form of a new open (or direct) challenge. @param {(action: () => Promise<unknown>) => Promise<boolean>} act */
function challengeForm(act) {
  const variant = remembersVariant(select("variant", preferredVariant(), variantOptions()));
  const length = h("input", { name: "length", type: "number", min: 0, max: 25, value: 3, inputmode: "numeric",
    "aria-describedby": "length-help" });
  const lengthNote = h("p", { class: "small", id: "length-help", "aria-live": "polite" });
  // the cube as the game's rules have it: offered in short nardy; in long nardy the
  // form says there is none (C-5), and it is taken only when asked for all the same
  const cube = select("cube", "yes", [["yes", t("yes")], ["no", t("no")]]);
  const cubeAnyway = h("input", { name: "cube_anyway", id: "cube-anyway", type: "checkbox" });
  const cubeNone = h("p", { class: "cube-none", id: "cube-none" });
  const cubeField = h("div", { class: "field", id: "cube-field" });
  const clock = select("clock", "none", clockOptions());
  const rated = h("input", { name: "rated", type: "checkbox" });
  const to = h("input", { name: "to", maxlength: 40, autocomplete: "off", placeholder: t("lobbyChallengeToHint") });
  const member = me.user.id != null && !me.user.guest;
  /** Whether the challenge is played with the cube, as the form stands. */
  const withCube = () => (hasCube(variant.value) ? cube.value === "yes" : cubeAnyway.checked);
  const explain = () => {
    const short = hasCube(variant.value);
    const cubeLabel = h("label", {}, t("cubeOpt"), cube);
    cubeNone.textContent = msg("web.lobby-cube-none", { game: variantName(variant.value) });
    cubeField.replaceChildren(...(short ? [cubeLabel]
      : [h("span", { class: "label" }, t("cubeOpt")), cubeNone, h("label", { class: "check" }, cubeAnyway, msg("web.lobby-cube-anyway"))]));
    lengthNote.textContent = lengthHelp(variant.value, Math.max(0, Math.trunc(Number(length.value) || 0)), withCube());
  };
  variant.addEventListener("change", () => { cubeAnyway.checked = false; explain(); });
  for (const el of [length, cube, cubeAnyway]) el.addEventListener("input", explain);
  cube.addEventListener("change", explain);
  cubeAnyway.addEventListener("change", explain);
  explain();
  const form = h("form", { class: "challenge-form", id: "challenge-form", hidden: true, onsubmit: (ev) => {
    ev.preventDefault();
    /** @type {Record<string, string | number | boolean>} */
    const body = { variant: variant.value, length: Number(length.value || 0), clock: clock.value, rated: rated.checked,
      cube: withCube() };
    if (to.value.trim()) body.to = to.value.trim();
    // (a challenge expects an answer: notifications are asked for once)
    act(() => call("POST", "/api/lobby/challenges", body)).then((ok) => { if (ok) { form.hidden = true; askNotifications(); } });
  } },
  // (the game and the clock a row each: their longest names, "Рапид: 15 с на ход + 2 мин
  // на очко", were cut off in a column of two at 1366 px)
  h("div", { class: "grid" },
    h("label", { class: "wide" }, t("variant"), variant), h("label", {}, t("matchLength"), length), cubeField,
    h("div", { class: "wide" }, lengthNote),
    h("label", { class: "wide" }, t("lobbyClockLabel"), clock),
    member ? h("label", { class: "check" }, rated, t("lobbyRated")) : null,
    member ? h("label", {}, t("lobbyChallengeTo"), to) : null),
  h("button", { class: "big", type: "submit", id: "post-challenge" }, t("lobbyPost")));
  return form;
}
