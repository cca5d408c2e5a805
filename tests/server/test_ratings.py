"""Glicko-2 ratings (``nardy.server.ratings``): the paper's worked example, the match
length's weight, and rated club matches through the HTTP API — both players' ratings
and history change; unrated games and games with guests change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from server_helpers import member
from sqlalchemy import func, select

from nardy.server.api_error import ApiError
from nardy.server.db import Rating, RatingHistory
from nardy.server.ratings import SCALE, START_RATING, Glicko, match_weight, pool_of, rate

pytestmark = pytest.mark.anyio


def test_the_worked_example_of_glickmans_paper() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): a 1500/200/0.06 player beats
    1400/30 and loses to 1550/100 and 1700/300 in one rating period. The paper rounds
    in between and prints r' = 1464.06, RD' = 151.52, σ' = 0.05999; its Glicko-2 scale
    values μ' = −0.2069, φ' = 0.8722 agree with the unrounded computation to 4 places."""
    after = rate(
        Glicko(1500, 200, 0.06),
        [(Glicko(1400, 30), 1.0), (Glicko(1550, 100), 0.0), (Glicko(1700, 300), 0.0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert 0.05999 <= after.volatility < 0.06  # the paper's 0.05999: five digits kept
    assert (after.rating - START_RATING) / SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert after.rd / SCALE == pytest.approx(0.8722, abs=0.00005)


def test_a_longer_match_moves_the_ratings_more() -> None:
    new = Glicko()
    one = rate(new, [(Glicko(), 1.0)], weight=match_weight(1))
    seven = rate(new, [(Glicko(), 1.0)], weight=match_weight(7))
    assert match_weight(0) == match_weight(1) == 1.0
    assert match_weight(9) == 3.0
    assert START_RATING < one.rating < seven.rating
    assert seven.rd < one.rd < new.rd  # more evidence, less doubt
    assert one.provisional and new.provisional


def test_variants_rate_in_their_familys_pool() -> None:
    assert {pool_of(v) for v in ("long", "nardgammon", "gulbara", "fevga")} == {"long"}
    assert {pool_of(v) for v in ("short", "short-ru", "short-caucasian")} == {"short"}


async def resign_match(app: Any, players: dict[int, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """A club match between the two players, ended by the one to act resigning (a
    single game) and the other accepting; returns the winner's final state."""
    a, b = list(players)
    live = await app.state.games.create_paired(a, b, spec)
    gid = live.meta.id
    for _ in range(2 * (spec.get("length") or 1)):
        loser_color = live.game.to_act
        loser = players[live.meta.user_of(loser_color)]
        winner = players[live.meta.user_of("black" if loser_color == "white" else "white")]
        r = await loser.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
        assert r.status_code == 200, r.text
        r = await winner.post(f"/api/games/{gid}/actions", {"action": "accept"})
        assert r.status_code == 200, r.text
        state: dict[str, Any] = r.json()["state"]
        if state["match"]["over"]:
            return state
        for who in (winner, loser):  # (between people: both ask for the next game)
            r = await who.post(f"/api/games/{gid}/actions", {"action": "next-game"})
            assert r.status_code == 200, r.text
    raise AssertionError("the match did not end")


async def test_a_rated_match_updates_both_ratings_and_history(
    app: Any, player_factory: Any
) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    players = {ann.user["id"]: ann, bob.user["id"]: bob}
    state = await resign_match(app, players, {"variant": "long", "length": 1, "rated": True})
    assert state["rated"] is True
    change = state["rating_change"]
    me = state["role"]
    them = "black" if me == "white" else "white"
    assert set(change) == {"white", "black"}
    assert change[me]["delta"] > 0 > change[them]["delta"]  # the winner gains
    assert change[me]["before"] == change[them]["before"] == 1500.0
    assert change[me]["pool"] == "long" and change[me]["provisional"] is True
    # the same for a later reader, from the stored "rating" event
    again = (await bob.get(f"/api/games/{state['id']}")).json()
    assert again["rating_change"] == change
    winner = ann if (await ann.get(f"/api/games/{state['id']}")).json()["role"] == me else bob
    loser = bob if winner is ann else ann
    prof = (await loser.get(f"/api/players/{winner.user['username']}")).json()
    assert prof["ratings"]["long"]["rating"] == change[me]["after"]
    assert prof["ratings"]["long"]["games"] == 1
    assert [h["game"] for h in prof["rating_history"]["long"]] == [state["id"]]
    assert prof["rating_history"]["short"] == []
    theirs = (await winner.get(f"/api/players/{loser.user['username']}")).json()
    assert theirs["ratings"]["long"]["rating"] == change[them]["after"] < 1500
    assert theirs["stats"]["losses"] == 1 and theirs["stats"]["wins"] == 0
    board = (await ann.get("/api/leaderboard?pool=long")).json()["players"]
    assert [p["name"] for p in board] == [winner.user["name"], loser.user["name"]]
    assert (await ann.get("/api/leaderboard?pool=short")).json()["players"] == []
    # a second rated match starts from the stored ratings
    state = await resign_match(app, players, {"variant": "gulbara", "length": 3, "rated": True})
    second = state["rating_change"][state["role"]]
    assert second["pool"] == "long" and second["before"] != 1500.0
    with app.state.db() as s:
        assert s.scalar(select(func.count()).select_from(RatingHistory)) == 4


async def test_unrated_and_guest_games_change_no_rating(app: Any, player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    state = await resign_match(
        app, {ann.user["id"]: ann, bob.user["id"]: bob}, {"variant": "short", "length": 1}
    )
    assert state["rated"] is False and state["rating_change"] is None
    guest = await player_factory()
    r = await guest.post("/api/games", {"mode": "computer"})  # the guest is made
    gid = (await guest.get("/api/session")).json()["user"]["id"]
    with pytest.raises(ApiError) as err:
        await app.state.games.create_paired(ann.user["id"], gid, {"rated": True})
    assert err.value.code == "unrated-guest" and err.value.status == 400
    assert "гость" in err.value.text("ru")
    state = await resign_match(app, {ann.user["id"]: ann, gid: guest}, {"length": 1})
    assert state["rating_change"] is None
    with app.state.db() as s:
        assert s.scalar(select(func.count()).select_from(Rating)) == 0
        assert s.scalar(select(func.count()).select_from(RatingHistory)) == 0
    assert r.status_code == 201


async def test_bad_rated_values_are_refused(app: Any, player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    for bad in ("yes", 1, 0.5):
        with pytest.raises(ApiError) as err:
            await app.state.games.create_paired(ann.user["id"], bob.user["id"], {"rated": bad})
        assert err.value.code == "malformed" and "rated" in err.value.text("en")
    r = await ann.get("/api/leaderboard?pool=crazy")
    assert r.status_code == 400 and r.json()["code"] == "malformed"
    assert "long, short" in r.json()["error"]
