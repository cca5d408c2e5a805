"""The cubeful match model (``nardy.bots.match_cube``, C-3, C-4): Janowski's
interpolation with live-cube cash points from the match-equity table."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bots.cube import cube_decision
from nardy.bots.match_cube import cubeful_match_chance, match_cube_equities
from nardy.bots.verdict import Away, cube_verdict
from nardy.eval.match import match_equity, match_winning_chance
from nardy.variants import find_variant

SHORT = find_variant("short")
#: A position with contact: the cube efficiency is the contact one.
CONTACT = SHORT.start_position()


def single(p: float) -> np.ndarray:
    """Probabilities of a position without gammons, winning ``p``."""
    return np.array([p, 0.0, 0.0, 0.0, 0.0])


def take_point(away: int, x: float) -> float:
    """The taker's winning chance at which a double at ``away``/``away`` (no gammons)
    is a borderline take, by bisection on the double/take = double/pass equality."""
    lo, hi = 0.0, 1.0
    for _ in range(50):
        p = (lo + hi) / 2
        _, dt, dp = match_cube_equities(single(p), away, away, 1, "centre", SHORT, x=x)
        lo, hi = (lo, p) if dt > dp else (p, hi)
    return 1.0 - p


def money_take_point(x: float) -> float:
    """The same in money play (``nardy.bots.cube``)."""
    lo, hi = 0.0, 1.0
    for _ in range(50):
        p = (lo + hi) / 2
        passes = cube_decision(single(p), "centre", variant=SHORT, x=x).take == "pass"
        lo, hi = (lo, p) if passes else (p, hi)
    return 1.0 - p


@pytest.mark.parametrize("x", [0.0, 0.5, 0.76, 1.0])
def test_long_matches_take_like_money_play(x: float) -> None:
    """At 25-away/25-away, without gammons, the take point is money play's: 25% with a
    dead cube, 20% with a fully live one, and Janowski's blend between them."""
    money = money_take_point(x)
    assert money == pytest.approx(1 - (1.5 + 0.5 * x) / (2 + 0.5 * x), abs=1e-6)
    assert take_point(25, x) == pytest.approx(money, abs=0.004)
    assert take_point(3, x) > take_point(25, x)  # short matches: fewer redoubles


def test_a_dead_cube_is_the_cubeless_match_equity() -> None:
    """``x = 0``: no double is the cubeless chance at the cube, double/take the same at
    twice the cube, double/pass the score after the cash."""
    probs = np.array([0.66, 0.21, 0.01, 0.08, 0.002])
    nd, dt, dp = match_cube_equities(probs, 5, 4, 1, "centre", SHORT, x=0.0)
    assert nd == pytest.approx(2 * match_winning_chance(probs, 5, 4, 1, SHORT) - 1)
    assert dt == pytest.approx(2 * match_winning_chance(probs, 5, 4, 2, SHORT) - 1)
    assert dp == pytest.approx(2 * match_equity(4, 4) - 1)


def test_no_cube_play_in_the_crawford_game_c4() -> None:
    probs = np.array([0.7, 0.2, 0.01, 0.05, 0.0])
    live = cubeful_match_chance(probs, 1, 4, 1, "centre", SHORT, crawford_game=True)
    assert live == pytest.approx(match_winning_chance(probs, 1, 4, 1, SHORT))
    action, _, _ = cube_verdict(
        probs, SHORT, "centre", 1, Away(1, 4, crawford_rule=True, crawford_game=True), CONTACT
    )
    assert action == "no-double"


def test_cube_access_is_worth_something_in_a_long_match() -> None:
    """Owning the cube is worth more than a centred cube, which is worth more than the
    opponent's cube, for the same position."""
    probs = np.array([0.6, 0.15, 0.01, 0.1, 0.005])
    mine, centre, theirs = (
        cubeful_match_chance(probs, 9, 9, 1, owner, SHORT) for owner in ("me", "centre", "them")
    )
    assert mine > centre > theirs


def test_scores_where_the_cube_is_special_c4() -> None:
    """The post-Crawford trailer doubles at once; the leader one point away never
    doubles; a take that passing would lose the match by is always right."""
    trailer = Away(4, 1, crawford_rule=True)
    assert cube_verdict(single(0.35), SHORT, "centre", 1, trailer, CONTACT)[0] == "double"
    leader = Away(1, 4, crawford_rule=True)
    assert cube_verdict(single(0.9), SHORT, "centre", 1, leader, CONTACT)[0] == "no-double"
    hopeless = Away(1, 3, crawford_rule=True)  # the doubler needs 1: passing loses
    assert cube_verdict(single(0.97), SHORT, "centre", 1, hopeless, CONTACT)[1] == "take"


def test_two_away_two_away_cube_is_now_or_never() -> None:
    """At 2-away/2-away the first double kills the cube for both: no double is the
    dead-cube value (whatever x), and a favourite without gammons doubles."""
    probs = np.array([0.6, 0.2, 0.0, 0.05, 0.0])
    for x in (0.3, 0.76):
        nd, _, _ = match_cube_equities(probs, 2, 2, 1, "centre", SHORT, x=x)
        assert nd == pytest.approx(2 * match_winning_chance(probs, 2, 2, 1, SHORT) - 1)
    assert cube_verdict(single(0.56), SHORT, "centre", 1, Away(2, 2), CONTACT)[0] == "double"
    assert cube_verdict(single(0.45), SHORT, "centre", 1, Away(2, 2), CONTACT)[0] == "no-double"
