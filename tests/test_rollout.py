"""Rollouts (``nardy.rollout``): exact bear-off values, the luck adjustment, the
quasi-random dice, reproducibility on any number of processes, every variant.

Games are few and short (bear-offs, truncated rollouts) and every seed is fixed, so
each statistical statement below is a deterministic fact about those games."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest

from nardy.bots import Bot
from nardy.bots.cube import decide
from nardy.errors import IllegalMoveError, InvalidPositionError
from nardy.eval import bearoff_cube, money_equity
from nardy.eval.bearoff import bearoff_probs
from nardy.eval.boards import boards_from_positions
from nardy.eval.match import match_equity
from nardy.position import Position
from nardy.rollout import (
    MatchScore,
    Plan,
    TrialSettings,
    candidate_plays,
    rollout_cube,
    rollout_plays,
    rollout_position,
    start_cube,
)
from nardy.rollout.dice import BLOCK, ORDERED, TrialDice
from nardy.train.loop import runner_for
from nardy.variants import VARIANTS, find_variant

SHORT = find_variant("short")
LONG = find_variant("long")
#: Three checkers each, all home (G-9, G-10): the one-sided database is exact here.
BEAROFF = Position.from_points({1: 2, 2: 1}, {1: 1, 3: 2})
#: Two checkers each: double/take by the two-sided cube database.
CUBE_BEAROFF = Position.from_points({5: 2}, {4: 2})
#: Exact bear-offs, no early stop at the database (else the database is the answer).
PLAIN = TrialSettings(bearoff=False, vr=False)


def _exact_probs(position: Position) -> np.ndarray:
    board, _ = boards_from_positions([position])
    return bearoff_probs(board)[0]


# -- quasi-random dice ---------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 7])
def test_first_rolls_of_36_games_are_the_36_rolls(seed: int) -> None:
    for block in (0, 1, 40):
        first = [TrialDice(seed, 36 * block + i).roll(0) for i in range(36)]
        assert sorted(first) == sorted(ORDERED)


def test_first_two_rolls_of_1296_games_are_every_pair_once() -> None:
    pairs = Counter()
    for i in range(BLOCK):
        d = TrialDice(3, i)
        pairs[(d.roll(0), d.roll(1))] += 1
    assert len(pairs) == 36 * 36 and set(pairs.values()) == {1}


def test_a_trials_dice_depend_on_seed_and_number_only() -> None:
    a, b = TrialDice(5, 123), TrialDice(5, 123)
    assert [a.roll(k) for k in range(30)] == [b.roll(k) for k in reversed(range(30))][::-1]
    assert [TrialDice(6, 123).roll(k) for k in range(30)] != [a.roll(k) for k in range(30)]
    assert all(1 <= x <= 6 for k in range(30) for x in a.roll(k))


# -- exact values: the bear-off databases --------------------------------------------


@pytest.mark.parametrize("variant", [SHORT, LONG], ids=["short", "long"])
def test_cubeless_bearoff_rollout_matches_the_database(variant) -> None:
    """G-9/G-10 (and L-2: long nardy bears off the same way): played out to the end
    without the luck adjustment, the equity is the one-sided database's within its
    95% interval; with it (the 0-ply evaluator is the database here) the luck cancels
    and the rollout gives the database value itself."""
    position = BEAROFF
    exact = float(money_equity(_exact_probs(position), variant))
    raw = rollout_position(variant, position, PLAIN, Plan(games=360))
    assert raw.ended == 360 and raw.bearoff == 0
    assert abs(raw.equity.mean - exact) <= raw.equity.ci
    assert abs(raw.probs[0].mean - _exact_probs(position)[0]) <= raw.probs[0].ci
    vr = rollout_position(variant, position, TrialSettings(bearoff=False), Plan(games=72))
    assert vr.equity.mean == pytest.approx(exact, abs=1e-3)
    assert vr.equity.se < raw.equity.se / 10


def test_stopping_at_the_database_gives_its_value() -> None:
    result = rollout_position(SHORT, BEAROFF, TrialSettings(), Plan(games=36))
    assert result.bearoff == 36
    assert result.equity.mean == pytest.approx(float(money_equity(_exact_probs(BEAROFF), SHORT)))


def test_cubeful_bearoff_rollout_matches_the_two_sided_database() -> None:
    """C-3 money play: no double and double/take rolled out (the bots' cube play,
    exact in these bear-offs) agree with the two-sided cube database within their
    intervals; with the luck adjustment the decision is the database's."""
    nd, dt = bearoff_cube.cube_equities(CUBE_BEAROFF, "centre")
    raw = rollout_cube(SHORT, CUBE_BEAROFF, PLAIN, Plan(games=360))
    assert abs(raw.no_double.equity.mean - nd) <= raw.no_double.equity.ci
    assert abs(raw.double_take.equity.mean - dt) <= raw.double_take.equity.ci
    assert raw.double_pass == 1.0
    vr = rollout_cube(SHORT, CUBE_BEAROFF, TrialSettings(bearoff=False), Plan(games=72))
    exact = decide(nd, dt, "centre")
    assert (vr.action, vr.take) == (exact.action, exact.take) == ("double", "take")
    assert vr.proper == "double-take"
    # Stopped at the database at once, no double is still no double (not the proper
    # action, which here is to double).
    stopped = rollout_cube(SHORT, CUBE_BEAROFF, TrialSettings(), Plan(games=36))
    assert stopped.no_double.bearoff == 36
    assert stopped.no_double.equity.mean == pytest.approx(nd, abs=1e-3)
    assert stopped.double_take.equity.mean == pytest.approx(dt, abs=1e-3)


def test_match_score_counts_match_equity() -> None:
    """C-4: at double match point (1-away each) the match equity is 2·P(win) − 1 —
    gammons do not matter — and a pass loses the match."""
    score = MatchScore(length=5, white=4, black=4)
    cube = start_cube(SHORT, cubeful=False, score=score, crawford_game=True)
    result = rollout_position(SHORT, BEAROFF, PLAIN, Plan(games=360), cube=cube, score=score)
    assert result.mwc is not None
    win = _exact_probs(BEAROFF)[0]
    assert abs(result.equity.mean - (2 * win - 1)) <= result.equity.ci
    assert result.mwc.mean == pytest.approx((result.equity.mean + 1) / 2)


def test_nobody_doubles_in_the_crawford_game() -> None:
    """C-4: in the Crawford game the cube is dead, so a cubeful rollout plays and
    scores exactly the games of the cubeless one."""
    score = MatchScore(length=5, white=4, black=2)
    settings = TrialSettings(bearoff=False, seed=3)
    results = [
        rollout_position(
            SHORT,
            CUBE_BEAROFF,
            replace(settings, cubeful=cubeful),
            Plan(games=36),
            cube=start_cube(SHORT, cubeful=cubeful, score=score, crawford_game=True),
            score=score,
        )
        for cubeful in (False, True)
    ]
    assert results[0].equity == results[1].equity and results[0].probs == results[1].probs


def test_cubeful_match_rollout_is_in_match_equity() -> None:
    score = MatchScore(length=7, white=3, black=3)
    position = SHORT.start_position(first_turns=False)
    settings = TrialSettings(cubeful=True, truncate=12)
    result = rollout_position(SHORT, position, settings, Plan(games=12), score=score)
    assert result.match and result.mwc is not None
    assert -1.0 <= result.raw.mean <= 1.0 and 0.0 <= result.mwc.mean <= 1.0


def test_cube_decision_at_a_match_score_passes_at_the_table() -> None:
    score = MatchScore(length=7, white=2, black=4)  # white 5-away, black 3-away
    found = rollout_cube(SHORT, CUBE_BEAROFF, TrialSettings(), Plan(games=36), score=score)
    assert found.double_pass == pytest.approx(2 * match_equity(4, 3) - 1)


def test_a_position_without_access_to_the_cube_has_no_cube_decision() -> None:
    cube = start_cube(SHORT, cubeful=True, value=2, owner="black")
    with pytest.raises(IllegalMoveError, match="only its owner may double"):
        rollout_cube(SHORT, CUBE_BEAROFF, TrialSettings(), Plan(games=2), cube=cube)


# -- the luck adjustment ---------------------------------------------------------------


@pytest.mark.parametrize("variant", [SHORT, LONG], ids=["short", "long"])
def test_one_roll_with_luck_adjustment_is_the_one_ply_value(variant) -> None:
    """Truncated after one roll, a trial is worth the 0-ply value after the roll's
    best play; minus the roll's luck (that value less its mean over the 21 rolls) it
    is the mean itself: the 1-ply value, in every trial (the formula of the module
    docstring, checked end to end)."""
    position = variant.start_position(first_turns=False)
    result = rollout_position(variant, position, TrialSettings(truncate=1), Plan(games=36))
    one_ply = float(Bot(variant, "advanced").equity([position], plies=1)[0])
    assert result.truncated == 36
    # the net computes in float32: batches of different sizes round differently
    assert result.equity.mean == pytest.approx(one_ply, abs=1e-6)
    assert result.equity.se < 1e-6 < 0.01 < result.raw.se


@pytest.mark.parametrize("name", ["short", "long", "crazy", "gulbara"])
def test_luck_adjustment_lowers_the_standard_error_on_the_same_games(name: str) -> None:
    """The same 36 games (truncated after 4 rolls) with and without the adjustment: it
    changes no play, and removes most of the dice's noise — in crazy nardy and
    gulbara too, where a double's value is that of its whole turn (V-CRAZY, V-GUL)."""
    variant = find_variant(name)
    position = variant.start_position(first_turns=False)
    with_vr = rollout_position(variant, position, TrialSettings(truncate=4), Plan(games=36))
    without = rollout_position(
        variant, position, TrialSettings(truncate=4, vr=False), Plan(games=36)
    )
    assert without.equity == without.raw == with_vr.raw  # the same games
    assert with_vr.equity.se < 0.5 * without.equity.se


# -- reproducibility -------------------------------------------------------------------


def test_same_seed_same_result_on_one_or_two_processes() -> None:
    settings = TrialSettings(truncate=3, seed=11)
    plan = Plan(games=80, batch=20)
    position = SHORT.start_position(first_turns=False)
    alone = rollout_position(SHORT, position, settings, plan)
    runner = runner_for(2, None)
    try:
        pooled = rollout_position(SHORT, position, settings, plan, runner=runner)
    finally:
        runner.close()
    assert pooled == alone
    assert rollout_position(SHORT, position, settings, Plan(games=80, batch=36)) == alone
    other_seed = rollout_position(SHORT, position, TrialSettings(truncate=3, seed=12), plan)
    assert other_seed.equity != alone.equity


@pytest.mark.parametrize("score", [None, MatchScore(length=5, white=1, black=2)])
def test_a_noisy_level_is_reproducible_too(score: MatchScore | None) -> None:
    """A weak level's mistakes are drawn from the trial's own generator (seed, i)."""
    position = SHORT.start_position(first_turns=False)
    settings = TrialSettings(level="beginner", truncate=4, seed=9)
    first = rollout_position(SHORT, position, settings, Plan(games=6, batch=3), score=score)
    again = rollout_position(SHORT, position, settings, Plan(games=6, batch=2), score=score)
    assert first == again
    advanced = rollout_position(
        SHORT, position, replace(settings, level="advanced"), Plan(games=6), score=score
    )
    assert advanced.raw != first.raw


def test_target_interval_stops_after_a_whole_batch() -> None:
    position = SHORT.start_position(first_turns=False)
    settings = TrialSettings(truncate=2)
    seen: list[int] = []
    wide = rollout_position(
        SHORT,
        position,
        settings,
        Plan(games=360, target_ci=0.5, batch=10),
        on_progress=lambda done, total, r: seen.append(done),
    )
    assert wide.games == 20 and wide.equity.ci <= 0.5 and seen == [10, 20]
    narrow = rollout_position(SHORT, position, settings, Plan(games=30, target_ci=1e-12, batch=10))
    assert narrow.games == 30


def test_a_finished_game_has_nothing_to_roll_out() -> None:
    with pytest.raises(InvalidPositionError, match="over"):
        rollout_position(SHORT, Position.from_points({}, {1: 1}), PLAIN, Plan(games=2))


def test_plan_rejects_bad_numbers() -> None:
    for bad in ({"games": 0}, {"batch": 0}, {"target_ci": 0.0}, {"target_ci": -1.0}):
        with pytest.raises(ValueError):
            Plan(**bad)  # type: ignore[arg-type]


# -- candidate plays, every variant -----------------------------------------------------


def test_candidate_plays_share_the_dice_and_come_best_first() -> None:
    position = SHORT.start_position(first_turns=False)
    top = candidate_plays(SHORT, position, (3, 1), "advanced", top=3)
    assert len(top) == 3 and top[0] == "8/5 6/5"
    given = candidate_plays(SHORT, position, (3, 1), "advanced", plays=["6/5 8/5", "8/5 6/5"])
    assert given == ["8/5 6/5"]
    ranked = rollout_plays(SHORT, position, (3, 1), TrialSettings(truncate=2), Plan(games=36))
    assert [r.play for r in ranked][0] == "8/5 6/5"
    means = [r.result.equity.mean for r in ranked]
    assert means == sorted(means, reverse=True)
    assert {r.result.games for r in ranked} == {36}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_rolls_out(name: str) -> None:
    variant = VARIANTS[name]
    position = variant.start_position()
    truncated = rollout_position(variant, position, TrialSettings(truncate=8), Plan(games=4))
    assert truncated.games == 4 and math.isfinite(truncated.equity.mean)
    assert -3.5 <= truncated.equity.mean <= 3.5 or variant.scoring == "per-checker"


@pytest.mark.parametrize("name", ["crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga-giul"])
def test_section5_variants_play_to_the_end(name: str) -> None:
    """RULES.md §5: the turn shapes of the long variants (sequences, re-rolls, passed
    moves) are played through the game itself, to the end."""
    variant = VARIANTS[name]
    result = rollout_position(
        variant, variant.start_position(), TrialSettings(vr=False, seed=2), Plan(games=2)
    )
    assert result.ended == 2
    assert all(p.mean in (0.0, 0.5, 1.0) for p in result.probs[:1])


def test_cubeful_money_game_from_the_start() -> None:
    position = SHORT.start_position(first_turns=False)
    settings = TrialSettings(cubeful=True, truncate=10)
    result = rollout_position(SHORT, position, settings, Plan(games=8))
    assert result.cubeful and result.games == 8 and math.isfinite(result.equity.mean)
