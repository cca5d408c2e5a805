"""Does the strongest level's search look at enough plays? Its root filters, judged.

Our strongest level (2 ply) screens the plays at 0 ply (keep 8 within 0.16), then at
1 ply (keep 3 within 0.06), then searches those at 2 ply. At each of its decisions with
more than one legal play (our bot playing gnubg 0-ply, duplicate dice) this bench also
picks the play under other root filters, and gnubg at ``--judge-plies`` judges every
pick: the loss is gnubg's equity (cubeless money) of its own best play minus the pick's,
when positive. The same positions for every filter, so the differences are paired:
each set's mean loss per decision and its difference from the shipped filters with a
95% interval. The game goes on with the shipped filters' play.

    .venv/bin/python bench/filters_short.py --games 300 --seed 5

The per-decision times printed are not comparable between sets (they share the
search's cache, and the first set fills it): time a set with bench/speed.py.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time
from collections import defaultdict

import numpy as np
from errors_short import CLASSES
from strength_short import GnubgPlayer, ensure_gnubg, gnubg_board, our_bot

from nardy.bots.search import ROOT_FILTERS, Filter
from nardy.plays import Play, legal_plays
from nardy.position import Position
from nardy.train.arena import play_match
from nardy.variants import find_variant
from nardy.variants.base import Variant

SHIPPED = "shipped 8>3"
SETS: dict[str, tuple[Filter, ...]] = {
    SHIPPED: ROOT_FILTERS,
    "8>8 (gnubg's: no 1-ply cut)": (Filter(8, 0.16), Filter(8, 9.0)),
    "12>5": (Filter(12, 0.20), Filter(5, 0.10)),
}


class Compared:
    """Our strongest bot, each decision's play under every filter set judged by gnubg."""

    def __init__(self, v: Variant, judge_plies: int) -> None:
        self.g = ensure_gnubg()
        self.variant = v
        self.bot = our_bot("strongest", 1, None, v)
        self.judge = GnubgPlayer(v, judge_plies)
        self.plies = judge_plies
        self.loss: dict[str, list[float]] = defaultdict(list)
        self.by_class: dict[tuple[str, str], list[float]] = defaultdict(list)

    def _equity(self, after: Position) -> float:
        p = self.g.probabilities(gnubg_board(after), self.plies)
        return -((2 * p[0] - 1) + p[1] - p[3] + p[2] - p[4])

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        if len(legal_plays(self.variant, position, dice)) < 2:
            return self.bot.choose(position, dice)
        picks = {
            name: self.bot.search.rank(position, dice, 2, filters=f)[0].play
            for name, f in SETS.items()
        }
        best = self.judge.choose(position, dice)
        assert best is not None and best.result is not None
        judged: dict[object, float] = {}

        def equity(play: Play) -> float | None:
            assert play.result is not None
            if play.result.is_over():
                return None
            key = play.result.key
            if key not in judged:
                judged[key] = self._equity(play.result)
            return judged[key]

        cls = CLASSES[self.g.classify(gnubg_board(position))]
        for name, play in picks.items():
            loss = 0.0
            assert play.result is not None
            if play.result.key != best.result.key:
                a, b = equity(best), equity(play)
                if a is not None and b is not None:
                    loss = max(0.0, a - b)
            self.loss[name].append(loss)
            self.by_class[(name, cls)].append(loss)
        return picks[SHIPPED]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--judge-plies", type=int, default=2)
    args = ap.parse_args(argv)
    v = find_variant("short")
    ours = Compared(v, args.judge_plies)
    started = time.perf_counter()
    res = play_match(v, ours, GnubgPlayer(v, 0), args.games, seed=args.seed)
    shipped = np.array(ours.loss[SHIPPED])
    print(
        f"strongest vs gnubg-0ply: {res.summary()} ({time.perf_counter() - started:.0f} s), "
        f"{len(shipped)} decisions judged by gnubg {args.judge_plies}-ply"
    )
    for name in SETS:
        loss = np.array(ours.loss[name])
        d = loss - shipped
        ci = 1.96 * d.std(ddof=1) / np.sqrt(len(d)) if len(d) > 1 else 0.0
        rows = sorted(ours.by_class.items())
        classes = ", ".join(f"{c} {1000 * np.mean(x):.2f}" for (n, c), x in rows if n == name)
        print(
            f"{name:28s} {1000 * loss.mean():5.2f} mEq/decision; vs shipped "
            f"{1000 * d.mean():+.3f} ± {1000 * ci:.3f} ({(d != 0).sum()} decisions differ); "
            f"{classes}"
        )


if __name__ == "__main__":
    main()
