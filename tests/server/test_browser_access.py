"""The game and the pages from the keyboard and to a screen reader, in real headless
Chromium against a real ``nardy serve``: a keyboard user reaches the typed play without
the settings menu; the focus stays on a control when the one he pressed is gone (Roll,
Resign, Double, a hint's play) and goes to the result when the game ends; a screen
reader hears an offer (a double, a resignation), the result, and a short news of each
change, the whole position on demand; the new-game form's fields and the profile's
filters are named; every page has its own title and its heading takes the focus; a
"Skip to content" link comes first. Screenshots go to ``NARDY_SCREENSHOTS`` (default:
the test's temporary directory)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page, open_home, page_api

pytestmark = BROWSER_MARKS

#: The focused element: its id (its tag where it has none), "BODY" where nothing is.
ACTIVE = """() => { const a = document.activeElement;
  return !a || a === document.body ? "BODY" : a.id || a.tagName; }"""
#: Whether the focused element shows its focus ring (the keyboard's focus).
FOCUS_VISIBLE = "() => document.activeElement.matches(':focus-visible')"


def active(page: Any) -> str:
    return str(page.evaluate(ACTIVE))


def focus_becomes(page: Any, wanted: set[str], within: float = 20.0) -> str:
    """The focused element's id once it is one of ``wanted`` (or, after ``within``
    seconds, whatever it is)."""
    deadline = time.monotonic() + within
    now = active(page)
    while now not in wanted and time.monotonic() < deadline:
        time.sleep(0.05)
        now = active(page)
    return now


def press(page: Any, selector: str, key: str = "Enter") -> None:
    """``key`` on ``selector`` from the keyboard: the element focused as Tab would (its
    focus ring on), then the key."""
    page.keyboard.press("Shift")  # (a key first: the page is used by the keyboard)
    page.focus(selector)
    assert page.evaluate(FOCUS_VISIBLE), selector
    page.keyboard.press(key)


def seq(page: Any) -> int:
    return int(page.eval_on_selector("#board", "b => Number(b.dataset.seq || 0)"))


def wait_state(page: Any, server: Any, gid: str, ok: Any, within: float = 30.0) -> Any:
    """The game's state (the API's) once ``ok(state)``."""
    deadline = time.monotonic() + within
    while True:
        st = page_api(page, server, "GET", f"/api/games/{gid}")
        if ok(st) or time.monotonic() > deadline:
            return st
        time.sleep(0.1)


def test_a_keyboard_player_finds_the_typed_play_without_the_settings(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    # the board is one picture named "Board", the position in words its description
    board = page.locator("#board")
    assert board.get_attribute("role") == "img" and board.get_attribute("aria-label") == "Доска"
    assert board.get_attribute("aria-describedby") == "position-text"
    assert "Пипсы" in page.inner_text("#position-text")
    # the tip says the way to a keyboard user
    assert "Tab" in page.inner_text("#tip") and "«Ход с клавиатуры»" in page.inner_text("#tip")
    # the page opened anew (by its address): the first Tab reaches "Skip to content"
    page.reload()
    page.wait_for_selector("#board .hit.src")
    page.keyboard.press("Tab")
    assert active(page) == "skip"
    skip = page.locator("#skip").bounding_box()
    assert skip and skip["width"] > 60 and skip["height"] > 20  # seen while focused
    page.screenshot(path=str(shots / "a11y-skip-link-desktop.png"))
    page.keyboard.press("Enter")
    assert active(page) == "main" and "#" not in page.url
    # the next Tab: the way into the keyboard mode, seen over the board's corner
    page.keyboard.press("Tab")
    assert active(page) == "access-on"
    toggle = page.locator("#access-on").bounding_box()
    assert toggle and toggle["width"] > 60 and toggle["height"] > 30
    page.screenshot(path=str(shots / "a11y-keyboard-button-desktop.png"))
    page.keyboard.press("Enter")
    assert active(page) == "play-input" and page.locator("#play-input").is_visible()
    assert page.evaluate("localStorage.getItem('nardy-access')") == "on"
    assert page.locator("#access-on").bounding_box() is None  # (the mode is on: gone)
    play = page.locator("#legal-plays option").first.get_attribute("value")
    assert play
    page.keyboard.type(play)
    page.keyboard.press("Enter")
    page.wait_for_selector("#moves li >> nth=1")
    assert f": {play}" in page.inner_text("#moves li >> nth=1")
    # on a phone the same button, seen when focused
    page.set_viewport_size(PHONE)
    page.evaluate("localStorage.setItem('nardy-access', 'off')")
    page.reload()
    page.wait_for_selector("#board[data-seq]")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert active(page) == "access-on"
    page.screenshot(path=str(shots / "a11y-keyboard-button-phone.png"))
    assert page.errors == [] and page.csp == []


def test_the_focus_stays_on_a_control_and_goes_to_the_result(
    browser: Any, server: Any, shots: Path
) -> None:
    """Short nardy with the cube against the computer, without the keyboard mode: each
    control pressed from the keyboard that the new state takes away leaves the focus on
    the next sensible one, never on the page's top."""
    page = new_page(browser, DESKTOP, motion=False)
    open_home(page, server.url)
    page.select_option("#new-game select[name=variant]", "short")
    page.select_option("#new-game select[name=cube]", "yes")
    page.click("#start")
    page.wait_for_selector("#board[data-seq]")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    # played through the API until the player may roll (or double)
    for _ in range(10):
        st = wait_state(page, server, gid, lambda s: bool(s["actions"]))
        if "roll" in st["actions"]:
            break
        page_api(
            page,
            server,
            "POST",
            f"/api/games/{gid}/actions",
            {"action": "play", "play": st["legal"]["plays"][0]},
        )
    page.reload()
    page.wait_for_selector("#roll")
    # Roll: the dice are on the board and the focus on the way to play them
    press(page, "#roll")
    assert focus_becomes(page, {"access-on"}) == "access-on"
    assert page.locator("#access-on").bounding_box()["width"] > 60  # (seen)
    page.screenshot(path=str(shots / "a11y-after-roll-desktop.png"))
    # Resign opens the choices: the focus on the first; "Keep playing" back on Resign
    press(page, "#resign")
    assert active(page) == "resign-1"
    press(page, "#resign-cancel")
    assert active(page) == "resign"
    # a hint's answer is said (a polite live region); its play pressed, the focus stays
    assert page.get_attribute("#hints", "aria-live") == "polite"
    press(page, "#hint")
    page.wait_for_selector("#hint-list .hint-play")
    before = seq(page)
    press(page, "#hint-list .hint-play >> nth=0")
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    assert focus_becomes(page, {"roll", "double", "status"}) != "BODY"
    # Double: the computer takes, and the doubler's roll is made (he cannot double
    # again): the focus on the way to play it (or on Roll, where the roll is his)
    page.wait_for_selector("#double")
    press(page, "#double")
    page.wait_for_selector("#notice[data-action='take']")
    assert focus_becomes(page, {"access-on", "roll"}) in {"access-on", "roll"}
    # a resignation the computer accepts ends the game: its result is said, and the
    # focus is on the result card's heading
    press(page, "#resign")
    press(page, "#resign-3")
    page.wait_for_selector("#result-title")
    assert focus_becomes(page, {"result-title"}) == "result-title"
    title = page.inner_text("#result-title")
    assert title in page.inner_text("#announce")
    page.screenshot(path=str(shots / "a11y-result-focused-desktop.png"))
    assert page.errors == [] and page.csp == []


def test_an_offer_is_said_and_each_change_in_a_few_words(browser: Any, server: Any) -> None:
    # two players at one device, short nardy with the cube: a double, then a resignation
    page = new_page(browser, DESKTOP, motion=False)
    open_home(page, server.url)
    game = page_api(
        page, server, "POST", "/api/games", {"variant": "short", "mode": "local", "cube": True}
    )
    gid = game["id"]
    for _ in range(10):
        st = page_api(page, server, "GET", f"/api/games/{gid}")
        if "double" in st["actions"]:
            break
        body = {"action": "play", "play": st["legal"]["plays"][0]}
        page_api(page, server, "POST", f"/api/games/{gid}/actions", body)
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#double")
    announce = page.locator("#announce")
    assert announce.get_attribute("aria-live") == "polite"
    # the whole position is the board's description, not read out at every change
    assert page.get_attribute("#position-text", "aria-live") is None
    page.click("#double")
    page.wait_for_selector("#board[data-phase='cube']")
    side = "Белые" if st["to_act"] == "white" else "Чёрные"
    assert f"{side} удваивают до 2" in announce.inner_text()
    assert f"{side} удваивают до 2" in page.inner_text("#position-text")
    # each answer says what it means for the stake: a pass loses the game as it stands
    assert page.inner_text("#take") == "Принять — играть дальше на 2"
    assert page.inner_text("#pass") == "Отказаться — проиграть партию, 1 очко"
    page.click("#take")
    page.wait_for_selector("#board[data-phase='roll'], #board[data-phase='move']")
    assert "принимает" in announce.inner_text()
    page.click("#resign")
    page.click("#resign-1")
    page.wait_for_selector("#board[data-phase='resign']")
    assert "сдаются" in announce.inner_text()
    assert "сдаются" in page.inner_text("#position-text")
    assert page.errors == []


def test_the_computers_play_is_said_briefly_and_the_position_on_demand(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, DESKTOP, motion=False)
    page.add_init_script("localStorage.setItem('nardy-access', 'on')")
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    role = page.get_attribute("#status", "data-role")
    play = page.locator("#legal-plays option").first.get_attribute("value")
    assert play
    # (the computer may have opened the game: it is "your turn" before the play is made,
    # so the wait is for the play and the answer in the list)
    made = page.locator("#moves li:not(.moves-none)").count()
    page.fill("#play-input", play)
    page.press("#play-input", "Enter")
    page.wait_for_function(
        f"() => document.querySelectorAll('#moves li:not(.moves-none)').length >= {made + 2}"
    )
    page.wait_for_selector(f"#status[data-turn='{role}'] >> text=Ваш ход")
    page.wait_for_selector("#board .hit.src")
    theirs = page.locator("#moves li").last.inner_text().split(": ", 1)[1]
    said = page.inner_text("#announce")
    # the computer's play, whose turn and the dice: not the whole position again
    assert theirs in said and "Ваш ход" in said and "Кости:" in said, said
    assert "Пипсы" not in said and len(said) < 120, said
    # the whole position when asked for
    page.click("#read-position")
    said = page.inner_text("#announce")
    assert "Пипсы: белые" in said and said.strip() == page.inner_text("#position-text").strip()
    page.screenshot(path=str(shots / "a11y-read-position-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "a11y-read-position-phone.png"), full_page=True)
    assert page.errors == []


def test_the_forms_fields_and_filters_are_named(browser: Any, server: Any) -> None:
    page = new_page(browser, DESKTOP, locale="en-US")
    open_home(page, server.url)
    form = page.locator("#new-game")
    for name in ("Game", "Mode", "Computer level", "Doubling cube", "Scoring"):
        assert form.get_by_role("combobox", name=name, exact=True).count() == 1, name
    assert form.get_by_role("spinbutton", name="Match to", exact=False).count() == 1
    assert form.get_by_role("checkbox", name="Beavers", exact=False).count() == 1
    page_api(
        page, server, "POST", "/api/register", {"username": "filters", "password": "long enough"}
    )
    page.goto(server.url + "/players/filters")
    filters = page.locator("#filters")
    filters.wait_for()
    for name in ("Game", "Result", "Rated or not"):
        assert filters.get_by_role("combobox", name=name, exact=True).count() == 1, name
    assert filters.get_by_role("textbox", name="Opponent", exact=True).count() == 1
    assert page.errors == []


def test_each_page_has_its_title_and_its_heading_takes_the_focus(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, PHONE)
    open_home(page, server.url)
    page.wait_for_selector("#try")
    assert page.title() == "Нарды — Длинные и короткие нарды онлайн"
    page.keyboard.press("Tab")
    assert active(page) == "skip"
    page.screenshot(path=str(shots / "a11y-skip-link-phone.png"))
    # a page opened from the keyboard: its title, and the focus on its heading
    press(page, "header nav a[href='/rules']")
    page.wait_for_selector("article.rules h1")
    assert page.title() == "Правила — Нарды"
    assert focus_becomes(page, {"H1"}) == "H1"
    assert page.evaluate("document.activeElement.closest('main') !== null")
    # the title follows the language
    page.click("#lang")
    page.wait_for_selector("article.rules h1 >> text=Rules")
    assert page.title() == "Rules — Nardy"
    press(page, "header nav a[href='/leaders']")
    page.wait_for_selector("main h2")
    assert page.title() == "Leaderboard — Nardy"
    assert focus_becomes(page, {"H2", "H1"}) in {"H1", "H2"}
    page.goto(server.url + "/no-such-page")
    page.wait_for_selector("#not-found")
    assert page.title() == "Page not found — Nardy"
    assert page.errors == []


#: What the page's modules make of a roll that could not be played, of a result said
#: in sentences and of a refusal in a toast (the same functions the game page calls).
SAID_TEXTS = """async () => {
  const access = await import("/static/access.js"), dom = await import("/static/dom.js");
  const noMove = { color: "black", dice: [6, 6], play: "-" };
  const st = { role: "white", phase: "roll", history: [noMove], match: { game: 1 } };
  const before = { ...st, history: [] };
  dom.toast("шашка на пункте 8 ждёт: сначала надо ввести с бара 1 шашку (S-3)", "info");
  const toast = document.getElementById("toast").textContent;
  dom.toast("ни одна из оставшихся костей не даёт 5 (осталось: 3; G-6)", "info");
  return {
    line: access.lastPlayText("Компьютер (новичок)", noMove),
    played: access.lastPlayText("Белые", { dice: [6, 5], play: "24/18 18/13" }),
    news: access.announcement(before, st),
    result: access.sentences(["Вы выиграли!", "ойн — 2 очка"]),
    asked: access.sentences(["Принять?", "Кости: 3 и 1", "Ход белых.", "Ход:"]),
    toast, toast2: document.getElementById("toast").textContent,
  };
}"""


def test_a_roll_without_a_move_a_result_and_a_toast_read_as_sentences(
    browser: Any, server: Any
) -> None:
    """A side that could not move: "…: 6-6 — нет хода", not "ход нет хода"; sentences
    joined end with one stop each ("Вы выиграли! …", never "!." or ".."); a toast begins
    with a capital and names no rule id ("(S-3)" is for the rule book)."""
    page = new_page(browser, DESKTOP)
    open_home(page, server.url)
    got = page.evaluate(SAID_TEXTS)
    assert got["line"] == "Компьютер (новичок): 6-6 — нет хода"
    assert got["played"] == "Белые: 6-5, ход 24/18 18/13"
    assert "Чёрные: 6-6 — нет хода." in got["news"] and "ход нет хода" not in got["news"]
    assert got["result"] == "Вы выиграли! ойн — 2 очка."
    assert got["asked"] == "Принять? Кости: 3 и 1. Ход белых. Ход."
    for said in (got["news"], got["result"], got["asked"]):
        assert not any(twice in said for twice in ("!.", "?.", ".."))
    assert got["toast"] == "Шашка на пункте 8 ждёт: сначала надо ввести с бара 1 шашку"
    assert got["toast2"] == "Ни одна из оставшихся костей не даёт 5 (осталось: 3)"
    assert page.errors == []
