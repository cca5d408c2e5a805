"""The club's news on every page (news.js) in real headless Chromium against a real
``nardy serve``: a member away from the lobby page is taken to his game when his
challenge is accepted (he had been told nowhere, and lost it on time), told of a
challenge made to him, and, while he plays another game, offered the new one by a
banner instead of being taken from his moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    LISTENING,
    LOBBY_SOCKETS,
    PHONE,
    new_page,
    page_api,
)

pytestmark = BROWSER_MARKS


def member(browser: Any, server: Any, name: str, size: Any) -> Any:
    page = new_page(browser, size)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#main > *")
    page_api(page, server, "POST", "/api/register", {"username": name, "password": "correct horse"})
    return page


def challenge(page: Any, server: Any, **terms: Any) -> str:
    body = {"variant": "long", "length": 1, "clock": "none", **terms}
    return str(page_api(page, server, "POST", "/api/lobby/challenges", body)["challenge"]["id"])


def test_news_reaches_a_member_on_any_page(browser: Any, server: Any, shots: Path) -> None:
    marat = member(browser, server, "marat", PHONE)
    marat.add_init_script(LOBBY_SOCKETS)  # (from his next page on)
    dilyara = member(browser, server, "dilyara", DESKTOP)
    # (1) his open challenge accepted while he reads his profile: taken to the game
    open_one = challenge(marat, server)
    marat.goto(server.url + "/profile")
    marat.wait_for_selector("#main h2")
    # the news socket subscribed (a fixed pause was too short on a loaded machine: the
    # game's news went out before it, and he was never taken there)
    marat.wait_for_function(LISTENING)
    game = page_api(dilyara, server, "POST", f"/api/lobby/challenges/{open_one}/accept")["game"]
    marat.wait_for_url(f"**/game/{game}")
    marat.wait_for_selector("#board[data-seq]")
    # (2) while he plays it, a challenge to him: a banner, and he stays in his game
    challenge(dilyara, server, to="marat")
    marat.wait_for_selector("#news")
    assert "dilyara вызывает вас" in marat.inner_text("#news")
    assert marat.url.endswith(f"/game/{game}")
    marat.screenshot(path=str(shots / "news-challenge-phone-ru.png"))
    marat.click("#news-go")  # answered where challenges are answered: the lobby
    marat.wait_for_url(server.url + "/")
    marat.wait_for_selector("#to-me:not([hidden])")
    assert "dilyara" in marat.inner_text("#to-me")
    # (3) a game of his that starts while he plays another: offered, not forced
    marat.goto(f"{server.url}/game/{game}")
    marat.wait_for_selector("#board[data-seq]")
    marat.wait_for_function(LISTENING)  # (this page's news socket subscribed)
    second = challenge(marat, server)
    other = page_api(dilyara, server, "POST", f"/api/lobby/challenges/{second}/accept")["game"]
    marat.wait_for_selector("#news-go")
    assert marat.get_attribute("#news-go", "href") == f"/game/{other}"
    assert marat.url.endswith(f"/game/{game}")
    marat.click("#news-close")
    assert marat.locator("#news").count() == 0
    assert marat.errors == [] and marat.csp == []
    for p in (marat, dilyara):
        p.context.close()
