"""The chat over HTTP and its websocket (``nardy.server.chat`` holds the rules).

HTTP: ``GET /api/chat/{channel}`` (history), ``POST /api/chat/{channel}`` (write:
``{"text"}`` or ``{"phrase"}``), ``POST /api/chat/messages/{id}/report``
(``{"reason"}``), ``POST /api/chat/messages/{id}/hide`` (moderators), ``GET
/api/chat/reports`` (the open ones, moderators), ``POST
/api/chat/messages/{id}/handle`` (``{"outcome", "reason"}``: moderators),
``POST``/``DELETE /api/chat/blocks/{user_id}``.

The websocket ``/ws/chat``: the client sends ``{"type": "join", "channel"}`` (answer:
``joined`` with the history, whether he may write, the quick phrases), ``leave``, and
``{"type": "say", "id", "channel", "text" | "phrase"}`` (answer: ``ack`` or ``error``
with the same ``id``); the server pushes ``message``, ``hidden`` (a moderator removed
one), ``blocked``/``unblocked`` (the user's own blocks, from any of his tabs) and
``muted`` (``until``: a moderator muted him, ISO)/``unmuted``. ``joined`` carries
``muted_until`` (ISO, or None), the end of the visitor's running mute.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Annotated, Any

from anyio import CancelScope, to_thread
from fastapi import APIRouter, Body, Request, WebSocket, WebSocketDisconnect

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.chat import PHRASES, ChatService, user_channel
from nardy.server.deps import CheckedUser, MaybeUser, RowId
from nardy.server.fanout import Socket
from nardy.server.jsontext import encode
from nardy.server.messages import request_lang
from nardy.server.routes.ws import (
    BadMessage,
    TooBig,
    admit,
    close_too_big,
    error_message,
    receive_message,
)

log = logging.getLogger(__name__)
router = APIRouter()

#: Channels one chat socket follows at most (a game page: two).
MAX_CHANNELS = 4


def get_chat(conn: Request | WebSocket) -> ChatService:
    """The chat service."""
    chat: ChatService = conn.app.state.chat
    return chat


@router.get("/api/chat/reports")
async def reports(request: Request, user: MaybeUser) -> dict[str, Any]:
    """The reported messages (moderators only)."""
    return {"reports": await get_chat(request).reports(user)}


@router.get("/api/chat/{channel}")
async def history(channel: str, request: Request, user: MaybeUser) -> dict[str, Any]:
    """A channel's latest messages, and whether the visitor may write there."""
    chat = get_chat(request)
    access, messages = await chat.history(user, channel)
    moderator = await to_thread.run_sync(chat.is_moderator, user)
    muted = await to_thread.run_sync(chat.muted_until, user)
    lang = request_lang(request.headers)
    return _joined(access.channel.name, messages, access.refusal, lang, user, moderator, muted)


@router.post("/api/chat/{channel}")
async def post(
    channel: str, body: Annotated[Any, Body()], request: Request, user: CheckedUser
) -> dict[str, Any]:
    """Write in a channel."""
    return await get_chat(request).post(user, channel, body)


@router.post("/api/chat/messages/{message_id}/report")
async def report(
    message_id: RowId, request: Request, user: CheckedUser, body: Annotated[Any, Body()] = None
) -> dict[str, Any]:
    """Report a message to the moderators (once), for a reason: ``{"reason": "insult"
    | "spam" | "cheating" | "other"}``."""
    await get_chat(request).report(user, message_id, body)
    return {"ok": True}


@router.post("/api/chat/messages/{message_id}/handle")
async def handle(
    message_id: RowId, request: Request, user: CheckedUser, body: Annotated[Any, Body()] = None
) -> dict[str, Any]:
    """Mark a message's open reports handled (moderators only): ``{"outcome":
    "dismissed" | "acted", "reason": "words for the log"}``."""
    closed = await get_chat(request).handle(user, message_id, body)
    return {"ok": True, "reports": closed}


@router.post("/api/chat/messages/{message_id}/hide")
async def hide(message_id: RowId, request: Request, user: CheckedUser) -> dict[str, Any]:
    """Hide a message from everyone (moderators only)."""
    await get_chat(request).hide(user, message_id)
    return {"ok": True}


@router.post("/api/chat/blocks/{other_id}")
async def block(other_id: RowId, request: Request, user: CheckedUser) -> dict[str, Any]:
    """Block a user: his messages no longer reach the visitor."""
    await get_chat(request).block(user, other_id, True)
    return {"ok": True}


@router.delete("/api/chat/blocks/{other_id}")
async def unblock(other_id: RowId, request: Request, user: CheckedUser) -> dict[str, Any]:
    """Unblock a user."""
    await get_chat(request).block(user, other_id, False)
    return {"ok": True}


def _joined(
    channel: str,
    messages: list[dict[str, Any]],
    refusal: ApiError | None,
    lang: str,
    me: Who | None,
    moderator: bool,
    muted: datetime | None,
) -> dict[str, Any]:
    return {
        "type": "joined",
        "channel": channel,
        "messages": messages,
        "can_post": refusal is None,
        "cannot_post": refusal.answer(lang) if refusal is not None else None,
        "phrases": list(PHRASES),
        "me": me.user_id if me is not None else None,
        "moderator": moderator,
        "muted_until": muted.isoformat() if muted is not None else None,
    }


class ChatSocket:
    """One chat websocket as a ``ChatSubscriber``: it keeps its user's blocks and
    sends on everything else."""

    def __init__(self, ws: Socket, user_id: int | None, blocked: set[int], moderator: bool) -> None:
        self.ws = ws
        self.user_id = user_id
        self.moderator = moderator
        self.blocked = blocked
        self.channels: set[str] = set()

    async def deliver(self, message: dict[str, Any]) -> bool:
        kind = message.get("type")
        if kind == "message" and message.get("user_id") in self.blocked:
            return True
        if kind == "blocked":
            self.blocked.add(message["user_id"])
        elif kind == "unblocked":
            self.blocked.discard(message["user_id"])
        try:
            await self.ws.send_text(encode(message))
        except Exception as exc:  # a closed or broken socket
            log.debug("a dead chat socket: %r", exc)
            return False
        return True


async def _handle(ws: WebSocket, sock: ChatSocket, msg: dict[str, Any], lang: str) -> None:
    chat = get_chat(ws)
    user = ws.state.user
    kind = msg.get("type")
    if kind == "join":
        access = await chat.access(user, msg.get("channel"))
        name = access.channel.name
        if name not in sock.channels and len(sock.channels) >= MAX_CHANNELS:
            raise ApiError(400, "malformed", "chat-too-many-channels", max=MAX_CHANNELS)
        # subscribed before the history is read: a message stored meanwhile may come
        # twice (the client keeps one per id), never not at all
        await chat.delivery.subscribe(name, sock)
        sock.channels.add(name)
        messages = await to_thread.run_sync(chat.read, name, sock.user_id)
        muted = await to_thread.run_sync(chat.muted_until, user)
        joined = _joined(name, messages, access.refusal, lang, user, sock.moderator, muted)
        await ws.send_text(encode(joined))
    elif kind == "leave":
        left = msg.get("channel")
        if isinstance(left, str) and left in sock.channels:
            await chat.delivery.unsubscribe(sock, left)
            sock.channels.discard(left)
    elif kind == "say":
        message = await chat.post(user, msg.get("channel"), msg)
        await ws.send_text(encode({"type": "ack", "id": msg.get("id"), "message": message["id"]}))
    else:
        raise ApiError(400, "malformed", "ws-unknown-type", kind=repr(kind))


@router.websocket("/ws/chat")
async def chat_socket(ws: WebSocket, user: MaybeUser) -> None:
    """Follow chat channels, and write in them."""
    lang = request_lang(ws.headers)
    release = await admit(ws, lang, "chat")
    if release is None:
        return
    chat = get_chat(ws)
    uid = user.user_id if user is not None else None
    ws.state.user = user
    blocked = await to_thread.run_sync(chat.blocked_by, uid)
    moderator = await to_thread.run_sync(chat.is_moderator, user)
    sock = ChatSocket(ws, uid, blocked, moderator)
    try:
        await ws.accept()
        if uid is not None:
            await chat.delivery.subscribe(user_channel(uid), sock)
        while True:
            try:
                msg = await receive_message(ws)
            except BadMessage as bad:
                await ws.send_json(error_message(bad.error, lang))
                continue
            try:
                await _handle(ws, sock, msg, lang)
            except ApiError as exc:
                err = error_message(exc, lang, msg.get("id"))
                if isinstance(msg.get("channel"), str):
                    err["channel"] = msg["channel"][:40]
                await ws.send_json(err)
    except (WebSocketDisconnect, RuntimeError) as closed:  # an ordinary close: no traceback
        log.debug("chat websocket closed: %r", closed)
    except TooBig:
        await close_too_big(ws, lang)
    finally:
        await release()
        with CancelScope(shield=True):  # (a shared delivery is awaited)
            await chat.delivery.unsubscribe(sock)
