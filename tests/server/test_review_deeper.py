"""A review asked for deeper (``GET /api/games/{id}/analysis?plies=``, and the replay's
``?plies=``): each review says the next depth it may be deepened to, the deepest says
so and a deeper one is refused clearly; deep reviews not stored yet are limited to one
per player and ``MAX_DEEP`` in the server, stored ones are always served."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import member, play_first_plays

from nardy.server.review import MAX_DEEP, PLIES, DeepReviews

pytestmark = pytest.mark.anyio


async def finished(player: Any) -> str:
    r = await player.post(
        "/api/games", {"mode": "computer", "variant": "short", "level": "beginner"}
    )
    assert r.status_code == 201, r.text
    return str((await play_first_plays(player, r.json()))["id"])


async def test_a_review_offers_the_next_depth_until_the_deepest(player_factory: Any) -> None:
    p = await player_factory()
    gid = await finished(p)
    first = (await p.get(f"/api/games/{gid}/analysis")).json()
    assert first["plies"] == 0 and first["deeper"] == PLIES[1]
    deep = (await p.get(f"/api/games/{gid}/replay?plies={first['deeper']}")).json()["review"]
    assert deep["plies"] == PLIES[-1] and deep["deeper"] is None
    for lang, words in (("ru", "самый глубокий"), ("en", "already the deepest")):
        r = await p.http.get(
            f"/api/games/{gid}/analysis?plies={PLIES[-1] + 1}", headers={"x-lang": lang}
        )
        assert r.status_code == 400 and r.json()["code"] == "review-deepest"
        assert words in r.json()["error"]
        r = await p.http.get(
            f"/api/games/{gid}/replay?plies={PLIES[-1] + 1}", headers={"x-lang": lang}
        )
        assert r.status_code == 400 and r.json()["code"] == "review-deepest"


async def test_deep_reviews_are_limited_per_player_and_in_the_server(
    app: Any, player_factory: Any
) -> None:
    ann = await member(player_factory, "ann")
    gid = await finished(ann)
    other = await finished(ann)
    slots = DeepReviews()
    app.state.deep_reviews = slots
    # his own deep review still running: he waits for it, in his language
    slots.running.add(f"user:{ann.user['id']}")
    r = await ann.http.get(f"/api/games/{gid}/analysis?plies=1", headers={"x-lang": "ru"})
    assert r.status_code == 429 and r.json()["code"] == "review-busy-you"
    assert "дождитесь" in r.json()["error"]
    # the first depth is never held back
    assert (await ann.get(f"/api/games/{gid}/analysis")).status_code == 200
    slots.running.clear()
    # the server's deep reviews all taken: anyone is refused, told to come back
    slots.running.update(f"user:{-n}" for n in range(1, MAX_DEEP + 1))
    r = await ann.http.get(f"/api/games/{gid}/replay?plies=1", headers={"x-lang": "en"})
    assert r.status_code == 429 and r.json()["code"] == "review-busy"
    assert "try again in a minute" in r.json()["error"]
    slots.running.clear()
    made = await ann.get(f"/api/games/{gid}/analysis?plies=1")
    assert made.status_code == 200 and made.json()["plies"] == 1
    assert slots.running == set()  # (its slot given back)
    # a stored deep review costs nothing: served while the server is full
    slots.running.update(f"user:{-n}" for n in range(1, MAX_DEEP + 1))
    slots.running.add(f"user:{ann.user['id']}")
    again = await ann.get(f"/api/games/{gid}/analysis?plies=1")
    assert again.status_code == 200 and again.json()["decisions"] == made.json()["decisions"]
    assert (await ann.get(f"/api/games/{other}/analysis?plies=1")).status_code == 429
