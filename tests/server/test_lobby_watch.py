"""The lobby's games to watch: games between people while they move. One left without a
move for ``WATCH_IDLE`` (an untimed game its players walked away from) leaves the list
and comes back with its next move; it stays in its players' own list all the while.
They are listed by their start (a move reorders nothing), with the players' ratings,
whether rated, and the clock. The time is an injected clock, moved by the test."""

from __future__ import annotations

from typing import Any

import pytest
from lobby_helpers import member
from server_helpers import Clock

from nardy.server.db import Rating
from nardy.server.matchmaking import WATCH_IDLE

SIDES = ("white", "black")

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


async def test_a_move_does_not_reorder_the_games_to_watch(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    """The games are listed by their start, the latest first: a move in the older game
    leaves it where it was (it had jumped to the top, under the watcher's click)."""
    first = await club_game(player_factory)
    second = await club_game(player_factory)
    carol = await player_factory()
    assert await watched(carol) == [second[2], first[2]]
    clock.wait(5)
    await move_once(*first)
    assert await watched(carol) == [second[2], first[2]]


async def club_game(player_factory: Any) -> tuple[Any, Any, str]:
    """A challenge of one guest accepted by another: both players and the game."""
    a, b = await player_factory(), await player_factory()
    r = await a.post("/api/lobby/challenges", {"variant": "short"})
    assert r.status_code == 201, r.text
    r = await b.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    return a, b, r.json()["game"]


async def move_once(a: Any, b: Any, gid: str) -> None:
    """The player on roll plays his first legal play."""
    st = (await a.get(f"/api/games/{gid}")).json()
    mover = a if st["turn"] == st["role"] else b
    st = (await mover.get(f"/api/games/{gid}")).json()
    r = await mover.post(
        f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 200, r.text


async def test_watchers_see_the_players_ratings_and_the_terms(
    app: Any, player_factory: Any
) -> None:
    """The game's state names each member's rating in the game's pool (one without a
    rated match there has the start rating, provisional; a guest none), and the lobby's
    tile adds whether it is rated and its clock."""
    ann, ben = await member(player_factory, "watch-ann"), await member(player_factory, "watch-ben")
    with app.state.db() as s:
        s.add(Rating(user_id=ann.user["id"], pool="short", rating=1623.4, rd=60, volatility=0.06))
        s.add(Rating(user_id=ann.user["id"], pool="long", rating=1400, rd=60, volatility=0.06))
        s.commit()
    terms = {"variant": "short", "length": 3, "rated": True, "clock": "blitz"}
    r = await ann.post("/api/lobby/challenges", terms)
    r = await ben.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    gid = r.json()["game"]
    carol = await player_factory()
    st = (await carol.get(f"/api/games/{gid}")).json()
    assert st["role"] == "spectator"
    shown = {p["name"]: (p["rating"], p["provisional"]) for p in map(st["players"].get, SIDES)}
    assert shown == {"watch-ann": (1623, False), "watch-ben": (1500, True)}
    tile = next(g for g in (await carol.get("/api/lobby")).json()["games"] if g["id"] == gid)
    assert tile["players"] == st["players"]
    assert tile["rated"] is True and tile["clock"] == {"delay": 8, "reserve": 60}
    # a guest has no rating, nor has the computer
    guests = (await club_game(player_factory))[2]
    st = (await carol.get(f"/api/games/{guests}")).json()
    assert [st["players"][c]["rating"] for c in SIDES] == [None, None]
    tile = next(g for g in (await carol.get("/api/lobby")).json()["games"] if g["id"] == guests)
    assert tile["rated"] is False and tile["clock"] is None
    r = await ann.post("/api/games", {"mode": "computer", "variant": "long", "cube": False})
    ratings = {p["computer"]: p["rating"] for p in map(r.json()["players"].get, SIDES)}
    assert ratings == {True: None, False: 1400}
