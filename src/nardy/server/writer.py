"""The single writer: every write transaction of the server, one at a time on SQLite,
many to a commit.

SQLite lets one connection write at a time. Left to itself, a writer that finds the
file locked sleeps in SQLite's busy handler (1, 2, 5 … 100 ms at a time) and tries
again, and a transaction that read before writing fails at once with "database is
locked" when another commit came between (WAL cannot upgrade a stale snapshot). Even
queued on a lock in this process, each write costs a thread wake-up and a GIL hand-over
or two, which on a busy machine take milliseconds each: writes one after another make a
convoy.

So on SQLite every write — game events, games, users, sessions — is a function handed to
one writer thread, which runs all the writes waiting at that moment in one
``BEGIN IMMEDIATE`` transaction (a group commit) and then tells each caller. A write
that raises is undone alone: the batch is rolled back and its writes run again one
transaction each (so write functions only issue statements; slow work — password
hashing, the computer's thinking — stays outside them).

PostgreSQL takes many writers at once (row locks): there each write is its own
transaction in the caller's thread, and a write of a single statement (``statement``)
runs without ``BEGIN`` and ``COMMIT`` (PostgreSQL makes each statement atomic by
itself): one round trip to the database instead of three.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session

from nardy.server.db import SQLITE_BEGIN, one_statement

T = TypeVar("T")
#: The most writes committed together.
MAX_BATCH = 64

log = logging.getLogger(__name__)

Job = tuple[Callable[[Connection], Any], "Future[Any]"]


class Writer:
    """Write transactions on ``engine``: on SQLite, one thread commits them in batches."""

    def __init__(self, engine: Engine) -> None:
        self.sqlite = engine.dialect.name == "sqlite"
        self.engine = (
            engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"}) if self.sqlite else engine
        )
        self._jobs: queue.SimpleQueue[Job] = queue.SimpleQueue()
        #: Connections that commit each statement as it runs (PostgreSQL).
        self._one = one_statement(engine)
        if self.sqlite:
            threading.Thread(target=self._serve, name="nardy-db-writer", daemon=True).start()

    def run(self, write: Callable[[Connection], T]) -> T:
        """``write(conn)`` inside a write transaction; returns (or raises) what it did
        once that transaction is committed (rolled back). Blocks the calling thread."""
        if not self.sqlite:
            return self._alone(write)
        done: Future[T] = Future()
        self._jobs.put((write, done))
        return done.result()

    def statement(self, write: Callable[[Connection], T]) -> T:
        """``write(conn)`` where ``write`` changes the database in one statement (it may
        read before or after): as ``run``, but on PostgreSQL outside a transaction."""
        if self.sqlite:
            return self.run(write)
        with self._one.connect() as conn:
            return write(conn)

    def session(self, write: Callable[[Session], T]) -> T:
        """``write(session)`` with an ORM session, as ``run``."""

        def on(conn: Connection) -> T:
            # the session joins the transaction: its commit only flushes
            with Session(bind=conn, expire_on_commit=False) as s:
                out = write(s)
                s.commit()
                return out

        return self.run(on)

    def _alone(self, write: Callable[[Connection], T]) -> T:
        with self.engine.begin() as conn:
            return write(conn)

    def _serve(self) -> None:
        while True:
            batch = [self._jobs.get()]
            while len(batch) < MAX_BATCH:
                try:
                    batch.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            self._commit(batch)

    def _commit(self, batch: list[Job]) -> None:
        results: list[Any] = []
        try:
            with self.engine.begin() as conn:
                for write, _ in batch:
                    results.append(write(conn))
        except Exception as exc:
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
                return
            log.debug("a batch of %d writes failed (%r): one by one", len(batch), exc)
            for job in batch:
                self._commit([job])
            return
        for (_, done), result in zip(batch, results, strict=True):
            done.set_result(result)
