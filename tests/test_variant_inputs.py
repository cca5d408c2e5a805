"""One net for every long-family variant (issue 19, part 3): the ``long-v2`` inputs
(``long-v1`` plus the variant played), a net shared across variants, and self-play that
mixes variants game by game."""

from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

from nardy.eval.features import LONG_VARIANTS, encoder, feature_count
from nardy.eval.net import DATA, NetEvaluator
from nardy.train.loop import TrainConfig, load_checkpoint, play_batch, train
from nardy.train.selfplay import play_game
from nardy.train.td import TDLearner
from nardy.variants import find_variant

LONG = find_variant("long")


def _boards(variant_name: str, games: int = 2) -> tuple[np.ndarray, np.ndarray]:
    v = find_variant(variant_name)
    net = NetEvaluator.random(v, hidden=8, seed=3)
    trajs = [play_game(v, net, np.random.default_rng(s)) for s in range(games)]
    return np.concatenate([t.boards for t in trajs]), np.concatenate([t.first for t in trajs])


def test_the_long_family_variants_are_those_with_an_input() -> None:
    from nardy.variants import VARIANTS

    assert sorted(LONG_VARIANTS) == sorted(n for n, v in VARIANTS.items() if v.family == "long")
    assert len(set(LONG_VARIANTS)) == len(LONG_VARIANTS) == 8


@pytest.mark.parametrize("name", LONG_VARIANTS)
def test_long_v2_is_long_v1_and_the_variant_played(name) -> None:
    boards, first = _boards(name)
    x = encoder("long-v2", name)(boards, first)
    assert x.shape == (len(boards), feature_count("long-v2"))
    assert np.array_equal(x[:, :205], encoder("long-v1", name)(boards, first))
    hot = np.zeros(len(LONG_VARIANTS), dtype=np.float32)
    hot[LONG_VARIANTS.index(name)] = 1
    assert (x[:, 205:] == hot).all()


def test_a_variant_without_an_input_is_refused() -> None:
    with pytest.raises(ValueError, match="no input for the variant short"):
        encoder("long-v2", "short")
    with pytest.raises(ValueError, match="cannot play short"):
        NetEvaluator.random(LONG, hidden=4, features="long-v2").on(find_variant("short"))


@pytest.mark.parametrize("name", ["crazy", "khachapuri", "fevga-giul"])
def test_long_v4_widened_onto_variant_inputs_plays_as_long_v4(name) -> None:
    v = find_variant(name)
    old = NetEvaluator.load(v, DATA / "long-v4.npz")
    wide = NetEvaluator.load(LONG, DATA / "long-v4.npz").widened("long-v2").on(v)
    boards, first = _boards(name)
    assert np.allclose(wide.probs(boards, first), old.probs(boards, first), atol=1e-6)


def test_a_net_on_another_variant_shares_its_weights() -> None:
    net = NetEvaluator.random(LONG, hidden=8, seed=1, features="long-v2")
    crazy = net.on(find_variant("crazy"))
    assert net.on(LONG) is net and crazy.variant.name == "crazy"
    boards, first = _boards("crazy", 1)
    before = crazy.probs(boards, first)
    net.w1[205 + LONG_VARIANTS.index("crazy")] += 1.0  # the crazy input's weights only
    assert not np.allclose(crazy.probs(boards, first), before)


def test_self_play_mixes_the_variants_game_by_game_and_learns_each_on_its_rules() -> None:
    net = NetEvaluator.random(LONG, hidden=8, seed=4, features="long-v2")
    games = [("long", 1), ("crazy", 2), ("khachapuri", 3)]
    trajs = play_batch(games, net.params(), 0.0, "long-v2")
    assert [t.variant for t in trajs] == ["long", "crazy", "khachapuri"]
    # khachapuri starts with its own stacked position, not long nardy's head
    assert trajs[2].boards[0].tolist() != trajs[0].boards[0].tolist()
    learner = TDLearner(net)
    w = net.w1.copy()
    learner.update(trajs)
    assert sorted(learner.on) == ["crazy", "khachapuri", "long"]
    moved = np.abs(net.w1 - w).sum(axis=1)
    for name in ("long", "crazy", "khachapuri"):  # each variant's own input was trained
        assert moved[205 + LONG_VARIANTS.index(name)] > 0
    assert moved[205 + LONG_VARIANTS.index("fevga")] == 0  # no fevga game was played


def test_a_mixed_run_cycles_its_variants_and_resumes(tmp_path) -> None:
    cfg = TrainConfig(
        variant="long",
        mix="crazy,fevga",
        features="long-v2",
        games=6,
        hidden=8,
        batch_games=3,
        eval_every=6,
        eval_games=2,
        out=str(tmp_path),
    )
    assert cfg.variants() == ["long", "crazy", "fevga"]
    train(cfg)
    z = load_checkpoint(tmp_path / "checkpoint.npz")
    assert int(z["games"]) == 6 and str(z["features"]) == "long-v2"
    assert z["w1"].shape == (213, 8)
    # every variant's input moved: each had two games
    for name in cfg.variants():
        assert np.abs(z["w1"][205 + LONG_VARIANTS.index(name)]).sum() > 0


def test_cli_mix_errors_are_clear(tmp_path) -> None:
    from nardy.commands.train import command

    runner = CliRunner()
    out = ["--out", str(tmp_path), "--games", "2", "--eval-every", "2", "--eval-games", "2"]
    bad = runner.invoke(command, ["--variant", "long", "--mix", "short", *out])
    assert bad.exit_code != 0 and "not a long nardy variant" in bad.output
    bad = runner.invoke(command, ["--variant", "long", "--mix", "chess", *out])
    assert bad.exit_code != 0 and "unknown variant" in bad.output
    bad = runner.invoke(command, ["--variant", "short", "--features", "long-v2", *out])
    assert bad.exit_code != 0 and "--features" in bad.output
    ok = runner.invoke(
        command,
        ["--variant", "gulbara", "--mix", "crazy-gulbara", "--features", "long-v2", "--hidden", "8"]
        + out,
    )
    assert ok.exit_code == 0, ok.output
    assert NetEvaluator.load(LONG, tmp_path / "final.npz").features == "long-v2"
