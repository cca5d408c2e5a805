"""Exact one-sided bear-off database for short nardy (backgammon bear-off, G-6–G-10).

A *one-sided position* is one side's checkers on its points 1..6 — at most 15 of them,
the rest borne off: C(21, 6) = 54,264 positions. For each the database holds two
distributions of a number of rolls (index n = exactly n rolls):

* ``bearoff``: rolls until all checkers are off, the side playing each roll to minimise
  the expected number of rolls (gnubg's one-sided convention);
* ``first_off``: rolls until the first checker is off, played to minimise that
  expectation (for gammon chances; meaningful for a side with none off).

Ranks use the combinatorial number system: with ``s_i = c_1 + … + c_i`` (``c_p`` the
checkers on point p) the separators ``b_i = s_i + i - 1`` (i = 1..6) strictly increase
within 0..20 and ``rank = Σ C(b_i, i)``. The positions with at most k checkers are
exactly ranks ``0 .. C(k+6, 6) - 1``; rank 0 is the empty position.

Regenerate the shipped file with ``python -m nardy.eval.bearoff build OUT``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from math import comb
from pathlib import Path

import numpy as np

from nardy.eval.boards import LOSE_G, WIN, WIN_G, bearoff_mask
from nardy.position import BAR, CHECKERS, OFF, Position
from nardy.variants import find_variant
from nardy.variants.base import Variant

#: Home points of one side.
POINTS = 6
#: Number of one-sided positions, C(21, 6).
POSITIONS = comb(CHECKERS + POINTS, POINTS)
#: Fixed-point scale of the stored probabilities (uint16).
SCALE = 65535
#: The shipped file.
DATA_FILE = Path(__file__).parent / "data" / "bearoff-short.npz"
#: Variant fields that change how dice are used or checkers borne off; a variant whose
#: values equal those of ``short`` bears off like backgammon.
BEAROFF_FIELDS: tuple[str, ...] = (
    "exact_bearoff",
    "home_moves",
    "doubles_sequence",
    "crazy_moves_per_double",
    "reroll_on_full_double",
    "pass_unplayed",
    "unstartable_double_passes",
    "sequence_stops_home",
    "extra_double_on_entry",
    "last_roll_draw",
)

# _BINOM[n, k] = C(n, k) for n < 22, k <= 6.
_BINOM = np.array(
    [[comb(n, k) for k in range(POINTS + 1)] for n in range(CHECKERS + POINTS + 1)],
    dtype=np.int64,
)
# The 21 rolls: (die 1, die 2, probability), dice high first.
_ROLLS: tuple[tuple[int, int, float], ...] = tuple(
    (a, b, (1 if a == b else 2) / 36) for a in range(1, 7) for b in range(1, a + 1)
)
_MAX_ROLLS = 64  # generation width; the longest real distribution is far shorter


def uses_standard_bearoff(variant: Variant) -> bool:
    """True when the variant bears off and uses its dice as short nardy (backgammon)
    does, so that the database's roll distributions are exact for it. Long nardy bears
    off by the same rule (L-2, G-10), and once both sides are home nothing else of its
    rules (head, blocks) can apply."""
    short = find_variant("short")
    return all(getattr(variant, f) == getattr(short, f) for f in BEAROFF_FIELDS)


# -- ranking --------------------------------------------------------------------------
def rank(counts: np.ndarray) -> np.ndarray:
    """Ranks (int64) of a batch of one-sided positions, ``counts`` of shape (N, 6):
    checkers on points 1..6, each row summing to at most 15."""
    c = np.asarray(counts, dtype=np.int64).reshape(-1, POINTS)
    b = np.cumsum(c, axis=1) + np.arange(POINTS)
    if len(c) and (c.min() < 0 or b[:, -1].max() > CHECKERS + POINTS - 1):
        raise ValueError("a one-sided position holds 0..15 checkers on points 1..6")
    result: np.ndarray = _BINOM[b, np.arange(1, POINTS + 1)].sum(axis=1)
    return result


def unrank(ranks: np.ndarray) -> np.ndarray:
    """Counts (N, 6) of the positions with the given ranks (inverse of :func:`rank`)."""
    r = np.asarray(ranks, dtype=np.int64).reshape(-1).copy()
    if len(r) and (r.min() < 0 or r.max() >= POSITIONS):
        raise ValueError(f"ranks are 0..{POSITIONS - 1}")
    b = np.empty((len(r), POINTS), dtype=np.int64)
    for i in range(POINTS, 0, -1):
        col = _BINOM[:, i]  # non-decreasing in n
        bi = np.searchsorted(col, r, side="right") - 1
        b[:, i - 1] = bi
        r -= col[bi]
    s = b - np.arange(POINTS)
    return np.diff(s, axis=1, prepend=0)


# -- generation -----------------------------------------------------------------------
def _single_moves(counts: np.ndarray, first_off: bool) -> np.ndarray:
    """``T[i, d-1, s-1]``: the rank of ``counts[i]`` after moving one checker from
    point s with die d (G-6, G-10), or -1 when illegal. With ``first_off`` a move
    bearing a checker off leads to rank 0 (the goal). The empty position maps to
    itself (for the roll's remaining dice)."""
    n = len(counts)
    table = np.full((n, POINTS, POINTS), -1, dtype=np.int64)
    above = np.zeros((n, POINTS), dtype=np.int64)  # above[:, s-1]: checkers above s
    for s in range(1, POINTS + 1):
        above[:, s - 1] = counts[:, s:].sum(axis=1)
    for d in range(1, POINTS + 1):
        for s in range(1, POINTS + 1):
            ok = counts[:, s - 1] > 0
            if s < d:  # bear off with a larger die only from the highest point
                ok &= above[:, s - 1] == 0
            after = counts.copy()
            after[:, s - 1] -= 1
            if s > d:
                after[:, s - d - 1] += 1
            target = rank(after[ok])
            if first_off and s <= d:
                target[:] = 0
            table[ok, d - 1, s - 1] = target
    empty = counts.sum(axis=1) == 0
    table[empty] = -1
    table[empty, :, 0] = 0
    return table


def _solve(counts: np.ndarray, pips: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Roll distributions (M, _MAX_ROLLS) to reach rank 0 under ``table``'s moves,
    each roll played to minimise the expected number of rolls."""
    m = len(counts)
    expect = np.zeros(m)
    dist = np.zeros((m, _MAX_ROLLS))
    dist[0, 0] = 1.0
    # best[k][d]: (value, final rank) of the best k further moves of die d from a rank
    best_val = np.zeros((4, POINTS, m))
    best_fin = np.zeros((4, POINTS, m), dtype=np.int64)
    best_fin[0] = np.arange(m)
    order = np.argsort(pips, kind="stable")
    bounds = np.searchsorted(pips[order], np.arange(pips.max() + 2))
    for level in range(1, pips.max() + 1):
        idx = order[bounds[level] : bounds[level + 1]]
        if not len(idx):
            continue
        # best k-move continuations from this level (k = 1..3), from lower levels
        for d in range(POINTS):
            moves = table[idx, d, :]
            valid = moves >= 0
            safe = np.where(valid, moves, 0)
            for k in range(1, 4):
                val = np.where(valid, best_val[k - 1, d][safe], np.inf)
                arg = np.argmin(val, axis=1)
                pick = safe[np.arange(len(idx)), arg]
                best_val[k, d, idx] = val[np.arange(len(idx)), arg]
                best_fin[k, d, idx] = best_fin[k - 1, d][pick]
            # best_val[0] is the expectation itself, set below
        acc_e = np.zeros(len(idx))
        acc_d = np.zeros((len(idx), _MAX_ROLLS))
        rows = np.arange(len(idx))
        for a, b, prob in _ROLLS:
            # a double: the first move, then the best 3 more of the same number
            options = [(a, 3)] if a == b else [(a, b), (b, a)]
            vals, fins = [], []
            for first, rest in options:
                moves = table[idx, first - 1, :]
                valid = moves >= 0
                safe = np.where(valid, moves, 0)
                if a == b:
                    v, f = best_val[rest, a - 1][safe], best_fin[rest, a - 1][safe]
                else:
                    v, f = best_val[1, rest - 1][safe], best_fin[1, rest - 1][safe]
                vals.append(np.where(valid, v, np.inf))
                fins.append(f)
            val = np.concatenate(vals, axis=1)
            fin = np.concatenate(fins, axis=1)
            arg = np.argmin(val, axis=1)
            final = fin[rows, arg]
            acc_e += prob * expect[final]
            acc_d += prob * dist[final]
        expect[idx] = 1.0 + acc_e
        dist[idx, 1:] = acc_d[:, :-1]
        if acc_d[:, -1].any():
            raise RuntimeError("roll distribution longer than the generation width")
        best_val[0][:, idx] = expect[idx]
    return dist


def _quantise(dist: np.ndarray) -> np.ndarray:
    """uint16 fixed point (``SCALE``), each row summing to exactly ``SCALE``."""
    q = np.rint(dist * SCALE).astype(np.int64)
    short = SCALE - q.sum(axis=1)
    top = np.argmax(q, axis=1)
    q[np.arange(len(q)), top] += short
    width = int(np.nonzero(q.any(axis=0))[0].max()) + 1
    result: np.ndarray = q[:, :width].astype(np.uint16)
    return result


def generate(max_checkers: int = CHECKERS) -> dict[str, np.ndarray]:
    """The database for all positions of at most ``max_checkers`` checkers (ranks
    ``0 .. C(max_checkers+6, 6) - 1``): uint16 arrays ``bearoff`` and ``first_off``
    of shape (positions, rolls), probabilities times ``SCALE``."""
    if not 0 <= max_checkers <= CHECKERS:
        raise ValueError(f"max_checkers is 0..{CHECKERS}")
    m = comb(max_checkers + POINTS, POINTS)
    counts = unrank(np.arange(m))
    pips = counts @ np.arange(1, POINTS + 1)
    out: dict[str, np.ndarray] = {}
    for name, first_off in (("bearoff", False), ("first_off", True)):
        out[name] = _quantise(_solve(counts, pips, _single_moves(counts, first_off)))
    return out


def build(path: str | Path, max_checkers: int = CHECKERS) -> dict[str, np.ndarray]:
    """Generate the database and write it as a compressed npz file."""
    db = generate(max_checkers)
    np.savez_compressed(
        path,
        bearoff=db["bearoff"],
        first_off=db["first_off"],
        scale=np.array(SCALE),
        points=np.array(POINTS),
        max_checkers=np.array(max_checkers),
    )
    return db


# -- lookup ---------------------------------------------------------------------------
_CACHE: dict[str, np.ndarray] = {}


def load(path: str | Path | None = None) -> dict[str, np.ndarray]:
    """The shipped database (read once and cached), or the file at ``path``."""
    if path is not None:
        with np.load(path, allow_pickle=False) as z:
            return {k: z[k] for k in z.files}
    if not _CACHE:
        _CACHE.update(load(DATA_FILE))
    return _CACHE


def bearing_off(position: Position) -> bool:
    """Whether both sides of ``position`` have every checker still in play on their
    points 1..6 (none outside home, none on the bar)."""
    return not any(position.mine[7 : BAR + 1]) and not any(position.theirs[7 : BAR + 1])


def _dist(table: np.ndarray, counts: np.ndarray, width: int) -> np.ndarray:
    rows = table[rank(counts)].astype(np.float64) / SCALE
    out = np.zeros((len(rows), width))
    out[:, : rows.shape[1]] = rows
    return out


def bearoff_probs(boards: np.ndarray) -> np.ndarray:
    """(N, 5) probabilities from the side on roll for bear-off boards
    (:func:`bearoff_mask`): exact roll distributions of both sides, each side bearing
    off to minimise its expected rolls (and, for the gammon tiers, its rolls to the
    first checker off). Backgammon tiers are 0: no checker can be in the winner's home."""
    b = np.asarray(boards)
    if not len(b):
        return np.zeros((0, 5))
    if not bearoff_mask(b).all():
        raise ValueError("bearoff_probs takes bear-off positions only (see bearoff_mask)")
    db = load()
    width = max(db["bearoff"].shape[1], db["first_off"].shape[1]) + 1
    me, opp = b[:, 0, 1:7], b[:, 1, 1:7]
    p_me, p_opp = _dist(db["bearoff"], me, width), _dist(db["bearoff"], opp, width)
    g_me, g_opp = _dist(db["first_off"], me, width), _dist(db["first_off"], opp, width)

    def at_least(p: np.ndarray) -> np.ndarray:  # [:, n] = P(X >= n)
        result: np.ndarray = 1.0 - np.cumsum(p, axis=1) + p
        return result

    out = np.zeros((len(b), 5))
    # I roll first: my n-th roll comes before his n-th, so I win when n_me <= n_opp.
    out[:, WIN] = (p_me * at_least(p_opp)).sum(axis=1)
    out[:, WIN_G] = (p_me * at_least(g_opp)).sum(axis=1) * (b[:, 1, OFF] == 0)
    # He wins a gammon when he finishes before my first checker is off: n_opp < g_me.
    out[:, LOSE_G] = (p_opp * (1.0 - np.cumsum(g_me, axis=1))).sum(axis=1) * (b[:, 0, OFF] == 0)
    out = np.clip(out, 0.0, 1.0)
    out[:, WIN_G] = np.minimum(out[:, WIN_G], out[:, WIN])
    out[:, LOSE_G] = np.minimum(out[:, LOSE_G], 1.0 - out[:, WIN])
    return out


def expected_rolls(counts: np.ndarray, first_off: bool = False) -> np.ndarray:
    """Expected rolls to bear off all checkers (or the first) of one-sided positions."""
    table = load()["first_off" if first_off else "bearoff"]
    rows = table[rank(counts)].astype(np.float64) / SCALE
    result: np.ndarray = rows @ np.arange(rows.shape[1])
    return result


# -- command line ---------------------------------------------------------------------
def build_command(
    prog: str,
    what: str,
    build_to: Callable[[Path, int], object],
    default_max: int,
    argv: list[str] | None,
) -> int:
    """``python -m PROG build OUT [--max-checkers K]``: run ``build_to(OUT, K)`` and
    report the file written."""
    parser = argparse.ArgumentParser(prog=prog)
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("build", help=f"generate the {what}")
    cmd.add_argument("out", type=Path)
    cmd.add_argument("--max-checkers", type=int, default=default_max)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    build_to(args.out, args.max_checkers)
    took = time.perf_counter() - start
    print(f"wrote {args.out} ({args.out.stat().st_size:,} bytes) in {took:.1f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m nardy.eval.bearoff build OUT [--max-checkers K]``."""
    return build_command(
        "python -m nardy.eval.bearoff", "one-sided bear-off database", build, CHECKERS, argv
    )


if __name__ == "__main__":
    sys.exit(main())
