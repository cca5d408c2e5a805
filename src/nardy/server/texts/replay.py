"""Texts of the replay page, the review's board and the analysis board (the web
interface's ``web.*`` keys and the analysis endpoints' errors), in the catalogue
(``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

_CHARS = {"en": "A–Z, a–z, 0–9, + and /", "ru": "A–Z, a–z, 0–9, + и /"}

register(
    {
        # the analysis board's errors
        "error.bad-position-id-short": {
            "en": (
                "“{id}” is not a short nardy position ID: that is 14 characters of "
                f"{_CHARS['en']} (gnubg's Position ID), like 4HPwATDgc/ABMA"
            ),
            "ru": (
                "«{id}» — не ID позиции коротких нард: это 14 знаков из "
                f"{_CHARS['ru']} ('Position ID' из 'gnubg'), например '4HPwATDgc/ABMA'"
            ),
        },
        "error.bad-position-id-long": {
            "en": (
                "“{id}” is not a long nardy position ID: that is L and 14 characters of "
                f"{_CHARS['en']}, like LAACA/z8AAMD/3w"
            ),
            "ru": (
                "«{id}» — не ID позиции длинных нард: это L и 14 знаков из "
                f"{_CHARS['ru']}, например 'LAACA/z8AAMD/3w'"
            ),
        },
        "error.bad-xgid": {
            "en": (
                "“{id}” is not an XGID: that is 10 fields separated by “:”, like"
                " XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
            ),
            "ru": (
                "«{id}» — не XGID: это 10 полей через «:», например"
                " XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
            ),
        },
        "error.bad-gnubg-id": {
            "en": (
                "“{id}” is not a gnubg ID ({reason}): that is the Position ID (14"
                " characters), “:” and the Match ID (12 characters), like {example}"
            ),
            "ru": (
                "«{id}» — не код позиции gnubg ({reason}): это Position ID (14 знаков),"
                " «:» и Match ID (12 знаков), например {example}"
            ),
        },
        "error.position-impossible": {
            "en": (
                "the position “{id}” cannot occur in this game (checkers of both sides"
                " on one point, or checkers on the bar in long nardy)"
            ),
            "ru": (
                "позиция «{id}» невозможна в этой игре (шашки обеих сторон на одном"
                " пункте или шашки на баре в длинных нардах)"
            ),
        },
        "error.position-over": {
            "en": "the game is already over in the position “{id}”",
            "ru": "в позиции «{id}» партия уже окончена",
        },
        "error.analysis-variant": {
            "en": "unknown game “{variant}”; known: {known}",
            "ru": "неизвестная игра «{variant}»; есть: {known}",
        },
        "error.analysis-score": {
            "en": (
                "a score of {white}-{black} does not fit a match to {length}"
                " (0: money play, no score): each side has fewer points than the length"
            ),
            "ru": (
                "счёт {white}-{black} не подходит к матчу до {length} (0 — на деньги,"
                " без счёта): у каждой стороны очков меньше, чем длина матча"
            ),
        },
        "error.analysis-cube": {
            "en": (
                "a cube of {value} cannot stand so: the cube is 1, 2, 4, 8, 16, 32 or 64;"
                " at 1 it is in the middle, and a doubled cube belongs to one side"
            ),
            "ru": (
                "кубик {value} так стоять не может: кубик — 1, 2, 4, 8, 16, 32 или 64;"
                " на 1 он в центре, а удвоенный принадлежит одной из сторон"
            ),
        },
        "error.analysis-crawford": {
            "en": (
                "only a score where one side (and only one) is a point from winning the"
                " match can be the Crawford game, and its cube stays at 1"
            ),
            "ru": (
                "игрой Кроуфорда может быть только партия при счёте, когда одной стороне"
                " (и только ей) осталось одно очко до победы в матче; кубик в ней на 1"
            ),
        },
        "web.analysis-cube": {"en": "Cube", "ru": "Кубик"},
        "web.analysis-owner": {"en": "Cube owner", "ru": "Кубик у"},
        "web.analysis-crawford": {"en": "Crawford game", "ru": "Игра Кроуфорда"},
        "web.cube-decision": {"en": "Cube decision", "ru": "Решение по кубику"},
        "web.analysis-view.white": {
            "en": "the board seen from White's side (to play), in his numbering",
            "ru": "доска со стороны белых (их ход), в их нумерации",
        },
        "web.analysis-view.black": {
            "en": "the board seen from Black's side (to play), in his numbering",
            "ru": "доска со стороны чёрных (их ход), в их нумерации",
        },
        "web.analysis-length": {"en": "Match to (0: money)", "ru": "Матч до (0 — на деньги)"},
        "web.analysis-score": {"en": "Score, White–Black", "ru": "Счёт, белые–чёрные"},
        "error.analysis-no-play": {
            "en": "there is no play with these dice: the turn passes",
            "ru": "с этими костями хода нет: ход переходит к сопернику",
        },
        # a deeper review asked for (nardy.server.review.DeepReviews)
        "error.review-deepest": {
            "en": "this review is already the deepest the club makes",
            "ru": "этот анализ уже самый глубокий, какой делает клуб",
        },
        "error.review-busy-you": {
            "en": "your deeper review is still being made: wait for it to finish",
            "ru": "ваш более глубокий анализ ещё идёт: дождитесь его окончания",
        },
        "error.review-busy": {
            "en": "the server is making {n} deeper reviews already: try again in a minute",
            "ru": (
                "сервер уже делает {n} {n:plural:глубокий анализ|глубоких анализа|глубоких"
                " анализов}: попробуйте через минуту"
            ),
        },
        # the replay page
        "web.replay": {"en": "Replay move by move", "ru": "Просмотр по ходам"},
        "web.replay-title": {"en": "Game replay", "ru": "Просмотр партии"},
        "web.replay-running": {
            "en": "The game is still being played: the moves made so far.",
            "ru": "Партия ещё идёт: показаны сделанные ходы.",
        },
        "web.replay-match-running": {
            "en": "The match is still being played: the games so far.",
            "ru": "Матч ещё идёт: показаны сыгранные партии.",
        },
        # the replay's header: the players by colour, when, and how it ended
        "web.replay-players": {"en": "Players", "ru": "Игроки"},
        "web.replay-won": {"en": "{name} won", "ru": "{name}: победа"},
        # a finished game's last step: who won it, how, and whether it won the match
        "web.replay-game-won": {
            "en": "{name} won the game ({kind}, {points})",
            "ru": "{name}: победа в партии ({kind}, {points})",
        },
        "web.replay-match-won": {
            "en": "{name} won the game ({kind}, {points}) and the match {score}",
            "ru": "{name}: победа в партии ({kind}, {points}) и в матче {score}",
        },
        "web.replay-when": {"en": "Played {when}", "ru": "Сыграна {when}"},
        "web.replay-when-running": {"en": "Last move {when}", "ru": "Последний ход {when}"},
        "web.step-first": {"en": "To the start", "ru": "К началу"},
        "web.step-prev": {"en": "Previous move", "ru": "Предыдущий ход"},
        "web.step-next": {"en": "Next move", "ru": "Следующий ход"},
        "web.step-last": {"en": "To the end", "ru": "К концу"},
        "web.step-slider": {"en": "Move of the game", "ru": "Ход партии"},
        "web.replay-keys": {
            "en": "Keys: ← → a move back or on, Home / End the start or the end.",
            "ru": "Клавиши: ← → — ход назад или вперёд, Home / End — к началу или к концу.",
        },
        "web.step-start": {"en": "Starting position", "ru": "Начальная позиция"},
        "web.to-act": {"en": "Next to play", "ru": "Следующий ход"},
        "web.open-analysis": {"en": "Open on the analysis board", "ru": "Открыть на доске анализа"},
        "web.back-to-game": {"en": "Back to the game", "ru": "Вернуться к партии"},
        # the review on the board
        "web.review-deeper": {"en": "Deeper review ({depth})", "ru": "Анализ глубже ({depth})"},
        "web.review-deepening": {
            "en": "The computer is reviewing the game deeper ({depth}): {seconds} s so far…",
            "ru": "Компьютер разбирает партию глубже ({depth}): уже {seconds} с…",
        },
        "web.review-deepest": {
            "en": "This is the deepest review the club makes.",
            "ru": "Это самый глубокий анализ, какой делает клуб.",
        },
        "web.played-play": {"en": "Played", "ru": "Сыграно"},
        "web.best-play": {"en": "Best", "ru": "Лучший ход"},
        "web.show-on-board": {
            "en": "Click a mistake or a point of the graph to see the position.",
            "ru": "Нажмите на ошибку или на точку графика, чтобы увидеть позицию.",
        },
        # the analysis board
        "web.analysis-title": {"en": "Analysis board", "ru": "Доска анализа"},
        "web.position-id": {"en": "Position ID", "ru": "ID позиции"},
        "web.position-id-help": {
            "en": (
                "Short nardy: gnubg's Position ID (14 characters), its full ID (Position"
                " ID:Match ID) or an XGID; long nardy: L and 14 characters. Empty: the"
                " starting position."
            ),
            "ru": (
                "Короткие нарды: Position ID из gnubg (14 знаков), его полный ID"
                " (Position ID:Match ID) или XGID; длинные нарды: L и 14 знаков."
                " Пусто — начальная позиция."
            ),
        },
        # the position's IDs to copy, with the match and cube of the board's fields
        "web.analysis-ids": {
            "en": "The position to copy into XG or gnubg (with the dice, score and cube):",
            "ru": "Позиция для XG или gnubg (с костями, счётом и кубиком):",
        },
        "web.gnubg-id": {"en": "gnubg ID", "ru": "код позиции gnubg"},
        "web.on-roll": {"en": "On roll", "ru": "Ход"},
        "web.set-up": {"en": "Set up", "ru": "Поставить"},
        "web.pick-dice": {
            "en": (
                "Choose the dice, then move the checkers on the board; before the roll,"
                " ask for the cube decision."
            ),
            "ru": (
                "Выберите кости и двигайте шашки на доске; до броска — спросите решение по кубику."
            ),
        },
        "web.play-made": {"en": "Play: {play}", "ru": "Ход: {play}"},
        "web.go-on": {"en": "Make it and go on", "ru": "Сделать ход и продолжить"},
        "web.best-plays": {"en": "Best plays", "ru": "Лучшие ходы"},
        "error.rollout-busy": {
            "en": "the server is rolling out {n} positions already: try again in a minute",
            "ru": "сервер уже делает роллаут {n} позиций: попробуйте через минуту",
        },
        "error.no-rollout": {
            "en": "no such rollout (finished ones are kept for 10 minutes)",
            "ru": "такого роллаута нет (законченные хранятся 10 минут)",
        },
        "web.roll-out": {"en": "Roll out", "ru": "Роллаут"},
        "web.roll-out-help": {
            "en": "The computer plays the position out {games} times (the best plays of the"
            " dice, if rolled) and averages the results, with their 95% intervals.",
            "ru": "Компьютер доигрывает позицию {games} раз (при брошенных костях — после"
            " каждого из лучших ходов) и усредняет итоги, с 95% интервалами.",
        },
        "web.roll-out-stop": {"en": "Stop", "ru": "Остановить"},
        "web.roll-out-progress": {
            "en": "{done} of {games} games",
            "ru": "{done} из {games} {games:plural:партии|партий|партий}",
        },
        "web.roll-out-status.running": {"en": "rolling out…", "ru": "идёт роллаут…"},
        "web.roll-out-status.done": {"en": "done", "ru": "готово"},
        "web.roll-out-status.stopped": {"en": "stopped", "ru": "остановлен"},
        "web.roll-out-status.failed": {"en": "failed", "ru": "сбой"},
        "web.roll-out-columns.0": {"en": "Play", "ru": "Ход"},
        "web.roll-out-columns.1": {"en": "Equity", "ru": "Эквити"},
        "web.roll-out-columns.2": {"en": "MWC", "ru": "Шанс на матч"},
        "web.roll-out-columns.3": {"en": "Win", "ru": "Выигрыш"},
        "web.roll-out-columns.4": {"en": "Gammon", "ru": "Марс"},
        "web.roll-out-columns.5": {"en": "Backgammon", "ru": "Кокс"},
        "web.roll-out-columns.6": {"en": "Lose gammon", "ru": "Марс сопернику"},
        "web.roll-out-columns.7": {"en": "Lose backgammon", "ru": "Кокс сопернику"},
        "web.roll-out-games": {
            "en": "{games} games",
            "ru": "{games} {games:plural:партия|партии|партий}",
        },
        "web.roll-out-games-label": {"en": "Games to play out", "ru": "Сколько партий доиграть"},
        "web.roll-out-exact": {
            "en": "exact: both sides are bearing off, and the bear-off database gives the"
            " true chances (no games needed)",
            "ru": "точно: обе стороны выбрасывают, и база выброса даёт точные шансы"
            " (доигрывать не нужно)",
        },
        "web.roll-out-position": {"en": "The position", "ru": "Позиция"},
        # the rollout's equity unit, said under its table
        "web.roll-out-unit-money": {
            "en": (
                "Equity: cubeless, for money (points a game, at the cube the position has)."
                " ± (95%): the interval the true value lies in 19 times out of 20."
            ),
            "ru": (
                "Эквити: без куба, на деньги (очков за партию при нынешнем кубе)."
                " ± (95%): интервал, в котором истинное значение лежит в 19 случаях из 20."
            ),
        },
        "web.roll-out-unit-match": {
            "en": (
                "Equity: match equity at the score (2·MWC − 1), cubeless."
                " ± (95%): the interval the true value lies in 19 times out of 20."
            ),
            "ru": (
                "Эквити: эквити матча при этом счёте (2·MWC − 1), без куба."
                " ± (95%): интервал, в котором истинное значение лежит в 19 случаях из 20."
            ),
        },
        "web.legal-plays": {"en": "legal plays: {n}", "ru": "возможных ходов: {n}"},
        "web.no-play": {
            "en": "No play with these dice: the turn passes.",
            "ru": "С этими костями хода нет: ход переходит к сопернику.",
        },
    }
)
