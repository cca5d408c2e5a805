"""Immutable board positions, stored from the point of view of the side to move.

Each side's checkers are kept in that side's own numbering (RULES.md G-2): a tuple of
26 counts where index 1..24 is the side's point 1..24, index ``BAR`` (25) is the bar
and index ``OFF`` (0) counts the checkers already borne off.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from nardy.errors import InvalidPositionError

Color = Literal["white", "black"]
WHITE: Color = "white"
BLACK: Color = "black"
OFF = 0
BAR = 25
CHECKERS = 15


def other(color: Color) -> Color:
    """The opposite colour."""
    return BLACK if color == WHITE else WHITE


def pip_count(side: tuple[int, ...]) -> int:
    """Pips a side needs to bear off everything (bar counts 25)."""
    return sum(i * n for i, n in enumerate(side))


@dataclass(frozen=True, slots=True)
class Position:
    """A position with ``mine`` (the side on roll) and ``theirs`` (the other side).

    ``turn`` is the colour on roll; ``mine_first``/``theirs_first`` say whether that
    side has not yet played in this game (long-nardy head exception, L-HEAD-2).
    """

    mine: tuple[int, ...]
    theirs: tuple[int, ...]
    turn: Color = WHITE
    mine_first: bool = False
    theirs_first: bool = False

    def __post_init__(self) -> None:
        for name in ("mine", "theirs"):
            side = getattr(self, name)
            if not isinstance(side, tuple):
                object.__setattr__(self, name, tuple(side))
                side = getattr(self, name)
            if len(side) != 26:
                raise InvalidPositionError("position-slots", side=name, got=len(side))
            for i, n in enumerate(side):
                if not isinstance(n, int) or n < 0:
                    raise InvalidPositionError("position-bad-count", side=name, slot=i)
            if sum(side) != CHECKERS:
                raise InvalidPositionError(
                    "position-checker-total", side=name, n=CHECKERS, found=sum(side)
                )
        if self.turn not in (WHITE, BLACK):
            raise InvalidPositionError("position-bad-turn", turn=repr(self.turn))

    @classmethod
    def trusted(
        cls,
        mine: tuple[int, ...],
        theirs: tuple[int, ...],
        turn: Color,
        mine_first: bool = False,
        theirs_first: bool = False,
    ) -> Position:
        """Build without validation: only for positions the engine itself derived."""
        obj = object.__new__(cls)
        setter = object.__setattr__
        setter(obj, "mine", mine)
        setter(obj, "theirs", theirs)
        setter(obj, "turn", turn)
        setter(obj, "mine_first", mine_first)
        setter(obj, "theirs_first", theirs_first)
        return obj

    def swap(self) -> Position:
        """The same position seen by the other side (the turn passes)."""
        return Position.trusted(
            self.theirs, self.mine, other(self.turn), self.theirs_first, self.mine_first
        )

    def with_flags(self, mine_first: bool, theirs_first: bool) -> Position:
        """A copy with other first-turn flags."""
        return Position.trusted(self.mine, self.theirs, self.turn, mine_first, theirs_first)

    @property
    def pips(self) -> tuple[int, int]:
        """Pip counts (side on roll, other side)."""
        return pip_count(self.mine), pip_count(self.theirs)

    @property
    def key(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """A stable key of the checker placement, ignoring turn flags."""
        return self.mine, self.theirs

    def side(self, color: Color) -> tuple[int, ...]:
        """Checkers of ``color`` in that side's own numbering."""
        return self.mine if color == self.turn else self.theirs

    def is_over(self) -> bool:
        """True when either side has borne off all its checkers."""
        return self.mine[OFF] == CHECKERS or self.theirs[OFF] == CHECKERS

    @staticmethod
    def from_points(
        mine: dict[int, int],
        theirs: dict[int, int],
        *,
        mine_bar: int = 0,
        theirs_bar: int = 0,
        turn: Color = WHITE,
        mine_first: bool = False,
        theirs_first: bool = False,
    ) -> Position:
        """Build a position from ``{point: count}`` maps; unplaced checkers count as off."""
        return Position(
            _side_from_points(mine, mine_bar, "mine"),
            _side_from_points(theirs, theirs_bar, "theirs"),
            turn,
            mine_first,
            theirs_first,
        )


def _side_from_points(points: dict[int, int], bar: int, name: str) -> tuple[int, ...]:
    side = [0] * 26
    for p, n in points.items():
        if not isinstance(p, int) or not 1 <= p <= 24:
            raise InvalidPositionError("position-bad-point", side=name, point=repr(p))
        side[p] += n
    side[BAR] = bar
    placed = sum(side)
    if placed > CHECKERS:
        raise InvalidPositionError("position-too-many", side=name, placed=placed, max=CHECKERS)
    side[OFF] = CHECKERS - placed
    return tuple(side)
