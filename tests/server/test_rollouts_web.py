"""Rollouts from the analysis board (``nardy.server.rollouts``, ``/api/analysis/rollouts``)
with the real app and its real worker process: a position and the best plays of a roll
rolled out, the results the same as the library's rollout of the same games
(``nardy.rollout``), stopping, the limits and every bad request."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from nardy.notation.position_id import encode_id
from nardy.position import Position
from nardy.rollout import Plan, rollout_plays, rollout_position
from nardy.server import rollouts as module
from nardy.server.rollouts import SETTINGS
from nardy.variants import find_variant

pytestmark = pytest.mark.anyio

SHORT = find_variant("short")
#: A race in both home boards (gnubg's rollout cross-check has it too): quick games.
RACE = Position.from_points({10: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {8: 2, 6: 4, 5: 3, 4: 3, 2: 3})
RACE_ID = encode_id("short", RACE)


async def finished(p: Any, job: dict[str, Any]) -> dict[str, Any]:
    """The rollout read until it ends (the worker process plays its games meanwhile)."""
    for _ in range(2000):
        if job["status"] != "running":
            return job
        await asyncio.sleep(0.05)
        r = await p.get(f"/api/analysis/rollouts/{job['id']}")
        assert r.status_code == 200, r.text
        job = r.json()
    raise AssertionError("the rollout did not end")


async def test_a_position_and_a_rolls_plays_are_rolled_out(app: Any, player_factory: Any) -> None:
    p = await player_factory()
    try:
        r = await p.post("/api/analysis/rollouts", {"variant": "short", "id": RACE_ID, "games": 72})
        assert r.status_code == 201, r.text
        job = await finished(p, r.json())
        assert job["status"] == "done" and job["done"] == job["games"] == 72
        assert job["kind"] == "position"
        (only,) = job["results"]
        # the same 72 games as the library's own rollout: the same numbers
        lib = rollout_position(SHORT, RACE, SETTINGS, Plan(games=72)).to_json()
        assert only == {"play": None, "result": lib}

        body = {"variant": "short", "id": RACE_ID, "dice": [6, 5], "games": 36}
        job = await finished(p, (await p.post("/api/analysis/rollouts", body)).json())
        assert job["kind"] == "plays" and job["status"] == "done"
        plays = rollout_plays(SHORT, RACE, (6, 5), SETTINGS, Plan(games=36), top=3)
        assert [r["play"] for r in job["results"]] == [x.play for x in plays]  # best first
        assert [r["result"] for r in job["results"]] == [x.result.to_json() for x in plays]
    finally:
        await app.state.rollouts.close()


async def test_a_position_the_bear_off_database_prices_is_exact_at_once(
    app: Any, player_factory: Any
) -> None:
    """Both sides bearing off: every game stops at once at the exact database, so the
    rollout says it is exact and stops after its first batch instead of playing 324
    games to "± 0.000" (an expert took that for an estimate). A race that is not yet
    home is no such thing."""
    home = Position.from_points({6: 3, 5: 3, 4: 2, 1: 1}, {6: 2, 5: 3, 3: 2, 2: 2})
    p = await player_factory()
    try:
        body = {"variant": "short", "id": encode_id("short", home), "games": 324}
        job = await finished(p, (await p.post("/api/analysis/rollouts", body)).json())
        assert job["status"] == "done" and job["exact"] is True
        assert job["done"] == job["games"] == module.BATCH < 324
        (only,) = job["results"]
        lib = rollout_position(SHORT, home, SETTINGS, Plan(games=module.BATCH)).to_json()
        assert only["result"] == lib and lib["equity"]["ci"] == 0
        job = await finished(
            p, (await p.post("/api/analysis/rollouts", {**body, "id": RACE_ID})).json()
        )
        assert job["exact"] is False and job["done"] == 324
    finally:
        await app.state.rollouts.close()


async def test_a_match_position_is_rolled_out_at_its_score(app: Any, player_factory: Any) -> None:
    """The analysis board's match (its length and score) goes to the rollout: the same
    games as the library's rollout at that score, valued as match equity (2·MWC − 1,
    the hints' unit) and said to be; money play stays money."""
    from nardy.match import MatchScore

    p = await player_factory()
    try:
        body = {"variant": "short", "id": RACE_ID, "games": 36, "length": 5, "score": [2, 4]}
        r = await p.post("/api/analysis/rollouts", body)
        assert r.status_code == 201, r.text
        job = await finished(p, r.json())
        assert job["status"] == "done" and job["match"] is True
        lib = rollout_position(SHORT, RACE, SETTINGS, Plan(games=36), score=MatchScore(5, 2, 4))
        assert job["results"] == [{"play": None, "result": lib.to_json()}]
        money = await finished(
            p,
            (await p.post("/api/analysis/rollouts", {**body, "length": 0, "score": [0, 0]})).json(),
        )
        assert money["match"] is False and money["results"] != job["results"]
        bad = await p.post("/api/analysis/rollouts", {**body, "score": [5, 0]})
        assert bad.status_code == 400 and bad.json()["code"] == "bad-match"
    finally:
        await app.state.rollouts.close()


async def test_the_servers_shutdown_ends_a_worker_in_the_middle_of_a_batch(
    app: Any, player_factory: Any
) -> None:
    """A worker process still playing a batch of trials when the server shut down used
    to outlive it, an orphan for good (``shutdown`` cancels only batches not begun):
    closing now ends it at once."""
    rollouts = app.state.rollouts
    a = await player_factory()
    job = (await a.post("/api/analysis/rollouts", {"variant": "long", "games": 1296})).json()
    assert job["status"] == "running"
    workers: list[Any] = []
    for _ in range(400):  # until the worker process is up (spawning it takes a second)
        pool = rollouts._pool
        workers = list((pool._processes or {}).values()) if pool is not None else []
        if workers and all(w.is_alive() for w in workers):
            break
        await asyncio.sleep(0.05)
    assert workers, "no worker process started"
    await asyncio.sleep(0.5)  # in the middle of its first batch of long games
    await rollouts.close()
    assert not any(w.is_alive() for w in workers)


async def test_stopping_the_limits_and_bad_requests(app: Any, player_factory: Any) -> None:
    rollouts = app.state.rollouts
    now = [0.0]
    rollouts.clock = lambda: now[0]
    a, b = await player_factory(), await player_factory()
    long_one = {"variant": "long", "games": 1296}
    try:
        job = (await a.post("/api/analysis/rollouts", long_one)).json()
        assert job["status"] == "running" and job["done"] == 0
        # another player neither reads nor stops it
        assert (await b.get(f"/api/analysis/rollouts/{job['id']}")).status_code == 404
        r = await b.http.delete(
            f"/api/analysis/rollouts/{job['id']}", headers={"x-csrf-token": b.csrf}
        )
        assert r.status_code == 404
        # a second rollout of his stops the first
        second = (await a.post("/api/analysis/rollouts", long_one)).json()
        first = (await a.get(f"/api/analysis/rollouts/{job['id']}")).json()
        assert first["status"] == "stopped" and first["done"] < 1296
        # stopped by him: the games played stay readable
        r = await a.http.delete(
            f"/api/analysis/rollouts/{second['id']}", headers={"x-csrf-token": a.csrf}
        )
        assert r.status_code == 200 and r.json()["status"] == "stopped"
        # at most MAX_RUNNING at once in the server
        others = [await player_factory() for _ in range(module.MAX_RUNNING)]
        for other in others[:-1]:
            assert (await other.post("/api/analysis/rollouts", long_one)).status_code == 201
        r = await others[-1].post("/api/analysis/rollouts", long_one)
        assert r.status_code == 201
        late = await b.http.post(
            "/api/analysis/rollouts",
            json=long_one,
            headers={"x-csrf-token": b.csrf, "x-lang": "ru"},
        )
        assert late.status_code == 429
        assert late.json()["error"].startswith("сервер уже делает роллаут 4 позиций")
        # a finished rollout is forgotten after KEEP seconds
        now[0] += module.KEEP + 1
        r = await a.http.get(f"/api/analysis/rollouts/{job['id']}", headers={"x-lang": "ru"})
        assert r.status_code == 404 and "законченные хранятся 10 минут" in r.json()["error"]
        assert (await a.get("/api/analysis/rollouts/nonsense")).status_code == 404
    finally:
        await rollouts.close()
    # bad requests: each a clear error, nothing started
    for body, status in [
        ({"variant": "short", "games": 35}, 422),
        ({"variant": "short", "games": 1297}, 422),
        ({"variant": "short", "games": "36"}, 422),
        ({"variant": "short", "dice": [7, 1]}, 422),
        ({"variant": "short", "shout": 1}, 422),
        ({"variant": "chess"}, 400),
        ({"variant": "short", "id": "not an id"}, 400),
        ({"variant": "short", "id": encode_id("short", Position.from_points({}, {1: 1}))}, 400),
    ]:
        r = await a.post("/api/analysis/rollouts", body)
        assert r.status_code == status, (body, r.text)
    closed = Position.from_points({}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}, mine_bar=1)
    r = await a.post(
        "/api/analysis/rollouts",
        {"variant": "short", "id": encode_id("short", closed), "dice": [6, 5]},
    )
    assert r.status_code == 400 and r.json()["code"] == "illegal"  # nothing to play
    assert not [j for j in rollouts.jobs.values() if j.status == "running"]
    # without the CSRF token nothing starts
    r = await a.http.post("/api/analysis/rollouts", json={"variant": "short"})
    assert r.status_code == 403
