"""The game socket's close reasons in the socket's language (issue 14.5): the ``lang``
cookie of the handshake picks Russian or English, each text from the catalogue, cut to
fit a close frame."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from nardy.i18n import t
from nardy.server import Settings, create_app
from nardy.server.guards import MAX_WS_MESSAGE
from nardy.server.routes.ws import MAX_CLOSE_REASON, close_reason


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
