"""Search distillation: train the 0-ply net towards its own n-ply values, or towards
its own rollouts.

A round: sample positions from 0-ply self-play of the current net (a little equity
noise for variety; finished games and exact bear-offs left out), give each the n-ply
value the current net finds by search (``nardy.bots.search``, 1 ply by default: the
average over the 21 rolls of the best play), then fit the net to those values by Adam
epochs (the same cross-entropy step as TD training) over the last ``keep_rounds``
rounds' data, keeping the epoch that best fits a hold-out of the round. The 0-ply net
thereby learns what one more ply of look-ahead knows, and the next round searches with
the better net. With ``targets="rollout"`` each position's
target is instead a cubeless rollout by the 0-ply net (``nardy.rollout``: VR, quasi-random
dice, ``trials`` games, played out or truncated): gnubg's way past self-play, where the
targets see to the end of the game. Positions and targets of each round are saved, so a
run resumes where it stopped.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import numpy as np

from nardy.bots.search import Search
from nardy.eval.boards import bearoff_mask
from nardy.eval.net import NetEvaluator
from nardy.position import Position
from nardy.rollout.run import position_start
from nardy.rollout.stats import RolloutResult
from nardy.rollout.trial import Roller, TrialSettings
from nardy.train.config import RunConfig
from nardy.train.loop import resume_learner, runner_for, save_checkpoint
from nardy.train.selfplay import play_game
from nardy.train.td import TDLearner
from nardy.variants import find_variant

CHECKPOINT = "distill.npz"
#: What a run's targets are: n-ply search values, or rollouts.
TARGETS = ("search", "rollout")
#: Longest run of consecutive positions in a round's hold-out (about a game's worth).
HOLD_RUN = 50
#: A round's results in the run's history (the hold-out error after each epoch a list).
Record = dict[str, float | list[float]]

log = logging.getLogger(__name__)


@dataclass
class DistillConfig(RunConfig):
    """Everything that determines a distillation run (saved in its checkpoint)."""

    rounds: int = 4
    positions: int = 100_000  # self-play positions per round
    plies: int = 1  # search depth of the targets
    targets: str = "search"  # "search": n-ply values; "rollout": rollouts by the 0-ply net
    trials: int = 36  # rollout targets: games per position (a multiple of 36 stratifies)
    truncate: int = 0  # rollout targets: rolls before the 0-ply net judges (0: play out)
    epochs: int = 6  # fitting epochs per round
    keep_rounds: int = 3  # rounds of data each fit uses (this one and the ones before)
    holdout: float = 0.05  # share of this round's data held out to check the fit (spread)
    # the shared settings with this job's defaults
    lr: float = 3e-4
    minibatch: int = 64
    explore: float = 0.02
    eval_games: int = 1000
    out: str = "runs/distill"


@dataclass
class DistillProgress:
    """What the job reports: the stage, its progress, and per-round results."""

    round: int
    stage: str  # "positions", "targets", "fit", "arena"
    done: int
    total: int
    history: list[Record]


def sample_positions(
    variant_name: str,
    weights: list[np.ndarray],
    features: str,
    seeds: list[int],
    explore: float,
) -> tuple[np.ndarray, np.ndarray]:
    """Boards and first-turn flags of every unfinished, non-bear-off position of one
    self-play game per seed (side on roll first)."""
    v = find_variant(variant_name)
    net = NetEvaluator.from_params(v, weights, features=features)
    boards, first = [], []
    for s in seeds:
        traj = play_game(v, net, np.random.default_rng(s), explore=explore)
        b, f = traj.boards[:-1], traj.first[:-1]
        keep = ~bearoff_mask(b) if net.bearoff else np.ones(len(b), dtype=bool)
        boards.append(b[keep])
        first.append(f[keep])
    return np.concatenate(boards), np.concatenate(first)


def position_of(board: np.ndarray, first: np.ndarray) -> Position:
    """The position of a sampled board, its side on roll playing white."""
    return Position.trusted(
        tuple(int(x) for x in board[0]),
        tuple(int(x) for x in board[1]),
        "white",
        bool(first[0]),
        bool(first[1]),
    )


def search_targets(
    variant_name: str,
    weights: list[np.ndarray],
    features: str,
    boards: np.ndarray,
    first: np.ndarray,
    plies: int,
) -> np.ndarray:
    """(N, 5) n-ply values (side on roll) of the given boards under these weights."""
    v = find_variant(variant_name)
    search = Search(v, NetEvaluator.from_params(v, weights, features=features), cache_size=50_000)
    out = np.empty((len(boards), 5))
    for i, (b, f) in enumerate(zip(boards, first, strict=True)):
        out[i] = search.value(position_of(b, f), plies)
    return out


def rollout_targets(
    variant_name: str,
    weights: list[np.ndarray],
    features: str,
    boards: np.ndarray,
    first: np.ndarray,
    trials: int,
    truncate: int,
    seed: int,
) -> np.ndarray:
    """(N, 5) cubeless rollout values (side on roll) of the given boards: ``trials``
    games each, played by the 0-ply net of these weights with variance reduction and
    quasi-random dice, to the end (or the exact bear-off database), or for
    ``truncate`` rolls and then judged by the same net. A rollout averages the net's
    own future over the dice instead of trusting its present opinion, which is what
    self-play TD(λ) and n-ply targets cannot do beyond their horizon.

    Board ``i`` is rolled out with dice seed ``seed + i``: with one seed for all, trial
    t of every position would roll the same dice and the targets' noise would be
    correlated across positions, which a fit cannot average away."""
    v = find_variant(variant_name)
    net = NetEvaluator.from_params(v, weights, features=features)
    out = np.empty((len(boards), 5))
    for i, (b, f) in enumerate(zip(boards, first, strict=True)):
        settings = TrialSettings(truncate=truncate, seed=seed + i)
        roller = Roller(position_start(v, position_of(b, f), cubeful=False), settings, net)
        rows = np.array([roller.trial(t) for t in range(trials)])
        result = RolloutResult.of(rows, vr=True, cubeful=False, match=False)
        # VR can carry a mean a hair past 0 or 1; targets are probabilities
        out[i] = np.clip([p.mean for p in result.probs], 0.0, 1.0)
    return out


def _target_jobs(
    config: DistillConfig,
    weights: list[np.ndarray],
    features: str,
    boards: np.ndarray,
    first: np.ndarray,
    parts: list[tuple[int, int]],
    rnd: int,
) -> tuple[Callable[..., np.ndarray], list[tuple[object, ...]]]:
    """The function that gives this run's targets, and its jobs for the given slices."""
    if config.targets == "rollout":
        return rollout_targets, [
            (
                config.variant,
                weights,
                features,
                boards[a:b],
                first[a:b],
                config.trials,
                config.truncate,
                # each position its own dice (the slice's seed + its index in the
                # round), and the same ones when the run resumes
                config.seed * 1_000_003 + rnd * 100_000_007 + a,
            )
            for a, b in parts
        ]
    return search_targets, [
        (config.variant, weights, features, boards[a:b], first[a:b], config.plies) for a, b in parts
    ]


def _start_net(config: DistillConfig) -> NetEvaluator:
    from nardy.eval.net import load_shipped

    v = find_variant(config.variant)
    net = NetEvaluator.load(v, config.init) if config.init else load_shipped(v)
    if net is None:
        raise ValueError(f"no net to start from: give --init (no shipped {v.family} net)")
    return net.widened(config.features or net.features)


def _fit(
    learner: TDLearner,
    data: tuple[np.ndarray, np.ndarray],
    hold: tuple[np.ndarray, np.ndarray],
    epochs: int,
    seed: int,
    tick: Callable[[int], None],
) -> tuple[int, list[float]]:
    """Adam epochs over ``data``, the hold-out error after each; the net and the
    optimizer are left as after the epoch with the lowest error (as before the first
    when none lowers it). A few thousand rollout targets carry noise that more epochs
    fit: on 5,700 of them short-v3's hold-out error was lowest after one epoch and
    above its start after sixteen. Returns that epoch (0: none) and the errors."""
    x, y = data
    net = learner.net
    rng = np.random.default_rng(seed)
    mb = learner.minibatch
    best, best_epoch, errors = _mse(net, *hold), 0, []
    kept = _snapshot(learner)
    for e in range(epochs):
        order = rng.permutation(len(x))
        for i in range(0, len(x), mb):
            idx = order[i : i + mb]
            learner.step(x[idx], y[idx])
        errors.append(_mse(net, *hold))
        if not len(hold[0]) or errors[-1] < best:  # without a hold-out: every epoch
            best, best_epoch, kept = errors[-1], e + 1, _snapshot(learner)
        tick(e + 1)
    _restore(learner, kept)
    return best_epoch, errors


def _arrays(learner: TDLearner) -> list[np.ndarray]:
    """The weights and the optimizer's moments: what an Adam step changes in place."""
    return learner.net.params() + learner.m + learner.v


def _snapshot(learner: TDLearner) -> tuple[list[np.ndarray], int]:
    return [a.copy() for a in _arrays(learner)], learner.steps


def _restore(learner: TDLearner, kept: tuple[list[np.ndarray], int]) -> None:
    """Back to a snapshot, in place (the net's arrays are the learner's own)."""
    for a, saved in zip(_arrays(learner), kept[0], strict=True):
        a[...] = saved
    learner.steps = kept[1]


def holdout_mask(n: int, share: float) -> np.ndarray:
    """Which of a round's ``n`` positions are held out to check the fit: every k-th
    of at least 20 runs of consecutive positions (k = 1/share, runs of at most
    ``HOLD_RUN``), so the hold-out spans the round's games. Positions come game by
    game and one game's are alike: the first 5% of a round were its first four or
    five games, on which short-v3's error was 0.00037 against 0.00055 on the round."""
    if share <= 0 or n == 0:
        return np.zeros(n, dtype=bool)
    run = max(1, min(HOLD_RUN, n // 20))
    every = max(1, round(1 / share))
    mask: np.ndarray = (np.arange(n) // run) % every == 0
    return mask


def _mse(net: NetEvaluator, x: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((net.forward(x)[1] - y) ** 2)) if len(x) else 0.0


def distill(
    config: DistillConfig,
    on_progress: Callable[[DistillProgress], None] | None = None,
    *,
    resume: bool = True,
) -> Path:
    """Run (or resume) a distillation job; returns the path of its checkpoint."""
    from nardy.bots import Bot
    from nardy.train.arena import play_match

    if config.targets not in TARGETS:
        raise ValueError(f"targets must be one of {', '.join(TARGETS)}, not {config.targets!r}")
    variant = find_variant(config.variant)
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / CHECKPOINT
    history: list[Record] = []
    start_round = 0
    if resume and ckpt.exists():
        learner, z = resume_learner(ckpt, config.variant, config.lr, 0.0, config.minibatch)
        net = learner.net
        start_round = int(z["round"])
        history = json.loads(str(z["history"]))
        log.info("resuming %s after round %d", ckpt, start_round)
    else:
        net = _start_net(config)
        learner = TDLearner(net, config.lr, 0.0, config.minibatch)
    runner = runner_for(config.workers, config.ray_address)

    def report(rnd: int, stage: str, done: int, total: int) -> None:
        if on_progress is not None:
            on_progress(DistillProgress(rnd, stage, done, total, history))

    try:
        for rnd in range(start_round + 1, config.rounds + 1):
            # positions and targets are played in float32, as self-play is (loop.py)
            weights = [p.astype(np.float32) for p in net.params()]
            jobs_n = runner.slots
            # 1. positions from self-play (about 60 per game, so games come in chunks)
            boards_l, first_l, n, game = [], [], 0, 0
            report(rnd, "positions", 0, config.positions)
            while n < config.positions:
                seeds = [
                    [
                        config.seed * 1_000_003 + rnd * 100_000_007 + game + j * 50 + k
                        for k in range(50)
                    ]
                    for j in range(jobs_n)
                ]
                game += 50 * jobs_n
                for game_boards, game_first in runner.map(
                    sample_positions,
                    [(config.variant, weights, net.features, s, config.explore) for s in seeds],
                ):
                    boards_l.append(game_boards)
                    first_l.append(game_first)
                    n += len(game_boards)
                report(rnd, "positions", min(n, config.positions), config.positions)
            boards = np.concatenate(boards_l)[: config.positions]
            first = np.concatenate(first_l)[: config.positions]
            # 2. n-ply targets, in chunks over the workers
            chunk = 500
            targets = np.empty((len(boards), 5))
            report(rnd, "targets", 0, len(boards))
            for lo in range(0, len(boards), chunk * jobs_n):
                parts = [
                    (lo + j * chunk, min(lo + (j + 1) * chunk, len(boards)))
                    for j in range(jobs_n)
                    if lo + j * chunk < len(boards)
                ]
                results = runner.map(
                    *_target_jobs(config, weights, net.features, boards, first, parts, rnd)
                )
                for (a, b), t in zip(parts, results, strict=True):
                    targets[a:b] = t
                report(rnd, "targets", parts[-1][1], len(boards))
            np.savez_compressed(
                out / f"data-{rnd:03d}.npz", boards=boards, first=first, targets=targets
            )
            # 3. fit on the last keep_rounds rounds (a hold-out of this round for checking)
            xs, ys = [], []
            for r in range(max(1, rnd - config.keep_rounds + 1), rnd + 1):
                with np.load(out / f"data-{r:03d}.npz") as d:
                    xs.append(net.encode(d["boards"], d["first"]))
                    ys.append(d["targets"])
            held = holdout_mask(len(boards), config.holdout)
            x_hold, y_hold = xs[-1][held], ys[-1][held]
            xs[-1], ys[-1] = xs[-1][~held], ys[-1][~held]
            x, y = np.concatenate(xs), np.concatenate(ys)
            before = _mse(net, x_hold, y_hold)
            prev = net.copy()
            report(rnd, "fit", 0, config.epochs)
            best_epoch, errors = _fit(
                learner,
                (x, y),
                (x_hold, y_hold),
                config.epochs,
                config.seed + rnd,
                partial(report, rnd, "fit", total=config.epochs),
            )
            after = _mse(net, x_hold, y_hold)
            # 4. arena against the net the round started from
            report(rnd, "arena", 0, config.eval_games)
            res = play_match(
                variant,
                Bot(variant, "advanced", evaluator=net),
                Bot(variant, "advanced", evaluator=prev),
                config.eval_games,
                seed=70_000 + rnd,
            )
            history.append(
                {
                    "round": rnd,
                    "positions": len(boards),
                    "fit_positions": len(x),
                    "holdout_mse_before": before,
                    "holdout_mse_after": after,
                    "best_epoch": best_epoch,
                    "holdout_mse_epochs": errors,
                    "ppg_vs_previous": res.ppg,
                    "ci95": res.ci95,
                }
            )
            log.info(
                "round %d: hold-out mse %.5f → %.5f; new net vs previous %+.3f ± %.3f ppg",
                rnd,
                before,
                after,
                res.ppg,
                res.ci95,
            )
            report(rnd, "arena", config.eval_games, config.eval_games)
            net.save(out / f"net-r{rnd:03d}.npz", round=rnd, config=config.to_json())
            save_checkpoint(ckpt, config, learner, history, round=rnd)
        net.save(out / "final.npz", round=config.rounds, config=config.to_json())
    finally:
        runner.close()
    return ckpt
