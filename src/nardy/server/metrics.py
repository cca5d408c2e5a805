"""The server's Prometheus metrics (``GET /metrics``, ``prometheus-client``).

Each application keeps its own ``CollectorRegistry`` (several apps live in one test
process, and the library's global registry would mix their counts). What is measured:
open websockets and games in memory (read when scraped), player actions applied by kind
and the time ``GameService.act`` takes, HTTP error answers by status class, and the time
the computer takes to choose a play. The services report through plain callbacks
(``GameService.on_act``, ``Computer.on_move``), so they know nothing of Prometheus."""

from __future__ import annotations

from typing import Protocol

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nardy.server.botplayer import Computer
from nardy.server.service import GameService

__all__ = ["CONTENT_TYPE", "HttpErrorsMiddleware", "Metrics"]

#: Buckets of an action's time, in seconds (a move stores one event: milliseconds; a
#: computer's turn inside the action takes longer).
ACTION_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Buckets of the computer's time for one play.
MOVE_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class OpenSockets(Protocol):
    """What the metrics read of the sockets' counts (``routes.ws.SocketCaps``: the
    routes sit above this module, so it names only what it needs)."""

    def total(self) -> int: ...


class Metrics:
    """One application's metrics, in its own registry."""

    def __init__(self, games: GameService, computer: Computer, sockets: OpenSockets) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        websockets = Gauge("nardy_websockets", "Open websockets.", registry=r)
        websockets.set_function(lambda: float(sockets.total()))
        live = Gauge("nardy_live_games", "Games kept in memory.", registry=r)
        live.set_function(lambda: float(len(games.live)))
        self.actions = Counter(
            "nardy_actions", "Player actions applied, by kind.", ["kind"], registry=r
        )
        self.action_seconds = Histogram(
            "nardy_action_seconds",
            "Time to apply one player action (stored and broadcast), refused ones too.",
            buckets=ACTION_BUCKETS,
            registry=r,
        )
        self.http_errors = Counter(
            "nardy_http_errors", "HTTP error answers, by status class.", ["status"], registry=r
        )
        self.computer_seconds = Histogram(
            "nardy_computer_move_seconds",
            "Time the computer takes to choose one play.",
            buckets=MOVE_BUCKETS,
            registry=r,
        )
        games.on_act = self.acted
        computer.on_move = self.computer_seconds.observe

    def acted(self, kind: str | None, seconds: float) -> None:
        """``GameService.act`` took ``seconds``; ``kind`` is the action applied, None
        when it was refused."""
        self.action_seconds.observe(seconds)
        if kind is not None:
            self.actions.labels(kind=kind).inc()

    def render(self) -> bytes:
        """The text exposition of every metric."""
        return generate_latest(self.registry)


class HttpErrorsMiddleware:
    """Counts the HTTP answers with an error status (``4xx``, ``5xx``) in ``metrics``; an
    exception on its way to the 500 handler counts as ``5xx``."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def counted(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] >= 400:
                self._count(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, counted)
        except Exception:
            self._count(500)
            raise

    def _count(self, status: int) -> None:
        self.metrics.http_errors.labels(status=f"{status // 100}xx").inc()
