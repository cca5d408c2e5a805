"""A game in memory takes on the events another server process stored
(``LiveGame.extend``, what ``GameService.catch_up`` does instead of loading the game
again) exactly as loading it again would. Checked at every event of real club matches
played through the API with checker moves, take-backs, rolls, doubles, resignations and
the match's next games: the game built from the first k events and extended with the
next ones equals the game built from all of them."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from lobby_helpers import member

from nardy.server.live import EXTENDABLE, LiveGame
from nardy.server.views import state

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]


def seen(lv: LiveGame) -> tuple[Any, ...]:
    """Everything of a game in memory that its views and the rules read."""
    g = lv.game
    assert g is not None
    return (
        lv.seq,
        lv.all_records(),
        lv.steps,
        sorted(lv.done.items(), key=repr),
        lv.dice.counter,
        lv.notes,
        sorted(lv.acted),
        lv.match.whites,
        lv.meta.white_player,
        g.phase,
        g.position,
        g.pending_position,
        list(g.pending),
        lv.actions("white"),
        lv.actions("black"),
        lv.score(),
        lv.targets() if g.phase == "move" else None,
    )


def choose(lv: LiveGame, color: str, rng: random.Random) -> dict[str, Any] | None:
    """``color``'s next action, None when it is not his to act: mostly plain play, with
    take-backs, doubles, passes and resignations mixed in."""
    acts = lv.actions(color)
    if "next-game" in acts:
        return {"action": "next-game"}
    if "accept" in acts:
        return {"action": rng.choice(["accept", "reject"])}
    if "take" in acts:
        return {"action": "take" if rng.random() < 0.8 else "pass"}
    if "roll" in acts:
        g = lv.game
        assert g is not None
        if "double" in acts and g.cube.value < 2 and rng.random() < 0.05:  # (the match goes on)
            return {"action": "double"}
        if rng.random() < 0.08:
            return {"action": "resign", "level": 1}
        return {"action": "roll"}
    if not lv.may_act(color):
        return None
    g = lv.game
    assert g is not None
    if g.turn_complete and rng.random() < 0.7:
        return {"action": "confirm"}
    if g.pending and rng.random() < 0.3:
        return {"action": "undo"}
    if g.pending and rng.random() < 0.05:  # an offer in the middle of the turn's moves
        return {"action": "resign", "level": 1}
    targets = lv.targets()
    if targets:
        frm = rng.choice(sorted(targets))
        return {"action": "move", "from": frm, "to": rng.choice(targets[frm])}
    return {"action": "confirm"}


@pytest.mark.parametrize(("variant", "seed"), [("long", 1), ("short", 2)])
async def test_a_game_takes_on_stored_events_as_loading_it_again_would(
    app: Any, player_factory: Any, variant: str, seed: int
) -> None:
    ann, bob = await member(player_factory, "ann"), await member(player_factory, "bob")
    games = app.state.games
    spec = {"variant": variant, "length": 3}
    live = await games.create_paired(ann.user["id"], bob.user["id"], spec)
    gid = live.meta.id
    rng = random.Random(seed)
    for _ in range(5000):  # through the service, as the API calls it
        if live.finished:
            break
        for color in ("white", "black"):
            action = choose(live, color, rng)
            if action is not None:
                await games.act(live, color, action)
                break
    assert live.finished, "the match did not end"

    events = games._events_after(gid, 0)
    kinds = {e["kind"] for e in events}
    assert {"step", "undo", "record"} <= kinds and kinds - EXTENDABLE  # (a real mix)
    meta = games._load(gid).meta

    def built(k: int) -> LiveGame:
        return LiveGame(replace(meta), events[:k])

    # who has acted, as the service kept it move by move, is what loading finds
    assert live.acted == built(len(events)).acted

    # 80 points to split at, and every start of a next game (it takes the colours on)
    starts = {k for k, e in enumerate(events) if e["data"].get("record", {}).get("type") == "game"}
    assert starts  # (the match had a next game)
    checked = 0
    for k in sorted(set(rng.sample(range(1, len(events)), min(80, len(events) - 1))) | starts):
        j = k
        while j < len(events) and events[j]["kind"] in EXTENDABLE:
            j += 1
        part = built(k)
        if part.game is None or j == k:
            assert not part.extend(events[k : j + 1])  # not taken on: loaded again
            continue
        before = seen(part)
        if j < len(events):  # a batch that ends with a kind only a reload takes on
            assert not part.extend(events[k : j + 1]) and seen(part) == before
        if k + 1 < j:  # a gap: not the next events
            assert not part.extend(events[k + 1 : j]) and seen(part) == before
        for step in (1, j - k):  # one event at a time, and all at once
            part = built(k)
            for at in range(k, j, step):
                assert part.extend(events[at : min(at + step, j)])
            assert seen(part) == seen(built(j)), (k, j, events[k:j])
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(
    "spec",
    [
        {"mode": "computer", "variant": "long"},
        {"mode": "computer", "variant": "short", "level": "expert", "length": 5},
        {"mode": "friend", "variant": "short", "length": 7},
        {"mode": "local", "variant": "fevga", "client_seed": "mine"},
        {"variant": "long", "length": 3, "clock": {"delay": 12, "reserve": 60}},
        {"variant": "short", "rated": True, "crawford": False},
    ],
)
async def test_a_new_game_in_memory_is_the_game_loading_it_gives(
    app: Any, player_factory: Any, spec: dict[str, Any]
) -> None:
    """A game just made is built in memory, not read back (``GameService._create``):
    exactly the game that loading it from the database gives."""
    ann, bob = await member(player_factory, "ann"), await member(player_factory, "bob")
    games = app.state.games
    if "mode" in spec:
        live = await games.create(ann.user["id"], spec)
    else:
        live = await games.create_paired(ann.user["id"], bob.user["id"], spec)
    loaded = games._load(live.meta.id)
    assert live.meta == loaded.meta
    assert live.seq == loaded.seq >= 2
    assert seen(live) == seen(loaded)
    for role in ("white", "black", "spectator"):
        assert state(live, role, ann.user["id"], "") == state(loaded, role, ann.user["id"], "")
