"""The server process's garbage collector, set for a long-running server.

CPython's full (generation 2) collection walks every tracked object, and it pauses
every thread and the event loop while it does. ``bench/serve_load.py`` at 500 games
(SQLite, 2 cores) found a full collection every ~13 s taking 100-250 ms over ~370,000
objects: the imports' and the app's ~210,000, and the live games' and the sockets'
(~18,000 suspended coroutines for ~1,000 websockets). Each pause held up every action
in flight: they were most of the round trips over 100 ms once every game had started.

``settle`` is called once the app is built, before the first request:

* ``gc.freeze()`` moves everything alive then (modules, the app, the nets) to a
  generation no collection walks again: a full collection then costs what the games
  and sockets hold, not the imports (100-160 ms instead of 250);
* a first-generation threshold of 2,000 instead of 700: fewer of a request's objects
  are still alive when a collection looks, so fewer survive into the older
  generations, whose growth is what triggers a full collection (CPython runs one when
  they grew by a quarter). Larger thresholds (10,000) measured no better: the
  second-generation collections they leave grow to ~100 ms themselves.

Measured (500 games, 60 s, the round trips once settled, from twice the ramp on): p99
249 and 252 ms as CPython sets it; with the freeze alone 116 ms; with both 82, 84,
111 and 174 ms (that run had two full collections still, of 115 and 196 ms). The
figures are in bench/serve_load.py.

Not for a process that builds many apps (the tests): what ``freeze`` holds is never
collected, so only ``nardy serve`` calls it, once per process.

``Pauses`` times every collection while an app runs; the metrics report them
(``nardy_gc_pause_seconds`` by generation), so that an operator sees what the collector
costs the tail of the round trips.
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections import deque
from collections.abc import Iterator

#: Collection thresholds: (first generation, second, third). CPython's are (700, 10, 10).
THRESHOLDS = (2_000, 10, 10)


def settle() -> None:
    """Freeze what is alive now and raise the first generation's threshold (see the
    module)."""
    gc.collect()  # (what is garbage already is not frozen)
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


#: The most pauses kept between two drains (a drain every ``metrics.REFRESH_EVERY``
#: seconds; even a busy server collects its youngest generation a few hundred times a
#: second at most): older ones are dropped rather than let the record grow.
KEPT = 10_000


class Pauses:
    """The collector's pauses while ``installed``: (generation, seconds), taken by
    ``drain``. The callback only appends to a bounded deque: it runs inside a
    collection, on whichever thread allocated, where taking a lock (a metric's) could
    deadlock against that very thread."""

    def __init__(self) -> None:
        self._began = 0.0
        self._seen: deque[tuple[int, float]] = deque(maxlen=KEPT)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self._seen.append((info["generation"], time.perf_counter() - self._began))

    def drain(self) -> list[tuple[int, float]]:
        """The pauses since the last drain, oldest first."""
        out = []
        while self._seen:
            out.append(self._seen.popleft())
        return out

    @contextlib.contextmanager
    def installed(self) -> Iterator[Pauses]:
        """Record while the context lasts (``gc.callbacks`` is the process's: each
        app takes its own callback off when it stops)."""
        gc.callbacks.append(self._callback)
        try:
            yield self
        finally:
            gc.callbacks.remove(self._callback)
