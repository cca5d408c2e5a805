"""Operations (issue: scale-out, items 3 and 4): ``/healthz``, ``/metrics`` and who may read
them, and the client address and scheme taken from trusted proxies only."""

from __future__ import annotations

import gc
import os
import shutil
import socket
from pathlib import Path
from typing import Any

import pytest
from conftest import POSTGRES
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from starlette.websockets import WebSocketDisconnect

from nardy.server import Settings, create_app

LOOPBACK = ("127.0.0.1", 50000)
PUBLIC = ("203.0.113.7", 50000)  # a documentation address: somebody on the internet
PROXY = ("10.0.0.5", 50000)


def start(c: TestClient, headers: dict[str, str] | None = None) -> Any:
    """A new visitor (no cookies) starts a game against the computer."""
    c.cookies.clear()
    csrf = c.get("/api/session", headers=headers).json()["csrf"]
    return c.post(
        "/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf, **(headers or {})}
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- /healthz -------------------------------------------------------------------------


def test_healthz_answers_without_a_session(app: Any) -> None:
    with TestClient(app, client=PUBLIC) as c:
        for _ in range(50):  # not rate-limited
            r = c.get("/healthz")
            assert r.status_code == 200 and r.json() == {"ok": True, "db": True}
        assert "set-cookie" not in r.headers and not c.cookies


def test_healthz_is_503_when_the_database_is_gone(tmp_path: Path) -> None:
    """The SQLite file's directory is removed under a running server: the next
    connection cannot open it. (The pool's open connections would still read the
    unlinked file, so the pool is emptied first: as after a restart of the pool.)"""
    where = tmp_path / "data"
    where.mkdir()
    app = create_app(Settings(db_url=f"sqlite:///{where / 'nardy.sqlite3'}"))
    with TestClient(app) as c:
        assert c.get("/healthz").status_code == 200
        shutil.rmtree(where)
        app.state.engine.dispose()
        r = c.get("/healthz")
        assert r.status_code == 503 and r.json() == {"ok": False, "db": False}


@pytest.mark.skipif(not POSTGRES, reason="NARDY_TEST_POSTGRES_URL is not set")
def test_healthz_is_503_when_postgresql_loses_the_database() -> None:
    """The server's PostgreSQL database is dropped under it (its connections ended):
    the health check's connection finds no database."""
    assert POSTGRES
    base = make_url(POSTGRES)
    name = f"{base.database}_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_health"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    drop = text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    try:
        with admin.connect() as conn:
            conn.execute(drop)
            conn.execute(text(f'CREATE DATABASE "{name}"'))
        app = create_app(
            Settings(db_url=base.set(database=name).render_as_string(hide_password=False))
        )
        with TestClient(app) as c:
            assert c.get("/healthz").json() == {"ok": True, "db": True}
            with admin.connect() as conn:
                conn.execute(drop)
            r = c.get("/healthz")
            assert r.status_code == 503 and r.json() == {"ok": False, "db": False}
    finally:
        with admin.connect() as conn:
            conn.execute(drop)
        admin.dispose()


def test_healthz_pings_redis(db_url: str, redis_url: str) -> None:
    up = create_app(Settings(db_url=db_url, redis_url=redis_url))
    with TestClient(up) as c:
        r = c.get("/healthz")
        assert r.status_code == 200 and r.json() == {"ok": True, "db": True, "redis": True}
    nobody = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    down = create_app(Settings(db_url=db_url, redis_url=nobody))
    with TestClient(down) as c:
        r = c.get("/healthz")
        assert r.status_code == 503
        assert r.json() == {"ok": False, "db": True, "redis": False}


# -- /metrics -------------------------------------------------------------------------


def scrape(c: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, labels) -> value."""
    r = c.get("/metrics")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(r.text)
        for s in family.samples
    }


def test_metrics_count_what_the_server_does(settings: Settings) -> None:
    app = create_app(settings)
    with TestClient(app, client=LOOPBACK) as c:
        before = scrape(c)
        assert before[("nardy_live_games", ())] == 0
        assert before[("nardy_websockets", ())] == 0
        assert before[("nardy_action_seconds_count", ())] == 0
        r = start(c)
        assert r.status_code == 201
        gid = r.json()["id"]
        state = r.json()
        # the player's first turn, move by move, one refused action, the confirmation
        csrf = {"x-csrf-token": c.cookies["nardy_csrf"]}
        moves = 0
        while not state["legal"]["can_confirm"]:
            targets = state["legal"]["targets"]
            frm = next(iter(targets))
            body = {"action": "move", "from": int(frm), "to": targets[frm][0]}
            state = c.post(f"/api/games/{gid}/actions", json=body, headers=csrf).json()["state"]
            moves += 1
        refused = c.post(f"/api/games/{gid}/actions", json={"action": "roll"}, headers=csrf)
        assert refused.status_code == 409
        done = c.post(f"/api/games/{gid}/actions", json={"action": "confirm"}, headers=csrf)
        assert done.status_code == 200
        # whole plays until the computer had a choice to make (a forced play of his is
        # not timed; the seeded dice make this the same every run)
        state, plays = done.json()["state"], 0
        while scrape(c)[("nardy_computer_move_seconds_count", ())] == 0 and plays < 20:
            assert state["phase"] == "move" and state["turn"] == state["role"], state
            body = {"action": "play", "play": state["legal"]["plays"][0]}
            state = c.post(f"/api/games/{gid}/actions", json=body, headers=csrf).json()["state"]
            plays += 1
        assert c.get("/api/games/nosuchgame").status_code == 404
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": 0})
            assert ws.receive_json()["type"] == "update"
            during = scrape(c)
        after = scrape(c)
    assert during[("nardy_websockets", ())] == 1 and after[("nardy_websockets", ())] == 0
    assert after[("nardy_live_games", ())] == 1
    assert after[("nardy_actions_total", (("kind", "move"),))] == moves
    assert after[("nardy_actions_total", (("kind", "confirm"),))] == 1
    assert after.get(("nardy_actions_total", (("kind", "play"),)), 0) == plays
    assert ("nardy_actions_total", (("kind", "roll"),)) not in after  # refused: not applied
    # the refused one is timed too
    assert after[("nardy_action_seconds_count", ())] == moves + 2 + plays
    assert after[("nardy_action_seconds_sum", ())] > 0
    assert after[("nardy_http_errors_total", (("status", "4xx"),))] == 2  # the 409, the 404
    assert after[("nardy_computer_move_seconds_count", ())] >= 1
    assert after[("nardy_computer_move_seconds_sum", ())] > 0
    assert before[("nardy_computer_move_seconds_count", ())] == 0


def test_metrics_time_the_collectors_pauses(settings: Settings) -> None:
    """Every collection is timed, by generation, while the app runs (a whole-heap one,
    generation 2, stops every thread: the tail of every action in flight); a stopped
    app records none."""
    app = create_app(settings)
    whole = ("nardy_gc_pause_seconds_count", (("generation", "2"),))
    with TestClient(app, client=LOOPBACK) as c:
        before = scrape(c).get(whole, 0)
        gc.collect()
        gc.collect()
        after = scrape(c)
        assert after[whole] >= before + 2
        assert after[("nardy_gc_pause_seconds_sum", (("generation", "2"),))] > 0
    app.state.metrics.gc_pauses.drain()  # (what came between the last scrape and the stop)
    gc.collect()
    assert app.state.metrics.gc_pauses.drain() == []  # (its callback went with it)


def test_each_app_counts_its_own(settings: Settings, tmp_path: Path) -> None:
    first = create_app(settings)
    second = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'other.sqlite3'}"))
    with TestClient(first, client=LOOPBACK) as a, TestClient(second, client=LOOPBACK) as b:
        assert a.get("/nowhere").status_code == 404
        assert scrape(a)[("nardy_http_errors_total", (("status", "4xx"),))] == 1
        assert ("nardy_http_errors_total", (("status", "4xx"),)) not in scrape(b)


def test_metrics_are_for_loopback_proxies_and_the_token_only(db_url: str) -> None:
    settings = Settings(db_url=db_url, trusted_proxies=["10.0.0.0/8"], metrics_token="s3cret")
    app = create_app(settings)
    with TestClient(app, client=PUBLIC) as c:
        r = c.get("/metrics")
        assert r.status_code == 403 and r.json()["code"] == "forbidden"
        assert "token" in r.json()["error"]
        assert c.get("/metrics", headers={"authorization": "Bearer wrong"}).status_code == 403
        assert c.get("/metrics", headers={"authorization": "Bearer s3cret"}).status_code == 200
        # somebody's X-Forwarded-For naming loopback is not believed from his address
        assert c.get("/metrics", headers={"x-forwarded-for": "127.0.0.1"}).status_code == 403
    with TestClient(app, client=PROXY) as c:
        assert c.get("/metrics").status_code == 200  # a scraper on the proxy's machine
        # the public through the proxy is the public
        forwarded = {"x-forwarded-for": PUBLIC[0]}
        assert c.get("/metrics", headers=forwarded).status_code == 403
    with TestClient(app, client=LOOPBACK) as c:
        assert c.get("/metrics").status_code == 200


# -- trusted proxies ------------------------------------------------------------------


def test_forwarded_for_from_an_untrusted_peer_is_ignored(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, guest_rate="1 per hour"))
    with TestClient(app, client=PUBLIC) as c:
        assert start(c, {"x-forwarded-for": "198.51.100.1"}).status_code == 201
        r = start(c, {"x-forwarded-for": "198.51.100.2"})  # the same peer: its limit
        assert r.status_code == 429


def test_forwarded_for_from_a_trusted_proxy_names_the_client(db_url: str) -> None:
    app = create_app(
        Settings(db_url=db_url, guest_rate="1 per hour", trusted_proxies=["10.0.0.0/8"])
    )
    with TestClient(app, client=PROXY) as c:
        assert start(c, {"x-forwarded-for": "198.51.100.1"}).status_code == 201
        assert start(c, {"x-forwarded-for": "198.51.100.2"}).status_code == 201
        assert start(c, {"x-forwarded-for": "198.51.100.1"}).status_code == 429
        # the rightmost hop that is not a trusted proxy: what the client put first is his
        chain = {"x-forwarded-for": "192.0.2.99, 198.51.100.2, 10.1.2.3"}
        assert start(c, chain).status_code == 429
        assert start(c, {"x-forwarded-for": "198.51.100.2, 198.51.100.3"}).status_code == 201


@pytest.mark.parametrize("trusted", [True, False])
def test_the_socket_cap_counts_the_forwarded_address(db_url: str, trusted: bool) -> None:
    settings = Settings(
        db_url=db_url,
        max_sockets_per_ip=1,
        trusted_proxies=["127.0.0.1"] if trusted else [],
    )
    app = create_app(settings)
    alice = {"x-forwarded-for": "198.51.100.1"}
    bob = {"x-forwarded-for": "198.51.100.2"}
    with TestClient(app, client=LOOPBACK) as c:
        gid = start(c).json()["id"]
        with c.websocket_connect(f"/ws/games/{gid}", headers=alice) as first:
            first.send_json({"type": "hello", "last_seq": 0})
            assert first.receive_json()["type"] == "update"
            with c.websocket_connect(f"/ws/games/{gid}", headers=bob) as second:
                if trusted:  # another client behind the same proxy
                    second.send_json({"type": "hello", "last_seq": 0})
                    assert second.receive_json()["type"] == "update"
                else:  # the peer's one socket is taken, whatever the header says
                    with pytest.raises(WebSocketDisconnect) as closed:
                        second.receive_json()
                    assert closed.value.code == 4429
            with c.websocket_connect(f"/ws/games/{gid}", headers=alice) as third:
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429


def _secure(r: Any) -> bool:
    cookies = r.headers.get_list("set-cookie")
    assert cookies, "no cookie was set"
    flags = {"secure" in [p.strip().lower() for p in c.split(";")] for c in cookies}
    assert len(flags) == 1, cookies
    return flags.pop()


def test_cookies_are_secure_behind_https_from_a_trusted_proxy(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, trusted_proxies=["10.0.0.0/8"]))
    https = {"x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.1"}
    with TestClient(app, client=PROXY) as c:
        assert _secure(c.get("/api/session", headers=https))
        c.cookies.clear()
        assert not _secure(c.get("/api/session", headers={"x-forwarded-proto": "http"}))
        # the guest's session cookie too (sent by hand: the client keeps a Secure cookie
        # for https, and it speaks http to the "proxy")
        csrf = c.get("/api/session", headers=https).json()["csrf"]
        c.cookies.clear()
        sent = {**https, "x-csrf-token": csrf, "cookie": f"nardy_csrf={csrf}"}
        made = c.post("/api/games", json={"mode": "computer"}, headers=sent)
        assert made.status_code == 201 and "nardy_session=" in made.headers["set-cookie"]
        assert _secure(made)
    with TestClient(app, client=PUBLIC) as c:  # not a proxy: its header is not believed
        assert not _secure(c.get("/api/session", headers=https))
