"""A member closes his account (``POST /api/me/close``, ``Accounts.close``), given his
password: he is logged out everywhere and cannot log in again; his profile, his
ratings on the leaderboard, his follows and blocks and his seeks in the lobby go; his
name stays taken. Refused, changing nothing, while a game of his against a person is
unfinished or he is entered in a tournament that is not over. On a real database,
SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from nardy.server.db import Rating

pytestmark = pytest.mark.anyio

PASSWORD = "correct horse"


async def member(player_factory: Any, name: str) -> Any:
    p = await player_factory()
    r = await p.post("/api/register", {"username": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    p.user = r.json()["user"]
    return p


async def close(p: Any, password: str = PASSWORD, lang: str = "en") -> httpx.Response:
    r: httpx.Response = await p.http.post(
        "/api/me/close",
        json={"password": password},
        headers={"x-csrf-token": p.csrf, "accept-language": lang},
    )
    if r.status_code == 200:
        p.csrf = r.json()["csrf"]
    return r


async def login(player_factory: Any, name: str) -> httpx.Response:
    p = await player_factory()
    r: httpx.Response = await p.post("/api/login", {"username": name, "password": PASSWORD})
    return r


def rate(app: Any, user_id: int, rating: float) -> None:
    with app.state.db() as s:
        s.add(Rating(user_id=user_id, pool="long", rating=rating, rd=60.0, volatility=0.06))
        s.commit()


async def leaders(p: Any) -> list[str]:
    r = await p.get("/api/leaderboard?pool=long")
    assert r.status_code == 200, r.text
    return [x["name"] for x in r.json()["players"]]


async def test_a_closed_account_leaves_the_club(player_factory: Any, app: Any) -> None:
    ann, bob = await member(player_factory, "ann"), await member(player_factory, "bob")
    phone = await player_factory()
    assert (await phone.post("/api/login", {"username": "ann", "password": PASSWORD})).is_success
    rate(app, ann.user["id"], 1700.0)
    rate(app, bob.user["id"], 1600.0)
    assert await leaders(bob) == ["ann", "bob"]
    assert (await ann.post("/api/friends/bob")).is_success
    assert (await bob.post("/api/friends/ann")).is_success
    r = await ann.post("/api/lobby/challenges", {"variant": "short"})
    assert r.status_code == 201, r.text
    r = await bob.post("/api/lobby/challenges", {"variant": "long", "to": "ann"})
    assert r.status_code == 201, r.text
    listed = (await bob.get("/api/lobby")).json()["challenges"]
    assert sorted((c["by"]["name"], (c["to"] or {}).get("name")) for c in listed) == [
        ("ann", None),
        ("bob", "ann"),
    ]
    assert (await ann.post("/api/games", {"mode": "computer"})).status_code == 201  # (no person)
    # a wrong password closes nothing
    r = await close(ann, "not her password", "ru")
    assert r.status_code == 403 and r.json()["error"] == "пароль указан неверно"
    assert (await ann.get("/api/session")).json()["user"]["username"] == "ann"
    r = await close(ann)
    assert r.status_code == 200, r.text
    assert r.json()["user"]["id"] is None  # this visitor is anonymous again
    assert (await ann.get("/api/session")).json()["user"]["id"] is None
    assert (await phone.get("/api/session")).json()["user"]["id"] is None  # everywhere
    assert (await login(player_factory, "ann")).status_code == 401
    r = await (await player_factory()).post(
        "/api/register", {"username": "ann", "password": PASSWORD}
    )
    assert r.status_code == 409 and r.json()["code"] == "username-taken"  # still hers
    assert (await bob.get("/api/players/ann")).status_code == 404
    assert await leaders(bob) == ["bob"]
    friends = (await bob.get("/api/friends")).json()
    assert friends["following"] == [] and friends["blocked"] == []
    assert (await bob.post("/api/friends/ann")).status_code == 404
    assert (await bob.get("/api/lobby")).json()["challenges"] == []


async def test_unfinished_play_with_people_keeps_the_account_open(
    player_factory: Any, app: Any
) -> None:
    ann, bob = await member(player_factory, "ann"), await member(player_factory, "bob")
    live = await app.state.games.create_paired(ann.user["id"], bob.user["id"], {"variant": "long"})
    r = await close(ann, lang="ru")
    assert r.status_code == 409 and r.json()["code"] == "unfinished"
    assert "доиграйте или сдайте партии с людьми (1)" in r.json()["error"]
    assert (await login(player_factory, "ann")).status_code == 200
    # (the game ends: the player to act resigns it, the other accepts)
    gid = live.meta.id
    st = (await ann.get(f"/api/games/{gid}")).json()
    resigner, other = (ann, bob) if st["to_act"] == st["role"] else (bob, ann)
    level = max(
        x["level"] for x in (await resigner.get(f"/api/games/{gid}")).json()["resign_levels"]
    )
    r = await resigner.post(f"/api/games/{gid}/actions", {"action": "resign", "level": level})
    assert r.status_code == 200, r.text
    r = await other.post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.status_code == 200, r.text
    # a tournament he entered holds him too, until he leaves it
    t = (
        await bob.post(
            "/api/tournaments", {"name": "Cup", "variant": "long", "format": "knockout", "size": 4}
        )
    ).json()["tournament"]
    r = await ann.post(f"/api/tournaments/{t['id']}/join", {"invite": t.get("invite")})
    assert r.status_code == 200, r.text
    r = await close(ann)
    assert r.status_code == 409 and "tournaments (1)" in r.json()["error"]
    assert (await ann.post(f"/api/tournaments/{t['id']}/leave", {})).is_success
    assert (await close(ann)).status_code == 200


async def test_only_a_member_closes_an_account(player_factory: Any) -> None:
    anonymous = await player_factory()
    assert (await close(anonymous)).status_code == 403
    guest = await player_factory()
    assert (await guest.post("/api/games", {"mode": "computer"})).status_code == 201
    assert (await close(guest)).status_code == 409
    ann = await member(player_factory, "ann")
    r = await ann.post("/api/me/close", {"password": 7})
    assert r.status_code == 422 and r.json()["code"] == "malformed"
