"""A spectator in real headless Chromium against a real ``nardy serve``: two members
play a rated 3-point match with the blitz clock; a visitor sees, on the lobby's tile
and the game page, the players' ratings, that it is rated and its clock; when a game
of the match ends he is told the match goes on (no "New game" for him: other games to
watch), and at its end that it is over (screenshots: desktop and phone, Russian)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS


def give_rating(db_url: str, name: str, rating: float, rd: float) -> None:
    """A member's stored rating in short nardy (as after some rated matches)."""
    from sqlalchemy import create_engine, insert, select

    from nardy.server.db import Rating, User, normalize_url

    engine = create_engine(normalize_url(db_url))
    with engine.begin() as conn:
        uid = conn.scalar(select(User.id).where(User.username == name))
        conn.execute(
            insert(Rating).values(
                user_id=uid, pool="short", rating=rating, rd=rd, volatility=0.06, games=9
            )
        )
    engine.dispose()


def act(c: httpx.Client, gid: str, action: dict[str, Any]) -> dict[str, Any]:
    r = c.post(f"/api/games/{gid}/actions", json=action)
    assert r.status_code == 200, (action, r.text)
    state: dict[str, Any] = r.json()["state"]
    return state


def resign_game(players: list[httpx.Client], gid: str, level: int) -> dict[str, Any]:
    """The player to act resigns the game at ``level``; the other accepts."""
    states = [c.get(f"/api/games/{gid}").json() for c in players]
    mover = next(i for i, st in enumerate(states) if st["to_act"] == st["role"])
    act(players[mover], gid, {"action": "resign", "level": level})
    return act(players[1 - mover], gid, {"action": "accept"})


def test_a_spectator_sees_ratings_terms_and_that_the_match_goes_on(
    browser: Any, server: Any, shots: Path, db_url: str
) -> None:
    alice, bob = member_client(server.url, "Alisa"), member_client(server.url, "Boris")
    give_rating(db_url, "Alisa", 1623.4, 60)  # Boris has none: 1500, provisional
    terms = {"variant": "short", "length": 3, "rated": True, "clock": "blitz", "cube": True}
    ch = alice.post("/api/lobby/challenges", json=terms).json()["challenge"]
    gid = bob.post(f"/api/lobby/challenges/{ch['id']}/accept").json()["game"]

    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    tile = page.wait_for_selector(f"#watch .tile[data-id='{gid}'] svg.board.mini .checker")
    text = page.inner_text(f"#watch .tile[data-id='{gid}']")
    assert "Alisa 1623" in text and "Boris 1500?" in text, text
    assert "На рейтинг" in text and "Блиц: 8 с на ход + 1 мин на очко" in text, text
    assert tile is not None
    page.screenshot(path=str(shots / "watch-lobby-desktop-ru.png"), full_page=True)
    page.click(f"#watch .tile[data-id='{gid}']")
    page.wait_for_selector("#board .checker")
    assert page.get_attribute("#status", "data-role") == "spectator"
    shown = {page.inner_text(f"#rating-{c}").strip() for c in ("white", "black")}
    assert shown == {"1623", "1500?"}
    page.screenshot(path=str(shots / "watch-game-desktop-ru.png"))

    # the first game ends (a single game's resignation: 1 point of 3)
    st = resign_game([alice, bob], gid, 1)
    assert st["phase"] == "over" and not st["match"]["over"]
    page.wait_for_selector("#result-match")
    assert page.inner_text("#result-match") == (
        "Матч продолжается: партия 2 начнётся, когда игроки будут готовы."
    )
    assert page.locator("#result-new").count() == 0  # a watcher starts no game
    assert page.inner_text("#status") == "Партия окончена, матч продолжается"
    page.screenshot(path=str(shots / "watch-between-games-desktop-ru.png"))
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.url}/game/{gid}")
    phone.wait_for_selector("#result-watch")
    phone.screenshot(path=str(shots / "watch-between-games-phone-ru.png"))
    assert not phone.errors and not phone.csp

    # the players go on; the match ends: the watcher is told so
    act(alice, gid, {"action": "next-game"})  # (the next game starts once both ask)
    act(bob, gid, {"action": "next-game"})
    st = resign_game([alice, bob], gid, 3)
    assert st["match"]["over"]
    page.wait_for_selector("#result-match:has-text('Матч окончен.')")
    assert page.locator("#result-new").count() == 0
    # "Other games to watch" leads to the lobby's boards
    page.click("#result-watch")
    page.wait_for_selector("#watch h2")
    page.wait_for_url(server.url + "/")  # (the boards brought into view, the address kept)
    assert not page.errors and not page.csp
