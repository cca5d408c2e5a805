"""The doubling cube, resignations and matches through the HTTP API (RULES.md C-1, C-3,
C-4, L-4): double / take / pass / beaver, the computer's cube decisions from the bots,
resignation offers, a 3-point match played to its end against the computer, the
Crawford game, who may act, and record downloads (.mat, SGF, JSON lines) read back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from server_helpers import act, play_first_plays, play_first_steps

from nardy.bots import Bot
from nardy.game import Game
from nardy.match import Match
from nardy.notation.mat import read_mat
from nardy.notation.record import read_match
from nardy.notation.sgf import read_sgf
from nardy.variants import find_variant

pytestmark = pytest.mark.anyio


async def new_game(player: Any, **spec: Any) -> dict[str, Any]:
    r = await player.post("/api/games", {"mode": "local", "variant": "short", **spec})
    assert r.status_code == 201, r.text
    return r.json()


async def refused(
    player: Any, gid: str, action: dict[str, Any], status: int, code: str, words: str = ""
) -> None:
    """The action is refused with a clear error and the game does not change."""
    before = (await player.get(f"/api/games/{gid}")).json()
    r = await player.post(f"/api/games/{gid}/actions", action)
    assert r.status_code == status and r.json()["code"] == code, (action, r.text)
    assert words in r.json()["error"], r.json()["error"]
    after = (await player.get(f"/api/games/{gid}")).json()
    assert after["seq"] == before["seq"] and after["cube"] == before["cube"]
    assert after["phase"] == before["phase"] and after["board"] == before["board"]


async def to_first_roll(player: Any, state: dict[str, Any]) -> dict[str, Any]:
    """Local game: the starter plays his opening roll; the other side is on roll."""
    assert state["phase"] == "move"
    state = await play_first_steps(player, state)
    assert state["phase"] == "roll" and state["actions"] == ["roll", "double", "resign"]
    return state


async def test_double_then_take_gives_the_cube_to_the_taker(player_factory: Any) -> None:
    p = await player_factory()
    st = await to_first_roll(p, await new_game(p))
    gid, doubler = st["id"], st["to_act"]
    taker = "black" if doubler == "white" else "white"
    assert st["cube"] == {
        "enabled": True,
        "value": 1,
        "owner": None,
        "offered_by": None,
        "next": 2,
        "crawford": False,
        "money": True,
        "beavers": False,
        "dead": {"white": False, "black": False},  # (a money game's cube is never dead)
    }
    st = await act(p, gid, {"action": "double"})
    assert st["phase"] == "cube" and st["to_act"] == taker and st["turn"] == doubler
    assert st["cube"]["offered_by"] == doubler and st["cube"]["value"] == 1
    assert st["actions"] == ["take", "pass"]  # no beaver: beavers are off
    assert st["view"] == taker  # one device: the board turns to the side deciding
    await refused(p, gid, {"action": "beaver"}, 409, "illegal", "beaver")
    await refused(p, gid, {"action": "roll"}, 409, "illegal")
    st = await act(p, gid, {"action": "take"})
    assert st["cube"]["value"] == 2 and st["cube"]["owner"] == taker
    # the doubler no longer owns the cube: the server rolled for him at once
    assert st["phase"] == "move" and st["to_act"] == doubler and "double" not in st["actions"]
    assert st["history"][-2:] == [
        {"color": doubler, "action": "double", "value": 2},
        {"color": taker, "action": "take", "value": 2},
    ]
    await refused(p, gid, {"action": "double"}, 409, "illegal", "before rolling")
    st = await play_first_steps(p, st)
    # the taker owns the cube now: he may redouble before his roll
    assert st["to_act"] == taker and st["actions"] == ["roll", "double", "resign"]
    st = await act(p, gid, {"action": "roll"})
    st = await play_first_steps(p, st)
    assert st["to_act"] == doubler and st["phase"] == "move"  # rolled for him: no cube
    events = (await p.get(f"/api/games/{gid}/events")).json()["events"]
    cube_events = [
        (e["by"], e["data"]["record"]["type"])
        for e in events
        if e["kind"] == "record" and e["data"]["record"]["type"] in ("double", "take")
    ]
    assert cube_events == [(doubler, "double"), (taker, "take")]


async def test_pass_ends_the_game_at_the_cube_before_the_double(player_factory: Any) -> None:
    p = await player_factory()
    st = await to_first_roll(p, await new_game(p))
    gid, doubler = st["id"], st["to_act"]
    st = await act(p, gid, {"action": "double"})
    st = await act(p, gid, {"action": "pass"})
    assert st["phase"] == "over" and st["status"] == "over"
    o = st["outcome"]
    assert (o["winner"], o["value"], o["reason"]) == (doubler, 1, "drop")
    assert st["match"]["score"][doubler] == 1 and st["actions"] == []
    assert st["dice_info"]["server_seed"]  # revealed: the game is over
    await refused(p, gid, {"action": "take"}, 409, "game-over")
    records = [
        json.loads(x) for x in (await p.get(f"/api/games/{gid}/record")).text.split("\n") if x
    ]
    assert [r["type"] for r in records[-2:]] == ["double", "pass"]
    replayed = Game.replay(records)
    assert replayed.outcome is not None and replayed.outcome.reason == "drop"


async def test_beaver_in_money_play(player_factory: Any) -> None:
    p = await player_factory()
    assert (
        await p.post(
            "/api/games", {"mode": "local", "variant": "short", "length": 3, "beavers": True}
        )
    ).json()["code"] == "bad-match"
    st = await to_first_roll(p, await new_game(p, beavers=True))
    gid, doubler = st["id"], st["to_act"]
    st = await act(p, gid, {"action": "double"})
    assert st["actions"] == ["take", "pass", "beaver"] and st["cube"]["beavers"]
    st = await act(p, gid, {"action": "beaver"})
    beaverer = "black" if doubler == "white" else "white"
    assert st["cube"]["value"] == 4 and st["cube"]["owner"] == beaverer
    assert st["history"][-1] == {"color": beaverer, "action": "beaver", "value": 4}
    assert st["phase"] == "move" and st["to_act"] == doubler  # he rolls; he cannot redouble


async def test_resignation_offered_refused_then_accepted(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p)
    gid, me = st["id"], st["to_act"]
    you = "black" if me == "white" else "white"
    assert "resign" in st["actions"]
    assert [x["kind"] for x in st["resign_levels"]] == ["single", "gammon", "backgammon"]
    await refused(p, gid, {"action": "resign", "level": "all"}, 422, "malformed")
    await refused(p, gid, {"action": "resign", "level": 4}, 409, "illegal", "1..3")
    await refused(p, gid, {"action": "accept"}, 409, "illegal")
    frm = next(iter(st["legal"]["targets"]))
    st = await act(
        p, gid, {"action": "move", "from": int(frm), "to": st["legal"]["targets"][frm][0]}
    )
    st = await act(p, gid, {"action": "resign", "level": 2})
    # the checker already moved is taken back: the offer stands on the turn's position
    assert st["phase"] == "resign" and st["to_act"] == you and st["actions"] == ["accept", "reject"]
    assert st["resign"] == {"by": me, "level": 2, "kind": "gammon", "value": 2}
    st = await act(p, gid, {"action": "reject"})
    assert st["phase"] == "move" and st["to_act"] == me and st["legal"]["pending"] == []
    st = await act(p, gid, {"action": "resign", "level": 1})
    st = await act(p, gid, {"action": "accept"})
    o = st["outcome"]
    assert (o["winner"], o["kind"], o["value"], o["reason"]) == (you, "single", 1, "resign")
    kinds = [h.get("action") for h in st["history"] if "action" in h]
    assert kinds == ["resign", "reject", "resign", "accept"]


async def strong_turn(player: Any, state: dict[str, Any], bot: Bot) -> dict[str, Any]:
    """The player rolls (never doubling) and makes ``bot``'s play; a double is taken."""
    gid = state["id"]
    for action in ("take", "roll"):
        if action in state["actions"]:
            return await act(player, gid, {"action": action})
    records = [
        json.loads(x) for x in (await player.get(f"/api/games/{gid}/record")).text.splitlines()
    ]
    game = Game.replay(records)
    choice = bot.choose(game.position, game.dice)
    assert choice is not None
    return await act(
        player, gid, {"action": "play", "play": game.legal_plays().find(choice.moves).text}
    )


async def test_the_computer_resigns_a_lost_game(player_factory: Any) -> None:
    """The computer offers to resign once its loss is certain (``nardy.bots.resign``),
    at the level it loses; refused, it plays on without offering that level again;
    accepted, the game ends at that level (C-2)."""
    p = await player_factory()
    strong = Bot(find_variant("short"), "advanced")
    offers: list[tuple[str, dict[str, Any]]] = []
    for _ in range(12):
        st = await new_game(p, mode="computer", level="beginner")
        answer = "accept" if offers else "reject"  # refuse the first offer, then accept
        seen = 0
        while st["phase"] != "over":
            if st["phase"] == "resign":
                assert st["to_act"] == st["role"] and st["actions"] == ["accept", "reject"]
                assert st["resign"]["by"] != st["role"]
                offers.append((answer, st["resign"]))
                seen += 1
                st = await act(p, st["id"], {"action": answer})
                continue
            st = await strong_turn(p, st, strong)
        o = st["outcome"]
        levels = [h["level"] for h in st["history"] if h.get("action") == "resign"]
        assert levels == sorted(set(levels))  # a refused level is never offered again
        if seen and answer == "accept":
            offer = offers[-1][1]
            assert (o["winner"], o["reason"], o["kind"], o["value"]) == (
                st["role"],
                "resign",
                offer["kind"],
                offer["value"],
            )
        elif seen:  # refused: the game was played out and the computer lost it
            assert o["winner"] == st["role"] and o["reason"] == "bear-off"
            assert o["value"] >= offers[-1][1]["value"]
        if {a for a, _ in offers} == {"accept", "reject"}:
            break
    assert {a for a, _ in offers} == {"accept", "reject"}, offers


async def test_the_computer_answers_a_double_as_its_bot_says(player_factory: Any) -> None:
    p = await player_factory()
    st: dict[str, Any] = {"phase": "cube", "actions": []}
    while "double" not in st["actions"]:
        if st["phase"] != "move":  # (the computer doubled first: another game)
            st = await new_game(p, mode="computer", level="beginner")
            continue
        st = await play_first_steps(p, st)
    gid, me = st["id"], st["role"]
    records = [json.loads(x) for x in (await p.get(f"/api/games/{gid}/record")).text.splitlines()]
    position = Game.replay(records).position  # the side on roll is me, before my roll
    assert position.turn == me
    expected = Bot(find_variant("short"), "beginner").cube(position, "centre").take
    st = await act(p, gid, {"action": "double"})
    answer = st["history"][-1]
    assert answer["color"] != me
    assert answer["action"] == {"beaver": "take"}.get(expected, expected)  # beavers off
    if answer["action"] == "take":
        assert st["cube"]["value"] == 2 and st["cube"]["owner"] != me
    else:
        assert st["outcome"]["winner"] == me and st["outcome"]["reason"] == "drop"


async def test_the_computer_doubles_and_a_pass_ends_the_game(player_factory: Any) -> None:
    p = await player_factory()
    for _ in range(4):  # a game may end before the computer has a reason to double
        st = await new_game(p, mode="computer", level="beginner")
        st = await play_first_plays(p, st, answer="pass")
        doubles = [h for h in st["history"] if h.get("action") == "double"]
        if doubles:
            break
    assert doubles and doubles[0]["color"] != st["role"]
    assert st["outcome"]["reason"] == "drop" and st["outcome"]["winner"] != st["role"]
    assert st["history"][-1] == {"color": st["role"], "action": "pass"}


async def test_cube_actions_are_authorized(player_factory: Any) -> None:
    owner, stranger, friend = await player_factory(), await player_factory(), await player_factory()
    st = await to_first_roll(owner, await new_game(owner))
    await refused(stranger, st["id"], {"action": "double"}, 403, "forbidden")
    # a friend game: only the side on roll may double; the other waits
    fr = await new_game(owner, mode="friend")
    token = fr["invite_url"].rsplit("/", 1)[1]
    assert (await friend.post(f"/api/join/{token}")).status_code == 200
    mine = (await owner.get(f"/api/games/{fr['id']}")).json()
    mover, waiter = (owner, friend) if mine["to_act"] == mine["role"] else (friend, owner)
    state = await play_first_steps(mover, (await mover.get(f"/api/games/{fr['id']}")).json())
    assert state["actions"] == [] and state["cube"]["value"] == 1
    await refused(mover, fr["id"], {"action": "double"}, 409, "not-your-turn")
    await refused(mover, fr["id"], {"action": "take"}, 409, "not-your-turn")
    await refused(waiter, fr["id"], {"action": "take"}, 409, "illegal", "no double")
    await act(waiter, fr["id"], {"action": "double"})
    await refused(waiter, fr["id"], {"action": "take"}, 409, "not-your-turn")
    await act(mover, fr["id"], {"action": "take"})
    # long nardy plays without the cube (C-5) unless asked
    lg = await new_game(owner, variant="long")
    assert lg["cube"]["enabled"] is False and "double" not in lg["actions"]
    await refused(owner, lg["id"], {"action": "double"}, 409, "illegal")
    with_cube = await new_game(owner, variant="long", cube=True)
    assert with_cube["cube"]["enabled"] is True
    for spec in ({"length": 26}, {"length": -1}, {"length": "three"}, {"crawford": "yes"}):
        r = await owner.post("/api/games", {"mode": "local", "variant": "short", **spec})
        # the body's types are checked first (422), the match's limits by the service
        assert r.status_code in (400, 422) and r.json()["code"] in ("bad-match", "malformed"), spec


async def test_three_point_match_against_the_computer(player_factory: Any, tmp_path: Path) -> None:
    p = await player_factory()
    st = await new_game(p, mode="computer", level="beginner", length=3)
    gid = st["id"]
    assert st["match"]["length"] == 3 and st["match"]["game"] == 1
    assert st["cube"]["money"] is False and st["cube"]["beavers"] is False
    totals = {"white": 0, "black": 0}
    saw_crawford = False
    for n in range(1, 30):
        assert st["match"]["game"] == n
        leader = max(totals.values())
        trailing = min(totals.values())
        assert st["match"]["crawford"] == (leader == 2 and trailing < 2 and not saw_crawford)
        if st["match"]["crawford"]:
            saw_crawford = True
            assert st["cube"]["crawford"] and "double" not in st["actions"]
        st = await play_first_plays(p, st, answer="take")
        o = st["outcome"]
        totals[o["winner"]] += o["value"]
        assert st["match"]["score"] == totals
        assert st["match"]["games"][-1] == {
            "game": n,
            "winner": o["winner"],
            "kind": o["kind"],
            "value": o["value"],
            "reason": o["reason"],
        }
        if st["match"]["over"]:
            break
        assert st["status"] == "active" and st["actions"] == ["next-game"]
        assert st["dice_info"]["server_seed"] is None  # secret until the match ends
        st = await act(p, gid, {"action": "next-game"})
    assert st["match"]["over"] and st["status"] == "over" and max(totals.values()) >= 3
    assert st["match"]["winner"] == max(totals, key=totals.get)
    assert st["dice_info"]["server_seed"] and st["actions"] == []
    await refused(p, gid, {"action": "next-game"}, 409, "game-over")
    me = (await p.get("/api/me")).json()["games"][0]
    assert me["length"] == 3 and me["won"] == (st["match"]["winner"] == st["role"])

    # downloads: native JSON lines, .mat and SGF all read back into the same match
    text = (await p.get(f"/api/games/{gid}/record")).text
    native = read_match(text)
    mat = await p.get(f"/api/games/{gid}/record?format=mat")
    assert mat.headers["content-disposition"].endswith('.mat"')
    sgf = await p.get(f"/api/games/{gid}/record?format=sgf")
    for match in (native, read_mat(mat.text), read_sgf(sgf.text)):
        assert isinstance(match, Match) and match.length == 3 and match.is_over
        assert len(match.games) == st["match"]["game"]
        assert sorted(match.score) == sorted(totals.values())
        assert [g.cube.crawford for g in match.games] == [
            native.is_crawford(i) for i in range(len(native.games))
        ]
    v = (await p.get(f"/api/games/{gid}/verify")).json()
    assert v["all_ok"] and len(v["rolls"]) >= len(native.games)
    # ``nardy verify-dice`` re-derives every roll of the whole match log ...
    log = tmp_path / "match.jsonl"
    log.write_text(text, encoding="utf-8")
    ok = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "verify-dice", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "commitment: ok" in ok.stdout and "rolls verified" in ok.stdout
    # ... and catches one forged die in any game of it
    lines = text.splitlines()
    last_roll = max(i for i, ln in enumerate(lines) if json.loads(ln).get("type") == "roll")
    rec = json.loads(lines[last_roll])
    rec["dice"] = [rec["dice"][0] % 6 + 1, rec["dice"][1]]
    lines[last_roll] = json.dumps(rec)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    forged = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "verify-dice", str(log)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert forged.returncode != 0 and "MISMATCH" in forged.stdout


async def test_crawford_game_and_post_crawford_double_in_a_local_match(
    player_factory: Any,
) -> None:
    p = await player_factory()
    st = await new_game(p, length=3)
    gid = st["id"]
    first = st["to_act"]
    other = "black" if first == "white" else "white"
    st = await play_first_steps(p, st)  # (a game resigned before any move: see below)
    while not (st["to_act"] == first and st["phase"] == "roll"):
        st = (
            await act(p, gid, {"action": "roll"})
            if "roll" in st["actions"]
            else await play_first_steps(p, st)
        )
    st = await act(p, gid, {"action": "resign", "level": 2})
    st = await act(p, gid, {"action": "accept"})
    assert st["match"]["score"] == {first: 0, other: 2} and st["actions"] == ["next-game"]
    await refused(p, gid, {"action": "roll"}, 409, "game-over", "next game")
    st = await act(p, gid, {"action": "next-game"})
    assert st["match"]["game"] == 2 and st["match"]["crawford"] and st["cube"]["crawford"]
    if st["phase"] == "move":
        st = await play_first_steps(p, st)
    # the Crawford game: nobody may double, so the server rolls for each side
    assert st["phase"] == "move" and "double" not in st["actions"]
    await refused(p, gid, {"action": "double"}, 409, "illegal")
    leader = other
    while st["to_act"] != leader:
        st = await play_first_steps(p, st)
    st = await act(p, gid, {"action": "resign", "level": 1})  # the leader gives a point
    st = await act(p, gid, {"action": "accept"})
    assert st["match"]["score"] == {first: 1, other: 2}
    st = await act(p, gid, {"action": "next-game"})
    assert st["match"]["game"] == 3 and not st["match"]["crawford"]
    assert st["match"]["post_crawford"]
    if st["phase"] == "move":
        st = await play_first_steps(p, st)
    while "double" not in st["actions"]:
        st = await play_first_steps(p, st)
    doubler = st["to_act"]
    st = await act(p, gid, {"action": "double"})
    st = await act(p, gid, {"action": "take"})
    assert st["cube"]["value"] == 2
    st = await act(p, gid, {"action": "resign", "level": 1})  # worth 2 at a 2-cube
    st = await act(p, gid, {"action": "accept"})
    winner = "black" if doubler == "white" else "white"
    assert st["outcome"]["value"] == 2 and st["match"]["over"]
    expected = {first: 1, other: 2}
    expected[winner] += 2
    assert st["match"]["score"] == expected
    for fmt, reader in (("mat", read_mat), ("sgf", read_sgf), ("jsonl", read_match)):
        r = await p.get(f"/api/games/{gid}/record?format={fmt}")
        assert r.status_code == 200, r.text
        match = reader(r.text)
        assert [g.cube.crawford for g in match.games] == [False, True, False]
        assert [g.outcome.value for g in match.games if g.outcome] == [2, 1, 2]
        assert match.is_over and sorted(match.score) == sorted(expected.values())
    r = await p.get(f"/api/games/{gid}/record?format=pdf")
    assert r.status_code == 400 and r.json()["code"] == "bad-format"
    assert r.json()["error"] == "a record is written as one of jsonl, mat, sgf, not “pdf”"
    lg = await new_game(p, variant="long")
    r = await p.get(f"/api/games/{lg['id']}/record?format=mat")
    assert r.status_code == 400 and "short" in r.json()["error"]
    # in the reader's language, the game named by its title in it
    kh = await new_game(p, variant="khachapuri")
    r = await p.http.get(f"/api/games/{kh['id']}/record?format=sgf", headers={"x-lang": "ru"})
    assert r.json()["error"] == "в формате .mat/SGF — только короткие нарды, не Хачапури"
    r = await p.http.get(f"/api/games/{kh['id']}/record?format=pdf", headers={"x-lang": "ru"})
    assert r.json()["error"] == "запись партии бывает в форматах jsonl, mat, sgf, не «pdf»"


async def test_long_nardy_match_next_game_starts_with_the_winner(player_factory: Any) -> None:
    """L-4: in long nardy the next game has no toss; the previous winner starts and
    plays white, so the player's colour may change between games."""
    p = await player_factory()
    st = await new_game(p, mode="computer", variant="long", level="beginner", length=3)
    gid = st["id"]
    assert st["cube"]["enabled"] is False and "double" not in st["actions"]  # C-5
    me = st["role"]
    st = await act(p, gid, {"action": "resign", "level": 2})  # mars: the computer accepts
    assert st["outcome"]["reason"] == "resign" and st["outcome"]["value"] == 2
    computer = "black" if me == "white" else "white"
    assert st["match"]["score"] == {me: 0, computer: 2}
    st = await act(p, gid, {"action": "next-game"})
    # the computer won, so it starts game 2 as white; I play black now
    assert st["role"] == "black" and st["match"]["game"] == 2
    assert st["match"]["score"] == {"white": 2, "black": 0}
    assert st["history"][0]["color"] == "white"  # no toss: white rolled and played first
    assert st["match"]["games"][0]["winner"] == "white"  # game 1's winner, in today's colours
    st = await act(p, gid, {"action": "resign", "level": 1})
    assert st["match"]["over"] and st["match"]["winner"] == "white"
    assert st["match"]["score"] == {"white": 3, "black": 0}
    assert (await p.get("/api/me")).json()["games"][0]["won"] is False
    match = read_match((await p.get(f"/api/games/{gid}/record")).text)
    assert match.whites == [0, 1] if me == "white" else match.whites == [0, 0]
    assert match.is_over and sorted(match.score) == [0, 3]
