"""How long one engine request may search: a time limit and the ``stop`` command.

A bot command deepens one ply at a time (0 ply, 1 ply, … up to the depth asked), and
the search polls :meth:`Budget.exhausted` at every node it expands
(``nardy.bots.search.Search.stop``); when the time is up or a ``stop`` came, the
answer is the deepest result that completed, marked ``"complete": false``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TypeVar

from nardy.bots.search import Search, SearchStopped

#: Seconds a request may search when it gives no ``time_limit``.
DEFAULT_TIME_LIMIT = 10.0
#: Longest ``time_limit`` a request may ask for, in seconds.
MAX_TIME_LIMIT = 600.0

T = TypeVar("T")


@dataclass
class Budget:
    """One request's budget: it is exhausted once ``clock()`` reaches ``deadline`` or
    ``stopped()`` says a ``stop`` came for it."""

    clock: Callable[[], float]
    deadline: float
    stopped: Callable[[], bool]

    def exhausted(self) -> bool:
        return self.stopped() or self.clock() >= self.deadline


@contextmanager
def searching(search: Search, budget: Budget | None) -> Iterator[None]:
    """``search`` polling ``budget`` for the duration (no budget: unlimited)."""
    if budget is None:
        yield
        return
    search.stop = budget.exhausted
    try:
        yield
    finally:
        search.stop = None


def deepening(
    compute: Callable[[int], T], plies: int, search: Search, budget: Budget | None
) -> tuple[T, int, bool]:
    """``(result, depth reached, complete)``: ``compute(depth)`` for depth 0, 1, …,
    ``plies`` until the budget runs out; the 0-ply result is never cut short, and the
    search's cache makes each depth reuse the one before."""
    with searching(search, budget):
        result = compute(0)
        for depth in range(1, plies + 1):
            try:
                result = compute(depth)
            except SearchStopped:
                return result, depth - 1, False
    return result, plies, True
