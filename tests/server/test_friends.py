"""Friends and blocks: follow and unfollow (who is online among them), challenge a
friend directly (he hears of it on his lobby socket; he accepts or declines), block a
player (no challenges, no pairing, no following either way); members only."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from lobby_helpers import member, next_message, send
from server_helpers import same_loop_clients

pytestmark = pytest.mark.anyio


async def test_follow_see_online_and_unfollow(player_factory: Any, app: Any) -> None:
    ann, ben = await member(player_factory, "ann"), await member(player_factory, "ben")
    r = await send(ann, "POST", "/api/friends/ben")
    assert r.status_code == 200 and r.json()["name"] == "ben"
    assert (await send(ann, "POST", "/api/friends/BEN")).status_code == 200  # again: no-op
    friends = (await ann.get("/api/friends")).json()
    assert friends == {
        "following": [{"id": ben.user["id"], "name": "ben", "online": False}],
        "blocked": [],
    }
    from nardy.server.auth import Who

    ben_who = Who(ben.user["id"], "ben", "ben", "x")
    await app.state.lobby.arrive(ben_who, "lobby")  # ben opens the lobby
    assert (await ann.get("/api/friends")).json()["following"][0]["online"] is True
    snap = (await ann.get("/api/lobby")).json()
    assert snap["following"] == [{"id": ben.user["id"], "name": "ben"}]
    assert ben.user["id"] in snap["online"]["ids"]
    await app.state.lobby.leave(ben_who, "lobby")
    assert (await ann.get("/api/friends")).json()["following"][0]["online"] is False
    assert (await send(ann, "DELETE", "/api/friends/ben")).status_code == 200
    assert (await ann.get("/api/friends")).json()["following"] == []


async def test_bad_friend_requests_get_clear_errors(player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    r = await send(ann, "POST", "/api/friends/ann", lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "это вы сами"
    r = await send(ann, "POST", "/api/friends/ghost", lang="en")
    assert r.status_code == 404 and r.json()["error"] == "no player “ghost”"
    r = await send(ann, "POST", "/api/blocks/" + "x" * 41, lang="en")
    assert r.status_code == 400 and r.json()["code"] == "malformed"
    guest = await player_factory()
    await send(guest, "POST", "/api/lobby/queue", {"variant": "long"})  # a guest now
    r = await send(guest, "POST", "/api/friends/ann", lang="ru")
    assert r.status_code == 403
    assert r.json()["error"].startswith("друзья и блокировки — для зарегистрированных")
    anonymous = await player_factory()
    r = await send(anonymous, "POST", "/api/friends/ann")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    r = await anonymous.http.post("/api/friends/ann")  # no CSRF token
    assert r.status_code == 403 and r.json()["code"] == "csrf"


async def test_a_block_stops_challenges_and_following(player_factory: Any, app: Any) -> None:
    ann, ben = await member(player_factory, "ann"), await member(player_factory, "ben")
    await send(ben, "POST", "/api/friends/ann")
    await send(ann, "POST", "/api/friends/ben")
    r = await send(ann, "POST", "/api/blocks/ben")
    assert r.status_code == 200
    assert (await ann.get("/api/friends")).json() == {
        "following": [],
        "blocked": [{"id": ben.user["id"], "name": "ben", "online": False}],
    }
    assert (await ben.get("/api/friends")).json()["following"] == []
    # ben cannot challenge ann directly, nor accept her open challenge, nor follow her
    r = await send(ben, "POST", "/api/lobby/challenges", {"variant": "long", "to": "ann"}, "ru")
    assert r.status_code == 409
    assert r.json()["error"] == ("с игроком ann играть нельзя: один из вас заблокировал другого")
    r = await send(ann, "POST", "/api/lobby/challenges", {"variant": "long"})
    cid = r.json()["challenge"]["id"]
    r = await send(ben, "POST", f"/api/lobby/challenges/{cid}/accept")
    assert r.status_code == 409 and r.json()["code"] == "blocked"
    assert (await send(ben, "POST", "/api/friends/ann")).status_code == 409
    # lifted: ben may accept
    assert (await send(ann, "DELETE", "/api/blocks/ben")).status_code == 200
    r = await send(ben, "POST", f"/api/lobby/challenges/{cid}/accept")
    assert r.status_code == 200


async def test_a_direct_challenge_is_for_the_named_player_only(
    player_factory: Any, app: Any
) -> None:
    ann, ben = await member(player_factory, "ann"), await member(player_factory, "ben")
    carol = await player_factory()
    r = await send(ann, "POST", "/api/lobby/challenges", {"variant": "short", "to": "ben"})
    assert r.status_code == 201
    ch = r.json()["challenge"]
    assert ch["to"] == {"id": ben.user["id"], "name": "ben"}
    # not listed for others
    assert (await carol.get("/api/lobby")).json()["challenges"] == []
    assert [c["id"] for c in (await ben.get("/api/lobby")).json()["challenges"]] == [ch["id"]]
    r = await send(carol, "POST", f"/api/lobby/challenges/{ch['id']}/accept", lang="ru")
    assert r.status_code == 403 and r.json()["error"] == "этот вызов сделан другому игроку"
    r = await send(carol, "POST", f"/api/lobby/challenges/{ch['id']}/decline")
    assert r.status_code == 403
    r = await send(ann, "POST", "/api/lobby/challenges", {"variant": "long", "to": "ann"})
    assert r.status_code == 409 and r.json()["code"] == "forbidden"
    r = await send(ben, "POST", f"/api/lobby/challenges/{ch['id']}/decline")
    assert r.status_code == 200
    assert (await ann.get("/api/lobby")).json()["challenges"] == []


def test_the_challenged_friend_hears_of_it_and_the_challenger_of_the_decline(app: Any) -> None:
    with same_loop_clients(app, 3) as (ann, ben, carol):
        tokens = {}
        for client, name in ((ann, "ann"), (ben, "ben")):
            csrf = client.get("/api/session").json()["csrf"]
            r = client.post(
                "/api/register",
                json={"username": name, "password": "secret-pass"},
                headers={"x-csrf-token": csrf},
            )
            assert r.status_code == 200, r.text
            tokens[name] = client.get("/api/session").json()["csrf"]
        with (
            ann.websocket_connect("/ws/lobby") as ann_ws,
            ben.websocket_connect("/ws/lobby") as ben_ws,
            carol.websocket_connect("/ws/lobby") as carol_ws,
        ):
            for ws in (ann_ws, ben_ws, carol_ws):
                next_message(ws, "snapshot")
            r = ann.post(
                "/api/lobby/challenges",
                json={"variant": "long", "to": "ben", "length": 1},
                headers={"x-csrf-token": tokens["ann"]},
            )
            ch = r.json()["challenge"]
            assert next_message(ben_ws, "challenge") == {"type": "challenge", "challenge": ch}
            assert next_message(ann_ws, "challenge")["challenge"]["id"] == ch["id"]
            r = ben.post(
                f"/api/lobby/challenges/{ch['id']}/decline",
                headers={"x-csrf-token": tokens["ben"]},
            )
            assert r.status_code == 200
            assert next_message(ann_ws, "gone") == {
                "type": "gone",
                "id": ch["id"],
                "reason": "declined",
            }
            # carol heard nothing of it: her next message is her own pong
            carol_ws.send_json({"type": "ping"})
            assert next_message(carol_ws, None) == {"type": "pong"}


def test_friends_list_is_empty_for_visitors(app: Any) -> None:
    with TestClient(app) as c:
        assert c.get("/api/friends").json() == {"following": [], "blocked": []}
