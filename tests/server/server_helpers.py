"""Shared helpers for the server tests: playing a turn through the HTTP API."""

from __future__ import annotations

from typing import Any


async def play_first_steps(player: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Make the turn move by move (first legal target each time), then confirm."""
    gid = state["id"]
    while not state["legal"]["can_confirm"]:
        targets = state["legal"]["targets"]
        frm = next(iter(targets))
        r = await player.post(f"/api/games/{gid}/actions",
                              {"action": "move", "from": int(frm), "to": targets[frm][0]})
        assert r.status_code == 200, r.text
        state = r.json()["state"]
    r = await player.post(f"/api/games/{gid}/actions", {"action": "confirm"})
    assert r.status_code == 200, r.text
    return r.json()["state"]
