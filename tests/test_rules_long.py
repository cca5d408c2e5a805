"""RULES.md §4: long nardy (L-1, L-2, L-HEAD-1, L-HEAD-2, L-BLOCK, L-3; L-DRAW and L-4
are played out in test_game_flow.py).

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side (shown where its checkers stand in X's numbering; its head,
its point 24, is X's point 12); ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import (
    ALL_ROLLS,
    LONG_VARIANTS,
    after,
    board,
    plays_of,
    result_keys,
    texts,
)

from nardy.errors import InvalidPositionError
from nardy.outcome import score_game
from nardy.plays import Move
from nardy.position import OFF, Position
from nardy.variants import OptionError, find_variant

pytestmark = pytest.mark.usefixtures("generator")

LONG = find_variant("long")
HEAD_OPTIONS = ("blocked", "doubles-6-4-3", "head-only")

# -- L-1 ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", LONG_VARIANTS)
def test_l1_start_all_fifteen_on_the_head(name: str) -> None:
    """L-1: all 15 checkers of each side start on its point 24 (the head)."""
    start = find_variant(name).start_position()
    for side in (start.mine, start.theirs):
        assert side[24] == 15 and sum(side) == 15
    assert start.mine_first and start.theirs_first


def test_l1_no_bar_in_long_nardy() -> None:
    """L-1: no hitting and no bar: a long position with a checker on the bar is
    invalid."""
    pos = Position.from_points({24: 14}, {24: 15}, mine_bar=1)
    with pytest.raises(InvalidPositionError, match="no bar"):
        LONG.validate(pos)


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_l1_no_hits_ever(dice: tuple[int, int]) -> None:
    """L-1: long nardy never hits: single opposing checkers block instead."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .  O1  X1   .  O1  X1 |   .  X1   .   .   . X10
    #  O10   .  O1  X2  O2   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 10, 20: 1, 18: 1, 15: 1, 9: 2}, {24: 10, 5: 1, 2: 1, 22: 1, 20: 2})
    for play in plays_of("long", pos, dice):
        assert play.hits == 0
        assert play.result is not None and play.result.mine[25] == 0


# -- L-2 ---------------------------------------------------------------------------


def test_l2_home_is_points_1_to_6_bear_off_follows_g10() -> None:
    """L-2: home is points 1..6; with all checkers there 6-5 bears off from 6 and 5."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |  X3  X3  X3  X2  X2  X2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2}, {12: 15})
    assert "6/off 5/off" in texts(plays_of("long", pos, (6, 5)))


def test_l2_no_bearing_off_from_outside_home() -> None:
    """L-2: a checker on 7 is outside the home: with 2-1 nothing is borne off before
    it comes in; 7/5 then 1/off is legal, 7/6 then 1/off (with the 2) is not."""
    pos = board("long", {7: 1, 1: 14}, {12: 15})
    plays = plays_of("long", pos, (2, 1))
    assert result_keys(plays) == {after("long", pos, "7/4"), after("long", pos, "7/5 1/off")}
    assert after("long", pos, "7/6 1/off") not in result_keys(plays)


# -- L-HEAD-1 ----------------------------------------------------------------------


@pytest.mark.parametrize("name", LONG_VARIANTS)
@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_lhead1_at_most_one_checker_leaves_the_head(name: str, dice: tuple[int, int]) -> None:
    """L-HEAD-1: after the first turn at most one checker leaves point 24 per turn."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .  X1   .   . |   .  X1   .   .   . X13
    #  O13   .  O1   .   .  O1 |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 13, 20: 1, 16: 1}, {24: 13, 22: 1, 19: 1})
    plays = plays_of(name, pos, dice)
    assert plays
    for play in plays:
        assert sum(m.frm == 24 for m in play.moves) <= 1, str(play)


def test_lhead1_start_position_without_first_turn_flag() -> None:
    """L-HEAD-1: 6-6 from a full head when it is not the first turn: only one checker
    may leave, it stops on 18 (12 is the opponent's head) and three sixes are lost."""
    pos = LONG.start_position(first_turns=False)
    assert texts(plays_of("long", pos, (6, 6))) == {"24/18"}
    assert texts(plays_of("long", pos, (4, 4))) == {"24/16"}


# -- L-HEAD-2: the first mover -----------------------------------------------------


@pytest.mark.parametrize("option", HEAD_OPTIONS)
def test_lhead2_worked_example_6_6_forced_24_18_twice(option: str) -> None:
    """L-HEAD-2 worked example: 6-6 on the first turn is forced: 24/18(2); the other
    two sixes are lost (18/12 is the opponent's head)."""
    v = LONG.with_options(head_exception=option)
    plays = plays_of(v, v.start_position(), (6, 6))
    assert texts(plays) == {"24/18(2)"}
    assert plays[0].moves == (Move(24, 18), Move(24, 18))


@pytest.mark.parametrize("option", HEAD_OPTIONS)
def test_lhead2_worked_example_3_3_has_two_plays(option: str) -> None:
    """L-HEAD-2 worked example: 3-3 on the first turn: two checkers leave the head,
    24/18(2) or 24/15 24/21 (24/12 is blocked by the opponent's head)."""
    v = LONG.with_options(head_exception=option)
    plays = plays_of(v, v.start_position(), (3, 3))
    assert result_keys(plays) == {
        after(v, v.start_position(), "24/18(2)"),
        after(v, v.start_position(), "24/15 24/21"),
    }


@pytest.mark.parametrize("option", HEAD_OPTIONS)
def test_lhead2_4_4_takes_two_checkers_on_the_first_turn(option: str) -> None:
    """L-HEAD-2: 4-4 on the first turn: 24/16(2) (24/20/16/12 is blocked)."""
    v = LONG.with_options(head_exception=option)
    assert texts(plays_of(v, v.start_position(), (4, 4))) == {"24/16(2)"}


@pytest.mark.parametrize("option", HEAD_OPTIONS)
@pytest.mark.parametrize("dice", [d for d in ALL_ROLLS if d not in ((6, 6), (4, 4), (3, 3))])
def test_lhead2_first_mover_other_rolls_one_checker(option: str, dice: tuple[int, int]) -> None:
    """L-HEAD-2: for the first mover only 6-6, 4-4 and 3-3 qualify; every other roll
    is played by the one checker allowed off the head."""
    v = LONG.with_options(head_exception=option)
    plays = plays_of(v, v.start_position(), dice)
    assert len(plays) == 1
    (play,) = plays
    assert sum(m.frm == 24 for m in play.moves) == 1
    assert sum(m.pips for m in play.moves) == (4 * dice[0] if dice[0] == dice[1] else sum(dice))


# -- L-HEAD-2: the second mover ----------------------------------------------------


def _after_first_mover(v, dice: tuple[int, int]) -> Position:
    """The second mover's first position after the first mover played ``dice``."""
    (play,) = plays_of(v, v.start_position(), dice)
    assert play.result is not None and play.result.mine_first
    return play.result


# Expected plays of the second mover, per option, after the first mover's roll.
SECOND_MOVER = [
    # first roll, second roll, blocked, doubles-6-4-3, head-only
    ((2, 1), (5, 5), {"24/14(2)"}, {"24/14"}, {"24/14"}),
    ((2, 1), (6, 2), {"24/16"}, {"24/16"}, {"24/16"}),
    ((6, 2), (5, 5), {"24/14(2)", "24/19 24/9"}, {"24/9"}, {"24/9"}),
    ((6, 2), (6, 2), {"24/16"}, {"24/16"}, {"24/16"}),
    ((5, 5), (6, 2), {"24/18 24/22"}, {"24/18"}, {"24/18"}),
    ((5, 5), (5, 5), {"24/4"}, {"24/4"}, {"24/4"}),
    ((5, 5), (6, 6), {"24/18(2)"}, {"24/18(2)"}, {"24/18(2)"}),
    ((5, 5), (4, 4), {"24/20(2)"}, {"24/20(2)"}, {"24/20"}),
]


@pytest.mark.parametrize(
    ("first", "second", "blocked", "doubles", "head_only"),
    SECOND_MOVER,
    ids=[f"{a[0]}{a[1]}-then-{b[0]}{b[1]}" for a, b, *_ in SECOND_MOVER],
)
@pytest.mark.parametrize("option", HEAD_OPTIONS)
def test_lhead2_worked_example_second_mover(
    option: str,
    first: tuple[int, int],
    second: tuple[int, int],
    blocked: set[str],
    doubles: set[str],
    head_only: set[str],
) -> None:
    """L-HEAD-2 worked example: after 2-1, 6-2 or 5-5 by the first mover, 5-5 and
    6-2 also qualify for the second mover (its single checker is stopped by the
    first mover's checker on my 9, 4 or 16). ``doubles-6-4-3`` never lets 5-5 or 6-2
    take a second checker; ``head-only`` only when the opponent's head stops the
    single checker — [001 §3.1, note]: after 5-5, a 4-4 takes one checker and
    plays one four (it is stopped on 16 before reaching the head)."""
    v = LONG.with_options(head_exception=option)
    pos = _after_first_mover(v, first)
    expected = {"blocked": blocked, "doubles-6-4-3": doubles, "head-only": head_only}[option]
    plays = plays_of(v, pos, second)
    assert result_keys(plays) == {after(v, pos, text) for text in expected}, (
        f"after {first[0]}-{first[1]}, {second[0]}-{second[1]} ({option}): "
        f"got {sorted(texts(plays))}, expected {sorted(expected)}"
    )


def test_lhead2_second_mover_position_example_2_1() -> None:
    """L-HEAD-2: after the first mover's 2-1 (24/21), his checker stands on the
    second mover's 9, so 24/19/14/9 is stopped and 5-5 takes two checkers."""
    pos = _after_first_mover(LONG, (2, 1))
    # the first mover's checker: his 21 = my 9
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . X15
    #  O14   .   .  O1   .   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    assert pos.theirs[21] == 1 and pos.theirs[24] == 14 and pos.mine[24] == 15
    assert pos.mine_first and not pos.theirs_first


def test_lhead2_exception_only_on_the_first_turn() -> None:
    """L-HEAD-2: the first mover's second turn with 6-6 may take one checker only."""
    v = LONG
    first = _after_first_mover(v, (6, 5))  # 24/13
    (reply,) = [p for p in plays_of(v, first, (6, 5))]
    assert reply.result is not None and not reply.result.mine_first
    plays = plays_of(v, reply.result, (6, 6))
    for play in plays:
        assert sum(m.frm == 24 for m in play.moves) <= 1


# -- L-BLOCK -----------------------------------------------------------------------
#
# The six-block is judged along the OPPONENT's route: his points 24 … 1 are my
# 12, 11, …, 1, 24, 23, …, 13. So my 6..1 are his 18..13 and my 3, 2, 1, 24, 23, 22
# are his 15..10 (consecutive for him), while my 15..10 are his 3, 2, 1, 24, 23, 22
# (the end and the start of his route: not consecutive).


def _filter_example(opp: dict[int, int]) -> Position:
    """X holds 5..1 and has one checker on 12 (nine borne off); filling 6 would make
    his 18..13 a six-block. 5-1: 12/11/6 is the only way to use both dice."""
    return board("long", {12: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}, opp)


ONLY_ONE_DIE = {"12/11", "5/4", "4/3", "3/2", "2/1"}


@pytest.mark.parametrize("name", LONG_VARIANTS)
def test_lblock_rule_filter_comes_before_max_dice(name: str) -> None:
    """L-BLOCK (last bullet) with G-8: 12/11/6 would use both dice but makes a
    six-block no opposing checker has passed, so it is removed first; then the
    maximum-dice rule applies to what remains: a single 1 (the 5 cannot be played
    alone: 12/7 is blocked and nothing can bear off)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   .   .
    #   X1   .  O5  O5   .  O5 |   .  X1  X1  X1  X1  X1
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X9 O0
    pos = board("long", {12: 1, 5: 1, 4: 1, 3: 1, 2: 1, 1: 1}, {21: 5, 22: 5, 19: 5})
    assert texts(plays_of(name, pos, (5, 1))) == ONLY_ONE_DIE


@pytest.mark.parametrize("check", ["end-of-turn", "every-move"])
@pytest.mark.parametrize(
    ("opp", "passed", "entered_home"),
    [
        # nobody past the block (his 18..13): illegal under both releases
        ({21: 5, 22: 5, 19: 5}, ONLY_ONE_DIE, ONLY_ONE_DIE),
        # one checker on his 12 (my 24): passed the block, not yet home
        ({21: 5, 22: 5, 19: 4, 12: 1}, {"12/6"}, ONLY_ONE_DIE),
        # one checker on his 5 (my 17): passed and home
        ({21: 5, 22: 5, 19: 4, 5: 1}, {"12/6"}, {"12/6"}),
    ],
    ids=["nobody-passed", "passed-not-home", "entered-home"],
)
def test_lblock_legal_only_because_an_opposing_checker_passed(
    check: str, opp: dict[int, int], passed: set[str], entered_home: set[str]
) -> None:
    """L-BLOCK worked example: the same six-block (my 6..1 = his 18..13) is legal
    once an opposing checker has passed it (``block_release="passed"``), or only
    once one has entered his home (``"entered-home"``); it is then forced by G-8."""
    pos = _filter_example(opp)
    for release, expected in (("passed", passed), ("entered-home", entered_home)):
        v = LONG.with_options(block_check=check, block_release=release)
        assert texts(plays_of(v, pos, (5, 1))) == expected, (release, opp)


CORNER_OPPONENTS = {
    "nobody-passed": {24: 15},
    "passed-not-home": {24: 14, 8: 1},
    "entered-home": {24: 14, 3: 1},
}


@pytest.mark.parametrize("check", ["end-of-turn", "every-move"])
@pytest.mark.parametrize("release", ["passed", "entered-home"])
@pytest.mark.parametrize("who", list(CORNER_OPPONENTS))
def test_lblock_across_the_corner_my_3_2_1_24_23_22(check: str, release: str, who: str) -> None:
    """L-BLOCK: my 3, 2, 1, 24, 23, 22 are his 15..10, consecutive on his route:
    9/3 (filling 3) makes a six-block across my 1/24 corner, legal only once an
    opposing checker has passed it (his 9 and below) — or, with
    ``block_release="entered-home"``, has entered his home."""
    # nobody-passed:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .  X1  X1  X1
    #  O15   .   .  X1   .   . |   .   .   .   .  X1  X1
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X9 O0
    pos = board("long", {24: 1, 23: 1, 22: 1, 2: 1, 1: 1, 9: 1}, CORNER_OPPONENTS[who])
    v = LONG.with_options(block_check=check, block_release=release)
    results = result_keys(plays_of(v, pos, (5, 1)))
    legal = who == "entered-home" or (who == "passed-not-home" and release == "passed")
    assert (after(v, pos, "9/3") in results) is legal


@pytest.mark.parametrize("name", LONG_VARIANTS)
def test_lblock_my_15_to_10_is_not_a_block(name: str) -> None:
    """L-BLOCK: my 15..10 are his 3, 2, 1, 24, 23, 22 — the end and the start of his
    route — so holding all six is no six-block, whatever the opponent's checkers."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X1  X1  X2  X1   .   . |   .   .   .   .   .   .
    #    .  X1  X1   . O15   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X8 O0
    pos = board("long", {16: 1, 15: 2, 14: 1, 13: 1, 11: 1, 10: 1}, {20: 15})
    results = result_keys(plays_of(name, pos, (4, 1)))
    assert after(name, pos, "16/12 15/14") in results


def _built_and_broken() -> Position:
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .  X1  X1   .  X1  X1 |  X1  O1  X1   .   .  X9
    #  O14   .   .   .   .   . |   .   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("long", {24: 9, 21: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {8: 1, 24: 14})
    return pos


@pytest.mark.parametrize(
    ("variant", "legal"),
    [
        (LONG, True),
        (LONG.with_options(block_check="every-move"), False),
        (find_variant("nardgammon"), False),
        (find_variant("nardgammon").with_options(block_check="end-of-turn"), True),
    ],
    ids=["long", "long-every-move", "nardgammon", "nardgammon-end-of-turn"],
)
def test_lblock_built_and_broken_in_one_turn(variant, legal: bool) -> None:
    """L-BLOCK worked example: 5-1, 21/16/15: the 5 fills 16 and makes a six-block
    19..14 (his 7..2, nobody passed), the 1 breaks it again (16/15). The other route
    21/20/15 is blocked. ``block_check="end-of-turn"`` allows this ("пробегом"),
    ``"every-move"`` (and nardgammon, V-NG) does not."""
    pos = _built_and_broken()
    results = result_keys(plays_of(variant, pos, (5, 1)))
    assert (after(variant, pos, "21/16/15") in results) is legal
    # a play that ends with the block standing is illegal under both settings
    assert after(variant, pos, "21/16 24/23") not in results
    # plays that never make the block stay legal under both
    assert after(variant, pos, "24/19 19/18") in results


def test_lblock_option_values() -> None:
    """L-BLOCK: block_check and block_release take only their documented values and
    apply to long nardy only."""
    assert LONG.block_check == "end-of-turn" and LONG.block_release == "passed"
    assert find_variant("nardgammon").block_check == "every-move"
    with pytest.raises(OptionError, match="block_check"):
        LONG.with_options(block_check="sometimes")
    with pytest.raises(OptionError, match="other nardy family"):
        find_variant("short").with_options(block_release="entered-home")


# -- L-3 ---------------------------------------------------------------------------


def _side(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    side[OFF] = 15 - sum(side)
    return tuple(side)


@pytest.mark.parametrize("name", LONG_VARIANTS)
@pytest.mark.parametrize(
    ("loser", "kind", "points"),
    [
        (_side({6: 14}), "oin", 1),
        (_side({1: 1}), "oin", 1),
        (_side({6: 15}), "mars", 2),
        (_side({24: 15}), "mars", 2),
    ],
)
def test_l3_oin_and_mars(name: str, loser: tuple[int, ...], kind: str, points: int) -> None:
    """L-3: oin 1 when the loser has borne off at least one checker, mars 2 when he
    has borne off none."""
    outcome = score_game(find_variant(name), _side({}), loser, "white")
    assert (outcome.winner, outcome.kind, outcome.points) == ("white", kind, points)


# -- L-4 ---------------------------------------------------------------------------


def test_l4_next_starter_option() -> None:
    """L-4: option next_starter = winner (default) | previous-black."""
    assert LONG.next_starter == "winner"
    assert LONG.with_options(next_starter="previous-black").next_starter == "previous-black"
    with pytest.raises(OptionError, match="next_starter"):
        LONG.with_options(next_starter="loser")
