"""Pushing a game's stored events to the websockets that watch it.

``GameService.notify`` is set to ``broadcast``: each subscriber gets the events and the
game's state as his role sees it."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import WebSocket

from nardy.server.live import LiveGame
from nardy.server.service import Event

log = logging.getLogger(__name__)


class Subscriber:
    """One open websocket watching a game."""

    def __init__(self, ws: WebSocket, user_id: int | None, base_url: str) -> None:
        self.ws = ws
        self.user_id = user_id
        self.base_url = base_url


def state_for(live: LiveGame, user_id: int | None, url: str) -> dict[str, Any]:
    """The game's state as ``user_id`` (None: an anonymous watcher) sees it."""
    return live.state(live.meta.role_of(user_id), user_id, url)


async def broadcast(live: LiveGame, events: list[Event]) -> None:
    """Send ``events`` and each subscriber's view of the game to every subscriber."""
    for sub in list(live.sockets):
        try:
            await sub.ws.send_json(
                {
                    "type": "update",
                    "events": events,
                    "state": state_for(live, sub.user_id, sub.base_url),
                }
            )
        except Exception:  # a dead socket: forget it
            log.debug("dropping a dead subscriber of %s", live.meta.id, exc_info=True)
            live.sockets.discard(sub)
