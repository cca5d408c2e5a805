"""Server logging: a request id (and the game's id, where known) in every log record.

A middleware gives each HTTP request and websocket an id (the client's ``X-Request-ID``
when it is short and plain, else a new one) and keeps it in a context variable; the
routes set the game's id. ``ContextFilter`` copies both into each record, so one
request's lines can be found among the many interleaved ones of a busy server.

``RequestLogMiddleware`` writes the request lines (``GET /path 404 3 ms``: the failed and
the slow ones at INFO, the rest at DEBUG) and the one line, with its traceback, of a
request whose handler raised. ``FailureLog`` keeps a failure that repeats (Redis down:
every tick and every read fails) to one line per ``FailureLog.every`` seconds."""

from __future__ import annotations

import logging
import re
import secrets
import time
from collections.abc import Callable
from contextvars import ContextVar

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect
from uvicorn.protocols.utils import ClientDisconnected

from nardy.server.api_error import ApiError
from nardy.server.messages import request_lang

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


#: A request that takes this long (seconds) is logged at INFO whatever its answer.
SLOW_REQUEST = 1.0

access_log = logging.getLogger("nardy.server.access")


class RequestLogMiddleware:
    """One line per HTTP request, ``METHOD /path STATUS N ms`` (the query left out: it
    may hold an invitation): at INFO when the answer is an error (4xx, 5xx) or took
    ``SLOW_REQUEST`` or longer, else at DEBUG. A handler that raises (an HTTP request's or
    a websocket's) is logged here once, at ERROR with the traceback and the request's
    id, and the request answered 500 (the socket closed, 1011): nothing reaches uvicorn,
    which printed the exception again without the id. A socket the client closed
    (``WebSocketDisconnect``, or uvicorn's ``ClientDisconnected`` when it went while the
    socket opened) is no error. Runs inside ``RequestIdMiddleware``."""

    def __init__(self, app: ASGIApp, clock: Callable[[], float] = time.perf_counter) -> None:
        self.app = app
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = self.clock()
        status: int | None = None

        async def noted(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        method, path = scope["method"], scope["path"]
        try:
            await self.app(scope, receive, noted)
        except Exception:
            ms = round((self.clock() - began) * 1000)
            if status is not None:  # the answer had begun: it can only be cut short
                access_log.error(
                    "%s %s %d %d ms: unhandled error after the answer began",
                    method,
                    path,
                    status,
                    ms,
                    exc_info=True,
                )
                return
            access_log.error("%s %s 500 %d ms: unhandled error", method, path, ms, exc_info=True)
            answer = ApiError(500, "internal").answer(request_lang(Headers(scope=scope)))
            await JSONResponse(answer, status_code=500)(scope, receive, send)
            return
        ms = round((self.clock() - began) * 1000)
        shown = status if status is not None else 0
        level = logging.INFO if shown >= 400 or ms >= SLOW_REQUEST * 1000 else logging.DEBUG
        access_log.log(level, "%s %s %d %d ms", method, path, shown, ms)

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        closed = False

        async def noted(message: Message) -> None:
            nonlocal closed
            closed = closed or message["type"] == "websocket.close"
            await send(message)

        try:
            await self.app(scope, receive, noted)
        except WebSocketDisconnect as gone:
            access_log.debug("websocket %s closed by the client (%d)", scope["path"], gone.code)
        except ClientDisconnected:  # (uvicorn: sent to a client gone while it opened)
            access_log.debug("websocket %s: the client left before it was answered", scope["path"])
        except Exception:
            access_log.error("websocket %s: unhandled error", scope["path"], exc_info=True)
            if not closed:
                try:
                    await send({"type": "websocket.close", "code": 1011})
                except Exception:  # the client is gone already: nothing to close
                    access_log.debug("closing the failed websocket failed: it is gone")


class FailureLog:
    """The log of one thing that may fail again and again (a tick, a Redis reader): the
    first failure with its traceback, then while it keeps failing at most one line per
    ``every`` seconds with the number of failures since the last line, and one line
    when it works again. ``clock``: seconds, monotonic (a test's own)."""

    def __init__(
        self,
        logger: logging.Logger,
        what: str,
        every: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.what = what
        self.every = every
        self.clock = clock
        self.failing_since: float | None = None
        self.said_at = 0.0
        self.unsaid = 0
        self.failures = 0

    def failed(self, exc: BaseException) -> None:
        """One more failure (``exc``)."""
        now = self.clock()
        self.failures += 1
        if self.failing_since is None:
            self.failing_since = self.said_at = now
            self.logger.error("%s failed", self.what, exc_info=exc)
            return
        self.unsaid += 1
        if now - self.said_at >= self.every:
            self.logger.error(
                "%s still failing: %d more failures in %.0f s (latest: %r)",
                self.what,
                self.unsaid,
                now - self.said_at,
                exc,
            )
            self.said_at, self.unsaid = now, 0

    def worked(self) -> None:
        """It worked (said once, after failures)."""
        if self.failing_since is None:
            return
        self.logger.warning(
            "%s works again after %d failures in %.0f s",
            self.what,
            self.failures,
            self.clock() - self.failing_since,
        )
        self.failing_since, self.unsaid, self.failures = None, 0, 0


def configure(level: str) -> None:
    """Log nardy's records at ``level`` and above to standard error, with the ids."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(FORMAT))
    handler.addFilter(ContextFilter())
    root = logging.getLogger("nardy")
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    root.propagate = False
