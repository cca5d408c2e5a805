"""A member's history in real headless Chromium, as a member who comes back every
evening reads it (English; a desktop and a phone): the filters and the page kept in
the address (Back from a replay, a reload), labelled filters, rows that say the time
of a recent game, the rating change and a resignation; the replay's header with the
players, the date and the result; the rating graph's points opening their games; the
leaderboard's own row and provisional section; the login page's forgotten password."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page
from lobby_helpers import member_client

from nardy.server import Settings, create_app

pytestmark = BROWSER_MARKS

#: Money games then rated one-point matches, all resigned at once (newest last).
MONEY, RATED = 22, 2


def register(url: str, name: str) -> int:
    c = member_client(url, name)
    try:
        return int(c.get("/api/session").json()["user"]["id"])
    finally:
        c.close()


def resigned_games(db_url: str, ann: int, bob: int) -> list[str]:
    """Games between ann and bob, each resigned by the side to act: money games of
    both variants, then rated matches. Their ids, oldest first."""
    maker = create_app(Settings(db_url=db_url))
    games = maker.state.games

    async def play() -> list[str]:
        out = []
        for i in range(MONEY + RATED):
            spec: dict[str, Any] = {"variant": "long" if i % 2 else "short"}
            if i >= MONEY:
                spec = {"variant": "long", "length": 1, "rated": True}
            live = await games.create_paired(ann, bob, spec)
            loser = live.game.to_act
            await games.act(live, loser, {"action": "resign", "level": 1})
            await games.act(live, "black" if loser == "white" else "white", {"action": "accept"})
            assert live.meta.status == "over"
            out.append(live.meta.id)
        return out

    try:  # (in a thread of its own: Playwright's loop runs in this one)
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, play()).result()
    finally:
        maker.state.engine.dispose()


def log_in(page: Any, url: str, name: str) -> None:
    page.goto(url + "/login")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "secret-pass")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector(f"#nav-profile:has-text('{name}')")


def test_the_history_keeps_its_filters_and_says_enough(
    browser: Any, server: Any, shots: Path
) -> None:
    ann, bob = register(server.url, "ann"), register(server.url, "bob")
    ids = resigned_games(server.db_url, ann, bob)
    page = new_page(browser, DESKTOP, locale="en-US")
    page.goto(server.url + "/login")
    # no e-mail is kept: the login page says who resets a forgotten password
    forgot = page.inner_text("#forgot-password")
    assert forgot.startswith("Forgot your password?") and "operator" in forgot
    log_in(page, server.url, "ann")
    page.click("#nav-profile")
    page.wait_for_selector("#history .outcome")
    # the three selects have visible short labels (and keep their screen-reader names)
    labels = page.locator("#filters label > span").all_inner_texts()
    assert labels == ["Game", "Result", "Rated or not"]
    assert page.get_attribute("#filters select[name=rated]", "aria-label") == "Rated or not"
    rows = page.locator("#history tr:has(td .outcome)")
    assert rows.count() == 20
    # the newest rows: today's time of day, the rating change of a rated match, and
    # the resignation named
    first = rows.nth(0)
    assert re.match(r"today \d", first.locator("time").inner_text()), first.inner_text()
    delta = first.locator(".rating-delta").inner_text()
    assert re.fullmatch(r"[+−]\d+", delta), delta  # (whole, as the result card says it)
    outcomes = page.locator("#history .outcome").all_inner_texts()
    assert all(o.startswith(("Lost, resigned", "Won, opponent resigned")) for o in outcomes), (
        outcomes
    )
    assert page.locator("#history .rating-delta").count() == RATED  # rated rows only
    page.screenshot(path=str(shots / "history-desktop.png"), full_page=True)

    # filters and a page: in the address
    page.select_option("#filters select[name=variant]", "long")
    page.click("#filters button[type=submit]")
    page.wait_for_url(re.compile(r"/profile\?variant=long$"))
    long_games = MONEY // 2 + RATED
    page.wait_for_selector(f"#history tr:nth-child({long_games + 2})", state="detached")
    page.select_option("#filters select[name=variant]", "")
    page.click("#filters button[type=submit]")
    page.wait_for_url(re.compile(r"/profile$"))
    page.wait_for_selector("#older:not([disabled])")
    page.click("#older")
    page.wait_for_url(re.compile(r"/profile\?page=1$"))
    page.wait_for_selector("#history tr:nth-child(6)", state="detached")  # 4 oldest left
    oldest = page.locator("#history tr:has(td .outcome)").nth(3)
    oldest.locator("a[href^='/replay/']").click()
    page.wait_for_url(re.compile(rf"/replay/{ids[0]}"))
    # the replay names the players by colour, the date and the result
    page.wait_for_selector("#replay-white")
    names = {page.inner_text("#replay-white"), page.inner_text("#replay-black")}
    assert names == {"ann", "bob"}
    about = page.inner_text("#replay-about")
    assert about.startswith("Played ") and " won" in about and "resignation" in about, about
    page.screenshot(path=str(shots / "history-replay-desktop.png"))
    page.go_back()  # to the same page of the history
    page.wait_for_url(re.compile(r"/profile\?page=1$"))
    page.wait_for_selector("#history .outcome")
    assert "2" in page.inner_text(".pager span")
    assert page.locator("#history tr:has(td .outcome)").count() == 4
    # a filter read back from the address on a reload
    page.goto(server.url + "/profile?variant=short&result=lost&rated=false")
    page.wait_for_selector("#history .outcome")
    assert page.input_value("#filters select[name=variant]") == "short"
    assert page.input_value("#filters select[name=result]") == "lost"
    assert page.input_value("#filters select[name=rated]") == "false"
    lost = page.locator("#history .outcome").all_inner_texts()
    assert lost and all(o == "Lost, resigned" for o in lost), lost
    page.reload()
    page.wait_for_selector("#history .outcome")
    assert page.input_value("#filters select[name=result]") == "lost"
    assert page.url.endswith("/profile?variant=short&result=lost&rated=false")

    # the rating graph: a point names the opponent and opens its game's replay
    page.goto(server.url + "/profile")
    page.wait_for_selector("#rating-graph circle.pt[data-game]")
    point = page.locator("#rating-graph circle.pt[data-game]").last
    assert "vs bob" in point.locator("title").text_content()
    game = point.get_attribute("data-game")
    assert game == ids[-1]
    point.click()
    page.wait_for_url(re.compile(rf"/replay/{game}"))
    page.wait_for_selector("#replay-white")

    # the leaderboard: the visitor's own row stands out; provisional ones apart
    page.goto(server.url + "/leaders")
    page.wait_for_selector("#leaders")
    assert page.locator("#leaders tr.mine").count() == 1
    assert page.get_attribute("#leaders tr.mine", "data-username") == "ann"
    assert page.get_attribute("#leaders tr.mine", "aria-current") == "true"
    assert page.locator("#leaders-provisional").count() == 1  # (two new members)
    page.screenshot(path=str(shots / "history-leaders-desktop.png"))
    assert page.errors == [] and page.csp == []

    phone = new_page(browser, PHONE, locale="en-US")
    log_in(phone, server.url, "ann")
    phone.goto(server.url + "/profile?page=0&rated=true")
    phone.wait_for_selector("#history .rating-delta")
    assert phone.locator("#history tr:has(td .outcome)").count() == RATED
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.locator("#filters").scroll_into_view_if_needed()
    phone.screenshot(path=str(shots / "history-phone.png"), full_page=True)
    phone.goto(server.url + f"/replay/{ids[-1]}")
    phone.wait_for_selector("#replay-white")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(shots / "history-replay-phone.png"))
    assert phone.errors == [] and phone.csp == []
