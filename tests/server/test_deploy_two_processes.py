"""docs/deploy.md's several-processes nginx, run (issue 18): the documented site with the
documented two-server ``upstream`` (round robin, loopback ports put in) in front of two
real ``nardy serve --redis`` processes on one PostgreSQL and one Redis. A friend game is
played in two browsers through it, by clicking, with the two players' game sockets held
by different processes: each move reaches the other player through Redis. Skipped where
PostgreSQL, nginx or Chromium is missing, except in CI."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    PHONE,
    my_turn,
    new_page,
    play_turn_by_clicking,
    seq,
    start_friend_game,
)
from conftest import POSTGRES, Server, reset_postgres, worker_postgres_url
from test_deploy_nginx import NGINX, Nginx

pytestmark = BROWSER_MARKS

#: Turns played through nginx (both players, each a roll and a whole play).
TURNS = 12


@pytest.fixture
def two_behind_nginx(redis_url: str, tmp_path: Path) -> Iterator[tuple[list[Server], Nginx]]:
    for missing, what in (
        (not POSTGRES, "NARDY_TEST_POSTGRES_URL is not set"),
        (not Path(NGINX).exists(), "nginx is not installed"),
    ):
        if missing:
            if os.environ.get("CI"):
                pytest.fail(what)
            pytest.skip(what)
    assert POSTGRES
    url = worker_postgres_url(POSTGRES)
    reset_postgres(url)
    redis.Redis.from_url(redis_url).flushdb()
    extra = ["--redis", redis_url, "--test-dice-seed", "e2e-seed", "--trusted-proxy"]
    extra += ["127.0.0.1", "--guest-rate", "1000 per hour"]
    servers = [Server(url, tmp_path, extra) for _ in range(2)]
    started: list[Server] = []
    try:
        for server in servers:  # one after the other: the first creates the schema
            server.start()
            started.append(server)
        nginx = Nginx(tmp_path, [s.port for s in servers])
        try:
            yield servers, nginx
        finally:
            nginx.stop()
    finally:
        for server in started:
            server.stop()


#: Keeps each game socket's close (code, reason, when) in ``window.__nardyCloses``, so
#: that a socket opened again says why the one before it closed.
CLOSES = """(() => {
  const Native = window.WebSocket;
  window.__nardyCloses = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("close", (e) => window.__nardyCloses.push(
        {url: this.url, code: e.code, reason: e.reason, clean: e.wasClean, at: Date.now()}));
    }
  };
})()"""


class GameSockets:
    """The processes that held ``page``'s game websockets, in order: each handshake's
    ``X-Nardy-Pid``, read through Chromium's DevTools protocol (Playwright shows no
    websocket headers). Listening starts before the page opens any socket."""

    def __init__(self, page: Any) -> None:
        self.page = page
        page.add_init_script(CLOSES)
        self.urls: dict[str, str] = {}
        self.pids: list[str] = []
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.webSocketCreated", self._created)
        cdp.on("Network.webSocketHandshakeResponseReceived", self._answered)
        cdp.send("Network.enable")

    def _created(self, event: dict[str, Any]) -> None:
        self.urls[event["requestId"]] = event["url"]

    def _answered(self, event: dict[str, Any]) -> None:
        if "/ws/games/" in self.urls.get(event["requestId"], ""):
            headers = {k.lower(): v for k, v in event["response"]["headers"].items()}
            self.pids.append(headers["x-nardy-pid"])

    def reconnect(self) -> None:
        """Drop the game socket; the page opens a new one by itself."""
        opened = len(self.pids)
        self.page.evaluate("() => window.__nardyGame.socket.drop()")
        for _ in range(200):
            if len(self.pids) > opened:
                return
            self.page.wait_for_timeout(50)  # the page's own reconnect, half a second on
        raise AssertionError("the page did not open its game socket again")

    def closes(self) -> list[dict[str, Any]]:
        """The page's game sockets closed so far: code, reason, clean, when (ms)."""
        found: list[dict[str, Any]] = self.page.evaluate("window.__nardyCloses")
        return [c for c in found if "/ws/games/" in c["url"]]


def test_a_friend_game_through_nginx_in_front_of_two_processes(
    two_behind_nginx: tuple[list[Server], Nginx], browser: Any, shots: Path
) -> None:
    servers, nginx = two_behind_nginx
    pids = {str(s.pid) for s in servers}
    # round robin: requests in a row through nginx are answered by both processes
    with httpx.Client(base_url=nginx.url, verify=False, timeout=20) as c:
        answered = {c.get("/healthz").headers["x-nardy-pid"] for _ in range(4)}
    assert answered == pids

    a = new_page(browser, DESKTOP, motion=False, own_certificate=True)
    b = new_page(browser, PHONE, locale="en-US", motion=False, own_certificate=True)
    held = {a: GameSockets(a), b: GameSockets(b)}
    mover, other = start_friend_game(a, b, nginx.url, "long")
    # where round robin put both game sockets on one process, the second player's is
    # dropped and opened again until it lands on the other
    for _ in range(10):
        if held[a].pids and held[b].pids and held[a].pids[-1] != held[b].pids[-1]:
            break
        held[b].reconnect()
    assert {held[a].pids[-1], held[b].pids[-1]} == pids, (held[a].pids, held[b].pids)
    sockets = {p: len(h.pids) for p, h in held.items()}
    closed = {p: len(h.closes()) for p, h in held.items()}

    for _ in range(TURNS):
        play_turn_by_clicking(mover)
        done = seq(mover)
        # the other player's socket is on the other process: the move came through Redis
        other.wait_for_selector(f"#board[data-seq='{done}']")
        if my_turn(other):
            mover, other = other, mover
        else:
            assert my_turn(mover)  # (a roll that could not be played passes the turn back)
    assert seq(a) == seq(b) >= TURNS * 2
    assert a.locator("#moves li").count() == b.locator("#moves li").count() >= TURNS
    # none was opened again (else: why each closed, and what the servers logged)
    why = [h.closes()[closed[p] :] for p, h in held.items()]
    logs = [(s.workdir / f"server-{s.port}.log").read_text()[-3000:] for s in servers]
    assert {p: len(h.pids) for p, h in held.items()} == sockets, (why, logs)
    a.screenshot(path=str(shots / "two-processes-a.png"))
    b.screenshot(path=str(shots / "two-processes-b.png"))
    assert a.errors == [] and b.errors == [] and a.csp == [] and b.csp == []
    # the game's record as stored, asked through nginx, is the one both boards show
    with httpx.Client(base_url=nginx.url, verify=False, timeout=20) as c:
        game = a.evaluate("window.__nardyGame.state().id")
        events = c.get(f"/api/games/{game}/events").json()["events"]
    assert [e["seq"] for e in events] == list(range(1, seq(a) + 1))
