"""Search distillation: positions, n-ply and rollout targets, a tiny resumable run, the
CLI."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from click.testing import CliRunner

from nardy.bots.search import Search
from nardy.eval.boards import boards_from_positions
from nardy.eval.net import DATA, NetEvaluator, load_shipped
from nardy.position import Position
from nardy.rollout.run import Plan, rollout_position
from nardy.rollout.trial import TrialSettings
from nardy.train.distill import (
    DistillConfig,
    distill,
    holdout_mask,
    rollout_targets,
    sample_positions,
    search_targets,
)
from nardy.variants import find_variant

SHORT = find_variant("short")


def _weights() -> tuple[list[np.ndarray], str]:
    net = load_shipped(SHORT)
    assert net is not None
    return net.params(), net.features


def test_sampled_positions_leave_out_finished_games_and_bear_offs() -> None:
    from nardy.eval.boards import bearoff_mask, finished_mask

    weights, features = _weights()
    boards, first = sample_positions("short", weights, features, [1, 2], 0.02)
    assert len(boards) == len(first) > 40
    assert not finished_mask(boards).any() and not bearoff_mask(boards).any()
    assert (boards.sum(axis=2) == 15).all()  # 15 checkers a side (G-1)


def test_targets_are_the_search_values() -> None:
    weights, features = _weights()
    # Bearing off the last two checkers from the 1-point wins with every roll (G-10).
    sure = Position.from_points({1: 2}, {19: 15})
    start = SHORT.start_position()
    boards, first = boards_from_positions([sure, start])
    t = search_targets("short", weights, features, boards, first, 1)
    assert t[0].tolist() == [1.0, 1.0, 1.0, 0.0, 0.0]  # backgammon: he is in my home
    ref = Search(SHORT, NetEvaluator.from_params(SHORT, weights, features=features)).value(start, 1)
    assert t[1] == pytest.approx(ref)


def test_rollout_targets_are_rollouts_by_the_given_net() -> None:
    weights, features = _weights()
    sure = Position.from_points({1: 2}, {19: 15})  # every roll bears off both (G-10)
    start = SHORT.start_position()
    boards, first = boards_from_positions([sure, start])
    t = rollout_targets("short", weights, features, boards, first, 36, 3, 7)
    assert t[0] == pytest.approx([1.0, 1.0, 1.0, 0.0, 0.0])  # a backgammon, no luck in it
    # the same games as `nardy rollout` plays (the shipped net, trial by trial, VR);
    # board i rolls the dice of seed + i
    ref = rollout_position(SHORT, start, TrialSettings(truncate=3, seed=8), Plan(games=36))
    assert t[1] == pytest.approx([p.mean for p in ref.probs])
    assert ((t >= 0) & (t <= 1)).all()
    # another net rolls out otherwise: the targets are the trained net's, not the shipped
    other = NetEvaluator.random(SHORT, hidden=8, seed=1, features=features).params()
    assert not np.allclose(
        rollout_targets("short", other, features, boards, first, 36, 3, 7)[1], t[1]
    )


def test_each_rollout_target_rolls_its_own_dice() -> None:
    """One position twice in a slice gets two rollouts on different dice (seed + i), so
    the targets' noise is not shared across positions; each is `nardy rollout`'s."""
    weights, features = _weights()
    start = SHORT.start_position()
    boards, first = boards_from_positions([start, start])
    # (past two rolls: VR over two rolls telescopes to a value that no dice change)
    t = rollout_targets("short", weights, features, boards, first, 36, 8, 20)
    assert not np.allclose(t[0], t[1])
    for i in range(2):
        ref = rollout_position(SHORT, start, TrialSettings(truncate=8, seed=20 + i), Plan(games=36))
        assert t[i] == pytest.approx([p.mean for p in ref.probs])


def _tiny_run(tmp_path, out: str, **settings: object) -> DistillConfig:
    """A one-round run from an untrained 16-unit net (its file in ``tmp_path``), with
    two arena games and a fifth of the round held out; ``settings`` as given."""
    start = tmp_path / "start.npz"
    NetEvaluator.random(SHORT, hidden=16, seed=3, features="short-v2").save(start)
    tiny = DistillConfig(
        init=str(start), rounds=1, epochs=2, eval_games=2, holdout=0.2, out=str(tmp_path / out)
    )
    return dataclasses.replace(tiny, **settings)


@pytest.mark.parametrize(("n", "share"), [(5000, 0.05), (6000, 0.05), (300, 0.2), (60, 0.2)])
def test_the_hold_out_spans_the_round(n: int, share: float) -> None:
    """The held-out positions are the given share of the round, in runs of at most 50
    consecutive positions (about a game) spread over all of it, not its first games."""
    mask = holdout_mask(n, share)
    held = np.flatnonzero(mask)
    assert len(held) == pytest.approx(n * share, rel=0.01)
    edges = np.diff(np.r_[0, mask.astype(int), 0])
    runs = np.flatnonzero(edges == -1) - np.flatnonzero(edges == 1)
    assert len(runs) >= 4 and runs.max() <= 50  # several runs of at most a game
    assert held.max() - held.min() >= 0.75 * n  # from the round's start to near its end
    assert not holdout_mask(100, 0.0).any()


def test_a_tiny_rollout_run(tmp_path) -> None:
    cfg = _tiny_run(tmp_path, "a", positions=60, targets="rollout", trials=4, truncate=2)
    distill(cfg)
    with np.load(tmp_path / "a" / "data-001.npz") as d:
        targets = d["targets"]
    assert targets.shape == (60, 5) and ((targets >= 0) & (targets <= 1)).all()
    cfg.out = str(tmp_path / "b")  # the same run again: the same dice, the same targets
    distill(cfg)
    with np.load(tmp_path / "b" / "data-001.npz") as d:
        assert np.array_equal(d["targets"], targets)
    cfg.targets = "oracle"
    with pytest.raises(ValueError, match="search, rollout"):
        distill(cfg)


def test_a_tiny_run_resumes_and_improves_the_fit(tmp_path) -> None:
    """From an untrained net, whose 0-ply values are far from its own 1-ply search
    values (the shipped net already fits its own search to ~1e-4)."""
    cfg = _tiny_run(tmp_path, ".", positions=300)
    distill(cfg)
    with np.load(tmp_path / "distill.npz") as z:
        hist = json.loads(str(z["history"]))
        assert int(z["round"]) == 1 and str(z["features"]) == "short-v2"
    assert hist[0]["holdout_mse_after"] < hist[0]["holdout_mse_before"]
    with np.load(tmp_path / "data-001.npz") as d:
        assert d["boards"].shape == (300, 2, 26) and d["targets"].shape == (300, 5)
    assert hist[0]["fit_positions"] == 240  # this round's positions less the hold-out
    # the net kept is the epoch that fits the hold-out best
    errors = hist[0]["holdout_mse_epochs"]
    assert len(errors) == 2 and hist[0]["best_epoch"] == 1 + int(np.argmin(errors))
    assert hist[0]["holdout_mse_after"] == pytest.approx(min(errors))
    cfg.rounds = 2
    seen = []
    distill(cfg, seen.append)
    assert {p.round for p in seen} == {2}  # round 1 was not done again
    assert (tmp_path / "net-r002.npz").exists() and (tmp_path / "final.npz").exists()
    # the second fit also uses round 1's positions (keep_rounds 3), all of them
    assert seen[-1].history[-1]["fit_positions"] == 300 + 240
    cfg.rounds, cfg.keep_rounds = 3, 1
    seen = []
    distill(cfg, seen.append)
    assert seen[-1].history[-1]["fit_positions"] == 240  # only its own round's


def test_a_fit_that_only_spoils_the_hold_out_leaves_the_net_as_it_was(tmp_path) -> None:
    """Steps far too long make every epoch worse on the hold-out: the round keeps the
    net it started from (epoch 0), the optimizer's state with it."""
    cfg = _tiny_run(tmp_path, "run", positions=200, epochs=3, lr=5.0)
    distill(cfg)
    with np.load(tmp_path / "run" / "distill.npz") as z:
        hist = json.loads(str(z["history"]))[0]
        assert int(z["adam_steps"]) == 0 and not z["adam_m0"].any()
    assert hist["best_epoch"] == 0
    assert min(hist["holdout_mse_epochs"]) > hist["holdout_mse_before"]
    assert hist["holdout_mse_after"] == pytest.approx(hist["holdout_mse_before"])
    kept = NetEvaluator.load(SHORT, tmp_path / "run" / "final.npz").params()
    start = NetEvaluator.load(SHORT, tmp_path / "start.npz")
    for a, b in zip(kept, start.params(), strict=True):
        assert np.array_equal(a, b)


def test_cli_distill_and_bad_options(tmp_path) -> None:
    from nardy.commands.train import command

    runner = CliRunner()
    res = runner.invoke(
        command,
        [
            "--method",
            "distill",
            "--rounds",
            "1",
            "--positions",
            "100",
            "--epochs",
            "1",
            "--keep-rounds",
            "2",
            "--eval-games",
            "2",
            "--init",
            str(DATA / "short-v1.npz"),
            "--features",
            "short-v2",
            "--out",
            str(tmp_path),
        ],
    )
    assert res.exit_code == 0, res.output
    assert NetEvaluator.load(SHORT, tmp_path / "final.npz").features == "short-v2"
    with np.load(tmp_path / "final.npz") as z:
        assert json.loads(str(z["config"]))["keep_rounds"] == 2
    assert "round 1" in res.output and "of 1)" in res.output  # the epoch kept, of 1
    bad = runner.invoke(command, ["--method", "distill", "--target-plies", "7"])
    assert bad.exit_code != 0 and "target-plies" in bad.output
    for opts in (["--trials", "0"], ["--truncate", "-1"], ["--keep-rounds", "0"]):
        bad = runner.invoke(command, ["--method", "distill", "--targets", "rollout", *opts])
        assert bad.exit_code != 0 and "truncate ≥ 0" in bad.output, opts
    bad = runner.invoke(command, ["--method", "distill", "--targets", "oracle"])
    assert bad.exit_code != 0 and "'search', 'rollout'" in bad.output
    bad = runner.invoke(
        command,
        [
            "--method",
            "distill",
            "--variant",
            "long",
            "--features",
            "short-v2",
            "--out",
            str(tmp_path / "x"),
        ],
    )
    assert bad.exit_code != 0
