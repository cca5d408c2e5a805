"""What "my games" (the lobby channel's ``mine``) says of a match between people, for
the pages to take a player to his game when it starts without him (lobby.js's
``hearGames``): ``playing`` while a game of it is played, not in the pause between
two games, and ``clocked`` when a clock runs in it. The next game starts by itself
``NEXT_GAME_WAIT`` after the first player asked (C-4's games, with an injected clock:
the test never sleeps)."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Clock, member
from test_next_game import WAIT, ask, first_game_over

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]


def mine_of(app: Any, user_id: int, gid: str) -> dict[str, Any]:
    """The "my games" entry of ``gid`` as the lobby sends it to ``user_id``."""
    games = app.state.lobby._mine({user_id})[user_id]
    return next(g for g in games if g["id"] == gid)


async def test_mine_says_whether_a_clocked_match_game_is_being_played(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await first_game_over(app, player_factory)
    white = players["white"].user["id"]
    # between the games: a match of his, clocked, no game being played
    entry = mine_of(app, white, gid)
    assert entry["status"] == "active"
    assert entry["clocked"] is True and entry["playing"] is False
    await ask(players["black"], gid)
    clock.wait(WAIT)
    assert await app.state.games.sweep_flags() == 1  # the next game began by itself
    entry = mine_of(app, white, gid)
    assert entry["clocked"] is True and entry["playing"] is True


async def test_a_game_without_a_clock_is_not_clocked(app: Any, player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    spec = {"variant": "long", "length": 3}
    live = await app.state.games.create_paired(ann.user["id"], bob.user["id"], spec)
    entry = mine_of(app, ann.user["id"], live.meta.id)
    assert entry["clocked"] is False and entry["playing"] is True
