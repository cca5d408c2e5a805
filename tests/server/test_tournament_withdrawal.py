"""A player who withdraws from a tournament, as a tournament director expects it of a
chess Swiss and Backgammon Galaxy (docs/tournaments.md, "Withdrawing"): a Swiss pairs
him no more (the field left gets the bye where it is odd), his games played stay and
count, and the standings mark him withdrawn; the header counts him in the field; and
computer players' matches decided by lot favour the stronger level."""

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
    play_round,
    tournament,
)

from nardy.server.tournament_formats import Result, TournamentError, standings, swiss_pairings
from nardy.server.tournaments import _lot, computer_chance

PLAYERS = [(i, 1600.0 - 10 * i) for i in range(1, 9)]


def test_a_swiss_pairs_a_withdrawn_player_no_more() -> None:
    """Eight players, player 8 withdrew after round 1: round 2 pairs the seven others,
    the lowest-ranked of them gets the bye, and nobody meets 8 again."""
    round1 = [Result(1, 5, 1), Result(2, 6, 2), Result(3, 7, 3), Result(4, 8, 8)]
    got = swiss_pairings(PLAYERS, [round1], 2, withdrawn={8})
    assert all(8 not in p.players for p in got)
    assert sorted(q for p in got for q in p.players) == [1, 2, 3, 4, 5, 6, 7]
    byes = [p for p in got if p.bye]
    assert len(byes) == 1 and got[-1] == byes[0]
    # the old rule paired 8 as if he were there
    assert any(8 in p.players for p in swiss_pairings(PLAYERS, [round1], 2))


def test_a_swiss_with_one_player_left_has_no_round() -> None:
    """Three players, two withdrew: the one left has nobody to play (the server then
    ends the tournament)."""
    with pytest.raises(TournamentError, match="cannot be paired"):
        swiss_pairings(PLAYERS[:3], [[Result(1, 2, 1), Result.bye_of(3)]], 2, withdrawn={2, 3})


def test_a_withdrawn_players_games_count_and_he_is_marked() -> None:
    """His win over 4 stays his point and counts in 4's Buchholz; his line says he
    withdrew; each line says the matches played, won and lost (a bye is none)."""
    round1 = [Result(1, 5, 1), Result(2, 6, 2), Result(3, 7, 3), Result(4, 8, 8)]
    table = {s.player: s for s in standings(PLAYERS, [round1], withdrawn={8})}
    assert table[8].withdrawn and table[8].points == 1 and table[8].played == 1
    assert not table[4].withdrawn and table[4].buchholz == 1 and table[4].lost == 1
    assert (table[1].played, table[1].won, table[1].lost) == (1, 1, 0)
    with_bye = {s.player: s for s in standings(PLAYERS[:3], [[Result(1, 2, 1), Result.bye_of(3)]])}
    assert with_bye[3].played == 0 and with_bye[3].byes == 1 and with_bye[3].points == 1


def test_the_table_says_where_the_head_to_head_decided() -> None:
    """Three rounds of six: 1 and 6 are level on points, Buchholz and Sonneborn-Berger;
    1 beat 6, so the head-to-head (tie-break 4) puts 1 above 6, who has the higher
    rating; their lines say the head-to-head decided, the leader's does not."""
    players = [(1, 1400.0), (2, 1450.0), (3, 1500.0), (4, 1500.0), (5, 1460.0), (6, 1700.0)]
    history = [
        [Result(1, 6, 1), Result(2, 5, 2), Result(3, 4, 4)],
        [Result(1, 5, 5), Result(6, 4, 4), Result(2, 3, 3)],
        [Result(1, 4, 4), Result(5, 3, 3), Result(6, 2, 6)],
    ]
    table = {s.player: s for s in standings(players, history)}
    one, six = table[1], table[6]
    assert (one.points, one.buchholz, one.sonneborn_berger) == (1, 5, 1)
    assert (six.points, six.buchholz, six.sonneborn_berger) == (1, 5, 1)
    assert one.rank < six.rank and one.head_to_head == 1 and six.head_to_head == 0
    assert one.head_to_head_decides and six.head_to_head_decides
    assert not table[4].head_to_head_decides


def test_computer_lots_favour_the_stronger_level() -> None:
    """Equal levels: even; one level apart 64 in 100; the strongest against the beginner
    95 in 100; the lot over a thousand matches comes out near that, the same each time."""
    assert computer_chance("casual", "casual") == pytest.approx(0.5)
    assert computer_chance("advanced", "intermediate") == pytest.approx(0.64, abs=0.005)
    assert computer_chance("strongest", "beginner") == pytest.approx(0.947, abs=0.005)
    assert computer_chance("beginner", "strongest") == pytest.approx(0.053, abs=0.005)
    chance = computer_chance("strongest", "beginner")
    wins = sum(_lot(7, 1, slot, chance) == 0 for slot in range(1000))
    assert 920 <= wins <= 975
    assert [_lot(3, 2, s, 0.5) for s in range(20)] == [_lot(3, 2, s, 0.5) for s in range(20)]


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


@pytest.mark.anyio
@pytest.mark.clocked
async def test_a_swiss_player_who_withdrew_is_paired_no_more(player_factory: Any) -> None:
    """Eight players (three members, five computers), three rounds; Fay withdraws in
    round 2: her round-2 match is lost, round 3 pairs the seven others with one bye
    and never her; her round-1 game stays; the standings mark her; the header's
    field is still 8 with 1 withdrawn."""
    ms = [await member(player_factory, n) for n in ("dee", "carl", "fay")]
    players = {p.user["id"]: p for p in ms}
    t = await create(ms[0], format="swiss", size=10, rounds=3)
    await add_computers(ms[0], t, 5)
    for p in ms:
        t = await join(p, t)
    r = await ms[0].post(f"/api/tournaments/{t['id']}/start")
    assert r.status_code == 200, r.text
    t = await tournament(ms[0], t["id"])
    assert t["status"] == "running" and t["field"] == 8
    await play_round(players, t)
    t = await tournament(ms[0], t["id"])
    assert len(t["rounds_played"]) == 2
    fay = ms[2]
    me = next(e["id"] for e in t["entries"] if e["user_id"] == fay.user["id"])
    r = await fay.post(f"/api/tournaments/{t['id']}/withdraw")
    assert r.status_code == 200, r.text
    del players[fay.user["id"]]
    for _ in range(3):
        t = await tournament(ms[0], t["id"])
        if t["status"] == "over":
            break
        await play_round(players, t)
    t = await tournament(ms[0], t["id"])
    assert t["status"] == "over" and len(t["rounds_played"]) == 3
    last = t["rounds_played"][2]
    assert all(me not in (m["first"], m["second"]) for m in last)
    assert [m["forfeit"] for m in last if m["second"] is None] == ["bye"] and len(last) == 4
    r1 = [m for m in t["rounds_played"][0] if me in (m["first"], m["second"])]
    assert r1 and r1[0]["forfeit"] is None  # (her game played stays)
    line = next(row for row in t["standings"] if row["entry"] == me)
    assert line["withdrawn"] and line["played"] == 2
    assert [row["withdrawn"] for row in t["standings"]].count(True) == 1
    assert (t["field"], t["withdrawn"], t["players"]) == (8, 1, 7)


@pytest.mark.anyio
@pytest.mark.clocked
async def test_the_standings_count_a_rounds_finished_matches_at_once(
    player_factory: Any,
) -> None:
    """Six players, round 1 in play: the computers' match is decided at once and its
    point counts in the table, which says "round 1 in progress"; once the round is
    over it says "after round 1"."""
    ms = [await member(player_factory, n) for n in ("liv1", "liv2")]
    t = await create(ms[0], format="swiss", size=6, rounds=2)
    await add_computers(ms[0], t, 4)
    for p in ms:
        t = await join(p, t)
    assert t["status"] == "running"
    (done,) = [m for m in current_round(t) if m["winner"] is not None]
    assert done["forfeit"] == "computers"
    assert t["standings_after"] == {"rounds": 0, "in_progress": 1}
    points = {row["entry"]: row["points"] for row in t["standings"]}
    assert points[done["winner"]] == 1 and sum(points.values()) == 1
    await play_round({p.user["id"]: p for p in ms}, t)
    t = await tournament(ms[0], t["id"])
    assert t["standings_after"]["rounds"] == 1


@pytest.mark.anyio
@pytest.mark.clocked
async def test_two_computers_match_is_decided_by_the_weighted_lot(player_factory: Any) -> None:
    """A knock-out of the strongest level against the beginner: the winner is the one
    the tournament's seeded lot, weighted by ``computer_chance``, names."""
    owner = await member(player_factory, "lotter")
    for _ in range(4):
        t = await create(owner, format="knockout", size=2)
        await add_computers(owner, t, 1, "strongest")
        await add_computers(owner, t, 1, "beginner")
        t = await tournament(owner, t["id"])
        (m,) = current_round(t)
        level = {e["id"]: e["level"] for e in t["entries"]}
        chance = computer_chance(level[m["first"]], level[m["second"]])
        assert m["winner"] == (m["first"], m["second"])[_lot(t["id"], 1, 1, chance)]
        assert m["forfeit"] == "computers"
