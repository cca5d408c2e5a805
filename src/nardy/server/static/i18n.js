// @ts-check
// Interface texts in Russian and English (RULES.md terminology). The errors, ratings,
// marks and plural-using texts come from the project's catalogue (messages.js, written
// by `python -m nardy.server.messages_js`); the rest are still here.
import { message } from "./messages.js";

/**
 * Each text is a string, a function of the values it says, or a table of named texts;
 * the caller knows which from the key, so t() gives `any`.
 * @typedef {string | string[] | Record<string, string> | ((...values: any[]) => string)} Text
 * @type {Record<"ru" | "en", Record<string, Text>>}
 */
const TEXTS = {
  ru: {
    title: "Нарды", play: "Играть", rules: "Правила", tutorial: "Обучение", profile: "Профиль", login: "Вход",
    logout: "Выйти", register: "Регистрация", tryNow: "Попробовать без регистрации",
    heroTitle: "Длинные и короткие нарды онлайн",
    heroText: "Играйте с компьютером, вдвоём за одним устройством или с другом по ссылке. Кости бросает сервер, и каждый бросок можно проверить.",
    newGame: "Новая игра", variant: "Игра", mode: "Режим", level: "Уровень компьютера",
    modeComputer: "С компьютером", modeLocal: "Вдвоём за одним устройством", modeFriend: "С другом по ссылке",
    clientSeed: "Ваше зерно для костей (необязательно)", start: "Начать",
    yourTurn: "Ваш ход", theirTurn: "Ход соперника", computerThinks: "Ход компьютера",
    turnOf: (c) => (c === "white" ? "Ход белых" : "Ход чёрных"),
    waiting: "Ждём соперника. Отправьте ему ссылку:", copy: "Копировать", copied: "Скопировано",
    undo: "Отменить", confirm: "Подтвердить ход", moves: "Ходы", pips: "Пипсы",
    white: "Белые", black: "Чёрные", computer: "Компьютер", you: "Вы", guest: "Гость",
    analyse: "Анализ партии", analysing: "Компьютер разбирает партию…",
    hintButton: "Подсказка", hintWait: "Компьютер думает…",
    cubeHint: (a, m) => `Совет компьютера${m ? " при этом счёте" : ""}: ${a}.`,
    hintTitle: (n, m) => `Лучшие ходы (глубина ${n}; ${m ? "эквити матча при этом счёте" : "эквити"}); нажмите, чтобы сыграть:`,
    reviewTitle: (n) => `Анализ партии (глубина ${n})`,
    reviewColumns: ["Игрок", "Потеря на ход, мЭ", "Уровень", "Сомнит. / плохих / очень плохих", "Ошибок с кубом"],
    graphTitle: "Эквити белых после каждого хода; точки — ошибки",
    mistakesTitle: "Ошибки", noMistakes: "Ошибок нет.", bestWas: "лучше",
    gameNo: (n) => `партия ${n}`, turnNo: (n) => `ход ${n}`,
    dice: "Зары", noMove: "нет хода", over: "Партия окончена",
    youWon: "Вы выиграли!", youLost: "Вы проиграли", winnerIs: (c) => (c === "white" ? "Победили белые" : "Победили чёрные"),
    draw: "Ничья", download: "Скачать запись партии", verifyDice: "Проверить кости",
    commitment: "Обязательство сервера (SHA-256 зерна)", seedRevealed: "Зерно сервера раскрыто",
    spectator: "Вы наблюдаете за партией", username: "Имя пользователя", password: "Пароль",
    loginBtn: "Войти", registerBtn: "Создать аккаунт", history: "Мои партии",
    diceStats: "Статистика костей", rolls: "Бросков", doublesRate: "Доля дублей (кушей)",
    expected: "ожидается", status: { waiting: "ожидание", active: "идёт", over: "окончена" },
    verifyTitle: "Проверка костей", verifyOk: "Все броски совпадают с выведенными из зёрен",
    verifyBad: "Есть расхождения!", notRevealed: "Зерно будет раскрыто после окончания партии",
    opening: "жребий", rollKind: "бросок", recorded: "в записи", derived: "выведено",
    commitOk: "SHA-256 раскрытого зерна совпадает с обязательством", commitBad: "Зерно не совпадает с обязательством!",
    join: "Присоединиться к партии", testMode: "ТЕСТОВЫЙ РЕЖИМ: кости воспроизводимы",
    vs: "против", opponent: "Соперник", result: "Итог", date: "Дата", open: "открыть",
    hint: "Нажмите на шашку, затем на подсвеченный пункт (или перетащите шашку).",
    kinds: { single: "оин", oin: "оин", gammon: "марс", mars: "марс", backgammon: "кокс", koks: "кокс",
      "home-mars": "домашний марс", draw: "ничья" },
    matchLength: "Матч до (очков; 0 — одна партия)", cubeOpt: "Кубик удвоения",
    cubeDefault: "по правилам игры", yes: "да", no: "нет", beavers: "Разрешить бобров (игра на деньги)",
    roll: "Бросить кости", double: "Удвоить", take: "Принять", pass: "Отказаться", beaver: "Бобр",
    resign: "Сдаться", accept: "Принять сдачу", reject: "Играть дальше", nextGame: "Следующая партия",
    cancel: "Отмена", cube: "Кубик", cubeCentre: "в центре", cubeOf: (c) => (c === "white" ? "у белых" : "у чёрных"),
    moneyGame: "Одна партия на деньги", matchTo: (n) => msg("web.match-to", { n }),
    crawford: "игра Кроуфорда (без кубика)", postCrawford: "после Кроуфорда",
    score: "Счёт", youDouble: "Вы удвоили — ждём ответа", theyDouble: (n) => `Соперник удваивает до ${n}. Принять?`,
    doubleOffered: (c, n) => `${c === "white" ? "Белые удваивают" : "Чёрные удваивают"} до ${n}. Ответ ${c === "white" ? "чёрных" : "белых"}:`,
    youResign: "Вы предложили сдаться — ждём ответа",
    theyResign: (k, v) => `Соперник сдаётся: ${k} (${v}). Принять?`,
    resignOffered: (c, k, v) => `${c === "white" ? "Белые" : "Чёрные"} сдаются: ${k} (${v})`,
    rollOrDouble: "Ваш ход: бросьте кости или удвойте", resignAs: "Сдаться на",
    acts: { double: "удваивает", take: "принимает", pass: "отказывается от удвоения", beaver: "бобр",
      resign: "предлагает сдаться", accept: "принимает сдачу", reject: "отказывается от сдачи" },
    reasons: { "bear-off": "все шашки выброшены", resign: "сдача", drop: "отказ от удвоения" },
    youWonGame: "Вы выиграли партию", youLostGame: "Вы проиграли партию",
    youWonMatch: "Вы выиграли матч!", youLostMatch: "Вы проиграли матч",
    matchWinnerIs: (c) => (c === "white" ? "Матч выиграли белые" : "Матч выиграли чёрные"),
    downloadJson: "запись (JSON)", downloadMat: ".mat", downloadSgf: "SGF",
    lang: "English", local: "вдвоём", errorPrefix: "Ошибка",
    points: (n) => msg("web.points", { n }),
  },
  en: {
    title: "Nardy", play: "Play", rules: "Rules", tutorial: "Tutorial", profile: "Profile", login: "Log in",
    logout: "Log out", register: "Sign up", tryNow: "Try without signing up",
    heroTitle: "Long and short nardy online",
    heroText: "Play the computer, two players on one device, or a friend by link. The server rolls the dice, and every roll can be verified.",
    newGame: "New game", variant: "Game", mode: "Mode", level: "Computer level",
    modeComputer: "Against the computer", modeLocal: "Two players, one device", modeFriend: "A friend by link",
    clientSeed: "Your dice seed (optional)", start: "Start",
    yourTurn: "Your turn", theirTurn: "Opponent's turn", computerThinks: "Computer's turn",
    turnOf: (c) => (c === "white" ? "White to play" : "Black to play"),
    waiting: "Waiting for your opponent. Send this link:", copy: "Copy", copied: "Copied",
    undo: "Undo", confirm: "Confirm move", moves: "Moves", pips: "Pips",
    white: "White", black: "Black", computer: "Computer", you: "You", guest: "Guest",
    analyse: "Review the game", analysing: "The computer is reviewing the game…",
    hintButton: "Hint", hintWait: "The computer is thinking…",
    cubeHint: (a, m) => `The computer's advice${m ? " at this score" : ""}: ${a}.`,
    hintTitle: (n, m) => `Best plays (depth ${n}; ${m ? "match equity at the score" : "equity"}); click one to play it:`,
    reviewTitle: (n) => `Game review (depth ${n})`,
    reviewColumns: ["Player", "Loss per move, mEMG", "Rating", "Doubtful / bad / very bad", "Cube errors"],
    graphTitle: "White's equity after each play; dots mark the mistakes",
    mistakesTitle: "Mistakes", noMistakes: "No mistakes.", bestWas: "best",
    gameNo: (n) => `game ${n}`, turnNo: (n) => `move ${n}`,
    dice: "Dice", noMove: "no move", over: "Game over",
    youWon: "You won!", youLost: "You lost", winnerIs: (c) => (c === "white" ? "White wins" : "Black wins"),
    draw: "Draw", download: "Download the game record", verifyDice: "Verify the dice",
    commitment: "Server commitment (SHA-256 of the seed)", seedRevealed: "Server seed revealed",
    spectator: "You are watching this game", username: "Username", password: "Password",
    loginBtn: "Log in", registerBtn: "Create account", history: "My games",
    diceStats: "Dice statistics", rolls: "Rolls", doublesRate: "Doubles rate",
    expected: "expected", status: { waiting: "waiting", active: "in play", over: "finished" },
    verifyTitle: "Dice verification", verifyOk: "Every roll matches the dice derived from the seeds",
    verifyBad: "Some rolls do not match!", notRevealed: "The seed is revealed when the game ends",
    opening: "opening", rollKind: "roll", recorded: "recorded", derived: "derived",
    commitOk: "SHA-256 of the revealed seed matches the commitment", commitBad: "The seed does not match the commitment!",
    join: "Join the game", testMode: "TEST MODE: dice are reproducible",
    vs: "vs", opponent: "Opponent", result: "Result", date: "Date", open: "open",
    hint: "Tap a checker, then a highlighted point (or drag the checker).",
    kinds: { single: "single game", oin: "oin (single)", gammon: "gammon", mars: "mars", backgammon: "backgammon",
      koks: "koks", "home-mars": "home mars", draw: "draw" },
    matchLength: "Match to (points; 0 = one game)", cubeOpt: "Doubling cube",
    cubeDefault: "as the game's rules say", yes: "yes", no: "no", beavers: "Allow beavers (money play)",
    roll: "Roll", double: "Double", take: "Take", pass: "Pass", beaver: "Beaver",
    resign: "Resign", accept: "Accept", reject: "Play on", nextGame: "Next game",
    cancel: "Cancel", cube: "Cube", cubeCentre: "in the middle", cubeOf: (c) => (c === "white" ? "White's" : "Black's"),
    moneyGame: "One money game", matchTo: (n) => msg("web.match-to", { n }),
    crawford: "Crawford game (no cube)", postCrawford: "post-Crawford",
    score: "Score", youDouble: "You doubled — waiting for the answer", theyDouble: (n) => `Your opponent doubles to ${n}. Take?`,
    doubleOffered: (c, n) => `${c === "white" ? "White doubles" : "Black doubles"} to ${n}. ${c === "white" ? "Black" : "White"} to answer:`,
    youResign: "You offered to resign — waiting for the answer",
    theyResign: (k, v) => `Your opponent resigns: ${k} (${v}). Accept?`,
    resignOffered: (c, k, v) => `${c === "white" ? "White" : "Black"} resigns: ${k} (${v})`,
    rollOrDouble: "Your turn: roll or double", resignAs: "Resign as",
    acts: { double: "doubles", take: "takes", pass: "passes", beaver: "beavers",
      resign: "offers to resign", accept: "accepts the resignation", reject: "refuses the resignation" },
    reasons: { "bear-off": "borne off", resign: "resignation", drop: "double refused" },
    youWonGame: "You won the game", youLostGame: "You lost the game",
    youWonMatch: "You won the match!", youLostMatch: "You lost the match",
    matchWinnerIs: (c) => (c === "white" ? "White wins the match" : "Black wins the match"),
    downloadJson: "record (JSON)", downloadMat: ".mat", downloadSgf: "SGF",
    lang: "Русский", local: "same device", errorPrefix: "Error",
    points: (n) => msg("web.points", { n }),
  },
};

/** @returns {"ru" | "en"} */
export function currentLang() {
  const saved = localStorage.getItem("nardy-lang");
  if (saved === "ru" || saved === "en") return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "ru";
  return nav.toLowerCase().startsWith("en") ? "en" : "ru";
}

/** @param {"ru" | "en"} lang */
export function setLang(lang) {
  localStorage.setItem("nardy-lang", lang);
  sendLang();
}

// The server says its errors in the interface language: the API calls send it as a
// header (api.js), the websocket handshake as this cookie.
export function sendLang() {
  document.cookie = `lang=${currentLang()}; path=/; SameSite=Lax`;
}
sendLang();

/**
 * A message of the catalogue (messages.js) in the interface language.
 * @param {string} key @param {Record<string, unknown>} [params] @returns {string}
 */
export function msg(key, params) {
  return message(currentLang(), key, params);
}

/** @param {string} key @returns {any} */
export function t(key) {
  const lang = currentLang();
  return TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
}
