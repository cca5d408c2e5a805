"""Players: public profiles, leaderboards, and the account's play settings."""

from __future__ import annotations

from typing import Annotated, Any

from anyio import to_thread
from fastapi import APIRouter, Body, Query

from nardy.server.api_error import ApiError
from nardy.server.auth import Accounts
from nardy.server.db import User
from nardy.server.deps import AccountsDep, Actor, CheckedUser, DbDep, GamesDep, MaybeUser
from nardy.server.game_specs import PLAY_SETTINGS, play_settings
from nardy.server.moderation import set_ban
from nardy.server.profiles import MAX_PAGE_SIZE, PAGE_SIZE, FilterError, leaderboard, profile
from nardy.server.ratings import POOLS

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


def _stored_settings(accounts: Accounts, user_id: int) -> dict[str, Any] | None:
    with accounts.db() as s:
        user = s.get(User, user_id)
        return None if user is None else user.settings


@router.get("/me/settings")
async def my_settings(user: MaybeUser, accounts: AccountsDep) -> dict[str, Any]:
    """The visitor's play settings (the defaults for an anonymous visitor)."""
    stored = (
        None if user is None else await to_thread.run_sync(_stored_settings, accounts, user.user_id)
    )
    return {"settings": play_settings(stored)}


@router.put("/me/settings")
async def put_settings(
    user: Actor, accounts: AccountsDep, games: GamesDep, body: SettingsBody = None
) -> dict[str, Any]:
    """Change play settings: ``{"auto_roll": bool, "auto_play": bool}`` (either or
    both); they apply to the player's games at once."""
    if (
        not isinstance(body, dict)
        or not body
        or set(body) - set(PLAY_SETTINGS)
        or not all(isinstance(v, bool) for v in body.values())
    ):
        raise ApiError(400, "malformed", "bad-settings", known=", ".join(PLAY_SETTINGS))

    def write(s: Any) -> dict[str, Any]:
        row = s.get(User, user.user_id)
        stored = {**(row.settings or {}), **body}
        row.settings = stored
        return stored

    stored = await to_thread.run_sync(accounts.writer.session, write)
    games.apply_settings(user.user_id, stored)
    return {"settings": play_settings(stored)}


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
