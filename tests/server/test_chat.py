"""The chat (``nardy.server.chat``) over HTTP and its websocket, with the real app on
SQLite and PostgreSQL: who reads and writes which channel (players, spectators, the
lobby), quick phrases, limits, blocks, reports and moderators, and the bad inputs."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect
from visitors import Visitor, set_user, visitors_of

from nardy.server.chat import CHAT_LIMIT, MAX_CHARS, PHRASES, InMemoryDelivery, clean_text


@pytest.fixture
def clients(app: Any) -> Iterator[Any]:
    """Makes visitors of one app (each his own cookies, all on the first one's event
    loop: ``server_helpers.same_loop_clients``)."""
    with visitors_of(app) as make:
        yield make


def club_game(app: Any, a: Visitor, b: Visitor) -> str:
    """A club game between two members (``GameService.create_paired``)."""
    assert a.id is not None and b.id is not None
    live = a.c.portal.call(app.state.games.create_paired, a.id, b.id, {"variant": "long"})
    return str(live.meta.id)


def join(ws: WebSocketTestSession, channel: str) -> dict[str, Any]:
    ws.send_json({"type": "join", "channel": channel})
    joined = ws.receive_json()
    assert joined["type"] == "joined", joined
    return dict(joined)


def texts(messages: list[dict[str, Any]]) -> list[str]:
    return [m.get("text") or f"phrase:{m['phrase']}" for m in messages]


def test_players_and_spectators_chat_apart(app: Any, clients: Any) -> None:
    a, b, c = clients().register("ashot"), clients().register("boris"), clients().register("vera")
    gid = club_game(app, a, b)
    game, watch = f"game:{gid}", f"watch:{gid}"
    with (
        a.c.websocket_connect("/ws/chat") as wa,
        b.c.websocket_connect("/ws/chat") as wb,
        c.c.websocket_connect("/ws/chat") as wc,
    ):
        assert join(wa, game)["can_post"] is True
        assert join(wb, game)["messages"] == []
        joined = join(wc, watch)
        assert joined["can_post"] is True and joined["phrases"] == list(PHRASES)
        # the players' chat: the two players only
        wc.send_json({"type": "join", "channel": game})
        refused = wc.receive_json()
        assert refused["type"] == "error" and refused["code"] == "forbidden"
        assert refused["channel"] == game
        # the spectators' chat is not for the players during the game
        wa.send_json({"type": "join", "channel": watch})
        assert wa.receive_json()["code"] == "forbidden"

        a.say(game, "Привет, удачи")
        got = wb.receive_json()
        assert got["type"] == "message" and got["text"] == "Привет, удачи"
        assert got["name"] == "ashot" and got["channel"] == game
        assert wa.receive_json()["id"] == got["id"]  # the writer gets his own too

        c.say(watch, "белые играют смело")
        assert wc.receive_json()["text"] == "белые играют смело"
        # a quick phrase over the socket travels as its key
        wb.send_json({"type": "say", "id": 9, "channel": game, "phrase": "good-luck"})
        ack = wb.receive_json()
        phrase = wb.receive_json()
        if ack["type"] == "message":  # (the broadcast may come before the ack)
            ack, phrase = phrase, ack
        assert ack["type"] == "ack" and ack["id"] == 9
        assert phrase["phrase"] == "good-luck" and "text" not in phrase
        # the players got the phrase next: the spectators' line never reached them
        assert wa.receive_json()["phrase"] == "good-luck"

    # over HTTP: the same rules
    r = c.post(f"/api/chat/{game}", {"text": "подсказка: 13/7"}, lang="ru")
    assert r.status_code == 403
    assert r.json()["error"] == "в чат игроков пишут только двое игроков этой партии"
    assert c.get(f"/api/chat/{game}").status_code == 403
    r = a.post(f"/api/chat/{watch}", {"text": "hi"})
    assert r.status_code == 403 and "spectators" in r.json()["error"]
    assert a.get(f"/api/chat/{watch}").status_code == 403
    history = b.get(f"/api/chat/{game}").json()
    assert texts(history["messages"]) == ["Привет, удачи", "phrase:good-luck"]
    assert texts(c.get(f"/api/chat/{watch}").json()["messages"]) == ["белые играют смело"]


def test_players_read_the_spectators_chat_once_the_game_is_over(app: Any, clients: Any) -> None:
    a, b, c = clients().register("ashot"), clients().register("boris"), clients().register("vera")
    gid = club_game(app, a, b)
    c.say(f"watch:{gid}", "gg")
    # one offers to resign (rules.md, "Resignations": on his turn), the other accepts
    resigner, other = a, b
    r = a.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    if r.status_code != 200:  # it was the other's turn
        resigner, other = b, a
        r = b.post(f"/api/games/{gid}/actions", {"action": "resign", "level": 1})
    assert r.status_code == 200, r.text
    r = other.post(f"/api/games/{gid}/actions", {"action": "accept"})
    assert r.status_code == 200, r.text
    assert resigner.get(f"/api/games/{gid}").json()["status"] == "over"
    seen = a.get(f"/api/chat/watch:{gid}").json()
    assert texts(seen["messages"]) == ["gg"]
    assert seen["can_post"] is False  # read, not written: it stays the spectators'
    assert a.post(f"/api/chat/watch:{gid}", {"text": "thanks"}).status_code == 403


def test_bad_input_gets_clear_errors_in_both_languages(app: Any, clients: Any) -> None:
    a = clients().register("ashot")
    b = clients().register("boris")
    gid = club_game(app, a, b)
    game = f"game:{gid}"

    def refused(channel: str, body: Any, status: int, code: str) -> dict[str, str]:
        said = {}
        for lang in ("en", "ru"):
            r = a.post(f"/api/chat/{channel}", body, lang=lang)
            assert r.status_code == status, r.text
            assert r.json()["code"] == code
            said[lang] = r.json()["error"]
        assert said["en"] != said["ru"]  # said in each language
        return said

    said = refused("general", {"text": "hi"}, 400, "malformed")
    assert "'general'" in said["en"] and "неизвестный канал" in said["ru"]
    refused("game:../../etc", {"text": "hi"}, 400, "malformed")
    refused("game:nosuchgame", {"text": "hi"}, 404, "not-found")
    said = refused(game, {"text": " \x00\u202e\t "}, 400, "chat-empty")
    assert said["ru"] == "сообщение пустое"
    said = refused(game, {"text": "x" * (MAX_CHARS + 1)}, 400, "chat-too-long")
    assert said["en"] == f"the message is {MAX_CHARS + 1} characters long; at most {MAX_CHARS}"
    refused(game, {"text": "hi", "phrase": "bye"}, 400, "malformed")
    said = refused(game, {"phrase": "you-lose"}, 400, "malformed")
    assert "'you-lose'" in said["en"] and "good-luck" in said["ru"]
    refused(game, ["text", "hi"], 400, "malformed")
    refused(game, {"text": 5}, 400, "malformed")
    r = a.c.post(
        f"/api/chat/{game}",
        content=b"{not json",
        headers={**a.headers("en"), "content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["code"] == "malformed"
    # without the CSRF token nothing is written
    r = a.c.post(f"/api/chat/{game}", json={"text": "hi"})
    assert r.status_code == 403 and r.json()["code"] == "csrf"
    # none of that was stored; control characters go, and are not counted
    assert b.get(f"/api/chat/{game}").json()["messages"] == []
    long_ok = "y" * MAX_CHARS
    assert a.say(game, f"\x07{long_ok}\u202e")["text"] == long_ok
    assert a.say(game, "две\nстроки")["text"] == "две строки"


def test_clean_text_keeps_emoji_and_drops_controls() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_text(f" {family} ") == family
    assert clean_text("a\u202eb\u0000c\x1fd") == "abcd"  # no bidi override, no NUL
    assert clean_text("e\u0301") == "\u00e9"  # NFC: one character


def test_markup_is_stored_and_sent_as_text(app: Any, clients: Any) -> None:
    a = clients().register("ashot")
    line = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    assert a.say("lobby", line)["text"] == line
    assert texts(a.get("/api/chat/lobby").json()["messages"]) == [line]


def test_writing_too_fast_is_throttled_per_user(app: Any, clients: Any) -> None:
    a, b = clients().register("ashot"), clients().register("boris")
    for i in range(5):  # CHAT_RATE: 5 per 10 seconds
        a.say("lobby", f"line {i}")
    for lang, word in (("en", "too fast"), ("ru", "слишком часто")):
        r = a.post("/api/chat/lobby", {"text": "one more"}, lang=lang)
        assert r.status_code == 429 and r.json()["code"] == "chat-too-fast"
        wait = int(r.headers["retry-after"])
        assert 1 <= wait <= 10 and r.json()["params"]["wait"] == wait
        assert word in r.json()["error"]
    b.say("lobby", "I may")  # another user is not held back
    app.state.chat.throttle.clear(CHAT_LIMIT, str(a.id))  # (the window passed)
    a.say("lobby", "again")
    assert len(a.get("/api/chat/lobby").json()["messages"]) == 7


def test_lobby_is_for_accounts_and_guests_chat_in_their_own_games(app: Any, clients: Any) -> None:
    anonymous = clients()
    assert anonymous.get("/api/chat/lobby").json()["can_post"] is False
    r = anonymous.post("/api/chat/lobby", {"text": "hi"}, lang="ru")
    assert r.status_code == 403 and "зарегистрируйтесь" in r.json()["error"]
    # two guests play a friend game by invitation
    host, friend = clients(), clients()
    st = host.post("/api/games", {"mode": "friend", "variant": "long"}).json()
    token = st["invite_url"].rsplit("/", 1)[1]
    assert friend.post(f"/api/join/{token}").status_code == 200
    game = f"game:{st['id']}"
    host.say(game, "удачи")
    joined = friend.get(f"/api/chat/{game}").json()
    assert texts(joined["messages"]) == ["удачи"] and joined["can_post"] is True
    lobby = host.get("/api/chat/lobby").json()
    assert lobby["can_post"] is False and lobby["cannot_post"]["code"] == "forbidden"
    assert host.post("/api/chat/lobby", {"text": "hi"}).status_code == 403
    # a spectator guest reads the spectators' chat, and writes only with an account
    guest = clients()
    guest.post("/api/games", {"mode": "computer", "variant": "long"})  # (now a guest)
    assert guest.get(f"/api/chat/watch:{st['id']}").json()["can_post"] is False
    assert guest.post(f"/api/chat/watch:{st['id']}", {"text": "hi"}).status_code == 403
    # a game against the computer has no players' chat
    solo = host.post("/api/games", {"mode": "computer", "variant": "long"}).json()
    r = host.post(f"/api/chat/game:{solo['id']}", {"text": "hi"})
    assert r.status_code == 404 and "two people" in r.json()["error"]


def test_a_banned_user_cannot_chat(app: Any, clients: Any) -> None:
    a = clients().register("ashot")
    a.say("lobby", "before")
    set_user(app, a.id, banned_at=datetime.now(UTC))
    for lang in ("en", "ru"):
        r = a.post("/api/chat/lobby", {"text": "after"}, lang=lang)
        assert r.status_code == 403 and r.json()["code"] == "banned", r.text
    assert r.json()["error"] == "Модератор отстранил вас от игры и чата."
    assert texts(a.get("/api/chat/lobby").json()["messages"]) == ["before"]


def test_a_blocked_users_messages_never_reach_the_blocker(app: Any, clients: Any) -> None:
    a, b, c = clients().register("ashot"), clients().register("boris"), clients().register("vera")
    b.say("lobby", "old line")
    with a.c.websocket_connect("/ws/chat") as wa, c.c.websocket_connect("/ws/chat") as wc:
        join(wa, "lobby")
        join(wc, "lobby")
        assert a.post(f"/api/chat/blocks/{b.id}").status_code == 200
        assert wa.receive_json() == {"type": "blocked", "user_id": b.id}
        b.say("lobby", "after the block")
        c.say("lobby", "from vera")
        assert wc.receive_json()["text"] == "after the block"
        assert wc.receive_json()["text"] == "from vera"
        assert wa.receive_json()["text"] == "from vera"  # boris's line was not sent
        assert texts(a.get("/api/chat/lobby").json()["messages"]) == ["from vera"]
        # blocking again changes nothing; unblocking shows him again
        assert a.post(f"/api/chat/blocks/{b.id}").status_code == 200
        assert wa.receive_json()["type"] == "blocked"
        assert a.delete(f"/api/chat/blocks/{b.id}").status_code == 200
        assert wa.receive_json() == {"type": "unblocked", "user_id": b.id}
        b.say("lobby", "back")
        assert wa.receive_json()["text"] == "back"
    assert len(a.get("/api/chat/lobby").json()["messages"]) == 4
    r = a.post(f"/api/chat/blocks/{a.id}", lang="ru")
    assert r.status_code == 400 and r.json()["error"] == "нельзя заблокировать самого себя"
    assert a.post("/api/chat/blocks/999999").status_code == 404
    assert clients().post(f"/api/chat/blocks/{b.id}").status_code == 403  # no session


def test_reports_and_a_moderator_hiding_a_message(app: Any, clients: Any) -> None:
    a, b = clients().register("ashot"), clients().register("boris")
    mod = clients().register("moder")
    set_user(app, mod.id, moderator=True)
    bad = a.say("lobby", "rude words")
    fine = a.say("lobby", "fine words")
    assert b.post(f"/api/chat/messages/{bad['id']}/report", {"reason": "insult"}).status_code == 200
    r = b.post(f"/api/chat/messages/{bad['id']}/report", {"reason": "insult"}, lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "вы уже пожаловались на это сообщение"
    assert (
        mod.post(f"/api/chat/messages/{bad['id']}/report", {"reason": "insult"}).status_code == 200
    )
    assert (
        a.post(f"/api/chat/messages/{fine['id']}/report", {"reason": "insult"}).status_code == 400
    )  # his own
    assert b.post("/api/chat/messages/999999/report", {"reason": "insult"}).status_code == 404
    assert b.post("/api/chat/messages/abc/report", {"reason": "insult"}).status_code == 422
    # the reports: moderators only
    assert b.get("/api/chat/reports").status_code == 403
    reports = mod.get("/api/chat/reports").json()["reports"]
    assert [(r["message"]["text"], r["reports"]) for r in reports] == [("rude words", 2)]
    # hiding: only a moderator; the open chats drop it at once, and it is gone
    assert b.post(f"/api/chat/messages/{bad['id']}/hide").status_code == 403
    with b.c.websocket_connect("/ws/chat") as wb:
        assert texts(join(wb, "lobby")["messages"]) == ["rude words", "fine words"]
        assert mod.post(f"/api/chat/messages/{bad['id']}/hide").status_code == 200
        assert wb.receive_json() == {"type": "hidden", "id": bad["id"], "channel": "lobby"}
    assert texts(b.get("/api/chat/lobby").json()["messages"]) == ["fine words"]
    assert mod.post(f"/api/chat/messages/{bad['id']}/hide").status_code == 404
    (entry,) = mod.get("/api/chat/reports").json()["reports"]
    assert entry["message"]["hidden"] is True


def test_a_moderator_bans_and_lifts_a_ban_from_the_browser(app: Any, clients: Any) -> None:
    a, b = clients().register("ashot"), clients().register("boris")
    mod, other = clients().register("moder"), clients().register("modtwo")
    set_user(app, mod.id, moderator=True)
    set_user(app, other.id, moderator=True)
    assert mod.get("/api/session").json()["user"]["moderator"] is True
    assert a.get("/api/session").json()["user"]["moderator"] is False
    rude = a.say("lobby", "rude words")
    assert (
        b.post(f"/api/chat/messages/{rude['id']}/report", {"reason": "insult"}).status_code == 200
    )
    (entry,) = mod.get("/api/chat/reports").json()["reports"]
    assert (entry["author"], entry["author_banned"]) == ("ashot", False)
    # each refusal is clear, in the interface language, and changes nothing
    r = b.post("/api/players/ashot/ban", lang="ru")
    assert r.status_code == 403 and r.json()["error"] == "это могут только модераторы клуба"
    assert clients().post("/api/players/ashot/ban").status_code == 403  # no session
    r = mod.post("/api/players/nobody/ban")
    assert r.status_code == 404 and r.json()["code"] == "not-found"
    r = mod.post("/api/players/moder/ban", lang="ru")
    assert (
        r.status_code == 400
        and r.json()["error"] == "модератор не может отстранить от игры сам себя"
    )
    r = mod.post("/api/players/modtwo/ban")
    assert r.status_code == 403 and "only the club's owner" in r.json()["error"]
    r = mod.post("/api/players/ashot/unban")
    assert r.status_code == 409 and r.json()["error"] == "ashot is not banned"
    assert a.get("/api/players/ashot").json()["banned"] is False
    # the ban: at once, no chat, no club play, a badge in the reports
    assert mod.post("/api/players/ashot/ban").json() == {"name": "ashot", "banned": True}
    assert a.get("/api/players/ashot").json()["banned"] is True
    assert a.post("/api/chat/lobby", {"text": "again"}).status_code == 403
    assert a.post("/api/lobby/queue", {"variant": "long"}).status_code == 403
    (entry,) = mod.get("/api/chat/reports").json()["reports"]
    assert entry["author_banned"] is True
    r = mod.post("/api/players/ashot/ban", lang="ru")
    assert r.status_code == 409 and r.json()["error"] == "ashot уже отстранён"
    # a banned moderator is no moderator: he cannot ban (the owner bans moderators by CLI)
    set_user(app, other.id, banned_at=datetime.now(UTC))
    assert other.get("/api/session").json()["user"]["moderator"] is False
    assert other.post("/api/players/boris/ban").status_code == 403
    # lifted: he writes again
    assert mod.post("/api/players/ashot/unban").json() == {"name": "ashot", "banned": False}
    assert a.say("lobby", "sorry")["text"] == "sorry"


def test_the_chat_socket_answers_bad_messages(app: Any, clients: Any) -> None:
    a = clients().register("ashot")
    b = clients().register("boris")
    gids = [club_game(app, a, b) for _ in range(4)]
    gid = gids[0]
    with a.c.websocket_connect("/ws/chat", headers={"x-lang": "ru"}) as ws:
        ws.send_text("not json")
        assert ws.receive_json()["error"] == "сообщения — в формате JSON"
        ws.send_json({"type": "shout"})
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "join", "channel": "user:1"})  # private: not joinable
        assert "неизвестный канал" in ws.receive_json()["error"]
        ws.send_json({"type": "join", "channel": "game:nosuchgame"})
        assert ws.receive_json()["code"] == "not-found"
        ws.send_json({"type": "say", "id": 3, "channel": f"game:{gid}", "text": ""})
        err = ws.receive_json()
        assert err["id"] == 3 and err["code"] == "chat-empty"
        # four channels at most; joining one again does not count
        for channel in ["lobby", "lobby", *(f"game:{g}" for g in gids[:3])]:
            join(ws, channel)
        ws.send_json({"type": "join", "channel": f"game:{gids[3]}"})
        err = ws.receive_json()
        assert err["code"] == "malformed" and "4" in err["error"]
        ws.send_json({"type": "leave", "channel": "lobby"})
        join(ws, f"game:{gids[3]}")  # room again after leaving one


class Reader:
    """A ``ChatSubscriber`` that keeps what it gets, or is gone (``alive`` False)."""

    def __init__(self, alive: bool = True) -> None:
        self.got: list[dict[str, Any]] = []
        self.alive = alive

    async def deliver(self, message: dict[str, Any]) -> bool:
        if self.alive:
            self.got.append(message)
        return self.alive


def test_in_memory_delivery_keeps_the_contract() -> None:
    hub = InMemoryDelivery()
    one, two, gone = Reader(), Reader(), Reader(alive=False)

    async def run() -> None:
        await hub.subscribe("lobby", one)
        await hub.subscribe("game:x", one)
        await hub.subscribe("lobby", two)
        await hub.subscribe("lobby", gone)
        for i in range(3):
            await hub.publish("lobby", {"type": "message", "id": i})
        await hub.publish("game:x", {"type": "hidden", "id": 0})
        await hub.publish("watch:x", {"type": "message", "id": 9})  # no one follows it
        assert [m["id"] for m in one.got] == [0, 1, 2, 0]  # in order, once each
        assert [m["id"] for m in two.got] == [0, 1, 2]
        assert gone not in hub.channels["lobby"]  # a dead subscriber is dropped
        await hub.unsubscribe(one, "lobby")
        assert hub.channels == {"game:x": {one}, "lobby": {two}}
        await hub.unsubscribe(one)
        await hub.unsubscribe(two)
        assert hub.channels == {}  # (no empty channels left behind)

    asyncio.run(run())


def test_a_cross_site_chat_socket_is_refused(app: Any, clients: Any) -> None:
    a = clients().register("ashot")
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        a.c.websocket_connect("/ws/chat", headers={"origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403
