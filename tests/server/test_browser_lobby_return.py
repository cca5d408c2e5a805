"""The lobby and the pages around it in real headless Chromium against a real
``nardy serve``, two members at once: after logging in (or signing up) the address is
the page the member came from, so that a reload and Back behave; a game of his that
starts takes him to it (a clocked match's next game too, C-4), unless he is typing,
where a banner offers it; the lobby says «Вы играете» with the way back to his game;
the challenge form says what the match's length means for the game chosen (long
nardy's mars counts 2, L-3; short nardy's backgammon 3, S-5) and that long nardy has
no cube (C-3, C-5); its selects read in full on a laptop and a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser_helpers import BROWSER_MARKS, DESKTOP, LOBBY_SOCKETS, PHONE, new_page, page_api

pytestmark = BROWSER_MARKS

PASSWORD = "correct horse"


def member(browser: Any, server: Any, name: str, size: Any, locale: str = "ru-RU") -> Any:
    page = new_page(browser, size, locale)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#main > *")
    page_api(page, server, "POST", "/api/register", {"username": name, "password": PASSWORD})
    return page


def on_lobby(page: Any, server: Any) -> None:
    """The lobby page, its socket's snapshot drawn (the online count is its)."""
    page.goto(server.url + "/")
    page.wait_for_selector("#online-count")
    page.wait_for_function("() => document.querySelector('#lobby-link').hidden")


def submit_login(page: Any, name: str) -> None:
    page.fill("#login-form input[name=username]", name)
    page.fill("#login-form input[name=password]", PASSWORD)
    page.click("#login-form button[type=submit]")


def test_logging_in_returns_to_the_page_he_came_from(browser: Any, server: Any) -> None:
    member(browser, server, "ruslan", DESKTOP).context.close()
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#main h1, #main h2")
    page.click("#nav-leaders")
    page.wait_for_url("**/leaders")
    page.click("#nav-login")
    page.wait_for_url("**/login?next=%2Fleaders")
    page.wait_for_load_state("networkidle")  # (the form is drawn again once the session comes)
    submit_login(page, "ruslan")
    page.wait_for_selector("#nav-profile:has-text('ruslan')")
    page.wait_for_url(server.url + "/leaders")
    page.reload()
    page.wait_for_selector("#nav-profile:has-text('ruslan')")
    assert page.url == server.url + "/leaders"
    assert page.locator("#login-form").count() == 0
    # Back: the page before the leaders', not the log-in form again
    page.go_back()
    page.wait_for_url("**/rules")
    assert page.locator("#login-form").count() == 0
    assert page.errors == [] and page.csp == []
    page.context.close()


def test_log_in_and_sign_up_by_address(browser: Any, server: Any) -> None:
    member(browser, server, "zarina", DESKTOP).context.close()
    # the log-in page opened by its address: the lobby after it, and a reload keeps it
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/login")
    submit_login(page, "zarina")
    page.wait_for_url(server.url + "/")
    page.wait_for_selector("#online-count")
    page.reload()
    page.wait_for_selector("#online-count")
    assert page.locator("#login-form").count() == 0
    page.context.close()
    # a sign-up with a page to return to; another site's address is not followed
    page = new_page(browser, PHONE)
    page.goto(server.url + "/register?next=%2Ftournaments")
    page.fill("#register-form input[name=username]", "timur")
    page.fill("#register-form input[name=password]", PASSWORD)
    page.click("#register-form button[type=submit]")
    page.wait_for_url(server.url + "/tournaments")
    page.wait_for_selector("#nav-profile:has-text('timur')")
    page.click("#nav-login")  # (log out)
    page.wait_for_url(server.url + "/")
    page.goto(server.url + "/login?next=%2F%2Fexample.com%2F")
    submit_login(page, "timur")
    page.wait_for_url(server.url + "/")
    assert page.errors == [] and page.csp == []
    page.context.close()


def accepted_match(a: Any, b: Any, server: Any) -> str:
    """A clocked 3-point long-nardy match: ``a``'s open challenge that ``b`` accepts."""
    body = {"variant": "long", "length": 3, "clock": "blitz"}
    cid = page_api(a, server, "POST", "/api/lobby/challenges", body)["challenge"]["id"]
    return str(page_api(b, server, "POST", f"/api/lobby/challenges/{cid}/accept")["game"])


def end_first_game(a: Any, b: Any, server: Any, gid: str) -> None:
    """The match's first game resigned by the player to act, accepted by the other."""
    state = page_api(a, server, "GET", f"/api/games/{gid}")
    loser, winner = (a, b) if state["to_act"] == state["role"] else (b, a)
    action = f"/api/games/{gid}/actions"
    page_api(loser, server, "POST", action, {"action": "resign", "level": 1})
    done = page_api(winner, server, "POST", action, {"action": "accept"})
    assert done["state"]["phase"] == "over"


def test_the_lobby_takes_him_back_to_his_match(browser: Any, server: Any, shots: Path) -> None:
    alisa = member(browser, server, "alisa", PHONE)
    boris = member(browser, server, "boris", DESKTOP)
    gid = accepted_match(alisa, boris, server)
    # on the lobby with a match going on: «Вы играете» and the way back, first
    on_lobby(alisa, server)
    alisa.wait_for_selector("#playing-now:not([hidden]) #back-to-game")
    assert "Вы играете" in alisa.inner_text("#playing-now")
    assert alisa.get_attribute("#back-to-game", "href") == f"/game/{gid}"
    alisa.screenshot(path=str(shots / "lobby-playing-phone-ru.png"))
    alisa.click("#back-to-game")
    alisa.wait_for_url(f"**/game/{gid}")
    alisa.wait_for_selector("#board[data-seq]")
    # the first game over, she asked for the next and went to the lobby: when boris
    # asks too, the next game begins (her clock runs) and she is taken to it
    end_first_game(alisa, boris, server, gid)
    page_api(alisa, server, "POST", f"/api/games/{gid}/actions", {"action": "next-game"})
    on_lobby(alisa, server)
    # (her lobby has heard that the match is between its games)
    alisa.wait_for_selector(f"#mine li[data-id='{gid}'][data-playing='false']")
    assert "Вы играете" in alisa.inner_text("#playing-now")
    page_api(boris, server, "POST", f"/api/games/{gid}/actions", {"action": "next-game"})
    alisa.wait_for_url(f"**/game/{gid}")
    alisa.wait_for_selector("#board[data-seq]")
    assert alisa.errors == [] and alisa.csp == []
    for p in (alisa, boris):
        p.context.close()


def test_a_game_that_starts_while_he_types_is_offered(browser: Any, server: Any) -> None:
    damir = member(browser, server, "damir", DESKTOP)
    elmira = member(browser, server, "elmira", DESKTOP)
    body = {"variant": "long", "length": 1, "clock": "blitz"}
    cid = page_api(damir, server, "POST", "/api/lobby/challenges", body)["challenge"]["id"]
    damir.add_init_script(LOBBY_SOCKETS)
    on_lobby(damir, server)
    # (every lobby socket of the page has its snapshot: the game is news to each, which
    # it was not when the acceptance came before a snapshot on a loaded machine)
    damir.wait_for_function(
        "() => window.__lobby.length > 0 && window.__lobby.every((s) => s.heard || s.closed)"
    )
    damir.fill("#friend-name", "someone I know")  # (the focus stays in the field)
    game = page_api(elmira, server, "POST", f"/api/lobby/challenges/{cid}/accept")["game"]
    damir.wait_for_selector("#news-go")
    assert damir.get_attribute("#news-go", "href") == f"/game/{game}"
    assert damir.url == server.url + "/"
    assert damir.input_value("#friend-name") == "someone I know"
    damir.click("#news-go")
    damir.wait_for_url(f"**/game/{game}")
    assert damir.errors == [] and damir.csp == []
    for p in (damir, elmira):
        p.context.close()


def open_form(page: Any, server: Any) -> None:
    on_lobby(page, server)
    page.click("#new-challenge")
    page.wait_for_selector("#challenge-form:not([hidden]) #length-help")


@pytest.mark.parametrize(
    ("locale", "texts"),
    [
        (
            "ru-RU",
            {
                "match": "Матч до 5 очков",
                "long": "марс — 2.",
                "no-cube": "Длинные нарды — без кубика удвоения",
                "short": "кокс — 3, умноженные на кубик удвоения",
                "money": "Одна партия, не матч",
            },
        ),
        (
            "en-US",
            {
                "match": "A match to 5 points",
                "long": "a mars (gammon) 2.",
                "no-cube": "Long nardy: no doubling cube",
                "short": "a backgammon 3, times the doubling cube",
                "money": "One game, not a match",
            },
        ),
    ],
)
def test_the_challenge_form_explains_length_and_cube(
    browser: Any, server: Any, locale: str, texts: dict[str, str]
) -> None:
    page = member(browser, server, "farid", DESKTOP, locale)
    open_form(page, server)
    form = "#challenge-form"
    page.select_option(f"{form} select[name=variant]", "long")
    page.fill(f"{form} input[name=length]", "5")
    help_ = page.inner_text("#length-help")
    assert texts["match"] in help_ and texts["long"] in help_
    # long nardy: the form says there is no cube, and offers none unless asked for
    assert page.inner_text("#cube-none") == texts["no-cube"]
    assert page.locator(f"{form} select[name=cube]").count() == 0
    page.select_option(f"{form} select[name=variant]", "short")
    assert page.locator("#cube-none").count() == 0
    assert page.input_value(f"{form} select[name=cube]") == "yes"
    assert texts["short"] in page.inner_text("#length-help")
    page.fill(f"{form} input[name=length]", "0")
    assert page.inner_text("#length-help").startswith(texts["money"])
    # what is posted is what the form said: long nardy without a cube, or with one
    # when asked for all the same
    page.select_option(f"{form} select[name=variant]", "long")
    page.fill(f"{form} input[name=length]", "5")
    page.click("#post-challenge")
    page.wait_for_selector(".challenge[data-id]")
    page.click("#new-challenge")
    page.check("#cube-anyway")
    assert texts["long"].rstrip(".") + ", " in page.inner_text("#length-help")
    page.click("#post-challenge")
    page.wait_for_selector(".challenge[data-id] >> nth=1")
    mine = page_api(page, server, "GET", "/api/lobby")["challenges"]
    assert sorted((c["variant"], c["length"], c["cube"]) for c in mine) == [
        ("long", 5, False),
        ("long", 5, True),
    ]
    assert page.errors == [] and page.csp == []
    page.context.close()


#: Each option of the form's selects whose words are wider than the select's room for
#: them (its width less its padding and the arrow's ~24 px): [select, option text].
CUT_OPTIONS = """() => [...document.querySelectorAll('#challenge-form select')].flatMap((s) => {
  const c = document.createElement('canvas').getContext('2d');
  const cs = getComputedStyle(s); c.font = cs.font;
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 24;
  return [...s.options].filter((o) => c.measureText(o.text).width > room)
    .map((o) => [s.name, o.text]);
})"""


@pytest.mark.parametrize("locale", ["ru-RU", "en-US"])
def test_the_challenge_forms_options_read_in_full(
    browser: Any, server: Any, shots: Path, locale: str
) -> None:
    page = member(browser, server, "gulnara" + locale[:2], DESKTOP, locale)
    for width, height in ((1366, 768), (1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        open_form(page, server)
        for variant in ("short", "long"):
            page.select_option("#challenge-form select[name=variant]", variant)
            assert page.evaluate(CUT_OPTIONS) == [], (width, variant)
            # the form fits the screen's width (no sideways scroll)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.select_option("#challenge-form select[name=clock]", "rapid")
        page.locator("#challenge-form").screenshot(
            path=str(shots / f"challenge-form-{locale[:2]}-{width}.png")
        )
    page.context.close()
