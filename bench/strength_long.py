"""Long nardy strength: points per game and win rate (duplicate dice, 95% CI) of our
bot against the documented heuristic player (``nardy.eval.heuristic``) or against a
previous net.

    .venv/bin/python bench/strength_long.py --games 400
    .venv/bin/python bench/strength_long.py --opponent-weights old.npz --games 400

Target (issue 4): ≥ 99% wins against the heuristic player.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # single-threaded like gnubg

import argparse
import time

from nardy.bots import Bot
from nardy.eval import HeuristicEvaluator
from nardy.eval.net import NetEvaluator
from nardy.train.arena import play_match
from nardy.variants import find_variant


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="long")
    ap.add_argument("--level", default="advanced")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="our net (default: shipped)")
    ap.add_argument("--opponent-weights", default=None, help="a previous net as opponent")
    args = ap.parse_args(argv)
    v = find_variant(args.variant)
    ev = NetEvaluator.load(v, args.weights) if args.weights else None
    ours = Bot(v, args.level, seed=args.seed, evaluator=ev)
    if args.opponent_weights:
        opp_ev = NetEvaluator.load(v, args.opponent_weights)
        name = f"net {args.opponent_weights}"
    else:
        opp_ev = HeuristicEvaluator(v)
        name = "heuristic player"
    opp = Bot(v, "advanced", evaluator=opp_ev)
    started = time.perf_counter()
    res = play_match(v, ours, opp, args.games, seed=args.seed)
    print(f"{v.name}: {ours!r} vs {name}: {res.summary()} "
          f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
