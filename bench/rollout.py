"""Rollout speed and the luck adjustment's gain: games per second at 0 ply (short and
long nardy, with and without variance reduction), and the ratio of the standard error
with VR to the standard error of the same games without it, per position.

    .venv/bin/python bench/rollout.py --games 144
    .venv/bin/python bench/rollout.py --games 72 --truncate 10 --variants short long crazy

Positions: each variant's starting position (no first-turn flags), then positions
before a roll reached by seeded 0-ply self-play (after 8, 16, … rolls). The games
are the rollout's own (quasi-random dice, seed 0); VR is on in the first run, off in
the second — the same games, so the raw standard error of the first run is the
second run's, and games/s differ only by the luck computation.

Measured (2 shared, loaded cores; 72 full games × 3 positions; mean of positions):

    variant  VR g/s  raw g/s  SE ratio VR/raw
    short      6.4     22.8     0.21   (≈ 20× fewer games for the same interval)
    long       3.4     17.2     0.36   (≈ 8×)
    crazy      1.3     37.2     1.01   (no gain: the long net, trained on classic long
                                        nardy, does not know crazy positions — use
                                        --no-vr there until crazy has its own net)
"""

from __future__ import annotations

import argparse
import statistics
import time

from nardy.bots import Bot
from nardy.game import Game
from nardy.position import Position
from nardy.rollout import Plan, TrialSettings, rollout_position
from nardy.rollout.dice import TrialDice
from nardy.variants import Variant, find_variant


def positions(variant: Variant, count: int, seed: int = 1) -> list[Position]:
    """The starting position, then positions before a roll from one 0-ply game."""
    out = [variant.start_position(first_turns=False)]
    bot = Bot(variant, "advanced")
    game = Game(variant, position=variant.start_position(first_turns=False))
    dice = TrialDice(seed, 0)
    rolls = 0
    while len(out) < count and game.phase != "over":
        if game.phase == "roll":
            if rolls and rolls % 8 == 0 and not game.last_roll:
                out.append(game.position)
            game.roll(*dice.roll(rolls))
            rolls += 1
        else:
            from nardy.bots.segments import rank_plays

            game.play(rank_plays(bot, game, 0)[0][0])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=144, help="games per position")
    ap.add_argument("--positions", type=int, default=3, help="positions per variant")
    ap.add_argument("--truncate", type=int, default=0, help="plies (0: full games)")
    ap.add_argument("--variants", nargs="+", default=["short", "long"])
    args = ap.parse_args()
    plan = Plan(games=args.games)
    print(
        f"{args.games} games per position, 0 ply, "
        + (f"truncated at {args.truncate} plies" if args.truncate else "full games")
    )
    print(
        f"{'variant':<10} {'pos':>3} {'VR g/s':>8} {'raw g/s':>8} {'SE VR':>8} {'SE raw':>8} "
        f"{'ratio':>6} {'equity (VR)':>16}"
    )
    for name in args.variants:
        variant = find_variant(name)
        ratios, fast, slow = [], [], []
        for i, pos in enumerate(positions(variant, args.positions)):
            t0 = time.perf_counter()
            vr = rollout_position(variant, pos, TrialSettings(truncate=args.truncate), plan)
            t1 = time.perf_counter()
            raw = rollout_position(
                variant, pos, TrialSettings(truncate=args.truncate, vr=False), plan
            )
            t2 = time.perf_counter()
            assert raw.equity == vr.raw  # the same games
            ratio = vr.equity.se / raw.equity.se if raw.equity.se else float("nan")
            ratios.append(ratio)
            slow.append(args.games / (t1 - t0))
            fast.append(args.games / (t2 - t1))
            print(
                f"{name:<10} {i:>3} {slow[-1]:>8.2f} {fast[-1]:>8.2f} {vr.equity.se:>8.4f} "
                f"{raw.equity.se:>8.4f} {ratio:>6.3f} "
                f"{vr.equity.mean:>+8.3f} ± {vr.equity.ci:.3f}"
            )
        print(
            f"{name:<10} all {statistics.mean(slow):>8.2f} {statistics.mean(fast):>8.2f} "
            f"{'':>8} {'':>8} {statistics.mean(ratios):>6.3f}  (mean SE ratio; "
            f"games needed for the same interval: × {statistics.mean(ratios) ** 2:.2f})"
        )


if __name__ == "__main__":
    main()
