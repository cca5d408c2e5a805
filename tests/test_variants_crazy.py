"""RULES.md §5 V-CRAZY: crazy nardy (Бешеные), driven through ``Game`` and
``legal_plays``.

After a double the player plays it and then every higher double up to 6-6; a double
that cannot be started is skipped and does not pass; one checker may leave the head
for each double; bearing off only by the exact number; no moves inside the home; the
sequence stops once every checker is home.

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side (shown where its checkers stand in X's numbering; its head,
its point 24, is X's point 12); ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import pytest
from helpers_boards import ALL_ROLLS, board, texts

from nardy.errors import IllegalMoveError
from nardy.game import Game, ReplayError
from nardy.plays import Move, Play, legal_plays
from nardy.position import OFF, Position
from nardy.variants import find_variant

pytestmark = pytest.mark.usefixtures("generator")

CRAZY = find_variant("crazy")
LONG = find_variant("long")


def turn_log(game: Game) -> list[tuple[str, tuple[int, ...], str]]:
    """Every finished segment of the game: (owner, dice, play text; ``-`` for none)."""
    return [(t.color, t.dice, str(t.play)) for t in game.turns]


def first_play(game: Game) -> Play:
    """The legal play of the current segment that sorts first by its text."""
    return min(game.legal_plays(), key=str)


def play_turn(game: Game) -> None:
    """Play every segment of the current turn with ``first_play``."""
    while game.phase == "move":
        game.play(first_play(game))


def head_moves(play: Play) -> int:
    return sum(m.frm == 24 for m in play.moves)


# -- the sequence of doubles ------------------------------------------------------


def test_vcrazy_variant_is_registered_with_its_rules() -> None:
    """V-CRAZY: ``crazy`` (also found by its Russian name) plays the doubles sequence,
    bears off by the exact number, forbids moves inside the home, passes nothing."""
    assert find_variant("бешеные") is CRAZY and find_variant("Crazy") is CRAZY
    assert CRAZY.family == "long" and CRAZY.start_position() == LONG.start_position()
    assert CRAZY.doubles_sequence and CRAZY.sequence_stops_home and CRAZY.exact_bearoff
    assert CRAZY.home_moves == "never" and not CRAZY.pass_unplayed
    assert not CRAZY.reroll_on_full_double and CRAZY.head_limit == 1


@pytest.mark.parametrize("d", [1, 2, 3, 4, 5])
def test_vcrazy_double_is_followed_by_every_higher_double(d: int) -> None:
    """V-CRAZY: after d-d the player plays four d's, then four of every higher number
    up to 6 (2-2 → 2, 3, 4, 5, 6), all in one turn; then the opponent rolls.

    From the start (not the first turn) every double can be started by a checker
    from the head (24 − n is never the opponent's head on 12)."""
    game = Game(CRAZY, position=CRAZY.start_position(first_turns=False))
    game.roll(d, d)
    seen = []
    while game.phase == "move":
        seg = game.segment
        assert seg is not None and seg.owner == "white" and game.turn == "white"
        seen.append((seg.kind, seg.dice))
        game.play(first_play(game))
    expected = [("roll", (d,) * 4)] + [("sequence", (n,) * 4) for n in range(d + 1, 7)]
    assert seen == expected
    assert game.phase == "roll" and game.turn == "black"
    assert [r["type"] for r in game.records[1:]] == ["roll"] + ["play"] * (7 - d)


def test_vcrazy_six_six_and_plain_rolls_have_no_sequence() -> None:
    """V-CRAZY: 6-6 is the top of the sequence (nothing follows it) and a roll that
    is not a double is played as in long nardy."""
    for dice in [(6, 6), (5, 3), (2, 1)]:
        game = Game(CRAZY, position=CRAZY.start_position(first_turns=False))
        game.roll(*dice)
        assert game.segment is not None and game.segment.kind == "roll"
        game.play(first_play(game))
        assert game.phase == "roll" and game.turn == "black", dice


def _stuck_on_fours() -> Position:
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .  O1   .   .   . X15
    #   O13  O1   .   .   .   . |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    # X may move one checker off the head per double. 3s: 24/21/18/15, then 15/12 is
    # O's head; 4s: 24/20 and 15/11 are blocked.
    return board(CRAZY, {24: 15}, {24: 13, 23: 1, 8: 1})


def test_vcrazy_unstartable_rolled_double_is_skipped_and_not_passed() -> None:
    """V-CRAZY: a double that cannot even be started is not played and does not pass
    to the opponent: 4-4 (24/20 blocked) goes straight on to 5-5 and 6-6, and then O
    rolls with no moves handed to him."""
    game = Game(CRAZY, position=_stuck_on_fours())
    game.roll(4, 4)
    assert game.segment is not None and game.segment.dice == (5, 5, 5, 5)
    play_turn(game)
    log = turn_log(game)
    assert log[0] == ("white", (4, 4, 4, 4), "-")
    assert [(c, d[0]) for c, d, _ in log] == [("white", 4), ("white", 5), ("white", 6)]
    assert game.phase == "roll" and game.turn == "black"
    # the skipped double leaves no record: the roll and the plays of 5-5 and 6-6
    assert [r["type"] for r in game.records[1:]] == ["roll", "play", "play"]


def test_vcrazy_unplayed_moves_are_lost_and_the_sequence_goes_on() -> None:
    """V-CRAZY: with 3-3 only three 3s can be played (24/15; 15/12 is O's head); the
    fourth is lost (nothing passes), the sequence goes on, the unstartable 4-4 inside
    it is skipped, and 5-5 and 6-6 follow."""
    game = Game(CRAZY, position=_stuck_on_fours())
    game.roll(3, 3)
    assert texts(game.legal_plays()) == {"24/15"}
    game.play("24/15")
    assert game.segment is not None and game.segment.dice == (5, 5, 5, 5)
    assert game.segment.kind == "sequence"
    play_turn(game)
    log = turn_log(game)
    assert [d[0] for _, d, _ in log] == [3, 4, 5, 6]
    assert log[1] == ("white", (4, 4, 4, 4), "-")
    assert all(color == "white" for color, _, _ in log)
    assert game.phase == "roll" and game.turn == "black"


def test_vcrazy_one_checker_leaves_the_head_for_each_double() -> None:
    """V-CRAZY: one checker may leave the head for each double of the sequence: with
    1-1 from the start no play of any double takes two from the head, every double
    offers a play that takes one, and taking one each time moves six off the head."""
    game = Game(CRAZY, position=CRAZY.start_position(first_turns=False))
    game.roll(1, 1)
    doubles = 0
    while game.phase == "move":
        plays = game.legal_plays()
        assert max(head_moves(p) for p in plays) == 1, game.segment
        game.play(min((p for p in plays if head_moves(p) == 1), key=str))
        doubles += 1
    assert doubles == 6
    white = game.position.theirs  # black is on roll now
    assert white[24] == 15 - 6


# -- bearing off and the home ----------------------------------------------------


def test_vcrazy_bear_off_only_by_the_exact_number() -> None:
    """V-CRAZY: a checker is borne off only from the point equal to the number: with
    three on 5, 6-5 bears off one (the 6 cannot take the highest checker), where
    long nardy bears off two (G-10)."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . O15
    #     .   .   .   .   .   . |   .  X3   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X12 O0
    pos = board(CRAZY, {5: 3}, {12: 15})
    assert texts(legal_plays(CRAZY, pos, (6, 5))) == {"5/off"}
    assert texts(legal_plays(LONG, pos, (6, 5))) == {"5/off(2)"}


def test_vcrazy_no_bear_off_from_a_lower_point() -> None:
    """V-CRAZY: with checkers only on 3 and 2, 4-4 cannot be played at all (no higher-
    point rule, and 3/off needs a 3), where long nardy bears off four."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . O15
    #     .   .   .   .   .   . |   .   .   .  X2  X3   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X10 O0
    pos = board(CRAZY, {3: 2, 2: 3}, {12: 15})
    assert legal_plays(CRAZY, pos, (4, 4)).must_pass
    assert texts(legal_plays(LONG, pos, (4, 4))) == {"3/off(2) 2/off(2)"}
    assert texts(legal_plays(CRAZY, pos, (3, 2))) == {"3/off 2/off"}


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_vcrazy_every_bear_off_uses_its_own_number(dice: tuple[int, int]) -> None:
    """V-CRAZY: whatever the roll, a checker borne off leaves from the point equal to
    one of the dice, and no checker moves from one home point to another."""
    pos = board(CRAZY, {6: 2, 5: 1, 4: 3, 2: 2, 1: 1}, {12: 15})
    for play in legal_plays(CRAZY, pos, dice):
        for m in play.moves:
            assert m.to == OFF and m.frm in dice, str(play)


def test_vcrazy_no_moves_inside_the_home() -> None:
    """V-CRAZY: moving inside the home is forbidden even while checkers are still
    outside: with 2-1 neither 6/4, 6/5, 5/4 nor 5/3 is ever played; long nardy
    allows them."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . X10
    #   O15   .  X1   .   .   . |  X2  X2   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    pos = board(CRAZY, {24: 10, 10: 1, 6: 2, 5: 2}, {24: 15})
    crazy = legal_plays(CRAZY, pos, (2, 1))
    assert crazy
    for play in crazy:
        assert not any(m.frm <= 6 for m in play.moves), str(play)
    assert any(m.frm <= 6 for p in legal_plays(LONG, pos, (2, 1)) for m in p.moves)


def test_vcrazy_a_checker_entering_home_stops_there() -> None:
    """V-CRAZY: a checker that has entered the home cannot go on inside it: with 3-1
    and O on 7, 8/4 would need 8/5/4 (5/4 moves inside the home), so it is not
    legal; in long nardy it is."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .   .   .   .   .   . |   .   .   .   .   . X14
    #   O14   .   .   .  X1  O1 |   .   .   .   .   .   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    pos = board(CRAZY, {24: 14, 8: 1}, {24: 14, 19: 1})
    assert "8/4" not in texts(legal_plays(CRAZY, pos, (3, 1)))
    assert "8/4" in texts(legal_plays(LONG, pos, (3, 1)))
    assert "24/23 8/5" in texts(legal_plays(CRAZY, pos, (3, 1)))


@pytest.mark.parametrize(
    ("runner", "plays", "doubles"),
    [
        # 14/6 enters the last checker on the double's last move: the sequence stops
        (14, ["14/6"], [2]),
        # 10/6 enters on the second move, 2/off(2) bears off by the exact number
        (10, ["10/6 2/off(2)"], [2]),
        # 16/8 stays outside: 3-3 follows; 8/5 enters and the other 3s are lost
        (16, ["16/8", "8/5"], [2, 3]),
    ],
)
def test_vcrazy_sequence_stops_when_all_checkers_are_home(
    runner: int, plays: list[str], doubles: list[int]
) -> None:
    """V-CRAZY: when all checkers have entered the home the sequence stops (after the
    double during which the last one entered); while one is outside it goes on."""
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #     .  X1   .   .   .   . |   .   .   .   .   . O15      (runner on 14, 10 or 16)
    #     .   .   .   .   .   . |   .   .   .   . X14   .
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    game = Game(CRAZY, position=board(CRAZY, {runner: 1, 2: 14}, {12: 15}))
    game.roll(2, 2)
    for text in plays:
        assert texts(game.legal_plays()) == {text}
        game.play(text)
    assert [d[0] for _, d, _ in turn_log(game)] == doubles
    assert game.phase == "roll" and game.turn == "black"


def test_vcrazy_all_home_double_has_no_sequence() -> None:
    """V-CRAZY: a double rolled while bearing off is just four moves (everything is
    already home): 2-2 bears off from 2 by the exact number, then O rolls."""
    game = Game(CRAZY, position=board(CRAZY, {2: 4, 1: 3}, {12: 15}))
    game.roll(2, 2)
    assert texts(game.legal_plays()) == {"2/off(4)"}
    game.play("2/off(4)")
    assert game.phase == "roll" and game.turn == "black"


# -- step by step inside a sequence ----------------------------------------------


def test_vcrazy_step_by_step_inside_a_sequence_double() -> None:
    """G-12 inside V-CRAZY's sequence: after 2-2 (24/16) the 3-3 segment is played
    move by move: legal steps, a hop over several 3s, undo, an unfinished play that
    cannot be confirmed, and a confirmed play after which 4-4 follows."""
    game = Game(CRAZY, position=CRAZY.start_position(first_turns=False))
    game.roll(2, 2)
    game.play("24/16")
    assert game.segment is not None and game.segment.dice == (3, 3, 3, 3)
    assert game.legal_steps() == [Move(24, 21), Move(16, 13)]
    game.move(16, 13)
    assert game.legal_steps() == [Move(24, 21), Move(13, 10)]
    assert game.undo() == Move(16, 13)
    assert game.pending == [] and game.legal_steps() == [Move(24, 21), Move(16, 13)]
    game.move(24, 21)
    # the head checker has left: no second one may, for this double
    assert Move(24, 21) not in game.legal_steps()
    assert not game.turn_complete
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.confirm()
    game.move(16, 7)  # three 3s at once: 16/13/10/7
    assert game.pending_position.mine[7] == 1 and game.pending_position.mine[21] == 1
    assert game.turn_complete
    done = game.confirm()
    assert str(done) == "24/21 16/7"
    assert game.segment is not None and game.segment.dice == (4, 4, 4, 4)
    assert game.segment.kind == "sequence" and game.turn == "white"
    with pytest.raises(IllegalMoveError):
        game.move(21, 16)  # 5 pips is no 4


# -- records -----------------------------------------------------------------------


def _scripted_game() -> Game:
    game = Game(CRAZY, position=_stuck_on_fours())
    game.roll(3, 3)
    play_turn(game)  # 3-3, (4-4 skipped), 5-5, 6-6
    game.roll(2, 1)
    play_turn(game)
    game.roll(5, 5)
    play_turn(game)  # white's 5-5 and 6-6
    return game


def test_vcrazy_record_replays_to_the_same_game() -> None:
    """The record of a crazy game with sequences (and a skipped double) replays to the
    same position, segments and phase."""
    game = _scripted_game()
    again = Game.replay(game.records)
    assert again.position == game.position and again.phase == game.phase
    assert turn_log(again) == turn_log(game)
    assert again.records == game.records


def test_vcrazy_tampered_sequence_play_names_its_record() -> None:
    """A crazy record whose play of a sequence double is changed to one that is not
    legal for that double fails at exactly that record."""
    game = _scripted_game()
    records = [dict(r) for r in game.records]
    # records: setup, roll 3-3, play 3s, play 5s, play 6s, roll 2-1, ...
    assert records[1] == {"type": "roll", "dice": [3, 3]} and records[3]["type"] == "play"
    records[3]["play"] = "24/19"  # one 5 where the 5-5 segment demands all it can play
    with pytest.raises(ReplayError) as err:
        Game.replay(records)
    assert err.value.index == 3
    # a record of a later turn inserted where a sequence double is still due
    records = [dict(r) for r in game.records]
    records.insert(3, {"type": "roll", "dice": [2, 1]})
    with pytest.raises(ReplayError) as err:
        Game.replay(records)
    assert err.value.index == 3 and "not time to roll" in str(err.value)


# -- a gap in the rules: a position neither side can ever leave -------------------------


def _mutual_block() -> Position:
    #    13  14  15  16  17  18 |  19  20  21  22  23  24
    #    O1  O3  O1  O3  O1  O2 |  X2   .   .   .   .   .
    #     .   .   .   .   .  O4 |  X3  X3  X2  X3  X1  X1
    #    12  11  10   9   8   7 |   6   5   4   3   2   1
    #  bar X0 O0  off X0 O0
    # Reached by the variant soak (crazy, seed 7000, game 163). X's two checkers on 19
    # face O's full home (X's 18..13); O's four on X's 7 (his 19) face X's full home.
    # Both six-blocks are legal (L-BLOCK: each has been passed by opposing checkers).
    return board(
        CRAZY,
        {19: 2, 6: 3, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1},
        {1: 1, 2: 3, 3: 1, 4: 3, 5: 1, 6: 2, 19: 4},
    )


def test_vcrazy_mutual_block_freezes_the_game() -> None:
    """V-CRAZY leaves a gap: with moves inside the home forbidden and bearing off only
    once all are home, this position has no legal play for either side with any roll
    (nor with any double of a sequence), so by G-11 the game can never end. In long
    nardy and crazy gulbara the home checkers may move and it resolves. RULES.md says
    nothing about it; the variant soak meets it about twice in 10,000 games."""
    pos = _mutual_block()
    for side in (pos, pos.swap()):
        for dice in ALL_ROLLS:
            assert legal_plays(CRAZY, side, dice).must_pass, dice
    for other in ("long", "crazy-gulbara"):
        assert not legal_plays(find_variant(other), pos, (6, 1)).must_pass
    # The engine's ruling for the gap: the first roll that finds the position frozen
    # ends the game as a void draw (no points), instead of rolling forever.
    game = Game(CRAZY, position=pos)
    game.roll(5, 4)
    assert game.phase == "over"
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind, game.outcome.value) == (None, "draw", 0)
    assert game.outcome.reason == "frozen"
    assert game.position.key in (pos.key, pos.swap().key)
    assert Game.replay(game.records).outcome == game.outcome


def test_vcrazy_a_stuck_side_alone_does_not_end_the_game() -> None:
    """Only a position where *neither* side can move ends the game: X is stuck as in
    the mutual block, but O's four stand on his 20 (X's 8), free to move, so X's
    unplayable roll just passes."""
    pos = board(
        CRAZY,
        {19: 2, 6: 3, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1},
        {1: 1, 2: 3, 3: 1, 4: 3, 5: 1, 6: 2, 20: 4},
    )
    game = Game(CRAZY, position=pos)
    game.roll(6, 5)
    assert game.phase == "roll" and game.outcome is None and game.turn != pos.turn


def test_vcrazy_the_review_names_each_doubles_own_dice() -> None:
    """V-CRAZY: each double of a sequence is its own decision, and the review names
    its dice (4-4 after 3-3, …), as the replay does; it had named the roll (3-3) for
    every one of them."""
    from nardy.bots.analysis import analyze_records

    game = Game(CRAZY, position=CRAZY.start_position(first_turns=False))
    game.roll(3, 3)
    play_turn(game)
    game.roll(2, 1)
    play_turn(game)
    plays = [d for d in analyze_records(game.records).decisions if d.kind == "play"]
    assert [d.dice for d in plays] == [t.dice for t in game.turns]
    assert [d.dice for d in plays] == [(n,) * 4 for n in (3, 4, 5, 6)] + [(2, 1)]
