"""Network inputs per game family, computed for a whole board batch at once.

Both families use a Tesauro-style truncated unary code per point and side (the side
on roll first, each in its own numbering):

* short nardy — per point ``n≥1, n≥2, n≥3, (n−3)/2``; per side the bar ``/2`` and the
  checkers off ``/15``; then both pip counts ``/167`` and a *contact* flag (some
  checker still has to pass an opposing one). 199 inputs.
* long nardy — per point ``n≥1, n≥2, n≥3, (n−3)/4`` (stacks are tall in long nardy,
  point 24 is the head); per side the checkers off ``/15``, the first-turn flag (head
  exception), pips ``/360``, checkers at home ``/15``, checkers still on the head
  ``/15`` and the longest block of occupied points along the opponent's path ``/6``,
  which carries the six-block rule; then the pip difference ``/60``. 205 inputs.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

_PTS = np.arange(26, dtype=np.float32)

#: The opponent travels, in the side's own numbering, points 12..1 then 24..13.
_LONG_PATH = np.r_[np.arange(12, 0, -1), np.arange(24, 12, -1)]


def _unary(points: np.ndarray, tall: float) -> np.ndarray:
    """(N, 24) counts → (N, 96) truncated unary code."""
    n = points.astype(np.float32)
    out = np.empty((len(n), 24, 4), dtype=np.float32)
    out[:, :, 0] = n >= 1
    out[:, :, 1] = n >= 2
    out[:, :, 2] = n >= 3
    out[:, :, 3] = np.maximum(n - 3, 0) / tall
    return out.reshape(len(n), 96)


def short_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 199) inputs for short-nardy boards (N, 2, 26)."""
    del first
    b = boards.astype(np.float32)
    n = len(b)
    a_back = np.where(boards[:, 0, 1:26] > 0, np.arange(1, 26), 0).max(1)
    o_back = np.where(boards[:, 1, 1:26] > 0, np.arange(1, 26), 0).max(1)
    contact = (a_back + o_back > 25).astype(np.float32)
    parts = []
    for s in (0, 1):
        parts.append(_unary(boards[:, s, 1:25], 2.0))
        parts.append(b[:, s, 25:26] / 2.0)
        parts.append(b[:, s, 0:1] / 15.0)
    pips = b @ _PTS  # (N, 2)
    parts.append(pips / 167.0)
    parts.append(contact.reshape(n, 1))
    return np.concatenate(parts, axis=1)


def _longest_run(occ: np.ndarray) -> np.ndarray:
    run = np.zeros(len(occ), dtype=np.float32)
    best = np.zeros(len(occ), dtype=np.float32)
    for k in range(occ.shape[1]):
        run = np.where(occ[:, k], run + 1, 0)
        best = np.maximum(best, run)
    return best


def long_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 205) inputs for long-nardy boards (N, 2, 26)."""
    b = boards.astype(np.float32)
    n = len(b)
    parts = []
    pips = b @ _PTS
    for s in (0, 1):
        parts.append(_unary(boards[:, s, 1:25], 4.0))
        parts.append(b[:, s, 0:1] / 15.0)
        parts.append(first[:, s : s + 1].astype(np.float32))
        parts.append(pips[:, s : s + 1] / 360.0)
        parts.append(b[:, s, 0:7].sum(1, keepdims=True) / 15.0)
        parts.append(b[:, s, 24:25] / 15.0)
        parts.append(_longest_run(boards[:, s, _LONG_PATH] > 0).reshape(n, 1) / 6.0)
    parts.append(((pips[:, 1] - pips[:, 0]) / 60.0).reshape(n, 1))
    return np.concatenate(parts, axis=1)


FEATURES: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "short": short_features,
    "long": long_features,
}

_COUNTS = {"short": 199, "long": 205}


def feature_count(family: str) -> int:
    """Number of inputs of the family's networks."""
    return _COUNTS[family]
