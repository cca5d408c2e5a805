"""Messages of ``nardy play`` for matches, the doubling cube, resignations, the
computer opponent and hints, and the labels of the review of played games
(``nardy.terminal.review``: ``nardy play --review`` and ``nardy analyze``) (English and
Russian; RULES.md terminology)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # -- names and colours in other grammatical forms --------------------------------
        "play.name.player": {"en": "Player {n}", "ru": "Игрок {n}"},
        "play.name.human": {"en": "Player", "ru": "Игрок"},
        "play.name.computer": {"en": "Computer", "ru": "Компьютер"},
        "play.color_lc.white": {"en": "White", "ru": "белые"},
        "play.color_lc.black": {"en": "Black", "ru": "чёрные"},
        "play.color_gen.white": {"en": "White", "ru": "белых"},
        "play.color_gen.black": {"en": "Black", "ru": "чёрных"},
        "play.who": {"en": "{color} ({name})", "ru": "{color} ({name})"},
        # -- seats and the opening ---------------------------------------------------------
        "play.toss_names": {
            "en": "Opening toss: {first} rolls {a}, {second} rolls {b}.",
            "ru": "Жребий: {first} — {a}, {second} — {b}.",
        },
        "play.seat_white": {
            "en": "{name} plays White and starts; {other} plays Black.",
            "ru": "{name} играет белыми и начинает, {other} — чёрными.",
        },
        "play.seats_short": {
            "en": "{white} plays White, {black} plays Black.",
            "ru": "{white} играет белыми, {black} — чёрными.",
        },
        "play.cpu.intro": {
            "en": "You play against the computer (level: {level}).",
            "ru": "Вы играете против компьютера (уровень: {level}).",
        },
        # -- matches -----------------------------------------------------------------------
        "play.match.intro": {
            "en": "Match to {length} points: {first} against {second}.",
            # genitive after «до»: до 1 очка, до 3 очков, до 21 очка
            "ru": "Матч до {length} {length:plural:очка|очков|очков}: {first} — {second}.",
        },
        "play.match.game": {
            "en": "— Game {n} of the match to {length} —",
            "ru": "— Партия {n} матча до {length} —",
        },
        "play.match.status": {
            "en": "Match to {length}: {first} {a} : {b} {second}",
            "ru": "Матч до {length}: {first} {a} : {b} {second}",
        },
        "play.match.crawford_tag": {
            "en": "Crawford game: no doubling",
            "ru": "игра Кроуфорда: без удвоений",
        },
        "play.match.post_crawford_tag": {"en": "post-Crawford", "ru": "после игры Кроуфорда"},
        "play.match.crawford_game": {
            "en": "This is the Crawford game: {name} is one point from winning, "
            "so nobody may double (C-4).",
            "ru": "Это игра Кроуфорда: {name} в одном очке от победы, "
            "поэтому удваивать нельзя (C-4).",
        },
        "play.match.starter": {
            "en": "{name} plays White and starts: {why}.",
            "ru": "{name} играет белыми и начинает: {why}.",
        },
        "play.match.why_winner": {
            "en": "the winner of the previous game starts (L-4)",
            "ru": "начинает победитель предыдущей партии (L-4)",
        },
        "play.match.why_black": {
            "en": "the previous game's Black starts (L-4)",
            "ru": "начинает тот, кто играл чёрными в предыдущей партии (L-4)",
        },
        "play.match.why_draw": {
            "en": "after a draw the same player starts",
            "ru": "после ничьей начинает тот же игрок",
        },
        "play.match.score": {
            "en": "Score: {first} {a}, {second} {b} (match to {length}).",
            "ru": "Счёт: {first} {a}, {second} {b} (матч до {length}).",
        },
        "play.match.over": {
            "en": "Match over: {name} wins the match {a}–{b}.",
            "ru": "Матч окончен. Победитель матча: {name}, счёт {a}:{b}.",
        },
        "play.match.saved": {
            "en": "Match record saved to {path} ({n} {n:plural:record|records}).",
            "ru": "Запись матча сохранена в {path} ({n} {n:plural:запись|записи|записей}).",
        },
        "play.review": {
            "en": "The computer reviews the play (0 ply): the mistakes, the course of the game, "
            "each player's error rate.",
            "ru": "Компьютер разбирает игру (глубина 0): ошибки, ход партии, потеря на ход у "
            "каждого игрока.",
        },
        "play.review.title": {"en": "Mistakes", "ru": "Ошибки"},
        "play.match.save_hint": {
            "en": "To keep the match record, run with --save FILE.",
            "ru": "Чтобы сохранить запись матча, запустите с --save ФАЙЛ.",
        },
        "play.match.already_over": {
            "en": "This match is already over.",
            "ru": "Этот матч уже окончен.",
        },
        # -- the cube ------------------------------------------------------------------------
        "play.cube.center": {
            "en": "Cube: {value}, in the middle.",
            "ru": "Кубик удвоения: {value}, в центре.",
        },
        "play.cube.owned": {
            "en": "Cube: {value}, owned by {owner}.",
            "ru": "Кубик удвоения: {value}, у {owner}.",
        },
        "play.cube.crawford": {
            "en": "Cube: not used in the Crawford game.",
            "ru": "Кубик удвоения в игре Кроуфорда не используется.",
        },
        "play.cube.doubles": {
            "en": "{color} doubles: the game would be played for {value}.",
            "ru": "{color} удваивают: ставка в партии станет {value}.",
        },
        "play.cube.takes": {"en": "{color} takes the double.", "ru": "{color} принимают удвоение."},
        "play.cube.beavers": {
            "en": "{color} beavers: takes and at once redoubles, keeping the cube.",
            "ru": (
                "{color} отвечают «бобром»: принимают и сразу переудваивают, кубик остаётся у них."
            ),
        },
        "play.cube.passes": {
            "en": "{color} passes the double.",
            "ru": "{color} отказываются от удвоения.",
        },
        "play.cube.prompt_roll": {
            "en": "{color}: roll or double? (Enter = roll) > ",
            "ru": "{color}: бросить или удвоить? (Enter — бросить) > ",
        },
        "play.cube.prompt_answer": {
            "en": "{color}: take or pass? > ",
            "ru": "{color}: принять или отказаться? > ",
        },
        "play.cube.prompt_answer_beaver": {
            "en": "{color}: take, pass or beaver? > ",
            "ru": "{color}: принять, отказаться или бобёр? > ",
        },
        "play.err.roll_or_double": {
            "en": "Press Enter (or type roll) to roll, or type double to double; ? for help.",
            "ru": "Нажмите Enter (или наберите «бросить»), чтобы бросить зары, или «удвоить», "
            "чтобы удвоить; ? — справка.",
        },
        "play.err.answer_double": {
            "en": "Answer the double: {choices}.",
            "ru": "Ответьте на удвоение: {choices}.",
        },
        "play.err.cube_off": {
            "en": "The doubling cube is not used in this game (in long nardy start with --cube).",
            "ru": "В этой партии кубик удвоения не используется (в длинных нардах его включает "
            "ключ --cube).",
        },
        "play.err.cube_crawford": {
            "en": "No doubling in the Crawford game (C-4).",
            "ru": "В игре Кроуфорда удваивать нельзя (C-4).",
        },
        "play.err.cube_owner": {
            "en": "The cube belongs to {owner}: only its owner may double.",
            "ru": "Кубик у {owner}: удваивать может только его владелец.",
        },
        "play.err.cube_max": {
            "en": "No more doubles: at most {n} per game.",
            "ru": (
                "Больше удваивать нельзя:"
                " не больше {n} {n:plural:удвоения|удвоений|удвоений} за партию."
            ),
        },
        "play.err.cube_after_roll": {
            "en": "A double is offered before rolling, not after.",
            "ru": "Удваивают до броска, а не после.",
        },
        "play.err.cube_not_now": {
            "en": "You cannot double now (the turn is not over).",
            "ru": "Сейчас удваивать нельзя (ход ещё не окончен).",
        },
        "play.err.no_beaver": {
            "en": "A beaver is not allowed here (money play with --beavers only).",
            "ru": "«Бобёр» здесь не разрешён (только в игре на деньги с --beavers).",
        },
        # -- resignations -------------------------------------------------------------------
        "play.resign.offer": {
            "en": "{color} offers to resign: {kind}, {points} {points:plural:point|points}.",
            "ru": "{color} предлагают сдаться: {kind}, {points} {points:plural:очко|очка|очков}.",
        },
        "play.resign.prompt": {
            "en": "{color}: accept the resignation? (y/n) > ",
            "ru": "{color}: принять сдачу? (д/н) > ",
        },
        "play.resign.accepted": {
            "en": "{color} accepts the resignation.",
            "ru": "{color} принимают сдачу.",
        },
        "play.resign.rejected": {
            "en": "{color} rejects the resignation: play goes on.",
            "ru": "{color} не принимают сдачу: игра продолжается.",
        },
        "play.err.resign_level": {
            "en": "Resign with a level from 1 to {n}: {levels}.",
            "ru": "Уровень сдачи — от 1 до {n}: {levels}.",
        },
        "play.err.answer_resign": {
            "en": "Answer y (accept the resignation) or n (play on).",
            "ru": "Ответьте «д» (принять сдачу) или «н» (играть дальше).",
        },
        "play.result_by": {
            "en": "{color} wins ({reason}): {kind}. Points: {points}.",
            "ru": "{color} победили ({reason}): {kind}. Очки: {points}.",
        },
        "play.reason.drop": {"en": "double passed", "ru": "отказ от удвоения"},
        "play.reason.resign": {"en": "resignation", "ru": "сдача"},
        # -- hints ----------------------------------------------------------------------------
        # The number before a hinted play is its number in the list of legal plays (the
        # list command), which is what a typed number chooses: the header says so.
        "play.hint.header_match": {
            "en": "Hint for {dice} (depth {plies}, match equity at the score, 2·MWC − 1), best "
            "play first. The number before a play is its number in the list of legal plays "
            "(list): type it to make that play.",
            "ru": "Подсказка для {dice} (глубина {plies}, эквити матча при этом счёте, "
            "2·P(матч) − 1), лучший ход первым. Число перед ходом — его номер в списке "
            "возможных ходов (команда «список»): наберите его, чтобы сыграть этот ход.",
        },
        "play.hint.header": {
            "en": "Hint for {dice} (depth {plies}, cubeless equity), best play first. The "
            "number before a play is its number in the list of legal plays (list): type it "
            "to make that play.",
            "ru": "Подсказка для {dice} (глубина {plies}, эквити без кубика), лучший ход "
            "первым. Число перед ходом — его номер в списке возможных ходов (команда "
            "«список»): наберите его, чтобы сыграть этот ход.",
        },
        "play.hint.exact": {
            "en": "These equities are exact: from the bear-off database.",
            "ru": "Эти эквити точные: из базы выбрасывания.",
        },
        "play.hint.cube": {
            "en": "Cube hint: {action} (no double {nd}, double/take {dt}, double/pass {dp}).",
            "ru": "Подсказка по кубику: {action} (без удвоения {nd}, удвоение/принять {dt}, "
            "удвоение/отказ {dp}).",
        },
        "play.hint.no_play": {
            "en": "There is no legal play to rank.",
            "ru": "Возможных ходов нет — подсказывать нечего.",
        },
        "play.hint.usage": {
            "en": "Write hint or hint N with a depth N from 0 to {max}.",
            "ru": "Наберите «подсказка» или «подсказка N», где N — глубина от 0 до {max}.",
        },
        # -- help -------------------------------------------------------------------------------
        "play.help_more": {
            "en": (
                "  hint (hint N)   the best plays for these dice with equities (depth N 0-2)\n"
                "  resign [1|2|3]  offer to resign: {levels}\n"
                "Before your roll, when you may double: Enter rolls, double doubles the stakes.\n"
                "A double is answered with take or pass (beaver where allowed)."
            ),
            "ru": (
                "  подсказка (hint) лучшие ходы с этими зарами и их эквити (глубина 0-2)\n"
                "  сдаться [1|2|3]  предложить сдаться: {levels}\n"
                "Перед броском, когда можно удвоить: Enter — бросить, «удвоить» — удвоить ставку.\n"
                "На удвоение отвечают «принять» или «отказаться» («бобёр», где разрешено)."
            ),
        },
        "play.help_roll": {
            "en": (
                "Before rolling:\n"
                "  Enter / roll    roll the dice\n"
                "  double          double the stakes (the opponent takes or passes)\n"
                "  resign [1|2|3]  offer to resign: {levels}\n"
                "  hint            what the computer would do with the cube\n"
                "  board (b)       show the board;  quit (q)  leave the game"
            ),
            "ru": (
                "Перед броском:\n"
                "  Enter / бросить  бросить зары\n"
                "  удвоить          удвоить ставку (соперник принимает или отказывается)\n"
                "  сдаться [1|2|3]  предложить сдаться: {levels}\n"
                "  подсказка        что посоветует компьютер по кубику\n"
                "  доска (д)        показать доску;  выход (в)  выйти из игры"
            ),
        },
        # -- command-line errors -----------------------------------------------------------------
        "play.err.load_with_match": {
            "en": "--load takes the match and cube settings from the saved record; do not give "
            "--match, --cube, --no-cube, --beavers, --jacoby or --no-crawford with it.",
            "ru": "--load берёт матч и правила кубика из сохранённой записи; не указывайте вместе "
            "с ним --match, --cube, --no-cube, --beavers, --jacoby и --no-crawford.",
        },
        "play.err.level_alone": {
            "en": "--level sets the computer's strength: give --vs-computer too.",
            "ru": "--level задаёт силу компьютера: укажите и --vs-computer.",
        },
        "play.err.level": {
            "en": "unknown level “{level}”; levels: {known}",
            "ru": "неизвестный уровень «{level}»; есть: {known}",
        },
        "play.err.money_only": {
            "en": "{option} applies to money play only (--match 0)",
            "ru": "{option} бывает только в игре на деньги (--match 0)",
        },
        # -- the review (nardy.terminal.review) -----------------------------------------------
        "review.title": {
            "en": "{name}: analysis at depth {plies}",
            "ru": "{name}: анализ на глубине {plies}",
        },
        "review.game": {"en": "game", "ru": "партия"},
        "review.turn": {"en": "turn", "ru": "ход"},
        "review.player": {"en": "player", "ru": "игрок"},
        "review.dice": {"en": "dice", "ru": "зары"},
        "review.cube": {"en": "cube", "ru": "куб"},
        "review.played": {"en": "played", "ru": "сыграно"},
        "review.best": {"en": "best", "ru": "лучше"},
        "review.loss": {"en": "loss", "ru": "потеря"},
        "review.mark": {"en": "mark", "ru": "оценка"},
        "review.course": {
            "en": "White's equity after each play (▁ −{top} … █ +{top}; marks: {marks})",
            "ru": "Эквити белых после каждого хода (▁ −{top} … █ +{top}; оценки: {marks})",
        },
        "review.course-game": {"en": "game {n}", "ru": "партия {n}"},
        "review.players": {"en": "players", "ru": "игроки"},
        "review.decisions": {"en": "decisions", "ru": "решений"},
        "review.unforced": {"en": "of them unforced", "ru": "из них невынужденных"},
        "review.total-loss": {"en": "equity lost", "ru": "потеряно эквити"},
        "review.error-rate": {"en": "error rate (mEMG)", "ru": "потеря на ход (mEMG)"},
        "review.rating": {"en": "rating", "ru": "уровень"},
        "review.marked": {"en": "marked {mark}", "ru": "оценка «{mark}»"},
        "review.cube-errors": {"en": "cube errors", "ru": "ошибок с кубиком"},
        "review.error-rate-note": {
            "en": (
                "Error rate: the equity lost per unforced decision, in thousandths of a"
                " money game's point (mEMG); the rating is gnubg's name for it."
            ),
            "ru": (
                "Потеря на ход: эквити, потерянное за невынужденное решение, в тысячных"
                " очка игры на деньги (mEMG); уровень — её название по шкале gnubg."
            ),
        },
    }
)
