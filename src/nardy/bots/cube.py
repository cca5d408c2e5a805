"""Cube decisions from cubeless probabilities (money play), Janowski's model.

Cubeful equity is interpolated between the *dead-cube* equity (the cubeless one) and
the *live-cube* equity of a perfectly efficient cube, with cube efficiency ``x``
(Janowski 1993; gnubg uses the same idea): ``E = x·E_live + (1−x)·E_dead``.

With ``W`` = average points won when winning and ``L`` = average points lost when
losing (gammons included), the live-cube take point is ``TP = (L − ½)/(W + L + ½)``
and the cash point ``CP = (L + 1)/(W + L + ½)``; live equity is piecewise linear in
P(win) between the points (−L at 0, −1 at TP, +1 at CP, W at 1), according to who owns
the cube. The side on roll doubles when doubling gains (``min(take, pass) > no
double``); the opponent takes when his equity after taking is at least −1 (the pass),
and beavers when it is positive.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from nardy.bots.resign import no_contact
from nardy.eval import bearoff_cube
from nardy.eval.bearoff import bearing_off
from nardy.eval.equity import tier_values
from nardy.position import Position
from nardy.variants.base import Variant

Owner = Literal["centre", "me", "them"]

#: Cube efficiency: contact positions keep more of the cube's value than races. 0.76
#: is calibrated: with it our decisions on gnubg's own probabilities are gnubg 0-ply's
#: in 99.5% of money positions (``bench/cube_gnubg.py``; 0.68, Janowski's textbook
#: figure, gives 93%).
EFFICIENCY_CONTACT = 0.76
#: A short-nardy race: ``0.6 + pips/400`` (the roller's pips) up to 0.8 at 80 pips and
#: beyond; a bear-off (every checker of both sides home): 0.6. Calibrated like the
#: contact figure, on races (``bench/cube_gnubg.py --race``): the efficiency with which
#: our no-double equity equals gnubg 0-ply's follows this line to ±0.02.
EFFICIENCY_RACE = 0.6
EFFICIENCY_RACE_MAX = 0.8
EFFICIENCY_RACE_PER_PIP = 1 / 400


def efficiency(variant: Variant, position: Position, contact: float | None = None) -> float:
    """The cube efficiency ``x`` for ``position``: in a short-nardy race it grows with
    the roller's pip count (a long race leaves more time to use the cube), else
    ``contact`` (default :data:`EFFICIENCY_CONTACT`)."""
    if variant.family == "short" and no_contact(variant, position):
        if bearing_off(position):
            return EFFICIENCY_RACE
        return min(
            EFFICIENCY_RACE + EFFICIENCY_RACE_PER_PIP * position.pips[0], EFFICIENCY_RACE_MAX
        )
    return EFFICIENCY_CONTACT if contact is None else contact


def _wl(probs: np.ndarray, variant: Variant | None) -> tuple[float, float, float]:
    v1, v2, v3 = tier_values(variant)
    w, wg, wbg, lg, lbg = (float(x) for x in probs)
    w = min(max(w, 1e-6), 1 - 1e-6)
    win_pts = v1 * w + (v2 - v1) * wg + (v3 - v2) * wbg
    loss_pts = v1 * (1 - w) + (v2 - v1) * lg + (v3 - v2) * lbg
    return w, win_pts / w, loss_pts / (1 - w)


def cubeful_equity(
    probs: np.ndarray, owner: Owner, x: float = EFFICIENCY_CONTACT, variant: Variant | None = None
) -> float:
    """Money equity per cube unit of the side on roll, cube ``owner`` from its side."""
    p, W, L = _wl(probs, variant)
    dead = p * (W + L) - L
    tp = (L - 0.5) / (W + L + 0.5)
    cp = (L + 1.0) / (W + L + 0.5)
    if owner == "centre":
        if p < tp:
            live = -L + (L - 1.0) * p / tp
        elif p <= cp:
            live = -1.0 + 2.0 * (p - tp) / (cp - tp)
        else:
            live = 1.0 + (W - 1.0) * (p - cp) / (1.0 - cp)
    elif owner == "me":
        live = -L + (L + 1.0) * p / cp if p <= cp else 1.0 + (W - 1.0) * (p - cp) / (1.0 - cp)
    else:
        live = -L + (L - 1.0) * p / tp if p < tp else -1.0 + (W + 1.0) * (p - tp) / (1.0 - tp)
    return x * live + (1.0 - x) * dead


@dataclass
class CubeDecision:
    """Equities (per current cube value, side on roll) and the right actions."""

    no_double: float
    double_take: float
    double_pass: float
    action: str  # no-double | double | (for the taker) take | pass | beaver
    take: str  # the opponent's right answer to a double: take | pass | beaver

    def as_dict(self) -> dict[str, object]:
        """JSON-ready summary."""
        return {
            "action": self.action,
            "take": self.take,
            "equities": {
                "no_double": round(self.no_double, 4),
                "double_take": round(self.double_take, 4),
                "double_pass": round(self.double_pass, 4),
            },
        }


def cube_decision(
    probs: np.ndarray,
    owner: Owner = "centre",
    *,
    variant: Variant | None = None,
    x: float = EFFICIENCY_CONTACT,
) -> CubeDecision:
    """The doubling decision of the side on roll with these cubeless probabilities.

    ``owner`` is who holds the cube now (the side on roll may double only from
    ``centre`` or ``me``); ``x`` is the cube efficiency (:func:`efficiency`).
    """
    nd = cubeful_equity(probs, owner, x, variant)
    return decide(nd, 2.0 * cubeful_equity(probs, "them", x, variant), owner)


def money_cube(
    probs: np.ndarray, owner: Owner, variant: Variant, position: Position, x: float | None = None
) -> CubeDecision:
    """The money-play doubling decision of the side on roll in ``position`` (its
    cubeless probabilities ``probs``): exact in small bear-offs
    (:mod:`nardy.eval.bearoff_cube`), else Janowski's model with the position's cube
    efficiency — or with ``x`` when given (then always the model)."""
    if x is None and bearoff_cube.applies(variant, position):
        return decide(*bearoff_cube.cube_equities(position, owner), owner)
    eff = efficiency(variant, position) if x is None else x
    return cube_decision(probs, owner, variant=variant, x=eff)


def decide(no_double: float, double_take: float, owner: str) -> CubeDecision:
    """The actions that follow from the no-double and double/take equities (per cube
    unit, the side on roll): double when both answers beat playing on, take when the
    taker loses less than the point he passes, beaver when he is the favourite."""
    dp = 1.0
    if -double_take > 0.0:
        take = "beaver"
    elif double_take <= dp:
        take = "take"
    else:
        take = "pass"
    may_double = owner in ("centre", "me")
    action = "double" if may_double and min(double_take, dp) > no_double else "no-double"
    return CubeDecision(no_double, double_take, dp, action, take)
