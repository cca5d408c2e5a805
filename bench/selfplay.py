"""Self-play speed: games a second of training's self-play (``nardy.train.selfplay``) with
the shipped net's weights in float32, as training's workers now play, against the same
weights in float64, as they played before; the same seeds, in this run, one process.

    .venv/bin/python bench/selfplay.py --games 100
    .venv/bin/python bench/selfplay.py --variant long --games 100
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

import numpy as np

from nardy.eval.net import NetEvaluator, load_shipped
from nardy.train.selfplay import play_game
from nardy.variants import find_variant


def rate(net: NetEvaluator, games: int, seed: int) -> tuple[float, int]:
    """Games a second, and the positions played (equal for equal play)."""
    positions = 0
    start = time.perf_counter()
    for g in range(games):
        positions += len(play_game(net.variant, net, np.random.default_rng(seed + g)).boards)
    return games / (time.perf_counter() - start), positions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="short")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    v = find_variant(args.variant)
    shipped = load_shipped(v)
    assert shipped is not None
    params = shipped.params()
    nets = {
        dtype.__name__: NetEvaluator.from_params(
            v, [p.astype(dtype) for p in params], features=shipped.features
        )
        for dtype in (np.float64, np.float32)
    }
    rate(nets["float32"], 2, args.seed)  # warm up: imports, caches
    results = {name: rate(net, args.games, args.seed) for name, net in nets.items()}
    for name, (per_s, positions) in results.items():
        print(f"{v.name} {name}: {per_s:.1f} games/s ({positions} positions)")
    ratio = results["float32"][0] / results["float64"][0]
    print(f"float32 / float64: {ratio:.2f}×")


if __name__ == "__main__":
    main()
