"""The review of a finished game (``GET /api/games/{id}/analysis``): the bots judge
every play and cube action of the real record; refused while the game is played."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import act, play_first_plays

from nardy.bots.analysis import analyze_records

pytestmark = pytest.mark.anyio


async def computer_game(player: Any, **spec: Any) -> dict[str, Any]:
    r = await player.post(
        "/api/games", {"mode": "computer", "variant": "short", "level": "beginner", **spec}
    )
    assert r.status_code == 201, r.text
    return r.json()


async def test_a_finished_game_is_reviewed_move_by_move(player_factory: Any) -> None:
    p = await player_factory()
    st = await computer_game(p)
    gid = st["id"]
    early = await p.get(f"/api/games/{gid}/analysis")
    assert early.status_code == 409 and early.json()["code"] == "not-over"
    assert "once it is over" in early.json()["error"]  # says when it will be available
    st = await play_first_plays(p, st)
    r = await p.get(f"/api/games/{gid}/analysis")
    assert r.status_code == 200, r.text
    data = r.json()
    records = [json.loads(x) for x in (await p.get(f"/api/games/{gid}/record")).text.splitlines()]
    plays = [rec for rec in records if rec["type"] == "play"]
    judged = [d for d in data["decisions"] if d["kind"] == "play"]
    assert len(judged) == len(plays) and data["plies"] == 0 and data["games"] == 1
    assert data["graph_unit"] == "money"  # (a money game's graph is in points)
    assert set(data["players"]) == {"white", "black"}
    # the same judgement as ``nardy analyze`` of the downloaded record
    offline = analyze_records(records, 0, confirm=1).as_dict()
    assert [d["loss"] for d in offline["decisions"]] == [d["loss"] for d in data["decisions"]]
    graph = data["graph"]
    assert len(graph) == len(judged)
    for point, d in zip(graph, judged, strict=True):
        assert point["white"] == (d["equity"] if d["color"] == "white" else -d["equity"])
    # the winner's equity ends up on his side of the graph
    assert (graph[-1]["white"] > 0) == (st["outcome"]["winner"] == "white")
    again = await p.get(f"/api/games/{gid}/analysis")
    assert again.json() == data


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_the_hints_plays_are_never_marked_by_the_review(
    player_factory: Any, variant: str
) -> None:
    """A player who plays the game page's hint every turn (it looks a roll ahead) finds
    none of his plays marked by the review (no look-ahead): a marked play is judged
    again at the hint's depth. A walkthrough's beginner had been told "doubtful" of
    two plays the hint had recommended."""
    p = await player_factory()

    async def hinted(state: dict[str, Any]) -> str:
        r = await p.get(f"/api/games/{state['id']}/hint")
        assert r.status_code == 200, r.text
        return str(r.json()["plays"][0]["play"])

    theirs: list[dict[str, Any]] = []
    # the computer's beginner errs by chance: a short game it loses fast may hold no
    # marked play of his, so up to three games are played for one (the dice are random)
    for _ in range(3):
        st = await computer_game(p, variant=variant)
        me = st["role"]
        await play_first_plays(p, st, pick=hinted)
        data = (await p.get(f"/api/games/{st['id']}/analysis")).json()
        mine = [d for d in data["decisions"] if d["kind"] == "play" and d["color"] == me]
        assert len(mine) > 5 and data["plies"] == 0
        assert [d for d in mine if d["mark"]] == []
        theirs += [d for d in data["decisions"] if d["color"] != me and d["mark"]]
        if theirs:
            break
    # the computer's beginner's marked plays are judged at the hint's depth
    assert theirs and all(d["plies"] == 1 for d in theirs)


async def test_review_depth_and_unknown_games_are_clear_errors(player_factory: Any) -> None:
    p = await player_factory()
    st = await play_first_plays(p, await computer_game(p))
    gid = st["id"]
    bad = await p.get(f"/api/games/{gid}/analysis?plies=5")
    assert bad.status_code == 400 and bad.json()["code"] == "review-deepest"
    deeper = await p.get(f"/api/games/{gid}/analysis?plies=1")
    assert deeper.status_code == 200 and deeper.json()["plies"] == 1
    missing = await p.get("/api/games/nope/analysis")
    assert missing.status_code == 404


async def test_a_match_is_reviewed_per_player_name(player_factory: Any) -> None:
    p = await player_factory()
    st = await computer_game(p, length=3)
    st = await play_first_plays(p, st)
    assert st["phase"] == "over"  # the first game, between two games or the match's end
    r = await p.get(f"/api/games/{st['id']}/analysis")
    assert r.status_code == 200, r.text
    data = r.json()
    names = set(data["players"])
    assert "Computer beginner" in names and len(names) == 2
    assert {d["player"] for d in data["decisions"]} <= names
    assert {d["color"] for d in data["decisions"]} <= {"white", "black"}
    # the graph of a match is White's match equity: one scale for all its games and
    # cubes (the money-equivalent figures of the decisions change size with the score)
    assert data["graph_unit"] == "match"
    plays = [d for d in data["decisions"] if d["kind"] == "play"]
    assert all(-1 <= g["white"] <= 1 for g in data["graph"]), data["graph"]
    for g, d in zip(data["graph"], plays, strict=True):
        assert g["white"] == (d["match_equity"] if d["color"] == "white" else -d["match_equity"])


async def test_a_matchs_players_are_named_by_their_colour_on_the_page(
    player_factory: Any,
) -> None:
    """The review's sums are under the files' English names ("Computer beginner"); each
    player and decision carries the colour the game page names him by, and a game
    without a cube (long nardy) says so: the page shows no cube rows."""
    p = await player_factory()
    st = await computer_game(p, variant="long", length=3)
    st = await play_first_plays(p, st)
    data = (await p.get(f"/api/games/{st['id']}/analysis")).json()
    assert data["cube"] is False
    me = st["role"]
    sides = {k: v["side"] for k, v in data["players"].items()}
    assert sides["Computer beginner"] == ("black" if me == "white" else "white")
    assert sorted(sides.values()) == ["black", "white"]
    assert all(d["side"] == sides[d["player"]] for d in data["decisions"])
    short = await computer_game(p, length=1)
    short = await play_first_plays(p, short)
    assert (await p.get(f"/api/games/{short['id']}/analysis")).json()["cube"] is True


@pytest.mark.parametrize("variant", ["crazy", "gulbara"])
async def test_games_with_turn_segments_are_reviewed(player_factory: Any, variant: str) -> None:
    """V-CRAZY / V-GUL: a crazy sequence's doubles and passed moves are judged too."""
    p = await player_factory()
    r = await p.post("/api/games", {"mode": "local", "variant": variant})
    assert r.status_code == 201, r.text
    st = await play_first_plays(p, r.json())
    records = [
        json.loads(x) for x in (await p.get(f"/api/games/{st['id']}/record")).text.splitlines()
    ]
    data = (await p.get(f"/api/games/{st['id']}/analysis")).json()
    plays = sum(1 for rec in records if rec["type"] == "play")
    assert len(data["graph"]) == plays > 0


async def _doubled_game_with_a_dance(p: Any) -> dict[str, Any]:
    """A finished short game on one device with a double taken and a roll that could
    not be played (games are played until one has both: each game's plays differ, the
    test's dice do not)."""
    for k in range(12):

        async def pick(state: dict[str, Any], k: int = k) -> str:
            plays = state["legal"]["plays"]
            return str(plays[k * len(state["history"]) % len(plays)])

        r = await p.post("/api/games", {"mode": "local", "variant": "short"})
        assert r.status_code == 201, r.text
        st = r.json()
        while "double" not in st["actions"]:
            move = {"action": "play", "play": st["legal"]["plays"][0] if st["legal"] else ""}
            st = await act(p, st["id"], {"action": "roll"} if "roll" in st["actions"] else move)
        st = await act(p, st["id"], {"action": "double"})
        st = await play_first_plays(p, st, pick=pick)  # (taken)
        if any(not m.get("action") and m["play"] == "-" for m in st["history"]):
            return st
    raise AssertionError("no game had a roll that could not be played")


async def test_the_reviews_numbers_are_the_move_lists_and_the_replays(
    player_factory: Any,
) -> None:
    """A walkthrough's review said "move 13" of the move list's 14th entry (the
    replay's 14th step): it counted the plays alone, not the rolls that could not be
    played nor the cube actions. Each decision's number is now its entry's in the game
    page's list and its step's in the replay."""
    p = await player_factory()
    st = await _doubled_game_with_a_dance(p)
    listed = st["history"]
    data = (await p.get(f"/api/games/{st['id']}/replay?plies=0")).json()
    decisions, steps = data["review"]["decisions"], data["steps"]
    assert len(steps) == len(listed) + 1  # (the start, then one step per entry)
    assert any(d["kind"] == "cube" and d["played"] == "take" for d in decisions)
    for n, d in enumerate(decisions):
        if d["played"] == "no-double":  # (missed where the entry before left the board)
            assert any(r["decision"] == n for r in steps[d["entry"]]["review"])
            continue
        entry, step = listed[d["entry"] - 1], steps[d["entry"]]
        assert any(r["decision"] == n for r in step["review"]), (n, d)
        if d["kind"] == "play":
            assert (
                (entry["play"], entry["color"])
                == (d["played"], d["color"])
                == (
                    step["play"],
                    step["color"],
                )
            )
        else:
            assert entry["action"] == step["action"] == d["played"]
    # the plays after the no-move roll are numbered past it
    dance = next(i for i, m in enumerate(listed) if not m.get("action") and m["play"] == "-")
    later = [d for d in decisions if d["kind"] == "play" and d["entry"] > dance + 1]
    assert later and all(d["entry"] > d["turn"] for d in later)


def test_the_reviews_words_are_plain_russian() -> None:
    """gnubg's "Supernatural" said as a Russian player would, and no abbreviation."""
    from nardy.i18n import t

    assert t("rating.supernatural", "ru") == "феноменальный"
    assert t("web.review-columns.3", "ru").startswith("Сомнительных /")
    assert "с компьютером на рейтинг не влияют" in t("web.nobody-rated", "ru")
