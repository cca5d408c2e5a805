"""Profiles and leaderboards over HTTP (``GET /api/players/{name}``,
``GET /api/leaderboard``): ratings, finished games with filters and pages, statistics
with mars and koks, and clear errors for unknown players and bad filters."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import CHROMIUM, DESKTOP, PHONE, new_page
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import member
from sqlalchemy import update

from nardy.server import Settings, create_app
from nardy.server.db import Rating, User, now

CLOCK = {"delay": 12, "reserve": 60}

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3)
    ),
    max_leaves=8,
)
SETTINGS_SHAPED = st.dictionaries(
    st.sampled_from(["auto_roll", "auto_play", "x"]), JSON, max_size=3
)

pytestmark = pytest.mark.anyio


async def finish(app: Any, players: dict[int, Any], spec: dict[str, Any], level: int) -> int:
    """A club game or one-point match ended at once: the side to act resigns at
    ``level`` (1: a single game, 2: a mars) and the other accepts. Returns the
    winner's user id."""
    a, b = list(players)
    live = await app.state.games.create_paired(a, b, spec)
    gid = live.meta.id
    loser_color = live.game.to_act
    winner_color = "black" if loser_color == "white" else "white"
    loser = live.meta.user_of(loser_color)
    winner = live.meta.user_of(winner_color)
    r = await players[loser].post(f"/api/games/{gid}/actions", {"action": "resign", "level": level})
    assert r.status_code == 200, r.text
    r = await players[winner].post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.status_code == 200 and r.json()["state"]["status"] == "over", r.text
    return int(winner)


async def test_a_profile_with_filters_pages_and_statistics(
    app: Any, player_factory: Any, settings: Settings
) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    players = {ann.user["id"]: ann, bob.user["id"]: bob}
    mars_winner = await finish(app, players, {"variant": "long", "length": 1, "rated": True}, 2)
    await finish(app, players, {"variant": "short"}, 1)
    await finish(app, players, {"variant": "long"}, 1)
    prof = (await bob.get("/api/players/ann")).json()
    assert prof["name"] == "ann" and prof["moderator"] is False and prof["banned"] is False
    stats = prof["stats"]
    assert stats["games"] == 3 and stats["wins"] + stats["losses"] == 3
    ann_won_mars = mars_winner == ann.user["id"]
    assert (stats["mars_won"], stats["mars_lost"]) == ((1, 0) if ann_won_mars else (0, 1))
    assert stats["koks_won"] == stats["koks_lost"] == 0
    items = prof["games"]["items"]
    assert prof["games"]["total"] == 3 and len(items) == 3
    assert [g["variant"] for g in items] == ["long", "short", "long"]  # newest first
    assert all(g["opponent"] == "bob" and g["opponent_username"] == "bob" for g in items)
    rated = items[2]
    assert rated["rated"] and rated["length"] == 1 and rated["kind"] == "mars"
    assert rated["won"] is ann_won_mars
    # each row says what it moved the player's rating, as the rating history has it: in
    # whole numbers, the difference of the whole ratings (as the result card says it)
    moved = {h["game"]: h for h in prof["rating_history"]["long"]}
    point = moved[rated["id"]]
    assert rated["rating_delta"] == point["change"] != 0
    assert isinstance(point["change"], int) and abs(point["change"] - point["delta"]) <= 1
    # and each point of the rating graph names the opponent of its game
    assert [h["opponent"] for h in prof["rating_history"]["long"]] == ["bob"]
    assert items[0]["rating_delta"] is None  # (an unrated game moved nothing)
    # and why it ended: each was resigned (the row says so, not only "single")
    assert [g["reason"] for g in items] == ["resign"] * 3
    assert prof["ratings"]["long"]["provisional"] is True and "short" not in prof["ratings"]

    async def listed(query: str) -> dict[str, Any]:
        r = await bob.get(f"/api/players/ann?{query}")
        assert r.status_code == 200, r.text
        return r.json()["games"]  # type: ignore[no-any-return]

    assert [g["id"] for g in (await listed("rated=true"))["items"]] == [rated["id"]]
    assert (await listed("rated=false"))["total"] == 2
    assert [g["variant"] for g in (await listed("variant=short"))["items"]] == ["short"]
    won = await listed("result=won")
    assert won["total"] == stats["wins"] and all(g["won"] for g in won["items"])
    assert (await listed("result=lost"))["total"] == stats["losses"]
    assert (await listed("opponent=BOB"))["total"] == 3
    assert (await listed("opponent=zed"))["total"] == 0
    assert (await listed("opponent=Bo"))["total"] == 3  # part of the name finds him
    page = await listed("size=2&page=1")
    assert page["total"] == 3 and [g["id"] for g in page["items"]] == [rated["id"]]
    assert stats["error_rate"] is None and stats["reviewed"] == 0  # none reviewed yet
    # a review, once asked for, gives the average error rate
    short = items[1]["id"]
    review = (await bob.get(f"/api/games/{short}/analysis?plies=0")).json()
    mine = (await ann.get(f"/api/games/{short}")).json()["role"]
    names = list(review["players"])
    first = names[0] if mine == "white" else names[1]  # (one money game: colours stay)
    again = (await bob.get("/api/players/ann")).json()["stats"]
    assert again["reviewed"] == 1
    unforced = review["players"][first]["unforced"]
    expected = 1000 * review["players"][first]["total_loss"] / unforced if unforced else None
    assert again["error_rate"] == (None if expected is None else pytest.approx(expected, abs=0.01))
    # the review is stored: a restarted server shows the same rate and serves the
    # same review without making it again
    restarted = create_app(settings)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=restarted), base_url="http://testserver"
    ) as visitor:
        kept = (await visitor.get("/api/players/ann")).json()["stats"]
        assert (kept["reviewed"], kept["error_rate"]) == (1, again["error_rate"])
        assert (await visitor.get(f"/api/games/{short}/analysis?plies=0")).json() == review
    # the other side of the same games
    theirs = (await ann.get("/api/players/bob")).json()["stats"]
    assert (theirs["wins"], theirs["losses"]) == (stats["losses"], stats["wins"])


async def test_unknown_players_and_bad_filters_are_clear_errors(
    app: Any, player_factory: Any
) -> None:
    ann = await member(player_factory, "ann")
    r = await ann.http.get("/api/players/nobody", headers={"accept-language": "ru"})
    assert r.status_code == 404 and r.json()["code"] == "not-found"
    assert "nobody" in r.json()["error"]
    for query, field in (("variant=chess", "variant"), ("result=maybe", "result")):
        r = await ann.http.get(f"/api/players/ann?{query}", headers={"accept-language": "ru"})
        assert r.status_code == 400 and r.json()["code"] == "malformed", query
        assert r.json()["params"]["name"] == field and "одно из" in r.json()["error"]
    for query in ("page=-1", "size=0", "size=1000", "rated=perhaps"):
        r = await ann.get(f"/api/players/ann?{query}")
        assert r.status_code == 422 and r.json()["code"] == "malformed", query
    r = await ann.http.get("/api/leaderboard?pool=chess", headers={"accept-language": "ru"})
    assert r.status_code == 400 and "рейтинг" in r.json()["error"]


async def test_the_leaderboard_puts_established_ratings_first(
    app: Any, player_factory: Any
) -> None:
    """A provisional rating (RD above 110) ranks after every established one, and a
    banned member is off the board."""
    names = ["ann", "bob", "cid"]
    ps = [await member(player_factory, n) for n in names]
    await finish(app, {ps[0].user["id"]: ps[0], ps[1].user["id"]: ps[1]}, {"rated": True}, 1)
    await finish(app, {ps[1].user["id"]: ps[1], ps[2].user["id"]: ps[2]}, {"rated": True}, 1)
    with app.state.db() as s:  # ann: an old hand with a low rating
        s.execute(
            update(Rating).where(Rating.user_id == ps[0].user["id"]).values(rd=60.0, rating=1400.0)
        )
        s.commit()
    board = (await ps[0].get("/api/leaderboard?pool=long")).json()["players"]
    assert board[0]["name"] == "ann" and board[0]["provisional"] is False
    rest = board[1:]
    assert all(p["provisional"] for p in rest) and len(rest) == 2
    assert rest[0]["rating"] >= rest[1]["rating"] and [p["rank"] for p in board] == [1, 2, 3]
    with app.state.db() as s:
        s.execute(update(User).where(User.id == ps[0].user["id"]).values(banned_at=now()))
        s.commit()
    board = (await ps[0].get("/api/leaderboard")).json()["players"]
    assert "ann" not in [p["name"] for p in board]


class Days:
    """A clock the test moves a day at a time (the rating history's dates)."""

    def __init__(self) -> None:
        self.moment = now() - timedelta(days=30)

    def __call__(self) -> datetime:
        return self.moment


def _club_history(db_url: str, ids: dict[str, int]) -> tuple[str, str, str]:
    """Rated matches between ann and bob over three weeks, in both pools, played in
    this process on the server's database; a clocked money game lost on time; then a
    clocked match left running. Returns the ids of the last rated match, the game lost
    on time and the running match."""
    days = Days()
    maker = create_app(Settings(db_url=db_url), clock=days)
    games = maker.state.games

    async def play() -> tuple[str, str, str]:
        for i in range(8):
            variant = "long" if i % 3 else "short"
            live = await games.create_paired(
                ids["ann"], ids["bob"], {"variant": variant, "length": 1 + i % 3, "rated": True}
            )
            level = 2 if i == 4 else 1
            while live.meta.status != "over":
                g = live.game
                if g.phase == "over":  # (between people: both ask for the next game)
                    for uid in (ids["ann"], ids["bob"]):
                        await games.act(live, live.meta.role_of(uid), {"action": "next-game"})
                    continue
                loser = g.to_act
                await games.act(live, loser, {"action": "resign", "level": level})
                await games.act(
                    live, "black" if loser == "white" else "white", {"action": "accept"}
                )
            days.moment += timedelta(days=3)
            last = live.meta.id
        flagged = await games.create_paired(
            ids["ann"], ids["bob"], {"variant": "short", "clock": CLOCK}
        )
        days.moment += timedelta(hours=1)
        async with flagged.lock:
            assert await games.flag_if_due(flagged)
        days.moment = now()
        live = await games.create_paired(
            ids["ann"], ids["bob"], {"variant": "long", "length": 5, "rated": True, "clock": CLOCK}
        )
        return last, flagged.meta.id, live.meta.id

    try:  # (in a thread of its own: Playwright's loop runs in this one)
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, play()).result()
    finally:
        maker.state.engine.dispose()


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium at /usr/bin/chromium")
def test_the_profile_page_with_its_rating_graph(browser: Any, server: Any, shots: Path) -> None:
    """The profile page in Chromium (desktop and phone, Russian and English): ratings,
    the graph with a line per pool and labelled axes, the games with results in words
    and filters; the leaderboard; the clock on a club game's page."""
    ids = {}
    for name in ("ann", "bob"):
        with httpx.Client(base_url=server.url) as c:
            csrf = c.get("/api/session").json()["csrf"]
            r = c.post(
                "/api/register",
                json={"username": name, "password": "secret-pass-1"},
                headers={"x-csrf-token": csrf},
            )
            ids[name] = r.json()["user"]["id"]
    rated, flagged, clocked = _club_history(server.db_url, ids)
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/login")
    page.fill("input[name=username]", "ann")
    page.fill("input[name=password]", "secret-pass-1")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#nav-profile:has-text('ann')")  # logged in: to the lobby
    page.click("#nav-profile")
    page.wait_for_selector("#rating-graph")
    graph = page.locator("#rating-graph")
    assert graph.locator("polyline.pool-long").count() == 1
    assert graph.locator("polyline.pool-short").count() == 1
    assert graph.locator("circle.pt:not(.start)").count() == 8  # one point per rated match
    # and each pool's line starts from the rating before its first match
    assert graph.locator("circle.start title").all_text_contents() == ["1500", "1500"]
    assert {"Дата", "Рейтинг"} <= set(graph.locator("text.axis-label").all_text_contents())
    page.wait_for_selector("#history .outcome.won, #history .outcome.lost")
    results = page.locator("#history .outcome.won, #history .outcome.lost").all_inner_texts()
    assert len(results) == 9  # the rated matches and the game lost on time
    assert sum(", по времени" in r for r in results) == 1
    assert all(r.startswith(("Победа", "Поражение")) for r in results)
    assert sum(", марс" in r for r in results) == 1  # the one match lost by a mars
    assert "Длинные нарды" in page.inner_text("#ratings")
    # (his settings, auto-roll among them, are on the settings page his profile leads to)
    assert page.get_attribute("#profile-settings", "href") == "/settings"
    page.screenshot(path=str(shots / "profile-desktop.png"), full_page=True)
    page.select_option("#filters select[name=variant]", "short")
    page.click("#filters button[type=submit]")
    page.wait_for_selector("#history tr:nth-child(6)", state="detached")  # 4 games left
    assert page.locator("#history .outcome.won, #history .outcome.lost").count() == 4
    page.click("#lang")  # English
    page.wait_for_selector("h2:has-text('Statistics')")
    page.wait_for_selector("#history .outcome")
    assert {"Date", "Rating"} <= set(
        page.locator("#rating-graph text.axis-label").all_text_contents()
    )
    words = page.locator("#history .outcome.won, #history .outcome.lost").all_inner_texts()
    assert words and all(w.startswith(("Won", "Lost")) for w in words)
    page.goto(server.url + "/leaders")
    page.wait_for_selector("#leaders")
    assert page.locator("#leaders tr.player").count() == 2  # two players
    page.screenshot(path=str(shots / "leaders-desktop.png"))
    page.goto(server.url + f"/game/{clocked}")
    page.wait_for_selector("#clock-white")
    assert ":" in page.inner_text("#clock-white .clock-time")
    assert page.locator(".clock-face.running").count() == 1
    page.screenshot(path=str(shots / "clock-desktop.png"))
    page.goto(server.url + f"/game/{rated}")  # a finished rated match: the changes
    page.wait_for_selector("#rating-change-white")
    assert "rating" in page.inner_text("#rating-change-white")
    assert "→" in page.inner_text("#rating-change-black")
    page.screenshot(path=str(shots / "rating-change-desktop.png"))
    page.goto(server.url + f"/game/{flagged}")  # lost on time: the result card says so
    page.wait_for_selector("#result-detail")
    detail = page.inner_text("#result-detail")  # said once: not "on time …, time ran out"
    assert detail.startswith("on time — ") and "time ran out" not in detail, detail
    page.screenshot(path=str(shots / "flag-desktop.png"))
    assert page.errors == [] and page.csp == []

    phone = new_page(browser, PHONE)
    phone.goto(server.url + "/players/bob")
    phone.wait_for_selector("#history .outcome.won, #history .outcome.lost")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = phone.locator("#rating-graph").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    phone.screenshot(path=str(shots / "profile-phone.png"), full_page=True)
    phone.goto(server.url + f"/game/{clocked}")  # a spectator's clock, on the phone
    phone.wait_for_selector("#clock .clock-face.running")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(shots / "clock-phone.png"), full_page=True)
    assert phone.errors == [] and phone.csp == []


@pytest.fixture
def fuzz_site(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, str]]]:
    with TestClient(create_app(Settings(db_url=f"sqlite:///{tmp_path / 'f.sqlite3'}"))) as c:
        csrf = c.get("/api/session").json()["csrf"]
        r = c.post(
            "/api/register",
            json={"username": "ann", "password": "secret-pass-1"},
            headers={"x-csrf-token": csrf},
        )
        yield c, {"x-csrf-token": r.json()["csrf"]}


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    body=JSON | SETTINGS_SHAPED,
    query=st.dictionaries(
        st.sampled_from(["variant", "result", "rated", "opponent", "page", "size", "pool"]),
        st.text(max_size=12),
        max_size=4,
    ),
)
def test_any_settings_body_and_profile_query_is_answered(
    fuzz_site: tuple[TestClient, dict[str, str]], body: Any, query: dict[str, str]
) -> None:
    """Whatever arrives: a success, or a JSON error with a code, in the client's
    language; a refused settings change stores nothing."""
    c, headers = fuzz_site
    before = c.get("/api/me/settings").json()["settings"]
    put = c.put("/api/me/settings", json=body, headers=headers)
    for r in (
        put,
        c.get("/api/players/ann", params=query),
        c.get("/api/leaderboard", params=query),
    ):
        assert r.status_code < 500, r.text
        if r.status_code >= 400:
            assert r.json()["error"] and r.json()["code"], r.text
    if put.status_code >= 400:
        assert c.get("/api/me/settings").json()["settings"] == before  # nothing stored
