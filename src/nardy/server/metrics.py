"""The server's Prometheus metrics (``GET /metrics``, ``prometheus-client``).

Each application keeps its own ``CollectorRegistry`` (several apps live in one test
process, and the library's global registry would mix their counts). What is measured:
open websockets and games in memory (read when scraped), player actions applied by kind
and the time ``GameService.act`` takes, HTTP error answers by status class, the time
the computer takes to choose a play, and the garbage collector's pauses by generation
(every thread waits through one: a whole-heap collection is a tail of every action in
flight). The services report through plain callbacks
(``GameService.on_act``, ``Computer.on_move``), so they know nothing of Prometheus.

Under ``nardy serve --workers N`` the workers share one port, so a scrape reaches one
worker at random: there the parent names a directory in ``PROMETHEUS_MULTIPROC_DIR``
before it starts them, every worker's values go to files in it (prometheus-client's
multiprocess mode, chosen when the library is imported), and each scrape answers the
sum over the workers. The two gauges are then set by each worker (``refresh``, on a
tick and at each scrape) and summed over the live ones; a dead worker's are dropped."""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Protocol

from prometheus_client import CONTENT_TYPE_LATEST as CONTENT_TYPE
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nardy.server.botplayer import Computer
from nardy.server.heap import AGEING, Pauses
from nardy.server.service import GameService

__all__ = ["CONTENT_TYPE", "MULTIPROC_ENV", "REFRESH_EVERY", "HttpErrorsMiddleware", "Metrics"]

#: The directory of the workers' shared values (prometheus-client reads this variable).
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
#: How often (seconds) a worker of several sets its gauges for the others' scrapes.
REFRESH_EVERY = 2.0
#: A live gauge's file: ``gauge_livesum_<pid>.db``.
_LIVE_FILE = re.compile(r"gauge_live\w+?_(\d+)\.db")

#: Buckets of an action's time, in seconds (a move stores one event: milliseconds; a
#: computer's turn inside the action takes longer).
ACTION_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Buckets of the computer's time for one play.
MOVE_BUCKETS = (0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: Buckets of a garbage-collector pause (the young generations: well under a
#: millisecond; a whole-heap collection over a crowd's games and sockets: ~100 ms).
GC_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class OpenSockets(Protocol):
    """What the metrics read of the sockets' counts (``routes.ws.SocketCaps``: the
    routes sit above this module, so it names only what it needs)."""

    def total(self) -> int: ...


class Metrics:
    """One application's metrics, in its own registry."""

    def __init__(self, games: GameService, computer: Computer, sockets: OpenSockets) -> None:
        self.shared_dir = os.environ.get(MULTIPROC_ENV) or None
        self.registry = CollectorRegistry()
        # several workers: the metrics live in a registry of their own (their values
        # go to the shared files) and the one answered reads every worker's files
        r = CollectorRegistry() if self.shared_dir else self.registry
        if self.shared_dir:
            MultiProcessCollector(self.registry, path=self.shared_dir)  # type: ignore[no-untyped-call]
        self._games, self._sockets = games, sockets
        self.websockets = Gauge(
            "nardy_websockets", "Open websockets.", registry=r, multiprocess_mode="livesum"
        )
        self.live = Gauge(
            "nardy_live_games", "Games kept in memory.", registry=r, multiprocess_mode="livesum"
        )
        if not self.shared_dir:  # read when scraped
            self.websockets.set_function(lambda: float(sockets.total()))
            self.live.set_function(lambda: float(len(games.live)))
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
        self.gc_seconds = Histogram(
            "nardy_gc_pause_seconds",
            "Garbage-collector pauses (every thread and the event loop wait), by generation"
            " (2: the whole heap).",
            ["generation"],
            buckets=GC_BUCKETS,
            registry=r,
        )
        self.gc_thawed = Counter(
            "nardy_gc_thawed_objects",
            "Unreachable objects the heap's thaws found: garbage cycles that waited, frozen,"
            " for the thaw (nardy.server.heap.Ageing).",
            registry=r,
        )
        #: The pauses, recorded while the app runs and taken into the histogram at
        #: each refresh (``heap.Pauses`` says why not at once).
        self.gc_pauses = Pauses()
        games.on_act = self.acted
        computer.on_move = self.computer_seconds.observe
        self.refresh()

    async def refresh_async(self) -> None:
        """``refresh`` as a tick's step."""
        self.refresh()

    def refresh(self) -> None:
        """Take the collector's pauses in, and set this worker's gauges (several
        workers only: one alone reads them when scraped)."""
        for generation, seconds in self.gc_pauses.drain():
            self.gc_seconds.labels(generation=str(generation)).observe(seconds)
        self.gc_thawed.inc(AGEING.take_found())
        if self.shared_dir:
            self.websockets.set(self._sockets.total())
            self.live.set(len(self._games.live))

    def acted(self, kind: str | None, seconds: float) -> None:
        """``GameService.act`` took ``seconds``; ``kind`` is the action applied, None
        when it was refused."""
        self.action_seconds.observe(seconds)
        if kind is not None:
            self.actions.labels(kind=kind).inc()

    def render(self) -> bytes:
        """The text exposition of every metric (every worker's, summed, when several)."""
        self.refresh()
        if self.shared_dir:
            self._forget_dead_workers()
        return generate_latest(self.registry)

    def _forget_dead_workers(self) -> None:
        """Drop the gauges of workers no longer running (uvicorn restarts a dead one
        under a new pid, and its sockets and games went with it); their counts stay,
        as counts do."""
        assert self.shared_dir is not None
        for path in Path(self.shared_dir).glob("gauge_live*.db"):
            m = _LIVE_FILE.fullmatch(path.name)
            if m is None:
                continue
            pid = int(m.group(1))
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                with contextlib.suppress(FileNotFoundError):
                    mark_process_dead(pid, self.shared_dir)  # type: ignore[no-untyped-call]
            except PermissionError:  # alive, another user's
                pass


class HttpErrorsMiddleware:
    """Counts the HTTP answers with an error status (``4xx``, ``5xx``) in ``metrics``: a
    handler that raised among them (``logs.RequestLogMiddleware`` answers it 500), and
    an exception that gets past that as ``5xx`` too."""

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
