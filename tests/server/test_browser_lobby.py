"""The lobby in real headless Chromium against a real ``nardy serve``: two strangers
(guests, two browser contexts) press "Play now" for long nardy and land in one game;
a third visitor sees that game on a small live board, an open challenge, and who is
online (screenshots: desktop and phone, Russian and English)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page, page_api

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
    b.wait_for_selector(
        "#pool-counts:has-text('Looking for an opponent now — Long nardy · No clock: 1')"
    )
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
    # (the players' game sockets may open after c's snapshot: the tick's "online" then
    # brings them, after the tile)
    c.wait_for_selector("#online-count[title='2 в сети']")
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


def test_play_now_says_the_pool_and_offers_another_clock(
    browser: Any, server: Any, shots: Path
) -> None:
    """Pairing goes by game and clock: Оля (a phone, Russian) seeks short nardy with
    Blitz, Tom (a desktop, English) with Rapid. Each page counts the pools apart, says
    which pool its player waits in and that it is a 3-point match, and offers Оля Tom's
    clock in one tap, which pairs them; the clocks are listed none, blitz, rapid, and the
    Play-now choices come back in this browser."""
    olya = new_page(browser, PHONE, motion=False)
    tom = new_page(browser, DESKTOP, "en-US", motion=False)
    for page in (olya, tom):
        page.goto(server.url + "/")
        page.wait_for_selector("#play-now-text:has-text('3')")
    assert olya.inner_text("#play-now-text").startswith("Матч до 3 очков")
    assert tom.eval_on_selector_all("#pn-clock option", "os => os.map(o => o.value)") == [
        "none",
        "blitz",
        "rapid",
    ]
    # the game's select has room for its longest name on a phone
    olya.select_option("#pn-variant", "long")
    assert olya.eval_on_selector("#pn-variant", "s => s.scrollWidth <= s.clientWidth")
    olya.screenshot(path=str(shots / "lobby-play-now-phone-ru.png"))
    olya.select_option("#pn-variant", "short")
    olya.select_option("#pn-clock", "blitz")
    olya.reload()  # her choices are kept
    olya.wait_for_selector("#play-now-btn")
    assert olya.input_value("#pn-variant") == "short" and olya.input_value("#pn-clock") == "blitz"
    olya.click("#play-now-btn")
    olya.wait_for_selector("#searching:has-text('Короткие нарды · Блиц · матч до 3 очков')")
    tom.wait_for_selector(
        "#pool-counts:has-text('Looking for an opponent now — Short nardy (backgammon) · Blitz: 1')"
    )
    tom.select_option("#pn-variant", "short")
    tom.select_option("#pn-clock", "rapid")
    tom.click("#play-now-btn")
    tom.wait_for_selector(
        "#searching:has-text('Short nardy (backgammon) · Rapid · a 3-point match')"
    )
    tom.wait_for_selector(
        "#play-now .other-clock:has-text('1 player is looking for “Short nardy (backgammon)')"
    )
    olya.wait_for_selector(
        "#play-now .other-clock:has-text('1 игрок ищет «Короткие нарды · Рапид»')"
    )
    olya.wait_for_selector(
        "#pool-counts:has-text('Короткие нарды · Блиц: 1; Короткие нарды · Рапид: 1')"
    )
    olya.screenshot(path=str(shots / "lobby-other-clock-phone-ru.png"))
    tom.screenshot(path=str(shots / "lobby-other-clock-desktop-en.png"))
    olya.click("#play-now .switch-clock")
    assert game_id(olya) == game_id(tom)
    for page in (olya, tom):
        assert not page.errors and not page.csp


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


def member(browser: Any, server: Any, name: str, size: Any, locale: str = "ru-RU") -> Any:
    """A new member, signed up on a page that is not the lobby."""
    page = new_page(browser, size, locale)
    page.goto(server.url + "/rules")
    page.wait_for_selector("#main > *")
    page_api(page, server, "POST", "/api/register", {"username": name, "password": "correct horse"})
    return page


def top(page: Any, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


def test_a_returning_member_finds_his_games_first(browser: Any, server: Any, shots: Path) -> None:
    """A member with games in progress finds them at the top of the lobby, above "Play
    now" (on a phone, on the first screen; on a desktop too), those waiting for his move
    first and marked; his games are not shown again among the boards to watch; and the
    online badge counts the others, not himself."""
    marat = member(browser, server, "marat", PHONE)
    dilyara = member(browser, server, "dilyara", DESKTOP)
    levels = page_api(marat, server, "GET", "/api/session")["levels"]
    # a game against the computer, played until it is his move
    vs_computer = page_api(
        marat,
        server,
        "POST",
        "/api/games",
        {"variant": "long", "mode": "computer", "level": levels[0]},
    )["id"]
    # a club game with dilyara (shown to others as a board to watch)
    c = page_api(
        marat,
        server,
        "POST",
        "/api/lobby/challenges",
        {"variant": "long", "length": 1, "clock": "none"},
    )["challenge"]["id"]
    club = page_api(dilyara, server, "POST", f"/api/lobby/challenges/{c}/accept")["game"]
    for _ in range(100):
        mine = {g["id"]: g for g in page_api(marat, server, "GET", "/api/lobby")["mine"]}
        if mine.get(vs_computer, {}).get("your_turn"):
            break
        marat.wait_for_timeout(100)
    else:
        raise AssertionError(f"never his move against the computer: {mine}")
    # the latest, and not his move: the server lists it first
    local = page_api(marat, server, "POST", "/api/games", {"variant": "short", "mode": "local"})
    dilyara.goto(server.url + "/")  # she is in the lobby
    dilyara.wait_for_selector("#play-now-btn")
    order = [g["id"] for g in page_api(marat, server, "GET", "/api/lobby")["mine"]]
    assert order[0] == local["id"] and set(order) == {vs_computer, club, local["id"]}

    for lang in ("ru", "en"):
        for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
            marat.set_viewport_size(size)
            if lang == "en":
                marat.evaluate("localStorage.setItem('nardy-lang', 'en')")
            marat.goto(server.url + "/")
            marat.wait_for_selector("#mine li >> nth=2")
            marat.wait_for_selector("#watch h2")
            rows = marat.locator("#mine li")
            assert rows.nth(0).get_attribute("data-id") == vs_computer
            assert "your-turn" in (rows.nth(0).get_attribute("class") or "")
            assert "your-turn" not in (rows.nth(2).get_attribute("class") or "")
            words = {"ru": "ваш ход", "en": "your move"}[lang]
            assert words in rows.nth(0).inner_text()
            assert words in marat.inner_text("#mine .head")  # said at the card's head too
            # first: above "Play now", and on the first screen of a phone
            assert top(marat, "#mine") < top(marat, "#play-now")
            assert top(marat, "#mine li.your-turn") < size["height"]
            # his own game is not a board to watch (the others see it there: below)
            assert marat.locator(f"#watch .tile[data-id='{club}']").count() == 0
            # dilyara and he are online: the badge counts her, not him
            assert marat.inner_text("#online-count") == "1"
            title = marat.get_attribute("#online-count", "title")
            assert title == {"ru": "1 в сети, кроме вас", "en": "1 online besides you"}[lang]
            width = marat.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], f"the lobby overflows: {width}px"
            marat.screenshot(path=str(shots / f"lobby-mine-{label}-{lang}.png"), full_page=True)
    # a third visitor sees the club game among the boards to watch
    watcher = new_page(browser, DESKTOP)
    watcher.goto(server.url + "/")
    watcher.wait_for_selector(f"#watch .tile[data-id='{club}']")
    assert watcher.locator("#mine").is_hidden()  # (no games of his: no card)
    for page in (marat, dilyara, watcher):
        assert not page.errors, page.errors
        assert not page.csp, page.csp


def shown_options(page: Any) -> list[str]:
    """The rule options the new-game form shows, in order."""
    return list(
        page.eval_on_selector_all(
            "#new-options .rule-option:not([hidden]) select",
            "els => els.map(e => e.dataset.option)",
        )
    )


def test_the_new_game_form_offers_the_games_rule_options(
    browser: Any, server: Any, shots: Path
) -> None:
    """A regional player finds, folded under "Rule options", exactly the options his
    game takes (the engine's), its own values first and marked, with words and rule
    ids; the changed ones are sent, and remembered for that game: khachapuri is played
    with ordinary scoring from the form."""
    from nardy.server.routes.accounts import variant_options
    from nardy.variants import VARIANTS

    def expected(name: str, hidden: tuple[str, ...]) -> list[str]:
        return [o["name"] for o in variant_options(VARIANTS[name]) if o["name"] not in hidden]

    page = new_page(browser, DESKTOP, "en-US")
    page.goto(server.url + "/")
    page.wait_for_selector("#new-options")
    assert page.get_attribute("#new-options", "open") is None  # folded at first
    page.select_option("#new-variant", "khachapuri")
    page.click("#new-options > summary")
    # (draw_score only with the last-roll draw)
    assert shown_options(page) == expected("khachapuri", ("draw_score", "scoring"))
    assert "head_exception" not in shown_options(page)  # V-KHACH: any number leave the head
    first = page.locator("#new-scoring option").first
    assert first.get_attribute("value") == "per-checker"
    assert first.inner_text() == "default: a point for each checker not borne off"
    # (unfolded: the most asked; named in the player's words, not the engine's C-2 · scoring)
    assert "Scoring" in page.inner_text("#new-game")
    assert "C-2" not in page.inner_text("#new-game")
    page.select_option("#new-scoring", "standard")
    assert "per_checker_multipliers" not in shown_options(page)  # per-checker scoring only
    page.select_option("#new-mode", "local")
    page.click("#start")
    gid = game_id(page)
    state = page.request.get(f"{server.url}/api/games/{gid}").json()
    assert (state["variant"], state["scoring"]) == ("khachapuri", "standard")
    # back home: the game and its options as he left them
    page.goto(server.url + "/")
    page.wait_for_selector("#new-options")
    assert page.input_value("#new-variant") == "khachapuri"
    assert page.input_value("#new-scoring") == "standard"
    # long nardy: the head rule, and the draw's score once the draw is on
    page.select_option("#new-variant", "long")
    page.click("#new-options > summary")
    assert shown_options(page) == expected(
        "long", ("draw_score", "per_checker_multipliers", "scoring")
    )
    assert page.input_value("#new-scoring") == "standard"  # (long's own, not khachapuri's)
    page.select_option("#opt-last_roll_draw", "true")
    page.select_option("#opt-draw_score", "one")
    page.select_option("#opt-head_exception", "head-only")
    assert "3 changes" in page.inner_text("#new-options > summary")  # said while folded
    page.screenshot(path=str(shots / "new-game-options-desktop-en.png"), full_page=True)
    page.click("#start")
    gid = game_id(page)
    record = page.request.get(f"{server.url}/api/games/{gid}/record").text()
    setup = json.loads(next(line for line in record.splitlines() if '"setup"' in line))
    assert setup["options"]["last_roll_draw"] is True
    assert setup["options"]["draw_score"] == "one"
    assert setup["options"]["head_exception"] == "head-only"
    # short nardy: its own (no hit-and-hide on in the Russian one)
    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        phone = new_page(browser, PHONE, locale)
        phone.goto(server.url + "/")
        phone.wait_for_selector("#new-options")
        phone.select_option("#new-variant", "short-ru")
        phone.click("#new-options > summary")
        assert shown_options(phone) == expected("short-ru", ("per_checker_multipliers", "scoring"))
        marked = {"ru": "по умолчанию: да", "en": "default: yes"}[lang]
        assert phone.locator("#opt-no_hit_and_hide option").first.inner_text() == marked
        named = {"ru": "Убил — не прячься", "en": "No hit-and-hide"}[lang]  # (the player's words)
        assert named in phone.inner_text("#new-options")
        assert "no_hit_and_hide" not in phone.inner_text("#new-options")
        phone.locator("#new-options").scroll_into_view_if_needed()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the form overflows the phone: {width}px"
        phone.screenshot(path=str(shots / f"new-game-options-phone-{lang}.png"))
        assert not phone.errors and not phone.csp
    assert not page.errors and not page.csp
