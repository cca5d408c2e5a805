"""RULES.md §5 V-GUL (gulbara, Гюльбар) and V-CGUL (crazy gulbara, Бешеный гюльбар),
driven through ``Game`` and ``legal_plays``.

V-GUL: a double fully played earns another roll; moves of a double the player cannot
make are played by the opponent (after the roller's turn, double by double, under the
maximum-dice rule; then the opponent rolls as usual).
V-CGUL: the crazy sequence of doubles, every unplayable move (even a whole double that
cannot be started) passes; moving inside the home is allowed until the last checker
has entered it; entering the last checker on a double's last move earns one more
double (RULES.md: "bearing off four from point 3 after 2-2"); option
``crazy_moves_per_double`` 4 | 2.

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side (shown where its checkers stand in X's numbering; its head,
its point 24, is X's point 12); ``bar``/``off`` counts follow.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from helpers_boards import board, texts

from nardy.dice import FixedDice
from nardy.errors import IllegalMoveError
from nardy.game import Game, ReplayError
from nardy.movegen import segment_candidates
from nardy.plays import Move, Play, legal_plays
from nardy.position import Position
from nardy.variants import OptionError, OptionNotTakenError, Variant, find_variant

pytestmark = pytest.mark.usefixtures("generator")

GULBARA = find_variant("gulbara")
CGUL = find_variant("crazy-gulbara")
CGUL2 = CGUL.with_options(crazy_moves_per_double=2)
LONG = find_variant("long")


def turn_log(game: Game) -> list[tuple[str, tuple[int, ...], str]]:
    """Every finished segment of the game: (owner, dice, play text; ``-`` for none)."""
    return [(t.color, t.dice, str(t.play)) for t in game.turns]


def first_play(game: Game) -> Play:
    """The legal play of the current segment that sorts first by its text."""
    return min(game.legal_plays(), key=str)


def drive(game: Game, rolls: Iterable[tuple[int, int]]) -> list[tuple[int, str, str]]:
    """Roll the given dice in turn, playing every segment with ``first_play``;
    returns (record index, segment kind, owner) of every play record made."""
    made = []
    for dice in rolls:
        assert game.phase == "roll", game.phase
        game.roll(*dice)
        while game.phase == "move":
            seg = game.segment
            assert seg is not None
            made.append((len(game.records), seg.kind, seg.owner))
            game.play(first_play(game))
    return made


def head_moves(play: Play) -> int:
    return sum(m.frm == 24 for m in play.moves)


def _stuck_on_fours(variant: Variant) -> Position:
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .  O1   .   .   . X15
    #   O13  O1   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    # X moves one checker off the head per roll. 3s: 24/21/18/15, then 15/12 is O's
    # head; 4s: 24/20 and 15/11 are blocked.
    return board(variant, {24: 15}, {24: 13, 23: 1, 8: 1})


# -- V-GUL: another roll after a double fully played --------------------------------


def test_vgul_variant_is_registered_with_its_rules() -> None:
    """V-GUL: ``gulbara`` (also ``гюльбар``) re-rolls after a full double and passes
    unplayed moves, even of a double that cannot be started; no doubles sequence."""
    assert find_variant("гюльбар") is GULBARA
    assert GULBARA.reroll_on_full_double and GULBARA.pass_unplayed
    assert GULBARA.unstartable_double_passes and not GULBARA.doubles_sequence
    assert GULBARA.head_limit == 1 and GULBARA.start_position() == LONG.start_position()


def test_vgul_full_double_earns_another_roll() -> None:
    """V-GUL: 2-2 fully played (24/16) gives the same player another roll, which is
    a new roll: one more checker may leave the head (each roll has its own L-HEAD-1
    allowance, no play takes two); a roll that is not a double ends the turn."""
    game = Game(GULBARA, position=GULBARA.start_position(first_turns=False))
    game.roll(2, 2)
    assert texts(game.legal_plays()) == {"24/16"}
    game.play("24/16")
    assert game.phase == "roll" and game.turn == "white"
    assert game.why_no_double() is not None  # the turn is not over: no cube action
    game.roll(1, 1)
    plays = game.legal_plays()
    # 16/12 is O's head; the new roll may take one (only one) more checker off the head
    assert texts(plays) == {"24/20", "24/21 16/15", "24/22 16/14", "24/23 16/13"}
    assert all(head_moves(p) == 1 for p in plays)
    game.play("24/21 16/15")
    assert game.phase == "roll" and game.turn == "white"
    game.roll(5, 3)
    game.play(first_play(game))
    assert game.phase == "roll" and game.turn == "black"
    assert [r["type"] for r in game.records[1:]] == ["roll", "play"] * 3


def test_vgul_no_sequence_of_doubles() -> None:
    """V-GUL is not crazy: after 2-2 comes another roll, not 3-3."""
    game = Game(GULBARA, position=GULBARA.start_position(first_turns=False))
    game.roll(2, 2)
    game.play("24/16")
    assert game.phase == "roll" and game.segment is None


def test_vgul_unplayed_moves_of_a_double_pass_to_the_opponent() -> None:
    """V-GUL: with 3-3 only 24/15 can be played (15/12 is O's head); the fourth 3 is
    played by O, after which O rolls as usual. A double not fully played earns no
    second roll."""
    game = Game(GULBARA, position=_stuck_on_fours(GULBARA))
    game.roll(3, 3)
    game.play("24/15")
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (3,))
    assert game.turn == "black"
    # black's 3s in his numbering: 24/21, 23/20, 8/5 are all open
    assert texts(game.legal_plays()) == {"24/21", "23/20", "8/5"}
    game.play("8/5")
    assert game.phase == "roll" and game.turn == "black"
    assert turn_log(game) == [("white", (3, 3, 3, 3), "24/15"), ("black", (3,), "8/5")]
    # each finished turn keeps what it was (the game page marks passed moves)
    assert [t.kind for t in game.turns] == ["roll", "passed"]


def test_vgul_a_double_that_cannot_be_started_passes_whole() -> None:
    """V-GUL: a double the player cannot even start passes whole: 4-4 (24/20 blocked)
    gives O four 4s, which he must play all (maximum-dice rule)."""
    game = Game(GULBARA, position=_stuck_on_fours(GULBARA))
    game.roll(4, 4)
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (4,) * 4)
    plays = game.legal_plays()
    assert plays and all(len(p.moves) == 4 for p in plays)
    assert all(head_moves(p) <= 1 for p in plays)
    game.play(first_play(game))
    assert game.phase == "roll" and game.turn == "black"
    assert turn_log(game)[0] == ("white", (4, 4, 4, 4), "-")


def test_vgul_only_moves_of_doubles_pass() -> None:
    """V-GUL: the unplayable number of a roll that is not a double does not pass:
    with 6-5 only 24/19 can be played (24/18 and 19/13 are blocked), and then O
    simply rolls."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    O1   .   .   .   .  O1 |   .   .   .   .   . X15
    #   O13   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    game = Game(GULBARA, position=board(GULBARA, {24: 15}, {24: 13, 6: 1, 1: 1}))
    game.roll(6, 5)
    assert texts(game.legal_plays()) == {"24/19"}
    game.play("24/19")
    assert game.phase == "roll" and game.turn == "black"
    assert len(game.turns) == 1


def test_vgul_passed_moves_follow_the_maximum_dice_rule() -> None:
    """V-GUL + G-8: 6-6 from a full head (not the first turn): 24/18, then 18/12 is
    O's head, so three 6s pass. O can use only one of them (24/18, his one head
    checker; 18/12 is X's head): the passed moves' plays all use one, the other two
    are lost and O rolls."""
    game = Game(GULBARA, position=GULBARA.start_position(first_turns=False))
    game.roll(6, 6)
    assert texts(game.legal_plays()) == {"24/18"}
    game.play("24/18")
    seg = game.segment
    assert seg is not None and seg.owner == "black" and seg.dice == (6, 6, 6)
    assert texts(game.legal_plays()) == {"24/18"}
    game.play("24/18")
    assert game.phase == "roll" and game.turn == "black"


def test_vgul_passed_moves_nobody_can_play_are_lost() -> None:
    """V-GUL: 6-6 with X's checker on 6: 24/18 only; the three other 6s pass, but O's
    only 6 (24/18) lands on X's checker on 6, so they are lost and O rolls."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . X14
    #   O15   .   .   .   .   . |  X1   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    game = Game(GULBARA, position=board(GULBARA, {24: 14, 6: 1}, {24: 15}))
    game.roll(6, 6)
    game.play("24/18")
    assert game.phase == "roll" and game.turn == "black"
    assert turn_log(game) == [("white", (6,) * 4, "24/18"), ("black", (6,) * 3, "-")]
    assert [r["type"] for r in game.records[1:]] == ["roll", "play"]


def test_vgul_passed_moves_can_win_the_game_for_the_opponent() -> None:
    """V-GUL: O bears off his last two checkers with fives X passed to him: X plays
    24/19 (19/14 is O's checker), O takes two of the three 5s and wins (X has borne
    off none: mars, L-3)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    O1  O1   .   .   .   . |   .   .   .   .   . X15
    #     .   .   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O13
    game = Game(GULBARA, position=board(GULBARA, {24: 15}, {1: 1, 2: 1}))
    game.roll(5, 5)
    game.play("24/19")
    assert game.segment is not None and game.segment.dice == (5, 5, 5)
    assert texts(game.legal_plays()) == {"2/off 1/off"}
    game.play("2/off 1/off")
    assert game.phase == "over"
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == ("black", "mars", 2)


def test_vgul_step_by_step_inside_passed_moves() -> None:
    """G-12 inside V-GUL's passed moves: O plays the four 4s X could not start move by
    move: legal steps, a hop over three 4s, undo of one hop, confirm."""
    game = Game(GULBARA, position=_stuck_on_fours(GULBARA))
    game.roll(4, 4)
    assert game.turn == "black" and game.segment is not None
    # black's numbering: his head 24, his 23 and 8; 24/20, 23/19 and 8/4 are open
    assert game.legal_steps() == [Move(24, 20), Move(23, 19), Move(8, 4)]
    assert game.move(23, 11) == Move(23, 11)  # 23/19/15/11
    assert len(game.pending) == 3
    assert game.undo() == Move(15, 11)
    assert game.pending_position.mine[15] == 1
    assert not game.turn_complete
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.confirm()
    game.move(15, 7)
    assert game.turn_complete
    assert str(game.confirm()) == "23/7"
    assert game.phase == "roll" and game.turn == "black"


def test_vgul_passed_segment_through_segment_candidates() -> None:
    """V-GUL: the passed moves are a segment of their own dice: ``segment_candidates``
    and ``legal_plays`` of (6, 6, 6) for O after X's 24/18 (see the maximum-dice test)
    agree with the game, each candidate using one die; a list of dice other than a
    roll is taken as given (three 6s, not a double's four)."""
    game = Game(GULBARA, position=GULBARA.start_position(first_turns=False))
    game.roll(6, 6)
    game.play("24/18")
    pos = game.position
    assert pos.turn == "black"
    cands = segment_candidates(GULBARA, pos, (6, 6, 6))
    assert [c.dice for c in cands] == [(6,)]
    assert texts(legal_plays(GULBARA, pos, (6, 6, 6))) == texts(game.legal_plays())
    assert game.legal_plays().dice_text == "6-6-6"


def test_vgul_game_with_scripted_dice() -> None:
    """V-GUL with a ``FixedDice`` source: the opening toss (5-3), 2-2 (24/22/20/18/16 on
    the first turn), the re-roll 6-5, then black's roll — all dice from the script."""
    game = Game(GULBARA, dice=FixedDice([5, 3, 2, 2, 6, 5, 4, 1]))
    game.opening()
    assert game.turn == "white" and game.phase == "roll"
    assert game.roll() == (2, 2)
    game.play(first_play(game))
    assert game.phase == "roll" and game.turn == "white"
    assert game.roll() == (6, 5)
    game.play(first_play(game))
    assert game.turn == "black" and game.roll() == (4, 1)
    assert [r.get("dice") for r in game.records if r["type"] == "roll"] == [
        [2, 2], [6, 5], [4, 1],
    ]  # fmt: skip
    game.play(first_play(game))
    with pytest.raises(IndexError, match="exhausted"):
        game.roll()


# -- L-HEAD-2 and moves passed before the opponent's first turn -------------------


def test_vgul_passed_moves_before_first_turn_take_one_head_checker() -> None:
    """V-GUL with L-HEAD-1/L-HEAD-2: white's first roll 6-6 plays 24/18(2) (the first-
    turn exception) and passes two 6s. Black plays them before his own first turn, as
    a segment with its own head allowance of one checker: 24/18 (18/12 is white's
    head), the other 6 is lost. The L-HEAD-2 exception is for a side's first *turn*
    (roll); passed moves are not one."""
    game = Game(GULBARA)
    game.opening(5, 3)
    game.roll(6, 6)
    assert texts(game.legal_plays()) == {"24/18(2)"}
    game.play("24/18(2)")
    seg = game.segment
    assert seg is not None and seg.owner == "black" and seg.dice == (6, 6)
    assert texts(game.legal_plays()) == {"24/18"}


def test_vgul_passed_moves_do_not_use_up_the_first_turn_exception() -> None:
    """V-GUL with L-HEAD-2: after playing moves passed to him, black's first own roll
    is still his first turn: 6-6 (one checker stops at 18, 18/12 is white's head)
    lets a second checker leave the head, as it does for white."""
    game = Game(GULBARA)
    game.opening(5, 3)
    game.roll(6, 6)
    game.play("24/18(2)")
    game.play(first_play(game))  # black's passed 6s
    assert game.phase == "roll" and game.turn == "black"
    game.roll(6, 6)
    assert "24/18(2)" in texts(game.legal_plays())


# -- V-CGUL: the sequence, passing, home moves, the extra double --------------------


def test_vcgul_variant_is_registered_with_its_rules() -> None:
    """V-CGUL: ``crazy-gulbara`` (``бешеный гюльбар``) plays the sequence, passes
    every unplayed move, allows home moves until all are home, no exact bear-off."""
    assert find_variant("бешеный гюльбар") is CGUL
    assert CGUL.doubles_sequence and CGUL.pass_unplayed and CGUL.unstartable_double_passes
    assert CGUL.sequence_stops_home and CGUL.extra_double_on_entry
    assert CGUL.home_moves == "until-all-home" and not CGUL.exact_bearoff
    assert not CGUL.reroll_on_full_double and CGUL.crazy_moves_per_double == 4


@pytest.mark.parametrize(
    ("variant", "moves"), [(CGUL, 4), (CGUL2, 2)], ids=["four-moves", "two-moves"]
)
def test_vcgul_sequence_of_doubles(variant: Variant, moves: int) -> None:
    """V-CGUL: 4-4 is followed by 5-5 and 6-6; each double is four moves, or with
    ``crazy_moves_per_double=2`` two moves — the rolled one included (RULES.md:
    4-4 → 4, 4, 5, 5, 6, 6)."""
    game = Game(variant, position=variant.start_position(first_turns=False))
    game.roll(4, 4)
    seen = []
    while game.phase == "move" and game.turn == "white":
        seg = game.segment
        assert seg is not None
        seen.append((seg.kind, seg.dice))
        game.play(first_play(game))
    assert seen == [("roll", (4,) * moves), ("sequence", (5,) * moves), ("sequence", (6,) * moves)]


def test_vcgul_option_crazy_moves_per_double() -> None:
    """V-CGUL: ``crazy_moves_per_double`` takes 4 (default) or 2, and belongs to
    crazy-gulbara alone: gulbara (no doubles sequence) and short nardy refuse it."""
    assert CGUL.options()["crazy_moves_per_double"] == 4
    with pytest.raises(OptionError, match="crazy_moves_per_double"):
        CGUL.with_options(crazy_moves_per_double=3)
    with pytest.raises(OptionNotTakenError, match="means nothing in short"):
        find_variant("short").with_options(crazy_moves_per_double=2)
    with pytest.raises(OptionNotTakenError, match="means nothing in gulbara"):
        GULBARA.with_options(crazy_moves_per_double=2)


def test_vcgul_every_unplayed_move_passes_double_by_double() -> None:
    """V-CGUL: 4-4 cannot be started (it passes whole), 5-5 is played (24/4), of 6-6
    only 24/18 (the other three pass). Black then plays the passed moves double by
    double in the order they passed — four 4s, then three 6s — and rolls."""
    game = Game(CGUL, position=_stuck_on_fours(CGUL))
    game.roll(4, 4)
    assert game.segment is not None and game.segment.dice == (5,) * 4
    assert texts(game.legal_plays()) == {"24/4"}
    game.play("24/4")
    assert texts(game.legal_plays()) == {"24/18"}
    game.play("24/18")
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (4,) * 4)
    # black's 4s: 24/20/16 (16 is white's checker on 4), 23/19/15/11/7, 8/4 ...
    assert all(len(p.moves) == 4 for p in game.legal_plays())
    game.play(first_play(game))
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (6,) * 3)
    game.play(first_play(game))
    assert game.phase == "roll" and game.turn == "black"
    dice = [d for _, d, _ in turn_log(game)]
    assert dice == [(4,) * 4, (5,) * 4, (6,) * 4, (4,) * 4, (6,) * 3]


def test_vcgul_passed_moves_start_no_sequence_for_the_opponent() -> None:
    """V-CGUL: four 4s passed to O and all played are not a double of his: no 5-5
    follows for him, he rolls."""
    game = Game(CGUL, position=_stuck_on_fours(CGUL))
    game.roll(4, 4)
    game.play("24/4")
    game.play("24/18")
    game.play(first_play(game))  # black's four 4s
    assert game.segment is not None and game.segment.dice == (6, 6, 6)
    game.play(first_play(game))
    assert game.phase == "roll" and game.turn == "black"


def test_vcgul_home_moves_allowed_until_all_are_home() -> None:
    """V-CGUL: with a checker still on 9, 2-1 may be played inside the home (6/4 6/5,
    6/3); once all are home it may not, and 2-1 with no checker on 2 or 1 cannot
    be played at all (long nardy plays 6/4 5/4 and the like)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   .   .
    #   O15   .   .  X1   .   . | X14   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    outside = board(CGUL, {9: 1, 6: 14}, {24: 15})
    assert texts(legal_plays(CGUL, outside, (2, 1))) == {
        "6/3", "6/5 6/4", "9/6", "9/7 6/5", "9/8 6/4",
    }  # fmt: skip
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #   O15   .   .   .   .   . | X14  X1   .   .   .   .
    home = board(CGUL, {6: 14, 5: 1}, {24: 15})
    assert legal_plays(CGUL, home, (2, 1)).must_pass
    assert "6/4 5/4" in texts(legal_plays(LONG, home, (2, 1)))


def test_vcgul_bear_off_by_the_higher_point_rule_but_no_home_moves() -> None:
    """V-CGUL bears off by G-10 (a 6 takes the checker from 5, the highest point),
    but once all are home the 1 cannot be played inside the home (5/4) and no checker
    stands on 1: 6-1 plays 5/off only. Long nardy plays both dice; crazy (exact bear-
    off, no home moves) neither."""
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #   O15   .   .   .   .   . |   .  X2 X13   .   .   .
    pos = board(CGUL, {5: 2, 4: 13}, {24: 15})
    assert texts(legal_plays(CGUL, pos, (6, 1))) == {"5/off"}
    assert texts(legal_plays(LONG, pos, (6, 1))) == {"5/4 5/off", "5/off 4/3"}
    assert legal_plays(find_variant("crazy"), pos, (6, 1)).must_pass


@pytest.mark.parametrize(
    ("variant", "entry", "extra"),
    [(CGUL, "13/5", "3/off(4)"), (CGUL2, "9/5", "3/off(2)")],
    ids=["four-moves", "two-moves"],
)
def test_vcgul_last_checker_entering_on_the_last_move_earns_the_next_double(
    variant: Variant, entry: str, extra: str
) -> None:
    """V-CGUL, RULES.md's example: the last checker enters the home on the last 2 of
    2-2, so 3-3 is played — bearing off four from point 3 — and then the sequence
    stops (no 4-4). With ``crazy_moves_per_double=2`` the doubles are two moves:
    9/5 enters on the second 2 and two checkers are borne off from 3."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    X1   .   .   .   .   . |   .   .   .   .   .   .      (9 with two moves)
    #   O15   .   .   .   .   . |   .   .   .  X4   . X10
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    runner = int(entry.split("/")[0])
    game = Game(variant, position=board(variant, {runner: 1, 3: 4, 1: 10}, {24: 15}))
    game.roll(2, 2)
    assert entry in texts(game.legal_plays())
    game.play(entry)
    seg = game.segment
    assert seg is not None and seg.owner == "white" and seg.dice[0] == 3 and seg.last
    assert texts(game.legal_plays()) == {extra}
    game.play(extra)
    assert game.phase == "roll" and game.turn == "black"
    assert [d[0] for _, d, _ in turn_log(game)] == [2, 3]


def test_vcgul_sequence_goes_on_while_a_checker_is_outside() -> None:
    """V-CGUL: in the same position, a 2-2 that leaves the checker outside (13/11 and
    three home moves 3/1) is followed by an ordinary 3-3 of the sequence."""
    game = Game(CGUL, position=board(CGUL, {13: 1, 3: 4, 1: 10}, {24: 15}))
    game.roll(2, 2)
    game.play("13/11 3/1(3)")
    seg = game.segment
    assert seg is not None and seg.dice == (3,) * 4 and not seg.last


def test_vcgul_no_extra_double_when_the_entry_is_not_the_last_move() -> None:
    """V-CGUL: 9/5 enters on the second 2 and the other two bear off from 2: the
    sequence stops after this double, with no extra 3-3."""
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #   O15   .   .  X1   .   . |   .   .   .   .  X14  .
    game = Game(CGUL, position=board(CGUL, {9: 1, 2: 14}, {24: 15}))
    game.roll(2, 2)
    assert texts(game.legal_plays()) == {"9/5 2/off(2)"}
    game.play("9/5 2/off(2)")
    assert game.phase == "roll" and game.turn == "black"
    assert len(game.turns) == 1


def test_vcgul_home_moves_before_the_last_entry_count() -> None:
    """V-CGUL: moves inside the home are allowed *until* the last checker enters, so
    with 2-2 the play 3/1 3/1 3/1 then 7/5 uses all four 2s (the entry is the last
    move, and earns 3-3). 3/1(4) also uses four; 7/5 first would stop after one move
    (then 5/3 is inside a full home and 2/off needs a checker on 2)."""
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #   O15   .   .   .   .  X1 |   .   .   .  X4   . X10
    pos = board(CGUL, {7: 1, 3: 4, 1: 10}, {24: 15})
    assert texts(legal_plays(CGUL, pos, (2, 2))) == {"3/1(4)", "7/5 3/1(3)"}


# -- records -----------------------------------------------------------------------


@pytest.mark.parametrize("variant", [GULBARA, CGUL, CGUL2], ids=lambda v: v.name)
def test_record_with_passed_moves_replays_and_tampering_is_named(variant: Variant) -> None:
    """A gulbara / crazy-gulbara record with re-rolls, sequences and passed moves
    replays to the same game; a passed-moves play changed to ``-`` (nothing, while
    moves can be made) fails at exactly that record."""
    game = Game(variant, position=_stuck_on_fours(variant))
    made = drive(game, [(4, 4), (2, 1), (3, 3), (1, 1), (2, 2), (6, 5), (5, 5)])
    kinds = {kind for _, kind, _ in made}
    assert "passed" in kinds
    again = Game.replay(game.records)
    assert again.position == game.position and again.phase == game.phase
    assert turn_log(again) == turn_log(game) and again.records == game.records
    index = next(i for i, kind, _ in made if kind == "passed")
    records = [dict(r) for r in game.records]
    records[index]["play"] = "-"
    with pytest.raises(ReplayError) as err:
        Game.replay(records)
    assert err.value.index == index
    # a die out of range names its roll record
    roll = next(i for i, r in enumerate(game.records) if r["type"] == "roll" and i > index)
    records = [dict(r) for r in game.records]
    records[roll] = {"type": "roll", "dice": [7, 1]}
    with pytest.raises(ReplayError) as err:
        Game.replay(records)
    assert err.value.index == roll
