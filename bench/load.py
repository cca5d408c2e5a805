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

Measured on a 2-core machine shared with other engineers' work (the load average, 1
minute, start -> end, says how much), 60 s runs, 10 s ramp, 2-6 s think, long nardy;
PostgreSQL 15 and Redis 7 on the same machine ("PG+Redis"). "held": games played at once,
median (most); round trips in ms; server CPU: all nardy processes together, in % of one
core and per action (Redis's own per action in brackets). Rows of the same set-up are
repeated runs. No event was lost in any run.

================= ===== ========= ======= ===== ============= ====== ================== ===========
club              games held      actions /s    p50 / p99     errors server CPU         load
================= ===== ========= ======= ===== ============= ====== ================== ===========
SQLite x1           100 100       1,308   21.8  5.9 / 23      0      16 % 7.5 ms        6.0 -> 5.2
SQLite x1           150 150       1,968   32.7  8.0 / 66      0      30 % 9.2 ms        4.5 -> 5.1
SQLite x1           200 200       2,599   43.1  11 / 202      0      40 % 9.2 ms        6.0 -> 6.2
SQLite x1           300 300       3,438   56.7  13 / 948      0      58 % 10 ms         4.7 -> 4.2
SQLite x1           600 326 (600) 2,523   41.4  595 / 5,710   0      58 % 14 ms         12.8 -> 9.9
PG+Redis x1          50 50          647   10.8  13 / 46       0      12 % 11 ms (0.37)  6.4 -> 5.4
PG+Redis x1         100 100       1,295   21.4  14 / 151      0      26 % 12 ms (0.33)  5.3 -> 4.4
PG+Redis x1         100 100       1,296   21.5  14 / 137      0      27 % 13 ms (0.32)  5.0 -> 3.8
PG+Redis x1         200 200       2,347   38.3  28 / 757      0      50 % 13 ms (0.30)  6.2 -> 5.2
PG+Redis x1         300 300       2,821   45.2  106 / 2,041   0      68 % 15 ms (0.28)  4.2 -> 8.0
PG+Redis x1         600 239 (513) 1,655   25.1  2,599 / 5,648 0      59 % 24 ms (0.41)  9.1 -> 9.4
PG+Redis x2          50 50          635   10.6  10 / 47       0      19 % 18 ms (0.57)  5.6 -> 4.5
PG+Redis x2         100 100       1,279   21.2  17 / 231      0      48 % 23 ms (0.48)  4.4 -> 4.9
PG+Redis x2         100 100       1,258   20.9  19 / 717      0      43 % 21 ms (0.44)  3.5 -> 5.6
PG+Redis x2         150 150       1,720   28.4  27 / 773      0      64 % 23 ms (0.41)  10.5 -> 8.0
PG+Redis x2         200 200       2,362   39.2  24 / 966      0      74 % 19 ms (0.34)  5.3 -> 6.1
PG+Redis x2         300 300       2,932   47.9  113 / 1,638   0      93 % 20 ms (0.32)  8.0 -> 13.7
PG+Redis x2         600 211 (426) 1,527   21.1  2,102 / 8,721 1 (a)  96 % 46 ms (0.64)  8.2 -> 20.4
PG+Redis x2         600 325 (529) 2,118   31.1  1,979 / 6,740 0      93 % 30 ms (0.45)  5.9 -> 12.8
PG+Redis x2         600 283 (515) 1,909   28.2  1,822 / 5,087 0      92 % 33 ms (0.48)  5.5 -> 11.0
================= ===== ========= ======= ===== ============= ====== ================== ===========

(a) a game's websocket handshake refused, at a load of 20 (the status was not recorded
then; the crowd now says it).

What it says, on this machine:

* p99 under 50 ms holds up to about 100 games on SQLite (150: 66 ms), and up to 50 on
  PostgreSQL + Redis with one process or two (100: 137-231 ms with one, 231-717 ms with
  two). PostgreSQL costs more per action than SQLite (12-13 ms against 7.5-9 ms here).
* A second process adds no capacity on two shared cores: both compete for the same
  cores, and a move relayed between processes costs about 1.6 times the CPU of one
  within a process (18-23 ms per action against 11-13), since the opponent's process
  reloaded the game from the database on each notice. Two processes pay where each has
  cores of its own (separate machines, or a larger one).
* Since c2c69e6 the other process takes the new moves and records on in place
  (``LiveGame.extend``) instead of reloading the whole game. PG+Redis x2, 100 games,
  45 s runs, back to back (before = the commit before it): before 20.9 and 20.7 ms of
  CPU per action, p50 12.6 / p99 98.3 and 15.2 / 85.6 ms (load 0.8-2.1); after 17.2
  and 18.8 ms, p50 8.7 / p99 55.3 and 9.8 / 57.1 ms (load 0.7-1.9): 13 % less CPU, a
  third off the round trips.
* At 600 games every set-up is saturated: round trips of seconds, fewer games held
  than started (the create/join requests queue too), and the crowd itself takes 30-45 %
  of a core.
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


def server_faults(workdir: Path, most: int = 20) -> list[str]:
    """The first error lines of the servers' logs (what an error the crowd saw was, on
    the server's side)."""
    lines: list[str] = []
    for log in sorted(workdir.glob("server-*.log")):
        for line in log.read_text(errors="replace").splitlines():
            if "ERROR" in line or "Error:" in line or "Exception" in line:
                lines.append(f"{log.name}: {line[:200]}")
    return lines[:most]


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
            faults = server_faults(workdir)  # (read before the directory goes)
    result["redis_ms_per_action"] = redis_cpu * 1000 / max(1, result["actions"])
    print(report(args, result))
    if result["errors"] and faults:
        print("the servers' logged faults:", *faults, sep="\n  ")
    if args.json:
        print(json.dumps(result))
    return 0 if result["errors"] == 0 and result["lost"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
