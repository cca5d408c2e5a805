"""A generated play as both generators return it (``Candidate``), and the position it
leads to. Shared by the pure-Python reference and the compiled generator, which builds
``Candidate`` objects itself."""

from __future__ import annotations

from dataclasses import dataclass

from nardy.position import BAR, OFF, Position
from nardy.variants.base import Variant

#: A single checker move: (from, to, hit). ``from`` 25 is the bar, ``to`` 0 is off.
RawMove = tuple[int, int, bool]
#: A play's result as the generators key it: (my checkers, the opponent's in my numbering).
ResultKey = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A rule-abiding sequence of checker moves and the dice it used."""

    moves: tuple[RawMove, ...]
    dice: tuple[int, ...]
    mine: tuple[int, ...]
    opp: tuple[int, ...]  # opponent's checkers in *my* numbering, index 25 = his bar


def result_position(variant: Variant, position: Position, cand: Candidate) -> Position:
    """The position after ``cand``, seen by the opponent (the turn passes)."""
    mapping = variant.mapping
    opp = cand.opp
    theirs = [0] * 26
    for p in range(1, 25):
        theirs[mapping[p]] = opp[p]
    theirs[BAR] = opp[BAR]
    theirs[OFF] = opp[OFF]
    return Position.trusted(
        tuple(theirs),
        cand.mine,
        "black" if position.turn == "white" else "white",
        position.theirs_first,
        False,
    )
