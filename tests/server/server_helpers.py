"""Shared helpers for the server tests: playing a turn through the HTTP API."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

from fastapi.testclient import TestClient

from nardy.server.db import now


class Clock:
    """A clock the test moves, injected where the server reads the time: timeouts and
    expiries are tested by moving it, never by sleeping."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or now()

    def __call__(self) -> datetime:
        return self.moment

    def wait(self, seconds: float) -> None:
        self.moment += timedelta(seconds=seconds)


async def member(player_factory: Any, name: str) -> Any:
    """A new player signed up as ``name``, his user (id, name) as ``.user``."""
    p = await player_factory()
    r = await p.post("/api/register", {"username": name, "password": "secret-pass-1"})
    assert r.status_code == 200, r.text
    p.user = r.json()["user"]
    return p


async def play_first_steps(player: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Make the turn move by move (first legal target each time), then confirm."""
    gid = state["id"]
    while not state["legal"]["can_confirm"]:
        targets = state["legal"]["targets"]
        frm = next(iter(targets))
        r = await player.post(
            f"/api/games/{gid}/actions", {"action": "move", "from": int(frm), "to": targets[frm][0]}
        )
        assert r.status_code == 200, r.text
        state = r.json()["state"]
    r = await player.post(f"/api/games/{gid}/actions", {"action": "confirm"})
    assert r.status_code == 200, r.text
    return r.json()["state"]


async def act(player: Any, gid: str, action: dict[str, Any]) -> dict[str, Any]:
    """Post one action; it must succeed. Returns the new state."""
    r = await player.post(f"/api/games/{gid}/actions", action)
    assert r.status_code == 200, (action, r.text)
    return r.json()["state"]


async def roll_if_asked(player: Any, state: dict[str, Any]) -> dict[str, Any]:
    """A player who may double (C-3) rolls himself: roll without doubling."""
    if "roll" in state.get("actions", []):
        state = await act(player, state["id"], {"action": "roll"})
    return state


async def play_first_plays(
    player: Any,
    state: dict[str, Any],
    *,
    limit: int = 2000,
    answer: str = "take",
    resignation: str = "accept",
    pick: Callable[[dict[str, Any]], Awaitable[str]] | None = None,
) -> dict[str, Any]:
    """Play the first legal play every turn (or the one ``pick`` chooses from the
    state) — rolling when asked, never doubling, answering a double with ``answer``
    and the computer's resignation offer with ``resignation`` — until the current
    game is over."""
    for _ in range(limit):
        if state["phase"] == "over":
            return state
        reply = next((r for r in (answer, resignation) if r in state["actions"]), None)
        if reply is not None:
            state = await act(player, state["id"], {"action": reply})
            continue
        if "roll" in state["actions"]:  # (a roll with no play passes the turn)
            state = await act(player, state["id"], {"action": "roll"})
            continue
        assert state["legal"] is not None, state
        play = state["legal"]["plays"][0] if pick is None else await pick(state)
        state = await act(player, state["id"], {"action": "play", "play": play})
    raise AssertionError("the game did not end")


@contextlib.contextmanager
def same_loop_clients(app: Any, n: int) -> Iterator[tuple[TestClient, ...]]:
    """``n`` visitors (each his own cookies) of one app on ONE event loop: the first
    client runs the app (its lifespan, its background tasks) and lends its loop to the
    others. Separate ``TestClient``s would each start the app again on a loop of their
    own, and a game's lock awaited from two loops fails ("bound to a different event
    loop") whenever they contend for it."""
    with TestClient(app) as first:
        others = [TestClient(app) for _ in range(n - 1)]
        for c in others:
            c.portal = first.portal
        yield (first, *others)
