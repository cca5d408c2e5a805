"""A small, bounded crowd against a real ``nardy serve`` (``bench/serve_load.py``):
20 games at once — against the computer over HTTP and over websockets, and friend
games with each person on his own socket — for a few seconds of quick actions, on
SQLite (and PostgreSQL when ``NARDY_TEST_POSTGRES_URL`` is set). No action may fail and
every event a client was told of must be stored as told. Speed is the benchmark's
business: nothing here is timed."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import serve_load  # noqa: E402
from conftest import ServerProcess  # noqa: E402


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
