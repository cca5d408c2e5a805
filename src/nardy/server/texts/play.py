"""The game page's texts for seeing the opponent's plays, the dice, refused
resignations, clear page states and rematches (``web.*`` for the browser, ``error.*``
for the rematch endpoint), in the catalogue (``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # a tap on a checker of his that cannot move with this roll
        "web.no-move-from": {
            "en": "No checker can move from point {point} with this roll",
            "ru": "С пункта {point} этим броском не сходить",
        },
        "web.commitment-help": {
            "en": (
                "Before the first roll the server fixed a secret seed and shows its"
                " fingerprint (SHA-256) here. Every roll comes from that seed and the"
                " players' words; after the game the seed is revealed, and anyone can"
                " re-derive every roll (“Verify the dice”), so no roll was chosen."
            ),
            "ru": (
                "До первого броска сервер загадал секретное зерно и показывает здесь его"
                " отпечаток (SHA-256). Каждый бросок выводится из этого зерна и слов"
                " игроков; после партии зерно раскрывается, и любой может заново получить"
                " все броски («Проверить кости»): ни один бросок не подобран."
            ),
        },
        "web.opponent-away": {
            "en": "Your opponent is disconnected",
            "ru": "Соперник отключился",
        },
        # an abandoned game (nardy.server.abandon): the wait, the claim, its refusals
        "web.claim-in": {
            "en": "If he does not come back, you may claim the game in {time}",
            "ru": "Если он не вернётся, победу можно будет засчитать через {time}",
        },
        "web.claim-now": {
            "en": "He has not come back: you may claim the game",
            "ru": "Он не вернулся: можно засчитать победу",
        },
        "web.claim": {"en": "Claim the win", "ru": "Засчитать победу"},
        "web.claim-title": {"en": "⚑ Claim the win — Nardy", "ru": "⚑ Засчитать победу — Нарды"},
        "error.claim-not-now": {
            "en": "a game can be claimed only while the opponent is away and to act",
            "ru": "победу можно засчитать, только когда соперник ушёл и ход за ним",
        },
        "error.claim-too-soon": {
            "en": "your opponent may still come back: the game can be claimed in {seconds} s",
            "ru": "соперник ещё может вернуться: победу можно засчитать через {seconds} с",
        },
        "club.forfeit-abandoned": {
            "en": "{color} left the game: it is lost",
            "ru": "{color}: покинул игру, поражение",
        },
        # how a game ended without being played out (the result card, the game lists)
        "web.kinds.abandoned": {"en": "forfeit", "ru": "досрочно"},
        "web.kinds.no-show": {"en": "forfeit", "ru": "досрочно"},
        "web.kinds.withdrawn": {"en": "forfeit", "ru": "досрочно"},
        "web.reasons.abandoned": {"en": "the game was left", "ru": "игра покинута"},
        "web.reasons.no-show": {"en": "no-show", "ru": "неявка"},
        "web.reasons.withdrawn": {"en": "withdrawn", "ru": "снятие с турнира"},
        "web.rated-why": {
            "en": "the result changes both players' ratings",
            "ru": "результат изменит рейтинг обоих игроков",
        },
        # a rated match that ended on a flag before its loser's first decision
        "web.unrated-no-move": {
            "en": "Not rated: the match ended before {name} made a move",
            "ru": "Без рейтинга: партия окончена до первого хода игрока {name}",
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
        "error.rematch-tournament": {
            "en": "a tournament game has no rematch: the tournament pairs the next round",
            "ru": "в турнирной партии реванша нет: следующий тур назначает турнир",
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
