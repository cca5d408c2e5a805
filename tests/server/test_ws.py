"""Websockets of live games (starlette TestClient): numbered events, resync after a
reconnect, actions over the socket, broadcast to spectators, refused cross-site sockets."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import same_loop_clients
from starlette.websockets import WebSocketDisconnect


def start(client: TestClient, **spec: Any) -> tuple[dict[str, Any], str]:
    csrf = client.get("/api/session").json()["csrf"]
    r = client.post(
        "/api/games",
        json={"mode": "computer", "variant": "long", **spec},
        headers={"x-csrf-token": csrf},
    )
    assert r.status_code == 201, r.text
    return r.json(), csrf


def first_step(state: dict[str, Any]) -> dict[str, Any]:
    targets = state["legal"]["targets"]
    frm = next(iter(targets))
    return {"action": "move", "from": int(frm), "to": targets[frm][0]}


def test_hello_gets_missed_events_then_live_updates(app: Any) -> None:
    with same_loop_clients(app, 2) as (owner, watcher):
        st, _ = start(owner)
        watcher.get("/api/session")  # a signed-in stranger: may watch, not act
        with owner.websocket_connect(f"/ws/games/{st['id']}") as ws:
            ws.send_json({"type": "hello", "last_seq": 0})
            hello = ws.receive_json()
            seqs = [e["seq"] for e in hello["events"]]
            assert seqs == list(range(1, st["seq"] + 1))  # numbered from 1, none missing
            assert hello["state"]["seq"] == st["seq"]
            with watcher.websocket_connect(f"/ws/games/{st['id']}") as spy:
                spy.send_json({"type": "hello", "last_seq": st["seq"]})
                assert spy.receive_json()["events"] == []  # nothing missed
                ws.send_json({"type": "action", "id": 7, **{"action": first_step(st)}})
                update = ws.receive_json()
                assert update["type"] == "update"
                assert [e["kind"] for e in update["events"]] == ["step"]
                assert update["events"][0]["seq"] == st["seq"] + 1
                assert ws.receive_json() == {"type": "ack", "id": 7, "seq": st["seq"] + 1}
                seen = spy.receive_json()
                assert seen["events"] == update["events"]
                assert seen["state"]["role"] == "spectator" and seen["state"]["legal"] is None
                # a spectator's action is refused and changes nothing
                spy.send_json({"type": "action", "id": 1, "action": {"action": "undo"}})
                err = spy.receive_json()
                assert err["type"] == "error" and err["code"] == "forbidden"


def test_reconnect_resyncs_from_the_last_event_number(app: Any) -> None:
    with TestClient(app) as c:
        st, csrf = start(c)
        gid = st["id"]
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": 0})
            last = ws.receive_json()["state"]["seq"]
        # while disconnected: two actions over HTTP
        s1 = c.post(
            f"/api/games/{gid}/actions", json=first_step(st), headers={"x-csrf-token": csrf}
        ).json()["state"]
        c.post(f"/api/games/{gid}/actions", json={"action": "undo"}, headers={"x-csrf-token": csrf})
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            ws.send_json({"type": "hello", "last_seq": last})
            msg = ws.receive_json()
            assert [e["seq"] for e in msg["events"]] == [last + 1, last + 2]
            assert [e["kind"] for e in msg["events"]] == ["step", "undo"]
            assert msg["state"]["seq"] == s1["seq"] + 1


def test_bad_messages_get_clear_errors(app: Any) -> None:
    with TestClient(app) as c:
        st, _ = start(c)
        with c.websocket_connect(f"/ws/games/{st['id']}") as ws:
            ws.send_json({"type": "hello", "last_seq": "many"})
            assert ws.receive_json()["type"] == "update"
            ws.send_json({"type": "dance"})
            assert ws.receive_json()["code"] == "malformed"
            ws.send_json(
                {"type": "action", "id": 2, "action": {"action": "move", "from": 3, "to": 1}}
            )
            err = ws.receive_json()
            assert err["type"] == "error" and err["code"] == "illegal" and err["id"] == 2
            ws.send_json(["not", "an", "object"])
            assert ws.receive_json()["code"] == "malformed"
        after = c.get(f"/api/games/{st['id']}").json()
        assert after["seq"] == st["seq"]


def test_cross_site_socket_and_unknown_game_are_refused(app: Any) -> None:
    with TestClient(app) as c:
        st, _ = start(c)
        with (
            pytest.raises(WebSocketDisconnect) as exc,
            c.websocket_connect(
                f"/ws/games/{st['id']}", headers={"origin": "https://evil.example"}
            ) as ws,
        ):
            ws.receive_json()
        assert exc.value.code == 4403
        with (
            pytest.raises(WebSocketDisconnect) as exc,
            c.websocket_connect("/ws/games/nosuchgame") as ws,
        ):
            ws.receive_json()
        assert exc.value.code == 4404


def test_double_take_and_resign_over_sockets(app: Any) -> None:
    """A friend game: a double sent over one player's socket reaches the other, who
    takes over his own; a resignation is refused out of turn (C-3)."""
    with same_loop_clients(app, 2) as (a, b):
        st, csrf_a = start(a, mode="friend", variant="short")
        csrf_b = b.get("/api/session").json()["csrf"]
        token = st["invite_url"].rsplit("/", 1)[1]
        assert b.post(f"/api/join/{token}", headers={"x-csrf-token": csrf_b}).status_code == 200
        gid = st["id"]
        sa = a.get(f"/api/games/{gid}").json()
        mover, csrf = (a, csrf_a) if sa["to_act"] == sa["role"] else (b, csrf_b)
        roller = b if mover is a else a
        ms = mover.get(f"/api/games/{gid}").json()
        mover.post(
            f"/api/games/{gid}/actions",
            headers={"x-csrf-token": csrf},
            json={"action": "play", "play": ms["legal"]["plays"][0]},
        )
        with (
            roller.websocket_connect(f"/ws/games/{gid}") as wr,
            mover.websocket_connect(f"/ws/games/{gid}") as wm,
        ):
            for ws in (wr, wm):
                ws.send_json({"type": "hello", "last_seq": 0})
                hello = ws.receive_json()
            assert hello["state"]["actions"] == []  # the mover waits
            wr.send_json({"type": "action", "id": 1, "action": {"action": "double"}})
            mine = wr.receive_json()
            assert [e["data"]["record"]["type"] for e in mine["events"]] == ["double"]
            assert wr.receive_json()["type"] == "ack"
            theirs = wm.receive_json()
            assert theirs["events"] == mine["events"]
            assert theirs["state"]["actions"] == ["take", "pass"]
            assert theirs["state"]["cube"]["offered_by"] == mine["state"]["role"]
            wm.send_json({"type": "action", "id": 2, "action": {"action": "take"}})
            took = wm.receive_json()
            assert took["state"]["cube"]["owner"] == took["state"]["role"]
            assert wm.receive_json() == {"type": "ack", "id": 2, "seq": took["state"]["seq"]}
            seen = wr.receive_json()
            assert seen["state"]["cube"]["value"] == 2 and seen["state"]["phase"] == "move"
            wm.send_json({"type": "action", "id": 3, "action": {"action": "resign", "level": 1}})
            err = wm.receive_json()
            assert err["type"] == "error" and err["code"] == "not-your-turn" and err["id"] == 3


def test_who_has_the_game_open(app: Any) -> None:
    """A friend game: ``/presence`` says which players have a socket on the game, so a
    page can say "your opponent is disconnected" (the game goes on: issue 15)."""
    with same_loop_clients(app, 2) as (a, b):
        st, _csrf = start(a, mode="friend", variant="short")
        csrf_b = b.get("/api/session").json()["csrf"]
        token = st["invite_url"].rsplit("/", 1)[1]
        assert b.post(f"/api/join/{token}", headers={"x-csrf-token": csrf_b}).status_code == 200
        gid = st["id"]
        color_a = a.get(f"/api/games/{gid}").json()["role"]
        color_b = "black" if color_a == "white" else "white"

        def online() -> dict[str, bool]:
            return dict(b.get(f"/api/games/{gid}/presence").json()["online"])

        assert online() == {color_a: False, color_b: False}
        with a.websocket_connect(f"/ws/games/{gid}") as wa:
            wa.send_json({"type": "hello", "last_seq": 0})
            assert wa.receive_json()["type"] == "update"
            assert online() == {color_a: True, color_b: False}
            with b.websocket_connect(f"/ws/games/{gid}") as wb:
                wb.send_json({"type": "hello", "last_seq": 0})
                assert wb.receive_json()["type"] == "update"
                assert online() == {color_a: True, color_b: True}
        assert online() == {color_a: False, color_b: False}
        assert a.get("/api/games/nosuchgame/presence").status_code == 404


def test_the_computer_is_always_at_the_board(app: Any) -> None:
    with TestClient(app) as c:
        st, _csrf = start(c, mode="computer", variant="short")
        online = c.get(f"/api/games/{st['id']}/presence").json()["online"]
        computer = "black" if st["role"] == "white" else "white"
        assert online == {st["role"]: False, computer: True}
