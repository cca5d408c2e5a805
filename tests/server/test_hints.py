"""Hints in the web game (``GET /api/games/{id}/hint``): the bots' best plays for the
dice being played, for the player on roll, in games against the computer or on one
device — never in a game between two people."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import act, roll_if_asked

from nardy.bots import Bot, game_objective
from nardy.game import Game
from nardy.notation.record import read_match
from nardy.variants import find_variant

pytestmark = pytest.mark.anyio


async def new_game(player: Any, **spec: Any) -> dict[str, Any]:
    r = await player.post("/api/games", {"variant": "short", **spec})
    assert r.status_code == 201, r.text
    return r.json()


async def replayed(player: Any, gid: str) -> Game:
    """The game being played, from the downloaded record (a money game or a match)."""
    text = (await player.get(f"/api/games/{gid}/record")).text
    records = [json.loads(x) for x in text.splitlines()]
    if records[0]["type"] == "match":
        return read_match(text).games[-1]
    return Game.replay(records)


async def test_a_hint_ranks_the_plays_of_the_roll_and_one_can_be_played(
    player_factory: Any,
) -> None:
    p = await player_factory()
    st = await new_game(p, mode="computer", level="beginner")
    gid = st["id"]
    st = await roll_if_asked(p, st)
    assert st["phase"] == "move" and st["to_act"] == st["role"]
    r = await p.get(f"/api/games/{gid}/hint")
    assert r.status_code == 200, r.text
    hint = r.json()
    plays = hint["plays"]
    assert 1 <= len(plays) <= 5 and hint["plies"] == 1 and hint["match"] is False
    assert hint["kind"] == "play"
    assert {x["play"] for x in plays} <= set(st["legal"]["plays"])
    assert [x["equity"] for x in plays] == sorted((x["equity"] for x in plays), reverse=True)
    assert plays[0]["diff"] == 0 and all(x["diff"] <= 0 for x in plays)
    # the ranking is the bot's own at 1 ply
    game = await replayed(p, gid)
    ranked = Bot(find_variant("short"), "advanced").rank(game.position, game.dice, 1, settle=True)
    assert plays[0]["play"] == game.legal_plays().find(ranked[0].play.moves).text
    assert plays[0]["equity"] == pytest.approx(ranked[0].equity, abs=1e-4)
    await act(p, gid, {"action": "play", "play": plays[0]["play"]})
    game = await replayed(p, gid)
    assert any(t.play.text == plays[0]["play"] for t in game.turns)


async def test_a_hint_in_a_match_is_for_the_score(player_factory: Any) -> None:
    p = await player_factory()
    st = await roll_if_asked(p, await new_game(p, mode="local", length=5))
    r = await p.get(f"/api/games/{st['id']}/hint")
    assert r.status_code == 200 and r.json()["match"] is True
    game = await replayed(p, st["id"])
    objective = game_objective(game.variant, 1, True, (5, 5))
    bot = Bot(find_variant("short"), "advanced").playing_for(objective)
    best = bot.rank(game.position, game.dice, 1, settle=True)[0]
    assert r.json()["plays"][0]["equity"] == pytest.approx(best.equity, abs=1e-4)


async def test_no_hints_between_two_people_or_for_others(player_factory: Any) -> None:
    owner, friend, stranger = (
        await player_factory(),
        await player_factory(),
        await player_factory(),
    )
    fr = await new_game(owner, mode="friend")
    token = fr["invite_url"].rsplit("/", 1)[1]
    assert (await friend.post(f"/api/join/{token}")).status_code == 200
    r = await owner.get(f"/api/games/{fr['id']}/hint")
    assert r.status_code == 403 and r.json()["code"] == "no-hints"
    assert "computer" in r.json()["error"]
    # the state says so, and the page shows the Hint button by it
    assert fr["hints"] is False
    assert (await owner.get(f"/api/games/{fr['id']}")).json()["hints"] is False
    st = await roll_if_asked(owner, await new_game(owner, mode="computer", level="beginner"))
    assert st["hints"] is True
    watcher = await stranger.get(f"/api/games/{st['id']}/hint")
    assert "player to act" in watcher.json()["error"]
    assert watcher.status_code == 409 and watcher.json()["code"] == "not-now"
    missing = await owner.get("/api/games/nope/hint")
    assert missing.status_code == 404


async def test_cube_hints_before_the_roll_and_facing_a_double(player_factory: Any) -> None:
    """C-3: before rolling (when he may double) the player gets the cube decision, and
    facing a double the answer — the same as the terminal's cube hint."""
    from nardy.bots.advice import cube_advice
    from nardy.match import MatchScore

    p = await player_factory()
    st = await new_game(p, mode="local")
    gid = st["id"]
    st = await act(p, gid, {"action": "play", "play": st["legal"]["plays"][0]})
    assert st["phase"] == "roll" and "double" in st["actions"]
    r = await p.get(f"/api/games/{gid}/hint")
    assert r.status_code == 200, r.text
    before = r.json()
    game = await replayed(p, gid)
    expected = cube_advice(game, MatchScore(), "expert")
    assert before["kind"] == "cube" and before["action"] == expected.action
    assert before["proper"] == expected.proper
    assert before["exact"] is expected.exact is False  # contact: the cube model's figures
    assert before["action"] in ("double", "no-double")
    assert before["equities"]["no_double"] == pytest.approx(expected.no_double, abs=1e-4)
    st = await act(p, gid, {"action": "double"})
    assert st["phase"] == "cube"
    facing = (await p.get(f"/api/games/{gid}/hint")).json()
    assert facing["kind"] == "cube" and facing["action"] in ("take", "pass")
    game = await replayed(p, gid)
    assert facing["action"] == cube_advice(game, MatchScore(), "expert").action
    st = await act(p, gid, {"action": "take"})
    st = await roll_if_asked(p, st)
    if st["phase"] == "move":  # the doubler rolled: a play hint again
        assert (await p.get(f"/api/games/{gid}/hint")).json()["kind"] == "play"
