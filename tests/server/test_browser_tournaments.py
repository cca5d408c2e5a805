"""Tournaments in real headless Chromium against a real ``nardy serve``: a member
creates a sit-and-go from the form, joins it and fills it with computer players; it
starts, and its page draws the bracket with each match's game linked; a visitor on a
phone sees it in English; the lobby lists it; a Swiss's page shows its standings
(screenshots: desktop and phone)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BARE_BUTTONS, BROWSER_MARKS, DESKTOP, PHONE, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS


def as_member(page: Any, url: str, client: httpx.Client) -> None:
    page.context.add_cookies(
        [{"name": k, "value": v, "url": url} for k, v in dict(client.cookies).items()]
    )


def test_a_sit_and_go_is_made_filled_and_shown_as_a_bracket(
    browser: Any, server: Any, shots: Path
) -> None:
    owner = member_client(server.url, "organizer")
    a = new_page(browser, DESKTOP, motion=False)
    as_member(a, server.url, owner)
    a.goto(server.url + "/tournaments")
    a.wait_for_selector("#tournament-form")
    assert a.evaluate(BARE_BUTTONS) == []  # the form's button is the page's own
    # rounds are asked only of a Swiss tournament
    assert a.is_hidden("#rounds-field")
    a.select_option("#tournament-form select[name=format]", "swiss")
    assert a.is_visible("#rounds-field")
    a.fill("#tournament-form input[name=rounds]", "3")
    a.fill("#tournament-form input[name=name]", "Кубок пятницы")
    a.select_option("#tournament-form select[name=format]", "sitngo")
    assert a.is_hidden("#rounds-field")
    assert a.input_value("#tournament-form input[name=rounds]") == ""  # not sent
    a.fill("#tournament-form input[name=size]", "4")
    a.click("#create-tournament")
    a.wait_for_url("**/tournaments/1")
    a.wait_for_selector("#tournament h1")
    terms = a.inner_text("#tournament")
    assert "Длинные нарды" in terms and "Без часов" in terms  # the form's defaults
    a.wait_for_selector("#join-tournament")
    assert "tournaments/1?invite=" in a.input_value("#invite-link")
    a.click("#join-tournament")
    a.wait_for_selector("#leave-tournament")
    for n in (2, 3):  # (the page reads the tournament again after each)
        a.select_option("#computer-level", "beginner")
        a.click("#add-computer")
        a.wait_for_selector(f"#entries li:nth-child({n})")
    # the last place taken: it starts, and its creator (a player) is taken to his game
    a.select_option("#computer-level", "beginner")
    a.click("#add-computer")
    a.wait_for_url(re.compile(r".*/game/[\w-]+$"))
    a.goto(server.url + "/tournaments/1")
    a.wait_for_selector("#bracket g.bmatch[data-round='1'] a")
    assert "идёт" in a.inner_text("#tournament-status")
    boxes = a.query_selector_all("#bracket g.bmatch")
    assert len(boxes) == 3  # two semi-finals and the final
    assert "organizer" in (a.text_content("#bracket") or "")
    a.screenshot(path=str(shots / "tournament-bracket-desktop-ru.png"), full_page=True)
    link = a.get_attribute("#rounds li.match a", "href")
    assert link is not None and link.startswith("/game/")
    # his match against a computer shows the time by which he must act (no-show)
    assert (a.inner_text("#rounds li.match .deadline") or "").startswith(" · ход до ")
    # his game's page says which tournament and round it is, and by when he must act
    a.goto(server.url + link)
    a.wait_for_selector("#game-tournament a")
    line = a.inner_text("#game-tournament")
    assert "Кубок пятницы" in line and "Тур 1" in line and "ход до" in line, line
    a.screenshot(path=str(shots / "tournament-game-desktop-ru.png"))
    a.click("#game-tournament a")  # and leads back to the tournament
    a.wait_for_selector("#bracket g.bmatch")

    # a visitor on a phone, in English: the same bracket, no registration buttons
    p = new_page(browser, PHONE, locale="en-US")
    p.goto(server.url + "/tournaments/1")
    p.wait_for_selector("#bracket g.bmatch")
    assert "running" in p.inner_text("#tournament-status")
    assert p.query_selector("#join-tournament") is None
    assert p.query_selector("#withdraw-tournament") is None
    p.screenshot(path=str(shots / "tournament-bracket-phone-en.png"), full_page=True)
    # the game, watched on the phone: the same line, in English
    p.goto(server.url + link)
    p.wait_for_selector("#game-tournament a")
    line = p.inner_text("#game-tournament")
    assert "Round 1" in line and "act by" in line, line
    assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    p.screenshot(path=str(shots / "tournament-game-phone-en.png"))

    # the lobby's card lists it to its players (a private one: to them only)
    p.goto(server.url + "/")
    p.wait_for_selector("#tournaments-card p")
    assert "Кубок пятницы" not in p.inner_text("#tournaments-card")
    p.locator("#tournaments-card").screenshot(path=str(shots / "tournament-lobby-card-phone.png"))
    a.goto(server.url + "/")
    a.wait_for_selector("#tournaments-card li.tournament[data-id='1']")
    assert "Кубок пятницы" in a.inner_text("#tournaments-card")
    a.locator("#tournaments-card").screenshot(path=str(shots / "tournament-lobby-card-ru.png"))

    # a Swiss's page: the standings
    r = owner.post(
        "/api/tournaments",
        json={"name": "Swiss", "format": "swiss", "size": 3, "rounds": 2},
    )
    assert r.status_code == 201, r.text
    tid, invite = r.json()["tournament"]["id"], r.json()["tournament"]["invite"]
    for _ in range(2):
        r = owner.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"})
        assert r.status_code == 200, r.text
    r = owner.post(f"/api/tournaments/{tid}/join", json={"invite": invite})
    assert r.json()["tournament"]["status"] == "running"
    a.goto(server.url + f"/tournaments/{tid}")
    a.wait_for_selector("#standings")
    assert len(a.query_selector_all("#standings tr")) == 4  # the header and three players
    assert "пропускает тур" in a.inner_text("#rounds")  # the round's bye
    a.screenshot(path=str(shots / "tournament-swiss-desktop-ru.png"), full_page=True)
    # the standings on a phone: the table fits (it scrolls inside its card if it must)
    p.goto(server.url + f"/tournaments/{tid}")
    p.wait_for_selector("#standings")
    assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    p.screenshot(path=str(shots / "tournament-swiss-phone-en.png"), full_page=True)
    for page in (a, p):
        assert page.errors == [] and page.csp == []
    owner.close()


def test_its_creator_cancels_a_tournament_from_its_page(
    browser: Any, server: Any, shots: Path
) -> None:
    """The creator's page has "Отменить турнир"; asked to confirm, and confirmed, the
    page shows it cancelled by its creator; an entrant on a phone sees that too, in
    English (cancelled, not finished), and has no button."""
    owner = member_client(server.url, "organizer")
    entrant = member_client(server.url, "entrant")
    made = owner.post("/api/tournaments", json={"name": "Cup", "format": "sitngo", "size": 4})
    assert made.status_code == 201, made.text
    tid, invite = made.json()["tournament"]["id"], made.json()["tournament"]["invite"]
    joined = entrant.post(f"/api/tournaments/{tid}/join", json={"invite": invite})
    assert joined.status_code == 200, joined.text
    a = new_page(browser, PHONE, motion=False)
    as_member(a, server.url, owner)
    a.goto(f"{server.url}/tournaments/{tid}")
    asked: list[str] = []
    a.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    a.click("#cancel-tournament")
    assert asked and "«Cup»" in asked[0]
    assert "идёт запись" in a.inner_text("#tournament-status")  # dismissed: nothing done
    a.once("dialog", lambda d: d.accept())
    a.click("#cancel-tournament")
    a.wait_for_selector("#tournament-cancelled >> text=Отменён создателем")
    # no button, no invitation to a tournament nobody may join, no empty rounds' card
    assert a.query_selector("#cancel-tournament") is None
    assert a.query_selector("#invite-link") is None and a.query_selector("#rounds") is None
    a.screenshot(path=str(shots / "tournament-cancelled-phone-ru.png"), full_page=True)
    e = new_page(browser, PHONE, locale="en-US", motion=False)
    as_member(e, server.url, entrant)
    e.goto(f"{server.url}/tournaments/{tid}")
    e.wait_for_selector("#tournament-cancelled >> text=Cancelled by its creator")
    assert e.query_selector("#cancel-tournament") is None
    assert "cancelled" in e.inner_text("#tournament-status")
    assert e.query_selector("#invite-link") is None and e.query_selector("#rounds") is None


def test_a_private_tournament_says_how_to_join_instead_of_offering_a_refused_button(
    browser: Any, server: Any
) -> None:
    """A member who opens a private tournament's page without its invitation is told it
    is joined by invitation (the Join button would only be refused); by the link he
    gets the button, and it works."""
    owner = member_client(server.url, "host")
    guest = member_client(server.url, "visitor")
    made = owner.post("/api/tournaments", json={"name": "Closed", "format": "sitngo", "size": 4})
    assert made.status_code == 201, made.text
    tid, invite = made.json()["tournament"]["id"], made.json()["tournament"]["invite"]
    page = new_page(browser, DESKTOP, locale="en-US", motion=False)
    as_member(page, server.url, guest)
    page.goto(f"{server.url}/tournaments/{tid}")
    page.wait_for_selector("#tournament-private")
    assert "invitation link" in page.inner_text("#tournament-private")
    assert page.query_selector("#join-tournament") is None
    page.goto(f"{server.url}/tournaments/{tid}?invite={invite}")
    page.click("#join-tournament")
    page.wait_for_selector("#leave-tournament")
    assert page.query_selector("#tournament-private") is None
    assert page.errors == [] and page.csp == []
    owner.close()
    guest.close()
