"""Where the games' write transactions run.

SQLite lets one connection write at a time. Writers on many threads queue on its file
lock, and a transaction that read before writing can fail at once with "database is
locked" when another commit came between (WAL cannot upgrade a stale snapshot). So on
SQLite every game write runs on one dedicated thread, one short ``BEGIN IMMEDIATE``
transaction after another: writes wait their turn in a queue in memory, never on the
lock. PostgreSQL takes many writers (row locks), so there the calling thread writes.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.engine import Connection, Engine

from nardy.server.db import SQLITE_BEGIN

T = TypeVar("T")


class Writer:
    """Runs write transactions: on one thread of its own for SQLite, else in place."""

    def __init__(self, engine: Engine) -> None:
        self.sqlite = engine.dialect.name == "sqlite"
        self.engine = (
            engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"}) if self.sqlite else engine
        )
        self._thread = (
            ThreadPoolExecutor(1, thread_name_prefix="nardy-sqlite-writer") if self.sqlite else None
        )

    def run(self, write: Callable[[Connection], T]) -> T:
        """``write(conn)`` in one transaction, committed when it returns (rolled back
        when it raises); blocks the calling thread until then."""
        if self._thread is None:
            return self._transaction(write)
        return self._thread.submit(self._transaction, write).result()

    def _transaction(self, write: Callable[[Connection], T]) -> T:
        with self.engine.begin() as conn:
            return write(conn)
