"""XGID encode/decode: the start position, a match snapshot, malformed IDs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nardy.errors import MalformedError
from nardy.match import Match, MatchSnapshot
from nardy.notation.match_id import snapshot_from_ids
from nardy.notation.xgid import decode_xgid, encode_xgid
from nardy.position import Position
from nardy.variants import find_variant

START = find_variant("short").start_position(first_turns=False)
START_BOARD = "-b----E-C---eE---c-e----B-"


def test_start_position_board_and_fields() -> None:
    snap = decode_xgid(f"XGID={START_BOARD}:0:0:1:52:0:0:3:0:10")
    assert snap.position == START
    assert (snap.on_roll, snap.dice, snap.length, snap.cube_value) == ("white", (5, 2), 0, 1)
    assert snap.jacoby and snap.beavers  # money play: 1 Jacoby + 2 beavers
    assert snap.max_cube == 10
    assert encode_xgid(snap) == f"XGID={START_BOARD}:0:0:1:52:0:0:3:0:10"


def test_the_prefix_is_optional_and_black_can_be_on_roll() -> None:
    snap = decode_xgid(f"{START_BOARD}:2:-1:-1:00:1:4:1:5:10")
    assert snap.position == START.swap()
    assert (snap.cube_value, snap.cube_owner, snap.on_roll) == (4, "black", "black")
    assert (snap.score, snap.crawford, snap.length, snap.dice) == ((1, 4), True, 5, None)


def test_same_snapshot_as_the_gnubg_ids() -> None:
    # The Match ID vector: 9 points, 2-4, black rolled 5-2, white owns a 2-cube.
    gnubg = snapshot_from_ids("4HPwATDgc/ABMA", "QYkqASAAIAAA")
    xgid = encode_xgid(gnubg)
    assert xgid == f"XGID={START_BOARD}:1:1:-1:52:2:4:0:9:10"
    back = decode_xgid(xgid)
    assert back.position == gnubg.position and back.score == gnubg.score
    assert (back.cube_value, back.cube_owner, back.dice) == (2, "white", (5, 2))


def test_checkers_on_both_bars_and_a_double_offered() -> None:
    pos = Position.from_points(
        {6: 5, 8: 3, 13: 5}, {6: 5, 8: 3, 13: 5}, mine_bar=2, theirs_bar=2, turn="white"
    )
    snap = MatchSnapshot(
        pos, length=7, score=(3, 2), cube_value=2, cube_owner="white", doubled=True, to_act="black"
    )
    text = encode_xgid(snap)
    assert text.startswith("XGID=b")  # black's bar first
    assert text.split(":")[0].endswith("B")  # white's bar last
    assert ":D:" in text
    back = decode_xgid(text)
    assert back.doubled and back.decider == "black" and back.position == pos


def test_a_live_match_round_trips() -> None:
    match = Match("short", 7)
    game = match.new_game()
    game.opening(6, 1)
    game.play("13/7 8/7")
    game.roll(6, 4)
    snap = match.snapshot()
    back = decode_xgid(encode_xgid(snap))
    assert back.position == snap.position and back.dice == (6, 4)
    assert back.on_roll == "black" and back.length == 7


boards = st.lists(st.integers(0, 24), min_size=0, max_size=15)


@given(
    st.lists(st.integers(0, 25), max_size=15),
    st.lists(st.integers(0, 25), max_size=15),
    st.sampled_from(["white", "black"]),
    st.integers(0, 12),
    st.integers(0, 20),
)
def test_round_trip_of_random_boards(white, black, turn, cube, score) -> None:
    mine = [0] * 26
    theirs = [0] * 26
    for p in white:
        mine[p] += 1
    for p in black:
        q = 25 - p if 1 <= p <= 24 else p  # black's point in his numbering
        if 1 <= p <= 24 and mine[p]:
            continue
        theirs[q] += 1
    for s in (mine, theirs):
        s[0] += 15 - sum(s)
    pos = Position(tuple(mine), tuple(theirs), "white")
    if turn == "black":
        pos = pos.swap()
    snap = MatchSnapshot(pos, length=score + 1, score=(score, 0), cube_value=1 << cube, max_cube=10)
    assert decode_xgid(encode_xgid(snap)) == snap


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XGID=" + START_BOARD, "10 fields"),
        (f"XGID={START_BOARD}:0:0:1:52:0:0:0:0", "10 fields"),
        (f"XGID={START_BOARD[:-1]}:0:0:1:52:0:0:0:0:10", "26 characters"),
        ("XGID=-b----E-C---eE---c-e---zB-:0:0:1:52:0:0:0:0:10", "character 24"),
        ("XGID=Ab----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "wrong side"),
        ("XGID=-b----E-C---eE---c-e----Bb:0:0:1:52:0:0:0:0:10", "wrong side"),
        ("XGID=-b----E-C---eE---c-e----B--:0:0:1:52:0:0:0:0:10", "26 characters"),
        ("XGID=-b----O-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", "checkers"),
        (f"XGID={START_BOARD}:x:0:1:52:0:0:0:0:10", "field 2"),
        (f"XGID={START_BOARD}:0:2:1:52:0:0:0:0:10", "field 3"),
        (f"XGID={START_BOARD}:0:0:0:52:0:0:0:0:10", "field 4"),
        (f"XGID={START_BOARD}:0:0:1:72:0:0:0:0:10", "field 5"),
        (f"XGID={START_BOARD}:0:0:1:5:0:0:0:0:10", "field 5"),
        (f"XGID={START_BOARD}:0:0:1:B:0:0:0:0:10", "beaver"),
        (f"XGID={START_BOARD}:0:0:1:52:-1:0:0:0:10", "field 6"),
        (f"XGID={START_BOARD}:0:0:1:52:0:0:2:5:10", "field 8"),
        (f"XGID={START_BOARD}:0:0:1:52:0:0:0:5:99", "field 10"),
        (12, "string"),
    ],
)
def test_malformed_xgids_name_the_field(text, message) -> None:
    with pytest.raises(MalformedError, match=message):
        decode_xgid(text)  # type: ignore[arg-type]


def test_what_an_xgid_cannot_hold() -> None:
    with pytest.raises(MalformedError, match="resignation"):
        encode_xgid(MatchSnapshot(START, resign=1))
    with pytest.raises(MalformedError, match="cube values"):
        encode_xgid(MatchSnapshot(START, cube_value=3))


@given(st.text(max_size=60))
def test_fuzzed_text_gives_malformed_error_or_a_snapshot(text) -> None:
    try:
        snap = decode_xgid(text)
    except MalformedError:
        return
    assert decode_xgid(encode_xgid(snap)) == snap  # whatever decodes re-encodes
