"""The lobby over HTTP (challenges, quick pairing, friends, blocks) and its websocket
``/ws/lobby``, which pushes what changes: challenges made and gone, games started for
this player, who is online, the games to watch, the computer offered after a long wait.

The socket takes one message, ``{"type": "ping"}`` (answered ``pong``); anything else
is answered with an ``error`` message and the socket stays. Everything the player does
goes over HTTP (CSRF-checked, and the first action makes an anonymous visitor a guest)."""

from __future__ import annotations

import asyncio
import logging
from typing import Annotated, Any

from anyio import CancelScope, to_thread
from fastapi import APIRouter, Body, FastAPI, WebSocket, WebSocketDisconnect
from starlette.requests import HTTPConnection

from nardy.i18n import t
from nardy.server.api_error import ApiError
from nardy.server.auth import Clock, Who
from nardy.server.deps import Actor, CheckedUser, MaybeUser
from nardy.server.friends import Friends, Player
from nardy.server.jsontext import encode
from nardy.server.lobby import OUTBOX, LobbyState, MemoryLobbyState, Subscriber
from nardy.server.matchmaking import SEEK_LIMIT, Lobby
from nardy.server.messages import request_lang
from nardy.server.redis_live import RedisLobbyState
from nardy.server.routes.ws import (
    BadMessage,
    TooBig,
    admit,
    close_reason,
    close_too_big,
    error_message,
    receive_message,
)
from nardy.server.service import GameService
from nardy.server.settings import Settings
from nardy.server.throttle import LimitsThrottle
from nardy.server.views import Views
from nardy.server.writer import Writer

log = logging.getLogger(__name__)
router = APIRouter(tags=["lobby"])
AnyBody = Annotated[Any, Body()]


def install(
    app: FastAPI,
    settings: Settings,
    games: GameService,
    writer: Writer,
    views: Views,
    clock: Clock,
) -> Lobby:
    """Make the lobby (kept on ``app.state.lobby``) and add its routes."""
    friends = Friends(games.db, writer)
    throttle = LimitsThrottle({SEEK_LIMIT: settings.seek_rate}, settings.rate_limit_storage)
    hub = app.state.hub
    state: LobbyState = (
        RedisLobbyState(hub, lambda: clock().timestamp()) if hub is not None else MemoryLobbyState()
    )
    lobby = Lobby(state, games, friends, views, throttle, clock, settings.pair_timeout)
    app.state.lobby = lobby
    app.include_router(router)
    return lobby


def _lobby(conn: HTTPConnection) -> Lobby:
    lobby: Lobby = conn.app.state.lobby
    return lobby


def _user(user: Who | None) -> Who:
    """The user of a request that changes only what is his (no guest is made for it)."""
    if user is None:
        raise ApiError(403, "forbidden", "lobby-no-session")
    return user


# -- challenges and quick pairing --------------------------------------------------------
@router.get("/api/lobby")
async def lobby_now(conn: HTTPConnection, user: MaybeUser) -> dict[str, Any]:
    """What the lobby page shows (the socket sends the same on connecting)."""
    return await _lobby(conn).snapshot(user)


@router.post("/api/lobby/challenges", status_code=201)
async def new_challenge(conn: HTTPConnection, user: Actor, body: AnyBody = None) -> dict[str, Any]:
    """A new challenge: ``variant``, ``length``, ``cube``, ``rated``, ``clock``, and
    ``to`` (a member's username) for a direct one."""
    ch = await _lobby(conn).challenge(user, body)
    return {"challenge": ch.public()}


@router.delete("/api/lobby/challenges/{challenge_id}")
async def cancel_challenge(
    conn: HTTPConnection, challenge_id: str, user: CheckedUser
) -> dict[str, Any]:
    """Withdraw one's own challenge."""
    await _lobby(conn).cancel(_user(user), challenge_id)
    return {"ok": True}


@router.post("/api/lobby/challenges/{challenge_id}/accept")
async def accept_challenge(conn: HTTPConnection, challenge_id: str, user: Actor) -> dict[str, Any]:
    """Accept a challenge: the game starts at once."""
    return {"game": await _lobby(conn).accept(user, challenge_id)}


@router.post("/api/lobby/challenges/{challenge_id}/decline")
async def decline_challenge(
    conn: HTTPConnection, challenge_id: str, user: CheckedUser
) -> dict[str, Any]:
    """Decline a challenge made to oneself."""
    await _lobby(conn).decline(_user(user), challenge_id)
    return {"ok": True}


@router.post("/api/lobby/queue")
async def join_queue(conn: HTTPConnection, user: Actor, body: AnyBody = None) -> dict[str, Any]:
    """Play now: wait to be paired (``variant``, ``clock``)."""
    seeker = await _lobby(conn).seek(user, body)
    return {"queue": {"variant": seeker.variant, "clock": seeker.clock, "waited": 0}}


@router.delete("/api/lobby/queue")
async def leave_queue(conn: HTTPConnection, user: CheckedUser) -> dict[str, Any]:
    """Stop waiting to be paired."""
    return {"left": await _lobby(conn).unseek(_user(user))}


# -- friends and blocks --------------------------------------------------------------
def _players(players: list[Player], online: set[int]) -> list[dict[str, Any]]:
    return [{"id": p.user_id, "name": p.name, "online": p.user_id in online} for p in players]


@router.get("/api/friends")
async def friends_list(conn: HTTPConnection, user: MaybeUser) -> dict[str, Any]:
    """Whom the user follows (and which of them are online), and whom he blocked."""
    if user is None or user.guest:
        return {"following": [], "blocked": []}
    lobby = _lobby(conn)
    online = {p.user_id for p in await lobby.state.online()}
    following = await to_thread.run_sync(lobby.friends.following, user.user_id)
    blocked = await to_thread.run_sync(lobby.friends.blocked, user.user_id)
    return {"following": _players(following, online), "blocked": _players(blocked, online)}


def _friend_route(verb: str) -> Any:
    async def handler(conn: HTTPConnection, name: str, user: CheckedUser) -> dict[str, Any]:
        friends = _lobby(conn).friends
        player = await to_thread.run_sync(getattr(friends, verb), _user(user), name)
        return {"id": player.user_id, "name": player.name}

    handler.__name__ = verb
    handler.__doc__ = f"{verb.capitalize()} the member ``name``."
    return handler


router.add_api_route("/api/friends/{name}", _friend_route("follow"), methods=["POST"])
router.add_api_route("/api/friends/{name}", _friend_route("unfollow"), methods=["DELETE"])
router.add_api_route("/api/blocks/{name}", _friend_route("block"), methods=["POST"])
router.add_api_route("/api/blocks/{name}", _friend_route("unblock"), methods=["DELETE"])


# -- the socket ------------------------------------------------------------------------
@router.websocket("/ws/lobby")
async def lobby_socket(ws: WebSocket, user: MaybeUser) -> None:
    """The lobby's live updates: a ``snapshot``, then what changes (a change made while
    the snapshot was built may come just before it; the snapshot holds it too)."""
    lang = request_lang(ws.headers)
    release = await admit(ws, lang, "lobby")
    if release is None:
        return
    lobby = _lobby(ws)
    sub = Subscriber(user.user_id if user else None)
    arrived = False
    writer: asyncio.Task[None] | None = None
    try:
        await ws.accept()
        writer = asyncio.create_task(_write(ws, sub, lang))
        await lobby.arrive(user, "lobby")
        arrived = True
        # subscribed first: what changes while the snapshot is built comes before it,
        # and the snapshot (built later) holds it too
        await lobby.state.subscribe(sub)
        sub.deliver(encode(await lobby.snapshot(user)))
        while True:
            try:
                msg = await receive_message(ws)
            except BadMessage as bad:
                sub.deliver(encode(error_message(bad.error, lang)))
                continue
            if msg.get("type") == "ping":
                sub.deliver(encode({"type": "pong"}))
            else:
                kind = repr(msg.get("type"))[:40]
                err = ApiError(400, "malformed", "lobby-ws-unknown", kind=kind)
                sub.deliver(encode(error_message(err, lang)))
    except (WebSocketDisconnect, RuntimeError) as closed:  # an ordinary close: no traceback
        log.debug("lobby socket closed: %r", closed)
    except TooBig:
        await close_too_big(ws, lang)
    finally:
        await release()
        if writer is not None:
            writer.cancel()
        # (shielded: the state may be shared, in Redis, and a cancelled handler must
        # still leave it)
        with CancelScope(shield=True):
            await lobby.state.unsubscribe(sub)
            if arrived:
                await lobby.leave(user, "lobby")


async def _write(ws: WebSocket, sub: Subscriber, lang: str) -> None:
    """Send the socket's outbox until it closes; close a socket that fell too far
    behind (its reader then ends the handler)."""
    try:
        while not sub.overflowed.is_set():
            await ws.send_text(await sub.outbox.get())
        log.info("a lobby socket fell %d messages behind: closing it", OUTBOX)
        await ws.close(code=1013, reason=close_reason(t("error.ws-too-slow", lang)))
    except Exception as exc:  # the socket is gone: its reader sees it too
        log.debug("writing to a lobby socket failed: %r", exc)
