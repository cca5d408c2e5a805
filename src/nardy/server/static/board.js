// @ts-check
// The board as an SVG, drawn from one player's side: his head (point 24) top-right,
// his home (points 1-6) bottom-right. The board holds no rules: the server sends the
// points a checker may leave and reach ("targets"). Every measure comes from
// geometry.js, generated from the same board_geometry.json as the Python SVG (nardy.svg).
import {
  PW, R, SEAM, LEFT, BARX, BARW, RIGHT, TRAY, TRAYW, TOP, TRI, MID, BOT, MIDDLE, W, H,
  STACK_ROOM, STACK, COUNT_DY, OFF_H, OFF_STEP, OFF_INSET_X, OFF_INSET_Y, LABEL_ABOVE,
  LABEL_BELOW, DIE, DIE_SPREAD, DICE_X, PIP_OFFSET, PIP_R, CUBE, CUBE_OFFSET, OFFER, POINTS,
} from "./geometry.js";

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
 * @property {{ targets: Record<string, number[]> } | null} [legal]
 *   the points a checker may leave (25: the bar) and, for each, where it may go (0: off)
 * @property {number[] | null} [dice]
 * @property {Cube | null} [cube]
 */
/**
 * The selection and the callbacks of a board that takes moves.
 * @typedef {object} BoardUi
 * @property {number | null} [selected]
 * @property {number | null} [drag]
 * @property {(point: number | null) => void} [onSource]
 * @property {(point: number, from?: number) => void} [onTarget]
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

/** @param {Element} g @param {number} x @param {number} y @param {number} n @param {boolean} used */
function drawDie(g, x, y, n, used) {
  const s = DIE;
  el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 6, class: used ? "die used" : "die" }, g);
  const o = PIP_OFFSET;
  /** @type {Record<number, number[][]>} */
  const pips = { 1: [[0, 0]], 2: [[-o, -o], [o, o]], 3: [[-o, -o], [0, 0], [o, o]],
    4: [[-o, -o], [o, -o], [-o, o], [o, o]], 5: [[-o, -o], [o, -o], [0, 0], [-o, o], [o, o]],
    6: [[-o, -o], [o, -o], [-o, 0], [o, 0], [-o, o], [o, o]] };
  const spots = pips[n];
  for (const [dx, dy] of spots) el("circle", { cx: x + dx, cy: y + dy, r: PIP_R, class: "pip" }, g);
}

/** @param {boolean} top @param {number} i @param {number} n */
function stackY(top, i, n) {
  // (the same as nardy.board_geometry.BoardGeometry.stack_y)
  const step = n <= 1 ? 2 * R : Math.min(2 * R, (STACK_ROOM - 2 * R) / (n - 1));
  return top ? TOP + R + i * step : BOT - R - i * step;
}

/** @param {Element} g @param {number} x @param {boolean} top @param {number} n @param {string} cls @param {boolean} [label] */
function stack(g, x, top, n, cls, label) {
  for (let i = 0; i < n; i++) {
    el("circle", { cx: x, cy: stackY(top, i, n), r: R - SEAM, class: `checker ${cls}` }, g);
  }
  if (n > STACK || label) {
    // the count on a badge: a tall stack's checkers overlap too much to be counted
    el("circle", { cx: x, cy: stackY(top, n - 1, n), r: R - 4, class: `badge ${cls}` }, g);
    const txt = el("text", { x, y: stackY(top, n - 1, n) + COUNT_DY, class: `count ${cls}` }, g);
    txt.textContent = String(n);
  }
}

// The doubling cube (C-3): in the middle of the tray while nobody owns it (showing 64,
// as a real cube does), on its owner's side otherwise; an offered double is shown on
// the board's right half with the value it proposes.
/** @param {Element} svg @param {BoardState} state @param {Color} mine */
function drawCube(svg, state, mine) {
  const c = state.cube;
  if (!c || !c.enabled) return;
  const s = CUBE, x = TRAY + TRAYW / 2;
  const mid = MIDDLE;
  let y = mid, value = c.owner ? c.value : 64, cls = "cube";
  if (c.owner) y = c.owner === mine ? mid + CUBE_OFFSET : mid - CUBE_OFFSET;
  if (c.crawford) cls += " off";
  const g = el("g", { class: cls, id: "cube", "data-value": c.value, "data-owner": c.owner || "" }, svg);
  el("rect", { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: 6 }, g);
  const txt = el("text", { x, y: y + 6 }, g);
  txt.textContent = String(value);
  if (c.offered_by) {
    const ox = DICE_X, oy = c.offered_by === mine ? mid + CUBE_OFFSET : mid - CUBE_OFFSET;
    const o = el("g", { class: "cube offered", id: "cube-offer" }, svg);
    el("rect", { x: ox - OFFER / 2, y: oy - OFFER / 2, width: OFFER, height: OFFER, rx: 8 }, o);
    const t2 = el("text", { x: ox, y: oy + 8 }, o);
    t2.textContent = String(c.next);
  }
}

// Draw ``state`` (a server game state) into ``svg``; ``ui`` holds the selection and
// the callbacks {selected, onSource(point), onTarget(point)}.
/** @param {SVGSVGElement} svg @param {BoardState} state @param {BoardUi} [ui] */
export function drawBoard(svg, state, ui = {}) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const mine = state.view || "white", theirs = mine === "white" ? "black" : "white";
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
    const { x, top } = pointGeometry(p);
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
      const { x, top } = pointGeometry(p);
      stack(g, x, top, Math.abs(n), n > 0 ? mine : theirs);
    }
    const bx = BARX + BARW / 2;
    if (board.bar.theirs) stack(g, bx, true, board.bar.theirs, theirs, true);
    if (board.bar.mine) stack(g, bx, false, board.bar.mine, mine, true);
    /** @type {[number, boolean, string][]} */
    const trays = [[board.off.theirs, true, theirs], [board.off.mine, false, mine]];
    for (const [n, top, cls] of trays) {
      for (let i = 0; i < n; i++) {
        const y = top ? TOP + OFF_INSET_Y + i * OFF_STEP : BOT - OFF_INSET_Y - OFF_H - i * OFF_STEP;
        el("rect", { x: TRAY + OFF_INSET_X, y, width: TRAYW - 2 * OFF_INSET_X, height: OFF_H, rx: 2,
          class: `checker off ${cls}` }, g);
      }
    }
  }
  if (state.dice) {
    const dg = el("g", { class: "dice" }, svg);
    // on the bar, one above the other: off the columns a checker may go to
    drawDie(dg, DICE_X, MIDDLE - DIE_SPREAD, state.dice[0], false);
    drawDie(dg, DICE_X, MIDDLE + DIE_SPREAD, state.dice[1], false);
  }
  drawCube(svg, state, mine);
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
    const { x, top } = pointGeometry(p);
    area(p, x - PW / 2, top ? 0 : MIDDLE, PW, top ? MIDDLE : H - MIDDLE);  // the whole column, edge to middle
  }
  area(25, BARX, MID - 10, BARW, BOT - MID + 10);
  area(0, TRAY, MID - 10, TRAYW, BOT - MID + 10);
  for (const p of dests) {
    if (p === 0) { el("rect", { x: TRAY + 2, y: MID, width: TRAYW - 4, height: BOT - MID - 2, rx: 4, class: "mark" }, svg); continue; }
    const { x, top } = pointGeometry(p);
    const n = board ? Math.abs(board.points[p]) : 0;
    const cy = n < 5 ? stackY(top, n, n + 1) : stackY(top, 0, 1);
    el("circle", { cx: x, cy, r: R - 4, class: "mark" }, svg);
  }
  svg.appendChild(hits);
  if (!ui.onSource) return;
  /** @param {PointerEvent} ev */
  hits.onpointerdown = (ev) => {
    const t = /** @type {SVGElement | null} */ (/** @type {Element} */ (ev.target).closest("[data-point]"));
    if (!t) return;
    const p = Number(t.dataset.point);
    if (sel !== null && dests.includes(p)) { ui.onTarget?.(p); return; }
    if (String(p) in targets) { ui.drag = p; ui.onSource?.(p); ev.preventDefault(); }
    else if (sel !== null) ui.onSource?.(null);
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
