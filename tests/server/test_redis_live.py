"""Several server processes sharing the live state through a real Redis
(``nardy.server.redis_live``): two applications on one database and one Redis, each
on its own event loop (as two processes), and a client of each."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient

from nardy.server import Settings, create_app
from nardy.server.redis_live import RedisChatDelivery, RedisHub


class Visitor:
    """One browser on one application: a test client with its cookies and CSRF token."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.csrf = client.get("/api/session").json()["csrf"]
        self.id: int | None = None

    def register(self, name: str) -> Visitor:
        r = self.post("/api/register", {"username": name, "password": "correct horse"})
        assert r.status_code == 200, r.text
        self.id = r.json()["user"]["id"]
        return self

    def post(self, url: str, body: Any = None) -> Any:
        r = self.c.post(url, json=body if body is not None else {}, headers=self.headers())
        if r.status_code == 200 and "csrf" in r.json():
            self.csrf = r.json()["csrf"]
        return r

    def headers(self) -> dict[str, str]:
        return {"x-csrf-token": self.csrf, "x-lang": "en"}


@pytest.fixture
def apps(db_url: str, redis_url: str) -> Iterator[tuple[Any, Any]]:
    """Two applications ("processes") on one database and one (emptied) Redis."""
    redis.Redis.from_url(redis_url).flushdb()
    made = tuple(
        create_app(Settings(db_url=db_url, dice_seed="test-seed", redis_url=redis_url))
        for _ in range(2)
    )
    yield made[0], made[1]


@pytest.fixture
def visitors(apps: tuple[Any, Any]) -> Iterator[Any]:
    """``make(i)``: a new visitor of application ``i`` (each application's clients share
    its first client's event loop; the two applications run on two loops)."""
    firsts: dict[int, TestClient] = {}
    opened: list[TestClient] = []

    def make(i: int) -> Visitor:
        if i not in firsts:
            firsts[i] = TestClient(apps[i]).__enter__()
            opened.append(firsts[i])
            return Visitor(firsts[i])
        c = TestClient(apps[i])
        c.portal = firsts[i].portal
        return Visitor(c)

    yield make
    for c in reversed(opened):
        c.__exit__(None, None, None)


def join(ws: Any, channel: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "channel": channel})
    joined: dict[str, Any] = ws.receive_json()
    assert joined["type"] == "joined", joined
    return joined


# -- the chat ------------------------------------------------------------------------


def test_a_chat_message_said_on_one_process_reaches_a_socket_on_another(
    apps: tuple[Any, Any], visitors: Any
) -> None:
    assert isinstance(apps[0].state.chat.delivery, RedisChatDelivery)
    a, b = visitors(0).register("ashot"), visitors(1).register("boris")
    with a.c.websocket_connect("/ws/chat") as wa, b.c.websocket_connect("/ws/chat") as wb:
        join(wa, "lobby")
        join(wb, "lobby")
        wa.send_json({"type": "say", "id": 1, "channel": "lobby", "text": "салют из A"})
        got = wb.receive_json()
        assert got["type"] == "message" and got["text"] == "салют из A"
        assert got["name"] == "ashot"
        # and back, over HTTP on B: A's socket gets it after its own ack and message
        r = b.post("/api/chat/lobby", {"text": "привет из B"})
        assert r.status_code == 200, r.text
        seen = [wa.receive_json() for _ in range(3)]
        assert sorted(m["type"] for m in seen) == ["ack", "message", "message"]
        said = [m["text"] for m in seen if m["type"] == "message"]
        assert said == ["салют из A", "привет из B"]  # in the order they were said
        # a block on A reaches B's tab of the same user... (his own channel)
        assert wb.receive_json()["text"] == "привет из B"
        b2 = visitors(0)
        b2.c.cookies = b.c.cookies
        b2.csrf = b.csrf
        r = b2.post(f"/api/chat/blocks/{a.id}")
        assert r.status_code == 200, r.text
        assert wb.receive_json() == {"type": "blocked", "user_id": a.id}
        # ... and from then on A's messages no longer reach B
        wa.send_json({"type": "say", "id": 2, "channel": "lobby", "text": "слышишь?"})
        r = a.post("/api/chat/lobby", {"text": "ещё раз"})
        b.post("/api/chat/lobby", {"text": "тишина"})
        assert wb.receive_json()["text"] == "тишина"


def test_the_hub_subscribes_once_per_channel_and_leaves_with_the_last_follower(
    redis_url: str,
) -> None:
    async def run() -> None:
        one, two = RedisHub(redis_url), RedisHub(redis_url)
        got: list[tuple[str, str]] = []

        async def keep(channel: str, data: str) -> None:
            got.append((channel, data))

        async def received(n: int) -> None:
            for _ in range(200):
                if len(got) >= n:
                    return
                await asyncio.sleep(0.01)  # (the reader task of a real connection)

        one.route("nardy:t:", keep)
        await one.follow("nardy:t:x")
        await one.follow("nardy:t:x")
        assert await two.redis.pubsub_numsub("nardy:t:x") == [("nardy:t:x", 1)]
        await two.publish("nardy:t:x", "1")
        await one.unfollow("nardy:t:x")
        await two.publish("nardy:t:x", "2")  # still one follower
        await received(2)
        await one.unfollow("nardy:t:x")
        await two.publish("nardy:t:x", "3")  # no one now
        await one.follow("nardy:t:y")
        await two.publish("nardy:t:y", "4")
        await received(3)
        assert got == [("nardy:t:x", "1"), ("nardy:t:x", "2"), ("nardy:t:y", "4")]
        assert await two.redis.pubsub_numsub("nardy:t:x") == [("nardy:t:x", 0)]
        await one.stop()
        await two.stop()

    asyncio.run(run())
