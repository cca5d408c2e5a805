"""The compiled generator's absence is said once, with the reason (issue: a clear
one-line notice instead of silently running ~25x slower); ``NARDY_PURE_PYTHON=1`` is a
deliberate choice and stays silent."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest

from nardy.movegen import compiled

#: Imports the generator with the extension made unimportable, then plays a roll twice.
SCRIPT = """
import sys
sys.modules["nardy._fastgen"] = None  # as when the extension was never built
from nardy.movegen import compiled, legal_candidates
from nardy.variants import find_variant
v = find_variant("long")
assert not compiled.available()
for _ in range(2):
    assert len(legal_candidates(v, v.start_position(), 6, 5)) == 1
"""


def _run(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "NARDY_PURE_PYTHON"}
    env.update(env_extra)
    return subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=120
    )


def test_a_missing_extension_is_noticed_once_with_the_reason() -> None:
    proc = _run({})
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    assert "nardy._fastgen is not built" in lines[0]
    assert "None in sys.modules" in lines[0]  # the ImportError's own text: the why
    assert "pure-Python" in lines[0]


def test_pure_python_by_choice_is_silent() -> None:
    proc = _run({"NARDY_PURE_PYTHON": "1"})
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


@pytest.mark.parametrize(
    ("reason", "environ", "logged"),
    [
        ("the extension nardy._fastgen is not built (no module)", {}, True),
        ("the extension nardy._fastgen is not built (no module)", {"NARDY_PURE_PYTHON": "0"}, True),
        (
            "the extension nardy._fastgen is not built (no module)",
            {"NARDY_PURE_PYTHON": "1"},
            False,
        ),
        ("", {}, False),  # built: nothing to say
    ],
)
def test_notice_unavailable(
    caplog: pytest.LogCaptureFixture, reason: str, environ: dict[str, str], logged: bool
) -> None:
    with caplog.at_level(logging.WARNING, logger=compiled.__name__):
        assert compiled.notice_unavailable(reason, environ) is logged
    assert len(caplog.records) == int(logged)
    if logged:
        assert reason in caplog.records[0].getMessage()
