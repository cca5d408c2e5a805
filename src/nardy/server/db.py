"""Database tables (SQLAlchemy 2) and the engine; the schema is created by Alembic."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    false,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> datetime:
    """The current time, UTC."""
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """A stored time with its zone: SQLite hands back naive datetimes, and every time
    the club stores is UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class User(Base):
    """A player: a guest (no username) or an account with a password."""

    __tablename__ = "users"
    __table_args__ = (Index("uq_users_name_key", "name_key", unique=True),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    #: The username's skeleton (``nardy.server.names.skeleton``): confusable names clash.
    name_key: Mapped[str | None] = mapped_column(String(160))
    display_name: Mapped[str] = mapped_column(String(40))
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: May hide chat messages and ban (``nardy admin moderator``).
    moderator: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Set while the user is banned: no play, no chat.
    banned_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: A moderator's mute: no chat until then (play goes on); past or None, none.
    muted_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: The account's settings (auto-roll, auto-play, sounds, ...); None: the defaults.
    settings: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: Set when the member closed his account: no login, no profile, off every list;
    #: his name stays taken and his finished games keep it.
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class Session(Base):
    """A login session; only the SHA-256 of the cookie token is stored."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: Last use (kept to the hour); idle guests' sessions expire by it.
    last_seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameRow(Base):
    """One game or match's metadata; its moves are the rows of ``events``.

    ``match_length`` 0 is one money game; 1..25 a match to that many points, whose
    games follow one another under the same id (RULES.md C-4)."""

    __tablename__ = "games"
    # the games to watch: the latest active ones (nardy.server.matchmaking.watch_view)
    __table_args__ = (Index("ix_games_status_updated", "status", "updated_at"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    mode: Mapped[str] = mapped_column(String(16))  # computer | local | friend
    level: Mapped[str | None] = mapped_column(String(20))
    creator_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    #: The friend who joined by invite (friend games only).
    opponent_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    #: The creator's colour, fixed by the opening toss (None before it).
    creator_color: Mapped[str | None] = mapped_column(String(5))
    invite_token: Mapped[str | None] = mapped_column(String(40), unique=True)
    server_seed: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    client_seed: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[str] = mapped_column(String(10))  # waiting | active | over
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    match_length: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: Match rules: {"crawford": bool, "cube": CubeRules JSON}; None: the defaults.
    match_rules: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: The score [creator, opponent] after the finished games.
    score: Mapped[list[float] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    #: A club game that changes the players' ratings.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The clock: its settings and the reserves left; None: no clock.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    #: When the player to act loses on time (kept so that a restart enforces it).
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), index=True)
    #: The number of its last stored event: a change is stored only where it still
    #: holds what the process had in memory (compare and set, one statement).
    last_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class EventRow(Base):
    """A numbered event of a game (``seq`` counts from 1 within the game)."""

    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    by: Mapped[str | None] = mapped_column(String(5))  # colour that caused it, if any
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Rating(Base):
    """A member's Glicko-2 rating in one pool (``long``, ``short``, ...)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_pool_rating", "pool", "rating"),)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RatingHistory(Base):
    """A rating after a rated match (the profile's graph)."""

    __tablename__ = "rating_history"
    __table_args__ = (Index("ix_rating_history_user_pool", "user_id", "pool", "at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    pool: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    delta: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Review(Base):
    """A finished game's review at one depth, kept: a review costs seconds of the
    computer's time, and the profile's error rate averages the stored ones. ``records``
    is how many games of the match it covers; ``players`` the per-player summary the
    profile reads without loading the whole review."""

    __tablename__ = "reviews"
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    plies: Mapped[int] = mapped_column(Integer, primary_key=True)
    records: Mapped[int] = mapped_column(Integer)
    players: Mapped[dict[str, Any]] = mapped_column(JSON)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatMessage(Base):
    """A chat line: ``channel`` is ``lobby``, ``game:<id>`` (the two players) or
    ``watch:<id>`` (the spectators)."""

    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_channel", "channel", "id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(40))
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    text: Mapped[str] = mapped_column(Text)
    #: Hidden by a moderator.
    hidden: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatReport(Base):
    """A member reported a chat message (once per message and member), for a reason
    (``nardy.server.chat.REPORT_REASONS``); open until a moderator handles it."""

    __tablename__ = "chat_reports"
    __table_args__ = (UniqueConstraint("message_id", "reporter_id", name="uq_chat_report"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(ForeignKey("chat_messages.id", ondelete="CASCADE"))
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    reason: Mapped[str] = mapped_column(String(16), default="other", server_default="other")
    #: When a moderator handled it (dismissed or acted on; the log says which).
    handled_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    handled_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))


class ModerationEntry(Base):
    """One line of the moderation log (``nardy.server.moderation``): who (a moderator)
    did what (``action``: ban, unban, mute, unmute, dismiss, act-on) to whom, when, with
    the words he typed (``note``) and what it concerned (``detail``: a mute's length, a
    report's message)."""

    __tablename__ = "moderation_log"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    moderator_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    target_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    action: Mapped[str] = mapped_column(String(16))
    note: Mapped[str | None] = mapped_column(Text)
    detail: Mapped[dict[str, Any] | None] = mapped_column(JSON)


class _UserToUser:
    """The columns of a one-way relation between two members (who, to whom, since)."""

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    other_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Follow(_UserToUser, Base):
    """``user_id`` follows ``other_id`` (a friend: presence, direct challenges)."""

    __tablename__ = "follows"


class Block(_UserToUser, Base):
    """``user_id`` blocked ``other_id``: no chat from them, no challenges."""

    __tablename__ = "blocks"


class Tournament(Base):
    """A tournament of the club (``nardy.server.tournaments``): its terms, and its
    state; the entries and matches are rows of their own, and every pairing is
    derived again from them (``tournament_formats``)."""

    __tablename__ = "tournaments"
    __table_args__ = (Index("ix_tournaments_status", "status", "starts_at"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    #: knockout | sitngo | swiss | roundrobin
    format: Mapped[str] = mapped_column(String(12))
    variant: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: The match length of each round (the last one repeats for later rounds).
    lengths: Mapped[list[int]] = mapped_column(JSON)
    #: The lobby's clock name (``nardy.server.lobby.CLOCKS``).
    clock: Mapped[str] = mapped_column(String(16), default="none")
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    #: A private tournament's invitation (None for a public one).
    invite_token: Mapped[str | None] = mapped_column(String(40), unique=True)
    creator_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    #: The most players (a sit-and-go starts when it is full).
    size: Mapped[int] = mapped_column(Integer)
    #: Swiss rounds (the other formats: derived from the field at the start).
    rounds: Mapped[int | None] = mapped_column(Integer)
    #: registering | running | over
    status: Mapped[str] = mapped_column(String(12), default="registering")
    #: A scheduled start (None: a sit-and-go, started when full).
    starts_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    #: Seconds from a round's start within which each player must act in his game.
    no_show: Mapped[int] = mapped_column(Integer, default=300, server_default="300")
    #: The final result: {"winner": entry id, "places": [[entry id, place], ...]}.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TournamentEntry(Base):
    """A player of a tournament: a member (``user_id``) or the computer (``level``)."""

    __tablename__ = "tournament_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "user_id", name="uq_tournament_user"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    #: The computer's level, for a computer player (``user_id`` None).
    level: Mapped[str | None] = mapped_column(String(20))
    #: The rating seeded by (fixed at the start) and the seed (1 = the best).
    rating: Mapped[float | None] = mapped_column(Float)
    seed: Mapped[int | None] = mapped_column(Integer)
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class TournamentMatch(Base):
    """One pairing of a round: two entries and their game, or a bye (``second`` None)."""

    __tablename__ = "tournament_matches"
    __table_args__ = (
        UniqueConstraint("tournament_id", "round", "slot", name="uq_tournament_slot"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), index=True
    )
    round: Mapped[int] = mapped_column(Integer)
    slot: Mapped[int] = mapped_column(Integer)
    first_id: Mapped[int] = mapped_column(ForeignKey("tournament_entries.id"))
    second_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_entries.id"))
    game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id", ondelete="SET NULL"), index=True
    )
    winner_id: Mapped[int | None] = mapped_column(ForeignKey("tournament_entries.id"))
    #: Why it was decided without a finished game: bye | withdrawn | no-show | computers
    forfeit: Mapped[str | None] = mapped_column(String(16))
    #: The no-show deadline: by then each player must have acted in the game.
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def normalize_url(url: str) -> str:
    """Accept ``postgresql://`` URLs and use the psycopg 3 driver for them."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


def shown_url(url: str) -> str:
    """``url`` fit for a message or a log: its password starred out."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(normalize_url(url)).render_as_string(hide_password=True)
    except ArgumentError:  # not a URL: what follows the credentials, if any
        return url.rsplit("@", 1)[-1]


def open_failure(url: str, exc: BaseException) -> str:
    """One line saying that the database at ``url`` could not be opened and why (the
    driver's message, such as a refused password; the password itself left out): what
    ``nardy serve`` and ``nardy admin`` print instead of a page of traceback."""
    why = " ".join(line.strip() for line in str(getattr(exc, "orig", exc)).splitlines())
    return f"could not open the database {shown_url(url)}: {why or type(exc).__name__}"


#: The worker threads a request may use at once: anyio's default thread limiter, which
#: ``to_thread.run_sync`` draws on. The connection pool holds as many connections, so
#: no request opens one of its own (and PostgreSQL sees a steady set).
WORKER_THREADS = 40
#: Connections beyond the pool for threads outside the limiter (the SQLite writer,
#: migrations); closed again when returned.
POOL_OVERFLOW = 8
#: How long a SQLite connection waits for another's write lock before giving up (s).
#: Game writes never wait (one writer thread, ``nardy.server.writer``); account writes
#: and that thread take turns through it.
SQLITE_BUSY_TIMEOUT = 30.0
#: Execution option naming how a SQLite transaction begins ("IMMEDIATE": with the write
#: lock, so that it can never fail on upgrading a read lock later).
SQLITE_BEGIN = "nardy_sqlite_begin"
#: A pooled PostgreSQL connection left unused this long (s) is pinged before it is
#: handed out, and replaced if the server has dropped it (a restart, an idle timeout).
PING_IDLE_AFTER = 10.0
#: Where a pooled connection's record keeps when it was last given back.
_RETURNED_AT = "nardy_returned_at"


def make_engine(
    url: str,
    *,
    ping_idle_after: float = PING_IDLE_AFTER,
    clock: Callable[[], float] = time.monotonic,
) -> Engine:
    """An engine for ``url`` with a pool of ``WORKER_THREADS`` connections.

    SQLite gets WAL (readers never block the writer), ``synchronous=NORMAL`` (in WAL
    mode a commit survives the process being killed; only an OS crash may lose the
    latest ones), foreign keys, and transactions begun by SQLAlchemy itself (plain
    ``BEGIN``, or ``BEGIN IMMEDIATE`` on connections with the ``SQLITE_BEGIN``
    option) instead of by the sqlite3 module."""
    url = normalize_url(url)
    pool: dict[str, Any] = {"pool_size": WORKER_THREADS, "max_overflow": POOL_OVERFLOW}
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT},
            **pool,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # no implicit BEGIN: see _sqlite_begin
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            mode = conn.get_execution_options().get(SQLITE_BEGIN, "")
            conn.exec_driver_sql(f"BEGIN {mode}".strip())

        return engine
    # The pool hands out the connection given back last (LIFO), so that a busy server
    # keeps reusing a few warm connections and the rest stay idle. Only one idle for
    # ``ping_idle_after`` is pinged first: SQLAlchemy's ``pool_pre_ping`` pinged every
    # checkout, a round trip to the database before each of the one or two of an action
    # (5 % of the server's time at 500 games). A connection dropped while in use fails
    # its statement; SQLAlchemy then retires every connection of the pool made before.
    engine = create_engine(url, pool_use_lifo=True, **pool)

    @event.listens_for(engine, "checkin")
    def _given_back(_dbapi_conn: Any, record: Any) -> None:
        if record is not None:
            record.info[_RETURNED_AT] = clock()

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get(_RETURNED_AT)
        if returned is None or clock() - returned < ping_idle_after:
            return
        try:
            engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as exc:
            # the pool discards this connection and hands out another (a new one)
            raise DisconnectionError("an idle pooled connection was dropped") from exc

    return engine


def one_statement(engine: Engine) -> Engine:
    """``engine`` for work of one statement, a read or a write: on PostgreSQL its
    connections run each statement as its own transaction (psycopg's autocommit), with
    no ``BEGIN`` and ``COMMIT`` or ``ROLLBACK`` round trips around it: one round trip to
    the database where there were three. SQLite's transactions cost no round trip (and
    this module begins them itself): its engine is given back as it is."""
    if engine.dialect.name == "postgresql":
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine


#: The PostgreSQL advisory lock held while the schema is migrated (any constant of the
#: club's own: "nardy" in ASCII).
MIGRATION_LOCK = 0x6E61726479


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest Alembic revision.

    Several processes may do it at once (``nardy serve`` started on two machines, or
    twice by systemd, on a new database): they take turns, the first migrates and the
    others find the schema at head. On PostgreSQL the migration's transaction holds an
    advisory lock (released by its commit or rollback); on SQLite it begins with the
    write lock (``BEGIN IMMEDIATE``), which the next one waits for."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"}).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
