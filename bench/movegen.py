"""Legal-play generation speed: nardy (compiled and pure Python) against GNU Backgammon.

Collects positions with dice from seeded random games, then times, on the SAME
positions in the same run:

* nardy ``movegen.legal_candidates`` with the compiled generator (``nardy._fastgen``),
* the same function with ``NARDY_PURE_PYTHON=1`` (the pure-Python reference),
* gnubg's ``GenerateMoves`` through ``gnubg_nn.moves`` (short nardy = backgammon),

and long-nardy throughput for both nardy paths. Each measurement is repeated; the best
and the median are printed. It also checks that nardy and gnubg find the same number of
distinct plays for every short position.

    .venv/bin/python bench/movegen.py [--short 3000] [--long 1000] [--repeat 5] [--seed 1]

gnubg is a bench-only dependency: ``pip install "gnubg-nn==1.1.0a11"``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from nardy.movegen import compiled, legal_candidates, result_position
from nardy.position import BAR, Position
from nardy.variants import Variant, find_variant

Sample = tuple[Position, int, int]


class _PurePython:
    """Within the block ``legal_candidates`` takes the pure-Python path."""

    def __enter__(self) -> None:
        self.saved = os.environ.get("NARDY_PURE_PYTHON")
        os.environ["NARDY_PURE_PYTHON"] = "1"

    def __exit__(self, *exc: object) -> None:
        if self.saved is None:
            del os.environ["NARDY_PURE_PYTHON"]
        else:
            os.environ["NARDY_PURE_PYTHON"] = self.saved


def collect(variant: Variant, count: int, seed: int) -> list[Sample]:
    """``count`` positions with a roll each, from random games (random legal plays)."""
    rng = random.Random(seed)
    out: list[Sample] = []
    while len(out) < count:
        pos = variant.start_position()
        while len(out) < count and not pos.is_over():
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            out.append((pos, d1, d2))
            plays = legal_candidates(variant, pos, d1, d2)
            if plays:
                pos = result_position(variant, pos, rng.choice(plays))
            else:
                pos = pos.swap().with_flags(pos.theirs_first, False)
    return out


def gnubg_board(pos: Position) -> list[list[int]]:
    """gnubg's board ``[opp, me]``: 25 ints per side, index i = own point i+1, 24 = bar."""
    return [list(pos.theirs[1:BAR]) + [pos.theirs[BAR]], list(pos.mine[1:BAR]) + [pos.mine[BAR]]]


def timed(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, list[float]]:
    """Wall-clock seconds of ``repeat`` runs of each function, interleaved round by
    round so that every contender sees the same machine load."""
    out: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeat):
        for name, run in runs.items():
            t0 = time.perf_counter()
            run()
            out[name].append(time.perf_counter() - t0)
    return out


def nardy_run(variant: Variant, samples: Sequence[Sample]) -> Callable[[], object]:
    def run() -> None:
        for pos, d1, d2 in samples:
            legal_candidates(variant, pos, d1, d2)

    return run


def report(label: str, times: list[float], n: int) -> tuple[float, float]:
    """Print µs/position (best, median) and positions/s; return (best, median) µs."""
    best = min(times) / n * 1e6
    med = statistics.median(times) / n * 1e6
    print(
        f"  {label:<28} {best:8.2f} µs/position (median {med:8.2f})"
        f"  {1e6 / best:>10,.0f} positions/s"
    )
    return best, med


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--short", type=int, default=3000, help="short-nardy positions")
    ap.add_argument("--long", type=int, default=1000, help="long-nardy positions")
    ap.add_argument("--repeat", type=int, default=5, help="timing repetitions")
    ap.add_argument("--py-repeat", type=int, default=3, help="repetitions of the Python path")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)

    if not compiled.available():
        print(f"compiled generator unavailable: {compiled.unavailable_reason()}")
        print("build it with: .venv/bin/pip install -e '.[server,test]'  (needs a C compiler)")
    try:
        import gnubg_nn
    except ImportError:
        gnubg_nn = None
        print('gnubg_nn is not installed: pip install "gnubg-nn==1.1.0a11" (bench-only)')

    short = find_variant("short")
    samples = collect(short, args.short, args.seed)
    doubles = sum(d1 == d2 for _, d1, d2 in samples)
    on_bar = sum(p.mine[BAR] > 0 for p, _, _ in samples)
    print(
        f"short nardy: {len(samples)} positions from seeded random games "
        f"(seed {args.seed}; {doubles} doubles, {on_bar} with a checker on the bar)"
    )
    n = len(samples)
    runs: dict[str, Callable[[], object]] = {}
    if compiled.available():
        runs["nardy C (legal_candidates)"] = nardy_run(short, samples)
    if gnubg_nn is not None:
        boards = [(gnubg_board(p), d1, d2) for p, d1, d2 in samples]
        moves = gnubg_nn.moves

        def gnubg_run() -> None:
            for b, d1, d2 in boards:
                moves(b, d1, d2)

        runs["gnubg (gnubg_nn.moves)"] = gnubg_run
    best = {name: report(name, times, n) for name, times in timed(runs, args.repeat).items()}
    with _PurePython():
        python_runs = {"nardy pure Python": nardy_run(short, samples)}
        for name, times in timed(python_runs, args.py_repeat).items():
            best[name] = report(name, times, n)
    gnubg_us = best.get("gnubg (gnubg_nn.moves)")
    if gnubg_us is not None:
        for name, us in best.items():
            if name.startswith("nardy"):
                print(
                    f"  speed {name} / gnubg: {gnubg_us[0] / us[0]:.2f}x"
                    f" (medians: {gnubg_us[1] / us[1]:.2f}x)"
                )
        mismatch = [
            (p, d1, d2)
            for (p, d1, d2), (b, _, _) in zip(samples, boards, strict=True)
            if len(legal_candidates(short, p, d1, d2)) != len(moves(b, d1, d2))
        ]
        print(f"  positions where nardy and gnubg count different plays: {len(mismatch)} of {n}")
        for p, d1, d2 in mismatch[:3]:
            print(f"    {d1}-{d2} mine={p.mine} theirs={p.theirs}")

    long = find_variant("long")
    lsamples = collect(long, args.long, args.seed)
    first = sum(p.mine_first for p, _, _ in lsamples)
    print(
        f"long nardy: {len(lsamples)} positions from seeded random games "
        f"({first} first-turn positions)"
    )
    ln = len(lsamples)
    lbest: dict[str, tuple[float, float]] = {}
    if compiled.available():
        for name, times in timed({"nardy C": nardy_run(long, lsamples)}, args.repeat).items():
            lbest[name] = report(name, times, ln)
    with _PurePython():
        python_runs = {"nardy pure Python": nardy_run(long, lsamples)}
        for name, times in timed(python_runs, args.py_repeat).items():
            lbest[name] = report(name, times, ln)
    if len(lbest) == 2:
        speedup = lbest["nardy pure Python"][0] / lbest["nardy C"][0]
        print(f"  speed-up C / pure Python: {speedup:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
