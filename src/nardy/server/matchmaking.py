"""The lobby's rules: open challenges, quick pairing, presence, and what the lobby
page shows, over the shared state of ``nardy.server.lobby`` (``LobbyState``).

How a player's seeks interact (what "sensibly" means here):

- He may have up to ``MAX_CHALLENGES`` open challenges and one place in the
  quick-pairing queue at once (asking again with other terms moves him).
- When a game of his starts from the lobby (a challenge of his accepted, or one he
  accepted, or a pairing) or a tournament's round (``game_started``), all his other
  seeks are withdrawn: one game at a time; he is told on his lobby channel. While
  a game of his is being started, another start for him (his challenge accepted while
  he is paired, say) is refused with ``busy`` (a pairing simply waits for the next
  tick), so that two starts at the same instant never give him two games.
- Nobody accepts his own challenge; a direct challenge is accepted (or declined) only
  by the player it names; two accepts of one challenge make one game, the later gets
  ``challenge-gone``.
- His seeks live while he is in the lobby: ``LEAVE_GRACE`` seconds after his last
  lobby socket closed (a reload is not leaving) they are withdrawn, and he is not
  paired meanwhile (he would not hear of it). Taking the computer's offer after a long
  wait leaves the queue (the client says so).
- Rated games are for members only, and a guest's quick games are unrated.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from datetime import timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import or_, select
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.orm import sessionmaker

from nardy.cube import CubeRules
from nardy.errors import NardyError
from nardy.server.api_error import ApiError
from nardy.server.auth import Clock, Who
from nardy.server.db import GameRow, User
from nardy.server.friends import Friends, Player
from nardy.server.game_specs import HUMAN_MODES, MAX_MATCH_LENGTH
from nardy.server.live import LiveGame
from nardy.server.lobby import (
    CLOCKS,
    Challenge,
    LobbyState,
    Present,
    Terms,
    clock_named,
    clock_terms,
)
from nardy.server.pairing import Seeker, pairs, timed_out
from nardy.server.ratings import pool_of
from nardy.server.service import GameService
from nardy.server.throttle import Throttle, Throttled
from nardy.server.ticker import ticking
from nardy.server.views import Views
from nardy.variants import find_variant

log = logging.getLogger(__name__)

#: The match length of a quick pairing.
QUICK_LENGTH = 3
MAX_CHALLENGES = 3
#: Seconds a player's seeks outlive his last lobby socket (a page reload).
LEAVE_GRACE = 15.0
#: How often the lobby pairs, sweeps, and refreshes who is online and the games.
TICK_EVERY = 1.0
#: Games to watch listed at most; members listed as online at most.
MAX_WATCH = 12
#: A game is listed to watch while it moves: one with no move for this long (an
#: untimed game its players walked away from) leaves the list, not its players' own.
WATCH_IDLE = timedelta(minutes=20)
MAX_ONLINE_LISTED = 60
#: The rate limit on seeks (challenges and quick pairing), per player.
SEEK_LIMIT = "lobby-seek"


def _flag(body: dict[str, Any], name: str, default: bool | None) -> bool | None:
    value = body.get(name, default)
    if value is not None and not isinstance(value, bool):
        raise ApiError(400, "malformed", "not-boolean", name=name, value=repr(value)[:40])
    return value


def _variant(body: dict[str, Any]) -> str:
    name = body.get("variant", "long")
    if not isinstance(name, str) or len(name) > 40:
        raise ApiError(400, "bad-variant", "lobby-bad-variant", value=repr(name)[:40])
    try:
        return find_variant(name).name
    except NardyError:
        raise ApiError(400, "bad-variant", "lobby-bad-variant", value=repr(name)[:40]) from None


def parse_terms(body: Any, who: Who) -> Terms:
    """A challenge's terms from a request body (``variant``, ``length``, ``cube``,
    ``rated``, ``clock``); a guest's rated challenge is refused."""
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "body-not-object")
    variant = _variant(body)
    length = body.get("length", QUICK_LENGTH)
    if (
        isinstance(length, bool)
        or not isinstance(length, int)
        or not 0 <= length <= MAX_MATCH_LENGTH
    ):
        raise ApiError(400, "bad-match", "match-length", max=MAX_MATCH_LENGTH)
    cube = _flag(body, "cube", None)
    if cube is None:
        cube = CubeRules.for_variant(find_variant(variant)).enabled
    rated = bool(_flag(body, "rated", False))
    if rated and who.guest:
        raise ApiError(403, "account-needed", "lobby-rated-needs-account")
    return Terms(variant, length, cube, rated, clock_named(body.get("clock")))


def audience(ch: Challenge) -> tuple[int, ...] | None:
    """Who is told of ``ch``'s changes: everyone (an open challenge), or its two
    players (a direct one)."""
    return None if ch.to is None else (ch.user_id, ch.to.user_id)


async def gone(state: LobbyState, ch: Challenge, reason: str) -> None:
    """Tell ``ch``'s audience it left the lobby and why (accepted, cancelled, ...)."""
    await state.publish({"type": "gone", "id": ch.id, "reason": reason}, audience(ch))


async def game_started(
    state: LobbyState, game_id: str, players: tuple[int, ...], **about: Any
) -> None:
    """A game of ``players`` has started (from the lobby, or a tournament's round):
    their other seeks are withdrawn (one game at a time) and each is told on his own
    lobby channel, ``{"type": "game", "id": ...}`` and ``about`` (a tournament's game:
    ``tournament``), so that his lobby or tournament page takes him to it. Through
    ``state``: every process's sockets of theirs hear it (Redis)."""
    for uid in players:
        await state.dequeue(uid)
        for other in await state.challenges():
            if other.user_id == uid and await state.take_challenge(other.id):
                await gone(state, other, "withdrawn")
    await state.publish({"type": "game", "id": game_id, **about}, players)


def quick_terms(a: Seeker, b: Seeker) -> Terms:
    """The terms of a quick game between ``a`` and ``b`` (one pool): a match to
    ``QUICK_LENGTH``, the variant's cube (RULES.md C-3, C-5), rated between members."""
    cube = CubeRules.for_variant(find_variant(a.variant)).enabled
    return Terms(a.variant, QUICK_LENGTH, cube, rated=not (a.guest or b.guest), clock=a.clock)


def _in_play(live: LiveGame) -> bool:
    """Whether a game of ``live`` is being played: not over, nor between a match's games."""
    return live.game is not None and not (live.finished or live.over)


class Lobby:
    """The lobby's rules over a ``LobbyState``: challenges, quick pairing, presence,
    and what the lobby page shows."""

    def __init__(
        self,
        state: LobbyState,
        games: GameService,
        friends: Friends,
        views: Views,
        throttle: Throttle,
        clock: Clock,
        pair_timeout: float,
    ) -> None:
        self.state = state
        self.games = games
        self.friends = friends
        self.views = views
        self.throttle = throttle
        self.clock = clock
        self.pair_timeout = pair_timeout
        self.db: sessionmaker[DbSession] = games.db
        #: What the periodic refresh sent last (sent again only when changed).
        self._sent: dict[str, Any] = {}
        #: Each game in memory as the last refresh saw it: (seq, creator, opponent).
        self._seen: dict[str, tuple[int, int | None, int | None]] = {}

    def now(self) -> float:
        """The lobby's time, in seconds (the injectable clock)."""
        return self.clock().timestamp()

    # -- checks --------------------------------------------------------------------
    async def _may_seek(self, who: Who) -> None:
        if await to_thread.run_sync(self.friends.banned, who.user_id):
            raise ApiError(403, "banned", "you-are-banned")
        key = str(who.user_id)
        wait = self.throttle.retry_after(SEEK_LIMIT, key)
        if wait is not None:
            raise Throttled("too-many-seeks", wait)
        self.throttle.hit(SEEK_LIMIT, key)

    async def _rating(self, who: Who, variant: str) -> float | None:
        if who.guest:
            return None
        return await to_thread.run_sync(self.friends.rating, who.user_id, pool_of(variant))

    async def _find(self, challenge_id: Any) -> Challenge:
        # (one answer for a challenge taken and one never made: no tombstones are kept)
        if isinstance(challenge_id, str) and len(challenge_id) <= 32:
            for ch in await self.state.challenges():
                if ch.id == challenge_id:
                    return ch
        raise ApiError(409, "challenge-gone", "challenge-gone")

    # -- challenges ----------------------------------------------------------------
    async def challenge(self, who: Who, body: Any) -> Challenge:
        """A new open challenge by ``who`` (``to``: a member's username, for a direct
        challenge)."""
        terms = parse_terms(body, who)
        to: Player | None = None
        target = body.get("to")
        if target is not None:
            to = await to_thread.run_sync(self.friends.member, target)
            if to.user_id == who.user_id:
                raise ApiError(409, "forbidden", "lobby-self")
            if await to_thread.run_sync(self.friends.blocked_between, who.user_id, to.user_id):
                raise ApiError(409, "blocked", "lobby-blocked", name=to.name)
        mine = [c for c in await self.state.challenges() if c.user_id == who.user_id]
        if len(mine) >= MAX_CHALLENGES:
            raise ApiError(409, "too-many", "lobby-too-many-challenges", max=MAX_CHALLENGES)
        await self._may_seek(who)
        ch = Challenge(
            id=secrets.token_urlsafe(6),
            user_id=who.user_id,
            name=who.display_name,
            guest=who.guest,
            rating=await self._rating(who, terms.variant),
            terms=terms,
            to=to,
            created=self.now(),
        )
        await self.state.add_challenge(ch)
        await self.state.publish({"type": "challenge", "challenge": ch.public()}, audience(ch))
        return ch

    async def cancel(self, who: Who, challenge_id: Any) -> None:
        """``who`` withdraws his challenge."""
        ch = await self._find(challenge_id)
        if ch.user_id != who.user_id:
            raise ApiError(403, "forbidden", "challenge-not-yours")
        if await self.state.take_challenge(ch.id) is not None:
            await gone(self.state, ch, "cancelled")

    async def withdraw_all(self, user_id: int) -> None:
        """Take ``user_id`` out of the lobby (his account is closed): his challenges,
        those made to him, and his place in the quick-pairing queue."""
        await self.state.dequeue(user_id)
        for ch in await self.state.challenges():
            to_him = ch.to is not None and ch.to.user_id == user_id
            if (ch.user_id == user_id or to_him) and await self.state.take_challenge(ch.id):
                await gone(self.state, ch, "declined" if to_him else "withdrawn")

    async def decline(self, who: Who, challenge_id: Any) -> None:
        """The player a direct challenge names declines it."""
        ch = await self._find(challenge_id)
        if ch.to is None or ch.to.user_id != who.user_id:
            raise ApiError(403, "forbidden", "challenge-not-to-you")
        if await self.state.take_challenge(ch.id) is not None:
            await gone(self.state, ch, "declined")

    async def accept(self, who: Who, challenge_id: Any) -> str:
        """``who`` accepts a challenge: the game starts; its id."""
        ch = await self._find(challenge_id)
        if ch.user_id == who.user_id:
            raise ApiError(409, "forbidden", "own-challenge")
        if ch.to is not None and ch.to.user_id != who.user_id:
            raise ApiError(403, "forbidden", "challenge-not-to-you")
        if ch.terms.rated and who.guest:
            raise ApiError(403, "account-needed", "lobby-rated-needs-account")
        if await to_thread.run_sync(self.friends.banned, who.user_id):
            raise ApiError(403, "banned", "you-are-banned")
        if await to_thread.run_sync(self.friends.blocked_between, who.user_id, ch.user_id):
            raise ApiError(409, "blocked", "lobby-blocked", name=ch.name)
        taken = await self.state.take_challenge(ch.id)
        if taken is None:  # another accept (or a cancel) got there first
            raise ApiError(409, "challenge-gone", "challenge-gone")
        await gone(self.state, ch, "accepted")
        try:
            return await self._start(ch.user_id, who.user_id, ch.terms)
        except Exception:
            await self.state.add_challenge(ch)  # the game did not start: it stays open
            await self.state.publish({"type": "challenge", "challenge": ch.public()}, audience(ch))
            raise

    async def _start(self, creator: int, opponent: int, terms: Terms) -> str:
        """A game between two players from the lobby; their other seeks are withdrawn
        and both are told where to go."""
        players = (creator, opponent)
        if not await self.state.claim(players):
            raise ApiError(409, "busy", "lobby-busy")
        try:
            live = await self.games.create_paired(creator, opponent, terms.spec())
        finally:
            await self.state.release(players)
        await game_started(self.state, live.meta.id, players)
        log.info("lobby game %s: %d v %d", live.meta.id, creator, opponent)
        return live.meta.id

    # -- quick pairing ---------------------------------------------------------------
    async def seek(self, who: Who, body: Any) -> Seeker:
        """``who`` asks to be paired (``variant``, ``clock``)."""
        if not isinstance(body, dict):
            raise ApiError(400, "malformed", "body-not-object")
        variant, clock = _variant(body), clock_named(body.get("clock"))
        await self._may_seek(who)
        seeker = Seeker(
            user_id=who.user_id,
            name=who.display_name,
            guest=who.guest,
            rating=await self._rating(who, variant),
            variant=variant,
            clock=clock,
            since=self.now(),
        )
        await self.state.enqueue(seeker)
        return seeker

    async def unseek(self, who: Who) -> bool:
        """``who`` leaves the queue; whether he was in it."""
        return await self.state.dequeue(who.user_id) is not None

    async def tick(self) -> list[str]:
        """Withdraw the seeks of players gone from the lobby, pair whom the rules pair
        (``nardy.server.pairing``), offer the computer to those waiting too long.
        Returns the games started."""
        now = self.now()
        for seeker in await self.state.queue():
            if await self._gone_from_lobby(seeker.user_id, now):
                await self.state.dequeue(seeker.user_id)
        for ch in await self.state.challenges():
            if await self._gone_from_lobby(ch.user_id, now) and await self.state.take_challenge(
                ch.id
            ):
                await gone(self.state, ch, "left")
        waiting = [
            s for s in await self.state.queue() if await self.state.absent_since(s.user_id) is None
        ]
        blocks = await to_thread.run_sync(self.friends.blocked_pairs, [s.user_id for s in waiting])
        started: list[str] = []
        for a, b in pairs(waiting, now, lambda x, y: frozenset((x, y)) in blocks):
            first = await self.state.dequeue(a.user_id)
            second = await self.state.dequeue(b.user_id)
            if first is None or second is None:  # one left meanwhile: the other waits on
                for s in (first, second):
                    if s is not None:
                        await self.state.enqueue(s)
                continue
            try:
                started.append(await self._start(a.user_id, b.user_id, quick_terms(a, b)))
            except ApiError as exc:  # one of them is starting another game: both wait on
                log.info("pairing %d with %d deferred: %s", a.user_id, b.user_id, exc)
                await self.state.enqueue(first)
                await self.state.enqueue(second)
            except Exception:
                log.exception("pairing %d with %d failed", a.user_id, b.user_id)
        for s in timed_out(await self.state.queue(), now, self.pair_timeout):
            await self.state.mark_offered(s.user_id)
            await self.state.publish(
                {"type": "pair-timeout", "waited": round(now - s.since)}, (s.user_id,)
            )
        return started

    async def _gone_from_lobby(self, user_id: int, now: float) -> bool:
        left = await self.state.absent_since(user_id)
        return left is not None and now - left >= LEAVE_GRACE

    # -- presence and sockets ----------------------------------------------------------
    async def arrive(self, who: Who | None, kind: str) -> None:
        """A lobby or game socket of ``who`` opened."""
        if who is not None:
            await self.state.arrive(Present(who.user_id, who.display_name, not who.guest), kind)

    async def leave(self, who: Who | None, kind: str) -> None:
        """A lobby or game socket of ``who`` closed."""
        if who is not None:
            await self.state.leave(who.user_id, kind, self.now())

    async def online_view(self) -> dict[str, Any]:
        """How many are online, and the members among them (by name)."""
        people = await self.state.online()
        members = sorted((p for p in people if p.member), key=lambda p: p.name.casefold())
        return {
            "count": len(people),
            "players": [{"id": p.user_id, "name": p.name} for p in members[:MAX_ONLINE_LISTED]],
            "ids": sorted(p.user_id for p in people),
        }

    def _watchable(self) -> list[str]:
        with self.db() as s:
            return list(
                s.scalars(
                    select(GameRow.id)
                    .where(
                        GameRow.status == "active",
                        GameRow.mode.in_(HUMAN_MODES),
                        GameRow.updated_at >= self.clock() - WATCH_IDLE,
                    )
                    # (by start, not by the last move: a tile that moved up at each
                    # move put another game under the watcher's click)
                    .order_by(GameRow.created_at.desc(), GameRow.id)
                    .limit(MAX_WATCH)
                )
            )

    async def watch_view(self) -> list[dict[str, Any]]:
        """Games between people in progress and moved within ``WATCH_IDLE``, the latest
        started first (a move reorders nothing), each with its board as a spectator
        sees it. Read from the
        database, not from this process's memory: with several processes, each holds
        only some games, and every lobby must list the same ones. A game another
        process moved is caught up first."""
        out = []
        for game_id in await to_thread.run_sync(self._watchable):
            live = await self.games.get(game_id)
            async with live.lock:
                if self.games.shared:
                    await self.games.catch_up(live)
                if live.finished or live.meta.status != "active":
                    continue
                st = self.views.state(live, None, "")
            out.append(
                {
                    "id": st["id"],
                    "seq": st["seq"],
                    "variant": st["variant"],
                    "players": st["players"],
                    "rated": st["rated"],
                    # (its terms, as a challenge's: the lobby writes it the same way)
                    "clock": clock_terms(live.meta.clock),
                    "match": {"length": st["match"]["length"], "score": st["match"]["score"]},
                    "board": st["board"],
                    "dice": st["dice"],
                    "cube": st["cube"],
                    "view": st["view"],
                    "turn": st["turn"],
                }
            )
        return out

    def _mine(self, user_ids: set[int]) -> dict[int, list[dict[str, Any]]]:
        """Each user's unfinished games (ten at most, the latest first): one query for
        all of them; ``your_turn`` from the game in memory (a game not loaded waits for
        nobody's move: a clockless one idle long enough to be dropped)."""
        ids = list(user_ids)
        with self.db() as s:
            rows = s.scalars(
                select(GameRow)
                .where(
                    or_(GameRow.creator_id.in_(ids), GameRow.opponent_id.in_(ids)),
                    GameRow.status != "over",
                )
                .order_by(GameRow.updated_at.desc())
            ).all()
            people = {r.creator_id for r in rows} | {r.opponent_id for r in rows}
            names: dict[int | None, str] = dict(
                s.execute(
                    select(User.id, User.display_name).where(
                        User.id.in_([p for p in people if p is not None])
                    )
                ).all()
            )
        out: dict[int, list[dict[str, Any]]] = {uid: [] for uid in ids}
        for r in rows:
            for uid, other in ((r.creator_id, r.opponent_id), (r.opponent_id, r.creator_id)):
                if uid not in out or len(out[uid]) >= 10:
                    continue
                live = self.games.live.get(r.id)
                out[uid].append(
                    {
                        "id": r.id,
                        "variant": r.variant,
                        "mode": r.mode,
                        "level": r.level,
                        "length": r.match_length,
                        "status": r.status,
                        "opponent": names.get(other),
                        "your_turn": live is not None
                        and r.mode != "local"
                        and live.actor(live.meta.role_of(uid)) is not None,
                        # a game in play now (not one of a match's pauses between
                        # games), and whether a clock runs in it: the pages take
                        # him to a clocked one that starts while he is elsewhere
                        "playing": live is not None and _in_play(live),
                        "clocked": live is not None and live.meta.clock is not None,
                    }
                )
        return out

    def _changed_players(self) -> set[int]:
        """The players of every game in memory that changed (or left memory) since the
        last refresh: whose "my games" may need sending again."""
        now: dict[str, tuple[int, int | None, int | None]] = {
            gid: (lv.seq, lv.meta.creator_id, lv.meta.opponent_id)
            for gid, lv in list(self.games.live.items())
        }
        changed: set[int | None] = set()
        for gid, seen in now.items():
            if self._seen.get(gid) != seen:
                changed |= {seen[1], seen[2]}
        for gid in self._seen.keys() - now.keys():
            changed |= {self._seen[gid][1], self._seen[gid][2]}
        self._seen = now
        return {uid for uid in changed if uid is not None}

    async def snapshot(self, who: Who | None) -> dict[str, Any]:
        """Everything the lobby page shows ``who`` (None: an anonymous visitor)."""
        uid = who.user_id if who else None
        visible = [
            c.public()
            for c in await self.state.challenges()
            if c.to is None or uid in (c.user_id, c.to.user_id)
        ]
        mine = seeker = None
        following: list[Player] = []
        blocked: list[Player] = []
        if who is not None:
            mine = (await to_thread.run_sync(self._mine, {who.user_id}))[who.user_id]
            queue = {s.user_id: s for s in await self.state.queue()}
            seeker = queue.get(who.user_id)
            if not who.guest:
                following = await to_thread.run_sync(self.friends.following, who.user_id)
                blocked = await to_thread.run_sync(self.friends.blocked, who.user_id)
        return {
            "type": "snapshot",
            "me": uid,
            "challenges": visible,
            "queue": None
            if seeker is None
            else {
                "variant": seeker.variant,
                "clock": seeker.clock,
                "waited": self.now() - seeker.since,
            },
            "online": await self.online_view(),
            "games": await self.watch_view(),
            "searching": await self.searching_view(),
            "mine": mine or [],
            "following": [{"id": p.user_id, "name": p.name} for p in following],
            "blocked": [{"id": p.user_id, "name": p.name} for p in blocked],
            "clocks": CLOCKS,
            "quick_length": QUICK_LENGTH,
            "pair_timeout": self.pair_timeout,
        }

    async def searching_view(self) -> list[dict[str, Any]]:
        """How many are in the quick-pairing queue, by pool (variant and clock, what
        pairing goes by): the lobby shows it under "Play now" (as lichess shows each
        pool's players), so a player sees whether someone waits for the game and clock
        he would ask for, and one waiting with another clock is not taken for a partner."""
        counts: dict[tuple[str, str], int] = {}
        for s in await self.state.queue():
            counts[s.pool] = counts.get(s.pool, 0) + 1
        return [
            {"variant": variant, "clock": clock, "n": n}
            for (variant, clock), n in sorted(counts.items())
        ]

    async def refresh(self) -> None:
        """Send who is online, the games to watch and who is searching, where they
        changed, and to each player online whose games moved, his games."""
        views = (
            ("online", self.online_view),
            ("games", self.watch_view),
            ("searching", self.searching_view),
        )
        for kind, build in views:
            value: Any = await build()
            if self._sent.get(kind) != value:
                self._sent[kind] = value
                await self.state.publish({"type": kind, kind: value}, here=True)
        online = {p.user_id for p in await self.state.online()}
        players = self._changed_players() & online
        if players:
            mine = await to_thread.run_sync(self._mine, players)
            for uid, games in mine.items():
                await self.state.publish({"type": "mine", "mine": games}, to=(uid,))

    async def step(self) -> None:
        """One tick: pairing (by one process at a time), then what the pages show."""
        if await self.state.lead():
            await self.tick()
        await self.refresh()

    @contextlib.asynccontextmanager
    async def running(self) -> Any:
        """Run the lobby's ticks while the context lasts (the app's lifespan)."""
        async with ticking(self.step, TICK_EVERY, "the lobby's tick"):
            yield self
