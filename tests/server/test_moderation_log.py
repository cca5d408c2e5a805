"""Reports with a reason, handled by a moderator, and the moderation log
(``nardy.server.chat.ChatService.handle``, ``nardy.server.moderation.read_log``): the
moderators' list counts each reason; a handled message leaves the open list (a new
report brings it back); every ban, unban, mute, unmute and handled report is logged
with who, whom, what, when and the reason typed, newest first, a page at a time, and
only moderators read it. The real app on SQLite and PostgreSQL; the server's time is
an injected clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from visitors import Visitor, set_user, visitors_of

pytestmark = pytest.mark.clocked

START = datetime(2025, 5, 12, 14, 30, tzinfo=UTC)


@pytest.fixture
def clients(app: Any, clock: Any) -> Iterator[Any]:
    clock.moment = START
    with visitors_of(app) as make:
        yield make


def moderator(app: Any, v: Visitor) -> None:
    set_user(app, v.id, moderator=True)


def report(v: Visitor, message: dict[str, Any], reason: str) -> None:
    r = v.post(f"/api/chat/messages/{message['id']}/report", {"reason": reason})
    assert r.status_code == 200, r.text


def test_reports_carry_reasons_and_leave_the_list_once_handled(
    app: Any, clients: Any, clock: Any
) -> None:
    a, b, c, d = (clients().register(n) for n in ("ashot", "boris", "vera", "gleb"))
    mod = clients().register("moder")
    moderator(app, mod)
    rude = a.say("lobby", "rude words")
    ads = a.say("lobby", "buy chips here")
    # a reason is asked for, one of four, said in the reporter's language
    r = b.post(f"/api/chat/messages/{rude['id']}/report", {}, lang="ru")
    assert r.status_code == 400
    assert r.json()["error"] == (
        "у жалобы должна быть причина: одна из insult, spam, cheating, other (не None)"
    )
    r = b.post(f"/api/chat/messages/{rude['id']}/report", {"reason": "rude"}, lang="en")
    assert r.status_code == 400 and "not 'rude'" in r.json()["error"]
    report(b, rude, "insult")
    report(c, rude, "insult")
    report(d, rude, "cheating")
    report(b, ads, "spam")
    reports = mod.get("/api/chat/reports").json()["reports"]
    assert [(x["message"]["text"], x["reports"], x["reasons"]) for x in reports] == [
        ("buy chips here", 1, {"spam": 1}),
        ("rude words", 3, {"insult": 2, "cheating": 1}),
    ]
    # handled: moderators only, a known outcome, once
    handle = f"/api/chat/messages/{rude['id']}/handle"
    assert b.post(handle, {"outcome": "dismissed"}).status_code == 403
    r = mod.post(handle, {"outcome": "ignored"}, lang="ru")
    assert r.status_code == 400 and "dismissed, acted" in r.json()["error"]
    assert mod.post("/api/chat/messages/999999/handle", {"outcome": "acted"}).status_code == 409
    r = mod.post(handle, {"outcome": "acted", "reason": "warned him"})
    assert r.json() == {"ok": True, "reports": 3}
    r = mod.post(handle, {"outcome": "acted"}, lang="ru")
    assert r.status_code == 409 and "их уже рассмотрели" in r.json()["error"]
    (left,) = mod.get("/api/chat/reports").json()["reports"]
    assert left["message"]["text"] == "buy chips here"
    clock.wait(60)
    r = mod.post(f"/api/chat/messages/{ads['id']}/handle", {"outcome": "dismissed"})
    assert r.status_code == 200, r.text
    assert mod.get("/api/chat/reports").json()["reports"] == []
    # a new report of a handled message opens it again, counting only the open one
    clock.wait(60)
    report(mod, rude, "other")
    (again,) = mod.get("/api/chat/reports").json()["reports"]
    assert (again["reports"], again["reasons"]) == (1, {"other": 1})
    # the log: both handlings, newest first, with what they concerned
    entries = mod.get("/api/moderation/log").json()["entries"]
    assert [(e["action"], e["moderator"], e["target"], e["note"]) for e in entries] == [
        ("dismiss", "moder", "ashot", None),
        ("act-on", "moder", "ashot", "warned him"),
    ]
    assert datetime.fromisoformat(entries[1]["at"]) == START
    assert datetime.fromisoformat(entries[0]["at"]) == START + timedelta(seconds=60)
    assert entries[1]["detail"] == {
        "message_id": rude["id"],
        "channel": "lobby",
        "text": "rude words",
        "reports": 3,
        "reasons": {"insult": 2, "cheating": 1},
    }


def test_every_ban_and_mute_is_logged_for_moderators_only(
    app: Any, clients: Any, clock: Any
) -> None:
    a, mod = clients().register("ashot"), clients().register("moder")
    moderator(app, mod)
    steps = [
        ("/api/players/ashot/mute", {"hours": 24, "reason": "insults"}),
        ("/api/players/ashot/unmute", {}),
        ("/api/players/ashot/ban", {"reason": "cheating with a program"}),
        ("/api/players/ashot/unban", {"reason": "appeal accepted"}),
    ]
    for url, body in steps:
        r = mod.post(url, body)
        assert r.status_code == 200, r.text
        clock.wait(3600)
    # a refused action is not logged
    assert mod.post("/api/players/ashot/unban").status_code == 409
    log = mod.get("/api/moderation/log").json()
    assert log["more"] is False and log["page"] == 0
    got = [(e["action"], e["target"], e["target_username"], e["note"]) for e in log["entries"]]
    assert got == [
        ("unban", "ashot", "ashot", "appeal accepted"),
        ("ban", "ashot", "ashot", "cheating with a program"),
        ("unmute", "ashot", "ashot", None),
        ("mute", "ashot", "ashot", "insults"),
    ]
    assert {e["moderator_username"] for e in log["entries"]} == {"moder"}
    at = [datetime.fromisoformat(e["at"]) for e in log["entries"]]
    assert at == [START + timedelta(hours=h) for h in (3, 2, 1, 0)]
    until = (START + timedelta(hours=24)).isoformat()
    assert log["entries"][3]["detail"] == {"hours": 24, "until": until}
    # paged: newest first, ``more`` while older ones follow
    first = mod.get("/api/moderation/log?size=3").json()
    assert [e["action"] for e in first["entries"]] == ["unban", "ban", "unmute"]
    assert first["more"] is True
    second = mod.get("/api/moderation/log?size=3&page=1").json()
    assert [e["action"] for e in second["entries"]] == ["mute"] and second["more"] is False
    assert mod.get("/api/moderation/log?size=0").status_code == 422
    assert mod.get("/api/moderation/log?size=101").status_code == 422
    assert mod.get("/api/moderation/log?page=-1").status_code == 422
    # members and visitors: 403, in their language
    r = a.get("/api/moderation/log", lang="ru")
    assert r.status_code == 403 and r.json()["error"] == "это могут только модераторы клуба"
    assert clients().get("/api/moderation/log").status_code == 403
    # the bodies: a reason is text, at most 300 characters
    r = mod.post("/api/players/ashot/ban", {"reason": ["x"]})
    assert r.status_code == 400
    r = mod.post("/api/players/ashot/ban", [1])
    assert r.status_code == 400
    assert a.get("/api/players/ashot").json()["banned"] is False
