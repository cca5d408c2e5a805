// @ts-check
// Rules page (Russian and English) from RULES.md, with interactive example positions.
// The page holds no rules: every example's board, legal steps and legal plays come from
// the engine (GET /api/rules/examples/{id}?moves=...), replayed after each click.
import { call } from "./api.js";
import { drawBoard } from "./board.js";
import { diceText } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */
/** One checker step as the engine writes it: from, to (25 bar, 0 off), and a hit flag. @typedef {Array<number | boolean | null | undefined>} Step */

/** @param {string} href */
export function loadStyle(href) {
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
}

// The page's texts are the catalogue's web.rules.* (nardy/server/texts/rules.py).
/** @param {string} key @param {Record<string, unknown>} [params] */
const T = (key, params) => msg(`web.rules.${key}`, params);
/** The rule ids of RULES.md behind each line of the summary: a tooltip, not the text. */
const GENERAL_RULES = [["G-6"], ["G-7"], ["G-8"], ["G-12"], ["G-11", "L-3", "S-5"]];

/**
 * A tooltip and anchor naming the rule-book ids (G-6, ...): for a player who wants the
 * book, out of the way of one who just reads.
 * @param {string[]} ids @returns {Record<string, string>}
 */
export function ruleIds(ids) {
  return { title: msg("web.rules.rule-ids", { ids: ids.join(", ") }), "data-rules": ids.join(" ") };
}

/** @param {unknown} p a point number */
const pt = (p) => (p === 25 ? "bar" : p === 0 ? "off" : String(p));
/** @param {Step} m */
const stepText = (m) => `${pt(m[0])}/${pt(m[1])}${m[2] ? "*" : ""}`;
/** @param {Step[]} a @param {Step[]} b */
const sameSteps = (a, b) => a.length === b.length && a.every((m, i) => m[0] === b[i][0] && m[1] === b[i][1]);

// One interactive example: the board, a caption that says why, undo and reset.
/**
 * @param {import("./dom.js").H} h
 * @param {Json} summary  GET /api/rules/examples: one example's id, titles, rules, dice
 * @param {"ru" | "en"} lang
 */
function exampleCard(h, summary, lang) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board");
  const feedback = h("p", { class: "feedback", role: "status", "aria-live": "polite" }, T("tap"));
  const made = h("p", { class: "made small" });
  const undo = h("button", { type: "button", class: "undo" }, t("undo"));
  const reset = h("button", { type: "button", class: "reset" }, T("reset"));
  const plays = h("details", { class: "plays" });
  /** @type {import("./board.js").BoardUi & { selected: number | null }} */
  const ui = { selected: null };
  /** @type {Json} the example after the steps made: board, legal steps, notes */
  let state = null;
  /** @type {Step[]} */
  let steps = [];
  let busy = false;

  /** @param {string} text */
  const say = (text, cls = "") => { feedback.textContent = text; feedback.className = `feedback ${cls}`; };
  /** @param {number} from @param {number | null} to @returns {Json} */
  function noteFor(from, to) {
    const notes = state.illegal.filter((/** @type {Json} */ n) => n.from === from && (to === null || n.to === to));
    return notes.find((/** @type {Json} */ n) => sameSteps(n.after, state.moves)) || notes[0] || null;
  }
  function paint() {
    drawBoard(svg, { view: state.view, board: state.board, dice: state.dice, legal: state.legal }, ui);
    undo.disabled = !state.legal.can_undo || busy;
    reset.disabled = !state.moves.length || busy;
    made.textContent = state.moves.length ? `${T("made")}: ${state.moves.map(stepText).join(" ")}` : "";
    svg.dataset.moves = state.moves.map(stepText).join(" ");
  }
  /** @param {Step[]} next */
  async function load(next) {
    busy = true;
    try {
      const q = next.map((m) => `${pt(m[0])}/${pt(m[1])}`).join(" ");
      state = await call("GET", `/api/rules/examples/${summary.id}?moves=${encodeURIComponent(q)}`);
      steps = state.moves.map((/** @type {Step} */ m) => [m[0], m[1]]);
    } catch (e) {
      say(`${t("errorPrefix")}: ${e instanceof Error ? e.message : e}`, "bad");
      return;
    } finally { busy = false; }
    ui.selected = null;
    paint();
    plays.replaceChildren(h("summary", {}, T("plays", { n: state.plays.length })),
      h("ul", {}, state.plays.map((/** @type {Json} */ p) => {
        const path = p.moves.map(stepText).join(" ");  // the single steps, when the text merges them
        return h("li", {}, h("code", {}, p.text), path !== p.text ? ` = ${path}` : "");
      })));
    const f = state.finished;
    if (f) {
      const note = f.note ? ` ${f.note[lang]}` : "";
      say(`✓ ${T("done")}: ${f.moves.map(stepText).join(" ")}.${note}`, "ok done");
    } else if (state.moves.length) say(`${T("more")}: ${state.moves.map(stepText).join(" ")} …`);
    else say(T("tap"));
  }
  ui.onSource = (p) => { ui.selected = p; paint(); if (p !== null) say(T("pick", { point: pt(p) })); };
  ui.onTarget = (p, from) => {
    if (busy) return;
    const src = from ?? ui.selected;
    load([...steps, [src, p]]);
  };
  // Clicks that the board does not act on: say why that move is not legal.
  svg.addEventListener("pointerdown", (ev) => {
    const target = /** @type {Element} */ (ev.target);
    const t = /** @type {SVGElement | null} */ (target.closest && target.closest("[data-point]"));
    if (!t || !state || busy) return;
    const p = Number(t.dataset.point), sel = ui.selected, targets = state.legal.targets;
    if (sel !== null && (targets[sel] || []).includes(p)) return;  // a legal step
    if (String(p) in targets) return;  // selecting a checker that may move
    const own = p === 25 ? state.board.bar.mine > 0 : p > 0 && state.board.points[p] > 0;
    if (sel !== null) {
      const n = noteFor(sel, p);
      say(n ? `✗ ${pt(sel)}/${pt(p)}: ${n[lang]}` : T("not-legal", { move: `${pt(sel)}/${pt(p)}` }), "bad");
    } else if (own) {
      const n = noteFor(p, null);
      say(n ? `✗ ${n[lang]}` : T("no-move", { point: pt(p) }), "bad");
    }
  }, true);
  undo.onclick = () => { if (!busy && steps.length) load(steps.slice(0, -1)); };
  reset.onclick = () => { if (!busy) load([]); };

  const card = h("figure", { class: "card example", id: `ex-${summary.id}`, "data-example": summary.id },
    h("h3", ruleIds(summary.rules), summary.title[lang]),
    h("p", { class: "meta small" }, `${summary.variant_title[lang]} · ${t("dice")} ${diceText(summary.dice)} · ${T("white")}`),
    svg,
    h("figcaption", { class: "caption" }, summary.caption[lang]),
    feedback,
    h("div", { class: "controls" }, undo, reset),
    made, plays);
  load([]);
  return card;
}

/** @param {HTMLElement} main @param {import("./dom.js").H} h */
export async function rulesPage(main, h) {
  loadStyle("/static/rules.css");
  const lang = currentLang();
  const list = h("div", { class: "examples", id: "examples" });
  main.replaceChildren(h("article", { class: "rules" }, h("h1", {}, T("title")), h("p", {}, T("intro")),
    h("ul", {}, t("rules.general").map((/** @type {string} */ x, /** @type {number} */ i) =>
      h("li", ruleIds(GENERAL_RULES[i]), x))),
    h("p", {}, h("a", { href: "/tutorial", "data-link": true, id: "to-tutorial" }, `${T("to-tutorial")} →`)),
    h("h2", {}, T("examples")), h("p", { class: "small" }, T("hint")), list));
  const examples = await call("GET", "/api/rules/examples");
  list.replaceChildren(...examples.map((/** @type {Json} */ ex) => exampleCard(h, ex, lang)));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
