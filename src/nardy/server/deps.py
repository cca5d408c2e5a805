"""What the routes depend on (``Depends``): the services kept on ``app.state``, the
user behind a request, the CSRF check, the game named in the path, the cookies."""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Annotated, TypeVar

from anyio import to_thread
from fastapi import Depends, Path, Request, Response
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker
from starlette.requests import HTTPConnection

from nardy.server import logs
from nardy.server.api_error import ApiError
from nardy.server.auth import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, TOKEN, Accounts, Who
from nardy.server.botplayer import Computer
from nardy.server.live import LiveGame
from nardy.server.lobby import LobbyState
from nardy.server.review import DeepReviews
from nardy.server.service import GameService
from nardy.server.settings import Settings
from nardy.server.views import Views

T = TypeVar("T")
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
ACCOUNT_COOKIE_AGE = timedelta(days=365)


def get_settings(conn: HTTPConnection) -> Settings:
    """The server's settings."""
    settings: Settings = conn.app.state.settings
    return settings


def get_games(conn: HTTPConnection) -> GameService:
    """The game service."""
    games: GameService = conn.app.state.games
    return games


def get_accounts(conn: HTTPConnection) -> Accounts:
    """Users and sessions."""
    accounts: Accounts = conn.app.state.accounts
    return accounts


def get_db(conn: HTTPConnection) -> sessionmaker[DbSession]:
    """Database sessions (the read models query through them)."""
    db: sessionmaker[DbSession] = conn.app.state.db
    return db


def get_computer(conn: HTTPConnection) -> Computer:
    """The computer player."""
    computer: Computer = conn.app.state.computer
    return computer


def get_views(conn: HTTPConnection) -> Views:
    """The per-role views of the live games (built once per event number)."""
    views: Views = conn.app.state.views
    return views


def on_loop(read: Callable[[HTTPConnection], T]) -> Callable[[HTTPConnection], Awaitable[T]]:
    """``read`` as a dependency FastAPI calls on the event loop. FastAPI runs a plain
    ``def`` dependency in a worker thread: a thread hop, with its GIL hand-overs, for
    each attribute read of each request (a game action's request had five of them, and
    the hand-overs were a fifth of the server's time at 500 games)."""

    async def dependency(conn: HTTPConnection) -> T:
        return read(conn)

    return dependency


def get_presence(conn: HTTPConnection) -> LobbyState:
    """Who has which sockets open, across the processes (the lobby's shared state)."""
    state: LobbyState = conn.app.state.lobby.state
    return state


SettingsDep = Annotated[Settings, Depends(on_loop(get_settings))]
GamesDep = Annotated[GameService, Depends(on_loop(get_games))]
AccountsDep = Annotated[Accounts, Depends(on_loop(get_accounts))]
ComputerDep = Annotated[Computer, Depends(on_loop(get_computer))]
DbDep = Annotated[sessionmaker[DbSession], Depends(on_loop(get_db))]
ViewsDep = Annotated[Views, Depends(on_loop(get_views))]
PresenceDep = Annotated[LobbyState, Depends(on_loop(get_presence))]

#: A row's number in a path (a tournament, a chat message, a member): the tables' ids are
#: INTEGER, 32 bits on PostgreSQL (64 on SQLite), and a larger number reached the
#: database as an error (a 500) instead of "no such row"; now it is a 422 naming the field.
RowId = Annotated[int, Path(ge=1, le=2**31 - 1)]


def client_address(conn: HTTPConnection) -> str:
    """The client's address: the one place every per-address limit (new guests, logins,
    sockets) takes it from. It is the peer's, or, when the peer is one of
    ``Settings.trusted_proxies``, the rightmost address in its ``X-Forwarded-For`` that is
    not a trusted proxy (``create_app``'s proxy-headers middleware rewrites the peer, so
    a header sent by anyone else is never read)."""
    return conn.client.host if conn.client is not None else "unknown"


def secure_cookies(conn: HTTPConnection) -> bool:
    """Whether cookies go out ``Secure``: ``--secure-cookies``, or the request came over
    HTTPS (directly, or said by a trusted proxy's ``X-Forwarded-Proto``)."""
    return get_settings(conn).secure_cookies or conn.url.scheme in ("https", "wss")


def base_url(conn: HTTPConnection) -> str:
    """The public URL of the site (invite links)."""
    settings = get_settings(conn)
    if settings.base_url:
        return settings.base_url.rstrip("/")
    url = str(conn.base_url).rstrip("/")
    if url.startswith("ws"):  # a websocket's URL: the page itself is http(s)
        url = "http" + url[2:]
    return url


BaseUrl = Annotated[str, Depends(on_loop(base_url))]


async def current_user(conn: HTTPConnection, accounts: AccountsDep) -> Who | None:
    """The session's user; None for an anonymous visitor."""
    return await to_thread.run_sync(accounts.lookup, conn.cookies.get(SESSION_COOKIE))


async def checked_user(
    request: Request, user: Annotated[Who | None, Depends(current_user)]
) -> Who | None:
    """``current_user``, and an unsafe method must carry the CSRF token in its header:
    the session's token, or an anonymous visitor's ``nardy_csrf`` cookie (double
    submit: another site can neither read the cookie nor set the header)."""
    if request.method in SAFE_METHODS:
        return user
    sent = request.headers.get(CSRF_HEADER, "")
    expected = user.csrf if user is not None else request.cookies.get(CSRF_COOKIE, "")
    if not sent or not expected or not hmac.compare_digest(sent, expected):
        raise ApiError(403, "csrf")
    return user


async def acting_user(
    request: Request,
    response: Response,
    user: Annotated[Who | None, Depends(checked_user)],
    accounts: AccountsDep,
    settings: SettingsDep,
) -> Who:
    """The user who acts: an anonymous visitor becomes a guest here, on his first
    action, with his CSRF token kept (limited per address: 429). His session cookie
    goes out with the answer even when the action fails (``carry_new_session``), so
    a refused first action does not leave a guest behind that no one can use."""
    if user is not None:
        return user
    csrf = request.cookies.get(CSRF_COOKIE, "")  # equal to the header: checked above
    token = await to_thread.run_sync(accounts.new_guest, csrf, client_address(request))
    who = await to_thread.run_sync(accounts.lookup, token)
    assert who is not None
    set_session_cookies(response, request, token, who)
    request.state.new_session = (token, who)
    return who


def carry_new_session(request: Request, response: Response) -> None:
    """Set the cookies of a guest made during ``request`` on an error ``response``."""
    made: tuple[str, Who] | None = getattr(request.state, "new_session", None)
    if made is not None:
        set_session_cookies(response, request, *made)


MaybeUser = Annotated[Who | None, Depends(current_user)]
CheckedUser = Annotated[Who | None, Depends(checked_user)]


async def deep_review(conn: HTTPConnection, user: MaybeUser) -> tuple[DeepReviews, str]:
    """The server's ``DeepReviews`` and who asks for one: the player, or a visitor
    without a session by his address. (async: a plain dependency runs in a thread)"""
    asker = f"user:{user.user_id}" if user is not None else f"addr:{client_address(conn)}"
    return conn.app.state.deep_reviews, asker


DeepReviewDep = Annotated[tuple[DeepReviews, str], Depends(deep_review)]
Actor = Annotated[Who, Depends(acting_user)]


async def live_game(game_id: str, games: GamesDep) -> LiveGame:
    """The game named in the path (404 when there is none); its id goes into the log
    records of the request."""
    logs.game_id.set(game_id[:16])
    return await games.get(game_id)


Game = Annotated[LiveGame, Depends(live_game)]


def _cookie(
    resp: Response, conn: HTTPConnection, name: str, value: str, age: timedelta, httponly: bool
) -> None:
    resp.set_cookie(
        name,
        value,
        httponly=httponly,
        samesite="lax",
        secure=secure_cookies(conn),
        path="/",
        max_age=int(age.total_seconds()),
    )


def set_session_cookies(resp: Response, conn: HTTPConnection, token: str, who: Who) -> None:
    """The session and CSRF cookies; a guest's live as long as an idle guest does."""
    settings = get_settings(conn)
    age = timedelta(days=settings.guest_idle_days) if who.guest else ACCOUNT_COOKIE_AGE
    _cookie(resp, conn, SESSION_COOKIE, token, age, httponly=True)
    _cookie(resp, conn, CSRF_COOKIE, who.csrf, age, httponly=False)


def set_anonymous_cookie(resp: Response, conn: HTTPConnection, csrf: str) -> None:
    """An anonymous visitor's CSRF cookie (no session)."""
    age = timedelta(days=get_settings(conn).guest_idle_days)
    _cookie(resp, conn, CSRF_COOKIE, csrf, age, False)


def clear_session_cookie(resp: Response, conn: HTTPConnection) -> None:
    """Forget the session cookie."""
    resp.delete_cookie(
        SESSION_COOKIE, path="/", secure=secure_cookies(conn), httponly=True, samesite="lax"
    )


def anonymous_csrf(conn: HTTPConnection) -> str | None:
    """The visitor's CSRF cookie when it is well-formed."""
    token = conn.cookies.get(CSRF_COOKIE)
    return token if token and TOKEN.match(token) else None
