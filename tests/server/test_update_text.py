"""A game's websocket update (``Fanout.update_text``) splices in its history as text
whose turns were each encoded once (``nardy.server.views.history_text``): the text is
exactly the plain encoding of the update, for every role, at every event of real club
matches with take-backs, doubles, resignations and the match's next games."""

from __future__ import annotations

import random
from typing import Any

import pytest
from lobby_helpers import member
from test_live_extend import choose

from nardy.server.fanout import Fanout
from nardy.server.jsontext import encode

# (clocked: the time is the test's, so that a text and a state read a moment apart say
# the same seconds left before a match's next game)
pytestmark = [pytest.mark.anyio, pytest.mark.one_database, pytest.mark.clocked]


@pytest.mark.parametrize(("variant", "seed"), [("long", 3), ("short", 4)])
async def test_an_update_is_the_plain_encoding_of_it(
    app: Any, player_factory: Any, variant: str, seed: int
) -> None:
    ann, bob = await member(player_factory, "ann"), await member(player_factory, "bob")
    games, views = app.state.games, app.state.views
    fanout = Fanout(views)
    live = await games.create_paired(
        ann.user["id"], bob.user["id"], {"variant": variant, "length": 3}
    )
    watchers = [ann.user["id"], bob.user["id"], None]
    rng = random.Random(seed)
    updates = notes = 0
    for _ in range(5000):
        if live.finished:
            break
        for color in ("white", "black"):
            action = choose(live, color, rng)
            if action is None:
                continue
            events = await games.act(live, color, action)
            async with live.lock:
                for uid in watchers:
                    text = fanout.update_text(live, uid, "http://club", events)
                    state = views.state(live, uid, "http://club")
                    assert text == encode({"type": "update", "events": events, "state": state})
                    updates += 1
                    notes += any("action" in h for h in state["history"])
            break
    assert live.finished and updates > 300
    assert notes > 0  # (cube actions or resignations among the turns: spliced in order)
