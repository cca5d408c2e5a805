"""A game left by the player to act, claimed by the one who stayed, in real headless
Chromium against a real ``nardy serve`` (``nardy.server.abandon``): the stayer's page
says the opponent is disconnected, counts down the wait, then offers the claim; the
claim ends the game, and the result card says how. The server waits
``NARDY_CLAIM_AFTER`` = 10 s here (two minutes by default), so the test sees the real
countdown run out. Screenshots of the wait and of the claim (phone 390×844 in Russian,
desktop 1280×800 in English) go to ``NARDY_SCREENSHOTS``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import (
    BARE_BUTTONS,
    BROWSER_MARKS,
    DESKTOP,
    FAKE_VISIBILITY,
    PHONE,
    new_page,
    open_home,
    page_api,
    played,
    set_hidden,
    title_becomes,
)
from browser_helpers import start_friend_game as start
from conftest import ServerProcess

from nardy.i18n import t

pytestmark = BROWSER_MARKS

WAIT = 10
SAYS = {
    "ru": {
        "away": "Соперник отключился",
        "wait": r"Если соперник не вернётся, победу можно будет засчитать через 0:(0\d|10)",
        "now": "Соперник не вернулся: можно засчитать победу",
        "claim": "Засчитать победу",
        "won": "Вы выиграли",
        "how": "игра покинута",
    },
    "en": {
        "away": "Your opponent is disconnected",
        "wait": r"If your opponent does not come back, you may claim the game in 0:(0\d|10)",
        "now": "Your opponent has not come back: you may claim the game",
        "claim": "Claim the win",
        "won": "You won",
        "how": "the game was left",
    },
}


def test_the_player_who_stayed_claims_the_game_after_the_countdown(
    browser: Any, db_url: str, tmp_path: Path, shots: Path
) -> None:
    srv = ServerProcess(db_url, tmp_path)
    srv.start({"NARDY_CLAIM_AFTER": str(WAIT)})
    try:
        phone = new_page(browser, PHONE, "ru-RU")
        desk = new_page(browser, DESKTOP, "en-US")
        langs = {id(phone): ("ru", "phone"), id(desk): ("en", "desktop")}
        for page in (phone, desk):  # (a hidden tab is what the title's signal is for)
            page.context.add_init_script(FAKE_VISIBILITY)
        mover, stayer = start(phone, desk, srv.url, "short")
        lang, size = langs[id(stayer)]
        says = SAYS[lang]
        stayer.wait_for_selector("#opponent-away", state="attached")
        stayer.wait_for_selector(
            "#opponent-away", state="hidden"
        )  # (drawn after the result)  # both are here
        mover.goto(srv.url + "/")  # he leaves, with the move his
        stayer.wait_for_selector("#claim-wait:not([hidden])", timeout=15_000)
        notice = stayer.inner_text("#opponent-away")
        assert notice.startswith(says["away"]), notice
        assert re.search(says["wait"], notice), notice
        assert stayer.locator("#claim").is_hidden()  # not before the wait is over
        stayer.screenshot(path=str(shots / f"claim-wait-{size}-{lang}.png"))
        title = stayer.title()
        set_hidden(stayer, True)  # he looks at another tab meanwhile: called back to it
        assert title_becomes(stayer, t("web.claim-title", lang), within=WAIT + 8)
        assert "vibrate" in played(stayer)
        set_hidden(stayer, False)
        assert title_becomes(stayer, title)
        stayer.wait_for_selector("#claim:not([hidden])")
        assert says["now"] in stayer.inner_text("#opponent-away")
        assert stayer.inner_text("#claim") == says["claim"]
        assert stayer.evaluate(BARE_BUTTONS) == []
        stayer.screenshot(path=str(shots / f"claim-offered-{size}-{lang}.png"))
        stayer.click("#claim")
        stayer.wait_for_selector("#result-title")
        assert stayer.inner_text("#result-title").startswith(says["won"])
        assert says["how"] in stayer.inner_text("#result-detail")
        stayer.wait_for_selector("#opponent-away", state="hidden")  # (drawn after the result)
        stayer.screenshot(path=str(shots / f"claim-won-{size}-{lang}.png"))
        # the one who left finds the game lost when he comes back
        mover.go_back()
        mover.wait_for_selector("#result-title")
        other_lang = "en" if lang == "ru" else "ru"
        assert SAYS[other_lang]["how"] in mover.inner_text("#result-detail")
    finally:
        srv.stop()


def test_a_rated_game_left_before_a_move_is_won_but_not_rated(
    browser: Any, db_url: str, tmp_path: Path, shots: Path
) -> None:
    """Two members paired by "play now" (rated); the one to act leaves before his first
    move, and the one who stayed claims: the match is his, but the score bar says
    "Unrated" now, and the card says why, naming the one who never moved."""
    srv = ServerProcess(db_url, tmp_path)
    srv.start({"NARDY_CLAIM_AFTER": "2"})
    try:
        phone = new_page(browser, PHONE, "ru-RU")
        desk = new_page(browser, DESKTOP, "en-US")
        names = {id(phone): "arsen", id(desk): "bella"}
        for page in (phone, desk):
            open_home(page, srv.url)
            body = {"username": names[id(page)], "password": "correct horse"}
            page_api(page, srv, "POST", "/api/register", body)
        for page in (phone, desk):
            page.goto(srv.url + "/")
            page.select_option("#pn-variant", "long")
            page.click("#play-now-btn")
        for page in (phone, desk):
            page.wait_for_url(re.compile(r".*/game/[\w-]+$"), timeout=20_000)
            page.wait_for_selector("#game-rated")
        gid = phone.url.rsplit("/", 1)[1]
        st = page_api(phone, srv, "GET", f"/api/games/{gid}")
        assert st["mode"] == "club" and st["rated"], st
        gone, stayer = (phone, desk) if st["to_act"] == st["role"] else (desk, phone)
        lang = "ru" if stayer is phone else "en"
        assert stayer.inner_text("#game-rated") == t("web.lobby-rated", lang)
        gone.goto(srv.url + "/")  # he leaves without a move
        stayer.wait_for_selector("#claim:not([hidden])", timeout=20_000)
        stayer.click("#claim")
        stayer.wait_for_selector("#result-unrated")
        said = t("web.unrated-no-move", lang, name=names[id(gone)])
        assert stayer.inner_text("#result-unrated") == said
        assert stayer.inner_text("#game-rated") == t("web.lobby-unrated", lang)
        size = "phone" if stayer is phone else "desktop"
        stayer.screenshot(path=str(shots / f"claim-unrated-{size}-{lang}.png"))
        assert page_api(stayer, srv, "GET", f"/api/games/{gid}")["rating_change"] is None
    finally:
        srv.stop()
