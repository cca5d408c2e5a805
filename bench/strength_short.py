"""Short nardy strength: points per game (cubeless money, duplicate dice, 95% CI)
of our bot against PubEval and against gnubg 0-ply.

    .venv/bin/python bench/strength_short.py --opponent pubeval --level advanced --games 1000
    .venv/bin/python bench/strength_short.py --opponent gnubg --level strongest --games 200

Targets (issue 4): ≥ +0.63 ppg vs PubEval at 0 ply; ≥ 0.00 vs gnubg 0-ply at the
strongest level. gnubg is installed by the bench itself (pinned), never at run time.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from _players import GnubgPlayer  # noqa: E402

from nardy.bots import Bot  # noqa: E402
from nardy.eval.pubeval import PubEvalPlayer  # noqa: E402
from nardy.train.arena import play_match  # noqa: E402
from nardy.variants import find_variant  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", choices=["pubeval", "gnubg"], default="pubeval")
    ap.add_argument("--level", default="advanced", help="our level (0..5 or name)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="an npz net instead of the shipped one")
    args = ap.parse_args(argv)
    v = find_variant("short")
    evaluator = None
    if args.weights:
        from nardy.eval.net import NetEvaluator

        evaluator = NetEvaluator.load(v, args.weights)
    ours = Bot(v, args.level, seed=args.seed, evaluator=evaluator)
    opp = PubEvalPlayer(v) if args.opponent == "pubeval" else GnubgPlayer(v, 0)
    started = time.perf_counter()
    last = [started]

    def progress(res) -> None:  # type: ignore[no-untyped-def]
        now = time.perf_counter()
        if now - last[0] > 30:
            last[0] = now
            print(f"  … {res.summary()}", flush=True)

    res = play_match(v, ours, opp, args.games, seed=args.seed, on_game=progress)
    took = time.perf_counter() - started
    print(f"short: {ours!r} vs {args.opponent}: {res.summary()} "
          f"(duplicate dice, cubeless money, {took:.0f} s)")


if __name__ == "__main__":
    main()
