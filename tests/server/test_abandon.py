"""A game left by one player is claimed by the other (``nardy.server.abandon``, docs/
architecture.md "Leaving a game"): only while the opponent is to act and has no page on
the game, only ``Settings.claim_after`` after the later of the game's last change and his
leaving; each return starts the wait again. The presence is real websockets on the
app (and the shared state's contract on memory and on a real Redis); the time is an
injected clock the test moves."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from server_helpers import Clock, same_loop_clients
from sqlalchemy import select

from nardy.server.abandon import Seat, claim_opens
from nardy.server.db import EventRow
from nardy.server.lobby import SEAT_MEMORY, MemoryLobbyState, Present, seat
from nardy.server.redis_live import RedisHub, RedisLobbyState

pytestmark = pytest.mark.clocked

WAIT = 120  # (the default wait: Settings.claim_after)
CLAIM_AFTER = timedelta(seconds=WAIT)
T0 = datetime(2026, 12, 7, 12, 0, tzinfo=UTC)


def _seat(**changes: Any) -> Seat:
    base: dict[str, Any] = {
        "between_people": True,
        "in_play": True,
        "opponent_to_act": True,
        "opponent_away": (T0 + timedelta(seconds=30)).timestamp(),
        "changed": T0,
    }
    return Seat(**{**base, **changes})


@pytest.mark.parametrize(
    ("changes", "opens"),
    [
        ({}, T0 + timedelta(seconds=30) + CLAIM_AFTER),  # from his leaving, the later
        ({"opponent_away": (T0 - timedelta(hours=1)).timestamp()}, T0 + CLAIM_AFTER),
        ({"opponent_away": 0.0}, T0 + CLAIM_AFTER),  # never seen: from the last change
        ({"opponent_away": None}, None),  # he has the game open
        ({"opponent_to_act": False}, None),  # the claimer's own decision
        ({"in_play": False}, None),  # over, or between the games of a match
        ({"between_people": False}, None),  # the computer, one device, a spectator
    ],
)
def test_when_a_claim_opens(changes: dict[str, Any], opens: datetime | None) -> None:
    assert claim_opens(_seat(**changes), CLAIM_AFTER) == opens


# -- who has a game open: the shared state's contract, in memory and on Redis ----------


def test_a_seat_is_away_from_its_last_socket_on_memory() -> None:
    asyncio.run(_seat_contract(MemoryLobbyState()))


def test_a_seat_is_away_from_its_last_socket_on_redis(redis_url: str) -> None:
    async def run() -> None:
        redis.Redis.from_url(redis_url).flushdb()
        hub_a, hub_b = RedisHub(redis_url), RedisHub(redis_url)
        a, b = RedisLobbyState(hub_a), RedisLobbyState(hub_b)
        await _seat_contract(a, b)
        # the seat's leaving times expire with the game's disuse
        ttl = await hub_a.redis.pttl("nardy:lobby:left:" + seat("g1"))
        assert 0 < ttl <= SEAT_MEMORY * 1000
        # a process that died with the game open: its counts expire, nothing was left
        await a.arrive(Present(9, "vera", True), seat("g1"))
        await hub_a.redis.delete(a._mine)
        assert await b.away(9, seat("g1")) == 0.0
        await hub_a.stop()
        await hub_b.stop()

    asyncio.run(run())


async def _seat_contract(a: Any, b: Any = None) -> None:
    """``away`` on one state (``a``), or on two processes' (``a`` and ``b``)."""
    b = b or a
    ashot = Present(7, "ashot", True)
    assert await a.away(7, seat("g1")) == 0.0  # never had it open
    await a.arrive(ashot, "game")
    await a.arrive(ashot, seat("g1"))
    await b.arrive(ashot, "game")
    await b.arrive(ashot, seat("g1"))  # a second page, on the other process
    assert await b.away(7, seat("g1")) is None
    assert await a.away(7, seat("g2")) == 0.0  # another game is not this one
    await a.leave(7, seat("g1"), 100.0)
    await a.leave(7, "game", 100.0)
    assert await a.away(7, seat("g1")) is None  # one page still open
    await b.leave(7, seat("g1"), 130.5)
    await b.leave(7, "game", 130.5)
    assert await a.away(7, seat("g1")) == 130.5 and await b.away(7, seat("g1")) == 130.5
    assert await a.online() == []  # (the seat counts as no extra socket)
    await b.arrive(ashot, seat("g1"))  # back: present, and his leaving forgotten
    assert await a.away(7, seat("g1")) is None
    await b.leave(7, seat("g1"), 200.0)
    assert await a.away(7, seat("g1")) == 200.0


# -- the claim, through the API, with real websockets ----------------------------------


def _register(c: TestClient, name: str) -> int:
    csrf = c.get("/api/session").json()["csrf"]
    c.headers["x-csrf-token"] = csrf
    r = c.post("/api/register", json={"username": name, "password": "secret-pass-1"})
    assert r.status_code == 200, r.text
    c.headers["x-csrf-token"] = r.json().get("csrf", csrf)
    return int(r.json()["user"]["id"])


def _hello(sock: Any) -> Any:
    """A page on the game: its socket says hello and has the game."""
    sock.send_json({"type": "hello", "last_seq": 0})
    assert sock.receive_json()["type"] == "update"
    return sock


def _claim_in(c: TestClient, gid: str) -> Any:
    r = c.get(f"/api/games/{gid}/presence")
    assert r.status_code == 200, r.text
    return r.json()["claim_in"]


def _club_game(a: TestClient, b: TestClient, app: Any) -> tuple[str, dict[str, TestClient]]:
    """A rated 3-point match between two new members; its id and the players by colour
    (the decision is white's or black's: ``to_act``)."""
    ids = {_register(a, "ann"): a, _register(b, "bob"): b}
    ann, bob = ids
    spec = {"variant": "short", "length": 3, "rated": True}
    live = a.portal.call(app.state.games.create_paired, ann, bob, spec)
    return live.meta.id, {c: ids[live.meta.user_of(c)] for c in ("white", "black")}


def _turn(c: TestClient, gid: str) -> None:
    """The player to act (``c``) rolls if asked, then makes the first legal play."""
    st = c.get(f"/api/games/{gid}").json()
    if "roll" in st["actions"]:
        st = c.post(f"/api/games/{gid}/actions", json={"action": "roll"}).json()["state"]
    r = c.post(
        f"/api/games/{gid}/actions", json={"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 200, r.text


def _rated_games(c: TestClient, name: str) -> int:
    """How many rated games the player's ratings count, in all pools."""
    return sum(r["games"] for r in c.get(f"/api/players/{name}").json()["ratings"].values())


def test_a_game_left_by_the_player_to_act_is_claimed_after_the_wait(app: Any, clock: Clock) -> None:
    with same_loop_clients(app, 2) as (a, b):
        gid, by_color = _club_game(a, b, app)
        st = a.get(f"/api/games/{gid}").json()
        gone_color = st["to_act"]
        stay_color = "black" if gone_color == "white" else "white"
        gone, stay = by_color[gone_color], by_color[stay_color]
        # a play each: the one who leaves has played (the match will be rated), and the
        # decision is his again
        _turn(gone, gid)
        _turn(stay, gid)
        claim_url = f"/api/games/{gid}/claim"
        with stay.websocket_connect(f"/ws/games/{gid}") as mine:
            _hello(mine)
            with gone.websocket_connect(f"/ws/games/{gid}") as theirs:
                _hello(theirs)
                assert stay.get(f"/api/games/{gid}/presence").json() == {
                    "online": {"white": True, "black": True},
                    "claim_in": None,
                }
                r = stay.post(claim_url, headers={"accept-language": "ru"})
                assert r.status_code == 409 and r.json()["code"] == "not-now"
                assert "соперник ушёл" in r.json()["error"]  # in the interface's language
            # he has left, with the decision his
            online = stay.get(f"/api/games/{gid}/presence").json()["online"]
            assert online == {stay_color: True, gone_color: False}
            assert _claim_in(stay, gid) == WAIT
            assert _claim_in(gone, gid) is None  # (his opponent is here: nothing to claim)
            clock.wait(WAIT - 1)
            assert _claim_in(stay, gid) == 1
            r = stay.post(claim_url)
            assert r.status_code == 409 and r.json()["params"] == {"seconds": 1}
            assert "in 1 s" in r.json()["error"]
            # he comes back, and leaves again: the wait starts again from then
            with gone.websocket_connect(f"/ws/games/{gid}") as theirs:
                _hello(theirs)
                assert _claim_in(stay, gid) is None
                clock.wait(30)
            assert _claim_in(stay, gid) == WAIT
            clock.wait(WAIT)
            assert _claim_in(stay, gid) == 0
            r = stay.post(claim_url)
            assert r.status_code == 200, r.text
            state = r.json()["state"]
            assert state["phase"] == "over" and state["status"] == "over"
            assert state["outcome"]["winner"] == stay_color
            assert state["outcome"]["reason"] == "abandoned"
            assert state["outcome"]["value"] == 3  # the match's points
            # and the score says so: the match is his, 3 : 0, not the games' 0 : 0
            assert state["match"]["score"] == {stay_color: 3, gone_color: 0}
            assert state["match"]["winner"] == stay_color
            assert "left the game" in state["outcome"]["en"]
            assert "игра покинута" in state["outcome"]["ru"]
            change = state["rating_change"]
            assert change[stay_color]["delta"] > 0 > change[gone_color]["delta"]
            assert not state["outcome"]["unrated"]
            # the page that stayed hears the end as it happens
            kinds: list[str] = []
            while "over" not in kinds:
                kinds += [e["kind"] for e in mine.receive_json().get("events", [])]
            assert "flag" in kinds
        r = stay.post(claim_url)  # over: nothing more to claim
        assert r.status_code == 409 and r.json()["code"] in ("not-now", "game-over")
        assert _claim_in(stay, gid) is None
        # the loser's page says how the game ended, in his language too
        outcome = gone.get(f"/api/games/{gid}").json()["outcome"]
        assert outcome["winner"] == stay_color and outcome["reason"] == "abandoned"
        # his history row keeps the score the match ended with, his own first
        row = gone.get("/api/me").json()["games"][0]
        assert row["id"] == gid and row["score"] == [0, 3]


def test_a_claim_before_the_leaver_ever_played_is_not_rated(app: Any, clock: Clock) -> None:
    """Lichess's "aborted": a rated match left before its loser's first decision goes
    to the one who stayed, but moves no rating (no points for a no-show, and none to
    farm from an account that only ever walks away)."""
    with same_loop_clients(app, 2) as (a, b):
        gid, by_color = _club_game(a, b, app)
        gone_color = a.get(f"/api/games/{gid}").json()["to_act"]
        stay_color = "black" if gone_color == "white" else "white"
        gone, stay = by_color[gone_color], by_color[stay_color]
        with gone.websocket_connect(f"/ws/games/{gid}") as theirs:
            _hello(theirs)  # he came, and left without a move
        clock.wait(WAIT)
        r = stay.post(f"/api/games/{gid}/claim")
        assert r.status_code == 200, r.text
        state = r.json()["state"]
        assert state["status"] == "over" and state["match"]["winner"] == stay_color
        assert state["outcome"]["reason"] == "abandoned" and state["outcome"]["unrated"]
        assert state["rated"] and state["rating_change"] is None
        with app.state.db() as s:
            kinds = s.scalars(select(EventRow.kind).where(EventRow.game_id == gid)).all()
        assert "over" in kinds and "rating" not in kinds
        for name in ("ann", "bob"):
            assert _rated_games(stay, name) == 0


def test_no_claim_on_ones_own_decision_or_by_a_stranger(app: Any, clock: Clock) -> None:
    with same_loop_clients(app, 3) as (a, b, stranger):
        gid, by_color = _club_game(a, b, app)
        st = a.get(f"/api/games/{gid}").json()
        mover = by_color[st["to_act"]]
        waiter_color = "black" if st["to_act"] == "white" else "white"
        with mover.websocket_connect(f"/ws/games/{gid}") as here:
            _hello(here)
            clock.wait(10 * WAIT)  # the waiter never opened the game; not his turn
            assert _claim_in(mover, gid) is None
            r = mover.post(f"/api/games/{gid}/claim")
            assert r.status_code == 409 and r.json()["code"] == "not-now"
        # a visitor who plays no side has nothing to claim
        stranger.headers["x-csrf-token"] = stranger.get("/api/session").json()["csrf"]
        assert _claim_in(stranger, gid) is None
        r = stranger.post(f"/api/games/{gid}/claim")
        assert r.status_code == 409 and r.json()["code"] == "not-now"
        # and the game goes on: the waiter's decision is still to come
        st = by_color[waiter_color].get(f"/api/games/{gid}").json()
        assert st["phase"] != "over" and st["to_act"] != waiter_color


def test_no_claim_against_the_computer(app: Any, clock: Clock) -> None:
    with TestClient(app) as c:
        c.headers["x-csrf-token"] = c.get("/api/session").json()["csrf"]
        r = c.post("/api/games", json={"mode": "computer", "variant": "short"})
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        clock.wait(10 * WAIT)
        assert c.get(f"/api/games/{gid}/presence").json()["claim_in"] is None
        r = c.post(f"/api/games/{gid}/claim")
        assert r.status_code == 409 and r.json()["code"] == "not-now"
        assert c.post("/api/games/nosuchgame/claim").status_code == 404
