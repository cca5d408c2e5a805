"""Several server processes sharing the live state through a real Redis
(``nardy.server.redis_live``): two applications on one database and one Redis, each
on its own event loop (as two processes), and a client of each."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
import redis
from conftest import POSTGRES, reset_postgres, worker_postgres_url
from fastapi.testclient import TestClient
from lobby_helpers import receive
from sqlalchemy import select
from visitors import Visitor

from nardy.server import Settings, create_app
from nardy.server.db import EventRow, GameRow
from nardy.server.friends import Player
from nardy.server.lobby import Challenge, Present, Terms
from nardy.server.pairing import Seeker
from nardy.server.redis_live import (
    RedisChatDelivery,
    RedisGameEvents,
    RedisHub,
    RedisLobbyState,
)


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


def next_message(ws: Any, kind: str) -> dict[str, Any]:
    """The socket's next lobby message of ``kind`` (others skipped)."""
    while True:
        msg = receive(ws)
        if msg["type"] == kind:
            return msg


def join(ws: Any, channel: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "channel": channel})
    joined = receive(ws)
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
        got = receive(wb)
        assert got["type"] == "message" and got["text"] == "салют из A"
        assert got["name"] == "ashot"
        # and back, over HTTP on B: A's socket gets it after its own ack and message
        r = b.post("/api/chat/lobby", {"text": "привет из B"})
        assert r.status_code == 200, r.text
        seen = [receive(wa) for _ in range(3)]
        assert sorted(m["type"] for m in seen) == ["ack", "message", "message"]
        said = [m["text"] for m in seen if m["type"] == "message"]
        assert said == ["салют из A", "привет из B"]  # in the order they were said
        # a block on A reaches B's tab of the same user... (his own channel)
        assert receive(wb)["text"] == "привет из B"
        b2 = visitors(0)
        b2.c.cookies = b.c.cookies
        b2.csrf = b.csrf
        r = b2.post(f"/api/chat/blocks/{a.id}")
        assert r.status_code == 200, r.text
        assert receive(wb) == {"type": "blocked", "user_id": a.id}
        # ... and from then on A's messages no longer reach B
        wa.send_json({"type": "say", "id": 2, "channel": "lobby", "text": "слышишь?"})
        r = a.post("/api/chat/lobby", {"text": "ещё раз"})
        b.post("/api/chat/lobby", {"text": "тишина"})
        assert receive(wb)["text"] == "тишина"


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


# -- the lobby -------------------------------------------------------------------------


def games_in(app: Any) -> list[str]:
    with app.state.db() as s:
        return list(s.scalars(select(GameRow.id)))


def test_a_challenge_made_on_one_process_is_accepted_on_another_into_one_game(
    apps: tuple[Any, Any], visitors: Any
) -> None:
    assert isinstance(apps[1].state.lobby.state, RedisLobbyState)
    a, b, c = visitors(0).register("ashot"), visitors(1).register("boris"), visitors(1)
    c.register("vera")
    with a.c.websocket_connect("/ws/lobby") as wa:
        next_message(wa, "snapshot")
        r = a.post("/api/lobby/challenges", {"variant": "long", "length": 3})
        assert r.status_code == 201, r.text
        ch = r.json()["challenge"]
        listed = b.c.get("/api/lobby").json()["challenges"]
        assert [x["id"] for x in listed] == [ch["id"]] and listed[0]["length"] == 3
        url = f"/api/lobby/challenges/{ch['id']}/accept"
        first, second = b.post(url), c.post(url)
        assert (first.status_code, second.status_code) == (200, 409)
        gid = first.json()["game"]
        # the creator's socket on A learns of the game started on B
        assert next_message(wa, "game")["id"] == gid
    assert games_in(apps[0]) == [gid]
    assert a.c.get(f"/api/games/{gid}").json()["role"] in ("white", "black")
    assert b.c.get("/api/lobby").json()["challenges"] == []


def test_presence_counts_the_sockets_of_every_process(apps: tuple[Any, Any], visitors: Any) -> None:
    a, b = visitors(0).register("ashot"), visitors(1).register("boris")
    a2 = visitors(1)
    a2.c.cookies = a.c.cookies

    def online(i: int) -> dict[str, Any]:
        c = a.c if i == 0 else b.c
        view: dict[str, Any] = c.portal.call(apps[i].state.lobby.online_view)
        return view

    assert online(0)["count"] == 0
    with a.c.websocket_connect("/ws/lobby") as wa, b.c.websocket_connect("/ws/lobby") as wb:
        next_message(wa, "snapshot")
        next_message(wb, "snapshot")
        for i in (0, 1):
            assert online(i)["count"] == 2
        with a2.c.websocket_connect("/ws/lobby") as wa2:  # ashot on B too: still two
            next_message(wa2, "snapshot")
            assert online(0)["count"] == 2
        assert online(1)["count"] == 2  # his socket on A is still open
    assert online(0)["count"] == 0 and online(1)["count"] == 0


def test_seekers_on_two_processes_are_paired_into_one_game(
    apps: tuple[Any, Any], visitors: Any
) -> None:
    a, b = visitors(0).register("ashot"), visitors(1).register("boris")
    with a.c.websocket_connect("/ws/lobby") as wa, b.c.websocket_connect("/ws/lobby") as wb:
        next_message(wa, "snapshot")
        next_message(wb, "snapshot")
        for v in (a, b):
            r = v.post("/api/lobby/queue", {"variant": "long", "clock": "none"})
            assert r.status_code in (200, 201), r.text
        # both processes tick (every second); the lease lets one pair them
        gid = next_message(wa, "game")["id"]
        assert next_message(wb, "game")["id"] == gid
    assert games_in(apps[0]) == [gid]


def test_the_redis_lobby_state_keeps_the_contract(redis_url: str) -> None:
    async def run() -> None:
        redis.Redis.from_url(redis_url).flushdb()
        hub_a, hub_b = RedisHub(redis_url), RedisHub(redis_url)
        now = [200.0]  # A's lobby clock
        a, b = RedisLobbyState(hub_a, lambda: now[0]), RedisLobbyState(hub_b)
        terms = Terms("long", 3, True, False, "blitz")
        ch = Challenge("c1", 7, "ashot", False, 1612.25, terms, Player(8, "boris"), 5.5)
        await a.add_challenge(ch)
        assert await b.challenges() == [ch]
        taken = await asyncio.gather(a.take_challenge("c1"), b.take_challenge("c1"))
        assert sorted(taken, key=lambda x: x is None) == [ch, None]  # one take wins
        seeker = Seeker(7, "ashot", False, None, "long", "none", 3.25)
        await a.enqueue(seeker)
        await b.mark_offered(7)
        assert await a.queue() == [replace(seeker, offered=True)]
        assert await b.dequeue(7) == replace(seeker, offered=True)
        assert await a.dequeue(7) is None
        # starts: all or none, and only the claimer releases
        assert await a.claim((1, 2)) is True
        assert await b.claim((2, 3)) is False
        await b.release((1, 2))  # not b's claim
        assert await b.claim((3, 1)) is False
        await a.release((1, 2))
        assert await b.claim((2, 3)) is True
        # the tick's lease: one holder, who renews it
        assert await a.lead() is True and await b.lead() is False and await a.lead() is True
        # presence: each process counts its sockets; leaving lobby sockets is timed
        ashot = Present(7, "ashot", True)
        await a.arrive(ashot, "lobby")
        await b.arrive(ashot, "game")
        await b.arrive(Present(8, "boris", True), "lobby")
        assert sorted(p.user_id for p in await a.online()) == [7, 8]
        await a.leave(7, "lobby", 100.5)
        assert await b.absent_since(7) == 100.5
        assert sorted(p.user_id for p in await a.online()) == [7, 8]  # his game socket
        await b.leave(7, "game", 101.0)
        assert [p.user_id for p in await a.online()] == [8]
        await b.arrive(ashot, "lobby")
        assert await a.absent_since(7) is None
        await hub_b.redis.delete(b._mine)  # B died: its counts expired
        # ashot's lobby socket was on B: he left when that is first noticed
        assert await a.online() == [] and await a.absent_since(7) == 200.0
        now[0] = 230.0
        assert await a.absent_since(7) == 200.0 and await b.absent_since(7) == 200.0
        assert await a.absent_since(9) is None  # never had a lobby socket
        await hub_a.stop()
        await hub_b.stop()

    asyncio.run(run())


# -- game events -----------------------------------------------------------------------


@pytest.fixture
def pg_apps(redis_url: str) -> Iterator[tuple[Any, Any]]:
    """Two applications on one PostgreSQL database (``NARDY_TEST_POSTGRES_URL``: its
    row locks keep two processes' writes of one game apart) and one Redis."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("NARDY_TEST_POSTGRES_URL is not set")
        pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
    url = worker_postgres_url(POSTGRES)
    reset_postgres(url)
    redis.Redis.from_url(redis_url).flushdb()
    made = tuple(
        create_app(Settings(db_url=url, dice_seed="test-seed", redis_url=redis_url))
        for _ in range(2)
    )
    yield made[0], made[1]


class Seat:
    """One game socket and what it has seen: every event (in order) and the state."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        ws.send_json({"type": "hello", "last_seq": 0})
        hello = ws.receive_json()
        self.events: list[dict[str, Any]] = list(hello["events"])
        self.state: dict[str, Any] = hello["state"]
        self.acked: int | None = None

    def until(self, seq: int, *, ack: bool = False) -> None:
        """Read the socket until its state reached ``seq`` (and the ack came)."""
        while self.state["seq"] < seq or (ack and self.acked is None):
            msg = receive(self.ws)
            assert msg["type"] in ("update", "ack"), msg
            if msg["type"] == "ack":
                self.acked = msg["seq"]
                continue
            self.events.extend(msg["events"])
            self.state = msg["state"]

    def to_move(self) -> bool:
        if "next-game" in self.state["actions"]:
            return True
        return bool(self.state["actions"]) and self.state["to_act"] == self.state["role"]

    def act(self) -> None:
        """Send the turn's first possible action: the next game, a take, a double
        (with the cube in the middle), a roll, or the first legal play."""
        actions = self.state["actions"]
        centred = self.state["cube"] is not None and self.state["cube"]["owner"] is None
        if "next-game" in actions:
            action: dict[str, Any] = {"action": "next-game"}
        elif "take" in actions:
            action = {"action": "take"}
        elif "double" in actions and centred:
            action = {"action": "double"}
        elif "roll" in actions:
            action = {"action": "roll"}
        else:
            assert self.state["legal"] is not None, self.state
            action = {"action": "play", "play": self.state["legal"]["plays"][0]}
        self.acked = None
        self.ws.send_json({"type": "action", "id": 1, "action": action})


def test_players_on_two_processes_play_one_game_and_a_spectator_sees_it_all(
    pg_apps: tuple[Any, Any],
) -> None:
    first = {i: TestClient(pg_apps[i]).__enter__() for i in (0, 1)}
    try:
        a, b = Visitor(first[0]).register("ashot"), Visitor(first[1]).register("boris")
        spy_client = TestClient(pg_apps[0])
        spy_client.portal = first[0].portal
        spy = Visitor(spy_client).register("vera")
        assert a.id is not None and b.id is not None
        # a whole match to 3 with the cube: each doubles at once, the other takes
        spec = {"variant": "short", "length": 3}
        live = first[0].portal.call(pg_apps[0].state.games.create_paired, a.id, b.id, spec)
        gid = live.meta.id
        url = f"/ws/games/{gid}"
        with (
            a.c.websocket_connect(url) as wa,
            b.c.websocket_connect(url) as wb,
            spy.c.websocket_connect(url) as ws,
        ):
            sa, sb, watcher = Seat(wa), Seat(wb), Seat(ws)
            moved = {"a": 0, "b": 0}
            for _ in range(2000):  # each player's actions go over his own process
                if sa.state["match"]["over"]:
                    break
                mover, other, who = (sa, sb, "a") if sa.to_move() else (sb, sa, "b")
                assert mover.to_move(), (sa.state, sb.state)
                mover.act()
                mover.until(0, ack=True)
                assert mover.acked is not None
                mover.until(mover.acked)
                other.until(mover.acked)  # the other process caught up and sent it
                watcher.until(mover.acked)
                moved[who] += 1
                assert other.state["seq"] == mover.state["seq"] == watcher.state["seq"]
            assert sa.state["match"]["over"] and moved["a"] >= 4 and moved["b"] >= 4
            kinds = [e["data"].get("record", {}).get("type") for e in sa.events]
            assert {"double", "take", "game"} <= set(kinds)  # (the cube, a next game)
            assert max(sa.state["match"]["score"].values()) >= 3
            for seat in (sa, sb, watcher):  # every event, once, in order
                assert [e["seq"] for e in seat.events] == list(range(1, sa.state["seq"] + 1))
            assert sb.events == sa.events == watcher.events
    finally:
        for c in first.values():
            c.__exit__(None, None, None)


def test_a_guest_renamed_on_one_process_is_seen_at_once_on_another(
    pg_apps: tuple[Any, Any],
) -> None:
    """A guest's game is in memory on both processes (he made it on one, his friend
    joined on the other): his new name, given on his process, reaches his friend's
    socket on the other, though no event of the game carries it."""
    first = {i: TestClient(pg_apps[i]).__enter__() for i in (0, 1)}
    try:
        host, friend = Visitor(first[0]), Visitor(first[1])
        game = host.post("/api/games", {"mode": "friend"})
        assert game.status_code == 201, game.text
        gid, token = game.json()["id"], game.json()["invite_url"].rsplit("/", 1)[1]
        joined = friend.post(f"/api/join/{token}", {})
        assert joined.status_code == 200, joined.text
        state = joined.json()
        assert gid in pg_apps[0].state.games.live and gid in pg_apps[1].state.games.live
        with friend.c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": state["seq"]})
            assert receive(ws)["events"] == []
            r = host.c.put("/api/me/name", json={"name": "Sasha"}, headers=host.headers())
            assert r.status_code == 200, r.text
            pushed = receive(ws)
            assert (pushed["type"], pushed["events"]) == ("update", [])
            names = {pushed["state"]["players"][c]["name"] for c in ("white", "black")}
            assert "Sasha" in names
    finally:
        for c in first.values():
            c.__exit__(None, None, None)


def test_a_process_acting_on_a_stale_game_stores_nothing_and_catches_up(
    pg_apps: tuple[Any, Any],
) -> None:
    """A third process without Redis (no notice reaches it) acts on a game after
    another stored a move of it: the game row's lock and its last event refuse the
    write (409 ``game-moved``), and the process reloads the game."""
    app = pg_apps[0]
    deaf = create_app(Settings(db_url=app.state.settings.db_url, dice_seed="test-seed"))
    with TestClient(app) as ca, TestClient(deaf) as cd:
        a = Visitor(ca).register("ashot")
        cb = TestClient(app)
        cb.portal = ca.portal
        b = Visitor(cb).register("boris")
        assert a.id is not None and b.id is not None
        spec = {"variant": "long", "length": 1, "cube": False}
        gid = ca.portal.call(app.state.games.create_paired, a.id, b.id, spec).meta.id
        stale = cd.portal.call(deaf.state.games.get, gid)  # the deaf process holds it
        before = stale.seq
        states = {v: v.c.get(f"/api/games/{gid}").json() for v in (a, b)}
        mover = next(v for v, st in states.items() if st["actions"] and st["to_act"] == st["role"])
        st = states[mover]
        action: dict[str, Any] = (
            {"action": "roll"}
            if "roll" in st["actions"]
            else {"action": "play", "play": st["legal"]["plays"][0]}
        )
        r = mover.post(f"/api/games/{gid}/actions", action)
        assert r.status_code == 200, r.text
        stored = r.json()["state"]["seq"]
        assert stored > before
        # the same player, the same action, through the deaf process: too late
        there = Visitor(cd)
        there.c.cookies = mover.c.cookies
        there.csrf = mover.csrf
        r = there.post(f"/api/games/{gid}/actions", action)
        assert r.status_code == 409 and r.json()["code"] == "game-moved", r.text
        assert stale.seq == stored  # reloaded in place
        assert there.c.get(f"/api/games/{gid}").json()["seq"] == stored
        with app.state.db() as s:
            seqs = list(s.scalars(select(EventRow.seq).where(EventRow.game_id == gid)))
        assert sorted(seqs) == list(range(1, stored + 1))  # nothing more was stored


def test_an_unsent_notice_leaves_the_stored_action_standing(db_url: str) -> None:
    """Redis gone after an action's events are stored: the notice is logged as failed,
    and the action is not answered as an error (the database has it)."""
    app = create_app(Settings(db_url=db_url))
    hub = RedisHub("redis://127.0.0.1:1/0")  # (nothing listens on port 1)

    async def run() -> None:
        events = RedisGameEvents(hub, app.state.games)
        assert app.state.games.announce == events.announce
        await events.announce("g1", 3)
        await hub.stop()

    asyncio.run(run())


def test_every_process_lists_the_same_games_to_watch(pg_apps: tuple[Any, Any]) -> None:
    """The lobby's games to watch come from the database: a game made and moved on B
    is listed by A too (which never held it), at B's last move; a finished one goes."""
    first = {i: TestClient(pg_apps[i]).__enter__() for i in (0, 1)}
    try:
        other = TestClient(pg_apps[1])  # (a client, cookies, of its own on B's app)
        other.portal = first[1].portal
        a, b = Visitor(first[1]).register("ashot"), Visitor(other).register("boris")
        assert a.id is not None and b.id is not None

        def watched(i: int) -> list[tuple[str, int]]:
            games = first[i].portal.call(pg_apps[i].state.lobby.watch_view)
            return [(g["id"], g["seq"]) for g in games]

        spec = {"variant": "long", "length": 1, "cube": False}
        gid = first[1].portal.call(pg_apps[1].state.games.create_paired, a.id, b.id, spec).meta.id
        assert gid not in pg_apps[0].state.games.live
        at_start = watched(1)
        assert [g for g, _ in at_start] == [gid] and watched(0) == at_start
        url = f"/ws/games/{gid}"
        with a.c.websocket_connect(url) as wa, b.c.websocket_connect(url) as wb:
            mover = next(s for s in (Seat(wa), Seat(wb)) if s.to_move())
            for _ in range(2):  # two of the mover's actions, on B
                if not mover.to_move():
                    break
                mover.act()
                mover.until(0, ack=True)
                assert mover.acked is not None
                mover.until(mover.acked)
        moved = mover.state["seq"]
        assert moved > at_start[0][1]
        assert watched(0) == [(gid, moved)] == watched(1)
        for p, q in ((a, b), (b, a)):  # whoever is on turn resigns, the other accepts
            r = p.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
            if r.status_code == 200:
                r = q.post(f"/api/games/{gid}/actions", {"action": "accept"})
                assert r.status_code == 200, r.text
                break
        else:
            raise AssertionError("nobody could resign")
        assert watched(0) == [] == watched(1)
    finally:
        for c in first.values():
            c.__exit__(None, None, None)


def test_a_players_page_on_another_process_counts_as_at_the_game(
    apps: tuple[Any, Any], visitors: Any
) -> None:
    """The players' pages on two processes: each sees the other at the game, and gone
    once his page closes (the page's "your opponent is disconnected" and the wait before
    a claim, ``nardy.server.abandon``, read the presence shared through Redis)."""
    a, b = visitors(0).register("ashot"), visitors(1).register("boris")
    spec = {"variant": "short", "length": 1}
    gid = a.c.portal.call(apps[0].state.games.create_paired, a.id, b.id, spec).meta.id
    ca = a.c.get(f"/api/games/{gid}").json()["role"]
    cb = "black" if ca == "white" else "white"

    def online(v: Visitor) -> dict[str, bool]:
        r = v.c.get(f"/api/games/{gid}/presence")
        assert r.status_code == 200, r.text
        return dict(r.json()["online"])

    assert online(b) == {ca: False, cb: False}
    with a.c.websocket_connect(f"/ws/games/{gid}") as wa:
        wa.send_json({"type": "hello", "last_seq": 0})
        assert receive(wa)["type"] == "update"
        assert online(b) == {ca: True, cb: False}  # ashot's page is on A, asked on B
        with b.c.websocket_connect(f"/ws/games/{gid}") as wb:
            wb.send_json({"type": "hello", "last_seq": 0})
            assert receive(wb)["type"] == "update"
            assert online(a) == {ca: True, cb: True}
        assert online(a) == {ca: True, cb: False}
    assert online(b) == {ca: False, cb: False}


def test_a_game_left_on_one_process_is_claimed_on_another(db_url: str, redis_url: str) -> None:
    """The player to act leaves his page on process A; his opponent's requests go to
    process B, which sees him gone (and since when) through Redis and lets the game be
    claimed once the wait is over (none here: ``claim_after`` 0, so the test waits for
    nothing)."""
    redis.Redis.from_url(redis_url).flushdb()
    settings = {"db_url": db_url, "dice_seed": "test-seed", "redis_url": redis_url}
    apps = [create_app(Settings(**settings, claim_after=0)) for _ in range(2)]
    with TestClient(apps[0]) as c0, TestClient(apps[1]) as c1:
        a, b = Visitor(c0).register("ashot"), Visitor(c1).register("boris")
        assert a.id is not None and b.id is not None
        spec = {"variant": "short", "length": 1}
        live = c0.portal.call(apps[0].state.games.create_paired, a.id, b.id, spec)
        gid = live.meta.id
        st = a.c.get(f"/api/games/{gid}").json()
        first, other = (a, b) if st["to_act"] == st["role"] else (b, a)

        def on(v: Visitor, i: int) -> Visitor:
            """``v``'s browser talking to process ``i``."""
            c = TestClient(apps[i])
            c.portal = (c0, c1)[i].portal
            c.cookies = v.c.cookies
            return Visitor(c)

        gone, stayer = on(first, 0), on(other, 1)  # the one to act leaves his page on A
        with gone.c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": 0})
            assert receive(ws)["type"] == "update"
            r = stayer.c.get(f"/api/games/{gid}/presence").json()
            assert r["claim_in"] is None  # he is at the game, on the other process
            assert stayer.post(f"/api/games/{gid}/claim").status_code == 409
        r = stayer.c.get(f"/api/games/{gid}/presence").json()
        assert r["claim_in"] == 0 and r["online"][st["to_act"]] is False
        r = stayer.post(f"/api/games/{gid}/claim")
        assert r.status_code == 200, r.text
        assert r.json()["state"]["outcome"]["reason"] == "abandoned"
        # the process that holds his page hears of the end through Redis
        st = gone.c.get(f"/api/games/{gid}").json()
        assert st["phase"] == "over" and st["outcome"]["winner"] == r.json()["state"]["role"]
