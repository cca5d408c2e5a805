"""Load on a club of one or two server processes: simulated people in pairs, each pair in
a friend game, over websockets, on loopback (issue 18).

    python bench/load.py --games 300 --seconds 60
    python bench/load.py --games 300 --seconds 60 --processes 2 \\
        --db postgresql+psycopg://postgres:postgres@127.0.0.1:5432/nardy_bench

``--games`` pairs (at most that many games at once), each starting within the first
``--ramp`` seconds: one person makes a friend game over HTTP, the other joins it by the
invitation link, both open the game's websocket and play it there checker by checker and
``confirm`` as the browser does, thinking 2–6 s (``--think``) before each action; a
finished game is followed by a new one until ``--seconds`` have passed. This is
bench/serve_load.py's crowd (its friend games only), which owns the people and the
measures; this file adds the two processes and the report.

``--db`` a PostgreSQL URL (emptied first): the servers use it and a ``redis-server`` of
the bench's own (``nardy serve --redis``), as a club of several processes runs. Default:
SQLite in a temporary directory, one process, no Redis. ``--processes 2`` (PostgreSQL
only): two ``nardy serve --redis`` on two ports, with **no balancer in front: the
clients split over the two ports, the two people of every game on different
processes**, so that every move is stored by one process and reaches the opponent
through Redis and the other process (the worst case of a round-robin balancer, and
tests/server/test_deploy_two_processes.py's set-up without nginx's share of the CPU).

Reported: games held at once (the median of a sample each second after the ramp, and
the most), actions per second, the action round trip (sent on the socket -> its ack)
at p50/p99, errors (an error message, a dropped socket, a timeout) and lost events
(told to a client, not stored as told), the servers' CPU (all their processes, in % of
one core and per action; Redis's apart) and the 1-minute load average at start and end.

Measured on a 2-core machine shared with other engineers' work (the load average says
how much), 60 s runs, 10 s ramp, 2-6 s think; PostgreSQL 15 and Redis 7 on the same
machine; round trips in ms; CPU per action is the nardy processes' (Redis's in
brackets):

(the table is filled in below)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_load import (  # noqa: E402
    CROWD_CAPS,
    RedisServer,
    Server,
    cpu_seconds,
    crowd_options,
    reset_postgres,
    run,
)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    crowd_options(ap)
    ap.add_argument(
        "--processes", type=int, choices=(1, 2), default=1, help="server processes (2: --db)"
    )
    args = ap.parse_args(argv)
    if args.processes == 2 and not (args.db or "").startswith("postgres"):
        ap.error("--processes 2 needs a PostgreSQL --db (the processes share it and Redis)")
    # serve_load's crowd, friend games only (over websockets, as all friend games are)
    args.friend_share, args.ws_share, args.level = 1.0, 0.0, "beginner"
    return args


def report(args: argparse.Namespace, result: dict[str, Any]) -> str:
    db = "PostgreSQL+Redis" if (args.db or "").startswith("postgres") else "SQLite"
    kinds = f"  errors: {result['error_kinds']}" if result["error_kinds"] else ""
    return (
        f"{db} x{args.processes}  {args.games} games: held {result['held_median']:.0f} "
        f"(most {result['held_max']})  actions {result['actions']} "
        f"({result['actions_per_s']:.1f}/s)  round trip p50 {result['p50_ms']:.1f} ms "
        f"p99 {result['p99_ms']:.1f} ms  errors {result['errors']}  lost {result['lost']} "
        f"of {result['checked_events']}  server CPU {result['server_cpu_pct']:.0f} % "
        f"({result['server_cpu_ms_per_action']:.1f} ms per action; Redis "
        f"{result['redis_ms_per_action']:.2f} ms)  crowd CPU {result['crowd_cpu_pct']:.0f} %  "
        f"load {result['load_start']:.2f} -> {result['load_end']:.2f}{kinds}"
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="nardy-load-") as tmp:
        workdir = Path(tmp)
        db = args.db or f"sqlite:///{workdir / 'nardy.sqlite3'}"
        redis = None
        extra = CROWD_CAPS + args.serve_arg
        if db.startswith("postgres"):
            reset_postgres(db)
            redis = RedisServer(workdir)
            extra += ["--redis", redis.url]
        servers = [Server(db, workdir, extra) for _ in range(args.processes)]
        try:
            for server in servers:  # one after the other: the first creates the schema
                server.start()
            redis_cpu0 = cpu_seconds(redis.pid) if redis else 0.0
            result = asyncio.run(run([s.url for s in servers], args, [s.pid for s in servers]))
            redis_cpu = cpu_seconds(redis.pid) - redis_cpu0 if redis else 0.0
        finally:
            for server in servers:
                server.stop()
            if redis:
                redis.stop()
    result["redis_ms_per_action"] = redis_cpu * 1000 / max(1, result["actions"])
    print(report(args, result))
    if args.json:
        print(json.dumps(result))
    return 0 if result["errors"] == 0 and result["lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
