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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import redis.asyncio as aioredis

from nardy.server.chat import ChatSubscriber
from nardy.server.fanout import encode

log = logging.getLogger(__name__)

#: Every key and channel of the server starts with this.
PREFIX = "nardy:"
#: A handler of the messages of the channels under one prefix: (channel, data).
Handler = Callable[[str, str], Awaitable[None]]


class RedisHub:
    """One process's Redis connections and its pub/sub reader (see the module)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.redis: aioredis.Redis = aioredis.Redis.from_url(url, decode_responses=True)
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
        self._own = f"{PREFIX}process:{uuid.uuid4().hex}"

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
            self._confirm[self._own] = deque([ready])
            await pubsub.subscribe(self._own)
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
            await self._pubsub.subscribe(channel)
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

    def following(self, channel: str) -> bool:
        """True while something of this process follows ``channel``."""
        return channel in self._counts

    async def publish(self, channel: str, data: str) -> None:
        """Send ``data`` to the processes following ``channel``."""
        await self.redis.publish(channel, data)

    async def _read(self) -> None:
        while True:
            try:
                msg = await self._pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection broke: redis-py reconnects and resubscribes
                log.exception("reading Redis pub/sub failed")
                await asyncio.sleep(0.5)
                continue
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
