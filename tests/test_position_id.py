"""gnubg Position ID and the long-nardy ID (issue 2, notation)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy import MalformedError, find_variant
from nardy.movegen import legal_candidates, result_position
from nardy.notation.position_id import (
    decode_long_id,
    decode_position_id,
    encode_long_id,
    encode_position_id,
)
from nardy.position import Position

SHORT = find_variant("short")
LONG = find_variant("long")


def test_start_position_id_is_gnubgs() -> None:
    start = SHORT.start_position(first_turns=False)
    assert encode_position_id(start) == "4HPwATDgc/ABMA"
    assert decode_position_id("4HPwATDgc/ABMA") == start


def test_side_not_on_roll_comes_first() -> None:
    # One checker each: mine on my 1, theirs on their 24. Swapping sides changes the ID.
    pos = Position.from_points({1: 1}, {24: 1})
    assert encode_position_id(pos) != encode_position_id(pos.swap())
    assert decode_position_id(encode_position_id(pos.swap()), "black") == pos.swap()


def _random_positions(variant, n: int, seed: int) -> list[Position]:
    rng = random.Random(seed)
    out = []
    pos = variant.start_position()
    while len(out) < n:
        if pos.is_over():
            pos = variant.start_position()
        out.append(pos)
        cands = legal_candidates(variant, pos, rng.randint(1, 6), rng.randint(1, 6))
        pos = result_position(variant, pos, rng.choice(cands)) if cands else pos.swap()
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_short_id_round_trips(seed: int) -> None:
    for pos in _random_positions(SHORT, 20, seed):
        flat = pos.with_flags(False, False)
        assert decode_position_id(encode_position_id(flat), flat.turn) == flat


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000))
def test_long_id_round_trips_with_first_turn_flags(seed: int) -> None:
    for pos in _random_positions(LONG, 20, seed):
        assert decode_long_id(encode_long_id(pos), pos.turn) == pos


@pytest.mark.parametrize(
    "text, message",
    [
        ("4HPwATDgc/AB", "expected 14 characters"),
        ("4HPwATDgc/AB!A", "not Base64"),
        ("//////////////", "ends before all points"),
        ("//8AAAAAAAAAAA", "16 checkers"),
        ("AAAAAAAAAAAAAA", None),  # all zero bits: every checker off for both sides
    ],
)
def test_malformed_position_ids(text: str, message: str | None) -> None:
    if message is None:
        pos = decode_position_id(text)
        assert pos.mine[0] == pos.theirs[0] == 15
        return
    with pytest.raises(MalformedError, match=message):
        decode_position_id(text)


def test_malformed_long_ids() -> None:
    with pytest.raises(MalformedError, match="start with 'L'"):
        decode_long_id("4HPwATDgc/ABMA")
    with pytest.raises(MalformedError, match="14 characters"):
        decode_long_id("Lshort")
    with pytest.raises(MalformedError, match="no bar"):
        encode_long_id(Position.from_points({24: 14}, {24: 15}, mine_bar=1))
