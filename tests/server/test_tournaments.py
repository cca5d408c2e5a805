"""Tournaments in the club (``nardy.server.tournaments``) through the HTTP API on the
real app and database: a sit-and-go of members and computer players played to the end,
a Swiss, no-shows and withdrawals on an injected clock, every refusal, and a restart
that carries on the same tournament."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from lobby_helpers import member, member_client, send
from server_helpers import Clock
from sqlalchemy import select, update

from nardy.server import Settings, create_app
from nardy.server.db import GameRow, Tournament, TournamentEntry, TournamentMatch, User
from nardy.server.tournament_formats import seed_order

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]

START = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


async def tournament(p: Any, tid: int) -> dict[str, Any]:
    r = await p.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    t: dict[str, Any] = r.json()["tournament"]
    return t


async def create(p: Any, **spec: Any) -> dict[str, Any]:
    body = {"name": "Friday cup", "variant": "long", "length": 1, **spec}
    r = await p.post("/api/tournaments", body)
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()["tournament"]
    return t


async def join(p: Any, t: dict[str, Any]) -> dict[str, Any]:
    r = await p.post(f"/api/tournaments/{t['id']}/join", {"invite": t.get("invite")})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()["tournament"]
    out["invite"] = out["invite"] or t.get("invite")  # (only its creator is shown it)
    return out


async def add_computers(p: Any, t: dict[str, Any], n: int, level: str = "beginner") -> None:
    for _ in range(n):
        r = await p.post(f"/api/tournaments/{t['id']}/computers", {"level": level})
        assert r.status_code == 200, r.text


def make_moderator(app: Any, user_id: int) -> None:
    with app.state.db() as s:
        s.execute(update(User).where(User.id == user_id).values(moderator=True))
        s.commit()


async def resign_or_accept(p: Any, gid: str) -> bool:
    """``p`` acts in game ``gid`` to end it: resigns the most on his turn, or accepts
    the other's resignation. Whether he did something."""
    st = (await p.get(f"/api/games/{gid}")).json()
    if "accept" in st["actions"]:
        r = await p.post(f"/api/games/{gid}/actions", {"action": "accept"})
        assert r.status_code == 200, r.text
        return True
    if st["resign_levels"]:
        level = max(x["level"] for x in st["resign_levels"])
        r = await p.post(f"/api/games/{gid}/actions", {"action": "resign", "level": level})
        assert r.status_code == 200, r.text
        return True
    return False


def current_round(t: dict[str, Any]) -> list[dict[str, Any]]:
    rounds: list[list[dict[str, Any]]] = t["rounds_played"]
    return rounds[-1] if rounds else []


async def knockout_of_two(
    player_factory: Any, first: str, second: str, no_show: int
) -> tuple[Any, Any, dict[str, Any], dict[str, Any]]:
    """Members ``first`` and ``second`` in a knock-out of two: them, the tournament and
    its one match (started, with its game)."""
    a, b = await member(player_factory, first), await member(player_factory, second)
    t = await create(a, format="knockout", size=2, no_show=no_show)
    await join(a, t)
    t = await join(b, t)
    (m,) = current_round(t)
    return a, b, t, m


async def play_round(players: dict[int, Any], t: dict[str, Any]) -> None:
    """Every member ends his undecided game of the current round (resigning on his
    turn or accepting the other's resignation) until the round is decided."""
    by_entry = {e["id"]: e for e in t["entries"]}
    round_no = len(t["rounds_played"])
    for _ in range(20):
        t = await tournament(next(iter(players.values())), t["id"])
        if len(t["rounds_played"]) != round_no or t["status"] != "running":
            return
        open_ = [m for m in current_round(t) if m["winner"] is None]
        if not open_:
            return
        for m in open_:
            for eid in (m["first"], m["second"]):
                uid = by_entry[eid]["user_id"]
                if uid is not None and m["game"] is not None:
                    await resign_or_accept(players[uid], m["game"])
    raise AssertionError("the round did not end")


async def test_a_sit_and_go_of_16_with_computers_is_played_to_the_end(
    player_factory: Any, app: Any
) -> None:
    """Four members and twelve computer players: it starts when the last place is
    taken, each round follows the bracket (seeds 1 v 16, 8 v 9, ...; then the winners of
    neighbouring pairings), computer v computer is decided at once, member v member is
    a club game, and the winner and places are stored."""
    names = ["alice", "bob", "carol", "dave"]
    ms = [await member(player_factory, n) for n in names]
    players = {p.user["id"]: p for p in ms}
    t = await create(ms[0], format="sitngo", size=16)
    assert t["status"] == "registering" and t["invite"] and t["public"] is False
    # seeds 1-6 strong computers, 7-10 the members (1500), 11-16 weak computers
    await add_computers(ms[0], t, 6, "strongest")
    await add_computers(ms[0], t, 6, "beginner")
    for p in ms[:3]:  # (the creator plays if he joins)
        t = await join(p, t)
    assert t["status"] == "registering" and t["players"] == 15
    t = await join(ms[3], t)  # the sixteenth: it starts
    assert t["status"] == "running"
    seeds = {e["seed"]: e for e in t["entries"]}
    assert sorted(seeds) == list(range(1, 17))
    # the twelve computers are told apart: numbered in the order they were added
    computers = sorted((e for e in t["entries"] if e["computer"]), key=lambda e: e["id"])
    assert [e["number"] for e in computers] == list(range(1, 13))
    assert computers[6]["name"] == "computer 7 (beginner)"
    assert all(e["number"] is None for e in t["entries"] if not e["computer"])
    assert {seeds[s]["user_id"] for s in (7, 8, 9, 10)} == set(players)
    first = current_round(t)
    order = seed_order(16)
    assert [(m["first"], m["second"]) for m in first] == [
        (seeds[order[i]]["id"], seeds[order[i + 1]]["id"]) for i in range(0, 16, 2)
    ]
    by_entry = {e["id"]: e for e in t["entries"]}
    kinds = set()
    for m in first:
        humans = [by_entry[x]["user_id"] for x in (m["first"], m["second"])]
        if all(h is None for h in humans):
            assert m["forfeit"] == "computers" and m["winner"] in (m["first"], m["second"])
            assert m["game"] is None
            kinds.add("computers")
        else:
            assert m["game"] is not None and m["winner"] is None and m["deadline"]
            with app.state.db() as s:
                row = s.get(GameRow, m["game"])
                assert row is not None
                kinds.add(row.mode)
                assert row.mode == ("club" if None not in humans else "computer")
    assert kinds == {"computers", "club"}  # (members 7-10 meet each other first)
    for _ in range(4):
        t = await tournament(ms[0], t["id"])
        if t["status"] == "over":
            break
        await play_round(players, t)
    t = await tournament(ms[0], t["id"])
    rounds = t["rounds_played"]
    assert [len(r) for r in rounds] == [8, 4, 2, 1]
    for played, nxt in zip(rounds, rounds[1:], strict=False):
        assert all(m["winner"] in (m["first"], m["second"]) for m in played)
        winners = [m["winner"] for m in played]  # neighbouring winners meet next
        assert [(m["first"], m["second"]) for m in nxt] == [
            (winners[i], winners[i + 1]) for i in range(0, len(winners), 2)
        ]
    # round 2: the two members left meet a strong computer, in a game against it
    with app.state.db() as s:
        modes = {
            s.scalar(select(GameRow.mode).where(GameRow.id == m["game"]))
            for m in rounds[1]
            if m["game"]
        }
    assert modes == {"computer"}
    assert t["status"] == "over"
    final = t["rounds_played"][3][0]
    result = t["result"]
    assert result["winner"] == final["winner"]
    places = dict((e, p) for e, p in result["places"])
    assert places[final["winner"]] == 1
    loser = final["second"] if final["winner"] == final["first"] else final["first"]
    assert places[loser] == 2
    assert sorted(places.values()) == [1, 2, 3, 3] + [5] * 4 + [9] * 8
    # the members' games are over, and every game of the tournament is stored
    with app.state.db() as s:
        gids = s.scalars(
            select(TournamentMatch.game_id).where(TournamentMatch.game_id.is_not(None))
        )
        for gid in gids:
            row = s.get(GameRow, gid)
            assert row is not None and row.status == "over"
    listing = (await ms[1].get("/api/tournaments")).json()
    assert [x["id"] for x in listing["finished"]] == [t["id"]]
    champion = next(e for e in t["entries"] if e["id"] == result["winner"])
    # (the winner as data: the page names a computer in its reader's language)
    won = listing["finished"][0]["winner"]
    if champion["computer"]:
        assert won == {
            "computer": True,
            "name": None,
            "number": champion["number"],
            "level": champion["level"],
        }
    else:
        assert won == {"computer": False, "name": champion["name"]}


async def test_a_swiss_of_7_over_3_rounds(player_factory: Any, app: Any) -> None:
    """Seven players (three members, four computers), three rounds: no pair meets twice,
    one bye a round (never twice the same player), standings by points."""
    ms = [await member(player_factory, n) for n in ("anna", "boris", "vera")]
    players = {p.user["id"]: p for p in ms}
    t = await create(ms[0], format="swiss", size=7, rounds=3)
    await add_computers(ms[0], t, 4)
    await join(ms[0], t)
    await join(ms[1], t)
    t = await join(ms[2], t)
    assert t["status"] == "running" and t["rounds"] == 3
    for _ in range(3):
        await play_round(players, await tournament(ms[0], t["id"]))
    t = await tournament(ms[0], t["id"])
    assert t["status"] == "over" and len(t["rounds_played"]) == 3
    pairs: set[frozenset[int]] = set()
    byes: list[int] = []
    for ms_ in t["rounds_played"]:
        in_round = [m for m in ms_ if m["second"] is not None]
        assert len(in_round) == 3
        assert [m["forfeit"] for m in ms_ if m["second"] is None] == ["bye"]
        byes += [m["first"] for m in ms_ if m["second"] is None]
        for m in in_round:
            pair = frozenset((m["first"], m["second"]))
            assert pair not in pairs
            pairs.add(pair)
    assert len(set(byes)) == 3
    table = t["standings"]
    assert [row["rank"] for row in table] == list(range(1, 8))
    points = [row["points"] for row in table]
    assert points == sorted(points, reverse=True) and sum(points) == 12.0
    assert t["result"]["winner"] == table[0]["entry"]


async def test_a_no_show_loses_his_match(player_factory: Any, app: Any, clock: Clock) -> None:
    """Two members in a knock-out: the one on turn never acts; past the no-show time
    his opponent wins (and the game ends as a forfeit)."""
    a, b, t, m = await knockout_of_two(player_factory, "early", "late", 60)
    gid = m["game"]
    assert m["deadline"] == (START + timedelta(seconds=60)).isoformat()
    tournaments = app.state.tournaments
    assert await tournaments.tick() == 0  # not yet
    clock.wait(61)
    assert await tournaments.tick() == 1
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    st = (await a.get(f"/api/games/{gid}")).json()
    assert st["phase"] == "over" and st["outcome"]["reason"] == "no-show"
    winner = m["winner"]
    assert m["forfeit"] == "no-show"
    assert t["status"] == "over" and t["result"]["winner"] == winner
    by_entry = {e["id"]: e["user_id"] for e in t["entries"]}
    # the loser is the one whose turn it was (neither had acted)
    loser_uid = by_entry[m["second"] if winner == m["first"] else m["first"]]
    with app.state.db() as s:
        row = s.get(GameRow, gid)
        assert row is not None and row.status == "over"
    assert loser_uid in (a.user["id"], b.user["id"])


async def test_a_tournament_game_left_by_its_player_to_act_is_claimed(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """The club's claim (``nardy.server.abandon``) in a tournament: the player to act has
    left (no page on the game) for two minutes, before the no-show time; his opponent
    claims the game, and the tournament takes the result as it comes, at once."""
    a, b, t, m = await knockout_of_two(player_factory, "stayed", "left", 600)
    gid = m["game"]
    st = (await a.get(f"/api/games/{gid}")).json()
    gone, stayer = (a, b) if st["role"] == st["to_act"] else (b, a)
    clock.wait(app.state.settings.claim_after - 1)
    r = await stayer.post(f"/api/games/{gid}/claim")
    assert r.status_code == 409 and r.json()["params"] == {"seconds": 1}
    clock.wait(1)
    r = await stayer.post(f"/api/games/{gid}/claim")
    assert r.status_code == 200, r.text
    assert r.json()["state"]["outcome"]["reason"] == "abandoned"
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    entry_of = {e["user_id"]: e["id"] for e in t["entries"]}
    assert m["winner"] == entry_of[stayer.user["id"]]
    assert m["forfeit"] is None  # a result of the game, not the tournament's no-show
    assert t["status"] == "over" and t["result"]["winner"] == m["winner"]
    assert gone.user["id"] != stayer.user["id"]


async def test_a_player_who_acted_keeps_his_match(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """The one on turn resigns-offers (acts), the other never answers: past the
    no-show time the one who did not act loses."""
    a, b, t, m = await knockout_of_two(player_factory, "quick", "slow", 60)
    gid = m["game"]
    by_uid = {a.user["id"]: a, b.user["id"]: b}
    st = (await a.get(f"/api/games/{gid}")).json()
    on_turn = a if st["role"] == st["to_act"] else b
    r = await on_turn.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    clock.wait(61)
    assert await app.state.tournaments.tick() == 1
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    entry_of = {e["user_id"]: e["id"] for e in t["entries"]}
    assert m["winner"] == entry_of[on_turn.user["id"]]
    assert len(by_uid) == 2


async def test_a_match_whose_players_leave_between_games_is_carried_on(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """A knock-out final to 3: game 1 ends 1-0 and neither player starts game 2. Past
    the no-show time the tick starts it for them; past it again, the one on turn in
    game 2 (neither acted in it, though both did in game 1) loses the match, and the
    tournament ends instead of waiting forever."""
    a, b = await member(player_factory, "stays"), await member(player_factory, "goes")
    t = await create(a, format="knockout", size=2, no_show=60, length=3)
    await join(a, t)
    t = await join(b, t)
    (m,) = current_round(t)
    gid = m["game"]
    st = (await a.get(f"/api/games/{gid}")).json()
    on_turn, other = (a, b) if st["role"] == st["to_act"] else (b, a)
    r = await on_turn.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = await other.post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.status_code == 200, r.text
    st = (await a.get(f"/api/games/{gid}")).json()
    assert st["phase"] == "over" and "next-game" in st["actions"]
    tournaments = app.state.tournaments
    clock.wait(30)
    (m,) = current_round(await tournament(a, t["id"]))
    # the game's end (at START) gave the players the no-show time again
    assert m["deadline"] == (START + timedelta(seconds=60)).isoformat()
    assert await tournaments.tick() == 0
    clock.wait(31)
    assert await tournaments.tick() == 0  # game 2 started by the tick, nobody forfeited
    st = (await a.get(f"/api/games/{gid}")).json()
    assert st["phase"] != "over" and sorted(st["match"]["score"].values()) == [0, 1]
    (m,) = current_round(await tournament(a, t["id"]))
    assert m["winner"] is None
    assert m["deadline"] == (START + timedelta(seconds=121)).isoformat()
    to_act = st["to_act"]
    clock.wait(61)
    assert await tournaments.tick() == 1
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    assert m["forfeit"] == "no-show" and t["status"] == "over"
    loser = a if (await a.get(f"/api/games/{gid}")).json()["role"] == to_act else b
    entry_of = {e["user_id"]: e["id"] for e in t["entries"]}
    assert m["winner"] != entry_of[loser.user["id"]]


async def both_acted(a: Any, b: Any, **spec: Any) -> tuple[dict[str, Any], str, Any, Any]:
    """A knock-out final of ``a`` and ``b`` (no-show 60 s) where both have acted: the
    one on turn offered a resignation, the other refused it. The tournament, the
    game, the one on turn and the other."""
    t = await create(a, format="knockout", size=2, no_show=60, **spec)
    await join(a, t)
    t = await join(b, t)
    gid = current_round(t)[0]["game"]
    st = (await a.get(f"/api/games/{gid}")).json()
    on_turn, other = (a, b) if st["role"] == st["to_act"] else (b, a)
    r = await on_turn.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = await other.post(f"/api/games/{gid}/actions", {"action": "reject"})
    assert r.status_code == 200, r.text
    return t, gid, on_turn, other


async def test_an_idle_player_of_an_untimed_game_loses_once_both_have_acted(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """Untimed, both players act (a resignation offered and refused), the one on turn
    plays 30 s later, and then the other walks away on his turn: each change gives the
    player to act the no-show time again, and past it, idle on his turn, he loses the
    match instead of holding the tournament up."""
    a, b = await member(player_factory, "walker"), await member(player_factory, "sitter")
    t, gid, on_turn, other = await both_acted(a, b)
    tournaments = app.state.tournaments
    clock.wait(30)
    st = (await on_turn.get(f"/api/games/{gid}")).json()
    assert st["to_act"] == st["role"] and st["legal"]["plays"], st
    play = {"action": "play", "play": st["legal"]["plays"][0]}
    r = await on_turn.post(f"/api/games/{gid}/actions", play)
    assert r.status_code == 200, r.text
    st = (await other.get(f"/api/games/{gid}")).json()
    assert st["to_act"] == st["role"]  # the other's turn now
    clock.wait(31)  # the first deadline: both acted, and the last change is 31 s old
    assert await tournaments.tick() == 0
    (m,) = current_round(await tournament(a, t["id"]))
    assert m["winner"] is None
    assert m["deadline"] == (START + timedelta(seconds=90)).isoformat()
    clock.wait(30)
    assert await tournaments.tick() == 1
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    st = (await on_turn.get(f"/api/games/{gid}")).json()
    assert st["phase"] == "over" and st["outcome"]["reason"] == "no-show"
    entry_of = {e["user_id"]: e["id"] for e in t["entries"]}
    assert m["winner"] == entry_of[on_turn.user["id"]] and t["status"] == "over"


async def test_an_idle_players_time_runs_on_when_his_game_is_loaded_again(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """The game leaves the server's memory (as at a restart) 30 s into the idle turn:
    loaded again, it knows when it last changed, and the idle player loses at 60 s,
    not 60 s after the reload."""
    a, b = await member(player_factory, "reload1"), await member(player_factory, "reload2")
    t, gid, on_turn, _ = await both_acted(a, b)
    clock.wait(30)
    assert app.state.games.live.pop(gid, None) is not None
    clock.wait(31)
    assert await app.state.tournaments.tick() == 1
    st = (await on_turn.get(f"/api/games/{gid}")).json()
    assert st["phase"] == "over" and st["outcome"]["reason"] == "no-show"


async def test_a_games_page_is_told_its_tournament_and_when_to_act(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """``GET /api/games/{id}/tournament``: the tournament, the round and the time the
    tick would forfeit the match at — the stored deadline while someone has not acted,
    then (untimed) the no-show time after the last change, at once, before any tick
    moved the stored one; none once the match is decided, and null for other games."""
    a, b = await member(player_factory, "page1"), await member(player_factory, "page2")
    t, gid, on_turn, other = await both_acted(a, b)

    async def told() -> Any:
        r = await other.get(f"/api/games/{gid}/tournament")
        assert r.status_code == 200, r.text
        return r.json()["tournament"]

    x = await told()
    assert (x["id"], x["name"], x["round"]) == (t["id"], t["name"], 1)
    assert x["act_by"] == (START + timedelta(seconds=60)).isoformat()
    clock.wait(30)
    st = (await on_turn.get(f"/api/games/{gid}")).json()
    r = await on_turn.post(
        f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 200, r.text
    assert (await told())["act_by"] == (START + timedelta(seconds=90)).isoformat()
    clock.wait(61)
    assert await app.state.tournaments.tick() == 1
    assert (await told())["act_by"] is None  # decided
    friendly = (await a.post("/api/games", {"mode": "computer", "variant": "long"})).json()
    r = await a.get(f"/api/games/{friendly['id']}/tournament")
    assert r.status_code == 200 and r.json() == {"tournament": None}
    r = await a.get(f"/api/games/{'x' * 17}/tournament")
    assert r.status_code == 404 and r.json()["code"] == "not-found"


async def test_a_timed_game_where_both_acted_is_left_to_its_clock(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """With a clock, once both have acted the no-show deadline is dropped: the clock,
    not the tick, ends an idle turn."""
    a, b = await member(player_factory, "ticka"), await member(player_factory, "tickb")
    t, gid, on_turn, other = await both_acted(a, b, clock="rapid")
    clock.wait(61)
    assert await app.state.tournaments.tick() == 0
    (m,) = current_round(await tournament(a, t["id"]))
    assert m["deadline"] is None and m["winner"] is None
    r = await a.get(f"/api/games/{gid}/tournament")
    assert r.json()["tournament"]["act_by"] is None  # the clock rules, not the tick


async def test_a_withdrawal_loses_the_match_in_play_and_later_ones(
    player_factory: Any, app: Any
) -> None:
    """A member withdraws during round 1 of a 4-player sit-and-go: his opponent wins
    that match, and withdrawing twice is refused."""
    ms = [await member(player_factory, n) for n in ("wone", "wtwo", "wthree", "wfour")]
    t = await create(ms[0], format="sitngo", size=4)
    for p in ms:
        t = await join(p, t)
    assert t["status"] == "running"
    quitter = ms[1]
    r = await quitter.post(f"/api/tournaments/{t['id']}/withdraw")
    assert r.status_code == 200, r.text
    t = r.json()["tournament"]
    me = next(e for e in t["entries"] if e["user_id"] == quitter.user["id"])
    assert me["withdrawn"]
    (m,) = [m for m in t["rounds_played"][0] if me["id"] in (m["first"], m["second"])]
    assert m["forfeit"] == "withdrawn" and m["winner"] != me["id"]
    st = (await quitter.get(f"/api/games/{m['game']}")).json()
    assert st["phase"] == "over" and st["outcome"]["reason"] == "withdrawn"
    r = await send(quitter, "POST", f"/api/tournaments/{t['id']}/withdraw", lang="ru")
    assert r.status_code == 409 and r.json()["code"] == "withdrawn"
    assert r.json()["error"] == "вы уже снялись с этого турнира"


async def test_bad_requests_are_refused_with_clear_texts(player_factory: Any, app: Any) -> None:
    a, b, c = [await member(player_factory, n) for n in ("maker", "joiner", "third")]
    guest = await player_factory()
    # impossible configurations
    for spec, code, text in (
        ({"format": "sitngo", "size": 5}, "bad-tournament", "a sit-and-go has 4, 8, 16 players"),
        ({"format": "swiss", "size": 6, "rounds": 9}, "bad-tournament", "1 to 5 rounds"),
        ({"format": "roundrobin", "size": 12}, "bad-tournament", "3 to 8 players"),
        ({"format": "ladder"}, "bad-tournament", "unknown tournament format"),
        ({"length": 40}, "bad-tournament", "match lengths are 1 to 25"),
        ({"name": ""}, "malformed", "name is 1 to 80"),
        ({"public": True}, "forbidden", "only moderators create public"),
    ):
        r = await a.post("/api/tournaments", {"name": "x", "format": "sitngo", "size": 4, **spec})
        assert r.status_code in (400, 403), (spec, r.text)
        assert r.json()["code"] == code and text in r.json()["error"], (spec, r.json())
    r = await guest.post("/api/tournaments", {"name": "x"})
    assert r.status_code == 403 and r.json()["code"] == "account-needed"
    t = await create(a, format="sitngo", size=4)
    url = f"/api/tournaments/{t['id']}"
    r = await guest.post(f"{url}/join", {"invite": t["invite"]})
    assert r.status_code == 403 and "guests do not play" in r.json()["error"]
    r = await b.post(f"{url}/join", {})
    assert r.status_code == 403 and "private" in r.json()["error"]
    await join(b, t)
    r = await b.post(f"{url}/join", {"invite": t["invite"]})
    assert r.status_code == 409 and r.json()["code"] == "joined"
    r = await c.post(f"{url}/leave")
    assert r.status_code == 409 and r.json()["code"] == "not-entered"
    r = await b.post(f"{url}/computers", {"level": "beginner"})
    assert r.status_code == 403 and "creator" in r.json()["error"]
    r = await a.post(f"{url}/computers", {"level": "godlike"})
    assert r.status_code == 400 and r.json()["code"] == "bad-level"
    r = await b.post(f"{url}/withdraw")
    assert r.status_code == 409 and r.json()["code"] == "not-running"
    r = await b.post(f"{url}/leave")
    assert r.status_code == 200 and r.json()["tournament"]["players"] == 0
    await add_computers(a, t, 3)
    await join(b, t)  # the fourth place: it starts
    r = await c.post(f"{url}/join", {"invite": t["invite"]})
    assert r.status_code == 409 and r.json()["code"] == "started"
    r = await b.post(f"{url}/leave")
    assert r.status_code == 409 and "withdraw instead" in r.json()["error"]
    r = await a.get("/api/tournaments/999999")
    assert r.status_code == 404 and r.json()["code"] == "not-found"
    # a scheduled field that is full (it waits for its time)
    later = (START + timedelta(hours=1)).isoformat()
    t3 = await create(a, format="knockout", size=2, starts_at=later)
    await join(a, t3)
    await join(b, t3)
    r = await c.post(f"/api/tournaments/{t3['id']}/join", {"invite": t3["invite"]})
    assert r.status_code == 409 and r.json()["error"] == "the tournament is full (2 players)"
    r = await a.post("/api/tournaments", {"name": "x", "format": "knockout", "starts_at": "soon"})
    assert r.status_code == 400 and "ISO date" in r.json()["error"]
    r = await a.post(
        "/api/tournaments", {"name": "x", "format": "knockout", "starts_at": START.isoformat()}
    )
    assert r.status_code == 400 and "in the future" in r.json()["error"]
    # a moderator's public tournament
    make_moderator(app, a.user["id"])
    t2 = await create(a, format="knockout", size=2, public=True)
    assert t2["public"] is True and t2["invite"] is None
    await join(b, t2)
    await join(c, t2)  # two places: full, started
    d = await member(player_factory, "fourth")
    r = await send(d, "POST", f"/api/tournaments/{t2['id']}/join", {}, lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "турнир уже начался: запись закрыта"


async def test_a_scheduled_tournament_starts_at_its_time_and_survives_a_restart(
    settings: Settings, clock: Clock
) -> None:
    """A round robin scheduled for later starts on the tick past its start time; a
    new app on the same database shows the same pairings and deadlines, enforces them
    (a no-show) and goes on with the next round."""
    from conftest import Player

    app1 = create_app(settings, clock=clock)
    clients = [
        httpx.AsyncClient(transport=httpx.ASGITransport(app=app1), base_url="http://testserver")
        for _ in range(3)
    ]
    ps = []
    for name, http in zip(("rrone", "rrtwo", "rrthree"), clients, strict=True):
        p = await Player(http).start()
        r = await p.post("/api/register", {"username": name, "password": "secret-pass"})
        assert r.status_code == 200, r.text
        ps.append(await p.start())
    starts = (START + timedelta(minutes=10)).isoformat()
    t = await create(ps[0], format="roundrobin", size=3, starts_at=starts, no_show=600)
    for p in ps:
        await join(p, t)
    await app1.state.tournaments.tick()
    assert (await tournament(ps[0], t["id"]))["status"] == "registering"
    clock.wait(601)
    await app1.state.tournaments.tick()
    before = await tournament(ps[0], t["id"])
    for http in clients:
        await http.aclose()
    assert before["status"] == "running" and len(before["rounds_played"]) == 1
    (game,) = [m for m in current_round(before) if m["game"]]
    (bye,) = [m for m in current_round(before) if m["second"] is None]
    assert (
        bye["forfeit"] == "bye"
        and game["deadline"] == (clock.moment + timedelta(seconds=600)).isoformat()
    )
    app1.state.engine.dispose()

    app2 = create_app(settings, clock=clock)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app2), base_url="http://testserver"
    ) as http:
        await app2.state.tournaments.tick()  # (carries on: nothing to do yet)
        after = (await http.get(f"/api/tournaments/{t['id']}")).json()["tournament"]
        assert after["rounds_played"] == before["rounds_played"]
        clock.wait(601)  # nobody played: the no-show ends round 1, round 2 follows
        assert await app2.state.tournaments.tick() == 1
        after = (await http.get(f"/api/tournaments/{t['id']}")).json()["tournament"]
        assert len(after["rounds_played"]) == 2
        assert after["rounds_played"][0][0]["winner"] is not None
        assert after["rounds_played"][0][0]["forfeit"] == "no-show"
    app2.state.engine.dispose()


def test_the_admin_creates_a_public_tournament(db_url: str) -> None:
    """``nardy admin tournament create``: checked as the server checks a member's; the
    tournament is public (no invitation) and listed."""
    from click.testing import CliRunner

    from nardy.cli import main
    from nardy.server.db import Tournament

    def admin(*args: str) -> Any:
        return CliRunner().invoke(main, ["admin", "tournament", "create", *args, "--db", db_url])

    app = create_app(Settings(db_url=db_url))  # (the club's database: admin makes none)
    out = admin("Spring open", "--format", "swiss", "--size", "6", "--rounds", "9")
    assert out.exit_code == 1 and "1 to 5 rounds, not 9" in out.output
    out = admin("Spring open", "--format", "swiss", "--size", "12", "--length", "3")
    assert out.exit_code == 0, out.output
    assert "tournament 1 created: Spring open" in out.output
    with app.state.db() as s:
        t = s.get(Tournament, 1)
        assert t is not None and t.public and t.invite_token is None and t.creator_id is None
        assert t.format == "swiss" and t.rounds == 5 and t.lengths == [3]
    listing = asyncio.run(app.state.tournaments.listing(None))
    assert [x["name"] for x in listing["upcoming"]] == ["Spring open"]
    app.state.engine.dispose()


def test_sigkill_mid_tournament_then_restart(server: Any) -> None:
    """A real ``nardy serve`` killed with SIGKILL in round 1 of a sit-and-go (two
    members, two computers): restarted, it shows the same pairings and deadlines and
    the tournament is played to its end."""

    a, b = member_client(server.url, "killa"), member_client(server.url, "killb")
    r = a.post("/api/tournaments", json={"name": "Kill cup", "format": "sitngo", "size": 4})
    assert r.status_code == 201, r.text
    t = r.json()["tournament"]
    tid, invite = t["id"], t["invite"]
    for _ in range(2):
        assert a.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}).is_success
    for c in (a, b):
        r = c.post(f"/api/tournaments/{tid}/join", json={"invite": invite})
        assert r.status_code == 200, r.text
    before = a.get(f"/api/tournaments/{tid}").json()["tournament"]
    assert before["status"] == "running"
    cookies = [dict(c.cookies) for c in (a, b)]
    for c in (a, b):
        c.close()
    server.kill()
    server.start()
    clients = []
    for ck in cookies:
        c = httpx.Client(base_url=server.url, cookies=ck)
        c.headers["x-csrf-token"] = ck["nardy_csrf"]
        clients.append(c)
    after = clients[0].get(f"/api/tournaments/{tid}").json()["tournament"]
    assert after["rounds_played"] == before["rounds_played"]
    for c in clients:  # each member resigns his game against the computer
        games = [m["game"] for m in after["rounds_played"][0]]
        for gid in games:
            st = c.get(f"/api/games/{gid}").json()
            if st["resign_levels"]:
                level = max(x["level"] for x in st["resign_levels"])
                r = c.post(f"/api/games/{gid}/actions", json={"action": "resign", "level": level})
                assert r.status_code == 200, r.text
    final = clients[0].get(f"/api/tournaments/{tid}").json()["tournament"]
    for c in clients:
        c.close()
    assert final["status"] == "over"  # round 2: the two computers, decided at once
    assert [len(r) for r in final["rounds_played"]] == [2, 1]
    assert final["rounds_played"][1][0]["forfeit"] == "computers"


async def test_a_private_tournament_is_listed_to_its_players_only(player_factory: Any) -> None:
    """Computer players have no user: a visitor's list must not take them for his."""
    a, b = await member(player_factory, "hoster"), await member(player_factory, "outsider")
    visitor = await player_factory()
    t = await create(a, format="sitngo", size=4)
    await add_computers(a, t, 1)
    for p, seen in ((a, [t["id"]]), (b, []), (visitor, [])):
        listing = (await p.get("/api/tournaments")).json()
        assert [x["id"] for x in listing["upcoming"]] == seen


async def test_a_result_missed_by_a_stop_is_caught_up_by_the_tick(
    player_factory: Any, app: Any
) -> None:
    """The server stopped between a game's end and its record (here: the hook is not
    called): the next tick reads the winner from the game's row and moves on."""
    a, b = await member(player_factory, "gone1"), await member(player_factory, "gone2")
    t = await create(a, format="knockout", size=2)
    await join(a, t)
    t = await join(b, t)
    (m,) = current_round(t)
    games = app.state.games
    hook, games.on_over = games.on_over, None
    try:
        for p in (a, b, a):  # the one on turn resigns, the other accepts
            await resign_or_accept(p, m["game"])
    finally:
        games.on_over = hook
    st = (await a.get(f"/api/games/{m['game']}")).json()
    assert st["phase"] == "over"
    assert current_round(await tournament(a, t["id"]))[0]["winner"] is None
    await app.state.tournaments.tick()
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    winner_uid = next(e["user_id"] for e in t["entries"] if e["id"] == m["winner"])
    assert t["status"] == "over" and m["forfeit"] is None
    assert winner_uid == (a.user["id"] if st["role"] == st["outcome"]["winner"] else b.user["id"])


async def test_changes_are_told_on_the_lobby_socket(player_factory: Any, app: Any) -> None:
    """Each change of a public tournament goes to every lobby socket; a private one's
    only to its creator and players."""
    from nardy.server.lobby import Subscriber

    a, b = await member(player_factory, "teller"), await member(player_factory, "hearer")
    make_moderator(app, a.user["id"])
    state = app.state.lobby.state
    everyone, player = Subscriber(None), Subscriber(b.user["id"])
    for sub in (everyone, player):
        await state.subscribe(sub)

    def told(sub: Subscriber) -> list[dict[str, Any]]:
        out = []
        while not sub.outbox.empty():
            msg = json.loads(sub.outbox.get_nowait())
            if msg["type"] == "tournament":
                out.append(msg["tournament"])
        return out

    public = await create(a, format="knockout", size=2, public=True)
    await join(b, public)
    seen = told(everyone)
    assert [(x["id"], x["players"]) for x in seen] == [(public["id"], 0), (public["id"], 1)]
    assert len(told(player)) == 2
    private = await create(a, format="knockout", size=4)
    await join(b, private)
    assert told(everyone) == []
    assert [x["players"] for x in told(player)] == [1]  # (created: he was not in it yet)


async def test_the_tick_tells_the_lobby_only_of_changes(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """A running tournament where nothing happens is not announced every second."""
    from nardy.server.lobby import Subscriber

    a, b = await member(player_factory, "calm1"), await member(player_factory, "calm2")
    t = await create(a, format="knockout", size=2, no_show=60)
    await join(a, t)
    await join(b, t)
    sub = Subscriber(a.user["id"])
    await app.state.lobby.state.subscribe(sub)
    for _ in range(3):
        await app.state.tournaments.tick()
    assert sub.outbox.empty()
    clock.wait(61)
    await app.state.tournaments.tick()  # a no-show: the result, and the tournament is over
    kinds = [json.loads(sub.outbox.get_nowait())["type"] for _ in range(sub.outbox.qsize())]
    assert "tournament" in kinds


async def test_a_member_banned_after_joining_loses_his_match(
    player_factory: Any, app: Any, clock: Clock
) -> None:
    """Banned members play no club games: at the start his match is his opponent's."""
    from datetime import datetime as dt

    a, b = await member(player_factory, "fairone"), await member(player_factory, "cheater")
    later = (START + timedelta(minutes=5)).isoformat()
    t = await create(a, format="knockout", size=2, starts_at=later)
    await join(a, t)
    await join(b, t)
    with app.state.db() as s:
        s.execute(update(User).where(User.id == b.user["id"]).values(banned_at=dt.now(UTC)))
        s.commit()
    clock.wait(301)
    await app.state.tournaments.tick()
    t = await tournament(a, t["id"])
    (m,) = current_round(t)
    winner = next(e for e in t["entries"] if e["id"] == m["winner"])
    assert m["forfeit"] == "banned" and m["game"] is None and winner["user_id"] == a.user["id"]
    assert t["status"] == "over"


async def test_a_withdrawn_player_loses_every_later_match_of_a_round_robin(
    player_factory: Any, app: Any
) -> None:
    """Four members in a round robin; one withdraws in round 1: his later matches are
    decided when they are paired (no game), the others play on, and he ranks last."""
    ms = [await member(player_factory, n) for n in ("rra", "rrb", "rrc", "rrd")]
    players = {p.user["id"]: p for p in ms}
    t = await create(ms[0], format="roundrobin", size=4)
    for p in ms:
        t = await join(p, t)
    assert t["status"] == "running"
    quitter = ms[3]
    r = await quitter.post(f"/api/tournaments/{t['id']}/withdraw")
    assert r.status_code == 200, r.text
    me = next(e["id"] for e in t["entries"] if e["user_id"] == quitter.user["id"])
    del players[quitter.user["id"]]
    for _ in range(3):
        t = await tournament(ms[0], t["id"])
        if t["status"] == "over":
            break
        await play_round(players, t)
    t = await tournament(ms[0], t["id"])
    assert t["status"] == "over" and [len(r) for r in t["rounds_played"]] == [2, 2, 2]
    mine = [m for r in t["rounds_played"] for m in r if me in (m["first"], m["second"])]
    assert len(mine) == 3 and all(m["forfeit"] == "withdrawn" for m in mine)
    assert all(m["winner"] != me for m in mine)
    assert [m["game"] is None for m in mine] == [False, True, True]  # (his first was begun)
    assert t["standings"][-1]["entry"] == me and t["standings"][-1]["points"] == 0
    pairs = {frozenset((m["first"], m["second"])) for r in t["rounds_played"] for m in r}
    assert len(pairs) == 6  # every pair once


async def test_results_and_wins_appear_on_the_profiles(player_factory: Any, app: Any) -> None:
    """A public sit-and-go of two members and two computers played out: each member's
    profile shows his place and counts a win; a private tournament stays off both."""
    a, b = await member(player_factory, "alice"), await member(player_factory, "bob")
    make_moderator(app, a.user["id"])
    players = {p.user["id"]: p for p in (a, b)}
    private = await create(a, name="Secret cup", format="sitngo", size=4)
    await join(b, private)
    t = await create(a, name="Open cup", format="sitngo", size=4, public=True)
    await add_computers(a, t, 2)
    await join(a, t)
    t = await join(b, t)
    for _ in range(3):
        t = await tournament(a, t["id"])
        if t["status"] == "over":
            break
        await play_round(players, t)
    assert t["status"] == "over"
    places = dict((e, p) for e, p in t["result"]["places"])
    for p in (a, b):
        entry = next(e for e in t["entries"] if e["user_id"] == p.user["id"])
        prof = (await p.get(f"/api/players/{p.user['username']}")).json()["tournaments"]
        assert prof["entered"] == 1 and prof["won"] == (1 if places[entry["id"]] == 1 else 0)
        (item,) = prof["items"]  # the open cup only
        assert (item["name"], item["status"], item["players"]) == ("Open cup", "over", 4)
        assert item["place"] == places[entry["id"]]
    alice_entry = next(e["id"] for e in t["entries"] if e["user_id"] == a.user["id"])
    # a stored win counts (the read model over what the tournaments store)
    with app.state.db() as s:
        won = Tournament(
            name="Won cup",
            format="sitngo",
            variant="long",
            lengths=[1],
            size=4,
            public=True,
            status="over",
            creator_id=a.user["id"],
        )
        s.add(won)
        s.flush()
        entry = TournamentEntry(tournament_id=won.id, user_id=a.user["id"])
        s.add(entry)
        s.flush()
        won.result = {"winner": entry.id, "places": [[entry.id, 1]]}
        s.commit()
    prof = (await a.get("/api/players/alice")).json()["tournaments"]
    assert prof["won"] == 1 + (places[alice_entry] == 1) and prof["entered"] == 2
    assert prof["items"][0]["name"] == "Won cup" and prof["items"][0]["place"] == 1


async def test_its_creator_or_a_moderator_cancels_a_tournament_before_its_start(
    player_factory: Any, app: Any
) -> None:
    """A cancel: by its creator (a private one) or a moderator (any, a public one made
    by the admin too), only before the start; the entrants see it finished, marked
    cancelled and by whom; nobody else may, and a started one stays."""
    maker, entrant, other = [await member(player_factory, n) for n in ("maker", "ent", "oth")]
    t = await create(maker, format="sitngo", size=4)
    await join(entrant, t)
    url = f"/api/tournaments/{t['id']}"
    assert (await tournament(maker, t["id"]))["can_cancel"] is True
    assert (await tournament(entrant, t["id"]))["can_cancel"] is False
    for p in (entrant, other):  # an entrant, a stranger: not theirs to cancel
        r = await p.post(f"{url}/cancel")
        assert r.status_code == 403 and "creator" in r.json()["error"], r.text
    r = await send(other, "POST", f"{url}/cancel", {}, lang="ru")
    assert r.json()["error"] == "это может только создатель турнира"
    r = await maker.post(f"{url}/cancel")
    assert r.status_code == 200, r.text
    done = r.json()["tournament"]
    assert done["status"] == "over" and done["can_cancel"] is False
    assert done["result"] == {"winner": None, "places": [], "cancelled": True, "by": "creator"}
    seen = (await entrant.get("/api/tournaments")).json()
    assert [x["id"] for x in seen["finished"]] == [t["id"]] and not seen["upcoming"]
    r = await entrant.post(f"{url}/join", {"invite": t["invite"]})
    assert r.status_code == 409  # nobody joins a cancelled one
    r = await maker.post(f"{url}/cancel")
    assert r.status_code == 409 and "can no longer be cancelled" in r.json()["error"]

    # a moderator cancels someone else's; a started tournament cannot be cancelled
    make_moderator(app, other.user["id"])
    t2 = await create(maker, format="sitngo", size=4)
    r = await other.post(f"/api/tournaments/{t2['id']}/cancel")
    assert r.status_code == 200 and r.json()["tournament"]["result"]["by"] == "moderator"
    t3 = await create(maker, format="sitngo", size=4)
    await add_computers(maker, t3, 3)
    await join(entrant, t3)  # full: started
    r = await maker.post(f"/api/tournaments/{t3['id']}/cancel")
    assert r.status_code == 409 and r.json()["code"] == "started"
    assert (await tournament(maker, t3["id"]))["status"] == "running"
    r = await maker.post("/api/tournaments/999999/cancel")
    assert r.status_code == 404 and r.json()["code"] == "not-found"


async def test_a_tournament_game_against_a_computer_seat_gives_no_hints(
    player_factory: Any,
) -> None:
    """Hints are for practice against the computer: in a tournament's game they would
    help a member to the next round, so the server refuses them (the page shows no
    Hint button: the state says ``tournament``)."""
    a = await member(player_factory, "ann")
    t = await create(a, format="knockout", size=2, variant="short", length=3)
    await join(a, t)
    await add_computers(a, t, 1)
    (m,) = current_round(await tournament(a, t["id"]))
    st = (await a.get(f"/api/games/{m['game']}")).json()
    assert st["mode"] == "computer" and st["tournament"] is True and st["hints"] is False
    r = await a.http.get(f"/api/games/{m['game']}/hint", headers={"accept-language": "ru"})
    assert r.status_code == 403 and r.json()["code"] == "no-hints"
    assert r.json()["error"] == "турнирная партия играется без подсказок"


async def test_its_creator_starts_it_now_with_the_players_registered(
    player_factory: Any, app: Any
) -> None:
    """ "Start now": its creator (or a moderator) starts it before it is full or due,
    the way a scheduled start does (seeded, round 1 paired with its games), when the
    players are enough for its format; nobody else may, nor with too few players, nor
    a sit-and-go (it starts when full), nor twice."""
    maker, entrant, other = [await member(player_factory, n) for n in ("maker", "ent", "oth")]
    t = await create(maker, format="knockout", size=8)
    await join(maker, t)
    url = f"/api/tournaments/{t['id']}"
    r = await maker.post(f"{url}/start")  # one player: a knock-out needs two
    assert r.status_code == 409 and r.json()["code"] == "too-few", r.text
    assert "1 of at least 2" in r.json()["error"]
    assert (await tournament(maker, t["id"]))["can_start"] is False
    await join(entrant, t)
    assert (await tournament(maker, t["id"]))["can_start"] is True
    assert (await tournament(entrant, t["id"]))["can_start"] is False
    for p in (entrant, other):  # an entrant, a stranger: not theirs to start
        r = await p.post(f"{url}/start")
        assert r.status_code == 403 and "creator" in r.json()["error"], r.text
    r = await send(entrant, "POST", f"{url}/start", {}, lang="ru")
    assert r.json()["error"] == "это может только создатель турнира"
    assert (await tournament(maker, t["id"]))["status"] == "registering"
    r = await maker.post(f"{url}/start")
    assert r.status_code == 200, r.text
    started = r.json()["tournament"]
    assert started["status"] == "running" and started["started_at"] is not None
    assert started["can_start"] is False and started["can_cancel"] is False
    assert sorted(e["seed"] for e in started["entries"]) == [1, 2]
    (m,) = current_round(started)  # the final, at once, with its game
    assert m["game"] is not None and m["winner"] is None
    r = await maker.post(f"{url}/start")
    assert r.status_code == 409 and r.json()["code"] == "started"
    r = await send(maker, "POST", f"{url}/start", {}, lang="ru")
    assert r.json()["error"] == "запись в турнир закрыта: он уже начался или завершён"

    # a round robin needs three; a sit-and-go starts when full, never early
    rr = await create(maker, format="roundrobin", size=6)
    await add_computers(maker, rr, 2)
    r = await send(maker, "POST", f"/api/tournaments/{rr['id']}/start", {}, lang="ru")
    assert r.status_code == 409 and r.json()["code"] == "too-few"
    assert r.json()["error"] == "мало участников для начала: 2 из минимум 3"
    sng = await create(maker, format="sitngo", size=4)
    await add_computers(maker, sng, 2)
    r = await maker.post(f"/api/tournaments/{sng['id']}/start")
    assert r.status_code == 409 and r.json()["code"] == "sitngo"
    assert "add computer players" in r.json()["error"]
    assert (await tournament(maker, sng["id"]))["can_start"] is False

    # a moderator may, as he may cancel: a scheduled Swiss of 3 keeps at most 3 rounds
    make_moderator(app, other.user["id"])
    later = (START + timedelta(days=1)).isoformat()
    sw = await create(maker, format="swiss", size=8, rounds=4, starts_at=later)
    await join(maker, sw)
    await join(entrant, sw)
    await add_computers(maker, sw, 1)
    r = await other.post(f"/api/tournaments/{sw['id']}/start")
    assert r.status_code == 200, r.text
    x = r.json()["tournament"]
    assert x["status"] == "running" and x["rounds"] == 3 and len(current_round(x)) == 2
    r = await maker.post("/api/tournaments/999999/start")
    assert r.status_code == 404 and r.json()["code"] == "not-found"


async def test_its_creator_removes_an_entry_before_the_start(player_factory: Any, app: Any) -> None:
    """ "Remove": its creator takes a member or a computer seat (one added by mistake)
    off the list before the start; nobody else may, nor after the start."""
    maker, entrant, other = [await member(player_factory, n) for n in ("maker", "ent", "oth")]
    t = await create(maker, format="knockout", size=4)
    t = await join(entrant, t)
    await add_computers(maker, t, 2)
    url = f"/api/tournaments/{t['id']}"
    x = await tournament(maker, t["id"])
    assert x["can_remove"] is True and (await tournament(entrant, t["id"]))["can_remove"] is False
    bot = next(e for e in x["entries"] if e["computer"])
    him = next(e for e in x["entries"] if e["user_id"] == entrant.user["id"])
    for p in (entrant, other):
        r = await p.post(f"{url}/entries/{bot['id']}/remove")
        assert r.status_code == 403 and "creator" in r.json()["error"], r.text
    r = await maker.post(f"{url}/entries/{bot['id']}/remove")  # the computer seat
    assert r.status_code == 200, r.text
    x = r.json()["tournament"]
    assert x["players"] == 2 and bot["id"] not in [e["id"] for e in x["entries"]]
    assert [e["number"] for e in x["entries"] if e["computer"]] == [1]
    r = await maker.post(f"{url}/entries/{him['id']}/remove")  # the member
    assert r.status_code == 200, r.text
    assert r.json()["tournament"]["players"] == 1
    assert (await tournament(entrant, t["id"]))["joined"] is False
    r = await send(maker, "POST", f"{url}/entries/{him['id']}/remove", {}, lang="ru")
    assert r.status_code == 404 and r.json()["error"] == "такого участника в турнире нет"
    with app.state.db() as s:  # (gone from the database, not only from the page)
        assert s.get(TournamentEntry, him["id"]) is None
    t = await join(entrant, t)  # he may join again, as anyone
    await join(maker, t)
    await add_computers(maker, t, 1)  # full: started
    x = await tournament(maker, t["id"])
    assert x["status"] == "running" and x["can_remove"] is False
    r = await maker.post(f"{url}/entries/{x['entries'][0]['id']}/remove")
    assert r.status_code == 409 and r.json()["code"] == "started"
    assert (await tournament(maker, t["id"]))["players"] == 4
