"""Several ``nardy serve`` processes started at once on a new database each migrate it
(``nardy.server.db.migrate``): they must take turns, not race to create the schema
(on PostgreSQL the loser crashed with a ``UniqueViolation`` on ``alembic_version``)."""

from __future__ import annotations

import subprocess
import sys

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text

from nardy.server.db import MIGRATIONS, make_engine

#: Processes migrating at once (four lost the race every time before the lock).
RACERS = 4

#: One racer: imports everything first, says so, and migrates when told to go.
RACER = """
import sys
from nardy.server.db import make_engine, migrate
engine = make_engine(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
migrate(engine)
"""


def test_processes_migrating_at_once_take_turns(db_url: str) -> None:
    racers = [
        subprocess.Popen(
            [sys.executable, "-c", RACER, db_url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(RACERS)
    ]
    for racer in racers:
        assert racer.stdout is not None and racer.stdout.readline() == "ready\n"
    for racer in racers:  # all go at once
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    errors = [racer.communicate(timeout=120)[1] for racer in racers]
    assert [r.returncode for r in racers] == [0] * RACERS, errors
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            versions = conn.execute(text("SELECT version_num FROM alembic_version")).all()
    finally:
        engine.dispose()
    assert versions == [(ScriptDirectory.from_config(cfg).get_current_head(),)]
