"""Shared set-up of the end-to-end tests in real headless Chromium (Debian
``chromium`` driven by Playwright); the ``browser`` and ``shots`` fixtures are in
``conftest.py``."""

from __future__ import annotations

import time
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
#: The visible buttons still in the browser's own dress: its grey face or raised border.
BARE_BUTTONS = """() => [...document.querySelectorAll("button")]
  .filter((b) => b.offsetParent !== null)
  .filter((b) => { const c = getComputedStyle(b);
    return c.backgroundColor === "rgb(239, 239, 239)" || c.borderTopStyle === "outset"; })
  .map((b) => b.id || b.className || b.innerText)"""

#: The elements marked hidden that still take room on the page: a rule giving one a
#: display of its own undoes the attribute (the lobby's empty "you are playing" card).
HIDDEN_SHOWN = """() => [...document.querySelectorAll("[hidden]")]
  .filter((e) => e.getClientRects().length > 0)
  .map((e) => e.id || e.className || e.tagName)"""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


#: Reports every Content-Security-Policy violation of the page to its console.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
"""


def new_page(
    browser: Any,
    viewport: dict[str, int],
    locale: str = "ru-RU",
    *,
    motion: bool = True,
    own_certificate: bool = False,
) -> Any:
    """A page in a fresh context, ``watch``ed. ``motion`` False: a player who asked for
    no motion and no thinking pause (prefers-reduced-motion, the pause setting off), so
    that a test playing a whole game does not wait ~2 s to watch each of the
    computer's plays (test_browser_play shows those plays with both on).
    ``own_certificate``: the site's TLS certificate is the test's own (nginx in front),
    which the browser is told to accept."""
    ctx = browser.new_context(
        viewport=viewport,
        locale=locale,
        reduced_motion="no-preference" if motion else "reduce",
        ignore_https_errors=own_certificate,
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


# -- a game between two browsers, by clicking (test_browser, and through nginx in front of
# two processes in test_deploy_two_processes) ------------------------------------------
def seq(page: Any) -> int:
    return int(page.eval_on_selector("#board", "b => Number(b.dataset.seq || 0)"))


def wait_seq_above(page: Any, n: int) -> None:
    """Wait for the board past event ``n`` (its number when called: numbers only grow).
    Selectors, not ``wait_for_function``: the page's CSP forbids evaluating strings."""
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{n}'])")


def play_turn_by_clicking(page: Any) -> None:
    """Click a highlighted checker, then a highlighted point, until the play is
    complete; then confirm. The page holds no rules: it shows what the server sent.
    A player who may double rolls first (the Roll button); the computer's offer to
    resign a lost game is accepted (the Accept button), which ends the game."""
    if page.locator("#accept").count():
        before = seq(page)
        page.click("#accept")
        wait_seq_above(page, before)
        return
    if page.locator("#roll").count():
        before = seq(page)
        page.click("#roll")
        wait_seq_above(page, before)
        if not page.locator("#board .hit.src").count():
            return  # nothing to play: the turn passed
    while page.locator("#confirm:disabled").count():
        before = seq(page)
        page.locator("#board .hit.src").first.click()
        page.locator("#board .hit.dst").first.click()
        wait_seq_above(page, before)
    before = seq(page)
    page.click("#confirm")
    wait_seq_above(page, before)


def my_turn(page: Any) -> bool:
    st = page.locator("#status")
    return st.get_attribute("data-turn") == st.get_attribute("data-role")


def start_friend_game(
    a: Any, b: Any, base: str, variant: str, clock: str | None = None
) -> tuple[Any, Any]:
    """Page ``a`` starts a game against a friend at ``base`` (with the lobby's
    ``clock`` of that name), page ``b`` joins it by the invitation link; both wait
    until they know their colour. (mover, other): the page whose turn it is first,
    then the other."""
    a.goto(base + "/")
    a.select_option("#new-game select[name=mode]", "friend")
    a.select_option("#new-game select[name=variant]", variant)
    if clock is not None:
        a.select_option("#new-clock", clock)
    a.click("#start")
    a.wait_for_selector("#invite")
    invite = a.input_value("#invite")
    assert "/join/" in invite
    b.goto(invite)
    b.wait_for_selector("#board .hit")
    a.wait_for_selector("#status[data-role]:not([data-role='player'])")
    b.wait_for_selector("#status[data-role]:not([data-role='player'])")
    return (a, b) if my_turn(a) else (b, a)


def open_home(page: Any, base: str) -> None:
    """Opens the club's front page and waits for the page's own ``/api/session``: an
    anonymous visitor's CSRF cookie is set by whichever answer comes last, so a test
    that asks for a token while the page's request is still in flight can hold a
    token the cookie no longer matches."""
    with page.expect_response(lambda r: r.url.endswith("/api/session")):
        page.goto(base + "/")


def page_api(page: Any, server: Any, method: str, path: str, body: Any = None) -> Any:
    """A request with the page's cookies (its context's) and its CSRF token."""
    token = page.request.get(server.url + "/api/session").json()["csrf"]
    r = page.request.fetch(
        server.url + path, method=method, data=body, headers={"x-csrf-token": token}
    )
    assert r.ok, r.text()
    return r.json()


#: The tab's visibility as the page sees it, set by the test: a headless page is always
#: visible, and a hidden tab is what the title's signal is for.
FAKE_VISIBILITY = """
Object.defineProperty(document, "hidden", { configurable: true,
  get: () => Boolean(window.__hidden) });
Object.defineProperty(document, "visibilityState", { configurable: true,
  get: () => (window.__hidden ? "hidden" : "visible") });
"""


def set_hidden(page: Any, hidden: bool) -> None:
    page.evaluate(
        "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def title_becomes(page: Any, text: str, within: float = 20.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if page.title() == text:
            return True
        time.sleep(0.05)
    return False


def played(page: Any) -> list[str]:
    return list(page.evaluate("window.__nardySignals.played"))


# -- the page's lobby sockets (the lobby's, the tournaments' and news.js's) ----------
#: Records the page's lobby sockets: whether each has heard its snapshot (it comes once
#: the server has subscribed it: from then on nothing sent to it is missed; and the page
#: knows his games from it, so that one new in a later snapshot is found). Not any
#: message: the lobby's tick may send "online" between the subscription and the
#: snapshot, and a socket dropped then leaves the page no snapshot to compare the next
#: one with (a game that started meanwhile is then not found: the tunnel tests failed so).
#: (This listener comes before the page's own: by the time the test reads ``heard``,
#: the page has taken the snapshot in too.)
LOBBY_SOCKETS = """
window.__lobby = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(url, protocols) {
    super(url, protocols);
    if (String(url).endsWith("/ws/lobby")) {
      const rec = { heard: false, closed: false };
      window.__lobby.push(rec);
      this.addEventListener("message", (e) => {
        if (JSON.parse(e.data).type === "snapshot") rec.heard = true;
      });
      this.addEventListener("close", () => { rec.closed = true; });
    }
  }
};
"""
LISTENING = "() => window.__lobby.some((s) => s.heard && !s.closed)"


def moderator_and_members(browser: Any, server: Any) -> tuple[Any, Any, Any]:
    """Three members signed up on the lobby: vera, a moderator (Russian, desktop);
    grisha, who is rude (English, phone); lev, who reports him (Russian, phone)."""
    from click.testing import CliRunner

    from nardy.cli import main as cli

    m = new_page(browser, DESKTOP)
    g = new_page(browser, PHONE, locale="en-US")
    c = new_page(browser, PHONE)
    for page, name in ((m, "vera"), (g, "grisha"), (c, "lev")):
        open_home(page, server.url)
        page_api(
            page, server, "POST", "/api/register", {"username": name, "password": "correct horse"}
        )
    made = CliRunner().invoke(cli, ["admin", "moderator", "vera", "--db", server.db_url])
    assert made.exit_code == 0, made.output
    return m, g, c
