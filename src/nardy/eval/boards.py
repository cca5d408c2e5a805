"""Positions as numpy boards, and the exact value of finished games.

A *board batch* is an int array of shape ``(N, 2, 26)``: row 0 is the side on roll,
row 1 the other side, each in its own numbering (index 1..24 points, 25 bar, 0 off),
exactly like ``Position.mine`` / ``Position.theirs``. Two further flags per position
(``first`` of shape ``(N, 2)``) carry the long-nardy first-turn state.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nardy.eval import compiled
from nardy.position import BAR, CHECKERS, OFF, Position
from nardy.variants.base import Variant

#: Indices of the five probabilities in every evaluation.
WIN, WIN_G, WIN_BG, LOSE_G, LOSE_BG = range(5)


def boards_from_positions(positions: Sequence[Position]) -> tuple[np.ndarray, np.ndarray]:
    """``(boards, first)`` arrays for a sequence of positions (side on roll first)."""
    boards = np.array([(p.mine, p.theirs) for p in positions], dtype=np.int16)
    first = np.array([(p.mine_first, p.theirs_first) for p in positions], dtype=bool)
    if not len(positions):
        boards = boards.reshape(0, 2, 26)
        first = first.reshape(0, 2)
    return boards, first


def invert(probs: np.ndarray) -> np.ndarray:
    """The same evaluations seen by the other side: (1-w, gl, bgl, gw, bgw)."""
    out = np.empty_like(probs)
    out[..., WIN] = 1.0 - probs[..., WIN]
    out[..., WIN_G] = probs[..., LOSE_G]
    out[..., WIN_BG] = probs[..., LOSE_BG]
    out[..., LOSE_G] = probs[..., WIN_G]
    out[..., LOSE_BG] = probs[..., WIN_BG]
    return out


def sanitize(probs: np.ndarray) -> np.ndarray:
    """Clip raw outputs into consistent probabilities: bg ≤ gammon ≤ win (each side)."""
    p = np.clip(probs, 0.0, 1.0)
    w = p[:, WIN]
    p[:, WIN_G] = np.minimum(p[:, WIN_G], w)
    p[:, WIN_BG] = np.minimum(p[:, WIN_BG], p[:, WIN_G])
    p[:, LOSE_G] = np.minimum(p[:, LOSE_G], 1.0 - w)
    p[:, LOSE_BG] = np.minimum(p[:, LOSE_BG], p[:, LOSE_G])
    result: np.ndarray = p
    return result


def impossible_tiers(variant: Variant, boards: np.ndarray, probs: np.ndarray) -> np.ndarray:
    """Zero the tiers that can no longer happen: no gammon/mars against a side that
    has borne off a checker; no backgammon/koks against a side with no checker left
    where it would count (long nardy: his points 19–24, which he never returns to;
    short nardy: his 19–24 and the bar, once no contact is left)."""
    p = probs
    a, b = boards[:, 0], boards[:, 1]
    p[:, WIN_G] *= b[:, OFF] == 0
    p[:, LOSE_G] *= a[:, OFF] == 0
    if variant.family == "long":
        p[:, WIN_BG] *= b[:, 19:25].sum(1) > 0
        p[:, LOSE_BG] *= a[:, 19:25].sum(1) > 0
    else:
        back = np.arange(1, 26)
        a_back = np.where(a[:, 1:26] > 0, back, 0).max(1)
        b_back = np.where(b[:, 1:26] > 0, back, 0).max(1)
        race = a_back + b_back <= 25
        p[:, WIN_BG] *= ~race | (b[:, 19:26].sum(1) > 0)
        p[:, LOSE_BG] *= ~race | (a[:, 19:26].sum(1) > 0)
    p[:, WIN_BG] = np.minimum(p[:, WIN_BG], p[:, WIN_G])
    p[:, LOSE_BG] = np.minimum(p[:, LOSE_BG], p[:, LOSE_G])
    return p


def finished_mask(boards: np.ndarray) -> np.ndarray:
    """Positions where one side has borne off all its checkers."""
    result: np.ndarray = (boards[:, 0, OFF] == CHECKERS) | (boards[:, 1, OFF] == CHECKERS)
    return result


def bearoff_mask(boards: np.ndarray) -> np.ndarray:
    """Rows of a board batch (N, 2, 26) where both sides have every remaining checker
    on their points 1..6 (none on the bar) and neither has finished."""
    b = np.asarray(boards)
    outside = b[:, :, 7 : BAR + 1].sum(axis=2)
    home = b[:, :, 1:7].sum(axis=2)
    result: np.ndarray = ((outside == 0) & (home > 0) & (b[:, :, OFF] < CHECKERS)).all(axis=1)
    return result


def settled(
    variant: Variant, boards: np.ndarray, raw: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Raw net outputs made consistent (:func:`sanitize`, :func:`impossible_tiers`), with
    the rows that are pure bear-offs (:func:`bearoff_mask`) and finished games
    (:func:`finished_mask`)."""
    if compiled.available():
        assert compiled.ext is not None
        p = np.array(raw, dtype=np.float64)
        race = np.empty(len(p), dtype=np.bool_)
        done = np.empty(len(p), dtype=np.bool_)
        compiled.ext.settle(
            np.ascontiguousarray(boards, dtype=np.int16), p, variant.family == "long", race, done
        )
        return p, race, done
    p = impossible_tiers(variant, boards, sanitize(np.array(raw, dtype=np.float64)))
    return p, bearoff_mask(boards), finished_mask(boards)


def final_probs(variant: Variant, boards: np.ndarray) -> np.ndarray:
    """Exact 0/1 'probabilities' of finished games, from the side on roll.

    Third tier: short nardy — backgammon (loser on the bar or in the winner's home,
    S-5); long nardy — koks (mars and a loser checker still in his points 19–24, C-2).
    """
    n = len(boards)
    out = np.zeros((n, 5))
    for i in range(n):
        a, b = boards[i, 0], boards[i, 1]
        if a[OFF] == CHECKERS:
            winner, loser, sign = a, b, 0
        elif b[OFF] == CHECKERS:
            winner, loser, sign = b, a, 1
        else:
            continue
        del winner
        gammon = loser[OFF] == 0
        if variant.family == "short":
            third = gammon and (loser[BAR] > 0 or loser[19:25].sum() > 0)
        else:
            third = gammon and loser[19:25].sum() > 0
        if sign == 0:
            out[i] = (1, gammon, third, 0, 0)
        else:
            out[i] = (0, 0, 0, gammon, third)
    return out
