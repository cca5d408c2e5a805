"""The server's background ticks (the lobby's pairing, the tournaments' rounds, the
flag and guest sweeps): a step run every so many seconds for as long as the app runs,
where a failing step is logged and the next one runs on time (a tick that died on one
bad row would stop pairing the whole club)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

log = logging.getLogger(__name__)


@contextlib.asynccontextmanager
async def ticking(
    step: Callable[[], Awaitable[object]], every: float, what: str
) -> AsyncIterator[None]:
    """Run ``step`` now and then every ``every`` seconds while the context lasts;
    ``what`` names it in the log when it fails."""

    async def loop() -> None:
        while True:
            try:
                await step()
            except Exception:
                log.exception("%s failed", what)
            await asyncio.sleep(every)

    task = asyncio.create_task(loop())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
