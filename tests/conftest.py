"""Shared fixtures of the rules-engine tests."""

from __future__ import annotations

import pytest


@pytest.fixture(params=["compiled", "python"])
def generator(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test once with the compiled legal-play generator (``nardy._fastgen``) and
    once with the pure-Python one (``NARDY_PURE_PYTHON=1``); both must obey RULES.md.
    Opt in per module with ``pytestmark = pytest.mark.usefixtures("generator")``."""
    if request.param == "compiled":
        from nardy.movegen import compiled

        if not compiled.available():
            pytest.skip(f"compiled generator not available: {compiled.unavailable_reason()}")
        monkeypatch.delenv("NARDY_PURE_PYTHON", raising=False)
    else:
        monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    return request.param
