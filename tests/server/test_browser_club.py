"""The online club end to end, in real headless Chromium against a real ``nardy serve``:
two members who do not know each other press "Играть сейчас" for long nardy with the
blitz clock (a delay and a reserve) and meet in one rated game; both see the clock run
for the side to act only and whose turn it is; they play and chat in the players'
channel; a member watching chats in the spectators' channel, which the players never
see; a resignation ends the match and both see the rating change, which the profile's
rating graph and the leaderboard then show. Screenshots (desktop 1280×800 and phone
390×844, Russian) go to ``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    PHONE,
    new_page,
    open_home,
    page_api,
    played,
    start_friend_game,
)

from nardy.server.matchmaking import QUICK_LENGTH

pytestmark = BROWSER_MARKS

GAME = re.compile(r".*/game/([\w-]+)$")


def register(page: Any, server: Any, name: str) -> None:
    open_home(page, server.url)
    page_api(page, server, "POST", "/api/register", {"username": name, "password": "correct horse"})


def game_id(page: Any) -> str:
    page.wait_for_url(GAME, timeout=20_000)
    m = GAME.match(page.url)
    assert m is not None
    return m.group(1)


def state(page: Any, server: Any, gid: str) -> Any:
    return page_api(page, server, "GET", f"/api/games/{gid}")


def seconds(text: str) -> int:
    """The time a clock face shows, delay and reserve together ("задержка 0:07 · 3:00")."""
    return sum(int(m) * 60 + int(s) for m, s in re.findall(r"(\d+):(\d\d)", text))


def faces(page: Any) -> dict[str, int]:
    return {c: seconds(page.inner_text(f"#clock-{c} .clock-time")) for c in ("white", "black")}


def lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat .chat-line").all_inner_texts()]


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    page.locator("#chat .chat-text", has_text=text).first.wait_for()


def play_turn(page: Any, server: Any, gid: str) -> None:
    """The player to act rolls (when asked) and plays his first legal play: in the
    keyboard mode through the page (the roll button, then ``#play-input``), otherwise
    through the API with the page's cookies."""
    st = state(page, server, gid)
    if page.evaluate("() => document.documentElement.classList.contains('access')"):
        if "roll" in st["actions"]:
            page.click("#roll")
        page.wait_for_selector("#legal-plays option", state="attached")
        play = page.get_attribute("#legal-plays option >> nth=0", "value")
        page.fill("#play-input", play)
        page.press("#play-input", "Enter")
        return
    if "roll" in st["actions"]:
        st = page_api(page, server, "POST", f"/api/games/{gid}/actions", {"action": "roll"})[
            "state"
        ]
    play = st["legal"]["plays"][0]
    page_api(page, server, "POST", f"/api/games/{gid}/actions", {"action": "play", "play": play})


#: Whether the page says it is its player's turn.
JS_MY_TURN = (
    "() => (s => s && s.dataset.turn === s.dataset.role)(document.querySelector('#status'))"
)


def my_turn(page: Any) -> bool:
    return bool(page.evaluate(JS_MY_TURN))


def test_strangers_meet_play_chat_and_the_rating_moves(
    browser: Any, server: Any, shots: Path
) -> None:
    a = new_page(browser, DESKTOP, motion=False)
    b = new_page(browser, PHONE, motion=False)
    c = new_page(browser, DESKTOP, motion=False)  # the member who watches
    register(a, server, "arsen")
    register(b, server, "bahram")
    register(c, server, "vera")
    # the lobby: an open challenge and who is online
    c.goto(server.url + "/")
    c.wait_for_selector("#new-challenge")
    c.click("#new-challenge")
    c.select_option("#challenge-form select[name=variant]", "short")
    c.fill("#challenge-form input[name=length]", "5")
    c.click("#post-challenge")
    for page in (a, b):
        page.goto(server.url + "/")
        page.wait_for_selector("#challenges li.challenge")
    # three members online: each sees the two others (himself not counted)
    a.wait_for_function("() => document.querySelector('#online-count').textContent === '2'")
    b.wait_for_function("() => document.querySelector('#online-count').textContent === '2'")
    a.screenshot(path=str(shots / "club-lobby-desktop-ru.png"), full_page=True)
    b.screenshot(path=str(shots / "club-lobby-phone-ru.png"), full_page=True)

    # (1) both press "Играть сейчас" for long nardy with the blitz clock
    for page in (a, b):
        page.select_option("#pn-variant", "long")
        page.select_option("#pn-clock", "blitz")
        page.click("#play-now-btn")
    gid = game_id(a)
    assert game_id(b) == gid
    st = state(a, server, gid)
    assert st["mode"] == "club" and st["rated"] is True, (st["mode"], st.get("rated"))
    assert st["clock"] is not None
    for page in (a, b):  # said from the first move, not only once the result is in
        assert page.inner_text("#game-rated") == "На рейтинг"

    # (2) the clock runs for the side to act only; each sees whose turn it is
    for page in (a, b):
        page.wait_for_selector("#clock-white .clock-time")
    mover, waiter = (a, b) if st["to_act"] == st["role"] else (b, a)
    assert mover.inner_text("#status") in ("Ваш ход", "Бросайте кости или удваивайте")
    assert waiter.inner_text("#status") == "Ход соперника"
    side = st["to_act"]
    idle = "black" if side == "white" else "white"
    for page in (a, b):
        before = faces(page)
        page.wait_for_timeout(2_200)
        after = faces(page)
        assert after[side] < before[side], (side, before, after)
        assert after[idle] == before[idle], (idle, before, after)
        assert page.locator(f"#clock-{side}.running").count() == 1

    a.click("#settings-open")  # a plays with the keyboard
    a.check("#access-mode")
    a.click("#settings-open")
    a.wait_for_selector("#play-input", state="visible")
    # (3) a full turn each (the turn passes on both screens), and the players' chat
    for _ in range(2):
        mover, waiter = (a, b) if my_turn(a) else (b, a)
        play_turn(mover, server, gid)
        waiter.wait_for_function(JS_MY_TURN, timeout=15_000)
        mover.wait_for_selector("#status >> text=Ход соперника")
    hist = [e for e in state(a, server, gid)["history"] if e.get("play")]
    assert {e["color"] for e in hist} == {"white", "black"}, hist
    a.wait_for_selector("#chat-input")
    b.wait_for_selector("#chat-input")
    assert a.inner_text("#chat .chat-title") == "Игроки"
    say(a, "Удачной игры, сосед")
    b.locator("#chat .chat-text", has_text="Удачной игры, сосед").wait_for()
    say(b, "И тебе, без марсов")
    a.locator("#chat .chat-text", has_text="И тебе, без марсов").wait_for()
    a.evaluate("() => window.scrollTo(0, 0)")  # (the chat's input scrolled it down)
    a.screenshot(path=str(shots / "club-game-desktop-ru.png"))
    a.screenshot(path=str(shots / "club-game-desktop-full-ru.png"), full_page=True)
    b.screenshot(path=str(shots / "club-game-phone-ru.png"), full_page=True)

    # (4) a member watches: the spectators' channel only
    c.goto(f"{server.url}/game/{gid}")
    c.wait_for_selector("#chat-input")
    assert c.inner_text("#chat .chat-title") == "Зрители"
    assert c.locator("#chat-tab-game, #chat-lines-game").count() == 0
    to_act = state(a, server, gid)["to_act"]
    name = state(a, server, gid)["players"][to_act]["name"]
    assert c.inner_text("#status").endswith(f"Ход: {name}")  # by name, not colour
    say(c, "Чёрные рискуют")
    say(a, "ходи давай")
    b.locator("#chat .chat-text", has_text="ходи давай").wait_for()
    for player in (a, b):  # the spectator's line, sent before, never reached them
        assert not any("рискуют" in x for x in lines(player)), lines(player)
    assert not any("сосед" in x or "давай" in x for x in lines(c)), lines(c)

    # a player who leaves is seen as gone by the other (his page asks every 5 s), and
    # as back when he returns
    b.goto(server.url + "/")
    a.wait_for_selector("#opponent-away:not([hidden])", timeout=20000)
    assert a.inner_text("#opponent-away").startswith("Соперник отключился")
    b.goto(f"{server.url}/game/{gid}")
    a.wait_for_selector("#opponent-away[hidden]", state="attached", timeout=20000)

    # (5) a player resigns the match: each game at its highest level, on his turn,
    # through his page's buttons, and the other accepts on his
    for _ in range(QUICK_LENGTH):
        st = state(a, server, gid)
        if st["match"]["over"]:
            break
        if "next-game" in st["actions"]:
            # (between people the next game starts when both asked: the other is
            # told who waits for him, and when it starts anyway)
            a.click("#result-next")
            b.wait_for_selector("#result-ready:has-text('ждёт следующую партию')")
            b.screenshot(path=str(shots / "next-game-ready-phone-ru.png"))
            b.click("#result-next")
        a.wait_for_selector("#status[data-turn=white], #status[data-turn=black]")
        if not my_turn(a):  # b's turn (the next game's toss may give him the start)
            play_turn(b, server, gid)
        a.wait_for_selector("#resign")  # (on his turn)
        level = state(a, server, gid)["resign_levels"][-1]["level"]
        a.click("#resign")
        a.click(f"#resign-{level}")
        b.click("#accept")
        a.wait_for_selector("#result")
    final = state(a, server, gid)
    assert final["match"]["over"], final["match"]
    change = final["rating_change"]
    assert change and set(change) == {"white", "black"}, change
    for page in (a, b):
        for color in ("white", "black"):
            row = page.wait_for_selector(f"#rating-change-{color}")
            assert row is not None
        winner = final["match"]["winner"]
        r = change[winner]  # whole numbers, the change their difference: "1500 → 1729 (+229)"
        text = page.inner_text(f"#rating-change-{winner}")
        before, after = round(r["before"]), round(r["after"])
        assert f"{before} → {after} (+{after - before})" in text, text
        assert "up" in (page.get_attribute(f"#rating-change-{winner}", "class") or "")
    # the member who watched is told who won by name, not by colour
    c.wait_for_selector("#result-title")
    won = final["players"][final["match"]["winner"]]["name"]
    assert c.inner_text("#result-title") == f"Победа в матче: {won}"
    a.screenshot(path=str(shots / "club-game-over-desktop-ru.png"))
    b.screenshot(path=str(shots / "club-game-over-phone-ru.png"), full_page=True)

    # the profile's rating graph has a point for this match; the leaderboard lists both
    for page, shot in ((a, "desktop"), (b, "phone")):
        page.goto(f"{server.url}/players/arsen")
        page.wait_for_selector("#rating-graph")
        assert page.locator("#rating-graph circle.pt:not(.start)").count() == 1  # this match
        assert page.locator("#rating-graph circle.start title").text_content() == "1500"
        page.wait_for_selector("#history td >> text=bahram")  # the match, in his games
        page.screenshot(path=str(shots / f"club-profile-{shot}-ru.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"the profile overflows: {width}px"
    c.goto(f"{server.url}/leaders")
    c.wait_for_selector("#leaders")
    # (vera last chose short nardy, whose board has nobody yet: the one with players)
    assert "active" in (c.get_attribute("#pool-long", "class") or "")
    board = c.inner_text("#leaders")
    assert "arsen" in board and "bahram" in board, board
    c.screenshot(path=str(shots / "club-leaders-desktop-ru.png"), full_page=True)
    for page in (a, b, c):
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)


def test_a_game_with_a_friend_runs_the_clock_chosen(browser: Any, server: Any) -> None:
    """The new-game form offers the lobby's clocks for a game with a friend (only
    there: the computer's and one device's games have none); once the friend has come
    by the link, the side to act's clock runs on both screens."""
    a = new_page(browser, DESKTOP)
    b = new_page(browser, PHONE, locale="en-US")
    a.goto(server.url + "/")
    a.wait_for_selector("#new-mode")
    assert not a.is_visible("#new-clock")  # (against the computer, first)
    a.select_option("#new-mode", "friend")
    assert a.is_visible("#new-clock")
    assert "Блиц" in a.inner_text("#new-clock")
    start_friend_game(a, b, server.url, "short", clock="blitz")
    for page in (a, b):
        page.wait_for_selector("#clock:not([hidden]) .running")
        assert page.locator("#clock .running").count() == 1
    assert a.errors == [] and b.errors == []
    for page in (a, b):
        page.context.close()


#: The game page's clock (clock.js) on a page of its own, fed the states a test makes.
JS_MOUNT_CLOCK = """async () => {
  const { GameClock } = await import("/static/clock.js");
  const clock = new GameClock();
  document.querySelector("main").append(clock.el);
  window.__clock = clock;
}"""
#: The settings menu's "test the sound": it plays once the audio context runs.
JS_TEST_SOUND = """async () => (await import("/static/signals.js")).testSound()"""
JS_FEED = """([role, remaining]) => window.__clock.update({ role, players: {},
  clock: { running: "white", delay: 0, delay_left: 0, remaining,
           reserve: { white: remaining, black: 100 } } })"""


def test_the_players_own_time_running_low_ticks_and_shows_tenths(browser: Any, server: Any) -> None:
    """Under 20 s of his own time, and again under 10 s, the player hears a tick (once
    each; his next turn arms them again); a spectator does not, nor he with the signal
    switched off. Under 10 s the clock shows tenths of a second."""
    page = new_page(browser, PHONE)
    open_home(page, server.url)
    page.click("main")  # a tap: from now on the page may sound
    page.evaluate(JS_MOUNT_CLOCK)
    # a sound plays only once the audio context runs, which the tap starts: the menu's
    # test sound waits for it (a fixed pause per state was too short on a loaded machine)
    page.evaluate(JS_TEST_SOUND)
    page.wait_for_function("() => window.__nardySignals.played.includes('turnSound')")

    def ticks(role: str, remaining: float) -> int:
        page.evaluate(JS_FEED, [role, remaining])  # (the clock's tick sounds in it)
        return played(page).count("lowTime")

    assert ticks("white", 25) == 0
    assert page.inner_text("#clock-white .clock-time") == "0:25"
    assert ticks("white", 19.5) == 1
    assert ticks("white", 15) == 1  # once
    assert ticks("white", 9.95) == 2
    assert re.fullmatch(r"0:09\.\d", page.inner_text("#clock-white .clock-time"))
    assert ticks("white", 5) == 2
    assert ticks("black", 5) == 2  # the opponent's time (not his) stops his clock...
    assert ticks("white", 8) == 3  # ...and his next turn warns again, the lowest mark
    assert ticks("spectator", 15) == 3 and ticks("spectator", 5) == 3
    page.evaluate("() => localStorage.setItem('nardy-signals', JSON.stringify({ lowTime: false }))")
    assert ticks("black", 30) == 3 and ticks("white", 5) == 3
    assert page.errors == [] and page.csp == [], (page.errors, page.csp)
