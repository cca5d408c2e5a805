"""RULES.md §3: short nardy (backgammon) and its options S-1 … S-7.

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side; ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import (
    ALL_ROLLS,
    SHORT_VARIANTS,
    after,
    board,
    plays_of,
    result_keys,
    texts,
)

from nardy.outcome import score_game
from nardy.plays import Move
from nardy.position import BAR, OFF
from nardy.variants import find_variant

pytestmark = pytest.mark.usefixtures("generator")

# -- S-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_s1_start_position(name: str) -> None:
    """S-1: per side, own numbering: 2 on 24, 5 on 13, 3 on 8, 5 on 6."""
    v = find_variant(name)
    start = v.start_position()
    for side in (start.mine, start.theirs):
        assert {p: n for p, n in enumerate(side) if n} == {24: 2, 13: 5, 8: 3, 6: 5}
    v.validate(start)


# -- S-2 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_s2_two_hits_in_one_turn(name: str) -> None:
    """S-2: landing on a blot hits it; two blots hit in one turn both go to the bar."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X3   .   .   .   .   . |   .   .   .   .   . O13
    #    .   .  O1   .   .  O1 | X12   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {13: 3, 6: 12}, {15: 1, 18: 1, 1: 13})
    plays = plays_of(name, pos, (6, 3))
    double_hit = plays.find("13/10* 13/7*")
    assert double_hit.hits == 2
    assert double_hit.result is not None and double_hit.result.mine[BAR] == 2


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_s2_four_hits_with_a_double(name: str) -> None:
    """S-2: any number of hits per turn: 2-2 hits four blots with one checker (all
    outside the hitter's home, so short-caucasian allows it too)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   O1   .  O1   .  X1   . |   .   .   .   .   . O11
    #    .  O1   .  O1   .   . |   .   .   . X14   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {17: 1, 3: 14}, {10: 1, 12: 1, 14: 1, 16: 1, 1: 11})
    plays = plays_of(name, pos, (2, 2))
    play = plays.find("17/15*/13*/11*/9*")
    assert str(play) == "17/15*/13*/11*/9*"
    assert play.hits == 4
    assert play.result is not None and play.result.mine[BAR] == 4


# -- S-3 ---------------------------------------------------------------------------


def test_s3_worked_example_bar_entry_with_6_4() -> None:
    """S-3 worked example: one checker on the bar, 6-4, the opponent holds his 6
    (my 19): the 4 enters on 21, the 6 is then played normally by any checker."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .  O3   . |  O5   .   .   .   .  X1
    #   O5   .   .   .  X3   . |  X5   .   .   .   .  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {24: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, mine_bar=1)
    plays = plays_of("short", pos, (6, 4))
    assert texts(plays) == {"bar/21 24/18", "bar/15", "bar/21 13/7", "bar/21 8/2"}
    for play in plays:
        assert play.moves[0] == Move(BAR, 21)


def test_s3_all_bar_checkers_enter_before_any_other_move() -> None:
    """S-3: two on the bar and 4-4: both enter first, then the other two fours are
    free."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .  O3   . |  O5   .   .   .   .   .
    #   O5   .   .   .  X3   . |  X5   .   .   .   .  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X2 O0  off X0 O0
    pos = board("short", {13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, mine_bar=2)
    plays = plays_of("short", pos, (4, 4))
    assert len(plays) > 1
    for play in plays:
        assert play.moves[:2] == (Move(BAR, 21), Move(BAR, 21)), str(play)
        assert len(play.moves) == 4


@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6])
def test_s3_die_n_enters_on_25_minus_n(d: int) -> None:
    """S-3: a die n enters on my point 25 - n (the opponent's point n)."""
    pos = board("short", {6: 14}, {13: 15}, mine_bar=1)
    plays = plays_of("short", pos, (d, d))
    assert plays
    for play in plays:
        assert play.moves[0] == Move(BAR, 25 - d)


def test_s3_dice_cannot_be_summed_to_enter() -> None:
    """S-3: 6-4 with my 19 and 21 both blocked: the checker cannot enter on 15 by
    adding the dice; there is no legal play."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |  O3   .  O2   .   .   .
    #  O10   .   .   .  X4   . |  X5   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {13: 5, 8: 4, 6: 5}, {6: 3, 4: 2, 13: 10}, mine_bar=1)
    plays = plays_of("short", pos, (6, 4))
    assert list(plays) == []
    assert plays.must_pass


def test_s3_numbers_that_cannot_enter_are_lost() -> None:
    """S-3: two on the bar, 6-4 and my 19 blocked: one checker enters with the 4;
    the 6 is lost although other checkers could move six."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |  O5   .   .   .   .   .
    #  O10   .   .   .  X3   . |  X5   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X2 O0  off X0 O0
    pos = board("short", {13: 5, 8: 3, 6: 5}, {6: 5, 13: 10}, mine_bar=2)
    plays = plays_of("short", pos, (6, 4))
    assert texts(plays) == {"bar/21"}


def test_s3_remaining_numbers_after_entering_are_free() -> None:
    """S-3: once the bar is empty the rest of a double is played normally."""
    pos = board("short", {24: 1, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5}, mine_bar=1)
    plays = plays_of("short", pos, (3, 3))
    plays.find("bar/22 13/10 8/5 6/3")
    assert all(p.moves[0] == Move(BAR, 22) for p in plays)
    assert any(m.frm not in (BAR, 22) for p in plays for m in p.moves)


# -- S-4 ---------------------------------------------------------------------------


def test_s4_hit_while_bearing_off_must_come_home_first() -> None:
    """S-4 (bear-off with a checker hit): the hit checker enters on 19 with 6-6 and
    cannot continue (13 is blocked); no checker may be borne off while it is out, so
    only one six is played."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   O2   .   .   .   .   . |   .   .   .   .   .   .
    #  O13   .   .   .   .   . |  X3  X3  X3  X2   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X3 O0
    pos = board("short", {6: 3, 5: 3, 4: 3, 3: 2}, {12: 2, 13: 13}, mine_bar=1)
    plays = plays_of("short", pos, (6, 6))
    assert texts(plays) == {"bar/19"}
    for dice in ALL_ROLLS:
        for play in plays_of("short", pos, dice):
            assert all(m.to != OFF for m in play.moves), (dice, str(play))


def test_s4_bearing_off_resumes_once_home() -> None:
    """S-4: after the hit checker is back home, bearing off is allowed again."""
    pos = board("short", {6: 3, 5: 3, 4: 3, 3: 2, 1: 1}, {12: 2, 13: 13})
    assert "6/off 5/off" in texts(plays_of("short", pos, (6, 5)))


# -- S-5 ---------------------------------------------------------------------------


def _side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    side[BAR] = bar
    side[OFF] = 15 - sum(side)
    return tuple(side)


WINNER = _side({})


@pytest.mark.parametrize(
    ("loser", "kind", "points"),
    [
        (_side({6: 14}), "single", 1),
        (_side({13: 15}), "gammon", 2),
        (_side({18: 15}), "gammon", 2),
        (_side({13: 14}, bar=1), "backgammon", 3),
        (_side({13: 14, 19: 1}), "backgammon", 3),
        (_side({13: 14, 24: 1}), "backgammon", 3),
    ],
)
def test_s5_single_gammon_backgammon(loser: tuple[int, ...], kind: str, points: int) -> None:
    """S-5: single 1 (the loser bore off a checker), gammon 2 (none off), backgammon
    3 (none off and a checker on the bar or in the winner's home = loser's 19..24)."""
    for name in SHORT_VARIANTS:
        outcome = score_game(find_variant(name), WINNER, loser, "black")
        assert (outcome.winner, outcome.kind, outcome.points) == ("black", kind, points)


# -- S-6 ---------------------------------------------------------------------------


def _hide_position():
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |   .   .   .   .  O6  O8
    #    .  X1   .  O1  X2   . |  X5   .   .  X2   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {11: 1, 3: 2, 6: 5, 8: 2, 13: 5}, {16: 1, 1: 8, 2: 6})
    return pos


def test_s6_short_allows_hit_and_hide() -> None:
    """S-6: option off (``short``): 11/9*/3 hits and continues onto an own point."""
    pos = _hide_position()
    plays = plays_of("short", pos, (6, 2))
    assert after("short", pos, "11/9*/3") in result_keys(plays)


@pytest.mark.parametrize(
    "variant",
    [find_variant("short-ru"), find_variant("short").with_options(no_hit_and_hide=True)],
    ids=["short-ru", "short+no_hit_and_hide"],
)
def test_s6_short_ru_forbids_hit_and_hide(variant) -> None:
    """S-6: option on: the checker that hit on 9 may not continue to 3, which holds
    its own checkers; hitting and stopping (11/9* with another six) stays legal."""
    pos = _hide_position()
    plays = plays_of(variant, pos, (6, 2))
    assert after(variant, pos, "11/9*/3") not in result_keys(plays)
    assert after(variant, pos, "13/7 11/9*") in result_keys(plays)


def test_s6_hitter_may_continue_to_an_empty_point() -> None:
    """S-6: the hitter may continue to an empty point (11/9*/3, point 3 empty)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |   .   .   .   .  O6  O8
    #    .  X1   .  O1  X3   . |  X6   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {11: 1, 6: 6, 8: 3, 13: 5}, {16: 1, 1: 8, 2: 6})
    plays = plays_of("short-ru", pos, (6, 2))
    assert after("short-ru", pos, "11/9*/3") in result_keys(plays)


def test_s6_hitter_may_hit_again() -> None:
    """S-6: the hitter may hit a second blot (11/9*/3*)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |   .   .   .   .  O6  O7
    #    .  X1   .  O1  X3   . |  X6   .   .  O1   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {11: 1, 6: 6, 8: 3, 13: 5}, {16: 1, 22: 1, 1: 7, 2: 6})
    plays = plays_of("short-ru", pos, (6, 2))
    play = plays.find("11/9*/3*")
    assert play.hits == 2


def test_s6_hitter_may_be_borne_off() -> None:
    """S-6: bearing off: the checker that hit on 4 may go on to be borne off."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #  O14   .   .   .   .   . |  X1   .  O1  X4  X4  X4
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X2 O0
    pos = board("short", {6: 1, 3: 4, 2: 4, 1: 4}, {21: 1, 13: 14})
    plays = plays_of("short-ru", pos, (4, 2))
    assert after("short-ru", pos, "6/4*/off") in result_keys(plays)


def test_s6_hitter_may_be_covered() -> None:
    """S-6: another checker may cover the hitter (11/9* 13/9 with 4-2)."""
    pos = _hide_position()
    plays = plays_of("short-ru", pos, (4, 2))
    assert after("short-ru", pos, "13/9 11/9*") in result_keys(plays)


def test_s6_hitter_from_the_bar_may_not_hide() -> None:
    """S-6: a checker entering with a hit (bar/20*) may not continue onto its own
    point 15 in the same turn."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X4   .  X2   .   .   . |   .  O1   .   .  O6  O8
    #    .   .   .   .  X3   . |  X5   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {15: 2, 13: 4, 6: 5, 8: 3}, {5: 1, 1: 8, 2: 6}, mine_bar=1)
    hidden = after("short", pos, "bar/20*/15 13/8(2)")
    assert hidden in result_keys(plays_of("short", pos, (5, 5)))
    ru = result_keys(plays_of("short-ru", pos, (5, 5)))
    assert after("short-ru", pos, "bar/20* 13/8(3)") in ru
    assert hidden not in ru


def test_s6_covered_hitter_still_may_not_hide() -> None:
    """S-6 with 1-1: both checkers on 3 go 3/2, one of them hitting the blot on 2; if
    both then go on to 1 (an own point), the hitter has hidden. short allows that
    play, short-ru must not (the rule binds the checker that hit, and covering it
    does not free it)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O14
    #    .   .   .   .   .   . | X11   .   .  X2  O1  X2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {3: 2, 1: 2, 6: 11}, {23: 1, 1: 14})
    hidden = after("short", pos, "3/2*/1 3/2/1")
    assert hidden in result_keys(plays_of("short", pos, (1, 1)))
    ru = result_keys(plays_of("short-ru", pos, (1, 1)))
    assert after("short-ru", pos, "3/2* 3/1 6/5") in ru  # the other checker may go on
    assert hidden not in ru


# -- S-7 ---------------------------------------------------------------------------


def _home_blot_position():
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |   .   .   .   .   . O13
    #    .   .  X1  O1  X4   . |  X5   .  O1   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {10: 1, 13: 5, 8: 4, 6: 5}, {21: 1, 16: 1, 1: 13})
    return pos


def test_s7_caucasian_cannot_hit_a_blot_in_own_home() -> None:
    """S-7: short-caucasian: the blot on my 4 (my home) cannot be hit: 10/4* is
    illegal there (and legal in short)."""
    pos = _home_blot_position()
    assert after("short", pos, "10/4* 8/7") in result_keys(plays_of("short", pos, (6, 1)))
    plays = plays_of("short-caucasian", pos, (6, 1))
    assert all(m.to != 4 for p in plays for m in p.moves)


def test_s7_caucasian_home_blot_blocks_as_intermediate_point() -> None:
    """S-7: the protected blot blocks the point, so 10/3 cannot stop on 4; it goes
    via 9, hitting there."""
    pos = _home_blot_position()
    plays = plays_of("short-caucasian", pos, (6, 1))
    assert all(Move(4, 3) not in p.moves for p in plays)
    assert str(plays.find("10/9*/3")) == "10/9*/3"


def test_s7_caucasian_may_hit_outside_own_home() -> None:
    """S-7: a blot outside the hitter's home (my 9) is hit as in short."""
    pos = _home_blot_position()
    plays = plays_of("short-caucasian", pos, (1, 1))
    assert any(Move(10, 9, True) in p.moves for p in plays)


def test_s7_caucasian_entering_may_hit_in_the_opponent_home() -> None:
    """S-7: only the hitter's own home is protected: entering from the bar may hit a
    blot on my 20 (the opponent's home)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .   .   . |   .  O1   .   .   . O14
    #    .   .   .   .  X4   . |  X5   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {13: 5, 8: 4, 6: 5}, {5: 1, 1: 14}, mine_bar=1)
    plays = plays_of("short-caucasian", pos, (5, 3))
    assert any(Move(BAR, 20, True) in p.moves for p in plays)
