"""Self-play games at 0 ply, recorded as the sequence of positions before each roll."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nardy.bots.search import Search
from nardy.eval import Evaluator
from nardy.eval.boards import final_probs, invert
from nardy.position import CHECKERS, OFF, Position, other
from nardy.variants.base import Variant

#: Safety stop for pathological games (never reached in practice).
MAX_TURNS = 1000


@dataclass
class Trajectory:
    """One game: boards (T+1, 2, 26) and flags from each side on roll, the last one
    finished; ``final`` is its exact result from the last board's side on roll;
    ``variant`` names the rules it was played by (a run may mix variants)."""

    boards: np.ndarray
    first: np.ndarray
    final: np.ndarray
    variant: str

    def __len__(self) -> int:
        return len(self.boards) - 1


def _dice(rng: np.random.Generator) -> tuple[int, int]:
    d = rng.integers(1, 7, size=2)
    return int(d[0]), int(d[1])


def play_game(
    variant: Variant, evaluator: Evaluator, rng: np.random.Generator, *, explore: float = 0.0
) -> Trajectory:
    """Play one game against itself, greedily at 0 ply (``explore``: equity noise)."""
    search = Search(variant, evaluator, cache_size=1)
    pos = variant.start_position()
    boards = []
    firsts = []
    for _ in range(MAX_TURNS):
        boards.append((pos.mine, pos.theirs))
        firsts.append((pos.mine_first, pos.theirs_first))
        kids, kfirst = search.children(pos, _dice(rng))
        if len(kids) == 1:
            j = 0
        else:
            eq = search.equity(invert(evaluator.probs(kids, kfirst)))
            if explore > 0:
                eq = eq + rng.normal(0.0, explore, len(eq))
            j = int(np.argmax(eq))
        b = kids[j]
        pos = Position(
            tuple(int(x) for x in b[0]),
            tuple(int(x) for x in b[1]),
            other(pos.turn),
            bool(kfirst[j][0]),
            bool(kfirst[j][1]),
        )
        if pos.mine[OFF] == CHECKERS or pos.theirs[OFF] == CHECKERS:
            break
    boards.append((pos.mine, pos.theirs))
    firsts.append((pos.mine_first, pos.theirs_first))
    arr = np.array(boards, dtype=np.int16)
    final = final_probs(variant, arr[-1:])[0]
    return Trajectory(arr, np.array(firsts, dtype=bool), final, variant.name)
