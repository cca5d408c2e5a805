"""Names, help texts and blocks in real headless Chromium against a real ``nardy
serve`` (issue 16.9): a guest is "Гость N" / "Guest N" in the interface language,
names himself on his profile (a reserved name is refused in his language), and a
friend sees that name in their game; the home form explains "one game", the dice
word and beavers; a member unblocks a player from his profile (screenshots: desktop
and phone, Russian and English)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

pytestmark = BROWSER_MARKS

GAME = re.compile(r".*/game/[\w-]+$")


def api(page: Any, method: str, url: str, body: Any = None) -> Any:
    """A call from the page, with its CSRF token (the double-submit cookie)."""
    return page.evaluate(
        """async ([method, url, body]) => {
          const csrf = document.cookie.match(/nardy_csrf=([^;]+)/)[1];
          const r = await fetch(url, { method,
            body: body === null ? undefined : JSON.stringify(body),
            headers: { "content-type": "application/json", "x-csrf-token": csrf } });
          return { status: r.status, json: await r.json() };
        }""",
        [method, url, body],
    )


def register(page: Any, server: Any, name: str) -> None:
    page.goto(server.url + "/register")
    page.fill("#register-form input[name=username]", name)
    page.fill("#register-form input[name=password]", "correct horse")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector(f"#nav-profile:has-text('{name}')")  # signed up, in the lobby
    assert page.locator("#try").is_visible()  # (the lobby's own card)


def test_a_guest_names_himself_and_a_member_unblocks(
    browser: Any, server: Any, shots: Path
) -> None:
    a = new_page(browser, PHONE)  # Russian
    a.goto(server.url + "/")
    # the home form explains its words: on hover (title) and, on a phone, in place
    a.wait_for_selector("#new-game details.help")
    assert "без матча" in (a.get_attribute("#new-game input[name=beavers]", "title") or "")
    seed_help = a.locator("#new-game details.help").nth(2)
    assert not seed_help.locator("p").is_visible()
    seed_help.locator("summary").click()
    assert "Сервер подмешивает его в кости" in seed_help.locator("p").inner_text()
    seed_help.scroll_into_view_if_needed()
    a.screenshot(path=str(shots / "home-hint-phone-ru.png"))

    # a guest (made by his first game) is "Гость N" on his profile, and names himself
    assert api(a, "POST", "/api/games", {"mode": "local"})["status"] == 201
    a.goto(server.url + "/")  # the home page asks him for a name while he has none
    a.wait_for_selector("#name-form #display-name")
    a.screenshot(path=str(shots / "home-name-prompt-phone-ru.png"))
    a.goto(server.url + "/profile")
    heading = a.wait_for_selector("#player-name")
    assert re.fullmatch(r"Гость \d+", heading.inner_text()), heading.inner_text()
    a.fill("#display-name", "Гость_5")
    a.click("#save-name")
    a.wait_for_selector("#toast.error:not([hidden])")
    assert "даются гостям" in a.inner_text("#toast")
    a.fill("#display-name", "<b>Саша</b>")
    a.click("#save-name")
    a.wait_for_function("() => document.querySelector('#toast').textContent.includes('3-30 букв')")
    a.fill("#display-name", "Саша_77")
    a.click("#save-name")
    a.wait_for_selector("#toast.info:not([hidden])")
    assert a.inner_text("#toast") == "Имя сохранено"
    assert a.get_attribute("#toast", "role") == "status"
    assert a.inner_text("#player-name") == "Саша_77"
    a.screenshot(path=str(shots / "guest-name-phone-ru.png"))
    a.goto(server.url + "/")
    a.wait_for_selector("#new-game")
    assert a.locator("#name-form").count() == 0

    # his friend (English) sees that name in their game, and is "Guest N" himself
    game = api(a, "POST", "/api/games", {"mode": "friend"})["json"]
    b = new_page(browser, DESKTOP, locale="en-US")
    b.goto(game["invite_url"])
    b.wait_for_url(GAME, timeout=15_000)
    b.wait_for_function("() => document.querySelector('#players')?.textContent.includes('Саша_77')")
    panel = b.inner_text("#players")
    assert re.search(r"Guest \d+ \(you\)", panel, re.IGNORECASE), panel
    b.screenshot(path=str(shots / "guest-name-game-desktop-en.png"))
    # he is asked for a name on the home page, and can say "Not now" for good
    b.goto(server.url + "/")
    b.wait_for_selector("#name-form #name-later")
    assert re.fullmatch(r"Guest \d+", b.get_attribute("#display-name", "placeholder") or "")
    b.screenshot(path=str(shots / "home-name-prompt-desktop-en.png"))
    b.click("#name-later")
    assert b.locator("#name-form").count() == 0
    b.reload()
    b.wait_for_selector("#new-game")
    assert b.locator("#name-form").count() == 0

    # a member blocks another, then unblocks him from his profile
    c = new_page(browser, DESKTOP, locale="en-US")
    d = new_page(browser, PHONE)
    register(d, server, "dmitry")
    register(c, server, "carol")
    assert api(c, "POST", "/api/blocks/dmitry")["status"] == 200
    c.goto(server.url + "/profile")
    row = c.wait_for_selector("#blocked li")
    assert row.inner_text().startswith("dmitry")
    c.screenshot(path=str(shots / "blocked-desktop-en.png"), full_page=True)
    c.click("#blocked li button.unblock")
    c.wait_for_selector("#toast.info:not([hidden])")
    assert c.inner_text("#toast") == "dmitry is unblocked"
    assert c.locator("#blocked li").count() == 0
    assert c.is_visible("text=You have blocked no one.")
    assert api(c, "GET", "/api/friends")["json"]["blocked"] == []
    for page in (a, b, c, d):
        assert page.errors == [] and page.csp == []
