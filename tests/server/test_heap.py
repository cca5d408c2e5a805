"""``nardy serve`` sets its garbage collector for a long-running server
(``nardy.server.heap``): what is alive once the app is built is frozen, the first
generation's threshold raised. Checked in a fresh interpreter, since a frozen heap is
never collected (the test process builds many apps)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from nardy.server.heap import THRESHOLDS

PROBE = """
import gc, json, sys
from nardy.server import Settings, create_app
from nardy.server.heap import settle
app = create_app(Settings(db_url="sqlite:///" + sys.argv[1]))
before = gc.get_freeze_count()
settle()
print(json.dumps({"before": before, "frozen": gc.get_freeze_count(),
                  "thresholds": gc.get_threshold()}))
"""


def last_line(script: str, *args: str) -> str:
    """The last line ``script`` prints, run in a fresh interpreter (its stderr shown
    when it fails)."""
    out = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_settle_freezes_the_built_app_and_raises_the_first_threshold(tmp_path: Path) -> None:
    got = json.loads(last_line(PROBE, str(tmp_path / "nardy.sqlite3")))
    assert got["before"] == 0
    assert got["frozen"] > 50_000  # the imports and the app: all of it, not a part
    assert tuple(got["thresholds"]) == THRESHOLDS != (700, 10, 10)


AGEING_PROBE = """
import gc, json, weakref
from nardy.server.heap import Ageing
now = [0.0]
ageing = Ageing(clock=lambda: now[0], freeze_every=10, thaw_every=100)

class Node:
    pass

def cycle():
    n = Node()
    n.me = n  # garbage only the collector finds once the last name is gone
    return n, weakref.ref(n)

out = {}
ageing.step()
out["frozen_unstarted"] = gc.get_freeze_count()
ageing.start()
out["frozen_at_start"] = gc.get_freeze_count()
young, young_ref = cycle()
del young
gc.collect()
out["young_cycle_collected"] = young_ref() is None
old, old_ref = cycle()
now[0] = 9.0
ageing.step()
out["frozen_before_time"] = gc.get_freeze_count()
now[0] = 10.0
ageing.step()
out["frozen_at_10"] = gc.get_freeze_count()
del old
gc.collect()
out["frozen_cycle_waits"] = old_ref() is not None
now[0] = 99.0
ageing.step()
out["waits_till_thaw"] = old_ref() is not None
now[0] = 100.0
ageing.step()
out["thaw_collected"] = old_ref() is None
out["found"] = ageing.take_found()
out["found_again"] = ageing.take_found()
out["frozen_after_thaw"] = gc.get_freeze_count()
out["thresholds"] = gc.get_threshold()
print(json.dumps(out))
"""


def test_ageing_freezes_the_survivors_and_a_thaw_collects_their_garbage_cycles() -> None:
    """Between freezes an automatic collection walks only what was made since; a
    garbage cycle among frozen objects waits for the thaw, which collects it, counts
    it and freezes what lives again (an injected clock)."""
    got = json.loads(last_line(AGEING_PROBE))
    assert got["frozen_unstarted"] == 0  # a process that did not settle: untouched
    assert got["frozen_at_start"] > 0
    assert got["young_cycle_collected"]  # not frozen yet: collected as ever
    assert got["frozen_before_time"] == got["frozen_at_start"]
    assert got["frozen_at_10"] > got["frozen_at_start"]  # the cycle among them
    assert got["frozen_cycle_waits"] and got["waits_till_thaw"]
    assert got["thaw_collected"]
    assert got["found"] >= 1 and got["found_again"] == 0
    assert got["frozen_after_thaw"] > 0
    assert tuple(got["thresholds"]) == THRESHOLDS


METRIC_PROBE = """
import gc, sys
from fastapi.testclient import TestClient
from nardy.server import Settings, create_app
from nardy.server.heap import AGEING, settle

class Node:
    pass

app = create_app(Settings(db_url="sqlite:///" + sys.argv[1]))
settle()
n = Node()
n.me = n
now = [AGEING.clock()]
AGEING.clock = lambda: now[0]
AGEING.step()  # (not yet time: nothing)
gc.freeze()  # the cycle among the frozen, as a freeze of the tick would leave it
del n
now[0] += AGEING.thaw_every
with TestClient(app, client=("127.0.0.1", 5000)) as c:
    AGEING.step()
    for line in c.get("/metrics").text.splitlines():
        if line.startswith("nardy_gc_thawed_objects_total"):
            print(line)
"""


def test_the_metrics_count_what_a_thaw_found(tmp_path: Path) -> None:
    line = last_line(METRIC_PROBE, str(tmp_path / "nardy.sqlite3"))
    assert line.startswith("nardy_gc_thawed_objects_total ")
    assert float(line.split()[1]) >= 1  # the cycle
