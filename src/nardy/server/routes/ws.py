"""The game websocket: ``hello`` (resync from an event number), ``action`` (acked),
and the game's updates pushed by ``nardy.server.fanout``.

Each message is bounded (``MAX_WS_MESSAGE``: close 1009) and must be a JSON object of
sane depth (else an ``error`` message, and the socket stays); sockets are capped per
client address (over all the processes, with Redis) and per game (close 4429). A
close's reason is said in the socket's language (the ``lang`` cookie of the
handshake), from the catalogue."""

from __future__ import annotations

import json
import logging
import os
import secrets
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any, Protocol
from urllib.parse import urlsplit

from anyio import CancelScope
from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from nardy.i18n import t
from nardy.server import logs
from nardy.server.api_error import ApiError
from nardy.server.deps import (
    GamesDep,
    MaybeUser,
    base_url,
    client_address,
)
from nardy.server.fanout import Subscriber
from nardy.server.guards import MAX_WS_MESSAGE, too_deep
from nardy.server.lobby import seat
from nardy.server.matchmaking import Lobby
from nardy.server.messages import request_lang
from nardy.server.views import Views
from nardy.server.watchers import Watchers, watcher_key

log = logging.getLogger(__name__)
router = APIRouter()


class AddressCounts(Protocol):
    """Open sockets per key (a client address, or ``game:<id>``) counted across the
    server's processes (Redis: ``nardy.server.redis_live.RedisSocketCounts``)."""

    async def take(self, address: str, cap: int) -> bool:
        """Count one more socket under ``address`` unless it has ``cap`` open in all
        the processes together (False), in one step."""

    async def release(self, address: str) -> None:
        """Uncount one socket under ``address``."""


class SocketCaps:
    """Counts of open game sockets per client address and per game: in this process,
    and with ``shared`` (several processes) across the processes too (a game's under
    the key ``game:<id>``)."""

    def __init__(
        self, per_address: int, per_game: int, shared: AddressCounts | None = None
    ) -> None:
        self.per_address = per_address
        self.per_game = per_game
        self.shared = shared
        self.addresses: Counter[str] = Counter()
        self.games: Counter[str] = Counter()
        #: this process's sockets counted in ``shared`` (one it could not reach is not)
        self.counted: Counter[str] = Counter()

    def refusal(self, address: str, game_id: str | None) -> ApiError | None:
        """Why one more socket from ``address`` to ``game_id`` (None: not a game's: the
        lobby's, the chat's) is refused, or None."""
        if self.addresses[address] >= self.per_address:
            return self.too_many()
        if game_id is not None and self.games[game_id] >= self.per_game:
            return ApiError(429, "too-many", "ws-too-many-to-game", n=self.per_game)
        return None

    def too_many(self) -> ApiError:
        """The refusal of an address with ``per_address`` sockets open."""
        return ApiError(429, "too-many", "ws-too-many-from-address", n=self.per_address)

    def total(self) -> int:
        """Sockets open now (the metrics' gauge)."""
        return sum(self.addresses.values())

    def open(self, address: str, game_id: str) -> None:
        """Count an opened socket."""
        self.addresses[address] += 1
        self.games[game_id] += 1

    def close(self, address: str, game_id: str) -> None:
        """Count a closed socket."""
        for counter, key in ((self.addresses, address), (self.games, game_id)):
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

    async def enter(self, address: str, game_id: str | None, slot: str) -> ApiError | None:
        """Count one more socket (``slot``: its key in the per-game counts), or say
        why it is refused. Counted here before any await (two sockets opening at once
        are never both let past the cap), then across the processes."""
        refusal = self.refusal(address, game_id)
        if refusal is not None:
            return refusal
        self.open(address, slot)
        if self.shared is None:
            return None
        caps = [(address, self.per_address, self.too_many())]
        if game_id is not None:
            game_full = ApiError(429, "too-many", "ws-too-many-to-game", n=self.per_game)
            caps.append((f"game:{game_id}", self.per_game, game_full))
        taken: list[str] = []
        for key, cap, refused in caps:
            try:
                if not await self.shared.take(key, cap):
                    self.close(address, slot)
                    for done in taken:  # (the address's place, taken before the game's)
                        await self._uncount(done)
                    return refused
            except Exception as exc:  # Redis is down: this process's caps still hold
                log.warning("counting a socket in Redis failed: %r", exc)
                return None
            self.counted[key] += 1
            taken.append(key)
        return None

    async def leave(self, address: str, slot: str) -> None:
        """Uncount a socket ``enter`` let in (``slot``: a game's id, for a game's)."""
        self.close(address, slot)
        if self.shared is None:
            return
        for key in (address, f"game:{slot}"):
            await self._uncount(key)

    async def _uncount(self, key: str) -> None:
        """One socket less under ``key`` across the processes, if it was counted there."""
        if self.shared is None or self.counted[key] <= 0:
            return
        self.counted[key] -= 1
        if self.counted[key] <= 0:
            del self.counted[key]
        try:
            await self.shared.release(key)
        except Exception as exc:  # its count goes with this process's key's expiry
            log.warning("uncounting a socket in Redis failed: %r", exc)


#: The most bytes (UTF-8) a websocket close reason may hold (RFC 6455: 125 less the code).
MAX_CLOSE_REASON = 123


def close_reason(text: str) -> str:
    """``text`` cut to fit a close frame, at a character's edge (Russian takes two bytes
    a letter, and a game id from the URL may be long)."""
    data = text.encode()
    if len(data) <= MAX_CLOSE_REASON:
        return text
    return data[: MAX_CLOSE_REASON - 3].decode(errors="ignore") + "…"


def error_message(err: ApiError, lang: str, msg_id: Any = None) -> dict[str, Any]:
    """The ``error`` message of a socket (with the id of the message it answers)."""
    out: dict[str, Any] = {"type": "error", **err.answer(lang)}
    if msg_id is not None:
        out["id"] = msg_id
    return out


class TooBig(Exception):
    """A message over ``MAX_WS_MESSAGE``."""


class BadMessage(Exception):
    """A message that is not a JSON object of sane depth; ``reply`` says why."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.error = ApiError(400, "malformed", what)


async def receive_message(ws: WebSocket) -> dict[str, Any]:
    """The next message, a JSON object; raises ``BadMessage`` for any other,
    ``TooBig`` past the size cap, ``WebSocketDisconnect`` when the peer is gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    data = raw.encode() if raw is not None else (message.get("bytes") or b"")
    if len(data) > MAX_WS_MESSAGE:
        raise TooBig
    if too_deep(data):
        raise BadMessage("ws-too-deep")
    try:
        msg = json.loads(data)
    except ValueError:
        raise BadMessage("ws-not-json") from None
    if not isinstance(msg, dict):
        raise BadMessage("ws-not-object")
    return msg


async def refused_cross_site(ws: WebSocket, lang: str) -> bool:
    """Close a socket opened by a page of another site (no cookies of ours may act
    through it); True when it was."""
    origin = ws.headers.get("origin")
    if origin and urlsplit(origin).netloc != ws.headers.get("host"):
        await ws.close(code=4403, reason=close_reason(t("error.ws-cross-site", lang)))
        return True
    return False


async def refuse(ws: WebSocket, refusal: ApiError, lang: str) -> None:
    """Turn a socket away (too many open): accepted first, since a close code before
    the handshake would reach no one."""
    log.info("websocket from %s refused: %s", client_address(ws), refusal.message)
    await ws.accept()
    await ws.close(code=4429, reason=close_reason(refusal.text(lang)))


async def admit(ws: WebSocket, lang: str, kind: str) -> Callable[[], Awaitable[None]] | None:
    """Let a ``kind`` socket (the chat's, the lobby's) in, or turn it away (None): one
    from another site, or from an address with too many sockets open. These count
    towards the address's cap with the games' (and are kept as ``kind:address`` in the
    per-game counts, which do not cap them: a club's lobby holds far more than a game's
    spectators). Returns what uncounts the socket once it closes (awaited)."""
    if await refused_cross_site(ws, lang):
        return None
    caps: SocketCaps = ws.app.state.sockets
    address = client_address(ws)
    slot = f"{kind}:{address}"
    refusal = await caps.enter(address, None, slot)
    if refusal is not None:
        await refuse(ws, refusal, lang)
        return None

    async def release() -> None:
        with CancelScope(shield=True):  # (a shared count is awaited)
            await caps.leave(address, slot)

    return release


async def close_too_big(ws: WebSocket, lang: str) -> None:
    """Close a socket that sent a message over ``MAX_WS_MESSAGE``."""
    log.info("a websocket message over %d bytes: closing", MAX_WS_MESSAGE)
    try:
        reason = t("error.ws-too-big", lang, n=MAX_WS_MESSAGE)
        await ws.close(code=1009, reason=close_reason(reason))
    except Exception:  # the peer is already gone
        log.debug("closing the websocket failed", exc_info=True)


@router.websocket("/ws/games/{game_id}")
async def game_socket(ws: WebSocket, game_id: str, user: MaybeUser, games: GamesDep) -> None:
    """Watch (and, as a player, play) one game."""
    logs.game_id.set(game_id[:16])
    lang = request_lang(ws.headers)  # the lang cookie comes with the handshake
    if await refused_cross_site(ws, lang):
        return
    uid = user.user_id if user else None
    try:
        live = await games.get(game_id)
    except ApiError as exc:
        await ws.close(code=4404, reason=close_reason(exc.text(lang)))
        return
    caps: SocketCaps = ws.app.state.sockets
    views: Views = ws.app.state.views
    address = client_address(ws)
    refusal = await caps.enter(address, game_id, game_id)
    if refusal is not None:
        await refuse(ws, refusal, lang)
        return
    sub = Subscriber(ws, uid, base_url(ws))
    watchers: Watchers = ws.app.state.watchers
    # a spectator is counted among the game's watchers while his socket is open (its
    # players are not)
    watcher = (
        watcher_key(uid, secrets.token_hex(8)) if live.meta.role_of(uid) == "spectator" else None
    )
    lobby: Lobby = ws.app.state.lobby  # a player with a game socket open is online
    # (and a player of this game is at it: his opponent sees whether he left it, and
    # may claim the game once he has been gone long enough, nardy.server.abandon)
    presence = ["game"]
    if live.meta.role_of(uid) in ("white", "black"):
        presence.append(seat(game_id))
    try:
        for counted in presence:
            await lobby.arrive(user, counted)
        if watcher is not None:
            await watchers.arrive(game_id, watcher)
        # which process holds the socket (as /healthz says it): with several processes
        # behind a balancer, whether two players' sockets are on one (tests, operators)
        await ws.accept(headers=[(b"x-nardy-pid", str(os.getpid()).encode())])
        while True:
            try:
                msg = await receive_message(ws)
            except BadMessage as bad:
                await ws.send_json(error_message(bad.error, lang))
                continue
            kind = msg.get("type")
            if kind == "hello":
                last = msg.get("last_seq", 0)
                if isinstance(last, bool) or not isinstance(last, int) or last < 0:
                    last = 0
                async with live.lock:
                    # (one process: a client that has seen the last event missed
                    # nothing, and the database need not be asked; with several,
                    # another may have stored more)
                    missed = (
                        []
                        if last >= live.seq and not games.shared
                        else await games.events_after(game_id, last)
                    )
                    if missed and missed[-1]["seq"] > live.seq:
                        # stored by another process that died before telling us (its
                        # clients resync here): the state sent must not be behind
                        await games.catch_up(live)
                    await ws.send_json(
                        {
                            "type": "update",
                            "events": missed,
                            "state": views.state(live, uid, sub.base_url),
                        }
                    )
                    # (asked for by the game page: the number, then each change)
                    if msg.get("watchers") is True:
                        sub.watchers = True
                        await ws.send_json({"type": "watchers", "n": watchers.count(game_id)})
                    live.sockets.add(sub)
            elif kind == "action":
                try:  # (an anonymous visitor is a spectator: refused)
                    evs = await games.act(live, live.meta.role_of(uid), msg.get("action"))
                    await ws.send_json(
                        {
                            "type": "ack",
                            "id": msg.get("id"),
                            "seq": evs[-1]["seq"] if evs else live.seq,
                        }
                    )
                except ApiError as exc:
                    await ws.send_json(error_message(exc, lang, msg.get("id")))
            else:
                await ws.send_json(
                    error_message(
                        ApiError(400, "malformed", "ws-unknown-type", kind=repr(kind)), lang
                    )
                )
    except (WebSocketDisconnect, RuntimeError) as closed:  # an ordinary close: no traceback
        log.debug("websocket closed: %r", closed)
    except TooBig:
        await close_too_big(ws, lang)
    finally:
        # (shielded: a shared store is awaited, and a cancelled handler must still
        # take its socket off the counts)
        with CancelScope(shield=True):
            await caps.leave(address, game_id)
            for counted in presence:
                await lobby.leave(user, counted)
        live.sockets.discard(sub)
        # a reloaded game object may hold this socket too
        current = games.live.get(game_id)
        if current is not None:
            current.sockets.discard(sub)
        if watcher is not None:
            with CancelScope(shield=True):  # (the others are told: awaited)
                await watchers.leave(game_id, watcher)
