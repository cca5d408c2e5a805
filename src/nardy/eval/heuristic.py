"""A documented hand-written evaluator (no training): the fallback opponent and the
long-nardy baseline player of the benchmarks.

From the side on roll it scores, per family:

* **race** — pip counts with the usual on-roll allowance (4 pips short, 6 long), as a
  normal approximation: ``z = (their pips − my pips + allowance) / sqrt(total pips)``;
* **short nardy** (contact only): blots within direct (1–6) or indirect (7–12) range of
  an opposing checker, weighted by the strength of the home board a hit checker must
  enter; made points in the home board and the 7–9 points; the longest prime; anchors in
  the opponent's home; checkers on the bar (both sides);
* **long nardy**: checkers still on the head after the opening, the longest block of
  occupied points in front of opposing checkers (each side), checkers brought home.

The score is mapped through a logistic to P(win); gammon/mars chances come from how far
the loser still is from bringing his checkers home compared with the winner's pips, and
the third tier (backgammon/koks) from loser checkers still deep in the winner's side.
"""

from __future__ import annotations

import numpy as np

from nardy.eval.boards import final_probs, finished_mask
from nardy.variants.base import Variant

_PTS = np.arange(26, dtype=float)
_PTS[25] = 25.0


def _sig(x: np.ndarray) -> np.ndarray:
    s: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(x, -30, 30)))
    return s


def _pips(side: np.ndarray) -> np.ndarray:
    pips: np.ndarray = side @ _PTS
    return pips


def _longest_run(occ: np.ndarray) -> np.ndarray:
    """Longest run of True along axis 1 of a bool (N, K) array."""
    run = np.zeros(len(occ))
    best = np.zeros(len(occ))
    for k in range(occ.shape[1]):
        run = np.where(occ[:, k], run + 1, 0)
        best = np.maximum(best, run)
    return best


def _gammons(
    w: np.ndarray, mine: np.ndarray, theirs: np.ndarray, long: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Gammon and third-tier chances for a win of ``mine`` over ``theirs``."""
    pts = np.arange(26, dtype=float)
    to_home = (theirs[:, 7:26] * (pts[7:26] - 6)).sum(1)  # pips he needs to get home
    my_pips = _pips(mine)
    none_off = theirs[:, 0] == 0
    if long:
        g = _sig((to_home + 3 - my_pips) / (0.8 * np.sqrt(my_pips + to_home + 1) + 1)) * none_off
    else:
        g = _sig((to_home + 40 - my_pips) / 30) * none_off
    deep = theirs[:, 19:26].sum(1) if not long else theirs[:, 19:25].sum(1)
    bg = g * _sig((deep * 12 - 0.4 * my_pips) / 10) * (deep > 0)
    return w * g, w * bg


def _short_score(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = len(a)
    # b's checkers in a's numbering: b point q is a's point 25-q; b's bar is a's 0.
    bA = np.zeros((n, 26))
    bA[:, 1:25] = b[:, 24:0:-1]
    bA[:, 0] = b[:, 25]
    aB = np.zeros((n, 26))
    aB[:, 1:25] = a[:, 24:0:-1]
    aB[:, 0] = a[:, 25]
    score = np.zeros(n)
    home_b = (b[:, 1:7] >= 2).sum(1)
    home_a = (a[:, 1:7] >= 2).sum(1)
    for me, opp, opp_home, sign, roll_w in ((a, bA, home_b, 1.0, 1.0), (b, aB, home_a, -1.0, 1.4)):
        occ = opp > 0
        shots = np.zeros(n)
        for p in range(1, 25):
            blot = me[:, p] == 1
            if not blot.any():
                continue
            near = occ[:, max(0, p - 6) : p].any(1)
            far = occ[:, max(0, p - 12) : max(0, p - 6)].any(1)
            w = np.where(near, 1.0, np.where(far, 0.35, 0.0)) * (0.5 + p / 24)
            shots += blot * w
        danger = 0.12 + 0.05 * opp_home
        score -= sign * roll_w * danger * shots
        made = me[:, 1:25] >= 2
        weights = np.array([0.1, 0.12, 0.14, 0.16, 0.18, 0.2, 0.16, 0.12, 0.08] + [0.03] * 15)
        score += sign * (made * weights).sum(1)
        prime = _longest_run(made[:, :18])
        score += sign * 0.12 * np.maximum(prime - 2, 0) ** 1.3
        score += sign * 0.08 * (me[:, 19:25] >= 2).sum(1)
        score -= sign * (0.25 + 0.1 * opp_home) * me[:, 25]
        score -= sign * 0.03 * np.maximum(me[:, 1:7].sum(1) - 9, 0)  # stripped/crunched
    return score


def _long_score(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    n = len(a)
    score = np.zeros(n)
    # Path order along which the *opponent* moves, in the side's own numbering.
    path = np.r_[np.arange(12, 0, -1), np.arange(24, 12, -1)]
    for me, opp, sign in ((a, b, 1.0), (b, a, -1.0)):
        occ = me[:, path] > 0
        run = _longest_run(occ)
        opp_behind = (opp[:, 13:25].sum(1) > 0).astype(float)
        score += sign * 0.12 * np.maximum(run - 2, 0) ** 1.4 * (0.4 + 0.6 * opp_behind)
        score += sign * 0.025 * (me[:, 1:25] > 0).sum(1)
        score -= sign * 0.04 * np.maximum(me[:, 24] - 3, 0) * (opp[:, 24] < 12)
        score += sign * 0.01 * me[:, 0:7].sum(1)
    return score


def heuristic_probs(variant: Variant, boards: np.ndarray) -> np.ndarray:
    """(N, 5) probabilities for a board batch, from the side on roll."""
    boards = np.asarray(boards)
    a = boards[:, 0].astype(float)
    b = boards[:, 1].astype(float)
    long = variant.family == "long"
    pa, pb = _pips(a), _pips(b)
    allowance = 6.0 if long else 4.0
    z = (pb - pa + allowance) / np.sqrt(pa + pb + 4.0)
    if long:
        pos = _long_score(a, b)
        contact = np.ones(len(a), dtype=bool)
    else:
        a_back = np.where(a[:, 1:26] > 0, np.arange(1, 26), 0).max(1)
        b_back = np.where(b[:, 1:26] > 0, np.arange(1, 26), 0).max(1)
        contact = a_back + b_back > 25
        pos = _short_score(a, b) * contact
    w = _sig(1.7 * z * (1.0 if long else 1.15) + pos)
    wg, wbg = _gammons(w, a, b, long)
    lg, lbg = _gammons(1.0 - w, b, a, long)
    if not long:
        race = ~contact
        wbg = np.where(race, 0.0, wbg)
        lbg = np.where(race, 0.0, lbg)
    probs = np.stack([w, wg, wbg, lg, lbg], axis=1)
    done = finished_mask(boards)
    if done.any():
        probs[done] = final_probs(variant, boards[done])
    return probs
