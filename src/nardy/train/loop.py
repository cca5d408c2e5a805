"""The training job: self-play → TD(λ) updates → checkpoints → arena against the last
snapshot. Local (in-process or a ``multiprocessing`` pool) or on a Ray cluster."""

from __future__ import annotations

import json
import logging
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from nardy.eval.net import NetEvaluator
from nardy.train.average import average_last
from nardy.train.config import RunConfig
from nardy.train.selfplay import Trajectory, play_game
from nardy.train.td import TDLearner
from nardy.variants import find_variant

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

CHECKPOINT = "checkpoint.npz"

log = logging.getLogger(__name__)

T = TypeVar("T")


@dataclass
class TrainConfig(RunConfig):
    """Everything that determines a self-play TD(λ) run (saved in every checkpoint)."""

    games: int = 10_000
    hidden: int | None = None  # hidden units: a new net's (None: 80), or more to widen ``init``
    lr_end: float = 1e-4  # reached at the last game (linear decay from ``lr``)
    lam: float = 0.7
    batch_games: int = 4  # games per job and update
    eval_every: int = 1000  # games between snapshots and arena checks
    average_last: int = 0  # > 0: also write average.npz, the mean of the last N snapshots
    mix: str = ""  # other variants of the family (comma-separated) whose games alternate

    def variants(self) -> list[str]:
        """The variants self-play cycles through, game by game: ``variant`` first."""
        return [self.variant, *(m for m in self.mix.split(",") if m)]


@dataclass
class Progress:
    """What the job reports after each batch of games."""

    games: int
    total: int
    positions: int
    mse: float
    games_per_s: float
    win_rates: list[tuple[int, float, float]] = field(default_factory=list)  # games, ppg, ±


def play_batch(
    games: list[tuple[str, int]],
    weights: list[np.ndarray],
    explore: float,
    features: str | None = None,
) -> list[Trajectory]:
    """Self-play one game per (variant, seed) with the given weights (runs in workers
    too)."""
    nets: dict[str, NetEvaluator] = {}
    out = []
    for name, seed in games:
        if name not in nets:
            nets[name] = NetEvaluator.from_params(find_variant(name), weights, features=features)
        net = nets[name]
        out.append(play_game(net.variant, net, np.random.default_rng(seed), explore=explore))
    return out


class _Local:
    """Runs jobs in this process, or in a pool of ``workers`` processes; ``slots``
    jobs at a time."""

    def __init__(self, workers: int) -> None:
        self.slots = workers
        self.pool: Pool | None = None
        if workers > 1:
            self.pool = multiprocessing.get_context("spawn").Pool(workers)

    def map(self, fn: Callable[..., T], jobs: Sequence[tuple[object, ...]]) -> list[T]:
        if self.pool is None:
            return [fn(*j) for j in jobs]
        return self.pool.starmap(fn, jobs)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()


class _Ray:
    """Runs jobs as tasks on a Ray cluster; ``slots`` jobs at a time: ``workers``, or
    as many as the cluster has CPUs."""

    def __init__(self, address: str, workers: int | None = None) -> None:
        try:
            import ray  # noqa: PLC0415
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise RuntimeError(
                "--ray-address needs Ray: pip install 'nardy[train]' (or pip install ray)"
            ) from exc
        self.ray = ray
        ray.init(address=address, ignore_reinit_error=True)
        self.slots = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.remote: dict[Callable[..., Any], Any] = {}

    def map(self, fn: Callable[..., T], jobs: Sequence[tuple[object, ...]]) -> list[T]:
        remote = self.remote.setdefault(fn, self.ray.remote(fn))
        results: list[T] = self.ray.get([remote.remote(*j) for j in jobs])
        return results

    def close(self) -> None:
        pass


def runner_for(workers: int | None, ray_address: str | None) -> _Local | _Ray:
    """Where jobs run: a Ray cluster when an address is given, else local processes.
    The games a run plays depend on its jobs per step (``slots``), not on where they
    run: the same run on a local pool and on Ray gives the same net."""
    return _Ray(ray_address, workers) if ray_address else _Local(workers or 1)


def save_checkpoint(
    path: Path, config: RunConfig, learner: TDLearner, history: Sequence[object], **progress: int
) -> None:
    """Weights, optimizer state, progress counters (``games=…``, ``round=…``), history
    and the run's config in one npz (atomic replace)."""
    net = learner.net
    tmp = path.with_suffix(".tmp.npz")
    arrays = {
        "family": np.array(net.family),
        "features": np.array(net.features),
        "w1": net.w1,
        "b1": net.b1,
        "w2": net.w2,
        "b2": net.b2,
        "config": np.array(config.to_json()),
        "history": np.array(json.dumps(history)),
        **{k: np.array(v) for k, v in progress.items()},
        **learner.state(),
    }
    # numpy's stub checks **kwds against allow_pickle: bool as well
    np.savez(tmp, **arrays)  # type: ignore[arg-type]
    tmp.replace(path)
    log.info("checkpoint %s written (%s)", path, progress)


def load_checkpoint(path: Path) -> dict[str, Any]:
    """The arrays of a checkpoint written by :func:`save_checkpoint`."""
    with np.load(path, allow_pickle=False) as z:
        return {k: z[k] for k in z.files}


def resume_learner(
    path: Path, variant_name: str, lr: float, lam: float, minibatch: int
) -> tuple[TDLearner, dict[str, Any]]:
    """The learner (net and optimizer state) of a checkpoint, and its arrays; the
    checkpoint must be of the same family as ``variant_name``."""
    variant = find_variant(variant_name)
    z = load_checkpoint(path)
    saved = json.loads(str(z["config"]))
    if find_variant(saved["variant"]).family != variant.family:
        raise ValueError(f"{path} is a {saved['variant']} checkpoint, not {variant_name}")
    weights = [np.array(z[k], dtype=float) for k in ("w1", "b1", "w2", "b2")]
    features = str(z["features"]) if "features" in z else f"{variant.family}-v1"
    net = NetEvaluator.from_params(variant, weights, features=features)
    learner = TDLearner(net, lr, lam, minibatch)
    learner.load_state(z)
    return learner, z


def _arena(
    config: TrainConfig, net: NetEvaluator, prev: NetEvaluator, games: int
) -> tuple[float, float]:
    from nardy.bots import Bot
    from nardy.train.arena import play_match

    v = find_variant(config.variant)
    a = Bot(v, "advanced", evaluator=net)
    b = Bot(v, "advanced", evaluator=prev)
    res = play_match(v, a, b, config.eval_games, seed=10_000 + games)
    return res.ppg, res.ci95


def train(
    config: TrainConfig,
    on_progress: Callable[[Progress], None] | None = None,
    *,
    resume: bool = True,
) -> Path:
    """Run (or resume) a training job; returns the checkpoint path."""
    variant = find_variant(config.variant)
    out = Path(config.out)
    out.mkdir(parents=True, exist_ok=True)
    ckpt = out / CHECKPOINT
    games = 0
    history: list[tuple[int, float, float]] = []
    if resume and ckpt.exists():
        learner, z = resume_learner(ckpt, config.variant, config.lr, config.lam, config.minibatch)
        net = learner.net
        games = int(z["games"])
        history = [(int(g), float(p), float(c)) for g, p, c in json.loads(str(z["history"]))]
        log.info("resuming %s at %d games", ckpt, games)
    elif config.init:
        net = NetEvaluator.load(variant, config.init)
        net = net.widened(config.features or net.features, config.hidden, config.seed)
        learner = TDLearner(net, config.lr, config.lam, config.minibatch)
    else:
        net = NetEvaluator.random(variant, config.hidden or 80, config.seed, config.features)
        learner = TDLearner(net, config.lr, config.lam, config.minibatch)
    prev = net.copy()
    runner = runner_for(config.workers, config.ray_address)
    started = time.perf_counter()
    done_here = 0
    positions = 0
    try:
        while games < config.games:
            n_jobs = runner.slots
            per = min(config.batch_games, max(1, (config.games - games + n_jobs - 1) // n_jobs))
            # Self-play chooses its plays in float32, as the shipped nets play: a quarter
            # more games a second than float64 (and half the bytes to each worker); the
            # learner keeps float64 and computes the targets itself.
            weights = [p.astype(np.float32) for p in net.params()]
            names = config.variants()
            jobs = [
                (
                    [
                        (names[g % len(names)], config.seed * 1_000_000_007 + g)
                        for g in range(games + j * per, games + (j + 1) * per)
                    ],
                    weights,
                    config.explore,
                    net.features,
                )
                for j in range(n_jobs)
            ]
            mse = 0.0
            learner.lr = config.lr + (config.lr_end - config.lr) * min(games / config.games, 1.0)
            for batch in runner.map(play_batch, jobs):
                mse = learner.update(batch)
                positions += sum(len(t) for t in batch)
                games += len(batch)
                done_here += len(batch)
            before = (games - per * n_jobs) // config.eval_every
            if games // config.eval_every > before or games >= config.games:
                ppg, ci = _arena(config, net, prev, games)
                history.append((games, ppg, ci))
                log.info("%d games: new net vs previous snapshot %+.3f ± %.3f ppg", games, ppg, ci)
                net.save(out / f"net-{games:07d}.npz", games=games, config=config.to_json())
                prev = net.copy()
                save_checkpoint(ckpt, config, learner, history, games=games)
            if on_progress is not None:
                rate = done_here / max(time.perf_counter() - started, 1e-9)
                on_progress(Progress(games, config.games, positions, mse, rate, history))
        save_checkpoint(ckpt, config, learner, history, games=games)
        net.save(out / "final.npz", games=games, config=config.to_json())
        if config.average_last > 0:
            average_last(variant, out, config.average_last)
    finally:
        runner.close()
    return ckpt
