"""The game state says when the cube is dead (docs/RULINGS.md "C-4 dead cube", rule
C-4): a game won at the cube's value already wins that side the match, so the engine
refuses his double (``cube-dead``) and the page says why no double is offered — to the
players and to whoever watches."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import act, play_first_steps

pytestmark = pytest.mark.anyio


async def new_match(player: Any, length: int) -> dict[str, Any]:
    r = await player.post("/api/games", {"mode": "local", "variant": "short", "length": length})
    assert r.status_code == 201, r.text
    st: dict[str, Any] = r.json()
    if st["phase"] == "move":  # (the opening roll is played at once)
        st = await play_first_steps(player, st)
    return st


async def test_a_one_point_match_has_a_dead_cube_for_both(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_match(p, 1)
    assert st["cube"]["enabled"] and st["cube"]["dead"] == {"white": True, "black": True}
    assert "double" not in st["actions"]
    # a watcher's view says it too (the page explains it to him as well)
    watcher = await player_factory()
    seen = (await watcher.get(f"/api/games/{st['id']}")).json()
    assert seen["role"] == "spectator" and seen["cube"]["dead"] == st["cube"]["dead"]


async def test_after_crawford_only_the_leaders_cube_is_dead(player_factory: Any) -> None:
    """C-4: after the Crawford game of a 3-point match at 2-0, the leader (1 away) has
    nothing to gain by doubling; the trailer (3 away) may double."""
    p = await player_factory()
    st = await new_match(p, 3)
    gid = st["id"]
    assert st["cube"]["dead"] == {"white": False, "black": False}  # 3 away each
    st = await act(p, gid, {"action": "resign", "level": 2})  # a gammon: 2 points
    st = await act(p, gid, {"action": "accept"})
    st = await act(p, gid, {"action": "next-game"})
    assert st["match"]["crawford"]
    # (colours may change between a match's games: the leader is found by his score)
    leader = next(c for c, n in st["match"]["score"].items() if n == 2)
    if st["phase"] == "move":
        st = await play_first_steps(p, st)
    while st["to_act"] != leader:
        st = await play_first_steps(p, st)
    st = await act(p, gid, {"action": "resign", "level": 1})  # the leader gives a point
    st = await act(p, gid, {"action": "accept"})
    st = await act(p, gid, {"action": "next-game"})
    assert st["match"]["post_crawford"]
    leader = next(c for c, n in st["match"]["score"].items() if n == 2)
    trailer = "black" if leader == "white" else "white"
    assert st["cube"]["dead"] == {leader: True, trailer: False}
    while st["to_act"] != leader:
        st = await play_first_steps(p, st)
    # the leader is never offered a double, and one asked for is refused
    assert "double" not in st["actions"]
    r = await p.post(f"/api/games/{gid}/actions", {"action": "double"})
    assert r.status_code == 409, r.text
