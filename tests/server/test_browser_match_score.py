"""The game page and the replay of a long-nardy match between two members, in real
headless Chromium against a real ``nardy serve``, as a Russian phone player found
them: the match score is said by player, not by colour (L-4: each game's starter plays
White, so colours change between games); the points beside the pips are labelled as
the match's; a dead cube (C-4, RULINGS.md "C-4 dead cube") is explained to whoever
watches; the replay's last step names the winner and says the match was won, and its
pips say whose is whose; a provisional rating's "?" explains itself when pressed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, DESKTOP, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS

PHONE = {"width": 412, "height": 915}
SIDEWAYS = {"width": 915, "height": 412}


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


def next_game(players: list[httpx.Client], gid: str) -> None:
    for c in players:  # (the next game starts once both ask)
        act(c, gid, {"action": "next-game"})


def names_by_color(c: httpx.Client, gid: str) -> dict[str, str]:
    st = c.get(f"/api/games/{gid}").json()
    return {color: st["players"][color]["name"] for color in ("white", "black")}


def test_a_long_match_scored_by_player_with_a_dead_cube_and_its_replay(
    browser: Any, server: Any, shots: Path
) -> None:
    valery, olga = member_client(server.url, "Valery"), member_client(server.url, "Olga_K")
    both = [valery, olga]
    terms = {"variant": "long", "length": 3, "rated": False, "cube": True}
    ch = valery.post("/api/lobby/challenges", json=terms).json()["challenge"]
    gid = olga.post(f"/api/lobby/challenges/{ch['id']}/accept").json()["game"]
    # game 1 resigned as a mars (2 points), game 2 (Crawford) too: 2-2 of 3
    first = resign_game(both, gid, 2)
    winner1 = first["players"][first["outcome"]["winner"]]["name"]
    loser1 = next(n for n in ("Valery", "Olga_K") if n != winner1)
    next_game(both, gid)
    st = resign_game(both, gid, 2)
    assert st["players"][st["outcome"]["winner"]]["name"] == loser1
    next_game(both, gid)
    st = olga.get(f"/api/games/{gid}").json()
    assert st["cube"]["dead"] == {"white": True, "black": True}  # 2-2: both 1 away
    by_color = names_by_color(olga, gid)

    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        for size, name in ((PHONE, "phone"), (SIDEWAYS, "sideways"), (DESKTOP, "desktop")):
            page = new_page(browser, size, locale)  # a watcher (a visitor of his own)
            page.goto(f"{server.url}/game/{gid}")
            page.wait_for_selector("#match-score .score-name")
            page.wait_for_selector("#cube-dead")
            score = page.inner_text("#match-score")
            # by player: each name with his own points, whatever colour he has now
            assert "Valery" in score and "Olga_K" in score, score
            white, black = (
                page.inner_text(f"#match-score .score-name[data-color={c}]")
                for c in ("white", "black")
            )
            assert (white, black) == (by_color["white"], by_color["black"])
            assert "2 : 2" in score, score
            label = page.inner_text("#scorebar .match-label")
            assert label == ("Матч до 3 очков:" if lang == "ru" else "Match to 3 points:")
            points = page.inner_text("#pscore-white")
            assert points == ("матч: 2" if lang == "ru" else "match: 2"), points
            dead = page.inner_text("#cube-dead")
            assert dead == (
                "Кубик не нужен: победа в партии и так решает матч."
                if lang == "ru"
                else "The cube is dead: a single game decides the match."
            ), dead
            page.screenshot(path=str(shots / f"match-score-{name}-{lang}.png"), full_page=True)
            assert not page.errors and not page.csp, (page.errors, page.csp)
            page.context.close()

    # the match ends 3-2: the replay's last step says who won the game and the match
    st = resign_game(both, gid, 1)
    assert st["match"]["over"]
    champion = st["players"][st["match"]["winner"]]["name"]
    data = httpx.get(f"{server.url}/api/games/{gid}/replay").json()
    end = len(data["steps"]) - 1
    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        for size, name in ((PHONE, "phone"), (DESKTOP, "desktop")):
            page = new_page(browser, size, locale)
            page.goto(f"{server.url}/replay/{gid}?step={end}")
            page.wait_for_selector(
                f"#replay-board[data-step='{end}'] ~ #step-caption #step-outcome"
            )
            outcome = page.inner_text("#step-outcome")
            won = "и в матче 3:2" if lang == "ru" else "and the match 3:2"
            assert outcome.startswith(champion) and won in outcome, outcome
            score = page.inner_text("#replay-match-score")
            assert "3 : 2" in score or "2 : 3" in score, score
            assert "Valery" in score and "Olga_K" in score, score
            pips = page.locator("#replay-pips .dot")
            assert sorted(pips.nth(i).get_attribute("aria-label") or "" for i in (0, 1)) == [
                "Olga_K",
                "Valery",
            ]
            page.screenshot(path=str(shots / f"replay-match-end-{name}-{lang}.png"), full_page=True)
            # the first game's end: its winner by name, the match going on
            step1 = next(i for i, s in enumerate(data["steps"]) if s.get("outcome"))
            page.goto(f"{server.url}/replay/{gid}?step={step1}")
            page.wait_for_selector(
                f"#replay-board[data-step='{step1}'] ~ #step-caption #step-outcome"
            )
            outcome = page.inner_text("#step-outcome")
            assert outcome.startswith(winner1) and won.split()[-2] not in outcome, outcome
            assert not page.errors and not page.csp, (page.errors, page.csp)
            page.context.close()


def test_a_provisional_ratings_question_mark_explains_itself(
    browser: Any, server: Any, shots: Path
) -> None:
    """A member without rated matches is 1500, provisional: the "?" beside it is a
    button a finger or a key opens (no hover on a phone), and Escape closes."""
    alisa, boris = member_client(server.url, "Alisa"), member_client(server.url, "Boris")
    terms = {"variant": "short", "length": 1, "rated": True}  # (no clock: it waits)
    ch = alisa.post("/api/lobby/challenges", json=terms).json()["challenge"]
    gid = boris.post(f"/api/lobby/challenges/{ch['id']}/accept").json()["game"]
    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        page = new_page(browser, PHONE, locale)
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector("#rating-white button.provisional")
        mark = page.locator("#rating-white button.provisional")
        assert page.inner_text("#rating-white").strip() == "1500?"
        assert page.locator("#provisional-note").count() == 0
        mark.click()
        note = page.wait_for_selector("#provisional-note")
        said = note.inner_text()
        assert said.startswith("«?» — предварительный" if lang == "ru" else "“?”: a provisional"), (
            said
        )
        box, vw = note.bounding_box(), PHONE["width"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= vw
        assert mark.get_attribute("aria-expanded") == "true"
        page.screenshot(path=str(shots / f"provisional-note-phone-{lang}.png"))
        page.keyboard.press("Escape")
        page.wait_for_selector("#provisional-note", state="detached")
        assert page.evaluate("() => document.activeElement.matches('#rating-white button')")
        page.keyboard.press("Enter")  # (from the keyboard, too)
        page.wait_for_selector("#provisional-note")
        # the lobby's tile and the leaderboard use the same mark
        page.goto(f"{server.url}/")
        page.wait_for_selector(f"#watch .tile[data-id='{gid}'] .rating button.provisional")
        page.click(f"#watch .tile[data-id='{gid}'] .rating button.provisional >> nth=0")
        page.wait_for_selector("#provisional-note")
        assert page.url == f"{server.url}/"  # (the "?" explains; it does not open the game)
        assert not page.errors and not page.csp, (page.errors, page.csp)
        page.context.close()
