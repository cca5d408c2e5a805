"""Failover between ``nardy serve --redis`` processes (issue 18): two real processes on
one PostgreSQL and one Redis, club games and chat in progress with the players' sockets
spread over both, and one process killed (SIGKILL) in the middle of the games. Its
clients reconnect to the other process as the browser does (``static/api.js``: the game
socket says ``hello`` with the last event number it saw and sends again, with the same
action ids, the actions not acknowledged), and the games and the chat go on there.

The kill comes at the worst moment, from the test-only ``--test-crash-after-commit``
(``Settings.crash_after_commit``): right after process A stored an action and before
it answered or told the other processes of it. Then the database must hold every
action a client was told of exactly once, with contiguous event numbers, every chat
message acknowledged exactly once, and a clock's stored deadline honoured exactly once
by a process still alive (started with its clock ahead: a subprocess's clock cannot be
injected, ``--test-clock-offset`` moves it).

Also across the processes: a retry over HTTP of the action a dead process stored, the
rate limits and the per-address socket cap (counted in Redis), and the seeks of the
players of a dead process."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from conftest import POSTGRES, Server, reset_postgres, worker_postgres_url
from lobby_helpers import member_client
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

#: Seconds a socket waits for the message the test expects next.
WAIT = 30.0


def ws_url(server: Server, path: str) -> str:
    return server.url.replace("http", "ws", 1) + path


def cookie_of(c: httpx.Client) -> str:
    return "; ".join(f"{k}={v}" for k, v in c.cookies.items())


class Seat:
    """One browser's game socket, kept as ``static/api.js``'s ``GameSocket`` keeps it:
    the last event number seen, the actions sent and not acknowledged (resent with
    their action ids on a new connection), and what it was told: each event by number,
    each acknowledged event number, and each resync's answer."""

    def __init__(self, c: httpx.Client, gid: str, name: str) -> None:
        self.cookie = cookie_of(c)
        self.gid = gid
        self.name = name
        self.last_seq = 0
        self.next_id = 1
        self.pending: dict[int, dict[str, Any]] = {}
        self.told: dict[int, tuple[str, Any]] = {}
        self.acked: list[int] = []
        self.errors: list[dict[str, Any]] = []
        self.resyncs: list[tuple[int, dict[str, Any]]] = []
        self.state: dict[str, Any] = {}
        self.ws: ClientConnection | None = None
        self.stack = contextlib.ExitStack()

    def connect(self, server: Server) -> None:
        self.close()
        self.ws = self.stack.enter_context(
            connect(
                ws_url(server, f"/ws/games/{self.gid}"),
                additional_headers={"cookie": self.cookie},
            )
        )
        self.ws.send(json.dumps({"type": "hello", "last_seq": self.last_seq}))
        msg = json.loads(self.ws.recv(WAIT))
        assert msg["type"] == "update", msg
        self.resyncs.append((self.last_seq, msg))
        self._handle(msg)
        for pending in self.pending.values():
            self.ws.send(json.dumps(pending))

    def send(self, action: dict[str, Any], action_id: str) -> int:
        assert self.ws is not None
        msg = {"type": "action", "id": self.next_id, "action": {**action, "action_id": action_id}}
        self.next_id += 1
        self.pending[msg["id"]] = msg
        self.ws.send(json.dumps(msg))
        return int(msg["id"])

    def _handle(self, msg: dict[str, Any]) -> None:
        if msg["type"] == "update":
            for e in msg["events"]:
                self.told[e["seq"]] = (e["kind"], e["data"])
                self.last_seq = max(self.last_seq, e["seq"])
            self.last_seq = max(self.last_seq, msg["state"]["seq"])
            self.state = msg["state"]
        elif msg["type"] == "ack":
            self.pending.pop(msg["id"], None)
            self.acked.append(msg["seq"])
        elif msg["type"] == "error":
            self.pending.pop(msg.get("id"), None)
            self.errors.append(msg)

    def pump(self, done: Callable[[], bool]) -> None:
        """Read messages until ``done()``; ``ConnectionClosed`` when the server died."""
        assert self.ws is not None
        while not done():
            self._handle(json.loads(self.ws.recv(WAIT)))

    def close(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):  # (a dead server's)
            self.stack.close()


class ChatSeat:
    """One member's chat socket in his game's players' channel: what he said and was
    acknowledged (message id -> text)."""

    def __init__(self, c: httpx.Client, channel: str) -> None:
        self.cookie = cookie_of(c)
        self.channel = channel
        self.acked: dict[int, str] = {}
        self.heard: set[int] = set()
        self.ws: ClientConnection | None = None
        self.stack = contextlib.ExitStack()
        self.n = 0

    def connect(self, server: Server) -> None:
        self.close()
        url = ws_url(server, "/ws/chat")
        self.ws = self.stack.enter_context(connect(url, additional_headers={"cookie": self.cookie}))
        self.ws.send(json.dumps({"type": "join", "channel": self.channel}))
        self._until(lambda m: m["type"] == "joined")

    def _until(self, match: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        assert self.ws is not None
        while True:
            msg = json.loads(self.ws.recv(WAIT))
            if msg["type"] == "message":
                self.heard.add(msg["id"])
            if match(msg):
                return msg

    def say(self, words: str) -> int:
        assert self.ws is not None
        self.n += 1
        self.ws.send(
            json.dumps({"type": "say", "id": self.n, "channel": self.channel, "text": words})
        )
        n = self.n
        ack = self._until(lambda m: m.get("id") == n and m["type"] in ("ack", "error"))
        assert ack["type"] == "ack", ack
        self.acked[ack["message"]] = words
        return int(ack["message"])

    def hears(self, message_id: int) -> None:
        if message_id not in self.heard:
            self._until(lambda m: m["type"] == "message" and m["id"] == message_id)

    def close(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError):  # (a dead server's)
            self.stack.close()


def next_action(state: dict[str, Any]) -> dict[str, Any]:
    """The first sensible action (answers first; never doubles nor resigns)."""
    for answer in ("accept", "take", "roll"):
        if answer in state["actions"]:
            return {"action": answer}
    return {"action": "play", "play": state["legal"]["plays"][0]}


class Table:
    """One club game: its two players' seats and its spectators'."""

    def __init__(self, gid: str, players: list[Seat], watchers: list[Seat]) -> None:
        self.gid = gid
        self.players = players
        self.watchers = watchers
        self.actions = 0

    def actor(self) -> Seat | None:
        return next((s for s in self.players if s.state.get("actions")), None)

    def settle(self) -> None:
        """Every seat has the game's last change (over whichever process it is on)."""
        seq = max(s.last_seq for s in self.players)
        for s in self.players + self.watchers:
            s.pump(lambda s=s: s.last_seq >= seq)  # type: ignore[misc]

    def act(self, action: dict[str, Any] | None = None) -> None:
        """The player to act acts once over his socket and everyone sees it."""
        seat = self.actor()
        assert seat is not None, [s.state for s in self.players]
        self.actions += 1
        mid = seat.send(action or next_action(seat.state), f"{self.gid}-{self.actions}")
        seat.pump(lambda: mid not in seat.pending)
        assert not seat.errors, seat.errors
        seat.pump(lambda: seat.state["seq"] >= seat.acked[-1])
        self.settle()


#: Starts a ``nardy serve --redis`` process on the test's PostgreSQL and Redis
#: (extra arguments, environment); stopped at the test's end.
Start = Callable[..., Server]


@pytest.fixture
def start(redis_url: str, tmp_path: Path) -> Iterator[Start]:
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("NARDY_TEST_POSTGRES_URL is not set")
        pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
    url = worker_postgres_url(POSTGRES)
    reset_postgres(url)
    redis.Redis.from_url(redis_url).flushdb()
    servers: list[Server] = []

    def run(extra: list[str] | None = None, env: dict[str, str] | None = None) -> Server:
        server = Server(url, tmp_path, ["--redis", redis_url, *(extra or [])])
        servers.append(server)
        server.start(env)
        return server

    try:
        yield run
    finally:
        for s in servers:
            s.stop()


def new_game(b: Server, first: httpx.Client, second: httpx.Client, clock: str) -> str:
    body = {"variant": "long", "length": 1, "clock": clock}
    r = first.post(b.url + "/api/lobby/challenges", json=body)
    assert r.status_code == 201, r.text
    r = second.post(b.url + f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    return str(r.json()["game"])


def test_a_killed_process_s_clients_go_on_through_the_other(start: Start) -> None:
    # A dies right after its fifth stored change of a game (the accepts go through B,
    # so A stores only the actions of the players whose sockets are on A)
    a = start(["--test-dice-seed", "test-seed"], {"NARDY_TEST_CRASH_AFTER_COMMIT": "5"})
    b = start(["--test-dice-seed", "test-seed"])
    db_url = b.db_url
    names = ["ashot", "boris", "vera", "gleb", "dina", "egor", "zhora"]
    m = {n: member_client(b.url, n) for n in names}
    g0 = new_game(b, m["ashot"], m["boris"], "none")
    g1 = new_game(b, m["vera"], m["gleb"], "none")
    g2 = new_game(b, m["dina"], m["egor"], "blitz")  # on the clock, never played
    on = {"ashot": a, "boris": b, "vera": b, "gleb": a, "dina": a, "egor": b}
    seats = {n: Seat(m[n], g, n) for n, g in (("ashot", g0), ("boris", g0), ("vera", g1))}
    seats.update({n: Seat(m[n], g, n) for n, g in (("gleb", g1), ("dina", g2), ("egor", g2))})
    watcher = Seat(m["zhora"], g0, "zhora")  # a spectator, on A
    for n, seat in seats.items():
        seat.connect(on[n])
    watcher.connect(a)
    tables = [
        Table(g0, [seats["ashot"], seats["boris"]], [watcher]),
        Table(g1, [seats["vera"], seats["gleb"]], []),
    ]
    chats = {n: ChatSeat(m[n], f"game:{g}") for n, g in (("ashot", g0), ("boris", g0))}
    for n, chat in chats.items():
        chat.connect(on[n])
    said = chats["ashot"].say("салам")  # from A, heard on B
    chats["boris"].hears(said)
    chats["boris"].hears(chats["boris"].say("привет"))

    engine = create_engine(db_url)
    with engine.connect() as conn:
        deadline = conn.execute(text("SELECT deadline FROM games WHERE id = :g"), {"g": g2})
        stored_deadline = deadline.scalar()
    assert stored_deadline is not None  # the clocked game's deadline, stored before the kill

    # the games go on, turn by turn, until A dies under an action of one of its players
    died = None
    for _ in range(60):
        for table in tables:
            try:
                table.act()
            except ConnectionClosed:
                died = table
                break
        if died is not None:
            break
    assert died is not None, "A never died"
    assert a.proc is not None and a.proc.wait(30) == -signal.SIGKILL
    a.log.close()

    # A's clients reconnect to B and resync by event number; the unanswered action is
    # sent again with its id and answered from what A stored
    for n, seat in seats.items():
        if on[n] is a:
            before = seat.last_seq
            seat.connect(b)
            _, hello = seat.resyncs[-1]
            got = [e["seq"] for e in hello["events"]]
            assert got == list(range(before + 1, before + 1 + len(got))), (n, got)
            # the state sent is not behind the events sent with it
            assert hello["state"]["seq"] == max([before, *got]), (n, hello["state"]["seq"], got)
    watcher.connect(b)
    for table in tables:
        for seat in table.players:
            seat.pump(lambda seat=seat: not seat.pending)  # type: ignore[misc]
            assert not seat.errors, (seat.name, seat.errors)
        table.settle()
    chats["ashot"].connect(b)
    chats["ashot"].hears(chats["boris"].say("ты где?"))
    chats["boris"].hears(chats["ashot"].say("тут, на другом сервере"))

    # several more turns of each, then game 0 to its end (a resignation, accepted)
    for _ in range(6):
        for table in tables:
            table.act()
    t0 = tables[0]
    while "resign" not in t0.actor().state["actions"]:  # type: ignore[union-attr]
        t0.act()
    t0.act({"action": "resign", "level": 1})
    t0.act({"action": "accept"})
    assert all(s.state["phase"] == "over" for s in t0.players + t0.watchers)

    # the clocked game: a process whose clock reached its deadline flags it, once
    start(["--test-clock-offset", "3600"])
    for n in ("dina", "egor"):  # (dina's seat was on A: she reconnected to B)
        seat = seats[n]
        seat.pump(lambda seat=seat: seat.state.get("phase") == "over")  # type: ignore[misc]

    # the database: every event numbered 1..n once; every action told once; chat once
    with engine.connect() as conn:
        for table in [*tables, Table(g2, [seats["dina"], seats["egor"]], [])]:
            rows = conn.execute(
                text("SELECT seq, kind, data FROM events WHERE game_id = :g ORDER BY seq"),
                {"g": table.gid},
            ).all()
            stored = {seq: (kind, data) for seq, kind, data in rows}
            assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), table.gid
            ids = [d["action"]["id"] for _, _, d in rows if "action" in d]
            assert len(ids) == len(set(ids)), table.gid  # no action stored twice
            for seat in table.players + table.watchers:
                for seq, told in seat.told.items():
                    assert stored[seq] == told, (table.gid, seat.name, seq)
                for seq in seat.acked:
                    assert seq in stored
            assert len(ids) == table.actions, (table.gid, ids)
        flags = conn.execute(
            text("SELECT count(*) FROM events WHERE game_id = :g AND kind = 'flag'"), {"g": g2}
        ).scalar()
        assert flags == 1
        for gid, ended in ((g0, 1), (g1, 0), (g2, 1)):
            overs = conn.execute(
                text("SELECT count(*) FROM events WHERE game_id = :g AND kind = 'over'"),
                {"g": gid},
            ).scalar()
            assert overs == ended, gid
        row = conn.execute(text("SELECT deadline, status FROM games WHERE id = :g"), {"g": g2})
        assert tuple(row.one()) == (None, "over")
        chat_rows = conn.execute(text("SELECT id, text FROM chat_messages ORDER BY id")).all()
        acked = {i: w for chat in chats.values() for i, w in chat.acked.items()}
        assert dict(chat_rows) == acked and len(chat_rows) == 4
    engine.dispose()
    for s in [*seats.values(), watcher]:
        s.close()
    for chat in chats.values():
        chat.close()


def test_a_rate_limit_reached_through_one_process_holds_on_the_other(start: Start) -> None:
    """The limits count in Redis (``--redis``): a member who used up his chat rate
    through A is refused by B, with the wait in ``Retry-After``."""
    a, b = start(), start()
    c = member_client(a.url, "ashot")
    for i in range(5):  # chat.CHAT_RATE: 5 per 10 seconds
        r = c.post(a.url + "/api/chat/lobby", json={"text": f"salam {i}"})
        assert r.status_code == 200, r.text
    r = c.post(b.url + "/api/chat/lobby", json={"text": "salam 5"}, headers={"x-lang": "en"})
    assert r.status_code == 429, r.text
    assert r.json()["code"] == "chat-too-fast"
    assert 1 <= int(r.headers["retry-after"]) <= 10


def eventually(done: Callable[[], bool]) -> None:
    """Wait for another process to get there (polling it, for at most ``WAIT``)."""
    for _ in range(int(WAIT / 0.01)):
        if done():
            return
        time.sleep(0.01)  # (a real process's progress, not a test's timeout)
    raise AssertionError("not reached")


def opened(server: Server, path: str, stack: contextlib.ExitStack, cookie: str = "") -> bool:
    """Open a websocket (kept open until ``stack`` closes): True when let in, False
    when turned away for too many sockets from the address (close 4429)."""
    headers = {"cookie": cookie} if cookie else {}
    ws = stack.enter_context(connect(ws_url(server, path), additional_headers=headers))
    try:
        if path.startswith("/ws/games/"):
            ws.send(json.dumps({"type": "hello", "last_seq": 0}))
        elif path == "/ws/chat":
            ws.send(json.dumps({"type": "join", "channel": "lobby"}))
        first = json.loads(ws.recv(WAIT))
    except ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == 4429, closed
        return False
    # (the lobby's snapshot may come second: a change made while it was built, as the
    # lobby's "online" of a tick, is sent first)
    assert first["type"] in ("snapshot", "update", "joined", "online", "games", "mine"), first
    return True


def test_the_sockets_per_address_are_capped_across_the_processes(
    start: Start, redis_url: str
) -> None:
    """``--max-sockets-per-ip`` counts an address's sockets of every process (in
    Redis), and a process killed with sockets open stops counting them when its key
    expires."""
    a, b = start(["--max-sockets-per-ip", "3"]), start(["--max-sockets-per-ip", "3"])
    guest = httpx.Client(base_url=a.url)
    csrf = guest.get("/api/session").json()["csrf"]
    r = guest.post("/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf})
    assert r.status_code == 201, r.text
    game = f"/ws/games/{r.json()['id']}"
    cookie = cookie_of(guest)
    r = redis.Redis.from_url(redis_url, decode_responses=True)

    def counts() -> dict[str, int]:
        """Each process's count of the address's sockets, in Redis."""
        hashes = [k for k in r.scan_iter("nardy:sockets:*") if r.type(k) == "hash"]
        return {k: int(r.hget(k, "127.0.0.1") or 0) for k in hashes}

    with contextlib.ExitStack() as on_a, contextlib.ExitStack() as on_b:
        assert opened(a, game, on_a, cookie) and opened(a, "/ws/lobby", on_a)
        assert opened(b, "/ws/lobby", on_b)
        assert not opened(b, "/ws/chat", on_b)  # the fourth, on either process
        assert not opened(a, "/ws/lobby", on_a)
        assert not opened(b, game, on_b, cookie)
        on_a.close()  # A's two close: two more on B
        eventually(lambda: sum(counts().values()) == 1)  # (A's handlers saw them close)
        assert opened(b, game, on_b, cookie) and opened(b, "/ws/lobby", on_b)
        assert not opened(a, "/ws/lobby", on_a)
    with contextlib.ExitStack() as on_a, contextlib.ExitStack() as on_b:
        assert opened(a, "/ws/lobby", on_a) and opened(a, "/ws/lobby", on_a)
        assert opened(b, "/ws/lobby", on_b)
        a.kill()  # its two sockets still count, until its key expires
        assert not opened(b, "/ws/lobby", on_b)
        mine = [k for k, n in counts().items() if n == 2]
        assert len(mine) == 1
        assert 0 < r.pttl(mine[0]) <= 15_000  # (SOCKETS_TTL_MS: never left forever)
        r.pexpire(mine[0], 1)  # its time runs out now rather than in 15 seconds
        eventually(lambda: not r.exists(mine[0]))
        assert opened(b, "/ws/lobby", on_b) and opened(b, "/ws/lobby", on_b)
        assert not opened(b, "/ws/lobby", on_b)


def test_the_sockets_to_one_game_are_capped_across_the_processes(start: Start) -> None:
    """``--max-sockets-per-game`` counts one game's sockets of every process (in Redis):
    the third to a game capped at two is refused on either process, a socket to another
    game is not, and one closed on A frees a place on B."""
    a, b = (start(["--max-sockets-per-game", "2"]) for _ in range(2))
    guest = httpx.Client(base_url=a.url)
    csrf = guest.get("/api/session").json()["csrf"]
    made = [
        guest.post("/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf})
        for _ in range(2)
    ]
    assert all(r.status_code == 201 for r in made), [r.text for r in made]
    game, other = (f"/ws/games/{r.json()['id']}" for r in made)
    cookie = cookie_of(guest)
    with contextlib.ExitStack() as on_a, contextlib.ExitStack() as on_b:
        assert opened(a, game, on_a, cookie) and opened(b, game, on_b, cookie)
        assert not opened(b, game, on_b, cookie) and not opened(a, game, on_a, cookie)
        assert opened(a, other, on_a, cookie)  # (another game's count)
        on_a.close()  # A's sockets to both games close: a place on B again
        eventually(lambda: opened(b, game, on_b, cookie))
        assert not opened(b, game, on_b, cookie)


def test_a_killed_process_s_seekers_are_gone_from_the_lobby(start: Start, redis_url: str) -> None:
    """A player whose lobby socket was on a process that was killed is offline: once
    that process's presence expired he is not paired, and his leaving time is set (his
    seek goes after the grace, ``matchmaking.LEAVE_GRACE``), though his socket never
    said goodbye."""
    a, b = start(), start()
    m = {n: member_client(b.url, n) for n in ("ashot", "boris", "vera")}
    ids = {n: c.get("/api/session").json()["user"]["id"] for n, c in m.items()}
    r = redis.Redis.from_url(redis_url, decode_responses=True)
    with contextlib.ExitStack() as on_a, contextlib.ExitStack() as on_b:
        assert opened(a, "/ws/lobby", on_a, cookie_of(m["ashot"]))
        seek = m["ashot"].post(a.url + "/api/lobby/queue", json={"variant": "long"})
        assert seek.status_code == 200, seek.text
        before = {k for k in r.scan_iter("nardy:lobby:sockets:*")}
        a.kill()
        assert len(before) == 1  # A's presence: ashot's lobby socket
        r.pexpire(before.pop(), 1)  # A's presence runs out now rather than in 15 s
        eventually(lambda: not list(r.scan_iter("nardy:lobby:sockets:*")))
        for n in ("boris", "vera"):
            assert opened(b, "/ws/lobby", on_b, cookie_of(m[n]))
            seek = m[n].post(b.url + "/api/lobby/queue", json={"variant": "long"})
            assert seek.status_code == 200, seek.text
        engine = create_engine(b.db_url)
        query = text("SELECT creator_id, opponent_id FROM games")
        with engine.connect() as conn:
            eventually(lambda: bool(conn.execute(query).all()))
            paired = conn.execute(query).all()
        engine.dispose()
        # (ashot, the longest waiting, would have been paired first with boris)
        assert [set(p) for p in paired] == [{ids["boris"], ids["vera"]}]
        assert r.hget("nardy:lobby:left", str(ids["ashot"])) is not None
        assert r.hexists("nardy:lobby:queue", str(ids["ashot"]))  # until the grace is over


def test_an_http_retry_through_the_other_process_is_answered_from_what_was_stored(
    start: Start,
) -> None:
    """A dies right after storing a player's action (before answering it or telling B);
    B holds the game in memory (the opponent's socket is on B). The player's client
    sends the action again, with its id, through B: B answers it with what A stored
    rather than refusing it as a move on a game that moved on."""
    a = start(["--test-dice-seed", "test-seed"], {"NARDY_TEST_CRASH_AFTER_COMMIT": "1"})
    b = start(["--test-dice-seed", "test-seed"])
    m = {n: member_client(b.url, n) for n in ("ashot", "boris")}
    gid = new_game(b, m["ashot"], m["boris"], "none")  # (stored by B: A's count is 0)
    seats = {n: Seat(m[n], gid, n) for n in m}
    for seat in seats.values():
        seat.connect(b)  # B holds the game
    first = next(s for s in seats.values() if s.state["actions"])
    client = m[first.name]
    action = {**next_action(first.state), "action_id": "the-one"}
    with pytest.raises(httpx.TransportError):  # A stores it and dies unanswered
        client.post(a.url + f"/api/games/{gid}/actions", json=action)
    assert a.proc is not None and a.proc.wait(30) == -signal.SIGKILL
    a.log.close()
    r = client.post(b.url + f"/api/games/{gid}/actions", json=action)  # the retry
    assert r.status_code == 200, r.text
    events = client.get(b.url + f"/api/games/{gid}/events").json()["events"]
    mine = [e for e in events if e["seq"] > first.last_seq]
    assert mine and mine[0]["data"]["action"]["id"] == "the-one"
    assert r.json()["events"] == mine and r.json()["state"]["seq"] == mine[-1]["seq"]
    for seat in seats.values():  # the sockets on B hear of it too
        seat.pump(lambda seat=seat: seat.last_seq >= mine[-1]["seq"])  # type: ignore[misc]
        seat.close()
