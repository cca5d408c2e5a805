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


def test_settle_freezes_the_built_app_and_raises_the_first_threshold(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "nardy.sqlite3")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["before"] == 0
    assert got["frozen"] > 50_000  # the imports and the app: all of it, not a part
    assert tuple(got["thresholds"]) == THRESHOLDS != (700, 10, 10)
