"""The position object of the engine protocol and game records (DESIGN.md).

Each side is written in its own numbering::

    {"turn": "white",
     "white": {"points": {"24": 14, "18": 1}, "bar": 0, "off": 0, "first_turn": false},
     "black": {"points": {"24": 15}, "bar": 0, "off": 0, "first_turn": true}}

``off`` may be omitted: checkers not placed on the board or the bar count as off.
"""

from __future__ import annotations

from typing import Any

from nardy.errors import InvalidPositionError, MalformedError
from nardy.position import BAR, CHECKERS, OFF, Position, other
from nardy.variants.base import Variant


def side_to_json(side: tuple[int, ...], first_turn: bool) -> dict[str, Any]:
    """One side as ``{"points": …, "bar": …, "off": …, "first_turn": …}``."""
    return {
        "points": {str(p): side[p] for p in range(24, 0, -1) if side[p]},
        "bar": side[BAR],
        "off": side[OFF],
        "first_turn": first_turn,
    }


def position_to_json(position: Position) -> dict[str, Any]:
    """The protocol's position object."""
    them = other(position.turn)
    return {
        "turn": position.turn,
        position.turn: side_to_json(position.mine, position.mine_first),
        them: side_to_json(position.theirs, position.theirs_first),
    }


_POINTS = {str(p): p for p in range(1, 25)}


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPositionError("position-count-not-int", where=what, value=repr(value))
    if value < 0:
        raise InvalidPositionError("position-count-negative", where=what, value=value)
    return value


def _side_from_json(obj: Any, color: str) -> tuple[tuple[int, ...], bool]:
    if not isinstance(obj, dict):
        raise MalformedError("position-side-not-object", color=color)
    unknown = set(obj) - {"points", "bar", "off", "first_turn"}
    if unknown:
        raise MalformedError("position-side-unknown", color=color, fields=sorted(unknown))
    side = [0] * 26
    points = obj.get("points", {})
    if not isinstance(points, dict):
        raise MalformedError("position-points-not-object", color=color)
    for key, n in points.items():
        # The keys are written "1".."24": int() would also read " 5", "1_0" and the
        # digits of other scripts.
        p = _POINTS.get(key, 0) if isinstance(key, str) else 0
        if not p:
            shown = repr(key) if len(repr(key)) <= 24 else f"{repr(key)[:20]}…"
            raise InvalidPositionError("position-json-point", color=color, point=shown)
        side[p] = _count(n, f"position.{color}.points.{key}")
    side[BAR] = _count(obj.get("bar", 0), f"position.{color}.bar")
    placed = sum(side)
    if "off" in obj:
        side[OFF] = _count(obj["off"], f"position.{color}.off")
    else:
        side[OFF] = max(0, CHECKERS - placed)
    total = sum(side)
    if total != CHECKERS:
        raise InvalidPositionError("position-side-total", color=color, n=CHECKERS, total=total)
    first = obj.get("first_turn", False)
    if not isinstance(first, bool):
        raise MalformedError("position-first-turn", color=color)
    return tuple(side), first


def position_from_json(obj: Any, variant: Variant | None = None) -> Position:
    """Read a protocol position object; with ``variant`` also check the game's rules."""
    if not isinstance(obj, dict):
        raise MalformedError("position-not-object")
    turn = obj.get("turn")
    if turn not in ("white", "black"):
        raise MalformedError("position-json-turn", turn=repr(turn))
    unknown = set(obj) - {"turn", "white", "black"}
    if unknown:
        raise MalformedError("position-unknown", fields=sorted(unknown))
    for color in ("white", "black"):
        if color not in obj:
            raise MalformedError("position-side-missing", color=color)
    mine, mine_first = _side_from_json(obj[turn], turn)
    theirs, theirs_first = _side_from_json(obj[other(turn)], other(turn))
    position = Position(mine, theirs, turn, mine_first, theirs_first)
    if variant is not None:
        variant.validate(position)
    return position
