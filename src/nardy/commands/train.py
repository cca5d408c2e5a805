"""``nardy train``: training a family's evaluation network — self-play TD(λ), or
search distillation (the 0-ply net fitted to its own n-ply values, round by round)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from nardy.cli_messages import say
from nardy.variants import find_variant

if TYPE_CHECKING:  # the training modules (numpy) load when the command runs
    from nardy.train.distill import DistillProgress
    from nardy.train.loop import Progress as TrainProgress
    from nardy.variants.base import Variant

log = logging.getLogger(__name__)


@click.command(name="train")
@click.option(
    "--variant",
    "variant_name",
    default="short",
    show_default=True,
    help="Variant to train for (its family's net) / Вариант игры.",
)
@click.option(
    "--method",
    type=click.Choice(["td", "distill"]),
    default="td",
    show_default=True,
    help="td: self-play TD(λ); distill: fit the net to its own search values.",
)
@click.option("--games", default=10_000, show_default=True, help="Total self-play games (td).")
@click.option("--rounds", default=4, show_default=True, help="Distillation rounds (distill).")
@click.option(
    "--positions",
    default=100_000,
    show_default=True,
    help="Self-play positions per round (distill).",
)
@click.option(
    "--target-plies", default=1, show_default=True, help="Search depth of the targets (distill)."
)
@click.option(
    "--targets",
    type=click.Choice(["search", "rollout"]),
    default="search",
    show_default=True,
    help="distill: fit to n-ply search values, or to rollouts by the 0-ply net.",
)
@click.option(
    "--trials", default=36, show_default=True, help="Rollout games per position (rollout targets)."
)
@click.option(
    "--truncate",
    default=0,
    show_default=True,
    help="Rollout targets: rolls before the net judges (0: play each game out).",
)
@click.option("--epochs", default=6, show_default=True, help="Epochs per round (distill).")
@click.option(
    "--keep-rounds",
    default=3,
    show_default=True,
    help="distill: each fit uses the positions of the last N rounds.",
)
@click.option("--out", default=None, help="Run directory (checkpoints) [runs/VARIANT].")
@click.option(
    "--hidden",
    type=int,
    default=None,
    help="Hidden units of a new net [80]; with --init, more than its own widens it.",
)
@click.option(
    "--features",
    default=None,
    help="Input feature set of a new net (nardy.eval.features) [family default].",
)
@click.option(
    "--init",
    "init",
    default=None,
    type=click.Path(exists=True, dir_okay=False),
    help="Start a new run from these weights (widened to --features).",
)
@click.option("--lr", default=1e-3, show_default=True, help="Adam learning rate.")
@click.option(
    "--lr-end",
    default=1e-4,
    show_default=True,
    help="Learning rate reached at the last game (linear decay).",
)
@click.option("--lam", "lam", default=0.7, show_default=True, help="TD(λ) lambda.")
@click.option("--batch-games", default=4, show_default=True, help="Games per update.")
@click.option("--minibatch", default=16, show_default=True, help="Positions per Adam step.")
@click.option("--explore", default=0.0, show_default=True, help="Equity noise in self-play.")
@click.option("--seed", default=0, show_default=True)
@click.option(
    "--eval-every",
    default=1000,
    show_default=True,
    help="Games between snapshots and arena matches against the previous one.",
)
@click.option("--eval-games", default=100, show_default=True, help="Arena games per check.")
@click.option(
    "--workers",
    type=int,
    default=None,
    help="Self-play jobs at a time: local processes, or Ray tasks with "
    "--ray-address  [default: 1; with Ray, the cluster's CPUs]",
)
@click.option(
    "--ray-address",
    default=None,
    help="Fan self-play out over a Ray cluster ('auto', 'local' or host:port).",
)
@click.option(
    "--mix",
    default="",
    metavar="V1,V2",
    help="Other variants of the family whose games alternate with --variant's (td): one "
    "net for them all, best with a feature set that has variant inputs (long-v2).",
)
@click.option("--fresh", is_flag=True, help="Ignore an existing checkpoint in --out.")
@click.option(
    "--average-last",
    default=0,
    show_default=True,
    metavar="N",
    help="Also write average.npz: the mean of the last N snapshots (td).",
)
def command(
    variant_name: str,
    method: str,
    games: int,
    rounds: int,
    positions: int,
    target_plies: int,
    targets: str,
    trials: int,
    truncate: int,
    epochs: int,
    keep_rounds: int,
    out: str | None,
    hidden: int | None,
    features: str | None,
    init: str | None,
    lr: float,
    lr_end: float,
    lam: float,
    batch_games: int,
    minibatch: int,
    explore: float,
    seed: int,
    eval_every: int,
    eval_games: int,
    workers: int | None,
    ray_address: str | None,
    mix: str,
    fresh: bool,
    average_last: int,
) -> None:
    """Train the evaluation net (self-play TD(λ), or search distillation); resumes from
    --out's checkpoint.

    Обучение оценочной сети (самоигра TD(λ) или дистилляция поиска); продолжает с
    контрольной точки.
    """
    from nardy.train.loop import TrainConfig, train

    try:
        variant = find_variant(variant_name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--variant") from exc
    from nardy.eval.features import SETS, family_of

    if features is not None and (features not in SETS or family_of(features) != variant.family):
        sets = ", ".join(f for f in SETS if family_of(f) == variant.family)
        raise click.BadParameter(f"{features!r}: use one of {sets}", param_hint="--features")
    if method == "distill":
        _distill(
            variant.name,
            rounds,
            positions,
            target_plies,
            epochs,
            features,
            init,
            lr,
            seed,
            eval_games,
            workers,
            ray_address,
            out,
            fresh,
            targets=(targets, trials, truncate),
            keep_rounds=keep_rounds,
        )
        return
    counts = (games, 1 if workers is None else workers, batch_games, minibatch, eval_every)
    if min(counts) < 1 or eval_games < 2 or (hidden is not None and hidden < 1):
        raise click.BadParameter(say("cli.train-counts"))
    if not 0.0 <= lam <= 1.0:
        raise click.BadParameter(say("cli.lambda"), param_hint="--lam")
    if average_last < 0:
        raise click.BadParameter(say("cli.average-last"), param_hint="--average-last")
    mixed = _mixed(variant, mix)
    config = TrainConfig(
        variant=variant.name,
        games=games,
        hidden=hidden,
        features=features,
        init=init,
        lr=lr,
        lam=lam,
        lr_end=lr_end,
        batch_games=batch_games,
        minibatch=minibatch,
        explore=explore,
        seed=seed,
        eval_every=eval_every,
        eval_games=eval_games,
        workers=workers,
        ray_address=ray_address,
        out=out or f"runs/{variant.name}",
        average_last=average_last,
        mix=",".join(mixed),
    )
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:.1f} games/s"),
        TextColumn("mse {task.fields[mse]:.4f}"),
        TextColumn("{task.fields[arena]}"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(
            f"train {variant.name}", total=games, rate=0.0, mse=0.0, arena="vs prev: –"
        )

        def report(p: TrainProgress) -> None:
            arena = "vs prev: –"
            if p.win_rates:
                g, ppg, ci = p.win_rates[-1]
                arena = f"vs prev@{g}: {ppg:+.2f}±{ci:.2f} ppg"
                if g == p.games:  # the arena has just been played
                    progress.console.print(
                        f"{p.games} games, {p.games_per_s:.1f} games/s, mse {p.mse:.4f}, "
                        f"new net vs previous snapshot: {ppg:+.3f} ± {ci:.3f} ppg"
                    )
            progress.update(task, completed=p.games, rate=p.games_per_s, mse=p.mse, arena=arena)

        try:
            ckpt = train(config, report, resume=not fresh)
        except (RuntimeError, ValueError) as exc:
            log.debug("training in %s stopped", config.out, exc_info=True)
            raise click.ClickException(str(exc)) from exc
    console.print(f"checkpoint: {ckpt}  /  контрольная точка: {ckpt}")
    if average_last:
        from nardy.train.average import AVERAGE

        avg = ckpt.with_name(AVERAGE)
        console.print(
            f"mean of the last {average_last} snapshots: {avg}  /  "
            f"среднее последних {average_last} снимков: {avg}"
        )


def _mixed(variant: Variant, mix: str) -> list[str]:
    """The --mix variants, each checked: known and of ``variant``'s family (every
    variant of a family has its input in the family's sets with variant inputs)."""
    names = []
    for name in (m.strip() for m in mix.split(",") if m.strip()):
        try:
            other = find_variant(name)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--mix") from exc
        if other.family != variant.family:
            raise click.BadParameter(
                say("cli.mix-family", variant=other.name, family=variant.family),
                param_hint="--mix",
            )
        names.append(other.name)
    return names


def _distill(
    variant: str,
    rounds: int,
    positions: int,
    plies: int,
    epochs: int,
    features: str | None,
    init: str | None,
    lr: float,
    seed: int,
    eval_games: int,
    workers: int | None,
    ray_address: str | None,
    out: str | None,
    fresh: bool,
    *,
    targets: tuple[str, int, int],
    keep_rounds: int,
) -> None:
    from nardy.train.distill import DistillConfig, distill

    kind, trials, truncate = targets
    counts = (rounds, positions, epochs, 1 if workers is None else workers, trials, keep_rounds)
    if min(counts) < 1 or not 1 <= plies <= 3 or eval_games < 2 or truncate < 0:
        raise click.BadParameter(say("cli.distill-counts"))
    config = DistillConfig(
        variant=variant,
        init=init,
        features=features,
        rounds=rounds,
        positions=positions,
        plies=plies,
        targets=kind,
        trials=trials,
        truncate=truncate,
        epochs=epochs,
        keep_rounds=keep_rounds,
        lr=lr,
        seed=seed,
        eval_games=eval_games,
        workers=workers,
        ray_address=ray_address,
        out=out or f"runs/{variant}-distill",
    )
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    stages = {
        "positions": "positions / позиции",
        "targets": f"{kind} targets / цели: {'роллауты' if kind == 'rollout' else 'поиск'}",
        "fit": "epochs / эпохи",
        "arena": "arena / матч",
    }
    with Progress(*columns, console=console) as progress:
        tasks: dict[tuple[int, str], TaskID] = {}
        printed: set[int] = set()

        def report(p: DistillProgress) -> None:
            key = (p.round, p.stage)
            if key not in tasks:
                tasks[key] = progress.add_task(
                    f"round {p.round}/{rounds} {stages[p.stage]}", total=p.total
                )
            progress.update(tasks[key], completed=p.done)
            last = p.history[-1] if p.history else None
            if last and last["round"] == p.round and p.round not in printed:
                printed.add(p.round)
                progress.console.print(
                    f"round {p.round}: hold-out mse {last['holdout_mse_before']:.5f} → "
                    f"{last['holdout_mse_after']:.5f} (epoch {last['best_epoch']} of "
                    f"{epochs}); new net vs previous: "
                    f"{last['ppg_vs_previous']:+.3f} ± {last['ci95']:.3f} ppg"
                )

        try:
            ckpt = distill(config, report, resume=not fresh)
        except (RuntimeError, ValueError) as exc:
            log.debug("distillation in %s stopped", config.out, exc_info=True)
            raise click.ClickException(str(exc)) from exc
    console.print(f"checkpoint: {ckpt}  /  контрольная точка: {ckpt}")
