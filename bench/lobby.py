"""The lobby's fan-out: how long until every lobby socket sees a new challenge.

    python bench/lobby.py                       # N = 100, 500, 1000; M = 20 challenges
    python bench/lobby.py --clients 200 --challenges 50

A real ``nardy serve`` runs in a subprocess on loopback (SQLite in a temporary
directory). For each N, one asyncio process opens N lobby websockets (``/ws/lobby``,
anonymous visitors) and waits for each one's snapshot; then M guests each post one open
challenge, one after another (``POST /api/lobby/challenges``), each withdrawn again once
every socket saw it. For each challenge, the time from sending the POST to its arrival
is taken on every socket.

Reported per N: the per-socket delay at p50/p99 over all N × M deliveries, the delay
until the LAST socket saw a challenge (p50/p99 over the M challenges), the deliveries a
second (N × M over the summed times until the last socket saw each challenge), the
server's CPU per challenge, and the ratios between the Ns (how the time grows with the
number of sockets). The clients
share the machine with the server: the client's own CPU and the load average are
printed too; the numbers mean little without them."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import Server, cpu_seconds, load_average, quantile  # noqa: E402


class Watchers:
    """N lobby sockets noting when each challenge reached each of them."""

    def __init__(self) -> None:
        self.sockets: list[ClientConnection] = []
        #: challenge id -> arrival times (perf_counter), one per socket
        self.seen: dict[str, list[float]] = {}
        self.want = 0
        self.complete: dict[str, asyncio.Event] = {}

    def expect(self, challenge_id: str) -> asyncio.Event:
        return self.complete.setdefault(challenge_id, asyncio.Event())

    async def open(self, url: str, n: int) -> None:
        async def one() -> None:
            ws = await connect(url, compression=None, max_size=2**22, open_timeout=60)
            first = json.loads(await ws.recv())
            assert first["type"] in ("snapshot", "online", "games", "mine"), first
            self.sockets.append(ws)

        for start in range(0, n, 50):  # in batches: the accept queue is finite
            await asyncio.gather(*(one() for _ in range(min(50, n - start))))
        self.want = n

    async def read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            at = time.perf_counter()
            msg = json.loads(raw)
            if msg.get("type") != "challenge":
                continue
            cid = msg["challenge"]["id"]
            times = self.seen.setdefault(cid, [])
            times.append(at)
            if len(times) == self.want:
                self.expect(cid).set()

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)


async def guest(http: httpx.AsyncClient) -> dict[str, str]:
    """A visitor's headers (his CSRF token; the cookies live in ``http``)."""
    r = await http.get("/api/session")
    return {"x-csrf-token": r.json()["csrf"]}


async def measure(base: str, n: int, m: int, pid: int) -> dict[str, Any]:
    ws_url = base.replace("http", "ws", 1) + "/ws/lobby"
    watchers = Watchers()
    t0 = time.monotonic()
    await watchers.open(ws_url, n)
    print(f"  N={n}: {n} sockets open in {time.monotonic() - t0:.1f} s", flush=True)
    readers = [asyncio.create_task(watchers.read(ws)) for ws in watchers.sockets]
    delays: list[float] = []
    lasts: list[float] = []
    cpu0, own0, wall0 = cpu_seconds(pid), time.process_time(), time.perf_counter()
    for k in range(m):
        async with httpx.AsyncClient(base_url=base, timeout=60) as http:
            headers = await guest(http)
            sent = time.perf_counter()
            r = await http.post(
                "/api/lobby/challenges", json={"variant": "long", "length": 3}, headers=headers
            )
            r.raise_for_status()
            cid = r.json()["challenge"]["id"]
            headers = {"x-csrf-token": (await http.get("/api/session")).json()["csrf"]}
            await asyncio.wait_for(watchers.expect(cid).wait(), 120)
            times = watchers.seen[cid]
            delays.extend(t - sent for t in times)
            lasts.append(max(times) - sent)
            (await http.delete(f"/api/lobby/challenges/{cid}", headers=headers)).raise_for_status()
        if (k + 1) % max(1, m // 4) == 0:
            print(
                f"  N={n}: challenge {k + 1}/{m}  last socket after {lasts[-1] * 1000:.1f} ms",
                flush=True,
            )
    wall = time.perf_counter() - wall0
    cpu = cpu_seconds(pid) - cpu0
    own = time.process_time() - own0
    for task in readers:
        task.cancel()
    await watchers.close()
    return {
        "n": n,
        "m": m,
        "p50_ms": quantile(delays, 0.5) * 1000,
        "p99_ms": quantile(delays, 0.99) * 1000,
        "all_p50_ms": quantile(lasts, 0.5) * 1000,
        "all_p99_ms": quantile(lasts, 0.99) * 1000,
        "deliveries_per_s": n * m / sum(lasts),
        "server_cpu_ms_per_challenge": cpu * 1000 / m,
        "client_cpu_pct": own / wall * 100,
        "load": load_average(),
    }


def report(rows: list[dict[str, Any]]) -> None:
    print()
    print("     N   p50 ms   p99 ms  all-seen p50  all-seen p99  deliveries/s  server CPU/chal.")
    for r in rows:
        print(
            f"{r['n']:6d} {r['p50_ms']:8.1f} {r['p99_ms']:8.1f} {r['all_p50_ms']:13.1f} "
            f"{r['all_p99_ms']:13.1f} {r['deliveries_per_s']:13.0f} "
            f"{r['server_cpu_ms_per_challenge']:12.1f} ms   (client CPU "
            f"{r['client_cpu_pct']:.0f} %, load {r['load']:.2f})"
        )
    base = rows[0]
    for r in rows[1:]:
        print(
            f"N {r['n']} / N {base['n']} = {r['n'] / base['n']:.0f}x sockets: all-seen p50 "
            f"{r['all_p50_ms'] / base['all_p50_ms']:.1f}x, server CPU per challenge "
            f"{r['server_cpu_ms_per_challenge'] / base['server_cpu_ms_per_challenge']:.1f}x"
        )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, nargs="+", default=[100, 500, 1000])
    ap.add_argument("--challenges", type=int, default=20)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = ap.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="nardy-lobby-") as tmp:
        server = Server(f"sqlite:///{Path(tmp) / 'nardy.sqlite3'}", Path(tmp))
        top = max(args.clients)
        server.start(
            {
                "NARDY_MAX_SOCKETS_PER_IP": str(top + 100),
                "NARDY_GUEST_RATE": "100000 per hour",
            }
        )
        try:
            for n in args.clients:
                print(f"N={n}: {args.challenges} challenges", flush=True)
                rows.append(asyncio.run(measure(server.url, n, args.challenges, server.pid)))
        finally:
            server.stop()
    report(rows)
    if args.json:
        print(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
