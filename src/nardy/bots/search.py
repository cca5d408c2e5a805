"""n-ply expectimax over the 21 rolls with candidate filtering and a position cache.

Conventions (as gnubg's): the *0-ply* value of a position is the evaluator's output;
the *n-ply* value is the average over the 21 weighted rolls (``nardy.dice.ROLLS``) of
the value, for the side on roll, of its best play, where plays are first ranked by
their 0-ply value and the best few are re-evaluated at (n−1) ply. A play chosen "at
n ply" is the play whose resulting position has the best n-ply value. All values are
(5,) probability vectors; plays are compared by cubeless equity under the variant's
scoring (``nardy.eval.equity``), or by another linear *objective* of the probabilities
(a match score's equity, ``nardy.eval.match.match_objective``; single games only).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from nardy.dice import ROLLS
from nardy.eval import Evaluator, evaluator_for
from nardy.eval.boards import final_probs, invert
from nardy.eval.equity import tier_values
from nardy.movegen import legal_candidates
from nardy.movegen.compiled import fast_boards
from nardy.plays import Play, legal_plays
from nardy.position import CHECKERS, OFF, Color, Position, other
from nardy.variants.base import Variant


def money_objective(variant: Variant, gammons: bool = True) -> tuple[np.ndarray, float]:
    """``(weights, constant)`` of cubeless money equity, ``probs @ weights + constant``,
    under the variant's scoring; ``gammons=False``: single games only (2·P(win) − 1, as
    when the Jacoby rule leaves gammons out with the cube in the centre)."""
    if not gammons:
        return np.array([2.0, 0.0, 0.0, 0.0, 0.0]), -1.0
    v1, v2, v3 = tier_values(variant)
    # equity = w·(2v1) + wg·(v2−v1) + wbg·(v3−v2) − lg·(v2−v1) − lbg·(v3−v2) − v1
    return np.array([2 * v1, v2 - v1, v3 - v2, -(v2 - v1), -(v3 - v2)]), -v1


@dataclass(frozen=True)
class Filter:
    """Candidate filter: keep at most ``keep`` plays within ``margin`` equity of the best."""

    keep: int
    margin: float


#: Root filters before an n-ply evaluation (0-ply screen, then a 1-ply screen for 2+ ply).
ROOT_FILTERS: tuple[Filter, ...] = (Filter(8, 0.16), Filter(3, 0.06))
#: How many of the opponent's best 0-ply replies are looked at deeper inside the tree.
INNER_KEEP = 1

#: A node of the value cache: both boards, both first-turn flags, the plies searched.
_Key = tuple[tuple[int, ...], tuple[int, ...], bool, bool, int]


class SearchStopped(Exception):
    """Raised inside a search when its ``stop`` hook says so (a deadline passed, or
    the engine's ``stop`` command); the caller keeps the last depth that completed."""


@dataclass
class RankedPlay:
    """A legal play with its evaluation from the mover's side and the ply it got."""

    play: Play
    probs: np.ndarray
    equity: float
    plies: int


class Search:
    """Expectimax search for one variant and evaluator, with a cache of node values."""

    def __init__(
        self,
        variant: Variant,
        evaluator: Evaluator | None = None,
        *,
        cache_size: int = 100_000,
        inner_keep: int = INNER_KEEP,
        objective: tuple[np.ndarray, float] | None = None,
    ) -> None:
        self.variant = variant
        self.evaluator = evaluator or evaluator_for(variant)
        if objective is None:
            objective = money_objective(variant)
        self._eq = np.asarray(objective[0], dtype=float)
        self._eq0 = float(objective[1])
        self.cache: dict[_Key, np.ndarray] = {}
        self.cache_size = cache_size
        self.inner_keep = inner_keep
        inv = [0] * 26
        for p in range(1, 25):
            inv[variant.mapping[p]] = p
        inv[25] = 25
        self._inv = np.array(inv)
        self.nodes = 0
        #: Polled once per node expanded at 1 ply or more (0-ply work is never cut short).
        self.stop: Callable[[], bool] | None = None

    # -- helpers -------------------------------------------------------------------
    def equity(self, probs: np.ndarray) -> np.ndarray:
        """Cubeless equity of (…, 5) probabilities under the variant's scoring."""
        eq: np.ndarray = probs @ self._eq + self._eq0
        return eq

    def static(self, boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        """0-ply probabilities of a board batch (side on roll)."""
        self.nodes += len(boards)
        return self.evaluator.probs(boards, first)

    def children(self, position: Position, roll: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        """Boards (opponent on roll) after each legal play of ``roll``; a pass gives one."""
        fast = fast_boards(self.variant, position, roll[0], roll[1])
        if fast:
            boards = np.frombuffer(fast, dtype=np.int16).reshape(-1, 2, 26)
            first = np.zeros((len(boards), 2), dtype=bool)
            first[:, 0] = position.theirs_first
            return boards, first
        cands = legal_candidates(self.variant, position, roll[0], roll[1])
        f = (position.theirs_first, False)
        if not cands:
            boards = np.array([(position.theirs, position.mine)], dtype=np.int16)
        else:
            k = len(cands)
            flat = np.fromiter(
                chain.from_iterable(c.opp + c.mine for c in cands), dtype=np.int16, count=52 * k
            ).reshape(k, 2, 26)
            boards = np.empty_like(flat)
            boards[:, 0] = flat[:, 0, self._inv]
            boards[:, 1] = flat[:, 1]
        first = np.tile(np.array(f, dtype=bool), (len(boards), 1))
        return boards, first

    def _position(self, board: np.ndarray, first: np.ndarray, turn: Color) -> Position:
        return Position(
            tuple(int(x) for x in board[0]),
            tuple(int(x) for x in board[1]),
            turn,
            bool(first[0]),
            bool(first[1]),
        )

    def _remember(self, key: _Key, value: np.ndarray) -> None:
        if len(self.cache) >= self.cache_size:
            self.cache.clear()
        self.cache[key] = value

    # -- n-ply values ------------------------------------------------------------------
    def value(self, position: Position, plies: int) -> np.ndarray:
        """n-ply probabilities of ``position`` from the side on roll."""
        if position.mine[OFF] == CHECKERS or position.theirs[OFF] == CHECKERS:
            board = np.array([(position.mine, position.theirs)], dtype=np.int16)
            final: np.ndarray = final_probs(self.variant, board)[0]
            return final
        key: _Key = (
            position.mine,
            position.theirs,
            position.mine_first,
            position.theirs_first,
            plies,
        )
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        out: np.ndarray
        if plies <= 0:
            board = np.array([(position.mine, position.theirs)], dtype=np.int16)
            first = np.array([(position.mine_first, position.theirs_first)], dtype=bool)
            out = self.static(board, first)[0]
        else:
            out = self._expect(position, plies)
        self._remember(key, out)
        return out

    def _expect(self, position: Position, plies: int) -> np.ndarray:
        if self.stop is not None and self.stop():
            raise SearchStopped
        per_roll = [self.children(position, roll) for roll, _ in ROLLS]
        boards = np.concatenate([b for b, _ in per_roll])
        first = np.concatenate([f for _, f in per_roll])
        mover = invert(self.static(boards, first))  # from the side on roll now
        eq = self.equity(mover)
        total = np.zeros(5)
        start = 0
        turn = other(position.turn)
        for (_, weight), (b, f) in zip(ROLLS, per_roll, strict=True):
            stop = start + len(b)
            seg = eq[start:stop]
            if plies == 1:
                best = mover[start + int(np.argmax(seg))]
            else:
                order = np.argsort(-seg)[: self.inner_keep]
                best_eq = -np.inf
                best = mover[start + int(order[0])]
                for j in order:
                    child = self._position(b[j], f[j], turn)
                    val = invert(self.value(child, plies - 1))
                    e = float(self.equity(val))
                    if e > best_eq:
                        best_eq, best = e, val
            total += weight * best
            start = stop
        return total / 36.0

    # -- plays -----------------------------------------------------------------------
    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plies: int = 0,
        filters: Sequence[Filter] = ROOT_FILTERS,
        noise: float = 0.0,
        rng: np.random.Generator | None = None,
        *,
        settle: bool = False,
    ) -> list[RankedPlay]:
        """All legal plays, best first: every play at 0 ply, the filtered best deeper.

        ``noise`` adds a normal error of that standard deviation (in equity) to every
        evaluation (weak levels); an empty list means nothing can be played. When the
        filters leave a single play before ``plies`` is reached, that play is already the
        choice; ``settle`` still evaluates it at ``plies`` (for hints, which show it).
        """
        plays = list(legal_plays(self.variant, position, dice))
        if not plays:
            return []
        results = [p.after for p in plays]
        boards = np.array([(r.mine, r.theirs) for r in results], dtype=np.int16)
        first = np.array([(r.mine_first, r.theirs_first) for r in results], dtype=bool)
        probs = invert(self.static(boards, first))
        eq = self.equity(probs)
        if noise > 0:
            eq = eq + (rng or np.random.default_rng()).normal(0.0, noise, len(eq))
        ranked = [RankedPlay(p, probs[i], float(eq[i]), 0) for i, p in enumerate(plays)]
        ranked.sort(key=lambda r: -r.equity)
        for depth in range(1, plies + 1):
            filt = filters[min(depth - 1, len(filters) - 1)]
            top = ranked[0].equity
            n = 0
            for r in ranked:
                if n >= filt.keep or r.equity < top - filt.margin:
                    break
                n += 1
            head = ranked[:n]
            for r in head:
                r.probs = invert(self.value(r.play.after, depth))
                r.equity = float(self.equity(r.probs))
                if noise > 0:
                    r.equity += float((rng or np.random.default_rng()).normal(0.0, noise))
                r.plies = depth
            head.sort(key=lambda r: -r.equity)
            ranked = head + ranked[n:]
            if n <= 1 and not settle:
                break
        return ranked

    def best(self, position: Position, dice: tuple[int, int], plies: int = 0) -> RankedPlay | None:
        """The best play at ``plies`` (None when nothing can be played)."""
        ranked = self.rank(position, dice, plies)
        return ranked[0] if ranked else None
