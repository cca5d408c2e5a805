"""The texts of the rules page (``web.rules.*``) and the tutorial (``web.tutorial.*``)
in the catalogue (``nardy.i18n``); ``static/rules.js`` and ``static/tutorial.js`` hold
only the pages' structure (which sections, boards and examples) and read these.

A list is the keys ``.0``, ``.1``, ... (``t("rules.general")``); each tutorial section
``<id>`` has its heading ``web.tutorial.<id>.title`` and paragraphs ``.p.0``, ``.p.1``, ...
The rule ids of docs/rules.md (G-6, L-HEAD-1) are not in the player's text: the pages
keep them as anchors, tooltips and (in the games' sections, ``web.rules.v.<variant>.*``)
small grey marks beside each part; every id a text or rules.js names is one the rule book
defines (tests/server/test_rules_variants.py).
"""

from __future__ import annotations

from nardy.i18n import register

# -- the rules page ---------------------------------------------------------------------

register(
    {
        "web.rules.title": {"en": "Rules of nardy", "ru": "Правила нард"},
        "web.rules.intro": {
            "en": (
                "Two games on one board: long nardy (no hitting, both sides move the same"
                " way round) and short nardy (backgammon, with hitting). Each side numbers"
                " the points from its own side, 1…24, moves from higher to lower numbers,"
                " and its home is points 1–6."
            ),
            "ru": (
                "Две игры на одной доске: длинные нарды (без боя, обе стороны идут в одну"
                " сторону) и короткие нарды (нарды-бэкгаммон, с боем). Каждая сторона"
                " считает пункты от себя: 1…24, ходит от больших номеров к меньшим,"
                " дом — пункты 1–6."
            ),
        },
        "web.rules.general.0": {
            "en": (
                "Dice: each die moves one checker; one checker may take both numbers if"
                " the point between is open."
            ),
            "ru": (
                "Зары (кости): каждый кубик — отдельный ход одной шашки; одна шашка может"
                " пройти оба числа, если промежуточный пункт открыт."
            ),
        },
        "web.rules.general.1": {
            "en": "A double gives four moves.",
            "ru": "Куш (дубль) даёт четыре хода.",
        },
        "web.rules.general.2": {
            "en": "Play as many dice as possible; if only one can be played, the larger.",
            "ru": "Нужно сыграть как можно больше чисел; если можно только одно — большее.",
        },
        "web.rules.general.3": {
            "en": "A move can be taken back until you confirm it.",
            "ru": "Ход можно переиграть, пока вы его не подтвердили.",
        },
        "web.rules.general.4": {
            "en": (
                "Results: oin — 1 point; mars — 2 (the loser bore off nothing); in short"
                " nardy backgammon (koks) 3 (also a checker on the bar or in the winner's"
                " home). In long and short nardy alike a game may be scored otherwise"
                " (“Scoring” when you start a game): with koks, with home mars, in four"
                " tiers, or a point for each checker not borne off — see each game below."
            ),
            "ru": (
                "Итог: ойн — 1 очко; марс — 2 (проигравший не выбросил ни одной шашки);"
                " в коротких — кокс 3 (ещё и шашка на баре или в доме победителя)."
                " И в длинных, и в коротких партию можно считать иначе («Подсчёт очков»"
                " новой игры): с коксом, с домашним марсом, в четыре ступени или по очку"
                " за каждую невыброшенную шашку — см. каждую игру ниже."
            ),
        },
        "web.rules.to-tutorial": {"en": "Step-by-step tutorial", "ru": "Пошаговое обучение"},
        "web.rules.examples": {"en": "Examples: try them", "ru": "Примеры: попробуйте сами"},
        "web.rules.hint": {
            "en": (
                "Tap a checker with a frame, then a highlighted point. Each number moves"
                " separately. The positions and legal moves are computed by the game engine."
            ),
            "ru": (
                "Нажмите на шашку с рамкой, затем на подсвеченный пункт. Каждое число ходит"
                " отдельно. Позиции и допустимые ходы считает движок игры."
            ),
        },
        "web.rules.tap": {
            "en": "Tap a checker with a frame, then a highlighted point.",
            "ru": "Нажмите на шашку с рамкой, затем на подсвеченный пункт.",
        },
        "web.rules.white": {"en": "White to play", "ru": "Ходят белые"},
        "web.rules.reset": {"en": "Reset", "ru": "Сначала"},
        "web.rules.made": {"en": "Moves made", "ru": "Сделано"},
        "web.rules.plays": {
            "en": "Legal plays by the rules ({n})",
            "ru": "Допустимые ходы по правилам ({n})",
        },
        "web.rules.done": {"en": "Turn finished", "ru": "Ход закончен"},
        "web.rules.more": {"en": "The turn goes on", "ru": "Можно продолжать ход"},
        "web.rules.pick": {
            "en": "Checker on point {point}: choose a highlighted point.",
            "ru": "Шашка с пункта {point}: выберите подсвеченный пункт.",
        },
        "web.rules.not-legal": {
            "en": "{move} is not a legal move.",
            "ru": "{move} — так ходить нельзя.",
        },
        "web.rules.no-move": {
            "en": "The checker on point {point} cannot move now.",
            "ru": "Шашке на пункте {point} сейчас ходить нельзя.",
        },
        "web.rules.rule-ids": {
            "en": "Rule book: {ids}",
            "ru": "Свод правил: {ids}",
        },
    }
)

# -- the rules page: one section for each game the club offers --------------------------
# web.rules.v.<variant>.start, .rules.0…, .end, .options.0…: the variant's start, how it
# differs from its family's base game, the end and the score, and the rule options the
# clubs disagree on (docs/rules.md §3–§7). rules.js names the rule ids of each part.

register(
    {
        "web.rules.variants": {"en": "The club's games", "ru": "Игры клуба"},
        "web.rules.variants-intro": {
            "en": (
                "Every game the new-game form offers: its start, how it differs from its"
                " family's base game, how it ends and is scored, and where the clubs"
                " disagree — rule options, the engine's default first, each chosen in the"
                " new-game form's “Rule options”. The grey marks (V-FEVGA, L-HEAD-2, C-2)"
                " are the numbers of the rules in the engine's rule book."
            ),
            "ru": (
                "Все игры из формы новой партии: начальная расстановка, чем игра отличается"
                " от основной игры своего семейства, как кончается и считается партия и в"
                " чём клубы расходятся — опции правил, первым указано значение движка по"
                " умолчанию; каждую можно выбрать в форме новой партии («Опции правил»)."
                " Серые метки (V-FEVGA, L-HEAD-2, C-2) — номера"
                " правил в своде правил движка."
            ),
        },
        "web.rules.family.short": {"en": "Short nardy", "ru": "Короткие нарды"},
        "web.rules.family.long": {
            "en": "Long nardy and its variants",
            "ru": "Длинные нарды и их варианты",
        },
        "web.rules.part.start": {"en": "Start", "ru": "Начало"},
        "web.rules.part.rules": {"en": "Rules", "ru": "Правила"},
        "web.rules.part.differs-short": {
            "en": "How it differs from short nardy",
            "ru": "Чем отличается от коротких нард",
        },
        "web.rules.part.differs-long": {
            "en": "How it differs from long nardy",
            "ru": "Чем отличается от длинных нард",
        },
        "web.rules.part.end": {"en": "End and score", "ru": "Конец партии и очки"},
        # under a game's options, for developers: each option's engine name (the API's
        # options, nardy play --option), beside the player's name of it
        "web.rules.option-names": {
            "en": "For developers, the options' names:",
            "ru": "Для разработчиков — имена опций:",
        },
        "web.rules.part.options": {
            "en": "Where the clubs disagree (rule options)",
            "ru": "В чём клубы расходятся (опции правил)",
        },
        "web.rules.start-board": {
            "en": "The start, seen by white",
            "ru": "Начальная расстановка глазами белых",
        },
        "web.rules.to-list": {"en": "All games", "ru": "Все игры"},
        # -- short nardy (S-1…S-6) ----------------------------------------------------
        "web.rules.v.short.start": {
            "en": (
                "Each side, counting in its own numbering: 2 checkers on point 24, 5 on 13,"
                " 3 on 8, 5 on 6. The sides move towards each other."
            ),
            "ru": (
                "У каждой стороны в её собственной нумерации: 2 шашки на пункте 24, 5 на 13,"
                " 3 на 8, 5 на 6. Стороны идут навстречу друг другу."
            ),
        },
        "web.rules.v.short.rules.0": {
            "en": (
                "A point with two or more opposing checkers is blocked. A lone opposing"
                " checker (a blot) can be hit: it goes to the bar. A turn may hit any"
                " number of times."
            ),
            "ru": (
                "Пункт с двумя и более шашками соперника закрыт. Одиночную шашку соперника"
                " (блот) можно побить: она уходит на бар. За ход можно бить сколько угодно."
            ),
        },
        "web.rules.v.short.rules.1": {
            "en": (
                "Checkers on the bar enter first, into the opponent's home: a number n puts"
                " the checker on your point 25−n if it is not blocked. The two dice are"
                " never added up to enter; a number lost to the bar is lost."
            ),
            "ru": (
                "Шашки с бара вводят первыми, в дом соперника: число n ставит шашку на ваш"
                " пункт 25−n, если он не закрыт. Два числа для входа не складывают; число,"
                " которое из-за бара сыграть нельзя, пропадает."
            ),
        },
        "web.rules.v.short.rules.2": {
            "en": (
                "A checker hit while you bear off must come home again before bearing off goes on."
            ),
            "ru": (
                "Если шашку побили, когда вы уже выбрасываете, сначала она должна вернуться"
                " в дом, потом выбрасывание продолжается."
            ),
        },
        "web.rules.v.short.rules.3": {
            "en": (
                "The opening: each side rolls one die; the higher starts and plays those two"
                " numbers as his first roll."
            ),
            "ru": (
                "Жребий: каждый бросает одну кость; у кого больше, тот начинает и играет"
                " эти два числа первым ходом."
            ),
        },
        "web.rules.v.short.end": {
            "en": (
                "The first side to bear off all 15 checkers wins: a single game 1 point;"
                " gammon (mars) 2 if the loser bore off none; backgammon (koks) 3 if he"
                " also still has a checker on the bar or in the winner's home. The doubling"
                " cube is on by default: the points are multiplied by it."
            ),
            "ru": (
                "Побеждает тот, кто первым выбросил все 15 шашек: ойн — 1 очко; марс"
                " (гаммон) — 2, если проигравший не выбросил ни одной; кокс (бэкгаммон) —"
                " 3, если у него ещё и шашка на баре или в доме победителя. Кубик удвоения"
                " по умолчанию включён: очки умножаются на него."
            ),
        },
        "web.rules.v.short.options.0": {
            "en": (
                "Scoring: standard by default; home mars — single 1, gammon 2"
                " (not all checkers home), home mars 3 (all home, none borne off); four"
                " tiers — single 1, gammon 2, home mars 3, backgammon 4 (a checker on the"
                " bar); a point for each checker not borne off (the count may be multiplied"
                " by a tier scheme's points). With koks short nardy"
                " scores as standard."
            ),
            "ru": (
                "Подсчёт очков: по умолчанию обычный; домашний марс — ойн 1, марс"
                " 2 (не все шашки в доме), домашний марс 3 (все в доме, ни одна не"
                " выброшена); четыре ступени — ойн 1, марс 2, домашний марс 3, кокс 4"
                " (шашка на баре); очко за каждую невыброшенную шашку (счёт можно умножить"
                " на очки ступеней одной из схем). «С коксом» короткие"
                " нарды считаются как обычно."
            ),
        },
        "web.rules.v.short.options.1": {
            "en": (
                "No hit-and-hide: off by default; on, a checker that hits may not hide among"
                " its own in the same turn, as in Russian short nardy."
            ),
            "ru": (
                "«Убил — не прячься»: по умолчанию выключено; включённое запрещает побившей"
                " шашке прятаться к своим в тот же ход, как в русских коротких нардах."
            ),
        },
        "web.rules.v.short.options.2": {
            "en": (
                "The doubling cube is a setting of the game, not of the rules: on by"
                " default, doubling 2, 4, 8… or 2, 3, 4…, with a limit on doubles if the"
                " players wish, and beavers and Jacoby in money play."
            ),
            "ru": (
                "Кубик удвоения — настройка партии, а не правил: по умолчанию включён,"
                " удвоение 2, 4, 8… или 2, 3, 4…, по желанию с пределом удвоений, а в игре"
                " на деньги — с бобрами и правилом Якоби."
            ),
        },
        # -- Russian short nardy (S-6) -------------------------------------------------
        "web.rules.v.short-ru.start": {
            "en": "As in short nardy: 2 checkers on 24, 5 on 13, 3 on 8, 5 on 6.",
            "ru": "Как в коротких нардах: 2 шашки на 24, 5 на 13, 3 на 8, 5 на 6.",
        },
        "web.rules.v.short-ru.rules.0": {
            "en": (
                "No hit-and-hide: a checker that hits may not go on, in the same turn, to a"
                " point where your own checkers already stand. It may stay, go on to an"
                " empty point, hit again, bear off, or be covered by another checker."
            ),
            "ru": (
                "«Убил — не прячься»: шашка, которая побила, не может в тот же ход пойти"
                " дальше на пункт, где уже стоят ваши шашки. Она может остаться, пойти на"
                " пустой пункт, побить ещё раз, выброситься или быть прикрытой другой шашкой."
            ),
        },
        "web.rules.v.short-ru.rules.1": {
            "en": (
                "The hitter stays bound for the whole turn, even after another checker"
                " covers it. Everything else is as in short nardy."
            ),
            "ru": (
                "Побившая шашка связана до конца хода, даже когда её прикрыла другая."
                " Всё остальное — как в коротких нардах."
            ),
        },
        "web.rules.v.short-ru.end": {
            "en": "As in short nardy: single 1, gammon 2, backgammon 3, times the cube.",
            "ru": "Как в коротких нардах: ойн 1, марс 2, кокс 3, умноженные на кубик.",
        },
        "web.rules.v.short-ru.options.0": {
            "en": (
                "As in short nardy, except that “no hit-and-hide” is on by default (off, the"
                " game is plain short nardy)."
            ),
            "ru": (
                "Как в коротких нардах, только «убил — не прячься» по умолчанию включено"
                " (выключенное делает игру обычными короткими нардами)."
            ),
        },
        # -- Caucasian short nardy (S-7) -----------------------------------------------
        "web.rules.v.short-caucasian.start": {
            "en": "As in short nardy: 2 checkers on 24, 5 on 13, 3 on 8, 5 on 6.",
            "ru": "Как в коротких нардах: 2 шашки на 24, 5 на 13, 3 на 8, 5 на 6.",
        },
        "web.rules.v.short-caucasian.rules.0": {
            "en": (
                "You may not hit a blot standing in your own home (your points 1–6): such a"
                " point is blocked for you. Everything else is as in short nardy."
            ),
            "ru": (
                "Нельзя бить одиночную шашку, стоящую в вашем собственном доме (ваши пункты"
                " 1–6): такой пункт для вас закрыт. Всё остальное — как в коротких нардах."
            ),
        },
        "web.rules.v.short-caucasian.end": {
            "en": "As in short nardy: single 1, gammon 2, backgammon 3, times the cube.",
            "ru": "Как в коротких нардах: ойн 1, марс 2, кокс 3, умноженные на кубик.",
        },
        "web.rules.v.short-caucasian.options.0": {
            "en": "As in short nardy (scoring, no hit-and-hide, the cube).",
            "ru": "Как в коротких нардах (подсчёт очков, «убил — не прячься», кубик).",
        },
        # -- long nardy (L-…) ------------------------------------------------------------
        "web.rules.v.long.start": {
            "en": (
                "All 15 checkers on point 24, the head (top right for each player). Both"
                " sides move the same way round the board, one behind the other: the"
                " opponent's head is your point 12, and your home is his points 13–18."
            ),
            "ru": (
                "Все 15 шашек на пункте 24 — голове (у каждого справа вверху). Обе стороны"
                " идут в одну сторону, одна за другой: голова соперника — ваш пункт 12,"
                " а ваш дом — его пункты 13–18."
            ),
        },
        "web.rules.v.long.rules.0": {
            "en": ("No hitting and no bar: a single opposing checker blocks its point."),
            "ru": "Боя и бара нет: даже одна шашка соперника закрывает пункт.",
        },
        "web.rules.v.long.rules.1": {
            "en": (
                "One checker may leave the head per turn. The exception, a side's first"
                " turn: if that one checker cannot play the whole roll, a second one leaves"
                " (for the first mover with 6-6, 4-4 and 3-3, where the opponent's head"
                " stops it). With 6-6 the play 24/18(2) is forced; the other two sixes are"
                " lost."
            ),
            "ru": (
                "За ход с головы снимают одну шашку. Исключение — первый ход стороны: если"
                " одна шашка не может сыграть весь бросок, снимают вторую (у начавшего — при"
                " 6-6, 4-4 и 3-3, когда её останавливает голова соперника). При 6-6 ход"
                " 24/18(2) вынужден, две другие шестёрки пропадают."
            ),
        },
        "web.rules.v.long.rules.2": {
            "en": (
                "The six-block: you may not hold six points in a row on the opponent's route"
                " unless at least one of his checkers has already passed them. Six in a row"
                " are otherwise allowed."
            ),
            "ru": (
                "Заслон: нельзя занимать шесть пунктов подряд на пути соперника, пока ни одна"
                " его шашка этот заслон не прошла. В остальных случаях шесть подряд можно."
            ),
        },
        "web.rules.v.long.rules.3": {
            "en": (
                "Bearing off once all 15 checkers are in your home, points 1–6, the last"
                " quarter of the route."
            ),
            "ru": (
                "Выбрасывать можно, когда все 15 шашек в доме — пунктах 1–6, последней"
                " четверти пути."
            ),
        },
        "web.rules.v.long.rules.4": {
            "en": (
                "The opening: the toss winner plays white and rolls both dice anew, so his"
                " first roll may be a double."
            ),
            "ru": (
                "Жребий: выигравший его играет белыми и бросает обе кости заново, так что"
                " первым броском может выпасть куш."
            ),
        },
        "web.rules.v.long.end": {
            "en": (
                "The first side to bear off all 15 checkers wins: oin 1 point if the loser"
                " bore off at least one checker, mars 2 if he bore off none. There is no"
                " draw, and no doubling cube unless the players switch it on."
            ),
            "ru": (
                "Побеждает тот, кто первым выбросил все 15 шашек: ойн — 1 очко, если"
                " проигравший выбросил хотя бы одну шашку, марс — 2, если ни одной. Ничьей"
                " нет; кубика удвоения нет, если игроки его не включат."
            ),
        },
        "web.rules.v.long.options.0": {
            "en": (
                "Scoring: oin and mars by default; with koks — koks 3, a mars with"
                " a checker still in the loser's starting quarter (his points 19–24); home"
                " mars — oin 1, not all checkers home 2, all home and none borne off 3;"
                " four tiers — oin 1, mars 2, home mars 3, koks 4; a point for each checker"
                " not borne off (the count may be multiplied by a tier scheme's points)."
            ),
            "ru": (
                "Подсчёт очков: по умолчанию ойн и марс; с коксом — кокс 3: марс,"
                " и шашка проигравшего ещё в его первой четверти (его пункты 19–24);"
                " домашний марс — ойн 1, не все шашки в доме 2, все в доме и ни одна не"
                " выброшена 3; четыре ступени — ойн 1, марс 2, домашний марс 3, кокс 4;"
                " очко за каждую невыброшенную шашку (счёт можно умножить на очки ступеней"
                " одной из схем)."
            ),
        },
        "web.rules.v.long.options.1": {
            "en": (
                "The second checker off the head on the first turn: when one checker cannot"
                " play the whole roll (the default); only with 6-6, 4-4 or 3-3; only when"
                " the opponent's head stops the single checker."
            ),
            "ru": (
                "Вторая шашка с головы на первом ходу: когда одна шашка не может сыграть"
                " весь бросок (по умолчанию); только при 6-6, 4-4 или 3-3; только когда"
                " одну шашку останавливает голова соперника."
            ),
        },
        "web.rules.v.long.options.2": {
            "en": (
                "When the six-block is judged: after the whole play, so a block built and"
                " broken in one turn is allowed (the default), or after every checker move."
                " When a block is allowed: once an opposing checker has passed it (the"
                " default) or once one has reached his home."
            ),
            "ru": (
                "Когда проверяют заслон: после всего хода, так что заслон, построенный и"
                " разобранный за один ход, разрешён (по умолчанию), или после каждого хода"
                " шашкой. Когда заслон разрешён: когда шашка соперника его прошла (по"
                " умолчанию) или когда она вошла в свой дом."
            ),
        },
        "web.rules.v.long.options.3": {
            "en": (
                "The first roll: the toss winner rolls anew (the default) or plays the"
                " numbers of the toss."
            ),
            "ru": (
                "Первый бросок: выигравший жребий бросает заново (по умолчанию) или играет"
                " числа жребия."
            ),
        },
        "web.rules.v.long.options.4": {
            "en": (
                "The last-roll draw (off by default): when the first mover bears off his"
                " last checker, the second gets one more roll; if it bears off all his"
                " checkers the game is drawn, ½ point each (the default) or 1 each."
            ),
            "ru": (
                "Ничья последнего броска (по умолчанию выключена): когда начавший выбросил"
                " последнюю шашку, второй бросает ещё раз; если он этим броском выбросил"
                " все свои шашки — ничья, по ½ очка (по умолчанию) или по 1."
            ),
        },
        "web.rules.v.long.options.5": {
            "en": (
                "The next game of a match: the winner starts and plays white (the default)"
                " or the previous game's black does."
            ),
            "ru": (
                "Следующая партия матча: начинает и играет белыми победитель (по умолчанию)"
                " или тот, кто играл чёрными."
            ),
        },
        # -- nardgammon (V-NG) ---------------------------------------------------------------
        "web.rules.v.nardgammon.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.nardgammon.rules.0": {
            "en": (
                "The six-block is judged after every single checker move: a block of six"
                " points in a row that no opposing checker has passed may not stand even"
                " for a moment within the turn. Everything else is as in long nardy."
            ),
            "ru": (
                "Заслон проверяют после каждого хода шашкой: шесть пунктов подряд, которые"
                " ни одна шашка соперника не прошла, нельзя занять даже на время внутри"
                " хода. Всё остальное — как в длинных нардах."
            ),
        },
        "web.rules.v.nardgammon.end": {
            "en": "As in long nardy: oin 1, mars 2.",
            "ru": "Как в длинных нардах: ойн 1, марс 2.",
        },
        "web.rules.v.nardgammon.options.0": {
            "en": (
                "As in long nardy, except that the six-block is judged after every checker"
                " move by default (judged after the whole play, the game is plain long nardy)."
            ),
            "ru": (
                "Как в длинных нардах, только заслон по умолчанию проверяют после каждого"
                " хода шашкой (проверка после всего хода делает игру обычными длинными"
                " нардами)."
            ),
        },
        # -- crazy nardy (V-CRAZY) -----------------------------------------------------------
        "web.rules.v.crazy.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.crazy.rules.0": {
            "en": (
                "After a double you play it, then every higher double up to 6-6: 2-2 gives"
                " four 2s, then four 3s, four 4s, four 5s and four 6s. A double that cannot"
                " even be started is skipped (it does not pass to the opponent)."
            ),
            "ru": (
                "После куша вы играете его, а затем все старшие куши до 6-6: 2-2 — четыре"
                " двойки, потом четыре тройки, четвёрки, пятёрки и шестёрки. Куш, который"
                " нельзя даже начать, пропускается (сопернику он не переходит)."
            ),
        },
        "web.rules.v.crazy.rules.1": {
            "en": "One checker may leave the head for each double of the sequence.",
            "ru": "За каждый куш цепочки с головы можно снять одну шашку.",
        },
        "web.rules.v.crazy.rules.2": {
            "en": (
                "The sequence ends after the double during which your last checker entered home."
            ),
            "ru": "Цепочка кончается после куша, за который последняя ваша шашка вошла в дом.",
        },
        "web.rules.v.crazy.rules.3": {
            "en": (
                "Bearing off only by the exact number: a die n bears off only from point n,"
                " never from a lower point when n is empty; and no checker may move from one"
                " home point to another."
            ),
            "ru": (
                "Выбрасывают только точным числом: число n выбрасывает шашку только с пункта"
                " n, а не со старшего занятого, когда на n пусто; и ходить шашкой с одного"
                " пункта дома на другой нельзя."
            ),
        },
        "web.rules.v.crazy.rules.4": {
            "en": (
                "Everything else as in long nardy: the head rule with its first-turn"
                " exception, the six-block."
            ),
            "ru": (
                "Остальное — как в длинных нардах: правило головы с исключением первого"
                " хода, заслон."
            ),
        },
        "web.rules.v.crazy.end": {
            "en": (
                "As in long nardy: oin 1, mars 2. A rare frozen game: with both homes full,"
                " no moves inside the home and only exact bearing off, neither side may ever"
                " be able to move again; the game then ends at once as a void draw, with no"
                " points either way."
            ),
            "ru": (
                "Как в длинных нардах: ойн 1, марс 2. Редкая «замёрзшая» партия: когда оба"
                " дома заполнены, ходить внутри дома нельзя, а выбрасывать можно только"
                " точным числом, может случиться, что ни одна сторона больше никогда не"
                " сможет ходить; тогда партия сразу кончается пустой ничьей, без очков."
            ),
        },
        "web.rules.v.crazy.options.0": {
            "en": "As in long nardy.",
            "ru": "Как в длинных нардах.",
        },
        # -- gulbara (V-GUL) ---------------------------------------------------------------
        "web.rules.v.gulbara.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.gulbara.rules.0": {
            "en": (
                "After a double played in full (all four moves) you roll again; each such"
                " roll lets one more checker leave the head."
            ),
            "ru": (
                "После куша, сыгранного полностью (все четыре хода), вы бросаете ещё раз;"
                " с каждым таким броском с головы можно снять ещё одну шашку."
            ),
        },
        "web.rules.v.gulbara.rules.1": {
            "en": (
                "Moves of a double you cannot play are played by the opponent; a double that"
                " cannot be started at all passes to him whole. Only moves of doubles pass."
            ),
            "ru": (
                "Ходы куша, которые вы сыграть не можете, играет соперник; куш, который"
                " нельзя даже начать, переходит к нему целиком. Переходят только ходы кушей."
            ),
        },
        "web.rules.v.gulbara.rules.2": {
            "en": (
                "The opponent plays the passed moves after your turn, double by double in"
                " the order they passed (as many as he can), and then rolls for himself."
                " Passed moves are not his first turn: his first-turn exception at the head"
                " waits for his own first roll."
            ),
            "ru": (
                "Соперник играет перешедшие ходы после вашего хода, куш за кушем в том"
                " порядке, в каком они перешли (сколько сможет), и потом бросает сам."
                " Перешедшие ходы — не его первый ход: исключение первого хода с головы"
                " остаётся для его собственного первого броска."
            ),
        },
        "web.rules.v.gulbara.end": {
            "en": "As in long nardy: oin 1, mars 2.",
            "ru": "Как в длинных нардах: ойн 1, марс 2.",
        },
        "web.rules.v.gulbara.options.0": {
            "en": "As in long nardy.",
            "ru": "Как в длинных нардах.",
        },
        # -- crazy gulbara (V-CGUL) --------------------------------------------------------
        "web.rules.v.crazy-gulbara.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.crazy-gulbara.rules.0": {
            "en": (
                "The crazy sequence: after a double you play it, then every higher double up"
                " to 6-6; one checker may leave the head for each double."
            ),
            "ru": (
                "Бешеная цепочка: после куша вы играете его, а затем все старшие куши до"
                " 6-6; за каждый куш с головы можно снять одну шашку."
            ),
        },
        "web.rules.v.crazy-gulbara.rules.1": {
            "en": (
                "Moves you cannot make pass to the opponent, who must play them after your"
                " turn, before his own roll; even a double that cannot be started passes"
                " whole."
            ),
            "ru": (
                "Ходы, которые вы сделать не можете, переходят к сопернику: он обязан сыграть"
                " их после вашего хода, до своего броска; даже куш, который нельзя начать,"
                " переходит целиком."
            ),
        },
        "web.rules.v.crazy-gulbara.rules.2": {
            "en": (
                "Moves inside the home are allowed until your last checker has entered it;"
                " bearing off is as in long nardy."
            ),
            "ru": (
                "Ходить внутри дома можно, пока в него не вошла последняя ваша шашка;"
                " выбрасывают как в длинных нардах."
            ),
        },
        "web.rules.v.crazy-gulbara.rules.3": {
            "en": (
                "The sequence stops once all your checkers are home. But if the last checker"
                " enters home on the last move of a double played in full, with nothing"
                " borne off during it, the next double is still played (for instance four"
                " checkers off point 3 after 2-2), and then the sequence stops."
            ),
            "ru": (
                "Цепочка кончается, когда все ваши шашки в доме. Но если последняя шашка"
                " вошла в дом последним ходом куша, сыгранного полностью, и за этот куш"
                " ничего не выброшено, следующий куш ещё играется (например, четыре шашки"
                " с пункта 3 после 2-2), и на нём цепочка кончается."
            ),
        },
        "web.rules.v.crazy-gulbara.end": {
            "en": "As in long nardy: oin 1, mars 2.",
            "ru": "Как в длинных нардах: ойн 1, марс 2.",
        },
        "web.rules.v.crazy-gulbara.options.0": {
            "en": "As in long nardy, and:",
            "ru": "Как в длинных нардах, и ещё:",
        },
        "web.rules.v.crazy-gulbara.options.1": {
            "en": (
                "Moves per double in the sequence: 4 (the default)"
                " or 2 — the reading where a double gives two moves (4-4 → 4, 4, 5, 5, 6, 6),"
                " passed moves included."
            ),
            "ru": (
                "Ходов за куш в цепочке: 4 (по умолчанию) или 2 —"
                " прочтение, в котором куш даёт два хода (4-4 → 4, 4, 5, 5, 6, 6), и"
                " перешедшие ходы тоже."
            ),
        },
        # -- khachapuri (V-KHACH) ----------------------------------------------------------
        "web.rules.v.khachapuri.start": {
            "en": (
                "11 checkers on point 6 (already home) and 4 on the head, point 24; the"
                " opponent's the same in his numbering (his 6 is your 18, his head your 12)."
            ),
            "ru": (
                "11 шашек на пункте 6 (уже в доме) и 4 на голове, пункте 24; у соперника так"
                " же в его нумерации (его 6 — ваш 18, его голова — ваш 12)."
            ),
        },
        "web.rules.v.khachapuri.rules.0": {
            "en": (
                "Gulbara's rules: after a double played in full you roll again; moves of a"
                " double you cannot play are played by the opponent, and a double that"
                " cannot be started passes to him whole."
            ),
            "ru": (
                "Правила гюльбара: после куша, сыгранного полностью, вы бросаете ещё раз;"
                " ходы куша, которые вы сыграть не можете, играет соперник, а куш, который"
                " нельзя начать, переходит к нему целиком."
            ),
        },
        "web.rules.v.khachapuri.rules.1": {
            "en": (
                "Any number of checkers may leave the head in a turn. The six-block rule is"
                " that of long nardy."
            ),
            "ru": (
                "С головы за ход можно снимать сколько угодно шашек. Заслон — как в длинных нардах."
            ),
        },
        "web.rules.v.khachapuri.end": {
            "en": (
                "The first side to bear off all 15 checkers wins one point for each checker"
                " the loser has not borne off."
            ),
            "ru": (
                "Кто первым выбросил все 15 шашек, получает по очку за каждую шашку, которую"
                " проигравший не выбросил."
            ),
        },
        "web.rules.v.khachapuri.options.0": {
            "en": (
                "Scoring: a point per checker by default; the count may be multiplied by the"
                " points of a tier scheme's tier (none by default) — with the game's own"
                " scheme, ×2 for a mars. Another scoring may be chosen, as in long nardy."
            ),
            "ru": (
                "Подсчёт очков: по умолчанию по шашкам; счёт можно умножить на очки ступени"
                " одной из схем (по умолчанию не умножают) — при обычной схеме ×2 за марс."
                " Можно выбрать и другой подсчёт, как в длинных нардах."
            ),
        },
        "web.rules.v.khachapuri.options.1": {
            "en": (
                "The other options are those of long nardy, except the first-turn exception"
                " at the head: with no head limit there is nothing to except."
            ),
            "ru": (
                "Остальные опции — как в длинных нардах, кроме исключения первого хода с"
                " головы: предела на снятие с головы нет, исключать нечего."
            ),
        },
        # -- fevga (V-FEVGA) ---------------------------------------------------------------
        "web.rules.v.fevga.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.fevga.rules.0": {
            "en": (
                "The runner: only one checker may leave the head, and only it moves, until"
                " it has passed the opponent's head (stands below your point 12, even within"
                " the same roll: 5-5 from the start plays 24/4, or 24/9 24/19). Then any"
                " number of checkers may leave the head."
            ),
            "ru": (
                "Бегун: с головы может уйти только одна шашка, и ходит только она, пока не"
                " пройдёт голову соперника (не встанет ниже вашего пункта 12 — хоть в том же"
                " броске: 5-5 с начала играется 24/4 или 24/9 24/19). После этого с головы"
                " можно снимать сколько угодно шашек."
            ),
        },
        "web.rules.v.fevga.rules.1": {
            "en": (
                "No first-turn exception: on the first turn too, only the runner leaves the head."
            ),
            "ru": "Исключения первого хода нет: и на первом ходу с головы уходит только бегун.",
        },
        "web.rules.v.fevga.rules.2": {
            "en": (
                "Six points in a row are allowed even if no opposing checker has passed"
                " them, except on all six points of your starting quarter (points 19–24),"
                " and except just ahead of an opponent who has all 15 checkers on the point"
                " before the block: such a block may not be built, and one already standing"
                " must be broken. It is judged at the end of the play."
            ),
            "ru": (
                "Шесть пунктов подряд можно занимать, даже если их не прошла ни одна шашка"
                " соперника, кроме всех шести пунктов вашей начальной четверти (пункты"
                " 19–24) и кроме заслона прямо перед соперником, у которого все 15 шашек"
                " стоят на пункте перед заслоном: такой заслон строить нельзя, а уже"
                " стоящий нужно разобрать. Проверяют в конце хода."
            ),
        },
        "web.rules.v.fevga.end": {
            "en": "As in long nardy: oin 1, mars 2.",
            "ru": "Как в длинных нардах: ойн 1, марс 2.",
        },
        "web.rules.v.fevga.options.0": {
            "en": (
                "As in long nardy, except the first-turn exception and when a six-block is"
                " allowed: fevga's own head and six-block rules replace them. The six-block"
                " may be judged after every checker move."
            ),
            "ru": (
                "Как в длинных нардах, кроме исключения первого хода и того, когда заслон"
                " разрешён: их заменяют собственные правила февги о голове и заслоне. Заслон"
                " можно проверять после каждого хода шашкой."
            ),
        },
        # -- fevga giul (V-GIUL) -----------------------------------------------------------
        "web.rules.v.fevga-giul.start": {
            "en": "As in long nardy: all 15 checkers on the head, point 24.",
            "ru": "Как в длинных нардах: все 15 шашек на голове, пункте 24.",
        },
        "web.rules.v.fevga-giul.rules.0": {
            "en": (
                "Fevga — the runner, its six-block rule, no first-turn exception — plus the"
                " crazy sequence: after a double you play it, then every higher double up to"
                " 6-6."
            ),
            "ru": (
                "Февга — бегун, её правило заслона, без исключения первого хода — и бешеная"
                " цепочка: после куша вы играете его, а затем все старшие куши до 6-6."
            ),
        },
        "web.rules.v.fevga-giul.rules.1": {
            "en": (
                "Moves you cannot play pass to the opponent, who plays them after your turn,"
                " before his own roll; a double that cannot be started is skipped and does"
                " not pass."
            ),
            "ru": (
                "Ходы, которые вы сыграть не можете, переходят к сопернику: он играет их"
                " после вашего хода, до своего броска; куш, который нельзя начать,"
                " пропускается и не переходит."
            ),
        },
        "web.rules.v.fevga-giul.rules.2": {
            "en": (
                "The sequence stops once all your checkers are home. Moves inside the home"
                " are allowed, and bearing off is as in long nardy."
            ),
            "ru": (
                "Цепочка кончается, когда все ваши шашки в доме. Ходить внутри дома можно,"
                " выбрасывают как в длинных нардах."
            ),
        },
        "web.rules.v.fevga-giul.end": {
            "en": "As in long nardy: oin 1, mars 2.",
            "ru": "Как в длинных нардах: ойн 1, марс 2.",
        },
        "web.rules.v.fevga-giul.options.0": {
            "en": "As in fevga.",
            "ru": "Как в февге.",
        },
    }
)

# -- the tutorial -----------------------------------------------------------------------

register(
    {
        "web.tutorial.title": {
            "en": "How to play nardy: a step-by-step tutorial",
            "ru": "Как играть в нарды: обучение по шагам",
        },
        "web.tutorial.intro": {
            "en": (
                "Short sections in the order the rules are needed at the board. The “try it”"
                " links open positions on the rules page: make the move yourself and see why"
                " it is allowed or not."
            ),
            "ru": (
                "Короткие разделы в том порядке, в каком правила нужны за доской. Ссылки"
                " «попробовать» открывают позиции на странице правил: там можно сделать ход"
                " самому и увидеть, почему он разрешён или запрещён."
            ),
        },
        "web.tutorial.rules-link": {"en": "All rules and examples", "ru": "Все правила и примеры"},
        "web.tutorial.try-it": {"en": "Try it:", "ru": "Попробовать:"},
        "web.tutorial.starts.0": {
            "en": "The start of long nardy",
            "ru": "Начало длинных нард",
        },
        "web.tutorial.starts.1": {
            "en": "The start of short nardy",
            "ru": "Начало коротких нард",
        },
        # 1. the board
        "web.tutorial.board.title": {
            "en": "1. The board and its numbering",
            "ru": "1. Доска и нумерация",
        },
        "web.tutorial.board.p.0": {
            "en": (
                "The board has 24 points, six in each quarter, with the bar in the middle."
                " Each player has 15 checkers."
            ),
            "ru": (
                "На доске 24 пункта (лунки), по шесть в каждой четверти; посередине — бар."
                " У каждого игрока 15 шашек."
            ),
        },
        "web.tutorial.board.p.1": {
            "en": (
                "Each player numbers the points from his own side, 24 down to 1, and always"
                " moves from higher numbers to lower. Points 1–6 are your home, bottom-right."
            ),
            "ru": (
                "Каждый считает пункты от себя: от 24 до 1, и всегда ходит от больших номеров"
                " к меньшим. Пункты 1–6 — ваш дом, справа внизу."
            ),
        },
        "web.tutorial.board.p.2": {
            "en": (
                "Long nardy: all checkers start on the head, point 24 top-right; both sides"
                " move the same way round, and the opponent's head is your point 12. Short"
                " nardy: 2 checkers on 24, 5 on 13, 3 on 8, 5 on 6; the sides move towards"
                " each other."
            ),
            "ru": (
                "Длинные нарды: все шашки стоят на голове — пункт 24 справа вверху; обе"
                " стороны идут в одну сторону, голова соперника — ваш пункт 12. Короткие"
                " нарды: 2 шашки на 24, 5 на 13, 3 на 8, 5 на 6, стороны идут навстречу."
            ),
        },
        # 2. a turn
        "web.tutorial.turn.title": {"en": "2. How a turn goes", "ru": "2. Как проходит ход"},
        "web.tutorial.turn.p.0": {
            "en": (
                "The opening: each player rolls one die; the higher starts. In short nardy"
                " the starter plays those two numbers; in long nardy he rolls again."
            ),
            "ru": (
                "Жребий: каждый бросает одну кость, у кого больше — начинает. В коротких"
                " нардах первым ходом играют выпавшие два числа, в длинных начавший бросает"
                " заново."
            ),
        },
        "web.tutorial.turn.p.1": {
            "en": (
                "Each number on the dice is a separate move of one checker. One checker may"
                " take both numbers if the point in between is open. A double gives four"
                " moves."
            ),
            "ru": (
                "Каждое число на зарах — отдельный ход одной шашки. Одна шашка может пройти"
                " оба числа, если промежуточный пункт открыт. Куш (дубль) даёт четыре хода."
            ),
        },
        "web.tutorial.turn.p.2": {
            "en": (
                "Play as many numbers as possible. If only one of the two can be played, play"
                " the larger. If nothing can be played, the turn passes."
            ),
            "ru": (
                "Сыграть нужно как можно больше чисел. Если можно только одно из двух —"
                " играют большее. Если ходить нечем, ход переходит к сопернику."
            ),
        },
        "web.tutorial.turn.p.3": {
            "en": "Until you confirm the turn you may take moves back.",
            "ru": "Пока ход не подтверждён, его можно переиграть.",
        },
        # 3. the head
        "web.tutorial.head.title": {
            "en": "3. The head (long nardy)",
            "ru": "3. Голова (длинные нарды)",
        },
        "web.tutorial.head.p.0": {
            "en": "Only one checker may leave the head per turn.",
            "ru": "За ход с головы можно снять только одну шашку.",
        },
        "web.tutorial.head.p.1": {
            "en": (
                "The exception, the first turn: if one checker cannot play the whole roll"
                " (with 6-6, 4-4 or 3-3 the opponent's head stops it), a second one leaves."
                " With 6-6 the play 24/18(2) is forced and two sixes are lost."
            ),
            "ru": (
                "Исключение — первый ход: если одна шашка не может сыграть весь бросок"
                " (при 6-6, 4-4, 3-3 её останавливает голова соперника), снимают вторую."
                " При 6-6 ход 24/18(2) вынужден, две шестёрки пропадают."
            ),
        },
        # 4. blocks
        "web.tutorial.blocks.title": {
            "en": "4. Blocked points and the six-block",
            "ru": "4. Закрытые пункты и заслон",
        },
        "web.tutorial.blocks.p.0": {
            "en": (
                "In long nardy a point with any opposing checker is blocked; in short nardy"
                " a point with two or more of his checkers, while a lone checker (a blot) can"
                " be hit."
            ),
            "ru": (
                "В длинных нардах пункт с любой шашкой соперника закрыт; в коротких — пункт"
                " с двумя и более его шашками, а одиночную шашку (блот) можно побить."
            ),
        },
        "web.tutorial.blocks.p.1": {
            "en": (
                "The six-block: in long nardy you may not hold six points in a row on the"
                " opponent's path until at least one of his checkers has passed them."
            ),
            "ru": (
                "Заслон: в длинных нардах нельзя занять шесть пунктов подряд на пути"
                " соперника, пока хотя бы одна его шашка этот заслон не прошла."
            ),
        },
        # 5. the bar
        "web.tutorial.bar.title": {
            "en": "5. Hitting and the bar (short nardy)",
            "ru": "5. Бой и бар (короткие нарды)",
        },
        "web.tutorial.bar.p.0": {
            "en": (
                "A hit checker goes to the bar. While checkers are on the bar nothing else"
                " moves: they enter the opponent's home first — a number n puts the checker"
                " on your point 25−n if it is not blocked."
            ),
            "ru": (
                "Побитая шашка уходит на бар. Пока на баре есть шашки, другими ходить нельзя:"
                " сначала их вводят в дом соперника — число n ставит шашку на ваш пункт 25−n,"
                " если он не закрыт."
            ),
        },
        "web.tutorial.bar.p.1": {
            "en": (
                "In Russian short nardy a checker that hit may not hide among its own"
                " checkers in the same turn."
            ),
            "ru": (
                "В русских коротких нардах шашка, которая побила, не может в тот же ход"
                " спрятаться к своим шашкам."
            ),
        },
        # 6. bearing off
        "web.tutorial.bearoff.title": {"en": "6. Bearing off", "ru": "6. Выбрасывание"},
        "web.tutorial.bearoff.p.0": {
            "en": (
                "Checkers are borne off once all 15 are home. A number n bears off from point"
                " n; if that point is empty, a move inside the home from a higher point must"
                " be made, and if no checker is higher, the highest occupied point is borne"
                " off."
            ),
            "ru": (
                "Выбрасывать шашки можно, когда все 15 в доме. Число n выбрасывает шашку"
                " с пункта n; если он пуст — нужно сыграть ход внутри дома с более старшего пункта,"
                " а если старше шашек нет — выбросить со старшего занятого."
            ),
        },
        "web.tutorial.bearoff.p.1": {
            "en": (
                "“Play both numbers” holds here too: a checker on 5 with 5-1 goes 5/4 and then off."
            ),
            "ru": (
                "Правило «сыграть оба числа» действует и здесь: шашка на 5 при 5-1 идёт 5/4,"
                " затем выбрасывается."
            ),
        },
        # 7. results
        "web.tutorial.results.title": {"en": "7. Results", "ru": "7. Итоги партии"},
        "web.tutorial.results.p.0": {
            "en": "The game ends when one side has borne off all 15 checkers.",
            "ru": "Партия кончается, когда одна сторона выбросила все 15 шашек.",
        },
        "web.tutorial.results.long.0": {"en": "Long nardy", "ru": "Длинные нарды"},
        "web.tutorial.results.long.1": {
            "en": (
                "oin — 1 point: the loser bore off at least one checker; mars — 2: he bore"
                " off none. Some clubs also count a koks, 3 (a mars with a checker still in"
                " the loser's first quarter): choose it under Scoring when you start a game"
                " (the lobby's games count oin and mars)."
            ),
            "ru": (
                "ойн — 1 очко: проигравший выбросил хотя бы одну шашку; марс — 2: не выбросил"
                " ни одной. В некоторых клубах считают и кокс — 3 (марс, и шашка проигравшего"
                " ещё в его первой четверти): его выбирают в «Подсчёте очков» новой игры"
                " (партии лобби считают ойн и марс)."
            ),
        },
        "web.tutorial.results.short.0": {"en": "Short nardy", "ru": "Короткие нарды"},
        "web.tutorial.results.short.1": {
            "en": (
                "single — 1; gammon (mars) — 2: the loser bore off none; backgammon (koks)"
                " — 3: and he still has a checker on the bar or in the winner's home."
            ),
            "ru": (
                "ойн — 1; марс (гаммон) — 2: проигравший не выбросил ни одной шашки;"
                " кокс (бэкгаммон) — 3: ещё и шашка на баре или в доме победителя."
            ),
        },
        # 8. the cube
        "web.tutorial.cube.title": {"en": "8. The doubling cube", "ru": "8. Кубик удвоения"},
        "web.tutorial.cube.p.0": {
            "en": (
                "The doubling cube (on by default in short nardy): before rolling, the player"
                " who owns the cube (or either player while it is in the middle) may double."
                " The opponent takes — the stake doubles and he owns the cube — or passes and"
                " loses the game at the stake before the double."
            ),
            "ru": (
                "Кубик удвоения (в коротких нардах по умолчанию): перед броском игрок,"
                " которому принадлежит кубик (или любой, пока кубик в центре), может удвоить"
                " ставку. Соперник принимает — ставка удваивается, кубик переходит к нему —"
                " или отказывается и проигрывает партию по прежней ставке."
            ),
        },
        "web.tutorial.cube.p.1": {
            "en": (
                "A game's points are multiplied by the cube. In a match to N points the"
                " Crawford rule holds: no doubling in the first game after a player reaches"
                " N−1."
            ),
            "ru": (
                "Очки партии умножаются на значение кубика. В матче до N очков действует"
                " правило Кроуфорда: в первой партии после того, как кто-то набрал N−1,"
                " удваивать нельзя."
            ),
        },
        # the examples the sections link to (/rules#ex-<id>)
        "web.tutorial.ex.long-start": {"en": "the start and the head", "ru": "начало и голова"},
        "web.tutorial.ex.head-66": {"en": "first turn 6-6", "ru": "первый ход 6-6"},
        "web.tutorial.ex.head-33": {"en": "first turn 3-3", "ru": "первый ход 3-3"},
        "web.tutorial.ex.block-closed": {"en": "a block not allowed", "ru": "заслон запрещён"},
        "web.tutorial.ex.block-open": {"en": "a block allowed", "ru": "заслон разрешён"},
        "web.tutorial.ex.bar": {"en": "entering from the bar", "ru": "вход с бара"},
        "web.tutorial.ex.hit-and-hide": {"en": "no hit-and-hide", "ru": "убил — не прячься"},
        "web.tutorial.ex.bearoff-51": {"en": "5-1 from point 5", "ru": "5-1 с пункта 5"},
        "web.tutorial.ex.bearoff-41": {"en": "3/2/off with 4-1", "ru": "3/2/off при 4-1"},
        "web.tutorial.ex.larger-die": {"en": "the larger number", "ru": "большее число"},
    }
)

# -- the examples' errors (GET /api/rules/examples/{id}?moves=...) ---------------------

register(
    {
        "error.unknown-example": {
            "en": "no rules example {example}; known examples: {known}",
            "ru": "нет примера правил {example}; есть примеры: {known}",
        },
        "error.example-moves-too-long": {
            "en": "moves: at most {max} {max:plural:character|characters}",
            "ru": "ходы ('moves'): не длиннее {max} {max:plural:символа|символов|символов}",
        },
        "error.example-step-illegal": {
            "en": "{move} is not a legal single step now",
            "ru": "ход шашкой {move} сейчас невозможен",
        },
    }
)
