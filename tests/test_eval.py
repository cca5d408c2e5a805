"""Evaluation layer: boards, features, equity, heuristic and neural evaluators."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.eval import (
    HeuristicEvaluator,
    boards_from_positions,
    evaluate_positions,
    evaluator_for,
    invert,
    money_equity,
)
from nardy.eval.boards import final_probs, sanitize
from nardy.eval.features import FEATURES, feature_count
from nardy.eval.net import DATA, SHIPPED, SHIPPED_VARIANTS, NetEvaluator, load_shipped
from nardy.position import Position
from nardy.variants import VARIANTS, find_variant

SHORT = find_variant("short")
LONG = find_variant("long")


def test_invert_swaps_sides_and_is_an_involution() -> None:
    p = np.array([[0.7, 0.2, 0.05, 0.1, 0.01]])
    q = invert(p)
    assert q[0].tolist() == pytest.approx([0.3, 0.1, 0.01, 0.2, 0.05])
    assert invert(q) == pytest.approx(p)


def test_money_equity_counts_tiers_cumulatively() -> None:
    # certain single win / gammon / backgammon, then a sure gammon loss
    assert money_equity(np.array([1, 0, 0, 0, 0.0])) == pytest.approx(1.0)
    assert money_equity(np.array([1, 1, 0, 0, 0.0])) == pytest.approx(2.0)
    assert money_equity(np.array([1, 1, 1, 0, 0.0])) == pytest.approx(3.0)
    assert money_equity(np.array([0, 0, 0, 1, 0.0])) == pytest.approx(-2.0)
    assert money_equity(np.array([0.5, 0, 0, 0, 0.0])) == pytest.approx(0.0)
    # C-2: long nardy standard scoring has no third tier (koks counts as mars)
    assert money_equity(np.array([1, 1, 1, 0, 0.0]), LONG) == pytest.approx(2.0)
    koks = LONG.with_options(scoring="koks")
    assert money_equity(np.array([1, 1, 1, 0, 0.0]), koks) == pytest.approx(3.0)


def test_final_probs_score_gammons_and_backgammons() -> None:
    # S-5: the side on roll lost; it has a checker on its 24 point (the winner's home)
    bg = Position.from_points({24: 1, 6: 14}, {})
    gammon = Position.from_points({6: 15}, {})
    single = Position.from_points({6: 14}, {})
    boards, _ = boards_from_positions([bg, gammon, single])
    probs = final_probs(SHORT, boards)
    assert probs[0].tolist() == [0, 0, 0, 1, 1]
    assert probs[1].tolist() == [0, 0, 0, 1, 0]
    assert probs[2].tolist() == [0, 0, 0, 0, 0]


def test_sanitize_makes_probabilities_consistent() -> None:
    raw = np.array([[0.4, 0.6, 0.7, 0.8, 0.9]])
    p = sanitize(raw)[0]
    assert p[1] <= p[0] and p[2] <= p[1]
    assert p[3] <= 1 - p[0] and p[4] <= p[3]


@pytest.mark.parametrize("name", sorted(FEATURES))
def test_features_have_the_documented_size(name) -> None:
    variant = SHORT if name.startswith("short") else LONG
    boards, first = boards_from_positions([variant.start_position()] * 3)
    x = FEATURES[name](boards, first)
    assert x.shape == (3, feature_count(name))
    assert np.isfinite(x).all()


def test_long_features_see_the_head_and_first_turn() -> None:
    start = LONG.start_position()
    later = start.with_flags(False, False)
    boards, first = boards_from_positions([start, later])
    x = FEATURES["long-v1"](boards, first)
    assert not np.array_equal(x[0], x[1])


@pytest.mark.parametrize("variant", [SHORT, LONG], ids=["short", "long"])
def test_heuristic_prefers_a_bigger_race_lead(variant) -> None:
    ahead = Position.from_points({3: 5, 2: 5, 1: 5}, {6: 5, 5: 5, 4: 5})
    behind = Position.from_points({6: 5, 5: 5, 4: 5}, {3: 5, 2: 5, 1: 5})
    p = HeuristicEvaluator(variant).probs(*boards_from_positions([ahead, behind]))
    assert p[0, 0] > 0.9 > 0.1 > p[1, 0]


def test_evaluate_positions_is_exact_for_finished_games() -> None:
    lost = Position.from_points({6: 14}, {})
    p = evaluate_positions(SHORT, [lost, SHORT.start_position()])
    assert p[0].tolist() == [0, 0, 0, 0, 0]
    assert 0.0 < p[1, 0] < 1.0


def test_net_save_load_round_trip(tmp_path) -> None:
    net = NetEvaluator.random(SHORT, hidden=8, seed=3)
    path = tmp_path / "n.npz"
    net.save(path, note="test")
    back = NetEvaluator.load(SHORT, path)
    boards, first = boards_from_positions([SHORT.start_position()])
    assert back.probs(boards, first) == pytest.approx(net.probs(boards, first), abs=1e-5)
    with pytest.raises(ValueError, match="short nardy net"):
        NetEvaluator.load(LONG, path)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_forward_is_the_two_layer_logistic_net_and_leaves_its_input(dtype) -> None:
    """The in-place forward pass against the textbook formula, 1 / (1 + e^−z), on a
    batch of real inputs; the inputs are left as they were."""
    short = find_variant("short")
    net = NetEvaluator.random(short, hidden=24, seed=5, features="short-v3")
    net = NetEvaluator.from_params(
        short, [p.astype(dtype) for p in net.params()], features="short-v3"
    )
    start = short.start_position()
    boards = np.array([[start.mine, start.theirs]] * 3, dtype=np.int16)
    boards[1, 0, 6], boards[1, 0, 8] = 4, 4  # 6 and 8 made differently
    x = net.encode(boards, np.zeros((3, 2), dtype=bool)).astype(dtype)
    seen = x.copy()

    def logistic(z: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-z.astype(np.float64)))

    h = logistic(x @ net.w1 + net.b1)
    got_h, got = net.forward(x)
    assert np.array_equal(x, seen)
    tol = 1e-6 if dtype == np.float32 else 1e-12
    assert got_h == pytest.approx(h, abs=tol)
    assert got == pytest.approx(logistic(h @ net.w2 + net.b2), abs=tol)
    assert got.dtype == dtype


def test_net_weights_share_one_dtype() -> None:
    """Mixed weight arrays are brought to one dtype (the biases are added in place)."""
    short = find_variant("short")
    w = NetEvaluator.random(short, hidden=4, seed=1, features="short-v3").params()
    mixed = [w[0].astype(np.float32), w[1].astype(np.float64), w[2], w[3].astype(np.float32)]
    net = NetEvaluator.from_params(short, mixed, features="short-v3")
    assert {p.dtype for p in net.params()} == {np.dtype(np.float64)}
    same = [p.astype(np.float32) for p in w]
    net = NetEvaluator.from_params(short, same, features="short-v3")
    assert all(a is b for a, b in zip(net.params(), same, strict=True))  # no copies


def test_evaluator_for_kinds() -> None:
    assert evaluator_for(SHORT, "heuristic").name.startswith("heuristic")
    assert evaluator_for(SHORT).name  # shipped net or the heuristic
    with pytest.raises(ValueError, match="unknown evaluator kind"):
        evaluator_for(SHORT, "oracle")


@pytest.mark.parametrize("variant", [SHORT, LONG], ids=["short", "long"])
def test_shipped_evaluator_outputs_probabilities(variant) -> None:
    ev = evaluator_for(variant)
    boards, first = boards_from_positions([variant.start_position()])
    p = ev.probs(boards, first)
    assert p.shape == (1, 5)
    assert ((p >= 0) & (p <= 1)).all()
    assert p[0, 1] <= p[0, 0] and p[0, 3] <= 1 - p[0, 0]


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_variant_plays_with_its_own_net_else_its_familys(name: str) -> None:
    """A variant with a net trained on its rules (src/nardy/eval/data/README.md) plays
    with it; the others with their family's. Each variant's own net is a net of the
    right family that moved away from the net its run started from: long-v4 for the
    v1 nets (long-v1 inputs), long-v5 for the v2 nets (long-v3 inputs)."""
    variant = VARIANTS[name]
    net = load_shipped(variant)
    assert net is not None
    own = SHIPPED_VARIANTS.get(name)
    assert net.name == (own or SHIPPED[variant.family]).removesuffix(".npz")
    if own:
        origin = "long-v4.npz" if own.endswith("-v1.npz") else "long-v5.npz"
        start = NetEvaluator.load(variant, DATA / origin)
        assert (net.features, net.w1.shape) == (start.features, start.w1.shape)
        assert not np.allclose(net.w1, start.w1)


def test_match_equity_table_is_consistent() -> None:
    from nardy.eval.match import match_equity, match_winning_chance

    assert match_equity(1, 1) == pytest.approx(0.5)
    for a in range(1, 8):
        for b in range(1, 8):
            assert match_equity(a, b) + match_equity(b, a) == pytest.approx(1.0)
            assert match_equity(a, b) >= match_equity(a + 1, b)  # needing more is worse
    assert match_equity(0, 3) == 1.0 and match_equity(3, 0) == 0.0
    sure_win = np.array([1.0, 0, 0, 0, 0])
    assert match_winning_chance(sure_win, 1, 5) == pytest.approx(1.0)
    # a gammon loss at 2-away/2-away ends the match even with a single-point cube
    gammon_loss = np.array([0.0, 0, 0, 1.0, 0])
    assert match_winning_chance(gammon_loss, 2, 2) == pytest.approx(0.0)
