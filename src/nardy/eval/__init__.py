"""Position evaluation (the layer above the core): a batch of positions → (N, 5) probabilities.

The five numbers, from the side on roll: P(win), P(gammon/mars win), P(backgammon/koks
win), P(gammon/mars loss), P(backgammon/koks loss) — cumulative (a gammon is also a win).

``evaluator_for(variant)`` gives the family's shipped neural net, or the hand-written
heuristic when no weights are shipped (or when asked with ``kind="heuristic"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import numpy as np

from nardy.eval.boards import (
    LOSE_BG,
    LOSE_G,
    WIN,
    WIN_BG,
    WIN_G,
    boards_from_positions,
    final_probs,
    finished_mask,
    invert,
)
from nardy.eval.equity import money_equity, tier_values
from nardy.eval.heuristic import heuristic_probs
from nardy.position import Position
from nardy.variants.base import Variant

__all__ = [
    "WIN",
    "WIN_G",
    "WIN_BG",
    "LOSE_G",
    "LOSE_BG",
    "Evaluator",
    "HeuristicEvaluator",
    "evaluator_for",
    "evaluate_positions",
    "boards_from_positions",
    "invert",
    "money_equity",
    "tier_values",
]


class Evaluator(Protocol):
    """Anything that scores a board batch from the side on roll."""

    name: str

    def probs(self, boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        """(N, 5) probabilities for boards (N, 2, 26) and first-turn flags (N, 2)."""
        ...


class HeuristicEvaluator:
    """The hand-written evaluator of :mod:`nardy.eval.heuristic`."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.name = f"heuristic-{variant.family}"

    def probs(self, boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        """(N, 5) probabilities from the side on roll."""
        del first
        return heuristic_probs(self.variant, boards)


def _finish(variant: Variant, boards: np.ndarray, probs: np.ndarray) -> np.ndarray:
    done = finished_mask(boards)
    if done.any():
        probs = probs.copy()
        probs[done] = final_probs(variant, boards[done])
    return probs


@lru_cache(maxsize=32)
def evaluator_for(variant: Variant, kind: str = "best") -> Evaluator:
    """The evaluator for a variant: ``"best"`` (shipped net, else heuristic),
    ``"net"`` (shipped net; raises if none), ``"heuristic"``."""
    if kind == "heuristic":
        return HeuristicEvaluator(variant)
    if kind not in ("best", "net"):
        raise ValueError(f"unknown evaluator kind {kind!r} (best, net, heuristic)")
    from nardy.eval.net import load_shipped

    net = load_shipped(variant)
    if net is None:
        if kind == "net":
            raise FileNotFoundError(f"no shipped network for {variant.family} nardy")
        return HeuristicEvaluator(variant)
    return net


def evaluate_positions(
    variant: Variant, positions: Sequence[Position], evaluator: Evaluator | None = None
) -> np.ndarray:
    """(N, 5) probabilities of positions from the side on roll (finished games exact)."""
    ev = evaluator or evaluator_for(variant)
    boards, first = boards_from_positions(positions)
    if not len(boards):
        return np.zeros((0, 5))
    return _finish(variant, boards, ev.probs(boards, first))
