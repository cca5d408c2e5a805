"""While Redis is down the server's log holds a failure's first traceback, then one line
per half minute with a count, and one line when it works again (``FailureLog``): no
longer a traceback for every read and every tick (~180 per process in 12 s)."""

from __future__ import annotations

import asyncio
import logging
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from nardy.server.logs import FailureLog

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


class Clock:
    """Monotonic seconds, moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Kept(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def records() -> Iterator[list[logging.LogRecord]]:
    """The records of the ``nardy`` loggers at INFO and above."""
    kept = Kept()
    nardy = logging.getLogger("nardy")
    level = nardy.level
    nardy.addHandler(kept)
    nardy.setLevel(logging.INFO)
    yield kept.records
    nardy.removeHandler(kept)
    nardy.setLevel(level)


def test_a_repeated_failure_is_counted_not_repeated(records: list[logging.LogRecord]) -> None:
    clock = Clock()
    failures = FailureLog(logging.getLogger("nardy.test"), "the tick", every=30, clock=clock)
    failures.worked()  # working all along: nothing to say
    for _ in range(20):
        failures.failed(ConnectionError("refused"))
        clock.now += 1
    assert [r.getMessage() for r in records] == ["the tick failed"]
    assert records[0].exc_info is not None  # the first one's traceback
    for _ in range(20):  # past 30 s since the first: one line with the count
        failures.failed(ConnectionError("refused"))
        clock.now += 1
    assert [r.getMessage() for r in records[1:]] == [
        "the tick still failing: 30 more failures in 30 s (latest: ConnectionError('refused'))"
    ]
    failures.worked()
    failures.worked()
    assert [r.getMessage() for r in records[2:]] == [
        "the tick works again after 40 failures in 40 s"
    ]
    failures.failed(ConnectionError("refused"))  # a new outage: its traceback again
    assert records[3].getMessage() == "the tick failed" and records[3].exc_info


class RedisServer:
    """A ``redis-server`` of this test's own, stopped and started again on one port."""

    def __init__(self, workdir: Path) -> None:
        if not Path(REDIS_SERVER).exists():
            pytest.skip("redis-server is not installed")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "no", "--dir", str(self.workdir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # until it listens (milliseconds)
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


async def until(done: object, what: str, seconds: float = 20.0) -> None:
    """Wait (for the real reader's real reconnects) until ``done()`` holds."""
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {seconds} s")
        await asyncio.sleep(0.05)


@pytest.mark.anyio
async def test_the_pubsub_reader_while_redis_is_down(
    redis_server: RedisServer, records: list[logging.LogRecord]
) -> None:
    from nardy.server.redis_live import RedisHub

    clock = Clock()
    hub = RedisHub(redis_server.url, clock=clock)
    await hub.start()
    try:
        redis_server.stop()
        await until(lambda: hub.reading.failures >= 4, "failed reads")
        said = [r for r in records if r.name == "nardy.server.redis_live"]
        assert [r.getMessage() for r in said] == ["reading Redis pub/sub failed"]
        assert said[0].exc_info is not None
        clock.now += 30
        await until(lambda: len([r for r in records if "still failing" in r.getMessage()]), "count")
        redis_server.start()
        await until(lambda: hub.reading.failing_since is None, "recovery")
        lines = [r.getMessage() for r in records if r.name == "nardy.server.redis_live"]
        assert len(lines) == 3, lines
        assert lines[1].startswith("reading Redis pub/sub still failing: ")
        assert lines[2].startswith("reading Redis pub/sub works again after ")
        assert sum(r.exc_info is not None for r in records) == 1
    finally:
        await hub.stop()
