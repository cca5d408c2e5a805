"""A guest's own name (issue 16.9): ``PUT /api/me/name`` checks it like a username,
refuses default guest names ("Guest-7", "Гость 7") and any name that looks like a
member's username (a guest must not pass for a member), says why in the visitor's
language, limits the changes per user, and the new name is what the others see."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from argon2 import PasswordHasher
from server_helpers import same_loop_clients

from nardy.server.auth import NAME_RATE

pytestmark = pytest.mark.anyio


async def rename(player: Any, name: object, lang: str = "en") -> httpx.Response:
    return await player.http.put(
        "/api/me/name",
        json={"name": name},
        headers={"x-csrf-token": player.csrf, "accept-language": lang},
    )


async def guest(player_factory: Any) -> Any:
    """A visitor who has played (so he is a stored guest)."""
    p = await player_factory()
    assert (await p.post("/api/games", {"mode": "local"})).status_code == 201
    return p


async def test_a_guest_chooses_his_name(app: Any, player_factory: Any) -> None:
    p = await guest(player_factory)
    before = (await p.get("/api/me")).json()["user"]
    assert before["name"] == f"Guest-{before['id']}"  # the client words it "Гость N"
    r = await rename(p, "  Ｓasha_77 ")  # NFKC, trimmed
    assert r.status_code == 200, r.text
    assert r.json()["user"]["name"] == "Sasha_77"
    assert (await p.get("/api/me")).json()["user"]["name"] == "Sasha_77"
    # the others see it: the game he opens for a friend names him
    game = (await p.post("/api/games", {"mode": "friend"})).json()
    friend = await player_factory()
    joined = await friend.post(f"/api/join/{game['invite_url'].rsplit('/', 1)[1]}")
    assert joined.status_code == 200, joined.text
    assert "Sasha_77" in joined.text


async def test_an_anonymous_visitor_becomes_a_named_guest(player_factory: Any) -> None:
    p = await player_factory()
    assert (await p.get("/api/me")).json()["user"]["id"] is None
    assert (await rename(p, "Marat")).status_code == 200
    user = (await p.get("/api/me")).json()["user"]
    assert (user["name"], user["guest"]) == ("Marat", True)


@pytest.mark.parametrize(
    ("name", "code", "ru"),
    [
        ("ab", "bad-name", "имя: 3-30 букв"),
        ("a" * 31, "bad-name", "имя: 3-30 букв"),
        ("two words", "bad-name", "имя: 3-30 букв"),
        ("<b>x</b>", "bad-name", "имя: 3-30 букв"),
        ("Guest-12", "name-reserved", "даются гостям"),
        ("гость_3", "name-reserved", "даются гостям"),
        ("GUEST7", "name-reserved", "даются гостям"),
    ],
)
async def test_bad_names_are_refused_in_the_visitors_language(
    player_factory: Any, name: str, code: str, ru: str
) -> None:
    p = await guest(player_factory)
    old = (await p.get("/api/me")).json()["user"]["name"]
    r = await rename(p, name, "ru")
    assert r.status_code == 400
    assert r.json()["code"] == code
    assert ru in r.json()["error"]
    assert (await p.get("/api/me")).json()["user"]["name"] == old  # nothing changed


async def test_a_guest_cannot_pass_for_a_member(app: Any, player_factory: Any) -> None:
    app.state.accounts.hasher = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    member = await player_factory()
    assert (
        await member.post("/api/register", {"username": "admin", "password": "x" * 8})
    ).is_success
    p = await guest(player_factory)
    for fake in ("admin", "ADMIN", "аdmin", "ａｄｍｉｎ"):  # (Cyrillic а; full width)
        r = await rename(p, fake, "ru")
        assert r.status_code == 409, fake
        assert r.json()["code"] == "name-taken"
        assert "admin" in r.json()["error"] and "похоже" in r.json()["error"]
    # a member keeps his username as his name; nor may he register a guest's name
    r = await rename(member, "boss")
    assert (r.status_code, r.json()["code"]) == (409, "forbidden")
    other = await player_factory()
    r = await other.post("/api/register", {"username": "Guest-3", "password": "x" * 8})
    assert (r.status_code, r.json()["code"]) == (400, "name-reserved")


async def test_malformed_bodies_are_refused(player_factory: Any) -> None:
    p = await guest(player_factory)
    for body in ({"name": 7}, {}, {"name": "x" * 201}):
        r = await p.http.put("/api/me/name", json=body, headers={"x-csrf-token": p.csrf})
        assert r.status_code == 422, body
    r = await p.http.put("/api/me/name", json={"name": "Sasha"})  # no CSRF token
    assert r.status_code == 403


async def test_name_changes_are_limited(player_factory: Any) -> None:
    p = await guest(player_factory)
    allowed = int(NAME_RATE.split()[0])
    for i in range(allowed):
        assert (await rename(p, f"Sasha{i}")).status_code == 200
    r = await rename(p, "Sasha_last", "ru")
    assert r.status_code == 429
    assert r.json()["code"] == "too-many-renames"
    assert "смен имени" in r.json()["error"]
    assert (await p.get("/api/me")).json()["user"]["name"] == f"Sasha{allowed - 1}"
    # another guest is not held back by him
    q = await guest(player_factory)
    assert (await rename(q, "Sasha_last")).status_code == 200


def test_a_new_name_reaches_the_game_in_play_at_once(app: Any) -> None:
    """A game in play stays in memory with the names it was loaded with: the new name
    is written into it and sent to its watchers, without waiting for an event."""
    with same_loop_clients(app, 2) as (host, friend):
        csrf = host.get("/api/session").json()["csrf"]
        game = host.post("/api/games", json={"mode": "friend"}, headers={"x-csrf-token": csrf})
        assert game.status_code == 201, game.text
        gid, token = game.json()["id"], game.json()["invite_url"].rsplit("/", 1)[1]
        fcsrf = friend.get("/api/session").json()["csrf"]
        joined = friend.post(f"/api/join/{token}", json={}, headers={"x-csrf-token": fcsrf})
        assert joined.status_code == 200, joined.text
        state = joined.json()
        mine = state["players"][state["view"]]["name"]
        theirs = state["players"]["white" if state["view"] == "black" else "black"]["name"]
        assert theirs.startswith("Guest-")
        with friend.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": state["seq"]})
            assert ws.receive_json()["events"] == []
            r = host.put("/api/me/name", json={"name": "Sasha"}, headers={"x-csrf-token": csrf})
            assert r.status_code == 200, r.text
            # (a hello after it: without the push, its answer comes first and fails
            # the test instead of leaving it waiting)
            ws.send_json({"type": "hello", "last_seq": state["seq"]})
            pushed = ws.receive_json()  # no event: the game is sent again
            assert (pushed["type"], pushed["events"]) == ("update", [])
            names = {pushed["state"]["players"][c]["name"] for c in ("white", "black")}
            assert names == {"Sasha", mine}
            assert pushed["state"]["seq"] == state["seq"]
            assert ws.receive_json()["state"]["players"] == pushed["state"]["players"]
        again = friend.get(f"/api/games/{gid}").json()
        assert {again["players"][c]["name"] for c in ("white", "black")} == {"Sasha", mine}
