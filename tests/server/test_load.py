"""A small, bounded crowd against a real ``nardy serve`` (``bench/serve_load.py``):
20 games at once — against the computer over HTTP and over websockets, and friend
games with each person on his own socket — for a few seconds of quick actions, on
SQLite (and PostgreSQL when ``NARDY_TEST_POSTGRES_URL`` is set); and bench/load.py's
friend games split over two processes on PostgreSQL and Redis. No action may fail and
every event a client was told of must be stored as told. Speed is the benchmark's
business: nothing here is timed."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import load  # noqa: E402
import serve_load  # noqa: E402
from conftest import POSTGRES, Server, ServerProcess, reset_postgres, worker_postgres_url  # noqa: E402


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server for a crowd from one address: the per-address caps on new guests and
    sockets (which would refuse the crowd, as they should) raised."""
    srv = ServerProcess(db_url, tmp_path)
    srv.start(env={"NARDY_GUEST_RATE": "10000 per hour", "NARDY_MAX_SOCKETS_PER_IP": "10000"})
    yield srv
    srv.stop()


def test_twenty_games_at_once_lose_nothing(server: Any) -> None:
    args = serve_load.parse_args(
        ["--games", "20", "--seconds", "8", "--ramp", "1", "--think", "0.05", "0.3"]
        + ["--progress", "0", "--level", "beginner"]
    )
    result = asyncio.run(serve_load.run(server.url, args, server.proc.pid))
    assert result["error_kinds"] == {}
    assert result["errors"] == 0
    assert result["lost"] == 0
    assert result["games"] >= 20
    assert result["actions"] >= 20  # every game got going
    assert result["checked_events"] > result["actions"]


def test_friend_games_split_over_two_processes_lose_nothing(redis_url: str, tmp_path: Path) -> None:
    """bench/load.py's set-up, small: two ``nardy serve --redis`` processes on one
    PostgreSQL, each game's two people on different ones (every move crosses Redis)."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("NARDY_TEST_POSTGRES_URL is not set")
        pytest.skip("NARDY_TEST_POSTGRES_URL is not set")
    url = worker_postgres_url(POSTGRES)
    reset_postgres(url)
    redis.Redis.from_url(redis_url).flushdb()
    args = load.parse_args(
        ["--games", "10", "--seconds", "8", "--ramp", "1", "--think", "0.05", "0.3"]
        + ["--progress", "0", "--processes", "2", "--db", url]
    )
    extra = serve_load.CROWD_CAPS + ["--redis", redis_url]
    servers = [Server(url, tmp_path, extra) for _ in range(2)]
    try:
        for s in servers:
            s.start()
        result = asyncio.run(
            serve_load.run([s.url for s in servers], args, [s.pid for s in servers])
        )
    finally:
        for s in servers:
            s.stop()
    assert result["error_kinds"] == {} and result["errors"] == 0
    assert result["lost"] == 0
    assert result["games"] >= 10 and result["held_max"] >= 5
    assert result["actions"] >= 20
    assert result["checked_events"] > result["actions"]
