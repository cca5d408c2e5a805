"""The chat panel in real headless Chromium against a real ``nardy serve``: two players
of a friend game (joined by the invitation link) chat, a spectator with an account
chats in the spectators' channel, which the players never see; quick phrases in each
reader's language; markup shown as text, never run; a muted player's lines go.
Screenshots of the panel (desktop and phone, Russian and English) go to
``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    FAKE_VISIBILITY,
    PHONE,
    moderator_and_members,
    new_page,
    open_home,
    page_api,
    set_hidden,
    title_becomes,
)

pytestmark = BROWSER_MARKS

SCRIPT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'


def my_turn(page: Any) -> bool:
    st = page.locator("#status")
    return bool(st.get_attribute("data-turn") == st.get_attribute("data-role"))


def lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#chat .chat-line").all_inner_texts()]


def wait_line(page: Any, text: str) -> None:
    page.locator("#chat .chat-text", has_text=text).first.wait_for()


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")
    wait_line(page, text)
    # the box empties when the post is answered, which may come after the
    # line itself has arrived over the socket
    page.wait_for_function("() => document.querySelector('#chat-input').value === ''")


def test_players_and_a_spectator_chat_apart(browser: Any, server: Any, shots: Path) -> None:
    a = new_page(browser, DESKTOP)  # Russian
    b = new_page(browser, PHONE, locale="en-US")
    c = new_page(browser, PHONE)  # the spectator, Russian
    open_home(a, server.url)
    st = page_api(a, server, "POST", "/api/games", {"mode": "friend", "variant": "long"})
    a.goto(f"{server.url}/game/{st['id']}")
    a.wait_for_selector("#chat-input")
    b.goto(st["invite_url"])  # the join page takes the seat and opens the game
    b.wait_for_selector("#chat-input")
    assert a.inner_text("#chat .chat-title") == "Игроки"
    assert b.inner_text("#chat .chat-title") == "Players"
    # the phone's row of phrases is longer than the screen: its cut end fades
    b.wait_for_function(
        "() => document.querySelector('#chat .chat-phrases').classList.contains('more-right')"
    )

    # a quick phrase travels as its key: each reads it in his own language
    a.click("#chat .chat-phrase[data-phrase='good-luck']")
    wait_line(a, "Удачи!")
    wait_line(b, "Good luck!")
    say(b, "Thanks, you too")
    wait_line(a, "Thanks, you too")
    # markup is shown as it was typed and never runs
    say(b, SCRIPT)
    wait_line(a, "window.__pwned")
    assert a.locator("#chat .chat-text").last.inner_text() == SCRIPT
    assert a.locator("#chat .chat-lines script, #chat .chat-lines img").count() == 0
    assert a.evaluate("() => window.__pwned") is None
    assert b.evaluate("() => window.__pwned") is None

    # a spectator with an account: the spectators' chat only
    open_home(c, server.url)
    page_api(c, server, "POST", "/api/register", {"username": "vera", "password": "correct horse"})
    c.goto(f"{server.url}/game/{st['id']}")
    c.wait_for_selector("#chat-input")
    assert c.inner_text("#chat .chat-title") == "Зрители"
    assert c.locator("#chat .chat-line").count() == 0  # none of the players' lines
    c.click("#chat .chat-phrase[data-phrase='hello']")
    wait_line(c, "Привет!")
    say(c, "Белые играют смело")
    say(a, "спасибо")  # the players' next line reaches b after the spectator's...
    wait_line(b, "спасибо")
    for player in (a, b):  # ...which never reached them
        assert not any("смело" in x or "Привет" in x for x in lines(player)), lines(player)
    assert not any("спасибо" in x for x in lines(c))

    # a muted player's lines go at once (for this page only)
    b.locator("#chat .chat-line", has_text="Good luck").locator(".chat-more").click()
    b.locator("#chat").screenshot(path=str(shots / "chat-menu-phone-en.png"))
    b.click("#chat .chat-mute")
    b.locator("#chat .chat-line", has_text="спасибо").wait_for(state="detached")
    assert lines(b) and all("Good luck" not in x for x in lines(b))

    # a report goes to the moderators (once)
    a.locator("#chat .chat-line", has_text="Thanks, you too").locator(".chat-more").click()
    a.click("#chat .chat-report")
    a.click("#chat .chat-reason[data-reason='insult']")
    a.wait_for_selector("#toast:not([hidden]) >> text=Спасибо: модераторы посмотрят.")
    a.screenshot(path=str(shots / "chat-players-desktop-ru.png"))
    a.locator("#chat").screenshot(path=str(shots / "chat-panel-desktop-ru.png"))
    b.screenshot(path=str(shots / "chat-players-phone-en.png"), full_page=True)
    c.screenshot(path=str(shots / "chat-spectators-phone-ru.png"), full_page=True)
    # once the game is over the players may read the spectators' chat, not write there
    resigner, other = (a, b) if my_turn(a) else (b, a)
    page_api(
        resigner, server, "POST", f"/api/games/{st['id']}/actions", {"action": "resign", "level": 1}
    )
    page_api(other, server, "POST", f"/api/games/{st['id']}/actions", {"action": "accept"})
    a.click("#result-close")
    a.click("#chat-tab-watch")
    wait_line(a, "Белые играют смело")
    assert a.locator("#chat-input").count() == 0
    assert "для зрителей" in a.inner_text("#chat .chat-cannot")
    a.locator("#chat").screenshot(path=str(shots / "chat-after-game-desktop-ru.png"))
    a.click("#chat-tab-game")
    wait_line(a, "спасибо")

    # in English the history's phrase reads in English (it is stored as its key)
    a.click("#lang")
    a.wait_for_selector("#chat-tab-game >> text=Players")
    wait_line(a, "Good luck!")
    a.click("#result-close")  # (drawn again with the page)
    a.locator("#chat").scroll_into_view_if_needed()
    a.screenshot(path=str(shots / "chat-players-desktop-en.png"))
    # the lobby page's chat: accounts write, guests read
    for page in (a, c):
        page.click("header a.logo")
        page.wait_for_selector("#lobby-chat .chat-lines[data-channel='lobby']")
    c.locator("#lobby-chat .chat-input").fill("кто на длинные?")
    c.locator("#lobby-chat .chat-send").click()
    a.locator("#lobby-chat .chat-text", has_text="кто на длинные?").wait_for()
    assert a.locator("#lobby-chat .chat-input").count() == 0
    assert "Sign up to write here" in a.inner_text("#lobby-chat .chat-cannot")
    a.locator("#lobby-chat").screenshot(path=str(shots / "chat-lobby-guest-desktop-en.png"))
    for page in (a, b, c):
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)


def test_a_moderator_hides_a_line_and_bans_its_author(
    browser: Any, server: Any, shots: Path
) -> None:
    m, g, c = moderator_and_members(browser, server)  # the moderator, the rude, the reporter
    g.goto(server.url + "/")
    for text in ("rude words", "hello all"):
        g.locator("#lobby-chat .chat-input").fill(text)
        g.locator("#lobby-chat .chat-send").click()
        g.locator("#lobby-chat .chat-text", has_text=text).wait_for()
    lobby = c.request.get(server.url + "/api/chat/lobby").json()["messages"]
    ids = {x["text"]: x["id"] for x in lobby}
    for text in ("rude words", "hello all"):
        page_api(c, server, "POST", f"/api/chat/messages/{ids[text]}/report", {"reason": "insult"})

    # hidden from the lobby's chat: gone from every open page at once
    m.goto(server.url + "/")
    m.wait_for_selector("#nav-mod", state="visible")  # (once the page knows who he is)
    assert not g.locator("#nav-mod").is_visible()
    m.locator("#lobby-chat .chat-line", has_text="rude words").locator(".chat-more").click()
    m.click("#lobby-chat .chat-hide")
    g.locator("#lobby-chat .chat-text", has_text="rude words").wait_for(state="detached")
    # a second report of a line is a notice, not a failure; blocking the room's only
    # author leaves it saying it has no messages, as a room that never had any
    c.goto(server.url + "/")
    c.locator("#lobby-chat .chat-line", has_text="hello all").locator(".chat-more").click()
    c.click("#lobby-chat .chat-report")
    c.click("#lobby-chat .chat-reason[data-reason='spam']")  # (why: one tap of four)
    c.wait_for_selector("#toast.info:not([hidden]) >> text=Вы уже пожаловались на это сообщение.")
    c.locator("#lobby-chat .chat-line", has_text="hello all").locator(".chat-more").click()
    c.click("#lobby-chat .chat-block")
    c.wait_for_selector("#lobby-chat .chat-none >> text=Сообщений пока нет.")
    c.locator("#lobby-chat").screenshot(path=str(shots / "chat-blocked-empty-phone-ru.png"))

    # the moderators' page: both reports, the hidden one marked; a ban, confirmed
    m.click("#nav-mod")
    m.wait_for_selector("#reports")
    rows = m.locator("#reports tr[data-id]")
    assert rows.count() == 2
    assert m.locator(f"#reports tr[data-id='{ids['rude words']}'] .badge").inner_text() == "удалено"
    m.screenshot(path=str(shots / "moderation-desktop-ru.png"), full_page=True)
    m.on("dialog", lambda d: d.accept())
    m.locator(f"#reports tr[data-id='{ids['hello all']}'] .mod-ban").click()
    assert m.locator(".mod-ban").first.inner_text() == "Отстранить от игры"
    m.wait_for_selector("#toast:not([hidden]) >> text=grisha отстранён от игры")
    m.wait_for_selector(f"#reports tr[data-id='{ids['hello all']}'] .badge.bad")
    # the banned member can no longer write, and is told why in his language
    g.locator("#lobby-chat .chat-input").fill("again")
    g.locator("#lobby-chat .chat-send").click()
    g.wait_for_selector("#toast:not([hidden]) >> text=A moderator has banned you from play")
    # and every page of his says so, without the club's play to offer
    g.reload()
    g.wait_for_selector("#banned-note:not([hidden]) >> text=A moderator has banned you")
    g.wait_for_selector("#play-now")
    assert not g.locator("#play-now-btn").is_visible()
    g.screenshot(path=str(shots / "banned-note-phone-en.png"))
    g.set_viewport_size(DESKTOP)
    g.screenshot(path=str(shots / "banned-note-desktop-en.png"))
    # the ban is lifted from his profile
    m.goto(f"{server.url}/players/grisha")
    m.screenshot(path=str(shots / "profile-banned-desktop-ru.png"), full_page=True)
    m.click("#ban >> text=Вернуть к игре")
    m.wait_for_selector("#toast:not([hidden]) >> text=grisha возвращён к игре")
    m.wait_for_selector("#ban >> text=Отстранить от игры")
    assert page_api(g, server, "POST", "/api/chat/lobby", {"text": "sorry"})["text"] == "sorry"
    # the page on the phone: the table scrolls inside its card, the page does not
    m.set_viewport_size(PHONE)
    m.goto(server.url + "/moderation")
    m.wait_for_selector("#reports")
    m.screenshot(path=str(shots / "moderation-phone-ru.png"), full_page=True)
    assert m.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for page in (m, g, c):
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)


def test_what_is_typed_while_a_line_is_on_its_way_stays(browser: Any, server: Any) -> None:
    """The input is cleared when the server has taken the line, but only if it still
    holds that line: the next one, typed meanwhile, is not wiped (it was, and a quick
    second message was lost)."""
    g = new_page(browser, PHONE)
    open_home(g, server.url)
    page_api(g, server, "POST", "/api/register", {"username": "tanya", "password": "correct horse"})
    g.goto(server.url + "/")
    held: list[Any] = []
    g.route(
        "**/api/chat/lobby",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    box = g.locator("#lobby-chat .chat-input")
    box.fill("first line")
    g.locator("#lobby-chat .chat-send").click()
    for _ in range(500):  # until the POST is held (the page's events run while it waits)
        if held:
            break
        g.wait_for_timeout(10)
    assert held, "the line was never sent"
    box.fill("second li")
    held[0].continue_()
    g.locator("#lobby-chat .chat-text", has_text="first line").wait_for()
    g.wait_for_load_state("networkidle")
    assert box.input_value() == "second li"


def test_a_message_that_comes_unseen_is_counted_and_called(
    browser: Any, server: Any, shots: Path
) -> None:
    """Olya plays on a phone, where the chat lies far below the board; Tom writes: the
    count beside her status says so, a tap takes her to the chat and clears it. Tom's
    tab is hidden when she answers: its title says who wrote, and the chat's heading
    counts the line until he is back."""
    olya = new_page(browser, PHONE)
    tom = new_page(browser, DESKTOP, locale="en-US")
    tom.context.add_init_script(FAKE_VISIBILITY)
    open_home(olya, server.url)
    st = page_api(olya, server, "POST", "/api/games", {"mode": "friend", "variant": "long"})
    olya.goto(f"{server.url}/game/{st['id']}")
    olya.wait_for_selector("#chat-input", state="attached")
    tom.goto(st["invite_url"])
    tom.wait_for_selector("#chat-input")
    olya.evaluate("() => window.scrollTo(0, 0)")  # she looks at the board
    assert olya.locator("#chat-unread").is_hidden()
    say(tom, "Hi Olya!")
    wait_line(olya, "Hi Olya!")
    olya.wait_for_selector("#chat-unread:not([hidden])")
    assert olya.inner_text("#chat-unread") == "💬 1"
    assert olya.get_attribute("#chat-unread", "aria-label") == "1 новое сообщение в чате: показать"
    assert olya.inner_text("#chat-count") == "1"
    box = olya.locator("#chat-unread").bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"], box  # seen from the board
    say(tom, "Good luck")
    olya.wait_for_function("() => document.querySelector('#chat-unread').textContent === '💬 2'")
    olya.screenshot(path=str(shots / "chat-unread-phone-ru.png"))
    olya.click("#chat-unread")
    olya.wait_for_selector("#chat-unread[hidden]", state="attached")
    assert olya.locator("#chat-count").is_hidden()
    wait_line(olya, "Hi Olya!")
    # her own line counts for no one but Tom
    set_hidden(tom, True)
    say(olya, "Привет, Том")
    wait_line(tom, "Привет, Том")
    line = tom.locator("#chat .chat-line", has_text="Привет, Том")
    name = line.locator(".chat-name").inner_text()
    assert title_becomes(tom, f"💬 {name} wrote")
    tom.wait_for_selector("#chat-count:not([hidden])")
    assert tom.inner_text("#chat-count") == "1"
    assert olya.locator("#chat-unread").is_hidden()
    set_hidden(tom, False)
    tom.wait_for_selector("#chat-count[hidden]", state="attached")
    for page in (olya, tom):
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)
