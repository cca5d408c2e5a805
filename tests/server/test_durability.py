"""A real ``nardy serve`` process killed with SIGKILL mid-game and restarted: the game
continues at the same position with nothing lost."""

from __future__ import annotations

from typing import Any

import httpx


def test_sigkill_mid_game_then_restart(server: Any) -> None:
    with httpx.Client(base_url=server.url) as c:
        csrf = c.get("/api/session").json()["csrf"]
        h = {"x-csrf-token": csrf}
        st = c.post("/api/games", json={"mode": "computer", "variant": "long"}, headers=h).json()
        gid = st["id"]
        for _ in range(3):  # three whole turns (each answered by the computer)
            st = c.post(
                f"/api/games/{gid}/actions",
                json={"action": "play", "play": st["legal"]["plays"][0]},
                headers=h,
            ).json()["state"]
        targets = st["legal"]["targets"]
        frm = next(iter(targets))
        mid = c.post(
            f"/api/games/{gid}/actions",
            json={"action": "move", "from": int(frm), "to": targets[frm][0]},
            headers=h,
        ).json()["state"]  # acknowledged = stored
        events = c.get(f"/api/games/{gid}/events").json()["events"]
        cookies = dict(c.cookies)
    server.kill()
    server.start()
    with httpx.Client(base_url=server.url, cookies=cookies) as c:
        again = c.get(f"/api/games/{gid}").json()
        for key in ("seq", "board", "dice", "history", "turn", "legal", "pips"):
            assert again[key] == mid[key], key
        assert c.get(f"/api/games/{gid}/events").json()["events"] == events
        h = {"x-csrf-token": c.cookies.get("nardy_csrf")}
        r = c.post(f"/api/games/{gid}/actions", json={"action": "undo"}, headers=h)
        assert r.status_code == 200 and r.json()["state"]["seq"] == mid["seq"] + 1


def test_sigkill_mid_match_with_a_double_offered_then_restart(server: Any) -> None:
    """A 3-point match: one game won, the next one stopped while a double waits for
    its answer; after SIGKILL and a restart the match goes on from there (C-3, C-4)."""
    with httpx.Client(base_url=server.url) as c:
        h = {"x-csrf-token": c.get("/api/session").json()["csrf"]}

        def act(gid: str, action: dict[str, Any]) -> dict[str, Any]:
            r = c.post(f"/api/games/{gid}/actions", json=action, headers=h)
            assert r.status_code == 200, r.text
            return r.json()["state"]

        st = c.post(
            "/api/games", json={"mode": "local", "variant": "short", "length": 3}, headers=h
        ).json()
        gid = st["id"]
        st = act(gid, {"action": "play", "play": st["legal"]["plays"][0]})
        assert st["phase"] == "roll"
        loser = st["to_act"]
        act(gid, {"action": "resign", "level": 1})
        st = act(gid, {"action": "accept"})
        assert sum(st["match"]["score"].values()) == 1
        st = act(gid, {"action": "next-game"})
        st = act(gid, {"action": "play", "play": st["legal"]["plays"][0]})
        doubler = st["to_act"]
        mid = act(gid, {"action": "double"})
        assert mid["phase"] == "cube" and mid["match"]["game"] == 2
        events = c.get(f"/api/games/{gid}/events").json()["events"]
        cookies = dict(c.cookies)
    server.kill()
    server.start()
    with httpx.Client(base_url=server.url, cookies=cookies) as c:
        again = c.get(f"/api/games/{gid}").json()
        for key in (
            "seq",
            "board",
            "cube",
            "match",
            "history",
            "phase",
            "to_act",
            "actions",
            "pips",
            "status",
        ):
            assert again[key] == mid[key], key
        assert c.get(f"/api/games/{gid}/events").json()["events"] == events
        h = {"x-csrf-token": c.cookies.get("nardy_csrf")}
        st = c.post(f"/api/games/{gid}/actions", json={"action": "take"}, headers=h).json()
        st = st["state"]
        assert st["cube"]["value"] == 2 and st["to_act"] == doubler
        c.post(f"/api/games/{gid}/actions", json={"action": "resign", "level": 2}, headers=h)
        st = c.post(f"/api/games/{gid}/actions", json={"action": "accept"}, headers=h).json()[
            "state"
        ]
        taker = "black" if doubler == "white" else "white"
        assert st["outcome"]["value"] == 4 and st["outcome"]["winner"] == taker
        assert st["match"]["over"] and st["status"] == "over"
        first_winner = "black" if loser == "white" else "white"
        expected = {"white": 0, "black": 0}
        expected[first_winner] += 1
        expected[taker] += 4
        assert st["match"]["score"] == expected
