"""A visitor of the app as the chat's and the several processes' tests drive it: one
browser's test client, its CSRF token, and the requests it makes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from nardy.server.db import User


class Visitor:
    """One browser: a test client (of one application) with its own cookies and
    CSRF token."""

    def __init__(self, client: TestClient) -> None:
        self.c = client
        self.csrf = client.get("/api/session").json()["csrf"]
        self.id: int | None = None

    def register(self, name: str) -> Visitor:
        r = self.post("/api/register", {"username": name, "password": "correct horse"})
        assert r.status_code == 200, r.text
        self.id = r.json()["user"]["id"]
        return self

    def post(self, url: str, body: Any = None, lang: str = "en") -> Any:
        r = self.c.post(url, json=body if body is not None else {}, headers=self.headers(lang))
        if r.status_code == 200 and "csrf" in r.json():
            self.csrf = r.json()["csrf"]
        return r

    def delete(self, url: str) -> Any:
        return self.c.delete(url, headers=self.headers("en"))

    def get(self, url: str, lang: str = "en") -> Any:
        return self.c.get(url, headers={"x-lang": lang})

    def headers(self, lang: str = "en") -> dict[str, str]:
        return {"x-csrf-token": self.csrf, "x-lang": lang}

    def say(self, channel: str, text: str) -> dict[str, Any]:
        r = self.post(f"/api/chat/{channel}", {"text": text})
        assert r.status_code == 200, r.text
        return dict(r.json())


@contextmanager
def visitors_of(app: Any) -> Iterator[Callable[[], Visitor]]:
    """Makes visitors of one app (each his own cookies), all on the first one's event
    loop (as ``server_helpers.same_loop_clients``, one at a time)."""
    with TestClient(app) as first:
        made: list[Visitor] = []

        def make() -> Visitor:
            c = first if not made else TestClient(app)
            c.portal = first.portal
            made.append(Visitor(c))
            return made[-1]

        yield make


def set_user(app: Any, user_id: int | None, **values: Any) -> None:
    """Store ``values`` on the member ``user_id`` (a moderator made, a ban, a mute)."""
    with app.state.db() as s:
        s.execute(update(User).where(User.id == user_id).values(**values))
        s.commit()
