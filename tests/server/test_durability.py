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
            st = c.post(f"/api/games/{gid}/actions",
                        json={"action": "play", "play": st["legal"]["plays"][0]},
                        headers=h).json()["state"]
        targets = st["legal"]["targets"]
        frm = next(iter(targets))
        mid = c.post(f"/api/games/{gid}/actions",
                     json={"action": "move", "from": int(frm), "to": targets[frm][0]},
                     headers=h).json()["state"]  # acknowledged = stored
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
