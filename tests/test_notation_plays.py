"""Play text (RULES.md G-4): parsing, canonical formatting as gnubg writes it,
non-canonical input resolved against the legal plays, and errors that name what is
wrong.
"""

from __future__ import annotations

import pytest
from helpers_boards import ALL_VARIANTS, after, board, plays_of, random_walk, texts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.errors import AmbiguousMoveError, IllegalMoveError, MalformedError
from nardy.plays import Move, Play, format_moves, parse_moves
from nardy.position import BAR, OFF
from nardy.variants import find_variant

SHORT = find_variant("short")
START = SHORT.start_position()


# -- parsing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("24/18 13/11*", (Move(24, 18), Move(13, 11, True))),
        ("bar/22", (Move(BAR, 22),)),
        ("6/off", (Move(6, OFF),)),
        ("8/5(2)", (Move(8, 5), Move(8, 5))),
        ("13/7*/5", (Move(13, 7, True), Move(7, 5))),
        ("bar/20*/15", (Move(BAR, 20, True), Move(20, 15))),
        ("6/4*/off", (Move(6, 4, True), Move(4, OFF))),
        ("25/20", (Move(BAR, 20),)),
        ("6/0", (Move(6, OFF),)),
        ("BAR/22", (Move(BAR, 22),)),
        ("b/22 6/o", (Move(BAR, 22), Move(6, OFF))),
        ("24-18, 13-11", (Move(24, 18), Move(13, 11))),
        ("  24/18    13/11 ", (Move(24, 18), Move(13, 11))),
        ("8/5(2) 6/5(2)", (Move(8, 5), Move(8, 5), Move(6, 5), Move(6, 5))),
        ("-", ()),
    ],
)
def test_g4_parse(text: str, moves: tuple[Move, ...]) -> None:
    """G-4: from/to in the mover's numbering, bar/off (or 25/0), ``*`` for a hit,
    hops, ``(n)`` repeats; commas, dashes and extra spaces are tolerated."""
    assert parse_moves(text) == moves


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        ((Move(13, 11, True), Move(24, 18)), "24/18 13/11*"),
        ((Move(BAR, 22), Move(13, 7)), "bar/22 13/7"),
        ((Move(6, OFF), Move(5, OFF)), "6/off 5/off"),
        ((Move(8, 5), Move(6, 5), Move(8, 5), Move(6, 5)), "8/5(2) 6/5(2)"),
        ((Move(13, 7, True), Move(7, 5)), "13/7*/5"),
        ((Move(24, 18), Move(18, 13)), "24/13"),
        ((Move(24, 18), Move(24, 18)), "24/18(2)"),
        ((Move(24, 22), Move(24, 18)), "24/22 24/18"),
        ((Move(24, 20), Move(20, 16), Move(24, 20), Move(13, 9)), "24/16 24/20 13/9"),
        ((Move(5, 4), Move(4, OFF)), "5/off"),
        # gnubg marks a hit once on a repeated step: two checkers 6/2, one hitting
        ((Move(6, 2, True), Move(6, 2)), "6/2*(2)"),
        ((Move(6, 2, True), Move(6, 2), Move(6, 2)), "6/2*(3)"),
        # ... and on the first move (in written order) that lands on the hit point
        ((Move(8, 5), Move(6, 5, True)), "8/5* 6/5"),
        ((), "-"),
    ],
)
def test_g4_canonical_format(moves: tuple[Move, ...], text: str) -> None:
    """G-4: canonical text as gnubg writes it (checked against gnubg's
    ``movetupletostring``): highest source first, one checker's moves joined
    (intermediate hits kept: 13/7*/5), equal steps counted (8/5(2)), a hit marked on
    the first move written that lands on the hit point (8/5* 6/5, 6/2*(2))."""
    assert format_moves(moves) == text
    assert str(Play(moves)) == text


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("", "empty"),
        ("24/", "24/"),
        ("abc", "abc"),
        ("24", "'24'"),
        ("24/26", "point 26"),
        ("0/5", "point 0"),
        ("13/18", "higher to lower"),
        ("off/5", "from off"),
        ("5/bar", "from the bar"),
        ("8/5(5)", "repeats 1 to 4"),
        ("8/5(0)", "repeats 1 to 4"),
        ("8/5(2", "8/5(2"),
        ("6/off*", "bearing off cannot hit"),
        ("24*/18", "starting point"),
        ("24/18x", "'18x' is not a point"),
        ("24/18 junk", "junk"),
        ("24//18", "24//18"),
    ],
)
def test_g4_malformed_text_names_what_is_wrong(text: str, named: str) -> None:
    """G-4: malformed text raises MalformedError naming the bad step or token."""
    with pytest.raises(MalformedError, match=named.replace("(", r"\(").replace("*", r"\*")):
        parse_moves(text)


@pytest.mark.parametrize("value", [None, 24, ["24/18"]])
def test_g4_non_text_is_malformed(value: object) -> None:
    """G-4: only strings are play text."""
    with pytest.raises(MalformedError, match="string"):
        parse_moves(value)  # type: ignore[arg-type]


# -- resolving text against the legal plays -----------------------------------------


@pytest.mark.usefixtures("generator")
@pytest.mark.parametrize(
    "text", ["24/13", "24/18/13", "24/19/13", "24/18 18/13", "24/19 19/13", "24-13"]
)
def test_g4_non_canonical_input_for_6_5(text: str) -> None:
    """G-4: 24/13 (and its spelled-out forms) is the canonical 6-5 run."""
    plays = plays_of(SHORT, START, (6, 5))
    assert str(plays.find(text)) == "24/13"
    assert text in plays


@pytest.mark.usefixtures("generator")
def test_g4_order_of_moves_does_not_matter() -> None:
    """G-4: 13/11 24/18 means the same play as 24/18 13/11."""
    plays = plays_of(SHORT, START, (6, 2))
    assert plays.find("13/11 24/18") == plays.find("24/18 13/11")
    assert str(plays.find("13/11 24/18")) == "24/18 13/11"


@pytest.mark.usefixtures("generator")
def test_g4_repeats_and_doubles() -> None:
    """G-4: 8/5(2) 6/3(2) is a 3-3 play; spelled out move by move it is the same."""
    plays = plays_of(SHORT, START, (3, 3))
    assert str(plays.find("8/5(2) 6/3(2)")) == "8/5(2) 6/3(2)"
    assert str(plays.find("8/5 8/5 6/3 6/3")) == "8/5(2) 6/3(2)"
    assert plays.find("24/18(2)") == plays.find("24/21/18 24/21/18")


@pytest.mark.usefixtures("generator")
def test_g4_bar_entry_written_25_and_bear_off_written_0() -> None:
    """G-4: 25/20 is bar/20, 6/0 is 6/off."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X5   .   .   .  O3   . |  O5   .   .   .   .   .
    #   O5   .   .   .  X3   . |  X6   .   .   .   .  O2
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {13: 5, 8: 3, 6: 6}, {24: 2, 13: 5, 8: 3, 6: 5}, mine_bar=1)
    plays = plays_of(SHORT, pos, (5, 2))
    assert str(plays.find("25/20 13/11")) == "bar/20 13/11"
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |   .   .   .   .   . O15
    #    .   .   .   .   .   . |  X3  X3  X3   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X6 O0
    home = board("short", {6: 3, 5: 3, 4: 3}, {1: 15})
    assert str(plays_of(SHORT, home, (6, 5)).find("6/0 5/0")) == "6/off 5/off"


@pytest.mark.usefixtures("generator")
def test_g4_gnubg_text_with_a_repeated_hit_reads() -> None:
    """G-4: gnubg's 6/2*(2) (two checkers to 2, hitting the blot there) is read."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #  X13   .   .   .   .   . |   .   .   .   .   . O14
    #    .   .   .   .   .   . |  X2   .   .   .  O1   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {6: 2, 13: 13}, {23: 1, 1: 14})
    plays = plays_of(SHORT, pos, (4, 4))
    play = plays.find("13/9(2) 6/2*(2)")
    assert play.hits == 1
    assert play == plays.find("13/9 13/9 6/2* 6/2")


@pytest.mark.usefixtures("generator")
def test_g4_hit_mark_is_optional() -> None:
    """G-4: a hit may be left unmarked: 13/10 means 13/10* when 10 is a blot."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X2   .   .   .   .   . |   .   .   .   .   . O12
    #   O2   .  O1  X2   .   . | X11   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {13: 2, 9: 2, 6: 11}, {15: 1, 13: 2, 1: 12})
    plays = plays_of(SHORT, pos, (3, 1))
    assert str(plays.find("13/10 9/8")) == "13/10* 9/8"
    assert plays.find("13/10 9/8").hits == 1


@pytest.mark.usefixtures("generator")
def test_g4_text_matching_two_plays_is_ambiguous() -> None:
    """G-4 / LegalPlays.find: 13/2 with 6-5 can go 13/8*/2 or 13/7*/2 (blots on both
    8 and 7): the text matches two legal plays and must raise AmbiguousMoveError
    naming both; 13/8*/2 and 13/7*/2 resolve."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #   X2   .   .   .   .   . |   .   .   .   .   . O13
    #    .   .   .   .  O1  O1 |  X5   .  X4  X4   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X0 O0  off X0 O0
    pos = board("short", {13: 2, 6: 5, 4: 4, 3: 4}, {18: 1, 17: 1, 1: 13})
    plays = plays_of(SHORT, pos, (6, 5))
    assert str(plays.find("13/8*/2")) == "13/8*/2"
    assert str(plays.find("13/7*/2")) == "13/7*/2"
    with pytest.raises(AmbiguousMoveError, match="13/8\\*/2.*13/7\\*/2|13/7\\*/2.*13/8\\*/2"):
        plays.find("13/2")


@pytest.mark.usefixtures("generator")
def test_g4_illegal_text_lists_the_legal_plays() -> None:
    """An illegal play names the roll and the legal plays."""
    plays = plays_of(SHORT, START, (6, 5))
    with pytest.raises(IllegalMoveError, match=r"24/14 is not legal with 6-5; legal: .*24/13"):
        plays.find("24/14")


@pytest.mark.usefixtures("generator")
def test_g4_moving_from_an_empty_point_names_it() -> None:
    """An illegal play that moves a checker from an empty point names the point."""
    plays = plays_of(SHORT, START, (6, 5))
    with pytest.raises(IllegalMoveError, match="no checker to move from 7"):
        plays.find("7/1")


@pytest.mark.usefixtures("generator")
def test_g4_nothing_to_play_is_said() -> None:
    """When nothing can be played, any text is refused with that reason."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |  O3  O2  O2  O2  O2  O2
    #   O2   .   .   .   .   . | X14   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}, mine_bar=1)
    plays = plays_of(SHORT, pos, (6, 5))
    with pytest.raises(IllegalMoveError, match="no move is possible with 6-5"):
        plays.find("bar/19")


@pytest.mark.usefixtures("generator")
def test_g4_find_accepts_moves_as_well_as_text() -> None:
    """find() takes a sequence of Move as well as text."""
    plays = plays_of(SHORT, START, (6, 5))
    assert str(plays.find((Move(24, 18), Move(18, 13)))) == "24/13"


@pytest.mark.usefixtures("generator")
def test_g4_a_legal_play_knows_the_position_after_it_and_parsed_text_does_not() -> None:
    plays = plays_of(SHORT, START, (6, 5))
    play = plays.find("24/13")
    assert play.after is play.result and play.after.turn != START.turn  # the turn passed
    with pytest.raises(ValueError, match="24/13: a play parsed from text"):
        _ = Play.from_text("24/13").after
    assert plays[0:2] == [plays[0], plays[1]]  # a slice of the plays is a list of them


# -- round trip over random positions --------------------------------------------------


@pytest.mark.usefixtures("generator")
@settings(
    max_examples=40,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    name=st.sampled_from(ALL_VARIANTS),
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 120),
)
def test_g4_every_play_text_reads_back_to_the_same_play(name: str, seed: int, turns: int) -> None:
    """G-4: for every legal play of random reachable positions, its canonical text
    parses and resolves to exactly that play (same result, same text)."""
    walk = random_walk(name, seed, turns + 1)
    pos, dice = walk[-1]
    plays = plays_of(name, pos, dice)
    for play in plays:
        text = str(play)
        found = plays.find(text)
        assert found.result == play.result, text
        assert str(found) == text
        assert after(name, pos, text)[0] == play.result.theirs  # type: ignore[union-attr]
    assert len(texts(plays)) == len(plays)
