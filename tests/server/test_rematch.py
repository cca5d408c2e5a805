"""Rematches (``POST /api/games/{id}/rematch``, ``nardy.server.rematch``): against the
computer a new game with the same settings at once; between two people an offer the
opponent accepts (a club game between the same two) or declines. Only a player of a
finished game may ask; repeating an offer changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from lobby_helpers import member
from server_helpers import act

pytestmark = pytest.mark.anyio


async def resign_now(player: Any, state: dict[str, Any], level: int) -> dict[str, Any]:
    """The player to act offers to resign at ``level`` (rules allow it before or after
    rolling, RULES.md C-3)."""
    return await act(player, state["id"], {"action": "resign", "level": level})


async def rematch(player: Any, gid: str, body: Any = None) -> Any:
    return await player.post(f"/api/games/{gid}/rematch", body)


async def events(player: Any, gid: str) -> list[dict[str, Any]]:
    r = await player.get(f"/api/games/{gid}/events")
    return list(r.json()["events"])


def refused(r: Any, status: int, code: str) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and body["error"], body


async def test_a_rematch_against_the_computer_starts_the_same_game_once(
    player_factory: Any,
) -> None:
    me, stranger = await player_factory(), await player_factory()
    spec = {"mode": "computer", "variant": "short", "level": "beginner", "cube": False}
    r = await me.post("/api/games", spec)
    assert r.status_code == 201, r.text
    st = r.json()
    gid = st["id"]
    refused(await rematch(me, gid), 409, "not-now")  # not over yet
    assert st["rematch"] is None
    # a koks (backgammon) resignation gives all a game can: the computer accepts it
    st = await resign_now(me, st, 3)
    assert st["phase"] == "over" and st["status"] == "over"
    refused(await rematch(stranger, gid), 403, "forbidden")  # not his game
    refused(await rematch(me, gid, {"action": "dance"}), 422, "malformed")
    refused(await rematch(me, "no-such-game"), 404, "not-found")
    r = await rematch(me, gid)
    assert r.status_code == 200, r.text
    first = r.json()
    assert first["state"] == "accepted" and first["by"] == st["role"]
    new_id = first["game"]
    assert new_id and new_id != gid
    again = await rematch(me, gid, {"action": "offer"})  # a double click: the same game
    assert again.status_code == 200 and again.json() == first
    assert [e["kind"] for e in await events(me, gid)].count("rematch") == 1
    new = (await me.get(f"/api/games/{new_id}")).json()
    for key in ("variant", "mode", "level", "family"):
        assert new[key] == st[key], key
    assert new["cube"]["enabled"] is False and new["match"]["length"] == 0
    assert new["role"] in ("white", "black") and new["phase"] != "over"
    old = (await me.get(f"/api/games/{gid}")).json()
    assert old["rematch"] == first
    refused(await rematch(me, gid, {"action": "decline"}), 409, "not-now")


async def finished_friend_game(player_factory: Any) -> tuple[Any, Any, str, dict[str, Any]]:
    """A short-nardy match to 3 between two guests by link, ended by a resignation that
    decides it (a koks of 3 points); the creator, the friend, the id and its state."""
    a, b = await player_factory(), await player_factory()
    r = await a.post("/api/games", {"mode": "friend", "variant": "short", "length": 3})
    assert r.status_code == 201, r.text
    gid = r.json()["id"]
    token = r.json()["invite_url"].rsplit("/", 1)[1]
    assert (await b.post(f"/api/join/{token}")).status_code == 200
    st = (await a.get(f"/api/games/{gid}")).json()
    mover, other = (a, b) if st["to_act"] == st["role"] else (b, a)
    st = await resign_now(mover, st, 3)
    st = await act(other, gid, {"action": "accept"})
    assert st["status"] == "over" and st["match"]["over"]
    return a, b, gid, st


async def test_a_friend_rematch_is_an_offer_the_opponent_accepts(player_factory: Any) -> None:
    a, b, gid, _ = await finished_friend_game(player_factory)
    stranger = await player_factory()
    refused(await rematch(stranger, gid), 403, "forbidden")
    refused(await rematch(b, gid, {"action": "decline"}), 409, "not-now")  # nothing offered
    r = await rematch(a, gid)
    assert r.status_code == 200, r.text
    offer = r.json()
    seen_a = (await a.get(f"/api/games/{gid}")).json()
    assert offer == {"state": "offered", "by": seen_a["role"], "game": None}
    count = len(await events(a, gid))
    assert (await rematch(a, gid)).json() == offer  # offered again: nothing changes
    assert len(await events(a, gid)) == count
    refused(await rematch(a, gid, {"action": "decline"}), 409, "not-now")  # his own offer
    seen_b = (await b.get(f"/api/games/{gid}")).json()
    assert seen_b["rematch"] == offer and seen_b["role"] != offer["by"]
    r = await rematch(b, gid)  # offering back accepts
    assert r.status_code == 200, r.text
    accepted = r.json()
    assert accepted["state"] == "accepted" and accepted["by"] == seen_b["role"]
    new_id = accepted["game"]
    assert (await rematch(a, gid)).json() == accepted  # both at once: one new game
    new_a = (await a.get(f"/api/games/{new_id}")).json()
    new_b = (await b.get(f"/api/games/{new_id}")).json()
    assert {new_a["role"], new_b["role"]} == {"white", "black"}  # the same two
    assert new_a["mode"] == "club" and new_a["variant"] == "short"
    assert new_a["match"]["length"] == 3 and new_a["match"]["score"] == {"white": 0, "black": 0}
    assert (await stranger.get(f"/api/games/{new_id}")).json()["role"] == "spectator"
    refused(await rematch(b, gid, {"action": "decline"}), 409, "not-now")


async def test_a_rated_match_with_a_clock_is_rematched_rated_with_the_clock(
    player_factory: Any,
) -> None:
    """A rematch keeps what the two agreed to play: rated (both are members), the
    clock (15 s a move, 2 min a point: full again), variant, length and cube. The
    colours are the new game's toss's (RULES.md G-5), not carried over."""
    alice, bob = await member(player_factory, "rm-alice"), await member(player_factory, "rm-bob")
    terms = {"variant": "short", "length": 3, "cube": True, "rated": True, "clock": "rapid"}
    r = await alice.post("/api/lobby/challenges", terms)
    assert r.status_code == 201, r.text
    r = await bob.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    gid = r.json()["game"]
    st = (await alice.get(f"/api/games/{gid}")).json()
    mover, other = (alice, bob) if st["to_act"] == st["role"] else (bob, alice)
    st = await resign_now(mover, (await mover.get(f"/api/games/{gid}")).json(), 3)
    st = await act(other, gid, {"action": "accept"})
    assert st["match"]["over"] and st["rated"] is True
    assert (await rematch(bob, gid)).json()["state"] == "offered"
    accepted = (await rematch(alice, gid)).json()
    assert accepted["state"] == "accepted", accepted
    new = (await alice.get(f"/api/games/{accepted['game']}")).json()
    assert new["mode"] == "club" and new["rated"] is True
    assert new["variant"] == "short" and new["match"]["length"] == 3 and new["cube"]["enabled"]
    clock = new["clock"]
    assert clock["delay"] == 15 and clock["reserve_per_point"] == 120
    assert clock["reserve"] == {"white": 360, "black": 360}  # 3 points of 2 min each
    assert new["match"]["score"] == {"white": 0, "black": 0}
    assert [e for e in await events(alice, new["id"]) if "toss" in e["data"]]


async def test_a_declined_rematch_stays_declined(player_factory: Any) -> None:
    a, b, gid, _ = await finished_friend_game(player_factory)
    assert (await rematch(b, gid)).json()["state"] == "offered"
    r = await rematch(a, gid, {"action": "decline"})
    assert r.status_code == 200, r.text
    assert r.json()["state"] == "declined" and r.json()["game"] is None
    assert (await b.get(f"/api/games/{gid}")).json()["rematch"]["state"] == "declined"
    refused(await rematch(b, gid), 409, "declined")
    refused(await rematch(a, gid), 409, "declined")
    kinds = [e["kind"] for e in await events(a, gid)]
    assert kinds.count("rematch") == 2  # the offer and the refusal, stored


async def test_a_rematch_on_one_device_starts_at_once(player_factory: Any) -> None:
    me, stranger = await player_factory(), await player_factory()
    r = await me.post("/api/games", {"mode": "local", "variant": "long"})
    st = r.json()
    gid = st["id"]
    assert st["role"] == "both"
    st = await resign_now(me, st, 1)
    st = await act(me, gid, {"action": "accept"})  # both sides are his
    assert st["status"] == "over"
    refused(await rematch(stranger, gid), 403, "forbidden")
    r = await rematch(me, gid)
    assert r.status_code == 200, r.text
    assert r.json()["state"] == "accepted" and r.json()["by"] == "both"
    new = (await me.get(f"/api/games/{r.json()['game']}")).json()
    assert new["mode"] == "local" and new["variant"] == "long" and new["role"] == "both"


async def test_a_tournament_game_has_no_rematch(player_factory: Any) -> None:
    """The tournament pairs the next round: its finished game offers no rematch (the
    state says ``tournament``, which the page reads), and the server refuses one."""
    me = await player_factory()
    r = await me.post("/api/register", {"username": "cupper", "password": "correct horse"})
    assert r.status_code == 200, r.text
    r = await me.post("/api/tournaments", {"name": "Cup", "format": "knockout", "size": 2})
    assert r.status_code == 201, r.text
    t = r.json()["tournament"]
    assert (await me.post(f"/api/tournaments/{t['id']}/join", {"invite": t["invite"]})).is_success
    r = await me.post(f"/api/tournaments/{t['id']}/computers", {"level": "beginner"})
    assert r.status_code == 200, r.text
    t = (await me.get(f"/api/tournaments/{t['id']}")).json()["tournament"]
    gid = t["rounds_played"][0][0]["game"]
    st = (await me.get(f"/api/games/{gid}")).json()
    assert st["tournament"] is True
    st = await resign_now(me, st, 2)  # (long nardy's whole stake, a mars: accepted)
    assert st["status"] == "over"
    refused(await rematch(me, gid), 409, "not-now")
    assert "tournament" in (await rematch(me, gid)).json()["error"]
    # an ordinary game says it is none
    r = await me.post("/api/games", {"mode": "computer", "variant": "short", "level": "beginner"})
    assert r.json()["tournament"] is False
