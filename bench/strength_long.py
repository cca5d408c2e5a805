"""Long nardy strength: points per game and win rate (duplicate dice, 95% CI) of our
bot against the documented heuristic player (``nardy.eval.heuristic``) or against a
previous net; ``--player heuristic --opponent random`` measures how far the heuristic
player itself is from a player that picks uniformly among the legal plays (how much of
the game is dice).

    .venv/bin/python bench/strength_long.py --games 400
    .venv/bin/python bench/strength_long.py --opponent-weights old.npz --games 400
    .venv/bin/python bench/strength_long.py --player heuristic --opponent random --games 1000

Target (issue 4): ≥ 99% wins against the heuristic player.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # single-threaded like gnubg

import argparse
import random
import time
from functools import partial

from matches import run_match

from nardy.bots import Bot
from nardy.eval import HeuristicEvaluator
from nardy.eval.net import NetEvaluator
from nardy.plays import Play, legal_plays
from nardy.position import Position
from nardy.variants.base import Variant


def net_bot(level: str, seed: int, weights: str | None, v: Variant) -> Bot:
    """Our bot at ``level`` on the shipped net or on ``weights``."""
    return Bot(v, level, seed=seed, evaluator=NetEvaluator.load(v, weights) if weights else None)


def heuristic_bot(v: Variant) -> Bot:
    """The documented heuristic player (``nardy.eval.heuristic``) at 0 ply."""
    return Bot(v, "advanced", evaluator=HeuristicEvaluator(v))


class RandomPlayer:
    """Picks uniformly among the legal plays (seeded)."""

    def __init__(self, v: Variant, seed: int = 0) -> None:
        self.variant = v
        self.rng = random.Random(seed)

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """A uniformly drawn legal play, or None when nothing can be played."""
        legal = list(legal_plays(self.variant, position, dice))
        return self.rng.choice(legal) if legal else None


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="long")
    ap.add_argument("--level", default="advanced")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="our net (default: shipped)")
    ap.add_argument("--opponent-weights", default=None, help="a previous net as opponent")
    ap.add_argument(
        "--player",
        choices=["net", "heuristic"],
        default="net",
        help="side A: our net bot at --level, or the heuristic player",
    )
    ap.add_argument("--opponent", choices=["heuristic", "random"], default="heuristic")
    ap.add_argument(
        "--workers", type=int, default=1, help="processes (the same games whatever the count)"
    )
    args = ap.parse_args(argv)
    if args.player == "heuristic":
        ours, me = heuristic_bot, "heuristic player"
    else:
        ours, me = partial(net_bot, args.level, args.seed, args.weights), args.level
    if args.opponent_weights:
        opp = partial(net_bot, "advanced", 0, args.opponent_weights)
        name = f"net {args.opponent_weights}"
    elif args.opponent == "random":
        opp, name = partial(RandomPlayer, seed=args.seed), "random player"
    else:
        opp, name = heuristic_bot, "heuristic player"
    started = time.perf_counter()
    res = run_match(args.variant, ours, opp, args.games, seed=args.seed, workers=args.workers)
    print(
        f"{args.variant}: {me} vs {name}: {res.summary()} ({time.perf_counter() - started:.0f} s)"
    )


if __name__ == "__main__":
    main()
