// @ts-check
// The review of a finished game (GET /api/games/{id}/analysis): the players' error
// rates and marks, a graph of White's equity after every play with the mistakes marked,
// and the list of mistakes. The page judges nothing: it shows what the server's bots said.
// A mistake or a point of the graph clicked is handed to ``pick`` (its index among the
// decisions): the replay's board shows it (replay.js).
import { diceText } from "./dom.js";
import { depth, fixed, msg, t } from "./i18n.js";

/** @typedef {"doubtful" | "bad" | "very bad"} Mark */
/**
 * One analysed decision (nardy.bots.analysis.Decision.as_dict).
 * @typedef {object} Decision
 * @property {number} game @property {number} turn @property {string} color
 * @property {number} entry  its number in the game's move list and the replay's counter
 * @property {"play" | "cube"} kind @property {number[] | null} dice
 * @property {string} [side]  in a match, the colour its player has in the game the page
 *   shows now: the key the page names players by (nardy.server.review.with_sides)
 * @property {string} played @property {string} best @property {number} loss
 * @property {number} equity @property {number} best_equity  the played and the best play's
 * @property {Mark | ""} mark @property {number} [plies]  the depth that judged it (a stored
 *   review made before a marked play was judged again at the hint's depth has none)
 */
/**
 * One player's totals (nardy.bots.analysis.PlayerSummary.as_dict).
 * @typedef {object} PlayerSummary
 * @property {string} player @property {number} error_rate @property {string} rating (English)
 * @property {string} rating_code  its key in the catalogue (rating.<code>)
 * @property {Record<Mark, number>} marks @property {number} cube_errors
 * @property {string} [side]  in a match, his colour in the game the page shows now
 */
/** White's equity after one checker play. @typedef {{ game: number, white: number }} GraphPoint */
/**
 * The server's analysis of a game (nardy.bots.analysis.Analysis.as_dict, and the depth).
 * @typedef {object} Analysis
 * @property {number} games @property {number} plies @property {Decision[]} decisions
 * @property {Record<string, PlayerSummary>} players @property {GraphPoint[]} graph
 * @property {boolean} [cube]  whether the game is played with a cube (nardy.server.review)
 * @property {"match" | "money"} [graph_unit]  the graph's scale (a stored review made
 *   before it was said has none: money)
 * @property {number | null} [deeper]  the depth it may be deepened to (null: the deepest)
 */

const SVG = "http://www.w3.org/2000/svg";
/** @type {Record<string, string>} */
const MARK_CLASS = { doubtful: "m-doubtful", bad: "m-bad", "very bad": "m-very-bad" };

/** @param {string} tag @param {Record<string, string | number>} attrs @param {...(Node | string)} kids */
function svgEl(tag, attrs, ...kids) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  for (const k of kids) e.append(k);
  return e;
}

// White's equity after each play, the mistakes as dots, games separated by dashes.
/**
 * @param {GraphPoint[]} graph @param {Decision[]} decisions @param {(color: string) => string} colorName
 * @param {(decision: number) => void} pick @param {string} [title]
 */
function equityGraph(graph, decisions, colorName, pick, title = t("graphTitle")) {
  const W = 640, H = 180, pad = 24;
  const top = Math.max(1, Math.ceil(Math.max(...graph.map((g) => Math.abs(g.white)), 0)));
  const x = (/** @type {number} */ i) => pad + (graph.length > 1 ? (i * (W - 2 * pad)) / (graph.length - 1) : 0);
  const y = (/** @type {number} */ v) => H / 2 - (Math.max(-top, Math.min(top, v)) * (H / 2 - pad)) / top;
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "equity-graph", id: "equity-graph", role: "img" });
  svg.append(svgEl("title", {}, title));
  svg.append(svgEl("line", { x1: pad, x2: W - pad, y1: y(0), y2: y(0), class: "axis" }));
  for (const v of [top, -top]) {
    svg.append(svgEl("text", { x: 2, y: y(v) + 4, class: "tick" }, `${v > 0 ? "+" : ""}${v}`));
  }
  graph.forEach((g, i) => {
    if (i > 0 && g.game !== graph[i - 1].game) {
      svg.append(svgEl("line", { x1: x(i - 0.5), x2: x(i - 0.5), y1: pad / 2, y2: H - pad / 2, class: "game-sep" }));
    }
  });
  svg.append(svgEl("polyline", { points: graph.map((g, i) => `${x(i)},${y(g.white)}`).join(" "), class: "equity-line" }));
  // the graph's points are the plays: their indices among all the decisions
  const plays = decisions.flatMap((d, n) => (d.kind === "play" ? [n] : []));
  graph.forEach((g, i) => {
    const d = decisions[plays[i]];
    if (!d || !d.mark) return;
    svg.append(svgEl("circle", { cx: x(i), cy: y(g.white), r: 5, class: `mistake ${MARK_CLASS[d.mark]}`, "data-decision": plays[i] },
      svgEl("title", {}, `${colorName(d.side ?? d.color)} ${d.dice ? diceText(d.dice) : ""}: ${said(d, d.played)} → ${said(d, d.best)} (−${fixed(d.loss, 3)})`)));
  });
  // a click anywhere picks the play nearest to it (a phone's finger misses small dots)
  svg.addEventListener("click", (ev) => {
    const box = svg.getBoundingClientRect();
    const vx = ((ev.clientX - box.left) * W) / (box.width || 1);
    const step = graph.length > 1 ? (W - 2 * pad) / (graph.length - 1) : 1;
    const i = Math.max(0, Math.min(graph.length - 1, Math.round((vx - pad) / step)));
    if (plays[i] !== undefined) pick(plays[i]);
  });
  return svg;
}

/** A decision's choice in words: a play as it is written, a cube action named.
 * @param {Decision} d @param {string} choice */
export const said = (d, choice) => (d.kind === "cube" ? msg(`cube.action.${choice}`) : choice);

/**
 * @param {Analysis} data @param {import("./dom.js").H} h @param {(color: string) => string} colorName
 * @param {(decision: number) => void} pick  shows a decision on the board
 * @param {((plies: number) => void) | null} [deepen]  asks for the review at a deeper
 *   depth (none: the panel offers none)
 */
export function reviewPanel(data, h, colorName, pick, deepen = null) {
  // One column per player, one row per figure: two players' columns fit a phone, where
  // five figures' columns ran off its screen.
  const players = Object.values(data.players);
  /** @type {((p: PlayerSummary) => string)[]} */
  const figures = [
    (p) => fixed(p.error_rate, 1),
    (p) => msg(`rating.${p.rating_code}`),
    (p) => `${p.marks.doubtful} / ${p.marks.bad} / ${p.marks["very bad"]}`,
  ];
  // (a game without a cube has no cube errors to count: a row of zeros said otherwise)
  if (data.cube !== false) figures.push((p) => String(p.cube_errors));
  /** @type {string[]} */
  const labels = t("reviewColumns");
  const summary = h("table", { class: "review-summary", id: "review-summary" },
    h("tr", {}, h("th", {}, labels[0]), ...players.map((p) => h("th", { scope: "col" }, colorName(p.side ?? p.player)))),
    ...figures.map((figure, i) => h("tr", {},
      // (the loss row says what equity is, on hover: a player need not know the word)
      h("th", i === 0 ? { scope: "row", title: t("equityHint") } : { scope: "row" }, labels[i + 1]),
      ...players.map((p) => h("td", {}, figure(p))))));
  const mistakes = data.decisions.flatMap((d, n) => (d.mark ? [n] : []));
  const list = mistakes.length
    ? h("ol", { class: "mistakes", id: "mistakes" }, ...mistakes.map((n) => {
      const d = data.decisions[n];
      return h("li", { class: MARK_CLASS[d.mark] }, h("button", { type: "button", class: "mistake-link", "data-decision": n, onclick: () => pick(n) },
        `${data.games > 1 ? `${t("gameNo")(d.game + 1)}, ` : ""}${t("turnNo")(d.entry)}, ${colorName(d.side ?? d.color)}`,
        d.dice ? ` ${diceText(d.dice)}` : "", `: ${said(d, d.played)} → ${t("bestWas")} ${said(d, d.best)} `,
        h("b", {}, `−${fixed(d.loss, 3)}`), ` (${msg(`mark.${d.mark}`)})`));
    }))
    : h("p", { id: "mistakes" }, t("noMistakes"));
  // (a match's graph is of match equity: one scale for its games, whatever the cube)
  const graphTitle = data.graph_unit === "match" ? msg("web.graph-title-match") : t("graphTitle");
  // (a marked play is judged again at the hint's depth: the review says so)
  const deeper = Math.max(data.plies, ...data.decisions.map((d) => d.plies ?? data.plies));
  return h("section", { class: "card review", id: "review-panel" },
    h("h3", {}, t("reviewTitle")(data.plies)),
    // (the next depth the server offers, or that this one is its deepest)
    deepen && data.deeper != null
      ? h("p", { class: "review-deeper" }, h("button", { type: "button", id: "review-deeper", class: "secondary",
        onclick: () => deepen(/** @type {number} */ (data.deeper)) }, msg("web.review-deeper", { depth: depth(data.deeper) })))
      : deepen && data.deeper === null ? h("p", { class: "small", id: "review-deepest" }, msg("web.review-deepest")) : null,
    deeper > data.plies ? h("p", { class: "small", id: "review-confirmed" }, msg("web.review-confirmed", { depth: depth(deeper) })) : null,
    summary,
    h("p", { class: "small", id: "graph-title" }, graphTitle, ". ", t("showOnBoard")), equityGraph(data.graph, data.decisions, colorName, pick, graphTitle),
    h("h4", {}, t("mistakesTitle")), list);
}
