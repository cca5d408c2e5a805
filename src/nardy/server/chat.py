"""The chat: the lobby, each game's players' chat and its spectators' chat.

Channels (``parse_channel``): ``lobby``; ``game:<id>``, the two players of a game
between two people; ``watch:<id>``, its spectators. Who may read and write
(``ChatService.access``), the rules lichess keeps:

- the players' chat: its two players only (a guest too: he plays);
- the spectators' chat: written by spectators with an account, read by any
  spectator; the players do not see it during the game (no kibitzing reaches them),
  only once it is over;
- the lobby: read by everyone, written by accounts only (a guest cannot be held to
  account for what he writes, and makes a new self by clearing his cookies);
- a banned user writes nowhere (403 ``banned``), nor does a muted one until his
  mute ends (403 ``muted``, saying until when; ``nardy.server.moderation``).

A message is text (at most ``MAX_CHARS`` characters once control characters are
gone) or a quick phrase sent as its key (``PHRASES``), which each reader sees in his
own language; messages are stored (``chat_messages``), and a channel's last
``HISTORY`` are read when a page opens. Each user writes at most ``CHAT_RATE``
(through ``nardy.server.throttle``). A user who blocked another (``blocks``) never
gets that user's messages; a moderator hides a message for everyone.

A member reports a message for a reason (``REPORT_REASONS``); the moderators read the
open reports grouped by message, with the count of each reason, and handle them
(``handle``: dismissed, or acted on), which takes them off the open list and into the
moderation log.

Delivery is behind ``ChatDelivery``: ``InMemoryDelivery`` for one server process,
``nardy.server.redis_live.RedisChatDelivery`` (Redis pub/sub) for several; see its
contract.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from anyio import to_thread
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import Block, ChatMessage, ChatReport, User, aware
from nardy.server.moderation import checked_note, log_entry, muted_error
from nardy.server.service import GameService
from nardy.server.throttle import Throttle, Throttled
from nardy.server.writer import Writer

log = logging.getLogger(__name__)

#: The longest message, in characters (after control characters are removed).
MAX_CHARS = 300
#: How many of a channel's latest messages a page gets when it opens.
HISTORY = 100
#: How many reports the moderators' list reads (the latest).
REPORTS_READ = 500
#: The rate limit's name and its rate (``limits`` notation).
CHAT_LIMIT = "chat-per-user"
CHAT_RATE = "5 per 10 seconds"
#: Why a member reports a message (``web.chat-reason.<key>`` of the catalogue).
REPORT_REASONS = ("insult", "spam", "cheating", "other")
#: How a moderator handles a message's reports (the log's action for each).
OUTCOMES = {"dismissed": "dismiss", "acted": "act-on"}
#: The quick phrases' keys; their texts are ``web.chat-phrase.<key>`` of the catalogue.
PHRASES = (
    "hello",
    "good-luck",
    "have-fun",
    "nice-roll",
    "well-played",
    "good-game",
    "thanks",
    "rematch",
    "bye",
)
#: A stored phrase is this mark and its key: typed text never holds the mark, since
#: control characters are removed from it (``clean_text``).
PHRASE_MARK = "\x1f"
#: The roles that play a game (``Meta.role_of``): "player" before the opening toss.
PLAYER_ROLES = ("white", "black", "both", "player")
#: Two people play these games (the others: the computer, or one device).
TWO_PLAYER_MODES = ("friend", "club")
#: Game ids are what ``GameService`` makes: short and URL-safe.
_GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
#: Format characters kept in text: the zero-width joiner builds emoji sequences.
_KEPT_FORMAT = {"\u200d"}


@dataclass(frozen=True)
class Channel:
    """A chat channel: its name, kind (``lobby``, ``game``, ``watch``) and game."""

    name: str
    kind: str
    game_id: str | None = None


def parse_channel(name: Any) -> Channel:
    """The channel ``name`` names (400 ``malformed`` for any other value)."""
    if name == "lobby":
        return Channel("lobby", "lobby")
    if isinstance(name, str):
        kind, _, game_id = name.partition(":")
        if kind in ("game", "watch") and _GAME_ID.match(game_id):
            return Channel(name, kind, game_id)
    shown = repr(name[:40]) if isinstance(name, str) else repr(type(name).__name__)
    raise ApiError(400, "malformed", "chat-bad-channel", channel=shown)


def user_channel(user_id: int) -> str:
    """The private channel of one user's chat sockets (his blocks reach them by it)."""
    return f"user:{user_id}"


def clean_text(text: str) -> str:
    """``text`` with line breaks and tabs as spaces, other control and format characters
    removed (no bidi overrides turning a line around), in NFC, trimmed."""
    text = unicodedata.normalize("NFC", text)
    out = []
    for ch in text:
        if ch in "\n\r\t":
            out.append(" ")
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs") and ch not in _KEPT_FORMAT:
            continue
        else:
            out.append(ch)
    return "".join(out).strip()


def message_body(body: Any) -> str:
    """What to store for a posted body: ``{"text": ...}`` cleaned and checked, or
    ``{"phrase": key}`` marked (400 with the reason otherwise)."""
    if not isinstance(body, dict) or ("text" in body) == ("phrase" in body):
        raise ApiError(400, "malformed", "chat-bad-message", known=", ".join(PHRASES))
    if "phrase" in body:
        phrase = body["phrase"]
        if phrase not in PHRASES:
            shown = repr(phrase[:40]) if isinstance(phrase, str) else repr(phrase)
            raise ApiError(
                400, "malformed", "chat-unknown-phrase", phrase=shown, known=", ".join(PHRASES)
            )
        return PHRASE_MARK + str(phrase)
    text = body["text"]
    if not isinstance(text, str):
        raise ApiError(400, "malformed", "chat-bad-message", known=", ".join(PHRASES))
    text = clean_text(text)
    if not text:
        raise ApiError(400, "chat-empty")
    if len(text) > MAX_CHARS:
        raise ApiError(400, "chat-too-long", length=len(text), max=MAX_CHARS)
    return text


def message_json(row: ChatMessage, name: str) -> dict[str, Any]:
    """A stored message as the clients get it: ``text``, or ``phrase`` (a key)."""
    at = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    out: dict[str, Any] = {
        "type": "message",
        "id": row.id,
        "channel": row.channel,
        "user_id": row.user_id,
        "name": name,
        "at": at.isoformat(),
    }
    if row.text.startswith(PHRASE_MARK):
        out["phrase"] = row.text[len(PHRASE_MARK) :]
    else:
        out["text"] = row.text
    return out


def _running(until: datetime | None, moment: datetime) -> str | None:
    """A stored mute's end while it runs at ``moment`` (ISO), else None."""
    return aware(until).isoformat() if until is not None and aware(until) > moment else None


def _said(text: str) -> dict[str, str]:
    """A stored message's words as the log keeps them: ``text``, or a ``phrase`` key."""
    if text.startswith(PHRASE_MARK):
        return {"phrase": text[len(PHRASE_MARK) :]}
    return {"text": text}


# -- delivery ----------------------------------------------------------------------


class ChatSubscriber(Protocol):
    """One reader's connection (a websocket) as the delivery sees it."""

    async def deliver(self, message: dict[str, Any]) -> bool:
        """Hand ``message`` on; False when the connection is gone (then it is dropped)."""


class ChatDelivery(Protocol):
    """Who follows which channel, and broadcasting to them.

    The contract, for any implementation (this process's memory; Redis pub/sub for
    several processes: each process subscribes to a Redis channel while one of its
    sockets follows it, and hands what arrives to its local subscribers):

    - ``publish(channel, message)`` reaches every subscriber of ``channel`` of every
      process once, and the messages of one channel published by one process reach
      each subscriber in the order they were published;
    - a message is a JSON object (``type`` names it: ``message``, ``hidden``,
      ``blocked``, ``unblocked``) and travels unchanged: what one reader may see is
      decided by his subscriber (``deliver``: a blocked author's messages are not
      sent on), not by the delivery;
    - a subscription is local to the process holding the connection and ends with
      ``unsubscribe`` (all its channels) or when ``deliver`` answers False;
    - nothing is kept for a subscriber who is not there: the history is the database's.
    """

    async def subscribe(self, channel: str, sub: ChatSubscriber) -> None:
        """``sub`` gets what is published on ``channel`` once this returns."""

    async def unsubscribe(self, sub: ChatSubscriber, channel: str | None = None) -> None:
        """``sub`` leaves ``channel`` (every channel when None)."""

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        """Send ``message`` to ``channel``'s subscribers."""


class InMemoryDelivery:
    """``ChatDelivery`` within one process."""

    def __init__(self) -> None:
        self.channels: dict[str, set[ChatSubscriber]] = {}

    async def subscribe(self, channel: str, sub: ChatSubscriber) -> None:
        self.channels.setdefault(channel, set()).add(sub)

    async def unsubscribe(self, sub: ChatSubscriber, channel: str | None = None) -> None:
        names = [channel] if channel is not None else list(self.channels)
        for name in names:
            subs = self.channels.get(name)
            if subs is None:
                continue
            subs.discard(sub)
            if not subs:
                del self.channels[name]

    async def publish(self, channel: str, message: dict[str, Any]) -> None:
        for sub in list(self.channels.get(channel, ())):
            if not await sub.deliver(message):
                log.debug("dropping a dead chat subscriber of %s", channel)
                await self.unsubscribe(sub)


# -- the service ---------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    """What the chat needs to know of a user."""

    user_id: int
    guest: bool
    moderator: bool
    banned: bool
    #: Until when a moderator muted him (None: never, or a mute since lifted).
    muted_until: datetime | None = None

    def muted_at(self, moment: datetime) -> datetime | None:
        """The end of his mute if it still runs at ``moment``, else None."""
        if self.muted_until is None or self.muted_until <= moment:
            return None
        return self.muted_until


@dataclass(frozen=True)
class Access:
    """What one visitor may do in one channel: read it, and write (None) or not (the
    error saying why)."""

    channel: Channel
    refusal: ApiError | None

    @property
    def can_post(self) -> bool:
        """True when the visitor may write."""
        return self.refusal is None


class ChatService:
    """The chat's rules, storage and delivery."""

    def __init__(
        self,
        db: sessionmaker[DbSession],
        writer: Writer,
        games: GameService,
        throttle: Throttle,
        delivery: ChatDelivery,
    ) -> None:
        self.db = db
        self.writer = writer
        self.games = games
        self.throttle = throttle
        self.delivery = delivery

    # -- who may do what ------------------------------------------------------------
    def member(self, user_id: int) -> Member | None:
        """The user's chat-relevant facts (None when there is no such user)."""
        with self.db() as s:
            row = s.execute(
                select(User.username, User.moderator, User.banned_at, User.muted_until).where(
                    User.id == user_id
                )
            ).first()
        if row is None:
            return None
        muted = aware(row[3]) if row[3] is not None else None
        return Member(user_id, row[0] is None, bool(row[1]), row[2] is not None, muted)

    def muted_until(self, who: Who | None) -> datetime | None:
        """The end of ``who``'s mute while it runs (the chat panel shows it), else None."""
        member = self.member(who.user_id) if who is not None else None
        return member.muted_at(self.games.clock()) if member is not None else None

    async def access(self, who: Who | None, name: Any) -> Access:
        """Whether ``who`` may read channel ``name`` (an ``ApiError`` when not) and
        write in it (``Access.refusal``)."""
        channel = parse_channel(name)
        uid = who.user_id if who is not None else None
        account = who is not None and not who.guest
        if channel.kind == "lobby":
            refusal = None if account else ApiError(403, "forbidden", "chat-account-only")
            return Access(channel, refusal)
        assert channel.game_id is not None
        live = await self.games.get(channel.game_id)
        role = live.meta.role_of(uid)
        playing = role in PLAYER_ROLES
        if channel.kind == "game":
            if live.meta.mode not in TWO_PLAYER_MODES:
                raise ApiError(404, "not-found", "chat-no-players-chat")
            if not playing:
                raise ApiError(403, "forbidden", "chat-players-only")
            return Access(channel, None)
        if playing:  # the spectators' chat: not for the players while they play
            if live.meta.status != "over":
                raise ApiError(403, "forbidden", "chat-spectators-only")
            return Access(channel, ApiError(403, "forbidden", "chat-spectators-only"))
        refusal = None if account else ApiError(403, "forbidden", "chat-account-only")
        return Access(channel, refusal)

    async def _postable(self, who: Who | None, name: Any) -> Access:
        access = await self.access(who, name)
        if access.refusal is not None:
            raise access.refusal
        return access

    # -- reading --------------------------------------------------------------------
    def blocked_by(self, user_id: int | None) -> set[int]:
        """The users ``user_id`` blocked."""
        if user_id is None:
            return set()
        with self.db() as s:
            return set(s.scalars(select(Block.other_id).where(Block.user_id == user_id)))

    def read(self, channel: str, reader: int | None) -> list[dict[str, Any]]:
        """The channel's latest messages, oldest first, less the hidden ones and those
        of the users ``reader`` blocked (no access check: see ``history``)."""
        blocked = self.blocked_by(reader)
        with self.db() as s:
            q = (
                select(ChatMessage, User.display_name)
                .join(User, User.id == ChatMessage.user_id)
                .where(ChatMessage.channel == channel, ChatMessage.hidden.is_(False))
                .order_by(ChatMessage.id.desc())
            )
            if blocked:
                q = q.where(ChatMessage.user_id.not_in(blocked))
            rows = s.execute(q.limit(HISTORY)).all()
        return [message_json(m, name) for m, name in reversed(rows)]

    async def history(self, who: Who | None, name: Any) -> tuple[Access, list[dict[str, Any]]]:
        """The channel's latest messages, oldest first, less those of users ``who``
        blocked and those hidden (403/404 when he may not read it)."""
        access = await self.access(who, name)
        uid = who.user_id if who is not None else None
        rows = await to_thread.run_sync(self.read, access.channel.name, uid)
        return access, rows

    # -- writing --------------------------------------------------------------------
    def _store(self, who: Who, channel: Channel, text: str) -> dict[str, Any]:
        member = self.member(who.user_id)
        if member is None or member.banned:
            raise ApiError(403, "banned", "you-are-banned")
        muted = member.muted_at(self.games.clock())
        if muted is not None:
            raise muted_error(muted)
        key = str(who.user_id)
        wait = self.throttle.retry_after(CHAT_LIMIT, key)
        if wait is not None:
            raise Throttled("chat-too-fast", wait)
        self.throttle.hit(CHAT_LIMIT, key)

        def write(s: DbSession) -> ChatMessage:
            row = ChatMessage(
                channel=channel.name, game_id=channel.game_id, user_id=who.user_id, text=text
            )
            s.add(row)
            s.flush()
            return row

        row = self.writer.session(write)
        return message_json(row, who.display_name)

    async def post(self, who: Who | None, name: Any, body: Any) -> dict[str, Any]:
        """Store and deliver a message ``body`` (``{"text"}`` or ``{"phrase"}``) from
        ``who`` in channel ``name``; returns it as the readers get it."""
        text = message_body(body)
        access = await self._postable(who, name)
        assert who is not None  # only users may write
        message = await to_thread.run_sync(self._store, who, access.channel, text)
        await self.delivery.publish(access.channel.name, message)
        return message

    def _message(self, message_id: Any) -> ChatMessage:
        if isinstance(message_id, bool) or not isinstance(message_id, int):
            raise ApiError(404, "not-found", "chat-no-message", id=repr(message_id))
        with self.db() as s:
            row = s.get(ChatMessage, message_id)
        if row is None or row.hidden:
            raise ApiError(404, "not-found", "chat-no-message", id=message_id)
        return row

    async def report(self, who: Who | None, message_id: Any, body: Any) -> None:
        """``who`` reports a message he can read (once per message), for the reason
        ``body`` names (``{"reason": "spam"}``, one of ``REPORT_REASONS``)."""
        if who is None:
            raise ApiError(403, "forbidden", "chat-sign-in")
        row = await to_thread.run_sync(self._message, message_id)
        reason = body.get("reason") if isinstance(body, dict) else None
        if not isinstance(reason, str) or reason not in REPORT_REASONS:
            shown = repr(reason[:40]) if isinstance(reason, str) else repr(reason)
            raise ApiError(
                400, "malformed", "chat-bad-reason", value=shown, known=", ".join(REPORT_REASONS)
            )
        await self.access(who, row.channel)  # he must be able to read it
        if row.user_id == who.user_id:
            raise ApiError(400, "malformed", "chat-own-message")

        def write(s: DbSession) -> None:
            s.add(ChatReport(message_id=row.id, reporter_id=who.user_id, reason=reason))

        try:
            await to_thread.run_sync(self.writer.session, write)
        except IntegrityError:
            raise ApiError(409, "conflict", "chat-already-reported") from None

    def is_moderator(self, who: Who | None) -> bool:
        """True for a moderator (who is not banned)."""
        member = self.member(who.user_id) if who is not None else None
        return member is not None and member.moderator and not member.banned

    def _moderator(self, who: Who | None) -> None:
        if not self.is_moderator(who):
            raise ApiError(403, "forbidden", "chat-moderators-only")

    async def hide(self, who: Who | None, message_id: Any) -> None:
        """A moderator hides a message: no one sees it again, and the open chats drop it."""
        await to_thread.run_sync(self._moderator, who)
        row = await to_thread.run_sync(self._message, message_id)

        def write(s: DbSession) -> None:
            hidden = s.get(ChatMessage, row.id)
            if hidden is not None:
                hidden.hidden = True

        await to_thread.run_sync(self.writer.session, write)
        await self.delivery.publish(
            row.channel, {"type": "hidden", "id": row.id, "channel": row.channel}
        )

    def _reports(self) -> list[dict[str, Any]]:
        moment = self.games.clock()
        with self.db() as s:
            rows = s.execute(
                select(
                    ChatReport,
                    ChatMessage,
                    User.display_name,
                    User.username,
                    User.banned_at,
                    User.muted_until,
                )
                .join(ChatMessage, ChatMessage.id == ChatReport.message_id)
                .join(User, User.id == ChatMessage.user_id)
                .where(ChatReport.handled_at.is_(None))
                .order_by(ChatReport.id.desc())
                .limit(REPORTS_READ)
            ).all()
        grouped: dict[int, dict[str, Any]] = {}
        for report, message, name, username, banned_at, muted_until in rows:
            entry = grouped.get(message.id)
            if entry is None:
                at = report.created_at
                at = at if at.tzinfo else at.replace(tzinfo=UTC)
                entry = {
                    "message": {**message_json(message, name), "hidden": message.hidden},
                    # (the author's username for his profile and a ban: None, a guest)
                    "author": username,
                    "author_banned": banned_at is not None,
                    "author_muted_until": _running(muted_until, moment),
                    "reports": 0,
                    "reasons": {},
                    "last_at": at.isoformat(),
                }
                grouped[message.id] = entry
            entry["reports"] += 1
            entry["reasons"][report.reason] = entry["reasons"].get(report.reason, 0) + 1
        return list(grouped.values())

    async def reports(self, who: Who | None) -> list[dict[str, Any]]:
        """The messages with open reports, latest report first, with their report
        counts, each reason's count, and whether the author is banned or muted
        (moderators only)."""
        await to_thread.run_sync(self._moderator, who)
        return await to_thread.run_sync(self._reports)

    def _handle(self, who: Who, message_id: int, action: str, note: str | None) -> int:
        at = self.games.clock()

        def write(s: DbSession) -> int:
            message = s.get(ChatMessage, message_id)
            reasons: dict[str, int] = {}
            if message is not None:
                for reason in s.scalars(
                    select(ChatReport.reason).where(
                        ChatReport.message_id == message_id, ChatReport.handled_at.is_(None)
                    )
                ):
                    reasons[reason] = reasons.get(reason, 0) + 1
            if message is None or not reasons:
                raise ApiError(409, "conflict", "chat-no-open-reports", id=message_id)
            s.execute(
                update(ChatReport)
                .where(ChatReport.message_id == message_id, ChatReport.handled_at.is_(None))
                .values(handled_at=at, handled_by=who.user_id)
            )
            detail = {
                "message_id": message_id,
                "channel": message.channel,
                **_said(message.text),
                "reports": sum(reasons.values()),
                "reasons": reasons,
            }
            log_entry(s, who, message.user_id, action, note, detail, at=at)
            return sum(reasons.values())

        return self.writer.session(write)

    async def handle(self, who: Who | None, message_id: Any, body: Any) -> int:
        """A moderator marks the open reports of a message handled: ``{"outcome":
        "dismissed" | "acted", "reason": words for the log (optional)}``; they leave the
        open list, and the log records it. Returns how many reports it closed (409 when
        none was open)."""
        await to_thread.run_sync(self._moderator, who)
        assert who is not None
        outcome = body.get("outcome") if isinstance(body, dict) else None
        if not isinstance(outcome, str) or outcome not in OUTCOMES:
            shown = repr(outcome[:40]) if isinstance(outcome, str) else repr(outcome)
            raise ApiError(
                400, "malformed", "chat-bad-outcome", value=shown, known=", ".join(OUTCOMES)
            )
        note = checked_note({"reason": body.get("reason")})
        if isinstance(message_id, bool) or not isinstance(message_id, int):
            raise ApiError(404, "not-found", "chat-no-message", id=repr(message_id))
        return await to_thread.run_sync(self._handle, who, message_id, OUTCOMES[outcome], note)

    # -- blocks ---------------------------------------------------------------------
    async def block(self, who: Who | None, other: Any, on: bool) -> None:
        """``who`` blocks (``on``) or unblocks ``other``; his open chats learn it."""
        if who is None:
            raise ApiError(403, "forbidden", "chat-sign-in")
        if isinstance(other, bool) or not isinstance(other, int):
            raise ApiError(404, "not-found", "chat-no-user", id=repr(other))
        if other == who.user_id:
            raise ApiError(400, "malformed", "chat-block-self")
        if await to_thread.run_sync(self.member, other) is None:
            raise ApiError(404, "not-found", "chat-no-user", id=other)

        def write(s: DbSession) -> None:
            s.execute(delete(Block).where(Block.user_id == who.user_id, Block.other_id == other))
            if on:
                s.add(Block(user_id=who.user_id, other_id=other))

        await to_thread.run_sync(self.writer.session, write)
        kind = "blocked" if on else "unblocked"
        await self.delivery.publish(user_channel(who.user_id), {"type": kind, "user_id": other})
