"""The installable app and the turn signals in real headless Chromium against a real
``nardy serve``: the service worker installs and the app shell opens offline (issue
15.8); the tab's title flashes when it becomes your turn in a hidden tab, the sounds
play after the first tap, and the header's menu switches the signals (issue 16.11).
Screenshots go to ``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser_helpers import (
    ARGS,
    BROWSER_MARKS,
    CHROMIUM,
    DESKTOP,
    FAKE_VISIBILITY,
    PHONE,
    new_page,
    played,
    set_hidden,
    title_becomes,
    watch,
)

from nardy.i18n import t

pytestmark = BROWSER_MARKS

TITLE = "Партия — Нарды"  # the game page's (app.js)
YOUR_TURN = t("web.your-turn-title", "ru")


def seq(page: Any) -> int:
    return int(page.eval_on_selector("#board", "b => Number(b.dataset.seq || 0)"))


def wait_seq_above(page: Any, n: int) -> None:
    # selectors, not wait_for_function: the page's CSP forbids evaluating strings
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{n}'])")


def play_turn(page: Any) -> None:
    """Play one whole turn by clicking highlighted checkers and points, and confirm it;
    then wait until it is this player's turn again (the computer has answered)."""
    while page.locator("#confirm:disabled").count():
        before = seq(page)
        page.locator("#board .hit.src").first.click()
        page.locator("#board .hit.dst").first.click()
        wait_seq_above(page, before)
    before = seq(page)
    page.click("#confirm")
    wait_seq_above(page, before)
    page.wait_for_selector("#board .hit.src")


def sounded(page: Any, name: str, within: float = 30.0) -> bool:
    """Whether the sound ``name`` plays (it starts once the audio context runs: on a
    loaded machine that takes seconds, hence the generous wait)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if name in played(page):
            return True
        time.sleep(0.05)
    return False


def test_the_app_installs_and_opens_offline(
    browser: Any, server: Any, shots: Path, tmp_path: Path
) -> None:
    # a profile on disk: Chrome does not install apps from incognito contexts
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=str(CHROMIUM),
        args=ARGS,
        viewport=PHONE,
        locale="ru-RU",
    )
    page = watch(ctx.new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("#try")
    # Chrome's own checks: the manifest parses cleanly and the app may be installed
    cdp = ctx.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    cdp.detach()  # an attached session keeps the page online when the context goes offline
    # the worker installs, takes the page over, and keeps the shell in its versioned cache
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == server.url + "/"
    page.evaluate(
        """() => navigator.serviceWorker.controller || new Promise((ok) =>
             navigator.serviceWorker.addEventListener("controllerchange", ok))"""
    )
    version = page.evaluate("fetch('/sw.js').then((r) => r.text())").split('"version": "')[1][:16]
    assert page.evaluate("caches.keys()") == [f"nardy-shell-{version}"]
    cached = page.evaluate(
        "(name) => caches.open(name).then((c) => c.keys()).then((ks) => ks.map((k) => k.url))",
        f"nardy-shell-{version}",
    )
    assert server.url + "/static/app.js" in cached and server.url + "/" in cached
    assert not [url for url in cached if "/api/" in url]
    # offline: a reload (any page of the app) opens the shell from the cache
    page.context.set_offline(True)
    page.goto(server.url + "/rules")
    page.wait_for_selector("header .logo")
    assert page.locator("#offline").is_visible()
    assert page.inner_text("#offline") == t("web.offline", "ru")
    assert page.inner_text("nav").startswith("Играть")
    # the API is never answered from a cache: offline, it fails as it would with no worker
    assert page.evaluate("fetch('/api/session').then(() => 'answered', () => 'failed')") == "failed"
    page.screenshot(path=str(shots / "offline-phone.png"))
    # back online, the app starts by itself
    page.context.set_offline(False)
    page.wait_for_selector("#rules, .rules, main h1")
    assert page.locator("#offline").is_hidden()
    # with the cache gone too, the worker says it has no connection, in both languages
    page.evaluate("caches.keys().then((ks) => Promise.all(ks.map((k) => caches.delete(k))))")
    page.context.set_offline(True)
    page.reload()
    text = page.inner_text("#offline")
    assert "Нет связи" in text and "No connection" in text
    page.screenshot(path=str(shots / "offline-page-phone.png"))
    page.context.set_offline(False)
    assert page.errors == [] and page.csp == []
    ctx.close()


def test_your_turn_flashes_the_hidden_tabs_title_and_sounds(browser: Any, server: Any) -> None:
    page = new_page(browser, DESKTOP, motion=False)
    page.context.add_init_script(FAKE_VISIBILITY)
    page.goto(server.url + "/")
    page.click("#try")  # a tap: from now on the page may sound
    page.wait_for_selector("#board .hit.src")
    assert played(page) == []  # the page's first state: nothing changed
    # a visible tab: the sounds, and no title
    play_turn(page)
    assert page.title() == TITLE
    sounds = played(page)
    assert {"moveSound", "diceSound", "turnSound"} <= set(sounds) and "title" not in sounds
    # a hidden tab: the title flashes until the tab is seen again
    set_hidden(page, True)
    play_turn(page)
    assert title_becomes(page, YOUR_TURN)
    assert title_becomes(page, TITLE, within=2.5)  # flashing
    assert title_becomes(page, YOUR_TURN, within=2.5)
    set_hidden(page, False)
    assert page.title() == TITLE
    assert not title_becomes(page, YOUR_TURN, within=1.5)  # the flashing has stopped
    # switched off in the header's menu (and kept for the next visit): no title, no chime
    page.click("#settings-open")
    page.uncheck("#signal-title")
    page.uncheck("#signal-turnSound")
    page.click("#board")  # a click elsewhere closes the menu
    assert page.locator("#signals").is_hidden()
    set_hidden(page, True)
    before = len(played(page))
    play_turn(page)
    assert not title_becomes(page, YOUR_TURN, within=1.5)
    assert "turnSound" not in played(page)[before:] and "moveSound" in played(page)[before:]
    page.reload()
    page.click("#settings-open")
    assert not page.is_checked("#signal-title") and page.is_checked("#signal-vibrate")
    assert page.errors == [] and page.csp == []


def test_the_signals_in_the_settings_menu_on_desktop_and_phone(
    browser: Any, server: Any, shots: Path
) -> None:
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for locale, lang in (("ru-RU", "ru"), ("en-US", "en")):
            page = new_page(browser, viewport, locale=locale)
            page.goto(server.url + "/")
            page.wait_for_selector("#try")
            signals = page.locator("#signals")
            assert signals.is_hidden()
            page.click("#settings-open")
            assert signals.locator("legend").inner_text() == t("web.signals", lang)
            labels = signals.locator("label")
            assert labels.count() == 6
            assert labels.nth(1).inner_text() == t("web.signal-vibrate", lang)
            box = page.locator("#settings-menu").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            for i in range(6):
                assert labels.nth(i).bounding_box()["height"] >= 40  # as the menu's others
            page.screenshot(path=str(shots / f"signals-menu-{size}-{lang}.png"))
            page.click("#signal-test")  # a tap: the sound plays, whatever the switches say
            assert sounded(page, "turnSound")
            page.keyboard.press("Escape")
            assert signals.is_hidden()
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            if (size, lang) == ("desktop", "ru"):
                # the other language: the menu's texts follow
                page.click("#lang")
                page.click("#settings-open")
                assert signals.locator("legend").inner_text() == t("web.signals", "en")
                assert page.inner_text("#signal-test") == t("web.signal-test", "en")
            assert page.errors == [] and page.csp == []
            page.context.close()
