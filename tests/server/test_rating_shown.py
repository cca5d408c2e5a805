"""Ratings as a player sees them after a rated result: the game page's players carry
the new rating and its change (for the players and for a watcher), and the profile's
history names each rated match's opponent's rating when it began."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import member
from test_ratings import resign_match

pytestmark = pytest.mark.anyio


async def test_the_game_page_shows_the_new_ratings_and_their_change(
    app: Any, player_factory: Any
) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    watcher = await player_factory()
    players = {ann.user["id"]: ann, bob.user["id"]: bob}
    state = await resign_match(app, players, {"variant": "long", "length": 1, "rated": True})
    change = state["rating_change"]
    for who in (ann, bob, watcher):
        seen = (await who.get(f"/api/games/{state['id']}")).json()["players"]
        for color in ("white", "black"):
            c = change[color]
            assert seen[color]["rating"] == round(c["after"]) != round(c["before"])
            assert seen[color]["change"] == round(c["after"]) - round(c["before"])
            assert seen[color]["provisional"] is True  # (one match: still uncertain)
    me = state["role"]
    assert state["players"][me]["change"] > 0  # the winner's, in the last action's state
    # before the result, no change is said
    live = await app.state.games.create_paired(ann.user["id"], bob.user["id"], {"rated": True})
    fresh = (await ann.get(f"/api/games/{live.meta.id}")).json()["players"]
    assert all("change" not in fresh[c] for c in ("white", "black"))


async def test_the_history_names_the_opponents_rating_at_the_time(
    app: Any, player_factory: Any
) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    players = {ann.user["id"]: ann, bob.user["id"]: bob}
    first = await resign_match(app, players, {"variant": "long", "length": 1, "rated": True})
    second = await resign_match(app, players, {"variant": "long", "length": 1, "rated": True})
    prof = (await bob.get("/api/players/ann")).json()
    ann_color = {}
    for st in (first, second):
        view = (await ann.get(f"/api/games/{st['id']}")).json()
        ann_color[st["id"]] = view["role"]
    points = prof["rating_history"]["long"]
    assert [p["game"] for p in points] == [first["id"], second["id"]]
    for point, st in zip(points, (first, second), strict=True):
        bob_color = "black" if ann_color[st["id"]] == "white" else "white"
        assert point["opponent_rating"] == round(st["rating_change"][bob_color]["before"])
    assert points[0]["opponent_rating"] == 1500
    items = {g["id"]: g for g in prof["games"]["items"]}
    for st in (first, second):
        assert items[st["id"]]["opponent_rating"] == next(
            p["opponent_rating"] for p in points if p["game"] == st["id"]
        )
