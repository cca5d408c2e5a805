"""Fuzzing the server's boundary (issue 13.2): arbitrary JSON and bytes to every body
that is parsed, arbitrary messages to the game websocket. Whatever arrives, the answer
is a JSON error with a code (4xx) or a success, never a 500 or a socket dropped
without a code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.server import Settings, create_app

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
#: Objects shaped like the real bodies, with arbitrary values.
FIELDS = [
    "action",
    "from",
    "to",
    "play",
    "level",
    "mode",
    "variant",
    "options",
    "length",
    "crawford",
    "cube",
    "beavers",
    "client_seed",
    "username",
    "password",
    "current",
    "new",
]
SHAPED = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=5)
BYTES = st.binary(max_size=200)
FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


class Site:
    """One visitor with a game against the computer (made once per test)."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.csrf = client.get("/api/session").json()["csrf"]
        r = client.post("/api/games", json={"mode": "local"}, headers=self.headers())
        assert r.status_code == 201
        self.gid = r.json()["id"]

    def headers(self) -> dict[str, str]:
        return {"x-csrf-token": self.csrf, "content-type": "application/json"}

    def urls(self) -> list[tuple[str, str]]:
        """(method, URL) of each parsed body."""
        return [
            ("POST", f"/api/games/{self.gid}/actions"),
            ("POST", "/api/games"),
            ("POST", "/api/login"),
            ("POST", "/api/register"),
            ("POST", f"/api/games/{self.gid}/claim"),  # (no body: whatever comes is unread)
            ("PUT", "/api/me/password"),
        ]


@pytest.fixture
def site(tmp_path: Any) -> Iterator[Site]:
    s = Settings(
        db_url=f"sqlite:///{tmp_path / 'fuzz.sqlite3'}",
        dice_seed="fuzz",
        login_rate_ip="100000 per hour",
        login_rate_account="100000 per hour",
    )
    with TestClient(create_app(s)) as client:
        yield Site(client)


def answered(r: Any) -> None:
    assert r.status_code < 500, r.text
    data = r.json()
    if r.status_code >= 400:
        assert isinstance(data["error"], str) and data["error"] and data["code"], data


@FUZZ
@given(body=JSON | SHAPED, which=st.integers(0, 5))
def test_any_json_body_is_answered(site: Site, body: Any, which: int) -> None:
    method, url = site.urls()[which]
    answered(site.c.request(method, url, content=json.dumps(body), headers=site.headers()))


@FUZZ
@given(raw=BYTES, which=st.integers(0, 5))
def test_any_bytes_are_answered(site: Site, raw: bytes, which: int) -> None:
    method, url = site.urls()[which]
    answered(site.c.request(method, url, content=raw, headers=site.headers()))


@FUZZ
@given(after=st.text(max_size=30), plies=st.text(max_size=30))
def test_any_query_is_answered(site: Site, after: str, plies: str) -> None:
    answered(site.c.get(f"/api/games/{site.gid}/events", params={"after": after}))
    answered(site.c.get(f"/api/games/{site.gid}/analysis", params={"plies": plies}))


MESSAGES = (
    st.builds(lambda a, i: {"type": "action", "id": i, "action": a}, JSON | SHAPED, JSON)
    | st.builds(lambda n: {"type": "hello", "last_seq": n}, JSON)
    | JSON
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(messages=st.lists(MESSAGES | BYTES.map(lambda b: b.decode("latin-1")), max_size=6))
def test_any_websocket_message_is_answered(site: Site, messages: list[Any]) -> None:
    """Each message gets an answer (an update, an ack or an error); the socket stays."""
    with site.c.websocket_connect(f"/ws/games/{site.gid}") as ws:
        for msg in messages:
            ws.send_text(msg if isinstance(msg, str) else json.dumps(msg))
            while True:  # updates may come before the action's ack
                reply = ws.receive_json()
                assert reply["type"] in ("update", "ack", "error"), reply
                if reply["type"] == "error":
                    assert reply["code"] and reply["error"]
                hello = isinstance(msg, dict) and msg.get("type") == "hello"
                if reply["type"] != "update" or hello:
                    break
