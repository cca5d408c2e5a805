"""The game page's texts for seeing the opponent's plays, the dice, refused
resignations, clear page states and rematches (``web.*`` for the browser, ``error.*``
for the rematch endpoint), in the catalogue (``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "web.opponent-away": {
            "en": "Your opponent is disconnected",
            "ru": "Соперник отключился",
        },
        # the rematch endpoint (nardy.server.rematch)
        "error.rematch-not-over": {
            "en": "a rematch is offered once the game is over",
            "ru": "реванш можно предложить, когда партия окончена",
        },
        "error.rematch-declined": {
            "en": "the rematch was declined",
            "ru": "от реванша отказались",
        },
        "error.rematch-started": {
            "en": "the rematch has already started",
            "ru": "реванш уже начался",
        },
        "error.no-rematch-offer": {
            "en": "your opponent has offered no rematch to decline",
            "ru": "соперник не предлагал реванш",
        },
        # the page
        "web.no-such-game": {"en": "No such game", "ru": "Такой партии нет"},
        "web.no-such-game-text": {
            "en": "The link may be mistyped, or the game never existed.",
            "ru": "Возможно, в ссылке опечатка или такой партии не было.",
        },
        "web.think-pause": {
            "en": "Pause before the computer's move",
            "ru": "Пауза перед ходом компьютера",
        },
        "web.last-play": {
            "en": "{who} played {dice}: {play}",
            "ru": "{who}: {dice}, ход {play}",
        },
        "web.skip-animation": {
            "en": "Tap the board to skip",
            "ru": "Нажмите на доску, чтобы пропустить",
        },
        "web.die-tip": {
            "en": "To move by one die, tap that die first, then the checker.",
            "ru": "Чтобы пойти на число одной кости, нажмите сначала на неё, потом на шашку.",
        },
        "web.close": {"en": "Close", "ru": "Закрыть"},
        # a resignation the computer refused
        "web.resign-refused": {
            "en": "The computer declined the resignation ({kind}, {value}): playing on is"
            " worth more to it.",
            "ru": "Компьютер не принял сдачу ({kind}, {value}): ему выгоднее играть дальше.",
        },
        "web.resign-expects": {
            "en": "It expects to win a {kind} often enough and accepts a resignation"
            " of {kind} ({value}) or more:",
            "ru": "Он рассчитывает достаточно часто выигрывать {kind} и примет сдачу"
            " не меньше чем на {kind} ({value}):",
        },
        "web.resign-none": {
            "en": "It accepts no resignation now: play on.",
            "ru": "Сейчас компьютер не примет сдачу: играйте дальше.",
        },
        # rematches
        "web.rematch": {"en": "Rematch", "ru": "Реванш"},
        "web.rematch-offered": {
            "en": "Rematch offered — waiting for your opponent",
            "ru": "Реванш предложен — ждём ответа соперника",
        },
        "web.rematch-offer-from": {
            "en": "Your opponent offers a rematch",
            "ru": "Соперник предлагает реванш",
        },
        "web.rematch-accept": {"en": "Accept the rematch", "ru": "Принять реванш"},
        "web.rematch-decline": {"en": "Decline", "ru": "Отказаться"},
        "web.rematch-declined": {
            "en": "The rematch was declined",
            "ru": "От реванша отказались",
        },
        "web.rematch-open": {"en": "Open the rematch", "ru": "Перейти к реваншу"},
    }
)
