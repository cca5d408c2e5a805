"""The tournament pages as a club organizer found them, in real headless Chromium
against a real ``nardy serve`` (Russian): withdrawing asks first and says what it
costs; a member's game in progress comes first on the page; a computer winner is named
in Russian; the rule of no-shows and the number of rounds are said; cancelled
tournaments are marked and have no table; the form folds on a phone; a guest with an
invitation is told to log in; a round robin shows its rounds to come; a tournament
game's result card is told what comes next (``tournamentAfterGame``); its creator
removes an entry and starts it early."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS


def as_member(page: Any, url: str, client: httpx.Client) -> None:
    page.context.add_cookies(
        [{"name": k, "value": v, "url": url} for k, v in dict(client.cookies).items()]
    )


def made(client: httpx.Client, **spec: Any) -> dict[str, Any]:
    r = client.post("/api/tournaments", json={"name": "Кубок", **spec})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()["tournament"]
    return out


def ok(r: httpx.Response) -> dict[str, Any]:
    assert r.status_code in (200, 201), r.text
    out: dict[str, Any] = r.json()
    return out


AFTER = """(id) => import("/static/game_tournament.js").then((m) => m.tournamentAfterGame(id))
  .then((el) => el && el.innerText)"""


def test_withdrawing_asks_first_and_the_players_game_comes_first(
    browser: Any, server: Any, shots: Path
) -> None:
    """A blitz knock-out of a member and a computer seat, on his phone: a banner leads
    to his game, his line stands out, the final is called so, the no-show rule and the
    computer game's clock are said; "Сняться" asks first (dismissed: nothing happens),
    then, accepted, the computer wins, named in Russian on the page and in the list,
    with the places; the game's result card is told what comes next."""
    owner = member_client(server.url, "anna")
    t = made(owner, format="knockout", size=2, clock="blitz")
    tid = t["id"]
    ok(owner.post(f"/api/tournaments/{tid}/join", json={"invite": t["invite"]}))
    ok(owner.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}))
    x = ok(owner.get(f"/api/tournaments/{tid}"))["tournament"]
    game = x["rounds_played"][0][0]["game"]
    p = new_page(browser, PHONE, motion=False)
    as_member(p, server.url, owner)
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_selector("#your-game")
    assert "Ваша партия тура 1 идёт" in p.inner_text("#your-game")
    assert p.get_attribute("#your-game a", "href") == f"/game/{game}"
    # the banner is the first thing on the page
    assert p.eval_on_selector("#tournament", "e => e.firstElementChild.id") == "your-game"
    assert p.query_selector("#rounds li.match.mine") is not None
    assert "Финал" in p.inner_text("#rounds h3")
    assert "Неявка" in p.inner_text("#no-show-rule") and "5 минут" in p.inner_text("#no-show-rule")
    assert "закрытый" in p.inner_text("#tournament")
    p.screenshot(path=str(shots / "tournament-your-game-phone-ru.png"), full_page=True)

    asked: list[str] = []
    p.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    p.click("#withdraw-tournament")
    assert asked and "«Кубок»" in asked[0] and "проигран" in asked[0]
    me = [
        e for e in ok(owner.get(f"/api/tournaments/{tid}"))["tournament"]["entries"] if e["user_id"]
    ]
    assert me[0]["withdrawn"] is False  # dismissed: nothing done
    p.once("dialog", lambda d: d.accept())
    p.click("#withdraw-tournament")
    p.wait_for_selector("#tournament-winner")
    assert "компьютер 1 (новичок)" in p.inner_text("#tournament-winner")
    assert "1. компьютер 1 (новичок)" in p.inner_text("#places")
    assert "2. anna" in p.inner_text("#places")
    assert p.query_selector("#your-game") is None and p.query_selector("#no-show-rule") is None
    assert "снятие с турнира: anna" in p.inner_text("#rounds")
    p.screenshot(path=str(shots / "tournament-finished-phone-ru.png"), full_page=True)
    p.goto(f"{server.url}/tournaments")
    p.wait_for_selector("#tournaments-finished li.tournament")
    listed = p.inner_text("#tournaments-finished")
    assert "Победитель: компьютер 1 (новичок)" in listed and "computer" not in listed
    # the game: on the tournament's clock (against the computer too); its result card
    p.goto(f"{server.url}/game/{game}")
    p.wait_for_selector("#game-tournament a")
    assert p.locator("#clock .clock-face").count() == 2
    # the result card leads back to the tournament and says the place, not "New game"
    p.wait_for_selector("#tournament-after")
    after = p.inner_text("#tournament-after")
    assert "Вернуться к турниру" in after and "2-е место из 2" in after, after
    assert p.locator("#result-new").count() == 0
    assert p.evaluate(AFTER, "nosuchgame") is None
    assert p.errors == [] and p.csp == []
    owner.close()


def test_the_form_folds_on_a_phone_and_cancelled_ones_are_marked(
    browser: Any, server: Any, shots: Path
) -> None:
    """With a tournament to join, a phone shows the lists first and the form folded
    ("Создать турнир"), a desktop has it open; a sit-and-go has no start time to ask,
    the no-show time is offered; a cancelled round robin is marked cancelled in the
    list and on its page, with no table."""
    owner = member_client(server.url, "organizer")
    made(owner, format="sitngo", size=4, name="Открытый вечер")
    gone = made(owner, format="roundrobin", size=4, name="Отменённый")
    ok(owner.post(f"/api/tournaments/{gone['id']}/cancel"))
    p = new_page(browser, PHONE, motion=False)
    as_member(p, server.url, owner)
    p.goto(f"{server.url}/tournaments")
    p.wait_for_selector("#tournaments-upcoming li.tournament")
    assert p.eval_on_selector("#tournament-new", "e => e.open") is False
    assert p.is_hidden("#tournament-form")
    box = p.locator("#tournaments-upcoming").bounding_box()
    assert box is not None and box["y"] < PHONE["height"]  # on the first screen
    finished = p.inner_text("#tournaments-finished")
    assert "Отменённый" in finished and "отменён" in finished
    p.screenshot(path=str(shots / "tournaments-list-phone-ru.png"), full_page=True)
    p.click("#tournament-new summary")
    p.wait_for_selector("#tournament-form")
    p.select_option("#tournament-form select[name=format]", "sitngo")
    assert p.is_hidden("#starts-field")
    p.select_option("#tournament-form select[name=format]", "knockout")
    assert p.is_visible("#starts-field")
    assert p.input_value("#no-show") == "300"
    assert "7 дней" in p.inner_text("#tournament-form")
    p.goto(f"{server.url}/tournaments/{gone['id']}")
    p.wait_for_selector("#tournament-cancelled")
    assert "отменён" in p.inner_text("#tournament-status")
    assert "завершён" not in p.inner_text("#tournament-status")
    assert p.query_selector("#standings") is None
    d = new_page(browser, DESKTOP, motion=False)
    as_member(d, server.url, owner)
    d.goto(f"{server.url}/tournaments")
    d.wait_for_selector("#tournament-form")
    assert d.eval_on_selector("#tournament-new", "e => e.open") is True
    d.screenshot(path=str(shots / "tournaments-list-desktop-ru.png"), full_page=True)
    for page in (p, d):
        assert page.errors == [] and page.csp == []
    owner.close()


def test_a_guest_with_an_invitation_is_told_to_log_in(browser: Any, server: Any) -> None:
    """A visitor who opens a private tournament's invitation is told to log in or sign
    up to join, with the links."""
    owner = member_client(server.url, "host")
    t = made(owner, format="sitngo", size=4)
    p = new_page(browser, PHONE, motion=False)
    p.goto(f"{server.url}/tournaments/{t['id']}?invite={t['invite']}")
    p.wait_for_selector("#tournament-login")
    assert "войдите" in p.inner_text("#tournament-login")
    assert p.get_attribute("#tournament-login-link", "href") == "/login"
    assert p.get_attribute("#tournament-register-link", "href") == "/register"
    assert p.query_selector("#join-tournament") is None
    assert p.errors == [] and p.csp == []
    owner.close()


def test_a_round_robin_says_its_rounds_and_shows_those_to_come(
    browser: Any, server: Any, shots: Path
) -> None:
    """A round robin of four: "Тур 1 из 3", the two rounds to come with their pairings,
    the tie-breaks' columns named in full."""
    owner = member_client(server.url, "rrhost")
    t = made(owner, format="roundrobin", size=4)
    ok(owner.post(f"/api/tournaments/{t['id']}/join", json={"invite": t["invite"]}))
    for _ in range(3):
        ok(owner.post(f"/api/tournaments/{t['id']}/computers", json={"level": "beginner"}))
    d = new_page(browser, DESKTOP, motion=False)
    as_member(d, server.url, owner)
    d.goto(f"{server.url}/tournaments/{t['id']}")
    d.wait_for_selector("#rounds")
    heads = d.locator("#rounds h3").all_inner_texts()
    assert heads == ["Тур 1 из 3", "Тур 2 (впереди)", "Тур 3 (впереди)"], heads
    assert "Тур 1 из 3" in d.inner_text("#tournament-status")
    assert len(d.query_selector_all("#rounds ul.upcoming li.match")) == 4
    assert "Коэф. Бергера" in d.inner_text("#standings")
    assert d.get_attribute("#standings th:last-child", "title")
    d.screenshot(path=str(shots / "tournament-roundrobin-desktop-ru.png"), full_page=True)
    assert d.errors == [] and d.csp == []
    owner.close()


def test_its_creator_removes_a_computer_seat_and_starts_it_now(
    browser: Any, server: Any, shots: Path
) -> None:
    """The organizer's levers before the start: a computer seat added by mistake is
    removed with its "×", then "Начать сейчас" asks first and starts the knock-out with
    the players registered (the page takes him to his game of round 1, which then comes
    first on the tournament's page, without the levers)."""
    owner = member_client(server.url, "olga")
    t = made(owner, format="knockout", size=8)
    tid = t["id"]
    ok(owner.post(f"/api/tournaments/{tid}/join", json={"invite": t["invite"]}))
    for _ in range(2):
        ok(owner.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}))
    p = new_page(browser, DESKTOP, motion=False)
    as_member(p, server.url, owner)
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_selector("#start-tournament")
    assert p.inner_text("#start-tournament") == "Начать сейчас"
    assert p.locator("#entries button.remove-entry").count() == 3
    second = p.locator("#entries li", has_text="компьютер 2")
    assert second.locator("button").get_attribute("aria-label") == "Убрать: компьютер 2 (новичок)"
    second.locator("button").click()
    second.wait_for(state="detached")
    assert p.locator("#entries li").count() == 2
    assert "компьютер 2" not in p.inner_text("#entries")
    assert "2 из 8 игроков" in p.inner_text("#tournament-status")
    p.screenshot(path=str(shots / "tournament-creator-levers-ru.png"), full_page=True)
    asked: list[str] = []
    p.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    p.click("#start-tournament")
    assert asked and "«Кубок»" in asked[0] and "2 участниками" in asked[0], asked
    assert ok(owner.get(f"/api/tournaments/{tid}"))["tournament"]["status"] == "registering"
    p.once("dialog", lambda d: d.accept())
    p.click("#start-tournament")
    # his game of round 1 is made at once: the page takes him to it, as to any round's
    p.wait_for_url("**/game/*")
    x = ok(owner.get(f"/api/tournaments/{tid}"))["tournament"]
    assert x["status"] == "running" and x["players"] == 2
    assert p.url.endswith(f"/game/{x['rounds_played'][0][0]['game']}")
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_selector("#your-game")
    assert "Ваша партия тура 1 идёт" in p.inner_text("#your-game")
    assert p.query_selector("#start-tournament") is None
    assert p.query_selector("#entries button.remove-entry") is None
    assert p.errors == [] and p.csp == []
    owner.close()
