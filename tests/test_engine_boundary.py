"""The engine protocol's one boundary (``nardy.engine.protocol``): every line is answered
with one line of strict JSON and the engine keeps serving — the reproductions of lines
that used to end ``nardy engine``, in-process and once through the real process."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from typing import Any

import pytest

from nardy.engine.protocol import handle, handle_line
from nardy.engine.serve import read_lines, serve
from nardy.engine.wire import MAX_DEPTH, MAX_LINE_BYTES

START = {
    "turn": "white",
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}
START_TEXT = json.dumps(START)
GOOD = f'{{"id": 99, "cmd": "id", "variant": "short", "position": {START_TEXT}}}'.encode()


def strict(answer: str | bytes) -> dict[str, Any]:
    """The answer read by a strict reader: UTF-8, no NaN/Infinity, one JSON object."""
    text = answer.decode("utf-8") if isinstance(answer, bytes) else answer
    text.encode("utf-8")  # no lone surrogate survives
    obj = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} in an answer"))
    assert isinstance(obj, dict) and "id" in obj
    return obj


# Each line ended the engine (exit 1) or answered with text that is not JSON.
REPRODUCTIONS: list[tuple[str, bytes, Any, str]] = [
    ("lone surrogate id", b'{"id":"\\ud800","cmd":"x"}', None, "lone surrogate"),
    ("lone surrogate elsewhere", b'{"id":3,"cmd":"legal","variant":"\\udfff"}', 3, "surrogate"),
    ("100,000 nested [", b"[" * 100_000, None, "nested more than"),
    ("deep object", b'{"id":4,"cmd":"x","a":' + b"[" * 40 + b"]" * 40 + b"}", 4, "nested"),
    ("4,301-digit id", b'{"id":1' + b"0" * 4300 + b',"cmd":"x"}', None, "id must be"),
    ("20-digit id", b'{"id":99999999999999999999,"cmd":"x"}', None, "id must be"),
    ("NaN id", b'{"id":NaN,"cmd":"x"}', None, "not NaN"),
    ("Infinity id", b'{"id":Infinity,"cmd":"x"}', None, "not Infinity"),
    ("-Infinity id", b'{"id":-Infinity,"cmd":"x"}', None, "not -Infinity"),
    ("1e400 id", b'{"id":1e400,"cmd":"x"}', None, "not 1e400"),
    ("non-UTF-8", b'{"id":5,"cmd":"\xff\xfe"}', None, "not UTF-8: byte 0xff at offset 15"),
    ("truncated UTF-8", b'{"id":6,"cmd":"\xd0"}', None, "not UTF-8"),
    ("encoded surrogate", b'{"id":"\xed\xa0\x80"}', None, "not UTF-8"),
]


@pytest.mark.parametrize(
    "line, rid, fragment", [r[1:] for r in REPRODUCTIONS], ids=[r[0] for r in REPRODUCTIONS]
)
def test_hostile_line_is_answered(line: bytes, rid: Any, fragment: str) -> None:
    answer = strict(handle_line(line))
    assert answer["id"] == rid
    assert fragment in answer["error"]


def bot_request(cmd: str, **fields: Any) -> dict[str, Any]:
    return {"id": 7, "cmd": cmd, "variant": "short", "position": START, "level": 0, **fields}


def test_huge_cube_value_names_the_field() -> None:
    # 1 followed by 400 zeros overflowed a float; now the field says what it takes.
    line = json.dumps(bot_request("cube")).replace('"level"', '"cube": {"value": 1%s}, "level"')
    answer = strict(handle_line(line % ("0" * 400)))
    assert answer["id"] == 7
    assert "cube.value must be a power of two 1..4096" in answer["error"]
    for value in (0, 3, 8192, 1.5, "2", True):
        bad = handle(bot_request("cube", cube={"value": value}))
        assert "cube.value" in bad["error"], value
    assert handle(bot_request("cube", cube={"value": 4096}))["double"] in ("double", "no-double")


@pytest.mark.parametrize("length", [26, 20_000, 1_000_000, 10**17, -1, 2.0, "7"])
def test_match_length_is_bounded_by_the_table(length: Any) -> None:
    # 20,000 took minutes and 1,000,000 ran out of memory extending the MET (C-4).
    answer = handle(bot_request("eval", match={"length": length, "score": [0, 0]}))
    assert answer["id"] == 7
    assert "match.length must be an integer 0..25" in answer["error"]


def test_longest_match_is_scored() -> None:
    answer = handle(bot_request("eval", match={"length": 25, "score": [24, 0]}))
    assert "error" not in answer and 0.0 <= answer["mwc"] <= 1.0


def test_position_id_with_padding_inside() -> None:
    # 14 characters with '=' inside decoded to fewer than 10 bytes: IndexError.
    answer = handle(
        {"id": 8, "cmd": "from-id", "variant": "short", "position_id": "4HPwDgc/ABMA=="}
    )
    assert answer == {
        "id": 8,
        "error": "position ID '4HPwDgc/ABMA==': not Base64 (A-Z, a-z, 0-9, + and /)",
        "code": "id-base64-chars",
    }


@pytest.mark.parametrize(
    "field, value, fragment",
    [
        ("plies", 4, "plies must be an integer 0..3"),
        ("plies", -1, "plies must be an integer 0..3"),
        ("plies", True, "plies must be an integer 0..3"),
        ("top", 0, "top must be an integer 1..1000"),
        ("top", 10**6, "top must be an integer 1..1000"),
        ("level", 6, "level must be 0..5"),
        ("level", "x" * 100, "level must be 0..5 or a level name"),
        ("level", [3], "level must be 0..5 or a level name"),
        ("time_limit", 0, "time_limit must be a number of seconds"),
        ("time_limit", 601, "time_limit must be a number of seconds"),
        ("time_limit", "1", "time_limit must be a number of seconds"),
        ("dice", [6, 10**30], "a die shows 1..6"),
        ("variant", "x" * 100, "variant must be a name of at most 64 characters"),
    ],
)
def test_every_field_is_range_checked(field: str, value: Any, fragment: str) -> None:
    answer = handle(bot_request("rank", **{"dice": [3, 1], field: value}))
    assert answer["id"] == 7
    assert fragment in answer["error"]


def test_ids_echoed_and_refused() -> None:
    good: tuple[Any, ...] = (None, 0, -(2**53), 2**53, "", "ж" * 256)
    for rid in good:
        assert handle({"id": rid, "cmd": "nope"})["id"] == rid
    bad: tuple[Any, ...] = (2**53 + 1, 1.5, True, [1], {"a": 1}, "x" * 257)
    for rid in bad:
        answer = handle({"id": rid, "cmd": "nope"})
        assert answer["id"] is None and answer["error"].startswith("id must be"), rid


def test_long_error_messages_are_cut() -> None:
    answer = handle({"id": 1, "cmd": "from-id", "position_id": "x" * 100_000})
    assert len(answer["error"]) < 200 and "100000 characters" in answer["error"]
    answer = handle({"id": 1, "cmd": "z" * 100_000})
    assert len(answer["error"]) <= 400


def test_an_unexpected_exception_is_answered_and_logged(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from nardy.engine import protocol

    def broken(request: dict[str, Any], budget: Any) -> dict[str, Any]:
        empty: dict[str, dict[str, Any]] = {}
        return empty["missing"]

    monkeypatch.setitem(protocol.COMMANDS, "legal", broken)
    answer = strict(handle_line(b'{"id": "k", "cmd": "legal"}'))
    assert answer == {"id": "k", "error": "internal error: KeyError: 'missing'"}
    assert "engine command 'legal' failed" in caplog.text


def test_an_answer_that_is_not_json_becomes_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from nardy.engine import protocol

    monkeypatch.setitem(protocol.COMMANDS, "legal", lambda r, b: {"equity": float("nan")})
    answer = strict(handle_line(b'{"id": 2, "cmd": "legal"}'))
    assert answer["id"] == 2 and answer["error"].startswith("internal error: ValueError")


def test_line_too_long_is_skipped_to_its_end() -> None:
    import io

    data = b'{"id": 1, "cmd": "' + b"a" * (MAX_LINE_BYTES + 10) + b'"}\n' + GOOD + b"\n"
    lines = list(read_lines(io.BytesIO(data)))
    assert lines == [MAX_LINE_BYTES + 30, GOOD]
    out = io.BytesIO()
    serve(io.BytesIO(data), out)
    first, second = (strict(line) for line in out.getvalue().splitlines())
    assert first == {
        "id": None,
        "error": f"line too long: {MAX_LINE_BYTES + 30} bytes (at most {MAX_LINE_BYTES})",
    }
    assert second == {"id": 99, "position_id": "4HPwATDgc/ABMA"}


def test_depth_limit_leaves_room_for_requests() -> None:
    assert MAX_DEPTH >= 4  # request.position.white.points
    nested = {"id": 1, "cmd": "nope", "x": [[[[[[[[1]]]]]]]]}
    assert "unknown command" in handle(nested)["error"]


def test_engine_process_serves_after_every_reproduction() -> None:
    """The real ``nardy engine``: each hostile line is answered and the next good one too."""
    lines = [r[1] for r in REPRODUCTIONS]
    lines.append(
        b'{"id":7,"cmd":"cube","variant":"short","level":0,"position":'
        + START_TEXT.encode()
        + b',"cube":{"value":1'
        + b"0" * 400
        + b"}}"
    )
    lines.append(
        b'{"id":8,"cmd":"eval","level":0,"position":'
        + START_TEXT.encode()
        + b',"match":{"length":1000000}}'
    )
    lines.append(b'{"id":9,"cmd":"from-id","position_id":"4HPwDgc/ABMA=="}')
    data = b"".join(line + b"\n" + GOOD + b"\n" for line in lines)
    proc = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "engine"],
        input=data,
        capture_output=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [strict(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 2 * len(lines)
    for hostile, good in zip(answers[::2], answers[1::2], strict=True):
        assert "error" in hostile and not hostile["error"].startswith("internal error")
        assert good == {"id": 99, "position_id": "4HPwATDgc/ABMA"}
    assert [a["id"] for a in answers[-6::2]] == [7, 8, 9]


@pytest.mark.parametrize("key", [" 5", "1_0", "٣", "+3", "05", "25", "0"])
def test_point_keys_are_written_one_way(key: str) -> None:
    # int() reads " 5", "1_0" and "٣" (Arabic-Indic 3): a key is "1".."24" exactly.
    position = {**START, "white": {"points": {key: 1, "13": 14}}}
    answer = handle({"id": 1, "cmd": "id", "variant": "short", "position": position})
    assert answer["id"] == 1 and "is not a point 1..24" in answer["error"]


def test_an_internal_error_quoting_a_surrogate_is_still_utf8(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from nardy.engine import protocol

    def broken(request: dict[str, Any], budget: Any) -> dict[str, Any]:
        raise RuntimeError("bad \ud800 text")

    # The log line quotes the surrogate too; kept out of the captured log, which
    # pytest-xdist must send between processes as UTF-8.
    caplog.set_level(logging.CRITICAL, logger="nardy.engine.protocol")

    monkeypatch.setitem(protocol.COMMANDS, "legal", broken)
    answer = strict(handle_line(b'{"id": 1, "cmd": "legal"}'))
    assert answer == {"id": 1, "error": "internal error: RuntimeError: bad ? text"}


def test_an_option_named_self() -> None:
    # Variant.with_options(self, **options) met {"self": 1}: TypeError, internal error.
    answer = handle({"id": 1, "cmd": "id", "options": {"self": 1}, "position": START})
    assert answer["id"] == 1 and answer["error"].startswith("unknown rule option “self”")


@pytest.mark.parametrize("cube", [False, 0, "", []])
def test_a_cube_that_is_not_an_object(cube: Any) -> None:
    # Falsy values were read as "no cube" before.
    answer = handle(bot_request("cube", cube=cube))
    assert answer["error"] == "cube must be an object {value, owner}"
