"""The untested kill: a real ``nardy serve`` killed (SIGKILL) right after storing an
action and before answering it, then restarted on the same database. The client, who
never heard the answer, resyncs by event number and sends the action again with the
same ``action_id``: it is answered from what was stored and applied once only.

The kill comes from the hidden test-only setting ``NARDY_TEST_CRASH_AFTER_COMMIT=n``
(``Settings.crash_after_commit``): the n-th stored change of a game kills the process
between the commit and the reply. A new game stores one change when it starts (the
opening roll), so n=2 is the player's first action."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from browser_helpers import CHROMIUM, DESKTOP, new_page
from conftest import ServerProcess
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

CRASH_ON_FIRST_ACTION = {"NARDY_TEST_CRASH_AFTER_COMMIT": "2"}


def killed(server: ServerProcess) -> None:
    """Wait for the server to die of SIGKILL (as the setting promises), then restart it
    without the setting on the same database and port."""
    assert server.proc is not None
    assert server.proc.wait(30) == -signal.SIGKILL
    server.log.close()
    server.start()


def new_game(c: httpx.Client) -> tuple[dict[str, Any], dict[str, str]]:
    h = {"x-csrf-token": c.get("/api/session").json()["csrf"]}
    r = c.post("/api/games", json={"mode": "computer", "variant": "long"}, headers=h)
    assert r.status_code == 201, r.text
    return r.json(), h


@pytest.fixture
def crashing(db_url: str, tmp_path: Path) -> Any:
    srv = ServerProcess(db_url, tmp_path)
    srv.start(CRASH_ON_FIRST_ACTION)
    yield srv
    srv.stop()


def test_http_retry_after_a_kill_between_commit_and_reply(crashing: ServerProcess) -> None:
    with httpx.Client(base_url=crashing.url) as c:
        st, h = new_game(c)
        gid = st["id"]
        # a whole turn: the computer's answer is stored in the same change
        turn = {"action": "play", "play": st["legal"]["plays"][0], "action_id": "turn-1"}
        with pytest.raises(httpx.TransportError):
            c.post(f"/api/games/{gid}/actions", json=turn, headers=h)
        killed(crashing)
        stored = c.get(f"/api/games/{gid}/events").json()["events"]
        mine = [e for e in stored if e["seq"] > st["seq"]]
        assert mine and mine[0]["data"]["action"]["id"] == "turn-1"  # stored, not answered
        assert any(e["by"] != st["role"] for e in mine)  # the computer's turn too
        r = c.post(f"/api/games/{gid}/actions", json=turn, headers=h)  # the client's retry
        assert r.status_code == 200, r.text
        assert r.json()["events"] == mine
        assert r.json()["state"]["seq"] == stored[-1]["seq"]
        assert c.get(f"/api/games/{gid}/events").json()["events"] == stored  # nothing new
        # the game goes on from there
        nxt = r.json()["state"]
        r = c.post(
            f"/api/games/{gid}/actions",
            json={"action": "play", "play": nxt["legal"]["plays"][0], "action_id": "turn-2"},
            headers=h,
        )
        assert r.status_code == 200 and r.json()["events"][0]["seq"] == stored[-1]["seq"] + 1


def test_socket_resync_and_retry_after_a_kill_between_commit_and_reply(
    crashing: ServerProcess,
) -> None:
    with httpx.Client(base_url=crashing.url) as c:
        st, _ = new_game(c)
        gid = st["id"]
        cookie = "; ".join(f"{k}={v}" for k, v in c.cookies.items())
        targets = st["legal"]["targets"]
        frm = next(iter(targets))
        step = {"action": "move", "from": int(frm), "to": targets[frm][0], "action_id": "s-1"}
        ws_url = crashing.url.replace("http", "ws", 1) + f"/ws/games/{gid}"
        with connect(ws_url, additional_headers={"cookie": cookie}) as ws:
            ws.send(json.dumps({"type": "hello", "last_seq": st["seq"]}))
            assert json.loads(ws.recv(10))["events"] == []
            ws.send(json.dumps({"type": "action", "id": 1, "action": step}))
            with pytest.raises(ConnectionClosed):
                ws.recv(30)
        killed(crashing)
        with connect(ws_url, additional_headers={"cookie": cookie}) as ws:
            ws.send(json.dumps({"type": "hello", "last_seq": st["seq"]}))
            hello = json.loads(ws.recv(10))  # the missed event, by number
            assert [e["kind"] for e in hello["events"]] == ["step"]
            assert hello["events"][0]["seq"] == st["seq"] + 1
            assert hello["state"]["seq"] == st["seq"] + 1
            ws.send(json.dumps({"type": "action", "id": 1, "action": step}))  # the resend
            assert json.loads(ws.recv(10)) == {"type": "ack", "id": 1, "seq": st["seq"] + 1}
        again = c.get(f"/api/games/{gid}").json()
        assert again["seq"] == st["seq"] + 1
        assert again["board"] == hello["state"]["board"]  # the one step, made once


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian chromium at /usr/bin/chromium")
def test_the_page_resends_its_unanswered_move_after_the_server_restarts(
    browser: Any, crashing: ServerProcess
) -> None:
    """The browser client (static/api.js): the move it sent is stored, the server dies
    before acknowledging it; the page reconnects, catches up by event number and sends
    the move again with its action id: it is acknowledged, not made twice."""
    page = new_page(browser, DESKTOP)
    page.goto(crashing.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    before = int(page.eval_on_selector("#board", "b => Number(b.dataset.seq)"))
    page.locator("#board .hit.src").first.click()
    page.locator("#board .hit.dst").first.click()  # stored, then the server is killed
    killed(crashing)
    # (the page's CSP forbids eval, so no wait_for_function: a selector, then a poll)
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])", timeout=30_000)
    deadline = time.monotonic() + 30
    while page.evaluate("window.__nardyGame.socket.pending.size") and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert page.evaluate("window.__nardyGame.socket.pending.size") == 0
    with httpx.Client(base_url=crashing.url) as c:
        stored = c.get(f"/api/games/{gid}/events").json()["events"]
    assert [e["kind"] for e in stored if e["seq"] > before] == ["step"]  # made once
    assert page.evaluate("window.__nardyGame.state().seq") == before + 1
    assert page.errors == []
