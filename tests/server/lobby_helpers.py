"""What the lobby's tests share: requests in a language, members, socket messages."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx

#: How long a socket may stay silent when a message is due (a message never sent, or a
#: broken relay between the processes, then fails the test rather than hanging it).
SILENCE = 10.0


async def send(
    player: Any, method: str, url: str, body: Any = None, lang: str = "en"
) -> httpx.Response:
    """A request with the player's CSRF token, in ``lang``."""
    r: httpx.Response = await player.http.request(
        method,
        url,
        json=body if body is not None else {},
        headers={"x-csrf-token": player.csrf, "x-lang": lang},
    )
    return r


async def member(player_factory: Any, name: str) -> Any:
    """A new player with an account called ``name``."""
    p = await player_factory()
    r = await p.post("/api/register", {"username": name, "password": "secret-pass"})
    assert r.status_code == 200, r.text
    return await p.start()


def member_client(url: str, name: str) -> httpx.Client:
    """A client of a real server (``url``) signed up as ``name``, its CSRF token set."""
    c = httpx.Client(base_url=url)
    csrf = c.get("/api/session").json()["csrf"]
    r = c.post(
        "/api/register",
        json={"username": name, "password": "secret-pass"},
        headers={"x-csrf-token": csrf},
    )
    assert r.status_code == 200, r.text
    c.headers["x-csrf-token"] = c.get("/api/session").json()["csrf"]
    return c


def next_message(ws: Any, kind: str | None) -> dict[str, Any]:
    """The next lobby socket message of ``kind``, skipping the periodic ``online``,
    ``games``, ``searching`` and ``mine`` (the lobby's ticker sends them when they
    change); ``kind`` None: the next one that is not periodic."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] in ("online", "games", "searching", "mine") and msg["type"] != kind:
            continue
        if kind is None or msg["type"] == kind:
            return msg


def receive(ws: Any) -> dict[str, Any]:
    """The socket's next message (JSON), waiting ``SILENCE`` seconds at most."""

    async def within() -> Any:
        with anyio.fail_after(SILENCE):
            return await ws._send_rx.receive()  # (what ``receive_json`` awaits)

    message = ws.portal.call(within)
    assert message["type"] == "websocket.send", message
    got: dict[str, Any] = json.loads(message["text"])
    return got
