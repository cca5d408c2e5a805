""".mat (Jellyfish / gnubg) import and export: a gnubg-style fixture, round trips,
errors with line numbers and fuzzing (RULES.md C-1, C-3, C-4)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from helpers_matches import mutate_lines, random_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.cube import CubeRules
from nardy.errors import MalformedError
from nardy.match import Match
from nardy.notation.mat import read_mat, write_mat
from nardy.notation.sgf import read_sgf
from nardy.notation.transcript import FormatError

FIXTURES = Path(__file__).parent / "fixtures"
MAT = (FIXTURES / "gnubg_3pt.mat").read_text()
SGF = (FIXTURES / "gnubg_3pt.sgf").read_text()


def test_gnubg_fixture_imports_the_whole_match() -> None:
    match = read_mat(MAT, source="gnubg_3pt.mat")
    assert match.length == 3 and match.players == ("gnubg", "Natasha")
    assert len(match.games) == 4
    assert match.score == (2, 3) and match.is_over and match.winner == 1
    outcomes = [
        (g.outcome.winner, g.outcome.kind, g.outcome.value, g.outcome.reason)
        for g in match.games
        if g.outcome
    ]
    assert outcomes == [
        ("black", "single", 1, "drop"),  # Doubles => 2 / Drops
        ("white", "single", 2, "bear-off"),  # a 2-cube taken, then played out
        ("black", "single", 1, "bear-off"),  # the Crawford game
        ("black", "single", 1, "resign"),  # Wins 1 point with the game unfinished
    ]
    assert [match.is_crawford(i) for i in range(4)] == [False, False, True, False]  # C-4
    # (2-2 after the Crawford game: double match point, where the cube is dead)
    assert match.games[3].cube.value == 1 and match.games[3].cube.dead_for("black")


def test_a_double_at_double_match_point_is_refused_c4_dead_cube() -> None:
    """RULINGS.md, C-4 dead cube: at 2-2 in a 3-point match a game won at the cube's
    value wins either player the match, so a double is refused where it stands in the
    file (as gnubg refuses it: "The cube is dead")."""
    dead = MAT.replace(
        "  4) 13: 6/5 5/2                 65: 13/7 13/8",
        "  4) 13: 6/5 5/2                  Doubles => 2\n"
        "  5)  Takes                      65: 13/7 13/8",
    )
    assert dead != MAT
    with pytest.raises(FormatError, match="cube is dead") as err:
        read_mat(dead, source="dead.mat")
    assert err.value.line == 75


def test_gnubg_mat_and_sgf_fixtures_are_the_identical_match() -> None:
    assert read_mat(MAT).records == read_sgf(SGF).records


def test_writing_is_canonical_and_reads_back_the_same_match() -> None:
    match = read_mat(MAT)
    text = write_mat(match)
    assert read_mat(text).records == match.records
    assert write_mat(read_mat(text)) == text
    assert "Wins 1 point and the match" in text
    assert " 3 point match" in text and '; [Crawford "On"]' in text


def test_gnubg_layout_of_move_lines() -> None:
    text = write_mat(read_mat(MAT))
    lines = text.splitlines()
    assert "  1) 43: 13/9 9/6                43: 13/9 9/6" in lines
    assert "  5) 15: 6/5 8/3                  Doubles => 2" in lines
    assert "  1)                             63: 13/7 7/4" in lines  # black starts
    assert " gnubg : 0                      Natasha : 0" in lines
    assert "                                  Wins 1 point" in lines


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([0, 1, 3, 5]), st.booleans())
def test_round_trip_write_read_same_match(seed, length, beavers) -> None:
    cube = CubeRules(beavers=beavers) if length == 0 else None
    match = random_match(seed, length=length, cube=cube, max_games=3)
    text = write_mat(match)
    assert read_mat(text).records == match.records


@pytest.mark.parametrize("variant", ["short-ru", "short-caucasian"])
def test_other_short_variants_travel_in_a_nardy_header(variant) -> None:
    match = random_match(3, length=3, variant=variant, max_games=2)
    text = write_mat(match)
    assert f'; [Nardy Variant "{variant}"]' in text
    assert read_mat(text).records == match.records


def test_cube_rules_travel_in_headers() -> None:
    limited = random_match(8, length=0, cube=CubeRules(max_doubles=2), max_games=2)
    text = write_mat(limited)
    assert '; [CubeLimit "4"]' in text
    assert read_mat(text).cube_rules.max_doubles == 2
    nocube = random_match(8, length=3, cube=CubeRules(enabled=False), max_games=2)
    assert read_mat(write_mat(nocube)).records == nocube.records
    davé = random_match(9, length=0, cube=CubeRules(progression="arithmetic"), max_games=2)
    assert read_mat(write_mat(davé)).records == davé.records


def test_long_nardy_cannot_be_written_as_mat() -> None:
    with pytest.raises(MalformedError, match="short nardy"):
        write_mat(Match("long", 3))


def test_what_mat_cannot_say_is_left_out() -> None:
    match = Match("short", 3)
    game = match.new_game()
    game.opening(4, 4)  # a tied toss: tossed again
    game.opening(3, 1)
    game.play("8/5 6/5")
    game.resign(1)
    game.reject()  # a refused resignation
    game.roll(6, 4)
    game.resign(2)  # resigns after rolling
    game.accept()
    back = read_mat(write_mat(match))
    assert back.score == match.score == (2, 0)
    kinds = [r["type"] for r in back.games[0].records]
    assert kinds == ["setup", "opening", "play", "resign", "accept"]


# -- tolerance ---------------------------------------------------------------------------


def test_tolerates_other_column_widths_bar_off_words_and_comments() -> None:
    text = """; made by hand
 1 point match

 Game 1
 A : 0   B : 0
  1) 31: 8/5 6/5   64: 24/18 13/9
  2) 62: 24/18 13/11
  ; a comment between moves
  2)                     54: bar/20 20/15
      Wins 1 point and the match
"""
    with pytest.raises(FormatError, match="line 9, column 26: bar/15"):  # nobody on the bar
        read_mat(text)
    good = """ 3 point match
 Game 1
 A : 0   B : 0
  1) 31: 8/5 6/5   64: 24/18 13/9
  2) 62: 24/18 13/11                 Doubles => 2
  3)  Takes
  4)                     54: 13/8 13/9
"""
    match = read_mat(good)
    assert match.games[0].cube.value == 2 and match.games[0].phase == "roll"


# -- errors ------------------------------------------------------------------------------


def mat(body: str, header: str = " 3 point match\n\n Game 1\n A : 0    B : 0\n") -> str:
    return header + body


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "point match"),
        ("hello\n", 1, "expected 'N point match'"),
        (" 3 point match\n Game 2\n", 2, "expected Game 1"),
        (" 3 point match\n  1) 31: 8/5 6/5\n", 2, "expected 'Game 1'"),
        (mat("  1) 33: 8/5 8/5 6/3 6/3\n"), 5, "cannot be a double"),
        (mat("  1) 31: 13/4\n"), 5, "not legal"),
        (
            mat(
                "  1) 31: 8/5 6/5      42: 8/4 6/4\n  2) 31: 8/5 6/5      31: 8/5 6/5\n"
                "  3) 11: 6/5 6/5 6/5 6/5\n"
            ),
            7,
            "no checker to move from 6",
        ),
        (mat("  1) 31: 8/5 6/5\n  2) 42: 8/4 6/4\n"), 6, "black's turn"),
        (mat("  1) 31: 8/5 6/5     72: 8/1\n"), 5, "'72:' is not a roll"),
        (mat("  1) 31: 8/5 6/5     64: 24/18 13/9    Takes\n"), 5, "more than two"),
        (mat("  1) 31: 8/5 6/5     Takes\n"), 5, "no double"),
        (mat("  1) 31: 8/5 6/5     64:\n"), 5, "legal plays exist"),
        (mat("  1) 31: 8/5 6/5     64: 24/18 13/9 flying\n"), 5, "flying"),
        (mat("  1) 31: 8/5 6/5      Doubles => two\n"), 5, "Doubles"),
        (mat("  1) 31: 8/5 6/5      Drops please\n"), 5, "please"),
        (mat("      Wins lots\n"), 5, "Wins n point"),
        (
            mat("  1) 31: 8/5 6/5     Doubles => 2\n  2)  Takes\n      Wins 3 points\n"),
            7,
            "whole number",
        ),
        (
            mat("  1) 31: 8/5 6/5     Doubles => 2\n  2)  Drops\n      Wins 2 points\n"),
            7,
            "the file says white wins 2",
        ),
        (
            mat("  1) 31: 8/5 6/5\n      Wins 1 point\n\n Game 2\n A : 0    B : 0\n"),
            8,
            "starts at 0-0 but the games before give 1-0",
        ),
        (mat("  1) 31: 8/5 6/5\n\n Game 2\n A : 0    B : 0\n"), 3, "has no result"),
        (mat("  1) 31: 8/5 6/5\n  what is this\n"), 6, "unexpected 'what'"),
        (" 3 point match\n Game 1\n A : 0   B : 0\n  1) 31: 8/5 6/5  !!\n", 4, "!!"),
    ],
)
def test_errors_name_the_line(text, line, message) -> None:
    with pytest.raises(FormatError, match=message) as info:
        read_mat(text, source="in.mat")
    assert info.value.line == line, str(info.value)
    assert str(info.value).startswith("in.mat, line")


def test_unsupported_variation_and_bad_headers() -> None:
    with pytest.raises(FormatError, match="NackGammon"):
        read_mat('; [Variation "NackGammon"]\n 1 point match\n')
    with pytest.raises(FormatError, match="Jacoby"):
        read_mat('; [Jacoby "Maybe"]\n 0 point match\n')
    with pytest.raises(FormatError, match="header"):
        read_mat('; [Nardy Variant "checkers"]\n 0 point match\n')
    with pytest.raises(FormatError, match="header"):
        read_mat('; [Nardy Options "[1]"]\n 0 point match\n')


# -- fuzzing -----------------------------------------------------------------------------


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate_lines(text, data, "0123456789/*:) abWDT=>", 40)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_fixture_is_rejected_with_a_line_or_read_consistently(data) -> None:
    text = _mutate(MAT, data)
    try:
        match = read_mat(text)
    except FormatError as exc:
        assert 1 <= exc.line <= len(text.splitlines()) + 1
        assert "Traceback" not in str(exc)
        return
    # Accepted: it is a legal match, and writing it reads back to the same match.
    assert read_mat(write_mat(match)).records == match.records


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_never_gives_a_traceback(text) -> None:
    with contextlib.suppress(FormatError):
        read_mat(text)


def test_game_resigned_before_its_first_play_reads_back() -> None:
    """A game resigned before any checker moved has no move line in .mat or SGF; the
    readers apply the resignation at the toss (found by the server's downloads)."""
    from nardy.notation.sgf import read_sgf, write_sgf

    match = Match("short", 3)
    game = match.new_game()
    game.opening(5, 3)
    game.resign(2)
    game.accept()
    assert read_mat(write_mat(match)).score == match.score == (0, 2)
    assert read_sgf(write_sgf(match)).score == (0, 2)
