"""Speed: milliseconds per move choice at 0, 1 and 2 ply, ours beside gnubg's, on the
same positions and dice (sampled from 0-ply self-play, fixed seed).

    .venv/bin/python bench/speed.py --positions 100

Targets (issue 4): 0-ply ≤ 5 ms; 2-ply ≤ 2× gnubg's 2-ply time.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # single-threaded like gnubg

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from strength_short import GnubgPlayer, gnubg_board  # noqa: E402

from nardy.bots import Bot  # noqa: E402
from nardy.plays import legal_plays  # noqa: E402
from nardy.variants import find_variant  # noqa: E402


def sample_positions(n: int, seed: int):  # type: ignore[no-untyped-def]
    v = find_variant("short")
    bot = Bot(v, "advanced")
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        pos = v.start_position()
        for _ in range(200):
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            if len(legal_plays(v, pos, dice)) > 1 and rng.random() < 0.3:
                out.append((pos, dice))
            play = bot.choose(pos, dice)
            pos = pos.swap() if play is None else play.result
            if pos.is_over() or len(out) >= n:
                break
    return out


def timed(choose, cases) -> list[float]:  # type: ignore[no-untyped-def]
    times = []
    for pos, dice in cases:
        t = time.perf_counter()
        choose(pos, dice)
        times.append(1000 * (time.perf_counter() - t))
    return times


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=100)
    ap.add_argument("--plies", default="0,1,2")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    v = find_variant("short")
    cases = sample_positions(args.positions, args.seed)
    levels = {0: "advanced", 1: "expert", 2: "strongest"}
    print(f"{len(cases)} positions (short nardy), ms per move: mean / median / p90")
    for ply in (int(x) for x in args.plies.split(",")):
        ours = Bot(v, levels[ply])
        ours_t = timed(ours.choose, cases)
        g = GnubgPlayer(v, ply).g
        g_t = timed(
            lambda pos, dice, g=g, ply=ply: g.best_move(gnubg_board(pos), dice[0], dice[1], n=ply),
            cases,
        )

        def fmt(ts: list[float]) -> str:
            return (
                f"{statistics.mean(ts):7.2f} / {statistics.median(ts):7.2f} / "
                f"{np.percentile(ts, 90):7.2f}"
            )

        ratio = statistics.mean(ours_t) / statistics.mean(g_t)
        print(f"{ply}-ply  ours {fmt(ours_t)}   gnubg {fmt(g_t)}   ratio {ratio:.1f}×", flush=True)


if __name__ == "__main__":
    main()
