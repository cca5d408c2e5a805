"""The fields of an engine request, each read, type-checked and range-checked in one
place (``docs/protocol.md`` lists them): every reader raises :class:`MalformedError`
naming the field, or the core's own ``NardyError`` for a position or a variant.

Shared by the plain commands (``nardy.engine.commands``) and the bot commands
(``nardy.engine.bots``); ``nardy.commands.hint`` reads its ``match``/``cube`` setting
with the same readers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from nardy.bots import LEVEL_SPECS, level_spec
from nardy.bots.verdict import Away
from nardy.errors import MalformedError
from nardy.eval.match import table_length
from nardy.notation.position_json import position_from_json, position_to_json
from nardy.plays import Move, format_moves
from nardy.position import Position
from nardy.variants import Variant, find_variant

#: Level used when a request names none.
DEFAULT_LEVEL = "strongest"
#: Largest cube value: 2^12, gnubg's limit too; a power of two, as doubling makes it.
MAX_CUBE = 1 << 12
#: Deepest search ``rank`` may ask for.
MAX_PLIES = 3
#: Longest variant or level name read.
MAX_NAME_CHARS = 64


def is_int(value: Any) -> bool:
    """An integer that is not a boolean (JSON ``true`` is not 1 here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(request: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    """``request[key]`` (``default`` when absent): an integer in ``low..high``."""
    value = request.get(key, default)
    if not is_int(value) or not low <= value <= high:
        raise MalformedError(f"{key} must be an integer {low}..{high}, not {value!r}")
    return int(value)


def request_variant(request: dict[str, Any]) -> Variant:
    """The request's ``variant`` (default short) with its rule ``options`` applied."""
    name = request.get("variant", "short")
    if not isinstance(name, str) or len(name) > MAX_NAME_CHARS:
        raise MalformedError(f"variant must be a name of at most {MAX_NAME_CHARS} characters")
    variant = find_variant(name)
    options = request.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise MalformedError("options must be an object of rule options")
    return variant.with_options(**options) if options else variant


def request_position(request: dict[str, Any], variant: Variant) -> Position:
    """The request's ``position`` object, checked against the variant's rules."""
    if "position" not in request:
        raise MalformedError("missing field 'position'")
    return position_from_json(request["position"], variant)


def _die(value: Any, field: str) -> int:
    if not is_int(value) or not 1 <= value <= 6:
        raise MalformedError(f"{field}: a die shows 1..6, not {value!r}")
    return int(value)


def request_dice(request: dict[str, Any]) -> tuple[int, int]:
    """The request's ``dice``: two numbers 1..6."""
    dice = request.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise MalformedError("dice must be a list of two numbers 1..6, e.g. [6, 5]")
    return _die(dice[0], "dice"), _die(dice[1], "dice")


def request_segment(request: dict[str, Any]) -> tuple[int, ...]:
    """The request's ``segment``: the dice of one turn segment, 1 to 4 numbers 1..6."""
    seg = request.get("segment")
    if not isinstance(seg, list) or not 1 <= len(seg) <= 4:
        raise MalformedError("segment must be a list of 1 to 4 dice, e.g. [5, 5, 5, 5]")
    return tuple(_die(d, "segment") for d in seg)


def request_level(request: dict[str, Any]) -> str:
    """The request's ``level`` (0..5 or a name; default strongest) as a level name."""
    level = request.get("level", DEFAULT_LEVEL)
    top = len(LEVEL_SPECS) - 1
    if isinstance(level, str) and len(level) <= MAX_NAME_CHARS or is_int(level):
        try:
            return level_spec(level).name
        except ValueError as exc:
            raise MalformedError(str(exc)) from None
    raise MalformedError(f"level must be 0..{top} or a level name")


def point_json(p: int) -> int | str:
    """A point as the protocol writes it: 1..24, "bar" or "off"."""
    return "bar" if p == 25 else "off" if p == 0 else p


def play_to_json(
    moves: Iterable[tuple[int, int, bool]] | Iterable[Move], after: Position | None
) -> dict[str, Any]:
    """A play as the protocol writes it: moves, canonical text and resulting position."""
    mv = [m if isinstance(m, Move) else Move(*m) for m in moves]
    return {
        "moves": [[point_json(m.frm), point_json(m.to)] for m in mv],
        "text": format_moves(mv),
        "position": position_to_json(after) if after is not None else None,
    }


def bool_field(obj: dict[str, Any], key: str, default: bool, where: str = "") -> bool:
    """``obj[key]`` (``default`` when absent), which must be true or false; ``where``
    prefixes the field's name in the error (``match.``)."""
    value = obj.get(key, default)
    if not isinstance(value, bool):
        raise MalformedError(f"{where}{key} must be true or false")
    return value


def max_match_length() -> int:
    """Longest match the engine scores: the published match-equity table's size (25).
    Longer matches would be scored by the table's extrapolation alone, and its cost
    grows with the length (a length of 20,000 took minutes, 1,000,000 ran out of
    memory)."""
    return table_length()


def match_away(request: dict[str, Any], position: Position) -> Away | None:
    """The match score of the request's ``match`` from the side on roll, or None for
    money play; a malformed score is a ``MalformedError``."""
    match = request.get("match")
    if match is None:
        return None
    if not isinstance(match, dict):
        raise MalformedError("match must be an object {length, score}")
    crawford_rule = bool_field(match, "crawford", True, "match.")
    crawford_game = bool_field(match, "crawford_game", False, "match.")
    longest = max_match_length()
    length = match.get("length", 0)
    if not is_int(length) or not 0 <= length <= longest:
        raise MalformedError(
            f"match.length must be an integer 0..{longest} (0: money play), not {length!r}"
        )
    if length == 0:
        return None
    score = match.get("score", {"white": 0, "black": 0})
    if isinstance(score, list) and len(score) == 2:
        score = {"white": score[0], "black": score[1]}
    if not isinstance(score, dict) or set(score) != {"white", "black"}:
        raise MalformedError("match.score must be {white: n, black: n} or [white, black]")
    for v in score.values():
        if not is_int(v) or not 0 <= v < length:
            raise MalformedError(f"match.score values must be 0..{length - 1}, not {v!r}")
    me = position.turn
    them = "black" if me == "white" else "white"
    away = Away(length - score[me], length - score[them], crawford_rule, crawford_game)
    if crawford_game and (not crawford_rule or min(away.me, away.them) != 1):
        raise MalformedError(
            "match.crawford_game needs the Crawford rule and a player one point away (C-4)"
        )
    return away


def cube_state(request: dict[str, Any], position: Position) -> tuple[int, str, bool]:
    """Cube value, owner from the side on roll (centre/me/them), and whether the side
    on roll has just offered it."""
    cube = request.get("cube")
    if cube is None:
        cube = {}
    if not isinstance(cube, dict):
        raise MalformedError("cube must be an object {value, owner}")
    value = cube.get("value", 1)
    if not is_int(value) or not 1 <= value <= MAX_CUBE or value & (value - 1):
        raise MalformedError(f"cube.value must be a power of two 1..{MAX_CUBE}, not {value!r}")
    owner = cube.get("owner")
    if owner in (None, "centre", "center", "middle"):
        side = "centre"
    elif owner in ("white", "black"):
        side = "me" if owner == position.turn else "them"
    else:
        raise MalformedError("cube.owner must be null, 'white' or 'black'")
    offered = cube.get("offered_by")
    if offered not in (None, "white", "black"):
        raise MalformedError("cube.offered_by must be null, 'white' or 'black'")
    return int(value), side, offered == position.turn
