"""RULES.md §5 V-FEVGA (fevga), V-GIUL (fevga-giul, crazy fevga) and V-NG
(nardgammon): the variants that change the head and six-block rules, driven through
``Game`` and ``legal_plays``.

V-FEVGA: one checker (the runner) leaves the head and only it moves until it has
passed the opponent's head (is below my point 12); then any number may leave the head.
No L-HEAD-2 exception. Six-blocks are allowed, except on all of my points 19–24 and
on the six points just ahead (along his path) of an opposing stack of all 15 checkers;
judged at the end of a segment.
V-GIUL: fevga plus the crazy doubles sequence; unplayable moves pass; a double that
cannot be started is skipped (not passed); the sequence stops once all are home;
moves inside the home are allowed.
V-NG: long nardy with ``block_check="every-move"``.

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side (shown where its checkers stand in X's numbering; its head,
its point 24, is X's point 12); ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import ALL_ROLLS, after, board, result_keys, texts

from nardy.errors import IllegalMoveError
from nardy.game import Game
from nardy.plays import Play, legal_plays
from nardy.position import Position
from nardy.variants import find_variant

pytestmark = pytest.mark.usefixtures("generator")

FEVGA = find_variant("fevga")
GIUL = find_variant("fevga-giul")
NARDGAMMON = find_variant("nardgammon")
LONG = find_variant("long")


def turn_log(game: Game) -> list[tuple[str, tuple[int, ...], str]]:
    """Every finished segment of the game: (owner, dice, play text; ``-`` for none)."""
    return [(t.color, t.dice, str(t.play)) for t in game.turns]


def first_play(game: Game) -> Play:
    """The legal play of the current segment that sorts first by its text."""
    return min(game.legal_plays(), key=str)


def head_moves(play: Play) -> int:
    return sum(m.frm == 24 for m in play.moves)


def mover_after(play: Play) -> tuple[int, ...]:
    """The mover's checkers after a play (its result is seen by the opponent)."""
    assert play.result is not None
    return play.result.theirs


# -- V-FEVGA: the runner ------------------------------------------------------------


def test_vfevga_variants_are_registered_with_their_rules() -> None:
    """V-FEVGA / V-GIUL: ``fevga`` (``февга``) and ``fevga-giul`` start as long nardy,
    replace the head limit by the runner rule, have no first-turn exception and
    their own block rule; giul adds the sequence and passing."""
    assert find_variant("февга") is FEVGA and find_variant("giul") is GIUL
    for v in (FEVGA, GIUL):
        assert v.start_position() == LONG.start_position()
        assert v.fevga_runner and v.head_limit == 0 and not v.first_turn_exception
        assert v.block_rule == "fevga"
    assert not FEVGA.doubles_sequence and not FEVGA.pass_unplayed
    assert GIUL.doubles_sequence and GIUL.pass_unplayed and GIUL.sequence_stops_home
    assert not GIUL.unstartable_double_passes and GIUL.home_moves == "always"
    assert not GIUL.exact_bearoff


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_vfevga_first_move_takes_one_checker_off_the_head(dice: tuple[int, int]) -> None:
    """V-FEVGA: from the start one checker leaves the head and moves alone; only once
    it stands below my point 12 (past O's head) may another leave — within the same
    roll too, which only 5-5 reaches (24/9 with three fives, then 24/19)."""
    plays = legal_plays(FEVGA, FEVGA.start_position(), dice)
    assert plays
    for play in plays:
        expected = 2 if str(play) == "24/9 24/19" else 1
        assert head_moves(play) == expected, str(play)
    if dice == (5, 5):
        assert texts(plays) == {"24/4", "24/9 24/19"}


@pytest.mark.parametrize(
    ("dice", "fevga", "long"),
    [
        ((6, 6), {"24/18"}, {"24/18(2)"}),
        ((4, 4), {"24/16"}, {"24/16(2)"}),
        ((3, 3), {"24/15"}, {"24/15 24/21", "24/18(2)"}),
    ],
)
def test_vfevga_no_second_head_checker_on_a_first_double(
    dice: tuple[int, int], fevga: set[str], long: set[str]
) -> None:
    """V-FEVGA: a second checker may not leave the head on a first roll of 6-6, 4-4 or
    3-3 (the runner stops before O's head on 12, the rest is lost); long nardy's
    L-HEAD-2 exception takes two."""
    start = FEVGA.start_position()
    assert texts(legal_plays(FEVGA, start, dice)) == fevga
    assert texts(legal_plays(LONG, start, dice)) == long


def test_vfevga_only_the_runner_moves_until_it_passes_the_head() -> None:
    """V-FEVGA: with the runner on 20 (above O's head on 12), 2-1 moves only the
    runner; long nardy may take a head checker instead."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .  X1   .   .   . X14
    #   O15   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 14, 20: 1}, {24: 15})
    assert texts(legal_plays(FEVGA, pos, (2, 1))) == {"20/17"}
    assert "24/22 20/19" in texts(legal_plays(LONG, pos, (2, 1)))


def test_vfevga_a_stuck_runner_loses_the_roll() -> None:
    """V-FEVGA: the runner on 13 cannot move with 2-1 (12 is O's head, 11 his
    checker), and no other checker may: the roll is lost. Long nardy plays 24/21."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    X1   .   .   .   .   . |   .   .   .   .   . X14
    #   O14  O1   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 14, 13: 1}, {24: 14, 23: 1})
    assert legal_plays(FEVGA, pos, (2, 1)).must_pass
    assert texts(legal_plays(LONG, pos, (2, 1))) == {"24/21"}
    game = Game(FEVGA, position=pos)
    game.roll(2, 1)
    assert game.phase == "roll" and game.turn == "black"


def test_vfevga_head_opens_as_soon_as_the_runner_passes() -> None:
    """V-FEVGA: the runner on 14 passes O's head with the 3 (14/11); the 1 may then
    take a checker off the head in the same roll."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .  X1   .   .   .   . |   .   .   .   .   . X14
    #   O15   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 14, 14: 1}, {24: 15})
    assert texts(legal_plays(FEVGA, pos, (3, 1))) == {"14/10", "24/23 14/11"}


def test_vfevga_head_opens_within_a_double() -> None:
    """V-FEVGA + G-8: the runner on 20 and 6-6: 20/14/8 passes O's head, after which
    the remaining 6s may take checkers off the head (24/18; 18/12 is O's head), so
    all four 6s are playable and must be played: 24/18 20/2 or 24/18(2) 20/8."""
    pos = board(FEVGA, {24: 14, 20: 1}, {24: 15})
    assert texts(legal_plays(FEVGA, pos, (6, 6))) == {"24/18 20/2", "24/18(2) 20/8"}


def test_vfevga_any_number_leave_the_head_after_the_runner_passed() -> None:
    """V-FEVGA: once the runner is below 12, any number of checkers may leave the
    head: 3-3 may take four (24/21(4)); long nardy takes one."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . X14
    #   O15   .   .   .   .   . |   .  X1   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 14, 5: 1}, {24: 15})
    plays = legal_plays(FEVGA, pos, (3, 3))
    assert "24/21(4)" in texts(plays) and max(head_moves(p) for p in plays) == 4
    assert texts(legal_plays(LONG, pos, (3, 3))) == {"24/15 5/2"}


# -- V-FEVGA: six-blocks ------------------------------------------------------------


def test_vfevga_six_block_allowed_though_nobody_passed_it() -> None:
    """V-FEVGA: 20/19 makes the six-block 19..14 (O's 7..2) though no O checker has
    passed it: allowed in fevga, not in long nardy (L-BLOCK)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .  X1  X1  X2  X2  X2 |   .  X1   .   .   .  X6
    #   O14   .   .   .  O1   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 6, 20: 1, 18: 2, 17: 2, 16: 2, 15: 1, 14: 1}, {24: 14, 20: 1})
    assert "24/22 20/19" in texts(legal_plays(FEVGA, pos, (2, 1)))
    assert "24/22 20/19" not in texts(legal_plays(LONG, pos, (2, 1)))


def test_vfevga_no_six_block_on_the_starting_quarter() -> None:
    """V-FEVGA: never a six-block on all of points 19–24: 20/19 is legal only in plays
    that leave one of them empty (20/19 20/18, 21/19 20/19, 23/21 20/19). Long nardy
    allows the block, as an O checker (on his 5) has passed it."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .  O1  X1 |   .  X2  X1  X1  X1  X9
    #   O14   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 9, 23: 1, 22: 1, 21: 1, 20: 2, 18: 1}, {24: 14, 5: 1})
    fevga = {p for p in texts(legal_plays(FEVGA, pos, (2, 1))) if "20/19" in p}
    assert fevga == {"20/19 20/18", "21/19 20/19", "23/21 20/19"}
    assert "24/22 20/19" in texts(legal_plays(LONG, pos, (2, 1)))
    for play in legal_plays(FEVGA, pos, (2, 1)):
        assert not all(mover_after(play)[p] for p in range(19, 25)), str(play)


def _before_the_stack(mine: dict[int, int]) -> Position:
    return board(FEVGA, mine, {24: 15})


def test_vfevga_no_six_block_just_ahead_of_a_stack_of_fifteen() -> None:
    """V-FEVGA: O has all 15 on his head (my 12); my points 11..6 are the six just
    ahead of it: 8/6 may complete them only in a play that breaks them again."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   .  X8
    #   O15  X1  X1  X1  X2  X1 |   .   .   .  X1   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = _before_the_stack({24: 8, 11: 1, 10: 1, 9: 1, 8: 2, 7: 1, 3: 1})
    with_8_6 = {p for p in texts(legal_plays(FEVGA, pos, (2, 1))) if "8/6" in p}
    assert with_8_6 == {"10/9 8/6", "11/10 8/6", "8/6 7/6", "8/7 8/6"}
    assert "24/23 8/6" not in with_8_6


def test_vfevga_six_block_elsewhere_before_a_stack_is_allowed() -> None:
    """V-FEVGA: with O's 15 on his head, a six-block on my 10..5 (not directly ahead
    of the stack) is allowed; long nardy forbids it (nobody passed)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   .  X8
    #   O15   .  X1  X1  X1  X2 |  X1   .   .   .  X1   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = _before_the_stack({24: 8, 10: 1, 9: 1, 8: 1, 7: 2, 6: 1, 2: 1})
    assert {"24/23 7/5", "7/5 2/1"} <= texts(legal_plays(FEVGA, pos, (2, 1)))
    assert not {"24/23 7/5", "7/5 2/1"} & texts(legal_plays(LONG, pos, (2, 1)))


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_vfevga_existing_block_ahead_of_a_stack_must_be_broken(dice: tuple[int, int]) -> None:
    """V-FEVGA: I hold my 11..6 while O has all 15 on his head just behind it: every
    legal play breaks the block (the rule is judged at the end of the roll)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   .  X9
    #   O15  X1  X1  X1  X1  X1 |  X1   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = _before_the_stack({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1})
    plays = legal_plays(FEVGA, pos, dice)
    assert plays, dice
    for play in plays:
        assert not all(mover_after(play)[p] for p in range(6, 12)), str(play)


def test_vfevga_blocks_are_judged_at_the_end_of_the_roll() -> None:
    """V-FEVGA: 20/17 with 2-1 must pass through 19 (18 is O's), where for a moment
    all of 19–24 are held: legal, the block rule is judged at the end of the roll;
    with ``block_check="every-move"`` it is not."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    X1   .   .   .   .  O1 |   .  X2  X1  X1  X1  X9
    #   O14   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    pos = board(FEVGA, {24: 9, 23: 1, 22: 1, 21: 1, 20: 2, 13: 1}, {24: 14, 6: 1})
    assert "20/17" in texts(legal_plays(FEVGA, pos, (2, 1)))
    every_move = FEVGA.with_options(block_check="every-move")
    assert "20/17" not in texts(legal_plays(every_move, pos, (2, 1)))


# -- V-GIUL -------------------------------------------------------------------------


def test_vgiul_runner_rule_inside_the_sequence_and_skipped_double() -> None:
    """V-GIUL: all 15 on the head, 4-4 cannot be started (24/20 is O's) and is skipped
    without passing; 5-5 moves the runner 24/4 (past O's head; 24/9 24/19, a second
    checker leaving once the runner has passed, is legal too), so in 6-6 any number
    leave the head: 24/18(4). Then O rolls, nothing passed."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .  O1   .   .   . X15
    #   O13  O1   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    game = Game(GIUL, position=board(GIUL, {24: 15}, {24: 13, 23: 1, 8: 1}))
    game.roll(4, 4)
    assert game.segment is not None and game.segment.dice == (5,) * 4
    assert texts(game.legal_plays()) == {"24/4", "24/9 24/19"}
    game.play("24/4")
    assert texts(game.legal_plays()) == {"24/18(4)"}
    game.play("24/18(4)")
    assert game.phase == "roll" and game.turn == "black"
    assert turn_log(game)[0] == ("white", (4,) * 4, "-") and len(game.turns) == 3


def test_vgiul_unplayed_moves_pass_and_sequence_stops_at_home() -> None:
    """V-GIUL: 3-3 plays only 13/10 (10/7 is O's, nothing moves from 1); in 4-4 the
    checker enters (10/6), moves inside the home (6/2) and bears off (2/off 1/off);
    all are home, so the sequence stops. The three unplayed 3s pass to O, whose
    runner (on his 19, above white's head) may use one: 19/16 (16/13 is white's)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    X1   .   .   .   .   . |   .   .   .   .   .   .
    #   O14   .   .   .   .  O1 |   .   .   .   .   . X14
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    game = Game(GIUL, position=board(GIUL, {13: 1, 1: 14}, {24: 14, 19: 1}))
    game.roll(3, 3)
    assert texts(game.legal_plays()) == {"13/10"}
    game.play("13/10")
    seg = game.segment
    assert seg is not None and (seg.kind, seg.dice) == ("sequence", (4,) * 4)
    assert "10/off 1/off" in texts(game.legal_plays())
    game.play("10/off 1/off")
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (3,) * 3)
    assert texts(game.legal_plays()) == {"19/16"}
    game.play("19/16")
    assert game.phase == "roll" and game.turn == "black"


def test_vgiul_home_moves_and_bear_off_as_in_long_nardy() -> None:
    """V-GIUL: moves inside the home are allowed (with a checker outside and with all
    home) and bearing off follows G-10 (6-5 with three on 5: two off)."""
    outside = board(GIUL, {9: 1, 6: 14}, {24: 15})
    assert {"6/3", "6/5 6/4"} <= texts(legal_plays(GIUL, outside, (2, 1)))
    home = board(GIUL, {6: 14, 5: 1}, {24: 15})
    assert texts(legal_plays(GIUL, home, (2, 1))) == texts(legal_plays(LONG, home, (2, 1)))
    assert texts(legal_plays(GIUL, board(GIUL, {5: 3}, {12: 15}), (6, 5))) == {"5/off(2)"}


def test_vgiul_runner_passing_inside_a_sequence_double_opens_the_head() -> None:
    """V-GIUL + G-8: first roll 3-3 plays 24/15 (15/12 is O's head); in the 4-4 that
    follows, 15/11 passes O's head, so the other 4s may take checkers off the head:
    24/20(3) 15/11 is one play, and every legal play uses all four 4s."""
    game = Game(GIUL)
    game.opening(3, 1)
    game.roll(3, 3)
    assert texts(game.legal_plays()) == {"24/15"}
    game.play("24/15")
    seg = game.segment
    assert seg is not None and seg.dice == (4,) * 4
    plays = game.legal_plays()
    assert "24/20(3) 15/11" in texts(plays)
    assert all(len(p.moves) == 4 for p in plays)


# -- V-NG ---------------------------------------------------------------------------


def _built_and_broken() -> Position:
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .  X1  X1   .  X1  X1 |  X1  O1  X1   .   .  X9
    #   O14   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    return board(NARDGAMMON, {24: 9, 21: 1, 19: 1, 18: 1, 17: 1, 15: 1, 14: 1}, {8: 1, 24: 14})


def test_vng_block_built_and_broken_in_one_turn_is_refused_in_a_game() -> None:
    """V-NG: 5-1 played 21/16/15 makes the six-block 19..14 on the way (21/20/15 is
    blocked by O on 20) and breaks it: a nardgammon game refuses it, a long nardy
    game accepts it (block_check end-of-turn)."""
    ng = Game(NARDGAMMON, position=_built_and_broken())
    ng.roll(5, 1)
    with pytest.raises(IllegalMoveError):
        ng.play("21/16/15")
    assert ng.phase == "move" and len(ng.records) == 2  # nothing recorded
    pos = _built_and_broken()
    assert after(NARDGAMMON, pos, "21/15") not in result_keys(ng.legal_plays())
    classic = Game(LONG, position=_built_and_broken())
    classic.roll(5, 1)
    assert str(classic.play("21/16/15")) == "21/15"


def test_vng_step_by_step_cannot_make_the_block() -> None:
    """V-NG: step by step, 21/16 (the move that makes the block) is not offered in
    nardgammon; in long nardy it is, as a step towards 21/16/15."""
    ng = Game(NARDGAMMON, position=_built_and_broken())
    ng.roll(5, 1)
    with pytest.raises(IllegalMoveError):
        ng.move(21, 16)
    classic = Game(LONG, position=_built_and_broken())
    classic.roll(5, 1)
    classic.move(21, 16)
    classic.move(16, 15)
    assert classic.turn_complete


def test_vng_keeps_the_classic_turn() -> None:
    """V-NG changes only the block check: no doubles sequence, no re-roll, nothing
    passed (6-6 from a full head: 24/18, the rest is lost, then O rolls)."""
    assert NARDGAMMON.block_check == "every-move" and NARDGAMMON.head_limit == 1
    assert not (NARDGAMMON.doubles_sequence or NARDGAMMON.reroll_on_full_double)
    assert not NARDGAMMON.pass_unplayed and NARDGAMMON.block_rule == "classic"
    game = Game(NARDGAMMON, position=NARDGAMMON.start_position(first_turns=False))
    game.roll(6, 6)
    assert texts(game.legal_plays()) == {"24/18"}
    game.play("24/18")
    assert game.phase == "roll" and game.turn == "black" and len(game.turns) == 1
