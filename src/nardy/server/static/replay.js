// @ts-check
// A game stepped through on the board (GET /api/games/{id}/replay): first / previous /
// next / last, the arrow keys, Home / End and a slider; every step shows the board
// after it with the play just made drawn as arrows, the dice, whose turn is next and
// the match score. The review (review.js) drives the same board: a mistake clicked
// shows the position it was made in with the played and the best play as arrows.
// The page holds no rules: the server replays the records with the rules engine.
import { call } from "./api.js";
import { drawBoard, pointGeometry } from "./board.js";
import { diceText, go, h, main, playerName } from "./dom.js";
import { BARX, BARW, BOT, MID, R, TOP, TRAY, TRAYW } from "./geometry.js";
import { currentLang, depth, fixed, msg, signedEquity, t } from "./i18n.js";
import { reviewPanel, said } from "./review.js";
import { variantName } from "./session.js";

/** @typedef {import("./api.js").Json} Json */
/** @typedef {import("./board.js").Color} Color */
/** One checker move as the board draws it (the viewer's numbering; 25 the bar, 0 off). @typedef {{ from: number, to: number, hit?: boolean }} Arrow */
/**
 * One step of a replay (nardy.server.replay): the board after a play, a cube action or
 * a resignation, or a game's start.
 * @typedef {object} Step
 * @property {number} game  the game of the match (0: the first)
 * @property {"start" | "play" | "action"} kind
 * @property {Color} view @property {Json} board @property {Record<Color, number>} pips
 * @property {import("./board.js").Cube} cube
 * @property {Record<Color, number>} score  the match score before this game
 * @property {Record<Color, number>} [score_after]  on a finished game's last step: the score it left
 * @property {number} length  the match length (0: a money game)
 * @property {Color} [color]  who played or acted
 * @property {number[]} [dice] @property {string} [play] @property {Arrow[]} [moves]
 * @property {number | null} [turn]  the game's play number (the review's "turn")
 * @property {Color | null} [to_act]
 * @property {{ id: string | null, turn: Color }} [before]  the position the play was made in (its ID)
 * @property {string} [action] @property {number} [value] @property {number} [level]
 * @property {string} [resign]  the kind of game a resignation gives (single, mars…)
 * @property {{ winner: Color | null, kind: string, value: number }} [outcome]
 * @property {{ decision: number, best_moves?: Arrow[] }[]} review  the review's decisions made here
 */

const SVG = "http://www.w3.org/2000/svg";

/** @param {string} tag @param {Record<string, string | number>} attrs @param {Element} parent */
function svgEl(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

// Where an arrow starts or ends: a point's checkers, a side's half of the bar, or a
// side's half of the tray (the viewer's side at the bottom).
/** @param {number} p @param {boolean} mine @returns {[number, number]} */
function spot(p, mine) {
  if (p === 25) return [BARX + BARW / 2, mine ? (MID + BOT) / 2 : (TOP + MID) / 2 - 20];
  if (p === 0) return [TRAY + TRAYW / 2, mine ? BOT - 50 : TOP + 50];
  const { x, top } = pointGeometry(p);
  return [x, top ? TOP + 2 * R : BOT - 2 * R];
}

/**
 * Draw a play's moves on a drawn board as arrows: "played" and "best" bend to either
 * side so that the same move made by both stays visible.
 * @param {SVGSVGElement} svg @param {Arrow[]} moves @param {boolean} mine  the viewer's play
 * @param {"played" | "best"} kind
 */
export function drawArrows(svg, moves, mine, kind) {
  let defs = svg.querySelector("defs");
  if (!defs) defs = /** @type {SVGDefsElement} */ (svgEl("defs", {}, svg));
  if (!svg.querySelector(`#head-${kind}`)) {
    const m = svgEl("marker", { id: `head-${kind}`, viewBox: "0 0 10 10", refX: 8, refY: 5,
      markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse", class: `arrow-head ${kind}` }, defs);
    svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z" }, m);
  }
  const g = svgEl("g", { class: `arrows ${kind}`, "data-arrows": kind }, svg);
  const bend = kind === "played" ? 1 : -1;
  for (const mv of moves) {
    const [x1, y1] = spot(mv.from, mine), [x2, y2] = spot(mv.to, mine);
    const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy) || 1;
    const off = Math.min(60, 12 + len / 5) * bend;
    const cx = (x1 + x2) / 2 - (dy / len) * off, cy = (y1 + y2) / 2 + (dx / len) * off;
    svgEl("path", { d: `M ${x1} ${y1} Q ${cx} ${cy} ${x2} ${y2}`, class: `arrow ${kind}`,
      "marker-end": `url(#head-${kind})`, "data-from": mv.from, "data-to": mv.to }, g);
  }
}


/** A colour's name. @param {string} c */
const colorName = (c) => (c === "white" || c === "black" ? t(c) : c);

/**
 * A player as the game page names him: his name (a guest's default one in the reader's
 * language), the computer with its level, or his colour when unknown (one device).
 * @param {Json} p  the replay's player (nardy.server.replay), or null @param {string} c
 */
export function playerLabel(p, c) {
  if (!p) return colorName(c);
  if (p.computer) return `${t("computer")} (${msg(`level.${p.level}`)})`;
  return p.name ? playerName(p.name) : t("guest");
}

/**
 * The replay's header: who played White and Black in game ``game`` (colours change
 * between a match's games), when, and how it ended.
 * @param {Json} d  the replay @param {number} game
 */
export function replayHeader(d, game) {
  const players = d.players || [null, null], whites = d.whites || [];
  /** @param {number} g @param {number} n  a player's colour in game g */
  const colorOf = (g, n) => ((whites[g] ?? 0) === n ? "white" : "black");
  const w = whites[game] ?? 0;
  const who = [h("span", { class: "dot white" }), " ", h("b", { id: "replay-white" }, playerLabel(players[w], "white")), " — ",
    h("span", { class: "dot black" }), " ", h("b", { id: "replay-black" }, playerLabel(players[1 - w], "black"))];
  /** @type {string[]} */
  const about = [];
  if (d.at) {
    const when = new Date(d.at).toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
    about.push(msg(d.over ? "web.replay-when" : "web.replay-when-running", { when }));
  }
  const r = d.result;
  if (r) {
    const last = Math.max(0, (d.games || 1) - 1);
    let text = r.winner == null ? t("draw")
      : msg("web.replay-won", { name: playerLabel(players[r.winner], colorOf(last, r.winner)) });
    if (d.length && r.score && r.winner != null) text += ` ${r.score[r.winner]}:${r.score[1 - r.winner]}`;
    const why = r.reason && r.reason !== "bear-off" ? t("reasons")[r.reason] || r.reason
      : r.kind && r.kind !== "draw" ? t("kinds")[r.kind] || r.kind : "";
    about.push(why ? `${text} · ${why}` : text);
  }
  return { who, about: about.join(" · ") };
}

/** A step's words: who did what. @param {Step} s @returns {string} */
export function stepText(s) {
  if (s.kind === "start") return t("stepStart");
  if (s.kind === "play") {
    const play = s.play === "-" ? t("noMove") : s.play;
    return `${colorName(s.color ?? "")} ${diceText(s.dice ?? [])}: ${play}`;
  }
  let a = t("acts")[s.action ?? ""] || s.action || "";
  if (s.value) a += ` → ${s.value}`;
  if (s.resign) a += `: ${t("kinds")[s.resign] || s.resign}`;
  return `${colorName(s.color ?? "")}: ${a}`;
}

/**
 * The analysis board's address for a position (its ID and the side on roll), with the
 * dice when a roll is to be played, a match's length and score (by colour) so that
 * its hints are for the score, and the cube where it stood.
 * @param {string} variant @param {string | null} id @param {string} turn @param {number[] | null} dice
 * @param {{ length: number, score: Record<string, number>, cube?: Json } | null} [match]
 */
export function analysisHref(variant, id, turn, dice, match = null) {
  const q = new URLSearchParams({ variant, id: id ?? "", turn });
  if (dice && dice.length >= 2) q.set("dice", `${dice[0]}${dice[1]}`);
  if (match && match.length) {
    q.set("length", String(match.length));
    q.set("score", `${match.score.white}-${match.score.black}`);
  }
  const cube = match && match.cube;
  if (cube && cube.value > 1 && cube.owner) { q.set("cube", String(cube.value)); q.set("owner", cube.owner); }
  if (cube && cube.crawford) q.set("crawford", "1");
  return `/analysis?${q}`;
}

/**
 * The replay page: the board with its step controls, the move list by game, and the
 * review on demand (?review=1; ?decision=N opens the review at that decision).
 * @param {string} id @returns {() => void} what closes the page
 */
export function replayPage(id) {
  const params = new URLSearchParams(location.search);
  const svg = /** @type {SVGSVGElement} */ (document.createElementNS(SVG, "svg"));
  svg.setAttribute("class", "board"); svg.id = "replay-board";
  const scorebar = h("div", { class: "scorebar", id: "replay-score" });
  const caption = h("div", { class: "step-caption", id: "step-caption", "aria-live": "polite" });
  const verdict = h("div", { class: "step-verdict", id: "step-verdict", hidden: true });
  /** @param {string} bid @param {string} label @param {string} title */
  const btn = (bid, label, title) => h("button", { type: "button", id: bid, title, "aria-label": title }, label);
  const first = btn("step-first", "|◀", t("stepFirst")), prev = btn("step-prev", "◀", t("stepPrev"));
  const next = btn("step-next", "▶", t("stepNext")), last = btn("step-last", "▶|", t("stepLast"));
  const slider = h("input", { type: "range", id: "step-slider", min: 0, max: 0, value: 0, "aria-label": t("stepSlider"),
    list: "game-starts" });
  const starts = h("datalist", { id: "game-starts" });  // the games' boundaries: the slider's ticks
  const counter = h("span", { class: "step-counter", id: "step-counter" });
  const list = h("div", { class: "replay-moves", id: "replay-moves" });
  const links = h("p", { class: "replay-links" });
  const review = h("div", { id: "replay-review" });
  const note = h("span", { class: "small", id: "replay-note" });
  const players = h("p", { class: "replay-players", id: "replay-players" });
  const about = h("p", { class: "small replay-about", id: "replay-about" });
  main.replaceChildren(h("h2", { class: "page-title" }, h("span", { id: "replay-title" }, t("replayTitle")), " ", note),
    players, about,
    h("div", { class: "game replay" },
      h("div", {}, scorebar, svg, caption, verdict,
        h("div", { class: "stepper" }, first, prev, slider, starts, next, last),
        h("p", { class: "small stepper-row" }, counter, h("span", { class: "keys" }, ` · ${t("replayKeys")}`)), review),
      h("div", { class: "panel card" }, links, h("h3", {}, t("moves")), list)));

  /** @type {Json} */
  let data = null;
  /** @type {Step[]} */
  let steps = [];
  let at = 0;
  /** @type {Json} the review (the analysis of the finished game), once asked for */
  let judged = null;

  /** Who played colour ``c`` in game ``g`` (colours change between a match's games). @param {number} g @param {string} c */
  function sideName(g, c) {
    const w = (data.whites || [])[g] ?? 0;
    return playerLabel((data.players || [])[c === "white" ? w : 1 - w] ?? null, c);
  }
  /** A colour's mark, said by who plays it. @param {Step} s @param {string} c @param {string} [cls] */
  const mark = (s, c, cls = "") => h("span", { class: `dot ${c} ${cls}`, role: "img", "aria-label": sideName(s.game, c), title: sideName(s.game, c) });
  /** @param {Step} s */
  function renderScore(s) {
    /** @type {(HTMLElement | string)[]} */
    const kids = [];
    if (s.length) {
      // the match score by player, each with his colour in the game shown (a score by
      // colour held for one game only); the viewer's side first, as the board is drawn
      const sc = s.score_after ?? s.score, first = s.view === "black" ? "black" : "white", second = first === "white" ? "black" : "white";
      /** @param {string} c */
      const name = (c) => h("span", { class: "score-name", "data-color": c }, sideName(s.game, c));
      /** @param {string} c */
      const points = (c) => h("b", { class: "score-points" }, String(sc[/** @type {Color} */ (c)]));
      kids.push(h("span", { class: "match-score" }, h("span", { class: "match-label" }, `${t("matchTo")(s.length)}:`), " ",
        h("span", { class: "score", id: "replay-match-score" }, h("span", { class: `dot ${first}` }), name(first), " ", points(first),
          " : ", points(second), " ", name(second), h("span", { class: `dot ${second} after-score` }))));
    } else kids.push(h("span", {}, t("moneyGame")));
    if (data.games > 1 || s.length) kids.push(h("span", { id: "replay-game-no", class: "game-no" }, t("gameNo")(s.game + 1)));
    const c = s.cube;
    if (c && c.enabled) kids.push(h("span", {}, `${t("cube")}: ${c.value}${c.owner ? ` (${t("cubeOf")(c.owner)})` : ""}`));
    // (each count marked with its side's colour, named for a screen reader and on hover)
    kids.push(h("span", { class: "small", id: "replay-pips" }, `${t("pips")}: `, mark(s, "white"), ` ${s.pips.white} · `,
      mark(s, "black"), ` ${s.pips.black}`));
    scorebar.replaceChildren(...kids);
  }

  /**
   * A finished game's end in words: who won it, how, and whether it won him the match
   * ("Валерий: победа в партии (ойн, 1 очко) и в матче 3:2").
   * @param {Step} s @param {{ winner: Color | null, kind: string, value: number }} o
   */
  function outcomeText(s, o) {
    const kind = t("kinds")[o.kind] || o.kind, points = t("points")(o.value);
    if (!o.winner) return `${t("draw")} — ${kind}, ${points}`;
    const name = sideName(s.game, o.winner), after = s.score_after, loser = o.winner === "white" ? "black" : "white";
    if (s.length && after && after[o.winner] >= s.length) {
      return msg("web.replay-match-won", { name, kind, points, score: `${after[o.winner]}:${after[loser]}` });
    }
    return msg("web.replay-game-won", { name, kind, points });
  }

  // The address holds the step (or the decision) shown: back, reload and a shared link
  // come back to it.
  /** @param {Record<string, string>} shown */
  function remember(shown) {
    // (a deeper review is kept too: a reload shows the same one)
    if (judged && judged.plies) shown = { ...shown, plies: String(judged.plies) };
    history.replaceState(history.state, "", `/replay/${id}?${new URLSearchParams(shown)}`);
  }

  /** Show step ``i`` (the board after it). @param {number} i */
  function show(i) {
    if (!steps.length) return;
    at = Math.max(0, Math.min(steps.length - 1, i));
    const s = steps[at];
    drawBoard(svg, { view: s.view, board: s.board, dice: s.kind === "play" ? s.dice : null, cube: s.cube });
    if (s.moves && s.moves.length) drawArrows(svg, s.moves, s.color === s.view, "played");
    svg.dataset.step = String(at); svg.dataset.game = String(s.game);
    delete svg.dataset.decision;
    remember({ step: String(at) });
    renderScore(s);
    const head = replayHeader(data, s.game);  // (the colours of the game shown)
    players.replaceChildren(...head.who);
    about.textContent = head.about;
    const parts = [h("b", {}, stepText(s))];
    if (s.outcome) {
      const o = s.outcome;
      parts.push(h("span", { class: "outcome", id: "step-outcome" }, outcomeText(s, o)));
    } else if (s.to_act) parts.push(h("span", { class: "small" }, `${t("toAct")}: ${colorName(s.to_act)}`));
    caption.replaceChildren(...parts);
    verdict.hidden = true;
    slider.value = String(at);
    // (counted within the game shown, as its move list and the review number its entries)
    const from = steps.map((x) => x.kind).lastIndexOf("start", at);
    const end = steps.findIndex((x, j) => j > at && x.kind === "start");
    counter.textContent = `${at - from} / ${(end < 0 ? steps.length : end) - 1 - from}`;
    first.disabled = prev.disabled = at === 0;
    next.disabled = last.disabled = at === steps.length - 1;
    list.querySelectorAll(".current").forEach((e) => e.classList.remove("current"));
    const item = list.querySelector(`[data-step="${at}"]`);
    if (item) {
      item.classList.add("current");
      // the list scrolls to the step, never the page (on a phone the list is below)
      const r = item.getBoundingClientRect(), box = list.getBoundingClientRect();
      if (r.top < box.top || r.bottom > box.bottom) list.scrollTop += r.top - box.top - box.height / 2;
    }
    analysisLink();
  }

  // The analysis board opens the position on the board now: where the next play was
  // made, with its dice (or, after the last play, that play's own position).
  // A decision picked from the review opens its own position (``own``).
  /** @param {Step | null} [own] */
  function analysisLink(own = null) {
    const later = steps.slice(at + 1).find((s) => s.kind === "play" && s.before && s.before.id);
    const mine = steps[at].kind === "play" ? steps[at] : null;
    const target = own ?? (later && later.game === steps[at].game ? later : mine);
    links.replaceChildren();
    if (target && target.before && target.before.id) {
      const href = analysisHref(data.variant, target.before.id, target.before.turn, target.dice ?? null, target);
      links.append(h("a", { href, id: "open-analysis", onclick: (/** @type {Event} */ ev) => { ev.preventDefault(); go(href); } },
        t("openAnalysis")));
    }
    links.append(h("a", { href: `/game/${id}`, "data-link": true, id: "back-to-game" }, t("backToGame")));
    if (data.over && !judged) {
      links.append(h("button", { type: "button", id: "replay-analyse", class: "secondary", onclick: () => loadReview(null) }, t("analyse")));
    }
  }

  // A decision of the review on the board: the position it was made in, the play made
  // and the best play as arrows of two colours, and their equities.
  /** @param {number} n */
  function pick(n) {
    const i = steps.findIndex((s) => s.review.some((r) => r.decision === n));
    if (i < 0 || !judged) return;
    const s = steps[i], d = judged.decisions[n], note = s.review.find((r) => r.decision === n);
    show(i);
    if (d.kind === "cube") {
      // a cube decision is made before the roll: the analysis board opens the position
      // of the next play without its dice (with them it read as that play's decision),
      // with the cube as it stood before the double (a double's step holds it so; an
      // answer's step holds the cube after it, the double's is the step before)
      const next = steps.slice(i).find((x) => x.kind === "play" && x.game === s.game && x.before && x.before.id);
      const asked = ["take", "pass", "beaver"].includes(s.action ?? "") && i > 0 ? steps[i - 1] : s;
      if (next) analysisLink({ ...next, dice: undefined, cube: asked.cube });
    }
    if (d.kind === "play" && i > 0) {
      // the position the play was made in: the board of the step before
      drawBoard(svg, { view: s.view, board: steps[i - 1].board, dice: s.dice, cube: s.cube });
      renderScore({ ...s, pips: steps[i - 1].pips });  // (the pips of the board shown)
      analysisLink(s);
      drawArrows(svg, s.moves ?? [], s.color === s.view, "played");
      if (note && note.best_moves && d.best !== d.played) drawArrows(svg, note.best_moves, s.color === s.view, "best");
    }
    svg.dataset.decision = String(n);
    remember({ decision: String(n) });
    const r = svg.getBoundingClientRect();  // (picked below the board on a phone)
    if (r.top < 0 || r.bottom > innerHeight) scorebar.scrollIntoView({ block: "start" });
    verdict.replaceChildren(
      h("span", { class: "legend played" }, `${t("playedPlay")}: ${said(d, d.played)} (${signedEquity(d.equity)})`),
      h("span", { class: "legend best" }, `${t("bestPlay")}: ${said(d, d.best)} (${signedEquity(d.best_equity)})`));
    if (d.mark) verdict.append(h("b", { class: `m-${d.mark.replace(" ", "-")}` }, `−${fixed(d.loss, 3)} (${msg(`mark.${d.mark}`)})`));
    verdict.hidden = false;
  }

  // The review names a player as the game page does: by his colour in the last game
  // (the header's) and who he is.
  /** @param {string} c */
  const reviewName = (c) => {
    const w = (data.whites || [])[Math.max(0, (data.games || 1) - 1)] ?? 0;
    const p = (data.players || [])[c === "white" ? w : 1 - w];
    return p ? `${colorName(c)} — ${playerLabel(p, c)}` : colorName(c);
  };
  /**
   * Ask for the review at ``plies``: the first one in place of the button, a deeper one
   * with its progress over the review shown, which stays until the deeper replaces it
   * (or stays, with the reason, when it is refused).
   * @param {number | null} decision  a decision to show once the review is in
   * @param {number} [plies]
   */
  function loadReview(decision, plies = 0) {
    const shown = review.querySelector("#review-panel");
    /** @type {ReturnType<typeof setInterval> | null} */
    let timer = null;
    if (shown && plies > 0) {
      // a deeper review takes seconds a game: the seconds it has taken, under a bar
      const started = performance.now();
      const words = h("span", {});
      const tick = () => { words.textContent = msg("web.review-deepening", { depth: depth(plies), seconds: Math.round((performance.now() - started) / 1000) }); };
      tick();
      timer = setInterval(tick, 1000);
      const button = /** @type {HTMLButtonElement | null} */ (shown.querySelector("#review-deeper"));
      if (button) button.disabled = true;
      shown.querySelector("#review-deeper-error")?.remove();
      // (beside the button pressed: where the player looks)
      (shown.querySelector(".review-deeper") ?? review).append(h("span", { class: "small review-progress", id: "review-progress", role: "status" },
        h("progress", { "aria-label": t("analysing") }), " ", words));
    } else review.replaceChildren(h("p", { class: "small", id: "review-wait" }, t("analysing")));
    const stop = () => { if (timer !== null) clearInterval(timer); review.querySelector("#review-progress")?.remove(); };
    call("GET", `/api/games/${id}/replay?plies=${plies}`).then((d) => {
      stop();
      const step = at;
      judged = d.review;
      load(d, step);
      review.replaceChildren(reviewPanel(judged, h, reviewName, pick, (deeper) => loadReview(null, deeper)));
      analysisLink();
      if (decision !== null) pick(decision);
    }).catch((e) => {
      stop();
      const kept = review.querySelector("#review-panel");
      if (!kept) { review.replaceChildren(h("p", { class: "bad" }, e.message)); return; }
      // (the shallower review stays; the button again, for when the server has room)
      const button = /** @type {HTMLButtonElement | null} */ (kept.querySelector("#review-deeper"));
      if (button) button.disabled = false;
      kept.querySelector(".review-deeper")?.append(h("span", { class: "bad", id: "review-deeper-error", role: "alert" }, ` ${e.message}`));
    });
  }

  /** @param {Json} d @param {number} start */
  function load(d, start) {
    data = d; steps = d.steps;
    slider.max = String(steps.length - 1);
    /** @type {HTMLElement[]} */
    const items = [];
    /** @type {HTMLElement | null} */
    let ol = null;
    steps.forEach((s, i) => {
      if (s.kind === "start") {
        if (d.games > 1 || s.length) items.push(h("h4", { class: "game-sep", "data-game": s.game }, t("gameNo")(s.game + 1)));
        ol = h("ul", { class: "movelist" });
        items.push(ol);
      }
      const li = h("li", { "data-step": i, class: s.kind === "action" ? "act" : "" },
        h("button", { type: "button", class: "step-link", onclick: () => show(i) },
          s.color ? h("span", { class: `dot ${s.color}` }) : null, stepText(s)));
      if (ol) ol.append(li);
    });
    list.replaceChildren(...items);
    starts.replaceChildren(...steps.flatMap((s, i) => (s.kind === "start" ? [h("option", { value: i })] : [])));
    // (only a game really being played is said to be running; a match between two of
    // its games is running, its games so far are over)
    const running = d.running ? msg("web.replay-running") : d.over ? "" : msg("web.replay-match-running");
    note.textContent = `${variantName(d.variant)}${running ? ` — ${running}` : ""}`;
    show(start);
  }

  /** @param {KeyboardEvent} ev */
  const onKey = (ev) => {
    const el = /** @type {HTMLElement} */ (ev.target);
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;  // (Alt+← is the browser's Back)
    if (el && (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA")) return;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault(); show(to);
  };
  first.onclick = () => show(0);
  prev.onclick = () => show(at - 1);
  next.onclick = () => show(at + 1);
  last.onclick = () => show(steps.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", onKey);

  const decision = params.get("decision");
  call("GET", `/api/games/${id}/replay`).then((d) => {
    const step = Number(params.get("step"));
    load(d, Number.isInteger(step) && params.has("step") ? step : d.over ? 0 : d.steps.length - 1);
    const plies = Math.max(0, Number.parseInt(params.get("plies") ?? "0", 10) || 0);
    if (decision !== null || params.has("review") || plies) loadReview(decision === null ? null : Number(decision), plies);
  }).catch((e) => main.replaceChildren(h("div", { class: "card bad", id: "replay-error" }, e.message)));
  return () => document.removeEventListener("keydown", onKey);
}
