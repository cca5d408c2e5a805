"""Quick pairing: the pure rules (``nardy.server.pairing``) and the lobby's tick driven
by an injected clock (no sleeping): nearest rating first, the window widening with the
wait, the computer offered after ``pair_timeout``, blocks respected, guests unrated."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from server_helpers import Clock
from sqlalchemy import select

from nardy.server import Settings, create_app
from nardy.server.db import Block, GameRow, Rating, User
from nardy.server.matchmaking import quick_terms
from nardy.server.pairing import Seeker, pairs, timed_out, window

pytestmark = pytest.mark.anyio


def seeker(uid: int, rating: float | None, since: float, **kw: Any) -> Seeker:
    base: dict[str, Any] = {"variant": "long", "clock": "none", "guest": False}
    return Seeker(uid, f"P{uid}", rating=rating, since=since, **{**base, **kw})


def never(_a: int, _b: int) -> bool:
    return False


def test_the_window_starts_at_100_and_widens_by_50_every_5_seconds() -> None:
    assert window(0) == 100
    assert window(4.99) == 100
    assert window(5) == 150
    assert window(12) == 200
    assert window(-3) == 100  # a clock that went back does not narrow it


def test_nearest_rating_first() -> None:
    a = seeker(1, 1500, since=0)
    far = seeker(2, 1590, since=1)
    near = seeker(3, 1520, since=2)
    assert pairs([a, far, near], now=2, blocked=never) == [(a, near)]


def test_ties_go_to_the_longest_waiting_then_the_lowest_id() -> None:
    a = seeker(1, 1500, since=0)
    late = seeker(2, 1550, since=3)
    early = seeker(3, 1450, since=1)
    assert pairs([a, late, early], now=3, blocked=never) == [(a, early)]
    b, c = seeker(5, 1550, since=1), seeker(4, 1550, since=1)
    assert pairs([a, b, c], now=3, blocked=never) == [(a, c)]


def test_the_window_widens_the_longer_one_waits() -> None:
    a = seeker(1, 1500, since=0)
    b = seeker(2, 1680, since=0)  # 180 apart
    assert pairs([a, b], now=0, blocked=never) == []
    assert pairs([a, b], now=9.9, blocked=never) == []  # ±150
    assert pairs([a, b], now=10, blocked=never) == [(a, b)]  # ±200
    # the wider window of the two counts: a newcomer is paired with a long waiter
    newcomer = seeker(3, 1680, since=20)
    assert pairs([a, newcomer], now=20, blocked=never) == [(a, newcomer)]


def test_only_the_same_variant_and_clock_are_paired_and_blocks_never() -> None:
    a = seeker(1, 1500, since=0)
    other_game = seeker(2, 1500, since=0, variant="short")
    other_clock = seeker(3, 1500, since=0, clock="blitz")
    assert pairs([a, other_game, other_clock], now=0, blocked=never) == []
    b = seeker(4, 1500, since=0)
    assert pairs([a, b], now=0, blocked=lambda x, y: {x, y} == {1, 4}) == []


def test_unrated_players_count_as_1500() -> None:
    guest = seeker(1, None, since=0, guest=True)
    assert pairs([guest, seeker(2, 1700, since=0)], now=0, blocked=never) == []
    assert pairs([guest, seeker(3, 1590, since=0)], now=0, blocked=never) != []


def test_the_computer_is_offered_once_after_the_timeout() -> None:
    a, b = seeker(1, 1500, since=0), seeker(2, 1500, since=5)
    assert timed_out([a, b], now=19.9, timeout=20) == []
    assert timed_out([a, b], now=20, timeout=20) == [a]
    assert timed_out([a.__class__(**{**a.__dict__, "offered": True}), b], 30, 20) == [b]


# -- the lobby's tick, with the app's injected clock ---------------------------------------


def members(app: Any, ratings: list[float | None], guests: int = 0) -> list[Any]:
    """Members with these ratings in long nardy (None: no rating row), then guests."""
    from nardy.server.auth import Who

    out = []
    with app.state.db() as s:
        for i, r in enumerate(ratings):
            u = User(username=f"m{i}", display_name=f"m{i}")
            s.add(u)
            s.flush()
            if r is not None:
                s.add(Rating(user_id=u.id, pool="long", rating=r, rd=50, volatility=0.06))
            out.append(Who(u.id, u.username, u.display_name, "x"))
        for i in range(guests):
            u = User(username=None, display_name=f"Guest-{i}")
            s.add(u)
            s.flush()
            out.append(Who(u.id, None, u.display_name, "x"))
        s.commit()
    return out


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 1, 1, tzinfo=UTC))


@pytest.fixture
def lobby_app(db_url: str, clock: Clock) -> Any:
    return create_app(Settings(db_url=db_url, dice_seed="t", pair_timeout=20), clock=clock)


def game_of(app: Any, gid: str) -> GameRow:
    with app.state.db() as s:
        row = s.get(GameRow, gid)
        assert row is not None
        return row


async def test_the_tick_pairs_the_nearest_and_widens_with_time(
    lobby_app: Any, clock: Clock
) -> None:
    lobby = lobby_app.state.lobby
    a, far, near = members(lobby_app, [1500, 1780, 1560])
    for who in (a, far, near):
        await lobby.seek(who, {"variant": "long"})
        clock.wait(1)
    started = await lobby.tick()
    assert len(started) == 1
    row = game_of(lobby_app, started[0])
    assert {row.creator_id, row.opponent_id} == {a.user_id, near.user_id}
    assert row.mode == "club" and row.match_length == 3
    assert [s.user_id for s in await lobby.state.queue()] == [far.user_id]
    # alone in the queue: offered the computer after 20 s, once
    clock.wait(17)  # he has waited 19 s
    assert await lobby.tick() == []
    assert not (await lobby.state.queue())[0].offered
    clock.wait(1)
    assert await lobby.tick() == []
    assert (await lobby.state.queue())[0].offered


async def test_a_far_rating_is_paired_once_the_window_reaches_it(
    lobby_app: Any, clock: Clock
) -> None:
    lobby = lobby_app.state.lobby
    a, b = members(lobby_app, [1500, 1740])  # 240 apart: ±250 after 15 s
    await lobby.seek(a, {"variant": "long"})
    await lobby.seek(b, {"variant": "long"})
    for _ in range(14):
        clock.wait(1)
        assert await lobby.tick() == []
    clock.wait(1)
    (gid,) = await lobby.tick()
    row = game_of(lobby_app, gid)
    assert {row.creator_id, row.opponent_id} == {a.user_id, b.user_id}


async def test_the_timeout_offer_is_sent_to_the_waiting_player_only(
    lobby_app: Any, clock: Clock
) -> None:
    lobby = lobby_app.state.lobby
    a, b = members(lobby_app, [1500, None])
    from nardy.server.lobby import Subscriber

    subs = {who.user_id: Subscriber(who.user_id) for who in (a, b)}
    for sub in subs.values():
        await lobby.state.subscribe(sub)

    def offered() -> list[int]:
        out = []
        for uid, sub in subs.items():
            while not sub.outbox.empty():
                if "pair-timeout" in sub.outbox.get_nowait():
                    out.append(uid)
        return out

    await lobby.seek(a, {"variant": "short", "clock": "blitz"})
    await lobby.seek(b, {"variant": "long"})  # another pool: never paired with a
    clock.wait(19)
    await lobby.tick()
    assert offered() == []
    clock.wait(1)
    await lobby.tick()
    assert offered() == [a.user_id, b.user_id]
    clock.wait(30)
    await lobby.tick()
    assert offered() == []  # offered once


async def test_guests_play_unrated_and_members_rated(lobby_app: Any, clock: Clock) -> None:
    lobby = lobby_app.state.lobby
    m1, m2, g1, g2 = members(lobby_app, [1500, 1500], guests=2)
    for who in (g1, g2, m1, m2):
        await lobby.seek(who, {"variant": "long"})
    started = await lobby.tick()
    assert len(started) == 2
    rows = [game_of(lobby_app, gid) for gid in started]
    pairs_made = {frozenset((r.creator_id, r.opponent_id)) for r in rows}
    # the longest waiting first: the two guests (1500 each) are nearest each other
    assert pairs_made == {frozenset((g1.user_id, g2.user_id)), frozenset((m1.user_id, m2.user_id))}
    seekers = {
        s.user_id: s for s in [await lobby.seek(w, {"variant": "long"}) for w in (m1, m2, g1)]
    }
    assert quick_terms(seekers[m1.user_id], seekers[m2.user_id]).rated
    assert not quick_terms(seekers[m1.user_id], seekers[g1.user_id]).rated
    terms = quick_terms(seekers[m1.user_id], seekers[m2.user_id])
    assert terms.spec() == {
        "variant": "long",
        "length": 3,
        "cube": False,
        "rated": True,
        "clock": None,
    }  # RULES.md C-3: no cube in long nardy by default


async def test_players_who_blocked_each_other_are_not_paired(lobby_app: Any, clock: Clock) -> None:
    lobby = lobby_app.state.lobby
    a, b, c = members(lobby_app, [1500, 1500, 1600])
    with lobby_app.state.db() as s:
        s.add(Block(user_id=b.user_id, other_id=a.user_id))
        s.commit()
    for who in (a, b, c):
        await lobby.seek(who, {"variant": "long"})
    (gid,) = await lobby.tick()
    row = game_of(lobby_app, gid)
    assert {row.creator_id, row.opponent_id} == {a.user_id, c.user_id}


async def test_a_player_gone_from_the_lobby_is_not_paired_and_leaves_the_queue(
    lobby_app: Any, clock: Clock
) -> None:
    from nardy.server.matchmaking import LEAVE_GRACE

    lobby = lobby_app.state.lobby
    a, b = members(lobby_app, [1500, 1500])
    await lobby.arrive(a, "lobby")
    await lobby.seek(a, {"variant": "long"})
    await lobby.leave(a, "lobby")  # his page closed (or reloads)
    await lobby.seek(b, {"variant": "long"})
    assert await lobby.tick() == []  # not paired while away
    await lobby.arrive(a, "lobby")  # back within the grace: paired
    assert len(await lobby.tick()) == 1
    await lobby.seek(a, {"variant": "long"})
    await lobby.leave(a, "lobby")
    clock.wait(LEAVE_GRACE)
    await lobby.tick()
    assert await lobby.state.queue() == []
    with lobby_app.state.db() as s:
        assert len(s.scalars(select(GameRow)).all()) == 1


async def test_a_pair_whose_player_is_being_started_elsewhere_waits_a_tick(
    lobby_app: Any, clock: Clock
) -> None:
    lobby = lobby_app.state.lobby
    a, b = members(lobby_app, [1500, 1500])
    await lobby.seek(a, {"variant": "long"})
    await lobby.seek(b, {"variant": "long"})
    assert await lobby.state.claim((b.user_id,))  # b's challenge is being accepted
    assert await lobby.tick() == []
    assert {s.user_id for s in await lobby.state.queue()} == {a.user_id, b.user_id}
    await lobby.state.release((b.user_id,))
    clock.wait(1)
    assert len(await lobby.tick()) == 1
