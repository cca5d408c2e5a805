"""Live state shared by several server processes through Redis (``Settings.redis_url``).

``RedisHub`` is one process's link to Redis: a client for commands, and one pub/sub
connection with one reader task that hands what arrives to the handler registered for
the channel's prefix (``route``). A channel is followed (``follow``) while something of
this process needs it — counted, so the Redis ``SUBSCRIBE`` is sent for the first
follower and the ``UNSUBSCRIBE`` when the last leaves — and ``follow`` returns once
Redis confirmed the subscription, so whatever is published after it reaches us.

``RedisChatDelivery`` is the chat's ``ChatDelivery`` over it. Pub/sub rather than
streams: a chat message is live and fire-and-forget — a reader who is not connected
needs nothing kept for him, since the history is the database's (``chat_messages``) and
a page reads it when it opens — so nothing has to be stored, trimmed, acknowledged or
replayed in Redis, and a message costs one ``PUBLISH`` reaching only the processes
that follow its channel. Streams would buy replay after a dropped connection, which the
database already gives.

``RedisLobbyState`` is the lobby's ``LobbyState`` over Redis structures,
``RedisGameEvents`` tells the processes holding a game in memory that another stored
events of it, ``RedisSocketCounts`` counts the websockets per client address over
all the processes (their cap), and ``RedisWatchers`` each game's watchers.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import asdict
from typing import Any

import redis.asyncio as aioredis

from nardy.server.chat import ChatSubscriber
from nardy.server.friends import Player
from nardy.server.jsontext import encode
from nardy.server.live import LiveGame
from nardy.server.lobby import SEAT_MEMORY, Challenge, Present, Subscriber, Terms
from nardy.server.logs import FailureLog
from nardy.server.pairing import Seeker
from nardy.server.service import GameService

log = logging.getLogger(__name__)

#: Every key and channel of the server starts with this.
PREFIX = "nardy:"
#: Seconds a connection to Redis may take to open (an unreachable host fails, not hangs).
CONNECT_TIMEOUT = 5.0
#: A handler of the messages of the channels under one prefix: (channel, data).
Handler = Callable[[str, str], Awaitable[None]]


class RedisHub:
    """One process's Redis connections and its pub/sub reader (see the module);
    ``clock`` (seconds, monotonic) paces the log of its failures."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.clock = clock
        #: the reader's failures: while Redis is down it fails twice a second
        self.reading = FailureLog(log, "reading Redis pub/sub", clock=clock)
        self.redis: aioredis.Redis = aioredis.Redis.from_url(
            url, decode_responses=True, socket_connect_timeout=CONNECT_TIMEOUT
        )
        self._pubsub: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._starting = asyncio.Lock()
        self._routes: dict[str, Handler] = {}
        self._counts: dict[str, int] = {}
        #: per channel, one event per SUBSCRIBE sent, set by its confirmation (in order)
        self._confirm: dict[str, deque[asyncio.Event]] = {}
        self._ready: dict[str, asyncio.Event] = {}
        #: a channel of this process alone, followed from the start: the reader always
        #: has a subscription, so it never stops for want of one
        self.id = uuid.uuid4().hex
        self.own = f"{PREFIX}process:{self.id}"

    def route(self, prefix: str, handler: Handler) -> None:
        """Messages of channels starting with ``prefix`` go to ``handler`` (in the order
        they arrive, one at a time)."""
        self._routes[prefix] = handler

    async def start(self) -> None:
        """Open the pub/sub connection and start its reader (once; ``follow`` does it)."""
        async with self._starting:
            if self._reader is not None:
                return
            pubsub = self.redis.pubsub()
            ready = asyncio.Event()
            self._confirm[self.own] = deque([ready])
            try:
                await pubsub.subscribe(self.own)
            except BaseException:  # Redis cannot be reached: a later call tries again
                self._confirm.pop(self.own, None)
                await pubsub.aclose()
                raise
            self._pubsub = pubsub
            self._reader = asyncio.create_task(self._read())
            await ready.wait()

    async def stop(self) -> None:
        """Stop the reader and close the connections."""
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
            self._reader = None
        if self._pubsub is not None:
            await self._pubsub.aclose()
            self._pubsub = None
        await self.redis.aclose()

    async def follow(self, channel: str) -> None:
        """Receive ``channel`` from now on (until as many ``unfollow``)."""
        await self.start()
        count = self._counts.get(channel, 0)
        self._counts[channel] = count + 1
        if count == 0:
            ready = asyncio.Event()
            self._ready[channel] = ready
            self._confirm.setdefault(channel, deque()).append(ready)
            try:
                await self._pubsub.subscribe(channel)
            except BaseException:  # not subscribed: as if never asked
                self._counts.pop(channel, None)
                self._ready.pop(channel, None)
                self._confirm.pop(channel, None)
                raise
        else:
            ready = self._ready[channel]
        await ready.wait()

    async def unfollow(self, channel: str) -> None:
        """One follower of ``channel`` less: the last one unsubscribes."""
        count = self._counts.get(channel, 0) - 1
        if count > 0:
            self._counts[channel] = count
            return
        self._counts.pop(channel, None)
        self._ready.pop(channel, None)
        if self._pubsub is not None:
            await self._pubsub.unsubscribe(channel)

    async def publish(self, channel: str, data: str) -> None:
        """Send ``data`` to the processes following ``channel``."""
        await self.redis.publish(channel, data)

    async def _read(self) -> None:
        while True:
            try:
                msg = await self._pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection broke: redis-py reconnects and
                # resubscribes
                self.reading.failed(exc)
                await asyncio.sleep(0.5)
                continue
            self.reading.worked()
            if msg is None:
                continue
            kind, channel = msg["type"], msg["channel"]
            if kind == "subscribe":
                waiting = self._confirm.get(channel)
                if waiting:
                    waiting.popleft().set()
                    if not waiting:
                        del self._confirm[channel]
            elif kind == "message" and channel in self._counts:
                await self._dispatch(channel, msg["data"])

    async def _dispatch(self, channel: str, data: str) -> None:
        for prefix, handler in self._routes.items():
            if channel.startswith(prefix):
                try:
                    await handler(channel, data)
                except Exception:
                    log.exception("handling a message of %s failed", channel)
                return


class RedisChatDelivery:
    """``ChatDelivery`` over Redis pub/sub (the contract on ``ChatDelivery``): a chat
    channel is the Redis channel ``nardy:chat:<name>``, followed by this process while
    one of its sockets follows the chat channel; what arrives goes to those sockets."""

    CHANNEL = f"{PREFIX}chat:"

    def __init__(self, hub: RedisHub) -> None:
        self.hub = hub
        self.channels: dict[str, set[ChatSubscriber]] = {}
        hub.route(self.CHANNEL, self._arrived)

    async def subscribe(self, channel: str, sub: ChatSubscriber) -> None:
        subs = self.channels.setdefault(channel, set())
        if sub in subs:
            return
        subs.add(sub)
        await self.hub.follow(self.CHANNEL + channel)

    async def unsubscribe(self, sub: ChatSubscriber, channel: str | None = None) -> None:
        names = [channel] if channel is not None else list(self.channels)
        for name in names:
            subs = self.channels.get(name)
            if subs is None or sub not in subs:
                continue
            subs.discard(sub)
            if not subs:
                del self.channels[name]
            await self.hub.unfollow(self.CHANNEL + name)

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        await self.hub.publish(self.CHANNEL + channel, encode(message))

    async def _arrived(self, redis_channel: str, data: str) -> None:
        channel = redis_channel[len(self.CHANNEL) :]
        message = json.loads(data)
        for sub in list(self.channels.get(channel, ())):
            if not await sub.deliver(message):
                log.debug("dropping a dead chat subscriber of %s", channel)
                await self.unsubscribe(sub)


# -- the lobby -------------------------------------------------------------------------

LOBBY = f"{PREFIX}lobby:"


def _left_key(kind: str) -> str:
    """Where the times users' last sockets of ``kind`` closed are kept: the lobby's in
    one hash, each game's seats in their own (expiring with the game's disuse)."""
    return f"{LOBBY}left" if kind in ("lobby", "game") else f"{LOBBY}left:{kind}"


#: How long a process's presence counts outlive its last sign of life (its lobby tick
#: renews them every ``TICK_EVERY``): a process that died stops counting after this.
PRESENCE_TTL_MS = 15_000
#: How long a claim on players starting a game lasts at most (a process that died
#: while starting one frees them after this).
CLAIM_TTL_MS = 30_000
#: How long the pairing tick's lease lasts unless renewed by its holder.
LEAD_TTL_MS = 5_000

# Removes and returns a hash's field, atomically (the accept race: one take wins).
_TAKE = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then redis.call('HDEL', KEYS[1], ARGV[1]) end
return v
"""
# Marks a queued seeker as offered the computer, if he is still queued.
_OFFERED = """
local v = redis.call('HGET', KEYS[1], ARGV[1])
if v then
  redis.call('HSET', KEYS[1], ARGV[1], (string.gsub(v, '"offered":false', '"offered":true')))
end
return 0
"""
# One socket of a user closed on this process (KEYS: the process's hash, the kind's
# left times; ARGV: kind, user, time, ttl, the left times' ttl): his count goes down,
# and when it reaches 0 on a lobby or seat socket his leaving time is kept (a seat's
# for a while); his entry goes with his last socket here.
_LEAVE = """
local field = ARGV[1] .. ':' .. ARGV[2]
local n = redis.call('HINCRBY', KEYS[1], field, -1)
if n <= 0 then
  redis.call('HDEL', KEYS[1], field)
  if ARGV[1] ~= 'game' then
    redis.call('HSET', KEYS[2], ARGV[2], ARGV[3])
    if ARGV[1] ~= 'lobby' then redis.call('PEXPIRE', KEYS[2], ARGV[5]) end
  end
  if redis.call('HEXISTS', KEYS[1], 'lobby:' .. ARGV[2]) == 0
     and redis.call('HEXISTS', KEYS[1], 'game:' .. ARGV[2]) == 0 then
    redis.call('HDEL', KEYS[1], 'who:' .. ARGV[2])
  end
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return n
"""
# Claims every key or none (SET NX of several keys at once), each with an expiry.
_CLAIM = """
for _, k in ipairs(KEYS) do
  if redis.call('EXISTS', k) == 1 then return 0 end
end
for _, k in ipairs(KEYS) do redis.call('SET', k, ARGV[1], 'PX', ARGV[2]) end
return 1
"""
# Deletes the keys this process claimed (not those another claimed since).
_RELEASE = """
for _, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[1] then redis.call('DEL', k) end
end
return 0
"""
# Takes or renews the lease on the pairing tick: True for its holder.
_LEAD = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""


def _text(value: bytes | str) -> str:
    """A value read from Redis as text (the client decodes them; its types say maybe)."""
    return value.decode() if isinstance(value, bytes) else value


def _challenge_json(ch: Challenge) -> str:
    return json.dumps(asdict(ch), separators=(",", ":"))


def _challenge(data: str) -> Challenge:
    d = json.loads(data)
    to = d["to"]
    return Challenge(
        id=d["id"],
        user_id=d["user_id"],
        name=d["name"],
        guest=d["guest"],
        rating=d["rating"],
        terms=Terms(**d["terms"]),
        to=None if to is None else Player(**to),
        created=d["created"],
    )


def _seeker_json(s: Seeker) -> str:
    return json.dumps(asdict(s), separators=(",", ":"))


class RedisLobbyState:
    """``LobbyState`` shared by the processes through Redis (its contract):

    - challenges and the queue: hashes (``nardy:lobby:challenges`` by id,
      ``nardy:lobby:queue`` by user) of JSON entries; a take is a Lua script (HGET and
      HDEL in one step), so of two takes one gets the entry;
    - presence: each process counts its own sockets in a hash of its own
      (``nardy:lobby:sockets:<process>``: ``lobby:<user>``/``game:<user>`` counts and
      ``who:<user>``), with an expiry each process renews on its lobby tick
      (``online``), so the sockets of a process that died stop counting; the processes
      are listed in a set; the time a user's last lobby socket closed is kept in
      ``nardy:lobby:left``, and the process of his last lobby socket opened in
      ``nardy:lobby:where``: when that process died with it open (its hash expired),
      he left when this is first noticed (his seeks go after the grace, and he is not
      paired meanwhile);
    - starts: ``claim`` sets ``nardy:lobby:starting:<user>`` for all the users or none
      (a script of SET NX), with an expiry, holding this process's id;
    - the pairing tick: ``lead`` is a lease (SET with expiry, renewed by its holder),
      so one process pairs at a time; the takes and claims keep a pairing single even
      when a lease ran out under a stalled holder;
    - publishing: ``nardy:lobby:all`` for everyone, ``nardy:lobby:user:<id>`` for one
      user's sockets, followed by a process while it holds such a socket.
    """

    def __init__(self, hub: RedisHub, now: Callable[[], float] = time.time) -> None:
        self.hub = hub
        self.redis = hub.redis
        self.process = hub.id
        #: the lobby's time (seconds): when a dead process's players are found gone
        self.now = now
        self._subs: set[Subscriber] = set()
        self._by_user: dict[int, set[Subscriber]] = {}
        self._mine = f"{LOBBY}sockets:{self.process}"
        self._take = self.redis.register_script(_TAKE)
        self._offered = self.redis.register_script(_OFFERED)
        self._leave = self.redis.register_script(_LEAVE)
        self._claim = self.redis.register_script(_CLAIM)
        self._release = self.redis.register_script(_RELEASE)
        self._lead = self.redis.register_script(_LEAD)
        hub.route(LOBBY, self._arrived)

    # -- challenges and the queue ------------------------------------------------------
    async def add_challenge(self, challenge: Challenge) -> None:
        await self.redis.hset(f"{LOBBY}challenges", challenge.id, _challenge_json(challenge))

    async def challenges(self) -> list[Challenge]:
        rows = await self.redis.hvals(f"{LOBBY}challenges")
        return sorted((_challenge(_text(r)) for r in rows), key=lambda c: c.created)

    async def take_challenge(self, challenge_id: str) -> Challenge | None:
        row = await self._take(keys=[f"{LOBBY}challenges"], args=[challenge_id])
        return None if row is None else _challenge(row)

    async def enqueue(self, seeker: Seeker) -> None:
        await self.redis.hset(f"{LOBBY}queue", str(seeker.user_id), _seeker_json(seeker))

    async def dequeue(self, user_id: int) -> Seeker | None:
        row = await self._take(keys=[f"{LOBBY}queue"], args=[str(user_id)])
        return None if row is None else Seeker(**json.loads(row))

    async def queue(self) -> list[Seeker]:
        rows = await self.redis.hvals(f"{LOBBY}queue")
        return sorted((Seeker(**json.loads(_text(r))) for r in rows), key=lambda s: s.since)

    async def mark_offered(self, user_id: int) -> None:
        await self._offered(keys=[f"{LOBBY}queue"], args=[str(user_id)])

    # -- presence ------------------------------------------------------------------------
    async def arrive(self, who: Present, kind: str) -> None:
        who_json = json.dumps(asdict(who), separators=(",", ":"))
        async with self.redis.pipeline(transaction=True) as p:
            p.hincrby(self._mine, f"{kind}:{who.user_id}", 1)
            p.hset(self._mine, f"who:{who.user_id}", who_json)
            p.pexpire(self._mine, PRESENCE_TTL_MS)
            p.sadd(f"{LOBBY}processes", self.process)
            if kind != "game":
                p.hdel(_left_key(kind), str(who.user_id))
            if kind == "lobby":
                p.hset(f"{LOBBY}where", str(who.user_id), self.process)
            await p.execute()

    async def leave(self, user_id: int, kind: str, at: float) -> None:
        await self._leave(
            keys=[self._mine, _left_key(kind)],
            args=[kind, user_id, repr(at), PRESENCE_TTL_MS, SEAT_MEMORY * 1000],
        )

    async def away(self, user_id: int, kind: str) -> float | None:
        # (one field of each process's hash, not the whole hashes: every game page
        # asks now and then; a dead process's hash has expired)
        processes = await self.redis.smembers(f"{LOBBY}processes")
        async with self.redis.pipeline(transaction=False) as p:
            for proc in processes:
                p.hexists(f"{LOBBY}sockets:{_text(proc)}", f"{kind}:{user_id}")
            if any(await p.execute()):
                return None
        left = await self.redis.hget(_left_key(kind), str(user_id))
        return 0.0 if left is None else float(left)

    async def _everyone(self) -> list[dict[str, str]]:
        """Each live process's presence hash (renewing this process's, and forgetting
        the processes whose hash expired)."""
        return list((await self._alive()).values())

    async def _alive(self) -> dict[str, dict[str, str]]:
        """``_everyone`` by process."""
        await self.redis.pexpire(self._mine, PRESENCE_TTL_MS)
        processes = sorted(_text(m) for m in await self.redis.smembers(f"{LOBBY}processes"))
        async with self.redis.pipeline(transaction=False) as p:
            for proc in processes:
                p.hgetall(f"{LOBBY}sockets:{proc}")
            hashes: list[dict[str, str]] = await p.execute()
        gone = [proc for proc, h in zip(processes, hashes, strict=True) if not h]
        if gone:
            await self.redis.srem(f"{LOBBY}processes", *gone)
        return {proc: h for proc, h in zip(processes, hashes, strict=True) if h}

    async def online(self) -> list[Present]:
        people: dict[int, Present] = {}
        for h in await self._everyone():
            for field, value in h.items():
                if field.startswith("who:"):
                    d = json.loads(value)
                    people.setdefault(d["user_id"], Present(**d))
        return list(people.values())

    async def absent_since(self, user_id: int) -> float | None:
        alive = await self._alive()
        if any(f"lobby:{user_id}" in h for h in alive.values()):
            return None
        uid = str(user_id)
        left = await self.redis.hget(f"{LOBBY}left", uid)
        if left is None:
            where = await self.redis.hget(f"{LOBBY}where", uid)
            if where is None or _text(where) in alive:
                return None  # he never had a lobby socket
            # his last lobby socket was on a process that died (its presence expired,
            # and his leaving was never counted): he left when that is first noticed
            await self.redis.hsetnx(f"{LOBBY}left", uid, repr(self.now()))
            left = await self.redis.hget(f"{LOBBY}left", uid)
        return None if left is None else float(left)

    # -- starts and the tick ---------------------------------------------------------------
    async def claim(self, user_ids: tuple[int, ...]) -> bool:
        keys = [f"{LOBBY}starting:{uid}" for uid in sorted(set(user_ids))]
        return bool(await self._claim(keys=keys, args=[self.process, CLAIM_TTL_MS]))

    async def release(self, user_ids: tuple[int, ...]) -> None:
        keys = [f"{LOBBY}starting:{uid}" for uid in sorted(set(user_ids))]
        await self._release(keys=keys, args=[self.process])

    async def lead(self) -> bool:
        return bool(await self._lead(keys=[f"{LOBBY}lead"], args=[self.process, LEAD_TTL_MS]))

    # -- subscribers -----------------------------------------------------------------------
    async def subscribe(self, sub: Subscriber) -> None:
        if sub in self._subs:
            return
        self._subs.add(sub)
        await self.hub.follow(f"{LOBBY}all")
        if sub.user_id is not None:
            self._by_user.setdefault(sub.user_id, set()).add(sub)
            await self.hub.follow(f"{LOBBY}user:{sub.user_id}")

    async def unsubscribe(self, sub: Subscriber) -> None:
        if sub not in self._subs:
            return
        self._subs.discard(sub)
        await self.hub.unfollow(f"{LOBBY}all")
        if sub.user_id is not None:
            mine = self._by_user.get(sub.user_id, set())
            mine.discard(sub)
            if not mine:
                self._by_user.pop(sub.user_id, None)
            await self.hub.unfollow(f"{LOBBY}user:{sub.user_id}")

    async def publish(
        self, message: dict[str, Any], to: tuple[int, ...] | None = None, *, here: bool = False
    ) -> None:
        text = encode(message)
        if here:
            for sub in list(self._subs):
                sub.deliver(text)
        elif to is None:
            await self.hub.publish(f"{LOBBY}all", text)
        else:
            for uid in sorted(set(to)):
                await self.hub.publish(f"{LOBBY}user:{uid}", text)

    async def _arrived(self, channel: str, text: str) -> None:
        name = channel[len(LOBBY) :]
        if name == "all":
            subs: Iterable[Subscriber] = list(self._subs)
        elif name.startswith("user:"):
            subs = list(self._by_user.get(int(name[len("user:") :]), ()))
        else:
            return
        for sub in subs:
            sub.deliver(text)


# -- game events -----------------------------------------------------------------------


class RedisGameEvents:
    """Tells the other processes when a game's events are stored, so that those
    holding the game in memory catch up (``GameService.catch_up``: reload it from the
    database, the truth, and send the new events to their sockets).

    One channel, ``nardy:games``, followed by every process: a process must hear of
    every game it holds, with sockets or not, and a notice is a few bytes
    (``{"game", "seq", "from"}``; a guest's new name, which no event carries:
    ``{"renamed", "name", "from"}``; a game whose watchers came or went:
    ``{"watchers", "from"}``). Catching up waits for the game's lock, so it runs
    as a task of its own, never holding up the pub/sub reader. Two processes acting on
    one game at once are kept apart by the game row's lock in the database
    (``GameService._step``), not here: a notice only says where to look."""

    CHANNEL = f"{PREFIX}games"
    #: Seconds between tries to follow the notices while Redis cannot be reached.
    RETRY = 1.0

    def __init__(self, hub: RedisHub, games: GameService) -> None:
        self.hub = hub
        self.games = games
        self._tasks: set[asyncio.Task[None]] = set()
        #: told of another process's change of a game's watchers (``RedisWatchers``)
        self.watchers_changed: Callable[[str], Coroutine[Any, Any, None]] | None = None
        # (while Redis is down, every RETRY and every action fails: logged now and then)
        self.following = FailureLog(log, "following game notices on Redis", clock=hub.clock)
        self.announcing = FailureLog(log, "announcing stored events on Redis", clock=hub.clock)
        hub.route(self.CHANNEL, self._arrived)
        games.announce = self.announce
        games.tell_renamed = self.tell_renamed

    async def follow_once(self) -> bool:
        """Follow the notices; False when Redis cannot be reached (logged)."""
        try:
            await self.hub.follow(self.CHANNEL)
        except Exception as exc:
            self.following.failed(exc)
            return False
        self.following.worked()
        return True

    async def follow(self) -> None:
        """Follow the notices, trying every ``RETRY`` seconds until Redis answers (the
        app's lifespan: a server whose Redis is down still starts, says so on
        ``/healthz``, and follows once Redis is back)."""
        while not await self.follow_once():
            await asyncio.sleep(self.RETRY)

    async def announce(self, game_id: str, seq: int) -> None:
        """Tell the others that ``game_id``'s events up to ``seq`` are stored."""
        notice = {"game": game_id, "seq": seq, "from": self.hub.id}
        try:
            await self.hub.publish(self.CHANNEL, encode(notice))
        except Exception as exc:  # the events are stored: the action stands without the
            # notice (a process holding the game then learns of them when its own write
            # finds the game moved on, ``GameService._stored``)
            self.announcing.failed(exc)
            return
        self.announcing.worked()

    async def tell_renamed(self, user_id: int, name: str) -> None:
        """Tell the others that guest ``user_id`` is now called ``name``."""
        notice = {"renamed": user_id, "name": name, "from": self.hub.id}
        try:
            await self.hub.publish(self.CHANNEL, encode(notice))
        except Exception:  # the name is stored: the others show it on their next load
            log.exception("telling of user %d's new name failed", user_id)

    async def _arrived(self, _channel: str, data: str) -> None:
        notice = json.loads(data)
        if notice.get("from") == self.hub.id:
            return
        if "renamed" in notice:
            self._spawn(self._rename(int(notice["renamed"]), str(notice["name"])))
            return
        if "watchers" in notice:
            if self.watchers_changed is not None:
                self._spawn(self.watchers_changed(str(notice["watchers"])))
            return
        live = self.games.live.get(notice["game"])
        if live is None or live.seq >= notice["seq"]:
            return  # not held here, or already caught up
        self._spawn(self._catch_up(live))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        # (waits for games' locks: never in the pub/sub reader itself)
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _rename(self, user_id: int, name: str) -> None:
        try:
            await self.games.renamed(user_id, name, told=True)
        except Exception:
            log.exception("a new name for user %d failed", user_id)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            async with live.lock:
                await self.games.catch_up(live)
        except Exception:
            log.exception("catching up with game %s failed", live.meta.id)


# -- sockets per address ---------------------------------------------------------------

SOCKETS = f"{PREFIX}sockets:"
#: How long a process's socket counts outlive its last renewal (``RedisSocketCounts.
#: renew``, every ``SOCKETS_RENEW_EVERY`` seconds): a process killed with sockets open
#: stops counting them after this.
SOCKETS_TTL_MS = 15_000
SOCKETS_RENEW_EVERY = 5.0

# One more socket of an address unless the processes have ARGV[2] of it open together
# (KEYS: the set of processes, this process's hash; ARGV: address, cap, ttl, process,
# the hashes' prefix); the processes whose hash expired are forgotten on the way.
_TAKE_SOCKET = """
local total = 0
for _, p in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[5] .. p
  if redis.call('EXISTS', key) == 0 then
    if p ~= ARGV[4] then redis.call('SREM', KEYS[1], p) end
  else
    total = total + tonumber(redis.call('HGET', key, ARGV[1]) or '0')
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SADD', KEYS[1], ARGV[4])
return 1
"""
# One socket of an address less in this process's hash (KEYS[1]; ARGV: address).
_RELEASE_SOCKET = """
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return n
"""


class RedisSocketCounts:
    """The open websockets per client address of all the processes (``routes.ws.
    AddressCounts``), so that the per-address cap holds however a client's sockets
    are spread: each process counts its own in a hash (``nardy:sockets:<process>``,
    address -> count) with an expiry it renews (``renew``, the app's ticker), listed in
    the set ``nardy:sockets:processes``; a take sums the hashes and counts one more in
    one script (two takes at once never both pass the cap). A process killed with
    sockets open leaves no count behind for longer than ``SOCKETS_TTL_MS``."""

    def __init__(self, hub: RedisHub, ttl_ms: int = SOCKETS_TTL_MS) -> None:
        self.redis = hub.redis
        self.process = hub.id
        self.ttl_ms = ttl_ms
        self._mine = f"{SOCKETS}{self.process}"
        self._processes = f"{SOCKETS}processes"
        self._take = self.redis.register_script(_TAKE_SOCKET)
        self._release = self.redis.register_script(_RELEASE_SOCKET)

    async def take(self, address: str, cap: int) -> bool:
        args: list[str | int] = [address, cap, self.ttl_ms, self.process, SOCKETS]
        return bool(await self._take(keys=[self._processes, self._mine], args=args))

    async def release(self, address: str) -> None:
        await self._release(keys=[self._mine], args=[address])

    async def renew(self) -> None:
        """This process is alive: its counts keep counting for ``ttl_ms`` more."""
        async with self.redis.pipeline(transaction=True) as p:
            p.pexpire(self._mine, self.ttl_ms)
            p.sadd(self._processes, self.process)
            await p.execute()


# -- the watchers of each game -----------------------------------------------------------

WATCHERS = f"{PREFIX}watchers:"
#: A game's watchers' hash outlives its last change by this (a game nobody watches
#: any more leaves nothing behind for long).
WATCHERS_TTL_MS = 24 * 3600 * 1000

# The distinct watchers of a game (KEYS[1]: its hash, ``<process>|<who>`` -> sockets;
# ARGV[1]: the prefix of the processes' socket-count hashes): a process whose socket
# counts expired (killed: ``RedisSocketCounts``, whose counts hold each watcher's
# socket) has its fields dropped on the way.
_COUNT_WATCHERS = """
local seen, n = {}, 0
local alive = {}
for _, field in ipairs(redis.call('HKEYS', KEYS[1])) do
  local bar = string.find(field, '|', 1, true)
  local p, who = string.sub(field, 1, bar - 1), string.sub(field, bar + 1)
  if alive[p] == nil then alive[p] = redis.call('EXISTS', ARGV[1] .. p) == 1 end
  if not alive[p] then redis.call('HDEL', KEYS[1], field)
  elseif not seen[who] then seen[who] = true; n = n + 1 end
end
return n
"""
# One socket of a watcher more or less (KEYS[1]: the game's hash; ARGV: the field, by, ttl).
_COUNT_WATCHER = """
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], ARGV[2])
if n <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return n
"""


class RedisWatchers:
    """The watchers of each game over all the processes (``watchers.SharedWatchers``):
    a hash per game (``nardy:watchers:<game>``) of each process's watchers' sockets,
    ``<process>|<who>`` -> count; a count takes the distinct ``who`` of the processes
    alive. A change is told on the game notices' channel (``RedisGameEvents``)."""

    def __init__(self, hub: RedisHub, events: RedisGameEvents) -> None:
        self.hub = hub
        self.redis = hub.redis
        self.on_change: Callable[[str], Awaitable[None]] | None = None
        self._count = self.redis.register_script(_COUNT_WATCHERS)
        self._add = self.redis.register_script(_COUNT_WATCHER)
        events.watchers_changed = self._changed

    async def _changed(self, game_id: str) -> None:
        if self.on_change is not None:
            await self.on_change(game_id)

    async def _by(self, game_id: str, who: str, by: int) -> None:
        field = f"{self.hub.id}|{who}"
        await self._add(keys=[f"{WATCHERS}{game_id}"], args=[field, by, WATCHERS_TTL_MS])

    async def add(self, game_id: str, who: str) -> None:
        await self._by(game_id, who, 1)

    async def remove(self, game_id: str, who: str) -> None:
        await self._by(game_id, who, -1)

    async def count(self, game_id: str) -> int:
        return int(await self._count(keys=[f"{WATCHERS}{game_id}"], args=[SOCKETS]))

    async def tell_others(self, game_id: str) -> None:
        notice = {"watchers": game_id, "from": self.hub.id}
        await self.hub.publish(RedisGameEvents.CHANNEL, encode(notice))
