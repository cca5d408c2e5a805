// Rules pages (Russian and English) from RULES.md, with example positions.
import { drawBoard } from "./board.js";
import { currentLang } from "./i18n.js";

function side(mine, theirs, map) {
  const points = Array(25).fill(0);
  for (const [p, n] of Object.entries(mine)) points[p] = n;
  for (const [q, n] of Object.entries(theirs)) points[map(Number(q))] = -n;
  return points;
}
const longMap = (q) => (q <= 12 ? q + 12 : q - 12);
const shortMap = (q) => 25 - q;
const board = (points, bar = [0, 0], off = [0, 0], dice = null) =>
  ({ view: "white", dice, board: { points, bar: { mine: bar[0], theirs: bar[1] }, off: { mine: off[0], theirs: off[1] } } });

const EXAMPLES = [
  { id: "long-start", pos: board(side({ 24: 15 }, { 24: 15 }, longMap)),
    ru: "Длинные нарды, начало (L-1): все 15 шашек на голове — пункт 24 справа вверху. Голова соперника — ваш пункт 12; дом — пункты 1–6 справа внизу.",
    en: "Long nardy, the start (L-1): all 15 checkers on the head, point 24 top-right. The opponent's head is your point 12; your home is points 1–6 bottom-right." },
  { id: "head", pos: board(side({ 24: 14, 18: 1 }, { 24: 15 }, longMap), [0, 0], [0, 0], [6, 6]),
    ru: "Голова (L-HEAD-1/2): за ход с головы снимают одну шашку. Исключение — первый ход: при 6-6 снимают две шашки (24/18(2)), остальные две шестёрки пропадают, потому что пункт 12 — голова соперника.",
    en: "The head (L-HEAD-1/2): one checker leaves the head per turn. Exception, the first turn: with 6-6 two checkers leave (24/18(2)); the other two sixes are lost because point 12 is the opponent's head." },
  { id: "block", pos: board(side({ 24: 5, 13: 2, 12: 2, 11: 2, 10: 2, 9: 1, 8: 1 }, { 24: 10, 23: 3, 22: 2 }, longMap)),
    ru: "Заслон (L-BLOCK): нельзя построить шесть пунктов подряд перед шашками соперника, пока хотя бы одна его шашка не прошла этот заслон. Здесь пункты 13–8 образовали бы заслон — такой ход запрещён.",
    en: "The six-block (L-BLOCK): a side may not hold six points in a row in front of the opponent's checkers until one of them has passed. Here points 13–8 would be such a block, so that play is illegal." },
  { id: "short-start", pos: board(side({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 }, shortMap)),
    ru: "Короткие нарды, начало (S-1): 2 шашки на 24, 5 на 13, 3 на 8, 5 на 6. Стороны движутся навстречу; одиночную шашку (блот) можно бить.",
    en: "Short nardy, the start (S-1): 2 on 24, 5 on 13, 3 on 8, 5 on 6. The sides move towards each other; a lone checker (a blot) can be hit." },
  { id: "bar", pos: board(side({ 13: 4, 8: 4, 6: 4, 5: 2 }, { 6: 2, 5: 2, 4: 2, 3: 2, 2: 2, 8: 3, 13: 2 }, shortMap), [1, 0], [0, 0], [6, 3]),
    ru: "Бар (S-3): побитая шашка стоит на баре и должна войти в дом соперника раньше любых других ходов. С 6-3 войти можно только тройкой: пункт 19 (его 6) закрыт.",
    en: "The bar (S-3): a hit checker waits on the bar and must enter the opponent's home before anything else moves. With 6-3 only the 3 enters; point 19 (his 6) is closed." },
  { id: "bearoff", pos: board(side({ 3: 1, 2: 1, 1: 1 }, { 20: 3, 19: 2 }, shortMap), [0, 0], [12, 10], [4, 1]),
    ru: "Выбрасывание (G-10): шашки выбрасывают, когда все 15 в доме. С 4-1 можно 3/2/off: после 3/2 старший занятый пункт — 2, и четвёрка выбрасывает шашку с него.",
    en: "Bearing off (G-10): allowed once all 15 checkers are home. With 4-1, 3/2/off is legal: after 3/2 the highest point is 2, so the 4 bears a checker off from it." },
];

const TEXT = {
  ru: { title: "Правила нард", intro: "Две игры на одной доске: длинные нарды (без боя, обе стороны идут в одну сторону) и короткие нарды (нарды-бэкгаммон, с боем). Каждая сторона считает пункты от себя: 1…24, ходит от больших номеров к меньшим, дом — пункты 1–6.",
    general: ["Зары (кости): каждый кубик — отдельный ход одной шашки; одна шашка может пройти оба числа, если промежуточный пункт открыт (G-6).", "Куш (дубль) даёт четыре хода (G-7).", "Нужно сыграть как можно больше чисел; если можно только одно — большее (G-8).", "Ход можно переиграть, пока вы его не подтвердили (G-12).", "Итог: оин — 1 очко; марс — 2 (проигравший не выбросил ни одной шашки); в коротких — кокс 3 (ещё и шашка на баре или в доме победителя)."],
    examples: "Примеры позиций" },
  en: { title: "Rules of nardy", intro: "Two games on one board: long nardy (no hitting, both sides move the same way round) and short nardy (backgammon, with hitting). Each side numbers the points from its own side, 1…24, moves from higher to lower numbers, and its home is points 1–6.",
    general: ["Dice: each die moves one checker; one checker may take both numbers if the point between is open (G-6).", "A double gives four moves (G-7).", "Play as many dice as possible; if only one can be played, the larger (G-8).", "A move can be taken back until you confirm it (G-12).", "Results: oin — 1 point; mars — 2 (the loser bore off nothing); in short nardy backgammon (koks) 3 (also a checker on the bar or in the winner's home)."],
    examples: "Example positions" },
};

export function rulesPage(main, h) {
  const lang = currentLang();
  const T = TEXT[lang];
  const figs = EXAMPLES.map((ex) => {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("class", "board");
    drawBoard(svg, ex.pos);
    return h("figure", { class: "card", id: `ex-${ex.id}` }, svg, h("figcaption", {}, ex[lang]));
  });
  main.replaceChildren(h("article", { class: "rules" }, h("h1", {}, T.title), h("p", {}, T.intro),
    h("ul", {}, T.general.map((x) => h("li", {}, x))), h("h2", {}, T.examples), h("div", { class: "examples" }, figs)));
}
