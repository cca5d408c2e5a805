"""What an operator does with ``nardy admin`` and ``nardy serve`` (docs/deploy.md): a
member locked out by failed logins is let in again; the failed logins are logged with
the address they came from; the database is named by NARDY_DB; an admin command never
makes a new database; a database that cannot be opened is one line, not a traceback."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import POSTGRES
from fastapi.testclient import TestClient
from sqlalchemy import select
from sqlalchemy.engine import make_url

from nardy.cli import main
from nardy.server import Settings, create_app
from nardy.server.db import User
from nardy.server.names import skeleton

LOOPBACK = ("127.0.0.1", 50000)
RIGHT = "correct horse"


def run(*args: str, env: dict[str, str] | None = None) -> Any:
    # (NARDY_DB and NARDY_REDIS_URL only as each test sets them)
    base = {"NARDY_DB": None, "NARDY_REDIS_URL": None}
    return CliRunner().invoke(main, list(args), env={**base, **(env or {})})


@pytest.fixture
def access() -> Iterator[list[str]]:
    """The messages of ``nardy.server.auth``'s records."""
    said: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    auth = logging.getLogger("nardy.server.auth")
    handler, level = Keep(), auth.level
    auth.addHandler(handler)
    auth.setLevel(logging.INFO)
    yield said
    auth.removeHandler(handler)
    auth.setLevel(level)


def login(c: TestClient, password: str, address: str) -> int:
    c.cookies.clear()
    csrf = c.get("/api/session").json()["csrf"]
    r = c.post(
        "/api/login",
        json={"username": "alice", "password": password},
        headers={"x-csrf-token": csrf, "x-forwarded-for": address},
    )
    return int(r.status_code)


@pytest.mark.parametrize("how", ["unlock", "password"])
def test_a_locked_out_member_is_let_in_again(
    db_url: str, redis_url: str, access: list[str], how: str
) -> None:
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    settings = Settings(
        db_url=db_url,
        redis_url=redis_url,
        rate_limit_storage=redis_url,
        trusted_proxies=["127.0.0.1"],
    )
    with TestClient(create_app(settings), client=LOOPBACK) as c:
        csrf = c.get("/api/session").json()["csrf"]
        r = c.post(
            "/api/register",
            json={"username": "alice", "password": RIGHT},
            headers={"x-csrf-token": csrf},
        )
        assert r.status_code == 200
        # ten wrong passwords, each from another (forged) address: the account is locked
        codes = [login(c, "wrong password", f"198.51.100.{i}") for i in range(10)]
        assert codes == [401] * 10
        assert login(c, RIGHT, "203.0.113.9") == 429
        assert "failed login as 'alice' from 198.51.100.3" in access
        assert "login throttled (login-per-account) for 'alice' from 203.0.113.9" in access
        if how == "unlock":
            out = run("admin", "unlock", "alice", "--db", db_url, "--redis", redis_url)
            new = RIGHT
        else:
            new = "a new password"
            out = run(
                "admin",
                "password",
                "alice",
                "--password",
                new,
                env={"NARDY_DB": db_url, "NARDY_REDIS_URL": redis_url},
            )
        assert out.exit_code == 0, out.output
        assert "alice may log in again at once" in out.output
        assert login(c, new, "203.0.113.9") == 200


def test_admin_never_makes_a_new_database(db_url: str, tmp_path: Path) -> None:
    """An empty PostgreSQL database, a missing SQLite file, the default file in a
    directory without one: "no club database", and nothing made."""
    out = run("admin", "ban", "bob", "--db", db_url)
    assert out.exit_code == 1
    assert "no club database is at" in out.output and "no member" not in out.output
    if db_url.startswith("sqlite"):
        assert not Path(make_url(db_url).database or "").exists()
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        out = run("admin", "unban", "bob")
    finally:
        os.chdir(here)
    assert out.exit_code == 1 and "no club database is at sqlite:///" in out.output
    assert not (tmp_path / "nardy.sqlite3").exists()


def test_nardy_db_names_the_database_and_unban_says_who_was_banned(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url))
    with app.state.db() as s:
        s.add(User(username="bob", name_key=skeleton("bob"), display_name="Bob"))
        s.commit()
    assert run("admin", "unban", "bob", env={"NARDY_DB": db_url}).output == "Bob was not banned\n"
    assert run("admin", "ban", "bob", env={"NARDY_DB": db_url}).output == "Bob is banned\n"
    out = run("admin", "unban", "bob", env={"NARDY_DB": db_url})
    assert out.output == "Bob is no longer banned\n"
    with app.state.db() as s:
        assert s.scalar(select(User.banned_at).where(User.username == "bob")) is None


def unopenable() -> list[str]:
    """Databases that cannot be opened: a SQLite file in no directory, and PostgreSQL
    with a wrong password (when the tests have PostgreSQL)."""
    urls = ["sqlite:////nonexistent-directory/nardy.sqlite3"]
    if POSTGRES:
        urls.append(make_url(POSTGRES).set(password="wrong-secret").render_as_string(False))
    return urls


@pytest.mark.parametrize("url", unopenable())
@pytest.mark.parametrize("command", [["serve"], ["admin", "ban", "bob"]])
def test_a_database_that_cannot_be_opened_is_one_line(url: str, command: list[str]) -> None:
    out = run(*command, env={"NARDY_DB": url})
    assert out.exit_code == 1
    lines = out.output.strip().splitlines()
    assert len(lines) == 1, out.output
    shown = make_url(url).render_as_string(hide_password=True)
    if command[0] == "serve" or url.startswith("postgresql"):
        assert lines[0].startswith(f"Error: could not open the database {shown}: ")
    else:  # (admin: no file there, so no club)
        assert lines[0].startswith("Error: no club database is at ")
    assert "wrong-secret" not in out.output
    if url.startswith("postgresql"):
        assert "password authentication failed" in lines[0]
