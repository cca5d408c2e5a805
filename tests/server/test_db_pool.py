"""The PostgreSQL pool (``nardy.server.db.make_engine``): a connection the server
dropped while it sat idle in the pool (PostgreSQL restarted, an idle timeout) is found
by a ping and replaced before anyone uses it; a connection given back a moment ago is
handed out without a ping (a round trip saved on every busy checkout), and if the server
dropped even that one, its statement fails once and the pool retires it with all the
others made before. The pool's clock is injected: no test sleeps."""

from __future__ import annotations

import os

import pytest
from conftest import POSTGRES, worker_postgres_url
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError

from nardy.server.db import PING_IDLE_AFTER, make_engine

pytestmark = pytest.mark.skipif(
    not POSTGRES and not os.environ.get("CI"), reason="NARDY_TEST_POSTGRES_URL is not set"
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def url() -> str:
    assert POSTGRES, "NARDY_TEST_POSTGRES_URL is not set"  # (CI sets it)
    return worker_postgres_url(POSTGRES)


def _backend(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _drop(url: str, pid: int) -> None:
    """The server ends one connection, as a restart ends them all."""
    admin = make_engine(url)
    with admin.connect() as conn:
        assert conn.execute(text("SELECT pg_terminate_backend(:p)"), {"p": pid}).scalar()
    admin.dispose()


def test_an_idle_dropped_connection_is_replaced_before_use(url: str) -> None:
    clock = Clock()
    engine = make_engine(url, clock=clock)
    first = _backend(engine)
    assert _backend(engine) == first  # given back and handed out again: the same one
    _drop(url, first)
    clock.now += PING_IDLE_AFTER + 1
    second = _backend(engine)  # pinged, found dropped, replaced: no error
    assert second != first
    engine.dispose()


def test_a_warm_connection_is_not_pinged_and_a_drop_costs_one_statement(url: str) -> None:
    clock = Clock()
    engine = make_engine(url, clock=clock)
    first = _backend(engine)
    _drop(url, first)
    clock.now += PING_IDLE_AFTER / 2  # still warm: handed out as it is
    with pytest.raises(OperationalError):
        _backend(engine)
    # the failure retired the pool's connections: the next statement gets a new one
    assert _backend(engine) != first
    engine.dispose()
