"""Live updates to a game's websockets: each role's view built and JSON-encoded once
per update, however many sockets watch in that role.

``Fanout.broadcast`` runs under the game's lock (``GameService`` calls it there), so
every socket gets the updates in the order they were stored; what it does there is
cheap: one view and one ``json.dumps`` per role, then a write per socket.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any, Protocol

from nardy.server.jsontext import encode
from nardy.server.live import LiveGame
from nardy.server.views import Views, history_text

log = logging.getLogger(__name__)

#: Where an update's history goes, spliced in as text: unguessable, so that nothing
#: else in a message (a name, an event) can hold it.
_SLOT = f"history-{secrets.token_hex(16)}"
_SLOT_TEXT = f'"{_SLOT}"'


class Socket(Protocol):
    """The part of a websocket the fan-out uses (Starlette's ``WebSocket``)."""

    async def send_text(self, data: str) -> None: ...


class Subscriber:
    """One open websocket watching a game (``routes.ws``): who watches, the base URL
    his view's invitation link is written with, and whether it asked to be told how
    many watch (``nardy.server.watchers``)."""

    def __init__(self, ws: Socket, user_id: int | None, base_url: str) -> None:
        self.ws = ws
        self.user_id = user_id
        self.base_url = base_url
        self.watchers = False


class Fanout:
    """Sends each stored update of a game to the sockets watching it."""

    def __init__(self, views: Views) -> None:
        self.views = views

    def update_text(
        self, live: LiveGame, user_id: int | None, base_url: str, events: list[dict[str, Any]]
    ) -> str:
        """The encoded ``update`` message for ``user_id`` (once per role and update: an
        event number has one update)."""
        key = self.views.key(live, user_id, base_url)

        def build() -> str:
            state = self.views.state(live, user_id, base_url)
            if live.game is None:
                return encode({"type": "update", "events": events, "state": state})
            # The history, the longest part of a long game's update, goes in as text
            # whose turns were encoded once (``history_text``), not again every update.
            slot = {**state, "history": _SLOT}
            text = encode({"type": "update", "events": events, "state": slot})
            return text.replace(_SLOT_TEXT, history_text(live, state["view"]), 1)

        text: str = self.views.memo(live, ("update", key), build)
        return text

    async def broadcast(self, live: LiveGame, events: list[dict[str, Any]]) -> None:
        """Send ``events`` (just stored) and each watcher's view; a socket that cannot
        be written to is dead and forgotten."""
        for sub in list(live.sockets):
            text = self.update_text(live, sub.user_id, sub.base_url, events)
            try:
                await sub.ws.send_text(text)
            except Exception as exc:  # a closed or broken socket
                log.debug("dropping a dead socket of game %s: %r", live.meta.id, exc)
                live.sockets.discard(sub)
