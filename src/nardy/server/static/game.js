// @ts-check
// The game page: the board, the controls, the score, the move list, hints, the result and the review.
import { actionId, call, GameSocket, ApiError } from "./api.js";
import { drawBoard } from "./board.js";
import { go, h, main, toast } from "./dom.js";
import { msg, t } from "./i18n.js";
import { reviewPanel } from "./review.js";
import { variantName } from "./session.js";
import { GameClock } from "./clock.js";  // the club clock (clock.js)

/** @typedef {import("./api.js").Json} Json */
/** @typedef {import("./dom.js").Kid} Kid */

/** @param {string} id @returns {() => void} what closes the page */
export function gamePage(id) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board"); svg.id = "board";
  const scorebar = h("div", { class: "scorebar", id: "scorebar" });
  const status = h("div", { class: "status", id: "status" });
  const notice = h("div", { class: "notice", id: "notice", hidden: true });
  const players = h("div", { class: "players", id: "players" });
  const actions = h("div", { class: "actions", id: "actions" });
  const undo = h("button", { id: "undo", type: "button", disabled: true }, t("undo"));
  const confirm = h("button", { id: "confirm", type: "button", disabled: true }, t("confirm"));
  const moves = h("ol", { class: "movelist", id: "moves" });
  const extra = h("div", { id: "extra" });
  const overlay = h("div", { id: "overlay" });
  const review = h("div", { id: "review" });
  const hintBox = h("div", { id: "hints" });
  main.replaceChildren(h("div", { class: "game" },
    h("div", {}, scorebar, svg, h("p", { class: "small" }, t("hint")), review),
    h("div", { class: "panel card" }, status, notice, players, actions, h("div", { class: "controls" }, undo, confirm), hintBox,
      h("h3", {}, t("moves")), moves, extra)), overlay);
  // -- the club clock and rating change (clock.js) --
  const clock = new GameClock(); players.after(clock.el);
  /** @type {import("./board.js").BoardUi & { resignMenu: boolean, closed: string | null }} */
  const ui = { selected: null, resignMenu: false, closed: null };
  /** @type {Json} the game state the server sent last */
  let state = null;

  // over HTTP (no socket): a lost connection is retried with the same action id
  /** @param {object} body @param {number} [tries] @returns {Promise<Json>} */
  const post = (body, tries = 3) => call("POST", `/api/games/${id}/actions`, body).catch((e) => {
    if (e instanceof ApiError || tries <= 1) throw e;
    return new Promise((ok) => setTimeout(ok, 1000)).then(() => post(body, tries - 1));
  });
  /** @param {object} action */
  const send = (action) => {
    ui.selected = null; ui.resignMenu = false;
    if (!sock.send(action)) post({ action_id: actionId(), ...action }).then(render).catch((e) => toast(e.message));
  };
  ui.onSource = (p) => { ui.selected = p; paint(); };
  ui.onTarget = (p) => { const from = ui.selected; ui.selected = null; send({ action: "move", from, to: p }); };
  undo.onclick = () => send({ action: "undo" });
  confirm.onclick = () => send({ action: "confirm" });

  /** @param {string} k */
  const kindName = (k) => t("kinds")[k] || k;
  /** @param {string} c */
  const mine = (c) => state.role === c;
  /** @param {string} c */
  function playerLabel(c) {
    const p = state.players && state.players[c];
    if (!p) return "…";
    if (p.computer) return `${t("computer")} (${msg(`level.${p.level}`)})`;
    return `${p.name || t("guest")}${mine(c) ? ` (${t("you")})` : ""}`;
  }
  /** @param {Json} e  a cube action or resignation of the history */
  function actText(e) {
    let s = t("acts")[e.action] || e.action;
    if (e.value) s += ` → ${e.value}`;
    if (e.kind) s += `: ${kindName(e.kind)}`;
    return s;
  }
  function paint() {
    if (!state) return;
    drawBoard(svg, state, ui);
    const L = state.legal;
    undo.disabled = !(L && L.can_undo);
    confirm.disabled = !(L && L.can_confirm);
    svg.dataset.phase = state.phase; svg.dataset.seq = state.seq;
  }
  /** @param {Json} m  the state's match */
  function scoreNode(m) {
    return h("span", { class: "score", id: "match-score" }, h("span", { class: "dot white" }),
      `${m.score.white} : ${m.score.black}`, h("span", { class: "dot black after-score" }));
  }
  /** @param {Json} st */
  function renderScore(st) {
    const m = st.match, kids = /** @type {HTMLElement[]} */ ([]);
    if (m && m.length) {
      kids.push(h("span", {}, t("matchTo")(m.length)), scoreNode(m), h("span", {}, t("gameNo")(m.game)));
      if (m.crawford) kids.push(h("span", { class: "crawford", id: "crawford" }, t("crawford")));
      else if (m.post_crawford) kids.push(h("span", {}, t("postCrawford")));
    } else kids.push(h("span", {}, t("moneyGame")));
    const c = st.cube;
    if (c && c.enabled) {
      kids.push(h("span", { id: "cube-info" }, `${t("cube")}: ${c.value} (${c.owner ? t("cubeOf")(c.owner) : t("cubeCentre")})`));
    }
    scorebar.replaceChildren(...kids);
  }
  /** @param {Json} st */
  function renderStatus(st) {
    let s;
    const me = st.role === "both" || (st.to_act && st.to_act === st.role);
    if (st.phase === "waiting" || (st.mode === "friend" && !st.players.white)) s = t("waiting");
    else if (st.phase === "over") s = t("over");
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
    } else if (st.role === "spectator") s = `${t("spectator")} — ${t("turnOf")(st.to_act)}`;
    else if (st.role === "both") s = t("turnOf")(st.to_act);
    else if (me) s = st.phase === "roll" ? t("rollOrDouble") : t("yourTurn");
    else if (st.players[st.to_act] && st.players[st.to_act].computer) s = t("computerThinks");
    else s = t("theirTurn");
    status.textContent = s;
    status.dataset.turn = st.to_act || ""; status.dataset.role = st.role;
    // the latest cube action or resignation, said in words
    const h2 = st.history || [];
    const last = h2.length ? h2[h2.length - 1] : null;
    const prev = h2.length > 1 ? h2[h2.length - 2] : null;
    const act = last && last.action ? last : (prev && prev.action ? prev : null);
    notice.hidden = !act;
    if (act) {
      notice.textContent = `${playerLabel(act.color)}: ${actText(act)}`;
      notice.dataset.action = act.action;
    }
  }
  // Hints: the bots' best plays for the dice being played (not in games between two people).
  /** @param {number} x */
  const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(3)}`;
  function showHint() {
    hintBox.replaceChildren(h("p", { class: "small" }, t("hintWait")));
    call("GET", `/api/games/${id}/hint`).then((data) => {
      if (data.kind === "cube") {
        const e = data.equities;
        const doubler = data.action === "double" || data.action === "no-double";
        const named = doubler ? msg(`cube.proper.${data.proper}`) : msg(`cube.action.${data.action}`);
        hintBox.replaceChildren(h("p", { id: "cube-hint" }, t("cubeHint")(named || data.action, data.match),
          h("br"), h("span", { class: "small" }, `ND ${signed(e.no_double)} · D/T ${signed(e.double_take)} · D/P ${signed(e.double_pass)}`
            + (data.exact ? ` · ${msg("cube.exact")}` : ""))));
        return;
      }
      const rows = data.plays.map((/** @type {Json} */ p, /** @type {number} */ i) => h("li", {},
        h("button", { type: "button", class: "hint-play", onclick: () => { hintBox.replaceChildren(); send({ action: "play", play: p.play }); } }, p.play),
        ` ${signed(p.equity)}`, i ? ` (${p.diff.toFixed(3)})` : ""));
      hintBox.replaceChildren(h("p", { class: "small" }, t("hintTitle")(data.plies, data.match)), h("ol", { class: "hint-list", id: "hint-list" }, ...rows));
    }).catch((e) => { hintBox.replaceChildren(); toast(e.message); });
  }
  /** @param {Json} st */
  function renderActions(st) {
    const A = st.actions || [];
    /** @param {string} id @param {string} label @param {object} action */
    const b = (id, label, action, cls = "") => h("button", { id, type: "button", class: cls, onclick: () => send(action) }, label);
    const kids = [];
    if (A.includes("roll")) kids.push(b("roll", t("roll"), { action: "roll" }, "main"));
    if (A.includes("double")) kids.push(b("double", `${t("double")} → ${st.cube.next}`, { action: "double" }));
    if (A.includes("take")) kids.push(b("take", t("take"), { action: "take" }, "main"));
    if (A.includes("beaver")) kids.push(b("beaver", t("beaver"), { action: "beaver" }));
    if (A.includes("pass")) kids.push(b("pass", t("pass"), { action: "pass" }, "warn"));
    if (A.includes("accept")) kids.push(b("accept", t("accept"), { action: "accept" }, "main"));
    if (A.includes("reject")) kids.push(b("reject", t("reject"), { action: "reject" }));
    if (A.includes("next-game")) kids.push(b("next-game", t("nextGame"), { action: "next-game" }, "main"));
    const myTurn = st.role === "both" || st.to_act === st.role;
    const advisable = st.phase === "move" || A.includes("double") || A.includes("take");
    if (myTurn && advisable && st.mode !== "friend") kids.push(h("button", { type: "button", id: "hint", onclick: showHint }, t("hintButton")));
    if (A.includes("resign")) {
      if (ui.resignMenu) {
        kids.push(h("div", { class: "small full-row" }, t("resignAs")));
        for (const r of st.resign_levels) {
          kids.push(b(`resign-${r.level}`, `${kindName(r.kind)} (${t("points")(r.value)})`, { action: "resign", level: r.level }, "warn"));
        }
        kids.push(h("button", { type: "button", id: "resign-cancel", onclick: () => { ui.resignMenu = false; renderActions(state); } }, t("cancel")));
      } else {
        kids.push(h("button", { type: "button", id: "resign", class: "warn", onclick: () => { ui.resignMenu = true; renderActions(state); } }, t("resign")));
      }
    }
    actions.replaceChildren(...kids);
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
      .then((data) => { review.replaceChildren(reviewPanel(data, h, reviewName)); review.scrollIntoView({ block: "nearest" }); })
      .catch((e) => { review.replaceChildren(); toast(e.message); });
  }
  /** @param {string} bid */
  const reviewButton = (bid) => h("button", { type: "button", id: bid, onclick: showReview }, t("analyse"));
  // Which result card the player closed: one per game, and one at the match's end.
  /** @param {Json} st */
  const overlayKey = (st) => `${st.match.game}:${st.match.over}`;
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
      else title = t("matchWinnerIs")(m.winner);
    } else if (!o.winner) title = t("draw");
    else if (played && m.length) title = o.winner === st.role ? t("youWonGame") : t("youLostGame");
    else if (played) title = o.winner === st.role ? t("youWon") : t("youLost");
    else title = t("winnerIs")(o.winner);
    let detail = `${kindName(o.kind)} — ${t("points")(o.value)}`;
    if (o.cube > 1) detail += ` (${o.points} × ${o.cube})`;
    if (o.reason && o.reason !== "bear-off") detail += `, ${t("reasons")[o.reason] || o.reason}`;
    const card = h("div", { class: "card" }, h("h2", { id: "result-title" }, title), h("p", { id: "result-detail" }, detail));
    if (m.length) card.append(h("p", {}, `${t("matchTo")(m.length)} · ${t("score")}: `, scoreNode(m)));
    if ((st.actions || []).includes("next-game")) {
      card.append(h("p", {}, h("button", { class: "big", id: "result-next", onclick: () => send({ action: "next-game" }) }, t("nextGame"))));
    } else {
      card.append(h("p", {}, h("button", { class: "big", onclick: () => go("/") }, t("newGame"))));
    }
    const links = [];
    if (st.status === "over") links.push(h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice")), " · ");
    card.append(h("p", {}, ...links, ...downloads(st)));
    card.append(h("p", {}, reviewButton("analyse")));
    card.append(h("p", {}, h("button", { type: "button", id: "result-close", onclick: () => { ui.closed = key; overlay.replaceChildren(); } }, "×")));
    overlay.append(h("div", { class: "result", id: "result" }, card));
  }
  /** @param {Json} st  a game state, or a reply that carries one */
  function render(st) {
    if (st.state) st = st.state;
    if (state && st.seq < state.seq) return;
    if (!state || st.seq !== state.seq) { ui.resignMenu = false; hintBox.replaceChildren(); }
    state = st; ui.selected = null; paint();
    renderScore(st);
    renderStatus(st);
    const len = st.match && st.match.length;
    players.replaceChildren(...["white", "black"].map((c) => h("div", { class: st.to_act === c ? "active" : "" },
      h("span", {}, h("span", { class: `dot ${c}` }), playerLabel(c)),
      h("span", { class: "nums" }, st.pips ? `${t("pips")}: ${st.pips[c]}` : "",
        len ? h("b", { class: "pscore", title: t("score") }, String(st.match.score[c])) : null))));
    renderActions(st);
    moves.replaceChildren(...(st.history || []).map((/** @type {Json} */ m) => (m.action
      ? h("li", { class: "act" }, h("span", { class: `dot ${m.color}` }), actText(m))
      : h("li", {}, h("span", { class: `dot ${m.color}` }), `${m.dice.join("-")}: ${m.play === "-" ? t("noMove") : m.play}`))));
    moves.scrollTop = moves.scrollHeight;
    const kids = [h("h3", {}, variantName(st.variant))];
    if (st.invite_url) kids.push(h("div", { class: "invite" }, h("p", {}, t("waiting")),
      h("input", { readonly: true, value: st.invite_url, id: "invite" }),
      h("button", { type: "button", onclick: () => { navigator.clipboard?.writeText(st.invite_url); toast(t("copied")); } }, t("copy"))));
    kids.push(h("p", { class: "small" }, `${t("commitment")}: `, h("code", { id: "commitment" }, st.dice_info.commitment)));
    if (st.dice_info.server_seed) kids.push(h("p", { class: "small" }, `${t("seedRevealed")}: `, h("code", {}, st.dice_info.server_seed)));
    kids.push(h("p", {}, `${t("download")}: `, ...downloads(st), " · ", h("a", { href: `/verify/${st.id}`, "data-link": true }, t("verifyDice"))));
    if (st.phase === "over") kids.push(h("p", {}, reviewButton("analyse-side")));
    else review.replaceChildren();
    extra.replaceChildren(...kids);
    renderOverlay(st);
    clock.update(st);  // the club clock (clock.js)
  }
  const sock = new GameSocket(id, (msg) => render(msg.state), (err) => toast(`${t("errorPrefix")}: ${err.error}`));
  /** @type {any} */ (window).__nardyGame = { socket: sock, state: () => state };  // for the browser tests
  call("GET", `/api/games/${id}`).then(render).catch((e) => toast(e.message));
  return () => sock.close();
}


/** @param {string} token */
export async function joinPage(token) {
  try { const st = await call("POST", `/api/join/${token}`); go(`/game/${st.id}`); }
  catch (e) { main.replaceChildren(h("div", { class: "card" }, h("p", { class: "bad" }, /** @type {Error} */ (e).message))); }
}

