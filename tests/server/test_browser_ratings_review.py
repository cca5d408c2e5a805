"""Replays, reviews and ratings as a player sees them, in real headless Chromium
against a real ``nardy serve``: a match's finished game ends on its result and the
score it left (no "still being played"); a review asked deeper shows its progress and
then replaces the shallower one; the game page shows the new ratings and their change
once a rated result is in; the profile says why a rating moves as it does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, PHONE, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS

PHONE_SIZE = PHONE
LAPTOP = {"width": 1366, "height": 768}


def play_to_game_end(c: httpx.Client, st: dict[str, Any]) -> dict[str, Any]:
    """The first legal play every turn against the computer, until the game is over."""
    for _ in range(2000):
        if st["phase"] == "over":
            return st
        acts = st["actions"]
        body = next(
            ({"action": a} for a in ("take", "accept", "roll") if a in acts),
            {"action": "play", "play": st["legal"]["plays"][0] if st["legal"] else ""},
        )
        r = c.post(f"/api/games/{st['id']}/actions", json=body)
        assert r.status_code == 200, r.text
        st = r.json()["state"]
    raise AssertionError("the game did not end")


def guest(url: str) -> httpx.Client:
    c = httpx.Client(base_url=url, timeout=30)
    c.headers["x-csrf-token"] = c.get("/api/session").json()["csrf"]
    return c


def test_a_matchs_finished_game_ends_on_its_result_and_score(
    browser: Any, server: Any, shots: Path
) -> None:
    c = guest(server.url)
    r = c.post(
        "/api/games",
        # (to 5 without the cube: a game scores at most 3, so one game never ends it)
        json={
            "mode": "computer",
            "level": "beginner",
            "variant": "short",
            "length": 5,
            "cube": False,
        },
    )
    st = play_to_game_end(c, r.json())
    c.close()
    gid = st["id"]
    assert not st["match"]["over"]
    data = httpx.get(f"{server.url}/api/games/{gid}/replay").json()
    end = len(data["steps"]) - 1
    after = data["steps"][end]["score_after"]
    for lang, locale, running, match_running in (
        ("ru", "ru-RU", "Партия ещё идёт", "Матч ещё идёт"),
        ("en", "en-US", "The game is still being played", "The match is still being played"),
    ):
        for size, name in ((PHONE_SIZE, "phone"), (LAPTOP, "desktop")):
            page = new_page(browser, size, locale)
            page.goto(f"{server.url}/replay/{gid}?step={end}")
            page.wait_for_selector(
                f"#replay-board[data-step='{end}'] ~ #step-caption #step-outcome"
            )
            note = page.inner_text("#replay-note")
            assert running not in note and match_running in note, note
            # (by player, the viewer's side first: "○ Гость 1 1 : 0 Компьютер ●")
            first = data["steps"][end]["view"]
            second = "black" if first == "white" else "white"
            assert f"{after[first]} : {after[second]}" in page.inner_text("#replay-match-score")
            page.screenshot(path=str(shots / f"replay-game-end-{name}-{lang}.png"), full_page=True)
            # the game's start: the score it began at
            page.keyboard.press("Home")
            page.wait_for_selector("#replay-board[data-step='0']")
            assert "0 : 0" in page.inner_text("#replay-match-score")
            assert page.errors == [] and page.csp == [], (page.errors, page.csp)
            page.context.close()


def test_a_deeper_review_shows_progress_then_replaces_the_first(
    browser: Any, server: Any, shots: Path
) -> None:
    c = guest(server.url)
    r = c.post("/api/games", json={"mode": "computer", "level": "beginner", "variant": "short"})
    gid = play_to_game_end(c, r.json())["id"]
    c.close()
    for lang, locale, first, deep, deepest in (
        (
            "ru",
            "ru-RU",
            "без просмотра вперёд",
            "с просмотром на 1 бросок вперёд",
            "самый глубокий",
        ),
        ("en", "en-US", "no look-ahead", "looking 1 roll ahead", "the deepest review"),
    ):
        page = new_page(browser, PHONE_SIZE if lang == "ru" else LAPTOP, locale)
        page.goto(f"{server.url}/replay/{gid}?review=1")
        page.wait_for_selector("#review-panel #review-deeper")
        assert first in page.inner_text("#review-panel h3")
        assert deep in page.inner_text("#review-deeper")
        # (whether the progress was ever shown, however short the review took)
        page.evaluate(
            "new MutationObserver(() => { if (document.querySelector('#review-progress'))"
            " window.sawProgress = true; }).observe(document.body,"
            " { childList: true, subtree: true })"
        )
        page.locator("#review-panel").screenshot(path=str(shots / f"review-first-{lang}.png"))
        page.click("#review-deeper")
        page.screenshot(path=str(shots / f"review-deepening-{lang}.png"))
        page.wait_for_selector("#review-panel #review-deepest")
        assert page.evaluate("window.sawProgress === true")
        assert deep in page.inner_text("#review-panel h3")
        assert deepest in page.inner_text("#review-deepest")
        assert page.locator("#review-panel").count() == 1  # replaced, not added
        assert page.locator("#review-progress").count() == 0
        assert "plies=1" in page.url  # (a reload shows the deeper one)
        page.screenshot(path=str(shots / f"review-deeper-{lang}.png"), full_page=True)
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)
        page.context.close()


def test_the_game_page_and_profile_show_the_new_rating_and_why(
    browser: Any, server: Any, shots: Path
) -> None:
    ann, bob = member_client(server.url, "annette"), member_client(server.url, "boris")
    r = ann.post("/api/lobby/challenges", json={"variant": "long", "length": 1, "rated": True})
    assert r.status_code == 201, r.text
    r = bob.post(f"/api/lobby/challenges/{r.json()['challenge']['id']}/accept")
    assert r.status_code == 200, r.text
    gid = r.json()["game"]
    st = ann.get(f"/api/games/{gid}").json()
    loser, winner = (ann, bob) if st["to_act"] == st["role"] else (bob, ann)
    r = loser.post(f"/api/games/{gid}/actions", json={"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = winner.post(f"/api/games/{gid}/actions", json={"action": "accept"})
    assert r.status_code == 200, r.text
    final = r.json()["state"]
    change = final["rating_change"]
    for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
        for size, name in ((PHONE_SIZE, "phone"), (LAPTOP, "desktop")):
            page = new_page(browser, size, locale)  # a watcher
            page.goto(f"{server.url}/game/{gid}")
            for color in ("white", "black"):
                page.wait_for_selector(f"#rating-delta-{color}")
                before, after = round(change[color]["before"]), round(change[color]["after"])
                assert page.inner_text(f"#rating-{color}").strip() == f"{after}?"
                sign = "+" if after >= before else "−"
                assert page.inner_text(f"#rating-delta-{color}").strip() == (
                    f"({sign}{abs(after - before)})"
                )
                # (the "?" explains itself when pressed: a phone has no hover)
                page.click(f"#rating-{color} button.provisional")
                note = page.inner_text("#provisional-note")
                assert ("быстро" if lang == "ru" else "moves fast") in note, note
                page.keyboard.press("Escape")
            page.screenshot(path=str(shots / f"game-rating-{name}-{lang}.png"), full_page=True)
            # the profile: why the rating moved so, and the opponent's rating then
            page.goto(f"{server.url}/players/annette")
            page.wait_for_selector("#history .opponent-rating")
            assert "Glicko-2" in page.inner_text("#rating-explained")
            assert ("предварительный" if lang == "ru" else "provisional") in page.inner_text(
                "#provisional-explained"
            )
            then = page.inner_text("#history .opponent-rating")
            assert then == ("рейтинг тогда 1500" if lang == "ru" else "rating 1500 then"), then
            page.screenshot(path=str(shots / f"profile-rating-{name}-{lang}.png"), full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], f"the profile overflows: {width}px"
            assert page.errors == [] and page.csp == [], (page.errors, page.csp)
            page.context.close()
    ann.close()
    bob.close()
