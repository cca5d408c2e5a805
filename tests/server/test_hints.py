"""Hints in the web game (``GET /api/games/{id}/hint``): the bots' best plays for the
dice being played, for the player on roll, in games against the computer or on one
device — never in a game between two people."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import act, roll_if_asked

from nardy.bots import Bot, game_objective
from nardy.bots.analysis import normalised
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
    # (said normalised to the cube, as the review: MWC % beside it)
    assert objective is not None
    top = r.json()["plays"][0]
    assert top["equity"] == pytest.approx(normalised(best.equity, objective), abs=1e-4)
    assert top["mwc"] == pytest.approx(50 * (best.equity + 1), abs=1e-2)


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


#: (match length, White's score, Black's, the cube's value): money play, then matches
#: at even and uneven scores (where 2·MWC − 1 is shifted and shrunk), a doubled cube.
SCORES = [(0, 0, 0, 1), (5, 0, 0, 1), (7, 2, 4, 1), (7, 4, 2, 2), (9, 3, 0, 1)]


@pytest.mark.parametrize(("length", "white", "black", "value"), SCORES)
def test_the_cube_hints_figures_are_the_reviews(
    length: int, white: int, black: int, value: int
) -> None:
    """A walkthrough's expert read the hint's "D/P +0.155 (57.7%)" (2·MWC − 1) beside
    the review's pass "-1.000" (normalised). The hint now says the review's figures,
    normalised to the cube (a pass +1.000 at any score, as gnubg's EMG and XG), and in
    a match the doubler's MWC % beside them: a middle game (no double, take) and a
    race (double, pass), judged at the same depth."""
    from nardy.bots.analysis import _cube_view, _Scoring
    from nardy.cube import Cube, CubeRules
    from nardy.match import MatchScore
    from nardy.notation.xgid import decode_xgid
    from nardy.position import Position
    from nardy.server.service import cube_hint

    variant = find_variant("short")
    middle = decode_xgid("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10").position
    race = Position.from_points(
        {6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {7: 3, 6: 3, 5: 3, 4: 3, 3: 3}, turn="white"
    )
    review = Bot(variant, "advanced")  # (the review's bot, here at the hint's depth)
    for pos, proper in ((middle, "no-double"), (race, "double-pass")):
        owner = None if value == 1 else pos.turn
        cube = Cube(CubeRules(money=not length), value, owner, doubles=value.bit_length() - 1)
        game = Game(variant, position=pos, cube=cube)
        score = MatchScore(length, white, black)
        hint = cube_hint(game, score)
        assert hint["proper"] == proper and hint["match"] is bool(length)
        sides = score.away(pos.turn)
        scoring = _Scoring({"white": "white", "black": "black"}, sides and {pos.turn: sides})
        *judged, _, _ = _cube_view(
            review, game, pos, "me" if owner else "centre", 1, scoring, pos.turn
        )
        per_cube = value if sides else 1  # (a match's review figures are per first cube)
        keys = ("no_double", "double_take", "double_pass")
        for k, x in zip(keys, judged, strict=True):
            assert hint["equities"][k] == pytest.approx(x * per_cube, abs=1e-4)
        assert hint["equities"]["double_pass"] == 1.0  # (the doubler wins the cube's points)
        if length:  # the MWC %: a pass wins the cube's points at this score
            assert 0 < hint["mwc"]["double_pass"] < 100
            ordered = sorted(keys, key=lambda k: hint["equities"][k])
            assert ordered == sorted(keys, key=lambda k: hint["mwc"][k])
        else:
            assert "mwc" not in hint
