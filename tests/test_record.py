"""nardy's native JSON-lines records of games and matches: round trips, errors with
line numbers, and fuzzing (never a traceback, never a silently different game)."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from helpers_matches import mutate_lines, play_out, random_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.cube import CubeRules
from nardy.errors import MalformedError
from nardy.game import Game
from nardy.match import Match
from nardy.notation.record import (
    FormatError,
    dump_records,
    load_records,
    read_game,
    read_match,
    read_record,
    write_game,
    write_match,
)

VARIANTS = ["short", "short-ru", "short-caucasian", "long", "nardgammon"]


def played_game(seed: int, variant: str = "short", **cube: bool) -> Game:
    game = Game(variant, cube=CubeRules(**cube) if cube else None)
    return play_out(
        game, random.Random(seed), p_double=0.1, p_resign=0.02, p_reject=0.5, resign_after_roll=True
    )


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(VARIANTS))
def test_game_write_read_gives_the_same_records(seed, variant) -> None:
    game = played_game(seed, variant)
    text = write_game(game)
    assert text.count("\n") == len(game.records)
    again = read_game(text)
    assert again.records == game.records
    assert again.outcome == game.outcome
    assert read_record(text).records == game.records


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from([0, 1, 3, 7]), st.sampled_from(VARIANTS))
def test_match_write_read_gives_the_same_match(seed, length, variant) -> None:
    cube = CubeRules(beavers=True, jacoby=True) if length == 0 and "short" in variant else None
    match = random_match(
        seed,
        length=length,
        variant=variant,
        cube=cube,
        max_games=3,
        p_reject=0.3,
        resign_after_roll=True,
    )
    text = write_match(match)
    again = read_match(text)
    assert again.records == match.records
    assert again.score == match.score
    assert isinstance(read_record(text), Match)


def test_every_record_is_one_json_object_per_line() -> None:
    game = played_game(7)
    for line, record in zip(write_game(game).splitlines(), game.records, strict=True):
        assert json.loads(line) == record


def test_russian_text_is_written_as_utf8() -> None:
    match = Match("short", 1, players=("Аня", "Борис"))
    assert "Аня" in write_match(match)
    assert read_match(write_match(match)).players == ("Аня", "Борис")


def test_blank_lines_are_ignored_and_counted() -> None:
    game = played_game(3)
    lines = write_game(game).splitlines()
    text = "\n\n".join(lines) + "\n"
    assert read_game(text).records == game.records
    records, numbers = load_records(text)
    assert numbers[:3] == [1, 3, 5]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "empty"),
        ("   \n\n", 1, "empty"),
        ('{"type": "setup", "variant": "short"}\n{"type": "roll"', 2, "not JSON"),
        ('{"type": "setup", "variant": "short"}\n[1, 2]\n', 2, "JSON object"),
        ('{"type": "setup", "variant": "short"}\n"roll"\n', 2, "JSON object"),
        ('{"type": "roll", "dice": [1, 2]}\n', 1, "setup"),
        ('{"type": "setup", "variant": "checkers"}\n', 1, "unknown variant"),
        ('{"type": "setup", "variant": "short", "options": {"colour": 1}}\n', 1, "option"),
        (
            '{"type": "setup", "variant": "short"}\n{"type": "opening", "white": 3, '
            '"black": 1}\n{"type": "play", "play": "24/13"}\n',
            3,
            "not legal",
        ),
        (
            '{"type": "setup", "variant": "short"}\n\n\n{"type": "roll", "dice": [3, 1]}\n',
            4,
            "not time to roll",
        ),
        (
            '{"type": "setup", "variant": "short"}\n{"type": "opening", "white": 3, '
            '"black": 1, "note": "x"}\n',
            2,
            "unknown field",
        ),
    ],
)
def test_errors_name_the_line(text, line, message) -> None:
    with pytest.raises(FormatError, match=message) as info:
        read_game(text, source="game.jsonl")
    assert info.value.line == line
    assert str(info.value).startswith(f"game.jsonl, line {line}")


def test_bad_json_also_names_the_column() -> None:
    with pytest.raises(FormatError) as info:
        read_game('{"type": "setup", "variant": "short"}\n{"type": roll}\n')
    assert (info.value.line, info.value.column) == (2, 10)


def test_match_errors_name_the_line() -> None:
    match = random_match(4, length=3, max_games=2)
    lines = write_match(match).splitlines()
    lines[3] = '{"type": "opening", "white": 7, "black": 1}'
    with pytest.raises(FormatError, match="line 4: a die shows 1..6"):
        read_match("\n".join(lines))
    with pytest.raises(FormatError, match="line 1"):
        read_match('{"type": "setup", "variant": "short"}\n')
    with pytest.raises(FormatError, match="'setup' \\(game\\) or 'match'"):
        read_record('{"type": "roll"}\n')


def test_dump_records_is_the_inverse_of_load_records() -> None:
    records = played_game(11).records
    loaded, _ = load_records(dump_records(records))
    assert loaded == records
    with pytest.raises(MalformedError):
        load_records(b"bytes")  # type: ignore[arg-type]


# -- fuzzing -----------------------------------------------------------------------------

_GAME_TEXT = write_game(played_game(5))
_MATCH_TEXT = write_match(random_match(6, length=3, max_games=2))


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate_lines(text, data, '0123456789{}[]",: abcxyz/*', 30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from([_GAME_TEXT, _MATCH_TEXT]))
def test_mutated_records_are_rejected_with_a_line_or_read_faithfully(data, original) -> None:
    text = _mutate(original, data)
    try:
        result = read_record(text)
    except FormatError as exc:
        assert 1 <= exc.line <= len(text.splitlines()) + 1
        return
    # Whatever is accepted is exactly what the file says: it writes back line for line.
    records, _ = load_records(text)
    written = write_game(result) if isinstance(result, Game) else write_match(result)
    rewritten, _ = load_records(written)
    assert len(rewritten) == len(records)
    for mine, theirs in zip(rewritten, records, strict=True):
        for key, value in theirs.items():
            if key != "play" and not (mine.get("type") == "setup" and key in ("cube",)):
                assert mine.get(key) == value


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_arbitrary_text_never_gives_a_traceback(text) -> None:
    with contextlib.suppress(FormatError):
        read_record(text)
