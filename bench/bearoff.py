"""Does the one-sided bear-off database pay? Short or long nardy (both bear off by
G-10), pure bear-offs taken from 0-ply self-play (both sides with every checker home,
first such position of a game):

* accuracy — the net's P(win) and cubeless equity beside the database's exact values
  on those positions (mean and max absolute error);
* play — the same net with and without the database, replayed from those positions,
  cubeless money, duplicate dice, points per game ± 95% CI.

    .venv/bin/python bench/bearoff.py --positions 500 --games 2000
    .venv/bin/python bench/bearoff.py --variant long --positions 500 --games 2000
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

import numpy as np

from nardy.bots import Bot
from nardy.eval import money_equity
from nardy.eval.bearoff import bearoff_probs
from nardy.eval.boards import bearoff_mask, boards_from_positions
from nardy.eval.net import NetEvaluator, load_shipped
from nardy.position import Position
from nardy.train.arena import play_match
from nardy.variants import find_variant


def sample_bearoffs(n: int, seed: int, variant: str = "short") -> list[Position]:
    """The first pure bear-off position of each of ``n`` self-play games."""
    v = find_variant(variant)
    bot = Bot(v, "advanced", seed=seed)
    rng = np.random.default_rng(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = v.start_position()
        while not pos.is_over():
            boards, _ = boards_from_positions([pos])
            if bearoff_mask(boards)[0]:
                out.append(pos)
                break
            dice = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
            play = bot.choose(pos, dice)
            pos = pos.swap() if play is None else play.result
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="short")
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="an npz net instead of the shipped one")
    args = ap.parse_args(argv)
    v = find_variant(args.variant)
    net = NetEvaluator.load(v, args.weights) if args.weights else load_shipped(v)
    assert net is not None
    bare = NetEvaluator(
        v, *net.params(), name=f"{net.name}-no-db", features=net.features, bearoff=False
    )
    t0 = time.perf_counter()
    starts = sample_bearoffs(args.positions, args.seed, args.variant)
    boards, first = boards_from_positions(starts)
    exact = bearoff_probs(boards)
    guess = bare.probs(boards, first)
    dw = np.abs(guess[:, 0] - exact[:, 0])
    de = np.abs(money_equity(guess, v) - money_equity(exact, v))
    print(f"{len(starts)} pure bear-offs from self-play ({time.perf_counter() - t0:.0f} s)")
    print(
        f"net {net.name} vs database: P(win) error mean {dw.mean():.4f} max {dw.max():.4f}; "
        f"equity error mean {de.mean():.4f} max {de.max():.4f}"
    )
    t0 = time.perf_counter()
    res = play_match(
        v,
        Bot(v, "advanced", evaluator=net),
        Bot(v, "advanced", evaluator=bare),
        args.games,
        seed=args.seed,
        starts=starts,
    )
    print(
        f"net+database vs net alone from those positions: {res.summary()} "
        f"(duplicate dice, {time.perf_counter() - t0:.0f} s)"
    )


if __name__ == "__main__":
    main()
