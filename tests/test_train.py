"""Training: λ-returns, self-play records, a tiny resumable run, the CLI."""

from __future__ import annotations

import json
import sys

import numpy as np
import pytest
from click.testing import CliRunner

from nardy.eval.net import NetEvaluator
from nardy.train.config import RunConfig
from nardy.train.distill import DistillConfig
from nardy.train.loop import TrainConfig, load_checkpoint, train
from nardy.train.selfplay import play_game
from nardy.train.td import lambda_returns
from nardy.variants import find_variant

SHORT = find_variant("short")


def test_lambda_returns_td0_and_monte_carlo() -> None:
    values = np.array(
        [[0.5, 0.1, 0.0, 0.1, 0.0], [0.6, 0.2, 0.0, 0.1, 0.0], [0.3, 0.0, 0.0, 0.2, 0.0]]
    )
    final = np.array([0.0, 0.0, 0.0, 1.0, 0.0])  # the last side on roll lost a gammon
    td0 = lambda_returns(values, final, 0.0)
    assert td0[2].tolist() == [1, 1, 0, 0, 0]  # the winner's view of the result
    assert td0[0].tolist() == pytest.approx([0.4, 0.1, 0.0, 0.2, 0.0])  # inv(V(s1))
    mc = lambda_returns(values, final, 1.0)
    assert mc[2].tolist() == [1, 1, 0, 0, 0]
    assert mc[1].tolist() == [0, 0, 0, 1, 0]
    assert mc[0].tolist() == [1, 1, 0, 0, 0]


def test_both_jobs_configs_share_the_run_settings_with_their_own_defaults() -> None:
    td, dist = TrainConfig(), DistillConfig()
    assert isinstance(td, RunConfig) and isinstance(dist, RunConfig)
    assert (td.lr, td.minibatch, td.eval_games, td.out) == (1e-3, 16, 100, "runs/short")
    assert (dist.lr, dist.minibatch, dist.eval_games, dist.out) == (3e-4, 64, 1000, "runs/distill")
    for cfg in (TrainConfig(games=7, ray_address="auto"), DistillConfig(rounds=2, init="x")):
        assert type(cfg)(**json.loads(cfg.to_json())) == cfg  # what checkpoints save reads back


def test_a_net_from_its_params_evaluates_as_the_net() -> None:
    net = NetEvaluator.random(SHORT, hidden=8, seed=2)
    same = NetEvaluator.from_params(SHORT, net.params(), features=net.features)
    boards = np.array([(SHORT.start_position().mine, SHORT.start_position().theirs)])
    first = np.ones((1, 2), dtype=bool)
    assert same.probs(boards, first).tolist() == net.probs(boards, first).tolist()
    with pytest.raises(ValueError):
        NetEvaluator.from_params(SHORT, net.params()[:3])


@pytest.mark.parametrize("name", ["short", "long"])
def test_self_play_game_ends_with_its_result(name) -> None:
    v = find_variant(name)
    traj = play_game(v, NetEvaluator.random(v, hidden=8), np.random.default_rng(1))
    assert traj.boards.shape[1:] == (2, 26)
    assert 15 in (traj.boards[-1, 0, 0], traj.boards[-1, 1, 0])
    assert traj.final[0] == 0  # the last side on roll has lost
    assert traj.final[3] in (0, 1)


def test_tiny_run_writes_and_resumes_a_checkpoint(tmp_path) -> None:
    cfg = TrainConfig(
        variant="short",
        games=4,
        hidden=8,
        batch_games=2,
        eval_every=2,
        eval_games=2,
        out=str(tmp_path),
    )
    seen = []
    ckpt = train(cfg, seen.append)
    z = load_checkpoint(ckpt)
    assert int(z["games"]) == 4
    assert (tmp_path / "final.npz").exists() and (tmp_path / "net-0000002.npz").exists()
    w_before = z["w1"].copy()
    cfg.games = 6
    train(cfg)
    z2 = load_checkpoint(ckpt)
    assert int(z2["games"]) == 6
    assert int(z2["adam_steps"]) > int(z["adam_steps"])
    assert not np.array_equal(w_before, z2["w1"])
    assert seen[-1].games == 4 and seen[-1].win_rates


def test_resume_refuses_another_family(tmp_path) -> None:
    train(
        TrainConfig(
            variant="short",
            games=2,
            hidden=8,
            batch_games=2,
            eval_every=2,
            eval_games=2,
            out=str(tmp_path),
        )
    )
    with pytest.raises(ValueError, match="checkpoint"):
        train(TrainConfig(variant="long", games=4, hidden=8, out=str(tmp_path)))


def test_ray_address_without_ray_is_a_clear_error(tmp_path, monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    cfg = TrainConfig(games=2, hidden=8, out=str(tmp_path), ray_address="auto")
    with pytest.raises(RuntimeError, match="pip install"):
        train(cfg)


@pytest.fixture
def ray_cluster():
    """A real local Ray instance (``ray.init(address="local")``), shut down after."""
    ray = pytest.importorskip("ray", reason="Ray comes with the 'train' extra")
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


def test_a_run_on_ray_equals_the_same_run_on_local_workers(tmp_path, ray_cluster) -> None:
    """--ray-address fans the same jobs out: two jobs per step on a local pool and as
    Ray tasks give the same net, the same checkpoint and the same arena history."""

    def run(name: str, **where: object) -> dict:
        cfg = TrainConfig(
            variant="short",
            games=8,
            hidden=8,
            batch_games=2,
            eval_every=4,
            eval_games=2,
            seed=3,
            out=str(tmp_path / name),
            **where,
        )
        return dict(load_checkpoint(train(cfg)))

    local = run("local", workers=2)
    on_ray = run("ray", workers=2, ray_address="auto")  # joins the fixture's instance
    assert int(on_ray["games"]) == int(local["games"]) == 8
    for key in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(local[key], on_ray[key]), key
    assert str(local["history"]) == str(on_ray["history"])


def test_ray_runs_as_many_jobs_as_the_cluster_has_cpus(ray_cluster) -> None:
    from nardy.train.loop import runner_for

    runner = runner_for(None, "auto")
    assert runner.slots == int(ray_cluster.cluster_resources()["CPU"]) == 2
    assert runner_for(3, "auto").slots == 3
    assert runner_for(None, None).slots == 1


def test_cli_train_and_bad_options(tmp_path) -> None:
    from nardy.commands.train import command

    runner = CliRunner()
    res = runner.invoke(
        command,
        [
            "--variant",
            "long",
            "--games",
            "2",
            "--hidden",
            "8",
            "--eval-every",
            "2",
            "--eval-games",
            "2",
            "--out",
            str(tmp_path),
        ],
    )
    assert res.exit_code == 0, res.output
    assert (tmp_path / "checkpoint.npz").exists()
    bad = runner.invoke(command, ["--variant", "chess"])
    assert bad.exit_code != 0 and "unknown variant" in bad.output
    bad = runner.invoke(command, ["--lam", "2"])
    assert bad.exit_code != 0 and "lambda" in bad.output


def test_cli_train_widens_a_net_onto_a_larger_feature_set(tmp_path) -> None:
    from nardy.commands.train import command

    old = tmp_path / "old.npz"
    NetEvaluator.random(SHORT, hidden=8, seed=2, features="short-v1").save(old)
    out = tmp_path / "run"
    res = CliRunner().invoke(
        command,
        [
            "--games",
            "2",
            "--features",
            "short-v2",
            "--init",
            str(old),
            "--eval-every",
            "2",
            "--eval-games",
            "2",
            "--out",
            str(out),
        ],
    )
    assert res.exit_code == 0, res.output
    z = load_checkpoint(out / "checkpoint.npz")
    assert str(z["features"]) == "short-v2" and z["w1"].shape == (213, 8)
    assert NetEvaluator.load(SHORT, out / "final.npz").features == "short-v2"
    bad = CliRunner().invoke(command, ["--features", "long-v1", "--out", str(out)])
    assert bad.exit_code != 0 and "short-v1, short-v2" in bad.output


def test_cli_train_widens_a_net_to_more_hidden_units(tmp_path) -> None:
    from nardy.commands.train import command

    old = tmp_path / "old.npz"
    NetEvaluator.random(SHORT, hidden=8, seed=2, features="short-v1").save(old)
    out = tmp_path / "run"
    common = ["--games", "2", "--eval-every", "2", "--eval-games", "2", "--init", str(old)]
    res = CliRunner().invoke(command, [*common, "--hidden", "12", "--out", str(out)])
    assert res.exit_code == 0, res.output
    z = load_checkpoint(out / "checkpoint.npz")
    assert z["w1"].shape == (199, 12) and z["w2"].shape == (12, 5)
    # fewer units than the net has is refused before any checkpoint is written
    fewer = tmp_path / "fewer"
    bad = CliRunner().invoke(command, [*common, "--hidden", "4", "--out", str(fewer)])
    assert bad.exit_code != 0 and "4 hidden units are fewer than the net's 8" in bad.output
    assert not (fewer / "checkpoint.npz").exists()
    bad = CliRunner().invoke(command, [*common, "--hidden", "0", "--out", str(fewer)])
    assert bad.exit_code != 0 and "hidden must be ≥ 1" in bad.output


def test_arena_games_can_start_from_given_positions() -> None:
    from nardy.bots import Bot
    from nardy.position import Position
    from nardy.train.arena import play_match

    # The side on roll bears off its last checker at once; the other side has none off:
    # a gammon (S-5), 2 points to whoever starts.
    last = Position.from_points({1: 1}, {6: 15})
    a, b = Bot(SHORT, "advanced"), Bot(SHORT, "beginner", seed=1)
    res = play_match(SHORT, a, b, 2, seed=3, duplicate=False, starts=[last])
    assert res.points == [2.0, -2.0]
    dup = play_match(SHORT, a, b, 4, seed=3, starts=[last])
    assert dup.points == [0.0, 0.0] and dup.games == 4


def test_a_match_split_into_blocks_plays_the_same_games() -> None:
    """``first`` resumes the seed's dice at a given pair: blocks merged equal one run
    (what the benchmarks' worker processes rely on)."""
    from nardy.bots import Bot
    from nardy.eval.pubeval import PubEvalPlayer
    from nardy.train.arena import merge_results, play_match

    a, b = Bot(SHORT, "advanced"), PubEvalPlayer(SHORT)  # both deterministic
    whole = play_match(SHORT, a, b, 6, seed=9)
    parts = [play_match(SHORT, a, b, 2 * n, seed=9, first=f) for f, n in ((0, 1), (1, 2))]
    merged = merge_results(parts)
    assert merged.points == whole.points and merged.wins == whole.wins
    assert merged.games == whole.games == 6
    assert merge_results([]).games == 0


def test_average_nets_is_the_element_wise_mean(tmp_path) -> None:
    from nardy.train.average import average_nets

    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    NetEvaluator.random(SHORT, hidden=8, seed=1, features="short-v2").save(a)
    NetEvaluator.random(SHORT, hidden=8, seed=2, features="short-v2").save(b)
    mean = average_nets(SHORT, [a, b])
    na, nb = NetEvaluator.load(SHORT, a), NetEvaluator.load(SHORT, b)
    for got, x, y in zip(mean.params(), na.params(), nb.params(), strict=True):
        assert np.allclose(got, (x + y) / 2)
    assert mean.features == "short-v2"
    other = tmp_path / "other.npz"
    NetEvaluator.random(SHORT, hidden=8, seed=3, features="short-v1").save(other)
    with pytest.raises(ValueError, match="other.npz"):
        average_nets(SHORT, [a, other])
    with pytest.raises(ValueError, match="no snapshots"):
        average_nets(SHORT, [])


def test_a_run_writes_the_mean_of_its_last_snapshots(tmp_path) -> None:
    from nardy.train.average import average_nets, snapshots

    cfg = TrainConfig(
        variant="short",
        games=6,
        hidden=8,
        batch_games=2,
        eval_every=2,
        eval_games=2,
        out=str(tmp_path),
        average_last=2,
    )
    train(cfg)
    assert [p.name for p in snapshots(tmp_path)] == [
        "net-0000002.npz",
        "net-0000004.npz",
        "net-0000006.npz",
    ]
    avg = NetEvaluator.load(SHORT, tmp_path / "average.npz")
    ref = average_nets(SHORT, [tmp_path / "net-0000004.npz", tmp_path / "net-0000006.npz"])
    assert all(np.array_equal(x, y) for x, y in zip(avg.params(), ref.params(), strict=True))
    with np.load(tmp_path / "average.npz") as z:
        assert str(z["averaged"]) == "net-0000004.npz,net-0000006.npz"
        assert str(z["games"]) == "6"


def test_cli_average_last_errors_are_clear(tmp_path) -> None:
    from nardy.commands.train import command

    runner = CliRunner()
    bad = runner.invoke(command, ["--average-last", "-1", "--out", str(tmp_path)])
    assert bad.exit_code != 0 and "--average-last" in bad.output
    res = runner.invoke(
        command,
        [
            "--games",
            "2",
            "--hidden",
            "8",
            "--eval-every",
            "2",
            "--eval-games",
            "2",
            "--out",
            str(tmp_path),
            "--average-last",
            "3",
        ],
    )
    assert res.exit_code != 0 and "1 snapshot(s), 3 asked to average" in res.output
    assert (tmp_path / "final.npz").exists()  # the run itself is kept
