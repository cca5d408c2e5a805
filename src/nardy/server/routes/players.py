"""Players: public profiles, leaderboards, the account's settings, and what moderators
do to members (ban, mute: ``nardy.server.moderation``) with its log."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Body, Query, Request

from nardy.server.api_error import ApiError
from nardy.server.chat import user_channel
from nardy.server.db import User
from nardy.server.deps import AccountsDep, Actor, CheckedUser, DbDep, GamesDep, MaybeUser
from nardy.server.game_specs import account_settings, checked_settings
from nardy.server.moderation import (
    LOG_PAGE,
    MAX_LOG_PAGE,
    checked_hours,
    checked_note,
    read_log,
    require_moderator,
    set_ban,
    set_mute,
)
from nardy.server.profiles import MAX_PAGE_SIZE, PAGE_SIZE, FilterError, leaderboard, profile
from nardy.server.ratings import POOLS
from nardy.server.routes.accounts import stored_settings

router = APIRouter(prefix="/api", tags=["players"])
#: Any JSON body: checked here, so that every bad one gets the same clear answer.
SettingsBody = Annotated[Any, Body()]


@router.get("/players/{name}")
async def player(
    name: str,
    accounts: AccountsDep,
    db: DbDep,
    variant: str | None = Query(None, max_length=40),
    result: str | None = Query(None, max_length=10),
    rated: bool | None = None,
    opponent: str | None = Query(None, max_length=40),
    page: int = Query(0, ge=0, le=100_000),
    size: int = Query(PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE),
) -> dict[str, Any]:
    """A member's profile: ratings per pool with their history, his finished games
    (filtered by variant, result ``won``/``lost``, rated, opponent; paginated) and his
    statistics."""
    account = await to_thread.run_sync(accounts.user_by_name, name[:40])
    if account is None:
        raise ApiError(404, "not-found", "no-player", name=name[:40])
    try:
        out: dict[str, Any] = await to_thread.run_sync(
            lambda: profile(
                db,
                account,
                variant=variant,
                result=result,
                rated=rated,
                opponent=opponent,
                page=page,
                size=size,
            )
        )
    except FilterError as exc:
        raise ApiError(
            400,
            "malformed",
            "bad-filter",
            name=exc.name,
            known=", ".join(exc.known),
            value=repr(exc.value),
        ) from None
    return out


@router.get("/leaderboard")
async def leaders(db: DbDep, pool: str = Query("long", max_length=16)) -> dict[str, Any]:
    """The best ratings of a pool (``long`` or ``short``)."""
    if pool not in POOLS:
        raise ApiError(400, "malformed", "bad-pool", known=", ".join(POOLS), value=repr(pool))
    return {"pool": pool, "players": await to_thread.run_sync(leaderboard, db, pool)}


@router.get("/me/settings")
async def my_settings(user: MaybeUser, accounts: AccountsDep) -> dict[str, Any]:
    """The visitor's settings: his play settings (the defaults for an anonymous
    visitor) and the browser's preferences a member has stored."""
    stored = None if user is None else await stored_settings(accounts, user.user_id)
    return {"settings": account_settings(stored)}


@router.put("/me/settings")
async def put_settings(
    user: Actor, accounts: AccountsDep, games: GamesDep, body: SettingsBody = None
) -> dict[str, Any]:
    """Change settings, one or several (``game_specs.SETTING_VALUES``): the play
    settings (``{"auto_roll": false}``) apply to the player's games at once; the
    browser's preferences (``{"theme": "dark"}``) are a member's, kept with his account
    so that they follow him to another browser (a guest's stay in his browser: 403)."""
    change = checked_settings(body, member=not user.guest)

    def write(s: Any) -> dict[str, Any]:
        row = s.get(User, user.user_id)
        stored = {**(row.settings or {}), **change}
        row.settings = stored
        return stored

    stored = await to_thread.run_sync(accounts.writer.session, write)
    games.apply_settings(user.user_id, stored)
    return {"settings": account_settings(stored)}


#: A moderator's optional words for the log: ``{"reason": "..."}`` (checked in
#: ``moderation.checked_note``); a mute's body also holds its ``hours``.
ModBody = Annotated[Any, Body()]


@router.post("/players/{name}/ban")
async def ban(
    name: str, user: CheckedUser, games: GamesDep, body: ModBody = None
) -> dict[str, Any]:
    """A moderator bans the member: his running games are lost at once, then no club
    play (the computer's neither), no chat, off the leaderboard. Logged, with the
    ``reason`` he gives."""
    require_moderator(user)  # (before the body: a member is told he may not, first)
    note = checked_note(body)
    user_id, shown = await to_thread.run_sync(
        set_ban, games.db, games.writer, games.clock, user, name[:40], True, note
    )
    await games.end_banned_games(user_id)
    return {"name": shown, "banned": True}


@router.post("/players/{name}/unban")
async def unban(
    name: str, user: CheckedUser, games: GamesDep, body: ModBody = None
) -> dict[str, Any]:
    """A moderator lifts the member's ban (logged)."""
    require_moderator(user)  # (before the body: a member is told he may not, first)
    note = checked_note(body)
    _, shown = await to_thread.run_sync(
        set_ban, games.db, games.writer, games.clock, user, name[:40], False, note
    )
    return {"name": shown, "banned": False}


@router.post("/players/{name}/mute")
async def mute(
    name: str, request: Request, user: CheckedUser, games: GamesDep, body: ModBody = None
) -> dict[str, Any]:
    """A moderator mutes the member's chat for ``{"hours": N}`` (1 to 720; a mute
    running is replaced), with an optional ``reason`` for the log. He plays on; his
    open chats learn it at once."""
    require_moderator(user)
    hours = checked_hours(body)
    note = checked_note({"reason": body.get("reason")})
    user_id, shown, until = await to_thread.run_sync(
        set_mute, games.db, games.writer, games.clock, user, name[:40], hours, note
    )
    assert until is not None
    at = until.isoformat()
    await request.app.state.chat.delivery.publish(
        user_channel(user_id), {"type": "muted", "until": at}
    )
    return {"name": shown, "muted_until": at}


@router.post("/players/{name}/unmute")
async def unmute(
    name: str, request: Request, user: CheckedUser, games: GamesDep, body: ModBody = None
) -> dict[str, Any]:
    """A moderator lifts the member's mute (logged); his open chats learn it."""
    require_moderator(user)  # (before the body: a member is told he may not, first)
    note = checked_note(body)
    user_id, shown, _ = await to_thread.run_sync(
        set_mute, games.db, games.writer, games.clock, user, name[:40], None, note
    )
    await request.app.state.chat.delivery.publish(user_channel(user_id), {"type": "unmuted"})
    return {"name": shown, "muted_until": None}


@router.get("/moderation/log")
async def moderation_log(
    user: MaybeUser,
    games: GamesDep,
    page: int = Query(0, ge=0, le=100_000),
    size: int = Query(LOG_PAGE, ge=1, le=MAX_LOG_PAGE),
) -> dict[str, Any]:
    """The moderation log, newest first, a page at a time (moderators only)."""
    return await to_thread.run_sync(read_log, games.db, user, page, size)
