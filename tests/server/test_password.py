"""A member changes his password (``PUT /api/me/password``): the current one is checked
and its failures throttled as failed logins; every other session of his ends and this
one goes on under a new token. A forgotten password is set by the operator (``nardy
admin password``), which logs the member out everywhere. On a real database, SQLite and
PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from click.testing import CliRunner

from nardy.cli import main
from nardy.server import Settings, create_app

pytestmark = pytest.mark.anyio

OLD, NEW = "correct horse", "battery staple"


async def put(p: Any, body: Any, lang: str = "en") -> httpx.Response:
    r: httpx.Response = await p.http.put(
        "/api/me/password", json=body, headers={"x-csrf-token": p.csrf, "accept-language": lang}
    )
    if r.status_code == 200:
        p.csrf = r.json()["csrf"]
    return r


async def member(player_factory: Any, name: str, password: str = OLD) -> Any:
    p = await player_factory()
    r = await p.post("/api/register", {"username": name, "password": password})
    assert r.status_code == 200, r.text
    return p


async def login(player_factory: Any, name: str, password: str) -> httpx.Response:
    p = await player_factory()
    r: httpx.Response = await p.post("/api/login", {"username": name, "password": password})
    return r


async def who(p: Any) -> Any:
    return (await p.get("/api/session")).json()["user"]


async def test_a_new_password_ends_the_other_sessions(player_factory: Any) -> None:
    here = await member(player_factory, "ann")
    there = await player_factory()  # her phone
    assert (await there.post("/api/login", {"username": "ann", "password": OLD})).is_success
    before = here.http.cookies.get("nardy_session")
    r = await put(here, {"current": OLD, "new": NEW})
    assert r.status_code == 200, r.text
    assert r.json()["user"]["username"] == "ann"
    assert here.http.cookies.get("nardy_session") not in (None, before)  # a new token
    assert (await who(here))["username"] == "ann"  # this page goes on
    assert (await who(there))["id"] is None  # the phone is logged out
    assert (await login(player_factory, "ann", OLD)).status_code == 401
    assert (await login(player_factory, "ann", NEW)).status_code == 200


async def test_a_new_password_that_is_the_old_one_is_refused(player_factory: Any) -> None:
    here = await member(player_factory, "ann")
    phone = await player_factory()
    assert (await phone.post("/api/login", {"username": "ann", "password": OLD})).is_success
    r = await put(here, {"current": OLD, "new": OLD}, "ru")
    assert r.status_code == 400 and r.json()["code"] == "bad-password"
    assert r.json()["error"] == "новый пароль совпадает с нынешним: выберите другой"
    assert (await who(phone))["username"] == "ann"  # nothing changed: his phone stays in


async def test_the_other_devices_are_logged_out_and_this_one_stays(
    player_factory: Any,
) -> None:
    here = await member(player_factory, "ann")
    phone, laptop = await player_factory(), await player_factory()
    for device in (phone, laptop):
        r = await device.post("/api/login", {"username": "ann", "password": OLD})
        assert r.status_code == 200, r.text
    bob = await member(player_factory, "bob")  # someone else's session is his own
    r = await here.post("/api/me/logout-others")
    assert r.status_code == 200 and r.json() == {"ended": 2}
    assert (await who(here))["username"] == "ann"
    assert (await who(phone))["id"] is None and (await who(laptop))["id"] is None
    assert (await who(bob))["username"] == "bob"
    assert (await here.post("/api/me/logout-others")).json() == {"ended": 0}
    assert (await login(player_factory, "ann", OLD)).status_code == 200  # the password stays
    anonymous = await player_factory()
    r = await anonymous.post("/api/me/logout-others")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"


@pytest.mark.parametrize(
    ("body", "status", "code", "ru"),
    [
        ({"current": "not her password", "new": NEW}, 403, "bad-password", "пароль указан неверно"),
        ({"current": OLD, "new": "short"}, 400, "bad-password", "не короче 8 символов"),
        ({"current": OLD, "new": "x" * 1001}, 422, "malformed", None),
        ({"current": OLD}, 422, "malformed", None),
        ([OLD, NEW], 422, "malformed", None),
    ],
)
async def test_a_refused_change_says_why_and_keeps_the_password(
    player_factory: Any, body: Any, status: int, code: str, ru: str | None
) -> None:
    ann = await member(player_factory, "ann")
    r = await put(ann, body, "ru")
    assert r.status_code == status, r.text
    assert r.json()["code"] == code
    if ru is not None:
        assert ru in r.json()["error"]
    assert (await who(ann))["username"] == "ann"  # still logged in
    assert (await login(player_factory, "ann", OLD)).status_code == 200


async def test_only_a_member_has_a_password_to_change(player_factory: Any) -> None:
    anonymous = await player_factory()
    r = await put(anonymous, {"current": OLD, "new": NEW})
    assert r.status_code == 403
    guest = await player_factory()
    assert (await guest.post("/api/games", {"mode": "computer"})).status_code == 201
    r = await put(guest, {"current": OLD, "new": NEW}, "ru")
    assert r.status_code == 409 and "только у зарегистрированного" in r.json()["error"]


async def test_wrong_current_passwords_are_throttled_as_logins(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, dice_seed="t", login_rate_account="3 per hour"))
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as http:
        csrf = (await http.get("/api/session")).json()["csrf"]
        r = await http.post(
            "/api/register",
            json={"username": "ann", "password": OLD},
            headers={"x-csrf-token": csrf},
        )
        csrf = r.json()["csrf"]
        statuses = []
        for _ in range(4):
            r = await http.put(
                "/api/me/password",
                json={"current": "guessing", "new": NEW},
                headers={"x-csrf-token": csrf},
            )
            statuses.append(r.status_code)
        assert statuses == [403, 403, 403, 429]
        assert "retry-after" in r.headers
        # the right one is refused too until the wait is over: no guessing past the limit
        r = await http.put(
            "/api/me/password", json={"current": OLD, "new": NEW}, headers={"x-csrf-token": csrf}
        )
        assert r.status_code == 429


async def test_the_operator_sets_a_forgotten_password(player_factory: Any, db_url: str) -> None:
    ann = await member(player_factory, "Ann")

    def admin(*args: str, stdin: str | None = None) -> Any:
        return CliRunner().invoke(main, ["admin", "password", *args, "--db", db_url], input=stdin)

    out = admin("Ann", stdin=f"{NEW}\n{NEW}\n")  # asked twice, unseen
    assert out.exit_code == 0, out.output
    assert "Ann's password is set" in out.output and NEW not in out.output
    assert (await who(ann))["id"] is None  # logged out everywhere
    assert (await login(player_factory, "Ann", OLD)).status_code == 401
    assert (await login(player_factory, "Ann", NEW)).status_code == 200
    out = admin("Ann", "--password", "short")
    assert out.exit_code == 1 and "8 to 1000 characters" in out.output
    out = admin("Nobody", "--password", NEW)
    assert out.exit_code == 1 and "no member is called 'Nobody'" in out.output
    assert (await login(player_factory, "Ann", NEW)).status_code == 200  # unchanged
