"""What a tournament's views tell the pages, as the first club organizers asked
(``nardy.server.tournament_rows``): a computer winner as its number and level (the page
names it in its reader's language), cancelled tournaments marked and without a table,
the number of rounds and a round robin's rounds to come, each match's score, a
computer seat's game on the tournament's clock, and what follows a tournament game for its
player (its result card: ``after``)."""

from __future__ import annotations

from typing import Any

import pytest
from lobby_helpers import member
from server_helpers import Clock
from test_tournaments import (
    START,
    add_computers,
    create,
    current_round,
    join,
    resign_or_accept,
    tournament,
)

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


async def test_a_computer_winner_is_sent_as_its_number_and_level(player_factory: Any) -> None:
    """The lists send the winner as data, not English words ("computer 1 (beginner)"):
    a computer's number and level, a member's name."""
    a = await member(player_factory, "cw1")
    t = await create(a, format="knockout", size=2)
    await join(a, t)
    await add_computers(a, t, 1)
    r = await a.post(f"/api/tournaments/{t['id']}/withdraw")
    assert r.status_code == 200, r.text
    (done,) = (await a.get("/api/tournaments")).json()["finished"]
    assert done["winner"] == {"computer": True, "name": None, "number": 1, "level": "beginner"}
    assert done["cancelled"] is False

    b, c = await member(player_factory, "cw2"), await member(player_factory, "cw3")
    t = await create(b, format="knockout", size=2)
    await join(b, t)
    await join(c, t)
    r = await c.post(f"/api/tournaments/{t['id']}/withdraw")
    assert r.status_code == 200, r.text
    (done,) = (await b.get("/api/tournaments")).json()["finished"]
    assert done["winner"] == {"computer": False, "name": "cw2"}


async def test_a_cancelled_tournament_is_marked_and_has_no_table(player_factory: Any) -> None:
    """Cancelled before its start, a round robin is marked cancelled in the list and has
    no standings (a table ranking someone first with 0 points said it was played)."""
    a, b = await member(player_factory, "cx1"), await member(player_factory, "cx2")
    t = await create(a, format="roundrobin", size=4)
    await join(b, t)
    r = await a.post(f"/api/tournaments/{t['id']}/cancel")
    assert r.status_code == 200, r.text
    x = r.json()["tournament"]
    assert x["cancelled"] is True and x["standings"] is None and x["rounds_played"] == []
    (listed,) = (await b.get("/api/tournaments")).json()["finished"]
    assert listed["cancelled"] is True and listed["winner"] is None


async def test_the_rounds_are_counted_and_a_round_robins_schedule_shown(
    player_factory: Any,
) -> None:
    """``rounds_total``: a Swiss's rounds, a knock-out's bracket, a round robin's
    schedule; a round robin's rounds to come are sent with their pairings (the circle
    method: every pair meets once over the played and the coming rounds)."""
    a, b = await member(player_factory, "rr1"), await member(player_factory, "rr2")
    t = await create(a, format="roundrobin", size=4)
    await join(a, t)
    await join(b, t)
    await add_computers(a, t, 2)
    x = await tournament(a, t["id"])
    assert x["status"] == "running" and x["rounds_total"] == 3
    assert len(x["rounds_played"]) == 1
    coming = x["rounds_upcoming"]
    assert [[m["round"] for m in ms] for ms in coming] == [[2, 2], [3, 3]]
    pairs = {frozenset((m["first"], m["second"])) for ms in x["rounds_played"] + coming for m in ms}
    assert len(pairs) == 6  # every pair once
    swiss = await create(a, format="swiss", size=8, rounds=3)
    assert swiss["rounds_total"] == 3 and swiss["rounds_upcoming"] == []
    ko = await create(a, format="knockout", size=4)
    assert ko["rounds_total"] is None  # (the field is known at the start)
    await join(a, ko)
    await add_computers(a, ko, 3)
    assert (await tournament(a, ko["id"]))["rounds_total"] == 2


async def test_a_matchs_score_is_sent_and_a_computer_seats_game_is_on_the_clock(
    player_factory: Any,
) -> None:
    """A decided match carries its score, its first player's first; a blitz
    tournament's game against a computer seat is on the tournament's clock, and its
    game's tournament line says whose (``computer``, ``clock``)."""
    a = await member(player_factory, "sc1")
    t = await create(a, format="knockout", size=2, clock="blitz")
    await join(a, t)
    await add_computers(a, t, 1)
    (m,) = current_round(await tournament(a, t["id"]))
    st = (await a.get(f"/api/games/{m['game']}")).json()
    assert st["clock"] is not None and st["clock"]["delay"] == 8  # (blitz: 8 s a move)
    line = (await a.get(f"/api/games/{m['game']}/tournament")).json()["tournament"]
    assert line["computer"] is True and line["clock"] == "blitz" and line["after"] is None
    for _ in range(10):
        if not await resign_or_accept(a, m["game"]):
            break
        (m,) = current_round(await tournament(a, t["id"]))
        if m["winner"] is not None:
            break
    assert m["winner"] is not None
    mine = next(e["id"] for e in (await tournament(a, t["id"]))["entries"] if e["user_id"])
    score = m["score"]
    assert isinstance(score, list) and len(score) == 2
    won, lost = (score[0], score[1]) if m["winner"] == m["first"] else (score[1], score[0])
    assert won > lost and m["winner"] != mine


async def test_the_result_card_is_told_what_comes_next(player_factory: Any) -> None:
    """A knock-out of four members: once a player's match is decided, his game's
    ``after`` says: wait for the round's other game; then his next round's game; out
    (he lost); and, at the end, the tournament over and his place."""
    ps = [await member(player_factory, n) for n in ("nx1", "nx2", "nx3", "nx4")]
    t = await create(ps[0], format="knockout", size=4)
    for p in ps:
        t = await join(p, t)
    by_user = {p.user["id"]: p for p in ps}
    entry_user = {e["id"]: e["user_id"] for e in t["entries"]}
    m1, m2 = current_round(t)
    winner, loser = by_user[entry_user[m1["first"]]], by_user[entry_user[m1["second"]]]

    async def after(p: Any, game: str) -> Any:
        r = await p.get(f"/api/games/{game}/tournament")
        assert r.status_code == 200, r.text
        return r.json()["tournament"]["after"]

    assert await after(winner, m1["game"]) is None  # (undecided)
    assert (await loser.post(f"/api/tournaments/{t['id']}/withdraw")).status_code == 200
    assert await after(winner, m1["game"]) == {"next": "waiting", "round": 2}
    # (out while the others play on: the semi-final's losers share places 3-4)
    assert await after(loser, m1["game"]) == {
        "next": "out",
        "place": 3,
        "place_to": 4,
        "players": 4,
    }
    other_loser = by_user[entry_user[m2["second"]]]
    assert (await other_loser.post(f"/api/tournaments/{t['id']}/withdraw")).status_code == 200
    (final,) = current_round(await tournament(winner, t["id"]))
    assert await after(winner, m1["game"]) == {"next": "game", "round": 2, "game": final["game"]}
    finalist = by_user[entry_user[m2["first"]]]
    assert (await finalist.post(f"/api/tournaments/{t['id']}/withdraw")).status_code == 200
    assert await after(winner, final["game"]) == {
        "next": "over",
        "place": 1,
        "place_to": 1,
        "players": 4,
    }
    assert await after(finalist, final["game"]) == {
        "next": "over",
        "place": 2,
        "place_to": 2,
        "players": 4,
    }
    assert (await after(loser, m1["game"]))["next"] == "over"  # (once it is)
