"""Players: public profiles, leaderboards, and the account's settings."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Body, Query

from nardy.server.api_error import ApiError
from nardy.server.db import User
from nardy.server.deps import AccountsDep, Actor, CheckedUser, DbDep, GamesDep, MaybeUser
from nardy.server.game_specs import account_settings, checked_settings
from nardy.server.moderation import set_ban
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


@router.post("/players/{name}/ban")
async def ban(name: str, user: CheckedUser, games: GamesDep) -> dict[str, Any]:
    """A moderator bans the member: his running games are lost at once, then no club
    play, no chat, off the leaderboard."""
    user_id, shown = await to_thread.run_sync(
        set_ban, games.db, games.writer, user, name[:40], True
    )
    await games.end_banned_games(user_id)
    return {"name": shown, "banned": True}


@router.post("/players/{name}/unban")
async def unban(name: str, user: CheckedUser, games: GamesDep) -> dict[str, Any]:
    """A moderator lifts the member's ban."""
    _, shown = await to_thread.run_sync(set_ban, games.db, games.writer, user, name[:40], False)
    return {"name": shown, "banned": False}
