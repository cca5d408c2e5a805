// @ts-check
// The tutorial: short sections from RULES.md, each linking to the interactive examples
// of the rules page (/rules#ex-<id>); its texts (Russian and English) are the catalogue's.
import { drawBoard } from "./board.js";
import { msg, t } from "./i18n.js";
import { keepRolls, loadStyle, ruleIds } from "./rules.js";

// Start positions in white's view: +n white, -n black (board.js "points").
/**
 * @param {Record<number, number>} white @param {Record<number, number>} black
 * @returns {import("./board.js").BoardState}
 */
function startBoard(white, black) {
  const points = Array(25).fill(0);
  for (const [p, n] of Object.entries(white)) points[Number(p)] = n;
  for (const [p, n] of Object.entries(black)) points[Number(p)] = -n;
  return { view: "white", board: { points, bar: { mine: 0, theirs: 0 }, off: { mine: 0, theirs: 0 } } };
}
const LONG_START = startBoard({ 24: 15 }, { 12: 15 });
const SHORT_START = startBoard({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 1: 2, 12: 5, 17: 3, 19: 5 });

/**
 * The sections in order: the id (its texts are the catalogue's web.tutorial.<id>.title and
 * .p.0, .p.1, ...: nardy/server/texts/rules.py), the rule-book ids it teaches (a tooltip),
 * the start boards it shows, the results table's rows and the examples it links to.
 * @type {{ id: string, rules: string[], boards?: import("./board.js").BoardState[], table?: string[], ex?: string[] }[]}
 */
const PARTS = [
  { id: "board", rules: ["G-1", "G-2", "G-3", "L-1", "S-1"], boards: [LONG_START, SHORT_START], ex: ["long-start"] },
  { id: "turn", rules: ["G-5", "G-6", "G-7", "G-8", "G-12"], ex: ["larger-die"] },
  { id: "head", rules: ["L-HEAD-1", "L-HEAD-2"], ex: ["long-start", "head-66", "head-33"] },
  { id: "blocks", rules: ["G-9", "L-BLOCK"], ex: ["block-closed", "block-open"] },
  { id: "bar", rules: ["S-2", "S-3", "S-6"], ex: ["bar", "hit-and-hide"] },
  { id: "bearoff", rules: ["G-10", "G-8"], ex: ["bearoff-51", "bearoff-41"] },
  { id: "results", rules: ["G-11", "L-3", "C-2", "S-5"], table: ["long", "short"] },
  { id: "cube", rules: ["C-1", "C-3", "C-4"] },
];
/** The start boards' captions name these rules. */
const START_RULES = [["L-1"], ["S-1"]];

/** @param {HTMLElement} main @param {import("./dom.js").H} h */
export function tutorialPage(main, h) {
  loadStyle("/static/rules.css");
  /** @type {string[]} */
  const starts = t("tutorial.starts");
  const toc = h("nav", { class: "toc" }, PARTS.map((s) => h("a", { href: `#${s.id}` }, t(`tutorial.${s.id}.title`))));
  const sections = PARTS.map((s) => {
    const kids = [h("h2", ruleIds(s.rules), t(`tutorial.${s.id}.title`)),
      ...t(`tutorial.${s.id}.p`).map((/** @type {string} */ x) => h("p", {}, x))];
    if (s.boards) {
      kids.push(h("div", { class: "starts" }, s.boards.map((b, i) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("class", "board");
        drawBoard(svg, b);
        return h("figure", ruleIds(START_RULES[i]), svg, h("figcaption", { class: "small" }, starts[i]));
      })));
    }
    if (s.table) {
      kids.push(h("table", {}, s.table.map((row) => {
        /** @type {string[]} */
        const r = t(`tutorial.${s.id}.${row}`);
        return h("tr", {}, h("th", {}, r[0]), h("td", {}, r[1]));
      })));
    }
    if (s.ex) {
      kids.push(h("p", { class: "see" }, `${t("tutorial.tryIt")} `, s.ex.map((id) =>
        h("a", { href: `/rules#ex-${id}`, class: "try" }, msg(`web.tutorial.ex.${id}`)))));
    }
    return h("section", { id: s.id }, ...kids);
  });
  main.replaceChildren(h("article", { class: "tutorial rules", id: "tutorial" },
    h("h1", {}, t("tutorial.title")), h("p", {}, t("tutorial.intro")),
    toc, ...sections, h("p", {}, h("a", { href: "/rules", "data-link": true }, t("tutorial.rulesLink")))));
  keepRolls(main);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
