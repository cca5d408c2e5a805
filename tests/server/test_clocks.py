"""Club clocks (``nardy.server.clocks``), kept by the server with an injected clock (the
tests never sleep): the delay runs first, then the reserve; the clock runs only for the
player who must act; a flag loses the match (a money game: a single game at the cube's
value); a stored deadline is enforced by a restarted ``nardy serve``. Also the play
settings (auto-roll, auto-play) and bans."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import ServerProcess
from server_helpers import Clock, member
from sqlalchemy import select, update

from nardy.server import Settings, create_app
from nardy.server.api_error import ApiError
from nardy.server.db import EventRow, GameRow, User, now

pytestmark = [pytest.mark.anyio, pytest.mark.clocked]

CLOCK = {"delay": 12, "reserve": 60}


async def club_game(app: Any, player_factory: Any, **spec: Any) -> tuple[str, dict[str, Any]]:
    """A club game between two new members; returns its id and the players by colour."""
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    live = await app.state.games.create_paired(ann.user["id"], bob.user["id"], spec)
    by_id = {ann.user["id"]: ann, bob.user["id"]: bob}
    return live.meta.id, {c: by_id[live.meta.user_of(c)] for c in ("white", "black")}


async def state_of(player: Any, gid: str) -> dict[str, Any]:
    r = await player.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


async def test_the_delay_runs_first_then_the_reserve(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await club_game(app, player_factory, variant="long", length=3, clock=CLOCK)
    st = await state_of(players["white"], gid)
    me = st["to_act"]
    them = "black" if me == "white" else "white"
    c = st["clock"]
    # 60 s a point for a 3-point match, each; the delay is whole at the start of a turn
    assert c["reserve"] == {"white": 180, "black": 180} and c["delay"] == 12
    assert c["running"] == me and c["delay_left"] == 12 and c["remaining"] == 192
    with app.state.db() as s:
        stored = s.get(GameRow, gid)
        assert stored is not None and stored.deadline is not None
        deadline = stored.deadline.replace(tzinfo=clock.moment.tzinfo)
        assert deadline == clock.moment + timedelta(seconds=192)
    clock.wait(10)  # within the delay: the reserve is untouched
    c = (await state_of(players[me], gid))["clock"]
    assert c["delay_left"] == 2 and c["reserve"][me] == 180 and c["remaining"] == 182
    clock.wait(20)  # 18 s into the reserve
    c = (await state_of(players[me], gid))["clock"]
    assert c["delay_left"] == 0 and c["reserve"][me] == 162 and c["reserve"][them] == 180
    # his move ends his turn: he keeps 162 s, and the other's clock starts, delay first
    st = await state_of(players[me], gid)
    r = await players[me].post(
        f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 200, r.text
    c = r.json()["state"]["clock"]
    assert c["running"] == them and c["delay_left"] == 12
    assert c["reserve"] == {me: 162, them: 180}
    clock.wait(5)
    c = (await state_of(players[them], gid))["clock"]  # (the watcher sees the same clock)
    assert c["running"] == them and c["delay_left"] == 7 and c["reserve"][them] == 180


async def test_a_tournament_game_against_the_computer_runs_the_members_clock(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    """A tournament's computer seat plays on the tournament's clock. The computer
    answers within the member's own change, so his turn ends and the next begins at
    that moment: he is charged only what he used beyond the delay, and his next turn
    starts with the delay whole (the clock had never seen his turn end)."""
    ann = await member(player_factory, "ann")
    spec = {"mode": "computer", "variant": "long", "level": "beginner", "length": 3}
    live = await app.state.games.create(
        ann.user["id"], {**spec, "tournament": True, "clock": CLOCK}
    )
    gid = live.meta.id
    st = await state_of(ann, gid)
    me = st["role"]
    for waited, reserve in ((5, 180), (30, 162)):  # (within the delay; then 18 s past it)
        st = await state_of(ann, gid)
        while "roll" in st["actions"]:
            r = await ann.post(f"/api/games/{gid}/actions", {"action": "roll"})
            st = r.json()["state"]
        assert st["to_act"] == me and st["clock"]["running"] == me
        clock.wait(waited)
        r = await ann.post(
            f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
        )
        assert r.status_code == 200, r.text
        c = r.json()["state"]["clock"]
        assert c["running"] == me and c["delay_left"] == 12  # his next turn, delay whole
        assert c["reserve"][me] == reserve
    # the same game without the tournament has no clock (the computer's games are free)
    free = await app.state.games.create(ann.user["id"], {**spec, "clock": CLOCK})
    assert free.meta.clock is None


async def test_a_flag_loses_the_match_and_rates_it(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await club_game(
        app, player_factory, variant="short", length=5, rated=True, clock=CLOCK
    )
    st = await state_of(players["white"], gid)
    late = st["to_act"]
    other = "black" if late == "white" else "white"
    # a play each (the late one has played: the match is rated), and it is his turn again
    for color in (late, other):
        st = await state_of(players[color], gid)
        if "roll" in st["actions"]:
            r = await players[color].post(f"/api/games/{gid}/actions", {"action": "roll"})
            st = r.json()["state"]
        play = {"action": "play", "play": st["legal"]["plays"][0]}
        r = await players[color].post(f"/api/games/{gid}/actions", play)
        assert r.status_code == 200, r.text
    clock.wait(12 + 300 - 1)  # one second before the deadline: nothing happens
    assert await app.state.games.sweep_flags() == 0
    clock.wait(1)
    assert await app.state.games.sweep_flags() == 1
    st = await state_of(players[other], gid)
    assert st["status"] == "over" and st["match"]["over"] and st["match"]["winner"] == other
    assert st["outcome"]["reason"] == "time" and st["outcome"]["winner"] == other
    assert "время" in st["outcome"]["ru"]
    assert st["actions"] == [] and st["clock"]["running"] is None
    assert st["phase"] == "over" and st["to_act"] is None and st["legal"] is None
    assert st["rating_change"][other]["delta"] > 0 > st["rating_change"][late]["delta"]
    r = await players[late].post(f"/api/games/{gid}/actions", {"action": "roll"})
    assert r.status_code == 409 and r.json()["code"] == "game-over"
    with app.state.db() as s:
        row = s.get(GameRow, gid)
        assert row is not None and row.deadline is None
        assert row.result is not None and row.result["reason"] == "time"
    me = (await players[other].get(f"/api/players/{players[other].user['username']}")).json()
    assert me["stats"]["wins"] == 1 and me["games"]["items"][0]["kind"] == "time"


@pytest.mark.parametrize("length", [0, 3])
async def test_a_flag_before_the_losers_first_play_is_not_rated(
    app: Any, player_factory: Any, clock: Clock, length: int
) -> None:
    """Lichess's "aborted": a rated match lost on time before its loser made any
    decision of his own goes to the other, but moves no rating."""
    gid, players = await club_game(
        app, player_factory, variant="long", length=length, rated=True, clock=CLOCK
    )
    late = (await state_of(players["white"], gid))["to_act"]
    other = "black" if late == "white" else "white"
    clock.wait(12 + 180)  # (3 points of 60 s, or a money game's three points' worth)
    assert await app.state.games.sweep_flags() == 1
    st = await state_of(players[other], gid)
    assert st["match"]["winner"] == other and st["outcome"]["reason"] == "time"
    assert st["rated"] and st["outcome"]["unrated"] and st["rating_change"] is None
    with app.state.db() as s:
        kinds = s.scalars(select(EventRow.kind).where(EventRow.game_id == gid)).all()
        assert "flag" in kinds and "rating" not in kinds
        over = s.scalars(
            select(EventRow.data).where(EventRow.game_id == gid, EventRow.kind == "over")
        ).one()
        assert over["unrated"] is True
    for p in players.values():
        profile = (await p.get(f"/api/players/{p.user['username']}")).json()
        assert all(r["games"] == 0 for r in profile["ratings"].values())
        # the game's row in his history says it was not rated (it had said "rated")
        row = profile["games"]["items"][0]
        assert row["id"] == gid and row["rated"] is False and row["rating_delta"] is None


async def test_an_action_after_the_deadline_comes_too_late(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    """No sweep yet: the late player's own move finds his time up. A money game is
    lost as a single game at the cube's value."""
    gid, players = await club_game(app, player_factory, variant="long", clock=CLOCK)
    st = await state_of(players["white"], gid)
    late = st["to_act"]
    clock.wait(12 + 180 + 1)  # a money game's reserve: three points' worth
    r = await players[late].post(
        f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
    )
    assert r.status_code == 409 and r.json()["code"] == "game-over"
    st = await state_of(players[late], gid)
    assert st["outcome"]["reason"] == "time" and st["outcome"]["points"] == 1
    assert st["outcome"]["winner"] != late
    review = await players[late].get(f"/api/games/{gid}/analysis?plies=0")
    assert review.status_code == 200 and set(review.json()["players"]) == {"white", "black"}


async def test_no_clock_runs_between_games_and_none_without_a_clock(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    gid, players = await club_game(app, player_factory, variant="long", length=3, clock=CLOCK)
    st = await state_of(players["white"], gid)
    loser = st["to_act"]
    winner = "black" if loser == "white" else "white"
    r = await players[loser].post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200
    r = await players[winner].post(f"/api/games/{gid}/actions", {"action": "accept"})
    st = r.json()["state"]
    assert st["phase"] == "over" and not st["match"]["over"]
    assert st["clock"]["running"] is None
    clock.wait(10_000)
    assert await app.state.games.sweep_flags() == 0
    plain = await app.state.games.create_paired(
        players["white"].user["id"], players["black"].user["id"], {"variant": "long"}
    )
    assert (await state_of(players["white"], plain.meta.id))["clock"] is None


@pytest.mark.parametrize(
    ("clock_spec", "key"),
    [
        ({"delay": 12}, "clock-seconds"),
        ({"delay": -1, "reserve": 60}, "clock-seconds"),
        ({"delay": 12, "reserve": 601}, "clock-seconds"),
        ({"delay": 12.5, "reserve": 60}, "clock-seconds"),
        ({"delay": True, "reserve": 60}, "clock-seconds"),
        ({"delay": 0, "reserve": 0}, "clock-empty"),
        ({"delay": 1, "reserve": 1, "increment": 2}, "clock-shape"),
        ("12+60", "clock-shape"),
    ],
)
async def test_bad_clocks_are_refused(
    app: Any, player_factory: Any, clock_spec: Any, key: str
) -> None:
    ann = await member(player_factory, "ann")
    bob = await member(player_factory, "bob")
    with pytest.raises(ApiError) as err:
        await app.state.games.create_paired(ann.user["id"], bob.user["id"], {"clock": clock_spec})
    assert err.value.status == 400 and err.value.code == "bad-clock"
    assert err.value.key == f"error.{key}"
    assert err.value.text("ru") != err.value.text("en")
    with app.state.db() as s:
        assert s.scalar(select(GameRow.id)) is None  # nothing stored


async def test_a_game_with_a_friend_by_link_has_the_clock_asked_for(
    app: Any, player_factory: Any, clock: Clock
) -> None:
    """A friend's game may have one of the lobby's clocks (an expert could not set one
    up to play the cube on time). Nobody's clock runs while the link waits; from the
    friend's arrival the side to act's does, as in a club game. Unrated: the friend
    may be a guest."""
    ann = await member(player_factory, "ann")
    r = await ann.post("/api/games", {"mode": "friend", "variant": "short", "clock": "blitz"})
    assert r.status_code == 201, r.text
    made = r.json()
    assert made["rated"] is False and made["status"] == "waiting"
    clock.wait(600)  # (a link may wait long: nobody's time runs)
    friend = await player_factory()  # a guest
    token = made["invite_url"].rsplit("/", 1)[1]
    assert (await friend.post(f"/api/join/{token}")).status_code == 200
    st = await state_of(ann, made["id"])
    c = st["clock"]
    # (one game: the reserve of a money game's three points, as in the lobby)
    assert c["delay"] == 8 and c["reserve"] == {"white": 180, "black": 180}
    assert c["running"] == st["to_act"] and c["delay_left"] == 8
    clock.wait(10)
    c = (await state_of(friend, made["id"]))["clock"]
    assert c["delay_left"] == 0 and c["reserve"][st["to_act"]] == 178
    # a name the lobby does not offer, and a clock where nobody else plays, are refused
    r = await ann.post("/api/games", {"mode": "friend", "clock": "bullet"})
    assert r.status_code == 400 and "blitz" in r.json()["error"]
    for mode in ("computer", "local"):
        r = await ann.post("/api/games", {"mode": mode, "clock": "rapid"})
        assert r.status_code == 400 and r.json()["error"].startswith("a clock is for a game")
    r = await ann.post("/api/games", {"mode": "computer", "clock": "none"})  # (none: fine)
    assert r.status_code == 201 and r.json()["clock"] is None


async def test_play_settings_auto_roll_and_auto_play(app: Any, player_factory: Any) -> None:
    ann = await member(player_factory, "ann")
    assert (await ann.get("/api/me/settings")).json()["settings"] == {
        "auto_roll": True,
        "auto_play": False,
    }
    for bad in ({}, {"auto_roll": "no"}, {"sound": True}, [1], "x"):
        r = await ann.http.put(
            "/api/me/settings",
            json=bad,
            headers={"x-csrf-token": ann.csrf, "accept-language": "ru"},
        )
        assert r.status_code == 400 and r.json()["code"] == "malformed", bad
        assert "auto_roll" in r.json()["error"] and "настройки" in r.json()["error"]
    r = await ann.http.put(
        "/api/me/settings", json={"auto_roll": False}, headers={"x-csrf-token": ann.csrf}
    )
    assert r.json()["settings"] == {"auto_roll": False, "auto_play": False}
    # against the computer (long nardy, no cube): ann now rolls herself
    r = await ann.post("/api/games", {"mode": "computer", "variant": "long"})
    st = r.json()
    for _ in range(4):
        if st["turn"] == st["role"] and st["phase"] == "roll":
            break
        r = await ann.post(
            f"/api/games/{st['id']}/actions", {"action": "play", "play": st["legal"]["plays"][0]}
        )
        st = r.json()["state"]
    assert st["phase"] == "roll" and st["actions"][0] == "roll"
    r = await ann.http.put(
        "/api/me/settings",
        json={"auto_roll": True, "auto_play": True},
        headers={"x-csrf-token": ann.csrf},
    )
    assert r.json()["settings"] == {"auto_roll": True, "auto_play": True}
    live = await app.state.games.get(st["id"])
    assert live.meta.auto[ann.user["id"]]["auto_play"] is True  # her game in play too
    r = await ann.http.put("/api/me/settings", json={"auto_play": False})  # no CSRF token
    assert r.status_code == 403


async def test_a_forced_play_is_made_for_a_player_who_asked(app: Any, player_factory: Any) -> None:
    """The first turn of each side in long nardy is forced: one checker leaves the
    head and plays both dice (L-2), a single distinct play. Without auto-play the
    player makes it; with it the server makes it for her and she first acts on a
    turn with a choice."""
    ann = await member(player_factory, "ann")
    st = (await ann.post("/api/games", {"mode": "computer", "variant": "long"})).json()
    mine = [m for m in st["history"] if m.get("color") == st["role"]]
    assert mine == [] and len(st["legal"]["plays"]) == 1  # her forced first play: hers
    r = await ann.http.put(
        "/api/me/settings", json={"auto_play": True}, headers={"x-csrf-token": ann.csrf}
    )
    assert r.status_code == 200
    st = (await ann.post("/api/games", {"mode": "computer", "variant": "long"})).json()
    mine = [m for m in st["history"] if m.get("color") == st["role"]]
    assert len(mine) == 1  # made for her
    assert st["phase"] == "move" and len(st["legal"]["plays"]) > 1


async def test_banned_members_play_no_club_games(app: Any, player_factory: Any) -> None:
    gid, players = await club_game(app, player_factory, variant="long", length=1)
    st = await state_of(players["white"], gid)
    actor = players[st["to_act"]]
    with app.state.db() as s:
        s.execute(update(User).where(User.id == actor.user["id"]).values(banned_at=now()))
        s.commit()
    r = await actor.http.post(
        f"/api/games/{gid}/actions",
        json={"action": "play", "play": st["legal"]["plays"][0]},
        headers={"accept-language": "ru", "x-csrf-token": actor.csrf},
    )
    assert r.status_code == 403 and r.json()["code"] == "banned"
    assert r.json()["error"] == "Модератор отстранил вас от игры и чата."  # (said to him)
    after = await state_of(actor, gid)
    assert after["seq"] == st["seq"] and after["board"] == st["board"]  # nothing changed
    other = players["black" if st["to_act"] == "white" else "white"]
    with pytest.raises(ApiError) as err:
        await app.state.games.create_paired(other.user["id"], actor.user["id"], {})
    assert err.value.status == 403 and err.value.code == "banned"
    assert actor.user["name"] in err.value.text("en")
    # nor games with friends: made or joined
    r = await actor.post("/api/games", {"mode": "friend", "variant": "long"})
    assert r.status_code == 403 and r.json()["code"] == "banned"
    invite = (await other.post("/api/games", {"mode": "friend", "variant": "long"})).json()
    token = invite["invite_url"].rsplit("/", 1)[1]
    r = await actor.post(f"/api/join/{token}")
    assert r.status_code == 403 and r.json()["code"] == "banned"
    assert (await other.get(f"/api/games/{invite['id']}")).json()["status"] == "waiting"
    # the ban lifted, the refused play is his to make: the game in memory was put back
    # as stored (the play had been applied there before the store refused it)
    with app.state.db() as s:
        s.execute(update(User).where(User.id == actor.user["id"]).values(banned_at=None))
        s.commit()
    r = await actor.http.post(
        f"/api/games/{gid}/actions",
        json={"action": "play", "play": st["legal"]["plays"][0]},
        headers={"x-csrf-token": actor.csrf},
    )
    assert r.status_code == 200, r.text


def test_a_stored_deadline_is_enforced_after_a_restart(db_url: str, tmp_path: Path) -> None:
    """A real ``nardy serve`` is killed (SIGKILL) in the middle of a clocked rated
    match, and restarted with its clock an hour ahead (the hidden test-only
    ``NARDY_TEST_CLOCK_OFFSET``): at startup it finds the stored deadline passed and
    the player on the clock loses on time (before his first play: the match is not
    rated)."""
    srv = ServerProcess(db_url, tmp_path)
    srv.start()
    try:
        clients = {n: httpx.Client(base_url=srv.url) for n in ("ann", "bob")}
        ids = {}
        for name, c in clients.items():
            csrf = c.get("/api/session").json()["csrf"]
            r = c.post(
                "/api/register",
                json={"username": name, "password": "secret-pass-1"},
                headers={"x-csrf-token": csrf},
            )
            assert r.status_code == 200, r.text
            ids[name] = r.json()["user"]["id"]
        # the lobby's part (another process on the same database): the pairing
        maker = create_app(Settings(db_url=db_url))
        live = asyncio.run(
            maker.state.games.create_paired(
                ids["ann"],
                ids["bob"],
                {"variant": "long", "length": 1, "rated": True, "clock": CLOCK},
            )
        )
        gid = live.meta.id
        maker.state.engine.dispose()
        st = clients["ann"].get(f"/api/games/{gid}").json()
        mover = "ann" if st["role"] == st["to_act"] else "bob"
        waiter = "bob" if mover == "ann" else "ann"
        c = clients[mover]
        csrf = c.get("/api/session").json()["csrf"]
        st = c.get(f"/api/games/{gid}").json()
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"action": "play", "play": st["legal"]["plays"][0]},
            headers={"x-csrf-token": csrf},
        )
        assert r.status_code == 200, r.text
        running = r.json()["state"]["clock"]["running"]
        assert running != st["role"] and r.json()["state"]["status"] == "active"
        srv.kill()
        srv.start({"NARDY_TEST_CLOCK_OFFSET": "3600"})
        for _ in range(100):
            st = clients[waiter].get(f"/api/games/{gid}").json()
            if st["status"] == "over":
                break
            httpx.get(srv.url + "/api/session")  # (waiting on the server, not sleeping)
        assert st["status"] == "over" and st["outcome"]["reason"] == "time"
        assert st["outcome"]["winner"] != running
        # he never made a play of his own (the game, reloaded, knows it): not rated
        assert st["outcome"]["unrated"] and st["rating_change"] is None
        for c in clients.values():
            c.close()
    finally:
        srv.stop()
