"""SGF backgammon (FF[4] GM[6]) import and export: a gnubg-style fixture, tolerance
of real files, canonical output, round trips, errors with line and column, fuzzing."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest
from helpers_matches import random_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.cube import CubeRules
from nardy.errors import MalformedError
from nardy.match import Match
from nardy.notation.sgf import read_sgf, write_sgf
from nardy.notation.transcript import FormatError

SGF = (Path(__file__).parent / "fixtures" / "gnubg_3pt.sgf").read_text()

OPENING = "(;FF[4]GM[6]MI[length:3][game:1][ws:0][bs:0]PW[A]PB[B]RU[Crawford]\n;W[31hefe])\n"


def test_gnubg_fixture_imports_the_whole_match() -> None:
    match = read_sgf(SGF, source="gnubg_3pt.sgf")
    assert (match.length, match.players, len(match.games)) == (3, ("gnubg", "Natasha"), 4)
    assert match.score == (2, 3) and match.winner == 1
    assert [g.cube.crawford for g in match.games] == [False, False, True, False]
    last = match.games[3].outcome
    assert last is not None and (last.reason, last.value) == ("resign", 1)  # RE[B+1R]


def test_writing_is_canonical() -> None:
    match = read_sgf(SGF)
    text = write_sgf(match)
    assert read_sgf(text).records == match.records
    assert write_sgf(read_sgf(text)) == text
    first = text.splitlines()[0]
    assert first.startswith("(;FF[4]GM[6]CA[UTF-8]AP[nardy")
    assert "MI[length:3][game:1][ws:0][bs:0]PW[gnubg]PB[Natasha]RU[Crawford]RE[B+1]" in first
    assert "RU[Crawford:CrawfordGame]" in text.split("(;")[3]


def test_points_are_letters_from_whites_side() -> None:
    match = read_sgf(OPENING)
    assert match.games[0].records[-1] == {"type": "play", "play": "8/5 6/5"}
    black = read_sgf("(;FF[4]GM[6]PW[A]PB[B]\n;B[31qtst])")  # black's 8/5 6/5
    assert black.games[0].records[-1] == {"type": "play", "play": "8/5 6/5"}
    assert black.games[0].records[1] == {"type": "opening", "white": 1, "black": 3}


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([0, 1, 3, 7]), st.booleans())
def test_round_trip_write_read_same_match(seed, length, beavers) -> None:
    cube = CubeRules(beavers=beavers) if length == 0 else None
    match = random_match(seed, length=length, cube=cube, max_games=3)
    assert read_sgf(write_sgf(match)).records == match.records


def test_beaver_is_a_double_by_the_side_doubled_then_a_take_c3() -> None:
    match = Match("short", 0, cube=CubeRules(beavers=True))
    game = match.new_game()
    game.opening(3, 1)
    game.play("8/5 6/5")
    game.double()
    game.beaver()
    text = write_sgf(match)
    assert ";B[double]\n;W[double]\n;B[take]" in text
    assert read_sgf(text).records == match.records
    # A reader that leaves out the doubler's take is read the same way.
    assert read_sgf(text.replace("\n;B[take]", "")).records == match.records


def test_other_short_variants_and_cube_rules_travel_in_nardy_properties() -> None:
    match = random_match(
        4, length=0, variant="short-ru", max_games=2, cube=CubeRules(progression="arithmetic")
    )
    text = write_sgf(match)
    assert "NV[short-ru]" in text and "NC[" in text
    assert read_sgf(text).records == match.records
    with pytest.raises(MalformedError, match="short nardy"):
        write_sgf(Match("long", 3))


def test_jacoby_resignations_keep_their_score_not_their_level_c3() -> None:
    # With Jacoby and the cube not turned a gammon resignation scores 1: SGF keeps the
    # points (RE[W+1R]), so it reads back as a single resignation with the same score.
    match = random_match(1, length=0, cube=CubeRules(beavers=True, jacoby=True), max_games=3)
    back = read_sgf(write_sgf(match))
    assert back.score == match.score
    assert [g.outcome for g in back.games] == [g.outcome for g in match.games]


def test_no_cube_and_jacoby_rules() -> None:
    nocube = random_match(5, length=3, cube=CubeRules(enabled=False), max_games=1)
    text = write_sgf(nocube)
    assert "RU[NoCube:Crawford]" in text
    assert not read_sgf(text).cube_rules.enabled
    jacoby = read_sgf("(;FF[4]GM[6]MI[length:0]RU[Jacoby]\n;W[31hefe])")
    assert jacoby.cube_rules.jacoby and jacoby.money


# -- tolerance ---------------------------------------------------------------------------------


def test_tolerates_unknown_properties_old_names_spacing_and_variations() -> None:
    text = """(;FF[4] GM [6]
  AP[Some program\\]s name]  MI[length:3][game:0][ws:0][bs:0][wtime:0]
  WhiteRank[x]PW[A]PB[B]RU[Crawford]XX[anything]
  ;W[31hefe]
    Comment[nice \\] one]LU[0.0123]
  (;B[64aglp];W[double];B[drop])
  (;B[55]))
"""
    match = read_sgf(text)
    game = match.games[0]
    assert [r["type"] for r in game.records] == [
        "setup",
        "opening",
        "play",
        "roll",
        "play",
        "double",
        "pass",
    ]
    assert match.score == (1, 0) and match.players == ("A", "B")


def test_result_forms() -> None:
    base = "(;FF[4]GM[6]MI[length:3]PW[A]PB[B]RU[Crawford]{}\n;W[31hefe];B[double];W[drop])"
    assert read_sgf(base.format("RE[B+1]")).score == (0, 1)
    with pytest.raises(FormatError, match="says white wins 1"):
        read_sgf(base.format("RE[W+1]"))
    resign = "(;FF[4]GM[6]MI[length:3]PW[A]PB[B]RE[W+2Resign]\n;W[31hefe])"
    out = read_sgf(resign).games[0].outcome
    assert out is not None and (out.winner, out.kind, out.reason) == ("white", "gammon", "resign")


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("", 1, 1, "no game tree"),
        ("hello", 1, 1, "expected '('"),
        ("(;FF[4]GM[6]", 1, 1, "never closed with ')'"),
        ("(;FF[4]GM[6]\n;W[31hefe)", 2, 3, "never closed with ']'"),
        ("(;FF[4]GM[1])", 1, 8, "not backgammon"),
        ("(;FF[4]GM[6]W)", 1, 13, "no value"),
        ("()", 1, 2, "at least one node"),
        ("(;FF[4]GM[6]\n;W[31hefe]B[move])", 2, 11, "not a move"),
        ("(;FF[4]GM[6]\n;W[31zefe])", 2, 2, "move from off"),
        ("(;FF[4]GM[6]\n;W[31hy])", 2, 2, "to the bar"),
        ("(;FF[4]GM[6]\n;W[31he0e])", 2, 2, "not a point"),
        ("(;FF[4]GM[6]\n;W[31hef])", 2, 2, "letter pairs"),
        ("(;FF[4]GM[6]\n;W[31eh])", 2, 2, "forward"),
        ("(;FF[4]GM[6]\n;W[71])", 2, 2, "not a move"),
        ("(;FF[4]GM[6]\n;W[33hefe])", 2, 2, "cannot be a double"),
        ("(;FF[4]GM[6]\n;W[31xs])", 2, 2, "not legal"),
        ("(;FF[4]GM[6]\n;W[31hefe]\n;W[42])", 3, 2, "black's turn"),
        ("(;FF[4]GM[6]\n;W[31hefe]\n;B[take])", 3, 2, "no double"),
        ("(;FF[4]GM[6]MI[length:x])", 1, 13, "whole number"),
        ("(;FF[4]GM[6]RE[maybe])", 1, 13, "W+n"),
        ("(;FF[4]GM[6]CV[2])", 1, 13, "turned cube"),
        ("(;FF[4]GM[6]\n;AE[a:y]AW[a])", 2, 2, "set up from a position"),
        (
            "(;FF[4]GM[6]MI[length:3]RE[W+1]\n;W[31hefe])\n(;FF[4]GM[6]MI[length:5])",
            3,
            None,
            "same length",
        ),
        ("(;FF[4]GM[6]MI[length:3][ws:1]\n;W[31hefe])", 1, None, "starts at 1-0"),
        ("(;FF[4]GM[6]MI[length:3]\n;W[31hefe])\n(;FF[4]GM[6]MI[length:3])", 1, None, "no result"),
        ("(;FF[4]GM[6]NV[checkers])", 1, 13, "unknown variant"),
        ("(;FF[4]GM[6]" + "(;C[x]" * 300 + ")" * 301, 1, 1213, "nested more than 200"),
    ],
)
def test_errors_name_line_and_column(text, line, column, message) -> None:
    with pytest.raises(FormatError, match=re.escape(message)) as info:
        read_sgf(text, source="in.sgf")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)


def test_crawford_flag_must_agree_with_the_score_c4() -> None:
    text = "(;FF[4]GM[6]MI[length:3][ws:0][bs:0]RU[Crawford:CrawfordGame]\n;W[31hefe])"
    with pytest.raises(FormatError, match="Crawford"):
        read_sgf(text)


# -- fuzzing -------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_fixture_is_rejected_with_a_position_or_read_consistently(data) -> None:
    text = SGF
    i = data.draw(st.integers(0, len(text) - 1))
    kind = data.draw(st.sampled_from(["replace", "delete", "insert"]))
    ch = data.draw(st.sampled_from(list("abcxyz0123456789[];()WB\\")))
    if kind == "replace":
        text = text[:i] + ch + text[i + 1 :]
    elif kind == "delete":
        text = text[:i] + text[i + 1 :]
    else:
        text = text[:i] + ch + text[i:]
    try:
        match = read_sgf(text)
    except FormatError as exc:
        assert 1 <= exc.line <= text.count("\n") + 2
        return
    assert read_sgf(write_sgf(match)).records == match.records


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("();[]\\WBGMF46abxyz12 \n:")), max_size=120))
def test_arbitrary_text_never_gives_a_traceback(text) -> None:
    with contextlib.suppress(FormatError):
        read_sgf(text)
