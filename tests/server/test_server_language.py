"""The server's texts in the request's language (issues 14.5, 16.5): the game socket's
close reasons (the ``lang`` cookie of the handshake; each cut to fit a close frame), a
wrong address or method, and the rules page's example errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from nardy.i18n import t
from nardy.server import Settings, create_app
from nardy.server.guards import MAX_WS_MESSAGE
from nardy.server.routes.ws import MAX_CLOSE_REASON, close_reason

pytestmark = pytest.mark.one_database

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def start(c: TestClient) -> str:
    csrf = c.get("/api/session").json()["csrf"]
    r = c.post("/api/games", json={"mode": "computer"}, headers={"x-csrf-token": csrf})
    assert r.status_code == 201, r.text
    return str(r.json()["id"])


def closed_with(c: TestClient, url: str, send: str | None = None, **headers: str) -> Any:
    """The close (code, reason) of a socket to ``url`` (after sending ``send``)."""
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        c.websocket_connect(url, headers=headers) as ws,
    ):
        if send is not None:
            ws.send_text(send)
        ws.receive_json()
    return closed.value.code, closed.value.reason


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_close_reasons_in_the_sockets_language(settings: Settings, lang: str) -> None:
    settings.max_sockets_per_game = 1
    app = create_app(settings)
    with TestClient(app) as c:
        c.cookies.set("lang", lang)
        gid = start(c)
        assert closed_with(c, f"/ws/games/{gid}", origin="https://evil.example") == (
            4403,
            t("error.ws-cross-site", lang),
        )
        assert closed_with(c, "/ws/games/nosuchgame") == (
            4404,
            t("error.no-game", lang, game="nosuchgame"),
        )
        big = " " * (MAX_WS_MESSAGE + 1)
        assert closed_with(c, f"/ws/games/{gid}", send=big) == (
            1009,
            t("error.ws-too-big", lang, n=MAX_WS_MESSAGE),
        )
        with c.websocket_connect(f"/ws/games/{gid}"):
            assert closed_with(c, f"/ws/games/{gid}") == (
                4429,
                t("error.ws-too-many-to-game", lang, n=1),
            )
    # the words differ between the languages: each is really said in its own
    assert t("error.ws-too-big", "ru", n=1) != t("error.ws-too-big", "en", n=1)


def test_a_long_reason_is_cut_at_a_letter() -> None:
    """A game id from the URL may be long, and a Russian letter takes two bytes: the
    reason is cut to the frame's 123 bytes without splitting a letter."""
    text = t("error.no-game", "ru", game="я" * 200)
    cut = close_reason(text)
    assert len(cut.encode()) <= MAX_CLOSE_REASON and cut.endswith("…")
    assert text.startswith(cut[:-1])
    assert close_reason("short") == "short"


@pytest.mark.parametrize(
    ("method", "url", "status", "code", "key", "params"),
    [
        ("GET", "/api/no-such-thing", 404, "not-found", "error.not-found", {}),
        ("DELETE", "/api/session", 405, "method-not-allowed", "error.method-not-allowed", {}),
        (
            "GET",
            "/api/rules/examples/no-such-rule",
            404,
            "unknown-example",
            "error.unknown-example",
            {"example": "'no-such-rule'"},
        ),
        (
            "GET",
            "/api/rules/examples/head-66?moves=24/12",
            400,
            "illegal-move",
            "error.example-step-illegal",
            {"move": "24/12"},
        ),
        (
            "GET",
            "/api/rules/examples/head-66?moves=" + "1" * 300,
            400,
            "malformed",
            "error.example-moves-too-long",
            {"max": 200},
        ),
    ],
)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_http_errors_in_the_requests_language(
    app: Any,
    lang: str,
    method: str,
    url: str,
    status: int,
    code: str,
    key: str,
    params: dict[str, Any],
) -> None:
    with TestClient(app) as c:
        r = c.request(method, url, headers={"x-lang": lang})
    assert r.status_code == status, r.text
    body = r.json()
    assert body["code"] == code and params.items() <= body["params"].items()
    assert body["error"] == t(key, lang, **body["params"])
    assert bool(CYRILLIC.search(body["error"])) == (lang == "ru"), body


@pytest.mark.anyio
@pytest.mark.parametrize("lang", ["ru", "en"])
async def test_an_unfinished_play_is_refused_in_the_players_language(
    player_factory: Any, lang: str
) -> None:
    """Issue 16.5: "the play is not finished…" reached a Russian player in English."""
    p = await player_factory()
    p.http.headers["x-lang"] = lang
    r = await p.post("/api/games", {"mode": "computer", "variant": "long"})
    st = r.json()
    frm = next(iter(st["legal"]["targets"]))
    to = max(st["legal"]["targets"][frm])  # one die's step: the play goes on
    r = await p.post(
        f"/api/games/{st['id']}/actions", {"action": "move", "from": int(frm), "to": to}
    )
    assert r.status_code == 200, r.text
    r = await p.post(f"/api/games/{st['id']}/actions", {"action": "confirm"})
    body = r.json()
    assert (r.status_code, body["code"], body["reason"]) == (409, "illegal", "play-not-finished")
    assert body["error"] == t("error.play-not-finished", lang, **body["params"])
    assert bool(CYRILLIC.search(body["error"])) == (lang == "ru"), body
