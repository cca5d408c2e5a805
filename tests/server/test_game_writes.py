"""A game's change stored (``nardy.server.game_writes``), on SQLite and PostgreSQL: the
row compared and set with the events inserted, all or nothing; a stale number or a
banned player stores nothing and says which; a change of a rated match's end, in a
transaction, stores as one alone does. On PostgreSQL the change is one statement run
outside a transaction (``Writer.statement``)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from functools import partial
from typing import Any

import pytest
from sqlalchemy import insert, select, update
from sqlalchemy.engine import Engine

from nardy.server.db import EventRow, GameRow, User, make_engine, migrate
from nardy.server.game_writes import BannedPlayer, StaleGame, store_change
from nardy.server.writer import Writer

AT = datetime(2026, 12, 6, 9, 0, tzinfo=UTC)


@pytest.fixture
def engine(db_url: str) -> Engine:
    eng = make_engine(db_url)
    migrate(eng)
    with eng.begin() as conn:
        conn.execute(insert(User).values(id=1, display_name="ashot"))
        conn.execute(insert(User).values(id=2, display_name="boris", banned_at=AT))
        game = {"variant": "long", "mode": "friend", "creator_id": 1, "status": "waiting"}
        seeds = {"server_seed": "s", "commitment": "c", "options": {}}
        conn.execute(insert(GameRow).values(id="g1", **game, **seeds))
    return eng


def _events(first: int, n: int) -> list[dict[str, Any]]:
    # data of every JSON kind, and text beyond ASCII: stored as given
    data = {"record": {"dice": [6, 5], "ok": True, "none": None, "x": 0.5, "name": "Ашот"}}
    return [
        {"game_id": "g1", "seq": s, "kind": "move", "by": "white", "data": data | {"n": s}}
        for s in range(first, first + n)
    ]


def _stored(engine: Engine) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with engine.connect() as conn:
        row = conn.execute(select(GameRow).where(GameRow.id == "g1")).mappings().one()
        evs = conn.execute(
            select(EventRow.game_id, EventRow.seq, EventRow.kind, EventRow.by, EventRow.data)
            .where(EventRow.game_id == "g1")
            .order_by(EventRow.seq)
        )
        return dict(row), [dict(e._mapping) for e in evs]


def test_a_change_sets_the_row_and_stores_its_events(engine: Engine) -> None:
    writer = Writer(engine)
    created = _stored(engine)[0]["created_at"]
    values = {"status": "active", "creator_color": "white", "updated_at": AT}
    values |= {"score": [1, 0], "clock": {"base": 60}, "result": {"winner": "white"}}
    rows = _events(1, 3)
    writer.statement(lambda c: store_change(c, "g1", 0, values, rows))
    row, events = _stored(engine)
    assert events == rows
    assert (row["status"], row["score"], row["clock"], row["result"]) == (
        "active",
        [1, 0],
        {"base": 60},
        {"winner": "white"},
    )
    assert row["last_seq"] == 3 and row["created_at"] == created  # (not the insert's default)
    # the next change, from the number stored, with a player who is not banned
    writer.statement(lambda c: store_change(c, "g1", 3, {"status": "over"}, _events(4, 1), 1))
    row, events = _stored(engine)
    assert (row["status"], row["last_seq"], len(events)) == ("over", 4, 4)
    assert row["score"] == [1, 0]  # a column not named is left as it was


def test_a_stale_number_stores_nothing(engine: Engine) -> None:
    writer = Writer(engine)
    writer.statement(lambda c: store_change(c, "g1", 0, {"status": "active"}, _events(1, 2)))
    before = _stored(engine)
    for seq in (0, 1, 3):  # behind, in between, ahead
        with pytest.raises(StaleGame):
            rows = _events(seq + 1, 1)
            writer.statement(
                partial(store_change, game_id="g1", seq=seq, values={"status": "over"}, rows=rows)
            )
    assert _stored(engine) == before


def test_a_banned_player_stores_nothing(engine: Engine) -> None:
    """(He is told in the second person: the refusal names nobody.)"""
    writer = Writer(engine)
    with pytest.raises(BannedPlayer):
        writer.statement(lambda c: store_change(c, "g1", 0, {"status": "active"}, _events(1, 1), 2))
    assert _stored(engine)[1] == [] and _stored(engine)[0]["status"] == "waiting"
    # a stale number with a player who is not banned is stale, not banned
    with pytest.raises(StaleGame):
        writer.statement(lambda c: store_change(c, "g1", 5, {"status": "active"}, _events(6, 1), 1))


def test_a_change_in_a_transaction_is_undone_with_it(engine: Engine) -> None:
    """A rated match's end stores its change and the ratings in one transaction: a
    failure after the change leaves neither."""

    def write(conn: Any) -> None:
        store_change(conn, "g1", 0, {"status": "over"}, _events(1, 2))
        conn.execute(update(GameRow).where(GameRow.id == "g1").values(last_seq=3))
        raise RuntimeError("after the change")

    with pytest.raises(RuntimeError):
        Writer(engine).run(write)
    row, events = _stored(engine)
    assert (row["status"], row["last_seq"], events) == ("waiting", 0, [])


def test_an_unknown_column_is_refused(engine: Engine) -> None:
    with pytest.raises(ValueError, match="mode"), engine.begin() as conn:
        store_change(conn, "g1", 0, {"mode": "computer"}, _events(1, 1))


def test_of_two_writers_racing_from_one_number_exactly_one_stores(engine: Engine) -> None:
    """Two processes acting on one game at once: the row's lock makes the second wait
    for the first's commit and then find the game moved on."""
    writers = [Writer(make_engine(engine.url.render_as_string(hide_password=False)))]
    writers.append(Writer(make_engine(engine.url.render_as_string(hide_password=False))))
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def act(w: Writer, by: str) -> None:
        rows = [e | {"by": by} for e in _events(1, 2)]
        start.wait()
        try:
            w.statement(lambda c: store_change(c, "g1", 0, {"status": "active"}, rows))
            outcomes.append(by)
        except StaleGame:
            outcomes.append("stale")

    threads = [
        threading.Thread(target=act, args=(w, by)) for w, by in zip(writers, "wb", strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(outcomes) == 2 and outcomes.count("stale") == 1, outcomes
    row, events = _stored(engine)
    winner = next(o for o in outcomes if o != "stale")
    assert row["last_seq"] == 2 and [e["by"] for e in events] == [winner, winner]
