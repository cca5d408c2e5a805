"""A match's replay says how each finished game ended and the score it left: the last
step of a finished game is no running game (G-11: a game ends the moment a side has
borne off all its checkers, and its points go to the score then)."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import act, play_first_plays

pytestmark = pytest.mark.anyio


def game_ends(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The last step of each game."""
    return [[s for s in data["steps"] if s["game"] == g][-1] for g in range(data["games"])]


async def test_each_finished_game_ends_on_its_result_and_the_score_after_it(
    player_factory: Any,
) -> None:
    p = await player_factory()
    r = await p.post(
        "/api/games", {"variant": "short", "mode": "computer", "level": "beginner", "length": 3}
    )
    st = await play_first_plays(p, r.json())
    gid = st["id"]
    while not st["match"]["over"]:
        # between two games: the match runs, no game does
        data = (await p.get(f"/api/games/{gid}/replay")).json()
        assert data["over"] is False and data["running"] is False
        end = game_ends(data)[-1]
        assert end["outcome"] is not None
        assert end["score_after"] == st["match"]["score"]
        assert (
            sum(end["score_after"].values())
            == sum(end["score"].values()) + (end["outcome"]["value"])
        )
        st = await act(p, gid, {"action": "next-game"})
        running = (await p.get(f"/api/games/{gid}/replay")).json()
        assert running["running"] is True and "score_after" not in running["steps"][-1]
        st = await play_first_plays(p, st)
    data = (await p.get(f"/api/games/{gid}/replay")).json()
    assert data["over"] is True and data["running"] is False
    ends = game_ends(data)
    assert all("score_after" in e for e in ends)
    # the match's last game ends on the final score
    assert ends[-1]["score_after"] == st["match"]["score"]
    assert max(ends[-1]["score_after"].values()) >= 3
    # only the game ends carry it
    assert sum("score_after" in s for s in data["steps"]) == data["games"]


async def test_a_game_being_played_is_running(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post("/api/games", {"variant": "short", "mode": "local"})
    data = (await p.get(f"/api/games/{r.json()['id']}/replay")).json()
    assert data["running"] is True and data["over"] is False
    assert "score_after" not in data["steps"][-1]
