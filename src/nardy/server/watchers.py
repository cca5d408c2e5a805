"""How many people watch each game: its spectators, not its players, each counted once
however many of his tabs show it (a member or guest by his id; an anonymous visitor,
who has none, by his socket).

``Watchers`` counts the spectators' sockets of this process and tells the game's
sockets that asked for it (``hello`` with ``"watchers": true``) each new number as a
``{"type": "watchers", "n": …}`` message. With several processes (``SharedWatchers``,
Redis: ``nardy.server.redis_live.RedisWatchers``) the number is every process's
together: a process counts a change there, then recounts, tells its sockets and has
the others recount and tell theirs (each recount comes after the change it was told
of, so the last number each socket gets is the count after every change).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping
from typing import Protocol

from nardy.server.jsontext import encode
from nardy.server.live import LiveGame

log = logging.getLogger(__name__)


class SharedWatchers(Protocol):
    """The spectators of every process (``redis_live.RedisWatchers``)."""

    #: called with a game's id when another process's spectators of it changed
    on_change: Callable[[str], Awaitable[None]] | None

    async def add(self, game_id: str, who: str) -> None:
        """One more socket of ``who`` watching ``game_id`` in this process."""

    async def remove(self, game_id: str, who: str) -> None:
        """One socket less."""

    async def count(self, game_id: str) -> int:
        """The distinct watchers of ``game_id`` in all the live processes."""

    async def tell_others(self, game_id: str) -> None:
        """Have the other processes recount ``game_id``'s watchers."""


class Watchers:
    """This process's spectators per game and the number its game sockets are told
    (those of the game held in ``live``, ``GameService.live``)."""

    def __init__(self, live: Mapping[str, LiveGame], shared: SharedWatchers | None = None) -> None:
        self.live = live
        self.shared = shared
        #: per game, each watcher's sockets in this process
        self.here: dict[str, Counter[str]] = {}
        #: per game, the last number told (all the processes' with ``shared``)
        self.known: dict[str, int] = {}
        if shared is not None:
            shared.on_change = self.refresh

    def count(self, game_id: str) -> int:
        """The number of watchers a socket saying hello is told."""
        return self.known.get(game_id, 0)

    async def arrive(self, game_id: str, who: str) -> None:
        """A spectator's socket opened (``who``: ``watcher_key``)."""
        self.here.setdefault(game_id, Counter())[who] += 1
        await self._changed(game_id, who, 1)

    async def leave(self, game_id: str, who: str) -> None:
        """A spectator's socket closed."""
        here = self.here.get(game_id)
        if here is None or here[who] <= 0:
            return
        here[who] -= 1
        if here[who] <= 0:
            del here[who]
        if not here:
            del self.here[game_id]
        await self._changed(game_id, who, -1)

    async def _changed(self, game_id: str, who: str, by: int) -> None:
        if self.shared is not None:
            try:
                await (self.shared.add if by > 0 else self.shared.remove)(game_id, who)
                await self.shared.tell_others(game_id)
            except Exception as exc:  # Redis is down: this process's own count is told
                log.warning("counting a watcher in Redis failed: %r", exc)
        await self.refresh(game_id)

    async def refresh(self, game_id: str) -> None:
        """Recount ``game_id``'s watchers and tell its sockets here a new number."""
        n = len(self.here.get(game_id, ()))
        if self.shared is not None:
            try:
                n = await self.shared.count(game_id)
            except Exception as exc:
                log.warning("counting the watchers in Redis failed: %r", exc)
        if n:
            self.known[game_id] = n
        else:
            self.known.pop(game_id, None)
        live = self.live.get(game_id)
        if live is None:
            return
        text = encode({"type": "watchers", "n": n})
        async with live.lock:  # (after or before a whole update, never inside one)
            for sub in list(live.sockets):
                if not getattr(sub, "watchers", False):
                    continue
                try:
                    await sub.ws.send_text(text)
                except Exception as exc:  # a closed socket: its handler forgets it
                    log.debug("telling a dead socket the watchers failed: %r", exc)


def watcher_key(user_id: int | None, socket_id: str) -> str:
    """Who a spectator is: a visitor with an account or guest by his id, else his
    socket (``socket_id``, unique to it)."""
    return f"u{user_id}" if user_id is not None else f"s{socket_id}"
