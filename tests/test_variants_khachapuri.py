"""RULES.md §5 V-KHACH: khachapuri (Хачапури, Tbilisi nardy), driven through ``Game``
and ``legal_plays``.

Gulbara (V-GUL: another roll after a double fully played, unplayable moves of a double
pass to the opponent) from a start of 11 checkers on point 6 and 4 on the head (24),
any number of checkers may leave the head per turn, scored per checker not borne off
(C-2 ``per-checker``).

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side (shown where its checkers stand in X's numbering; its head,
its point 24, is X's point 12); ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import ALL_ROLLS, board, texts

from nardy.game import Game, ReplayError
from nardy.plays import Play, legal_plays
from nardy.position import CHECKERS, OFF
from nardy.variants import find_variant

pytestmark = pytest.mark.usefixtures("generator")

KHACH = find_variant("khachapuri")
LONG = find_variant("long")

#    13  14  15  16  17  18 |  19  20  21  22  23  24
#     .   .   .   .   . O11 |   .   .   .   .   .  X4
#    O4   .   .   .   .   . | X11   .   .   .   .   .
#    12  11  10   9   8   7 |   6   5   4   3   2   1
#  bar X0 O0  off X0 O0
START = KHACH.start_position()


def turn_log(game: Game) -> list[tuple[str, tuple[int, ...], str]]:
    """Every finished segment of the game: (owner, dice, play text; ``-`` for none)."""
    return [(t.color, t.dice, str(t.play)) for t in game.turns]


def head_moves(play: Play) -> int:
    return sum(m.frm == 24 for m in play.moves)


def first_play(game: Game) -> Play:
    """The legal play of the current segment that sorts first by its text."""
    return min(game.legal_plays(), key=str)


def test_vkhach_variant_is_registered_with_its_rules() -> None:
    """V-KHACH: ``khachapuri`` (``хачапури``, ``tbilisi``) has gulbara's turn shape,
    no head limit and per-checker scoring."""
    for name in ("khachapuri", "хачапури", "tbilisi", "тбилисские нарды"):
        assert find_variant(name) is KHACH
    assert KHACH.family == "long" and KHACH.head_limit == 0
    assert KHACH.reroll_on_full_double and KHACH.pass_unplayed
    assert KHACH.unstartable_double_passes and not KHACH.doubles_sequence
    assert KHACH.scoring == "per-checker"


def test_vkhach_start_eleven_on_six_and_four_on_the_head() -> None:
    """V-KHACH: each side starts with 11 checkers on its point 6 and 4 on its head
    (point 24), in its own numbering; O's 6 is X's 18 and O's head X's 12."""
    for side in (START.mine, START.theirs):
        assert side[6] == 11 and side[24] == 4 and sum(side) == CHECKERS
    KHACH.validate(START)
    assert KHACH.mapping[6] == 18 and KHACH.mapping[24] == 12
    game = Game(KHACH)
    game.opening(4, 2)
    assert game.position.mine == START.mine and game.turn == "white"


def test_vkhach_any_number_leaves_the_head() -> None:
    """V-KHACH: any number of checkers may leave the head in one turn: 1-1 at the
    start can take all four off (24/23(4)); long nardy's rules in the same position
    take at most two (L-HEAD-2 first turn)."""
    plays = legal_plays(KHACH, START, (1, 1))
    assert "24/23(4)" in texts(plays)
    assert max(head_moves(p) for p in plays) == 4
    assert max(head_moves(p) for p in legal_plays(LONG, START, (1, 1))) <= 2


def test_vkhach_two_head_checkers_on_a_plain_roll_after_the_first_turn() -> None:
    """V-KHACH: later in the game too: 5-3 may move two checkers off the head
    (24/19 24/21), which L-HEAD-1 forbids in long nardy."""
    pos = START.with_flags(False, False)
    assert "24/21 24/19" in texts(legal_plays(KHACH, pos, (5, 3)))
    assert all(head_moves(p) <= 1 for p in legal_plays(LONG, pos, (5, 3)))


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_vkhach_no_bearing_off_from_the_start(dice: tuple[int, int]) -> None:
    """V-KHACH with G-10: eleven checkers start at home, but four are on the head, so
    no roll bears anything off on the first turn."""
    for play in legal_plays(KHACH, START, dice):
        assert not any(m.to == OFF for m in play.moves), str(play)


def test_vkhach_six_six_at_the_start_passes_and_is_lost() -> None:
    """V-KHACH (gulbara turn): 6-6 at the start cannot be played (24/18 is O's 6,
    and 6/off waits for the head checkers); the four 6s pass to O, who cannot play
    them either; then O rolls his own turn."""
    game = Game(KHACH)
    game.opening(5, 3)
    game.roll(6, 6)
    assert game.phase == "roll" and game.turn == "black"
    assert turn_log(game) == [("white", (6,) * 4, "-"), ("black", (6,) * 4, "-")]


def test_vkhach_full_double_rolls_again() -> None:
    """V-KHACH (gulbara turn): 5-5 at the start is fully played (24/19(4) is one way),
    so white rolls again."""
    game = Game(KHACH)
    game.opening(5, 3)
    game.roll(5, 5)
    assert "24/19(4)" in texts(game.legal_plays())
    game.play("24/19(4)")
    assert game.phase == "roll" and game.turn == "white"


def test_vkhach_unplayed_moves_of_a_double_pass() -> None:
    """V-KHACH (gulbara turn): one checker left on the head, the rest on 1: with 3-3
    it plays 24/21 (21/18 is O's 6; nothing moves from 1 and nothing is borne off
    while a checker is out), so three 3s pass to O, who plays them; then O rolls."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   . O11 |   .   .   .   .   .  X1
    #    O4   .   .   .   .   . |   .   .   .   .   . X14
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    game = Game(KHACH, position=board(KHACH, {24: 1, 1: 14}, {24: 4, 6: 11}))
    game.roll(3, 3)
    assert texts(game.legal_plays()) == {"24/21"}
    game.play("24/21")
    seg = game.segment
    assert seg is not None and (seg.owner, seg.kind, seg.dice) == ("black", "passed", (3,) * 3)
    plays = game.legal_plays()
    assert all(len(p.moves) == 3 for p in plays)
    assert "24/21(3)" in texts(plays)  # three head checkers at once
    game.play("24/21(3)")
    assert game.phase == "roll" and game.turn == "black"


@pytest.mark.parametrize(
    ("options", "theirs", "kind", "points"),
    [
        ({}, {24: 4, 6: 5}, "oin", 9),
        ({}, {24: 4, 6: 11}, "oin", 15),
        ({"per_checker_multipliers": "standard"}, {24: 4, 6: 5}, "oin", 9),
        ({"per_checker_multipliers": "standard"}, {24: 4, 6: 11}, "mars", 30),
    ],
    ids=["nine-left", "none-off", "standard-oin", "standard-mars"],
)
def test_vkhach_scored_per_checker_not_borne_off(
    options: dict, theirs: dict[int, int], kind: str, points: int
) -> None:
    """V-KHACH with C-2 ``per-checker``: the loser pays one point per checker not
    borne off (nine left: 9; none off: 15); ``per_checker_multipliers="standard"``
    doubles it for a mars (L-3: none borne off)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .  O5 |   .   .   .   .   .   .      (O5 or O11 on 18)
    #    O4   .   .   .   .   . |   .   .   .   .   .  X1
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X14 O6
    game = Game(KHACH.with_options(**options), position=board(KHACH, {1: 1}, theirs))
    game.roll(1, 1)
    game.play("1/off")
    assert game.phase == "over" and game.outcome is not None
    outcome = game.outcome
    assert (outcome.winner, outcome.kind, outcome.points) == ("white", kind, points)


def test_vkhach_record_replays_and_tampering_is_named() -> None:
    """A khachapuri game record with a re-roll and passed moves replays to the same
    game; a play changed to ``-`` (nothing) fails at exactly that record."""
    game = Game(KHACH)
    game.opening(5, 3)
    for dice in [(6, 6), (5, 5), (2, 1), (4, 4), (6, 3)]:
        assert game.phase == "roll"
        game.roll(*dice)
        while game.phase == "move":
            game.play(first_play(game))
    segments = [(color, dice) for color, dice, _ in turn_log(game)]
    assert ("black", (6,) * 4) in segments  # white's 6s, passed
    i = segments.index(("black", (5,) * 4))
    assert segments[i + 1] == ("black", (2, 1))  # black's re-roll
    again = Game.replay(game.records)
    assert again.position == game.position and again.phase == game.phase
    assert turn_log(again) == turn_log(game) and again.records == game.records
    index = next(i for i, r in enumerate(game.records) if r.get("dice") == [2, 1]) + 1
    records = [dict(r) for r in game.records]
    assert records[index]["type"] == "play"
    records[index]["play"] = "-"  # nothing, while the roll can be played
    with pytest.raises(ReplayError) as err:
        Game.replay(records)
    assert err.value.index == index
