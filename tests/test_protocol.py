"""The JSON-lines engine protocol (DESIGN.md), in-process and through `nardy engine`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nardy.engine.protocol import handle, handle_line

START_SHORT = {
    "turn": "white",
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}
START_LONG = {
    "turn": "white",
    "white": {"points": {"24": 15}, "first_turn": True},
    "black": {"points": {"24": 15}, "first_turn": True},
}


def test_legal_opening_counts_match_gnubg() -> None:
    # PEERS.md: the opening 6-5 has 7 distinct legal plays, 3-1 has 16.
    for dice, n in (([6, 5], 7), ([3, 1], 16)):
        answer = handle(
            {"id": 1, "cmd": "legal", "variant": "short", "position": START_SHORT, "dice": dice}
        )
        assert len(answer["plays"]) == n
        assert answer["id"] == 1


def test_legal_answer_shape_and_result_turn() -> None:
    answer = handle(
        {"id": "x", "cmd": "legal", "variant": "длинные", "position": START_LONG, "dice": [6, 6]}
    )
    (play,) = answer["plays"]  # L-HEAD-2: 6-6 on the first turn is forced
    assert play["text"] == "24/18(2)"
    assert play["moves"] == [[24, 18], [24, 18]]
    assert play["position"]["turn"] == "black"
    assert play["position"]["white"]["points"] == {"24": 13, "18": 2}
    assert play["position"]["white"]["first_turn"] is False


def test_bar_and_off_are_named() -> None:
    entering = {
        "turn": "white",
        "white": {"points": {}, "bar": 1, "off": 14},
        "black": {"points": {"1": 15}},
    }
    answer = handle({"cmd": "legal", "variant": "short", "position": entering, "dice": [6, 5]})
    assert {p["text"] for p in answer["plays"]} == {"bar/14"}
    assert answer["plays"][0]["moves"] in ([["bar", 19], [19, 14]], [["bar", 20], [20, 14]])
    bearing = {
        "turn": "white",
        "white": {"points": {"2": 1, "1": 1}},
        "black": {"points": {"1": 15}},
    }
    answer = handle({"cmd": "legal", "variant": "short", "position": bearing, "dice": [6, 5]})
    assert [p["text"] for p in answer["plays"]] == ["2/off 1/off"]
    assert sorted(answer["plays"][0]["moves"]) == [[1, "off"], [2, "off"]]


def test_nothing_to_play_is_an_empty_list() -> None:
    # White on the bar against a closed board (S-3).
    pos = {
        "turn": "white",
        "white": {"points": {"13": 14}, "bar": 1},
        "black": {"points": {str(p): 2 for p in range(1, 7)} | {"7": 3}},
    }
    answer = handle({"cmd": "legal", "variant": "short", "position": pos, "dice": [6, 5]})
    assert answer["plays"] == []


def test_segment_of_a_variant_turn() -> None:
    # V-CGUL with crazy_moves_per_double=2: a double is two moves; passed moves too.
    answer = handle(
        {
            "cmd": "legal",
            "variant": "crazy-gulbara",
            "options": {"crazy_moves_per_double": 2},
            "position": START_LONG,
            "segment": [5, 5],
        }
    )
    assert [p["text"] for p in answer["plays"]] == ["24/14"]
    roll = handle(
        {"cmd": "legal", "variant": "crazy-gulbara", "position": START_LONG, "dice": [5, 5]}
    )
    assert [p["text"] for p in roll["plays"]] == ["24/4"]
    bad = handle(
        {
            "id": 9,
            "cmd": "legal",
            "variant": "crazy",
            "position": START_LONG,
            "segment": [5, 5, 5, 5, 5],
        }
    )
    assert bad["id"] == 9 and "1 to 4 dice" in bad["error"]


def test_rule_options_are_used() -> None:
    # L-HEAD-2 head_exception="doubles-6-4-3": 5-5 never allows a second head checker.
    answer = handle(
        {
            "cmd": "legal",
            "variant": "long",
            "options": {"head_exception": "blocked"},
            "position": START_LONG,
            "dice": [5, 5],
        }
    )
    assert [p["text"] for p in answer["plays"]] == ["24/4"]


@pytest.mark.parametrize(
    "request_obj, fragment",
    [
        (
            {
                "cmd": "legal",
                "variant": "short",
                "position": {**START_SHORT, "white": {"points": {"24": 16}}},
                "dice": [1, 2],
            },
            "15 checkers",
        ),
        (
            {
                "cmd": "legal",
                "variant": "short",
                "position": {**START_SHORT, "white": {"points": {"24": -1, "13": 16}}},
                "dice": [1, 2],
            },
            "negative",
        ),
        (
            {
                "cmd": "legal",
                "variant": "short",
                "position": {**START_SHORT, "turn": "red"},
                "dice": [1, 2],
            },
            "turn",
        ),
        ({"cmd": "legal", "variant": "short", "position": START_SHORT, "dice": [0, 2]}, "1..6"),
        ({"cmd": "legal", "variant": "short", "position": START_SHORT, "dice": [3]}, "two"),
        ({"cmd": "legal", "variant": "short", "position": START_SHORT, "dice": ["6", 1]}, "1..6"),
        (
            {"cmd": "legal", "variant": "chess", "position": START_SHORT, "dice": [1, 2]},
            "unknown variant",
        ),
        (
            {
                "cmd": "legal",
                "variant": "long",
                "options": {"head_exception": "sometimes"},
                "position": START_LONG,
                "dice": [1, 2],
            },
            "head_exception",
        ),
        (
            {
                "cmd": "legal",
                "variant": "short",
                "options": {"block_check": "every-move"},
                "position": START_SHORT,
                "dice": [1, 2],
            },
            "other nardy family",
        ),
        (
            {
                "cmd": "legal",
                "variant": "long",
                "position": {
                    "turn": "white",
                    "white": {"points": {"24": 14, "12": 1}},
                    "black": {"points": {"24": 15}},
                },
                "dice": [1, 2],
            },
            "both sides",
        ),
        ({"cmd": "legal", "variant": "short"}, "position"),
        ({"cmd": "from-id", "variant": "short", "position_id": "abc"}, "14 characters"),
        ({"cmd": "frobnicate"}, "unknown command"),
    ],
)
def test_bad_requests_get_an_error(request_obj: dict, fragment: str) -> None:
    answer = handle({"id": 42, **request_obj})
    assert answer["id"] == 42
    assert fragment in answer["error"]


def test_id_and_from_id_round_trip() -> None:
    answer = handle({"id": 1, "cmd": "id", "variant": "short", "position": START_SHORT})
    assert answer["position_id"] == "4HPwATDgc/ABMA"
    back = handle(
        {
            "id": 2,
            "cmd": "from-id",
            "variant": "short",
            "position_id": "4HPwATDgc/ABMA",
            "turn": "black",
        }
    )
    assert back["position"]["turn"] == "black"
    assert back["position"]["black"]["points"] == {"24": 2, "13": 5, "8": 3, "6": 5}
    long_id = handle({"cmd": "id", "variant": "long", "position": START_LONG})["position_id"]
    again = handle({"cmd": "from-id", "variant": "long", "position_id": long_id})
    assert again["position"]["white"]["first_turn"] is True


def test_malformed_json_line() -> None:
    answer = json.loads(handle_line("{not json"))
    assert answer["id"] is None and "malformed JSON" in answer["error"]
    assert "JSON object" in json.loads(handle_line("[1, 2]"))["error"]


def test_engine_process_keeps_serving_after_errors() -> None:
    lines = [
        "garbage",
        json.dumps(
            {"id": 1, "cmd": "legal", "variant": "short", "position": START_SHORT, "dice": [9, 9]}
        ),
        "",
        json.dumps(
            {"id": 2, "cmd": "legal", "variant": "short", "position": START_SHORT, "dice": [6, 5]}
        ),
        json.dumps({"id": 3, "cmd": "nope"}),
        json.dumps({"id": 4, "cmd": "id", "variant": "short", "position": START_SHORT}),
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "engine"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [a.get("id") for a in answers] == [None, 1, 2, 3, 4]
    assert "error" in answers[0] and "error" in answers[1] and "error" in answers[3]
    assert len(answers[2]["plays"]) == 7
    assert answers[4]["position_id"] == "4HPwATDgc/ABMA"


KNOWN = "(known: best, cube, eval, from-id, id, legal, rank, rollout, stop)"


@pytest.mark.parametrize(
    ("request_obj", "error"),
    [
        ({"id": 2}, f"missing field 'cmd' {KNOWN}"),
        ({"id": 2, "cmd": 5}, f"cmd must be a command name (a string), not 5 {KNOWN}"),
        ({"id": 2, "cmd": None}, f"cmd must be a command name (a string), not null {KNOWN}"),
        ({"id": 2, "cmd": True}, f"cmd must be a command name (a string), not a boolean {KNOWN}"),
        (
            {"id": 2, "cmd": ["legal"]},
            f"cmd must be a command name (a string), not a JSON array {KNOWN}",
        ),
        ({"id": 2, "cmd": "fly"}, f"unknown command 'fly' {KNOWN}"),
        ({"id": 2, "cmd": "x" * 65}, f"unknown command 'xxxxxxxxxxxx'…(65 characters) {KNOWN}"),
    ],
)
def test_a_request_without_a_command_name_says_what_cmd_must_be(
    request_obj: dict, error: str
) -> None:
    """A missing ``cmd`` or one that is not a string is named as such, not as an unknown
    command called after its type ('NoneType', 'int'); a long name is quoted shortened."""
    assert handle(request_obj) == {"id": 2, "error": error}
