"""Example positions of the rules page: each one a position, a roll and a variant, with
Russian and English captions citing the rule it shows (RULES.md ids).

The page holds no rules: ``example_state`` replays the single steps made so far with the
core's step generator (``nardy.movegen.next_steps``, what ``Game.legal_steps`` uses) and
answers the board, the single steps that may be made next and every legal play of the
roll (``nardy.plays.legal_plays``), so what the page shows is what the engine plays.
Each step is one die: ``Game.move`` would read ``3/off`` with 4-1 (checkers on 3, 2, 1)
as the hop 3/2/off, where a click on "off" means the 4 alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nardy.errors import IllegalMoveError, MalformedError
from nardy.movegen import next_steps
from nardy.notation.position_json import position_from_json
from nardy.plays import Move, Play, legal_plays, moved, parse_moves
from nardy.position import Position
from nardy.server.views import board_view
from nardy.variants import Variant, find_variant

#: The longest ``moves`` text accepted (a turn has at most four single steps).
MAX_MOVES_TEXT = 200


class UnknownExampleError(LookupError):
    """No example has the id asked for; ``example`` is that id, ``known`` the ids."""

    def __init__(self, example: str, known: str) -> None:
        super().__init__(f"no rules example {example!r}; known examples: {known}")
        self.example, self.known = example, known


@dataclass(frozen=True)
class Text:
    """One text in Russian and English."""

    ru: str
    en: str

    def json(self) -> dict[str, str]:
        return {"ru": self.ru, "en": self.en}


@dataclass(frozen=True)
class IllegalNote:
    """Why the single step ``frm``→``to`` may not be made after the steps ``after``."""

    frm: int
    to: int
    text: Text
    after: tuple[tuple[int, int], ...] = ()

    def json(self) -> dict[str, Any]:
        return {
            "from": self.frm,
            "to": self.to,
            "after": [list(m) for m in self.after],
            **self.text.json(),
        }


@dataclass(frozen=True)
class Example:
    """A position to try a rule on: ``position`` is the protocol position object."""

    id: str
    rules: tuple[str, ...]
    variant: str
    position: dict[str, Any]
    dice: tuple[int, int]
    title: Text
    caption: Text
    #: what a finished play shows, by its canonical text ("" for any other play)
    notes: dict[str, Text] = field(default_factory=dict)
    illegal: tuple[IllegalNote, ...] = ()


def _side(points: dict[int, int], bar: int = 0, first: bool = False) -> dict[str, Any]:
    return {"points": {str(p): n for p, n in points.items()}, "bar": bar, "first_turn": first}


def _pos(white: dict[str, Any], black: dict[str, Any]) -> dict[str, Any]:
    return {"turn": "white", "white": white, "black": black}


LONG_START = _pos(_side({24: 15}, first=True), _side({24: 15}, first=True))
BLOCK_WHITE = {8: 5, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2}

EXAMPLES: tuple[Example, ...] = (
    Example(
        "long-start",
        ("L-1", "L-HEAD-1", "G-6"),
        "long",
        LONG_START,
        (6, 5),
        Text("Длинные нарды: начало и голова", "Long nardy: the start and the head"),
        Text(
            "Все 15 шашек стоят на голове — пункт 24 справа вверху; голова соперника — "
            "ваш пункт 12, дом — пункты 1–6 справа внизу. С головы за ход можно снять "
            "только одну шашку, поэтому 6-5 играет одна шашка: 24/18/13 или "
            "24/19/13 — промежуточный пункт должен быть свободен.",
            "All 15 checkers stand on the head, point 24 top-right; the opponent's head is "
            "your point 12, your home is points 1–6 bottom-right. Only one checker may "
            "leave the head per turn, so one checker plays the whole 6-5: "
            "24/18/13 or 24/19/13 — the point in between must be open.",
        ),
        notes={
            "24/13": Text(
                "Верно: одна шашка с головы прошла оба числа.",
                "Right: one checker from the head played both numbers.",
            )
        },
        illegal=(
            IllegalNote(
                24,
                19,
                Text(
                    "Вторую шашку с головы снять нельзя: за ход с головы берут одну шашку"
                    ". Продолжите ход той же шашкой.",
                    "A second checker may not leave the head: one per turn. "
                    "Move the same checker on.",
                ),
                after=((24, 18),),
            ),
            IllegalNote(
                24,
                18,
                Text(
                    "Вторую шашку с головы снять нельзя.",
                    "A second checker may not leave the head.",
                ),
                after=((24, 19),),
            ),
        ),
    ),
    Example(
        "head-66",
        ("L-HEAD-2", "G-8"),
        "long",
        LONG_START,
        (6, 6),
        Text("Первый ход 6-6: две шашки с головы", "First turn 6-6: two checkers off the head"),
        Text(
            "Исключение первого хода: одна шашка с головы не может сыграть весь "
            "куш — после 24/18 пункт 12 занят головой соперника. Тогда с головы снимают "
            "вторую шашку: ход 24/18(2) вынужден, а две оставшиеся шестёрки пропадают.",
            "The first-turn exception: one checker off the head cannot play the "
            "whole double — after 24/18 point 12 is the opponent's head. So a second checker "
            "leaves the head: 24/18(2) is forced and the other two sixes are lost.",
        ),
        notes={
            "24/18(2)": Text(
                "Ход 24/18(2) — единственный: шестёрки с 18 упираются в голову соперника "
                "(пункт 12), поэтому две шестёрки пропадают.",
                "24/18(2) is the only play: a six from 18 runs into the opponent's head "
                "(point 12), so two sixes are lost.",
            )
        },
        illegal=(
            IllegalNote(
                18,
                12,
                Text(
                    "Пункт 12 — голова соперника, он закрыт. Поэтому одна шашка не сыграет "
                    "весь куш, и с головы можно снять вторую.",
                    "Point 12 is the opponent's head: it is blocked. So one checker cannot "
                    "play the whole double, and a second may leave the head.",
                ),
                after=((24, 18),),
            ),
            IllegalNote(
                18,
                12,
                Text(
                    "Пункт 12 — голова соперника: оставшиеся шестёрки сыграть нельзя, они "
                    "пропадают.",
                    "Point 12 is the opponent's head: the other sixes cannot be played and are "
                    "lost.",
                ),
                after=((24, 18), (24, 18)),
            ),
        ),
    ),
    Example(
        "head-33",
        ("L-HEAD-2",),
        "long",
        LONG_START,
        (3, 3),
        Text("Первый ход 3-3: два варианта", "First turn 3-3: two plays"),
        Text(
            "Одна шашка пройдёт 24/21/18/15, но четвёртая тройка привела бы её на пункт 12 "
            "— голову соперника. Поэтому можно снять вторую шашку с головы: "
            "допустимы ровно два хода — 24/15 24/21 и 24/18(2).",
            "One checker gets as far as 24/21/18/15, but a fourth 3 would take it to point "
            "12, the opponent's head. So a second checker may leave the head: "
            "exactly two plays are legal — 24/15 24/21 and 24/18(2).",
        ),
        notes={
            "24/18(2)": Text(
                "Две шашки по две тройки: 24/18(2).", "Two checkers, two threes each: 24/18(2)."
            ),
            "24/15 24/21": Text(
                "Одна шашка прошла три тройки, вторая — одну: 24/15 24/21.",
                "One checker took three threes, the other one: 24/15 24/21.",
            ),
        },
        illegal=(
            IllegalNote(
                15,
                12,
                Text(
                    "Пункт 12 — голова соперника. Четвёртую тройку играет вторая шашка с "
                    "головы: 24/21.",
                    "Point 12 is the opponent's head. The fourth 3 is played by a second "
                    "checker from the head: 24/21.",
                ),
                after=((24, 21), (21, 18), (18, 15)),
            ),
        ),
    ),
    Example(
        "block-closed",
        ("L-BLOCK",),
        "long",
        _pos(_side(BLOCK_WHITE), _side({24: 14, 19: 1})),
        (6, 1),
        Text("Заслон из шести пунктов запрещён", "A six-block is not allowed"),
        Text(
            "Белые держат пункты 6–2. Шашка на пункт 1 построила бы шесть пунктов подряд "
            "(6–1) на пути чёрных, а ни одна чёрная шашка этот заслон ещё не прошла — так "
            "нельзя. Попробуйте 8/2/1 или 2/1: движок их не даст.",
            "White holds points 6–2. A checker on point 1 would make six points in a row "
            "(6–1) on Black's path, and no black checker has passed them yet — that is not "
            "allowed. Try 8/2/1 or 2/1: the engine will not allow them.",
        ),
        notes={
            "": Text(
                "Ход допустим: заслона из шести пунктов нет.",
                "A legal play: there is no six-point block.",
            )
        },
        illegal=(
            IllegalNote(
                2,
                1,
                Text(
                    "Занять пункт 1 нельзя: пункты 6–1 стали бы заслоном из шести пунктов, а ни "
                    "одна чёрная шашка его ещё не прошла.",
                    "Point 1 may not be taken: points 6–1 would be a six-point block that no "
                    "black checker has passed yet.",
                ),
            ),
            IllegalNote(
                2,
                1,
                Text(
                    "Занять пункт 1 нельзя: пункты 6–1 стали бы заслоном из шести пунктов, а ни "
                    "одна чёрная шашка его ещё не прошла.",
                    "Point 1 may not be taken: points 6–1 would be a six-point block that no "
                    "black checker has passed yet.",
                ),
                after=((8, 2),),
            ),
        ),
    ),
    Example(
        "block-open",
        ("L-BLOCK",),
        "long",
        _pos(_side(BLOCK_WHITE), _side({24: 13, 19: 1, 10: 1})),
        (6, 1),
        Text(
            "Тот же заслон, когда шашка соперника прошла",
            "The same block once an opposing checker has passed",
        ),
        Text(
            "Та же позиция, но одна чёрная шашка уже ушла дальше заслона (ваш пункт 22 — "
            "его пункт 10). Теперь шесть пунктов подряд строить можно: 8/2/1 допустим"
            ".",
            "The same position, but one black checker has already passed the block (your "
            "point 22 — his point 10). Now six points in a row are allowed: 8/2/1 is legal"
            ".",
        ),
        notes={
            "8/1": Text(
                "Заслон 6–1 построен: чёрная шашка на вашем пункте 22 его уже прошла.",
                "The 6–1 block is built: the black checker on your point 22 has already passed it.",
            ),
            "": Text(
                "Ход допустим. Здесь можно было и занять пункт 1 (8/2/1).",
                "A legal play. Here point 1 could be taken too (8/2/1).",
            ),
        },
    ),
    Example(
        "bar",
        ("S-3",),
        "short",
        _pos(_side({13: 4, 8: 3, 6: 6}, bar=2), _side({13: 4, 8: 4, 6: 3, 5: 2, 3: 2})),
        (6, 4),
        Text("Бар: вход в дом соперника", "The bar: entering the opponent's home"),
        Text(
            "Две белые шашки на баре. Пока они там, другие шашки не ходят. Число n "
            "входит на ваш пункт 25−n: четвёрка — на 21 (открыт), шестёрка — на 19, но там "
            "три чёрные шашки. Входит одна шашка, шестёрка пропадает.",
            "Two white checkers are on the bar. While they are there nothing else moves"
            ". A number n enters on your point 25−n: the 4 on 21 (open), the 6 on 19 — "
            "but three black checkers hold it. One checker enters and the 6 is lost.",
        ),
        notes={
            "bar/21": Text(
                "bar/21 — единственный ход: шестёрка не входит, а вторая "
                "шашка всё ещё на баре, поэтому шестёрка пропадает.",
                "bar/21 is the only play: the 6 cannot enter and the other "
                "checker is still on the bar, so the 6 is lost.",
            )
        },
        illegal=(
            IllegalNote(
                25,
                19,
                Text(
                    "Пункт 19 (пункт 6 соперника) закрыт: на нём три чёрные шашки.",
                    "Point 19 (the opponent's 6 point) is blocked by three black checkers.",
                ),
            ),
            IllegalNote(
                13,
                7,
                Text(
                    "Пока на баре есть шашка, остальные шашки не ходят.",
                    "While a checker is on the bar no other checker may move.",
                ),
            ),
            IllegalNote(
                25,
                19,
                Text(
                    "Пункт 19 закрыт, а пока вторая шашка на баре, шестёрку играть нечем — она "
                    "пропадает.",
                    "Point 19 is blocked, and while the other checker is on the bar the 6 has "
                    "nothing to move — it is lost.",
                ),
                after=((25, 21),),
            ),
        ),
    ),
    Example(
        "bearoff-51",
        ("G-8", "G-10"),
        "short",
        _pos(_side({5: 1}), _side({13: 3, 12: 2})),
        (5, 1),
        Text("Выбрасывание: используйте оба числа", "Bearing off: use both numbers"),
        Text(
            "Последняя белая шашка на пункте 5, выпало 5-1. Выбросить её сразу пятёркой "
            "нельзя: правило требует сыграть оба числа, а это возможно — сначала "
            "5/4, затем 4/off.",
            "White's last checker is on point 5 and the roll is 5-1. Bearing it off at once "
            "with the 5 is not allowed: the rule asks for both numbers, and both can "
            "be played — first 5/4, then 4/off.",
        ),
        notes={
            "5/off": Text(
                "5/4/off: единица, затем пятёрка — оба числа сыграны.",
                "5/4/off: the 1, then the 5 — both numbers are played.",
            )
        },
        illegal=(
            IllegalNote(
                5,
                0,
                Text(
                    "Сразу 5/off — это одно число, а сыграть можно оба: сначала 5/4.",
                    "5/off at once uses one number, but both can be played: first 5/4.",
                ),
            ),
        ),
    ),
    Example(
        "bearoff-41",
        ("G-10",),
        "short",
        _pos(_side({3: 1, 2: 1, 1: 1}), _side({13: 3, 12: 2})),
        (4, 1),
        Text("Выбрасывание со старшего пункта", "Bearing off from the highest point"),
        Text(
            "Шашки на 3, 2 и 1, выпало 4-1. Четвёркой выбрасывают со старшего занятого "
            "пункта, потому что на пункте 4 и выше шашек нет. Проверка — в момент "
            "каждого хода: после 3/2 старший пункт — 2, и четвёрка выбрасывает шашку с него.",
            "Checkers on 3, 2 and 1, the roll is 4-1. The 4 bears off from the highest "
            "occupied point, as nothing stands on 4 or higher. The test is made at "
            "each move: after 3/2 the highest point is 2, and the 4 bears a checker off it.",
        ),
        notes={
            "3/off": Text(
                "3/2/off: после 3/2 старший пункт — 2, четвёрка выбросила шашку с него.",
                "3/2/off: after 3/2 the highest point is 2; the 4 bore a checker off it.",
            ),
            "": Text(
                "Ход допустим: четвёрка выбросила шашку со старшего пункта 3.",
                "A legal play: the 4 bore off the checker on the highest point, 3.",
            ),
        },
        illegal=(
            IllegalNote(
                2,
                0,
                Text(
                    "Четвёркой нельзя выбросить шашку с пункта 2, пока есть шашка выше — на "
                    "пункте 3.",
                    "The 4 may not bear off from point 2 while a checker stands higher, on "
                    "point 3.",
                ),
            ),
        ),
    ),
    Example(
        "larger-die",
        ("G-8",),
        "short",
        _pos(_side({24: 1, 3: 4, 2: 5, 1: 5}), _side({12: 2, 8: 3, 5: 5, 4: 5})),
        (6, 5),
        Text("Можно только одно число — играют большее", "Only one number: play the larger"),
        Text(
            "Ходит только шашка на 24 (остальные не могут, выбрасывать ещё нельзя). Любое "
            "одно число сыграть можно, оба — нет: пункт 13 закрыт. Тогда обязательно "
            "играть большее число — шестёрку.",
            "Only the checker on 24 can move (the others cannot, and bearing off is not "
            "allowed yet). Either number can be played but not both: point 13 is blocked. "
            "Then the larger one must be played — the 6.",
        ),
        notes={
            "24/18": Text(
                "24/18: сыграно большее число, пятёрка пропадает.",
                "24/18: the larger number is played; the 5 is lost.",
            )
        },
        illegal=(
            IllegalNote(
                24,
                19,
                Text(
                    "Пятёрку играть нельзя: после неё шестёрка тоже не сыграется (пункт 13 "
                    "закрыт), а из двух чисел, когда можно только одно, играют большее.",
                    "The 5 may not be played: the 6 could not follow (point 13 is blocked), and "
                    "when only one number can be played it must be the larger.",
                ),
            ),
            IllegalNote(
                18,
                13,
                Text(
                    "Пункт 13 закрыт (две чёрные шашки): пятёрка пропадает.",
                    "Point 13 is blocked (two black checkers): the 5 is lost.",
                ),
                after=((24, 18),),
            ),
        ),
    ),
    Example(
        "hit-and-hide",
        ("S-6", "S-2"),
        "short-ru",
        _pos(_side({13: 1, 8: 2, 2: 6, 1: 6}), _side({15: 1, 8: 2, 6: 4, 5: 3, 4: 3, 3: 2})),
        (3, 2),
        Text("Русские короткие: «убил — не прячься»", "Russian short nardy: no hit-and-hide"),
        Text(
            "Чёрный блот на вашем пункте 10. В русских коротких нардах шашка, которая "
            "побила, не может в тот же ход уйти на пункт со своими шашками: 13/10*/8 "
            "запрещён. Бить можно, но дальше она идёт только на свободный пункт — или "
            "вторым числом ходит другая шашка.",
            "A black blot stands on your point 10. In Russian short nardy a checker that hit "
            "may not, in the same turn, move on to a point holding its own checkers: "
            "13/10*/8 is not allowed. The hit is fine, but then the hitter may only go on to "
            "an empty point — or another checker plays the second number.",
        ),
        notes={
            "13/10* 8/6": Text(
                "Побили и оставили бьющую шашку на месте — так можно.",
                "Hit and left the hitter where it is — allowed.",
            ),
            "13/8": Text(
                "13/11/8 без боя — так можно: шашка не била.",
                "13/11/8 without a hit — allowed: the checker did not hit.",
            ),
            "": Text("Ход допустим.", "A legal play."),
        },
        illegal=(
            IllegalNote(
                10,
                8,
                Text(
                    "Шашка, которая только что побила, не может спрятаться к своим на пункт 8 "
                    "(русские короткие). В обычных коротких нардах 13/10*/8 разрешён.",
                    "The checker that has just hit may not hide among its own on point 8 "
                    "(Russian short nardy). In plain short nardy 13/10*/8 is allowed.",
                ),
                after=((13, 10),),
            ),
        ),
    ),
)

BY_ID = {ex.id: ex for ex in EXAMPLES}


def find_example(example_id: str) -> Example:
    """The example ``example_id``; ``UnknownExampleError`` names the known ids."""
    try:
        return BY_ID[example_id]
    except KeyError:
        known = ", ".join(BY_ID)
        raise UnknownExampleError(example_id, known) from None


def _parse_steps(text: str) -> tuple[Move, ...]:
    if len(text) > MAX_MOVES_TEXT:
        raise MalformedError("example-moves-too-long", max=MAX_MOVES_TEXT)
    return parse_moves(text) if text.strip() else ()


@dataclass
class _Turn:
    """The example's roll with the single steps made so far (each with its die)."""

    variant: Variant
    position: Position
    dice: tuple[int, ...]
    done: list[tuple[tuple[int, int, bool], int]] = field(default_factory=list)

    def next_steps(self) -> list[tuple[tuple[int, int, bool], int]]:
        return next_steps(self.variant, self.position, self.dice, self.done)

    def step(self, frm: int, to: int) -> None:
        """Make the single step frm→to with one die (the smallest that makes it)."""
        fits = sorted((d, raw) for raw, d in self.next_steps() if raw[:2] == (frm, to))
        if not fits:
            raise IllegalMoveError("example-step-illegal", move=str(Move(frm, to)))
        d, raw = fits[0]
        self.done.append((raw, d))

    @property
    def moves(self) -> list[Move]:
        return [Move(*raw) for raw, _ in self.done]

    def pending_position(self) -> Position:
        """The board after the steps made (mover's view)."""
        return moved(self.position, self.moves, self.variant.mapping)


def _turn(example: Example, steps: tuple[Move, ...]) -> _Turn:
    variant = find_variant(example.variant)
    d1, d2 = example.dice
    dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    turn = _Turn(variant, position_from_json(example.position, variant), dice)
    for step in steps:
        turn.step(step.frm, step.to)
    return turn


def _moves_json(moves: tuple[Move, ...] | list[Move]) -> list[list[Any]]:
    return [[m.frm, m.to, m.hit] for m in moves]


def summary(example: Example) -> dict[str, Any]:
    """What a list of examples shows: ids, rule ids, variant, dice and texts."""
    variant = find_variant(example.variant)
    return {
        "id": example.id,
        "rules": list(example.rules),
        "variant": example.variant,
        "variant_title": {"ru": variant.title_ru, "en": variant.title_en},
        "dice": list(example.dice),
        "title": example.title.json(),
        "caption": example.caption.json(),
    }


def example_list() -> list[dict[str, Any]]:
    """Every example's summary, in page order."""
    return [summary(ex) for ex in EXAMPLES]


def example_state(example_id: str, moves: str = "") -> dict[str, Any]:
    """The example after the single steps ``moves`` (e.g. ``"24/18 24/18"``): board in
    the mover's view, next legal steps, all legal plays of the roll, and the finished
    play with its note once the steps make a whole legal play.

    Raises ``UnknownExampleError`` for an unknown id and ``NardyError`` (malformed or
    illegal steps) for bad ``moves``.
    """
    example = find_example(example_id)
    turn = _turn(example, _parse_steps(moves))
    view = turn.position.turn
    nxt = turn.next_steps()
    targets: dict[str, list[int]] = {}
    for (frm, to, _hit), _d in sorted(nxt, reverse=True):
        if to not in targets.setdefault(str(frm), []):
            targets[str(frm)].append(to)
    legal = legal_plays(turn.variant, turn.position, example.dice)
    plays = [{"text": str(p), "moves": _moves_json(p.moves)} for p in legal]
    complete = bool(turn.done) and not nxt
    finished: dict[str, Any] | None = None
    if complete:
        play: Play = legal.find(tuple(turn.moves))
        note = example.notes.get(str(play)) or example.notes.get("")
        finished = {
            "text": str(play),
            "moves": _moves_json(play.moves),
            "note": note.json() if note else None,
        }
    return {
        **summary(example),
        "position": example.position,
        "view": view,
        "board": board_view(turn.variant.mapping, turn.pending_position(), view),
        "moves": _moves_json(turn.moves),
        "legal": {"targets": targets, "can_undo": bool(turn.done), "complete": complete},
        "plays": plays,
        "finished": finished,
        "illegal": [n.json() for n in example.illegal],
    }
