// @ts-check
// Rules page (Russian and English) from docs/rules.md: a section for each game the club
// offers (/rules#<variant>), and interactive example positions. The page holds no rules
// of its own: the sections' texts are the catalogue's, and every example's board, legal
// steps and legal plays come from the engine (GET /api/rules/examples/{id}?moves=...),
// replayed after each click.
import { call } from "./api.js";
import { drawBoard } from "./board.js";
import { diceText } from "./dom.js";
import { currentLang, msg, t } from "./i18n.js";
import { me } from "./session.js";

/** @typedef {import("./api.js").Json} Json */
/** One checker step as the engine writes it: from, to (25 bar, 0 off), and a hit flag. @typedef {Array<number | boolean | null | undefined>} Step */

/**
 * Add the stylesheet ``href`` once; the promise settles when it applies (a page that
 * scrolls to an anchor waits for it, as the sheet changes the heights above the anchor).
 * @param {string} href @returns {Promise<void>}
 */
export function loadStyle(href) {
  let link = /** @type {HTMLLinkElement | null} */ (document.querySelector(`link[href="${href}"]`));
  if (link && link.sheet) return Promise.resolve();
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    document.head.append(link);
  }
  const sheet = link;
  return new Promise((resolve) => {
    sheet.addEventListener("load", () => resolve(), { once: true });
    sheet.addEventListener("error", () => resolve(), { once: true });
  });
}

// The page's texts are the catalogue's web.rules.* (nardy/server/texts/rules.py).
/** @param {string} key @param {Record<string, unknown>} [params] */
const T = (key, params) => msg(`web.rules.${key}`, params);
/** The rule ids of docs/rules.md behind each line of the summary: a small mark and a tooltip, not the text. */
const GENERAL_RULES = [["G-6"], ["G-7"], ["G-8"], ["G-12"], ["G-11", "L-3", "S-5", "C-2"]];

/**
 * A tooltip and anchor naming the rule-book ids (G-6, ...): for a player who wants the
 * book, out of the way of one who just reads.
 * @param {string[]} ids @returns {Record<string, string>}
 */
export function ruleIds(ids) {
  return { title: msg("web.rules.rule-ids", { ids: ids.join(", ") }), "data-rules": ids.join(" ") };
}

/**
 * A start position in white's view (board.js "points": +n white, -n black), from one
 * side's checkers in its own numbering: the other side stands the same in its own (G-3).
 * @param {"short" | "long"} family @param {Record<number, number>} side
 * @returns {import("./board.js").BoardState}
 */
function startBoard(family, side) {
  const points = Array(25).fill(0);
  for (const [p, n] of Object.entries(side)) {
    const mine = Number(p), theirs = family === "short" ? 25 - mine : mine <= 12 ? mine + 12 : mine - 12;
    points[mine] = n;
    points[theirs] = -n;
  }
  return { view: "white", board: { points, bar: { mine: 0, theirs: 0 }, off: { mine: 0, theirs: 0 } } };
}

/**
 * The games' sections, in the order of the variants (nardy.variants.VARIANTS). A
 * section's texts are the catalogue's web.rules.v.<name>.start, .rules.0…, .end and
 * .options.0… (nardy/server/texts/rules.py); here are its structure and the rule-book
 * ids of each part (docs/rules.md), shown beside the part. ``board``: the start
 * position, drawn where it is not long nardy's or short nardy's own start again.
 * @typedef {{ name: string, family: "short" | "long", board?: import("./board.js").BoardState,
 *   ids: { start: string[], rules: string[], end: string[], options: string[] } }} VariantRules
 * @type {VariantRules[]}
 */
export const VARIANT_RULES = [
  { name: "short", family: "short", board: startBoard("short", { 24: 2, 13: 5, 8: 3, 6: 5 }),
    ids: { start: ["S-1", "G-3"], rules: ["G-9", "S-2", "S-3", "S-4", "G-5"], end: ["G-11", "S-5", "C-1", "C-3"], options: ["C-2", "S-6", "C-3"] } },
  { name: "short-ru", family: "short",
    ids: { start: ["S-1"], rules: ["S-6"], end: ["S-5"], options: ["S-6"] } },
  { name: "short-caucasian", family: "short",
    ids: { start: ["S-1"], rules: ["S-7"], end: ["S-5"], options: ["C-2", "S-6"] } },
  { name: "long", family: "long", board: startBoard("long", { 24: 15 }),
    ids: { start: ["L-1", "G-3"], rules: ["G-9", "L-HEAD-1", "L-HEAD-2", "L-BLOCK", "L-2", "G-5"], end: ["G-11", "L-3", "C-5"],
      options: ["C-2", "L-HEAD-2", "L-BLOCK", "G-5", "L-DRAW", "L-4"] } },
  { name: "nardgammon", family: "long",
    ids: { start: ["L-1"], rules: ["V-NG", "L-BLOCK"], end: ["L-3"], options: ["L-BLOCK"] } },
  { name: "crazy", family: "long",
    ids: { start: ["L-1"], rules: ["V-CRAZY", "G-10"], end: ["L-3", "G-11"], options: [] } },
  { name: "gulbara", family: "long",
    ids: { start: ["L-1"], rules: ["V-GUL", "L-HEAD-2"], end: ["L-3"], options: [] } },
  { name: "crazy-gulbara", family: "long",
    ids: { start: ["L-1"], rules: ["V-CGUL", "V-CRAZY"], end: ["L-3"], options: ["V-CGUL"] } },
  { name: "khachapuri", family: "long", board: startBoard("long", { 24: 4, 6: 11 }),
    ids: { start: ["V-KHACH"], rules: ["V-KHACH", "V-GUL"], end: ["V-KHACH", "C-2"], options: ["C-2"] } },
  { name: "fevga", family: "long",
    ids: { start: ["L-1"], rules: ["V-FEVGA", "L-HEAD-2"], end: ["L-3"], options: ["L-BLOCK"] } },
  { name: "fevga-giul", family: "long",
    ids: { start: ["L-1"], rules: ["V-GIUL", "V-FEVGA", "V-CRAZY"], end: ["L-3"], options: ["L-BLOCK"] } },
];

/**
 * Where the rules page explains the game ``name`` (a variant's name, as a game's state
 * gives it): "/rules#fevga"; a name the page has no section for gets the list of games.
 * @param {string} name @returns {string}
 */
export function variantRulesHref(name) {
  return VARIANT_RULES.some((v) => v.name === name) ? `/rules#${name}` : "/rules#variants";
}

/** A game's name in the page's language, as the session offers it. @param {string} name */
function variantTitle(name) {
  const info = me && me.variants ? me.variants.find((/** @type {Json} */ v) => v.name === name) : null;
  return info ? info[currentLang()] : name;
}

/** The rule-book ids of a part, small and grey beside its heading. @param {import("./dom.js").H} h @param {string[]} ids */
const idMarks = (h, ids) => (ids.length
  ? h("span", { class: "ids", ...ruleIds(ids) }, ids.map((id) => h("span", { class: "id" }, id))) : null);

/**
 * The engine's names of a game's options, small and code-styled under its options, for
 * developers (the API's options, nardy play --option); the texts say the player's names.
 * @param {import("./dom.js").H} h @param {string} name  the game
 */
function optionNames(h, name) {
  const info = me && me.variants ? me.variants.find((/** @type {Json} */ v) => v.name === name) : null;
  const options = info ? info.options : [];
  if (!options.length) return null;
  return h("p", { class: "option-names small" }, T("option-names"), " ",
    options.map((/** @type {Json} */ o, /** @type {number} */ i) =>
      h("span", {}, i ? "; " : "", msg(`web.option.${o.name}`), " ", h("code", {}, o.name))));
}

/**
 * One game's section: its start (drawn when it is one of its own), how it differs from
 * its family's base game, the end and the score, and the rule options.
 * @param {import("./dom.js").H} h @param {VariantRules} v
 */
function variantSection(h, v) {
  const key = `rules.v.${v.name}`;
  const base = v.name === "short" || v.name === "long";
  const differs = base ? T("part.rules") : T(`part.differs-${v.family}`);
  /** @param {string} label @param {string[]} ids @param {...any} body */
  const part = (label, ids, ...body) => h("div", { class: "part" }, h("h3", {}, label, " ", idMarks(h, ids)), ...body);
  /** @param {string} which */
  const list = (which) => h("ul", {}, t(`${key}.${which}`).map((/** @type {string} */ x) => h("li", {}, x)));
  let board = null;
  if (v.board) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "board");
    drawBoard(svg, v.board);
    board = h("figure", { class: "start" }, svg, h("figcaption", { class: "small" }, T("start-board")));
  }
  return h("section", { class: "variant", id: v.name, "data-variant": v.name, "data-family": v.family },
    h("h2", {}, variantTitle(v.name)),
    part(T("part.start"), v.ids.start, h("p", {}, msg(`web.${key}.start`)), board),
    part(differs, v.ids.rules, list("rules")),
    part(T("part.end"), v.ids.end, h("p", {}, msg(`web.${key}.end`))),
    part(T("part.options"), v.ids.options, list("options"), optionNames(h, v.name)),
    h("p", { class: "up small" }, h("a", { href: "#variants" }, `↑ ${T("to-list")}`)));
}

/** The list of the games, by family, each a link to its section. @param {import("./dom.js").H} h */
function variantsToc(h) {
  return h("nav", { class: "toc", "aria-label": T("variants") }, ["short", "long"].map((family) =>
    h("p", {}, h("b", {}, `${T(`family.${family}`)}: `), VARIANT_RULES.filter((v) => v.family === family).map((v) =>
      h("a", { href: `#${v.name}`, "data-toc": v.name }, variantTitle(v.name))))));
}

/**
 * Put each roll ("6-6", "5-2") of the texts under ``root`` in a span that keeps it on one
 * line (the rules and the tutorial): a phone's narrow column would otherwise break "6-"
 * from "6".
 * @param {HTMLElement} root
 */
export function keepRolls(root) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  /** @type {Text[]} */
  const texts = [];
  while (walker.nextNode()) texts.push(/** @type {Text} */ (walker.currentNode));
  for (const node of texts) {
    const parts = (node.textContent || "").split(/\b([1-6]-[1-6])\b/);
    if (parts.length === 1) continue;
    node.replaceWith(...parts.map((part, i) => {
      if (i % 2 === 0) return part;
      const span = document.createElement("span");
      span.className = "roll";
      span.textContent = part;
      return span;
    }));
  }
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
  const styled = loadStyle("/static/rules.css");
  const loading = call("GET", "/api/rules/examples");
  loading.catch(() => {});  // (its failure is awaited below, after the sections are shown)
  const lang = currentLang();
  const list = h("div", { class: "examples", id: "examples" });
  main.replaceChildren(h("article", { class: "rules" }, h("h1", {}, T("title")), h("p", {}, T("intro")),
    h("ul", { class: "general" }, t("rules.general").map((/** @type {string} */ x, /** @type {number} */ i) =>
      h("li", {}, x, " ", idMarks(h, GENERAL_RULES[i])))),
    h("p", {}, h("a", { href: "/tutorial", "data-link": true, id: "to-tutorial" }, `${T("to-tutorial")} →`)),
    h("section", { id: "variants", class: "variants" }, h("h2", {}, T("variants")),
      h("p", { class: "small" }, T("variants-intro")), variantsToc(h)),
    ...VARIANT_RULES.map((v) => variantSection(h, v)),
    h("h2", { id: "examples-title" }, T("examples")), h("p", { class: "small" }, T("hint")), list));
  keepRolls(main);
  // a game's section (/rules#fevga) is there at once; an example (/rules#ex-head-66) once loaded
  const target = () => (location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null);
  await styled;
  target()?.scrollIntoView();
  const examples = await loading;
  list.replaceChildren(...examples.map((/** @type {Json} */ ex) => exampleCard(h, ex, lang)));
  if (location.hash.startsWith("#ex-")) target()?.scrollIntoView();
}
