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
"""

from __future__ import annotations

import gc

#: Collection thresholds: (first generation, second, third). CPython's are (700, 10, 10).
THRESHOLDS = (2_000, 10, 10)


def settle() -> None:
    """Freeze what is alive now and raise the first generation's threshold (see the
    module)."""
    gc.collect()  # (what is garbage already is not frozen)
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
