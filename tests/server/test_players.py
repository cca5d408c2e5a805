"""Profiles and leaderboards over HTTP (``GET /api/players/{name}``,
``GET /api/leaderboard``): ratings, finished games with filters and pages, statistics
with mars and koks, and clear errors for unknown players and bad filters."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import update

from nardy.server.db import Rating, User, now

pytestmark = pytest.mark.anyio


async def member(player_factory: Any, name: str) -> Any:
    p = await player_factory()
    r = await p.post("/api/register", {"username": name, "password": "secret-pass-1"})
    assert r.status_code == 200, r.text
    p.user = r.json()["user"]
    return p


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


async def test_a_profile_with_filters_pages_and_statistics(app: Any, player_factory: Any) -> None:
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
    page = await listed("size=2&page=1")
    assert page["total"] == 3 and [g["id"] for g in page["items"]] == [rated["id"]]
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
