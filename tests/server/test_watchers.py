"""How many people watch a game (``nardy.server.watchers``): a game socket that says
hello with ``"watchers": true`` is told the number of its spectators (not its players;
a person with two tabs once; an anonymous visitor per socket) and each change, with one
process and with several sharing Redis."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from lobby_helpers import receive
from visitors import Visitor


def hello(ws: Any, *, watchers: Any = True) -> dict[str, Any]:
    """Say hello (asking for the watchers unless ``watchers`` is False); the update."""
    msg: dict[str, Any] = {"type": "hello", "last_seq": 0}
    if watchers is not False:
        msg["watchers"] = watchers
    ws.send_json(msg)
    update = receive(ws)
    assert update["type"] == "update", update
    return update


def told(ws: Any) -> int:
    """The next message of ``ws``: the number of watchers."""
    msg = receive(ws)
    assert msg["type"] == "watchers", msg
    n: int = msg["n"]
    return n


def told_until(ws: Any, n: int) -> None:
    """Read ``ws``'s watchers' numbers until it is told ``n`` (another process's
    recount may come after this one's: the last number is the count)."""
    for _ in range(10):
        if told(ws) == n:
            return
    raise AssertionError(f"never told {n}")


def computer_game(v: Visitor) -> str:
    r = v.post("/api/games", {"mode": "computer", "variant": "short"})
    assert r.status_code == 201, r.text
    game_id: str = r.json()["id"]
    return game_id


def test_the_players_and_spectators_are_told_how_many_watch(app: Any) -> None:
    with TestClient(app) as first:
        player = Visitor(first).register("ashot")
        gid = computer_game(player)
        url = f"/ws/games/{gid}"
        vera_client = TestClient(app)
        vera_client.portal = first.portal
        vera = Visitor(vera_client).register("vera")
        vera2 = TestClient(app)  # vera's second tab
        vera2.portal = first.portal
        vera2.cookies = vera.c.cookies
        anon = TestClient(app)  # a visitor without an account
        anon.portal = first.portal
        with player.c.websocket_connect(url) as wp:
            assert hello(wp)["state"]["role"] in ("white", "black")
            assert told(wp) == 0  # (the player himself is no watcher)
            with vera.c.websocket_connect(url) as wv:
                assert told(wp) == 1
                assert hello(wv)["state"]["role"] == "spectator"
                assert told(wv) == 1
                with vera2.websocket_connect(url) as wv2:  # one person: still one
                    assert told(wp) == 1 and told(wv) == 1
                    hello(wv2)
                    assert told(wv2) == 1
                    with anon.websocket_connect(url) as wa:
                        assert told(wp) == 2 and told(wv) == 2 and told(wv2) == 2
                        hello(wa)
                        assert told(wa) == 2
                    assert told(wp) == 1 and told(wv) == 1 and told(wv2) == 1
                assert told(wp) == 1 and told(wv) == 1  # (vera's other tab is open)
            assert told(wp) == 0
            # the player's second tab counts no watcher either
            with player.c.websocket_connect(url) as wp2:
                hello(wp2)
                assert told(wp2) == 0
            assert app.state.watchers.count(gid) == 0


def test_a_socket_that_did_not_ask_is_not_told(app: Any) -> None:
    """The updates' stream of a client that did not ask (an old page, a bot, a test)
    stays as it was: a spectator coming sends it nothing; a ``watchers`` that is not
    ``true`` is not asking."""
    with TestClient(app) as first:
        player = Visitor(first).register("ashot")
        gid = computer_game(player)
        url = f"/ws/games/{gid}"
        anon = TestClient(app)
        anon.portal = first.portal
        with player.c.websocket_connect(url) as wp:
            hello(wp, watchers=False)
            with anon.websocket_connect(url) as wa:
                hello(wa, watchers="yes")
                # the next message the player gets is the answer to his next hello
                wp.send_json({"type": "hello", "last_seq": 10**6})
                assert receive(wp)["type"] == "update"
                wa.send_json({"type": "hello", "last_seq": 10**6})
                assert receive(wa)["type"] == "update"
                assert app.state.watchers.count(gid) == 1


def test_watchers_on_two_processes_are_counted_together(
    apps: tuple[Any, Any],
) -> None:
    """A player on one process, spectators on both (one person on both, once): every
    socket is told the count of all the processes', and its changes."""
    firsts = [TestClient(apps[i]).__enter__() for i in (0, 1)]
    try:
        player = Visitor(firsts[0]).register("ashot")
        gid = computer_game(player)
        url = f"/ws/games/{gid}"
        vera = Visitor(firsts[1]).register("vera")
        vera_on_a = TestClient(apps[0])  # her second tab, on the other process
        vera_on_a.portal = firsts[0].portal
        vera_on_a.cookies = vera.c.cookies
        anon = TestClient(apps[1])
        anon.portal = firsts[1].portal
        with player.c.websocket_connect(url) as wp:
            hello(wp)
            assert told(wp) == 0
            with vera.c.websocket_connect(url) as wv:  # on process B
                told_until(wp, 1)  # process A's player hears of B's watcher
                hello(wv)
                assert told(wv) == 1
                with vera_on_a.websocket_connect(url) as wv2:  # the same person on A
                    hello(wv2)
                    assert told(wv2) == 1
                    with anon.websocket_connect(url):  # a second person on B
                        told_until(wp, 2)
                        told_until(wv, 2)
                        told_until(wv2, 2)
                    told_until(wp, 1)
                    told_until(wv2, 1)
                told_until(wp, 1)
            told_until(wp, 0)
    finally:
        for c in reversed(firsts):
            c.__exit__(None, None, None)
