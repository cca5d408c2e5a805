// Interface texts in Russian and English (RULES.md terminology).
const TEXTS = {
  ru: {
    title: "Нарды", play: "Играть", rules: "Правила", profile: "Профиль", login: "Вход",
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
    opening: "жребий", roll: "бросок", recorded: "в записи", derived: "выведено",
    commitOk: "SHA-256 раскрытого зерна совпадает с обязательством", commitBad: "Зерно не совпадает с обязательством!",
    join: "Присоединиться к партии", testMode: "ТЕСТОВЫЙ РЕЖИМ: кости воспроизводимы",
    vs: "против", opponent: "Соперник", result: "Итог", date: "Дата", open: "открыть",
    hint: "Нажмите на шашку, затем на подсвеченный пункт (или перетащите шашку).",
    kinds: { single: "оин", oin: "оин", gammon: "марс", mars: "марс", backgammon: "кокс", draw: "ничья" },
    levels: { beginner: "новичок", casual: "любитель", intermediate: "средний", advanced: "сильный",
      expert: "эксперт", strongest: "сильнейший", "first-legal": "первый допустимый ход" },
    lang: "English", local: "вдвоём", errorPrefix: "Ошибка",
    points: (n) => `${n} ${n === 1 ? "очко" : n < 5 ? "очка" : "очков"}`,
  },
  en: {
    title: "Nardy", play: "Play", rules: "Rules", profile: "Profile", login: "Log in",
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
    opening: "opening", roll: "roll", recorded: "recorded", derived: "derived",
    commitOk: "SHA-256 of the revealed seed matches the commitment", commitBad: "The seed does not match the commitment!",
    join: "Join the game", testMode: "TEST MODE: dice are reproducible",
    vs: "vs", opponent: "Opponent", result: "Result", date: "Date", open: "open",
    hint: "Tap a checker, then a highlighted point (or drag the checker).",
    kinds: { single: "single game", oin: "oin (single)", gammon: "gammon", mars: "mars", backgammon: "backgammon", draw: "draw" },
    levels: { beginner: "beginner", casual: "casual", intermediate: "intermediate", advanced: "advanced",
      expert: "expert", strongest: "strongest", "first-legal": "first legal move" },
    lang: "Русский", local: "same device", errorPrefix: "Error",
    points: (n) => `${n} point${n === 1 ? "" : "s"}`,
  },
};

export function currentLang() {
  const saved = localStorage.getItem("nardy-lang");
  if (saved === "ru" || saved === "en") return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || "ru";
  return nav.toLowerCase().startsWith("en") ? "en" : "ru";
}

export function setLang(lang) {
  localStorage.setItem("nardy-lang", lang);
}

export function t(key) {
  const lang = currentLang();
  return TEXTS[lang][key] ?? TEXTS.en[key] ?? key;
}
