"""gnubg Match ID: the published test vector, round trips and malformed IDs."""

from __future__ import annotations

import base64
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nardy.errors import MalformedError
from nardy.match import Match, MatchSnapshot
from nardy.notation.match_id import (
    decode_match_id,
    encode_match_id,
    snapshot_from_ids,
    snapshot_ids,
)
from nardy.variants import find_variant

START = find_variant("short").start_position(first_turns=False)
START_ID = "4HPwATDgc/ABMA"


def test_gnubg_manual_vector() -> None:
    # 9-point match, score 2-4, player 1 has rolled 5-2, player 0 owns a 2-cube.
    snap = snapshot_from_ids(START_ID, "QYkqASAAIAAA")
    assert snap.length == 9
    assert snap.score == (2, 4)
    assert snap.dice == (5, 2)
    assert (snap.cube_value, snap.cube_owner) == (2, "white")
    assert (snap.on_roll, snap.decider, snap.state) == ("black", "black", "playing")
    assert not snap.crawford and not snap.doubled and snap.resign == 0
    assert snapshot_ids(snap) == (START_ID, "QYkqASAAIAAA")


def test_raw_fields_of_the_vector() -> None:
    f = decode_match_id("QYkqASAAIAAA")
    assert (f["cube"], f["owner"], f["dice_owner"], f["turn"]) == (1, 0, 1, 1)
    assert (f["die1"], f["die2"], f["length"], f["score0"], f["score1"]) == (5, 2, 9, 2, 4)


def test_a_live_game_encodes_and_decodes_to_the_same_snapshot() -> None:
    match = Match("short", 7)
    game = match.new_game()
    game.opening(4, 1)
    game.play(game.legal_plays()[0])
    game.double()
    snap = match.snapshot()
    assert snap.doubled and snap.decider == "white" and snap.on_roll == "black"
    pos_id, match_id = snapshot_ids(snap)
    back = snapshot_from_ids(pos_id, match_id)
    assert back == snap
    game.take()
    game.roll(6, 5)
    game.resign(2)
    snap = match.snapshot()
    assert snap.resign == 2 and snap.cube_owner == "white" and snap.cube_value == 2
    assert snapshot_from_ids(*snapshot_ids(snap)) == snap


snapshots = st.builds(
    lambda length, s0, s1, cube, owner, crawford, state, roll, decide, offer, dice: MatchSnapshot(
        position=START if roll == "white" else START.swap(),
        length=length,
        score=(s0, s1),
        cube_value=1 << cube,
        cube_owner=owner,
        crawford=crawford,
        state=state,
        to_act=decide,
        doubled=offer == "double",
        resign=offer if isinstance(offer, int) else 0,
        dice=dice,
    ),
    st.integers(0, 32767),
    st.integers(0, 32767),
    st.integers(0, 32767),
    st.integers(0, 15),
    st.sampled_from([None, "white", "black"]),
    st.booleans(),
    st.sampled_from(["none", "playing", "over", "resigned", "dropped"]),
    st.sampled_from(["white", "black"]),
    st.sampled_from(["white", "black"]),
    st.sampled_from([None, "double", 1, 2, 3]),
    st.one_of(st.none(), st.tuples(st.integers(1, 6), st.integers(1, 6))),
)


@given(snapshots)
def test_encode_decode_round_trip(snap) -> None:
    pos_id, match_id = snapshot_ids(snap)
    assert len(match_id) == 12
    if snap.length and snap.score[0] >= snap.length and snap.score[1] >= snap.length:
        with pytest.raises(MalformedError):
            snapshot_from_ids(pos_id, match_id)
        return
    if snap.doubled and snap.resign:
        return
    assert snapshot_from_ids(pos_id, match_id) == snap


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("QYkqASAAIAA", "12 characters"),
        ("QYkqASAAIAAAA", "12 characters"),
        ("QYkq!SAAIAAA", "Base64"),
        ("////////////", "beyond"),
        (None, "string"),
    ],
)
def test_malformed_match_ids(text, message) -> None:
    with pytest.raises(MalformedError, match=message):
        decode_match_id(text)  # type: ignore[arg-type]


def _key(**fields: int) -> str:
    layout = {
        "cube": 0,
        "owner": 4,
        "dice_owner": 6,
        "state": 8,
        "die1": 15,
        "die2": 18,
        "length": 21,
        "score0": 36,
        "score1": 51,
        "doubled": 12,
        "resign": 13,
    }
    key = sum(v << layout[k] for k, v in fields.items())
    return base64.b64encode(key.to_bytes(9, "little")).decode()


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"owner": 2}, "owner 2"),
        ({"state": 6, "owner": 3}, "state 6"),
        ({"die1": 7, "die2": 1, "owner": 3}, "not 1-6"),
        ({"die1": 3, "owner": 3}, "not 1-6"),
        ({"length": 3, "score0": 3, "score1": 4, "owner": 3}, "both scores"),
        ({"doubled": 1, "resign": 2, "owner": 3}, "both be pending"),
    ],
)
def test_impossible_match_ids_are_rejected(fields, message) -> None:
    with pytest.raises(MalformedError, match=message):
        snapshot_from_ids(START_ID, _key(**fields))


def test_values_a_match_id_cannot_hold() -> None:
    with pytest.raises(MalformedError, match="cube values"):
        encode_match_id(MatchSnapshot(START, cube_value=3))
    with pytest.raises(MalformedError, match="score"):
        encode_match_id(MatchSnapshot(START, length=5, score=(40000, 0)))
    with pytest.raises(MalformedError):
        snapshot_from_ids("not a position", "QYkqASAAIAAA")


@given(st.text(max_size=20))
def test_fuzzed_ids_give_malformed_error_or_a_snapshot(text) -> None:
    try:
        snap = snapshot_from_ids(START_ID, text)
    except MalformedError:
        return
    assert snapshot_from_ids(*snapshot_ids(snap)) == snap  # whatever decodes re-encodes


GNUBG = Path("/usr/games/gnubg")


@pytest.mark.skipif(not GNUBG.exists(), reason="GNU Backgammon is not installed")
@pytest.mark.parametrize(
    "snap",
    [
        MatchSnapshot(START, 9, (2, 4), 2, "white", dice=(5, 2)),
        MatchSnapshot(START.swap(), 7, (6, 3), crawford=True, dice=(6, 1)),
        MatchSnapshot(START, 0, (0, 0), 4, "black"),
    ],
)
def test_gnubg_reads_our_full_ids_as_they_are(snap: MatchSnapshot) -> None:
    """The analysis board's gnubg ID (Position ID:Match ID) read by gnubg itself: it
    shows the match (length, cube, dice) and writes the same two IDs back."""
    full = ":".join(snapshot_ids(snap))
    shown = subprocess.run(
        [str(GNUBG), "-t", "-q"],
        input=f"set gnubgid {full}\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    ).stdout
    position_id, match_id = full.split(":")
    assert f"Position ID: {position_id}" in shown and f"Match ID   : {match_id}" in shown
    assert f"{snap.length} points match" in shown if snap.length else "0 points" in shown
    assert f"Cube: {snap.cube_value}" in shown if snap.cube_value > 1 else "Cube: 2" not in shown
    assert ("Crawford game" in shown) is snap.crawford
    if snap.dice:
        assert f"Rolled {snap.dice[0]}{snap.dice[1]}" in shown
