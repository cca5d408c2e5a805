"""Client action ids: an action sent again with the same ``action_id`` (a retry after a
lost answer) is answered with what the first one stored and applied once only."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


def first_step(state: dict[str, Any]) -> dict[str, Any]:
    targets = state["legal"]["targets"]
    frm = next(iter(targets))
    return {"action": "move", "from": int(frm), "to": targets[frm][0]}


@pytest.mark.anyio
async def test_a_repeated_action_id_is_answered_not_applied_again(player_factory: Any) -> None:
    p = await player_factory()
    st = (await p.post("/api/games", {"mode": "computer", "variant": "long"})).json()
    gid = st["id"]
    step = {**first_step(st), "action_id": "a1"}
    first = await p.post(f"/api/games/{gid}/actions", step)
    assert first.status_code == 200, first.text
    again = await p.post(f"/api/games/{gid}/actions", step)
    assert again.status_code == 200, again.text
    assert again.json()["events"] == first.json()["events"]
    assert again.json()["state"]["seq"] == first.json()["state"]["seq"] == st["seq"] + 1
    assert again.json()["state"]["board"] == first.json()["state"]["board"]
    stored = (await p.get(f"/api/games/{gid}/events")).json()["events"]
    assert [e["kind"] for e in stored].count("step") == 1
    me = (await p.get("/api/session")).json()["user"]["id"]  # (a guest since his first act)
    assert me is not None
    assert stored[-1]["data"]["action"] == {"id": "a1", "user": me, "events": 1}
    # a new id is a new action: the same step is applied again (another checker)
    nxt = await p.post(f"/api/games/{gid}/actions", {"action": "undo", "action_id": "a2"})
    assert nxt.json()["state"]["seq"] == st["seq"] + 2
    assert nxt.json()["state"]["board"] == st["board"]


@pytest.mark.anyio
async def test_action_ids_are_per_player(player_factory: Any) -> None:
    """Two players of a friend game may happen to pick the same id: each is his own."""
    a, b = await player_factory(), await player_factory()
    st = (await a.post("/api/games", {"mode": "friend", "variant": "long"})).json()
    gid = st["id"]
    token = st["invite_url"].rsplit("/", 1)[1]
    await b.post(f"/api/join/{token}")
    sa = (await a.get(f"/api/games/{gid}")).json()
    mover, other = (a, b) if sa["to_act"] == sa["role"] else (b, a)
    ms = (await mover.get(f"/api/games/{gid}")).json()
    r = await mover.post(
        f"/api/games/{gid}/actions",
        {"action": "play", "play": ms["legal"]["plays"][0], "action_id": "same"},
    )
    assert r.status_code == 200, r.text
    os_ = (await other.get(f"/api/games/{gid}")).json()
    r = await other.post(
        f"/api/games/{gid}/actions",
        {"action": "play", "play": os_["legal"]["plays"][0], "action_id": "same"},
    )
    assert r.status_code == 200, r.text
    assert r.json()["events"][0]["by"] == os_["role"]
    assert r.json()["state"]["seq"] > os_["seq"]


@pytest.mark.anyio
@pytest.mark.parametrize("bad", ["", "x" * 65, 7, ["a"], {"id": 1}])
async def test_bad_action_ids_are_refused(player_factory: Any, bad: Any) -> None:
    p = await player_factory()
    st = (await p.post("/api/games", {"mode": "computer", "variant": "long"})).json()
    r = await p.post(f"/api/games/{st['id']}/actions", {**first_step(st), "action_id": bad})
    # (the body's model refuses it: 422 naming the field, like every bad field)
    assert r.status_code == 422 and r.json()["code"] == "malformed"
    assert r.json()["field"] == "action_id"
    assert (await p.get(f"/api/games/{st['id']}")).json()["seq"] == st["seq"]


def test_a_repeated_action_id_over_the_socket_is_acknowledged_once(app: Any) -> None:
    with TestClient(app) as c:
        csrf = c.get("/api/session").json()["csrf"]
        st = c.post(
            "/api/games",
            json={"mode": "computer", "variant": "long"},
            headers={"x-csrf-token": csrf},
        ).json()
        gid = st["id"]
        action = {**first_step(st), "action_id": "w1"}
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": st["seq"]})
            assert ws.receive_json()["events"] == []
            ws.send_json({"type": "action", "id": 1, "action": action})
            update = ws.receive_json()
            assert update["type"] == "update"
            assert ws.receive_json() == {"type": "ack", "id": 1, "seq": st["seq"] + 1}
        with c.websocket_connect(f"/ws/games/{gid}") as ws:  # a new socket, the same id
            ws.send_json({"type": "hello", "last_seq": st["seq"] + 1})
            assert ws.receive_json()["events"] == []
            ws.send_json({"type": "action", "id": 1, "action": action})
            assert ws.receive_json() == {"type": "ack", "id": 1, "seq": st["seq"] + 1}
        assert c.get(f"/api/games/{gid}").json()["seq"] == st["seq"] + 1
