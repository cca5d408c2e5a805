// @ts-check
// Rules page (Russian and English) from RULES.md, with interactive example positions.
// The page holds no rules: every example's board, legal steps and legal plays come from
// the engine (GET /api/rules/examples/{id}?moves=...), replayed after each click.
import { call } from "./api.js";
import { drawBoard } from "./board.js";
import { currentLang } from "./i18n.js";

/** @typedef {import("./api.js").Json} Json */
/** One checker step as the engine writes it: from, to (25 bar, 0 off), and a hit flag. @typedef {Array<number | boolean | null | undefined>} Step */

/** @param {string} href */
export function loadStyle(href) {
  if (!document.querySelector(`link[href="${href}"]`)) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
  }
}

/** @type {Record<"ru" | "en", Record<string, any>>} strings, lists and functions of the values they say */
const TEXT = {
  ru: { title: "Правила нард",
    intro: "Две игры на одной доске: длинные нарды (без боя, обе стороны идут в одну сторону) и короткие нарды (нарды-бэкгаммон, с боем). Каждая сторона считает пункты от себя: 1…24, ходит от больших номеров к меньшим, дом — пункты 1–6.",
    general: ["Зары (кости): каждый кубик — отдельный ход одной шашки; одна шашка может пройти оба числа, если промежуточный пункт открыт (G-6).",
      "Куш (дубль) даёт четыре хода (G-7).",
      "Нужно сыграть как можно больше чисел; если можно только одно — большее (G-8).",
      "Ход можно переиграть, пока вы его не подтвердили (G-12).",
      "Итог: оин — 1 очко; марс — 2 (проигравший не выбросил ни одной шашки); в коротких — кокс 3 (ещё и шашка на баре или в доме победителя)."],
    tutorial: "Пошаговое обучение", examples: "Примеры: попробуйте сами",
    hint: "Нажмите на шашку с рамкой, затем на подсвеченный пункт. Каждое число ходит отдельно. Позиции и допустимые ходы считает движок игры.",
    tap: "Нажмите на шашку с рамкой, затем на подсвеченный пункт.",
    dice: "Зары", white: "Ходят белые", undo: "Отменить", reset: "Сначала", made: "Сделано",
    plays: (/** @type {number} */ n) => `Допустимые ходы по правилам (${n})`, done: "Ход закончен", more: "Можно продолжать ход",
    pick: (/** @type {string} */ p) => `Шашка с пункта ${p}: выберите подсвеченный пункт.`,
    notLegal: (/** @type {string} */ m) => `${m} — так ходить нельзя.`, noMove: (/** @type {string} */ p) => `Шашке на пункте ${p} сейчас ходить нельзя.`,
    rule: "Правило", error: "Ошибка" },
  en: { title: "Rules of nardy",
    intro: "Two games on one board: long nardy (no hitting, both sides move the same way round) and short nardy (backgammon, with hitting). Each side numbers the points from its own side, 1…24, moves from higher to lower numbers, and its home is points 1–6.",
    general: ["Dice: each die moves one checker; one checker may take both numbers if the point between is open (G-6).",
      "A double gives four moves (G-7).",
      "Play as many dice as possible; if only one can be played, the larger (G-8).",
      "A move can be taken back until you confirm it (G-12).",
      "Results: oin — 1 point; mars — 2 (the loser bore off nothing); in short nardy backgammon (koks) 3 (also a checker on the bar or in the winner's home)."],
    tutorial: "Step-by-step tutorial", examples: "Examples: try them",
    hint: "Tap a checker with a frame, then a highlighted point. Each number moves separately. The positions and legal moves are computed by the game engine.",
    tap: "Tap a checker with a frame, then a highlighted point.",
    dice: "Dice", white: "White to play", undo: "Undo", reset: "Reset", made: "Moves made",
    plays: (/** @type {number} */ n) => `Legal plays by the rules (${n})`, done: "Turn finished", more: "The turn goes on",
    pick: (/** @type {string} */ p) => `Checker on point ${p}: choose a highlighted point.`,
    notLegal: (/** @type {string} */ m) => `${m} is not a legal move.`, noMove: (/** @type {string} */ p) => `The checker on point ${p} cannot move now.`,
    rule: "Rule", error: "Error" },
};

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
  const T = TEXT[lang];
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "board");
  const feedback = h("p", { class: "feedback", role: "status", "aria-live": "polite" }, T.tap);
  const made = h("p", { class: "made small" });
  const undo = h("button", { type: "button", class: "undo" }, T.undo);
  const reset = h("button", { type: "button", class: "reset" }, T.reset);
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
    made.textContent = state.moves.length ? `${T.made}: ${state.moves.map(stepText).join(" ")}` : "";
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
      say(`${T.error}: ${e instanceof Error ? e.message : e}`, "bad");
      return;
    } finally { busy = false; }
    ui.selected = null;
    paint();
    plays.replaceChildren(h("summary", {}, T.plays(state.plays.length)),
      h("ul", {}, state.plays.map((/** @type {Json} */ p) => {
        const path = p.moves.map(stepText).join(" ");  // the single steps, when the text merges them
        return h("li", {}, h("code", {}, p.text), path !== p.text ? ` = ${path}` : "");
      })));
    const f = state.finished;
    if (f) {
      const note = f.note ? ` ${f.note[lang]}` : "";
      say(`✓ ${T.done}: ${f.moves.map(stepText).join(" ")}.${note}`, "ok done");
    } else if (state.moves.length) say(`${T.more}: ${state.moves.map(stepText).join(" ")} …`);
    else say(T.tap);
  }
  ui.onSource = (p) => { ui.selected = p; paint(); if (p !== null) say(T.pick(pt(p))); };
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
      say(n ? `✗ ${pt(sel)}/${pt(p)}: ${n[lang]}` : T.notLegal(`${pt(sel)}/${pt(p)}`), "bad");
    } else if (own) {
      const n = noteFor(p, null);
      say(n ? `✗ ${n[lang]}` : T.noMove(pt(p)), "bad");
    }
  }, true);
  undo.onclick = () => { if (!busy && steps.length) load(steps.slice(0, -1)); };
  reset.onclick = () => { if (!busy) load([]); };

  const rules = summary.rules.map((/** @type {string} */ r) => h("span", { class: "rule-id" }, r));
  const card = h("figure", { class: "card example", id: `ex-${summary.id}`, "data-example": summary.id },
    h("h3", {}, summary.title[lang], " ", ...rules),
    h("p", { class: "meta small" }, `${summary.variant_title[lang]} · ${T.dice} ${summary.dice.join("-")} · ${T.white}`),
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
  const T = TEXT[lang];
  const list = h("div", { class: "examples", id: "examples" });
  main.replaceChildren(h("article", { class: "rules" }, h("h1", {}, T.title), h("p", {}, T.intro),
    h("ul", {}, T.general.map((/** @type {string} */ x) => h("li", {}, x))),
    h("p", {}, h("a", { href: "/tutorial", "data-link": true, id: "to-tutorial" }, `${T.tutorial} →`)),
    h("h2", {}, T.examples), h("p", { class: "small" }, T.hint), list));
  const examples = await call("GET", "/api/rules/examples");
  list.replaceChildren(...examples.map((/** @type {Json} */ ex) => exampleCard(h, ex, lang)));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
