"""What the server's log says to an operator (docs/deploy.md, *The log*): a handler
that raises is one ERROR line with the request's id, method and path and one
traceback (none of uvicorn's); failed and slow requests are an INFO line each, the
others DEBUG; a websocket the client closes is no traceback."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from nardy.server import Settings, create_app
from nardy.server.guards import SECURITY_HEADERS
from nardy.server.logs import FORMAT, ContextFilter, RequestIdMiddleware, RequestLogMiddleware

LOOPBACK = ("127.0.0.1", 50000)


class Lines(logging.Handler):
    """The ``nardy`` loggers' records as ``nardy serve`` formats them (with the ids)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.setFormatter(logging.Formatter(FORMAT))
        self.addFilter(ContextFilter())
        self.records: list[logging.LogRecord] = []
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.lines.append(self.format(record))

    def at(self, level: int) -> list[str]:
        return [self.format(r) for r in self.records if r.levelno == level]


@pytest.fixture
def lines() -> Iterator[Lines]:
    handler = Lines()
    root = logging.getLogger("nardy")
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield handler
    root.removeHandler(handler)
    root.setLevel(level)


def crashing_app(settings: Settings) -> Any:
    """The server with one more route, ahead of the pages' catch-all, that raises."""
    app = create_app(settings)

    async def crash() -> None:
        raise ZeroDivisionError("a bug")

    app.add_api_route("/api/test-crash", crash)
    app.router.routes.insert(0, app.router.routes.pop())
    return app


@pytest.mark.anyio
@pytest.mark.one_database
async def test_an_unhandled_error_is_logged_once_with_the_request(
    settings: Settings, lines: Lines
) -> None:
    app = crashing_app(settings)
    # an app exception leaving the app is what uvicorn printed a second time: the
    # transport raises it here
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=True)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        r = await c.get("/api/test-crash?secret=1", headers={"x-request-id": "nginx-id-42"})
    assert r.status_code == 500
    assert r.json()["code"] == "internal"
    assert r.headers["x-request-id"] == "nginx-id-42"
    # the 500 is an answer like any other: a browser gets the same security headers
    for name, value in SECURITY_HEADERS.items():
        assert r.headers[name] == value
    errors = [rec for rec in lines.records if rec.levelno >= logging.ERROR]
    assert len(errors) == 1
    line = lines.format(errors[0])
    assert "[req=nginx-id-42 " in line
    assert "GET /api/test-crash 500 " in line
    assert "secret" not in line  # the query may hold an invitation's token
    assert "ZeroDivisionError: a bug" in line  # the traceback, once
    assert sum("Traceback" in x for x in lines.lines) == 1
    assert b'nardy_http_errors_total{status="5xx"} 1.0' in app.state.metrics.render()


@pytest.mark.one_database
def test_failed_requests_are_info_and_the_rest_debug(settings: Settings, lines: Lines) -> None:
    with TestClient(create_app(settings), client=LOOPBACK) as c:
        assert c.get("/api/session", headers={"x-request-id": "ok-1"}).status_code == 200
        assert c.get("/api/games/nosuch", headers={"x-request-id": "gone-1"}).status_code == 404
    info = [x for x in lines.at(logging.INFO) if "nardy.server.access" in x]
    assert len(info) == 1
    assert "[req=gone-1 " in info[0] and "GET /api/games/nosuch 404 " in info[0]
    assert any("[req=ok-1 " in x and "GET /api/session 200 " in x for x in lines.at(logging.DEBUG))


@pytest.mark.anyio
async def test_a_slow_request_is_info() -> None:
    """Timed by the middleware's clock (the test's own: no waiting)."""
    now = [100.0]

    async def slow(scope: Scope, receive: Receive, send: Send) -> None:
        now[0] += 2.5  # the handler "takes" 2.5 s
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})

    handler = Lines()
    access = logging.getLogger("nardy.server.access")
    access.addHandler(handler)
    level = access.level
    access.setLevel(logging.DEBUG)
    try:
        app = RequestIdMiddleware(RequestLogMiddleware(slow, clock=lambda: now[0]))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            assert (await c.post("/api/games")).status_code == 200
    finally:
        access.removeHandler(handler)
        access.setLevel(level)
    assert len(handler.at(logging.INFO)) == 1
    assert "POST /api/games 200 2500 ms" in handler.at(logging.INFO)[0]


@pytest.mark.one_database
def test_closed_and_refused_websockets(settings: Settings, lines: Lines) -> None:
    """A client closing its socket (1001: the page left) is a DEBUG line without a
    traceback; a refused one names the address it came from."""
    settings.max_sockets_per_ip = 1
    settings.trusted_proxies = ["127.0.0.1"]
    me = {"x-forwarded-for": "198.51.100.7"}
    with TestClient(create_app(settings), client=LOOPBACK) as c:
        csrf = c.get("/api/session").json()["csrf"]
        gid = c.post("/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf})
        gid = gid.json()["id"]
        with c.websocket_connect(f"/ws/games/{gid}", headers=me) as ws:
            ws.send_json({"type": "hello", "last_seq": 0})
            assert ws.receive_json()["type"] == "update"
            with c.websocket_connect(f"/ws/games/{gid}", headers=me) as second:
                with pytest.raises(WebSocketDisconnect) as closed:
                    second.receive_json()
                assert closed.value.code == 4429
            ws.close(code=1001)
    assert not [r for r in lines.records if r.exc_info], lines.lines
    assert any("websocket from 198.51.100.7 refused" in x for x in lines.lines)


@pytest.mark.anyio
async def test_a_client_gone_while_its_socket_opened_is_no_error(lines: Lines) -> None:
    """uvicorn raises ``ClientDisconnected`` to a handler sending to a client that left
    while the socket opened (a page closed at once): a DEBUG line, no traceback (it
    had been an ERROR with the whole traceback)."""
    from uvicorn.protocols.utils import ClientDisconnected

    async def leaving(scope: Scope, receive: Receive, send: Send) -> None:
        raise ClientDisconnected

    sent: list[Any] = []

    async def send(message: Any) -> None:
        sent.append(message)

    async def receive() -> Any:
        return {"type": "websocket.connect"}

    app = RequestLogMiddleware(leaving)
    await app({"type": "websocket", "path": "/ws/lobby", "headers": []}, receive, send)
    assert not [r for r in lines.records if r.exc_info or r.levelno >= logging.WARNING]
    assert any("/ws/lobby: the client left" in x for x in lines.at(logging.DEBUG))
    assert sent == []  # nothing is sent to a client that is gone
