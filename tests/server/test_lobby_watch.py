"""The lobby's games to watch: games between people while they move. One left without a
move for ``WATCH_IDLE`` (an untimed game its players walked away from) leaves the list
and comes back with its next move; it stays in its players' own list all the while. The
time is an injected clock, moved by the test."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Clock

from nardy.server.matchmaking import WATCH_IDLE

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]


async def watched(player: Any) -> list[str]:
    r = await player.get("/api/lobby")
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()["games"]]


async def test_an_idle_game_leaves_the_games_to_watch_until_it_moves(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    alice, bob, carol = await player_factory(), await player_factory(), await player_factory()
    r = await alice.post("/api/lobby/challenges", {"variant": "short"})
    assert r.status_code == 201, r.text
    r = await bob.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    gid = r.json()["game"]
    assert await watched(carol) == [gid]
    clock.wait(WATCH_IDLE.total_seconds() - 1)
    assert await watched(carol) == [gid]  # still within the idle time
    clock.wait(2)
    assert await watched(carol) == []  # nobody has moved for WATCH_IDLE
    mine = (await alice.get("/api/lobby")).json()["mine"]
    assert [g["id"] for g in mine] == [gid]  # her own list keeps it
    # a move brings it back
    st = (await alice.get(f"/api/games/{gid}")).json()
    mover = alice if st["turn"] == st["role"] else bob
    st = (await mover.get(f"/api/games/{gid}")).json()
    r = await mover.post(
        f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 200, r.text
    assert await watched(carol) == [gid]
