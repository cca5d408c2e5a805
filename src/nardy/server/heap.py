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

Not for a process that builds many apps (the tests): what ``freeze`` holds is not
collected until a thaw, so only ``nardy serve`` calls it, once per process.

``Ageing`` goes on from there while the server runs (``settle`` starts it, the app's
tick steps it):

* every ``FREEZE_EVERY`` seconds it freezes what is alive again. The games and sockets
  that lived through a while are the old objects a full collection kept walking (at 500
  games ~226,000 of them, 163 ms a walk, two walks in a 90 s run, ~250 ms each and nine
  in a 240 s run: most round trips over 100 ms once every game had started). Frozen,
  they are out of every automatic collection, which sees only what was made since: in
  90-240 s runs at 500 games no full collection ran at all. A frozen object that dies
  by its reference count (almost all do: a finished game let go, a closed socket's
  frames) is freed at once as any other; only a garbage *cycle* among frozen objects
  waits —
* for the thaw: every ``THAW_EVERY`` seconds everything is unfrozen, collected once
  (the whole heap: one long pause every ten minutes, 804 ms at 500 games ten minutes
  old, where the full collections it replaces came every 20-30 s at 200-400 ms each)
  and frozen again. What a thaw finds is the memory the freezing
  held back: the metrics count it (``nardy_gc_thawed_objects``) beside the pauses. At
  500 games with a thaw every two minutes (a 240 s run, to see it), the thaws found
  5,900-9,700 objects in all, and the run had two to four whole-heap collections of
  ~240 ms. An 11-minute run (660 s, 500 games, the games' ends and new ones
  included), frozen once at startup / aged: p99 641 / 141 ms; 27 / 6 whole-heap
  collections, 10.1 / 1.1 s of pauses in all; the thaw found 23,995 objects; the
  server's memory at the end 396 / 384 MB (the freezing holds back no more than the
  thaw frees).
"""

from __future__ import annotations

import contextlib
import gc
import time
from collections import deque
from collections.abc import Callable, Iterator

#: Collection thresholds: (first generation, second, third). CPython's are (700, 10, 10).
THRESHOLDS = (2_000, 10, 10)


#: Seconds between two freezes of what is alive, and between two thaws (see the module).
FREEZE_EVERY = 15.0
THAW_EVERY = 600.0


class Ageing:
    """Freezes what is alive every ``freeze_every`` seconds of ``clock``, and every
    ``thaw_every`` unfreezes it all, collects and freezes again (see the module); a
    no-op until ``start``."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        freeze_every: float = FREEZE_EVERY,
        thaw_every: float = THAW_EVERY,
    ) -> None:
        self.clock = clock
        self.freeze_every = freeze_every
        self.thaw_every = thaw_every
        self.started = False
        self._frozen_at = self._thawed_at = 0.0
        self._found = 0

    def start(self) -> None:
        """Freeze what is alive now and raise the first generation's threshold."""
        gc.collect()  # (what is garbage already is not frozen)
        gc.freeze()
        gc.set_threshold(*THRESHOLDS)
        self._frozen_at = self._thawed_at = self.clock()
        self.started = True

    def step(self) -> None:
        """Freeze or thaw if it is time to."""
        if not self.started:
            return
        now = self.clock()
        if now - self._thawed_at >= self.thaw_every:
            gc.unfreeze()
            self._found += gc.collect()
            gc.freeze()
            self._frozen_at = self._thawed_at = now
        elif now - self._frozen_at >= self.freeze_every:
            gc.freeze()
            self._frozen_at = now

    async def step_async(self) -> None:
        """``step`` as a tick's step."""
        self.step()

    def take_found(self) -> int:
        """The unreachable objects the thaws found since the last call."""
        found, self._found = self._found, 0
        return found


#: This process's heap (the collector is the process's, not an app's).
AGEING = Ageing()


def settle() -> None:
    """Freeze what is alive now, raise the first generation's threshold, and go on
    freezing and thawing as the app's tick steps ``AGEING`` (see the module)."""
    AGEING.start()


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
