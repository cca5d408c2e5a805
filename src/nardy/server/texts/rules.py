"""The texts of the rules page (``web.rules.*``) and the tutorial (``web.tutorial.*``)
in the catalogue (``nardy.i18n``); ``static/rules.js`` and ``static/tutorial.js`` hold
only the pages' structure (which sections, boards and examples) and read these.

A list is the keys ``.0``, ``.1``, ... (``t("rules.general")``); each tutorial section
``<id>`` has its heading ``web.tutorial.<id>.title`` and paragraphs ``.p.0``, ``.p.1``, ...
The rule ids of RULES.md (G-6, L-HEAD-1) are not in the player's text: the pages keep
them as anchors and tooltips.
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
                " home)."
            ),
            "ru": (
                "Итог: ойн — 1 очко; марс — 2 (проигравший не выбросил ни одной шашки);"
                " в коротких — кокс 3 (ещё и шашка на баре или в доме победителя)."
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
