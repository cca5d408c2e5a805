"""RULES.md §1–§2: geometry and turn structure shared by both games (G-1 … G-12).

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side; ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import (
    ALL_ROLLS,
    ALL_VARIANTS,
    LONG_VARIANTS,
    SHORT_VARIANTS,
    after,
    board,
    plays_of,
    result_keys,
    texts,
)

from nardy.dice import ROLLS
from nardy.errors import IllegalMoveError, InvalidPositionError, MalformedError
from nardy.game import Game, GameError
from nardy.plays import Move
from nardy.position import BAR, OFF, Position
from nardy.variants import find_variant

pytestmark = pytest.mark.usefixtures("generator")

# -- G-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g1_start_has_15_checkers_per_side_white_on_roll(name: str) -> None:
    """G-1: two players, 15 checkers each, colours white and black."""
    start = find_variant(name).start_position()
    assert sum(start.mine) == 15
    assert sum(start.theirs) == 15
    assert start.turn == "white"
    assert start.swap().turn == "black"


@pytest.mark.parametrize("count", [14, 16])
def test_g1_a_side_with_other_than_15_checkers_is_rejected(count: int) -> None:
    """G-1: a position with 14 or 16 checkers on one side is invalid, and the error
    says how many were found."""
    side = [0] * 26
    side[24] = count
    with pytest.raises(InvalidPositionError, match=f"found {count}"):
        Position(tuple(side), find_variant("long").start)


def test_g1_colours_are_white_and_black_only() -> None:
    """G-1: the colours are white and black."""
    v = find_variant("short")
    with pytest.raises(InvalidPositionError, match="turn"):
        Position(v.start, v.start, "red")  # type: ignore[arg-type]


def test_g1_two_dice_21_distinct_rolls() -> None:
    """G-1: two six-sided dice give 21 distinct rolls weighing 36 in all."""
    assert len(ROLLS) == 21
    assert sum(w for _, w in ROLLS) == 36
    assert {r for r, _ in ROLLS} == set(ALL_ROLLS)


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3, -1), (True, 2)])
def test_g1_a_die_outside_1_to_6_is_malformed(dice: tuple[int, int]) -> None:
    """G-1: a die shows 1..6; anything else is a malformed roll, named in the error."""
    v = find_variant("short")
    with pytest.raises(MalformedError, match="a die shows 1..6"):
        plays_of(v, v.start_position(), dice)


# -- G-2 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_VARIANTS)
@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_g2_every_move_goes_from_higher_to_lower_points(name: str, dice: tuple[int, int]) -> None:
    """G-2: each side moves from higher to lower numbers of its own numbering."""
    v = find_variant(name)
    for play in plays_of(v, v.start_position(), dice):
        for m in play.moves:
            assert m.frm > m.to, f"{play}: {m} does not move down"


def test_g2_start_pip_counts() -> None:
    """G-2: points are numbered per side; the start pip counts are 167 (short) and
    360 (long: 15 checkers on point 24) for both sides."""
    assert find_variant("short").start_position().pips == (167, 167)
    assert find_variant("long").start_position().pips == (360, 360)


def test_g2_bearing_off_is_point_zero() -> None:
    """G-2: moving past point 1 is bearing off, numerically 0, written ``off``."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |   .   .   .   .  X1  X1
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X13 O0
    pos = board("short", {2: 1, 1: 1}, {1: 15})
    plays = plays_of("short", pos, (3, 2))
    assert texts(plays) == {"2/off 1/off"}
    assert all(m.to == OFF for m in plays[0].moves)


# -- G-3 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_g3_short_mapping_is_25_minus_p(name: str) -> None:
    """G-3: short nardy, my point p is the opponent's 25 - p."""
    v = find_variant(name)
    assert [v.mapping[p] for p in range(1, 25)] == [25 - p for p in range(1, 25)]


@pytest.mark.parametrize("name", LONG_VARIANTS)
def test_g3_long_mapping_is_p_plus_or_minus_12(name: str) -> None:
    """G-3: long nardy, my p is the opponent's p + 12 (p <= 12) or p - 12; his head is
    my point 12 and my home is his 13..18."""
    v = find_variant(name)
    for p in range(1, 25):
        assert v.mapping[p] == (p + 12 if p <= 12 else p - 12)
    assert v.mapping[12] == 24
    assert [v.mapping[p] for p in range(1, 7)] == [13, 14, 15, 16, 17, 18]


@pytest.mark.parametrize(
    ("name", "mine", "theirs"),
    [
        ("short", {1: 1, 6: 14}, {24: 1, 6: 14}),
        ("long", {12: 1, 24: 14}, {24: 15}),
        ("long", {13: 1, 24: 14}, {1: 1, 24: 14}),
    ],
)
def test_g3_validate_rejects_two_colours_on_one_point(
    name: str, mine: dict[int, int], theirs: dict[int, int]
) -> None:
    """G-3: my point p and the opponent's mapped point are the same board point, so a
    position with checkers of both sides there is invalid."""
    pos = Position.from_points(mine, theirs)
    with pytest.raises(InvalidPositionError, match="both sides"):
        find_variant(name).validate(pos)


def test_g3_long_opponent_head_is_my_point_12() -> None:
    """G-3: in long nardy the opponent's head is my point 12, so on the first turn
    6-6 cannot go 24/18/12."""
    plays = plays_of("long", find_variant("long").start_position(), (6, 6))
    assert all(m.to != 12 for p in plays for m in p.moves)


# -- G-6 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_g6_each_die_moves_one_checker_exactly_its_number(name: str) -> None:
    """G-6: 6-5 at the start: every play is a 6 and a 5 (never 3+3 then 5)."""
    v = find_variant(name)
    plays = plays_of(v, v.start_position(), (6, 5))
    assert plays
    for play in plays:
        assert sorted(m.pips for m in play.moves) == [5, 6], str(play)


def test_g6_one_checker_may_take_both_dice_via_open_point() -> None:
    """G-6: one checker may take both dice (24/13 with 6-5 at the start)."""
    v = find_variant("short")
    plays = plays_of(v, v.start_position(), (6, 5))
    assert "24/13" in texts(plays)
    assert plays.find("24/13").moves in (
        (Move(24, 18), Move(18, 13)),
        (Move(24, 19), Move(19, 13)),
    )


def test_g6_intermediate_point_must_be_open() -> None:
    """G-6: a checker taking both dice stops on the intermediate point, so 13/2 with
    6-5 is illegal when both 7 and 8 are blocked."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X2   .   .   .   .   . |   .   .   .   .   . O11
    #    .   .   .   .  O2  O2 |  X5   .  X4  X4   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {13: 2, 6: 5, 4: 4, 3: 4}, {18: 2, 17: 2, 1: 11})
    plays = plays_of("short", pos, (6, 5))
    assert plays
    assert after("short", pos, "13/2") not in result_keys(plays)
    with pytest.raises(IllegalMoveError, match="13/2"):
        plays.find("13/2")


def test_g6_long_single_opposing_checker_on_intermediate_point_stops_a_hop() -> None:
    """G-6 with G-9: in long nardy one opposing checker on the intermediate point
    stops the hop (24/18/13 and 24/19/13 both need an open stop)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .  O1 |  O1  X1   .   .   . X14
    #  O13   .   .   .   .   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 14, 20: 1}, {24: 13, 6: 1, 7: 1})
    plays = plays_of("long", pos, (6, 5))
    assert after("long", pos, "24/13") not in result_keys(plays)
    assert after("long", pos, "20/9") in result_keys(plays)


# -- G-7 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_g7_a_double_gives_four_moves(name: str, n: int) -> None:
    """G-7: a double at the start of short nardy is four moves of that number
    (every double can be played fully from the start)."""
    v = find_variant(name)
    plays = plays_of(v, v.start_position(), (n, n))
    assert plays
    for play in plays:
        assert [m.pips for m in play.moves] == [n] * 4, str(play)


def test_g7_long_double_four_moves_of_one_checker() -> None:
    """G-7: 2-2 on the first turn of long nardy: one checker, four moves, 24/16."""
    plays = plays_of("long", find_variant("long").start_position(), (2, 2))
    assert texts(plays) == {"24/16"}
    assert len(plays[0].moves) == 4


# -- G-8 ---------------------------------------------------------------------------


def test_g8_either_die_but_not_both_plays_the_larger() -> None:
    """G-8: 6-5, the lone outside checker can play 12/6 or 12/7 but never both dice
    (point 1 is blocked and nothing can bear off): the larger, 12/6, must be played."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #   X1   .   .   .   .   . |   . O13   .   . X14  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {12: 1, 2: 14}, {24: 2, 20: 13})
    plays = plays_of("short", pos, (6, 5))
    assert texts(plays) == {"12/6"}


def test_g8_only_the_smaller_die_playable_plays_it() -> None:
    """G-8: as above with point 6 blocked too: only the 5 can be played, 12/7."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #   X1   .   .   .   .   . |  O2   .   . O11 X14  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {12: 1, 2: 14}, {24: 2, 19: 2, 22: 11})
    plays = plays_of("short", pos, (6, 5))
    assert texts(plays) == {"12/7"}


def test_g8_both_dice_must_be_used_when_possible() -> None:
    """G-8: 6-1 with point 6 blocked: 12/6 is impossible but 12/11/5 uses both dice,
    so stopping after 12/11 is not a legal play."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #   X1   .   .   .   .   . |  O2   .   . O11 X14  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {12: 1, 2: 14}, {24: 2, 19: 2, 22: 11})
    plays = plays_of("short", pos, (6, 1))
    assert texts(plays) == {"12/5"}
    assert [m.pips for m in plays[0].moves] == [1, 6]


def test_g8_double_plays_as_many_of_four_as_possible() -> None:
    """G-8: 2-2, the only movable checker goes 12/10/8 and is stopped by point 6:
    two of the four moves are played, no more and no fewer."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #   X1   .   .   .   .   . |  O2   .   . O11 X14  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {12: 1, 2: 14}, {24: 2, 19: 2, 22: 11})
    plays = plays_of("short", pos, (2, 2))
    assert texts(plays) == {"12/8"}
    assert len(plays[0].moves) == 2


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g8_five_one_bear_off_plays_5_4_then_4_off(name: str) -> None:
    """G-8 (bear-off): one checker on 5 with 5-1 must be played 5/4 then 4/off,
    which uses both dice, not 5/off with the five alone."""
    # name=short:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |   .  X1   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X14 O0
    # name=long:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |   .  X1   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X14 O0
    pos = board(name, {5: 1}, {1: 15} if name in SHORT_VARIANTS else {12: 15})
    plays = plays_of(name, pos, (5, 1))
    assert len(plays) == 1
    assert plays[0].moves == (Move(5, 4), Move(4, OFF))


def test_g8_a_bad_move_cannot_be_declined() -> None:
    """G-8: a forced play is the only legal play; there is no empty 'pass' play
    while a move exists."""
    pos = board("short", {12: 1, 2: 14}, {24: 2, 19: 2, 22: 11})
    plays = plays_of("short", pos, (6, 5))
    assert len(plays) == 1
    assert plays[0].moves
    assert not plays.must_pass


def test_g8_nothing_playable_gives_an_empty_list() -> None:
    """G-8: a checker on the bar against a closed board: nothing can be played, the
    list of plays is empty and the turn passes."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |  O3  O2  O2  O2  O2  O2
    #   O2   .   .   .   .   . | X14   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board(
        "short",
        {6: 14},
        {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2},
        mine_bar=1,
    )
    for dice in ALL_ROLLS:
        plays = plays_of("short", pos, dice)
        assert list(plays) == [] and plays.must_pass, dice


def test_g8_long_nothing_playable_gives_an_empty_list() -> None:
    """G-8 in long nardy: 6-6 with 24/18 and 19/13 both blocked by single opposing
    checkers: no legal play (not first turn, so no head exception)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   O1   .   .   .   .  O1 |  X1   .   .   .   . X14
    #  O13   .   .   .   .   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 14, 19: 1}, {24: 13, 6: 1, 1: 1})
    assert list(plays_of("long", pos, (6, 6))) == []


# -- G-9 ---------------------------------------------------------------------------


def test_g9_short_lands_on_empty_own_and_blot_not_on_two() -> None:
    """G-9: short nardy: 13/10 hits the blot on 10 (the hit checker goes to the bar),
    13/12 is blocked by two opposing checkers, 13/9 lands on an own point."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X2   .   .   .   .   . |   .   .   .   .   . O12
    #   O2   .  O1  X2   .   . | X11   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {13: 2, 9: 2, 6: 11}, {15: 1, 13: 2, 1: 12})
    plays = plays_of("short", pos, (3, 1))
    assert all(m.to != 12 for p in plays for m in p.moves)
    hitting = [p for p in plays if Move(13, 10, True) in p.moves]
    assert hitting
    for p in hitting:
        assert p.result is not None and p.result.mine[BAR] == 1
    assert after("short", pos, "13/10*/9") in result_keys(plays)


def test_g9_long_any_opposing_checker_blocks() -> None:
    """G-9: long nardy: a single opposing checker blocks the point (no hitting)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   O1   .   .  X1   .   . |   .   .   .   .   . X14
    #  O14   .   .   .   .   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 14, 16: 1}, {24: 14, 1: 1})
    plays = plays_of("long", pos, (3, 2))
    assert all(m.to != 13 for p in plays for m in p.moves)
    assert all(not m.hit for p in plays for m in p.moves)


# -- G-10 --------------------------------------------------------------------------


def test_g10_no_bearing_off_while_a_checker_is_outside() -> None:
    """G-10: 2-1 with one checker on 9: neither die can bear off from point 1 while
    that checker is outside (9/7 and 9/8 leave it outside), so 9/6 is forced."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .  X1   .   . |   .   .   .   .   . X14
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {9: 1, 1: 14}, {1: 15})
    plays = plays_of("short", pos, (2, 1))
    assert after("short", pos, "9/7 1/off") not in result_keys(plays)
    assert after("short", pos, "9/8 1/off") not in result_keys(plays)
    assert texts(plays) == {"9/6"}


def test_g10_the_check_is_made_at_each_move() -> None:
    """G-10: the last outside checker may come home with one die and a checker be
    borne off with the other in the same turn."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .  X1 |   . X14   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {7: 1, 5: 14}, {1: 15})
    plays = plays_of("short", pos, (6, 5))
    assert result_keys(plays) == {
        after("short", pos, "7/1 5/off"),
        after("short", pos, "7/2 5/off"),
    }


def test_g10_a_checker_on_the_bar_counts_as_outside() -> None:
    """G-10: a checker on the bar is outside the home: no bearing off this turn."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   O2   .   .   .   .   . |   .   .   .   .   .   .
    #  O13   .   .   .   .   . |  X4  X4  X3  X3   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {6: 4, 5: 4, 4: 3, 3: 3}, {12: 2, 13: 13}, mine_bar=1)
    for dice in ALL_ROLLS:
        for play in plays_of("short", pos, dice):
            assert all(m.to != OFF for m in play.moves), (dice, str(play))


def test_g10_exact_die_bears_off_from_its_point() -> None:
    """G-10: a die n bears a checker off point n."""
    pos = board("short", {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {1: 15})
    assert "6/off 5/off" in texts(plays_of("short", pos, (6, 5)))


def test_g10_higher_point_must_move_inside_instead() -> None:
    """G-10: 4-2 with checkers on 6 and 3: point 4 is empty and 6 is higher, so the
    4 cannot bear off the checker on 3 (6/4 3/off is illegal); it moves 6/2."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |  X1   .   .  X1   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X13 O0
    pos = board("short", {6: 1, 3: 1}, {1: 15})
    results = result_keys(plays_of("short", pos, (4, 2)))
    assert after("short", pos, "6/4 3/off") not in results
    assert results == {after("short", pos, "6/2 3/1"), after("short", pos, "6/2 2/off")}


def test_g10_highest_point_when_nothing_higher() -> None:
    """G-10: 6-5 with checkers on 3 and 2 only: both bear off from the highest
    occupied points."""
    pos = board("short", {3: 1, 2: 1}, {1: 15})
    assert texts(plays_of("short", pos, (6, 5))) == {"3/off 2/off"}


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g10_worked_example_3_2_off_with_4_1(name: str) -> None:
    """G-10 worked example: checkers on 3, 2 and 1, roll 4-1: 3/2/off is legal
    (after 3/2 the highest point is 2, so the 4 bears a checker off it)."""
    # name=short:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |   .   .   .  X1  X1  X1
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X12 O0
    # name=long:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |   .   .   .  X1  X1  X1
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X12 O0
    pos = board(name, {3: 1, 2: 1, 1: 1}, {1: 15} if name in SHORT_VARIANTS else {12: 15})
    plays = plays_of(name, pos, (4, 1))
    assert after(name, pos, "3/2/off") in result_keys(plays)
    play = plays.find("3/2/off")
    assert play.moves == (Move(3, 2), Move(2, OFF))
    assert result_keys(plays) == {
        after(name, pos, "3/2/off"),
        after(name, pos, "3/off 2/1"),
        after(name, pos, "3/off 1/off"),
    }


# -- G-11 --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g11_game_ends_when_the_last_checker_is_off(name: str) -> None:
    """G-11: the game ends the moment one side has borne off all 15 (the second die
    is not needed); there is no draw by default."""
    theirs = {1: 15} if find_variant(name).family == "short" else {12: 15}
    pos = board(name, {1: 1}, theirs)
    plays = plays_of(name, pos, (6, 5))
    assert texts(plays) == {"1/off"}
    game = Game(name, position=pos)
    game.roll(6, 5)
    game.play("1/off")
    assert game.phase == "over"
    assert game.outcome is not None and game.outcome.winner == "white"
    assert game.outcome.kind != "draw"
    assert game.position.is_over()


# -- G-12 --------------------------------------------------------------------------


def test_g12_a_roll_is_final_once_shown() -> None:
    """G-12: after a roll the side must play it; it cannot roll again."""
    game = Game("short", position=find_variant("short").start_position(first_turns=False))
    game.roll(3, 1)
    with pytest.raises(GameError, match="not time to roll"):
        game.roll(6, 6)


def test_g12_moves_can_be_taken_back_until_the_turn_is_confirmed() -> None:
    """G-12: single checker moves are taken back until the turn is confirmed; after
    confirming, the play is recorded and undo is refused."""
    game = Game("short", position=find_variant("short").start_position(first_turns=False))
    game.roll(3, 1)
    game.move(8, 5)
    assert game.undo() == Move(8, 5)
    game.move(6, 5)
    game.move(8, 5)
    assert game.turn_complete
    game.confirm()
    assert game.records[-1] == {"type": "play", "play": "8/5 6/5"}
    with pytest.raises(GameError):
        game.undo()
