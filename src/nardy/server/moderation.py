"""Moderators at work in the browser: a ban or its lifting by a moderator (the same as
``nardy admin ban``/``unban``, which remain for the club's owner).

A moderator bans members, never another moderator (only the owner, through the CLI,
makes and unmakes moderators and may ban one), and never himself. A ban takes effect at
once: his running games end, each won by his opponent
(``GameService.end_banned_games``), the club reads it on every club action (in the
statement that stores it, ``GameService._step``) and every game made or joined, the
chat on every post; the member keeps his account, finished games and ratings.
"""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import User, now
from nardy.server.names import normalize_name
from nardy.server.writer import Writer


def set_ban(
    db: sessionmaker[Session], writer: Writer, who: Who | None, name: str, banned: bool
) -> tuple[int, str]:
    """``who`` (a moderator) bans (``banned``) or lifts the ban of the member called
    ``name``; returns his user id and display name. Each refusal changes nothing."""
    if who is None or not who.moderator:
        raise ApiError(403, "forbidden", "moderators-only")
    with db() as s:
        target = s.execute(
            select(User.id, User.display_name, User.moderator, User.banned_at).where(
                User.username == normalize_name(name)
            )
        ).first()
    if target is None:
        raise ApiError(404, "not-found", "no-player", name=name)
    user_id, shown, moderator, banned_at = target
    if user_id == who.user_id:
        raise ApiError(400, "malformed", "ban-self")
    if moderator:
        raise ApiError(403, "forbidden", "ban-moderator", name=shown)
    if (banned_at is not None) == banned:
        raise ApiError(409, "conflict", "already-banned" if banned else "not-banned", name=shown)
    writer.session(
        lambda s: s.execute(
            update(User).where(User.id == user_id).values(banned_at=now() if banned else None)
        )
    )
    return int(user_id), str(shown)
