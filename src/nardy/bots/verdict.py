"""The cube verdict of a position: double or not, take or pass, and the equities —
money play (exact in small bear-offs) or at a match score — with the proper action by
name. One place for every caller: the engine's ``cube`` command, the cube advice of the
terminal and the web, and the analysis of a game."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nardy.bots.cube import efficiency, money_cube
from nardy.bots.match_cube import match_cube_equities
from nardy.eval import bearoff_cube
from nardy.position import Position
from nardy.variants import Variant


@dataclass(frozen=True)
class Away:
    """A match score from the side on roll: points each side still needs, whether the
    match plays the Crawford rule, and whether this game is the Crawford game."""

    me: int
    them: int
    crawford_rule: bool = True
    crawford_game: bool = False


def exact_cube(variant: Variant, position: Position, away: Away | None) -> bool:
    """Whether the cube equities of ``position`` are exact rather than modelled: money
    play in a bear-off the two-sided database covers (``nardy.eval.bearoff_cube``)."""
    return away is None and bearoff_cube.applies(variant, position)


def proper_action(double: str, take: str, equities: dict[str, float]) -> str:
    """The proper cube action in one word, as players name it: ``double-take``,
    ``double-pass``, ``double-beaver``, ``no-double`` (not good enough, or no access
    to the cube) or ``too-good`` (too good to double: playing on is worth more than
    the opponent's pass)."""
    if double == "double":
        return f"double-{take}"
    if take == "pass" and equities["no_double"] > equities["double_pass"]:
        return "too-good"
    return "no-double"


def cube_verdict(
    probs: np.ndarray,
    variant: Variant,
    owner: str,
    value: int,
    away: Away | None,
    position: Position,
    x: float | None = None,
) -> tuple[str, str, dict[str, float]]:
    """``(double or no-double, take / pass / beaver, equities)`` for the side on roll
    in ``position`` with ``probs``, the cube at ``value`` owned by ``owner``
    (centre/me/them): money play (``nardy.bots.cube.money_cube``: exact in small
    bear-offs), or at the match score ``away`` — cubeful match equities
    (``nardy.bots.match_cube``), no beavers, nobody doubles in the Crawford game
    (C-4). ``x`` overrides the position's cube efficiency
    (``nardy.bots.cube.efficiency``). Equities are per unit of the current cube."""
    if away is None:
        d = money_cube(probs, owner, variant, position, x)  # type: ignore[arg-type]
        return (
            d.action,
            d.take,
            {
                "no_double": float(d.no_double),
                "double_take": float(d.double_take),
                "double_pass": float(d.double_pass),
            },
        )
    x = efficiency(variant, position) if x is None else x
    nd, dt, dp = match_cube_equities(
        probs,
        away.me,
        away.them,
        value,
        owner,
        variant,
        crawford_rule=away.crawford_rule,
        crawford_game=away.crawford_game,
        x=x,
    )
    take = "take" if dt <= dp else "pass"
    # (nor with a dead cube: a game won at its value already wins the match, C-4)
    may_double = owner != "them" and not away.crawford_game and away.me > value
    action = "double" if may_double and min(dt, dp) > nd else "no-double"
    return (
        action,
        take,
        {"no_double": float(nd), "double_take": float(dt), "double_pass": float(dp)},
    )
