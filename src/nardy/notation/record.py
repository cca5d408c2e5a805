"""nardy's native record: a game or a match as JSON lines (one record per line).

A **game** file is the records of ``nardy.game.Game`` — a ``setup`` line, then one
line per opening toss, roll, play, cube action or resignation. A **match** file starts
with a ``match`` line, then each game as a ``game`` line followed by that game's
records (``nardy.match``). Every variant and every rule option is recorded, so a
record replays into exactly the same game.

Blank lines are ignored. Reading reports the first problem with its line (and, for
bad JSON, column) number: unreadable JSON, a line that is not an object, or a record
the rules do not allow.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from nardy.errors import MalformedError
from nardy.game import Game, ReplayError
from nardy.match import Match, MatchReplayError
from nardy.notation.transcript import FormatError

__all__ = [
    "FormatError",
    "dump_records",
    "load_records",
    "read_game",
    "read_match",
    "read_record",
    "write_game",
    "write_match",
]


def dump_records(records: Iterable[dict[str, Any]]) -> str:
    """Records as JSON lines (compact, UTF-8 text, one record per line)."""
    return "".join(
        json.dumps(r, ensure_ascii=False, separators=(", ", ": ")) + "\n" for r in records
    )


def write_game(game: Game) -> str:
    """A game as JSON lines."""
    return dump_records(game.records)


def write_match(match: Match) -> str:
    """A match as JSON lines."""
    return dump_records(match.records)


def _not_json(constant: str) -> Any:
    raise ValueError(f"{constant} is not a JSON number")


def load_records(text: str, *, source: str = "") -> tuple[list[dict[str, Any]], list[int]]:
    """Parse JSON lines into records and the line number of each."""
    if not isinstance(text, str):
        raise MalformedError("record-file-not-text")
    records: list[dict[str, Any]] = []
    lines: list[int] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line, parse_constant=_not_json)
        except json.JSONDecodeError as exc:
            raise FormatError(
                number, exc.colno, MalformedError("file-not-json", detail=exc.msg), source
            ) from None
        except ValueError as exc:  # an integer of more than 4,300 digits, NaN, Infinity
            raise FormatError(
                number, None, MalformedError("file-not-json", detail=str(exc)), source
            ) from None
        except RecursionError:
            raise FormatError(number, None, MalformedError("file-too-deep"), source) from None
        if not isinstance(value, dict):
            raise FormatError(number, 1, MalformedError("record-line-not-object"), source)
        records.append(value)
        lines.append(number)
    if not records:
        raise FormatError(1, None, MalformedError("record-file-empty"), source)
    return records, lines


def _line(lines: list[int], index: int) -> int:
    return lines[index] if index < len(lines) else (lines[-1] + 1 if lines else 1)


def _check_fields(
    records: list[dict[str, Any]],
    replayed: list[dict[str, Any]],
    lines: list[int],
    source: str,
) -> None:
    """Every field of the file was used: a field the game does not know is an error,
    not something silently dropped."""
    for rec, canon, line in zip(records, replayed, lines, strict=False):
        extra = set(rec) - set(canon)
        if rec.get("type") == "setup":
            extra -= {"position", "cube", "options"}
        if rec.get("type") in ("setup", "match"):
            extra -= {"dice"}  # a server game's verifiable-dice commitment and seeds
        if extra:
            raise FormatError(
                line,
                None,
                MalformedError(
                    "record-unknown-fields", fields=sorted(extra), kind=repr(rec.get("type"))
                ),
                source,
            )


def read_game(text: str, *, source: str = "") -> Game:
    """Replay a game file; the first bad line raises ``FormatError``."""
    records, lines = load_records(text, source=source)
    try:
        game = Game.replay(records)
    except ReplayError as exc:
        raise FormatError(_line(lines, exc.index), None, exc.reason, source) from exc
    _check_fields(records, game.records, lines, source)
    return game


def read_match(text: str, *, source: str = "") -> Match:
    """Replay a match file; the first bad line raises ``FormatError``."""
    records, lines = load_records(text, source=source)
    try:
        match = Match.replay(records)
    except MatchReplayError as exc:
        raise FormatError(_line(lines, exc.index), None, exc.reason, source) from exc
    _check_fields(records, match.records, lines, source)
    return match


def read_record(text: str, *, source: str = "") -> Game | Match:
    """Read a game or a match file, whichever it holds (by its first record)."""
    records, lines = load_records(text, source=source)
    kind = records[0].get("type")
    if kind == "match":
        return read_match(text, source=source)
    if kind == "setup":
        return read_game(text, source=source)
    raise FormatError(
        lines[0],
        None,
        MalformedError("record-file-start", kind=repr(kind)),
        source,
    )
