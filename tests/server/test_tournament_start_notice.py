"""A tournament game that starts is told to each of its players on his own lobby
channel, as a paired game is (``matchmaking.game_started``): ``{"type": "game", "id",
"tournament": {"id", "name", "round"}}``, so that his lobby's, tournament's or finished
game's page takes him to it. Through real websockets on the app: the first round when a
sit-and-go fills, every later round (one started by the tick, on the injected clock),
his other seeks withdrawn, and across two processes sharing Redis; and what the pages
read for it (the game's tournament: running, its players; the sizes each format takes)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from lobby_helpers import receive
from server_helpers import Clock, same_loop_clients
from visitors import Visitor

from nardy.server.api_error import ApiError
from nardy.server.tournament_specs import FORMATS, parse_spec
from nardy.server.tournaments import SIZES

START = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


def next_of(ws: Any, kind: str, seen: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The socket's next message of ``kind`` (the others skipped, kept in ``seen``)."""
    while True:
        msg = receive(ws)
        if msg["type"] == kind:
            return msg
        if seen is not None:
            seen.append(msg)


def create(v: Visitor, **spec: Any) -> dict[str, Any]:
    r = v.post("/api/tournaments", {"name": "Friday cup", "length": 1, **spec})
    assert r.status_code == 201, r.text
    t: dict[str, Any] = r.json()["tournament"]
    return t


def join(v: Visitor, t: dict[str, Any]) -> dict[str, Any]:
    r = v.post(f"/api/tournaments/{t['id']}/join", {"invite": t["invite"]})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()["tournament"]
    return out


def add_computers(v: Visitor, t: dict[str, Any], n: int) -> None:
    for _ in range(n):
        r = v.post(f"/api/tournaments/{t['id']}/computers", {"level": "beginner"})
        assert r.status_code == 200, r.text


def tournament(v: Visitor, tid: int) -> dict[str, Any]:
    t: dict[str, Any] = v.get(f"/api/tournaments/{tid}").json()["tournament"]
    return t


def game_of(t: dict[str, Any], round_no: int, v: Visitor) -> str:
    """``v``'s game in round ``round_no`` of ``t``."""
    entry = next(e["id"] for e in t["entries"] if e["user_id"] == v.id)
    (m,) = [m for m in t["rounds_played"][round_no - 1] if entry in (m["first"], m["second"])]
    assert m["game"] is not None
    game: str = m["game"]
    return game


@pytest.mark.clocked
def test_a_sit_and_go_that_fills_takes_its_players_to_their_games(app: Any) -> None:
    """The creator and a member who joined by the invitation wait on their pages (the
    lobby's socket); the creator adds two computers: it starts, and each is told of his
    own game at once, with the tournament and the round, on his socket only."""
    with same_loop_clients(app, 3) as (ca, cb, cc):
        a, b = Visitor(ca).register("organizer"), Visitor(cb).register("phoneman")
        Visitor(cc).register("onlooker")
        t = create(a, format="sitngo", size=4)
        join(a, t)
        join(b, t)
        with (
            ca.websocket_connect("/ws/lobby") as wa,
            cb.websocket_connect("/ws/lobby") as wb,
            cc.websocket_connect("/ws/lobby") as wc,
        ):
            for ws in (wa, wb, wc):
                next_of(ws, "snapshot")
            add_computers(a, t, 2)
            told = {name: next_of(ws, "game") for name, ws in (("a", wa), ("b", wb))}
            # the onlooker hears of no game (all that was sent him comes before the pong)
            seen: list[dict[str, Any]] = []
            wc.send_json({"type": "ping"})
            next_of(wc, "pong", seen)
            assert not [m for m in seen if m["type"] == "game"]
        started = tournament(a, t["id"])
        assert started["status"] == "running"
        for name, v in (("a", a), ("b", b)):
            assert told[name] == {
                "type": "game",
                "id": game_of(started, 1, v),
                "tournament": {"id": t["id"], "name": "Friday cup", "round": 1},
            }
            st = v.get(f"/api/games/{told[name]['id']}").json()
            assert st["role"] in ("white", "black")  # his own game, to play
        assert told["a"]["id"] != told["b"]["id"]


@pytest.mark.clocked
def test_every_round_is_told_also_one_the_tick_starts(app: Any, clock: Clock) -> None:
    """A round robin of three members: round 1's players are told; nobody acts, and
    once the no-show time is past (the injected clock) the tick forfeits the match and
    pairs round 2: its players are told of their new games too, round 2 (the one who
    sat out round 1 plays in it, and the one who lost may still be sitting on his
    finished game's page: his socket hears it)."""
    with same_loop_clients(app, 3) as clients:
        names = ("first", "second", "third")
        vs = [Visitor(cl).register(n) for cl, n in zip(clients, names, strict=True)]
        t = create(vs[0], format="roundrobin", size=3, no_show=60)
        join(vs[0], t)
        join(vs[1], t)
        with (
            clients[0].websocket_connect("/ws/lobby") as w0,
            clients[1].websocket_connect("/ws/lobby") as w1,
            clients[2].websocket_connect("/ws/lobby") as w2,
        ):
            sockets = [w0, w1, w2]
            for ws in sockets:
                next_of(ws, "snapshot")
            join(vs[2], t)  # full: round 1
            started = tournament(vs[0], t["id"])
            (m1,) = [m for m in started["rounds_played"][0] if m["second"] is not None]
            by_entry = {e["id"]: i for i, e in enumerate(started["entries"])}
            playing = [by_entry[m1["first"]], by_entry[m1["second"]]]
            (sat_out,) = {0, 1, 2} - set(playing)
            for i in playing:
                msg = next_of(sockets[i], "game")
                assert msg["id"] == m1["game"] and msg["tournament"]["round"] == 1
            clock.wait(61)  # nobody showed up: the tick forfeits, and pairs round 2
            second = next_of(sockets[sat_out], "game")
            assert second["tournament"] == {"id": t["id"], "name": "Friday cup", "round": 2}
            now = tournament(vs[0], t["id"])
            assert len(now["rounds_played"]) == 2
            assert second["id"] == game_of(now, 2, vs[sat_out])
            (m2,) = [m for m in now["rounds_played"][1] if m["second"] is not None]
            (other,) = {by_entry[m2["first"]], by_entry[m2["second"]]} - {sat_out}
            told = next_of(sockets[other], "game")
            assert (told["id"], told["tournament"]["round"]) == (second["id"], 2)
            # the game's page reads that the tournament goes on, and who plays it
            x = vs[other].get(f"/api/games/{second['id']}/tournament").json()["tournament"]
            assert x["running"] is True and sorted(x["players"]) == sorted(
                [vs[other].id, vs[sat_out].id]
            )


@pytest.mark.clocked
def test_a_players_other_seeks_are_withdrawn_when_his_tournament_game_starts(
    app: Any,
) -> None:
    """One game at a time, as for a paired game: waiting in the quick-pairing queue
    with an open challenge, his tournament's start takes him out of the queue and
    withdraws the challenge (told to everyone who sees it)."""
    with same_loop_clients(app, 3) as (ca, cb, cc):
        a, b = Visitor(ca).register("organizer"), Visitor(cb).register("waiter")
        Visitor(cc).register("watcher")
        t = create(a, format="knockout", size=2)
        join(b, t)
        with cb.websocket_connect("/ws/lobby") as wb, cc.websocket_connect("/ws/lobby") as wc:
            for ws in (wb, wc):
                next_of(ws, "snapshot")
            assert b.post("/api/lobby/queue", {"variant": "long"}).status_code == 200
            r = b.post("/api/lobby/challenges", {"variant": "long", "length": 3})
            assert r.status_code == 201, r.text
            ch = r.json()["challenge"]
            assert next_of(wc, "challenge")["challenge"]["id"] == ch["id"]
            join(a, t)  # full: the final starts
            seen: list[dict[str, Any]] = []
            game = next_of(wb, "game", seen)
            assert {"type": "gone", "id": ch["id"], "reason": "withdrawn"} in seen
            assert game["tournament"]["round"] == 1
            assert next_of(wc, "gone") == {"type": "gone", "id": ch["id"], "reason": "withdrawn"}
        lobby = b.get("/api/lobby").json()
        assert lobby["queue"] is None and lobby["challenges"] == []


def test_the_form_offers_the_sizes_the_server_takes(app: Any) -> None:
    """The list carries the fields each format takes (``SIZES``), exactly those a new
    tournament's check lets through: one truth for the form and the server."""
    with TestClient(app) as c:
        listing = c.get("/api/tournaments").json()
    assert listing["sizes"] == SIZES and set(SIZES) == set(FORMATS)
    assert SIZES["sitngo"] == [4, 8, 16]
    for fmt in FORMATS:
        taken = []
        for n in range(0, 80):
            try:
                parse_spec({"name": "x", "format": fmt, "size": n}, START)
            except ApiError:
                continue
            taken.append(n)
        assert taken == SIZES[fmt], fmt


@pytest.mark.clocked
def test_a_finished_tournaments_game_page_no_longer_listens(app: Any, clock: Clock) -> None:
    """A knock-out of two decided by a no-show: its game's tournament is over
    (``running`` false), so its page opens no lobby socket; its players are still
    named (the computer is not one)."""
    with same_loop_clients(app, 2) as (ca, cb):
        a, b = Visitor(ca).register("winner"), Visitor(cb).register("absent")
        t = create(a, format="knockout", size=2, no_show=60)
        join(a, t)
        gid = game_of(join(b, t), 1, a)
        x = a.get(f"/api/games/{gid}/tournament").json()["tournament"]
        assert x["running"] is True and sorted(x["players"]) == sorted([a.id, b.id])
        with ca.websocket_connect("/ws/lobby") as wa:
            next_of(wa, "snapshot")
            clock.wait(61)
            while next_of(wa, "tournament")["tournament"]["status"] != "over":
                pass
        x = a.get(f"/api/games/{gid}/tournament").json()["tournament"]
        assert x["running"] is False and x["act_by"] is None
        # a game against the computer names its one member
        t2 = create(a, format="knockout", size=2)
        join(a, t2)
        add_computers(a, t2, 1)
        gid2 = game_of(tournament(a, t2["id"]), 1, a)
        x = a.get(f"/api/games/{gid2}/tournament").json()["tournament"]
        assert x["players"] == [a.id] and x["running"] is True


# -- several processes ---------------------------------------------------------------


def test_a_tournament_started_on_one_process_is_told_on_another(
    apps: tuple[Any, Any],
) -> None:
    """The member waits on a page served by process B; the creator fills the
    sit-and-go on process A: B's socket hears of his game (through Redis)."""
    with TestClient(apps[0]) as ca, TestClient(apps[1]) as cb:
        a, b = Visitor(ca).register("organizer"), Visitor(cb).register("phoneman")
        t = create(a, format="sitngo", size=4)
        join(b, t)
        join(a, t)
        with cb.websocket_connect("/ws/lobby") as wb:
            next_of(wb, "snapshot")
            add_computers(a, t, 2)
            told = next_of(wb, "game")
        started = tournament(a, t["id"])
        assert told["id"] == game_of(started, 1, b)
        assert told["tournament"] == {"id": t["id"], "name": "Friday cup", "round": 1}
