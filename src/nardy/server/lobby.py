"""The lobby's shared state behind one small interface, ``LobbyState``: open
challenges, the quick-pairing queue, presence (who has a lobby or game socket open, and
each game's players with a socket on it) and
the lobby's subscribers (its open sockets). This process keeps it in memory
(``MemoryLobbyState``); several processes share one backed by Redis
(``nardy.server.redis_live.RedisLobbyState``), keeping the contract written on
``LobbyState``. The rules that use it are ``nardy.server.matchmaking``.
"""

from __future__ import annotations

import asyncio
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from nardy.server.api_error import ApiError
from nardy.server.friends import Player
from nardy.server.jsontext import encode
from nardy.server.pairing import Seeker

#: Time controls on offer: a delay per move (seconds) and a reserve per match point.
CLOCKS: dict[str, dict[str, int] | None] = {
    "none": None,
    "blitz": {"delay": 8, "reserve": 60},
    "rapid": {"delay": 15, "reserve": 120},
}


def clock_named(value: Any) -> str:
    """The name of one of ``CLOCKS`` a request gives (absent or null: "none"), else a
    clear 400 naming those there are."""
    clock = "none" if value is None else value
    if not isinstance(clock, str) or clock not in CLOCKS:
        raise ApiError(
            400, "malformed", "lobby-bad-clock", value=repr(clock)[:40], known=", ".join(CLOCKS)
        )
    return clock


def clock_terms(clock: dict[str, Any] | None) -> dict[str, int] | None:
    """A game's stored clock (``nardy.server.clocks``) as its terms, as ``CLOCKS``
    writes them: the delay and the reserve per point (None: no clock)."""
    return None if clock is None else {"delay": clock["delay"], "reserve": clock["reserve"]}


#: Messages a lobby socket may fall behind before it is closed (``Subscriber``).
OUTBOX = 256
#: How long the time a player's last page on a game closed is kept (seconds): a game
#: left for longer is claimable whatever the time (``nardy.server.abandon``).
SEAT_MEMORY = 24 * 3600


#: The presence kinds of a player's sockets on one game start so (``seat``).
SEAT = "seat:"


def seat(game_id: str) -> str:
    """The presence kind of a player's sockets on one game (besides ``"game"``, his
    sockets on any game): whether he has the game open, and since when not."""
    return f"{SEAT}{game_id}"


@dataclass(frozen=True)
class Terms:
    """What a game from the lobby is played under."""

    variant: str
    length: int
    cube: bool
    rated: bool
    clock: str

    def spec(self) -> dict[str, Any]:
        """The game service's spec (``GameService.create_paired``)."""
        return {
            "variant": self.variant,
            "length": self.length,
            "cube": self.cube,
            "rated": self.rated,
            "clock": CLOCKS[self.clock],
        }

    def public(self) -> dict[str, Any]:
        """As the client sees them."""
        return {
            "variant": self.variant,
            "length": self.length,
            "cube": self.cube,
            "rated": self.rated,
            "clock": self.clock,
            "clock_spec": CLOCKS[self.clock],
        }


@dataclass(frozen=True)
class Challenge:
    """An open challenge: to anyone, or to one player (``to``)."""

    id: str
    user_id: int
    name: str
    guest: bool
    rating: float | None
    terms: Terms
    to: Player | None
    created: float

    def public(self) -> dict[str, Any]:
        """As the client sees it."""
        return {
            "id": self.id,
            "by": {
                "id": self.user_id,
                "name": self.name,
                "guest": self.guest,
                "rating": None if self.rating is None else round(self.rating),
            },
            "to": None if self.to is None else {"id": self.to.user_id, "name": self.to.name},
            **self.terms.public(),
        }


@dataclass(frozen=True)
class Present:
    """Someone with a lobby or game socket open."""

    user_id: int
    name: str
    member: bool


class Subscriber:
    """One open lobby socket: whose it is, and its outbox. A writer task of the socket
    (``routes.lobby``) empties the outbox into it, so publishing never waits for a
    socket, and a reader too slow to keep up (``OUTBOX`` messages behind) is closed
    rather than holding up the others."""

    def __init__(self, user_id: int | None) -> None:
        self.user_id = user_id
        self.outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        #: Set when the outbox overflowed: the socket is to be closed.
        self.overflowed = asyncio.Event()

    def deliver(self, text: str) -> None:
        """Queue one encoded message for the socket."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.overflowed.set()


class LobbyState(Protocol):
    """The lobby's shared state. A Redis implementation must keep this contract:

    - Challenges: ``add_challenge`` stores one; ``challenges`` lists them oldest first;
      ``take_challenge(id)`` removes and returns it atomically (of two concurrent takes
      of one challenge exactly one gets it, the other None: the accept race).
    - The queue: ``enqueue`` puts a seeker in (replacing the user's entry);
      ``dequeue(user)`` removes and returns his entry atomically, as ``take_challenge``;
      ``queue`` lists the entries; ``mark_offered`` notes that the computer was offered.
    - Presence: ``arrive``/``leave`` count each user's open sockets by kind
      (``"lobby"``, ``"game"``, or ``seat(game)`` beside ``"game"`` for a player's
      sockets on that game); ``online`` is everyone with a lobby or game socket open;
      ``absent_since(user)`` is when his last lobby socket closed (None while one is
      open, or when he never had one); a socket of a process that died closed when
      that is first noticed. ``away(user, kind)`` is None while he has a socket of the
      kind open, else when his last one closed (0.0: never, or too long ago to be
      kept, ``SEAT_MEMORY``; or it was on a process that died).
    - Starts: ``claim(users)`` marks users as starting a game, all of them or none
      (False when one of them already is), atomically; ``release(users)`` unmarks them.
    - The tick: ``lead()`` is True when this process is to run the pairing tick now
      (one process at a time does; with one process, always).
    - Subscribers: ``subscribe``/``unsubscribe`` this process's lobby sockets;
      ``publish(message, to)`` delivers to every subscriber of every process, or only
      to the sockets of the users ``to``; with ``here``, to this process's subscribers
      only (what every process computes alike and sends its own sockets).

    Every method is a coroutine: a shared store is awaited."""

    async def add_challenge(self, challenge: Challenge) -> None: ...
    async def challenges(self) -> list[Challenge]: ...
    async def take_challenge(self, challenge_id: str) -> Challenge | None: ...
    async def enqueue(self, seeker: Seeker) -> None: ...
    async def dequeue(self, user_id: int) -> Seeker | None: ...
    async def queue(self) -> list[Seeker]: ...
    async def mark_offered(self, user_id: int) -> None: ...
    async def arrive(self, who: Present, kind: str) -> None: ...
    async def leave(self, user_id: int, kind: str, at: float) -> None: ...
    async def online(self) -> list[Present]: ...
    async def absent_since(self, user_id: int) -> float | None: ...
    async def away(self, user_id: int, kind: str) -> float | None: ...
    async def claim(self, user_ids: tuple[int, ...]) -> bool: ...
    async def release(self, user_ids: tuple[int, ...]) -> None: ...
    async def lead(self) -> bool: ...
    async def subscribe(self, sub: Subscriber) -> None: ...
    async def unsubscribe(self, sub: Subscriber) -> None: ...
    async def publish(
        self, message: dict[str, Any], to: tuple[int, ...] | None = None, *, here: bool = False
    ) -> None: ...


class MemoryLobbyState:
    """``LobbyState`` in this process's memory (one server process). Its methods never
    await between reading and changing, so each is atomic on the event loop."""

    def __init__(self) -> None:
        self._challenges: dict[str, Challenge] = {}
        self._queue: dict[int, Seeker] = {}
        self._sockets: defaultdict[str, Counter[int]] = defaultdict(Counter)
        self._people: dict[int, Present] = {}
        #: When each (kind, user)'s last socket closed (not kept for ``"game"``).
        self._left: dict[tuple[str, int], float] = {}
        #: Past this many entries ``_left`` forgets those older than ``SEAT_MEMORY``.
        self._prune_at = 1024
        self._subs: set[Subscriber] = set()
        self._by_user: dict[int, set[Subscriber]] = {}
        self._starting: set[int] = set()

    async def add_challenge(self, challenge: Challenge) -> None:
        self._challenges[challenge.id] = challenge

    async def challenges(self) -> list[Challenge]:
        return sorted(self._challenges.values(), key=lambda c: c.created)

    async def take_challenge(self, challenge_id: str) -> Challenge | None:
        return self._challenges.pop(challenge_id, None)

    async def enqueue(self, seeker: Seeker) -> None:
        self._queue[seeker.user_id] = seeker

    async def dequeue(self, user_id: int) -> Seeker | None:
        return self._queue.pop(user_id, None)

    async def queue(self) -> list[Seeker]:
        return list(self._queue.values())

    async def mark_offered(self, user_id: int) -> None:
        seeker = self._queue.get(user_id)
        if seeker is not None:
            self._queue[user_id] = replace(seeker, offered=True)

    async def arrive(self, who: Present, kind: str) -> None:
        self._sockets[kind][who.user_id] += 1
        self._people[who.user_id] = who
        self._left.pop((kind, who.user_id), None)

    async def leave(self, user_id: int, kind: str, at: float) -> None:
        counts = self._sockets[kind]
        counts[user_id] -= 1
        if counts[user_id] <= 0:
            del counts[user_id]
            if not counts and kind.startswith(SEAT):
                del self._sockets[kind]  # (a game's: not kept once nobody has it open)
            if kind != "game":
                self._left[(kind, user_id)] = at
                if len(self._left) > self._prune_at:
                    old = at - SEAT_MEMORY
                    self._left = {k: t for k, t in self._left.items() if t > old or k[0] == "lobby"}
                    self._prune_at = 2 * len(self._left) + 1024
        if user_id not in self._sockets["lobby"] and user_id not in self._sockets["game"]:
            self._people.pop(user_id, None)

    async def online(self) -> list[Present]:
        return list(self._people.values())

    async def absent_since(self, user_id: int) -> float | None:
        return None if user_id in self._sockets["lobby"] else self._left.get(("lobby", user_id))

    async def away(self, user_id: int, kind: str) -> float | None:
        here = self._sockets.get(kind)
        if here is not None and user_id in here:
            return None
        return self._left.get((kind, user_id), 0.0)

    async def claim(self, user_ids: tuple[int, ...]) -> bool:
        if self._starting.intersection(user_ids):
            return False
        self._starting.update(user_ids)
        return True

    async def release(self, user_ids: tuple[int, ...]) -> None:
        self._starting.difference_update(user_ids)

    async def lead(self) -> bool:
        return True

    async def subscribe(self, sub: Subscriber) -> None:
        self._subs.add(sub)
        if sub.user_id is not None:
            self._by_user.setdefault(sub.user_id, set()).add(sub)

    async def unsubscribe(self, sub: Subscriber) -> None:
        self._subs.discard(sub)
        if sub.user_id is not None:
            mine = self._by_user.get(sub.user_id, set())
            mine.discard(sub)
            if not mine:
                self._by_user.pop(sub.user_id, None)

    async def publish(
        self, message: dict[str, Any], to: tuple[int, ...] | None = None, *, here: bool = False
    ) -> None:
        text = encode(message)  # once, however many read it
        if to is None:
            subs: Iterable[Subscriber] = self._subs
        else:
            subs = [s for uid in set(to) for s in self._by_user.get(uid, ())]
        for sub in subs:
            sub.deliver(text)
