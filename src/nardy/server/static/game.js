// @ts-check
// The game page: the board, the controls, the score, the move list, hints, the result and the review.
// The opponent's plays are shown, not just drawn: a short pause before the computer's,
// its dice, each checker sliding (a tap skips; none with prefers-reduced-motion), and
// the last play marked until the next. While an action is on its way every control
// is disabled, so a double click sends it once.
import { nextGameBox } from "./next_game.js";
import { actionId, call, GameSocket, ApiError } from "./api.js";
import { accessPlay, lastPlayText, sentences } from "./access.js";
import { cubeAdvice, playFigures } from "./advice.js";
import { drawBoard, glideSteps, liftBoard, slideStep, stepBoard } from "./board.js";
import { byId, diceText, explainer, go, h, main, playerName, toast } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { reviewPanel } from "./review.js";
import { chatChannels, mountChat } from "./chat.js";
import { scoringName, variantName } from "./session.js";
import { onState } from "./signals.js";
import { boardFlipped, choose, getPref, setBoardFlipped } from "./prefs.js";  // the pause before the computer's play, the board turned round
import { GameClock } from "./clock.js";  // the club clock (clock.js)
import { SHARE_ICON, icon, shareLink } from "./share.js";  // the drawn icons, the share sheet or the clipboard
import { gameTournament, tournamentAfterGame } from "./game_tournament.js";
import { variantRulesHref } from "./rules.js";
import { awayNotice } from "./abandon.js";  // the opponent who left, and the claim
import { ratingNode } from "./lobby.js";  // a member's rating beside his name

/** @typedef {import("./api.js").Json} Json */
/** @typedef {import("./dom.js").Kid} Kid */
/** @typedef {import("./board.js").Step} Step */
/** @typedef {import("./board.js").Checkers} Checkers */

/** The thinking pause before the computer's play is shown, and each checker's slide (ms). */
const PAUSE_MS = 600, STEP_MS = 320, AFTER_PLAY_MS = 200;
/** An action unanswered this long frees the controls again (the socket resends it). */
const FLIGHT_MS = 10000;

/** The thinking pause setting (default on). @returns {boolean} */
const pauseOn = () => getPref("think_pause");
const reduceMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
/** @param {Json} e  an entry of the state's history @returns {boolean} a play (not a cube action) */
const isPlay = (e) => !e.action;

/** @param {string} id @returns {() => void} what closes the page */
export function gamePage(id) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board"); svg.id = "board";
  // (one picture to a screen reader, named; the position in words is its description)
  svg.setAttribute("role", "img"); svg.setAttribute("aria-label", t("boardName")); svg.setAttribute("aria-describedby", "position-text");
  const scorebar = h("div", { class: "scorebar", id: "scorebar" });
  const status = h("div", { class: "status", id: "status", tabindex: -1 });  // (where the focus goes when its control is gone)
  const lastPlay = h("div", { class: "last-play", id: "last-play", hidden: true });
  const notice = h("div", { class: "notice", id: "notice", hidden: true });
  const refusal = h("div", { class: "notice refusal", id: "refusal", hidden: true });
  // a person's opponent who closed the game: the wait, then the claim (abandon.js)
  const away = awayNotice(id, (st) => render(st));
  const players = h("div", { class: "players", id: "players" });
  const actions = h("div", { class: "actions", id: "actions" });
  const undo = h("button", { id: "undo", type: "button", disabled: true }, t("undo"));
  const confirm = h("button", { id: "confirm", type: "button", disabled: true }, t("confirm"));
  // (under the players, above the other actions: on a phone the thumb that confirms a
  // play does not land on Resign)
  const controls = h("div", { class: "controls", id: "controls", hidden: true }, undo, confirm);
  const tip = h("p", { class: "small tip", id: "tip", hidden: true }, t("hint"), " ", t("dieTip"),
    h("span", { class: "keyboard-tip", id: "keyboard-tip" }, " ", t("keyboardTip")));
  const moves = h("ol", { class: "movelist", id: "moves" });
  const extra = h("div", { id: "extra" });
  const overlay = h("div", { id: "overlay" });
  const review = h("div", { id: "review" });
  const hintBox = h("div", { id: "hints", "aria-live": "polite" });  // (the hint's answer is said)
  const access = accessPlay((action) => send(action));  // keyboard play and the position in words
  const chatBox = h("div", { id: "chat-box" });  // the chat (chat.js)
  // the chat's messages that came unseen, counted beside the status: on a phone the
  // chat lies far below the board; a tap goes to it (and, seen, the count clears)
  const chatUnread = h("button", { type: "button", class: "chat-unread", id: "chat-unread", hidden: true,
    onclick: () => { chatBox.scrollIntoView({ block: "start", behavior: reduceMotion() ? "auto" : "smooth" }); } });
  /** @param {number} n */
  const showUnread = (n) => {
    chatUnread.hidden = !n; chatUnread.textContent = `💬 ${n}`;
    chatUnread.setAttribute("aria-label", msg("web.chat-unread", { n }));
  };
  // -- the tools under the board: who watches, the board turned round, the watch link --
  const EYE = "M1 12C4 6 8 4 12 4s8 2 11 8c-3 6-7 8-11 8S4 18 1 12zm11 4a4 4 0 1 0 0-8 4 4 0 0 0 0 8z";
  const TURN = "M7 3 3 7h3v9h2V7h3zm10 18 4-4h-3V8h-2v9h-3z";
  const watchers = h("span", { class: "watchers", id: "watchers", role: "status", hidden: true });
  /** @param {number} n  the game's watchers (its spectators, not its players) */
  const showWatchers = (n) => {
    watchers.hidden = false; watchers.dataset.n = String(n);
    watchers.replaceChildren(icon(EYE), String(n));
    const said = msg("web.watchers", { n });
    watchers.title = said; watchers.setAttribute("aria-label", said);
  };
  const flipButton = h("button", { type: "button", id: "flip", class: "tool", title: msg("web.flip-title"),
    "aria-pressed": String(boardFlipped()), onclick: () => flip() }, icon(TURN), msg("web.flip"));
  const flip = () => {
    setBoardFlipped(!boardFlipped());
    flipButton.setAttribute("aria-pressed", String(boardFlipped()));
    if (!animating) paint();
  };
  const shareButton = h("button", { type: "button", id: "share", class: "tool", title: msg("web.share-title"), onclick: () => share() },
    icon(SHARE_ICON), msg("web.share"));
  // the watch link (anyone who opens it watches): the phone's share sheet, else copied
  function share() {
    const url = `${location.origin}/game/${id}`;
    return shareLink({ url, title: document.title, text: msg("web.share-text"),
      copied: msg("web.share-copied"), failed: msg("web.share-failed", { url }) });
  }
  // the F key turns the board round (by its place too: a Russian layout types "а"),
  // except while typing (a move, a chat message)
  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => {
    const el = /** @type {HTMLElement} */ (ev.target);
    if ((ev.code !== "KeyF" && (ev.key || "").toLowerCase() !== "f") || ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat) return;
    if (el.closest && el.closest("input, textarea, select, [contenteditable]")) return;
    flip();
  };
  document.addEventListener("keydown", onKey);
  const tools = h("div", { class: "board-tools", id: "board-tools" }, watchers, flipButton, shareButton);
  const page = h("div", { class: "game" },
    // (the page's heading, for a screen reader: app.js puts the focus on it)
    h("div", {}, h("h1", { class: "sr-only", id: "game-heading", tabindex: -1 }, t("pageGame")), scorebar, h("div", { class: "board-wrap" }, access.toggle, svg, overlay), tools, tip, review),
    h("div", { class: "side" }, h("div", { class: "panel card" }, chatUnread, status, lastPlay, notice, refusal, away.node, players, controls, actions, hintBox,
      access.node, h("h3", {}, t("moves")), moves, extra), chatBox));
  main.replaceChildren(page);
  // -- the focus kept through the rebuilds: a control used from the keyboard (Roll,
  // Resign, Take, a hint's play) is often gone with the state it belonged to; the
  // focus goes to the same control drawn anew, else to what comes next, not to the
  // page's top. (A pointer's user is left alone: he does not lose his place.)
  let lastFocus = "";
  page.addEventListener("focusin", (ev) => {
    const el = /** @type {HTMLElement} */ (ev.target);
    lastFocus = el.matches(":focus-visible") ? el.id || "*" : "";
  });
  page.addEventListener("pointerdown", () => { lastFocus = ""; });
  function keepFocus() {
    const now = document.activeElement;
    if (!lastFocus || (now && now !== document.body && now.isConnected)) return;
    /** @param {Element | null} e @returns {e is HTMLElement} */
    const usable = (e) => e instanceof HTMLElement && !(e instanceof HTMLButtonElement && e.disabled) && e.offsetParent !== null;
    const next = [lastFocus === "*" ? null : byId(lastFocus), byId("play-input"), state && state.legal ? byId("access-on") : null,
      actions.querySelector("button:not(:disabled)"), status].find(usable);
    if (next) next.focus();
  }
  /** @param {string} bid  the control that takes the focus (a menu opened or closed from it) */
  const focusOn = (bid) => { const e = byId(bid); if (e) e.focus(); };
  // -- the club clock and rating change (clock.js) --
  const clock = new GameClock(); players.after(clock.el);
  const tourney = gameTournament(id); status.before(tourney.el);  // a tournament's game
  /** @type {import("./board.js").BoardUi & { resignMenu: boolean, closed: string | null }} */
  const ui = { selected: null, die: null, resignMenu: false, closed: null };
  /** @type {Json} the game state shown (the server's last, once its plays are shown) */
  let state = null;
  /** @type {GameSocket | null} */
  let sock = null;
  let closed = false;

  // -- one action at a time ---------------------------------------------------------
  // From a click until the answer (or the new state) arrives, every control is
  // disabled: a second click cannot send the action again into the next turn.
  let inFlight = false, sentSeq = 0;
  /** @type {number | undefined} */
  let flightTimer;
  // While the opponent's play is shown the board is an old one: nothing acts on it.
  let animating = false;
  /** The animation's control: a tap on the board sets skip and finishes what runs. */
  let anim = { skip: false, running: /** @type {Animation[]} */ ([]), wake: () => {} };
  const locked = () => inFlight || animating;
  function disableAll() {
    // the game's buttons; not the chat's, nor the keyboard play's (send() refuses while
    // locked, and a disabled submit button would block the Enter key in its form) and
    // the way into it (no state draws it anew), nor the board's tools (they send nothing)
    for (const b of main.querySelectorAll("button")) {
      if (!b.closest("#chat-box, #chat-unread, #access, #access-on, #board-tools")) b.disabled = true;
    }
  }
  function lock() {
    inFlight = true; sentSeq = state ? state.seq : 0;
    disableAll(); paint();
    clearTimeout(flightTimer);
    flightTimer = setTimeout(unlock, FLIGHT_MS);
  }
  function unlock() {
    clearTimeout(flightTimer);
    if (!inFlight) return;
    inFlight = false;
    if (state && !animating) { renderAll(state); keepFocus(); }
  }

  // over HTTP (no socket): a lost connection is retried with the same action id
  /** @param {object} body @param {number} [tries] @returns {Promise<Json>} */
  const post = (body, tries = 3) => call("POST", `/api/games/${id}/actions`, body).catch((e) => {
    if (e instanceof ApiError || tries <= 1) throw e;
    return new Promise((ok) => setTimeout(ok, 1000)).then(() => post(body, tries - 1));
  });
  /** @param {object} action */
  const send = (action) => {
    if (locked()) return;
    ui.selected = null; ui.die = null; ui.resignMenu = false;
    lock();
    if (!sock || !sock.send(action)) {
      post({ action_id: actionId(), ...action }).then(render).catch((e) => toast(e.message)).finally(unlock);
    }
  };
  ui.onSource = (p) => { if (!locked()) { ui.selected = p; paint(); } };
  ui.onTarget = (p) => { const from = ui.selected; ui.selected = null; send({ action: "move", from, to: p }); };
  ui.onMove = (from, to) => send({ action: "move", from, to });
  ui.onDie = (d) => { if (!locked()) { ui.die = d; ui.selected = null; paint(); } };
  // A tap the board does not act on is said, not silently dropped: a step tried from
  // the selected checker goes to the server, whose refusal names the rule that forbids
  // it ("point 1 is the opponent's", "only 1 checker may leave the head"); a tap on a
  // checker of his that cannot move says so.
  ui.onRefused = (from, p) => {
    if (locked() || !state) return;
    if (from !== null) { send({ action: "move", from, to: p }); return; }
    // (a checker on the bar that cannot come in leaves no move at all: the turn passes)
    const b = state.board;
    if (!(b && p >= 1 && p <= 24 && b.points[p] > 0)) return;
    // the rule that holds it, where one surely does (the bar first, the head, the févga
    // runner: the state's legal.stuck), else that it cannot move
    const why = state.legal && state.legal.stuck && state.legal.stuck[String(p)];
    toast(why ? why[currentLang()] ?? why.en : msg("web.no-move-from", { point: String(p) }), "info");
  };
  undo.onclick = () => send({ action: "undo" });
  confirm.onclick = () => send({ action: "confirm" });
  svg.addEventListener("pointerdown", () => {
    if (!animating) return;
    anim.skip = true; anim.wake();
    for (const a of anim.running) a.finish();
  });

  /**
   * A result's or a resignation's kind in words; under C-2 per-checker scoring the
   * checkers it counts ("12 checkers left"), a tier's multiplier after them.
   * @param {string} k @param {number | null} [checkers] @param {number} [points]  before the cube
   */
  const kindName = (k, checkers = null, points = 0) => {
    const tier = t("kinds")[k] || k;
    if (!checkers) return tier;
    const left = msg("result.checkers-left", { n: checkers }), times = points / checkers;
    return times > 1 ? `${left} × ${times} (${tier})` : left;
  };
  /** @param {string} c @param {Json} [st] */
  function playerLabel(c, st = state) {
    const p = st.players && st.players[c];
    if (!p) return "…";
    if (p.computer) return `${t("computer")} (${msg(`level.${p.level}`)})`;
    if (st.mode === "local") return t(c);  // (one device: both sides are the same person)
    return `${p.name ? playerName(p.name) : t("guest")}${st.role === c ? ` (${t("you")})` : ""}`;
  }
  // A side is named by its player ("Arsen wins", "Arsen to play"): a watcher knows
  // names, not colours. One device's two sides, or a side with no one in it yet, go
  // by colour.
  /** @param {Json} st @param {string} c @param {string} namedKey @param {(c: string) => string} byColour */
  function sideText(st, c, namedKey, byColour) {
    if (st.mode === "local" || !(st.players && st.players[c])) return byColour(c);
    return msg(namedKey, { name: playerLabel(c, st) });
  }
  /** @param {Json} st @param {string} c @param {boolean} match */
  function winnerTitle(st, c, match) {
    return sideText(st, c, match ? "web.match-winner-named" : "web.winner-named", t(match ? "matchWinnerIs" : "winnerIs"));
  }
  /**
   * The dice being played when they are not the roll (V-CRAZY, V-GUL and their kin): a
   * sequence's next double, or the moves the opponent could not play, which pass to
   * the player; else null. @param {Json} st
   */
  function segmentText(st) {
    const d = (st.segment_dice || []).join("-");
    if (st.segment_kind === "sequence") return msg("web.turn-sequence", { dice: diceText(st.segment_dice) });
    if (st.segment_kind === "passed") return msg("web.turn-passed", { dice: d });
    return null;
  }
  /** "Your move" with what the dice are when they are not the roll. @param {Json} st @param {string} turn */
  function withSegment(st, turn) {
    const seg = segmentText(st);
    return seg ? `${turn}: ${seg}` : turn;
  }
  /** @param {Json} e  a cube action or resignation of the history */
  function actText(e) {
    let s = t("acts")[e.action] || e.action;
    if (e.value) s += ` → ${e.value}`;
    if (e.kind) s += `: ${kindName(e.kind)}`;
    return s;
  }
  /** The last play of the state's game, to mark on the board. @param {Json} st */
  function lastOf(st) {
    const plays = (st.history || []).filter(isPlay);
    const p = plays.length ? plays[plays.length - 1] : null;
    return p && p.steps ? { steps: p.steps, side: p.color === st.view ? "mine" : "theirs" } : null;
  }
  function paint() {
    if (!state) return;
    const st = state, L = st.legal, busy = locked();
    drawBoard(svg, { ...st, last: lastOf(st), flip: boardFlipped() }, busy ? { selected: null } : ui);
    undo.disabled = busy || !(L && L.can_undo);
    confirm.disabled = busy || !(L && L.can_confirm);
    // the move buttons and the tip only for the player to move: not for watchers, nor
    // during a cube decision or the opponent's turn
    controls.hidden = !L; tip.hidden = !L;
    svg.dataset.phase = st.phase; svg.dataset.seq = st.seq;
  }

  // -- the opponent's plays, shown -----------------------------------------------------
  /** The plays new in ``st`` since ``prev`` made by someone else than the viewer: the
   * last run of them (the viewer's own he saw as he made them).
   * @param {Json} prev @param {Json} st @returns {Json[]} */
  function othersPlays(prev, st) {
    if (!prev || !prev.board || !st.board || st.role === "both" || prev.view !== st.view || prev.match.game !== st.match.game) return [];
    const news = st.history.filter(isPlay).slice(prev.history.filter(isPlay).length);
    const out = [];
    for (let i = news.length - 1; i >= 0 && news[i].color !== st.role; i--) out.unshift(news[i]);
    // shown only if not seen already: the board before them is the one on the page,
    // or that board with the viewer's own new plays (a hint's play) made at once
    const b1 = undoPlays(st.board, out, st.view), b0 = undoPlays(b1, news.slice(0, news.length - out.length), st.view);
    const same = (/** @type {Checkers} */ x) => JSON.stringify(x) === JSON.stringify(prev.board);
    return out.length && (same(b1) || same(b0)) ? out : [];
  }
  /** The opponent's checker moves of this turn that are new in ``st``, seen live.
   * @param {Json} prev @param {Json} st @returns {Step[]} */
  function newLiveSteps(prev, st) {
    if (!prev || st.phase !== "move" || prev.phase !== "move" || st.role === "both" || st.turn === st.role
      || prev.turn !== st.turn || prev.view !== st.view || prev.history.length !== st.history.length) return [];
    const was = prev.pending_steps || [], now = st.pending_steps || [];
    if (now.length <= was.length || JSON.stringify(now.slice(0, was.length)) !== JSON.stringify(was)) return [];
    return now.slice(was.length);
  }
  /** ``board`` with ``plays`` taken back, the last first. @param {Checkers} board @param {Json[]} plays @param {string} view */
  function undoPlays(board, plays, view) {
    for (const p of [...plays].reverse()) {
      for (const s of [...p.steps].reverse()) board = stepBoard(board, s, p.color === view ? "mine" : "theirs", true);
    }
    return board;
  }
  /** @param {number} ms */
  const wait = (ms) => new Promise((ok) => {
    if (anim.skip) { ok(undefined); return; }
    const timer = setTimeout(ok, ms);
    anim.wake = () => { clearTimeout(timer); ok(undefined); };
  });
  /** Show ``plays`` (the last of ``st``'s history) on the board they started from.
   * @param {Json} st @param {Json[]} plays */
  async function showPlays(st, plays) {
    /** @param {string} c @returns {"mine" | "theirs"} */
    const side = (c) => (c === st.view ? "mine" : "theirs");
    /** @type {Checkers} the board before them: the final one with them taken back */
    let board = undoPlays(st.board, plays, st.view);
    /** @param {Checkers} b @param {number[] | null} dice */
    const frame = (b, dice) => drawBoard(svg, { view: st.view, board: b, dice, cube: st.cube, family: st.family, flip: boardFlipped() });
    const motion = !reduceMotion();
    for (const p of plays) {
      const who = st.players && st.players[p.color];
      if (who && who.computer && pauseOn() && !anim.skip) {
        status.textContent = t("hintWait");
        frame(board, null);
        await wait(PAUSE_MS);
      }
      status.textContent = lastPlayText(playerLabel(p.color, st), p);
      frame(board, p.dice);
      for (const s of /** @type {Step[]} */ (p.steps)) {
        if (motion && !anim.skip) {
          frame(liftBoard(board, s, side(p.color)), p.dice);
          await slideStep(svg, board, s, side(p.color), p.color, STEP_MS, anim);
        }
        board = stepBoard(board, s, side(p.color));
        frame(board, p.dice);
      }
      if (motion) await wait(AFTER_PLAY_MS);
    }
  }

  // -- the page's parts ----------------------------------------------------------------
  /** A side as the score names it, short: the player's name, the computer, or the colour (one device). @param {Json} st @param {string} c */
  function shortName(st, c) {
    const p = st.players && st.players[c];
    if (st.mode === "local" || !p) return t(c);
    if (p.computer) return t("computer");
    return p.name ? playerName(p.name) : t("guest");
  }
  /**
   * The match score by player, each with his colour in this game: colours change
   * between a match's games (L-4: long nardy's starter plays White), so a score by
   * colour ("○ 3 : 2 ●") was true of this game only. The player himself first, a
   * watcher's White first: "○ Валерий 3 : 2 Ольга ●".
   * @param {Json} st @param {string} sid
   */
  function scoreNode(st, sid) {
    const m = st.match, first = st.role === "black" ? "black" : "white", second = first === "white" ? "black" : "white";
    /** @param {string} c */
    const name = (c) => h("span", { class: "score-name", "data-color": c }, shortName(st, c));
    /** @param {string} c */
    const points = (c) => h("b", { class: "score-points" }, String(m.score[c]));
    return h("span", { class: "score", id: sid }, h("span", { class: `dot ${first}` }), name(first), " ", points(first),
      " : ", points(second), " ", name(second), h("span", { class: `dot ${second} after-score` }));
  }
  /** @param {Json} st */
  function renderScore(st) {
    const m = st.match;
    // which game it is, first: a visitor who tried "without signing up" was given long
    // nardy, and the page named it only far below the board
    const kids = [h("span", { id: "game-variant", class: "variant" }, variantName(st.variant))];
    if (m && m.length) {
      // (the score labelled as the match's: a bare number read as checkers borne off)
      kids.push(h("span", { class: "match-score" }, h("span", { class: "match-label" }, `${t("matchTo")(m.length)}:`), " ",
        scoreNode(st, "match-score")), h("span", {}, t("gameNo")(m.game)));
      if (m.crawford && st.cube?.enabled) kids.push(h("span", { class: "crawford", id: "crawford" }, t("crawford")));
      else if (m.post_crawford && st.cube?.enabled) kids.push(h("span", {}, t("postCrawford")));
    } else kids.push(h("span", {}, t("moneyGame")));
    // between two people, whether the result will move the ratings is said from the start
    if (st.mode === "club") {
      // (a match that ended before its loser's first decision is not rated after all)
      const rated = st.rated && !(st.outcome && st.outcome.unrated);
      kids.push(h("span", { id: "game-rated", class: rated ? "rated" : "", title: rated ? msg("web.rated-why") : "" },
        rated ? t("lobbyRated") : t("lobbyUnrated")));
    }
    const c = st.cube;
    if (c && c.enabled) {
      kids.push(h("span", { id: "cube-info" }, `${t("cube")}: ${c.value} (${c.owner ? t("cubeOf")(c.owner) : t("cubeCentre")})`));
      const dead = deadCubeText(st);
      if (dead) kids.push(h("span", { id: "cube-dead", class: "cube-dead" }, dead));
    }
    scorebar.replaceChildren(...kids);
  }
  /**
   * Why no double is offered when the cube is dead (C-4, RULINGS.md "C-4 dead cube"): a
   * game won at the cube's value already wins the match, for both sides (a 1-point
   * match, 2-2 of 3) or for the leader after the Crawford game; null while it lives
   * (and in the Crawford game, which says so already).
   * @param {Json} st
   */
  function deadCubeText(st) {
    const d = st.cube && st.cube.dead;
    if (!d || st.phase === "over" || (st.match && st.match.crawford)) return null;
    if (d.white && d.black) return msg("web.cube-dead-both");
    const c = d.white ? "white" : d.black ? "black" : null;
    return c ? msg("web.cube-dead-one", { name: shortName(st, c) }) : null;
  }
  /** @param {Json} st */
  function renderStatus(st) {
    let s;
    const me = st.role === "both" || (st.to_act && st.to_act === st.role);
    // (a friend game waits only until the friend joins: then the toss is made)
    if (st.status === "waiting" || st.phase === "waiting") s = st.invite_url ? t("waiting") : t("status").waiting;
    else if (st.phase === "over") s = st.role === "spectator" && st.match.length && !st.match.over ? msg("web.watch-between-games") : t("over");
    else if (st.phase === "cube") {
      const c = st.cube;
      if (st.role === "both" || st.role === "spectator") s = t("doubleOffered")(c.offered_by, c.next);
      else if (me) s = t("theyDouble")(c.next);
      else s = t("youDouble");
    } else if (st.phase === "resign" && st.resign) {
      const r = st.resign, v = t("points")(r.value);
      if (st.role === "both" || st.role === "spectator") s = t("resignOffered")(r.by, kindName(r.kind), v);
      else if (me) s = t("theyResign")(kindName(r.kind), v);
      else s = t("youResign");
    } else if (st.role === "spectator") {
      s = `${t("spectator")} — ${sideText(st, st.to_act, "web.turn-of-named", t("turnOf"))}`;
    }
    else if (st.role === "both") s = withSegment(st, t("turnOf")(st.to_act));
    else if (me) s = st.phase === "roll" ? t("rollOrDouble") : withSegment(st, t("yourTurn"));
    else if (st.players[st.to_act] && st.players[st.to_act].computer) s = t("computerThinks");
    else s = t("theirTurn");
    status.textContent = s;
    status.dataset.turn = st.to_act || ""; status.dataset.role = st.role;
    // the last play by someone else, said in words until the next one
    const plays = (st.history || []).filter(isPlay);
    const lp = plays.length ? plays[plays.length - 1] : null;
    // and the player's own roll that could not be played, since the next roll comes at
    // once (long nardy rolls for him) and it would pass unseen
    const n = plays.length;
    const blocked = [plays[n - 2], plays[n - 1]].find((p) => p && p.color === st.role && p.play === "-");
    const lines = [];
    if (blocked) lines.push(msg("web.you-no-move", { dice: diceText(blocked.dice) }));
    if (lp && lp.color !== st.role) {
      lines.push(lastPlayText(playerLabel(lp.color, st), lp));
    }
    lastPlay.hidden = !lines.length;
    lastPlay.textContent = lines.join(" · ");
    // the latest cube action or resignation, said in words
    const h2 = st.history || [];
    const last = h2.length ? h2[h2.length - 1] : null;
    const prev = h2.length > 1 ? h2[h2.length - 2] : null;
    const act = last && last.action ? last : (prev && prev.action ? prev : null);
    notice.hidden = !act;
    if (act) {
      notice.textContent = `${playerLabel(act.color, st)}: ${actText(act)}`;
      notice.dataset.action = act.action;
    }
  }
  // Hints: the bots' best plays for the dice being played (not in games between two people).
  function showHint() {
    hintBox.replaceChildren(h("p", { class: "small" }, t("hintWait")));
    call("GET", `/api/games/${id}/hint`).then((data) => {
      if (data.kind === "cube") {
        hintBox.replaceChildren(cubeAdvice(data));
        hintBox.scrollIntoView({ block: "nearest" });
        return;
      }
      const rows = data.plays.map((/** @type {Json} */ p, /** @type {number} */ i) => h("li", {},
        h("button", { type: "button", class: "hint-play", onclick: () => { hintBox.replaceChildren(); send({ action: "play", play: p.play }); } }, p.play),
        playFigures(p, i)));
      hintBox.replaceChildren(h("p", { class: "small" }, t("hintTitle")(data.plies, data.match)), h("ol", { class: "hint-list", id: "hint-list" }, ...rows),
        explainer(t("equityHint"), "equity-help"));
      // (a phone held sideways shows the buttons above it: the answer came in below them)
      hintBox.scrollIntoView({ block: "nearest" });
    }).catch((e) => { hintBox.replaceChildren(); toast(e.message); });
  }
  /** @param {string} bid @param {string} label @param {object} action @param {string} [cls] */
  const actionButton = (bid, label, action, cls = "") => h("button", { id: bid, type: "button", class: cls, onclick: () => send(action) }, label);
  /** @param {Json} st */
  function renderActions(st) {
    const A = st.actions || [];
    const b = actionButton;
    const kids = [];
    // the invitation link under the status that asks for it, until the friend comes
    if (st.invite_url && st.status === "waiting") kids.push(h("div", { class: "invite full-row" },
      h("input", { readonly: true, value: st.invite_url, id: "invite" }),
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(st.invite_url); toast(t("copied"), "info"); } }, t("copy"))));
    if (A.includes("roll")) kids.push(b("roll", t("roll"), { action: "roll" }, "main"));
    if (A.includes("double")) kids.push(b("double", `${t("double")} → ${st.cube.next}`, { action: "double" }));
    // (a beginner is told what each answer costs: a pass loses the game at today's stake)
    if (A.includes("take")) kids.push(b("take", msg("web.take-for", { value: st.cube.next }), { action: "take" }, "main"));
    if (A.includes("beaver")) kids.push(b("beaver", t("beaver"), { action: "beaver" }));
    if (A.includes("pass")) kids.push(b("pass", msg("web.pass-loses", { points: t("points")(st.cube.value) }), { action: "pass" }, "warn"));
    if (A.includes("accept")) kids.push(b("accept", t("accept"), { action: "accept" }, "main"));
    if (A.includes("reject")) kids.push(b("reject", t("reject"), { action: "reject" }));
    if (A.includes("next-game")) kids.push(b("next-game", t("nextGame"), { action: "next-game" }, "main"));
    const myTurn = st.role === "both" || st.to_act === st.role;
    const advisable = st.phase === "move" || A.includes("double") || A.includes("take");
    if (myTurn && advisable && st.hints) kids.push(h("button", { type: "button", id: "hint", onclick: showHint }, t("hintButton")));
    if (A.includes("resign")) {
      if (ui.resignMenu) {
        kids.push(h("div", { class: "small full-row" }, t("resignAs")));
        for (const r of st.resign_levels) {
          kids.push(b(`resign-${r.level}`, `${kindName(r.kind, r.checkers, r.value / ((st.cube && st.cube.value) || 1))} (${t("points")(r.value)})`, { action: "resign", level: r.level }, "warn"));
        }
        kids.push(h("button", { type: "button", id: "resign-cancel", onclick: () => { ui.resignMenu = false; renderActions(state); focusOn("resign"); } }, t("cancel")));
      } else {
        kids.push(h("button", { type: "button", id: "resign", class: "warn", onclick: () => {
          ui.resignMenu = true; renderActions(state);
          /** @type {HTMLElement | null} */ (actions.querySelector("button[id^='resign-']"))?.focus();  // (the first choice it opened)
        } }, t("resign")));
      }
    }
    // (the result card has the rematch while it is open)
    const box = st.phase === "over" && ui.closed === overlayKey(st) ? rematchBox(st, "-side") : null;
    if (box) kids.push(box);
    actions.replaceChildren(...kids);
    renderRefusal(st);
  }
  // A resignation the computer refused: why, and the levels it would accept.
  /** @param {Json} st */
  function renderRefusal(st) {
    const r = st.resign_refused;
    const mineToSay = r && (st.role === r.by || st.role === "both") && (st.actions || []).includes("resign");
    refusal.hidden = !mineToSay;
    if (!mineToSay) { refusal.replaceChildren(); return; }
    /** @param {Json} x */
    const price = (x) => ({ kind: kindName(x.kind), value: t("points")(x.value) });
    const kids = [h("p", { id: "refusal-why" }, msg("web.resign-refused", price(r)))];
    if (r.accepts.length) {
      kids.push(h("p", {}, msg("web.resign-expects", price(r.accepts[0]))));
      kids.push(h("div", { class: "actions" }, ...r.accepts.map((/** @type {Json} */ a) =>
        actionButton(`resign-again-${a.level}`, `${kindName(a.kind)} (${t("points")(a.value)})`, { action: "resign", level: a.level }, "warn"))));
    } else kids.push(h("p", {}, msg("web.resign-none")));
    refusal.replaceChildren(...kids);
  }
  // -- the rematch ---------------------------------------------------------------------
  /** @param {"offer" | "decline"} what */
  function askRematch(what) {
    if (locked()) return;
    lock();
    call("POST", `/api/games/${id}/rematch`, { action: what })
      .then((r) => { if (r.game) go(`/game/${r.game}`); })
      .catch((e) => toast(e.message)).finally(unlock);
  }
  /** The rematch's buttons or state after a finished game. @param {Json} st @param {string} sfx  the ids' suffix */
  function rematchBox(st, sfx) {
    const r = st.rematch;
    const played = ["white", "black", "both"].includes(st.role);
    // (a tournament's game has none: the tournament pairs the next round)
    if (st.status !== "over" || st.tournament || (!played && !(r && r.game))) return null;
    const box = h("div", { class: "rematch full-row", id: `rematch-box${sfx}` });
    if (r && r.state === "accepted") box.append(h("a", { href: `/game/${r.game}`, "data-link": true, id: `rematch-open${sfx}` }, t("rematchOpen")));
    else if (r && r.state === "declined") box.append(h("p", { class: "small" }, t("rematchDeclined")));
    else if (r && r.by === st.role) box.append(h("p", { class: "small", id: `rematch-wait${sfx}` }, t("rematchOffered")));
    else if (r) {
      box.append(h("p", { id: `rematch-from${sfx}` }, t("rematchOfferFrom")),
        h("button", { type: "button", class: "main", id: `rematch-accept${sfx}`, onclick: () => askRematch("offer") }, t("rematchAccept")),
        h("button", { type: "button", id: `rematch-decline${sfx}`, onclick: () => askRematch("decline") }, t("rematchDecline")));
    } else box.append(h("button", { type: "button", class: "main", id: `rematch${sfx}`, onclick: () => askRematch("offer") }, t("rematch")));
    return box;
  }
  /** @param {Json} st */
  function downloads(st) {
    /** @type {Kid[]} */
    const a = [h("a", { href: `/api/games/${st.id}/record`, download: `nardy-${st.id}.jsonl` }, t("downloadJson"))];
    if (st.family === "short") {
      a.push(" · ", h("a", { href: `/api/games/${st.id}/record?format=mat`, download: `nardy-${st.id}.mat`, id: "dl-mat" }, t("downloadMat")),
        " · ", h("a", { href: `/api/games/${st.id}/record?format=sgf`, download: `nardy-${st.id}.sgf`, id: "dl-sgf" }, t("downloadSgf")));
    }
    return a;
  }
  // The bots' review of the finished game, under the board.
  /** @param {string} x */
  const reviewName = (x) => (x === "white" || x === "black" ? `${t(x)} — ${playerLabel(x)}` : x);
  function showReview() {
    ui.closed = overlayKey(state);
    overlay.replaceChildren();
    review.replaceChildren(h("p", { class: "small", id: "review-wait" }, t("analysing")));
    call("GET", `/api/games/${id}/analysis`)
      .then((data) => { review.replaceChildren(reviewPanel(data, h, reviewName, (n) => go(`/replay/${id}?decision=${n}`))); review.scrollIntoView({ block: "nearest" }); })
      .catch((e) => { review.replaceChildren(); toast(e.message); });
  }
  /** @param {string} bid */
  const reviewButton = (bid) => h("button", { type: "button", id: bid, class: "secondary", onclick: showReview }, t("analyse"));
  // Which result card the player closed: one per game, and one at the match's end.
  /** @param {Json} st */
  const overlayKey = (st) => `${st.match.game}:${st.match.over}`;
  // The result card lies over the board (below the header, the board seen through it)
  // and closes with its ×.
  /** @param {Json} st */
  function renderOverlay(st) {
    overlay.replaceChildren();
    if (st.phase !== "over" || !st.outcome) return;
    const m = st.match, key = overlayKey(st);
    if (ui.closed === key) return;
    const o = st.outcome, played = st.role === "white" || st.role === "black";
    let title;
    if (m.length && m.over) {
      if (!m.winner) title = t("over");
      else if (played) title = m.winner === st.role ? t("youWonMatch") : t("youLostMatch");
      else title = winnerTitle(st, m.winner, true);
    } else if (!o.winner) title = t("draw");
    else if (played && m.length) title = o.winner === st.role ? t("youWonGame") : t("youLostGame");
    else if (played) title = o.winner === st.role ? t("youWon") : t("youLost");
    else title = winnerTitle(st, o.winner, false);
    let detail = `${kindName(o.kind, o.checkers, o.points)} — ${t("points")(o.value)}`;
    if (o.cube > 1) detail += ` (${o.points} × ${o.cube})`;
    // (a loss on time is its kind already: "on time — 3 points", not "…, time ran out";
    // a forfeit says why: "forfeit — 3 points, the game was left")
    if (o.reason && o.reason !== "bear-off" && o.reason !== "time") detail += `, ${t("reasons")[o.reason] || o.reason}`;
    const close = h("button", { type: "button", id: "result-close", class: "close", "aria-label": t("close"), title: t("close"),
      onclick: () => { ui.closed = key; overlay.replaceChildren(); renderActions(st); keepFocus(); } }, "×");
    const card = h("div", { class: "card" }, close, h("h2", { id: "result-title", tabindex: -1 }, title), h("p", { id: "result-detail" }, detail));
    if (o.unrated && o.winner) {
      const loser = o.winner === "white" ? "black" : "white";
      card.append(h("p", { class: "small", id: "result-unrated" }, msg("web.unrated-no-move", { name: playerLabel(loser) })));
    }
    if (m.length) card.append(h("p", {}, `${t("matchTo")(m.length)}: `, scoreNode(st, "result-score")));
    // a watcher is told whether the match goes on (its players start the next game)
    const watching = st.role === "spectator";
    if (watching && m.length) {
      card.append(h("p", { id: "result-match" }, m.over ? msg("web.watch-match-over") : msg("web.watch-match-goes-on", { n: m.game + 1 })));
    }
    if ((st.actions || []).includes("next-game") || st.next_game) {
      card.append(nextGameBox(st, () => send({ action: "next-game" })));
    } else {
      const box = rematchBox(st, "");
      if (box) card.append(box);
      // (a watcher starts no game: more games to watch, in place of "New game")
      const fresh = h("p", {}, watching ? h("a", { href: "/#watch", "data-link": true, id: "result-watch" }, msg("web.watch-more"))
        : h("button", { type: "button", id: "result-new", class: "secondary", onclick: () => go("/") }, t("newGame")));
      card.append(fresh);
      // a tournament's game: back to the tournament and what comes next, in place of
      // "New game" (game_tournament.js)
      if (st.tournament) {
        tournamentAfterGame(st).then((after) => { if (after) fresh.replaceWith(after); });
      }
    }
    const links = [];
    if (st.status === "over") links.push(h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice")), " · ");
    card.append(h("p", { class: "small" }, ...links, ...downloads(st)));
    card.append(h("p", {}, reviewButton("analyse"), " ", h("a", { href: `/replay/${st.id}`, "data-link": true, id: "replay-result" }, t("replay"))));
    overlay.append(h("div", { class: "result", id: "result" }, card));
  }
  /** @param {Json} st */
  function renderPlayers(st) {
    const len = st.match && st.match.length;
    // (one device's two sides are one person: his rating on both would say nothing)
    const rating = (/** @type {string} */ c) => (st.mode === "local" || !st.players ? null : ratingNode(st.players[c], `rating-${c}`));
    players.replaceChildren(...["white", "black"].map((c) => h("div", { class: st.to_act === c ? "active" : "" },
      // (once a rated result is in, the rating is the new one and the change follows it)
      h("span", {}, h("span", { class: `dot ${c}` }), playerLabel(c), rating(c), rating(c) && st.players[c].change != null
        ? h("small", { class: `rating-change ${st.players[c].change >= 0 ? "up" : "down"}`, id: `rating-delta-${c}` },
          ` (${st.players[c].change >= 0 ? "+" : "−"}${Math.abs(st.players[c].change)})`) : null),
      h("span", { class: "nums" }, st.pips ? `${t("pips")}: ${st.pips[c]}` : "",
        // (labelled: a bare number beside the pips read as checkers borne off)
        len ? h("b", { class: "pscore", id: `pscore-${c}`, title: msg("web.match-points-title", { length: len, n: st.match.score[c] }) },
          msg("web.match-points", { n: st.match.score[c] })) : null))));
  }
  /** @param {Json} st */
  function renderExtra(st) {
    /** @type {HTMLElement[]} */
    // (a friend who came by a link may not know the game: its rules are a tap away)
    const kids = [h("h3", {}, variantName(st.variant), " ",
      h("a", { href: variantRulesHref(st.variant), "data-link": true, id: "variant-rules", class: "small" }, msg("web.variant-rules")))];
    if (st.scoring && st.scoring !== "standard") {  // (C-2: a scheme the players chose)
      kids.push(h("p", { class: "small", id: "game-scoring" }, msg("web.game-scoring", { scoring: scoringName(st.scoring, st.variant) })));
    }
    if (st.mode === "computer") {
      const box = h("input", { type: "checkbox", id: "think-pause", checked: pauseOn() });
      box.onchange = () => choose("think_pause", box.checked);
      kids.push(h("label", { class: "small check" }, box, " ", t("thinkPause")));
    }
    kids.push(h("p", { class: "small" }, `${t("commitment")}: `, h("code", { id: "commitment" }, st.dice_info.commitment)),
      explainer(msg("web.commitment-help"), "commitment-help"));
    if (st.dice_info.server_seed) kids.push(h("p", { class: "small" }, `${t("seedRevealed")}: `, h("code", {}, st.dice_info.server_seed)));
    kids.push(h("p", {}, `${t("download")}: `, ...downloads(st), " · ", h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice"))));
    if (st.phase === "over") kids.push(h("p", {}, reviewButton("analyse-side"), " ", h("a", { href: `/replay/${st.id}`, "data-link": true, id: "replay-link" }, t("replay"))));
    else review.replaceChildren();
    extra.replaceChildren(...kids);
  }
  /** @param {Json} st */
  function renderAll(st) {
    paint();
    renderScore(st);
    renderStatus(st);
    renderPlayers(st);
    renderActions(st);
    moves.replaceChildren(...(st.history || []).map((/** @type {Json} */ m) => (m.action
      ? h("li", { class: "act" }, h("span", { class: `dot ${m.color}` }), actText(m))
      : h("li", {}, h("span", { class: `dot ${m.color}` }),
        // (moves the opponent could not play, played by this side: not his roll)
        m.kind === "passed" ? `${m.dice.join("-")} ${msg("web.move-passed")}` : diceText(m.dice),
        `: ${m.play === "-" ? t("noMove") : m.play}`))));
    // an empty list would leave the variant's heading below to read as its content
    if (!moves.children.length) moves.append(h("li", { class: "moves-none small", id: "moves-none" }, t("movesNone")));
    moves.scrollTop = moves.scrollHeight;
    renderExtra(st);
    renderOverlay(st);
    if (locked()) disableAll();
    // the chat: its channels follow the role (a friend's seat taken) and the game's end
    const place = { game: st.id, role: st.role, mode: st.mode, over: st.status === "over" };
    const chats = chatChannels(place).map((c) => c.channel).join();
    if (chats !== chatsShown) { chatsShown = chats; closeChat(); closeChat = mountChat(chatBox, place, { onUnread: showUnread }); showUnread(0); }
  }
  let chatsShown = "", closeChat = () => {};
  /** Show a state: first the plays of others it brings, then the state itself.
   * @param {Json} st */
  async function show(st) {
    if (closed || (state && st.seq < state.seq)) return;
    const prev = state;
    const plays = othersPlays(prev, st);
    if (plays.length) {
      animating = true; anim = { skip: false, running: [], wake: () => {} };
      disableAll(); controls.hidden = true; tip.hidden = true;
      try { await showPlays(st, plays); } finally { animating = false; }
      if (closed) return;
    }
    if (!prev || st.seq !== prev.seq) { ui.resignMenu = false; ui.die = null; hintBox.replaceChildren(); }
    if (inFlight && st.seq > sentSeq) { inFlight = false; clearTimeout(flightTimer); }
    state = st; ui.selected = null;
    renderAll(st);
    access.update(st);
    // the game ended before the player's eyes: its result is said, and the focus is on it
    const heading = prev && prev.phase !== "over" && st.phase === "over" ? byId("result-title") : null;
    if (heading) { access.say(sentences([heading.textContent || "", byId("result-detail").textContent || ""])); heading.focus(); }
    else keepFocus();
    clock.update(st);  // the club clock (clock.js)
    if (!prev || st.seq !== prev.seq) tourney.refresh();
    onState(st);  // the turn signals and sounds (signals.js)
    const live = newLiveSteps(prev, st);
    if (live.length && !reduceMotion()) glideSteps(svg, prev.board, live, st.turn === st.view ? "mine" : "theirs", st.turn, STEP_MS);
    // the opponent accepted this player's rematch: on to the new game
    const r = st.rematch, before = prev && prev.rematch;
    if (prev && r && r.state === "accepted" && (!before || before.state !== "accepted") && r.by !== st.role
      && ["white", "black"].includes(st.role)) go(`/game/${r.game}`);
  }
  let chain = Promise.resolve();
  /** @param {Json} st  a game state, or a reply that carries one */
  function render(st) {
    const s = st.state ? st.state : st;
    // (a failure to show one state must not stop the ones after it)
    chain = chain.then(() => show(s)).catch((e) => { animating = false; console.error(e); });
  }
  /** @type {any} */ (window).__nardyGame = { get socket() { return sock; }, state: () => state };  // for the browser tests
  // A wrong game address says so and stops: no socket knocking at a game that is not.
  const listen = (seq = 0) => {
    // (a move the rules refuse is news, its rule named, not a failure: no "Error:"; so
    // is a banned player's refusal, which tells him of his ban)
    sock = new GameSocket(id, (m) => render(m.state), (err) => {
      if (err.code === "illegal" || err.code === "banned") toast(err.error, "info"); else toast(`${t("errorPrefix")}: ${err.error}`);
      unlock();
    }, seq);
    sock.onWatchers = showWatchers;
    away.start(() => state);
  };
  call("GET", `/api/games/${id}`).then((st) => {
    if (closed) return;
    listen(st.seq);  // (the events up to it are in the state already)
    render(st);
  }).catch((e) => {
    if (closed) return;
    if (!(e instanceof ApiError)) { toast(e.message); listen(); return; }  // the network: the socket retries
    if (e.status === 404 || e.status === 403) {
      main.replaceChildren(h("div", { class: "card no-game", id: "no-game" }, h("h2", {}, t("noSuchGame")),
        h("p", {}, t("noSuchGameText")), h("p", { class: "small" }, e.message),
        h("p", {}, h("button", { type: "button", class: "big", id: "no-game-home", onclick: () => go("/") }, t("newGame")))));
      return;
    }
    toast(e.message);
  });
  return () => { closed = true; clearTimeout(flightTimer); away.stop(); if (sock) sock.close(); closeChat(); document.removeEventListener("keydown", onKey); };
}

/** @param {string} token */
export async function joinPage(token) {
  try { const st = await call("POST", `/api/join/${token}`); go(`/game/${st.id}`); }
  catch (e) { main.replaceChildren(h("div", { class: "card" }, h("p", { class: "bad" }, /** @type {Error} */ (e).message))); }
}

