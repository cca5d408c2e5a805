"""The single writer (``nardy.server.writer``): writes from many threads at once are
all committed (SQLite: grouped into shared transactions by one thread), none fails on
a lock, and a write that raises is undone alone."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Connection

from nardy.server.db import make_engine
from nardy.server.writer import Writer


@pytest.fixture
def writer(db_url: str) -> Writer:
    engine = make_engine(db_url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE IF NOT EXISTS w (k INTEGER PRIMARY KEY)"))
        conn.execute(text("DELETE FROM w"))
    return Writer(engine)


def test_concurrent_writes_are_all_committed_and_a_failing_one_alone_undone(
    writer: Writer,
) -> None:
    results: dict[int, object] = {}
    go = threading.Barrier(40)

    def put(k: int) -> None:
        def write(conn: Connection) -> int:
            conn.execute(text("INSERT INTO w (k) VALUES (:k)"), {"k": k})
            if k == 13:
                raise ValueError("write 13 fails after its insert")
            return k

        go.wait()
        try:
            results[k] = writer.run(write)
        except ValueError as exc:
            results[k] = exc

    threads = [threading.Thread(target=put, args=(k,)) for k in range(40)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert isinstance(results.pop(13), ValueError)
    assert results == {k: k for k in range(40) if k != 13}
    with writer.engine.connect() as conn:
        stored = {k for (k,) in conn.execute(text("SELECT k FROM w"))}
    assert stored == set(range(40)) - {13}


def test_sqlite_writes_do_not_wait_on_a_reader(tmp_path: Path) -> None:
    """WAL: a read transaction left open does not hold up the writer."""
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE w (k INTEGER PRIMARY KEY)"))
    writer = Writer(engine)
    with engine.connect() as reader:
        reader.execute(text("SELECT count(*) FROM w")).scalar()  # a snapshot held open
        writer.run(lambda conn: conn.execute(text("INSERT INTO w (k) VALUES (1)")))
        assert reader.execute(text("SELECT count(*) FROM w")).scalar() == 0  # its snapshot
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM w")).scalar() == 1


def test_account_writes_from_many_threads_with_a_name_taken_twice(db_url: str) -> None:
    """Guests and registrations written at once through the writer: the second account
    with the same name is refused alone (409) and every other write is stored."""
    from sqlalchemy.orm import sessionmaker

    from nardy.server.api_error import ApiError
    from nardy.server.auth import GUEST_LIMIT, Accounts, Who, new_token
    from nardy.server.db import migrate
    from nardy.server.throttle import LimitsThrottle

    engine = make_engine(db_url)
    migrate(engine)
    throttle = LimitsThrottle({GUEST_LIMIT: "100 per hour"})  # (all from one address)
    accounts = Accounts(sessionmaker(engine, expire_on_commit=False), Writer(engine), throttle)
    outcomes: list[object] = []
    go = threading.Barrier(24)

    def guest() -> None:
        go.wait()
        outcomes.append(accounts.lookup(accounts.new_guest(new_token(), "127.0.0.1")))

    def account() -> None:
        go.wait()
        try:
            outcomes.append(accounts.register(None, "same-name", "long enough password"))
        except ApiError as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=guest) for _ in range(22)]
    threads += [threading.Thread(target=account) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    refused = [o for o in outcomes if isinstance(o, ApiError)]
    assert [e.code for e in refused] == ["username-taken"]
    guests = [o for o in outcomes if isinstance(o, Who)]
    assert len(guests) == 22 and all(g.guest for g in guests)
    assert accounts.user_by_name("same-name") is not None
