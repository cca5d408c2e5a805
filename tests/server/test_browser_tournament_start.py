"""A tournament game that starts takes its player to it, in real headless Chromium
against a real ``nardy serve`` (phones, Russian): one who joined a sit-and-go from its
invitation and waits on its page (his tab hidden: he is called as on his turn) lands on
his round 1 game, and, sitting on that game's page once it is over, on his round 2
game; one waiting in the lobby lands on his knock-out's game. Also: the form of a new
tournament says the sizes a format takes before anything is sent, the invitation has a
Copy button, and a challenge to the player comes first on his lobby page, with no toast
over its buttons (screenshots of each moment)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import (
    BROWSER_MARKS,
    FAKE_VISIBILITY,
    LISTENING,
    LOBBY_SOCKETS,
    PHONE,
    new_page,
    played,
    set_hidden,
)
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS

GAME = re.compile(r".*/game/([\w-]+)$")


#: The test's hand on the network: while ``window.__held`` the page's lobby sockets are
#: closed as they are made (before they open: the page hears only their close), and
#: ``drop`` closes those open: the page's own retries then fail until the test lets them
#: through. (Not a socket to a port nobody listens on: under load Chromium once left such
#: a socket connecting, with neither error nor close, for over 30 s, and the page, whose
#: next try waits for that close, never came back.)
HOLD_LOBBY = """
window.__held = false;
window.__open = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(url, protocols) {
    super(url, protocols);
    if (!String(url).endsWith("/ws/lobby")) return;
    window.__open.push(this);
    if (window.__held) this.close();
  }
};
window.__drop = () => { window.__held = true; for (const s of window.__open) s.close(); };
"""


def as_member(page: Any, url: str, client: httpx.Client) -> None:
    page.context.add_cookies(
        [{"name": k, "value": v, "url": url} for k, v in dict(client.cookies).items()]
    )


def phone(browser: Any, url: str, client: httpx.Client, hidden: bool = False) -> Any:
    """A phone in Russian signed in as ``client``'s member, its lobby sockets recorded
    (``hidden``: its tab's visibility is the test's to set)."""
    page = new_page(browser, PHONE, motion=False)
    page.add_init_script(LOBBY_SOCKETS)
    if hidden:
        page.add_init_script(FAKE_VISIBILITY)
    as_member(page, url, client)
    return page


def game_id(page: Any, other_than: str | None = None) -> str:
    """The game the page is on, once it is on one (another than ``other_than``). (A
    socket back from a tunnel retries after up to 8 s of backoff: on a busy machine the
    wait is longer than that.)"""
    page.wait_for_url(
        lambda u: bool(GAME.match(u)) and (other_than is None or not u.endswith(other_than)),
        timeout=30_000,
    )
    m = GAME.match(page.url)
    assert m is not None
    return m.group(1)


def his_game(client: httpx.Client, tid: int, round_no: int) -> str:
    """The game of ``client``'s member in round ``round_no`` of tournament ``tid``."""
    me = client.get("/api/session").json()["user"]["id"]
    t = client.get(f"/api/tournaments/{tid}").json()["tournament"]
    entry = next(e["id"] for e in t["entries"] if e["user_id"] == me)
    (m,) = [m for m in t["rounds_played"][round_no - 1] if entry in (m["first"], m["second"])]
    game: str = m["game"]
    return game


def post(client: httpx.Client, path: str, body: Any = None) -> dict[str, Any]:
    r = client.post(path, json=body if body is not None else {})
    assert r.status_code in (200, 201), r.text
    out: dict[str, Any] = r.json()
    return out


def end_round_one(player: httpx.Client, others: tuple[httpx.Client, ...], tid: int) -> None:
    """Round 1 of a sit-and-go of four ends: the other semi-final is decided (a
    withdrawal), then ``player``'s (his opponent withdraws: his game ends, and the
    final starts at once)."""
    t = player.get(f"/api/tournaments/{tid}").json()["tournament"]
    users = {e["id"]: e["user_id"] for e in t["entries"]}
    me = player.get("/api/session").json()["user"]["id"]
    clients = {c.get("/api/session").json()["user"]["id"]: c for c in others}
    (mine,) = [m for m in t["rounds_played"][0] if me in (users[m["first"]], users[m["second"]])]
    (theirs,) = [m for m in t["rounds_played"][0] if m is not mine]
    opponent = clients[users[mine["second"] if users[mine["first"]] == me else mine["first"]]]
    post(clients[users[theirs["first"]]], f"/api/tournaments/{tid}/withdraw")
    post(opponent, f"/api/tournaments/{tid}/withdraw")


def test_a_player_on_the_tournament_page_is_taken_to_each_rounds_game(
    browser: Any, server: Any, shots: Path
) -> None:
    """A sit-and-go of four members. The phone's player joins from the invitation and
    stays on the tournament's page, his tab hidden: when the last one joins, he is
    called (the title, the vibration) and taken to his game with the news. His game
    ends (his opponent withdraws) while he sits on its page: once the other semi-final
    is decided too, the final starts and he is taken there."""
    owner = member_client(server.url, "organizer")
    q, r = member_client(server.url, "quentin"), member_client(server.url, "ruslan")
    player = member_client(server.url, "phoneman")
    made = post(owner, "/api/tournaments", {"name": "Кубок", "format": "sitngo", "size": 4})
    tid, invite = made["tournament"]["id"], made["tournament"]["invite"]
    p = phone(browser, server.url, player, hidden=True)
    p.goto(f"{server.url}/tournaments/{tid}?invite={invite}")
    p.click("#join-tournament")
    p.wait_for_selector("#leave-tournament")
    for c in (q, r):
        post(c, f"/api/tournaments/{tid}/join", {"invite": invite})
    p.wait_for_function(LISTENING)
    set_hidden(p, True)  # he looks at another tab meanwhile
    post(owner, f"/api/tournaments/{tid}/join", {"invite": invite})  # full: it starts
    first = game_id(p)
    assert first == his_game(player, tid, 1)
    p.wait_for_selector("#toast.info:not([hidden])")
    assert p.inner_text("#toast") == "«Кубок», тур 1: ваша партия началась"
    calls = played(p)
    assert "title" in calls and "vibrate" in calls, calls
    set_hidden(p, False)
    p.wait_for_selector("#board .checker")
    p.wait_for_selector("#game-tournament a")
    p.screenshot(path=str(shots / "tournament-start-round1-phone-ru.png"))

    p.wait_for_function(LISTENING)  # his game's page listens for his next game
    end_round_one(player, (owner, q, r), tid)
    final = game_id(p, other_than=first)
    assert final == his_game(player, tid, 2)
    p.wait_for_selector("#toast.info:not([hidden]) >> text=«Кубок», тур 2: ваша партия началась")
    p.wait_for_selector("#board .checker")
    p.screenshot(path=str(shots / "tournament-start-round2-phone-ru.png"))
    assert p.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert p.errors == [] and p.csp == []
    for c in (owner, q, r, player):
        c.close()


def test_a_player_in_the_lobby_is_taken_to_his_knockout_game(
    browser: Any, server: Any, shots: Path
) -> None:
    """The form of a new tournament says each format's sizes before sending; the
    creator's invitation has a Copy button; a member waiting in the lobby sees a
    challenge to him first on the page, no toast over its buttons; when his knock-out
    starts he lands on his game, told so."""
    owner = member_client(server.url, "organizer")
    waiter = member_client(server.url, "lobbyist")

    # the form: the sizes of the chosen format, said and checked before sending
    p = phone(browser, server.url, owner)
    p.goto(server.url + "/tournaments")
    p.wait_for_selector("#size-hint:has-text('игроков')")
    p.select_option("#tournament-form select[name=format]", "sitngo")
    assert p.inner_text("#size-hint") == "4, 8 или 16 игроков"
    assert p.input_value("#tournament-form input[name=size]") == "8"
    p.fill("#tournament-form input[name=name]", "Финал")
    p.fill("#tournament-form input[name=size]", "2")
    assert p.get_attribute("#size-hint", "class") == "small bad"
    p.locator("#tournament-form").screenshot(path=str(shots / "tournament-form-sizes-phone-ru.png"))
    p.click("#create-tournament")  # refused by the page: nothing is sent
    assert p.eval_on_selector("#tournament-form input[name=size]", "e => e.validity.valid") is False
    assert p.url.endswith("/tournaments")
    p.select_option("#tournament-form select[name=format]", "knockout")
    assert p.inner_text("#size-hint") == "от 2 до 64 игроков"
    assert p.get_attribute("#size-hint", "class") == "small"  # 2 is a knock-out's size
    p.click("#create-tournament")
    p.wait_for_url("**/tournaments/1")
    p.wait_for_selector("#copy-invite")
    p.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    p.click("#copy-invite")
    p.wait_for_selector("#toast.info:not([hidden]) >> text=Скопировано")
    link = p.input_value("#invite-link")
    assert p.evaluate("navigator.clipboard.readText()") == link
    p.screenshot(path=str(shots / "tournament-invite-copy-phone-ru.png"))
    invite = link.split("invite=")[1]
    post(waiter, "/api/tournaments/1/join", {"invite": invite})

    w = phone(browser, server.url, waiter)
    w.goto(server.url + "/")
    w.wait_for_function(LISTENING)
    # a challenge to him: first on the page, in view, with no toast over its buttons
    post(owner, "/api/lobby/challenges", {"variant": "long", "length": 3, "to": "lobbyist"})
    w.wait_for_selector("#to-me li.challenge.to-me button.accept")
    assert w.locator("#toast:not([hidden])").count() == 0
    box = w.locator("#to-me button.accept").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    assert w.query_selector("#challenges li.to-me") is None  # (not twice)
    w.screenshot(path=str(shots / "lobby-challenge-to-me-phone-ru.png"))

    post(owner, "/api/tournaments/1/join", {"invite": invite})  # full: the final starts
    gid = game_id(w)
    assert gid == his_game(waiter, 1, 1)
    w.wait_for_selector("#toast.info:not([hidden])")
    assert w.inner_text("#toast") == "«Финал», тур 1: ваша партия началась"
    w.wait_for_selector("#board .checker")
    w.screenshot(path=str(shots / "tournament-start-from-lobby-phone-ru.png"))
    # the creator, on his tournament's page, was taken to the same game
    assert game_id(p) == gid
    for page in (p, w):
        assert page.errors == [] and page.csp == []
    owner.close()
    waiter.close()


def test_a_game_that_starts_while_the_socket_is_away_is_found_when_it_returns(
    browser: Any, server: Any
) -> None:
    """The "game" message of a round that starts while the page's lobby socket is down
    is lost with it; when the socket comes back, the page finds the new game among his
    (the snapshot's) and takes him there all the same."""
    owner = member_client(server.url, "organizer")
    player = member_client(server.url, "tunnelman")
    made = post(owner, "/api/tournaments", {"name": "Ночной", "format": "knockout", "size": 2})
    tid, invite = made["tournament"]["id"], made["tournament"]["invite"]
    post(player, f"/api/tournaments/{tid}/join", {"invite": invite})
    p = phone(browser, server.url, player)
    p.add_init_script(HOLD_LOBBY)
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_function(LISTENING)
    p.evaluate("window.__drop()")  # (a tunnel: his phone loses the network)
    p.wait_for_function("() => window.__lobby.every((s) => s.closed)")
    post(owner, f"/api/tournaments/{tid}/join", {"invite": invite})  # full: it starts
    game = his_game(player, tid, 1)
    assert p.url.endswith(f"/tournaments/{tid}")  # nothing reached him
    p.evaluate("window.__held = false")  # out of the tunnel: the page's retry gets through
    assert game_id(p) == game
    p.wait_for_selector("#board .checker")
    for c in (owner, player):
        c.close()


def test_the_next_round_that_starts_while_the_game_pages_socket_is_away_is_found(
    browser: Any, server: Any
) -> None:
    """His round-1 game's page listens for his next game. The final starts while that
    page's lobby socket is down (a tunnel): the "game" message is lost, and when the
    socket comes back the page finds the final among his games and takes him there."""
    owner = member_client(server.url, "organizer")
    q, r = member_client(server.url, "quentin"), member_client(server.url, "ruslan")
    player = member_client(server.url, "tunnelman")
    made = post(owner, "/api/tournaments", {"name": "Ночной", "format": "sitngo", "size": 4})
    tid, invite = made["tournament"]["id"], made["tournament"]["invite"]
    for c in (player, q, r, owner):
        post(c, f"/api/tournaments/{tid}/join", {"invite": invite})
    first = his_game(player, tid, 1)
    p = phone(browser, server.url, player)
    p.add_init_script(HOLD_LOBBY)
    p.goto(f"{server.url}/game/{first}")
    p.wait_for_selector("#game-tournament a")
    p.wait_for_function(LISTENING)  # his game's page listens for his next game
    p.evaluate("window.__drop()")
    p.wait_for_function("() => window.__lobby.every((s) => s.closed)")
    end_round_one(player, (owner, q, r), tid)  # his game ends: the final starts
    final = his_game(player, tid, 2)
    p.wait_for_selector("#result-title")  # (his game's own socket told him it ended)
    assert p.url.endswith(f"/game/{first}")  # the final's news did not reach him
    p.evaluate("window.__held = false")  # out of the tunnel: the page's retry gets through
    assert game_id(p, other_than=first) == final
    p.wait_for_selector("#board .checker")
    assert p.errors == [] and p.csp == []
    for c in (owner, q, r, player):
        c.close()
