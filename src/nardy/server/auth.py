"""Accounts and sessions: guests, username + password (argon2), cookies, CSRF tokens.

A visitor is anonymous until he first does something that needs a user (a game, a
join, an action): only then is a guest user made, with a session whose CSRF token is
the one the anonymous visitor already holds (``nardy_csrf``, a double-submit cookie),
so reading the site creates no rows. Guests are limited per address, and an idle
guest's session expires (``expire_guests`` removes it, and the guest too when he has
no games). Logins are throttled per account and per address, and an unknown name costs
the same argon2 verification as a wrong password (no account enumeration by timing)."""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, cast

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import CursorResult, Result, bindparam, delete, exists, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from nardy.server.api_error import ApiError
from nardy.server.db import (
    Block,
    Follow,
    GameRow,
    Session,
    Tournament,
    TournamentEntry,
    User,
    aware,
    now,
    one_statement,
)
from nardy.server.game_specs import HUMAN_MODES
from nardy.server.names import guest_name, looks_like_guest_name, normalize_name, skeleton
from nardy.server.throttle import Throttle, Throttled
from nardy.server.writer import Writer

log = logging.getLogger(__name__)

SESSION_COOKIE = "nardy_session"
CSRF_COOKIE = "nardy_csrf"
CSRF_HEADER = "x-csrf-token"
USERNAME = re.compile(r"^[\w.-]{3,30}$")
MIN_PASSWORD = 8
#: The longest password taken (argon2 would hash more, at a cost for nothing).
MAX_PASSWORD = 1000
#: A session's last use is written at most this often (not on every request).
TOUCH_EVERY = timedelta(hours=1)
#: A well-formed token (session or CSRF): what ``secrets.token_urlsafe`` makes.
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,100}$")

Clock = Callable[[], datetime]

#: Names of the throttled limits (their rates are in ``Settings``).
GUEST_LIMIT = "guest-per-ip"
LOGIN_ACCOUNT_LIMIT = "login-per-account"
LOGIN_IP_LIMIT = "login-per-ip"
NAME_LIMIT = "name-per-user"
#: A guest's name changes (``limits`` notation): enough to fix a typo, too few to
#: flood the others' screens with names.
NAME_RATE = "10 per hour"


@dataclass(frozen=True)
class Who:
    """The user behind a request's session."""

    user_id: int
    username: str | None
    display_name: str
    csrf: str
    #: A moderator who is not banned himself (hides chat messages, bans members).
    moderator: bool = False
    #: Banned by a moderator (his pages say so; the club refuses his play and chat).
    banned: bool = False

    @property
    def guest(self) -> bool:
        """True for a guest (no account yet)."""
        return self.username is None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _count(result: Result[Any]) -> int:
    """The rows a DELETE touched."""
    return int(cast(CursorResult[Any], result).rowcount)


def new_token() -> str:
    """A fresh random token (sessions, CSRF)."""
    return secrets.token_urlsafe(24)


#: A session's user, by the SHA-256 of its token: built once, so that SQLAlchemy finds
#: its compiled form by the object's remembered cache key.
_LOOKUP = (
    select(
        User.id,
        User.username,
        User.display_name,
        Session.csrf,
        Session.last_seen_at,
        User.moderator,
        User.banned_at,
    )
    .join(Session, Session.user_id == User.id)
    .where(Session.token_hash == bindparam("digest"))
)


class Accounts:
    """Users and sessions in the database."""

    def __init__(
        self,
        db: sessionmaker[DbSession],
        writer: Writer,
        throttle: Throttle,
        *,
        guest_idle: timedelta = timedelta(days=30),
        clock: Clock = now,
        hasher: PasswordHasher | None = None,
    ) -> None:
        self.db = db  # reads
        #: The session lookup of every request: one statement, and on PostgreSQL one
        #: round trip (``one_statement``).
        self._lookups = one_statement(db.kw["bind"])
        self.writer = writer  # writes (one at a time on SQLite)
        self.throttle = throttle
        self.guest_idle = guest_idle
        self.clock = clock
        self.hasher = hasher if hasher is not None else PasswordHasher()
        self._dummy_hash: str | None = None

    def lookup(self, token: str | None) -> Who | None:
        """The session's user, or None for a missing, unknown or expired token."""
        if not token or not TOKEN.match(token):
            return None
        moment = self.clock()
        digest = _hash(token)
        with self._lookups.connect() as conn:  # (every request asks: one query, no ORM)
            row = conn.execute(_LOOKUP, {"digest": digest}).first()
        if row is None:
            return None
        user_id, username, display_name, csrf, last_seen, moderator, banned_at = row
        seen = aware(last_seen)
        if username is None and moment - seen > self.guest_idle:
            return None
        if moment - seen > TOUCH_EVERY:
            self.writer.session(
                lambda s: s.execute(
                    update(Session).where(Session.token_hash == digest).values(last_seen_at=moment)
                )
            )
        banned = banned_at is not None
        return Who(user_id, username, display_name, csrf, bool(moderator) and not banned, banned)

    def _new_session(self, s: DbSession, user_id: int, csrf: str | None = None) -> str:
        token = new_token()
        moment = self.clock()
        s.add(
            Session(
                token_hash=_hash(token),
                user_id=user_id,
                csrf=csrf or new_token(),
                created_at=moment,
                last_seen_at=moment,
            )
        )
        return token

    def new_guest(self, csrf: str, address: str) -> str:
        """A new guest user with a session bound to the visitor's CSRF token; returns
        the session token. At most ``GUEST_LIMIT`` guests per address."""
        wait = self.throttle.retry_after(GUEST_LIMIT, address)
        if wait is not None:
            log.info("guest creation throttled for %s", address)
            raise Throttled("too-many-guests", wait)
        self.throttle.hit(GUEST_LIMIT, address)

        def write(s: DbSession) -> str:
            user = User(username=None, display_name="", password_hash=None)
            s.add(user)
            s.flush()
            user.display_name = guest_name(user.id)
            return self._new_session(s, user.id, csrf)

        return self.writer.session(write)

    def register(self, who: Who | None, username: str, password: str) -> str:
        """Make an account; a guest's games stay his. Returns a new session token."""
        username = normalize_name(username)
        self._check_credentials(username, password)
        key = skeleton(username)
        with self.db() as s:
            clash = s.scalar(select(User.username).where(User.name_key == key))
        if clash is not None:
            raise self._taken(username, clash)
        digest = self.hasher.hash(password)

        def write(s: DbSession) -> str:
            user = s.get(User, who.user_id) if who and who.guest else None
            if user is None:
                user = User(username=username, display_name=username, password_hash=digest)
                s.add(user)
            else:
                user.username = username
                user.display_name = username
                user.password_hash = digest
            user.name_key = key
            s.flush()
            if who is not None:
                s.execute(delete(Session).where(Session.user_id == who.user_id))
            return self._new_session(s, user.id)

        try:
            return self.writer.session(write)
        except IntegrityError:  # the same name registered meanwhile
            raise self._taken(username, username) from None

    def rename(self, who: Who, name: str) -> str:
        """A guest chooses the name the others see; returns it. It is checked like a
        username, may not read as a default guest name ("Guest-7") and may not look
        like a member's username (a guest must not pass for a member). Throttled per
        user. A member is called by his username."""
        if not who.guest:
            raise ApiError(409, "forbidden", "name-members-only-username")
        key = str(who.user_id)
        wait = self.throttle.retry_after(NAME_LIMIT, key)
        if wait is not None:
            raise Throttled("too-many-renames", wait)
        name = normalize_name(name)
        self._check_name(name, "bad-name")
        with self.db() as s:
            clash = s.scalar(select(User.username).where(User.name_key == skeleton(name)))
        if clash is not None:
            raise ApiError(409, "name-taken", "name-of-member", name=name, clash=clash)
        self.throttle.hit(NAME_LIMIT, key)
        self.writer.session(
            lambda s: s.execute(
                update(User)
                .where(User.id == who.user_id, User.username.is_(None))
                .values(display_name=name)
            )
        )
        return name

    @staticmethod
    def _check_name(name: str, code: str) -> None:
        if not USERNAME.match(name):
            raise ApiError(400, code)
        if looks_like_guest_name(name):
            raise ApiError(400, "name-reserved", name=name)

    @staticmethod
    def _taken(username: str, clash: str) -> ApiError:
        if clash == username:
            return ApiError(409, "username-taken", name=username)
        return ApiError(409, "username-confusable", name=username, clash=clash)

    def login(self, username: str, password: str, address: str) -> str:
        """Check the password; returns a new session token. Failed attempts are
        counted per account and per address (429 past the limit); an unknown name is
        verified against a dummy hash, so it answers like a wrong password."""
        username = normalize_name(username)
        account = skeleton(username)
        self._check_throttle(address, account)
        with self.db() as s:
            user = s.scalar(select(User).where(User.username == username))
        # argon2 (up to a second) runs outside any transaction; an unknown name costs
        # the same verification, against a hash no password matches
        stored = user.password_hash if user is not None else None
        ok = self._verify(stored or self._dummy(), password)
        if not ok or user is None or stored is None:
            log.info("failed login as %r from %s", username, address)
            self.throttle.hit(LOGIN_IP_LIMIT, address)
            self.throttle.hit(LOGIN_ACCOUNT_LIMIT, account)
            raise ApiError(401, "bad-login")
        self.throttle.clear(LOGIN_ACCOUNT_LIMIT, account)
        rehashed = self.hasher.hash(password) if self.hasher.check_needs_rehash(stored) else None
        uid = user.id

        def write(s: DbSession) -> str:
            if rehashed is not None:
                s.execute(update(User).where(User.id == uid).values(password_hash=rehashed))
            return self._new_session(s, uid)

        return self.writer.session(write)

    def _check_throttle(self, address: str, account: str) -> None:
        """Refuse (429) a password check past the failed attempts allowed per address
        or per account."""
        for limit, key in ((LOGIN_IP_LIMIT, address), (LOGIN_ACCOUNT_LIMIT, account)):
            wait = self.throttle.retry_after(limit, key)
            if wait is not None:
                log.info("login throttled (%s) for %r from %s", limit, account, address)
                raise Throttled("too-many-logins", wait)

    def _check_own_password(self, who: Who, password: str, address: str) -> None:
        """Refuse unless ``password`` is the member ``who``'s own; a wrong one counts as
        a failed login, per account and per address."""
        if who.guest or who.username is None:
            raise ApiError(409, "forbidden", "password-members-only")
        account = skeleton(who.username)
        self._check_throttle(address, account)
        with self.db() as s:
            stored = s.scalar(select(User.password_hash).where(User.id == who.user_id))
        if stored is None or not self._verify(stored, password):
            log.info("wrong password of %r from %s", who.username, address)
            self.throttle.hit(LOGIN_IP_LIMIT, address)
            self.throttle.hit(LOGIN_ACCOUNT_LIMIT, account)
            raise ApiError(403, "bad-password", "password-wrong")

    def close(self, who: Who, password: str, address: str) -> None:
        """The member ``who`` closes his account, given his password: he can no longer
        log in, his profile and ratings leave the club's pages, whom he followed or
        blocked and who followed or blocked him are forgotten, and every session of his
        ends. His name stays taken (nobody may pass for him) and his finished games
        keep it. Refused while a game of his against a person is unfinished, or he is
        entered in a tournament that is not over: those he resigns or leaves first."""
        self._check_own_password(who, password, address)
        uid = who.user_id
        with self.db() as s:
            games = s.scalar(
                select(func.count())
                .select_from(GameRow)
                .where(
                    or_(GameRow.creator_id == uid, GameRow.opponent_id == uid),
                    GameRow.opponent_id.is_not(None),
                    GameRow.mode.in_(HUMAN_MODES),
                    GameRow.status != "over",
                )
            )
            entries = s.scalar(
                select(func.count())
                .select_from(TournamentEntry)
                .join(Tournament, Tournament.id == TournamentEntry.tournament_id)
                .where(
                    TournamentEntry.user_id == uid,
                    TournamentEntry.withdrawn_at.is_(None),
                    Tournament.status != "over",
                )
            )
        if games or entries:
            raise ApiError(409, "unfinished", "close-unfinished", games=games, tournaments=entries)
        moment = self.clock()

        def write(s: DbSession) -> None:
            s.execute(
                update(User)
                .where(User.id == uid)
                .values(closed_at=moment, password_hash=None, settings=None)
            )
            s.execute(delete(Session).where(Session.user_id == uid))
            for table in (Follow, Block):
                s.execute(delete(table).where(or_(table.user_id == uid, table.other_id == uid)))

        self.writer.session(write)

    def change_password(self, who: Who, current: str, new: str, address: str) -> str:
        """A member's new password, given his current one (whose failed checks count as
        failed logins, per account and per address). Every session of his ends, on
        every device, and this one goes on under a new token (a stolen cookie stops
        working); returns that token."""
        self._check_password(new)
        self._check_own_password(who, current, address)
        if new == current:  # (a change that changes nothing would end his other sessions)
            raise ApiError(400, "bad-password", "password-same")
        digest = self.hasher.hash(new)

        def write(s: DbSession) -> str:
            s.execute(update(User).where(User.id == who.user_id).values(password_hash=digest))
            s.execute(delete(Session).where(Session.user_id == who.user_id))
            return self._new_session(s, who.user_id)

        return self.writer.session(write)

    def _verify(self, digest: str, password: str) -> bool:
        try:
            return self.hasher.verify(digest, password)
        except (VerificationError, InvalidHashError):
            return False

    def _dummy(self) -> str:
        # made on first need: hashing costs as much as verifying
        if self._dummy_hash is None:
            self._dummy_hash = self.hasher.hash(secrets.token_urlsafe(16))
        return self._dummy_hash

    def logout(self, token: str | None) -> None:
        """End the session."""
        if not token:
            return
        digest = _hash(token)
        self.writer.session(
            lambda s: s.execute(delete(Session).where(Session.token_hash == digest))
        )

    def end_other_sessions(self, who: Who, token: str | None) -> int:
        """End every session of ``who`` but this one (``token``): a browser he left
        logged in somewhere else. Returns how many ended."""
        keep = _hash(token) if token else ""

        def write(s: DbSession) -> int:
            ended = s.execute(
                delete(Session).where(Session.user_id == who.user_id, Session.token_hash != keep)
            )
            return _count(ended)

        return self.writer.session(write)

    def user_by_name(self, username: str) -> User | None:
        """The account called ``username`` (in any Unicode form of it); None for none,
        or a closed one."""
        with self.db() as s:
            return s.scalar(
                select(User).where(
                    User.username == normalize_name(username), User.closed_at.is_(None)
                )
            )

    def expire_guests(self) -> tuple[int, int]:
        """End the sessions of guests idle longer than ``guest_idle`` and delete those
        guests who have no games left to show (games keep their players). Returns
        (sessions ended, guests deleted)."""
        cutoff = self.clock() - self.guest_idle
        guests = select(User.id).where(User.username.is_(None))

        def write(s: DbSession) -> tuple[int, int]:
            ended = _count(
                s.execute(
                    delete(Session).where(
                        Session.user_id.in_(guests), Session.last_seen_at < cutoff
                    ),
                    execution_options={"synchronize_session": False},
                )
            )
            played = exists().where(
                or_(GameRow.creator_id == User.id, GameRow.opponent_id == User.id)
            )
            active = exists().where(Session.user_id == User.id)
            deleted = _count(
                s.execute(
                    delete(User).where(
                        User.username.is_(None), User.created_at < cutoff, ~played, ~active
                    ),
                    execution_options={"synchronize_session": False},
                )
            )
            return ended, deleted

        ended, deleted = self.writer.session(write)
        log.log(
            logging.INFO if ended or deleted else logging.DEBUG,
            "expired %d idle guest sessions, deleted %d guests",
            ended,
            deleted,
        )
        return ended, deleted

    @staticmethod
    def _check_credentials(username: str, password: str) -> None:
        Accounts._check_name(username, "bad-username")
        Accounts._check_password(password)

    @staticmethod
    def _check_password(password: str) -> None:
        if len(password) < MIN_PASSWORD:
            raise ApiError(400, "bad-password", "password-short", n=MIN_PASSWORD)
        if len(password) > MAX_PASSWORD:
            raise ApiError(400, "bad-password", "password-long")
