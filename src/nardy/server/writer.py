"""The single writer: every write transaction of the server, one at a time on SQLite.

SQLite lets one connection write at a time. Left to itself, a writer that finds the
file locked sleeps in SQLite's busy handler (1, 2, 5 … 100 ms at a time) and tries
again, so under a crowd writes pile up into seconds-long convoys; and a transaction
that read before writing fails at once with "database is locked" when another commit
came between (WAL cannot upgrade a stale snapshot). So on SQLite every write — game
events, games, users, sessions — runs under one lock in this process, in a short
``BEGIN IMMEDIATE`` transaction that holds SQLite's write lock from its start: writers
wait their turn on the lock (woken the moment it is free), never in SQLite.

PostgreSQL takes many writers at once (row locks), so there nothing is serialised.
Slow work (password hashing, the computer's thinking) stays outside these
transactions.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from nardy.server.db import SQLITE_BEGIN


class Writer:
    """Write transactions on ``engine``: one at a time on SQLite."""

    def __init__(self, engine: Engine) -> None:
        sqlite = engine.dialect.name == "sqlite"
        self.engine = engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"}) if sqlite else engine
        self._lock: contextlib.AbstractContextManager[object] = (
            threading.Lock() if sqlite else contextlib.nullcontext()
        )

    @contextlib.contextmanager
    def connection(self) -> Iterator[Connection]:
        """A connection in a write transaction, committed at the end of the block (rolled
        back if it raises); the lock is let go only after the commit."""
        with self._lock, self.engine.begin() as conn:
            yield conn

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """An ORM session in a write transaction, as ``connection``."""
        with self._lock, Session(self.engine, expire_on_commit=False) as s, s.begin():
            yield s
