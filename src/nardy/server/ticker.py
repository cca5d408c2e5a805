"""The server's background ticks (the lobby's pairing, the tournaments' rounds, the
flag and guest sweeps): a step run every so many seconds for as long as the app runs,
where a failing step is logged and the next one runs on time (a tick that died on one
bad row would stop pairing the whole club). A step failing tick after tick (Redis down)
is logged as ``FailureLog`` says: its first traceback, then a count now and then."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from nardy.server.logs import FailureLog

log = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def ticking(
    step: Callable[[], Awaitable[object]], every: float, what: str
) -> AsyncIterator[None]:
    """Run ``step`` now and then every ``every`` seconds while the context lasts;
    ``what`` names it in the log when it fails."""

    stopping = asyncio.Event()
    failures = FailureLog(log, what)

    async def loop() -> None:
        while not stopping.is_set():
            try:
                await step()
            except Exception as exc:
                failures.failed(exc)
            else:
                failures.worked()
            # (the stop is an event as well as a cancel: a step whose library swallows
            # the cancel, as a Redis client may, must not keep the loop, and with it
            # the app's shutdown, going)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stopping.wait(), every)

    task = asyncio.create_task(loop())
    try:
        yield
    finally:
        stopping.set()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
