"""The lobby over HTTP and its websocket: challenges made, listed, accepted (the race:
one game), cancelled, declined; quick pairing's queue; bad input answered in the
interface language; seeks rate-limited; presence; the socket's live updates."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from lobby_helpers import member, next_message, send
from server_helpers import same_loop_clients
from sqlalchemy import select

from nardy.server import Settings, create_app
from nardy.server.db import GameRow, User
from nardy.server.matchmaking import QUICK_LENGTH

pytestmark = pytest.mark.anyio


async def delete(player: Any, url: str, lang: str = "en") -> httpx.Response:
    return await send(player, "DELETE", url, lang=lang)


async def challenge(player: Any, **terms: Any) -> dict[str, Any]:
    r = await player.post("/api/lobby/challenges", {"variant": "long", **terms})
    assert r.status_code == 201, r.text
    ch: dict[str, Any] = r.json()["challenge"]
    return ch


async def test_a_challenge_is_listed_with_its_terms_and_accepted_into_one_game(
    player_factory: Any, app: Any
) -> None:
    alice, bob = await player_factory(), await player_factory()
    ch = await challenge(alice, length=5, cube=True, clock="blitz")
    assert ch["variant"] == "long" and ch["length"] == 5 and ch["cube"] is True
    assert ch["clock"] == "blitz" and ch["clock_spec"] == {"delay": 8, "reserve": 60}
    assert ch["rated"] is False and ch["by"]["guest"] is True and ch["by"]["rating"] is None
    seen = (await bob.get("/api/lobby")).json()
    assert [c["id"] for c in seen["challenges"]] == [ch["id"]]
    r = await bob.post(f"/api/lobby/challenges/{ch['id']}/accept")
    assert r.status_code == 200, r.text
    gid = r.json()["game"]
    with app.state.db() as s:
        row = s.get(GameRow, gid)
        assert row is not None and row.mode == "club" and row.match_length == 5
        assert row.creator_id != row.opponent_id
    state = (await alice.get(f"/api/games/{gid}")).json()
    assert state["role"] in ("white", "black")  # both are players of the game
    assert (await bob.get(f"/api/games/{gid}")).json()["role"] in ("white", "black")
    assert (await bob.get("/api/lobby")).json()["challenges"] == []


async def test_two_accepts_of_one_challenge_make_one_game(player_factory: Any, app: Any) -> None:
    alice, bob, carol = [await player_factory() for _ in range(3)]
    ch = await challenge(alice)
    url = f"/api/lobby/challenges/{ch['id']}/accept"
    r1, r2 = await asyncio.gather(
        send(bob, "POST", url, lang="en"), send(carol, "POST", url, lang="ru")
    )
    codes = sorted([r1.status_code, r2.status_code])
    assert codes == [200, 409]
    lost = r1 if r1.status_code == 409 else r2
    assert lost.json()["code"] == "challenge-gone"
    assert lost.json()["error"] in (
        "this challenge is no longer open (accepted or cancelled)",
        "этот вызов уже не открыт (его приняли или отменили)",
    )
    with app.state.db() as s:
        assert len(s.scalars(select(GameRow)).all()) == 1


async def test_nobody_accepts_his_own_challenge_or_cancels_anothers(player_factory: Any) -> None:
    alice, bob = await player_factory(), await player_factory()
    ch = await challenge(alice)
    r = await send(alice, "POST", f"/api/lobby/challenges/{ch['id']}/accept", lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "нельзя играть с самим собой"
    await bob.post("/api/lobby/queue", {"variant": "long"})  # bob has a session now
    r = await delete(bob, f"/api/lobby/challenges/{ch['id']}")
    assert r.status_code == 403 and r.json()["error"] == "this challenge is not yours"
    stranger = await player_factory()  # no session at all: nothing of his to cancel
    r = await delete(stranger, f"/api/lobby/challenges/{ch['id']}")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    r = await delete(alice, "/api/lobby/challenges/nope")
    assert r.status_code == 409 and r.json()["code"] == "challenge-gone"
    r = await delete(alice, f"/api/lobby/challenges/{ch['id']}")
    assert r.status_code == 200
    assert (await bob.get("/api/lobby")).json()["challenges"] == []
    r = await bob.post(f"/api/lobby/challenges/{ch['id']}/accept")
    assert r.status_code == 409 and r.json()["code"] == "challenge-gone"


@pytest.mark.parametrize(
    ("body", "code", "ru"),
    [
        ([1, 2], "malformed", "тело запроса должно быть JSON-объектом"),
        ({"variant": "chess"}, "bad-variant", "неизвестная игра 'chess'"),
        ({"variant": 7}, "bad-variant", "неизвестная игра 7"),
        ({"length": 26}, "bad-match", "длина матча: 0 (одна партия) или от 1 до 25 очков"),
        ({"length": True}, "bad-match", None),
        ({"cube": "yes"}, "malformed", None),
        ({"clock": "bullet"}, "malformed", "неизвестный контроль времени 'bullet'"),
        ({"rated": True}, "account-needed", "рейтинговые партии — для зарегистрированных"),
        ({"to": "nobody-here"}, "not-found", "нет игрока «nobody-here»"),
        ({"to": ""}, "malformed", "укажите игрока по имени пользователя"),
    ],
)
async def test_bad_challenges_are_refused_in_the_interface_language(
    player_factory: Any, body: Any, code: str, ru: str | None
) -> None:
    p = await player_factory()
    if isinstance(body, dict):
        body = {"variant": "long", **body}
    r = await send(p, "POST", "/api/lobby/challenges", body, lang="ru")
    assert r.status_code in (400, 403, 404), r.text
    assert r.json()["code"] == code
    if ru is not None:
        assert r.json()["error"].startswith(ru), r.json()["error"]
    assert (await p.get("/api/lobby")).json()["challenges"] == []


async def test_at_most_three_open_challenges(player_factory: Any) -> None:
    p = await player_factory()
    for _ in range(3):
        await challenge(p)
    r = await send(p, "POST", "/api/lobby/challenges", {"variant": "long"})
    assert r.status_code == 409
    assert r.json()["error"] == "you have 3 open challenges already; cancel one first"


async def test_seeks_are_rate_limited(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, seek_rate="2 per minute"))
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as http:
        from conftest import Player

        p = await Player(http).start()
        for _ in range(2):
            assert (
                await send(p, "POST", "/api/lobby/queue", {"variant": "long"})
            ).status_code == 200
        r = await send(p, "POST", "/api/lobby/challenges", {"variant": "long"}, lang="ru")
        assert r.status_code == 429 and r.json()["code"] == "too-many-seeks"
        assert r.json()["error"].startswith("слишком много вызовов и поисков; попробуйте через")
        assert int(r.headers["retry-after"]) > 0
        assert await app.state.lobby.state.challenges() == []


async def test_accepting_withdraws_the_players_other_seeks(player_factory: Any, app: Any) -> None:
    alice, bob = await player_factory(), await player_factory()
    first = await challenge(alice)
    await challenge(alice, variant="short")
    await bob.post("/api/lobby/queue", {"variant": "long"})
    await challenge(bob)
    r = await bob.post(f"/api/lobby/challenges/{first['id']}/accept")
    assert r.status_code == 200
    lobby = app.state.lobby
    assert await lobby.state.challenges() == []  # both players are in a game now
    assert await lobby.state.queue() == []


async def test_the_queue_takes_a_variant_and_a_clock(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post("/api/lobby/queue", {"variant": "long", "clock": "rapid"})
    assert r.status_code == 200 and r.json()["queue"]["clock"] == "rapid"
    assert (await p.get("/api/lobby")).json()["queue"]["variant"] == "long"
    r = await send(p, "POST", "/api/lobby/queue", {"variant": "long", "clock": 5})
    assert r.status_code == 400
    assert r.json()["error"] == "unknown time control 5 (known: none, blitz, rapid)"
    r = await delete(p, "/api/lobby/queue")
    assert r.json() == {"left": True}
    assert (await p.get("/api/lobby")).json()["queue"] is None
    assert (await delete(p, "/api/lobby/queue")).json() == {"left": False}


async def test_a_banned_member_cannot_seek(player_factory: Any, app: Any) -> None:
    p = await member(player_factory, "banned1")
    from datetime import UTC, datetime

    with app.state.db() as s:
        user = s.scalar(select(User).where(User.username == "banned1"))
        assert user is not None
        user.banned_at = datetime.now(UTC)
        s.commit()
    r = await send(p, "POST", "/api/lobby/queue", {"variant": "long"})
    assert r.status_code == 403
    assert r.json()["error"] == "A moderator has banned you from play and chat."


# -- the socket ---------------------------------------------------------------------------
def csrf_of(client: TestClient) -> str:
    token: str = client.get("/api/session").json()["csrf"]
    return token


def test_the_socket_sends_a_snapshot_then_challenges_and_the_game(app: Any) -> None:
    with same_loop_clients(app, 2) as (alice, bob):
        a_csrf, b_csrf = csrf_of(alice), csrf_of(bob)
        bob.post("/api/lobby/queue", json={"variant": "short"}, headers={"x-csrf-token": b_csrf})
        b_csrf = csrf_of(bob)  # bob is a guest now
        with bob.websocket_connect("/ws/lobby") as ws:
            snap = next_message(ws, "snapshot")
            assert snap["type"] == "snapshot" and snap["me"] is not None
            assert snap["challenges"] == [] and snap["queue"]["variant"] == "short"
            r = alice.post(
                "/api/lobby/challenges",
                json={"variant": "long", "length": 1},
                headers={"x-csrf-token": a_csrf},
            )
            ch = r.json()["challenge"]
            assert next_message(ws, "challenge") == {"type": "challenge", "challenge": ch}
            r = bob.post(
                f"/api/lobby/challenges/{ch['id']}/accept", headers={"x-csrf-token": b_csrf}
            )
            gid = r.json()["game"]
            seen = [next_message(ws, None) for _ in range(2)]
            assert {"type": "gone", "id": ch["id"], "reason": "accepted"} in seen
            assert {"type": "game", "id": gid} in seen
            ws.send_json({"type": "ping"})
            assert next_message(ws, None) == {"type": "pong"}


def test_the_socket_answers_bad_messages_in_the_interface_language(app: Any) -> None:
    with TestClient(app) as c, c.websocket_connect("/ws/lobby", headers={"x-lang": "ru"}) as ws:
        next_message(ws, "snapshot")
        ws.send_text("not json")
        err = next_message(ws, None)
        assert err["type"] == "error" and err["code"] == "malformed"
        assert err["error"] == "сообщения — в формате JSON"
        ws.send_json({"type": "accept"})
        err = next_message(ws, None)
        assert err["error"].startswith("неизвестный тип сообщения 'accept'")
        ws.send_json([1])
        assert next_message(ws, None)["code"] == "malformed"
        ws.send_json({"type": "ping"})
        assert next_message(ws, None) == {"type": "pong"}  # the socket stayed


def test_cross_site_lobby_sockets_are_refused(app: Any) -> None:
    from starlette.websockets import WebSocketDisconnect

    with TestClient(app) as c, pytest.raises(WebSocketDisconnect) as exc:  # noqa: SIM117
        with c.websocket_connect("/ws/lobby", headers={"origin": "http://evil.example"}) as ws:
            ws.receive_json()
    assert exc.value.code == 4403


def test_presence_counts_lobby_and_game_sockets(app: Any) -> None:
    with TestClient(app) as c:
        csrf = csrf_of(c)
        gid = c.post(
            "/api/games",
            json={"mode": "computer", "variant": "long"},
            headers={"x-csrf-token": csrf},
        ).json()["id"]
        lobby = app.state.lobby

        def online() -> int:
            return int(c.portal.call(lobby.online_view)["count"])  # type: ignore[union-attr]

        assert online() == 0
        with c.websocket_connect(f"/ws/games/{gid}") as game_ws:
            game_ws.send_json({"type": "hello", "last_seq": 0})
            game_ws.receive_json()
            assert online() == 1  # a game socket: online
            with c.websocket_connect("/ws/lobby") as ws:
                snap = next_message(ws, "snapshot")
                assert snap["online"]["count"] == 1  # one person, two sockets
                assert [g["id"] for g in snap["mine"]] == [gid]
        assert online() == 0


def test_my_games_are_live_on_the_lobby_socket(app: Any) -> None:
    """A game of his that moves reaches the player's lobby page: whose move it is,
    and the game gone once it is over (issue 15.1, "the player's own running games")."""
    with same_loop_clients(app, 2) as (alice, bob):
        a_csrf, b_csrf = csrf_of(alice), csrf_of(bob)
        r = alice.post(
            "/api/lobby/challenges",
            json={"variant": "long", "length": 1},
            headers={"x-csrf-token": a_csrf},
        )
        a_csrf = csrf_of(alice)  # alice is a guest now
        ch = r.json()["challenge"]
        gid = bob.post(
            f"/api/lobby/challenges/{ch['id']}/accept", headers={"x-csrf-token": b_csrf}
        ).json()["game"]
        b_csrf = csrf_of(bob)
        lobby = app.state.lobby

        def mine(ws: Any, your_turn: bool | None) -> list[dict[str, Any]]:
            """The "mine" messages until one says ``your_turn`` of the game (None:
            until the game is gone); the lobby's own ticker may have sent one first."""
            alice.portal.call(lobby.refresh)
            for _ in range(10):
                games = next_message(ws, "mine")["mine"]
                now = [g["your_turn"] for g in games if g["id"] == gid]
                if now == ([] if your_turn is None else [your_turn]):
                    return list(games)
            raise AssertionError("no such update")

        with alice.websocket_connect("/ws/lobby") as ws:
            snap = next_message(ws, "snapshot")
            (game,) = snap["mine"]
            assert game["id"] == gid and game["mode"] == "club" and game["opponent"]
            state = alice.get(f"/api/games/{gid}").json()
            mover, csrf = (alice, a_csrf) if state["turn"] == state["role"] else (bob, b_csrf)
            mine(ws, mover is alice)
            st = mover.get(f"/api/games/{gid}").json()
            act = {"action": "play", "play": st["legal"]["plays"][0]}
            r = mover.post(f"/api/games/{gid}/actions", json=act, headers={"x-csrf-token": csrf})
            assert r.status_code == 200, r.text
            mine(ws, mover is not alice)  # the move passed to the other
            # resigned and accepted: the game leaves her list
            resigner, r_csrf = (alice, a_csrf) if mover is not alice else (bob, b_csrf)
            taker, t_csrf = (bob, b_csrf) if resigner is alice else (alice, a_csrf)
            for who, tok, body in (
                (resigner, r_csrf, {"action": "resign", "level": 1}),
                (taker, t_csrf, {"action": "accept"}),
            ):
                r = who.post(f"/api/games/{gid}/actions", json=body, headers={"x-csrf-token": tok})
                assert r.status_code == 200, r.text
            assert mine(ws, None) == []


def test_the_lobby_shows_who_is_searching_by_game_and_clock(app: Any) -> None:
    """Beside "Play now" the lobby says how many are in the queue for each game and
    clock, live: pairing goes by both, so two players of one game with other clocks
    are told apart (they read "short nardy 2" and were never paired)."""
    with same_loop_clients(app, 3) as (alice, bob, carol):
        lobby = app.state.lobby
        with carol.websocket_connect("/ws/lobby") as ws:
            snap = next_message(ws, "snapshot")
            assert snap["searching"] == []
            assert snap["quick_length"] == QUICK_LENGTH
            for who, clock in ((alice, "blitz"), (bob, "rapid")):
                body = {"variant": "short", "clock": clock}
                r = who.post("/api/lobby/queue", json=body, headers=_token(who))
                assert r.status_code == 200, r.text
            alice.portal.call(lobby.refresh)
            assert _searching(ws, [_pool("short", "blitz"), _pool("short", "rapid")])
            r = bob.delete("/api/lobby/queue", headers=_token(bob))
            assert r.json() == {"left": True}
            alice.portal.call(lobby.refresh)
            assert _searching(ws, [_pool("short", "blitz")])
        with bob.websocket_connect("/ws/lobby") as ws:  # a new page: in its snapshot
            assert next_message(ws, "snapshot")["searching"] == [_pool("short", "blitz")]


def _pool(variant: str, clock: str, n: int = 1) -> dict[str, Any]:
    return {"variant": variant, "clock": clock, "n": n}


def _token(client: TestClient) -> dict[str, str]:
    return {"x-csrf-token": client.get("/api/session").json()["csrf"]}


def _searching(ws: Any, counts: list[dict[str, Any]]) -> bool:
    """Whether a "searching" message with ``counts`` comes (the ticker may send an
    earlier count first)."""
    return any(next_message(ws, "searching")["searching"] == counts for _ in range(5))


def test_a_socket_that_falls_behind_is_marked_for_closing() -> None:
    from nardy.server.lobby import OUTBOX, Subscriber

    sub = Subscriber(1)
    for _ in range(OUTBOX):
        sub.deliver("{}")
    assert not sub.overflowed.is_set()
    sub.deliver("{}")  # one more than the writer may fall behind
    assert sub.overflowed.is_set() and sub.outbox.qsize() == OUTBOX


async def test_a_members_rating_shows_and_rated_games_are_for_members(
    player_factory: Any, app: Any
) -> None:
    from nardy.server.db import Rating

    rated = await member(player_factory, "rated1")
    with app.state.db() as s:
        s.add(Rating(user_id=rated.user["id"], pool="long", rating=1623.4, rd=60, volatility=0.06))
        s.commit()
    ch = await challenge(rated, rated=True)
    assert ch["by"] == {"id": rated.user["id"], "name": "rated1", "guest": False, "rating": 1623}
    assert ch["rated"] is True
    short = await challenge(rated, variant="short")  # no rating row in short nardy
    assert short["by"]["rating"] is None
    guest = await player_factory()
    r = await send(guest, "POST", f"/api/lobby/challenges/{ch['id']}/accept", lang="en")
    assert r.status_code == 403
    assert r.json()["error"] == "rated games are for members: sign up first (it is free)"
    other = await member(player_factory, "rated2")
    r = await send(other, "POST", f"/api/lobby/challenges/{ch['id']}/accept")
    assert r.status_code == 200


async def test_a_player_being_started_elsewhere_is_not_started_twice(
    player_factory: Any, app: Any
) -> None:
    alice, bob = await player_factory(), await player_factory()
    ch = await challenge(alice)
    await send(bob, "POST", "/api/lobby/queue", {"variant": "short"})  # bob is a guest now
    state = app.state.lobby.state
    bob_id = (await bob.get("/api/session")).json()["user"]["id"]
    assert await state.claim((bob_id, 999_999))  # a pairing of bob's is being started
    assert not await state.claim((bob_id,))
    url = f"/api/lobby/challenges/{ch['id']}/accept"
    r = await send(bob, "POST", url, lang="ru")
    assert r.status_code == 409 and r.json()["code"] == "busy"
    assert r.json()["error"] == (
        "у вас или у соперника как раз начинается партия; попробуйте ещё раз"
    )
    assert [c.id for c in await state.challenges()] == [ch["id"]]  # still open
    await state.release((bob_id, 999_999))
    assert (await send(bob, "POST", url)).status_code == 200
