"""A moderator's chat mute (``nardy.server.moderation.set_mute``): for a chosen time, the
member's chat posts are refused in his language saying until when, his open chats hear
it at once, he plays on; it ends by itself when its time is up (the server's injected
clock, moved by the test) or when a moderator lifts it; moderators are not muted, and
every bad request is refused clearly and changes nothing. The real app on SQLite and
PostgreSQL, real websockets."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from visitors import Visitor, set_user, visitors_of

pytestmark = pytest.mark.clocked

#: The server's time when each test begins (a Monday afternoon, so that the texts are known).
START = datetime(2025, 5, 12, 14, 30, tzinfo=UTC)


@pytest.fixture
def clients(app: Any, clock: Any) -> Iterator[Any]:
    """Makes visitors of one app, all on the first one's event loop; the server's time
    is ``START``."""
    clock.moment = START
    with visitors_of(app) as make:
        yield make


def moderator(app: Any, v: Visitor) -> None:
    set_user(app, v.id, moderator=True)


def join(ws: WebSocketTestSession, channel: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "channel": channel})
    joined = ws.receive_json()
    assert joined["type"] == "joined", joined
    return dict(joined)


def test_a_muted_member_cannot_chat_until_it_ends_and_plays_on(
    app: Any, clients: Any, clock: Any
) -> None:
    ashot, mod = clients().register("ashot"), clients().register("moder")
    moderator(app, mod)
    with ashot.c.websocket_connect("/ws/chat") as ws:
        assert join(ws, "lobby")["muted_until"] is None
        r = mod.post("/api/players/ashot/mute", {"hours": 24, "reason": "insults"})
        assert r.status_code == 200, r.text
        until = r.json()["muted_until"]
        assert r.json()["name"] == "ashot"
        assert datetime.fromisoformat(until) == START + timedelta(hours=24)
        # his open chat hears it at once, and a chat opened now says it
        assert ws.receive_json() == {"type": "muted", "until": until}
        assert join(ws, "lobby")["muted_until"] == until
    assert ashot.get("/api/chat/lobby").json()["muted_until"] == until
    # every post refused, saying until when, in his language
    r = ashot.post("/api/chat/lobby", {"text": "why?"}, lang="ru")
    assert r.status_code == 403 and r.json()["code"] == "muted"
    assert r.json()["error"] == (
        "Модератор запретил вам писать в чат до 13 мая 2025, 14:30 (UTC). Играть можно."
    )
    assert r.json()["params"]["at"] == until  # (the browser says it in his own time)
    r = ashot.post("/api/chat/lobby", {"phrase": "hello"}, lang="en")
    assert r.json()["error"] == (
        "A moderator has muted you in the chat until 13 May 2025, 14:30 UTC. You can still play."
    )
    assert ashot.get("/api/chat/lobby").json()["messages"] == []
    # he plays on: the computer, and the club's pairing
    r = ashot.post("/api/games", {"mode": "computer", "variant": "long"})
    assert r.status_code == 201, r.text
    assert ashot.post("/api/lobby/queue", {"variant": "long"}).status_code == 200
    # a second before its end he is still muted; at its end he writes again
    clock.wait(24 * 3600 - 1)
    assert ashot.post("/api/chat/lobby", {"text": "now?"}).status_code == 403
    clock.wait(1)
    assert ashot.say("lobby", "sorry, all")["text"] == "sorry, all"
    assert ashot.get("/api/chat/lobby").json()["muted_until"] is None
    # an ended mute is nothing to lift
    r = mod.post("/api/players/ashot/unmute", lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "ashot может писать в чат: запрета нет"


def test_a_mute_is_replaced_and_lifted_and_his_chat_hears_it(app: Any, clients: Any) -> None:
    ashot, mod = clients().register("ashot"), clients().register("moder")
    moderator(app, mod)
    assert mod.post("/api/players/ashot/mute", {"hours": 1}).status_code == 200
    r = mod.post("/api/players/ashot/mute", {"hours": 168})  # a week: replaces the hour
    assert datetime.fromisoformat(r.json()["muted_until"]) == START + timedelta(days=7)
    r = ashot.post("/api/chat/lobby", {"text": "hm"}, lang="ru")
    assert "до 19 мая 2025, 14:30 (UTC)" in r.json()["error"]
    with ashot.c.websocket_connect("/ws/chat") as ws:
        join(ws, "lobby")
        r = mod.post("/api/players/ashot/unmute", {"reason": "he apologised"})
        assert r.json() == {"name": "ashot", "muted_until": None}
        assert ws.receive_json() == {"type": "unmuted"}
    assert ashot.say("lobby", "thanks")["text"] == "thanks"


def test_mute_refusals_are_clear_and_change_nothing(app: Any, clients: Any) -> None:
    ashot, mod = clients().register("ashot"), clients().register("moder")
    other = clients().register("modtwo")
    moderator(app, mod)
    moderator(app, other)
    # members and visitors may not
    r = ashot.post("/api/players/moder/mute", {"hours": 1}, lang="ru")
    assert r.status_code == 403 and r.json()["error"] == "это могут только модераторы клуба"
    assert clients().post("/api/players/ashot/mute", {"hours": 1}).status_code == 403
    assert ashot.post("/api/players/moder/unmute").status_code == 403
    # not himself, not another moderator (refused like a ban), not a stranger
    r = mod.post("/api/players/moder/mute", {"hours": 1}, lang="ru")
    assert r.status_code == 400 and r.json()["error"] == "модератор не может запретить чат сам себе"
    r = mod.post("/api/players/modtwo/mute", {"hours": 1}, lang="ru")
    assert r.status_code == 403
    assert r.json()["error"] == "modtwo — модератор: модераторам чат не запрещают"
    r = mod.post("/api/players/nobody/mute", {"hours": 1})
    assert r.status_code == 404 and r.json()["code"] == "not-found"
    # the length: whole hours, 1 to 720
    for hours in (0, 721, "24", True, 1.5, None):
        r = mod.post("/api/players/ashot/mute", {"hours": hours}, lang="en")
        assert r.status_code == 400, (hours, r.text)
        assert "a whole number from 1 to 720" in r.json()["error"]
    r = mod.post("/api/players/ashot/mute", {}, lang="ru")
    assert r.status_code == 400 and "целое число от 1 до 720" in r.json()["error"]
    # the reason for the log: text, at most 300 characters
    r = mod.post("/api/players/ashot/mute", {"hours": 1, "reason": "x" * 301}, lang="en")
    assert (
        r.status_code == 400
        and r.json()["error"] == "the reason is 301 characters long; at most 300"
    )
    r = mod.post("/api/players/ashot/mute", {"hours": 1, "reason": 5}, lang="ru")
    assert r.status_code == 400 and "причина — текст" in r.json()["error"]
    r = mod.post("/api/players/ashot/unmute", lang="en")
    assert r.status_code == 409 and r.json()["error"] == "ashot is not muted"
    # nothing of it took: he writes, and the log is empty
    assert ashot.say("lobby", "still here")["text"] == "still here"
    assert mod.get("/api/moderation/log").json()["entries"] == []
