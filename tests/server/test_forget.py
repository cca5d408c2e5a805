"""Finished games leave the server's memory (``GameService.forget_finished``) once
nobody watches them and nobody has asked for them in ``FORGET_AFTER``: a long-running
process no longer keeps every game it ever loaded. Asked for again, a game is loaded
from the database as it was. Active games, watched games and games asked for lately
stay. The time is the app's injected clock."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Clock

from nardy.server import Settings, create_app
from nardy.server.service import FORGET_AFTER

SECOND = timedelta(seconds=1)


def new_game(c: TestClient, csrf: str) -> str:
    r = c.post(
        "/api/games", json={"mode": "computer", "variant": "long"}, headers={"x-csrf-token": csrf}
    )
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_a_finished_game_nobody_watches_leaves_memory_and_comes_back_the_same(
    settings: Settings,
) -> None:
    clock = Clock()
    app = create_app(settings, clock=clock)
    games = app.state.games
    with TestClient(app) as c:
        csrf = c.get("/api/session").json()["csrf"]
        done, going = new_game(c, csrf), new_game(c, csrf)
        me = c.get("/api/session").json()["user"]["id"]
        c.portal.call(games.forfeit, done, me, "withdrawn")  # (as a tournament ends one)
        before = c.get(f"/api/games/{done}").json()
        assert before["status"] == "over"

        clock.moment += FORGET_AFTER - SECOND  # asked for just under ten minutes ago
        assert c.portal.call(games.forget_finished) == 0
        with c.websocket_connect(f"/ws/games/{done}") as ws:  # someone watches it
            ws.send_json({"type": "hello", "last_seq": before["seq"]})
            assert ws.receive_json()["events"] == []
            clock.moment += FORGET_AFTER + SECOND
            assert c.portal.call(games.forget_finished) == 0
            assert done in games.live
        # the socket closed, the last ask is past: it goes; the active game stays
        assert c.portal.call(games.forget_finished) == 1
        assert done not in games.live and going in games.live

        after = c.get(f"/api/games/{done}").json()  # loaded again, as it was
        assert done in games.live
        assert after == before
        r = c.get(f"/api/games/{done}/events")
        assert [e["seq"] for e in r.json()["events"]] == list(range(1, before["seq"] + 1))


def test_a_game_asked_for_is_not_forgotten_under_its_caller(settings: Settings) -> None:
    """``get`` marks a game asked for before it returns it, and the sweep awaits
    nothing: a request holding a game cannot have it forgotten under it."""
    clock = Clock()
    app = create_app(settings, clock=clock)
    games = app.state.games
    with TestClient(app) as c:
        csrf = c.get("/api/session").json()["csrf"]
        gid = new_game(c, csrf)
        me = c.get("/api/session").json()["user"]["id"]
        c.portal.call(games.forfeit, gid, me, "withdrawn")
        clock.moment += FORGET_AFTER + SECOND
        held: Any = c.portal.call(games.get, gid)  # a request takes it now
        assert c.portal.call(games.forget_finished) == 0
        assert games.live[gid] is held
