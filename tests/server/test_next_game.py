"""The next game of a match between people starts when both players asked for it, or
by itself ``NEXT_GAME_WAIT`` after the first asked (the flag sweep starts it, with an
injected clock: the tests never sleep); until then neither clock runs and each page
says who is ready. On one device (and against the computer) it starts at once."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import Clock, member

from nardy.server.live import NEXT_GAME_WAIT

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]

CLOCK = {"delay": 12, "reserve": 60}
WAIT = NEXT_GAME_WAIT.total_seconds()


async def first_game_over(app: Any, player_factory: Any) -> tuple[str, dict[str, Any]]:
    """A clocked 3-point match between two members whose first game ended (a
    resignation); returns its id and the players by colour."""
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    spec = {"variant": "long", "length": 3, "clock": CLOCK}
    live = await app.state.games.create_paired(ann.user["id"], bob.user["id"], spec)
    gid = live.meta.id
    by_id = {ann.user["id"]: ann, bob.user["id"]: bob}
    players = {c: by_id[live.meta.user_of(c)] for c in ("white", "black")}
    loser = (await state_of(players["white"], gid))["to_act"]
    winner = "black" if loser == "white" else "white"
    r = await players[loser].post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = await players[winner].post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.json()["state"]["phase"] == "over"
    return gid, players


async def state_of(player: Any, gid: str) -> dict[str, Any]:
    r = await player.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


async def ask(player: Any, gid: str) -> dict[str, Any]:
    r = await player.post(f"/api/games/{gid}/actions", {"action": "next-game"})
    assert r.status_code == 200, r.text
    return r.json()["state"]  # type: ignore[no-any-return]


async def test_the_next_game_starts_when_both_asked(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await first_game_over(app, player_factory)
    st = await ask(players["white"], gid)
    # white waits for black: the result stays, no clock runs, both pages say so
    assert st["phase"] == "over" and st["clock"]["running"] is None
    assert st["next_game"] == {"ready": ["white"], "in": WAIT}
    clock.wait(10)
    theirs = await state_of(players["black"], gid)
    assert theirs["phase"] == "over" and "next-game" in theirs["actions"]
    assert theirs["next_game"] == {"ready": ["white"], "in": WAIT - 10}
    again = await ask(players["white"], gid)  # asking twice changes nothing
    assert again["phase"] == "over" and again["next_game"]["ready"] == ["white"]
    st = await ask(players["black"], gid)
    assert st["phase"] != "over" and st["match"]["game"] == 2
    assert st["next_game"] is None and st["clock"]["running"] is not None


async def test_the_next_game_starts_by_itself_after_the_wait(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await first_game_over(app, player_factory)
    await ask(players["black"], gid)
    clock.wait(WAIT - 1)
    assert await app.state.games.sweep_flags() == 0
    st = await state_of(players["white"], gid)
    assert st["phase"] == "over" and st["next_game"] == {"ready": ["black"], "in": 1}
    clock.wait(1)
    assert await app.state.games.sweep_flags() == 1
    st = await state_of(players["white"], gid)
    assert st["match"]["game"] == 2 and st["phase"] != "over"
    assert st["next_game"] is None and st["clock"]["running"] is not None
    with app.state.db() as s:  # (the game's row: the clock's deadline again)
        from nardy.server.db import GameRow

        row = s.get(GameRow, gid)
        assert row is not None and row.deadline is not None


async def test_on_one_device_the_next_game_starts_at_once(app: Any, player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    r = await ann.post("/api/games", {"variant": "long", "length": 3, "mode": "local"})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    await ann.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    r = await ann.post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.json()["state"]["phase"] == "over"
    st = await ask(ann, gid)
    assert st["match"]["game"] == 2 and st["next_game"] is None
