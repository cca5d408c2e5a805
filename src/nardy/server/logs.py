"""Server logging: a request id (and the game's id, where known) in every log record.

A middleware gives each HTTP request and websocket an id (the client's ``X-Request-ID``
when it is short and plain, else a new one) and keeps it in a context variable; the
routes set the game's id. ``ContextFilter`` copies both into each record, so one
request's lines can be found among the many interleaved ones of a busy server."""

from __future__ import annotations

import logging
import re
import secrets
from contextvars import ContextVar

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

request_id: ContextVar[str | None] = ContextVar("nardy_request_id", default=None)
game_id: ContextVar[str | None] = ContextVar("nardy_game_id", default=None)

REQUEST_HEADER = "x-request-id"
_PLAIN_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
FORMAT = "%(asctime)s %(levelname)s %(name)s [req=%(request_id)s game=%(game_id)s] %(message)s"


class ContextFilter(logging.Filter):
    """Adds ``request_id`` and ``game_id`` (``-`` when unknown) to each record."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get() or "-"
        record.game_id = game_id.get() or "-"
        return True


class RequestIdMiddleware:
    """Sets ``request_id`` for each request or websocket and echoes it in the
    ``X-Request-ID`` response header."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        sent = dict(scope["headers"]).get(REQUEST_HEADER.encode(), b"").decode("latin-1")
        rid = sent if _PLAIN_ID.match(sent) else secrets.token_hex(6)
        token = request_id.set(rid)
        game_token = game_id.set(None)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableHeaders(scope=message)[REQUEST_HEADER] = rid
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            game_id.reset(game_token)
            request_id.reset(token)


def configure(level: str) -> None:
    """Log nardy's records at ``level`` and above to standard error, with the ids."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ContextFilter())
    root = logging.getLogger("nardy")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
