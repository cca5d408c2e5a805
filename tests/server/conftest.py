"""Fixtures for the server tests: an app per test (SQLite file, or PostgreSQL when
``NARDY_TEST_POSTGRES_URL`` is set), HTTP clients, and a real ``nardy serve`` process."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from nardy.server import Settings, create_app

POSTGRES = os.environ.get("NARDY_TEST_POSTGRES_URL")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: end-to-end test in headless Chromium")
    config.addinivalue_line(
        "markers", "one_database: a test whose point is not the storage (SQLite only)"
    )
    config.addinivalue_line(
        "markers", "clocked: the test's app reads the time from its ``clock`` fixture"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests, and those marked ``one_database`` (the rules' examples, the
    languages, the app's files), run on SQLite only: what they add is the page or the
    text, and the storage tests run every query on both databases already (on
    PostgreSQL too they doubled the suite's longest tests for no new query)."""
    dropped = [
        i
        for i in items
        if (i.get_closest_marker("browser") or i.get_closest_marker("one_database"))
        and "[postgresql" in i.nodeid
    ]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [i for i in items if i not in dropped]


def worker_postgres_url(url: str) -> str:
    """A database of its own for this pytest-xdist worker (created when missing), so
    parallel workers never reset each other's tables."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    base = make_url(url)
    name = f"{base.database}_{worker}"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        exists = conn.execute(
            text("SELECT 1 FROM pg_database WHERE datname = :n"), {"n": name}
        ).scalar()
        if not exists:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


# One launcher and database reset for the tests and bench/serve_load.py: the bench owns
# them (it runs on its own, without pytest).
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from serve_load import Server, reset_postgres  # noqa: E402
from server_helpers import Clock  # noqa: E402


@pytest.fixture(params=["sqlite", "postgresql"] if POSTGRES else ["sqlite"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database for one test: SQLite, and PostgreSQL too when
    ``NARDY_TEST_POSTGRES_URL`` is set (CI sets it)."""
    if request.param == "postgresql":
        assert POSTGRES
        url = worker_postgres_url(POSTGRES)
        reset_postgres(url)
        return url
    return f"sqlite:///{tmp_path / 'nardy.sqlite3'}"


@pytest.fixture
def settings(db_url: str) -> Settings:
    return Settings(db_url=db_url, dice_seed="test-seed")


@pytest.fixture
def clock() -> Clock:
    """The server's time in a ``clocked`` test, moved by the test (timeouts and expiries
    are tested by moving it, never by sleeping)."""
    return Clock()


@pytest.fixture
def app(settings: Settings, request: pytest.FixtureRequest) -> Any:
    """The application; a test marked ``clocked`` gets one on its ``clock``."""
    if request.node.get_closest_marker("clocked"):
        return create_app(settings, clock=request.getfixturevalue("clock"))
    return create_app(settings)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class Player:
    """An in-process HTTP client with its own session cookie and CSRF token."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.http = client
        self.csrf = ""
        self.user: dict[str, Any] = {}

    async def start(self) -> Player:
        r = await self.http.get("/api/session")
        r.raise_for_status()
        self.csrf = r.json()["csrf"]
        self.user = r.json()["user"]
        return self

    async def post(self, url: str, body: Any = None, **kw: Any) -> httpx.Response:
        r = await self.http.post(
            url, json=body if body is not None else {}, headers={"x-csrf-token": self.csrf}, **kw
        )
        if r.status_code == 200 and "csrf" in r.json():
            self.csrf = r.json()["csrf"]
        return r

    async def get(self, url: str) -> httpx.Response:
        return await self.http.get(url)


@pytest.fixture
async def player_factory(app: Any) -> AsyncIterator[Any]:
    clients: list[httpx.AsyncClient] = []

    async def make() -> Player:
        client = httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://testserver"
        )
        clients.append(client)
        return await Player(client).start()

    yield make
    for c in clients:
        await c.aclose()


class ServerProcess(Server):
    """``nardy serve`` in a subprocess on a free port, with the tests' dice seed."""

    def __init__(self, db_url: str, workdir: Path) -> None:
        super().__init__(db_url, workdir, ["--test-dice-seed", "e2e-seed"])


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[ServerProcess]:
    srv = ServerProcess(db_url, tmp_path)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    """A headless Debian Chromium driven by Playwright."""
    from browser_helpers import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: ``NARDY_SCREENSHOTS`` or the test's temporary directory."""
    d = Path(os.environ.get("NARDY_SCREENSHOTS", tmp_path / "shots"))
    d.mkdir(parents=True, exist_ok=True)
    return d


REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``redis-server`` of this pytest worker on a free loopback port, with
    nothing persisted (``.ci/run`` installs Debian's; without it, the Redis tests are
    skipped outside CI and fail in CI)."""
    if not Path(REDIS_SERVER).exists():
        if os.environ.get("CI"):
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        pytest.skip("redis-server is not installed")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    workdir = tmp_path_factory.mktemp("redis")
    proc = subprocess.Popen(
        [
            REDIS_SERVER,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(workdir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    import redis

    client = redis.Redis(host="127.0.0.1", port=port)
    for _ in range(200):  # until it answers (it starts in milliseconds)
        try:
            client.ping()
            break
        except redis.ConnectionError:
            proc.poll()
            if proc.returncode is not None:
                pytest.fail(f"redis-server exited with {proc.returncode}")
            time.sleep(0.02)  # a startup poll of a real process, not a test timeout
    client.close()
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture
def apps(db_url: str, redis_url: str) -> Iterator[tuple[Any, Any]]:
    """Two applications ("processes") on one database and one (emptied) Redis."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    made = tuple(
        create_app(Settings(db_url=db_url, dice_seed="test-seed", redis_url=redis_url))
        for _ in range(2)
    )
    yield made[0], made[1]
