"""Fixtures for the server tests: an app per test (SQLite file, or PostgreSQL when
``NARDY_TEST_POSTGRES_URL`` is set), HTTP clients, and a real ``nardy serve`` process."""

from __future__ import annotations

import os
import signal
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


def reset_postgres(url: str) -> None:
    """Drop every table of the test PostgreSQL database (each test starts empty)."""
    from sqlalchemy import text

    from nardy.server.db import make_engine

    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


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
def app(settings: Settings) -> Any:
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``nardy serve`` in a subprocess on a free port."""

    def __init__(self, db_url: str, workdir: Path) -> None:
        self.db_url = db_url
        self.workdir = workdir
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, env: dict[str, str] | None = None) -> None:
        """Start the server (with ``env`` added to its environment) and wait for it."""
        self.log = open(self.workdir / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "nardy.cli",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db_url,
                "--test-dice-seed",
                "e2e-seed",
            ],
            cwd=self.workdir,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nardy serve exited with {self.proc.returncode}")
            try:
                httpx.get(self.url + "/api/session", timeout=1)
                return
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError("nardy serve did not start")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()
        self.log.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if not self.log.closed:
            self.log.close()


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
