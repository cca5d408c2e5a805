// @ts-check
// The board as an SVG, drawn from one player's side: his head (point 24) top-right,
// his home (points 1-6) bottom-right; or turned round (``flip``), from the other
// player's side: each point where the opponent's own board has it, his bar half and
// tray at the bottom. Either way the points keep the viewer's numbers (the moves, the
// targets, the clicks are his). The board holds no rules: the server sends the
// points a checker may leave and reach ("targets"). Every measure comes from
// geometry.js, generated from the same board_geometry.json as the Python SVG (nardy.svg).
import {
  PW, R, SEAM, LEFT, BARX, BARW, RIGHT, TRAY, TRAYW, TOP, TRI, MID, BOT, MIDDLE, W, H,
  STACK_ROOM, STACK, COUNT_DY, OFF_H, OFF_STEP, OFF_INSET_X, OFF_INSET_Y, LABEL_ABOVE,
  LABEL_BELOW, DIE, DIE_SPREAD, DICE_X, PIP_OFFSET, PIP_R, CUBE, CUBE_OFFSET, OFFER, POINTS,
} from "./geometry.js";
import { toast } from "./dom.js";
import { currentLang } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

/** @typedef {"white" | "black"} Color */
/** Checkers of the viewer ("mine") and of the opponent ("theirs"). @typedef {{ mine: number, theirs: number }} Sides */
/**
 * @typedef {object} Cube
 * @property {boolean} enabled
 * @property {number} value
 * @property {Color | null} [owner]
 * @property {boolean} [crawford]
 * @property {Color | null} [offered_by]
 * @property {number} [next]  the value an offered double proposes
 */
/**
 * What the board draws (the fields it reads of the server's game state).
 * @typedef {object} BoardState
 * @property {Color} [view]  whose side the board is seen from (default white)
 * @property {{ points: number[], bar: Sides, off: Sides } | null} [board]
 *   points[1..24]: +n checkers of the viewer, -n of the opponent (viewer's numbering)
 * @property {{ targets: Record<string, number[]>, unplayable?: Record<string, Record<string, string>> } | null} [legal]
 *   ``unplayable``: the dice left that no move can use any more, with why, by language
 *   the points a checker may leave (25: the bar) and, for each, where it may go (0: off)
 * @property {number[] | null} [dice]
 * @property {number[] | null} [segment_dice]  the dice being played (a double: four)
 * @property {number[] | null} [dice_left]  those not used yet by this turn's moves
 * @property {Cube | null} [cube]
 * @property {LastPlay | null} [last]  the last play, marked until the next one
 * @property {boolean} [flip]  turned round: drawn from the other player's side
 * @property {string} [family]  "short" or "long": how the sides' numberings map (G-3)
 */
/** How a board is turned. @typedef {{ flip: boolean, family: string }} Turn */
/** One checker move in the viewer's numbering (25: the mover's bar, 0: his tray). @typedef {{ from: number, to: number, hit: boolean }} Step */
/** A play's steps and whose they were. @typedef {{ steps: Step[], side: keyof Sides }} LastPlay */
/** The checkers as the board draws them. @typedef {{ points: number[], bar: Sides, off: Sides }} Checkers */
/**
 * The selection and the callbacks of a board that takes moves.
 * @typedef {object} BoardUi
 * @property {number | null} [selected]
 * @property {number | null} [drag]
 * @property {(point: number | null) => void} [onSource]
 * @property {(point: number, from?: number) => void} [onTarget]
 * @property {number | null} [die]  the die chosen to move by (a tap on it)
 * @property {(die: number | null) => void} [onDie]
 * @property {(from: number, to: number) => void} [onMove]  a move by one die at once
 * @property {(from: number | null, point: number) => void} [onRefused]  a tap the board
 *   does not act on while moves are legal: from the selected checker to ``point``, or
 *   (``from`` null) on a point no checker may leave
 */

/**
 * @param {string} name @param {Record<string, string | number>} attrs @param {Element} [parent]
 * @returns {SVGElement}
 */
function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/** @param {number} p @returns {{ x: number, top: boolean }} */
export function pointGeometry(p) {
  // Centre x of point p (viewer's numbering) and whether it is in the top row.
  return POINTS[p - 1];
}

/** The unturned board. @type {Turn} */
const UPRIGHT = { flip: false, family: "long" };
/** How each board was last drawn: its slides (glideSteps) go where its checkers are. @type {WeakMap<Element, Turn>} */
const turns = new WeakMap();

/** The viewer's point ``p`` on a ``turn``ed board: turned round, where the opponent's
 * numbering puts it (short nardy: 25 − p; long: 12 points on, G-3).
 * @param {Turn} turn @param {number} p @returns {{ x: number, top: boolean }} */
function placeOf(turn, p) {
  if (!turn.flip) return POINTS[p - 1];
  const theirs = turn.family === "short" ? 25 - p : p <= 12 ? p + 12 : p - 12;
  return POINTS[theirs - 1];
}

/** Whether ``side``'s bar half and tray are the bottom ones. @param {Turn} turn @param {keyof Sides} side */
const below = (turn, side) => (side === "mine") !== turn.flip;

/** A rect of the bottom half (``y``, ``h``) mirrored to the top one when not ``low``.
 * @param {boolean} low @param {number} y @param {number} h */
const half = (low, y, h) => (low ? y : H - y - h);

/** @param {Element} g @param {number} x @param {number} y @param {number} n @param {string} [cls] */
function drawDie(g, x, y, n, cls = "") {
  const s = DIE;
  el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 6, class: `die ${cls}` }, g);
  const o = PIP_OFFSET;
  /** @type {Record<number, number[][]>} */
  const pips = { 1: [[0, 0]], 2: [[-o, -o], [o, o]], 3: [[-o, -o], [0, 0], [o, o]],
    4: [[-o, -o], [o, -o], [-o, o], [o, o]], 5: [[-o, -o], [o, -o], [0, 0], [-o, o], [o, o]],
    6: [[-o, -o], [o, -o], [-o, 0], [o, 0], [-o, o], [o, o]] };
  const spots = pips[n];
  for (const [dx, dy] of spots) el("circle", { cx: x + dx, cy: y + dy, r: PIP_R, class: "pip" }, g);
}

/** The dice left that no move can use any more, with why. @param {BoardState} state */
const unplayable = (state) => (state.legal && state.legal.unplayable) || {};

/**
 * Says why the dice crossed out cannot be played: once when they first are (each
 * drawing of the same moment would repeat it), and again when one is tapped.
 * @param {SVGSVGElement} svg @param {BoardState} state @param {boolean} [again]
 */
function sayUnplayable(svg, state, again = false) {
  const why = Object.values(unplayable(state)).map((w) => w[currentLang()] ?? w.en);
  const moment = why.length ? JSON.stringify([state.board, state.dice_left]) : "";
  if (!why.length || (!again && svg.dataset.unplayableSaid === moment)) return;
  svg.dataset.unplayableSaid = moment;
  toast(why.join("; "), "info");
}

/** @param {boolean} top @param {number} i @param {number} n */
function stackY(top, i, n) {
  // (the same as nardy.board_geometry.BoardGeometry.stack_y)
  const step = n <= 1 ? 2 * R : Math.min(2 * R, (STACK_ROOM - 2 * R) / (n - 1));
  return top ? TOP + R + i * step : BOT - R - i * step;
}

/** @param {Element} g @param {number} x @param {boolean} top @param {number} n @param {string} cls @param {boolean} label @param {string} at  where (atKey) */
function stack(g, x, top, n, cls, label, at) {
  for (let i = 0; i < n; i++) {
    el("circle", { cx: x, cy: stackY(top, i, n), r: R - SEAM, class: `checker ${cls}`, "data-at": at, "data-i": i }, g);
  }
  if (n > STACK || label) {
    // the count on a badge: a tall stack's checkers overlap too much to be counted
    el("circle", { cx: x, cy: stackY(top, n - 1, n), r: R - 4, class: `badge ${cls}` }, g);
    const txt = el("text", { x, y: stackY(top, n - 1, n) + COUNT_DY, class: `count ${cls}` }, g);
    txt.textContent = String(n);
  }
}

// Where a stack's next checker goes (``slot`` = its count) or its top one is
// (``slot`` = count - 1): on a point, on the bar (the mover's half) or in the tray.
/** @param {Turn} turn @param {Checkers} board @param {number} point @param {keyof Sides} side @param {number} slot @returns {{ x: number, y: number }} */
function spot(turn, board, point, side, slot) {
  const low = below(turn, side);
  if (point === 25) return { x: BARX + BARW / 2, y: stackY(!low, slot, Math.max(board.bar[side], slot + 1)) };
  if (point === 0) {
    const i = Math.max(0, slot);
    return { x: TRAY + TRAYW / 2, y: low ? BOT - OFF_INSET_Y - OFF_H / 2 - i * OFF_STEP : TOP + OFF_INSET_Y + OFF_H / 2 + i * OFF_STEP };
  }
  const { x, top } = placeOf(turn, point);
  return { x, y: stackY(top, slot, Math.max(Math.abs(board.points[point]), slot + 1)) };
}

/** The ``data-at`` of the checkers of ``side`` at ``point``. @param {number} point @param {keyof Sides} side */
const atKey = (point, side) => (point === 25 ? `bar-${side}` : point === 0 ? `off-${side}` : String(point));

/** The count of ``side``'s checkers at ``point`` (25: bar, 0: tray). @param {Checkers} board @param {number} point @param {keyof Sides} side */
function countAt(board, point, side) {
  if (point === 25) return board.bar[side];
  if (point === 0) return board.off[side];
  const n = board.points[point];
  return side === "mine" ? Math.max(n, 0) : Math.max(-n, 0);
}

/** @param {Checkers} board @param {number} point @param {keyof Sides} side @param {number} by */
function add(board, point, side, by) {
  if (point === 25) board.bar[side] += by;
  else if (point === 0) board.off[side] += by;
  else board.points[point] += side === "mine" ? by : -by;
}

/** @param {keyof Sides} side @returns {keyof Sides} */
const otherSide = (side) => (side === "mine" ? "theirs" : "mine");

/**
 * The checkers after (``back``: before) one step of ``side``: the hit checker goes to
 * (comes back from) its bar. Arithmetic on what the server sent, not rules.
 * @param {Checkers} board @param {Step} step @param {keyof Sides} side @param {boolean} [back] @returns {Checkers}
 */
export function stepBoard(board, step, side, back = false) {
  const b = { points: [...board.points], bar: { ...board.bar }, off: { ...board.off } };
  const s = back ? -1 : 1;
  add(b, step.from, side, -s); add(b, step.to, side, s);
  if (step.hit) { add(b, step.to, otherSide(side), -s); add(b, 25, otherSide(side), s); }
  return b;
}

/** The checkers while ``step``'s checker (and the one it hits) are in the air.
 * @param {Checkers} board @param {Step} step @param {keyof Sides} side @returns {Checkers} */
export function liftBoard(board, step, side) {
  const b = { points: [...board.points], bar: { ...board.bar }, off: { ...board.off } };
  add(b, step.from, side, -1);
  if (step.hit) add(b, step.to, otherSide(side), -1);
  return b;
}

/**
 * Slide the checkers of ``steps`` (of ``side``, made on ``board``) over the board as
 * already drawn after them, each arrived checker hidden until its slide ends: the
 * opponent's moves seen live, without holding up the page (nothing waits on it).
 * @param {SVGSVGElement} svg @param {Checkers} board @param {Step[]} steps @param {keyof Sides} side @param {string} cls @param {number} ms
 */
export async function glideSteps(svg, board, steps, side, cls, ms) {
  let b = board;
  for (const step of steps) {
    const after = stepBoard(b, step, side);
    /** @type {SVGElement[]} */
    const hidden = [];
    /** @param {number} point @param {keyof Sides} s */
    const hide = (point, s) => {
      const top = svg.querySelector(`[data-at="${atKey(point, s)}"][data-i="${countAt(after, point, s) - 1}"]`);
      if (top instanceof SVGElement) { top.classList.add("arriving"); hidden.push(top); }
    };
    hide(step.to, side);
    if (step.hit) hide(25, otherSide(side));
    await slideStep(svg, b, step, side, cls, ms, { skip: false, running: [] });
    for (const e of hidden) e.classList.remove("arriving");
    svg.querySelectorAll(".moving").forEach((e) => e.remove());
    b = after;
  }
}

/**
 * Slide one checker of ``side`` for ``step`` over the board drawn from ``board`` (the
 * checkers before it), and a hit one to the bar; resolves when done. ``skip`` ends it
 * at once (a tap on the board).
 * @param {SVGSVGElement} svg @param {Checkers} board @param {Step} step @param {keyof Sides} side
 * @param {string} cls  the mover's colour @param {number} ms
 * @param {{ skip: boolean, running: Animation[] }} ctl
 */
export function slideStep(svg, board, step, side, cls, ms, ctl) {
  /** @param {{ x: number, y: number }} a @param {{ x: number, y: number }} b @param {string} c */
  const slide = (a, b, c) => {
    const ghost = el("circle", { cx: a.x, cy: a.y, r: R - SEAM, class: `checker ${c} moving` }, svg);
    const anim = ghost.animate([{ transform: "translate(0px, 0px)" }, { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px)` }],
      { duration: ctl.skip ? 0 : ms, easing: "ease-in-out", fill: "forwards" });
    ctl.running.push(anim);
    return anim.finished.catch(() => undefined);
  };
  const turn = turns.get(svg) ?? UPRIGHT;
  const from = spot(turn, board, step.from, side, countAt(board, step.from, side) - 1);
  const toN = step.hit ? 0 : countAt(board, step.to, side);
  const moves = [slide(from, spot(turn, board, step.to, side, toN), cls)];
  if (step.hit) {
    const them = otherSide(side), themCls = cls === "white" ? "black" : "white";
    moves.push(slide(spot(turn, board, step.to, them, 0), spot(turn, board, 25, them, board.bar[them]), themCls));
  }
  return Promise.all(moves);
}

// The doubling cube (C-3): in the middle of the tray while nobody owns it (showing 64,
// as a real cube does), on its owner's half otherwise: wholly past the middle, and
// clear of his borne-off checkers even when all 15 are off (they reach 139 units from
// the tray's end: CUBE_OFFSET leaves a gap on both sides); an offered double is shown
// on the bar with the value it proposes, on the doubler's half.
/** @param {Element} svg @param {BoardState} state @param {Color} mine @param {Turn} turn */
function drawCube(svg, state, mine, turn) {
  const c = state.cube;
  if (!c || !c.enabled) return;
  const s = CUBE, x = TRAY + TRAYW / 2;
  const mid = MIDDLE;
  let y = mid, value = c.owner ? c.value : 64, cls = "cube";
  /** @param {Color} who  whose half: below the middle or above it */
  const sideY = (who) => (below(turn, who === mine ? "mine" : "theirs") ? mid + CUBE_OFFSET : mid - CUBE_OFFSET);
  if (c.owner) y = sideY(c.owner);
  if (c.crawford) cls += " off";
  const g = el("g", { class: cls, id: "cube", "data-value": c.value, "data-owner": c.owner || "" }, svg);
  el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 6 }, g);
  const txt = el("text", { x, y: y + 6 }, g);
  txt.textContent = String(value);
  if (c.offered_by) {
    const ox = DICE_X, oy = sideY(c.offered_by);
    const o = el("g", { class: "cube offered", id: "cube-offer" }, svg);
    el("rect", { x: ox - OFFER / 2, y: oy - OFFER / 2, width: OFFER, height: OFFER, rx: 8 }, o);
    const t2 = el("text", { x: ox, y: oy + 8 }, o);
    t2.textContent = String(c.next);
  }
}

// The last play: its points outlined (where checkers left, where they came), marked
// ``data-last-move`` for the tests, until the next play.
/** @param {Element} svg @param {Checkers} board @param {LastPlay} last @param {Turn} turn */
function markLast(svg, board, last, turn) {
  const g = el("g", { class: "last-move", id: "last-move" }, svg);
  for (const [i, step] of last.steps.entries()) {
    for (const [point, end] of /** @type {[number, string][]} */ ([[step.from, "from"], [step.to, "to"]])) {
      const attrs = { class: `last ${end}`, "data-last-move": `${i}-${end}`, "data-at": point };
      const y = below(turn, last.side) ? MID : TOP;
      if (point === 25) { el("rect", { ...attrs, x: BARX + 3, y, width: BARW - 6, height: TRI, rx: 6 }, g); continue; }
      if (point === 0) { el("rect", { ...attrs, x: TRAY + 2, y, width: TRAYW - 4, height: TRI, rx: 4 }, g); continue; }
      const { x, top } = placeOf(turn, point);
      const y0 = top ? TOP : BOT, y1 = top ? TOP + TRI : BOT - TRI;
      el("polygon", { ...attrs, points: `${x - PW / 2 + 3},${y0} ${x + PW / 2 - 3},${y0} ${x},${y1}` }, g);
    }
  }
  // and a dot on each checker that arrived
  for (const step of last.steps) {
    if (step.to === 0 || step.to === 25) continue;
    const n = countAt(board, step.to, last.side);
    if (n) {
      const { x, y } = spot(turn, board, step.to, last.side, n - 1);
      el("circle", { cx: x, cy: y, r: 5, class: "last-dot" }, g);
    }
  }
}

// Draw ``state`` (a server game state) into ``svg``; ``ui`` holds the selection and
// the callbacks {selected, onSource(point), onTarget(point)}.
/** @param {SVGSVGElement} svg @param {BoardState} state @param {BoardUi} [ui] */
export function drawBoard(svg, state, ui = {}) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const mine = state.view || "white", theirs = mine === "white" ? "black" : "white";
  /** @type {Turn} */
  const turn = { flip: Boolean(state.flip), family: state.family || "long" };
  turns.set(svg, turn);
  svg.dataset.flip = turn.flip ? "1" : "0";
  const board = state.board;
  const legal = state.legal;
  const targets = legal ? legal.targets : {};
  const sel = ui.selected ?? null;
  const dests = sel !== null && targets[sel] ? targets[sel] : [];
  el("rect", { x: 0, y: 0, width: W, height: H, rx: 10, class: "frame" }, svg);
  el("rect", { x: LEFT, y: TOP, width: 6 * PW, height: BOT - TOP, class: "field" }, svg);
  el("rect", { x: RIGHT, y: TOP, width: 6 * PW, height: BOT - TOP, class: "field" }, svg);
  el("rect", { x: BARX, y: TOP, width: BARW, height: BOT - TOP, class: "bar" }, svg);
  el("rect", { x: TRAY, y: TOP, width: TRAYW, height: BOT - TOP, rx: 4, class: "tray" }, svg);
  for (let p = 1; p <= 24; p++) {
    const { x, top } = placeOf(turn, p);
    const y0 = top ? TOP : BOT, y1 = top ? TOP + TRI : BOT - TRI;
    el("polygon", { points: `${x - PW / 2 + 1},${y0} ${x + PW / 2 - 1},${y0} ${x},${y1}`,
      class: `tri ${p % 2 ? "odd" : "even"}` }, svg);
    const lbl = el("text", { x, y: top ? TOP - LABEL_ABOVE : BOT + LABEL_BELOW, class: "label" }, svg);
    lbl.textContent = String(p);
  }
  const g = el("g", {}, svg);
  if (board) {
    for (let p = 1; p <= 24; p++) {
      const n = board.points[p];
      if (!n) continue;
      const { x, top } = placeOf(turn, p);
      stack(g, x, top, Math.abs(n), n > 0 ? mine : theirs, false, String(p));
    }
    const bx = BARX + BARW / 2;
    for (const [side, cls] of /** @type {[keyof Sides, Color][]} */ ([["theirs", theirs], ["mine", mine]])) {
      const top = !below(turn, side);
      if (board.bar[side]) stack(g, bx, top, board.bar[side], cls, true, `bar-${side}`);
      for (let i = 0; i < board.off[side]; i++) {
        const y = top ? TOP + OFF_INSET_Y + i * OFF_STEP : BOT - OFF_INSET_Y - OFF_H - i * OFF_STEP;
        el("rect", { x: TRAY + OFF_INSET_X, y, width: TRAYW - 2 * OFF_INSET_X, height: OFF_H, rx: 2,
          class: `checker off ${cls}`, "data-at": `off-${side}`, "data-i": i }, g);
      }
    }
  }
  if (state.last && board) markLast(svg, board, state.last, turn);
  const dice = state.segment_dice || state.dice;
  /** @type {SVGElement | null} */
  let dg = null;
  if (dice) {
    // the dice of the segment: those used by this turn's moves dimmed (D-2 of issue 16),
    // and crossed out as well those left that no move can use any more (a third state:
    // a die that still looked playable drew taps that did nothing)
    const left = [...(state.dice_left || dice)];
    const blocked = unplayable(state);
    dg = el("g", { class: "dice", id: "dice" }, svg);
    const gap = dice.length > 2 ? DIE + 6 : 2 * DIE_SPREAD;
    // on the bar, one above the other: off the columns a checker may go to
    let chosenShown = false;
    dice.forEach((d, i) => {
      const k = left.indexOf(d);
      const used = k < 0, dead = !used && String(d) in blocked;
      if (!used) left.splice(k, 1);
      const chosen = !used && !dead && !chosenShown && ui.die === d;
      if (chosen) chosenShown = true;
      const x = DICE_X, y = MIDDLE + (i - (dice.length - 1) / 2) * gap;
      const g = el("g", { class: "die-box", "data-die": d, "data-used": used ? "1" : dead ? "unplayable" : "0" }, /** @type {Element} */ (dg));
      drawDie(g, x, y, d, used || dead ? "used" : chosen ? "chosen" : "");
      if (used || dead) el("line", { x1: x - DIE / 2 + 4, y1: y + DIE / 2 - 4, x2: x + DIE / 2 - 4, y2: y - DIE / 2 + 4, class: "die-cross" }, g);
    });
  }
  drawCube(svg, state, mine, turn);
  // Hit areas: whole columns, the bar (25) and the bearing-off tray (0).
  const hits = el("g", { class: "hits" }, svg);
  /** @param {number} point @param {number} x @param {number} y @param {number} w @param {number} h */
  const area = (point, x, y, w, h) => {
    const key = String(point);
    let cls = "hit";
    if (key in targets) cls += " src";
    if (sel !== null && String(sel) === key) cls += " selected";
    if (dests.includes(point)) cls += " dst";
    const r = el("rect", { x, y, width: w, height: h, class: cls, "data-point": key }, hits);
    return r;
  };
  for (let p = 1; p <= 24; p++) {
    const { x, top } = placeOf(turn, p);
    area(p, x - PW / 2, top ? 0 : MIDDLE, PW, top ? MIDDLE : H - MIDDLE);  // the whole column, edge to middle
  }
  // the viewer's bar half and tray (below, unless the board is turned round)
  const low = below(turn, "mine");
  area(25, BARX, half(low, MID - 10, BOT - MID + 10), BARW, BOT - MID + 10);
  area(0, TRAY, half(low, MID - 10, BOT - MID + 10), TRAYW, BOT - MID + 10);
  for (const p of dests) {
    if (p === 0) { el("rect", { x: TRAY + 2, y: half(low, MID, BOT - MID - 2), width: TRAYW - 4, height: BOT - MID - 2, rx: 4, class: "mark" }, svg); continue; }
    const { x, top } = placeOf(turn, p);
    const n = board ? Math.abs(board.points[p]) : 0;
    const cy = n < 5 ? stackY(top, n, n + 1) : stackY(top, 0, 1);
    el("circle", { cx: x, cy, r: R - 4, class: "mark" }, svg);
  }
  svg.appendChild(hits);
  if (!ui.onSource) return;
  sayUnplayable(svg, state);
  if (dg && state.dice_left) {
    // a tap on an unused die chooses it (again: unchooses it); svg keeps it above the hits
    svg.appendChild(dg);
    dg.onclick = (ev) => {
      const box = /** @type {SVGElement | null} */ (/** @type {Element} */ (ev.target).closest("[data-die]"));
      if (box && box.dataset.used === "unplayable") sayUnplayable(svg, state, true);
      if (!box || box.dataset.used !== "0") return;
      const d = Number(box.dataset.die);
      ui.onDie?.(ui.die === d ? null : d);
    };
  }
  /** The target of a checker at ``p`` moved by one die ``d``, if legal. @param {number} p @param {number} d */
  const byDie = (p, d) => {
    const to = p - d, ok = targets[String(p)] || [];
    if (to > 0) return ok.includes(to) ? to : null;
    return ok.includes(0) ? 0 : null;
  };
  /** @param {PointerEvent} ev */
  hits.onpointerdown = (ev) => {
    const t = /** @type {SVGElement | null} */ (/** @type {Element} */ (ev.target).closest("[data-point]"));
    if (!t || ev.button > 0) return;
    const p = Number(t.dataset.point);
    if (sel !== null && dests.includes(p)) { ui.onTarget?.(p); return; }
    const chosen = ui.die != null && String(p) in targets ? byDie(p, ui.die) : null;
    if (chosen !== null) { ui.onMove?.(p, chosen); ev.preventDefault(); return; }
    if (String(p) in targets) { ui.drag = p; ui.onSource?.(p); ev.preventDefault(); }
    else {
      if (sel !== null) ui.onSource?.(null);
      if (legal && p !== sel) ui.onRefused?.(sel, p);
    }
  };
  // a right click moves the checker by the lower die that can move it, as the clubs
  // do; a left click selects it and shows its targets
  hits.oncontextmenu = (ev) => {
    const t = /** @type {SVGElement | null} */ (/** @type {Element} */ (ev.target).closest("[data-point]"));
    if (!t || !(String(t.dataset.point) in targets)) return;
    ev.preventDefault();
    const p = Number(t.dataset.point);
    const dice = [...new Set(state.dice_left || [])].sort((a, b) => a - b);
    for (const d of dice) {
      const to = byDie(p, d);
      if (to !== null) { ui.onMove?.(p, to); return; }
    }
  };
  svg.onpointerup = (ev) => {
    if (ui.drag == null) return;
    const from = ui.drag; ui.drag = null;
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const t = /** @type {SVGElement | null} */ (hit && hit.closest && hit.closest("[data-point]"));
    if (!t) return;
    const p = Number(t.dataset.point);
    if (p !== from && (targets[from] || []).includes(p)) ui.onTarget?.(p, from);
  };
}
