"""The core's error messages (``error.<code>``) in English and Russian: the notation
parsers, the play-text parser, game and match replay, position checks, the cube, the
review and rollouts. Registered when ``nardy.errors`` is imported, so every error the
core raises has its text in both languages (``exc.text("ru")``) and a stable code the
web reports as its ``reason``.

The English is the text the library always said (``str(exc)``); values in ``{name}``
are the error's ``params``. Rule ids (C-3, G-5) stay in the English only, where the
library's users read them.
"""

from __future__ import annotations

from nardy.i18n import register

# -- the play-text parser (nardy.plays) --------------------------------------------

register(
    {
        "error.play-bad-point": {
            "en": "{step}: {token} is not a point (1-24, bar, off)",
            "ru": "{step}: {token} — не пункт (1-24, bar, off)",
        },
        "error.play-point-range": {
            "en": "{step}: point {point} is not in 1..24",
            "ru": "{step}: пункта {point} нет, есть 1..24",
        },
        "error.play-not-text": {
            "en": "play text must be a string, not {kind}",
            "ru": "запись хода должна быть текстом, а не {kind}",
        },
        "error.play-bar-not-first": {
            "en": "{step}: a checker can only move from the bar",
            "ru": "{step}: с бара можно только начать ход",
        },
        "error.play-from-off": {
            "en": "{step}: a checker cannot move from off",
            "ru": "{step}: выброшенная шашка ходить не может",
        },
        "error.play-empty": {"en": "empty play text", "ru": "пустая запись хода"},
        "error.play-bad-step": {
            "en": "{step} is not a move like 24/18, 13/7*/5 or 8/5(2)",
            "ru": "{step} — не ход; пишите так: 24/18, 13/7*/5 или 8/5(2)",
        },
        "error.play-no-slash": {
            "en": "{step}: a move is written from/to, e.g. 24/18",
            "ru": "{step}: ход пишется как откуда/куда, например 24/18",
        },
        "error.play-hit-at-start": {
            "en": "{step}: the starting point cannot be marked as a hit",
            "ru": "{step}: начальный пункт нельзя отметить как бой",
        },
        "error.play-repeat": {
            "en": "{step}: a move repeats 1 to 4 times",
            "ru": "{step}: ход повторяют от 1 до 4 раз",
        },
        "error.play-after-off": {
            "en": "{step}: nothing moves on after bearing off",
            "ru": "{step}: после выбрасывания шашка дальше не идёт",
        },
        "error.play-backwards": {
            "en": "{step}: checkers move from higher to lower points",
            "ru": "{step}: шашки ходят от больших пунктов к меньшим",
        },
        "error.play-off-hit": {
            "en": "{step}: bearing off cannot hit",
            "ru": "{step}: выбрасывание не может бить",
        },
    }
)

# -- positions and their checks (nardy.position, nardy.variants) -------------------

register(
    {
        "error.position-too-many": {
            "en": "{side}: {placed} checkers placed, at most {max}",
            "ru": (
                "{side}: можно поставить не больше {max} {max:plural:шашки|шашек|шашек},"
                " а поставлено {placed}"
            ),
        },
        "error.position-bad-turn": {
            "en": "turn must be 'white' or 'black', not {turn}",
            "ru": "чей ход ('turn') — 'white' или 'black', а не {turn}",
        },
        "error.position-bad-point": {
            "en": "{side}: point {point} is not in 1..24",
            "ru": "{side}: пункта {point} нет, есть 1..24",
        },
        "error.position-slots": {
            "en": "{side}: expected 26 slots, got {got}",
            "ru": "{side}: нужно 26 ячеек, а их {got}",
        },
        "error.position-checker-total": {
            "en": "{side}: a side has exactly {n} checkers, found {found}",
            "ru": "{side}: у стороны ровно {n} {n:plural:шашка|шашки|шашек}, а найдено {found}",
        },
        "error.position-bad-count": {
            "en": "{side}[{slot}]: count must be a non-negative int",
            "ru": "{side}[{slot}]: число шашек — целое, не меньше нуля",
        },
        "error.position-both-off": {
            "en": "both sides have borne off all checkers",
            "ru": "обе стороны уже выбросили все шашки",
        },
        "error.position-long-bar": {
            "en": "{side}: long nardy has no bar",
            "ru": "{side}: в длинных нардах нет бара",
        },
        "error.position-shared-point": {
            "en": "point {point} holds checkers of both sides (their point {their})",
            "ru": "на пункте {point} шашки обеих сторон (у соперника это пункт {their})",
        },
        "error.variant-unknown": {
            "en": "unknown variant {name} (known: {known})",
            "ru": "неизвестный вариант {name} (есть: {known})",
        },
    }
)

# -- game records and their replay (nardy.game) ------------------------------------

register(
    {
        "error.record-bad-die": {
            "en": "a die shows 1..6, not {die}",
            "ru": "на кости бывает 1..6, а не {die}",
        },
        "error.record-needs": {"en": "record needs {field}", "ru": "в записи нет поля {field}"},
        "error.record-starts-doubled": {
            "en": "a game cannot start with a double offered",
            "ru": "партия не может начинаться с предложенного удвоения",
        },
        "error.record-resign-by": {
            "en": "a resignation is offered by 'white' or 'black', not {who}",
            "ru": "сдаются белые ('white') или чёрные ('black'), а не {who}",
        },
        "error.record-not-object": {
            "en": "a record is an object with a 'type'",
            "ru": "запись — JSON-объект с полем 'type'",
        },
        "error.record-resign-level": {
            "en": "a resign record has 'level': 1, 2 or 3",
            "ru": "у записи сдачи есть 'level': 1, 2 или 3",
        },
        "error.record-resign-side": {
            "en": "a resign record's 'by' is 'white' or 'black'",
            "ru": "'by' у записи сдачи — 'white' или 'black'",
        },
        "error.record-options": {
            "en": "options must be an object",
            "ru": "опции правил (options) — JSON-объект",
        },
        "error.record-roll-dice": {
            "en": "a roll record has 'dice': [d1, d2]",
            "ru": "у записи броска есть 'dice': [d1, d2]",
        },
        "error.record-play-text": {
            "en": "a play record has 'play': text",
            "ru": "у записи хода есть 'play': текст хода",
        },
        "error.record-unknown-type": {
            "en": "unknown record type {kind}",
            "ru": "неизвестный тип записи {kind}",
        },
    }
)

# -- the review of a record (nardy.bots.analysis) ----------------------------------

register(
    {
        "error.review-no-game": {
            "en": "no game in the record (no setup record)",
            "ru": "в записи нет партии (нет записи setup)",
        },
        "error.review-record-not-object": {
            "en": "record {index}: a record is an object with a 'type'",
            "ru": "запись {index}: запись — JSON-объект с полем 'type'",
        },
        "error.review-record-bad": {
            "en": "record {index}: {detail}",
            "ru": "запись {index}: {detail}",
        },
        "error.review-no-setup": {
            "en": "record {index}: a game starts with a setup record",
            "ru": "запись {index}: партия начинается с записи setup",
        },
    }
)

# -- rollouts (nardy.rollout) ------------------------------------------------------

register(
    {
        "error.rollout-game-over": {
            "en": "the game is over in this position: nothing to roll out",
            "ru": "в этой позиции партия окончена: разыгрывать нечего",
        },
        "error.rollout-no-play": {
            "en": "no legal play with {d1}-{d2}",
            "ru": "с {d1}-{d2} нет ни одного хода",
        },
        "error.rollout-no-cube": {
            "en": "a cube decision needs the cube in play",
            "ru": "решение с кубиком требует кубика в игре",
        },
    }
)

# -- the cube's settings and state (nardy.cube) ------------------------------------

register(
    {
        "error.cube-progression": {
            "en": "cube progression must be one of {known}, not {value}",
            "ru": "прогрессия кубика — одна из {known}, а не {value}",
        },
        "error.cube-max-doubles-value": {
            "en": "max_doubles must be a non-negative integer or null, not {value}",
            "ru": "max_doubles — целое не меньше нуля или null, а не {value}",
        },
        "error.cube-money-only": {
            "en": "beavers and the Jacoby rule apply to money play only (C-3)",
            "ru": "бобры и правило Якоби — только в игре на деньги",
        },
        "error.cube-rules-not-object": {
            "en": "cube rules must be an object",
            "ru": "правила кубика — JSON-объект",
        },
        "error.cube-rules-unknown": {
            "en": "cube rules: unknown field(s) {fields}",
            "ru": "правила кубика: неизвестные поля {fields}",
        },
        "error.cube-bad-value": {
            "en": "cube value must be a positive integer, not {value}",
            "ru": "значение кубика — целое больше нуля, а не {value}",
        },
        "error.cube-bad-doubles": {
            "en": "cube doubles must be a count, not {value}",
            "ru": "число удвоений кубика — целое, а не {value}",
        },
        "error.cube-bad-crawford": {
            "en": "cube crawford must be true or false",
            "ru": "crawford у кубика — true или false",
        },
        "error.cube-not-object": {
            "en": "cube must be an object",
            "ru": "кубик ('cube') — JSON-объект",
        },
        "error.cube-unknown": {
            "en": "cube: unknown field(s) {fields}",
            "ru": "кубик: неизвестные поля {fields}",
        },
        "error.cube-rule-not-bool": {
            "en": "cube rule {name} must be true or false",
            "ru": "правило кубика {name} — true или false",
        },
        "error.cube-bad-side": {
            "en": "cube {name} must be 'white', 'black' or null",
            "ru": "{name} у кубика — 'white', 'black' или null",
        },
    }
)

# -- matches and match logs (nardy.match) ------------------------------------------

register(
    {
        "error.match-bad-length": {
            "en": "match length must be a whole number ≥ 0, not {value}",
            "ru": "длина матча — целое не меньше нуля, а не {value}",
        },
        "error.match-bad-crawford": {
            "en": "the Crawford setting is true or false",
            "ru": "правило Кроуфорда включают true или false",
        },
        "error.match-players": {
            "en": "a match has two players, given by name",
            "ru": "в матче два игрока, по именам",
        },
        "error.match-id-scores": {
            "en": "a match ID needs whole-number scores",
            "ru": "для Match ID нужен счёт целыми числами",
        },
        "error.match-log-start": {
            "en": "a match log starts with a 'match' record",
            "ru": "запись матча начинается с записи 'match'",
        },
        "error.match-record-unknown": {
            "en": "match record: unknown field(s) {fields}",
            "ru": "запись match: неизвестные поля {fields}",
        },
        "error.match-options": {
            "en": "options must be an object",
            "ru": "опции правил (options) — JSON-объект",
        },
        "error.match-white": {
            "en": "white is player 0 or 1, not {value}",
            "ru": "белыми играет игрок 0 или 1, а не {value}",
        },
        "error.match-game-unknown": {
            "en": "game record: unknown field(s) {fields}",
            "ru": "запись game: неизвестные поля {fields}",
        },
        "error.match-game-first": {
            "en": "a 'game' record must come before the game's records",
            "ru": "запись 'game' идёт перед записями партии",
        },
        "error.match-setup-mismatch": {
            "en": (
                "this game's setup does not fit the match (variant, options, cube, Crawford or "
                "start); expected {expected}"
            ),
            "ru": (
                "начало этой партии не подходит к матчу (вариант, опции, кубик, Кроуфорд или "
                "начальная позиция); ожидалось {expected}"
            ),
        },
    }
)

# -- dice verification (nardy.dicecheck) -------------------------------------------

register(
    {
        "error.dice-record-start": {
            "en": "a game record starts with a setup record, a match log with a match",
            "ru": "запись партии начинается с записи setup, запись матча — с match",
        },
        "error.dice-record-no-dice": {
            "en": "the {kind} record has no 'dice' object (not a server game?)",
            "ru": "в записи {kind} нет объекта 'dice' (партия не с сервера?)",
        },
        "error.dice-record-roll": {
            "en": "record {index}: a roll record has 'dice': [d1, d2]",
            "ru": "запись {index}: у записи броска есть 'dice': [d1, d2]",
        },
    }
)

# -- positions as JSON (nardy.notation.position_json) ------------------------------

register(
    {
        "error.position-count-not-int": {
            "en": "{where}: checker count must be an integer, not {value}",
            "ru": "{where}: число шашек — целое, а не {value}",
        },
        "error.position-count-negative": {
            "en": "{where}: checker count cannot be negative ({value})",
            "ru": "{where}: число шашек не может быть отрицательным ({value})",
        },
        "error.position-side-not-object": {
            "en": "position.{color} must be an object",
            "ru": "position.{color} — JSON-объект",
        },
        "error.position-side-unknown": {
            "en": "position.{color}: unknown field(s) {fields}",
            "ru": "position.{color}: неизвестные поля {fields}",
        },
        "error.position-points-not-object": {
            "en": "position.{color}.points must be an object {{point: count}}",
            "ru": "position.{color}.points — JSON-объект {{пункт: шашек}}",
        },
        "error.position-side-total": {
            "en": "position.{color}: a side has {n} checkers, this one has {total}",
            "ru": "position.{color}: у стороны {n} {n:plural:шашка|шашки|шашек}, а у этой {total}",
        },
        "error.position-first-turn": {
            "en": "position.{color}.first_turn must be true or false",
            "ru": "position.{color}.first_turn — true или false",
        },
        "error.position-not-object": {
            "en": "position must be an object with turn, white and black",
            "ru": "позиция — JSON-объект с полями 'turn', 'white' и 'black'",
        },
        "error.position-json-turn": {
            "en": "position.turn must be 'white' or 'black', not {turn}",
            "ru": "position.turn — 'white' или 'black', а не {turn}",
        },
        "error.position-unknown": {
            "en": "position: unknown field(s) {fields}",
            "ru": "position: неизвестные поля {fields}",
        },
        "error.position-json-point": {
            "en": "position.{color}: {point} is not a point 1..24",
            "ru": "position.{color}: {point} — не пункт 1..24",
        },
        "error.position-side-missing": {
            "en": "position.{color} is missing",
            "ru": "нет position.{color}",
        },
    }
)

# -- gnubg position IDs and long-nardy IDs (nardy.notation.position_id) ------------

register(
    {
        "error.id-not-text": {"en": "{what} must be a string", "ru": "{what} — строка"},
        "error.id-length": {
            "en": "{what} {text}: expected {n} characters, got {got}",
            "ru": "{what} {text}: нужно {n} символов, а их {got}",
        },
        "error.id-base64-chars": {
            "en": "{what} {text}: not Base64 (A-Z, a-z, 0-9, + and /)",
            "ru": "{what} {text}: не Base64 (A-Z, a-z, 0-9, + и /)",
        },
        "error.position-id-checkers": {
            "en": "position ID {text}: {who} has {n} checkers (max 15)",
            "ru": "ID позиции {text}: {who} — {n} {n:plural:шашка|шашки|шашек} (не больше 15)",
        },
        "error.id-stray-bits": {
            "en": "{what} {text}: stray bits after the last point",
            "ru": "{what} {text}: лишние биты после последнего пункта",
        },
        "error.position-id-long-bar": {
            "en": "long nardy has no bar",
            "ru": "в длинных нардах нет бара",
        },
        "error.long-id-prefix": {
            "en": "{what} {text}: must start with 'L'",
            "ru": "{what} {text}: должен начинаться с 'L'",
        },
        "error.long-id-flags": {
            "en": "{what} {text}: no room for the first-turn flags",
            "ru": "{what} {text}: нет места для признаков первого хода",
        },
        "error.long-id-stray-bits": {
            "en": "{what} {text}: stray bits after the flags",
            "ru": "{what} {text}: лишние биты после признаков",
        },
        "error.id-short": {
            "en": "{what} {text}: ends before all points are described",
            "ru": "{what} {text}: кончается раньше, чем описаны все пункты",
        },
    }
)

# -- gnubg Match IDs (nardy.notation.match_id) -------------------------------------

register(
    {
        "error.match-id-cube": {
            "en": "a Match ID holds cube values 1, 2, 4 … 32768, not {value}",
            "ru": "в Match ID кубик — 1, 2, 4 … 32768, а не {value}",
        },
        "error.match-id-resign": {
            "en": "a Match ID holds resignation levels 0-3, not {value}",
            "ru": "в Match ID уровень сдачи — 0-3, а не {value}",
        },
        "error.match-id-not-text": {"en": "a Match ID is a string", "ru": "Match ID — строка"},
        "error.match-id-length": {
            "en": "Match ID {text}: expected 12 characters, got {got}",
            "ru": "Match ID {text}: нужно 12 символов, а их {got}",
        },
        "error.match-id-extra-bits": {
            "en": "Match ID {text}: bits set beyond the 66-bit key",
            "ru": "Match ID {text}: лишние биты за 66-битным ключом",
        },
        "error.match-id-owner": {
            "en": "{where}: cube owner 2 does not exist (0, 1 or 3 centred)",
            "ru": "{where}: владельца кубика 2 не бывает (0, 1 или 3 — в центре)",
        },
        "error.match-id-state": {
            "en": "{where}: game state {state} does not exist (0-4)",
            "ru": "{where}: состояния игры {state} не бывает (0-4)",
        },
        "error.match-id-scores-over": {
            "en": "{where}: both scores reach the match length",
            "ru": "{where}: оба счёта достигли длины матча",
        },
        "error.match-id-double-and-resign": {
            "en": "{where}: a double and a resignation cannot both be pending",
            "ru": "{where}: удвоение и сдача не могут ждать ответа одновременно",
        },
        "error.match-id-field": {
            "en": "a Match ID holds a {name} of 0..{max}, not {value}",
            "ru": "в Match ID {name} — от 0 до {max}, а не {value}",
        },
        "error.match-id-base64": {
            "en": "Match ID {text}: not Base64",
            "ru": "Match ID {text}: не Base64",
        },
        "error.match-id-dice": {
            "en": "{where}: dice {d1}-{d2} are not 1-6",
            "ru": "{where}: кости {d1}-{d2} — не 1-6",
        },
    }
)

# -- XGIDs (nardy.notation.xgid) ---------------------------------------------------

register(
    {
        "error.xgid-cube": {
            "en": "an XGID holds cube values 1, 2, 4 …, not {value}",
            "ru": "в XGID кубик — 1, 2, 4 …, а не {value}",
        },
        "error.xgid-resign": {
            "en": "an XGID cannot hold a resignation offer",
            "ru": "XGID не может хранить предложение сдаться",
        },
        "error.xgid-not-number": {
            "en": "XGID field {field}: {text} is not a number",
            "ru": "поле XGID {field}: {text} — не число",
        },
        "error.xgid-range": {
            "en": "XGID field {field}: {value} is not in {low}..{high}",
            "ru": "поле XGID {field}: {value} — не от {low} до {high}",
        },
        "error.xgid-not-text": {"en": "an XGID is a string", "ru": "XGID — строка"},
        "error.xgid-fields": {
            "en": "an XGID has 10 fields separated by ':', this one has {n}",
            "ru": "в XGID 10 полей через ':', а в этом {n}",
        },
        "error.xgid-board-length": {
            "en": "XGID board: expected 26 characters, got {got}",
            "ru": "доска XGID: нужно 26 символов, а их {got}",
        },
        "error.xgid-turn": {
            "en": "XGID field 4 (turn): 1 or -1, not 0",
            "ru": "поле XGID 4 (чей ход): 1 или -1, а не 0",
        },
        "error.xgid-shared-point": {
            "en": "point {point} holds checkers of both sides",
            "ru": "на пункте {point} шашки обеих сторон",
        },
        "error.xgid-wrong-bar": {
            "en": "XGID board character {index}: the wrong side's bar",
            "ru": "символ доски XGID {index}: бар не той стороны",
        },
        "error.xgid-checkers": {
            "en": "XGID board: the {side} player has {n} {n:plural:checker|checkers}",
            "ru": "доска XGID: у {side} игрока {n} {n:plural:шашка|шашки|шашек}",
        },
        "error.xgid-beaver": {
            "en": "XGID field 5 (dice): {dice} (beaver/raccoon offers) is not supported",
            "ru": "поле XGID 5 (кости): {dice} (бобр/енот) не поддерживается",
        },
        "error.xgid-board-char": {
            "en": "XGID board character {index}: {char} is not -, A-O or a-o",
            "ru": "символ доски XGID {index}: {char} — не -, A-O или a-o",
        },
        "error.xgid-dice": {
            "en": "XGID field 5 (dice): {dice} is not two dice 1-6",
            "ru": "поле XGID 5 (кости): {dice} — не две кости 1-6",
        },
        "error.xgid-dice-field": {
            "en": "XGID field 5 (dice): {dice} is not 00, D or two dice",
            "ru": "поле XGID 5 (кости): {dice} — не 00, D и не две кости",
        },
    }
)

# -- record files (nardy.notation.record) ------------------------------------------

register(
    {
        "error.record-file-not-text": {
            "en": "a record file is text",
            "ru": "файл записи — текстовый",
        },
    }
)

# -- .mat files (nardy.notation.mat) -----------------------------------------------

register(
    {
        "error.mat-not-text": {"en": "a .mat file is text", "ru": "файл .mat — текстовый"},
        "error.mat-options": {
            "en": "Nardy Options must be a JSON object",
            "ru": "'Nardy Options' — JSON-объект",
        },
        "error.mat-on-off": {
            "en": "{name} is On or Off, not {value}",
            "ru": "{name} — 'On' или 'Off', а не {value}",
        },
    }
)

# -- SGF files (nardy.notation.sgf) ------------------------------------------------

register(
    {
        "error.sgf-bad-point": {
            "en": "{letter} is not a point (a-x, y bar, z off)",
            "ru": "{letter} — не пункт (a-x, y — бар, z — выброшена)",
        },
        "error.sgf-bad-move": {
            "en": "{value} is not a move: expected e.g. 52lqac, double, take, drop",
            "ru": "{value} — не ход: ожидается, например, '52lqac', 'double', 'take', 'drop'",
        },
        "error.sgf-move-pairs": {
            "en": "{value}: moves are 0 to 4 source/destination letter pairs",
            "ru": "{value}: в ходе от 0 до 4 пар букв откуда/куда",
        },
        "error.sgf-not-text": {"en": "an SGF file is text", "ru": "файл SGF — текстовый"},
        "error.sgf-to-bar": {
            "en": "a checker cannot move to the bar ('y')",
            "ru": "шашка не может пойти на бар ('y')",
        },
        "error.sgf-from-off": {
            "en": "a checker cannot move from off ('z')",
            "ru": "выброшенная шашка ('z') ходить не может",
        },
        "error.sgf-not-forward": {
            "en": "{value}: {pair} does not move forward",
            "ru": "{value}: {pair} — не ход вперёд",
        },
        "error.sgf-options": {
            "en": "NO[] holds a JSON object of rule options",
            "ru": "'NO[]' содержит JSON-объект опций правил",
        },
    }
)

# -- transcripts replayed (nardy.notation.transcript) ------------------------------

register(
    {
        "error.replay-game-over": {
            "en": "{what} by {color}, but the game is already over",
            "ru": "{what} ({color}), но партия уже окончена",
        },
        "error.replay-not-turn": {
            "en": "{what} by {color}, but it is {turn}'s turn",
            "ru": "{what} ({color}), но сейчас ходят {turn}",
        },
        "error.replay-result-differs": {
            "en": "the file says {color} wins {points}, but the game gives {got} ({kind})",
            "ru": "в файле {color} выигрывают {points}, а по игре выходит {got} ({kind})",
        },
        "error.replay-win-pending": {
            "en": "{color} wins {points}, but a decision is pending",
            "ru": "{color} выигрывают {points}, но решение ещё не принято",
        },
        "error.replay-win-unfinished": {
            "en": "{color} wins {points}, but the game is not finished",
            "ru": "{color} выигрывают {points}, но партия не окончена",
        },
        "error.replay-resign-points": {
            "en": (
                "{color} wins {points} by resignation, not a whole number of {value}-cube results"
            ),
            "ru": (
                "{color} выигрывают {points} сдачей — это не целое число итогов при кубике {value}"
            ),
        },
        "error.replay-opening-double": {
            "en": "the opening roll {d1}-{d2} cannot be a double (G-5)",
            "ru": "первый бросок {d1}-{d2} не может быть дублем",
        },
        "error.replay-not-played": {
            "en": "{d1}-{d2} is not played, but legal plays exist: {legal}",
            "ru": "{d1}-{d2} не сыграно, а ходы есть: {legal}",
        },
        "error.replay-no-play": {
            "en": "nothing can be played with {d1}-{d2}, but the file plays {play}",
            "ru": "с {d1}-{d2} ходить нечем, а в файле ход {play}",
        },
        "error.replay-no-double": {
            "en": "{kind} by {color}, but no double was offered",
            "ru": "{kind} ({color}), но удвоения не было",
        },
        "error.replay-unknown-action": {
            "en": "unknown action {kind}",
            "ru": "неизвестное действие {kind}",
        },
    }
)

# -- files read: where (line, column) and what went wrong --------------------------

register(
    {
        "error.file-line": {
            "en": "{source}line {line}: {reason}",
            "ru": "{source}строка {line}: {reason}",
        },
        "error.file-line-column": {
            "en": "{source}line {line}, column {column}: {reason}",
            "ru": "{source}строка {line}, столбец {column}: {reason}",
        },
        "error.file-match-won": {
            "en": "game {n}: the match was already won",
            "ru": "партия {n}: матч уже выигран",
        },
        "error.file-score": {
            "en": "game {n} starts at {said} but the games before give {score}",
            "ru": "партия {n} начинается при счёте {said}, а по прошлым партиям выходит {score}",
        },
        "error.file-crawford": {
            "en": "game {n}: the file says it is the Crawford game; the score says otherwise (C-4)",
            "ru": "партия {n}: в файле это игра Кроуфорда, а по счёту — нет",
        },
        "error.file-not-crawford": {
            "en": (
                "game {n}: the file says it is not the Crawford game; the score says otherwise "
                "(C-4)"
            ),
            "ru": "партия {n}: в файле это не игра Кроуфорда, а по счёту — она",
        },
        "error.file-no-result": {"en": "game {n} has no result", "ru": "у партии {n} нет итога"},
        "error.file-not-json": {"en": "not JSON: {detail}", "ru": "не JSON: {detail}"},
        "error.file-too-deep": {
            "en": "JSON nested too deeply",
            "ru": "JSON вложен слишком глубоко",
        },
    }
)

# -- record files, more ------------------------------------------------------------

register(
    {
        "error.record-line-not-object": {
            "en": "a record is a JSON object {{...}}",
            "ru": "запись — JSON-объект {{...}}",
        },
        "error.record-file-empty": {
            "en": "empty record file: no records",
            "ru": "файл записи пуст: нет ни одной записи",
        },
        "error.record-unknown-fields": {
            "en": "unknown field(s) {fields} in a {kind} record",
            "ru": "неизвестные поля {fields} в записи {kind}",
        },
        "error.record-file-start": {
            "en": "a record file starts with a 'setup' (game) or 'match' record, not {kind}",
            "ru": (
                "файл записи начинается с записи 'setup' (партия) или 'match' (матч), а не {kind}"
            ),
        },
    }
)

# -- .mat files, more --------------------------------------------------------------

register(
    {
        "error.mat-header": {"en": "header: {reason}", "ru": "заголовок: {reason}"},
        "error.mat-header-detail": {"en": "header: {detail}", "ru": "заголовок: {detail}"},
        "error.mat-header-too-deep": {
            "en": "header: {name} nested too deeply",
            "ru": "заголовок: {name} вложен слишком глубоко",
        },
        "error.mat-variation": {
            "en": "variation {name} is not supported (backgammon only)",
            "ru": "вариант {name} не поддерживается (только 'backgammon')",
        },
        "error.mat-bad-roll": {
            "en": "{token} is not a roll: dice show 1 to 6",
            "ru": "{token} — не бросок: на костях 1-6",
        },
        "error.mat-unexpected": {
            "en": "unexpected {token}: expected a roll like '52:' or Doubles, Takes, Drops, Wins",
            "ru": (
                "неожиданное {token}: ожидается бросок вроде '52:'"
                " или 'Doubles', 'Takes', 'Drops', 'Wins'"
            ),
        },
        "error.mat-bad-win": {
            "en": "cannot read {text}: expected 'Wins n point(s)'",
            "ru": "не удалось прочитать {text}: ожидается 'Wins n point(s)'",
        },
        "error.mat-bad-double": {
            "en": "cannot read {word} {rest}: expected '{word} => n'",
            "ru": "не удалось прочитать {word} {rest}: ожидается '{word} => n'",
        },
        "error.mat-unexpected-after": {
            "en": "unexpected {rest} after {word}",
            "ru": "неожиданное {rest} после {word}",
        },
        "error.mat-no-length": {
            "en": "expected 'N point match', found {found}",
            "ru": "ожидается 'N point match', а найдено {found}",
        },
        "error.mat-game-number": {
            "en": "expected Game {expected}, found Game {found}",
            "ru": "ожидается Game {expected}, а найдено Game {found}",
        },
        "error.mat-no-game": {
            "en": "expected 'Game 1', found {found}",
            "ru": "ожидается 'Game 1', а найдено {found}",
        },
        "error.mat-too-many-actions": {
            "en": "more than two actions on one line",
            "ru": "больше двух действий в одной строке",
        },
        "error.mat-unreadable": {"en": "cannot read {text}", "ru": "не удалось прочитать {text}"},
        "error.mat-not-mat": {
            "en": "not a .mat file: no 'N point match' line",
            "ru": "не файл .mat: нет строки 'N point match'",
        },
    }
)

# -- SGF files, more ---------------------------------------------------------------

register(
    {
        "error.sgf-no-open": {
            "en": "expected '(' to start a game tree, found {found}",
            "ru": "ожидается '(' в начале дерева партии, а найдено {found}",
        },
        "error.sgf-no-tree": {
            "en": "no game tree: an SGF file starts with '(;'",
            "ru": "нет дерева партии: файл SGF начинается с '(;'",
        },
        "error.sgf-too-deep": {
            "en": "variations nested more than 200 deep",
            "ru": "варианты вложены глубже 200 уровней",
        },
        "error.sgf-no-node": {
            "en": "a game tree needs at least one node ';'",
            "ru": "в дереве партии нужен хотя бы один узел ';'",
        },
        "error.sgf-unclosed-tree": {
            "en": "the game tree opened here is never closed with ')'",
            "ru": "дерево партии, открытое здесь, не закрыто ')'",
        },
        "error.sgf-expected-close": {
            "en": "expected ')' or ';', found {found}",
            "ru": "ожидается ')' или ';', а найдено {found}",
        },
        "error.sgf-no-value": {
            "en": "property {name} has no value '[...]'",
            "ru": "у свойства {name} нет значения '[...]'",
        },
        "error.sgf-unclosed-value": {
            "en": "a property value '[' is never closed with ']'",
            "ru": "значение свойства '[' не закрыто ']'",
        },
        "error.sgf-not-backgammon": {
            "en": "GM[{value}] is not backgammon (GM[6])",
            "ru": "'GM[{value}]' — не нарды (нужно 'GM[6]')",
        },
        "error.sgf-mi-number": {
            "en": "MI[{value}]: {field} must be a whole number, 1 to 9 digits",
            "ru": "'MI[{value}]': {field} — целое число из 1-9 цифр",
        },
        "error.sgf-result": {
            "en": "RE[{value}]: expected W+n, B+n or W+nR (resignation)",
            "ru": "'RE[{value}]': ожидается 'W+n', 'B+n' или 'W+nR' (сдача)",
        },
        "error.sgf-turned-cube": {
            "en": "CV[{value}]: games that start with a turned cube are not supported",
            "ru": "'CV[{value}]': партии, начатые с повёрнутым кубиком, не поддерживаются",
        },
        "error.sgf-property": {"en": "{name}: {reason}", "ru": "свойство {name}: {reason}"},
        "error.sgf-setup": {
            "en": (
                "{name}: games set up from a position are not supported (a match starts from the "
                "start)"
            ),
            "ru": (
                "{name}: партии с заданной позиции не поддерживаются (матч начинается с начальной)"
            ),
        },
        "error.sgf-lengths": {
            "en": "all games of a match have the same length",
            "ru": "у всех партий матча одна длина матча",
        },
    }
)

# -- replaying a game or a match log: which record and why -------------------------

register(
    {
        "error.replay-record": {
            "en": "record {index}: {reason} ({record})",
            "ru": "запись {index}: {reason} ({record})",
        },
        "error.replay-no-setup": {
            "en": "a game record starts with a setup record",
            "ru": "запись партии начинается с записи setup",
        },
        "error.replay-match-record": {
            "en": "record {index}: {reason}",
            "ru": "запись {index}: {reason}",
        },
        "error.match-last-no-setup": {
            "en": "the last game has no setup record",
            "ru": "у последней партии нет записи setup",
        },
    }
)

# the words of a replay error: what was done, by which side, what the game gave
register(
    {
        "replay.side.white": {"en": "white", "ru": "белые"},
        "replay.side.black": {"en": "black", "ru": "чёрные"},
        "replay.roll": {"en": "a roll of {d1}-{d2}", "ru": "бросок {d1}-{d2}"},
        "replay.double": {"en": "a double", "ru": "удвоение"},
        "replay.take": {"en": "a take", "ru": "принятие удвоения"},
        "replay.drop": {"en": "a pass", "ru": "отказ от удвоения"},
        "replay.beaver": {"en": "a beaver", "ru": "бобр"},
        "replay.got-draw": {"en": "a draw", "ru": "ничья"},
        "replay.got-win": {"en": "{color} wins {points}", "ru": "{color} выигрывают {points}"},
    }
)

# the words inside the notation errors: sides and fields
register(
    {
        "id.what.position": {"en": "position ID", "ru": "ID позиции"},
        "id.what.long": {"en": "long-nardy ID", "ru": "ID позиции длинных нард"},
        "id.side.mine": {"en": "the side on roll", "ru": "сторона на ходу"},
        "id.side.theirs": {"en": "the side not on roll", "ru": "другая сторона"},
        "xgid.side.bottom": {"en": "bottom", "ru": "нижнего"},
        "xgid.side.top": {"en": "top", "ru": "верхнего"},
        "xgid.field.2": {"en": "2 (cube)", "ru": "2 (кубик)"},
        "xgid.field.3": {"en": "3 (cube owner)", "ru": "3 (владелец кубика)"},
        "xgid.field.4": {"en": "4 (turn)", "ru": "4 (чей ход)"},
        "xgid.field.6": {"en": "6 (score)", "ru": "6 (счёт)"},
        "xgid.field.7": {"en": "7 (score)", "ru": "7 (счёт)"},
        "xgid.field.8": {"en": "8 (Crawford/Jacoby)", "ru": "8 (Кроуфорд/Якоби)"},
        "xgid.field.9": {"en": "9 (match length)", "ru": "9 (длина матча)"},
        "xgid.field.10": {"en": "10 (cube limit)", "ru": "10 (предел кубика)"},
        "match-id.field.length": {"en": "match length", "ru": "длина матча"},
        "match-id.field.score": {"en": "score", "ru": "счёт"},
    }
)
