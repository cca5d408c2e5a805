"""Match equity: the chance to win a match from a score, and equity at a match score.

The table is computed, not shipped: a cubeless recursion over games between equal
players where a fraction ``GAMMON_RATE`` of wins are gammons (2 points) and the rest
single games, ``ME(a, b) = ½·[(1−g)·ME(a−1, b) + g·ME(a−2, b)] + ½·[(1−g)·ME(a, b−1)
+ g·ME(a, b−2)]`` with ``a``/``b`` the points each side still needs. It is close to
published tables at short scores and keeps every figure in one documented formula.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from nardy.eval.equity import tier_values
from nardy.variants.base import Variant

GAMMON_RATE = 0.26


@cache
def match_equity(away_me: int, away_them: int) -> float:
    """Probability that the side needing ``away_me`` points wins the match."""
    if away_me <= 0:
        return 1.0
    if away_them <= 0:
        return 0.0
    g = GAMMON_RATE
    win = (1 - g) * match_equity(away_me - 1, away_them) + g * match_equity(away_me - 2, away_them)
    lose = (1 - g) * match_equity(away_me, away_them - 1) + g * match_equity(away_me, away_them - 2)
    return 0.5 * win + 0.5 * lose


def match_winning_chance(
    probs: np.ndarray, away_me: int, away_them: int, cube: int = 1,
    variant: Variant | None = None,
) -> float:
    """Match-winning chance after this game, from its five probabilities."""
    w, wg, wbg, lg, lbg = (float(x) for x in probs)
    v1, v2, v3 = tier_values(variant)
    outcomes = (
        (w - wg, match_equity(away_me - int(v1 * cube), away_them)),
        (wg - wbg, match_equity(away_me - int(v2 * cube), away_them)),
        (wbg, match_equity(away_me - int(v3 * cube), away_them)),
        (1 - w - lg, match_equity(away_me, away_them - int(v1 * cube))),
        (lg - lbg, match_equity(away_me, away_them - int(v2 * cube))),
        (lbg, match_equity(away_me, away_them - int(v3 * cube))),
    )
    return sum(max(p, 0.0) * me for p, me in outcomes)
