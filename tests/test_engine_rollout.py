"""The engine's ``rollout`` command (``nardy.engine.rollout``): the same games as the
library's rollout (``nardy.rollout``) for a position and for a roll's plays, cut short
by the request's budget, and every bad field a clear error."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nardy.engine.budget import Budget
from nardy.engine.protocol import handle_line
from nardy.engine.rollout import rollout
from nardy.notation.position_json import position_to_json
from nardy.position import Position
from nardy.rollout import Plan, rollout_plays, rollout_position
from nardy.rollout.trial import TrialSettings
from nardy.variants import find_variant

SHORT = find_variant("short")
RACE = Position.from_points({10: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {8: 2, 6: 4, 5: 3, 4: 3, 2: 3})


def position_json(pos: Position) -> dict[str, Any]:
    return position_to_json(pos)


def ask(**fields: Any) -> dict[str, Any]:
    line = json.dumps({"id": 1, "cmd": "rollout", "variant": "short", **fields})
    answer: dict[str, Any] = json.loads(handle_line(line))
    return answer


def test_a_position_rollout_is_the_librarys() -> None:
    answer = ask(position=position_json(RACE), games=72, seed=5)
    lib = rollout_position(SHORT, RACE, TrialSettings(seed=5), Plan(games=72)).to_json()
    assert answer == {"id": 1, **lib, "level": "advanced", "complete": True}


def test_a_rolls_plays_are_the_librarys_best_first() -> None:
    answer = ask(position=position_json(RACE), dice=[6, 5], games=36, top=2, truncate=4)
    settings = TrialSettings(truncate=4)
    lib = rollout_plays(SHORT, RACE, (6, 5), settings, Plan(games=36), top=2)
    assert [p["play"] for p in answer["plays"]] == [x.play for x in lib]
    assert answer["plays"][0]["equity"] == lib[0].result.to_json()["equity"]
    assert answer["complete"] is True


def test_a_spent_budget_answers_with_the_games_played() -> None:
    request = {"variant": "short", "position": position_json(RACE), "games": 1296}
    spent = Budget(clock=lambda: 0.0, deadline=1.0, stopped=lambda: True)
    answer = rollout(request, spent)
    assert answer["games"] == 36 and answer["complete"] is False  # one batch
    request["dice"] = [6, 5]
    plays = rollout(request, spent)["plays"]
    assert [p["games"] for p in plays] == [36] * len(plays)  # each play one batch


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"games": 0}, "games"),
        ({"games": 100_001}, "games"),
        ({"games": "36"}, "games"),
        ({"cubeful": "yes"}, "cubeful"),
        ({"vr": 1}, "vr"),
        ({"seed": -1}, "seed"),
        ({"truncate": 10_001}, "truncate"),
        ({"top": 11, "dice": [6, 5]}, "top"),
        ({"dice": [7, 1]}, "dice"),
        ({"level": "grandmaster"}, "level"),
        ({"match": {"length": 3, "score": [3, 0]}}, "match.score"),
    ],
)
def test_bad_fields_are_clear_errors(fields: dict[str, Any], words: str) -> None:
    answer = ask(position=position_json(RACE), **fields)
    assert set(answer) >= {"id", "error"} and words in answer["error"], answer


def test_a_finished_game_is_refused() -> None:
    over = Position.from_points({}, {1: 1})
    answer = ask(position=position_json(over))
    assert "error" in answer and answer["code"] == "rollout-game-over"
