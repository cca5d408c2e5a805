"""A game stepped through on the board (``GET /api/games/{id}/replay``) and the analysis
board (``POST /api/analysis/plays``, ``POST /api/analysis/hint``): the steps are the
engine's own positions, a running game shows nothing not yet played, and no input
makes the analysis endpoints fail."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_helpers import act, play_first_plays, roll_if_asked

from nardy.game import Game
from nardy.notation.position_id import decode_id, encode_id
from nardy.notation.xgid import decode_xgid
from nardy.plays import legal_plays
from nardy.position import Position
from nardy.server import Settings, create_app
from nardy.server.views import board_view
from nardy.variants import find_variant

pytestmark = pytest.mark.anyio


async def new_game(player: Any, **spec: Any) -> dict[str, Any]:
    r = await player.post("/api/games", {"variant": "short", **spec})
    assert r.status_code == 201, r.text
    return r.json()


async def records_of(player: Any, gid: str) -> list[dict[str, Any]]:
    text = (await player.get(f"/api/games/{gid}/record")).text
    return [json.loads(x) for x in text.splitlines()]


def engine_boards(
    records: list[dict[str, Any]], view: str = "white"
) -> list[tuple[str, dict[str, Any] | None]]:
    """(play text, board seen by ``view`` after it; None for no move) for every play
    of one game's records, replayed here by the rules engine alone."""
    game = Game.replay(records[:1])
    out = []
    for rec in records[1:]:
        seen = len(game.turns)
        game.apply(rec)
        for t in game.turns[seen:]:
            if t.play.moves:
                pos = t.play.after
                out.append((t.play.text, board_view(game.variant.mapping, pos, view)))
            else:
                out.append((t.play.text, None))
    return out


def plays(replay: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in replay["steps"] if s["kind"] == "play"]


@pytest.mark.parametrize("variant", ["short", "long", "crazy"])
async def test_a_finished_game_steps_through_the_engines_positions(
    player_factory: Any, variant: str
) -> None:
    p = await player_factory()
    st0 = await new_game(p, mode="computer", variant=variant, level="beginner")
    st1 = await play_first_plays(p, st0)
    gid = st1["id"]
    r = await p.get(f"/api/games/{gid}/replay")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["over"] and data["games"] == 1
    steps = data["steps"]
    assert steps[0]["kind"] == "start" and steps[0]["game"] == 0
    records = await records_of(p, gid)
    got = plays(data)
    view = got[0]["view"]  # the side the player played
    assert view == ("white" if st1["role"] == "white" else "black")
    expected = engine_boards(records, view)
    # one step per play (a turn with nothing to play too), in the engine's positions
    assert len(got) == len(expected)
    assert sum(1 for g in got if g["play"] != "-") == sum(r["type"] == "play" for r in records)
    for step, (text, board) in zip(got, expected, strict=True):
        assert step["play"] == text
        if board is not None:
            assert step["board"] == board
        else:
            assert step["moves"] == []
    # after each play, the next side to play is the one who plays next
    for a, b in zip(steps, steps[1:], strict=False):
        if a["kind"] == b["kind"] == "play":
            assert a["to_act"] == b["color"]
    # the last step is the end of the game, as the game's view says it

    assert steps[-1]["outcome"]["winner"] == st1["outcome"]["winner"]
    assert steps[-1]["board"] == board_view(
        find_variant(variant).mapping,
        Game.replay(records).position,
        view,
    )


async def test_each_play_marks_its_moves_and_the_position_it_was_played_in(
    player_factory: Any,
) -> None:
    p = await player_factory()
    st0 = await new_game(p, mode="local", variant="short")
    st1 = await play_first_plays(p, st0)
    data = (await p.get(f"/api/games/{st1['id']}/replay")).json()
    variant = find_variant("short")
    for step in plays(data):
        if step["play"] == "-":
            continue
        before = decode_id("short", step["before"]["id"], step["before"]["turn"])
        legal = legal_plays(variant, before, step["dice"])
        play = legal.find(step["play"])  # the play is legal in the position before it
        assert board_view(variant.mapping, play.after, "white") == step["board"]
        # the arrows: the mover's points in White's numbering (bar and off as they are)
        white = step["color"] == "white"
        expected = [
            (
                p if white or p in (0, 25) else variant.mapping[p],
                q if white or q in (0, 25) else variant.mapping[q],
            )
            for p, q in ((m.frm, m.to) for m in play.moves)
        ]
        assert [(m["from"], m["to"]) for m in step["moves"]] == expected


async def test_a_match_shows_its_games_and_scores(player_factory: Any) -> None:
    p = await player_factory()
    st0 = await new_game(p, mode="computer", level="beginner", length=3)
    st1 = await play_first_plays(p, st0)
    if not st1["match"]["over"]:
        st1 = await act(p, st1["id"], {"action": "next-game"})
        st1 = await play_first_plays(p, st1)
    data = (await p.get(f"/api/games/{st1['id']}/replay")).json()
    starts = [s for s in data["steps"] if s["kind"] == "start"]
    assert data["games"] == len(starts) == len({s["game"] for s in data["steps"]})
    assert [s["game"] for s in starts] == list(range(data["games"]))
    if len(starts) > 1:
        # the second game starts at the score the first one left
        first_end = [s for s in data["steps"] if s["game"] == 0][-1]
        winner = first_end["outcome"]["winner"]
        assert sum(starts[1]["score"].values()) == first_end["outcome"]["value"]
        assert winner in ("white", "black")
    assert all(s["length"] == 3 for s in data["steps"])


async def test_a_running_game_shows_only_what_was_played(player_factory: Any) -> None:
    """A move not yet confirmed and dice not yet played are not in the replay, for the
    player and for a watcher."""
    p = await player_factory()
    watcher = await player_factory()
    st0 = await new_game(p, mode="local", variant="long")
    gid = st0["id"]
    for _ in range(3):
        st0 = await roll_if_asked(p, st0)
        st0 = await act(p, gid, {"action": "play", "play": st0["legal"]["plays"][0]})
    st0 = await roll_if_asked(p, st0)
    frm = next(iter(st0["legal"]["targets"]))
    moved = await act(
        p, gid, {"action": "move", "from": int(frm), "to": st0["legal"]["targets"][frm][0]}
    )
    assert moved["legal"]["pending"]
    records = await records_of(p, gid)
    live_board = (await watcher.get(f"/api/games/{gid}")).json()["board"]  # White's view
    for who in (p, watcher):
        data = (await who.get(f"/api/games/{gid}/replay")).json()
        assert not data["over"]
        got = plays(data)
        assert [s["play"] for s in got] == [h["play"] for h in moved["history"]]
        assert len(got) == 3
        # the last step is the position of the records: the move being made is not in it
        last = data["steps"][-1]
        assert last["board"] == board_view(
            find_variant("long").mapping, Game.replay(records).position, "white"
        )
        assert last["board"] != live_board
    # a review of a game still being played is refused
    early = await p.get(f"/api/games/{gid}/replay?plies=0")
    assert early.status_code == 409 and early.json()["code"] == "not-over"


async def test_cube_actions_and_resignations_are_steps(player_factory: Any) -> None:
    """RULES.md C-3: a double taken turns the cube over to the taker; a resignation
    accepted ends the game at the cube's value."""
    p = await player_factory()
    st0 = await new_game(p, mode="local", variant="short")
    gid = st0["id"]
    st0 = await roll_if_asked(p, st0)
    st0 = await act(p, gid, {"action": "play", "play": st0["legal"]["plays"][0]})
    assert "double" in st0["actions"]
    doubler = st0["to_act"]
    st0 = await act(p, gid, {"action": "double"})
    st0 = await act(p, gid, {"action": "take"})
    st0 = await act(p, gid, {"action": "resign", "level": 1})
    st0 = await act(p, gid, {"action": "accept"})
    assert st0["phase"] == "over"
    data = (await p.get(f"/api/games/{gid}/replay")).json()
    acts = [s for s in data["steps"] if s["kind"] == "action"]
    assert [a["action"] for a in acts] == ["double", "take", "resign", "accept"]
    assert acts[0]["color"] == doubler and acts[0]["value"] == 2
    assert acts[0]["cube"]["offered_by"] == doubler
    taker = "white" if doubler == "black" else "black"
    assert acts[1]["cube"] == {**acts[1]["cube"], "value": 2, "owner": taker}
    assert acts[2]["resign"] == "single" and acts[2]["color"] == doubler
    assert data["steps"][-1]["outcome"] == {"winner": taker, "kind": "single", "value": 2}


async def test_unknown_games_are_404_in_the_interface_language(player_factory: Any) -> None:
    p = await player_factory()
    for gid in ("nope", "x" * 40):
        r = await p.http.get(f"/api/games/{gid}/replay", headers={"x-lang": "ru"})
        assert r.status_code == 404 and r.json()["code"] == "not-found"
        assert r.json()["error"].startswith("нет партии «")
        en = await p.http.get(f"/api/games/{gid}/replay", headers={"x-lang": "en"})
        assert en.status_code == 404 and en.json()["error"] != r.json()["error"]
    st0 = await new_game(p, mode="local")
    bad = await p.get(f"/api/games/{st0['id']}/replay?plies=-1")
    assert bad.status_code == 422
    # a friend game nobody has joined: its starting position, nothing played
    waiting = await new_game(p, mode="friend")
    r = await p.get(f"/api/games/{waiting['id']}/replay")
    assert r.status_code == 200 and [s["kind"] for s in r.json()["steps"]] == ["start"]


async def test_the_review_is_placed_on_the_steps(player_factory: Any) -> None:
    p = await player_factory()
    st1 = await play_first_plays(p, await new_game(p, mode="computer", level="beginner"))
    r = await p.get(f"/api/games/{st1['id']}/replay?plies=0")
    assert r.status_code == 200, r.text
    data = r.json()
    decisions = data["review"]["decisions"]
    placed = [n for s in data["steps"] for n in s["review"]]
    # every decision is on exactly one step
    assert sorted(n["decision"] for n in placed) == list(range(len(decisions)))
    variant = find_variant("short")
    for s in data["steps"]:
        for n in s["review"]:
            d = decisions[n["decision"]]
            if d["kind"] != "play":
                continue
            assert s["kind"] == "play" and s["play"] == d["played"] and s["turn"] == d["turn"]
            # the best play's arrows are the best play's moves in that position
            before = decode_id("short", s["before"]["id"], s["before"]["turn"])
            best = legal_plays(variant, before, s["dice"]).find(d["best"])
            assert len(n["best_moves"]) == len(best.moves)
    # the same judgement as the review endpoint
    assert decisions == (await p.get(f"/api/games/{st1['id']}/analysis")).json()["decisions"]


# -- the analysis board --------------------------------------------------------------


async def test_the_analysis_board_offers_the_games_moves(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post("/api/analysis/plays", {"variant": "long", "id": "", "dice": [6, 5]})
    assert r.status_code == 200, r.text
    data = r.json()
    start = find_variant("long").start_position()
    assert data["id"] == encode_id("long", start)
    engine = legal_plays(find_variant("long"), start, (6, 5))
    assert sorted(data["plays"]) == sorted(pl.text for pl in engine)
    assert data["count"] == len(engine)
    assert data["legal"]["targets"] == {"24": [19, 18, 13]}  # L-HEAD-2: one from the head
    r = await p.post(
        "/api/analysis/plays", {"variant": "long", "dice": [6, 5], "moves": [[24, 13]]}
    )
    done = r.json()
    assert done["play"] == "24/13" and done["legal"]["can_confirm"]
    after = decode_id("long", done["after"]["id"], "black")
    assert done["after"]["turn"] == "black" and after.key == engine.find("24/13").after.key
    # the position after goes on: black on roll in it
    nxt = await p.post(
        "/api/analysis/plays",
        {"variant": "long", "id": done["after"]["id"], "turn": "black", "dice": [3, 1]},
    )
    assert nxt.status_code == 200 and nxt.json()["plays"]
    # a move the rules forbid is refused in the interface language
    bad = await p.http.post(
        "/api/analysis/plays",
        json={"variant": "long", "dice": [6, 5], "moves": [[24, 13], [24, 18]]},
        headers={"x-lang": "ru"},
    )
    assert bad.status_code == 400 and bad.json()["code"] == "illegal"


async def test_a_roll_with_no_play_passes(player_factory: Any) -> None:
    """G-7: a checker on the bar against a closed board has no play."""
    closed = Position.from_points(
        {}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3}, mine_bar=1, turn="white"
    )
    pid = encode_id("short", closed)
    p = await player_factory()
    r = await p.post("/api/analysis/plays", {"variant": "short", "id": pid, "dice": [6, 5]})
    assert r.status_code == 200, r.text
    assert r.json()["no_play"] and r.json()["plays"] == [] and r.json()["legal"] is None
    bad = await p.post(
        "/api/analysis/plays", {"variant": "short", "id": pid, "dice": [6, 5], "moves": [[25, 19]]}
    )
    assert bad.status_code == 400 and bad.json()["code"] == "illegal"
    hint = await p.post("/api/analysis/hint", {"variant": "short", "id": pid, "dice": [6, 5]})
    assert hint.json()["plays"] == []


async def test_an_xgid_sets_up_its_position_side_on_roll_and_dice(player_factory: Any) -> None:
    p = await player_factory()
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
    r = await p.post("/api/analysis/plays", {"variant": "short", "id": xgid, "turn": "black"})
    assert r.status_code == 200, r.text
    data = r.json()
    snap = decode_xgid(xgid)
    assert data["turn"] == snap.on_roll == "white" and data["dice"] == [5, 2]
    assert data["id"] == encode_id("short", snap.position)
    engine = legal_plays(find_variant("short"), snap.position, (5, 2))
    assert sorted(data["plays"]) == sorted(pl.text for pl in engine)


@pytest.mark.parametrize(
    ("body", "code", "ru"),
    [
        ({"variant": "short", "id": "abc"}, "bad-position-id", "не ID позиции коротких нард"),
        ({"variant": "long", "id": "4HPwATDgc/ABMA"}, "bad-position-id", "длинных нард"),
        ({"variant": "short", "id": "4HPwATDgc/AB=A"}, "bad-position-id", "коротких"),
        ({"variant": "short", "id": "//////////////"}, "bad-position-id", "коротких"),
        ({"variant": "short", "id": "XGID=zz:0"}, "bad-position-id", "не XGID"),
        ({"variant": "long", "id": "XGID=zz:0"}, "bad-position-id", "длинных нард"),
        ({"variant": "chess"}, "malformed", "неизвестная игра"),
        ({"variant": "short", "dice": [7, 1]}, "malformed", "неверное поле"),
        ({"variant": "short", "turn": "red"}, "malformed", "неверное поле"),
    ],
)
async def test_bad_setups_are_clear_errors(
    player_factory: Any, body: dict[str, Any], code: str, ru: str
) -> None:
    p = await player_factory()
    r = await p.http.post("/api/analysis/plays", json=body, headers={"x-lang": "ru"})
    assert r.status_code in (400, 422) and r.json()["code"] == code, r.text
    assert ru in r.json()["error"]
    en = await p.http.post("/api/analysis/plays", json=body, headers={"x-lang": "en"})
    assert en.json()["error"] != r.json()["error"]


async def test_the_computer_ranks_the_plays(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post("/api/analysis/hint", {"variant": "short", "id": "", "dice": [3, 1]})
    assert r.status_code == 200, r.text
    ranked = r.json()["plays"]
    assert ranked[0]["play"] == "8/5 6/5"  # the opening 31 makes the 5 point
    assert [x["equity"] for x in ranked] == sorted((x["equity"] for x in ranked), reverse=True)
    assert all(len(x["moves"]) == 2 for x in ranked)
    no_dice = await p.post("/api/analysis/hint", {"variant": "short"})
    assert no_dice.status_code == 200 and no_dice.json()["kind"] == "cube"  # (below)


async def test_the_computer_ranks_the_plays_at_a_match_score(app: Any, player_factory: Any) -> None:
    """A match's position on the analysis board is hinted at its score (it had been
    money play whatever the score): the same ranking as the game page's hint gives
    at that score, said to be by match equity."""
    from nardy.bots.analysis import normalised
    from nardy.eval.match import match_objective
    from nardy.match import MatchScore

    p = await player_factory()
    body = {"variant": "short", "id": "", "dice": [6, 2], "length": 5, "score": [0, 4]}
    r = await p.post("/api/analysis/hint", body)
    assert r.status_code == 200, r.text
    assert r.json()["match"] is True
    game = Game(find_variant("short"))
    game.opening(6, 2)
    at = app.state.games.computer.hint(game, MatchScore(5, 0, 4), 1, 5)
    assert [x["play"] for x in r.json()["plays"]] == [pl.text for pl, _ in at]
    # each play's equity normalised to the cube (as the review's) and its MWC %
    objective = match_objective(5, 1, 1, find_variant("short"))
    plays = r.json()["plays"]
    assert [x["equity"] for x in plays] == [round(normalised(e, objective), 4) for _, e in at]
    assert [x["mwc"] for x in plays] == [round(50 * (e + 1), 2) for _, e in at]
    best = normalised(at[0][1], objective)
    assert [x["diff"] for x in plays] == [round(normalised(e, objective) - best, 4) for _, e in at]
    money = await p.post("/api/analysis/hint", {**body, "length": 0, "score": [0, 0]})
    assert money.json()["match"] is False and "mwc" not in money.json()["plays"][0]
    assert money.json()["plays"] != r.json()["plays"]  # (the score changes the figures)


@pytest.mark.parametrize(("length", "score"), [(5, [5, 0]), (3, [0, 7]), (0, [1, 0]), (1, [0, 1])])
async def test_a_score_no_match_can_stand_at_is_a_clear_error(
    player_factory: Any, length: int, score: list[int]
) -> None:
    p = await player_factory()
    body = {"variant": "short", "dice": [3, 1], "length": length, "score": score}
    r = await p.http.post("/api/analysis/hint", json=body, headers={"x-lang": "ru"})
    assert r.status_code == 400 and r.json()["code"] == "bad-match", r.text
    assert f"счёт {score[0]}-{score[1]} не подходит к матчу до {length}" in r.json()["error"]


async def test_before_the_roll_the_cube_decision_with_the_cube_where_it_is_put(
    player_factory: Any,
) -> None:
    """Without dice the analysis board's hint is the computer's cube decision for the
    side on roll, with the cube's value and owner and at the match score as the board
    says: the engine's ``cube_advice`` of that game (C-3, C-4)."""
    from nardy.bots.advice import cube_advice
    from nardy.bots.analysis import cube_figures
    from nardy.bots.verdict import Away
    from nardy.cube import Cube, CubeRules
    from nardy.match import MatchScore

    p = await player_factory()
    xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:3:0:10"
    pos = decode_xgid(xgid).position
    cases = [  # (the request's match and cube, the cube and score the engine is asked at)
        ({}, Cube(CubeRules(money=True)), MatchScore()),
        (
            {"length": 7, "score": [2, 3], "cube": 2, "owner": "white"},
            Cube(CubeRules(money=False), 2, "white", doubles=1),
            MatchScore(7, 2, 3),
        ),
        ({"cube": 4, "owner": "white"}, Cube(CubeRules(), 4, "white", doubles=2), MatchScore()),
    ]
    seen = []
    for asked, cube, score in cases:
        r = await p.post("/api/analysis/hint", {"variant": "short", "id": xgid, **asked})
        assert r.status_code == 200, r.text
        got = r.json()
        advice = cube_advice(Game(find_variant("short"), position=pos, cube=cube), score, "expert")
        assert got["kind"] == "cube" and got["match"] is bool(score.length)
        assert (got["action"], got["proper"]) == (advice.action, advice.proper)
        # (normalised to the cube: a match's 2·MWC − 1 as the review's, MWC % beside)
        said = {
            "no_double": advice.no_double,
            "double_take": advice.double_take,
            "double_pass": advice.double_pass,
        }
        sides = score.away(pos.turn)
        away = sides and Away(sides[0], sides[1], score.crawford, False)
        figures = cube_figures(said, find_variant("short"), away, cube.value)
        assert got["equities"] == {k: round(x, 4) for k, x in zip(said, figures, strict=True)}
        if sides:
            assert got["mwc"] == {k: round(50 * (x + 1), 2) for k, x in said.items()}
        seen.append(got["equities"])
    assert seen[0] != seen[1]  # (the score and the cube change the figures)
    # the side on roll may not double: the cube is the other's, or the Crawford game
    for asked, reason, words in [
        ({"cube": 2, "owner": "black"}, "cube-not-yours", "кубик у соперника"),
        ({"length": 5, "score": [4, 2], "crawford": True}, "cube-crawford", "Кроуфорда"),
    ]:
        r = await p.http.post(
            "/api/analysis/hint",
            json={"variant": "short", "id": xgid, **asked},
            headers={"x-lang": "ru"},
        )
        assert r.status_code == 400 and r.json()["reason"] == reason, r.text
        assert words in r.json()["error"]
    # with dice the cube's value counts in a match: the plays are valued for it
    body = {"variant": "short", "dice": [6, 4], "length": 7, "score": [4, 4]}
    low = (await p.post("/api/analysis/hint", body)).json()["plays"]
    high = (await p.post("/api/analysis/hint", {**body, "cube": 2, "owner": "black"})).json()
    assert high["kind"] == "play" and high["plays"] != low


@pytest.mark.parametrize(
    ("asked", "words"),
    [
        ({"cube": 3, "owner": "white"}, "кубик 3 так стоять не может"),
        ({"cube": 2}, "кубик 2 так стоять не может"),  # a doubled cube is someone's
        ({"cube": 1, "owner": "white"}, "кубик 1 так стоять не может"),  # 1: the middle
        ({"length": 5, "score": [3, 2], "crawford": True}, "игрой Кроуфорда может быть"),
        ({"length": 5, "score": [4, 4], "crawford": True}, "игрой Кроуфорда может быть"),
        ({"crawford": True}, "игрой Кроуфорда может быть"),  # (money play)
        (
            {"length": 5, "score": [4, 0], "crawford": True, "cube": 2, "owner": "white"},
            "Кроуфорда",
        ),
    ],
)
async def test_a_cube_that_cannot_stand_so_is_a_clear_error(
    player_factory: Any, asked: dict[str, Any], words: str
) -> None:
    p = await player_factory()
    r = await p.http.post(
        "/api/analysis/hint", json={"variant": "short", **asked}, headers={"x-lang": "ru"}
    )
    assert r.status_code == 400 and r.json()["code"] == "bad-cube", r.text
    assert words in r.json()["error"]


async def test_an_xgid_names_its_match_and_cube_for_the_boards_fields(
    player_factory: Any,
) -> None:
    p = await player_factory()
    xgid = "XGID=-b----E-C---eE---c-e----B-:1:1:1:00:2:3:0:7:10"
    snap = decode_xgid(xgid)
    r = await p.post("/api/analysis/plays", {"variant": "short", "id": xgid})
    assert r.json()["setting"] == {
        "length": 7,
        "score": list(snap.score),
        "cube": 2,
        "owner": snap.cube_owner,
        "crawford": False,
    }
    plain = await p.post("/api/analysis/plays", {"variant": "short", "id": r.json()["id"]})
    assert plain.json()["setting"] is None  # a Position ID says nothing of them


async def test_a_gnubg_id_sets_the_board_and_both_ids_are_given_to_copy(
    player_factory: Any,
) -> None:
    """A walkthrough's expert pasted gnubg's full ID (Position ID:Match ID) and was told
    it "is not an XGID". It now sets the position, the match, the cube and the dice
    (the manual's example: a 9-point match at 2-4, Black on roll with 5-2, a 2-cube of
    White's); the board gives the position back as an XGID and as gnubg's ID, at the
    score and cube of its fields, and each reads back to the same."""
    from nardy.notation.match_id import snapshot_from_ids

    p = await player_factory()
    full = "4HPwATDgc/ABMA:QYkqASAAIAAA"
    r = await p.post("/api/analysis/plays", {"variant": "short", "id": f" {full} "})
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["setting"] == {
        "length": 9,
        "score": [2, 4],
        "cube": 2,
        "owner": "white",
        "crawford": False,
    }
    assert (got["turn"], got["dice"], got["id"]) == ("black", [5, 2], "4HPwATDgc/ABMA")
    assert got["ids"]["gnubg"] == full
    snap = decode_xgid(got["ids"]["xgid"])
    assert (snap.length, snap.score, snap.cube_value, snap.cube_owner) == (9, (2, 4), 2, "white")
    assert (snap.on_roll, snap.dice) == ("black", (5, 2))
    # a Position ID alone: the IDs carry the fields' match and cube
    fields = {"length": 7, "score": [3, 5], "cube": 4, "owner": "black", "dice": [6, 1]}
    plain = await p.post("/api/analysis/plays", {"variant": "short", "id": got["id"], **fields})
    ids = plain.json()["ids"]
    back = snapshot_from_ids(*ids["gnubg"].split(":"))
    assert (back.length, back.score, back.cube_value, back.cube_owner) == (7, (3, 5), 4, "black")
    assert (back.on_roll, back.dice) == ("white", (6, 1))
    assert decode_xgid(ids["xgid"]).position == back.position
    again = await p.post("/api/analysis/plays", {"variant": "short", "id": ids["xgid"]})
    assert again.json()["ids"] == ids
    # fields no match can have (5-0 to 5): the board stands, with no IDs to copy
    bad = {**fields, "length": 5, "score": [5, 0]}
    shown = await p.post("/api/analysis/plays", {"variant": "short", "id": got["id"], **bad})
    assert shown.status_code == 200 and shown.json()["ids"] is None
    long = await p.post("/api/analysis/plays", {"variant": "long"})
    assert long.json()["ids"] is None  # (XG and gnubg play short nardy only)


@pytest.mark.parametrize(
    ("text", "en", "ru"),
    [
        ("4HPwATDgc/ABMA:QYkqASAAIAA", "expected 12 characters, got 11", "нужно 12 символов"),
        ("4HPwATDgc/ABM:QYkqASAAIAAA", "gnubg ID", "код позиции gnubg"),
        ("4HPwATDgc/ABMA:QYkq!SAAIAAA", "not a gnubg ID", "не код позиции gnubg"),
    ],
)
async def test_a_bad_gnubg_id_is_a_clear_error_in_both_languages(
    player_factory: Any, text: str, en: str, ru: str
) -> None:
    p = await player_factory()
    said = {}
    for lang in ("en", "ru"):
        r = await p.http.post(
            "/api/analysis/plays",
            json={"variant": "short", "id": text},
            headers={"x-lang": lang},
        )
        assert r.status_code == 400 and r.json()["code"] == "bad-position-id", r.text
        said[lang] = r.json()["error"]
    assert en in said["en"] and "Position ID" in said["en"] and "XGID" not in said["en"]
    assert ru in said["ru"] and "Match ID" in said["ru"]


# -- fuzz: no input makes the analysis endpoints fail --------------------------------

FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def side(slots: list[int], long: bool) -> tuple[int, ...]:
    """15 checkers on the given slots (long nardy: the bar's become borne off)."""
    counts = [0] * 26
    for s in slots:
        counts[0 if long and s == 25 else s] += 1
    return tuple(counts)


#: Any text, text of the IDs' alphabet and length, every 80-bit pattern as an ID, XGID
#: shapes, and the IDs of random placements (real positions, and both sides on a point).
IDS = st.one_of(
    st.text(max_size=20),
    st.text(alphabet=B64, min_size=14, max_size=15),
    st.binary(min_size=10, max_size=10).map(lambda b: base64.b64encode(b).decode()[:14]),
    st.binary(min_size=10, max_size=10).map(lambda b: "L" + base64.b64encode(b).decode()[:14]),
    st.lists(st.text(alphabet="-ABCOabco0123456789D", max_size=27), min_size=10, max_size=10).map(
        lambda fields: "XGID=" + ":".join(fields)
    ),
    st.builds(
        lambda a, b, long: encode_id(
            "long" if long else "short", Position(side(a, long), side(b, long))
        ),
        st.lists(st.integers(0, 25), min_size=15, max_size=15),
        st.lists(st.integers(0, 25), min_size=15, max_size=15),
        st.booleans(),
    ),
)


@pytest.fixture
def client(tmp_path: Any) -> Iterator[TestClient]:
    app = create_app(Settings(db_url=f"sqlite:///{tmp_path / 'fuzz.sqlite3'}"))
    with TestClient(app) as c:
        yield c


@FUZZ
@given(
    variant=st.sampled_from(["short", "long", "crazy", "fevga", "khachapuri"]),
    pid=IDS,
    turn=st.sampled_from(["white", "black"]),
    dice=st.none() | st.tuples(st.integers(1, 6), st.integers(1, 6)),
    moves=st.lists(st.tuples(st.integers(0, 25), st.integers(0, 25)), max_size=4),
)
def test_fuzzed_positions_never_crash(
    client: TestClient, variant: str, pid: str, turn: str, dice: Any, moves: Any
) -> None:
    body = {"variant": variant, "id": pid, "turn": turn, "dice": dice, "moves": moves}
    r = client.post("/api/analysis/plays", json=body)
    assert r.status_code in (200, 400, 422), r.text
    assert r.status_code == 200 or {"error", "code"} <= set(r.json())


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    variant=st.sampled_from(["short", "long"]),
    pid=IDS,
    turn=st.sampled_from(["white", "black"]),
    dice=st.tuples(st.integers(1, 6), st.integers(1, 6)),
)
def test_fuzzed_hints_never_crash(
    client: TestClient, variant: str, pid: str, turn: str, dice: Any
) -> None:
    r = client.post(
        "/api/analysis/hint", json={"variant": variant, "id": pid, "turn": turn, "dice": dice}
    )
    assert r.status_code in (200, 400, 422), r.text
    assert r.status_code == 200 or {"error", "code"} <= set(r.json())


async def test_the_replay_names_its_players_its_date_and_its_result(
    app: Any, player_factory: Any
) -> None:
    """The replay page's header: who played which colour in each game (a member by
    name, a guest by his name, the computer with its level), when, and how it ended."""
    users = {}
    for name in ("ann", "bob"):
        p = await player_factory()
        r = await p.post("/api/register", {"username": name, "password": "secret-pass-1"})
        assert r.status_code == 200, r.text
        users[r.json()["user"]["id"]] = (name, p)
    a, b = list(users)
    live = await app.state.games.create_paired(a, b, {"variant": "short", "length": 1})
    gid = live.meta.id
    loser_color = live.game.to_act
    loser = live.meta.user_of(loser_color)
    winner = live.meta.user_of("black" if loser_color == "white" else "white")
    r = await users[loser][1].post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = await users[winner][1].post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.status_code == 200, r.text
    data = (await users[a][1].get(f"/api/games/{gid}/replay")).json()
    named = [p["name"] for p in data["players"]]
    assert sorted(named) == ["ann", "bob"] and not any(p["computer"] for p in data["players"])
    white = named[data["whites"][0]]
    assert white == users[live.meta.user_of("white")][0]  # who played White, by name
    res = data["result"]
    assert named[res["winner"]] == users[winner][0]
    assert res["reason"] == "resign" and res["kind"] == "single"
    assert res["score"][res["winner"]] == 1 and res["score"][1 - res["winner"]] == 0
    assert data["at"] and data["at"][:4].isdigit()  # an ISO date
    # against the computer: the guest by his name, the computer with its level; a game
    # still played has no result yet
    g = await player_factory()
    st0 = await new_game(g, mode="computer", level="beginner")
    data = (await g.get(f"/api/games/{st0['id']}/replay")).json()
    kinds = sorted((p["computer"], p["level"]) for p in data["players"])
    assert kinds == [(False, None), (True, "beginner")]
    guest = next(p for p in data["players"] if not p["computer"])
    assert guest["name"] == (await g.get("/api/me")).json()["user"]["name"]
    assert data["result"] is None
