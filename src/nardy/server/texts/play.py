"""The game page's texts for seeing the opponent's plays, the dice, refused
resignations, clear page states and rematches (``web.*`` for the browser, ``error.*``
for the rematch endpoint), in the catalogue (``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # a hint's play: its equity, and below the best how much worse it is
        "web.hint-equity": {"en": "equity {equity}", "ru": "эквити {equity}"},
        "web.hint-loss": {"en": "{loss} vs best", "ru": "{loss} от лучшего"},
        # the tools over the board: who watches, turning the board round, the watch link
        "web.watchers": {
            "en": "{n} {n:plural:person watches|people watch} this game",
            "ru": "Партию смотрят: {n}",
        },
        "web.flip": {"en": "Flip", "ru": "Повернуть"},
        "web.flip-title": {
            "en": "Turn the board round: the other side at the bottom (key F)",
            "ru": "Повернуть доску: другая сторона внизу (клавиша F)",
        },
        "web.share": {"en": "Share", "ru": "Поделиться"},
        "web.share-title": {
            "en": "Share the link to watch this game",
            "ru": "Поделиться ссылкой, чтобы смотреть эту партию",
        },
        "web.share-text": {"en": "Watch this game of nardy", "ru": "Посмотрите эту партию в нарды"},
        "web.share-copied": {
            "en": "The link to watch this game is copied",
            "ru": "Ссылка на просмотр партии скопирована",
        },
        "web.share-failed": {
            "en": "Could not copy the link: {url}",
            "ru": "Не удалось скопировать ссылку: {url}",
        },
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
            # (the opponent, not "he": a woman plays too)
            "en": "If your opponent does not come back, you may claim the game in {time}",
            "ru": "Если соперник не вернётся, победу можно будет засчитать через {time}",
        },
        "web.claim-now": {
            "en": "Your opponent has not come back: you may claim the game",
            "ru": "Соперник не вернулся: можно засчитать победу",
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
            "ru": "{color}: игра покинута, поражение",
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
        # the same line for a roll that could not be played ("ход нет хода" otherwise)
        "web.last-play-none": {
            "en": "{who}: {dice} — no move",
            "ru": "{who}: {dice} — нет хода",
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
        # the new-game form's "Rule options" (home.js): the options of docs/rules.md §7
        # the chosen game takes, each with its words; the values of scoring and of
        # per_checker_multipliers are web.scoring.*
        "web.rule-options": {"en": "Rule options", "ru": "Опции правил"},
        "web.rule-options-hint": {
            "en": (
                "The rules the clubs play differently. Each is set to this game's own"
                " (marked “default”) unless you change it."
            ),
            "ru": (
                "Правила, которые в клубах играют по-разному. Каждое стоит как в этой игре"
                " (отмечено «по умолчанию»), пока вы его не измените."
            ),
        },
        "web.rule-options-changed": {
            "en": "{n} {n:plural:change|changes}",
            "ru": "{n} {n:plural:изменение|изменения|изменений}",
        },
        # (first: a long value's end is cut in a phone's select)
        "web.option-default": {"en": "default: {value}", "ru": "по умолчанию: {value}"},
        "web.option.opening": {"en": "The first roll", "ru": "Первый бросок"},
        "web.option.opening.hint": {
            "en": "The toss winner rolls both dice anew, or plays the numbers of the toss.",
            "ru": "Выигравший жребий бросает обе кости заново или играет числа жребия.",
        },
        "web.option.opening.reroll": {"en": "rolls anew", "ru": "бросает заново"},
        "web.option.opening.use-toss": {"en": "plays the toss", "ru": "играет числа жребия"},
        "web.option.head_exception": {
            "en": "A second checker off the head on the first turn",
            "ru": "Вторая шашка с головы на первом ходу",
        },
        "web.option.head_exception.hint": {
            "en": "One checker leaves the head per turn; on his first turn a second may.",
            "ru": "С головы за ход снимают одну шашку; на первом ходу — при случае вторую.",
        },
        "web.option.head_exception.blocked": {
            "en": "when one checker cannot play the whole roll",
            "ru": "когда одна шашка не может сыграть весь бросок",
        },
        "web.option.head_exception.doubles-6-4-3": {
            "en": "only with 6-6, 4-4 or 3-3",
            "ru": "только при 6-6, 4-4 или 3-3",
        },
        "web.option.head_exception.head-only": {
            "en": "only when the opponent's head stops the single checker",
            "ru": "только когда одну шашку останавливает голова соперника",
        },
        "web.option.block_check": {
            "en": "When the six-block is judged",
            "ru": "Когда проверяют заслон",
        },
        "web.option.block_check.hint": {
            "en": "Six points in a row no opposing checker has passed may not be held.",
            "ru": "Нельзя держать шесть пунктов подряд, которые не прошла ни одна шашка соперника.",
        },
        "web.option.block_check.end-of-turn": {
            "en": "after the whole play (built and broken in one turn is allowed)",
            "ru": "после всего хода (построить и разобрать за один ход можно)",
        },
        "web.option.block_check.every-move": {
            "en": "after every checker move",
            "ru": "после каждого хода шашкой",
        },
        "web.option.block_release": {
            "en": "When a six-block is allowed",
            "ru": "Когда заслон разрешён",
        },
        "web.option.block_release.hint": {
            "en": "What lets a side hold six points in a row.",
            "ru": "Что позволяет занять шесть пунктов подряд.",
        },
        "web.option.block_release.passed": {
            "en": "once an opposing checker has passed it",
            "ru": "когда шашка соперника его прошла",
        },
        "web.option.block_release.entered-home": {
            "en": "once an opposing checker has reached his home",
            "ru": "когда шашка соперника вошла в свой дом",
        },
        "web.option.last_roll_draw": {"en": "The last-roll draw", "ru": "Ничья последнего броска"},
        "web.option.last_roll_draw.hint": {
            "en": (
                "When the first mover bears off his last checker, the second gets one more"
                " roll; if it bears off all his checkers, the game is drawn."
            ),
            "ru": (
                "Когда начавший выбросил последнюю шашку, второй бросает ещё раз; если он"
                " этим броском выбросил все свои шашки — ничья."
            ),
        },
        "web.option.last_roll_draw.false": {"en": "no", "ru": "нет"},
        "web.option.last_roll_draw.true": {"en": "yes", "ru": "да"},
        "web.option.draw_score": {"en": "The draw scores", "ru": "Ничья приносит"},
        "web.option.draw_score.hint": {
            "en": "With the last-roll draw: what each player scores.",
            "ru": "При ничьей последнего броска: сколько получает каждый.",
        },
        "web.option.draw_score.half": {"en": "½ point each", "ru": "по ½ очка"},
        "web.option.draw_score.one": {"en": "1 point each", "ru": "по 1 очку"},
        "web.option.next_starter": {
            "en": "Who starts the next game of a match",
            "ru": "Кто начинает следующую партию матча",
        },
        "web.option.next_starter.hint": {
            "en": "The later games of a long-nardy match have no toss.",
            "ru": "В следующих партиях матча длинных нард жребия нет.",
        },
        "web.option.next_starter.winner": {
            "en": "the winner, with white",
            "ru": "победитель, белыми",
        },
        "web.option.next_starter.previous-black": {
            "en": "the previous game's black",
            "ru": "игравший чёрными в прошлой партии",
        },
        "web.option.no_hit_and_hide": {
            "en": "No hit-and-hide",
            "ru": "«Убил — не прячься»",
        },
        "web.option.no_hit_and_hide.hint": {
            "en": (
                "A checker that hits may not go on, in the same turn, to a point where its"
                " own checkers stand."
            ),
            "ru": ("Побившая шашка не может в тот же ход уйти на пункт, где уже стоят свои шашки."),
        },
        "web.option.no_hit_and_hide.false": {"en": "no", "ru": "нет"},
        "web.option.no_hit_and_hide.true": {"en": "yes", "ru": "да"},
        "web.option.scoring.hint": {
            "en": "What a won game scores.",
            "ru": "Сколько очков приносит выигранная партия.",
        },
        "web.option.per_checker_multipliers": {
            "en": "Multipliers of the per-checker count",
            "ru": "Множители счёта по шашкам",
        },
        "web.option.per_checker_multipliers.hint": {
            "en": "The checkers not borne off are multiplied by the points of a scheme's tier.",
            "ru": "Число невыброшенных шашек умножается на очки ступени выбранной схемы.",
        },
        "web.option.per_checker_multipliers.none": {"en": "none (×1)", "ru": "нет (×1)"},
        "web.option.crazy_moves_per_double": {
            "en": "Moves of each double of the crazy sequence",
            "ru": "Ходов на каждый дубль бешеной серии",
        },
        "web.option.crazy_moves_per_double.hint": {
            "en": "Passed moves included.",
            "ru": "Переданные ходы — так же.",
        },
        "web.option.crazy_moves_per_double.4": {"en": "four", "ru": "четыре"},
        "web.option.crazy_moves_per_double.2": {
            "en": "two (4-4: 4, 4, 5, 5, 6, 6)",
            "ru": "два (4-4: 4, 4, 5, 5, 6, 6)",
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
        # the match score by player (colours change between a match's games, L-4): the
        # header's label, and each player's points beside his pips
        "web.match-points": {"en": "match: {n}", "ru": "матч: {n}"},
        "web.match-points-title": {
            "en": "Points won in the match to {length}: {n}",
            "ru": "Очки в матче до {length}: {n}",
        },
        # C-4 dead cube: why no double is offered (the engine refuses it)
        "web.cube-dead-both": {
            "en": "The cube is dead: a single game decides the match.",
            "ru": "Кубик не нужен: победа в партии и так решает матч.",
        },
        "web.cube-dead-one": {
            "en": "The cube is dead: {name} wins the match with a single game.",
            "ru": "Кубик не нужен: {name} и так выигрывает матч победой в партии.",
        },
    }
)
