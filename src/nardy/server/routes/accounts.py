"""Sessions and accounts: the session, register, login, logout, the profile."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, Field, StrictStr

from nardy.server.api_error import ApiError
from nardy.server.auth import SESSION_COOKIE, Accounts, Who, new_token
from nardy.server.db import User
from nardy.server.deps import (
    AccountsDep,
    Actor,
    CheckedUser,
    ComputerDep,
    DbDep,
    GamesDep,
    MaybeUser,
    SettingsDep,
    anonymous_csrf,
    clear_session_cookie,
    client_address,
    set_anonymous_cookie,
    set_session_cookies,
)
from nardy.server.game_specs import account_settings
from nardy.server.history import dice_stats, game_history
from nardy.server.matchmaking import Lobby
from nardy.server.schemas import ClosingBody, Credentials, PasswordChange
from nardy.variants import OPTION_VALUES, VARIANTS, Variant

router = APIRouter(prefix="/api", tags=["accounts"])

#: An anonymous visitor as the client sees him (no user row until he acts).
ANONYMOUS: dict[str, Any] = {
    "id": None,
    "name": "Guest",
    "username": None,
    "guest": True,
    "moderator": False,
    "banned": False,
}


def user_json(user: Who | None) -> dict[str, Any]:
    """The user as the client sees him."""
    if user is None:
        return dict(ANONYMOUS)
    return {
        "id": user.user_id,
        "name": user.display_name,
        "username": user.username,
        "guest": user.guest,
        "moderator": user.moderator,
        "banned": user.banned,
    }


#: The rule of docs/rules.md each option belongs to: the new-game form names it.
OPTION_RULES: dict[str, str] = {
    "opening": "G-5",
    "head_exception": "L-HEAD-2",
    "block_check": "L-BLOCK",
    "block_release": "L-BLOCK",
    "last_roll_draw": "L-DRAW",
    "draw_score": "L-DRAW",
    "next_starter": "L-4",
    "no_hit_and_hide": "S-6",
    "scoring": "C-2",
    "per_checker_multipliers": "C-2",
    "crazy_moves_per_double": "V-CGUL",
}


@cache
def variant_options(variant: Variant) -> list[dict[str, Any]]:
    """The rule options ``variant`` takes, as the new-game form offers them: each with
    its values, the variant's own (the engine's default) first, and ``needs``, the
    values of another option it only means something with (per_checker_multipliers
    with per-checker scoring, draw_score with the last-roll draw), or None. Read from
    the engine (``Variant.refusal``), not written twice."""
    taken = [name for name in OPTION_VALUES if variant.refusal(name) is None]
    out = []
    for name, values in OPTION_VALUES.items():
        needs: dict[str, list[Any]] | None = None
        for other in taken:
            if other == name:
                continue
            opens = [
                x
                for x in OPTION_VALUES[other]
                if replace(variant, **{other: x}).refusal(name) is None
            ]
            if opens and len(opens) < len(OPTION_VALUES[other]):
                needs = {other: opens}
        if name not in taken and needs is None:
            continue
        default = getattr(variant, name)
        out.append(
            {
                "name": name,
                "rule": OPTION_RULES.get(name),
                "default": default,
                "values": [default, *(x for x in values if x != default)],
                "needs": needs,
            }
        )
    return out


def _read_settings(accounts: Accounts, user_id: int) -> dict[str, Any] | None:
    with accounts.db() as s:
        user = s.get(User, user_id)
        return None if user is None else user.settings


async def stored_settings(accounts: Accounts, user_id: int) -> dict[str, Any] | None:
    """The settings stored with an account (None: none, or no such account)."""
    return await to_thread.run_sync(_read_settings, accounts, user_id)


@router.get("/session")
async def session(
    request: Request,
    response: Response,
    user: MaybeUser,
    settings: SettingsDep,
    computer: ComputerDep,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """The visitor's user and CSRF token, his settings (a member's browser preferences
    among them: the page applies them in a browser he logs in from), the computer's
    levels and the variants. An anonymous visitor gets a CSRF cookie, and no user is
    stored until he acts."""
    if user is not None:
        csrf = user.csrf
    else:
        csrf = anonymous_csrf(request) or new_token()
        set_anonymous_cookie(response, request, csrf)
    stored = None if user is None else await stored_settings(accounts, user.user_id)
    return {
        "user": user_json(user),
        "csrf": csrf,
        "settings": account_settings(stored),
        "test_mode": settings.test_mode,
        "levels": computer.levels(),
        "variants": [
            {
                "name": v.name,
                "family": v.family,
                "en": v.title_en,
                "ru": v.title_ru,
                # the rule options it takes (the new-game form's "Rule options")
                "options": variant_options(v),
            }
            for v in VARIANTS.values()
        ],
    }


async def _logged_in(
    request: Request, response: Response, accounts: AccountsDep, token: str
) -> dict[str, Any]:
    user = await to_thread.run_sync(accounts.lookup, token)
    assert user is not None
    set_session_cookies(response, request, token, user)
    return {"user": user_json(user), "csrf": user.csrf}


@router.post("/register")
async def register(
    body: Credentials,
    request: Request,
    response: Response,
    user: CheckedUser,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """Make an account (a guest's games become the account's)."""
    if user is not None and not user.guest:
        raise ApiError(409, "logged-in")
    token = await to_thread.run_sync(accounts.register, user, body.username, body.password)
    return await _logged_in(request, response, accounts, token)


@router.post("/login")
async def login(
    body: Credentials,
    request: Request,
    response: Response,
    user: CheckedUser,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """Log in (throttled per account and per address: 429 with Retry-After)."""
    token = await to_thread.run_sync(
        accounts.login, body.username, body.password, client_address(request)
    )
    if user is not None:
        await to_thread.run_sync(accounts.logout, request.cookies.get(SESSION_COOKIE))
    return await _logged_in(request, response, accounts, token)


@router.put("/me/password")
async def change_password(
    body: PasswordChange,
    request: Request,
    response: Response,
    user: CheckedUser,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """A member changes his password: the current one is checked (as a login is, and
    throttled alike), his sessions on other devices end, and this one goes on."""
    if user is None:
        raise ApiError(403, "forbidden", "password-members-only")
    token = await to_thread.run_sync(
        accounts.change_password, user, body.current, body.new, client_address(request)
    )
    return await _logged_in(request, response, accounts, token)


@router.post("/me/close")
async def close_account(
    body: ClosingBody,
    request: Request,
    response: Response,
    user: CheckedUser,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """Close the member's account (``Accounts.close``), given his password: he is
    logged out everywhere, his seeks leave the lobby, and this visitor is anonymous
    again (with a new CSRF token)."""
    if user is None:
        raise ApiError(403, "forbidden", "password-members-only")
    await to_thread.run_sync(accounts.close, user, body.password, client_address(request))
    lobby: Lobby = request.app.state.lobby
    await lobby.withdraw_all(user.user_id)
    return _anonymous(request, response)


@router.post("/me/logout-others")
async def logout_others(
    request: Request, user: CheckedUser, accounts: AccountsDep
) -> dict[str, Any]:
    """End the user's sessions on his other devices; this one goes on. ``ended``: how
    many ended."""
    if user is None:
        raise ApiError(403, "forbidden", "lobby-no-session")
    ended = await to_thread.run_sync(
        accounts.end_other_sessions, user, request.cookies.get(SESSION_COOKIE)
    )
    return {"ended": ended}


@router.post("/logout")
async def logout(
    request: Request,
    response: Response,
    user: CheckedUser,
    accounts: AccountsDep,
) -> dict[str, Any]:
    """End the session; the visitor is anonymous again (with a new CSRF token)."""
    await to_thread.run_sync(accounts.logout, request.cookies.get(SESSION_COOKIE))
    return _anonymous(request, response)


def _anonymous(request: Request, response: Response) -> dict[str, Any]:
    """The answer to a visitor whose session just ended: its cookie cleared, a new
    anonymous CSRF token."""
    clear_session_cookie(response, request)
    csrf = new_token()
    set_anonymous_cookie(response, request, csrf)
    return {"user": user_json(None), "csrf": csrf}


@router.get("/me")
async def me(user: MaybeUser, db: DbDep) -> dict[str, Any]:
    """The visitor and his games, newest first."""
    games = [] if user is None else await to_thread.run_sync(game_history, db, user.user_id)
    return {"user": user_json(user), "games": games}


class NewName(BaseModel):
    """The name a guest chooses (``PUT /api/me/name``)."""

    name: StrictStr = Field(max_length=200)


@router.put("/me/name")
async def rename(
    body: NewName, user: Actor, accounts: AccountsDep, games: GamesDep
) -> dict[str, Any]:
    """A guest chooses the name the others see (an anonymous visitor becomes a guest
    for it); 400 for a bad or reserved name, 409 for one like a member's, 429 past the
    limit. His games in play show it at once."""
    name = await to_thread.run_sync(accounts.rename, user, body.name)
    await games.renamed(user.user_id, name)
    return {"user": {**user_json(user), "name": name}}


@router.get("/me/dice-stats")
async def my_dice(user: MaybeUser, db: DbDep) -> dict[str, Any]:
    """The statistics of the visitor's own dice rolls."""
    uid = None if user is None else user.user_id
    stats = await to_thread.run_sync(dice_stats, db, uid)
    return {"user": user_json(user)["name"], **stats}


@router.get("/users/{name}/dice-stats")
async def user_dice(name: str, accounts: AccountsDep, db: DbDep) -> dict[str, Any]:
    """The statistics of a player's own dice rolls."""
    account = await to_thread.run_sync(accounts.user_by_name, name)
    if account is None:
        raise ApiError(404, "not-found", "no-player", name=name)
    stats = await to_thread.run_sync(dice_stats, db, account.id)
    return {"user": account.display_name, **stats}
