"""The ASGI application: ``create_app(settings)`` builds everything it needs.

The routes live in ``nardy.server.routes`` (one router per concern), what they depend
on in ``nardy.server.deps``; the services are kept on ``app.state``."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator
from datetime import timedelta
from functools import partial
from typing import Any

from anyio import to_thread
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.orm import sessionmaker
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from nardy.server.api_error import ApiError
from nardy.server.auth import (
    GUEST_LIMIT,
    LOGIN_ACCOUNT_LIMIT,
    LOGIN_IP_LIMIT,
    NAME_LIMIT,
    NAME_RATE,
    Accounts,
    Clock,
)
from nardy.server.botplayer import Computer
from nardy.server.chat import (
    CHAT_LIMIT,
    CHAT_RATE,
    ChatDelivery,
    ChatService,
    InMemoryDelivery,
)
from nardy.server.db import make_engine, migrate, now
from nardy.server.deps import carry_new_session
from nardy.server.fanout import Fanout
from nardy.server.guards import BodyLimitMiddleware, SecurityHeadersMiddleware
from nardy.server.heap import AGEING, settle
from nardy.server.logs import RequestIdMiddleware, RequestLogMiddleware
from nardy.server.messages import request_lang
from nardy.server.metrics import REFRESH_EVERY, HttpErrorsMiddleware, Metrics
from nardy.server.redis_live import (
    SOCKETS_RENEW_EVERY,
    RedisChatDelivery,
    RedisGameEvents,
    RedisHub,
    RedisSocketCounts,
    RedisWatchers,
)
from nardy.server.review import DeepReviews
from nardy.server.rollouts import Rollouts
from nardy.server.routes import (
    accounts,
    chat,
    games,
    ops,
    pages,
    players,
    positions,
    pwa,
    rules,
    tournaments,
    ws,
)
from nardy.server.routes import lobby as lobby_routes
from nardy.server.routes.pages import STATIC
from nardy.server.service import GameService
from nardy.server.settings import SETTINGS_ENV, Settings
from nardy.server.throttle import LimitsThrottle, Throttle, Throttled
from nardy.server.ticker import ticking
from nardy.server.tournaments import Tournaments
from nardy.server.views import Views
from nardy.server.watchers import Watchers
from nardy.server.writer import Writer

#: How often idle guests are expired.
GUEST_SWEEP_EVERY = timedelta(hours=1)
#: How often finished games are let go from memory (``GameService.forget_finished``).
FORGET_EVERY = 60.0
#: How often games past their clock's deadline are looked for (an indexed query).
FLAG_SWEEP_EVERY = timedelta(seconds=1)
#: How often (seconds) the heap's ageing is stepped (``nardy.server.heap.Ageing``).
AGE_EVERY = 5.0


def app_from_env() -> FastAPI:
    """The application of one worker of ``nardy serve --workers N``: uvicorn imports
    this factory in each worker process, which reads the parent's settings (and log
    level) from the environment (``SETTINGS_ENV``, ``NARDY_LOG_LEVEL``)."""
    from nardy.server.logs import configure

    configure(os.environ.get("NARDY_LOG_LEVEL", "info"))
    app = create_app(Settings.from_json(os.environ[SETTINGS_ENV]))
    settle()  # this process serves this one app (nardy.server.heap)
    return app


def create_app(
    settings: Settings | None = None, *, clock: Clock = now, throttle: Throttle | None = None
) -> FastAPI:
    """A new server application for ``settings`` (migrates the database at startup).
    ``clock`` and ``throttle`` are for tests (guest expiry, rate limits)."""
    settings = settings or Settings()
    if settings.clock_offset is not None:
        clock = _ahead(clock, timedelta(seconds=settings.clock_offset))
    engine = make_engine(settings.db_url)
    migrate(engine)
    db = sessionmaker(engine, expire_on_commit=False)
    if throttle is None:
        throttle = LimitsThrottle(
            {
                GUEST_LIMIT: settings.guest_rate,
                LOGIN_ACCOUNT_LIMIT: settings.login_rate_account,
                LOGIN_IP_LIMIT: settings.login_rate_ip,
                NAME_LIMIT: NAME_RATE,
                CHAT_LIMIT: CHAT_RATE,
            },
            settings.rate_limit_storage,
        )
    writer = Writer(engine)  # every write: one at a time on SQLite
    account_store = Accounts(
        db, writer, throttle, guest_idle=timedelta(days=settings.guest_idle_days), clock=clock
    )
    computer = Computer()
    game_service = GameService(settings, engine, computer, writer, clock)
    views = Views(clock)  # each role's view built once per event number
    game_service.notify = Fanout(views).broadcast
    # several processes share the live state through Redis; one keeps it in memory
    hub = RedisHub(settings.redis_url) if settings.redis_url else None
    delivery: ChatDelivery = RedisChatDelivery(hub) if hub else InMemoryDelivery()
    game_events = RedisGameEvents(hub, game_service) if hub else None
    socket_counts = RedisSocketCounts(hub) if hub else None
    app_watchers = Watchers(
        game_service.live, RedisWatchers(hub, game_events) if hub and game_events else None
    )

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        sweepers = []
        # followed before the first request when Redis answers; else until it does
        if game_events is not None and not await game_events.follow_once():
            sweepers.append(asyncio.create_task(game_events.follow()))
        expire = partial(to_thread.run_sync, account_store.expire_guests)
        # this process's socket counts in Redis live while it does (a killed one's expire)
        renewing: contextlib.AbstractAsyncContextManager[None] = (
            ticking(socket_counts.renew, SOCKETS_RENEW_EVERY, "renewing the socket counts")
            if socket_counts is not None
            else contextlib.nullcontext()
        )
        # the collector's pauses taken in (and a worker of several sets its gauges for
        # the scrapes the others answer)
        gauges = ticking(app.state.metrics.refresh_async, REFRESH_EVERY, "refreshing the metrics")
        # (a no-op unless this process settled its heap: nardy serve's, not the tests')
        ageing = ticking(AGEING.step_async, AGE_EVERY, "ageing the heap")
        async with (
            # the flags at startup first: a restart enforces the stored deadlines
            ticking(game_service.sweep_flags, FLAG_SWEEP_EVERY.total_seconds(), "flagging"),
            ticking(expire, GUEST_SWEEP_EVERY.total_seconds(), "expiring idle guests"),
            ticking(game_service.forget_finished, FORGET_EVERY, "forgetting finished games"),
            lobby.running(),
            tourneys.running(),
            renewing,
            gauges,
            ageing,
        ):
            with app.state.metrics.gc_pauses.installed():
                yield
        await app.state.rollouts.close()
        for sweeper in sweepers:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
        if hub is not None:
            await hub.stop()
        engine.dispose()

    app = FastAPI(title="nardy", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.games = game_service
    app.state.accounts = account_store
    app.state.computer = computer
    app.state.db = db
    app.state.engine = engine
    app.state.views = views
    app.state.rollouts = Rollouts()
    app.state.deep_reviews = DeepReviews()  # (review.py: the deep reviews running)
    app.state.hub = hub
    app.state.watchers = app_watchers  # how many watch each game (watchers.py)
    app.state.chat = ChatService(db, writer, game_service, throttle, delivery)
    app.state.sockets = ws.SocketCaps(
        settings.max_sockets_per_ip, settings.max_sockets_per_game, socket_counts
    )
    app.state.metrics = Metrics(game_service, computer, app.state.sockets)

    # the last added runs first: the client and scheme a trusted proxy names, the error
    # count, ids for every log line, headers (outside the next, so that its 500 has them
    # too), the request lines (and the 500 of a handler that raised), then body checks
    app.add_middleware(BodyLimitMiddleware)
    app.add_middleware(RequestLogMiddleware)
    app.add_middleware(SecurityHeadersMiddleware)
    app.add_middleware(RequestIdMiddleware)
    app.add_middleware(HttpErrorsMiddleware, metrics=app.state.metrics)
    if settings.trusted_proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxies)
    _error_handlers(app)
    _document_errors(app)

    app.include_router(ops.router)
    app.include_router(accounts.router)
    app.include_router(games.router)
    app.include_router(positions.router)
    app.include_router(players.router)
    app.include_router(rules.router)
    app.include_router(ws.router)
    app.include_router(chat.router)
    lobby = lobby_routes.install(app, settings, game_service, writer, views, clock)
    tourneys = Tournaments(game_service, lobby.state, clock)
    game_service.on_over = tourneys.game_over
    app.state.tournaments = tourneys
    app.include_router(tournaments.router)
    app.include_router(pwa.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(pages.router)
    return app


def _ahead(clock: Clock, offset: timedelta) -> Clock:
    """``clock`` running ``offset`` ahead (the test-only ``clock_offset``)."""
    return lambda: clock() + offset


def _field(loc: tuple[Any, ...]) -> str:
    # ("body", "from") -> "from"; ("query", "after") -> "after"
    parts = [str(p) for p in loc[1:]] if loc and loc[0] in ("body", "query", "path") else []
    return ".".join(parts) or (str(loc[0]) if loc else "")


#: The body of every error answer (``ApiError.answer``; a 422 names the ``field``).
ERROR_ANSWER: dict[str, Any] = {
    "title": "ErrorAnswer",
    "description": "An error: the message in the request's language, a stable code, the "
    "values in the message, and for a 422 the field at fault.",
    "type": "object",
    "required": ["error", "code", "params"],
    "properties": {
        "error": {"type": "string"},
        "code": {"type": "string"},
        "params": {"type": "object"},
        "reason": {"type": "string"},
        "field": {"type": "string"},
    },
}


def _document_errors(app: FastAPI) -> None:
    """The OpenAPI schema says what a 422 really is: FastAPI documents its own
    ``{"detail": [...]}`` body for every operation, which this server never sends (its
    handler answers ``ERROR_ANSWER``), so a client generated from the schema, or
    schemathesis checking answers against it (tests/server/test_schemathesis.py), would
    be told the wrong shape."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            schema = generate()  # (FastAPI keeps it in app.openapi_schema)
            schemas = schema.get("components", {}).get("schemas", {})
            if "HTTPValidationError" in schemas:
                schemas["HTTPValidationError"] = ERROR_ANSWER
        return app.openapi_schema or generate()

    app.openapi = openapi  # type: ignore[method-assign]


def _error_handlers(app: FastAPI) -> None:
    """Every error is answered as ``{"error": message, "code": code}`` (422s name the
    ``field`` too), with the cookies of a guest made before the error. (A handler that
    raises is answered 500 by ``RequestLogMiddleware``, which logs it with the request's
    id.)"""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = {"retry-after": str(exc.retry_after)} if isinstance(exc, Throttled) else None
        resp = JSONResponse(
            exc.answer(request_lang(request.headers)), status_code=exc.status, headers=headers
        )
        carry_new_session(request, resp)
        return resp

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        field = _field(tuple(first.get("loc", ())))
        reason = str(first.get("msg"))
        err = (
            ApiError(422, "malformed", "bad-field", field=field, reason=reason)
            if field
            else ApiError(422, "malformed", "bad-request", reason=reason)
        )
        resp = JSONResponse(
            {**err.answer(request_lang(request.headers)), "field": field}, status_code=422
        )
        carry_new_session(request, resp)
        return resp

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code)
        err = (
            ApiError(exc.status_code, code)
            if code
            else ApiError(exc.status_code, "malformed", "bad-request", reason=str(exc.detail))
        )  # (said in the request's language: a wrong address is a player's error too)
        return JSONResponse(
            err.answer(request_lang(request.headers)),
            status_code=exc.status_code,
            headers=exc.headers,
        )
