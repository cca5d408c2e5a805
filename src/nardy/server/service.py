"""Games on the server: creation, joining, the action pipeline, storage.

Every change to a game happens under that game's lock, is made by the ``Referee``
(``nardy.server.referee``: the rules of play, the computer's turns, the clock), is
written to the database as numbered events in one transaction, and only then is
acknowledged and broadcast. What a new game may be asked for is
``nardy.server.game_specs``; the error answered is ``nardy.server.api_error``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import secrets
import signal
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Any

from anyio import to_thread
from sqlalchemy import insert, or_, select
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import Session, sessionmaker

from nardy.bots.advice import cube_advice
from nardy.bots.analysis import cube_figures, normalised
from nardy.bots.verdict import Away
from nardy.cube import CubeRules
from nardy.dicecheck import commitment_of
from nardy.errors import NardyError
from nardy.eval.match import match_objective
from nardy.game import Game
from nardy.match import Match, MatchScore
from nardy.plays import Play
from nardy.server import clocks
from nardy.server.abandon import claim_in, opponent_of, seat_of
from nardy.server.api_error import ApiError
from nardy.server.botplayer import Computer
from nardy.server.db import EventRow, GameRow, User, aware, now
from nardy.server.game_specs import HUMAN_MODES, MODES, hints_refused, match_spec, play_settings
from nardy.server.game_writes import BannedPlayer, StaleGame, store_change
from nardy.server.live import LiveGame, Meta, Role, acted
from nardy.server.ratings import Shown, pool_of, rate_match
from nardy.server.ratings import shown as shown_ratings
from nardy.server.referee import (
    Event,
    Referee,
    action_id,
    clock_side,
    creator_score,
    match_score,
    stored_result,
    winner_loser,
)
from nardy.server.settings import Settings
from nardy.server.writer import Writer
from nardy.variants import find_variant

#: A finished game nobody has asked for this long, with no socket open on it, leaves
#: memory (``GameService.forget_finished``); it is loaded again if asked for.
FORGET_AFTER = timedelta(minutes=10)
#: Depth and length of a hint (``GameService.hint``).
HINT_PLIES = 1
HINT_TOP = 5
#: The bot level of cube hints (1 ply).
CUBE_HINT_LEVEL = "expert"

log = logging.getLogger(__name__)


def _other_acted(live: LiveGame, events: list[Event], side: str) -> bool:
    """Whether a record of ``events`` is the other side's (not ``side``'s)."""
    for e in events:
        by = e.get("by")
        if e["kind"] == "record" and by in ("white", "black") and live.meta.side_of(by) != side:
            return True
    return False


def cube_hint(game: Game, score: MatchScore) -> dict[str, Any]:
    """The cube decision of the side to act (``cube_advice``) as a hint says it: the
    action, the proper one, and the doubler's equities (no double, double/take,
    double/pass) normalised to the cube as the review gives them (``cube_figures``:
    money play's as they are; in a match money-equivalent, a pass +1.000 at any score),
    in a match with the doubler's winning chances (MWC %) beside them. The game page's
    hint and the analysis board's give this one answer."""
    advice = cube_advice(game, score, CUBE_HINT_LEVEL)
    sides = score.away(game.position.turn)
    away = None
    if sides is not None:
        away = Away(sides[0], sides[1], score.crawford, bool(game.cube.crawford))
    said = {
        "no_double": advice.no_double,
        "double_take": advice.double_take,
        "double_pass": advice.double_pass,
    }
    figures = cube_figures(said, game.variant, away, game.cube.value)
    out: dict[str, Any] = {
        "kind": "cube",
        "plies": 1,
        "match": sides is not None,
        "action": advice.action,
        "proper": advice.proper,
        "exact": advice.exact,
        "equities": {k: round(x, 4) for k, x in zip(said, figures, strict=True)},
    }
    if sides is not None:  # (``said`` is 2·MWC − 1 in a match)
        out["mwc"] = {k: round(50.0 * (x + 1.0), 2) for k, x in said.items()}
    return out


def hint_plays(
    game: Game, score: MatchScore, ranked: list[tuple[Play, float]]
) -> list[dict[str, Any]]:
    """The plays of a hint (``Computer.hint``'s ranking, the mover's equity): each with
    its equity and its difference from the best, for money in points, in a match
    normalised to the cube as the review's (``normalised``) with the mover's winning
    chances (MWC %) beside it."""
    sides = score.away(game.position.turn)
    objective = None
    if sides is not None:
        objective = match_objective(
            sides[0], sides[1], game.cube.value, game.variant, crawford_rule=score.crawford
        )
    figures = [e if objective is None else normalised(e, objective) for _, e in ranked]
    best = figures[0] if figures else 0.0
    rows: list[dict[str, Any]] = []
    for (play, e), x in zip(ranked, figures, strict=True):
        row = {"play": play.text, "equity": round(x, 4), "diff": round(x - best, 4)}
        if objective is not None:  # (``e`` is 2·MWC − 1 in a match)
            row["mwc"] = round(50.0 * (e + 1.0), 2)
        rows.append(row)
    return rows


def game_meta(game: dict[str, Any], players: list[User], ratings: dict[int, Shown]) -> Meta:
    """A game's ``Meta`` from its ``games`` row (as a dict of its columns), its
    players' users and the members' ratings."""
    return Meta(
        id=game["id"],
        variant=game["variant"],
        options=dict(game["options"]),
        mode=game["mode"],
        level=game["level"],
        creator_id=game["creator_id"],
        opponent_id=game["opponent_id"],
        creator_color=game["creator_color"],
        invite_token=game["invite_token"],
        server_seed=game["server_seed"],
        commitment=game["commitment"],
        client_seed=game["client_seed"],
        status=game["status"],
        names={u.id: u.display_name for u in players},
        length=game["match_length"] or 0,
        rules=game["match_rules"],
        rated=bool(game["rated"]),
        clock=game["clock"],
        auto={u.id: play_settings(u.settings) for u in players},
        ratings=ratings,
    )


class GameService:
    """The games of one server instance: an in-memory cache over the database."""

    def __init__(
        self,
        settings: Settings,
        engine: Engine,
        computer: Computer,
        writer: Writer,
        clock: Callable[[], datetime] = now,
    ) -> None:
        self.settings = settings
        #: The time (injectable: tests move it instead of sleeping).
        self.clock = clock
        self.engine = engine
        self.db = sessionmaker(engine, expire_on_commit=False)
        self.computer = computer
        self.referee = Referee(computer, settings.max_auto_turns, clock)
        self.live: dict[str, LiveGame] = {}
        #: Called under the game's lock with the events just stored (broadcasting).
        self.notify: Callable[[LiveGame, list[Event]], Awaitable[None]] | None = None
        self._load_locks: dict[str, asyncio.Lock] = {}
        #: When each game in memory was last asked for (``get``).
        self._asked: dict[str, datetime] = {}
        self.writer = writer
        #: Changes stored so far (``_committed``).
        self.commits = 0
        #: Told each action's kind (None: refused) and seconds (the metrics).
        self.on_act: Callable[[str | None, float], None] | None = None
        #: Called with a game that has just ended (its "over" event stored and
        #: broadcast), under the game's lock: the tournaments record the result.
        self.on_over: Callable[[LiveGame], Awaitable[None]] | None = None
        #: Called under the game's lock with a game's id and last event number once
        #: its events are stored, so that other server processes catch up
        #: (``nardy.server.redis_live.RedisGameEvents``); None with one process.
        self.announce: Callable[[str, int], Awaitable[None]] | None = None
        #: Tells the other processes of a guest's new name (``--redis``).
        self.tell_renamed: Callable[[int, str], Awaitable[None]] | None = None

    @property
    def shared(self) -> bool:
        """Whether other server processes may change the games too (Redis live state):
        a game in memory may then be behind the database."""
        return self.announce is not None

    # -- loading -----------------------------------------------------------------
    def _load(self, game_id: str) -> LiveGame:
        with self.db() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise ApiError(404, "not-found", "no-game", game=game_id)
            events = s.scalars(
                select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq)
            ).all()
            game = {c.name: getattr(row, c.name) for c in GameRow.__table__.columns}
            users = self._players(s, row.creator_id, row.opponent_id)
            meta = game_meta(game, users, self._ratings(s, users, row.variant))
            evs = [{"seq": e.seq, "kind": e.kind, "by": e.by, "data": e.data} for e in events]
        live = LiveGame(meta, evs)
        # (stored at each change: an idle player's time runs on over a restart)
        live.changed_at = aware(row.updated_at)
        return live

    @staticmethod
    def _players(s: Session, creator_id: int, opponent_id: int | None) -> list[User]:
        return list(s.scalars(select(User).where(User.id.in_([creator_id, opponent_id or -1]))))

    def _rating_of(self, user_id: int, variant: str) -> dict[int, Shown]:
        """``user_id``'s rating to show in ``variant`` (none for a guest)."""
        with self.db() as s:
            return self._ratings(s, self._players(s, user_id, None), variant)

    @staticmethod
    def _ratings(s: Session, users: list[User], variant: str) -> dict[int, Shown]:
        """The members' (not guests') ratings in ``variant``'s pool, to show."""
        members = [u.id for u in users if u.username is not None]
        return shown_ratings(s, members, pool_of(variant)) if members else {}

    async def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id``, loaded from the database when not in memory; a
        loaded game whose computer side is to move (a restart mid-turn) moves on."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 16:
            raise ApiError(
                404, "not-found", "no-game", game=game_id[:16] if isinstance(game_id, str) else ""
            )
        live = self.live.get(game_id)
        if live is not None:
            self._asked[game_id] = self.clock()
            return live
        lock = self._load_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is None:
                live = await self._adopt(await to_thread.run_sync(self._load, game_id))
        self._asked[game_id] = self.clock()
        return live

    async def _adopt(self, live: LiveGame) -> LiveGame:
        """A game just loaded or made, into memory: a computer side to move (a restart
        mid-turn; a computer that won the opening toss) moves on first."""
        async with live.lock:
            await self._stored(live, self.referee.advance)
        self.live[live.meta.id] = live
        self._asked[live.meta.id] = self.clock()
        return live

    async def forget_finished(self) -> int:
        """Drop from memory the finished games that nobody watches (no socket open) and
        nobody has asked for in ``FORGET_AFTER``; returns how many. Without it every
        game a process ever loaded stayed in memory until a restart, and every full
        garbage collection walked them all. A game asked for again is loaded again.
        Active games stay: the lobby reads whose turn it is from memory."""
        cutoff = self.clock() - FORGET_AFTER
        gone = 0
        # (no await in the loop: a ``get`` that returned a game before this began has
        # marked it asked for, so a caller never holds a game forgotten under it)
        for game_id, live in list(self.live.items()):
            if (
                live.meta.status == "over"
                and not live.sockets
                and not live.lock.locked()
                and self._asked.get(game_id, cutoff) <= cutoff
            ):
                del self.live[game_id]
                self._asked.pop(game_id, None)
                loading = self._load_locks.get(game_id)
                if loading is not None and not loading.locked():
                    del self._load_locks[game_id]
                gone += 1
        return gone

    # -- the change pipeline -------------------------------------------------------
    def _step(
        self,
        live: LiveGame,
        change: Callable[[LiveGame, list[Event]], None],
        banned_check: int | None = None,
    ) -> list[Event]:
        """Apply ``change`` (which appends events), then store the events; on any
        storage failure the cached game is dropped so it reloads from the database.
        ``banned_check``: the user who acted, whose ban (checked in the same
        statement) refuses the change (``BannedPlayer``).

        The clock switches to whoever must act now; a rated match that just ended
        updates both players' ratings in the same transaction, stored as a "rating"
        event after the others."""
        out: list[Event] = []
        change(live, out)
        if not out:
            return out
        m = live.meta
        at = self.clock()
        rows = []
        for i, e in enumerate(out, start=live.seq + 1):
            e["seq"] = i
            rows.append(
                {"game_id": m.id, "seq": i, "kind": e["kind"], "by": e.get("by"), "data": e["data"]}
            )
        values: dict[str, Any] = {
            "status": m.status,
            "creator_color": m.creator_color,
            "opponent_id": m.opponent_id,
            "updated_at": at,
            "score": creator_score(live),
        }
        if m.clock is not None:
            side = clock_side(live)
            if side is not None and side == m.clock.get("actor") and _other_acted(live, out, side):
                # the decision went to the other side and came back in this one change
                # (the computer's reply, or a roll the opponent could not play): the turn
                # ended, and the next begins with a fresh delay
                m.clock = clocks.switch(m.clock, None, at)
            m.clock = clocks.switch(m.clock, side, at)
            values["clock"] = m.clock
            values["deadline"] = clocks.deadline(m.clock)
        # the next game one player asked for starts by itself then (``sweep_flags``)
        starts = live.next_game_at()
        if starts is not None or m.clock is None:
            values["deadline"] = starts
        result = stored_result(live)
        if result is not None:
            values["result"] = result
        ended = (
            m.rated
            and any(e["kind"] == "over" for e in out)
            and not (live.flag or {}).get("unrated")  # (``Referee._end_against``)
        )
        players = winner_loser(live) if ended else None

        def write(conn: Connection) -> dict[int, dict[str, Any]]:
            store_change(conn, m.id, live.seq, values, rows, banned_check)
            if players is None:
                return {}
            changes = rate_match(
                conn,
                game_id=m.id,
                variant=m.variant,
                length=m.length,
                winner_id=players[0],
                loser_id=players[1],
                at=at,
            )
            if changes:  # the "rating" event after the others, stored as they were
                data = {"changes": {str(k): v for k, v in changes.items()}}
                last = rows[-1]["seq"]
                rating = {"game_id": m.id, "seq": last + 1, "kind": "rating", "by": None}
                store_change(conn, m.id, last, {}, [{**rating, "data": data}])
            return changes

        try:
            # a change alone is one statement (on PostgreSQL, outside a transaction);
            # a rated match's end rates the players in the same transaction
            changes = (self.writer.statement if players is None else self.writer.run)(write)
        except (StaleGame, BannedPlayer):
            raise  # (``_stored`` reloads the game in place)
        except Exception:
            self.live.pop(m.id, None)
            raise
        if changes:
            live.rating_change = changes
            data = {"changes": {str(k): v for k, v in changes.items()}}
            out.append({"kind": "rating", "by": None, "data": data, "seq": live.seq + len(out) + 1})
        self._committed()
        for e in out:
            acted(e, live.acted)
        live.seq += len(out)
        return out

    def _committed(self) -> None:
        """Count a stored change; the test-only ``crash_after_commit`` setting kills the
        process (SIGKILL) right after that many, before anyone hears of it."""
        self.commits += 1
        if self.commits == self.settings.crash_after_commit:
            os.kill(os.getpid(), signal.SIGKILL)

    # -- clocks ------------------------------------------------------------------------

    async def forfeit(self, game_id: str, loser_id: int | None, reason: str) -> list[Event]:
        """End the game ``game_id`` against ``loser_id`` (``Referee.forfeit``); nothing when
        it is over already. Call it under no tournament's lock: its end is reported
        (``on_over``) as any other."""

        def change(lv: LiveGame, out: list[Event]) -> None:
            self.referee.forfeit(lv, loser_id, reason, out)

        return await self._for_game(game_id, change)

    @property
    def claim_wait(self) -> timedelta:
        """How long a player who left a game, and is to act, is waited for."""
        return timedelta(seconds=self.settings.claim_after)

    async def claim(self, live: LiveGame, user_id: int, opponent_away: float | None) -> list[Event]:
        """``user_id`` claims the game his opponent left (``nardy.server.abandon``): the
        match ends against the opponent (reason ``abandoned``). Refused (409) while the
        rule does not allow it: ``claim-not-now`` (the opponent is here, or not to act,
        or the game is not in play), ``claim-too-soon`` (with the seconds left)."""
        async with live.lock:
            await self.flag_if_due(live)  # (a flag that fell first decides the game)
            now = self.clock()
            wait = claim_in(seat_of(live, user_id, opponent_away, now), self.claim_wait, now)
            if wait is None:
                raise ApiError(409, "not-now", "claim-not-now")
            if wait > 0:
                raise ApiError(409, "not-now", "claim-too-soon", seconds=wait)
            them = opponent_of(live, user_id)
            assert them is not None  # (claim_in checked)

            def change(lv: LiveGame, out: list[Event]) -> None:
                self.referee.forfeit(lv, them[1], "abandoned", out)

            events = await self._stored(live, change)
            await self._notify(live, events)
        return events

    async def next_game(self, game_id: str) -> list[Event]:
        """Start the next game of the match ``game_id`` when its last game is over and
        the match is not (what either player's ``next-game`` does); nothing otherwise.
        A tournament does it for players who have gone."""

        def change(lv: LiveGame, out: list[Event]) -> None:
            if lv.over and not lv.finished:
                self.referee.next_game(lv, out)

        return await self._for_game(game_id, change)

    async def _for_game(
        self, game_id: str, change: Callable[[LiveGame, list[Event]], None]
    ) -> list[Event]:
        """Apply a change of the server's own (no player's action) to ``game_id`` under
        its lock, store its events and send them."""
        live = await self.get(game_id)
        async with live.lock:
            events = await self._stored(live, change)
            await self._notify(live, events)
        return events

    async def flag_if_due(self, live: LiveGame) -> list[Event]:
        """Store a loss on time if the game is past its deadline, or start the next
        game one player asked for when its wait is over (call under its lock)."""
        now = self.clock()
        if not (self.referee.flag_is_due(live, now) or self.referee.next_game_is_due(live, now)):
            return []  # (every action asks: no thread hop for nothing)

        def change(lv: LiveGame, out: list[Event]) -> None:
            self.referee.flag_due(lv, self.clock(), out)
            self.referee.start_due_game(lv, self.clock(), out)

        events = await self._stored(live, change)
        await self._notify(live, events)
        return events

    def _due_games(self) -> list[str]:
        with self.db() as s:
            return list(
                s.scalars(
                    select(GameRow.id).where(
                        GameRow.deadline.is_not(None), GameRow.deadline <= self.clock()
                    )
                )
            )

    async def sweep_flags(self) -> int:
        """Flag every stored game past its deadline (at startup, and then now and
        then: a restarted server enforces the deadlines it stored); returns how many.
        The games of members banned by ``nardy admin`` end here too (``end_banned_games``):
        this sweep is how a running server hears of a ban stored by another process."""
        await self.end_banned_games()
        flagged = 0
        for game_id in await to_thread.run_sync(self._due_games):
            live = await self.get(game_id)
            async with live.lock:
                try:
                    if await self.flag_if_due(live):
                        flagged += 1
                except ApiError as exc:  # another process stored it first (game-moved)
                    log.info("flagging game %s: %s", game_id, exc.code)
        return flagged

    def _banned_players(self, user_id: int | None) -> list[tuple[str, int]]:
        """The running games between people that a banned member plays (only
        ``user_id``'s, when given): (the game's id, the banned player's id)."""
        playing = or_(User.id == GameRow.creator_id, User.id == GameRow.opponent_id)
        query = (
            select(GameRow.id, User.id)
            .join(User, playing)
            .where(
                GameRow.status == "active",
                GameRow.mode.in_(HUMAN_MODES),
                User.banned_at.is_not(None),
            )
        )
        if user_id is not None:
            query = query.where(User.id == user_id)
        with self.db() as s:
            return [(game_id, uid) for game_id, uid in s.execute(query)]

    async def end_banned_games(self, user_id: int | None = None) -> int:
        """End at once, each against its banned player, the running games of banned
        members (only ``user_id``'s, when given): the opponent wins the match as by a
        claim of an abandoned game (``Referee.forfeit``, reason ``banned``), rather
        than waiting for a clock, or forever, for a player every action of whom is
        refused. The browser's ban calls it for the member banned; the flag sweep, for
        the bans ``nardy admin`` stores from another process. Returns how many ended."""
        ended = 0
        for game_id, loser in await to_thread.run_sync(self._banned_players, user_id):
            try:
                if await self.forfeit(game_id, loser, "banned"):
                    ended += 1
            except ApiError as exc:  # another process stored it first (game-moved)
                log.info("ending banned player's game %s: %s", game_id, exc.code)
        return ended

    def _banned(self, user_ids: list[int], *, to_him: bool = False) -> None:
        """403 ``banned`` when one of ``user_ids`` is banned: naming him, or (``to_him``,
        the asker alone) told to him in the second person."""
        with self.db() as s:
            banned = s.scalar(
                select(User.display_name).where(User.id.in_(user_ids), User.banned_at.is_not(None))
            )
        if banned is not None:
            if to_him:
                raise ApiError(403, "banned", "you-are-banned")
            raise ApiError(403, "banned", name=banned)

    def apply_settings(self, user_id: int, stored: dict[str, Any] | None) -> None:
        """New play settings of ``user_id``: his games in memory use them from now on."""
        for live in list(self.live.values()):
            if user_id in (live.meta.creator_id, live.meta.opponent_id):
                live.meta.auto[user_id] = play_settings(stored)

    async def renamed(self, user_id: int, name: str, *, told: bool = False) -> int:
        """A guest's new name, into the games in memory he plays (a game is loaded
        with its players' names and an active one stays in memory, so without this his
        opponent saw the old name until a restart); their watchers are sent the game
        again, and the other processes are told (unless this is their telling, ``told``).
        Returns how many games changed here."""
        changed = 0
        for live in list(self.live.values()):
            m = live.meta
            if user_id not in (m.creator_id, m.opponent_id) or m.names.get(user_id) == name:
                continue
            async with live.lock:
                m.names[user_id] = name
                live.revision += 1  # (the views built for the old name are stale)
                if self.notify is not None:
                    await self.notify(live, [])
            changed += 1
        if not told and self.tell_renamed is not None:
            await self.tell_renamed(user_id, name)
        return changed

    # -- creating and joining ------------------------------------------------------
    def _server_seed(self) -> bytes:
        if self.settings.dice_seed is not None:
            return hashlib.sha256(f"nardy-test-dice:{self.settings.dice_seed}".encode()).digest()
        return secrets.token_bytes(32)

    def _create(
        self, user_id: int, spec: dict[str, Any], opponent_id: int | None = None
    ) -> LiveGame:
        """A new game, stored and built in memory as loading it would build it (the
        same ``game_meta``, the same events), without reading it back."""
        if not isinstance(spec, dict):
            raise ApiError(400, "malformed", "body-not-object")
        mode = spec.get("mode", "computer") if opponent_id is None else "club"
        if mode not in MODES and opponent_id is None:
            raise ApiError(400, "malformed", "bad-mode", known=", ".join(MODES), value=repr(mode))
        options = spec.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError(400, "malformed", "options-not-object")
        try:
            variant = find_variant(str(spec.get("variant", "long"))).with_options(**options)
        except NardyError as exc:
            raise ApiError(400, "bad-variant", exc) from None
        level = spec.get("level")
        if mode == "computer":
            # a ban is no play in the club at all: the computer's games neither
            self._banned([user_id], to_him=True)
            levels = self.computer.levels()
            level = level or levels[0]
            if level not in levels:
                raise ApiError(400, "bad-level", known=", ".join(levels), value=repr(level))
        else:
            level = None
        client_seed = spec.get("client_seed") or ""
        if not isinstance(client_seed, str) or len(client_seed) > 200:
            raise ApiError(400, "malformed", "bad-client-seed", max=200)
        length, rules = match_spec(spec, variant)
        if mode == "friend":
            self._banned([user_id])  # (a club game checks both players below)
        rated, clock = self._club_spec(spec, length, user_id, opponent_id)
        if mode == "friend":  # (his friend is not known yet: never rated)
            clock = self._clock(spec, length)
        if mode == "computer" and spec.get("tournament") is True:
            # a tournament's computer seat plays on the tournament's clock: the member's
            # time runs as in his games against members (the computer answers at once)
            clock = self._clock(spec, length)
        seed = self._server_seed()
        game_id = secrets.token_urlsafe(9)
        match = Match(
            variant, length, cube=CubeRules.from_json(rules["cube"]), crawford=rules["crawford"]
        )
        setup = match.new_game(0).records[0]
        game = {
            "id": game_id,
            "variant": variant.name,
            "options": variant.options(),
            "mode": mode,
            "level": level,
            "creator_id": user_id,
            "opponent_id": opponent_id,
            "creator_color": None,
            "invite_token": secrets.token_urlsafe(16) if mode == "friend" else None,
            "server_seed": seed.hex(),
            "commitment": commitment_of(seed),
            "client_seed": client_seed,
            "status": "waiting",
            "result": None,
            "match_length": length,
            "match_rules": rules,
            "score": None,
            "rated": rated,
            "clock": clock,
        }
        created = {
            "mode": mode,
            "variant": variant.name,
            "level": level,
            "commitment": commitment_of(seed),
            "client_seed": client_seed,
            "length": length,
            "rules": rules,
        }
        if opponent_id is not None or clock is not None:
            created.update(rated=rated, clock=clock)
        if spec.get("tournament") is True:  # (set by the tournaments, not the public API)
            created["tournament"] = True
        events = [
            {"game_id": game_id, "seq": 1, "kind": "created", "by": None, "data": created},
            {"game_id": game_id, "seq": 2, "kind": "record", "by": None, "data": {"record": setup}},
        ]
        game["last_seq"] = len(events)

        def write(conn: Connection) -> None:
            conn.execute(insert(GameRow).values(**game))
            conn.execute(insert(EventRow), events)

        self.writer.run(write)
        with self.db() as s:
            players = self._players(s, user_id, opponent_id)
            ratings = self._ratings(s, players, variant.name)
        # (through JSON, as the database gives them back: tuples become lists)
        stored = json.loads(json.dumps({"game": game, "events": events}))
        return LiveGame(
            game_meta(stored["game"], players, ratings),
            [{k: e[k] for k in ("seq", "kind", "by", "data")} for e in stored["events"]],
        )

    def _club_spec(
        self, spec: dict[str, Any], length: int, user_id: int, opponent_id: int | None
    ) -> tuple[bool, dict[str, Any] | None]:
        """``rated`` and ``clock`` of a club game (other games have neither): a rated
        game is between two members (guests are never rated); a clock is
        ``{"delay": s, "reserve": s per point}`` (``nardy.server.clocks``). Banned
        members play no club games."""
        if opponent_id is None:
            return False, None
        self._banned([user_id, opponent_id])
        rated = spec.get("rated") or False
        if not isinstance(rated, bool):
            raise ApiError(400, "malformed", "not-boolean", name="rated", value=repr(rated))
        if rated:
            with self.db() as s:
                guests = s.scalar(
                    select(User.display_name).where(
                        User.id.in_([user_id, opponent_id]), User.username.is_(None)
                    )
                )
            if guests is not None:
                raise ApiError(400, "unrated-guest", name=guests)
        return rated, self._clock(spec, length)

    @staticmethod
    def _clock(spec: dict[str, Any], length: int) -> dict[str, Any] | None:
        """The clock a creation request asks for (``clocks.new_clock``; None: none)."""
        try:
            return clocks.new_clock(spec.get("clock"), length)
        except clocks.ClockSpecError as exc:
            raise ApiError(400, "bad-clock", exc.key, **exc.params) from None

    async def create(self, user_id: int, spec: dict[str, Any]) -> LiveGame:
        """A new game made by ``user_id``; computer and local games start at once."""
        return await self._adopt(await to_thread.run_sync(self._create, user_id, spec))

    async def create_paired(
        self, creator_id: int, opponent_id: int, spec: dict[str, Any]
    ) -> LiveGame:
        """A ``club`` game between two members (a challenge accepted, a quick pairing),
        started at once: the opening toss decides the colours. ``spec`` is what
        ``create`` takes, less ``mode`` and ``level``."""
        if creator_id == opponent_id:
            raise ApiError(409, "forbidden", "own-challenge")
        return await self._adopt(
            await to_thread.run_sync(self._create, creator_id, spec, opponent_id)
        )

    def _find_invite(self, token: str) -> str:
        with self.db() as s:
            gid = s.scalar(select(GameRow.id).where(GameRow.invite_token == token))
        if gid is None:
            raise ApiError(404, "not-found", "invite-invalid")
        return gid

    async def join(self, token: str, user_id: int, name: str) -> tuple[LiveGame, list[Event]]:
        """Take the free seat of a friend game (a no-op for its own players)."""
        if not isinstance(token, str) or len(token) > 64:
            raise ApiError(404, "not-found", "invite-invalid")
        gid = await to_thread.run_sync(self._find_invite, token)
        await to_thread.run_sync(self._banned, [user_id])
        live = await self.get(gid)
        rating = await to_thread.run_sync(self._rating_of, user_id, live.meta.variant)

        def change(live: LiveGame, out: list[Event]) -> None:
            m = live.meta
            if user_id in (m.creator_id, m.opponent_id):
                return
            if m.opponent_id is not None:
                raise ApiError(409, "full", "game-full")
            m.opponent_id = user_id
            m.names[user_id] = name
            m.ratings.update(rating)
            out.append({"kind": "joined", "by": None, "data": {"name": name}})
            self.referee.advance(live, out)

        async with live.lock:
            events = await self._stored(live, change)
            await self._notify(live, events)
        return live, events

    # -- actions -------------------------------------------------------------------

    async def hint(self, live: LiveGame, role: Role) -> dict[str, Any]:
        """Advice for the player to act, for what the game scores: with the dice rolled,
        the best plays (``Computer.hint``); before rolling with the cube available, or
        facing a double, the cube decision (``nardy.bots.advice.cube_advice``); in the
        games that give hints (``hints_refused``)."""
        refused = hints_refused(live.meta.mode, live.tournament)
        if refused is not None:
            raise ApiError(403, "no-hints", refused)
        async with live.lock:
            g = live.game
            mine = g is not None and role in ("both", g.to_act)
            if g is not None and mine and g.phase == "move":
                at = match_score(live)
                ranked = await to_thread.run_sync(self.computer.hint, g, at, HINT_PLIES, HINT_TOP)
                return {
                    "kind": "play",
                    "plies": HINT_PLIES,
                    "match": at.away(g.turn) is not None,
                    "plays": hint_plays(g, at, ranked),
                }
            if (
                g is not None
                and mine
                and (g.phase == "cube" or (g.phase == "roll" and "double" in g.cube_actions()))
            ):
                return await to_thread.run_sync(cube_hint, g, match_score(live))
        raise ApiError(409, "not-now", "hint-not-now")

    async def act(self, live: LiveGame, role: Role, action: Any) -> list[Event]:
        """Apply one player action; returns the stored events it produced.

        An action may carry ``action_id`` (text the client chose for it): a repeat of an
        id this player's action already had (a retry after a lost answer) applies
        nothing and answers the events the first one stored."""
        start = time.perf_counter()
        applied: str | None = None
        try:
            events, repeat = await self._act(live, role, action)
            if not repeat:
                applied = action["action"]  # a known kind: ``_apply`` checked it
            return events
        finally:
            if self.on_act is not None:
                self.on_act(applied, time.perf_counter() - start)

    async def _act(self, live: LiveGame, role: Role, action: Any) -> tuple[list[Event], bool]:
        """``act``'s events, and whether the action was a repeat (nothing applied)."""
        aid = action_id(action)
        user = live.meta.user_of_role(role)
        # (a club action of a banned player is refused by the statement that stores it,
        # as is his play against the computer: a ban is no play in the club at all)
        banned_check = user if live.meta.mode in (*HUMAN_MODES, "computer") else None
        async with live.lock:
            done = live.done.get((user, aid)) if aid is not None else None
            if done is not None:
                return await self.events_between(live.meta.id, *done), True
            await self.flag_if_due(live)  # a move after the deadline comes too late

            def change(lv: LiveGame, out: list[Event]) -> None:
                self.referee.apply(lv, role, action, out)
                if out and aid is not None:
                    out[0]["data"]["action"] = {"id": aid, "user": user, "events": len(out)}

            try:
                events = await self._stored(live, change, banned_check)
            except ApiError as exc:
                # another process stored this very action and died before answering
                # it or telling us: the game just reloaded holds it, as a retry's
                done = live.done.get((user, aid)) if aid is not None else None
                if exc.code != "game-moved" or done is None:
                    raise
                return await self.events_between(live.meta.id, *done), True
            if events and aid is not None:
                live.done[(user, aid)] = (events[0]["seq"], events[-1]["seq"])
            await self._notify(live, events)
            return events, False

    async def store(
        self, live: LiveGame, change: Callable[[LiveGame, list[Event]], None]
    ) -> list[Event]:
        """Apply ``change`` (which appends events) outside the game's actions, store
        its events and broadcast them (a rematch offer on a finished game); call it
        under ``live.lock``."""
        events = await self._stored(live, change)
        await self._notify(live, events)
        return events

    async def _notify(self, live: LiveGame, events: list[Event]) -> None:
        if events and self.notify is not None:
            await self.notify(live, events)
        if events and self.announce is not None:
            await self.announce(live.meta.id, live.seq)
        # (only the process that stored the end reports it: catch_up does not)
        if self.on_over is not None and any(e["kind"] == "over" for e in events):
            await self.on_over(live)

    async def _stored(
        self,
        live: LiveGame,
        change: Callable[[LiveGame, list[Event]], None],
        banned_check: int | None = None,
    ) -> list[Event]:
        """``_step`` in a thread; when another process stored events of the game first,
        the game is reloaded (its watchers get those events) and the change refused
        (409 ``game-moved``: the player sees the game as it is now, and acts again);
        when ``banned_check``'s user is banned, the game is reloaded as stored and the
        change refused (403 ``banned``, said to him: ``you-are-banned``)."""
        try:
            events = await to_thread.run_sync(self._step, live, change, banned_check)
            if events:
                live.changed_at = self.clock()
            return events
        except StaleGame:
            await self.catch_up(live, reload=True)
            raise ApiError(409, "game-moved") from None
        except BannedPlayer:
            await self.catch_up(live, reload=True)
            # (the player who acted: told in the second person, not as a stranger)
            raise ApiError(403, "banned", "you-are-banned") from None

    async def catch_up(self, live: LiveGame, reload: bool = False) -> list[Event]:
        """Bring a game in memory up to the database, where another server process
        stored events of it: reloaded in place (whoever holds the object sees the new
        state) and the new events sent to its sockets; returns them. ``reload``: even
        when no event is new (the object was changed by a change that was not stored).
        Call under ``live.lock``."""
        events = await self.events_after(live.meta.id, live.seq)
        if (events or reload) and (reload or not self._extended(live, events)):
            fresh = await to_thread.run_sync(self._load, live.meta.id)
            live.take(fresh)
        if events:
            live.changed_at = self.clock()
        if events and self.notify is not None:
            await self.notify(live, events)
        return events

    @staticmethod
    def _extended(live: LiveGame, events: list[Event]) -> bool:
        """Whether ``live`` took on ``events`` in place (moves and records: most of
        what another process stores); False means load it again. A game that fails to
        take them (it cannot, short of a bug) is loaded again too, and the fault logged."""
        try:  # (a game left half changed is loaded again whole)
            return live.extend(events)
        except Exception:
            log.exception("game %s could not take on events in place", live.meta.id)
            return False

    # -- reading -------------------------------------------------------------------
    def _events_after(self, game_id: str, seq: int) -> list[Event]:
        with self.db() as s:
            rows = s.scalars(
                select(EventRow)
                .where(EventRow.game_id == game_id, EventRow.seq > seq)
                .order_by(EventRow.seq)
            ).all()
            return [{"seq": e.seq, "kind": e.kind, "by": e.by, "data": e.data} for e in rows]

    async def events_after(self, game_id: str, seq: int) -> list[Event]:
        """The stored events of a game numbered above ``seq``."""
        return await to_thread.run_sync(self._events_after, game_id, seq)

    async def events_between(self, game_id: str, first: int, last: int) -> list[Event]:
        """The stored events of a game numbered ``first``..``last``."""
        events = await self.events_after(game_id, first - 1)
        return [e for e in events if e["seq"] <= last]
