"""Moderators at work in the browser: a ban or its lifting (the same as ``nardy admin
ban``/``unban``, which remain for the club's owner), a chat mute for a while or its
lifting, and the moderation log every one of them writes to.

A moderator bans and mutes members, never another moderator (only the owner, through
the CLI, makes and unmakes moderators and may ban one), and never himself. A ban takes
effect at once: his running games end, each won by his opponent
(``GameService.end_banned_games``), the club reads it on every club action (in the
statement that stores it, ``GameService._step``) and every game made or joined (the
computer's too), the chat on every post; the member keeps his account, finished games
and ratings. A mute stops only his chat (``ChatService._store``) until its time is up;
he plays on.

The log (``moderation_log``) holds who did what to whom and when, with the reason the
moderator typed: bans, mutes, their lifting, and the chat reports handled
(``ChatService.handle``). Moderators read it newest first, a page at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session, aliased, sessionmaker

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import ModerationEntry, User, aware
from nardy.server.names import normalize_name, skeleton
from nardy.server.writer import Writer

#: The longest mute, in hours (30 days: longer is a ban's work).
MAX_MUTE_HOURS = 720
#: The longest reason a moderator types for the log, in characters.
MAX_NOTE = 300
#: Log entries a page holds by default, and at most.
LOG_PAGE = 50
MAX_LOG_PAGE = 100
#: What the log records.
ACTIONS = ("ban", "unban", "mute", "unmute", "dismiss", "act-on")

_MONTHS_RU = (
    "января",
    "февраля",
    "марта",
    "апреля",
    "мая",
    "июня",
    "июля",
    "августа",
    "сентября",
    "октября",
    "ноября",
    "декабря",
)


@dataclass(frozen=True)
class Until:
    """A moment said in a message's language, in UTC (the server does not know the
    reader's zone; the browser shows the ``at`` beside it in his own)."""

    moment: datetime

    def text(self, lang: str) -> str:
        m = self.moment
        if lang == "ru":
            return f"{m.day} {_MONTHS_RU[m.month - 1]} {m.year}, {m:%H:%M} (UTC)"
        return f"{m.day} {m:%B %Y, %H:%M} UTC"

    def __str__(self) -> str:
        return self.text("en")


def muted_error(until: datetime) -> ApiError:
    """The refusal of a muted member's chat post: until when, in his language, and the
    moment itself (``at``, ISO) for the browser to show in the reader's time."""
    until = aware(until)
    return ApiError(403, "muted", "you-are-muted", until=Until(until), at=until.isoformat())


def checked_note(body: Any) -> str | None:
    """The reason a moderator typed for the log (``{"reason": "..."}``, optional): the
    words, trimmed, or None (400 for a value that is not text or too long)."""
    if body is None or body == {}:
        return None
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "body-not-object")
    note = body.get("reason")
    if note is None:
        return None
    if not isinstance(note, str):
        raise ApiError(400, "malformed", "mod-bad-note", max=MAX_NOTE)
    note = " ".join(note.split())
    if len(note) > MAX_NOTE:
        raise ApiError(400, "malformed", "mod-note-too-long", length=len(note), max=MAX_NOTE)
    return note or None


def checked_hours(body: Any) -> int:
    """A mute's length in whole hours (``{"hours": 24}``), 1 to ``MAX_MUTE_HOURS``."""
    hours = body.get("hours") if isinstance(body, dict) else None
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_MUTE_HOURS:
        raise ApiError(400, "malformed", "mod-bad-hours", max=MAX_MUTE_HOURS, value=repr(hours))
    return hours


def log_entry(
    s: Session,
    who: Who,
    target_id: int | None,
    action: str,
    note: str | None,
    detail: dict[str, Any] | None = None,
    *,
    at: datetime,
) -> None:
    """Add one line to the moderation log, in the session of the change it records."""
    s.add(
        ModerationEntry(
            at=at,
            moderator_id=who.user_id,
            target_id=target_id,
            action=action,
            note=note,
            detail=detail,
        )
    )


@dataclass(frozen=True)
class Target:
    """The member a moderator acts on."""

    user_id: int
    shown: str
    banned: bool
    muted_until: datetime | None


def require_moderator(who: Who | None) -> Who:
    """``who``, a moderator (who is not banned himself); 403 for anyone else."""
    if who is None or not who.moderator:
        raise ApiError(403, "forbidden", "moderators-only")
    return who


def _target(db: sessionmaker[Session], who: Who | None, name: str, verb: str) -> Target:
    """The member called ``name``, refused where ``who`` may not act on him (``verb``:
    ``ban`` or ``mute``)."""
    me = require_moderator(who)
    with db() as s:
        row = s.execute(
            select(
                User.id, User.display_name, User.moderator, User.banned_at, User.muted_until
            ).where(User.name_key == skeleton(normalize_name(name)))
        ).first()
    if row is None:
        raise ApiError(404, "not-found", "no-player", name=name)
    user_id, shown, moderator, banned_at, muted_until = row
    if user_id == me.user_id:
        raise ApiError(400, "malformed", f"{verb}-self")
    if moderator:
        raise ApiError(403, "forbidden", f"{verb}-moderator", name=shown)
    until = aware(muted_until) if muted_until is not None else None
    return Target(int(user_id), str(shown), banned_at is not None, until)


def set_ban(
    db: sessionmaker[Session],
    writer: Writer,
    clock: Callable[[], datetime],
    who: Who | None,
    name: str,
    banned: bool,
    note: str | None = None,
) -> tuple[int, str]:
    """``who`` (a moderator) bans (``banned``) or lifts the ban of the member called
    ``name``, logged with ``note``; returns his user id and display name. Each refusal
    changes nothing."""
    target = _target(db, who, name, "ban")
    assert who is not None
    if target.banned == banned:
        raise ApiError(
            409, "conflict", "already-banned" if banned else "not-banned", name=target.shown
        )
    at = clock()

    def write(s: Session) -> None:
        s.execute(
            update(User).where(User.id == target.user_id).values(banned_at=at if banned else None)
        )
        log_entry(s, who, target.user_id, "ban" if banned else "unban", note, at=at)

    writer.session(write)
    return target.user_id, target.shown


def set_mute(
    db: sessionmaker[Session],
    writer: Writer,
    clock: Callable[[], datetime],
    who: Who | None,
    name: str,
    hours: int | None,
    note: str | None = None,
) -> tuple[int, str, datetime | None]:
    """``who`` (a moderator) mutes the member called ``name`` in the chat for ``hours``
    (a mute already running is replaced: lengthened or shortened), or lifts his mute
    (``hours`` None), logged with ``note``; returns his user id, display name and the
    mute's end (None: lifted)."""
    target = _target(db, who, name, "mute")
    assert who is not None
    at = clock()
    muted = target.muted_until is not None and target.muted_until > at
    if hours is None and not muted:
        raise ApiError(409, "conflict", "not-muted", name=target.shown)
    until = at + timedelta(hours=hours) if hours is not None else None

    def write(s: Session) -> None:
        s.execute(update(User).where(User.id == target.user_id).values(muted_until=until))
        if until is None:
            log_entry(s, who, target.user_id, "unmute", note, at=at)
        else:
            detail = {"hours": hours, "until": until.isoformat()}
            log_entry(s, who, target.user_id, "mute", note, detail, at=at)

    writer.session(write)
    return target.user_id, target.shown, until


def read_log(db: sessionmaker[Session], who: Who | None, page: int, size: int) -> dict[str, Any]:
    """A page of the moderation log, newest first (moderators only): each entry with
    when, who, whom (names, and usernames for their profiles), what, the reason typed
    and the detail; ``more``: whether older entries follow."""
    require_moderator(who)
    moderator, target = aliased(User), aliased(User)
    with db() as s:
        rows = s.execute(
            select(
                ModerationEntry,
                moderator.display_name,
                moderator.username,
                target.display_name,
                target.username,
            )
            .outerjoin(moderator, moderator.id == ModerationEntry.moderator_id)
            .outerjoin(target, target.id == ModerationEntry.target_id)
            .order_by(ModerationEntry.id.desc())
            .offset(page * size)
            .limit(size + 1)
        ).all()
    entries = [
        {
            "id": e.id,
            "at": aware(e.at).isoformat(),
            "action": e.action,
            "moderator": mod_name,
            "moderator_username": mod_username,
            "target": target_name,
            "target_username": target_username,
            "note": e.note,
            "detail": e.detail,
        }
        for e, mod_name, mod_username, target_name, target_username in rows[:size]
    ]
    return {"entries": entries, "page": page, "size": size, "more": len(rows) > size}
