"""Rate limits (guest creation, login attempts) behind one small interface.

``Throttle`` is what the server uses; ``LimitsThrottle`` implements it with the
``limits`` library (moving windows). Its counts are kept in this process's memory by
default, which is right for the single-process server; several processes share a
Redis storage, which ``limits`` provides (``Settings.rate_limit_storage``
``"redis://host:6379"``, with the ``redis`` package of the server extra)."""

from __future__ import annotations

import math
import time
from typing import Protocol

from limits import RateLimitItem, parse
from limits.storage import Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from nardy.server.api_error import ApiError


class Throttled(ApiError):
    """429: too many attempts; ``retry_after`` seconds until the next is allowed."""

    def __init__(self, code: str, retry_after: int) -> None:
        super().__init__(429, code, code, wait=retry_after)
        self.retry_after = retry_after


class Throttle(Protocol):
    """Counts attempts per key under a named limit."""

    def retry_after(self, limit: str, key: str) -> int | None:
        """Seconds to wait when ``key`` has used up ``limit`` now; None when allowed."""

    def hit(self, limit: str, key: str) -> None:
        """Count one attempt of ``key`` against ``limit``."""

    def clear(self, limit: str, key: str) -> None:
        """Forget ``key``'s attempts against ``limit``."""


class LimitsThrottle:
    """``Throttle`` over ``limits``: ``rates`` maps a limit's name to its rate in the
    ``limits`` notation (``"10 per 15 minutes"``); ``storage`` is a ``limits`` storage
    URI."""

    def __init__(self, rates: dict[str, str], storage: str = "memory://") -> None:
        self.items: dict[str, RateLimitItem] = {name: parse(r) for name, r in rates.items()}
        store = storage_from_string(storage)
        if not isinstance(store, Storage):  # an "async+..." URI
            raise ValueError(f"{storage!r} is an asynchronous storage; the throttle is not")
        self.storage = store
        self.limiter = MovingWindowRateLimiter(self.storage)

    def retry_after(self, limit: str, key: str) -> int | None:
        item = self.items[limit]
        if self.limiter.test(item, key):
            return None
        reset, _left = self.limiter.get_window_stats(item, key)
        # ``limits`` keeps its windows by the wall clock
        return max(1, math.ceil(reset - time.time()))

    def hit(self, limit: str, key: str) -> None:
        self.limiter.hit(self.items[limit], key)

    def clear(self, limit: str, key: str) -> None:
        self.limiter.clear(self.items[limit], key)
