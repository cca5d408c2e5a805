"""Cubeful match equities: Janowski's interpolation at a match score (C-3, C-4).

As in money play (``nardy.bots.cube``), the cubeful match-winning chance of the side
on roll ("A", P(win) ``p``) is ``x·live(p) + (1−x)·dead(p)``, with cube efficiency
``x``. The gammon shares of wins and of losses are held at the position's, so every
value is a function of ``p`` alone:

* ``dead(p) = p·W(v) + (1−p)·L(v)``: the cubeless match-winning chance at cube ``v``
  (``W``/``L``: A's chance after winning/losing this game at ``v``, from the
  match-equity table, gammons included);
* ``live(p)`` is the perfectly efficient cube: piecewise linear through ``(0, L(v))``,
  ``(1 − cp_B, ME after B cashes v)`` when B may double, ``(cp_A, ME after A cashes
  v)`` when A may double, and ``(1, W(v))``.

The cash point ``cp_A(v)`` is where B is indifferent between passing a double to
``2v`` and taking it: taking, B owns ``2v``, and A's live chance is the line through
``(0, L(2v))``, ``(1 − cp_B(2v), ME after B cashes 2v)`` and ``(1, W(2v))`` — so cash
points are found from the highest useful cube down. An owner redoubles only while
winning the game at the cube does not already win him the match; beyond that the cube
is dead. In the Crawford game nobody may double (C-4), and a centred cube whose first
turn would kill it for both (2-away/2-away) has no later play: only the dead line
counts.

Measured against GNU Backgammon's 0-ply cube analysis on its own probabilities
(``bench/cube_gnubg.py``), this model with ``x = 0.76`` takes gnubg's decision in
99–100% of positions at money and at every score tried.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from nardy.bots.cube import EFFICIENCY_CONTACT
from nardy.eval.equity import tier_values
from nardy.eval.match import match_equity, post_crawford_after
from nardy.variants.base import Variant

#: Cube values beyond 2**DEEPEST are not followed (no table is that long).
DEEPEST = 12

Line = tuple[tuple[float, float], ...]


def _at(line: Line, p: float) -> float:
    """The piecewise-linear ``line`` (points by increasing p, from 0 to 1) at ``p``."""
    for (p0, y0), (p1, y1) in zip(line, line[1:], strict=False):
        if p <= p1:
            return y0 if p1 <= p0 else y0 + (y1 - y0) * (p - p0) / (p1 - p0)
    return line[-1][1]


def _where(line: Line, y: float) -> float:
    """The ``p`` at which the increasing ``line`` reaches ``y`` (clamped to 0..1)."""
    if y <= line[0][1]:
        return 0.0
    for (p0, y0), (p1, y1) in zip(line, line[1:], strict=False):
        if y <= y1:
            return p0 if y1 <= y0 else p0 + (p1 - p0) * (y - y0) / (y1 - y0)
    return 1.0


@dataclass(frozen=True)
class _Side:
    """One player's view: points he needs (``me``) and his opponent needs (``them``),
    the shares of his wins that are gammons and backgammons, of his losses the same."""

    me: int
    them: int
    win_g: float
    win_bg: float
    loss_g: float
    loss_bg: float
    post: bool
    tiers: tuple[float, float, float]

    @cached_property
    def other(self) -> _Side:
        return _Side(
            self.them,
            self.me,
            self.loss_g,
            self.loss_bg,
            self.win_g,
            self.win_bg,
            self.post,
            self.tiers,
        )

    def me_at(self, mine: float, theirs: float) -> float:
        return match_equity(int(mine), int(theirs), post_crawford=self.post)

    def win(self, v: int) -> float:
        """His match-winning chance after winning this game at cube ``v``."""
        t1, t2, t3 = self.tiers
        return (
            (1 - self.win_g - self.win_bg) * self.me_at(self.me - t1 * v, self.them)
            + self.win_g * self.me_at(self.me - t2 * v, self.them)
            + self.win_bg * self.me_at(self.me - t3 * v, self.them)
        )

    def loss(self, v: int) -> float:
        """His match-winning chance after losing this game at cube ``v``."""
        t1, t2, t3 = self.tiers
        return (
            (1 - self.loss_g - self.loss_bg) * self.me_at(self.me, self.them - t1 * v)
            + self.loss_g * self.me_at(self.me, self.them - t2 * v)
            + self.loss_bg * self.me_at(self.me, self.them - t3 * v)
        )

    def doubles(self, v: int) -> bool:
        """Whether he gains by doubling a cube at ``v``: winning at ``v`` does not yet
        win him the match."""
        return v < self.me and v < 1 << DEEPEST

    def first_double_kills(self, v: int) -> bool:
        """Whether both may double the centred cube at ``v`` but nobody could redouble
        after the first double (2-away/2-away): the one cube turn left is now or never,
        and there is no later cube play to interpolate — the cube counts as dead."""
        return (
            self.doubles(v)
            and self.other.doubles(v)
            and not self.doubles(2 * v)
            and not self.other.doubles(2 * v)
        )

    def cash(self, v: int) -> float:
        """His chance when his double from ``v`` is passed."""
        return self.me_at(self.me - v, self.them)

    def cash_point(self, v: int) -> float:
        """His P(win) from which the opponent should pass his double from ``v``."""
        return _where(self.live(2 * v, "them"), self.cash(v))

    def live(self, v: int, owner: str) -> Line:
        """His live-cube chance as a line in his P(win), the cube at ``v`` held by
        ``owner`` (centre / me / them)."""
        points = [(0.0, self.loss(v))]
        if owner == "centre" and self.first_double_kills(v):
            return (points[0], (1.0, self.win(v)))
        if owner in ("centre", "them") and self.other.doubles(v):
            points.append((1.0 - self.other.cash_point(v), self.other_cash(v)))
        if owner in ("centre", "me") and self.doubles(v):
            points.append((self.cash_point(v), self.cash(v)))
        points.append((1.0, self.win(v)))
        if any(b[0] < a[0] for a, b in zip(points, points[1:], strict=False)):
            points = [points[0], points[-1]]  # the windows cross: no live-cube gain
        return tuple(points)

    def other_cash(self, v: int) -> float:
        """His chance when he passes the opponent's double from ``v``."""
        return self.me_at(self.me, self.them - v)


def _side(
    probs: np.ndarray, away_me: int, away_them: int, variant: Variant | None, crawford_rule: bool
) -> tuple[_Side, float]:
    w, wg, wbg, lg, lbg = (float(x) for x in probs)
    w = min(max(w, 1e-9), 1.0 - 1e-9)
    side = _Side(
        away_me,
        away_them,
        max(wg - wbg, 0.0) / w,
        max(wbg, 0.0) / w,
        max(lg - lbg, 0.0) / (1 - w),
        max(lbg, 0.0) / (1 - w),
        post_crawford_after(away_me, away_them, crawford_rule),
        tier_values(variant),
    )
    return side, w


def cubeful_match_chance(
    probs: np.ndarray,
    away_me: int,
    away_them: int,
    cube: int = 1,
    owner: str = "centre",
    variant: Variant | None = None,
    *,
    crawford_rule: bool = True,
    crawford_game: bool = False,
    x: float = EFFICIENCY_CONTACT,
) -> float:
    """The side on roll's cubeful match-winning chance with cubeless ``probs``, the
    cube at ``cube`` held by ``owner`` (centre / me / them, from his side)."""
    side, p = _side(probs, away_me, away_them, variant, crawford_rule)
    dead = p * side.win(cube) + (1 - p) * side.loss(cube)
    if crawford_game:
        return dead
    return x * _at(side.live(cube, owner), p) + (1 - x) * dead


def match_cube_equities(
    probs: np.ndarray,
    away_me: int,
    away_them: int,
    cube: int = 1,
    owner: str = "centre",
    variant: Variant | None = None,
    *,
    crawford_rule: bool = True,
    crawford_game: bool = False,
    x: float = EFFICIENCY_CONTACT,
) -> tuple[float, float, float]:
    """Match equities (2·MWC − 1) of no double, double/take and double/pass for the
    side on roll with ``probs``, the cube at ``cube`` held by ``owner``; ``x = 0`` is
    the dead cube."""

    def chance(value: int, holder: str) -> float:
        return cubeful_match_chance(
            probs,
            away_me,
            away_them,
            value,
            holder,
            variant,
            crawford_rule=crawford_rule,
            crawford_game=crawford_game,
            x=x,
        )

    nd = chance(cube, owner)
    dt = chance(2 * cube, "them")
    dp = match_equity(
        away_me - cube,
        away_them,
        post_crawford=post_crawford_after(away_me, away_them, crawford_rule),
    )
    return 2 * nd - 1, 2 * dt - 1, 2 * dp - 1
