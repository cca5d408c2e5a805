"""Tournaments in the club: registration, the start, each round's games, the results,
withdrawals and no-shows, over the pure formats of ``nardy.server.tournament_formats``.

The database is the truth: a tournament's row, its entries and its matches (one row
per pairing of a round, with its game). Everything else (whose turn the next round is,
the standings, the places) is derived again from those rows whenever it is needed, so
that a restarted server carries on with the same pairings and deadlines, and every
step is idempotent: ``advance`` fills in what the rows say is missing (the games of a
round's matches, the next round once a round is decided, the final result).

How a round is played:

- **member v member**: a club game (``GameService.create_paired``) under the
  tournament's terms (variant, the round's match length, rated, clock);
- **member v computer**: a game against the computer at the entry's level
  (``GameService.create`` with mode ``computer``);
- **computer v computer**: decided at once by a lot seeded by the tournament, round
  and slot (``_lot``), weighted by the levels' strength (``computer_chance``: the
  stronger level wins more often): playing it out would cost the server's time for a
  result nobody watches, and the lot is the same after a restart;
- **a bye** (``second`` None), and a match with a withdrawn player: decided at once
  (``forfeit`` ``bye`` / ``withdrawn``).

Each game made is told to its members on their own lobby channel, as a paired game is
(``matchmaking.game_started``: ``{"type": "game", "id", "tournament"}``, through every
server process): their lobby's, tournament's or finished game's page takes them to it.
A game's end reaches ``game_over`` (the ``GameService.on_over`` hook), which records the
winner and, when the round is complete, pairs the next one. **No-show**: each match has
a deadline ``no_show`` seconds after the round's start (and after each game of a longer
match); a player who has not acted in his game by then loses it (the one who did not
act; when neither did, the one whose turn it was, as the other could not act yet). Once
both have acted, an untimed game still loses the player to act who has left it
unchanged ``no_show`` seconds; a timed one is left to its clock. The rule is
``nardy.server.no_show``'s; the tick carries it out. A player who
**withdraws** during the tournament loses his match in progress; a Swiss pairs him no
more, a knock-out's and a round robin's later matches of his are lost by forfeit.

Who may create one: any member a private tournament (joined by its invitation), a
moderator a public one (and ``nardy admin tournament create``). Guests may not play.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session as DbSession

from nardy.bots import LEVELS
from nardy.position import Color
from nardy.server import tournament_formats as formats
from nardy.server.api_error import ApiError
from nardy.server.auth import Clock, Who
from nardy.server.db import (
    EventRow,
    GameRow,
    Rating,
    Tournament,
    TournamentEntry,
    TournamentMatch,
    User,
    aware,
)
from nardy.server.live import LiveGame, acted
from nardy.server.lobby import CLOCKS, LobbyState
from nardy.server.matchmaking import game_started
from nardy.server.no_show import MatchState, no_show_act_by, no_show_ruling
from nardy.server.ratings import START_RATING, pool_of
from nardy.server.service import GameService
from nardy.server.ticker import ticking
from nardy.server.tournament_rows import (
    Loaded,
    after_game,
    fewest,
    iso,
    length_of,
    load_in,
    may_cancel,
    summary,
    total_rounds,
    view,
)
from nardy.server.tournament_specs import parse_spec

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Late:
    """A match past its no-show deadline, with what the tick needs of its tournament."""

    match_id: int
    game_id: str
    timed: bool  # the tournament's games have a clock (it, not the tick, ends an idle turn)
    seconds: int  # the tournament's no-show time

    @property
    def no_show(self) -> timedelta:
        return timedelta(seconds=self.seconds)

    @classmethod
    def of(cls, match_id: int, game_id: str, clock: str, no_show: int) -> Late:
        """From the match's row and its tournament's stored clock and no-show time."""
        return cls(match_id, game_id, clock != "none", no_show)


def _lot(tid: int, round_no: int, slot: int, first_chance: float = 0.5) -> int:
    """0 (the first player wins) or 1, the same for the same match: a number in [0, 1)
    drawn from a hash of the tournament, round and slot, below ``first_chance`` for the
    first player."""
    digest = hashlib.sha256(f"nardy-tournament:{tid}:{round_no}:{slot}".encode()).digest()
    draw = int.from_bytes(digest[:8], "big") / 2**64
    return 0 if draw < first_chance else 1


def computer_chance(first: str | None, second: str | None) -> float:
    """The chance that computer level ``first`` beats level ``second`` in a match
    decided by lot: the Elo expectation of their seeding ratings (``BOT_RATING_BASE``
    plus ``BOT_RATING_STEP`` a level), so one level apart the stronger wins 64 in 100,
    the strongest against the beginner (500 points) 95 in 100, equal levels 50."""
    levels = list(LEVELS)
    gap = BOT_RATING_STEP * (levels.index(second or "") - levels.index(first or ""))
    return float(1.0 / (1.0 + 10.0 ** (gap / 400.0)))


#: The sizes each format takes, as the form of a new tournament offers them (sent with
#: the list): from the bounds of ``tournament_formats`` that ``parse_spec`` checks a new
#: tournament's size against.
SIZES: dict[str, list[int]] = {
    "sitngo": list(formats.SIT_AND_GO_SIZES),
    "knockout": list(range(formats.KNOCKOUT_MIN, formats.KNOCKOUT_MAX + 1)),
    "swiss": list(range(formats.SWISS_MIN, formats.SWISS_MAX + 1)),
    "roundrobin": list(range(formats.ROUND_ROBIN_MIN, formats.ROUND_ROBIN_MAX + 1)),
}

#: How often the tick starts scheduled tournaments and forfeits no-shows.
TICK_EVERY = 1.0
#: The seeding rating of a computer player, by level (weakest first): between the
#: club's beginners and its experts, so that members are seeded among them sensibly.
BOT_RATING_BASE, BOT_RATING_STEP = 1200.0, 100.0


class Tournaments:
    """The club's tournaments: the rules above over the database, with the games made
    by ``games`` and the changes told on the lobby's socket (``state``)."""

    def __init__(self, games: GameService, state: LobbyState, clock: Clock) -> None:
        self.games = games
        self.state = state
        self.clock = clock
        self.db = games.db
        self.writer = games.writer
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, tid: int) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    # -- reading -------------------------------------------------------------------
    def load(self, tid: Any) -> Loaded:
        """The rows of tournament ``tid`` (404 when there is none)."""
        with self.db() as s:
            return load_in(s, tid)

    def _list(self, who: Who | None) -> dict[str, list[dict[str, Any]]]:
        uid = who.user_id if who else -1  # (never None: "= NULL" would match computers)
        with self.db() as s:
            mine = select(TournamentEntry.tournament_id).where(TournamentEntry.user_id == uid)
            rows = s.scalars(
                select(Tournament.id)
                .where(
                    or_(
                        Tournament.public.is_(True),
                        Tournament.creator_id == uid,
                        Tournament.id.in_(mine),
                    )
                )
                .order_by(Tournament.id.desc())
                .limit(300)
            ).all()
            loaded = [load_in(s, tid) for tid in rows]
        out: dict[str, list[dict[str, Any]]] = {"upcoming": [], "running": [], "finished": []}
        key = {"registering": "upcoming", "running": "running", "over": "finished"}
        for lt in loaded:
            out[key[lt.t.status]].append(summary(lt))
        out["finished"] = out["finished"][:50]
        return out

    async def listing(self, who: Who | None) -> dict[str, Any]:
        """The tournaments ``who`` may see (public ones, and the private ones he made
        or is in): upcoming, running, finished (the latest 50); and ``sizes``, the
        sizes each format takes (``SIZES``: the form of a new one offers them)."""
        return {**await to_thread.run_sync(self._list, who), "sizes": SIZES}

    async def get(self, tid: Any, who: Who | None) -> dict[str, Any]:
        lt = await to_thread.run_sync(self.load, tid)
        return view(lt, who)

    async def _publish(self, tid: int, also: int | None = None) -> None:
        """Tell the lobby's socket of ``tid``'s change (a private one: its players and
        creator, and ``also``: a member just removed from it)."""
        lt = await to_thread.run_sync(self.load, tid)
        audience: tuple[int, ...] | None = None
        if not lt.t.public:
            people = {e.user_id for e in lt.entries if e.user_id is not None}
            if also is not None:
                people.add(also)
            if lt.t.creator_id is not None:
                people.add(lt.t.creator_id)
            audience = tuple(sorted(people))
        await self.state.publish({"type": "tournament", "tournament": summary(lt)}, audience)

    # -- registration --------------------------------------------------------------
    @staticmethod
    def _member(who: Who) -> None:
        if who.guest:
            raise ApiError(403, "account-needed", "tournament-guest")

    def _create(self, creator_id: int | None, spec: dict[str, Any]) -> int:
        def write(s: DbSession) -> int:
            t = Tournament(creator_id=creator_id, **spec)
            s.add(t)
            s.flush()
            return t.id

        return self.writer.session(write)

    async def create(self, who: Who, body: Any) -> dict[str, Any]:
        """A new tournament by ``who``: a member for a private one, a moderator for a
        public one."""
        self._member(who)
        spec = parse_spec(body, self.clock())
        if spec["public"] and not who.moderator:
            raise ApiError(403, "forbidden", "tournament-public-moderators")
        tid = await to_thread.run_sync(self._create, who.user_id, spec)
        await self._publish(tid)
        return await self.get(tid, who)

    def _rating(self, s: DbSession, user_id: int, variant: str) -> float:
        value = s.scalar(
            select(Rating.rating).where(Rating.user_id == user_id, Rating.pool == pool_of(variant))
        )
        return START_RATING if value is None else float(value)

    def _join(self, who: Who, tid: Any, invite: Any) -> bool:
        """Enter ``who``; whether the field is now full."""

        def write(s: DbSession) -> bool:
            lt = load_in(s, tid)
            t = lt.t
            if not t.public and t.creator_id != who.user_id and invite != t.invite_token:
                raise ApiError(403, "forbidden", "tournament-invite")
            if t.status != "registering":
                raise ApiError(409, "started", "tournament-started")
            if any(e.user_id == who.user_id for e in lt.entries):
                raise ApiError(409, "joined", "tournament-joined-twice")
            if len(lt.entries) >= t.size:
                raise ApiError(409, "full", "tournament-full", size=t.size)
            banned = s.scalar(select(User.banned_at).where(User.id == who.user_id))
            if banned is not None:
                raise ApiError(403, "banned", "you-are-banned")  # (he who joins)
            s.add(TournamentEntry(tournament_id=t.id, user_id=who.user_id, created_at=self.clock()))
            return len(lt.entries) + 1 >= t.size

        return self.writer.session(write)

    async def join(self, who: Who, tid: Any, invite: Any = None) -> dict[str, Any]:
        """``who`` enters (before the start; a sit-and-go starts when full)."""
        self._member(who)
        async with self._lock(tid if isinstance(tid, int) else -1):
            full = await to_thread.run_sync(self._join, who, tid, invite)
            if full:
                await self._start_if_due(tid, full=True)
        await self._publish(tid)
        return await self.get(tid, who)

    def _add_computer(self, who: Who, tid: Any, level: Any) -> bool:
        levels = self.games.computer.levels()
        if level not in levels:
            raise ApiError(400, "bad-level", known=", ".join(levels), value=repr(level)[:40])

        def write(s: DbSession) -> bool:
            lt = load_in(s, tid)
            t = lt.t
            if t.creator_id != who.user_id:
                raise ApiError(403, "forbidden", "tournament-not-creator")
            if t.status != "registering":
                raise ApiError(409, "started", "tournament-started")
            if len(lt.entries) >= t.size:
                raise ApiError(409, "full", "tournament-full", size=t.size)
            rating = BOT_RATING_BASE + BOT_RATING_STEP * levels.index(level)
            s.add(
                TournamentEntry(
                    tournament_id=t.id, level=level, rating=rating, created_at=self.clock()
                )
            )
            return len(lt.entries) + 1 >= t.size

        return self.writer.session(write)

    async def add_computer(self, who: Who, tid: Any, level: Any) -> dict[str, Any]:
        """The creator adds a computer player at ``level`` (before the start)."""
        async with self._lock(tid if isinstance(tid, int) else -1):
            full = await to_thread.run_sync(self._add_computer, who, tid, level)
            if full:
                await self._start_if_due(tid, full=True)
        await self._publish(tid)
        return await self.get(tid, who)

    def _leave(self, who: Who, tid: Any) -> None:
        def write(s: DbSession) -> None:
            lt = load_in(s, tid)
            if lt.t.status != "registering":
                raise ApiError(409, "started", "tournament-started-withdraw")
            mine = next((e for e in lt.entries if e.user_id == who.user_id), None)
            if mine is None:
                raise ApiError(409, "not-entered", "tournament-not-entered")
            s.delete(mine)

        self.writer.session(write)

    async def leave(self, who: Who, tid: Any) -> dict[str, Any]:
        """``who`` leaves before the start."""
        async with self._lock(tid if isinstance(tid, int) else -1):
            await to_thread.run_sync(self._leave, who, tid)
        await self._publish(tid)
        return await self.get(tid, who)

    def _cancel(self, who: Who, tid: Any) -> None:
        def write(s: DbSession) -> None:
            lt = load_in(s, tid)
            if lt.t.status != "registering":
                raise ApiError(409, "started", "tournament-started-cancel")
            if not may_cancel(lt, who):
                raise ApiError(403, "forbidden", "tournament-not-creator")
            lt.t.status = "over"
            by = "creator" if who.user_id == lt.t.creator_id else "moderator"
            lt.t.result = {"winner": None, "places": [], "cancelled": True, "by": by}

        self.writer.session(write)

    async def cancel(self, who: Who, tid: Any) -> dict[str, Any]:
        """``who`` (its creator, or a moderator) cancels the tournament before its start;
        its entrants see it among the finished ones, marked cancelled and by whom."""
        async with self._lock(tid if isinstance(tid, int) else -1):
            await to_thread.run_sync(self._cancel, who, tid)
        await self._publish(tid)
        return await self.get(tid, who)

    def _remove(self, who: Who, tid: Any, eid: int) -> int | None:
        """Delete entry ``eid`` (its creator or a moderator, before the start); the
        member removed (None: a computer seat)."""

        def write(s: DbSession) -> int | None:
            lt = load_in(s, tid)
            if lt.t.status != "registering":
                raise ApiError(409, "started", "tournament-closed")
            if not may_cancel(lt, who):
                raise ApiError(403, "forbidden", "tournament-not-creator")
            entry = next((e for e in lt.entries if e.id == eid), None)
            if entry is None:
                raise ApiError(404, "not-found", "tournament-no-entry", id=eid)
            uid = entry.user_id
            s.delete(entry)
            return uid

        return self.writer.session(write)

    async def remove(self, who: Who, tid: Any, eid: int) -> dict[str, Any]:
        """Its creator (or a moderator) removes entry ``eid``, a member or a computer
        seat, before the start. The member is told nothing more than the change every
        player hears: he is no longer on the list."""
        self._member(who)
        async with self._lock(tid if isinstance(tid, int) else -1):
            uid = await to_thread.run_sync(self._remove, who, tid, eid)
        await self._publish(tid, also=uid)
        return await self.get(tid, who)

    async def start_now(self, who: Who, tid: Any) -> dict[str, Any]:
        """Its creator (or a moderator) starts it before its time with the players
        registered, as a scheduled start does (``_begin``), when they are enough for
        its format; not a sit-and-go (it starts when full: its terms are a full
        bracket without byes, which the creator fills with computer players)."""
        self._member(who)
        if not isinstance(tid, int):
            raise ApiError(404, "not-found", "tournament-not-found", id=str(tid)[:20])
        async with self._lock(tid):
            await self._start_if_due(tid, by=who)
        await self._publish(tid)
        return await self.get(tid, who)

    def _withdraw(self, who: Who, tid: int) -> list[tuple[str, int]]:
        """Mark ``who`` withdrawn and his undecided matches lost; the games to end."""
        now = self.clock()

        def write(s: DbSession) -> list[tuple[str, int]]:
            lt = load_in(s, tid)
            if lt.t.status != "running":
                raise ApiError(409, "not-running", "tournament-not-running")
            mine = next((e for e in lt.entries if e.user_id == who.user_id), None)
            if mine is None:
                raise ApiError(409, "not-entered", "tournament-not-entered")
            if mine.withdrawn_at is not None:
                raise ApiError(409, "withdrawn", "tournament-withdrawn-twice")
            mine.withdrawn_at = now
            ending: list[tuple[str, int]] = []
            for m in lt.matches:
                if m.winner_id is None and mine.id in (m.first_id, m.second_id):
                    m.winner_id = m.second_id if m.first_id == mine.id else m.first_id
                    m.forfeit = "withdrawn"
                    if m.game_id is not None:
                        ending.append((m.game_id, who.user_id))
            return ending

        return self.writer.session(write)

    async def withdraw(self, who: Who, tid: Any) -> dict[str, Any]:
        """``who`` withdraws after the start: his match in progress and every later
        one are lost (the games end as forfeits)."""
        self._member(who)
        if not isinstance(tid, int):
            raise ApiError(404, "not-found", "tournament-not-found", id=str(tid)[:20])
        async with self._lock(tid):
            ending = await to_thread.run_sync(self._withdraw, who, tid)
        for game_id, loser in ending:  # (outside the lock: their end calls game_over)
            await self.games.forfeit(game_id, loser, "withdrawn")
        await self.advance(tid)
        return await self.get(tid, who)

    # -- the start and the rounds ------------------------------------------------------
    def _begin(self, tid: int, full: bool, by: Who | None = None) -> bool | None:
        """Seed and mark running when due (full, or at ``starts_at``); a scheduled one
        with too few players is over at once, without a result. Whether it started
        (False: cancelled; None: nothing to do). ``by``: its creator (or a moderator)
        starts it now, due or not; refused (not his, not open, a sit-and-go, too few
        players) instead of cancelled."""
        now = self.clock()

        def write(s: DbSession) -> bool | None:
            lt = load_in(s, tid)
            t = lt.t
            n = len(lt.entries)
            low = fewest(t)
            if by is not None:
                if t.status != "registering":
                    raise ApiError(409, "started", "tournament-closed")
                if not may_cancel(lt, by):
                    raise ApiError(403, "forbidden", "tournament-not-creator")
                if t.format == "sitngo":
                    raise ApiError(409, "sitngo", "tournament-sitngo-start", size=t.size)
                if n < low:
                    raise ApiError(409, "too-few", "tournament-too-few", n=n, low=low)
            elif t.status != "registering":
                return None
            starts = None if t.starts_at is None else aware(t.starts_at)
            if by is None and starts is None and not (full and n >= t.size):
                return None
            if by is None and starts is not None and now < starts:
                return None
            if n < low:
                t.status = "over"
                t.result = {"winner": None, "places": [], "cancelled": True}
                return False
            if t.format == "swiss":
                t.rounds = min(t.rounds or 1, formats.max_swiss_rounds(n))
            for e in lt.entries:
                if e.user_id is not None:
                    e.rating = self._rating(s, e.user_id, t.variant)
            for i, p in enumerate(formats.seed(lt.players()), 1):
                entry = lt.entry(p.id)
                assert entry is not None
                entry.seed = i
            t.status = "running"
            t.started_at = now
            return True

        return self.writer.session(write)

    async def _start_if_due(self, tid: int, full: bool = False, by: Who | None = None) -> bool:
        """Start ``tid`` when due (or now, ``by`` its creator: ``_begin``) and pair its
        first round (under its lock); whether anything changed (started, or cancelled
        for too few players)."""
        started = await to_thread.run_sync(self._begin, tid, full, by)
        if started:
            log.info("tournament %d started", tid)
            await self._advance_locked(tid)
        return started is not None

    def _next_pairings(self, lt: Loaded) -> list[formats.Pairing] | None:
        """The next round's pairings; None when the tournament is decided."""
        t = lt.t
        played = lt.rounds()
        if t.format in ("knockout", "sitngo"):
            winners = [{m.winner_id for m in ms if m.winner_id is not None} for ms in played]
            pairings = formats.knockout_round(lt.seeded(), winners)
            return pairings or None
        if t.format == "swiss":
            if len(played) >= (t.rounds or 0):
                return None
            try:
                # (who withdrew is paired no more: the field left, its bye where odd)
                return formats.swiss_pairings(
                    lt.players(), lt.history(), len(played) + 1, lt.withdrawn()
                )
            except formats.TournamentError:  # no pairing left without a repeat: it ends
                log.warning("tournament %d: no Swiss pairing for round %d", t.id, len(played) + 1)
                return None
        schedule = formats.round_robin(lt.seeded())
        return schedule[len(played)] if len(played) < len(schedule) else None

    def _places(self, lt: Loaded) -> dict[str, Any]:
        t = lt.t
        if t.format in ("knockout", "sitngo"):
            played = lt.rounds()
            winners = [{m.winner_id for m in ms if m.winner_id is not None} for ms in played]
            winner = formats.knockout_winner(lt.seeded(), winners)
            total = len(played)
            places: list[list[int]] = [[winner, 1]] if winner is not None else []
            for r, ms in enumerate(played, 1):
                for m in ms:
                    if m.second_id is None:
                        continue
                    loser = m.second_id if m.winner_id == m.first_id else m.first_id
                    places.append([loser, (1 << (total - r)) + 1])
            places.sort(key=lambda p: (p[1], p[0]))
            return {"winner": winner, "places": places}
        table = formats.standings(lt.players(), lt.history(), lt.withdrawn())
        return {
            "winner": table[0].player if table else None,
            "places": [[st.player, st.rank] for st in table],
        }

    def _plan(self, tid: int) -> str:
        """One step of ``advance`` in one transaction: ``wait`` (a round in play),
        ``caught`` (in play, and a result caught up), ``games`` (matches without their
        games), ``paired`` (a new round written), ``over`` (the result written),
        ``idle`` (not running)."""
        now = self.clock()

        def write(s: DbSession) -> str:
            lt = load_in(s, tid)
            t = lt.t
            if t.status != "running":
                return "idle"
            rounds = lt.rounds()
            caught = self._catch_up(s, lt, rounds[-1]) if rounds else False
            if rounds and any(m.winner_id is None for m in rounds[-1]):
                if any(m.winner_id is None and m.game_id is None for m in rounds[-1]):
                    return "games"
                return "caught" if caught else "wait"
            pairings = self._next_pairings(lt)
            if pairings is None:
                t.result = self._places(lt)
                t.status = "over"
                return "over"
            round_no = len(rounds) + 1
            deadline = now + timedelta(seconds=t.no_show)
            for slot, p in enumerate(pairings, 1):
                m = TournamentMatch(
                    tournament_id=t.id,
                    round=round_no,
                    slot=slot,
                    first_id=p.first,
                    second_id=p.second,
                    created_at=now,
                )
                first, second = lt.entry(p.first), lt.entry(p.second)
                assert first is not None
                if second is None:
                    m.winner_id, m.forfeit = p.first, "bye"
                elif first.withdrawn_at is not None or second.withdrawn_at is not None:
                    if first.withdrawn_at is not None and second.withdrawn_at is not None:
                        m.winner_id = (p.first, p.second)[_lot(t.id, round_no, slot)]
                    else:
                        m.winner_id = p.second if first.withdrawn_at is not None else p.first
                    m.forfeit = "withdrawn"
                elif first.user_id is None and second.user_id is None:
                    chance = computer_chance(first.level, second.level)
                    m.winner_id = (p.first, p.second)[_lot(t.id, round_no, slot, chance)]
                    m.forfeit = "computers"
                else:
                    m.deadline = deadline
                s.add(m)
            return "paired"

        return self.writer.session(write)

    @staticmethod
    def _catch_up(s: DbSession, lt: Loaded, matches: list[TournamentMatch]) -> bool:
        """Record the winners of ``matches`` whose game is over but not recorded: the
        server stopped between a game's end and ``game_over`` (the game's row says who
        won: ``match_winner`` is its creator's side or the opponent's); whether any."""
        caught = False
        for m in matches:
            if m.winner_id is not None or m.game_id is None:
                continue
            row = s.get(GameRow, m.game_id)
            if row is None or row.status != "over" or not row.result:
                continue
            side = row.result.get("match_winner")
            if side not in ("creator", "opponent"):
                continue
            user = row.creator_id if side == "creator" else row.opponent_id
            first = lt.entry(m.first_id)
            assert first is not None
            m.winner_id = m.first_id if first.user_id == user else m.second_id
            reason = row.result.get("reason")
            m.forfeit = reason if reason in ("no-show", "withdrawn") else None
            log.info("tournament %d: the result of game %s caught up", lt.t.id, m.game_id)
            caught = True
        return caught

    async def _make_games(self, tid: int) -> None:
        """The games of the current round's matches that have none yet."""
        lt = await to_thread.run_sync(self.load, tid)
        t = lt.t
        current = lt.rounds()[-1]
        total = total_rounds(lt)
        for m in current:
            if m.winner_id is not None or m.game_id is not None:
                continue
            first, second = lt.entry(m.first_id), lt.entry(m.second_id)
            assert first is not None and second is not None
            spec: dict[str, Any] = {
                "variant": t.variant,
                "options": dict(t.options),
                "length": length_of(t, m.round, total),
                "tournament": True,
            }
            humans = tuple(e.user_id for e in (first, second) if e.user_id is not None)
            if first.user_id is not None and second.user_id is not None:
                spec.update(rated=t.rated, clock=CLOCKS[t.clock])
                try:
                    live = await self.games.create_paired(first.user_id, second.user_id, spec)
                except ApiError as exc:
                    if exc.code != "banned":
                        raise
                    # a member banned since he joined plays no club game: he loses it
                    await to_thread.run_sync(self._banned_loses, t.id, m.id)
                    continue
            else:
                human, bot = (first, second) if first.user_id is not None else (second, first)
                assert human.user_id is not None
                # (on the tournament's clock, as the members' games: the member's time)
                spec.update(mode="computer", level=bot.level, clock=CLOCKS[t.clock])
                live = await self.games.create(human.user_id, spec)
            game_id = live.meta.id

            def store(s: DbSession, mid: int = m.id, gid: str = game_id) -> None:
                s.execute(
                    update(TournamentMatch).where(TournamentMatch.id == mid).values(game_id=gid)
                )

            await to_thread.run_sync(self.writer.session, store)
            log.info("tournament %d round %d slot %d: game %s", tid, m.round, m.slot, game_id)
            # its players are told on their lobby channel, as a paired game's are: the
            # lobby's and the tournament's pages (and the page of a finished game of
            # theirs) take them to it, every round (no-shows lose)
            about = {"id": t.id, "name": t.name, "round": m.round}
            await game_started(self.state, game_id, humans, tournament=about)

    def _banned_loses(self, tid: int, mid: int) -> None:
        """Decide match ``mid`` against its banned player (both banned: an even lot)."""

        def write(s: DbSession) -> None:
            m = s.get(TournamentMatch, mid)
            assert m is not None and m.second_id is not None
            banned = set(
                s.scalars(
                    select(TournamentEntry.id)
                    .join(User, User.id == TournamentEntry.user_id)
                    .where(
                        TournamentEntry.id.in_([m.first_id, m.second_id]),
                        User.banned_at.is_not(None),
                    )
                )
            )
            if len(banned) == 2 or not banned:
                m.winner_id = (m.first_id, m.second_id)[_lot(tid, m.round, m.slot)]
            else:
                m.winner_id = m.second_id if m.first_id in banned else m.first_id
            m.forfeit = "banned"
            log.info("tournament %d round %d slot %d: a banned player", tid, m.round, m.slot)

        self.writer.session(write)

    async def _advance_locked(self, tid: int) -> bool:
        """``_plan`` and its games until a round is in play; whether anything changed."""
        changed = False
        for _ in range(100):  # (rounds decided at once follow each other)
            step = await to_thread.run_sync(self._plan, tid)
            if step in ("games", "paired"):
                await self._make_games(tid)
                changed = True
                continue
            changed = changed or step in ("over", "caught")
            break
        return changed

    async def advance(self, tid: int, changed: bool = True) -> None:
        """Carry ``tid`` on from what its rows say: start it when due, make the games
        its round lacks, pair the next round once one is decided, write the result.
        The lobby is told when anything changed (or ``changed``: a result recorded)."""
        async with self._lock(tid):
            started = await self._start_if_due(tid)
            moved = await self._advance_locked(tid)
        if changed or started or moved:
            await self._publish(tid)

    # -- results -----------------------------------------------------------------------
    def _record(self, game_id: str, winner_user: int | None, forfeit: str | None) -> int | None:
        """Store the winner of the match played in ``game_id`` (None: the computer won)
        and why it ended without play (``forfeit``: the game's forfeit reason, if any);
        the tournament's id, or None for a game of no tournament."""

        def write(s: DbSession) -> int | None:
            m = s.scalar(select(TournamentMatch).where(TournamentMatch.game_id == game_id))
            if m is None:
                return None
            if m.winner_id is None:
                first = s.get(TournamentEntry, m.first_id)
                assert first is not None
                m.winner_id = m.first_id if first.user_id == winner_user else m.second_id
                m.forfeit = forfeit
            return m.tournament_id

        return self.writer.session(write)

    def _between_games(self, game_id: str) -> int | None:
        """A game of the match in ``game_id`` ended and the match goes on: its players
        have ``no_show`` seconds again, to start the next game and to act in it (past
        them the tick starts it for them, then forfeits who is still absent). The
        tournament's id, or None for a game of no tournament."""
        moment = self.clock()

        def write(s: DbSession) -> int | None:
            m = s.scalar(
                select(TournamentMatch).where(
                    TournamentMatch.game_id == game_id, TournamentMatch.winner_id.is_(None)
                )
            )
            if m is None:
                return None
            t = s.get(Tournament, m.tournament_id)
            assert t is not None
            m.deadline = moment + timedelta(seconds=t.no_show)
            return t.id

        if not self._in_tournament(game_id):
            return None  # (most games: a read, no write transaction)
        return self.writer.session(write)

    def _in_tournament(self, game_id: str) -> bool:
        with self.db() as s:
            found = s.scalar(select(TournamentMatch.id).where(TournamentMatch.game_id == game_id))
        return found is not None

    async def game_over(self, live: LiveGame) -> None:
        """``GameService.on_over``: a game ended; a tournament's records its winner and
        moves on. Never raises (a game's end must not fail for its tournament)."""
        try:
            if not live.finished:  # a game of a longer match
                tid = await to_thread.run_sync(self._between_games, live.meta.id)
                if tid is not None:
                    await self._publish(tid)
                return
            color = live.score_winner()
            if color is None:
                return
            winner = live.meta.user_of(color)
            if color == live.meta.computer_color:
                winner = None
            if not await to_thread.run_sync(self._in_tournament, live.meta.id):
                return  # (most games: a read, no write transaction)
            reason = live.flag.get("reason") if live.flag else None
            forfeit = reason if reason in ("no-show", "withdrawn") else None
            tid = await to_thread.run_sync(self._record, live.meta.id, winner, forfeit)
            if tid is not None:
                await self.advance(tid)
        except Exception:
            log.exception("recording the tournament game %s failed", live.meta.id)

    # -- the clock ---------------------------------------------------------------------
    def _due(self) -> tuple[list[int], list[Late]]:
        """The tournaments to carry on (running, or registering past their start) and
        the matches past their no-show deadline (``Late``: with their tournament's clock
        and no-show time)."""
        now = self.clock()
        with self.db() as s:
            tids = list(
                s.scalars(
                    select(Tournament.id).where(
                        or_(
                            Tournament.status == "running",
                            (Tournament.status == "registering")
                            & Tournament.starts_at.is_not(None)
                            & (Tournament.starts_at <= now),
                        )
                    )
                )
            )
            late = [
                Late.of(mid, gid, clock, no_show)
                for mid, gid, clock, no_show in s.execute(
                    select(
                        TournamentMatch.id,
                        TournamentMatch.game_id,
                        Tournament.clock,
                        Tournament.no_show,
                    )
                    .join(Tournament, Tournament.id == TournamentMatch.tournament_id)
                    .where(
                        TournamentMatch.winner_id.is_(None),
                        TournamentMatch.game_id.is_not(None),
                        TournamentMatch.deadline.is_not(None),
                        TournamentMatch.deadline <= now,
                    )
                ).all()
                if gid is not None
            ]
        return tids, late

    def _acted(self, game_id: str) -> set[Color]:
        """The colours that made a decision of their own in the current game of the
        match played in ``game_id`` (a match's next game starts with a "game" record)."""
        with self.db() as s:
            rows = s.execute(
                select(EventRow.kind, EventRow.by, EventRow.data)
                .where(
                    EventRow.game_id == game_id,
                    EventRow.by.is_not(None) | (EventRow.kind == "record"),
                )
                .order_by(EventRow.seq)
            ).all()
        out: set[Color] = set()
        for kind, by, data in rows:
            acted({"kind": kind, "by": by, "data": data}, out)
        return out

    async def of_game(self, game_id: str, who: Who | None = None) -> dict[str, Any] | None:
        """The tournament match played in ``game_id`` as the game's page shows it: the
        tournament (id, name), the round, and ``act_by``: while the match is undecided,
        when its player to act loses it by the no-show rule (None where the clock rules
        instead); ``running``: whether the tournament goes on, and ``players``: the
        members who play the game (their page listens for their next round's game
        while it does); ``clock``: the tournament's clock, and ``computer``: whether
        the game is against a computer seat (such a game has no clock: see
        docs/tournaments.md); ``after``: once the match is decided, what comes next for
        ``who`` if he plays it (``tournament_rows.after_game``); None for a game of no
        tournament."""
        found = await to_thread.run_sync(self._match_of, game_id)
        if found is None:
            return None
        tid, name, round_no, mid, stored, clock, no_show, winner, status, *users = found
        out: dict[str, Any] = {
            "id": tid,
            "name": name,
            "round": round_no,
            "act_by": None,
            "running": status == "running",
            "players": [u for u in users if u is not None],
            "clock": clock,
            "computer": users[1] is None,
            "after": None,
        }
        uid = who.user_id if who is not None else None
        if winner is not None and uid is not None and uid in out["players"]:
            lt = await to_thread.run_sync(self.load, tid)
            out["after"] = after_game(lt, round_no, uid)
        if winner is not None or stored is None:
            return out
        live = await self.games.get(game_id)
        late = Late.of(mid, game_id, clock, no_show)
        state = await self._state(live, late.timed)
        out["act_by"] = iso(no_show_act_by(state, late.no_show, aware(stored)))
        return out

    async def _state(self, live: LiveGame, timed: bool) -> MatchState:
        """What the no-show rule reads of ``live``: who plays it, who of them has made
        no decision of his own in its current game, who is to act. Who has acted is
        read only while a game is in play: the rule asks nothing more of a finished
        match or of one between two games."""
        playing = not (live.over or live.finished)
        acted = await to_thread.run_sync(self._acted, live.meta.id) if playing else set()
        humans = [c for c in ("white", "black") if c != live.meta.computer_color]
        g = live.game
        return MatchState(
            finished=live.finished,
            between_games=live.over,
            humans=humans,
            absent=[c for c in humans if c not in acted],
            to_act=None if g is None else g.to_act,
            timed=timed,
            since=live.changed_at or self.clock(),  # (its last stored change, if loaded)
        )

    def _match_of(self, game_id: str) -> Any:
        """The row of the match played in ``game_id`` with its tournament's terms: id,
        name, round, the match's id, its stored deadline, clock, no-show seconds, winner
        (None: none), the tournament's status, and the game's two players (None: the
        computer)."""
        with self.db() as s:
            return s.execute(
                select(
                    Tournament.id,
                    Tournament.name,
                    TournamentMatch.round,
                    TournamentMatch.id,
                    TournamentMatch.deadline,
                    Tournament.clock,
                    Tournament.no_show,
                    TournamentMatch.winner_id,
                    Tournament.status,
                    GameRow.creator_id,
                    GameRow.opponent_id,
                )
                .join(Tournament, Tournament.id == TournamentMatch.tournament_id)
                .join(GameRow, GameRow.id == TournamentMatch.game_id)
                .where(TournamentMatch.game_id == game_id)
            ).first()

    def _set_deadline(self, mid: int, deadline: datetime | None) -> None:
        def write(s: DbSession) -> None:
            s.execute(
                update(TournamentMatch).where(TournamentMatch.id == mid).values(deadline=deadline)
            )

        self.writer.session(write)

    async def _no_shows(self, late: Sequence[Late]) -> int:
        """Carry out the no-show rule (``nardy.server.no_show``) on the late matches:
        start the next game, forfeit, or set the next deadline; returns how many were
        forfeited."""
        forfeited = 0
        now = self.clock()
        for late_match in late:
            mid, game_id = late_match.match_id, late_match.game_id
            live = await self.games.get(game_id)
            state = await self._state(live, late_match.timed)
            ruling = no_show_ruling(state, late_match.no_show, now)
            if ruling.next_game:
                await self.games.next_game(game_id)
            if ruling.loser is None:
                await to_thread.run_sync(self._set_deadline, mid, ruling.deadline)
                continue
            loser = live.meta.user_of(ruling.loser)  # type: ignore[arg-type]
            await self.games.forfeit(game_id, loser, "no-show")
            forfeited += 1
        return forfeited

    async def tick(self) -> int:
        """Start the scheduled tournaments that are due, forfeit the no-shows, and carry
        every running tournament on (after a restart: its missing games, its next
        round). Returns the no-shows forfeited."""
        tids, late = await to_thread.run_sync(self._due)
        forfeited = await self._no_shows(late)
        for tid in tids:
            await self.advance(tid, changed=False)
        return forfeited

    async def step(self) -> None:
        """One tick, by the process holding the lobby's lease (several processes)."""
        if await self.state.lead():
            await self.tick()

    @contextlib.asynccontextmanager
    async def running(self) -> Any:
        """Run the ticks while the context lasts (the app's lifespan)."""
        async with ticking(self.step, TICK_EVERY, "the tournaments' tick"):
            yield self
