"""Accounts and sessions: guests, username + password (argon2), cookies, CSRF tokens."""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as OrmSession
from sqlalchemy.orm import sessionmaker

from nardy.server.db import Session, User
from nardy.server.service import ApiError
from nardy.server.writer import Writer

SESSION_COOKIE = "nardy_session"
CSRF_COOKIE = "nardy_csrf"
CSRF_HEADER = "x-csrf-token"
USERNAME = re.compile(r"^[\w.-]{3,30}$")
MIN_PASSWORD = 8


@dataclass(frozen=True)
class Who:
    """The user behind a request's session."""

    user_id: int
    username: str | None
    display_name: str
    csrf: str

    @property
    def guest(self) -> bool:
        """True for a guest (no account yet)."""
        return self.username is None


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """Users and sessions in the database."""

    def __init__(self, db: sessionmaker[OrmSession], writer: Writer) -> None:
        self.db = db  # reads
        self.writer = writer  # writes (one at a time on SQLite)
        self.hasher = PasswordHasher()

    def lookup(self, token: str | None) -> Who | None:
        """The session's user, or None for a missing or unknown token."""
        if not token or len(token) > 100:
            return None
        with self.db() as s:  # (every request asks: one query, no ORM objects)
            row = s.execute(
                select(User.id, User.username, User.display_name, Session.csrf)
                .join(Session, Session.user_id == User.id)
                .where(Session.token_hash == _hash(token))
            ).first()
        return None if row is None else Who(*row)

    def _new_session(self, s, user_id: int) -> str:  # type: ignore[no-untyped-def]
        token = secrets.token_urlsafe(32)
        s.add(Session(token_hash=_hash(token), user_id=user_id, csrf=secrets.token_urlsafe(24)))
        return token

    def new_guest(self) -> str:
        """A new guest user with a session; returns the session token."""

        def write(s: OrmSession) -> str:
            user = User(username=None, display_name="", password_hash=None)
            s.add(user)
            s.flush()
            user.display_name = f"Guest-{user.id}"
            return self._new_session(s, user.id)

        return self.writer.session(write)

    def register(self, who: Who | None, username: str, password: str) -> str:
        """Make an account; a guest's games stay his. Returns a new session token."""
        self._check_credentials(username, password)
        digest = self.hasher.hash(password)

        def write(s: OrmSession) -> str:
            user = s.get(User, who.user_id) if who and who.guest else None
            if user is None:
                user = User(username=username, display_name=username, password_hash=digest)
                s.add(user)
            else:
                user.username = username
                user.display_name = username
                user.password_hash = digest
            s.flush()
            if who is not None:
                s.execute(delete(Session).where(Session.user_id == who.user_id))
            return self._new_session(s, user.id)

        try:
            return self.writer.session(write)
        except IntegrityError:
            raise ApiError(409, "username-taken", f"the name {username!r} is taken") from None

    def login(self, username: str, password: str) -> str:
        """Check the password; returns a new session token."""
        if not isinstance(username, str) or not isinstance(password, str):
            raise ApiError(400, "malformed", "username and password are text")
        with self.db() as s:
            user = s.scalar(select(User).where(User.username == username))
        ok = False
        if user is not None and user.password_hash:
            try:
                ok = self.hasher.verify(user.password_hash, password)
            except (VerificationError, InvalidHashError):
                ok = False
        if not ok or user is None:
            raise ApiError(401, "bad-login", "wrong username or password")
        rehash = None  # (hashing stays outside the write transaction)
        if self.hasher.check_needs_rehash(user.password_hash or ""):
            rehash = self.hasher.hash(password)
        uid = user.id

        def write(s: OrmSession) -> str:
            if rehash is not None:
                s.execute(update(User).where(User.id == uid).values(password_hash=rehash))
            return self._new_session(s, uid)

        return self.writer.session(write)

    def logout(self, token: str | None) -> None:
        """End the session."""
        if not token:
            return
        digest = _hash(token)
        self.writer.session(
            lambda s: s.execute(delete(Session).where(Session.token_hash == digest))
        )

    def user_by_name(self, username: str) -> User | None:
        """The account called ``username``."""
        with self.db() as s:
            user: User | None = s.scalar(select(User).where(User.username == username))
            return user

    @staticmethod
    def _check_credentials(username: object, password: object) -> None:
        if not isinstance(username, str) or not USERNAME.match(username):
            raise ApiError(
                400, "bad-username", "a username is 3-30 letters, digits, '.', '-' or '_'"
            )
        if not isinstance(password, str) or len(password) < MIN_PASSWORD:
            raise ApiError(
                400, "bad-password", f"a password has at least {MIN_PASSWORD} characters"
            )
        if len(password) > 1000:
            raise ApiError(400, "bad-password", "the password is too long")
