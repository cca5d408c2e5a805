"""End-to-end tests in real headless Chromium (Debian ``chromium``, driven by
Playwright): a whole game against the computer by clicking, a friend game between two
browser contexts, and a reconnect after a dropped socket. Screenshots go to
``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import (
    BARE_BUTTONS,
    BROWSER_MARKS,
    DESKTOP,
    HIDDEN_SHOWN,
    PHONE,
    my_turn,
    new_page,
    play_turn_by_clicking,
    seq,
    start_friend_game,
    wait_seq_above,
)

pytestmark = BROWSER_MARKS


def test_full_game_against_the_computer_by_clicking(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, DESKTOP, motion=False)
    page.goto(server.url + "/")
    assert "Попробовать без регистрации" in page.inner_text("#try")
    page.screenshot(path=str(shots / "home-desktop.png"))
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    assert page.inner_text("#status") == "Ваш ход"
    page.screenshot(path=str(shots / "game-desktop.png"))
    turns = 0
    hinted = False
    while not page.locator("#result").count():
        if turns == 4 and page.locator("#hint").count():
            # the hint lists the bots' best plays; clicking one plays it
            before = seq(page)
            page.click("#hint")
            page.wait_for_selector("#hint-list .hint-play")
            assert "Лучшие ходы (с просмотром на 1 бросок вперёд" in page.inner_text("#hints")
            # the words a newcomer cannot know open in place: equity, the commitment
            page.click("#equity-help summary")
            assert "Эквити — сколько очков" in page.inner_text("#equity-help")
            page.click("#commitment-help summary")
            assert "SHA-256" in page.inner_text("#commitment-help")
            page.screenshot(path=str(shots / "hint-desktop.png"))
            page.locator("#hint-list .hint-play").first.click()
            wait_seq_above(page, before)
            hinted = True
            turns += 1
            continue
        play_turn_by_clicking(page)
        turns += 1
        if turns == 3:
            page.locator("#board .hit.src").first.click()
            page.screenshot(path=str(shots / "game-selected-desktop.png"))
            page.locator("#board .hit.src.selected").click()  # deselect
            page.locator("#board .hit.src").first.click()
        assert turns < 200
    assert hinted
    title = page.inner_text("#result-title")
    assert title in ("Вы выиграли!", "Вы проиграли")
    page.screenshot(path=str(shots / "result-desktop.png"))
    # the review: the bots judge every play of the game just played (long nardy here)
    page.click("#analyse")
    page.wait_for_selector("#review-panel")
    assert page.locator("#result").count() == 0  # the result card makes way for it
    # a column per player (two), a row per figure below their names: three, long nardy
    # having no cube (no row of cube errors)
    assert page.locator("#review-summary tr").count() == 4
    assert page.locator("#review-summary tr:first-child th").count() == 3
    assert page.locator("#equity-graph polyline").count() == 1
    points = page.get_attribute("#equity-graph polyline", "points").split()
    assert len(points) >= turns  # one point per play, both sides
    assert "Анализ партии (без просмотра вперёд)" in page.inner_text("#review-panel")
    if page.locator("#mistakes li").count():  # (marked plays were judged as the hint looks)
        said = page.inner_text("#review-confirmed")
        assert "проверен ещё раз с просмотром на 1 бросок вперёд" in said, said
    page.screenshot(path=str(shots / "review-desktop.png"), full_page=True)
    page.click("#extra a[href^='/verify/']")
    page.wait_for_selector("#verify-result")
    assert "совпадают" in page.inner_text("#verify-result")
    assert page.errors == [] and page.csp == []


def test_phone_width_layout_and_english(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, PHONE, locale="en-US")
    page.goto(server.url + "/")
    assert page.inner_text("#try") == "Try without signing up"
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    box = page.locator("#board").bounding_box()
    assert box["width"] <= PHONE["width"]  # the board fits the phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#board .hit.src").first.click()
    page.screenshot(path=str(shots / "game-phone.png"), full_page=True)
    page.click("#lang")
    page.wait_for_selector("#status")
    assert page.inner_text("#lang") == "English"  # now Russian, offering English
    page.goto(server.url + "/rules")
    page.wait_for_selector("#ex-long-start svg")
    page.screenshot(path=str(shots / "rules-phone.png"), full_page=True)
    assert page.errors == [] and page.csp == []


def test_friend_game_in_two_browsers_and_reconnect(browser: Any, server: Any, shots: Path) -> None:
    a = new_page(browser, DESKTOP)
    b = new_page(browser, PHONE, locale="en-US")
    mover, other = start_friend_game(a, b, server.url, "short")
    assert not my_turn(other)
    # no moves yet, and the list says so (not blank above the variant's heading)
    assert other.inner_text("#moves-none") in ("Ходов пока нет.", "No moves yet.")
    before = seq(other)
    play_turn_by_clicking(mover)
    wait_seq_above(other, before)  # the other browser saw it live
    assert my_turn(other)
    assert other.locator("#moves-none").count() == 0
    mover.screenshot(path=str(shots / "friend-after-move.png"))
    # the mover's socket drops (and stays down) while the other plays a turn, once it
    # has everything of its own turn (under load the last events can still be on the way)
    mover.wait_for_selector(f"#board[data-seq='{seq(other)}']")
    # (``closed`` keeps it from reconnecting on its own: a bare drop() is retried after
    # half a second, and under load the other's turn can take longer than that)
    mover.evaluate("() => { const s = window.__nardyGame.socket; s.closed = true; s.drop(); }")
    seen = seq(mover)
    play_turn_by_clicking(other)
    target = seq(other)
    assert seq(mover) == seen  # nothing arrived while disconnected
    mover.evaluate("() => { const s = window.__nardyGame.socket; s.closed = false; s.connect(); }")
    mover.wait_for_selector(f"#board[data-seq='{target}']")
    assert my_turn(mover)
    n_moves = other.locator("#moves li").count()
    assert mover.locator("#moves li").count() == n_moves
    assert a.errors == [] and b.errors == []


def test_double_against_the_computer_in_a_match(browser: Any, server: Any, shots: Path) -> None:
    """A 3-point match against the computer: the match score is shown, the player
    clicks Double and sees the computer's answer (C-3, C-4)."""
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    page.select_option("#new-game select[name=variant]", "short")
    page.fill("#new-game input[name=length]", "3")
    page.click("#start")
    page.wait_for_selector("#match-score")
    assert "Матч до 3 очков" in page.inner_text("#scorebar")
    # (by player, each named: "○ Гость 1 0 : 0 Компьютер ●")
    assert "0 : 0" in page.inner_text("#match-score") and "Компьютер" in page.inner_text(
        "#match-score"
    )
    for _ in range(40):
        if page.locator("#double").count():
            break
        if page.locator("#take").count():  # the computer doubled first
            before = seq(page)
            page.click("#take")
            wait_seq_above(page, before)
            continue
        play_turn_by_clicking(page)
    assert page.locator("#cube").get_attribute("data-value") in ("1", "2")
    page.click("#hint")  # the cube hint at the match score, before the roll
    page.wait_for_selector("#cube-hint")
    advice = page.inner_text("#cube-hint")
    assert "Совет компьютера при этом счёте:" in advice and "ND " in advice
    # each figure normalised to the cube (as the review's: a pass +1,000) with the
    # doubler's match winning chances beside it, in the same order
    figures = re.findall(r"([+-]\d,\d{3}) \((\d+,\d)%\)", advice)
    assert len(figures) == 3 and "шансы удваивающего выиграть матч" in advice, advice
    assert "нормированное к кубу" in advice and figures[2][0] == "+1,000"
    number = [(float(e.replace(",", ".")), float(m.replace(",", "."))) for e, m in figures]
    assert sorted(number) == sorted(number, key=lambda f: f[1])
    assert any(word in advice for word in ("не удваивать", "удвоить", "слишком хорошо"))
    before = seq(page)
    page.click("#double")
    wait_seq_above(page, before)
    answer = page.evaluate("window.__nardyGame.state().history.slice(-1)[0]")
    assert answer["action"] in ("take", "pass") and answer["color"] != page.get_attribute(
        "#status", "data-role"
    )
    if answer["action"] == "take":
        assert "принимает" in page.inner_text("#notice")
        cube = page.locator("#cube")
        assert cube.get_attribute("data-owner") == answer["color"]
        assert int(cube.get_attribute("data-value")) == answer["value"]
    else:
        page.wait_for_selector("#result")
        assert "отказ от удвоения" in page.inner_text("#result-detail")
        assert page.locator("#result-next").count() == 1  # the match goes on
    page.screenshot(path=str(shots / "cube-match-desktop.png"))
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shots / "cube-match-phone.png"), full_page=True)
    assert page.errors == [] and page.csp == []


def test_every_page_runs_under_the_content_security_policy(browser: Any, server: Any) -> None:
    """The pages hold no inline script or style: under the server's CSP (no
    'unsafe-inline') every page renders with no violation reported (issue 13.5)."""
    page = new_page(browser, DESKTOP)
    response = page.goto(server.url + "/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-frame-options"] == "DENY"
    page.wait_for_selector("#try")
    for path in ("/rules", "/tutorial", "/login", "/register", "/profile", "/new", "/stats/me"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board")
    page.wait_for_load_state("networkidle")
    assert page.csp == [] and page.errors == []
    # the reporter does report: an inline style set from script is refused
    with page.expect_console_message(lambda m: m.text.startswith("CSP violation")):
        page.evaluate("document.body.setAttribute('style', 'color: red')")
    assert any("style-src" in m for m in page.csp), page.csp


def test_nothing_marked_hidden_shows(browser: Any, server: Any) -> None:
    """An element marked hidden takes no room on any page, whatever display its own
    rule gives it: the lobby's "you are playing" card, laid out as a flex row, showed
    as an empty yellow bar to every visitor."""
    page = new_page(browser, PHONE, motion=False)
    seen: dict[str, list[str]] = {}
    for path in ("/", "/rules", "/tutorial", "/leaders", "/tournaments", "/login", "/settings"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        seen[path] = page.evaluate(HIDDEN_SHOWN)
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    seen["game"] = page.evaluate(HIDDEN_SHOWN)
    assert all(not shown for shown in seen.values()), seen


def test_no_button_is_left_in_the_browsers_own_dress(browser: Any, server: Any) -> None:
    """Every visible button of the pages, the game and its end is dressed by the site:
    a bare one (grey face, raised border) reads as broken beside the others. Found so
    on the analysis board's Roll out and Stop, the profile's Save and the review's
    button under a finished game."""
    page = new_page(browser, DESKTOP, motion=False)
    seen: dict[str, list[str]] = {}
    for path in ("/", "/rules", "/tutorial", "/leaders", "/tournaments", "/login", "/register"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        seen[path] = page.evaluate(BARE_BUTTONS)
    page.goto(server.url + "/analysis?variant=short&dice=31")
    page.wait_for_selector("#analysis-board .hit.src")
    page.click("#roll-out")
    page.wait_for_selector("#rollout-stop")
    seen["analysis"] = page.evaluate(BARE_BUTTONS)
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    seen["game"] = page.evaluate(BARE_BUTTONS)
    page.click("#resign")
    page.locator("[id^=resign-]:not(#resign-cancel)").first.click()
    page.wait_for_selector("#analyse-side")
    seen["game over"] = page.evaluate(BARE_BUTTONS)
    page.goto(server.url + "/profile")
    page.wait_for_load_state("networkidle")
    seen["profile"] = page.evaluate(BARE_BUTTONS)
    assert {k: v for k, v in seen.items() if v} == {}
    assert page.errors == [] and page.csp == []


def test_server_errors_come_in_the_interface_language(browser: Any, server: Any) -> None:
    """Issue 16.5: "wrong username or password" inside the Russian interface was English.
    The page sends its language (header and cookie); the server answers in it."""
    page = new_page(browser, DESKTOP, locale="ru-RU")
    page.goto(server.url + "/login")
    page.fill("#login-form input[name=username]", "nobody")
    page.fill("#login-form input[name=password]", "wrong-password")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == "Неверное имя пользователя или пароль"
    page.click("#lang")  # to English; the form is drawn again
    page.wait_for_selector("#login-form button:has-text('Log in')")
    page.fill("#login-form input[name=username]", "nobody")
    page.fill("#login-form input[name=password]", "wrong-password")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#toast:has-text('wrong username or password')")
    assert page.errors == [] and page.csp == []


def test_sign_up_shows_every_broken_rule_at_once(browser: Any, server: Any) -> None:
    """A name too short and a password too short: both rules turn red under their
    fields at once (the server names one problem at a time)."""
    page = new_page(browser, PHONE, locale="en-US")
    page.goto(server.url + "/register")
    page.fill("#register-username", "ab")
    page.fill("#register-password", "short")
    page.click("#register-form button[type=submit]")
    # (the server's answer marks the name: waited for, not any toast, which another
    # part of the page may show first)
    page.wait_for_selector("#register-username-rule.bad")
    for field in ("username", "password"):
        assert "bad" in (page.get_attribute(f"#register-{field}-rule", "class") or ""), field
        assert page.get_attribute(f"#register-{field}", "aria-invalid") == "true", field
    page.fill("#register-password", "long enough now")  # one mended: its rule is quiet
    with page.expect_response(lambda r: r.url.endswith("/api/register")) as answer:
        page.click("#register-form button[type=submit]")
    assert answer.value.status == 400
    page.wait_for_function(
        "() => !document.querySelector('#register-password-rule').classList.contains('bad')"
    )
    # (the name's mark stays: the server's answer names it again)
    assert "bad" in (page.get_attribute("#register-username-rule", "class") or "")
    assert page.errors == [] and page.csp == []


def test_a_token_overwritten_by_another_tab_is_asked_for_again(browser: Any, server: Any) -> None:
    """Two tabs opened together each get an anonymous CSRF token, and the cookie holds
    whichever answer came last: the other tab's token is then refused (403 ``csrf``).
    The page asks for its session again and sends the refused request once more, so
    the visitor's click is not lost."""
    page = new_page(browser, PHONE, motion=False)
    with page.expect_response(lambda r: r.url.endswith("/api/session")):
        page.goto(server.url + "/")
    page.wait_for_selector("#try")
    # what the other tab's answer did: the cookie now holds another token
    page.context.add_cookies([{"name": "nardy_csrf", "value": "x" * 43, "url": server.url}])
    refused: list[int] = []
    page.on(
        "response",
        lambda r: refused.append(r.status) if r.url.endswith("/api/games") else None,
    )
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    assert refused == [403, 201]
    assert page.errors == []
