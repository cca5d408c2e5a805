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


def _table(tall: float) -> np.ndarray:
    n = np.arange(16, dtype=np.float32)
    return np.stack([n >= 1, n >= 2, n >= 3, np.maximum(n - 3, 0) / tall], axis=1).astype(
        np.float32
    )


_TABLES = {2.0: _table(2.0), 4.0: _table(4.0)}


def _unary(points: np.ndarray, tall: float) -> np.ndarray:
    """(N, 24) counts → (N, 96) truncated unary code: n≥1, n≥2, n≥3, (n−3)/tall."""
    return _TABLES[tall][points].reshape(len(points), 96)


_BACK = np.arange(1, 26)


def short_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 199) inputs for short-nardy boards (N, 2, 26)."""
    del first
    n = len(boards)
    out = np.empty((n, 199), dtype=np.float32)
    table = _TABLES[2.0]
    for s, base in ((0, 0), (1, 98)):
        side = boards[:, s]
        out[:, base : base + 96] = table[side[:, 1:25]].reshape(n, 96)
        out[:, base + 96] = side[:, 25] * 0.5
        out[:, base + 97] = side[:, 0] / 15.0
    out[:, 196:198] = (boards @ _PTS[:, None].astype(boards.dtype))[:, :, 0] / 167.0
    back = np.where(boards[:, :, 1:26] > 0, _BACK, 0).max(2)
    out[:, 198] = back[:, 0] + back[:, 1] > 25
    return out


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
