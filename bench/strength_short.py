"""Short nardy strength: points per game (cubeless money, duplicate dice, 95% CI)
of our bot against PubEval, gnubg 0-ply or another net (head to head at 0 ply).

    .venv/bin/python bench/strength_short.py --opponent pubeval --level advanced --games 1000
    .venv/bin/python bench/strength_short.py --opponent gnubg --level strongest --games 2000 \
        --workers 2
    .venv/bin/python bench/strength_short.py --opponent gnubg --gnubg-plies 2 \
        --level strongest --games 1000 --workers 2     # gnubg 2-ply: "world class"
    .venv/bin/python bench/strength_short.py --player gnubg --opponent pubeval --games 5000
    .venv/bin/python bench/strength_short.py --weights new.npz --opponent-weights old.npz

Targets (issues 4 and 19): ≥ +0.63 ppg vs PubEval at 0 ply; ≥ 0.00 vs gnubg 0-ply at 0
ply; ≥ 0.00 vs gnubg 2-ply at the strongest level. gnubg is installed by the bench itself
(pinned), never at run time.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # single-threaded like gnubg

import argparse
import subprocess
import sys
import time
from functools import partial

from matches import run_match

from nardy.bots import Bot
from nardy.eval.pubeval import PubEvalPlayer
from nardy.plays import Move, Play, legal_plays
from nardy.position import Position
from nardy.variants.base import Variant

GNUBG_PIN = "gnubg-nn==1.1.0a11"


def ensure_gnubg():  # type: ignore[no-untyped-def]
    """Import gnubg_nn, installing the pinned wheel into this interpreter if missing."""
    try:
        import gnubg_nn
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", GNUBG_PIN])
        import gnubg_nn
    return gnubg_nn


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's board ``(opponent, side on roll)``, 25 slots each, slot 24 = bar."""

    def side(s: tuple[int, ...]) -> list[int]:
        return [s[p] for p in range(1, 25)] + [s[25]]

    return [side(position.theirs), side(position.mine)]


class GnubgPlayer:
    """gnubg's neural-net player at ``plies`` (0 = gnubg 'expert')."""

    def __init__(self, variant: Variant, plies: int = 0) -> None:
        if variant.family != "short":
            raise ValueError("gnubg plays short nardy (backgammon) only")
        self.variant = variant
        self.plies = plies
        self.g = ensure_gnubg()
        self.name = f"gnubg-{plies}ply"

    def __repr__(self) -> str:
        return self.name

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """gnubg's best play, resolved against our legal plays."""
        legal = legal_plays(self.variant, position, dice)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        steps = self.g.best_move(gnubg_board(position), dice[0], dice[1], n=self.plies)
        theirs = list(position.theirs)
        moves = []
        for a, b in steps:
            a, b = int(a), int(b)
            hit = b > 0 and theirs[25 - b] == 1
            if hit:
                theirs[25 - b] = 0
                theirs[25] += 1
            moves.append(Move(a, max(b, 0), hit))
        return legal.find(tuple(moves))


def our_bot(level: str, seed: int, weights: str | None, v: Variant) -> Bot:
    """Our bot at ``level``, on the shipped net or on ``weights``."""
    evaluator = None
    if weights:
        from nardy.eval.net import NetEvaluator

        evaluator = NetEvaluator.load(v, weights)
    return Bot(v, level, seed=seed, evaluator=evaluator)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--opponent", choices=["pubeval", "gnubg"], default="pubeval")
    ap.add_argument("--level", default="advanced", help="our level (0..5 or name)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", default=None, help="an npz net instead of the shipped one")
    ap.add_argument(
        "--player",
        choices=["ours", "gnubg"],
        default="ours",
        help="who plays side A: our bot, or gnubg 0-ply (to calibrate the yardstick)",
    )
    ap.add_argument(
        "--gnubg-plies",
        type=int,
        default=0,
        help="gnubg's look-ahead as the opponent (0 = 'expert', 2 = 'world class')",
    )
    ap.add_argument(
        "--opponent-weights", default=None, help="play this net at 0 ply instead of --opponent"
    )
    ap.add_argument(
        "--workers", type=int, default=1, help="processes (the same games whatever the count)"
    )
    args = ap.parse_args(argv)
    if "gnubg" in (args.player, args.opponent):
        ensure_gnubg()  # install once, before the workers start
    ours = (
        partial(GnubgPlayer, plies=0)
        if args.player == "gnubg"
        else partial(our_bot, args.level, args.seed, args.weights)
    )
    opp = (
        PubEvalPlayer
        if args.opponent == "pubeval"
        else partial(GnubgPlayer, plies=args.gnubg_plies)
    )
    if args.opponent == "gnubg":
        args.opponent = f"gnubg-{args.gnubg_plies}ply"
    if args.opponent_weights:
        opp = partial(our_bot, "advanced", args.seed, args.opponent_weights)
        args.opponent = f"net {args.opponent_weights}"
    name = (
        "gnubg-0ply"
        if args.player == "gnubg"
        else f"{args.level}" + (f" ({args.weights})" if args.weights else "")
    )
    started = time.perf_counter()
    res = run_match("short", ours, opp, args.games, seed=args.seed, workers=args.workers)
    took = time.perf_counter() - started
    print(
        f"short: {name} vs {args.opponent}: {res.summary()} "
        f"(duplicate dice, cubeless money, {took:.0f} s)"
    )


if __name__ == "__main__":
    main()
