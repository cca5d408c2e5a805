"""``nardy train``: self-play TD(λ) training of a family's evaluation network."""

from __future__ import annotations

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nardy.variants import find_variant


@click.command(name="train")
@click.option("--variant", "variant_name", default="short", show_default=True,
              help="Variant to train for (its family's net) / Вариант игры.")
@click.option("--games", default=10_000, show_default=True, help="Total self-play games.")
@click.option("--out", default=None, help="Run directory (checkpoints) [runs/VARIANT].")
@click.option("--hidden", default=80, show_default=True, help="Hidden units (new runs).")
@click.option("--features", default=None,
              help="Input feature set of a new net (nardy.eval.features) [family default].")
@click.option("--init", "init", default=None, type=click.Path(exists=True, dir_okay=False),
              help="Start a new run from these weights (widened to --features).")
@click.option("--lr", default=1e-3, show_default=True, help="Adam learning rate.")
@click.option("--lr-end", default=1e-4, show_default=True,
              help="Learning rate reached at the last game (linear decay).")
@click.option("--lam", "lam", default=0.7, show_default=True, help="TD(λ) lambda.")
@click.option("--batch-games", default=4, show_default=True, help="Games per update.")
@click.option("--minibatch", default=16, show_default=True, help="Positions per Adam step.")
@click.option("--explore", default=0.0, show_default=True, help="Equity noise in self-play.")
@click.option("--seed", default=0, show_default=True)
@click.option("--eval-every", default=1000, show_default=True,
              help="Games between snapshots and arena matches against the previous one.")
@click.option("--eval-games", default=100, show_default=True, help="Arena games per check.")
@click.option("--workers", default=1, show_default=True, help="Local self-play processes.")
@click.option("--ray-address", default=None, help="Fan self-play out over a Ray cluster.")
@click.option("--fresh", is_flag=True, help="Ignore an existing checkpoint in --out.")
def command(variant_name: str, games: int, out: str | None, hidden: int,
            features: str | None, init: str | None, lr: float,
            lr_end: float, lam: float, batch_games: int, minibatch: int, explore: float,
            seed: int, eval_every: int, eval_games: int, workers: int,
            ray_address: str | None, fresh: bool) -> None:
    """Train the evaluation net by self-play TD(λ); resumes from --out's checkpoint.

    Обучение оценочной сети самоигрой TD(λ); продолжает с контрольной точки.
    """
    from nardy.train.loop import TrainConfig, train

    try:
        variant = find_variant(variant_name)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--variant") from exc
    from nardy.eval.features import FEATURES, family_of

    if features is not None and (
        features not in FEATURES or family_of(features) != variant.family
    ):
        sets = ", ".join(f for f in FEATURES if family_of(f) == variant.family)
        raise click.BadParameter(f"{features!r}: use one of {sets}", param_hint="--features")
    counts = (games, workers, batch_games, minibatch, eval_every)
    if min(counts) < 1 or eval_games < 2:
        raise click.BadParameter("games, workers, batch-games, eval-every must be ≥ 1, "
                                 "eval-games ≥ 2 / значения должны быть положительными")
    if not 0.0 <= lam <= 1.0:
        raise click.BadParameter("lambda must be in [0, 1] / λ от 0 до 1", param_hint="--lam")
    config = TrainConfig(
        variant=variant.name, games=games, hidden=hidden, features=features, init=init,
        lr=lr, lam=lam,
        lr_end=lr_end, batch_games=batch_games, minibatch=minibatch, explore=explore,
        seed=seed, eval_every=eval_every, eval_games=eval_games, workers=workers,
        ray_address=ray_address,
        out=out or f"runs/{variant.name}",
    )
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:.1f} games/s"), TextColumn("mse {task.fields[mse]:.4f}"),
        TextColumn("{task.fields[arena]}"), TimeRemainingColumn(),
    )
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(f"train {variant.name}", total=games, rate=0.0, mse=0.0,
                                 arena="vs prev: –")

        def report(p) -> None:  # type: ignore[no-untyped-def]
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
            raise click.ClickException(str(exc)) from exc
    console.print(f"checkpoint: {ckpt}  /  контрольная точка: {ckpt}")
