"""The tools under the game page's board and the hint's figures, in real headless
Chromium against a real ``nardy serve``: the number of people watching (an eye and a
number, the game's spectators, not its players, changing as they come and go), the
watch link shared (the phone's share sheet, else copied with a toast), and each hinted
play's figures named (its equity, and how much worse than the best), in both languages
and on a phone (screenshots)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

pytestmark = BROWSER_MARKS


def start_game(page: Any, url: str) -> str:
    """A game against the computer, at the player's turn; its id."""
    page.goto(url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    return str(page.url).rsplit("/", 1)[-1]


def test_players_and_spectators_see_how_many_watch_as_they_come_and_go(
    browser: Any, server: Any, shots: Path
) -> None:
    player = new_page(browser, PHONE, locale="ru-RU", motion=False)
    gid = start_game(player, server.url)
    player.wait_for_selector("#watchers[data-n='0']")  # (he is no watcher himself)
    first = new_page(browser, DESKTOP, locale="en-US")
    first.goto(f"{server.url}/game/{gid}")
    first.wait_for_selector("#watchers[data-n='1']")
    assert first.get_attribute("#status", "data-role") == "spectator"
    assert first.get_attribute("#watchers", "aria-label") == "1 person watches this game"
    player.wait_for_selector("#watchers[data-n='1']")
    second = new_page(browser, DESKTOP, locale="en-US")
    second.goto(f"{server.url}/game/{gid}")
    second.wait_for_selector("#watchers[data-n='2']")
    first.wait_for_selector("#watchers[data-n='2']")
    player.wait_for_selector("#watchers[data-n='2']")
    assert player.get_attribute("#watchers", "aria-label") == "Партию смотрят: 2"
    assert player.inner_text("#watchers").strip() == "2"
    player.screenshot(path=str(shots / "watchers-phone-ru.png"))
    first.screenshot(path=str(shots / "watchers-desktop-en.png"))
    second.close()  # one leaves: everyone left is told
    player.wait_for_selector("#watchers[data-n='1']")
    first.wait_for_selector("#watchers[data-n='1']")
    first.close()
    player.wait_for_selector("#watchers[data-n='0']")
    assert not player.errors and not player.csp


def test_the_watch_link_is_shared_or_copied(browser: Any, server: Any, shots: Path) -> None:
    # a browser without a share sheet (a desktop's): the link is copied, with a toast
    ctx = browser.new_context(viewport=DESKTOP, locale="en-US")
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    page = ctx.new_page()
    gid = start_game(page, server.url)
    assert page.evaluate("() => 'share' in navigator") is False
    page.click("#share")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == "The link to watch this game is copied"
    assert page.evaluate("() => navigator.clipboard.readText()") == f"{server.url}/game/{gid}"
    page.screenshot(path=str(shots / "share-copied-desktop.png"))
    ctx.close()
    # a phone's: its share sheet is opened with the link (the sheet is the system's: what
    # the page hands it is recorded)
    phone = new_page(browser, PHONE, locale="ru-RU")
    phone.add_init_script(
        "navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };"
    )
    gid = start_game(phone, server.url)
    assert phone.inner_text("#share").strip() == "Поделиться"
    phone.click("#share")
    phone.wait_for_function("() => Boolean(window.__shared)")
    shared = phone.evaluate("() => window.__shared")
    assert shared["url"] == f"{server.url}/game/{gid}"
    assert shared["text"] == "Посмотрите эту партию в нарды"
    assert phone.is_hidden("#toast")
    phone.screenshot(path=str(shots / "tools-phone-ru.png"))


def start_short_game(page: Any, url: str) -> None:
    """A game of short nardy against the computer, at the player's turn, dice rolled
    (its opening roll gives more than one play)."""
    page.goto(url + "/")
    page.select_option("#new-game select[name=mode]", "computer")
    page.select_option("#new-game select[name=variant]", "short")
    page.click("#start")
    page.wait_for_selector("#roll, #board .hit.src")
    if page.locator("#roll").count():
        page.click("#roll")
    page.wait_for_selector("#board .hit.src")


def test_each_hinted_plays_figures_are_named(browser: Any, server: Any, shots: Path) -> None:
    for locale, equity, behind in (
        ("en-US", "equity", "vs best"),
        ("ru-RU", "эквити", "от лучшего"),
    ):
        page = new_page(browser, PHONE, locale=locale, motion=False)
        start_short_game(page, server.url)
        page.click("#hint")
        page.wait_for_selector("#hint-list li:nth-child(2) .hint-loss")
        rows = page.eval_on_selector_all("#hint-list li", "els => els.map((e) => e.innerText)")
        # the best: its equity, named; the others: how much worse, named too
        assert re.search(rf"{equity} [+-]\d[.,]\d{{3}}$", rows[0]), rows[0]
        for row in rows[1:]:
            assert re.search(rf"{equity} [+-]\d[.,]\d{{3}} · -\d[.,]\d{{3}} {behind}$", row), row
        # readable on a phone: nothing wider than the screen, no figure broken in two
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        split = page.eval_on_selector_all(
            "#hint-list .hint-fig", "els => els.filter((e) => e.getClientRects().length > 1).length"
        )
        assert split == 0
        page.locator("#hint-list").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"hint-phone-{locale}.png"))
        page.close()
