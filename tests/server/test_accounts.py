"""Guests, logins and names (issue 13.3, 13.4, 13.6): guests made on first action,
limited per address and expired when idle (an injected clock); logins throttled per
account and per address, an unknown name verified against a dummy hash like a wrong
password; names in NFKC, confusable names refused."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from server_helpers import Clock
from sqlalchemy import text

import nardy.server
from nardy.server import Settings, create_app
from nardy.server.auth import MIN_PASSWORD
from nardy.server.names import normalize_name, skeleton

pytestmark = pytest.mark.anyio


class CountingHasher(PasswordHasher):
    """A real (cheap) argon2 hasher that counts its verifications."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.verified = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.verified += 1
        return super().verify(hash, password)


class Visitor:
    """A browser: its own cookies and CSRF token."""

    def __init__(self, app: Any) -> None:
        self.http = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver"
        )
        self.csrf = ""

    async def open(self) -> dict[str, Any]:
        data: dict[str, Any] = (await self.http.get("/api/session")).json()
        self.csrf = data["csrf"]
        return data

    async def post(self, url: str, body: Any = None) -> httpx.Response:
        r = await self.http.post(url, json=body or {}, headers={"x-csrf-token": self.csrf})
        if r.status_code == 200 and "csrf" in r.json():
            self.csrf = r.json()["csrf"]
        return r


def count(app: Any, table: str) -> int:
    with app.state.engine.connect() as conn:
        return int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())


async def test_idle_guests_expire(settings: Settings) -> None:
    clock = Clock()
    app = create_app(settings, clock=clock)
    player, idler, regular = Visitor(app), Visitor(app), Visitor(app)
    await player.open()
    await idler.open()
    await regular.open()
    assert (await regular.post("/api/games", {"mode": "local"})).status_code == 201
    game = await player.post("/api/games", {"mode": "computer"})
    assert game.status_code == 201
    cookie = next(c for c in game.headers.get_list("set-cookie") if "nardy_session=" in c)
    assert f"Max-Age={settings.guest_idle_days * 86400}" in cookie  # not a year
    assert (await idler.post("/api/join/no-such-invite")).status_code == 404  # acted: a guest
    assert count(app, "users") == 3
    clock.moment += timedelta(days=settings.guest_idle_days - 1)
    assert app.state.accounts.expire_guests() == (0, 0)  # not idle yet
    assert (await regular.http.get("/api/session")).json()["user"]["guest"]  # seen now
    clock.moment += timedelta(days=1, hours=1)
    assert (await player.http.get("/api/session")).json()["user"]["id"] is None  # expired
    assert (await regular.http.get("/api/session")).json()["user"]["id"] is not None
    assert app.state.accounts.expire_guests() == (2, 1)
    # the player (who has a game) and the regular (seen lately) stay; one session left
    assert count(app, "users") == 2 and count(app, "sessions") == 1
    gid = game.json()["id"]
    assert (await player.http.get(f"/api/games/{gid}")).status_code == 200


async def test_an_anonymous_visitor_needs_his_own_token(settings: Settings) -> None:
    """Before he is stored, a visitor's unsafe request carries the CSRF token of his
    own cookie (double submit); nothing else makes a guest."""
    app = create_app(settings)
    v = Visitor(app)
    await v.open()
    for sent in ("", "forged-token-forged-token"):
        r = await v.http.post("/api/games", json={}, headers={"x-csrf-token": sent})
        assert r.status_code == 403 and r.json()["code"] == "csrf"
    v.http.cookies.clear()  # a token without its cookie
    r = await v.http.post("/api/games", json={}, headers={"x-csrf-token": v.csrf})
    assert r.status_code == 403
    assert count(app, "users") == 0


async def test_a_refused_first_action_still_gets_its_guest(settings: Settings) -> None:
    """The guest made for a first action that fails (400, 422, 404) gets his cookie
    with the error: the next action is his, not another new guest's."""
    app = create_app(settings)
    v = Visitor(app)
    await v.open()
    r = await v.post("/api/games", {"mode": "computer", "variant": "chess"})
    assert r.status_code == 400 and "nardy_session" in v.http.cookies
    for body in ({"mode": "online"}, {"variant": "long"}):
        await v.post("/api/games", body)
    await v.post("/api/join/no-such-invite")
    assert count(app, "users") == 1 and count(app, "games") == 1
    w = Visitor(app)
    await w.open()
    assert (await w.post("/api/games", {"mode": "online"})).status_code == 422
    assert (await w.post("/api/games", {"mode": "local"})).status_code == 201
    assert count(app, "users") == 2


async def test_guest_creation_is_limited_per_address(settings: Settings) -> None:
    settings.guest_rate = "3 per hour"
    app = create_app(settings)
    for _ in range(3):
        v = Visitor(app)
        await v.open()
        assert (await v.post("/api/games", {"mode": "local"})).status_code == 201
    v = Visitor(app)
    await v.open()
    r = await v.post("/api/games", {"mode": "local"})
    assert r.status_code == 429 and r.json()["code"] == "too-many-guests"
    wait = int(r.headers["retry-after"])
    assert wait > 0 and r.json()["params"] == {"wait": wait} and "guests" in r.json()["error"]
    assert count(app, "users") == 3
    # reading the site is still free
    assert (await Visitor(app).open())["user"]["guest"] is True


async def test_guest_limit_is_shared_through_redis(settings: Settings, redis_url: str) -> None:
    """Two servers with ``--redis`` count one address's new guests together."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    settings.guest_rate = "3 per hour"
    settings.rate_limit_storage = redis_url
    one, two = create_app(settings), create_app(settings)
    for app in (one, two, one):
        v = Visitor(app)
        await v.open()
        assert (await v.post("/api/games", {"mode": "local"})).status_code == 201
    v = Visitor(two)
    await v.open()
    r = await v.post("/api/games", {"mode": "local"})
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    assert count(one, "users") == 3


async def register(app: Any, name: str, password: str = "correct horse") -> httpx.Response:
    v = Visitor(app)
    await v.open()
    return await v.post("/api/register", {"username": name, "password": password})


async def test_logins_are_throttled_per_account_and_address(settings: Settings) -> None:
    settings.login_rate_account = "3 per 15 minutes"
    settings.login_rate_ip = "8 per 15 minutes"
    app = create_app(settings)
    app.state.accounts.hasher = CountingHasher()
    assert (await register(app, "alice")).status_code == 200
    v = Visitor(app)
    await v.open()
    wrong = {"username": "alice", "password": "wrong password"}
    right = {"username": "alice", "password": "correct horse"}
    assert [(await v.post("/api/login", wrong)).status_code for _ in range(2)] == [401, 401]
    assert (await v.post("/api/login", right)).status_code == 200  # success clears the count
    assert (await v.post("/api/logout")).status_code == 200
    codes = [(await v.post("/api/login", wrong)).status_code for _ in range(4)]
    assert codes == [401, 401, 401, 429]
    r = await v.post("/api/login", right)  # even the right password waits
    assert r.status_code == 429 and r.json()["code"] == "too-many-logins"
    assert 0 < int(r.headers["retry-after"]) <= 15 * 60
    # per address: other names count too (2 failed so far on this address)
    codes = [
        (await v.post("/api/login", {"username": f"bob{i}", "password": "x" * 9})).status_code
        for i in range(4)
    ]
    assert codes == [401, 401, 401, 429]


async def test_unknown_name_answers_like_a_wrong_password(settings: Settings) -> None:
    app = create_app(settings)
    hasher = CountingHasher()
    app.state.accounts.hasher = hasher
    assert (await register(app, "carol")).status_code == 200
    v = Visitor(app)
    await v.open()
    before = hasher.verified
    unknown = await v.post("/api/login", {"username": "nobody", "password": "whatever1"})
    assert hasher.verified == before + 1  # a dummy hash was verified
    wrong = await v.post("/api/login", {"username": "carol", "password": "whatever1"})
    assert hasher.verified == before + 2
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()


def test_names_are_normalized_and_skeletons_shared() -> None:
    assert normalize_name("ＡＤＭＩＮ") == "ADMIN"
    assert skeleton("ＡＤＭＩＮ") == skeleton("admin") == skeleton("аdmin") == skeleton("ADMIN")
    assert skeleton("vlad_0l") == skeleton("vlad_Ol")
    assert skeleton("admin") != skeleton("adrian")


async def test_confusable_names_are_refused(settings: Settings) -> None:
    app = create_app(settings)
    assert (await register(app, "admin")).status_code == 200
    taken = await register(app, "admin")
    assert taken.status_code == 409 and taken.json()["code"] == "username-taken"
    for name in ("ＡＤＭＩＮ", "аdmin", "Admin"):  # fullwidth, Cyrillic а, case
        r = await register(app, name)
        assert r.status_code == 409 and r.json()["code"] == "username-confusable", name
        assert "admin" in r.json()["error"]
    r = await register(app, "ＢＯＢ_1")
    assert r.status_code == 200 and r.json()["user"]["username"] == "BOB_1"
    v = Visitor(app)
    await v.open()  # the name logs in in either form
    r = await v.post("/api/login", {"username": "ＢＯＢ_1", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["user"]["name"] == "BOB_1"


def test_the_sign_up_page_states_the_servers_password_rule() -> None:
    """The register page shows the shortest password before it is refused: its number
    is the server's own."""
    static = Path(nardy.server.__file__).resolve().parent / "static"
    found = re.search(r"export const MIN_PASSWORD = (\d+);", (static / "account.js").read_text())
    assert found and int(found.group(1)) == MIN_PASSWORD
