"""Where our short-nardy bot loses equity, by gnubg's position class, judged by gnubg.

Our bot plays gnubg 0-ply (duplicate dice). At each of our decisions with more than one
legal play, gnubg at ``--judge-plies`` picks its play and evaluates both resulting
positions; the loss is the judged equity (cubeless money) of gnubg's play minus ours,
when positive. The table gives, per class (contact, crashed, race, bear-off), the
decisions, how often the plays differ, the mean loss per decision in millipoints and
the class's share of the total loss: where a better net (or a race net) would pay.

    .venv/bin/python bench/errors_short.py --games 200
    .venv/bin/python bench/errors_short.py --weights old.npz --games 200
    .venv/bin/python bench/errors_short.py --player gnubg --games 200   # gnubg's own
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time
from collections import defaultdict

from strength_short import GnubgPlayer, ensure_gnubg, gnubg_board, our_bot

from nardy.plays import Play, legal_plays
from nardy.position import Position
from nardy.train.arena import play_match
from nardy.variants import find_variant
from nardy.variants.base import Variant

CLASSES = {
    0: "over",
    1: "bear-off (two-sided)",
    2: "bear-off",
    3: "race",
    4: "crashed",
    5: "contact",
}


class Judged:
    """Our bot, with every choice it makes compared with gnubg's."""

    def __init__(
        self, v: Variant, level: str, weights: str | None, judge_plies: int, gnubg: bool = False
    ) -> None:
        self.g = ensure_gnubg()
        self.variant = v
        self.bot = GnubgPlayer(v, 0) if gnubg else our_bot(level, 1, weights, v)
        self.judge = GnubgPlayer(v, judge_plies)
        self.plies = judge_plies
        self.stats: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])

    def _equity(self, after: Position) -> float:
        """gnubg's judged cubeless equity of a play's result, for the mover."""
        p = self.g.probabilities(gnubg_board(after), self.plies)
        return -((2 * p[0] - 1) + p[1] - p[3] + p[2] - p[4])

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """Our play; the comparison with gnubg's is recorded on the side."""
        ours = self.bot.choose(position, dice)
        if ours is None or len(legal_plays(self.variant, position, dice)) < 2:
            return ours
        theirs = self.judge.choose(position, dice)
        assert ours.result is not None and theirs is not None and theirs.result is not None
        row = self.stats[CLASSES[self.g.classify(gnubg_board(position))]]
        row[0] += 1
        if ours.result.key != theirs.result.key:
            row[1] += 1
            if not (ours.result.is_over() or theirs.result.is_over()):
                row[2] += max(0.0, self._equity(theirs.result) - self._equity(ours.result))
        return ours


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="advanced")
    ap.add_argument("--weights", default=None, help="an npz net instead of the shipped one")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--judge-plies", type=int, default=1)
    ap.add_argument(
        "--player",
        choices=["ours", "gnubg"],
        default="ours",
        help="judge gnubg 0-ply itself instead (the yardstick's own error)",
    )
    args = ap.parse_args(argv)
    v = find_variant("short")
    ours = Judged(v, args.level, args.weights, args.judge_plies, args.player == "gnubg")
    started = time.perf_counter()
    res = play_match(v, ours, GnubgPlayer(v, 0), args.games, seed=args.seed)
    name = "gnubg-0ply" if args.player == "gnubg" else args.level
    print(
        f"{name} vs gnubg-0ply: {res.summary()} ({time.perf_counter() - started:.0f} s);"
        f" judged by gnubg {args.judge_plies}-ply"
    )
    total = sum(r[2] for r in ours.stats.values()) or 1.0
    print(f"{'class':22s} {'decisions':>9s} {'differ':>7s} {'mEq/decision':>12s} {'share':>6s}")
    for name, (n, differ, loss) in sorted(ours.stats.items(), key=lambda kv: -kv[1][2]):
        print(f"{name:22s} {n:9.0f} {differ:7.0f} {1000 * loss / n:12.2f} {loss / total:6.1%}")
    n = sum(r[0] for r in ours.stats.values())
    print(
        f"{'all':22s} {n:9.0f} {sum(r[1] for r in ours.stats.values()):7.0f} "
        f"{1000 * total / max(n, 1):12.2f}"
    )


if __name__ == "__main__":
    main()
