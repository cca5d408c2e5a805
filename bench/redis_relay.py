"""Two ``nardy serve`` processes sharing one PostgreSQL and one Redis (``--redis``): how
long a move takes to reach the opponent connected to the other process.

    python bench/redis_relay.py --turns 60 \\
        --db postgresql+psycopg://postgres:postgres@127.0.0.1:5432/nardy_bench

Starts a ``redis-server`` of its own on a free loopback port and two servers on the
database (emptied first). Two members, one per process, meet through the lobby (the
challenge made on the first, accepted on the second), then play ``--turns`` actions of
their club game over their own process's game socket, without thinking. Reported, in
ms at p50/p99: "own", from sending an action to the mover's own update (one process:
lock, store, fan-out); "other", from sending it to the opponent's update on the other
process (that, then the notice over Redis, the other process reloading the game from
the database and sending it); "relay" is their difference per action. The load average
is printed with the figures: on a shared machine they mean little without it.

Measured on a 2-core machine shared with other engineers' builds (PostgreSQL 15, Redis
7, loopback; a game ends before ``--turns`` when it is over); ms:

======= ======= ======= ======= ======= ======= ======= =========
actions own p50 own p99 oth p50 oth p99 rel p50 rel p99 load 1m
======= ======= ======= ======= ======= ======= ======= =========
60      10.6    158.7   29.6    192.5   17.4    186.3   8.1
87      17.4    193.1   54.8    369.9   29.7    303.7   7.9
======= ======= ======= ======= ======= ======= ======= =========

The relay costs about what the action itself does (a notice, a read of the new events
and a reload of the game from the database); at loads of 8 on 2 cores both are mostly
waiting for a core.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import RedisServer, Server, reset_postgres  # noqa: E402


class Member:
    """A registered member of one process: his HTTP client and CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.http = httpx.AsyncClient(base_url=base, timeout=30)
        self.csrf = ""

    async def register(self, name: str) -> Member:
        self.csrf = (await self.http.get("/api/session")).json()["csrf"]
        r = await self.post("/api/register", {"username": name, "password": "relay-bench"})
        self.csrf = r.json()["csrf"]
        return self

    async def post(self, url: str, body: dict[str, Any]) -> httpx.Response:
        r = await self.http.post(url, json=body, headers={"x-csrf-token": self.csrf})
        r.raise_for_status()
        return r

    def cookie(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())


class Seat:
    """A member's game socket and the last state it showed."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}

    async def hello(self) -> None:
        await self.ws.send(json.dumps({"type": "hello", "last_seq": 0}))
        self.state = json.loads(await self.ws.recv())["state"]

    async def until(self, seq: int) -> float:
        """Read updates until the state reached ``seq``; when it did (perf counter)."""
        while self.state.get("seq", 0) < seq:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            if msg["type"] == "update":
                self.state = msg["state"]
            elif msg["type"] == "error":
                raise RuntimeError(msg)
        return time.perf_counter()

    def to_move(self) -> bool:
        return bool(self.state["actions"]) and self.state["to_act"] == self.state["role"]

    def action(self) -> dict[str, Any]:
        if "roll" in self.state["actions"]:
            return {"action": "roll"}
        return {"action": "play", "play": self.state["legal"]["plays"][0]}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def play(a_url: str, b_url: str, turns: int) -> dict[str, list[float]]:
    a = await Member(a_url).register("relay_a")
    b = await Member(b_url).register("relay_b")
    spec = {"variant": "long", "length": 1, "cube": False}
    ch = (await a.post("/api/lobby/challenges", spec)).json()["challenge"]
    gid = (await b.post(f"/api/lobby/challenges/{ch['id']}/accept", {})).json()["game"]
    times: dict[str, list[float]] = {"own": [], "other": [], "relay": []}
    wa_url = a_url.replace("http", "ws") + f"/ws/games/{gid}"
    wb_url = b_url.replace("http", "ws") + f"/ws/games/{gid}"
    async with (
        websockets.connect(wa_url, additional_headers={"Cookie": a.cookie()}) as wa,
        websockets.connect(wb_url, additional_headers={"Cookie": b.cookie()}) as wb,
    ):
        sa, sb = Seat(wa), Seat(wb)
        await sa.hello()
        await sb.hello()
        for i in range(turns):
            if sa.state["phase"] == "over":
                break
            mover, other = (sa, sb) if sa.to_move() else (sb, sa)
            start = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "action", "id": i, "action": mover.action()}))
            ack = None
            while ack is None:  # the mover's update (and his ack)
                msg = json.loads(await asyncio.wait_for(mover.ws.recv(), 30))
                if msg["type"] == "update":
                    mover.state = msg["state"]
                    own = time.perf_counter()
                elif msg["type"] == "ack":
                    ack = msg["seq"]
                else:
                    raise RuntimeError(msg)
            await mover.until(ack)
            theirs = await other.until(ack)
            times["own"].append(own - start)
            times["other"].append(theirs - start)
            times["relay"].append(theirs - own)
    await a.http.aclose()
    await b.http.aclose()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (emptied first)")
    args = parser.parse_args()
    reset_postgres(args.db)
    workdir = Path(tempfile.mkdtemp(prefix="nardy-relay-"))
    redis_server = RedisServer(workdir)
    servers = [Server(args.db, workdir, ["--redis", redis_server.url]) for _ in range(2)]
    try:
        for s in servers:
            s.start()
        times = asyncio.run(play(servers[0].url, servers[1].url, args.turns))
    finally:
        for s in servers:
            s.stop()
        redis_server.stop()
    load = os.getloadavg()[0]
    n = len(times["own"])
    cells = [f"{pct(times[k], q):.1f}" for k in ("own", "other", "relay") for q in (0.5, 0.99)]
    print(f"{n} actions; ms p50/p99 own, other, relay: {' '.join(cells)}; load {load:.1f}")
    print(f"mean relay {statistics.mean(times['relay']) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
