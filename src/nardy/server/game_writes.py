"""A change of a game stored: its row compared and set, its new events inserted.

The game's row keeps the number of its last stored event (``games.last_seq``). A change
is stored only where that number is still the one the process had in memory, and the
acting player (where that matters) is not banned: one ``UPDATE`` whose ``WHERE`` says
both, then the events. The update locks the row (PostgreSQL; SQLite has one writer), so
of two processes acting on one game the second waits for the first's commit, then finds
the game moved on and stores nothing (``StaleGame``).

On PostgreSQL the update and the insert are one statement (the update a CTE whose row,
when there is one, the insert selects the events with), run without ``BEGIN`` and
``COMMIT`` (``Writer.statement``): one round trip to the database where the two
statements in a transaction were four, and a quarter of the server's time in the driver
and SQLAlchemy went with them. SQLite cannot update in a CTE; there the two statements
join the writer's batch (``nardy.server.writer``).

The statements are built once for each shape of a change (which columns it sets,
whether a ban is checked) with every value a bound parameter: SQLAlchemy then finds a
statement's compiled form by the object's remembered cache key instead of walking a
new statement tree for every action.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import (
    JSON,
    Integer,
    String,
    bindparam,
    column,
    exists,
    func,
    insert,
    select,
    table,
    true,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.sql.dml import Insert, Update

from nardy.server.db import EventRow, GameRow, User, now

#: The columns of a game's row a change may set (``last_seq`` is always set).
COLUMNS = frozenset(
    ("status", "creator_color", "opponent_id", "updated_at", "score", "clock", "deadline")
    + ("result",)
)
#: The columns a change compares by.
KEYS = frozenset(("id", "last_seq"))
#: The events' columns, as a change gives them.
EVENT_KEYS = ("game_id", "seq", "kind", "by", "data")


class StaleGame(Exception):
    """The stored game moved on past the one in memory: another server process stored
    its events meanwhile (``GameService._step``)."""


class BannedPlayer(Exception):
    """The player who acted was banned (``GameService._step``): nothing was stored. (He
    is told in the second person: no name is carried.)"""


def _banned() -> tuple[Any, Any]:
    return User.id == bindparam("acting_user", type_=Integer), User.banned_at.is_not(None)


#: The games table as the compare-and-set sees it: its columns without their defaults
#: (inside an ``INSERT``'s CTE, SQLAlchemy would give the ``UPDATE`` the insert's
#: defaults: ``created_at`` among them).
_GAMES = table(
    "games",
    *(column(c.name, c.type) for c in GameRow.__table__.c if c.name in COLUMNS | KEYS),
)


@cache
def _compare_and_set(columns: frozenset[str], ban: bool) -> Update:
    """``UPDATE games SET <columns>, last_seq WHERE id AND last_seq [AND not banned]``."""
    cas = update(_GAMES).where(
        _GAMES.c.id == bindparam("game_id", type_=String),
        _GAMES.c.last_seq == bindparam("seq_before", type_=Integer),
    )
    if ban:
        cas = cas.where(~exists().where(*_banned()))
    sets = {k: bindparam(f"new_{k}", type_=_GAMES.c[k].type) for k in sorted(columns)}
    return cas.values(**sets, last_seq=bindparam("seq_after", type_=Integer))


@cache
def _at_once(columns: frozenset[str], ban: bool) -> Insert:
    """PostgreSQL: the compare-and-set as a CTE and the events inserted with its row
    (none when it updated none), the events passed as one JSON array."""
    cas = _compare_and_set(columns, ban).returning(_GAMES.c.id).cte("cas")
    new = (
        func.json_to_recordset(bindparam("events", type_=JSON))
        .table_valued(
            column("seq", Integer),
            column("kind", String),
            column("by", String),
            column("data", JSON),
        )
        .render_derived(name="new", with_types=True)
    )
    rows = select(
        cas.c.id,
        new.c.seq,
        new.c.kind,
        new.c.by,
        new.c.data,
        bindparam("created_at", type_=EventRow.__table__.c.created_at.type),
    ).select_from(cas.join(new, true()))
    # (the events' numbers returned: the driver's row count of an INSERT ... SELECT
    # under a CTE is -1)
    return insert(EventRow).from_select([*EVENT_KEYS, "created_at"], rows).returning(EventRow.seq)


_INSERT_EVENTS = insert(EventRow)


def _params(
    game_id: str, seq: int, values: dict[str, Any], last: int, banned_check: int | None
) -> dict[str, Any]:
    params = {f"new_{k}": v for k, v in values.items()}
    params.update(game_id=game_id, seq_before=seq, seq_after=last)
    if banned_check is not None:
        params["acting_user"] = banned_check
    return params


def store_change(
    conn: Connection,
    game_id: str,
    seq: int,
    values: dict[str, Any],
    rows: Sequence[dict[str, Any]],
    banned_check: int | None = None,
) -> None:
    """Store a game's new event ``rows`` (numbered from ``seq + 1``) and set its row's
    ``values``, where its last stored event is still ``seq`` and ``banned_check``'s user
    (None: nobody's) is not banned; else raise ``StaleGame`` or ``BannedPlayer``.
    On PostgreSQL one statement, which may run outside a transaction."""
    unknown = set(values) - COLUMNS
    if unknown:
        raise ValueError(f"not a column a change sets: {sorted(unknown)}")
    columns, ban = frozenset(values), banned_check is not None
    params = _params(game_id, seq, values, rows[-1]["seq"], banned_check)
    if conn.dialect.name == "postgresql":
        events = [{k: r[k] for k in EVENT_KEYS[1:]} for r in rows]
        params.update(events=events, created_at=now())
        stored = len(conn.execute(_at_once(columns, ban), params).all()) == len(rows)
    else:
        stored = conn.execute(_compare_and_set(columns, ban), params).rowcount == 1
        if stored:
            conn.execute(_INSERT_EVENTS, list(rows))
    if stored:
        return
    if ban:
        who = select(User.id).where(*_banned())
        if conn.execute(who, {"acting_user": banned_check}).scalar() is not None:
            raise BannedPlayer
    raise StaleGame(game_id)
