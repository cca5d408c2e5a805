"""Shared set-up of the end-to-end tests in real headless Chromium (Debian
``chromium`` driven by Playwright); the ``browser`` and ``shots`` fixtures are in
``conftest.py``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")

#: Marks for a browser test module: ``pytestmark = BROWSER_MARKS``.
BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian chromium at /usr/bin/chromium (apt-get install chromium)",
    ),
]

#: Chromium flags for a closed network (no background connections, no first-run work).
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


#: Reports every Content-Security-Policy violation of the page to its console.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
"""


def new_page(
    browser: Any, viewport: dict[str, int], locale: str = "ru-RU", *, motion: bool = True
) -> Any:
    """A page in a fresh context, ``watch``ed. ``motion`` False: a player who asked for
    no motion and no thinking pause (prefers-reduced-motion, the pause setting off), so
    that a test playing a whole game does not wait ~2 s to watch each of the
    computer's plays (test_browser_play shows those plays with both on)."""
    ctx = browser.new_context(
        viewport=viewport, locale=locale, reduced_motion="no-preference" if motion else "reduce"
    )
    if not motion:
        ctx.add_init_script("localStorage.setItem('nardy-think-pause', '0')")
    return watch(ctx.new_page())


def watch(page: Any) -> Any:
    """``page`` with its uncaught errors collecting in ``page.errors``, and its
    Content-Security-Policy violations (the browser's console reports and the
    ``securitypolicyviolation`` events) in ``page.csp``."""
    page.add_init_script(CSP_REPORTER)
    errors: list[str] = []
    csp: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "console",
        lambda m: (
            csp.append(m.text)
            if "Content Security Policy" in m.text or m.text.startswith("CSP violation")
            else None
        ),
    )
    page.errors = errors
    page.csp = csp
    return page
