"""Match equity: the chance to win a match from a score, and equity at a match score.

Figures come from the published Kazaross-XG2 table (Neil Kazaross, 2011, as shipped
by GNU Backgammon; ``data/met-kazaross-xg2.json`` keeps its notice): a pre-Crawford
table for scores up to 25-away each, whose 1-away row and column are the Crawford
game, and the post-Crawford chances of a trailer needing up to 25 points (C-4). The
published digits are used as they are: no smoothing, no rounding.

Beyond 25-away the table is extended by a cubeless recursion over games between equal
players where a fraction ``GAMMON_RATE`` of wins are gammons (2 points) and the rest
single games, ``ME(a, b) = ½·[(1−g)·ME(a−1, b) + g·ME(a−2, b)] + ½·[(1−g)·ME(a, b−1)
+ g·ME(a, b−2)]`` with ``a``/``b`` the points each side still needs. Wherever it
reaches a score the table covers it takes the published figure; a Crawford game beyond
the table leads to post-Crawford play, where the trailer doubles at once, ``PC(b) =
½·[(1−g)·PC(b−2) + g·PC(b−4)]`` for the trailer needing ``b`` (``PC(b ≤ 0) = 1``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from nardy.eval.equity import tier_values
from nardy.variants.base import Variant

#: Share of won games that are gammons in the recursion that extends the table.
GAMMON_RATE = 0.26
#: The published table (GNU Backgammon ``met/Kazaross-XG2.xml``, notice inside).
MET_FILE = Path(__file__).parent / "data" / "met-kazaross-xg2.json"


@cache
def met_table() -> dict[str, Any]:
    """The Kazaross-XG2 table as stored: ``pre_crawford`` (25×25), ``post_crawford``
    (25), ``length`` and the ``notice`` that travels with the figures."""
    table: dict[str, Any] = json.loads(MET_FILE.read_text(encoding="ascii"))
    n = table["length"]
    if len(table["pre_crawford"]) != n or any(len(r) != n for r in table["pre_crawford"]):
        raise ValueError(f"{MET_FILE.name}: pre_crawford must be {n}×{n}")
    if len(table["post_crawford"]) != n:
        raise ValueError(f"{MET_FILE.name}: post_crawford must have {n} entries")
    return table


def table_length() -> int:
    """The longest distance (points away) the published table covers."""
    return int(met_table()["length"])


def _rounded(size: int) -> int:
    """``size`` rounded up to a multiple of 32, so extensions are shared."""
    return -(-size // 32) * 32


@cache
def _post_crawford_extended(size: int) -> tuple[float, ...]:
    """Post-Crawford chances of a trailer needing ``0..size``: the table where it
    reaches, ``PC(b)`` of the module docstring beyond."""
    post = met_table()["post_crawford"]
    g = GAMMON_RATE
    pc = [1.0]
    for b in range(1, size + 1):
        if b <= len(post):
            pc.append(float(post[b - 1]))
        else:
            pc.append(0.5 * ((1 - g) * pc[b - 2] + g * pc[max(b - 4, 0)]))
    return tuple(pc)


def _post_crawford(away_trailer: int) -> float:
    """Chance that the trailer needing ``away_trailer`` wins against a 1-away leader
    after the Crawford game."""
    if away_trailer <= 0:
        return 1.0
    return _post_crawford_extended(_rounded(away_trailer))[away_trailer]


@cache
def _extended(size: int) -> np.ndarray:
    """``ME(a, b)`` before the Crawford game for ``0 ≤ a, b ≤ size``: the table where it
    reaches, the recursion of the module docstring elsewhere."""
    n = table_length()
    pre = met_table()["pre_crawford"]
    g = GAMMON_RATE
    me = np.zeros((size + 1, size + 1))
    me[0, 1:] = 1.0  # a side needing nothing has won
    me[0, 0] = np.nan  # no such score
    for a in range(1, size + 1):
        for b in range(1, size + 1):
            if a <= n and b <= n:
                me[a, b] = pre[a - 1][b - 1]
            elif a == 1:  # leader in the Crawford game: no cube, then post-Crawford
                me[a, b] = 0.5 + 0.5 * (
                    (1 - g) * (1 - _post_crawford(b - 1)) + g * (1 - _post_crawford(b - 2))
                )
            elif b == 1:
                me[a, b] = 0.5 * ((1 - g) * _post_crawford(a - 1) + g * _post_crawford(a - 2))
            else:
                win = (1 - g) * me[a - 1, b] + g * me[max(a - 2, 0), b]
                lose = (1 - g) * me[a, b - 1] + g * me[a, max(b - 2, 0)]
                me[a, b] = 0.5 * win + 0.5 * lose
    return me


def match_equity(away_me: int, away_them: int, *, post_crawford: bool = False) -> float:
    """Probability that the side needing ``away_me`` points wins the match against one
    needing ``away_them``.

    ``post_crawford``: the Crawford game has been played (or the match has no Crawford
    rule), so a side at 1-away faces a trailer free to double. It only matters when
    exactly one side is 1-away; otherwise a 1-away score is the Crawford game (C-4).
    """
    if away_me <= 0:
        return 1.0
    if away_them <= 0:
        return 0.0
    if post_crawford and away_me == 1:
        return 1.0 - _post_crawford(away_them)
    if post_crawford and away_them == 1:
        return _post_crawford(away_me)
    if away_me <= table_length() and away_them <= table_length():
        return float(met_table()["pre_crawford"][away_me - 1][away_them - 1])
    size = max(away_me, away_them)
    return float(_extended(_rounded(size))[away_me, away_them])


def post_crawford_after(away_me: int, away_them: int, crawford_rule: bool = True) -> bool:
    """Whether a 1-away score reached at the end of a game played at this score is
    post-Crawford: the game is the Crawford game or later (someone is already 1-away),
    or the match has no Crawford rule."""
    return not crawford_rule or min(away_me, away_them) == 1


def _outcome_equities(
    away_me: int, away_them: int, cube: int, variant: Variant | None, crawford_rule: bool
) -> tuple[float, ...]:
    """Match-winning chances after each outcome of this game: a single, gammon and
    backgammon win, then the same three losses."""
    v1, v2, v3 = tier_values(variant)
    post = post_crawford_after(away_me, away_them, crawford_rule)
    wins = tuple(
        match_equity(away_me - int(v * cube), away_them, post_crawford=post) for v in (v1, v2, v3)
    )
    losses = tuple(
        match_equity(away_me, away_them - int(v * cube), post_crawford=post) for v in (v1, v2, v3)
    )
    return wins + losses


def match_winning_chance(
    probs: np.ndarray,
    away_me: int,
    away_them: int,
    cube: int = 1,
    variant: Variant | None = None,
    *,
    crawford_rule: bool = True,
) -> float:
    """Match-winning chance after this game, from its five probabilities.

    ``crawford_rule``: whether the match plays the Crawford rule (C-4); with it, a
    1-away score reached from a score where nobody was 1-away is the Crawford game.
    """
    w, wg, wbg, lg, lbg = (float(x) for x in probs)
    shares = (w - wg, wg - wbg, wbg, 1 - w - lg, lg - lbg, lbg)
    equities = _outcome_equities(away_me, away_them, cube, variant, crawford_rule)
    return sum(max(p, 0.0) * e for p, e in zip(shares, equities, strict=True))


def match_objective(
    away_me: int,
    away_them: int,
    cube: int = 1,
    variant: Variant | None = None,
    *,
    crawford_rule: bool = True,
) -> tuple[np.ndarray, float]:
    """``(weights, constant)`` with ``probs @ weights + constant`` = 2·MWC − 1 (the
    match equity of :func:`match_winning_chance`) for consistent probabilities: the
    linear objective the checker play of a match maximises."""
    e1, e2, e3, e4, e5, e6 = _outcome_equities(away_me, away_them, cube, variant, crawford_rule)
    weights = 2.0 * np.array([e1 - e4, e2 - e1, e3 - e2, e5 - e4, e6 - e5])
    return weights, 2.0 * e4 - 1.0
