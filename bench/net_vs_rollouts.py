"""How far the shipped net's values are from its own rollouts: positions sampled from
0-ply self-play, each rolled out (``nardy rollout``'s trials by the 0-ply net, VR,
quasi-random dice, played to the end or the bear-off database: the games
``rollout_targets`` plays for training) and searched at 0, 1 and 2 ply by the same net;
the mean absolute and root-mean-square cubeless-equity differences from the rollouts.
Where 0 ply stands far from the rollouts but 2 ply near, search targets carry what
rollouts do; where both stand far, only rollout targets (issue 19) can teach it. The
rollouts' own standard error is printed beside.

    .venv/bin/python bench/net_vs_rollouts.py --positions 200 --trials 144
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

import numpy as np
from rich.progress import Progress

from nardy.bots.search import money_objective
from nardy.eval.net import load_shipped
from nardy.rollout.run import Plan, rollout_position
from nardy.rollout.trial import TrialSettings
from nardy.train.distill import position_of, sample_positions, search_targets
from nardy.variants import find_variant


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="short")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--trials", type=int, default=36)
    ap.add_argument("--truncate", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    v = find_variant(args.variant)
    net = load_shipped(v)
    assert net is not None
    weights, features = net.params(), net.features
    boards, first = sample_positions(
        v.name, weights, features, list(range(args.seed, args.seed + 200)), 0.0
    )
    rng = np.random.default_rng(args.seed)
    pick = rng.choice(len(boards), size=min(args.positions, len(boards)), replace=False)
    boards, first = boards[pick], first[pick]
    w, c = money_objective(v)
    truth = np.empty(len(boards))
    noise = np.empty(len(boards))
    settings = [
        TrialSettings(truncate=args.truncate, seed=args.seed + i) for i in range(len(boards))
    ]
    started = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task("rollouts", total=len(boards))
        for i in range(len(boards)):
            res = rollout_position(
                v, position_of(boards[i], first[i]), settings[i], Plan(args.trials)
            )
            truth[i], noise[i] = res.equity.mean, res.equity.se
            progress.update(task, completed=i + 1)
    secs = (time.perf_counter() - started) / len(boards)
    print(
        f"{len(boards)} positions of {v.name}, {args.trials} trials each"
        f" ({'played out' if not args.truncate else f'truncated at {args.truncate}'}),"
        f" {secs:.2f} s a position; the rollouts' own standard error: mean {noise.mean():.4f}"
    )
    for plies in (0, 1, 2):
        eq = search_targets(v.name, weights, features, boards, first, plies) @ w + c
        d = eq - truth
        print(
            f"{plies}-ply vs rollout: mean |Δequity| {np.mean(np.abs(d)):.4f},"
            f" rms {np.sqrt(np.mean(d * d)):.4f}, mean Δ {np.mean(d):+.4f}"
        )


if __name__ == "__main__":
    main()
