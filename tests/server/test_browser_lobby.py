"""The lobby in real headless Chromium against a real ``nardy serve``: two strangers
(guests, two browser contexts) press "Play now" for long nardy and land in one game;
a third visitor sees that game on a small live board, an open challenge, and who is
online (screenshots: desktop and phone, Russian and English)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

pytestmark = BROWSER_MARKS

GAME = re.compile(r".*/game/([\w-]+)$")


def game_id(page: Any) -> str:
    page.wait_for_url(GAME, timeout=15_000)
    m = GAME.match(page.url)
    assert m is not None
    return m.group(1)


def rename(db_url: str, old: str, new: str) -> None:
    """Give a player a display name (guests' names are made by the server)."""
    from sqlalchemy import create_engine, update

    from nardy.server.db import User, normalize_url

    engine = create_engine(normalize_url(db_url))
    with engine.begin() as conn:
        conn.execute(update(User).where(User.display_name == old).values(display_name=new))
    engine.dispose()


def test_two_strangers_press_play_now_and_meet_in_one_game(
    browser: Any, server: Any, shots: Path, db_url: str
) -> None:
    a = new_page(browser, DESKTOP, motion=False)
    b = new_page(browser, PHONE, locale="en-US", motion=False)
    for page in (a, b):
        page.goto(server.url + "/")
        page.wait_for_selector("#play-now-btn")
    assert a.inner_text("#play-now-btn") == "Играть сейчас"
    assert b.inner_text("#play-now-btn") == "Play now"
    a.select_option("#pn-variant", "long")
    a.click("#play-now-btn")
    a.wait_for_selector("#searching")
    assert "Ищем соперника" in a.inner_text("#searching")
    a.screenshot(path=str(shots / "lobby-searching-desktop-ru.png"))
    # the other sees, before he asks, that someone waits for long nardy
    b.wait_for_selector("#pool-counts:has-text('Looking for an opponent now: Long nardy 1')")
    b.select_option("#pn-variant", "long")
    b.click("#play-now-btn")
    first, second = game_id(a), game_id(b)
    assert first == second  # one game, both in it
    for page in (a, b):
        page.wait_for_selector("#board .checker")
        role = page.get_attribute("#status", "data-role")
        assert role in ("white", "black"), role
    assert a.get_attribute("#status", "data-role") != b.get_attribute("#status", "data-role")

    # a third visitor: the game on a small board, a challenge, who is online
    c = new_page(browser, DESKTOP)
    c.goto(server.url + "/")
    c.wait_for_selector(f"#watch .tile[data-id='{first}'] svg.board.mini .checker")
    assert c.get_attribute("#online-count", "title") == "2 в сети"
    assert c.inner_text("#online-count") == "2"  # the two players, on their game pages
    d = new_page(browser, DESKTOP)
    d.goto(server.url + "/")
    d.wait_for_selector("#new-challenge")
    d.click("#new-challenge")
    d.fill("#challenge-form input[name=length]", "5")
    d.select_option("#challenge-form select[name=clock]", "blitz")
    d.click("#post-challenge")
    row = c.wait_for_selector("#challenges li.challenge")
    assert "до 5 очков" in row.inner_text() and "Блиц" in row.inner_text()
    d.wait_for_selector("#challenges li.challenge button.cancel")
    # a name is text, never markup
    rename(
        db_url,
        d.inner_text("#challenges li.challenge .who b").replace("Гость ", "Guest-"),  # stored
        '<img src=x id=pwn onerror="document.title=1">',
    )
    d.click("#new-challenge")
    d.select_option("#challenge-form select[name=variant]", "short")
    d.click("#post-challenge")
    c.wait_for_selector("#challenges li.challenge >> nth=1")
    assert '<img src=x id=pwn onerror="document.title=1">' in c.inner_text("#challenges")
    assert c.locator("#pwn").count() == 0
    c.screenshot(path=str(shots / "lobby-desktop-ru.png"), full_page=True)
    c.click("#lang")
    c.wait_for_selector("#challenges li.challenge")
    assert "to 5 points" in c.inner_text("#challenges li.challenge")
    c.screenshot(path=str(shots / "lobby-desktop-en.png"), full_page=True)
    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        phone = new_page(browser, PHONE, locale=locale)
        phone.goto(server.url + "/")
        phone.wait_for_selector("#challenges li.challenge >> nth=1")
        phone.wait_for_selector("#watch .tile svg.board.mini .checker")
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the lobby overflows the phone: {width}px"
        phone.screenshot(path=str(shots / f"lobby-phone-{lang}.png"), full_page=True)
        assert not phone.errors and not phone.csp
    # the visitor accepts: the challenger is taken into the game too
    c.click("#challenges li.challenge button.accept >> nth=0")
    accepted = game_id(c)
    assert game_id(d) == accepted
    for page in (a, b, c, d):
        assert not page.errors, page.errors
        assert not page.csp, page.csp


def test_nobody_found_the_computer_is_offered_openly(
    browser: Any, db_url: str, tmp_path: Path, shots: Path
) -> None:
    from conftest import ServerProcess

    server = ServerProcess(db_url, tmp_path)
    server.start({"NARDY_PAIR_TIMEOUT": "2"})
    try:
        page = new_page(browser, PHONE)
        page.goto(server.url + "/")
        page.click("#play-now-btn")
        page.wait_for_selector("#offer")
        assert page.inner_text("#offer") == (
            "Соперник пока не найден. Сыграть с компьютером? (Поиск прекратится.)"
        )
        page.screenshot(path=str(shots / "lobby-offer-phone-ru.png"))
        page.click("#play-computer")
        gid = game_id(page)
        page.wait_for_selector("#board .checker")
        import httpx

        state = httpx.get(f"{server.url}/api/games/{gid}").json()
        assert state["mode"] == "computer"  # the computer, and said to be
        assert {state["players"]["white"]["computer"], state["players"]["black"]["computer"]} == {
            True,
            False,
        }
        assert httpx.get(f"{server.url}/api/lobby").json()["online"]["count"] == 1
        mine = page.request.get(f"{server.url}/api/lobby").json()
        assert mine["queue"] is None  # he left the queue for the computer
        assert not page.errors and not page.csp
    finally:
        server.stop()


def test_the_forms_offer_the_game_last_chosen(browser: Any, server: Any) -> None:
    """A backgammon player who picks short nardy once finds it first in every form
    after (quick pairing, the challenge form, the computer game; a new tournament too),
    on this device; a new visitor is offered long nardy, the club's own."""
    page = new_page(browser, DESKTOP, "en-US")
    page.goto(server.url + "/")
    page.wait_for_selector("#pn-variant")
    fields = "#pn-variant, #new-game select[name=variant]"
    assert page.eval_on_selector_all(fields, "els => els.map(e => e.value)") == ["long", "long"]
    page.select_option("#pn-variant", "short")
    page.reload()
    page.wait_for_selector("#pn-variant")
    page.click("#new-challenge")
    page.wait_for_selector("#challenge-form")
    fields += ", #challenge-form select[name=variant]"
    assert set(page.eval_on_selector_all(fields, "els => els.map(e => e.value)")) == {"short"}
    page.goto(server.url + "/leaders")  # the leaderboard opens on his game's pool
    page.wait_for_selector("#pool-short.active")
    page.goto(server.url + "/")
    page.wait_for_selector("#try")
    page.click("#try")  # "try without signing up": the game he chose
    page.wait_for_url(GAME, timeout=15_000)
    gid = game_id(page)
    assert page.request.get(f"{server.url}/api/games/{gid}").json()["variant"] == "short"
    assert page.errors == []
