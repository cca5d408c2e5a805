"""Request limits and headers (issue 13.2, 13.5): bounded bodies and websocket
messages, nesting, out-of-range numbers and forms refused with clear 4xx answers
(each was a 500, or a dropped socket, before), security headers, socket caps."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from nardy.server import Settings, create_app, logs
from nardy.server.guards import MAX_BODY, MAX_DEPTH, MAX_WS_MESSAGE, json_depth
from nardy.server.logs import ContextFilter, configure

pytestmark = pytest.mark.anyio


async def computer_game(p: Any) -> dict[str, Any]:
    r = await p.post("/api/games", {"mode": "computer", "variant": "long"})
    assert r.status_code == 201, r.text
    return dict(r.json())


async def test_large_bodies_get_413(player_factory: Any) -> None:
    p = await player_factory()
    big = {"mode": "computer", "client_seed": "x" * (MAX_BODY + 1)}
    r = await p.post("/api/games", big)
    assert r.status_code == 413 and r.json()["code"] == "too-large"
    assert r.json()["error"] == f"the request body is larger than {MAX_BODY // 1024} KiB"
    p.http.headers["x-lang"] = "ru"  # the interface language (issue 16.5)
    r = await p.post("/api/games", big)
    assert r.json()["error"] == f"тело запроса больше {MAX_BODY // 1024} КиБ"

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted as it streams
        yield b'{"client_seed": "'
        for _ in range(MAX_BODY // 1024 + 1):
            yield b"y" * 1024
        yield b'"}'

    r = await p.http.post(
        "/api/games",
        content=chunks(),
        headers={"x-csrf-token": p.csrf, "content-type": "application/json"},
    )
    assert r.status_code == 413


async def test_deeply_nested_json_gets_400(player_factory: Any) -> None:
    p = await player_factory()
    gid = (await computer_game(p))["id"]
    for depth in (MAX_DEPTH + 1, 30_000):
        body = b"[" * depth + b"]" * depth
        r = await p.http.post(
            f"/api/games/{gid}/actions",
            content=body,
            headers={"x-csrf-token": p.csrf, "content-type": "application/json"},
        )
        assert r.status_code == 400 and r.json()["code"] == "malformed", r.text
        assert "nests" in r.json()["error"]
    # nesting inside strings does not count
    ok = {"mode": "computer", "client_seed": "[[[[" * 40}
    assert (await p.post("/api/games", ok)).status_code == 201


def test_json_depth() -> None:
    assert json_depth(b"{}") == 1
    assert json_depth(b'{"a": [1, {"b": "[[["}]}') == 3
    assert json_depth(b'"\\"[[["') == 0
    assert json_depth(b"[" * 5) == 5


async def test_huge_event_numbers_get_422(player_factory: Any) -> None:
    p = await player_factory()
    gid = (await computer_game(p))["id"]
    r = await p.get(f"/api/games/{gid}/events?after=99999999999999999999")
    assert r.status_code == 422
    assert r.json()["code"] == "malformed" and r.json()["field"] == "after"
    assert (await p.get(f"/api/games/{gid}/events?after=-1")).status_code == 422
    assert (await p.get(f"/api/games/{gid}/events?after=2")).status_code == 200


async def test_form_posts_get_415(player_factory: Any) -> None:
    p = await player_factory()
    for url in ("/api/games", "/api/login", "/api/register"):
        r = await p.http.post(
            url,
            data={"username": "someone", "password": "x" * 10},
            headers={"x-csrf-token": p.csrf},
        )
        assert r.status_code == 415, (url, r.text)
        assert r.json()["code"] == "not-json" and "application/json" in r.json()["error"]


async def test_bad_bodies_name_the_field(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post("/api/games", {"mode": "computer", "length": "three"})
    assert r.status_code == 422
    assert r.json()["field"] == "length" and r.json()["code"] == "malformed"
    assert r.json()["error"].startswith("length: ")
    p.http.headers["x-lang"] = "ru"
    r = await p.post("/api/games", {"mode": "computer", "length": "three"})
    assert r.json()["error"].startswith("неверное поле «length» запроса")


async def test_security_headers(player_factory: Any) -> None:
    p = await player_factory()
    for url in ("/", "/api/session", "/static/app.js", "/nope"):
        r = await p.get(url)
        csp = r.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        assert r.headers["x-request-id"]


def start(c: TestClient) -> str:
    csrf = c.get("/api/session").json()["csrf"]
    r = c.post("/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def test_websocket_messages_are_bounded(app: Any) -> None:
    with TestClient(app) as c:
        gid = start(c)
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_text("[" * 8000 + "]" * 8000)  # under the size cap, too deep
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "malformed"
            ws.send_text("{not json")
            assert ws.receive_json()["code"] == "malformed"
            ws.send_json({"type": "hello", "last_seq": 0})  # the socket still serves
            assert ws.receive_json()["type"] == "update"
            ws.send_text(" " * (MAX_WS_MESSAGE + 1))
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1009 and str(MAX_WS_MESSAGE) in closed.value.reason


def test_sockets_are_capped_per_game_and_per_address(settings: Settings) -> None:
    settings.max_sockets_per_game = 2
    settings.max_sockets_per_ip = 3
    app = create_app(settings)
    with TestClient(app) as c:
        gid, other = start(c), start(c)
        with c.websocket_connect(f"/ws/games/{gid}"), c.websocket_connect(f"/ws/games/{gid}"):
            with c.websocket_connect(f"/ws/games/{gid}") as third:
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429 and "this game" in closed.value.reason
            with c.websocket_connect(f"/ws/games/{other}") as fine:
                fine.send_json({"type": "hello", "last_seq": 0})
                assert fine.receive_json()["type"] == "update"
                with c.websocket_connect(f"/ws/games/{other}") as fourth:
                    with pytest.raises(WebSocketDisconnect) as closed:
                        fourth.receive_json()
                    assert closed.value.code == 4429 and "your address" in closed.value.reason
        # closed sockets are counted off
        with c.websocket_connect(f"/ws/games/{gid}") as again:
            again.send_json({"type": "hello", "last_seq": 0})
            assert again.receive_json()["type"] == "update"


JOIN_LOBBY = {"type": "join", "channel": "lobby"}


def test_lobby_and_chat_sockets_are_capped_per_address_only(settings: Settings) -> None:
    """A club's lobby holds more people than a game's spectators: the per-game cap
    does not apply to the lobby's and the chat's sockets (the per-address cap does)."""
    settings.max_sockets_per_game = 1
    settings.max_sockets_per_ip = 4
    app = create_app(settings)
    with TestClient(app) as c, contextlib.ExitStack() as stack:
        asks = {"/ws/lobby": ({"type": "ping"}, "pong"), "/ws/chat": (JOIN_LOBBY, "joined")}
        for url in ("/ws/lobby", "/ws/lobby", "/ws/chat", "/ws/chat"):
            ws = stack.enter_context(c.websocket_connect(url))
            ask, answer = asks[url]
            ws.send_json(ask)
            while (m := ws.receive_json())["type"] != answer:
                assert m["type"] != "error", m
        with c.websocket_connect("/ws/lobby") as fifth:
            with pytest.raises(WebSocketDisconnect) as closed:
                fifth.receive_json()
            assert closed.value.code == 4429 and "your address" in closed.value.reason


def test_log_records_carry_the_request_and_game_ids(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """A server log line names its request (the client's X-Request-ID when sane) and
    the game (issue 14.3)."""
    settings.max_sockets_per_game = 0
    app = create_app(settings)
    caplog.handler.addFilter(ContextFilter())
    with TestClient(app) as c, caplog.at_level(logging.INFO, logger="nardy.server"):
        gid = start(c)
        with (
            c.websocket_connect(f"/ws/games/{gid}", headers={"x-request-id": "abc-123"}) as ws,
            pytest.raises(WebSocketDisconnect),
        ):
            ws.receive_json()
        r = c.get("/api/session", headers={"x-request-id": "bad id\\n"})
        assert len(r.headers["x-request-id"]) == 12  # a new one instead
    refused = [r for r in caplog.records if r.name == "nardy.server.routes.ws"]
    assert refused and refused[0].getMessage().startswith("websocket from testclient refused")
    assert (refused[0].request_id, refused[0].game_id) == ("abc-123", gid)


def test_serve_log_lines_name_the_request(capsys: pytest.CaptureFixture[str]) -> None:
    """``nardy serve --log-level`` configures this: nardy's records at the level, each
    line with the request and game ids."""
    root = logging.getLogger("nardy")
    handlers, level, propagate = root.handlers[:], root.level, root.propagate
    try:
        configure("info")
        token = logs.request_id.set("req-42")
        logging.getLogger("nardy.server.test").info("a line")
        logging.getLogger("nardy.server.test").debug("not shown")
        logs.request_id.reset(token)
        err = capsys.readouterr().err
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
        root.propagate = propagate
    assert "[req=req-42 game=-] a line" in err and "not shown" not in err
