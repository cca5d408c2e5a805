"""The web page's interface texts (``web.*``) in the catalogue (``nardy.i18n``).

``static/messages.js`` carries them to the browser (``python -m nardy.server.messages_js``),
where ``static/i18n.js``'s ``t("heroTitle")`` reads ``web.hero-title``: the key in kebab
case. A table (``t("status")``) is the keys under it (``web.status.waiting``, ...), a list
(``t("reviewColumns")``) the keys ``.0``, ``.1``, ...; a text that depends on a side has
one key per colour (``web.turn-of.white``).
"""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "web.title": {"en": "Nardy", "ru": "Нарды"},
        # what the page says before its script has drawn it (index.html's <main>)
        "web.page-loading": {"en": "Loading the club…", "ru": "Загружаем клуб…"},
        "web.needs-script": {
            "en": "The nardy club runs in the page's JavaScript: please turn it on.",
            "ru": "Клуб нардов работает на JavaScript: включите его в браузере.",
        },
        # the first link of every page, seen when it has the focus (index.html)
        "web.skip-to-content": {"en": "Skip to content", "ru": "Перейти к содержанию"},
        # the pages' titles (app.js: "Rules — Nardy") where no other text names the page
        "web.page-game": {"en": "Game", "ru": "Партия"},
        "web.page-tournament": {"en": "Tournament", "ru": "Турнир"},
        # the profile's game filters, named to a screen reader
        "web.filter-rated-label": {"en": "Rated or not", "ru": "На рейтинг или нет"},
        "web.play": {"en": "Play", "ru": "Играть"},
        "web.rules": {"en": "Rules", "ru": "Правила"},
        "web.tutorial": {"en": "Tutorial", "ru": "Обучение"},
        "web.profile": {"en": "Profile", "ru": "Профиль"},
        "web.login": {"en": "Log in", "ru": "Вход"},
        "web.logout": {"en": "Log out", "ru": "Выйти"},
        "web.register": {"en": "Sign up", "ru": "Регистрация"},
        "web.try-now": {"en": "Try without signing up", "ru": "Попробовать без регистрации"},
        "web.play-computer-now": {"en": "Play the computer now", "ru": "Сыграть с компьютером"},
        "web.hero-more": {
            "en": "With a friend, or two on one device ↓",
            "ru": "С другом или вдвоём за одним устройством ↓",
        },
        "web.hero-title": {
            "en": "Long and short nardy online",
            "ru": "Длинные и короткие нарды онлайн",
        },
        "web.hero-text": {
            "en": (
                "Play the computer, two players on one device, or a friend by link."
                " The server rolls the dice, and every roll can be verified."
            ),
            "ru": (
                "Играйте с компьютером, вдвоём за одним устройством или с другом по ссылке."
                " Кости бросает сервер, и каждый бросок можно проверить."
            ),
        },
        "web.new-game": {"en": "New game", "ru": "Новая игра"},
        "web.variant": {"en": "Game", "ru": "Игра"},
        "web.mode": {"en": "Mode", "ru": "Режим"},
        "web.level": {"en": "Computer level", "ru": "Уровень компьютера"},
        "web.mode-computer": {"en": "Against the computer", "ru": "С компьютером"},
        "web.mode-local": {"en": "Two players, one device", "ru": "Вдвоём за одним устройством"},
        "web.mode-friend": {"en": "A friend by link", "ru": "С другом по ссылке"},
        "web.client-seed": {
            "en": "Your word for checking the dice (optional)",
            "ru": "Ваше слово для проверки костей (необязательно)",
        },
        "web.client-seed-hint": {
            "en": (
                "Any word or number. The server mixes it into the dice, so it cannot pick"
                " them in advance; after the game every roll can be checked."
            ),
            "ru": (
                "Любое слово или число. Сервер подмешивает его в кости и не может подобрать"
                " их заранее; после партии каждый бросок можно проверить."
            ),
        },
        "web.client-seed-shown": {"en": "Your word", "ru": "Слово игрока"},
        "web.start": {"en": "Start", "ru": "Начать"},
        "web.your-turn": {"en": "Your turn", "ru": "Ваш ход"},
        "web.their-turn": {"en": "Opponent's turn", "ru": "Ход соперника"},
        "web.computer-thinks": {"en": "Computer's turn", "ru": "Ход компьютера"},
        "web.waiting": {
            "en": "Waiting for your opponent. Send this link:",
            "ru": "Ждём соперника. Отправьте ему ссылку:",
        },
        "web.copy": {"en": "Copy", "ru": "Копировать"},
        "web.copied": {"en": "Copied", "ru": "Скопировано"},
        "web.undo": {"en": "Undo", "ru": "Отменить"},
        "web.confirm": {"en": "Confirm move", "ru": "Подтвердить ход"},
        "web.moves": {"en": "Moves", "ru": "Ходы"},
        "web.moves-none": {"en": "No moves yet.", "ru": "Ходов пока нет."},
        "web.pips": {"en": "Pips", "ru": "Пипсы"},
        "web.white": {"en": "White", "ru": "Белые"},
        "web.black": {"en": "Black", "ru": "Чёрные"},
        "web.computer": {"en": "Computer", "ru": "Компьютер"},
        "web.you": {"en": "You", "ru": "Вы"},
        "web.guest": {"en": "Guest", "ru": "Гость"},
        "web.analyse": {"en": "Review the game", "ru": "Анализ партии"},
        "web.analysing": {
            "en": "The computer is reviewing the game…",
            "ru": "Компьютер разбирает партию…",
        },
        "web.hint-button": {"en": "Hint", "ru": "Подсказка"},
        "web.hint-wait": {"en": "The computer is thinking…", "ru": "Компьютер думает…"},
        "web.review-columns.0": {"en": "Player", "ru": "Игрок"},
        "web.review-columns.1": {
            "en": "Loss per move (thousandths of equity)",
            "ru": "Потеря за ход (тысячные доли эквити)",
        },
        "web.review-columns.2": {"en": "Rating", "ru": "Уровень"},
        "web.review-columns.3": {
            "en": "Doubtful / bad / very bad",
            "ru": "Сомнительных / плохих / очень плохих",
        },
        "web.review-columns.4": {"en": "Cube errors", "ru": "Ошибок с кубом"},
        "web.graph-title": {
            "en": "White's equity after each play; dots mark the mistakes",
            "ru": "Эквити белых после каждого хода; точки — ошибки",
        },
        # a match's graph: one scale for all its games (2·MWC − 1 at each score)
        "web.graph-title-match": {
            "en": (
                "White's match equity (2 × his chance to win the match − 1) after each"
                " play; dots mark the mistakes"
            ),
            "ru": (
                "Эквити матча белых (2 × шанс выиграть матч − 1) после каждого хода; точки — ошибки"
            ),
        },
        "web.mistakes-title": {"en": "Mistakes", "ru": "Ошибки"},
        "web.no-mistakes": {"en": "No mistakes.", "ru": "Ошибок нет."},
        "web.best-was": {"en": "best", "ru": "лучше"},
        "web.dice": {"en": "Dice", "ru": "Кости"},
        "web.no-move": {"en": "no move", "ru": "нет хода"},
        "web.over": {"en": "Game over", "ru": "Партия окончена"},
        "web.you-won": {"en": "You won!", "ru": "Вы выиграли!"},
        "web.you-lost": {"en": "You lost", "ru": "Вы проиграли"},
        "web.draw": {"en": "Draw", "ru": "Ничья"},
        "web.download": {"en": "Download the game record", "ru": "Скачать запись партии"},
        "web.verify-dice": {"en": "Verify the dice", "ru": "Проверить кости"},
        "web.commitment": {
            "en": "Fair dice check: the server's sealed seed (SHA-256)",
            "ru": "Проверка честности костей: запечатанное зерно сервера (SHA-256)",
        },
        "web.seed-revealed": {"en": "Server seed revealed", "ru": "Зерно сервера раскрыто"},
        "web.spectator": {"en": "You are watching this game", "ru": "Вы наблюдаете за партией"},
        "web.username": {"en": "Username", "ru": "Имя пользователя"},
        "web.password": {"en": "Password", "ru": "Пароль"},
        "web.login-btn": {"en": "Log in", "ru": "Войти"},
        "web.register-btn": {"en": "Create account", "ru": "Создать аккаунт"},
        "web.history": {"en": "My games", "ru": "Мои партии"},
        "web.dice-stats": {"en": "Dice statistics", "ru": "Статистика костей"},
        "web.rolls": {"en": "Rolls", "ru": "Бросков"},
        "web.doubles-rate": {"en": "Doubles rate", "ru": "Доля дублей (кушей)"},
        "web.expected": {"en": "expected", "ru": "ожидается"},
        "web.expected-each": {
            "en": "expected {n} for each of the 36 outcomes",
            "ru": "ожидается {n} на каждый из 36 исходов",
        },
        "web.status.waiting": {"en": "waiting", "ru": "ожидание"},
        "web.status.active": {"en": "in play", "ru": "идёт"},
        "web.status.over": {"en": "finished", "ru": "окончена"},
        "web.verify-title": {"en": "Dice verification", "ru": "Проверка костей"},
        "web.verify-ok": {
            "en": "Every roll matches the dice derived from the seeds",
            "ru": "Все броски совпадают с выведенными из зёрен",
        },
        "web.verify-bad": {"en": "Some rolls do not match!", "ru": "Есть расхождения!"},
        "web.not-revealed": {
            "en": "The seed is revealed when the game ends",
            "ru": "Зерно будет раскрыто после окончания партии",
        },
        "web.opening": {"en": "opening", "ru": "жребий"},
        "web.roll-kind": {"en": "roll", "ru": "бросок"},
        "web.recorded": {"en": "recorded", "ru": "в записи"},
        "web.derived": {"en": "derived", "ru": "выведено"},
        "web.commit-ok": {
            "en": "SHA-256 of the revealed seed matches the commitment",
            "ru": "SHA-256 раскрытого зерна совпадает с обязательством",
        },
        "web.commit-bad": {
            "en": "The seed does not match the commitment!",
            "ru": "Зерно не совпадает с обязательством!",
        },
        "web.join": {"en": "Join the game", "ru": "Присоединиться к партии"},
        "web.test-mode": {
            "en": "TEST MODE: dice are reproducible",
            "ru": "ТЕСТОВЫЙ РЕЖИМ: кости воспроизводимы",
        },
        "web.vs": {"en": "vs", "ru": "против"},
        "web.opponent": {"en": "Opponent", "ru": "Соперник"},
        "web.result": {"en": "Result", "ru": "Итог"},
        "web.date": {"en": "Date", "ru": "Дата"},
        "web.open": {"en": "open", "ru": "открыть"},
        # an address the club does not know, or a game or player that is not there (app.js)
        "web.not-found-title": {"en": "Page not found", "ru": "Страница не найдена"},
        "web.not-found-text": {
            "en": "There is no page, game or player at this address. "
            "Check the address, or go to the lobby.",
            "ru": "По этому адресу нет ни страницы, ни партии, ни игрока. "
            "Проверьте адрес или перейдите в лобби.",
        },
        "web.to-lobby": {"en": "To the lobby", "ru": "В лобби"},
        "web.hint": {
            "en": "Tap or click a checker, then a highlighted point (or drag the checker).",
            "ru": "Нажмите на шашку, затем на подсвеченный пункт (или перетащите шашку).",
        },
        # C-2's scoring schemes, offered by the new-game form and said on the game page
        "web.option.scoring": {"en": "Scoring", "ru": "Подсчёт очков"},
        "web.scoring.standard": {"en": "the game's own", "ru": "по правилам игры"},
        "web.scoring.koks": {
            "en": "with koks: 1, mars 2, koks 3",
            "ru": "с коксом: ойн 1, марс 2, кокс 3",
        },
        "web.scoring.home-mars": {
            "en": "home mars: 1, not all home 2, all home and none off 3",
            "ru": "домашний марс: ойн 1, не все дома 2, все дома и ни одной не выброшено 3",
        },
        "web.scoring.four-tier": {
            "en": "four tiers: 1, mars 2, home mars 3, koks 4",
            "ru": "четыре ступени: ойн 1, марс 2, домашний марс 3, кокс 4",
        },
        # the same schemes in short nardy's words (outcome._kinds: in English a short
        # game's mars is a gammon, its koks a backgammon; Russian names them alike)
        "web.scoring.koks.short": {
            "en": "with backgammon: 1, gammon 2, backgammon 3",
            "ru": "с коксом: ойн 1, марс 2, кокс 3",
        },
        "web.scoring.home-mars.short": {
            "en": "home mars: 1, gammon (not all home) 2, all home and none off 3",
            "ru": "домашний марс: ойн 1, не все дома 2, все дома и ни одной не выброшено 3",
        },
        "web.scoring.four-tier.short": {
            "en": "four tiers: 1, gammon 2, home mars 3, backgammon 4",
            "ru": "четыре ступени: ойн 1, марс 2, домашний марс 3, кокс 4",
        },
        "web.scoring.per-checker": {
            "en": "a point for each checker not borne off",
            "ru": "очко за каждую невыброшенную шашку",
        },
        "web.game-scoring": {"en": "Scoring: {scoring}", "ru": "Подсчёт очков: {scoring}"},
        "web.kinds.single": {"en": "single game", "ru": "ойн"},
        "web.kinds.oin": {"en": "oin (single)", "ru": "ойн"},
        "web.kinds.gammon": {"en": "gammon", "ru": "марс"},
        "web.kinds.mars": {"en": "mars", "ru": "марс"},
        "web.kinds.backgammon": {"en": "backgammon", "ru": "кокс"},
        "web.kinds.koks": {"en": "koks", "ru": "кокс"},
        "web.kinds.home-mars": {"en": "home mars", "ru": "домашний марс"},
        "web.kinds.draw": {"en": "draw", "ru": "ничья"},
        "web.match-length": {
            "en": "Match to (points; 0 = one game)",
            "ru": "Матч до (очков; 0 — одна партия)",
        },
        "web.cube-opt": {"en": "Doubling cube", "ru": "Кубик удвоения"},
        "web.cube-default": {"en": "as the game's rules say", "ru": "по правилам игры"},
        "web.yes": {"en": "yes", "ru": "да"},
        "web.no": {"en": "no", "ru": "нет"},
        "web.beavers": {
            "en": "Beavers: a taker may redouble at once",
            "ru": "Бобры: принявший удвоение может сразу удвоить снова",
        },
        "web.beavers-hint": {
            "en": (
                "A beaver: on taking a double, the player at once doubles again and keeps"
                " the cube. Only in money play (a single game, not a match)."
            ),
            "ru": (
                "Бобр: приняв удвоение, игрок сразу удваивает ставку ещё раз и оставляет"
                " кубик у себя. Только в одиночной партии (без матча)."
            ),
        },
        "web.roll": {"en": "Roll", "ru": "Бросить кости"},
        "web.double": {"en": "Double", "ru": "Удвоить"},
        "web.beaver": {"en": "Beaver", "ru": "Бобр"},
        "web.resign": {"en": "Resign", "ru": "Сдаться"},
        "web.accept": {"en": "Accept", "ru": "Принять сдачу"},
        "web.reject": {"en": "Play on", "ru": "Играть дальше"},
        "web.next-game": {"en": "Next game", "ru": "Следующая партия"},
        "web.cancel": {"en": "Keep playing", "ru": "Не сдаваться"},
        "web.cube": {"en": "Cube", "ru": "Кубик"},
        "web.cube-centre": {"en": "in the middle", "ru": "в центре"},
        "web.money-game": {"en": "One game", "ru": "Одна партия"},
        "web.money-game-hint": {
            "en": (
                "Money play: one game, not a match. Its points are the result (1 single,"
                " 2 gammon; in short nardy 3 backgammon) times the doubling cube."
            ),
            "ru": (
                "Одна партия, без матча. Очки партии — итог (1 ойн, 2 марс;"
                " в коротких нардах 3 — кокс), умноженный на кубик удвоения."
            ),
        },
        "web.crawford": {"en": "Crawford game (no cube)", "ru": "игра Кроуфорда (без кубика)"},
        "web.post-crawford": {"en": "post-Crawford", "ru": "после Кроуфорда"},
        "web.score": {"en": "Score", "ru": "Счёт"},
        "web.you-double": {
            "en": "You doubled — waiting for the answer",
            "ru": "Вы удвоили — ждём ответа",
        },
        "web.you-resign": {
            "en": "You offered to resign — waiting for the answer",
            "ru": "Вы предложили сдаться — ждём ответа",
        },
        "web.roll-or-double": {
            "en": "Your turn: roll or double",
            "ru": "Ваш ход: бросьте кости или удвойте",
        },
        "web.resign-as": {"en": "Resign as", "ru": "Сдаться на"},
        "web.acts.double": {"en": "doubles", "ru": "удваивает"},
        "web.acts.take": {"en": "takes", "ru": "принимает"},
        "web.acts.pass": {"en": "passes", "ru": "отказывается от удвоения"},
        "web.acts.beaver": {"en": "beavers", "ru": "бобр"},
        "web.acts.resign": {"en": "offers to resign", "ru": "предлагает сдаться"},
        "web.acts.accept": {"en": "accepts the resignation", "ru": "принимает сдачу"},
        "web.acts.reject": {"en": "refuses the resignation", "ru": "отказывается от сдачи"},
        "web.reasons.bear-off": {"en": "borne off", "ru": "все шашки выброшены"},
        "web.reasons.resign": {"en": "resignation", "ru": "сдача"},
        "web.reasons.drop": {"en": "double refused", "ru": "отказ от удвоения"},
        "web.you-won-game": {"en": "You won the game", "ru": "Вы выиграли партию"},
        "web.you-lost-game": {"en": "You lost the game", "ru": "Вы проиграли партию"},
        "web.you-won-match": {"en": "You won the match!", "ru": "Вы выиграли матч!"},
        "web.you-lost-match": {"en": "You lost the match", "ru": "Вы проиграли матч"},
        "web.download-json": {"en": "record (JSON)", "ru": "запись (JSON)"},
        # (a text with words is translated: tests/test_i18n.py)
        "web.download-mat": {"en": ".mat file", "ru": "файл .mat"},
        "web.download-sgf": {"en": "SGF file", "ru": "файл SGF"},
        "web.lang": {"en": "Русский", "ru": "English"},
        "web.local": {"en": "same device", "ru": "вдвоём"},
        "web.error-prefix": {"en": "Error", "ru": "Ошибка"},
        # the texts that the interface fills in
        "web.match-to": {
            "en": "Match to {n} {n:plural:point|points}",
            "ru": "Матч до {n} {n:plural:очка|очков|очков}",
        },
        "web.points": {
            "en": "{n} {n:plural:point|points}",
            "ru": "{n} {n:plural:очко|очка|очков}",
        },
        "web.turn-of-named": {"en": "{name} to play", "ru": "Ход: {name}"},
        "web.turn-of.white": {"en": "White to play", "ru": "Ход белых"},
        "web.turn-of.black": {"en": "Black to play", "ru": "Ход чёрных"},
        "web.winner-is.white": {"en": "White wins", "ru": "Победили белые"},
        "web.winner-is.black": {"en": "Black wins", "ru": "Победили чёрные"},
        "web.cube-of.white": {"en": "White's", "ru": "у белых"},
        "web.cube-of.black": {"en": "Black's", "ru": "у чёрных"},
        # a spectator's result card names the winner where the side has one
        "web.winner-named": {"en": "{name} wins", "ru": "Победа: {name}"},
        "web.match-winner-named": {"en": "{name} wins the match", "ru": "Победа в матче: {name}"},
        "web.match-winner-is.white": {"en": "White wins the match", "ru": "Матч выиграли белые"},
        "web.match-winner-is.black": {"en": "Black wins the match", "ru": "Матч выиграли чёрные"},
        "web.double-offered.white": {
            "en": "White doubles to {value}. Black to answer:",
            "ru": "Белые удваивают до {value}. Ответ чёрных:",
        },
        "web.double-offered.black": {
            "en": "Black doubles to {value}. White to answer:",
            "ru": "Чёрные удваивают до {value}. Ответ белых:",
        },
        "web.resign-offered.white": {
            "en": "White resigns: {kind} ({value})",
            "ru": "Белые сдаются: {kind} ({value})",
        },
        "web.resign-offered.black": {
            "en": "Black resigns: {kind} ({value})",
            "ru": "Чёрные сдаются: {kind} ({value})",
        },
        "web.for-the-doubler": {"en": "for the doubler", "ru": "для удваивающего"},
        # the player's own roll that could not be played (game.js, beside the last play)
        "web.you-no-move": {
            "en": "You rolled {dice}: no legal move",
            "ru": "Вам выпало {dice}: хода нет",
        },
        "web.cube-hint": {
            "en": "The computer's advice: {advice}.",
            "ru": "Совет компьютера: {advice}.",
        },
        "web.variant-rules": {"en": "its rules", "ru": "правила"},
        # the dice of a segment that is not the roll (V-CRAZY, V-GUL and their kin)
        "web.turn-sequence": {
            "en": "the sequence of doubles goes on, play {dice}",
            "ru": "серия дублей продолжается, играйте {dice}",
        },
        "web.turn-passed": {
            "en": "the moves the opponent could not play pass on, play {dice}",
            "ru": "ходы, которые соперник не смог сыграть, переходят — играйте {dice}",
        },
        "web.move-passed": {"en": "(passed)", "ru": "(переданные)"},
        "web.cube-mwc": {
            "en": "equity normalised to the cube (a pass is +1.000, as in gnubg and XG);"
            " in brackets: the doubler's match winning chances (MWC)",
            "ru": "эквити, нормированное к кубу (пас — +1,000, как в gnubg и XG);"
            " в скобках: шансы удваивающего выиграть матч (MWC)",
        },
        "web.cube-hint-match": {
            "en": "The computer's advice at this score: {advice}.",
            "ru": "Совет компьютера при этом счёте: {advice}.",
        },
        "web.hint-title": {
            "en": "Best plays ({depth}; equity); click one to play it:",
            "ru": "Лучшие ходы ({depth}; эквити); нажмите, чтобы сыграть:",
        },
        "web.hint-title-match": {
            "en": "Best plays ({depth}; equity normalised to the cube, in brackets the"
            " match winning chances at the score); click one to play it:",
            "ru": "Лучшие ходы ({depth}; эквити, нормированное к кубу, в скобках — шансы"
            " выиграть матч при этом счёте); нажмите, чтобы сыграть:",
        },
        "web.review-title": {"en": "Game review ({depth})", "ru": "Анализ партии ({depth})"},
        "web.review-confirmed": {
            "en": "Each play marked below was checked again {depth}, as the hint looks.",
            "ru": "Каждый отмеченный ниже ход проверен ещё раз {depth}, как смотрит подсказка.",
        },
        # how far the computer looked (its plies), in the player's words
        "web.depth-none": {"en": "no look-ahead", "ru": "без просмотра вперёд"},
        "web.depth-ahead": {
            "en": "looking {n} {n:plural:roll|rolls} ahead",
            "ru": "с просмотром на {n} {n:plural:бросок|броска|бросков} вперёд",
        },
        "web.equity-hint": {
            "en": (
                "Equity: the points a position is worth on average (+1 a sure single win,"
                " −1 a sure loss); a loss of 100 thousandths is 0.1 point."
            ),
            "ru": (
                "Эквити — сколько очков в среднем стоит позиция (+1 — верная победа ойном,"
                " −1 — верное поражение); потеря 100 тысячных — это 0,1 очка."
            ),
        },
        # the history of a player's games: won/lost and by what ({kind}: web.kinds.*)
        "web.history-won": {"en": "Won, {kind}", "ru": "Победа, {kind}"},
        "web.history-lost": {"en": "Lost, {kind}", "ru": "Поражение, {kind}"},
        # a guest's name shown in the interface language ({n}: the guest's number)
        "web.guest-name": {"en": "Guest {n}", "ru": "Гость {n}"},
        "web.game-no": {"en": "game {n}", "ru": "партия {n}"},
        "web.turn-no": {"en": "move {n}", "ru": "ход {n}"},
        "web.they-double": {
            "en": "Your opponent doubles to {value}. Take?",
            "ru": "Соперник удваивает до {value}. Принять?",
        },
        # the answers to a double, each saying what it means for the stake ({points}: "1 point")
        "web.take-for": {
            "en": "Take — play on for {value}",
            "ru": "Принять — играть дальше на {value}",
        },
        "web.pass-loses": {
            "en": "Pass — lose this game, {points}",
            "ru": "Отказаться — проиграть партию, {points}",
        },
        "web.they-resign": {
            "en": "Your opponent resigns: {kind} ({value}). Accept?",
            "ru": "Соперник сдаётся: {kind} ({value}). Принять?",
        },
    }
)

# The game socket's close reasons (routes/ws.py), in the socket's language (a close
# frame holds at most 123 bytes: two a Russian letter, so each stays under 60 letters),
# and an address that does not take the request's method (app.py).
register(
    {
        "error.ws-cross-site": {
            "en": "cross-site websocket refused",
            "ru": "соединение с чужого сайта отклонено",
        },
        "error.ws-too-many-from-address": {
            "en": "too many connections from your address (at most {n})",
            "ru": "слишком много соединений с вашего адреса (до {n})",
        },
        "error.ws-too-many-to-game": {
            "en": "too many connections to this game (at most {n})",
            "ru": "слишком много соединений с этой партией (до {n})",
        },
        "error.method-not-allowed": {
            "en": "this address does not take this method",
            "ru": "этот адрес не принимает такой запрос",
        },
        "error.ws-too-big": {
            "en": "messages are at most {n} bytes",
            "ru": "сообщение не длиннее {n} байт",
        },
    }
)
