"""Exact cubeful money equities of small bear-offs (a two-sided database).

When both sides have at most :data:`MAX_CHECKERS` checkers left, all on their home
points, the game is small enough to solve exactly *with the cube*. For every pair of
one-sided positions (ranks of :mod:`nardy.eval.bearoff`) and every cube state the
database holds the *no-double* equity of the side on roll — money play, per unit of the
current cube, before its roll, when it does not double now:

* ``centre`` — the cube in the middle;
* ``me`` — the side on roll owns the cube;
* ``them`` — its opponent owns the cube (the side on roll cannot double).

Doubling is worth ``2 × them`` to the doubler if taken, 1 if passed. Every roll is
played to maximise the cubeful equity, later doubles are given when they gain and taken
when taking costs less than the pass (no beavers in the continuation). Nobody wins a
gammon here: both sides have borne off. Janowski's model (:mod:`nardy.bots.cube`)
approximates these values; GNU Backgammon's two-sided bear-off database holds the same
ones.

Regenerate the shipped file with ``python -m nardy.eval.bearoff_cube build OUT``.
"""

from __future__ import annotations

import sys
from math import comb
from pathlib import Path

import numpy as np

from nardy.eval.bearoff import (
    POINTS,
    _single_moves,
    bearing_off,
    build_command,
    rank,
    unrank,
    uses_standard_bearoff,
)
from nardy.position import CHECKERS, OFF, Position
from nardy.variants.base import Variant

#: Checkers per side the shipped database covers.
MAX_CHECKERS = 6
#: Cube states, in the database's order.
STATES = ("centre", "me", "them")
#: Fixed-point scale of the stored equities (int16, equity × SCALE).
SCALE = 32767
#: The shipped file.
DATA_FILE = Path(__file__).parent / "data" / "bearoff-cube-short.npz"
#: The 21 rolls, high die first (the order of :func:`successors`), and their weights.
ROLLS = [(a, b) for a in range(1, 7) for b in range(1, a + 1)]
_WEIGHTS = np.array([1.0 if a == b else 2.0 for a, b in ROLLS]) / 36.0


def sides(max_checkers: int) -> int:
    """One-sided positions with at most ``max_checkers`` checkers (rank 0: none)."""
    return comb(max_checkers + POINTS, POINTS)


def _reach(moves: np.ndarray, start: np.ndarray, dice: list[int]) -> np.ndarray:
    """Ranks reached from each ``start`` moving one checker per die of ``dice`` in
    that order, every choice of checker: (N, 6 ** len(dice)), -1 where illegal."""
    reach = start[:, None]
    for d in dice:
        nxt = moves[np.where(reach >= 0, reach, 0), d - 1, :]  # (N, k, 6)
        reach = np.where((reach >= 0)[:, :, None], nxt, -1).reshape(len(start), -1)
    return reach


def successors(max_checkers: int) -> list[np.ndarray]:
    """Per roll, (positions, k): the distinct positions each one-sided position can
    reach with that roll, padded with -1. While checkers remain every die can be
    played (G-6–G-10), so a play always uses the whole roll; rank 0 reaches itself."""
    n = sides(max_checkers)
    moves = _single_moves(unrank(np.arange(n)), first_off=False)
    start = np.arange(n)
    out = []
    for a, b in ROLLS:
        dice = [[a] * 4] if a == b else [[a, b], [b, a]]
        reach = np.concatenate([_reach(moves, start, d) for d in dice], axis=1)
        rows = [np.unique(r[r >= 0]) for r in reach]
        padded = np.full((n, max(len(r) for r in rows)), -1, dtype=np.int64)
        for i, r in enumerate(rows):
            padded[i, : len(r)] = r
        out.append(padded)
    return out


def generate(max_checkers: int = MAX_CHECKERS) -> np.ndarray:
    """(3, n, n) float64 no-double equities ``[state, mine, theirs]`` (states in
    :data:`STATES` order) for every pair of one-sided positions of at most
    ``max_checkers`` checkers; entries of rank 0 (a side with none left) are 0."""
    n = sides(max_checkers)
    succ = successors(max_checkers)
    pips = unrank(np.arange(n)) @ np.arange(1, POINTS + 1)
    centre, me, them = 0, 1, 2
    after = (centre, them, me)  # the opponent's cube state when he is on roll next
    value = np.zeros((3, n, n))  # before the roll, after the cube action
    roll = np.zeros((3, n, n))  # before the roll, no double now
    mine, theirs = (g.ravel() for g in np.meshgrid(np.arange(1, n), np.arange(1, n), indexing="ij"))
    level = pips[mine] + pips[theirs]  # each play lowers it: solve upwards
    order = np.argsort(level, kind="stable")
    bounds = np.searchsorted(level[order], np.arange(level.max() + 2))
    flat = value.reshape(3, -1)
    for total in range(2, int(level.max()) + 1):
        pick = order[bounds[total] : bounds[total + 1]]
        a, b = mine[pick], theirs[pick]
        acc = np.zeros((3, len(pick)))
        for weight, nxt in zip(_WEIGHTS, succ, strict=True):
            s = nxt[a]  # (P, k): this roll's plays
            index = b[:, None] * n + np.maximum(s, 0)
            for state in (centre, me, them):
                v = np.where(s == 0, 1.0, -flat[after[state]][index])
                acc[state] += weight * np.where(s >= 0, v, -np.inf).max(axis=1)
        roll[:, a, b] = acc
        double = np.minimum(1.0, 2.0 * acc[them])
        value[centre, a, b] = np.maximum(acc[centre], double)
        value[me, a, b] = np.maximum(acc[me], double)
        value[them, a, b] = acc[them]
    return roll


def build(path: str | Path, max_checkers: int = MAX_CHECKERS) -> np.ndarray:
    """Generate the database and write it (int16 fixed point) as a compressed npz."""
    roll = generate(max_checkers)
    np.savez_compressed(
        path,
        equity=np.rint(roll * SCALE).astype(np.int16),
        scale=np.array(SCALE),
        max_checkers=np.array(max_checkers),
    )
    return roll


_CACHE: dict[str, np.ndarray] = {}


def load() -> np.ndarray:
    """The shipped database as float equities (read once and cached)."""
    if not _CACHE:
        with np.load(DATA_FILE, allow_pickle=False) as z:
            _CACHE["equity"] = z["equity"].astype(np.float64) / int(z["scale"])
    return _CACHE["equity"]


def applies(variant: Variant, position: Position) -> bool:
    """Whether the database prices ``position`` exactly: a variant that bears off as
    short nardy does (long nardy too, L-2) and scores a single game as one point, both
    sides bearing off (none on the bar or outside home) with 1..:data:`MAX_CHECKERS`
    checkers left."""
    if not uses_standard_bearoff(variant) or variant.scoring == "per-checker":
        return False
    return bearing_off(position) and all(
        0 < CHECKERS - side[OFF] <= MAX_CHECKERS for side in (position.mine, position.theirs)
    )


def cube_equities(position: Position, owner: str) -> tuple[float, float]:
    """``(no double, double/take)`` money equities of the side on roll per unit of the
    current cube, ``owner`` the cube's holder from its side (see :func:`applies`)."""
    table = load()
    a, b = (int(rank(np.array(s[1:7]))[0]) for s in (position.mine, position.theirs))
    them = STATES.index("them")
    return float(table[STATES.index(owner), a, b]), 2.0 * float(table[them, a, b])


def main(argv: list[str] | None = None) -> int:
    """``python -m nardy.eval.bearoff_cube build OUT [--max-checkers K]``."""
    return build_command(
        "python -m nardy.eval.bearoff_cube",
        "two-sided cubeful bear-off database",
        build,
        MAX_CHECKERS,
        argv,
    )


if __name__ == "__main__":
    sys.exit(main())
