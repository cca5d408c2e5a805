// @ts-check
// The tutorial (Russian and English): short sections from RULES.md, each linking to the
// interactive examples of the rules page (/rules#ex-<id>).
import { drawBoard } from "./board.js";
import { currentLang } from "./i18n.js";
import { loadStyle } from "./rules.js";

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

const SECTIONS = {
  ru: {
    title: "Как играть в нарды: обучение по шагам",
    intro: "Короткие разделы в том порядке, в каком правила нужны за доской. Ссылки «попробовать» открывают позиции на странице правил: там можно сделать ход самому и увидеть, почему он разрешён или запрещён.",
    rulesLink: "Все правила и примеры", tryIt: "Попробовать:",
    starts: ["Начало длинных нард (L-1)", "Начало коротких нард (S-1)"],
    parts: [
      { id: "board", h: "1. Доска и нумерация",
        p: ["На доске 24 пункта (лунки), по шесть в каждой четверти; посередине — бар. У каждого игрока 15 шашек (G-1).",
          "Каждый считает пункты от себя: от 24 до 1, и всегда ходит от больших номеров к меньшим. Пункты 1–6 — ваш дом, справа внизу (G-2).",
          "Длинные нарды: все шашки стоят на голове — пункт 24 справа вверху; обе стороны идут в одну сторону, голова соперника — ваш пункт 12 (L-1, G-3). Короткие нарды: 2 шашки на 24, 5 на 13, 3 на 8, 5 на 6, стороны идут навстречу (S-1)."],
        boards: [LONG_START, SHORT_START], ex: ["long-start"] },
      { id: "turn", h: "2. Как проходит ход",
        p: ["Жребий: каждый бросает одну кость, у кого больше — начинает (G-5). В коротких нардах первым ходом играют выпавшие два числа, в длинных начавший бросает заново.",
          "Каждое число на зарах — отдельный ход одной шашки. Одна шашка может пройти оба числа, если промежуточный пункт открыт (G-6). Куш (дубль) даёт четыре хода (G-7).",
          "Сыграть нужно как можно больше чисел. Если можно только одно из двух — играют большее. Если ходить нечем, ход переходит к сопернику (G-8).",
          "Пока ход не подтверждён, его можно переиграть (G-12)."],
        ex: ["larger-die"] },
      { id: "head", h: "3. Голова (длинные нарды)",
        p: ["За ход с головы можно снять только одну шашку (L-HEAD-1).",
          "Исключение — первый ход: если одна шашка не может сыграть весь бросок (при 6-6, 4-4, 3-3 её останавливает голова соперника), снимают вторую (L-HEAD-2). При 6-6 ход 24/18(2) вынужден, две шестёрки пропадают."],
        ex: ["long-start", "head-66", "head-33"] },
      { id: "blocks", h: "4. Закрытые пункты и заслон",
        p: ["В длинных нардах пункт с любой шашкой соперника закрыт; в коротких — пункт с двумя и более его шашками, а одиночную шашку (блот) можно побить (G-9).",
          "Заслон (L-BLOCK): в длинных нардах нельзя занять шесть пунктов подряд на пути соперника, пока хотя бы одна его шашка этот заслон не прошла."],
        ex: ["block-closed", "block-open"] },
      { id: "bar", h: "5. Бой и бар (короткие нарды)",
        p: ["Побитая шашка уходит на бар. Пока на баре есть шашки, другими ходить нельзя: сначала их вводят в дом соперника — число n ставит шашку на ваш пункт 25−n, если он не закрыт (S-2, S-3).",
          "В русских коротких нардах шашка, которая побила, не может в тот же ход спрятаться к своим шашкам (S-6)."],
        ex: ["bar", "hit-and-hide"] },
      { id: "bearoff", h: "6. Выбрасывание",
        p: ["Выбрасывать шашки можно, когда все 15 в доме. Число n выбрасывает шашку с пункта n; если он пуст — нужно сыграть ход внутри дома со старшего пункта, а если старше шашек нет — выбросить со старшего занятого (G-10).",
          "Правило «сыграть оба числа» действует и здесь: шашка на 5 при 5-1 идёт 5/4, затем выбрасывается (G-8)."],
        ex: ["bearoff-51", "bearoff-41"] },
      { id: "results", h: "7. Итоги партии",
        p: ["Партия кончается, когда одна сторона выбросила все 15 шашек (G-11)."],
        table: [["Длинные нарды", "оин — 1 очко: проигравший выбросил хотя бы одну шашку; марс — 2: не выбросил ни одной (L-3). По выбору — кокс 3 (C-2)."],
          ["Короткие нарды", "оин — 1; марс (гаммон) — 2: проигравший не выбросил ни одной шашки; кокс (бэкгаммон) — 3: ещё и шашка на баре или в доме победителя (S-5)."]] },
      { id: "cube", h: "8. Кубик удвоения",
        p: ["Кубик удвоения (в коротких нардах по умолчанию): перед броском игрок, которому принадлежит кубик (или любой, пока кубик в центре), может удвоить ставку. Соперник принимает — ставка удваивается, кубик переходит к нему — или отказывается и проигрывает партию по прежней ставке (C-3).",
          "Очки партии умножаются на значение кубика (C-1). В матче до N очков действует правило Кроуфорда: в первой партии после того, как кто-то набрал N−1, удваивать нельзя (C-4)."] },
    ],
  },
  en: {
    title: "How to play nardy: a step-by-step tutorial",
    intro: "Short sections in the order the rules are needed at the board. The “try it” links open positions on the rules page: make the move yourself and see why it is allowed or not.",
    rulesLink: "All rules and examples", tryIt: "Try it:",
    starts: ["The start of long nardy (L-1)", "The start of short nardy (S-1)"],
    parts: [
      { id: "board", h: "1. The board and its numbering",
        p: ["The board has 24 points, six in each quarter, with the bar in the middle. Each player has 15 checkers (G-1).",
          "Each player numbers the points from his own side, 24 down to 1, and always moves from higher numbers to lower. Points 1–6 are your home, bottom-right (G-2).",
          "Long nardy: all checkers start on the head, point 24 top-right; both sides move the same way round, and the opponent's head is your point 12 (L-1, G-3). Short nardy: 2 checkers on 24, 5 on 13, 3 on 8, 5 on 6; the sides move towards each other (S-1)."],
        boards: [LONG_START, SHORT_START], ex: ["long-start"] },
      { id: "turn", h: "2. How a turn goes",
        p: ["The opening: each player rolls one die; the higher starts (G-5). In short nardy the starter plays those two numbers; in long nardy he rolls again.",
          "Each number on the dice is a separate move of one checker. One checker may take both numbers if the point in between is open (G-6). A double gives four moves (G-7).",
          "Play as many numbers as possible. If only one of the two can be played, play the larger. If nothing can be played, the turn passes (G-8).",
          "Until you confirm the turn you may take moves back (G-12)."],
        ex: ["larger-die"] },
      { id: "head", h: "3. The head (long nardy)",
        p: ["Only one checker may leave the head per turn (L-HEAD-1).",
          "The exception, the first turn: if one checker cannot play the whole roll (with 6-6, 4-4 or 3-3 the opponent's head stops it), a second one leaves (L-HEAD-2). With 6-6 the play 24/18(2) is forced and two sixes are lost."],
        ex: ["long-start", "head-66", "head-33"] },
      { id: "blocks", h: "4. Blocked points and the six-block",
        p: ["In long nardy a point with any opposing checker is blocked; in short nardy a point with two or more of his checkers, while a lone checker (a blot) can be hit (G-9).",
          "The six-block (L-BLOCK): in long nardy you may not hold six points in a row on the opponent's path until at least one of his checkers has passed them."],
        ex: ["block-closed", "block-open"] },
      { id: "bar", h: "5. Hitting and the bar (short nardy)",
        p: ["A hit checker goes to the bar. While checkers are on the bar nothing else moves: they enter the opponent's home first — a number n puts the checker on your point 25−n if it is not blocked (S-2, S-3).",
          "In Russian short nardy a checker that hit may not hide among its own checkers in the same turn (S-6)."],
        ex: ["bar", "hit-and-hide"] },
      { id: "bearoff", h: "6. Bearing off",
        p: ["Checkers are borne off once all 15 are home. A number n bears off from point n; if that point is empty, a move inside the home from a higher point must be made, and if no checker is higher, the highest occupied point is borne off (G-10).",
          "“Play both numbers” holds here too: a checker on 5 with 5-1 goes 5/4 and then off (G-8)."],
        ex: ["bearoff-51", "bearoff-41"] },
      { id: "results", h: "7. Results",
        p: ["The game ends when one side has borne off all 15 checkers (G-11)."],
        table: [["Long nardy", "oin — 1 point: the loser bore off at least one checker; mars — 2: he bore off none (L-3). By option, koks 3 (C-2)."],
          ["Short nardy", "single — 1; gammon (mars) — 2: the loser bore off none; backgammon (koks) — 3: and he still has a checker on the bar or in the winner's home (S-5)."]] },
      { id: "cube", h: "8. The doubling cube",
        p: ["The doubling cube (on by default in short nardy): before rolling, the player who owns the cube (or either player while it is in the middle) may double. The opponent takes — the stake doubles and he owns the cube — or passes and loses the game at the stake before the double (C-3).",
          "A game's points are multiplied by the cube (C-1). In a match to N points the Crawford rule holds: no doubling in the first game after a player reaches N−1 (C-4)."] },
    ],
  },
};

/** @type {Record<"ru" | "en", Record<string, string>>} */
const EXAMPLE_TITLES = {
  ru: { "long-start": "начало и голова", "head-66": "первый ход 6-6", "head-33": "первый ход 3-3",
    "block-closed": "заслон запрещён", "block-open": "заслон разрешён", bar: "вход с бара",
    "hit-and-hide": "убил — не прячься", "bearoff-51": "5-1 с пункта 5", "bearoff-41": "3/2/off при 4-1",
    "larger-die": "большее число" },
  en: { "long-start": "the start and the head", "head-66": "first turn 6-6", "head-33": "first turn 3-3",
    "block-closed": "a block not allowed", "block-open": "a block allowed", bar: "entering from the bar",
    "hit-and-hide": "no hit-and-hide", "bearoff-51": "5-1 from point 5", "bearoff-41": "3/2/off with 4-1",
    "larger-die": "the larger number" },
};

/** @param {HTMLElement} main @param {import("./dom.js").H} h */
export function tutorialPage(main, h) {
  loadStyle("/static/rules.css");
  const lang = currentLang();
  const S = SECTIONS[lang];
  const toc = h("nav", { class: "toc" }, S.parts.map((s) => h("a", { href: `#${s.id}` }, s.h)));
  const sections = S.parts.map((s) => {
    const kids = [h("h2", {}, s.h), ...s.p.map((x) => h("p", {}, x))];
    if (s.boards) {
      kids.push(h("div", { class: "starts" }, s.boards.map((b, i) => {
        const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
        svg.setAttribute("class", "board");
        drawBoard(svg, b);
        return h("figure", {}, svg, h("figcaption", { class: "small" }, S.starts[i]));
      })));
    }
    if (s.table) kids.push(h("table", {}, s.table.map((r) => h("tr", {}, h("th", {}, r[0]), h("td", {}, r[1])))));
    if (s.ex) {
      kids.push(h("p", { class: "see" }, `${S.tryIt} `, s.ex.map((id) =>
        h("a", { href: `/rules#ex-${id}`, class: "try" }, EXAMPLE_TITLES[lang][id]))));
    }
    return h("section", { id: s.id }, ...kids);
  });
  main.replaceChildren(h("article", { class: "tutorial rules", id: "tutorial" }, h("h1", {}, S.title), h("p", {}, S.intro),
    toc, ...sections, h("p", {}, h("a", { href: "/rules", "data-link": true }, S.rulesLink))));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
