"""n-ply search: expectimax over the 21 rolls, filtering, cache, cube decisions."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bots import Bot
from nardy.bots.cube import EFFICIENCY_CONTACT, cube_decision, efficiency
from nardy.bots.search import Search
from nardy.dice import ROLLS
from nardy.eval import HeuristicEvaluator, evaluate_positions, invert, money_equity
from nardy.plays import legal_plays
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")


def _hand_one_ply(position: Position, ev) -> np.ndarray:
    """1-ply by hand: for each roll the best play by 0-ply equity, weighted over 36."""
    total = np.zeros(5)
    for roll, weight in ROLLS:
        plays = legal_plays(SHORT, position, roll)
        after = [position.swap()] if not plays else [p.result for p in plays]
        mover = invert(evaluate_positions(SHORT, after, ev))
        total += weight * mover[int(np.argmax(money_equity(mover)))]
    return total / 36


@pytest.mark.parametrize(
    "mine,theirs",
    [({6: 2, 3: 1}, {5: 1, 2: 2}), ({8: 1, 4: 2}, {20: 1, 6: 2}), ({24: 1, 1: 2}, {23: 1, 2: 2})],
)
def test_one_ply_equals_the_hand_computed_average(mine, theirs) -> None:
    ev = HeuristicEvaluator(SHORT)
    pos = Position.from_points(mine, theirs)
    search = Search(SHORT, ev)
    assert search.value(pos, 1) == pytest.approx(_hand_one_ply(pos, ev))


def test_two_ply_is_exact_in_a_last_roll_position() -> None:
    # Two checkers on my 6 point; the opponent bears off his last checker next turn.
    # Only 3-3, 4-4, 5-5 and 6-6 take both off now (G-9, S-4): P(win) = 4/36.
    pos = Position.from_points({6: 2}, {1: 1})
    value = Search(SHORT, HeuristicEvaluator(SHORT)).value(pos, 2)
    assert value == pytest.approx([4 / 36, 0, 0, 0, 0])


def test_cache_returns_the_stored_value() -> None:
    search = Search(SHORT, HeuristicEvaluator(SHORT))
    pos = Position.from_points({6: 2, 3: 1}, {5: 1, 2: 2})
    first = search.value(pos, 1)
    nodes = search.nodes
    assert search.value(pos, 1) is first
    assert search.nodes == nodes


def test_bear_off_takes_the_win() -> None:
    pos = Position.from_points({6: 1, 5: 1}, {1: 1})
    for level in range(6):
        assert str(Bot(SHORT, level, seed=1).choose(pos, (6, 5))) == "6/off 5/off"


def test_rank_orders_by_equity_and_marks_depth() -> None:
    bot = Bot(SHORT, "expert", evaluator=HeuristicEvaluator(SHORT))
    ranked = bot.rank(SHORT.start_position(), (3, 1))
    assert ranked[0].plies == 1
    deep = [r.equity for r in ranked if r.plies == 1]
    assert deep == sorted(deep, reverse=True)
    assert len(ranked) == len(legal_plays(SHORT, SHORT.start_position(), (3, 1)))


# -- cube decisions (money, Janowski) -------------------------------------------


@pytest.mark.parametrize(
    "win,action,take",
    [
        (0.50, "no-double", "beaver"),  # even game: a double is a gift to the taker
        (0.65, "no-double", "take"),  # good but not yet a double
        (0.75, "double", "take"),  # in the window: double, take (take point ~ 21–25%)
        (0.92, "double", "pass"),  # well past the opponent's take point
        (0.35, "no-double", "beaver"),  # a double would be a gift: beaver it
    ],
)
def test_cube_reference_probabilities(win, action, take) -> None:
    d = cube_decision(np.array([win, 0, 0, 0, 0]))
    assert (d.action, d.take) == (action, take)


@pytest.mark.parametrize(
    "probs,owner,proper",
    [
        ([0.75, 0, 0, 0, 0], "centre", "double-take"),
        ([0.92, 0, 0, 0, 0], "centre", "double-pass"),
        ([0.65, 0, 0, 0, 0], "centre", "no-double"),
        ([0.50, 0, 0, 0, 0], "centre", "no-double"),  # the taker would beaver
        ([0.82, 0.62, 0.02, 0.01, 0], "centre", "too-good"),  # play on for the gammon
        ([0.92, 0, 0, 0, 0], "them", "no-double"),  # no access to the cube
    ],
)
def test_the_proper_cube_action_by_name(probs, owner, proper) -> None:
    """``proper_action`` names the decision as players do (C-3): double/take,
    double/pass, no double, too good to double."""
    from nardy.bots.verdict import cube_verdict, proper_action

    contact = SHORT.start_position()
    assert proper_action(*cube_verdict(np.array(probs), SHORT, owner, 1, None, contact)) == proper


def test_cube_owned_by_the_opponent_cannot_be_turned() -> None:
    assert cube_decision(np.array([0.9, 0, 0, 0, 0]), "them").action == "no-double"


@pytest.mark.parametrize(
    ("mine", "theirs", "x"),
    [
        ({13: 2, 6: 5, 24: 1}, {13: 2, 6: 5, 24: 1}, EFFICIENCY_CONTACT),  # contact
        ({6: 5, 5: 5, 4: 5}, {6: 5, 5: 5, 4: 5}, 0.6),  # a bear-off: both sides home
        ({8: 2, 6: 4, 5: 4}, {6: 5, 5: 5}, 0.6 + 60 / 400),  # a race of 60 pips
        ({12: 5, 10: 5, 9: 5}, {6: 5}, 0.8),  # a long race: capped
        ({7: 1}, {12: 1}, 0.6 + 7 / 400),  # the roller's pips count, not the opponent's
    ],
)
def test_cube_efficiency_grows_with_the_race(mine, theirs, x) -> None:
    """C-3: the cube is worth more the longer a race still runs (calibrated on gnubg's
    race cube, bench/cube_gnubg.py --race); bear-offs keep 0.6, contact 0.76."""
    assert efficiency(SHORT, Position.from_points(mine, theirs)) == pytest.approx(x)


def test_huge_race_lead_is_double_pass() -> None:
    pos = Position.from_points({2: 1, 1: 2}, {6: 3, 5: 3, 4: 3})
    d = Bot(SHORT, "expert").cube(pos)
    assert (d.action, d.take) == ("double", "pass")


def test_opening_position_is_no_double_beaver() -> None:
    # Before either side rolls the game is even: a double would be beavered.
    d = Bot(SHORT, "advanced").cube(SHORT.start_position())
    assert (d.action, d.take) == ("no-double", "beaver")


def test_impossible_gammons_are_removed() -> None:
    # the opponent has borne off checkers: no gammon for either side is possible
    pos = Position.from_points({2: 1, 1: 2}, {6: 3, 5: 3, 4: 3})
    p = Bot(SHORT, "advanced").evaluate([pos])[0]
    assert p[1] == p[2] == p[3] == p[4] == 0.0
