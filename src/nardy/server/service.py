"""Games on the server: creation, joining, actions, the computer's turns, storage.

Every change to a game happens under that game's lock, is applied to the core ``Game``
(which validates it), is written to the database as numbered events in one
transaction, and only then is acknowledged and broadcast.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import signal
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from anyio import to_thread
from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import sessionmaker

from nardy.bots.advice import cube_advice
from nardy.cube import CubeRules
from nardy.dicecheck import commitment_of
from nardy.errors import DETAIL, IllegalMoveError, MalformedError, NardyError, message_key
from nardy.i18n import t
from nardy.match import Match, MatchScore
from nardy.outcome import check_resign_level
from nardy.position import BAR, OFF
from nardy.server import clocks
from nardy.server import messages as _messages  # noqa: F401  (registers the server's texts)
from nardy.server.botplayer import Computer
from nardy.server.db import EventRow, GameRow, User, now
from nardy.server.live import OFFERS, LiveGame, Meta, Refusal, Role
from nardy.server.ratings import rate_match
from nardy.server.settings import Settings
from nardy.server.writer import Writer
from nardy.variants import find_variant

MODES = ("computer", "local", "friend")
#: Games between two people: hints are refused, both seats belong to someone. A
#: ``club`` game is made by the lobby (``create_paired``) with both players known.
HUMAN_MODES = ("friend", "club")
#: Longest match on offer (points); 0 is one money game.
MAX_MATCH_LENGTH = 25
#: Depth and length of a hint (``GameService.hint``).
HINT_PLIES = 1
HINT_TOP = 5
#: The bot level of cube hints (1 ply).
CUBE_HINT_LEVEL = "expert"
ACTIONS = (
    "move",
    "undo",
    "confirm",
    "play",
    "roll",
    "double",
    "take",
    "pass",
    "beaver",
    "resign",
    "accept",
    "reject",
    "next-game",
)
Event = dict[str, Any]
#: Longest client action id (``action_id``).
MAX_ACTION_ID = 64
#: The account settings that change play, and their defaults: the server rolls for a
#: player who cannot double (``auto_roll``), and plays a forced play (the only legal
#: one) for him (``auto_play``).
PLAY_SETTINGS = {"auto_roll": True, "auto_play": False}


def play_settings(stored: dict[str, Any] | None) -> dict[str, bool]:
    """The play settings of an account: the stored ones over the defaults."""
    out = dict(PLAY_SETTINGS)
    for key, value in (stored or {}).items():
        if key in out and isinstance(value, bool):
            out[key] = value
    return out


log = logging.getLogger(__name__)


class StaleGame(Exception):
    """The stored game moved on past the one in memory: another server process stored
    its events meanwhile (``GameService._step``)."""


class ApiError(Exception):
    """An error answered to the client: HTTP ``status``, a stable ``code`` the client can
    act on, and the message: ``error.<what>`` of the catalogue with ``params`` (``what``
    defaults to the code), or the message of a core error (``what`` a ``NardyError``),
    said in the request's language at the edge (``answer``)."""

    def __init__(
        self, status: int, code: str, what: str | NardyError | None = None, /, **params: Any
    ) -> None:
        self.status = status
        self.code = code
        self.reason: str | None = None
        if isinstance(what, NardyError):
            self.key, self.params = what.key, what.params
            if what.key != DETAIL:
                self.reason = what.code
        else:
            self.key, self.params = message_key(what or code, params)
        self.message = t(self.key, "en", **self.params)  # for logs and close reasons
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return t(self.key, lang, **self.params)

    def answer(self, lang: str) -> dict[str, Any]:
        """The JSON body of the error in ``lang``: ``error`` (the text), ``code``,
        ``params`` (the values in the text) and, for a core error, its ``reason`` code."""
        out: dict[str, Any] = {
            "error": self.text(lang),
            "code": self.code,
            "params": {k: _jsonable(v) for k, v in self.params.items()},
        }
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)


def action_id(action: Any) -> str | None:
    """The client's id of an action (``action_id``: 1..64 characters), if it has one."""
    if not isinstance(action, dict) or action.get("action_id") is None:
        return None
    aid = action["action_id"]
    if not isinstance(aid, str) or not 1 <= len(aid) <= MAX_ACTION_ID:
        raise ApiError(400, "malformed", "bad-action-id", max=MAX_ACTION_ID, value=repr(aid))
    return aid


def _point(value: Any, what: str) -> int:
    if value == "bar":
        return BAR
    if value == "off":
        return OFF
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 25:
        raise MalformedError("bad-point", field=what, value=repr(value))
    return value


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
        self.live: dict[str, LiveGame] = {}
        #: Called under the game's lock with the events just stored (broadcasting).
        self.notify: Callable[[LiveGame, list[Event]], Awaitable[None]] | None = None
        self._load_locks: dict[str, asyncio.Lock] = {}
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
            users = s.scalars(
                select(User).where(User.id.in_([row.creator_id, row.opponent_id or -1]))
            ).all()
            names = {u.id: u.display_name for u in users}
            meta = Meta(
                id=row.id,
                variant=row.variant,
                options=dict(row.options),
                mode=row.mode,
                level=row.level,
                creator_id=row.creator_id,
                opponent_id=row.opponent_id,
                creator_color=row.creator_color,  # type: ignore[arg-type]
                invite_token=row.invite_token,
                server_seed=row.server_seed,
                commitment=row.commitment,
                client_seed=row.client_seed,
                status=row.status,
                names=names,
                length=row.match_length or 0,
                rules=row.match_rules,
                rated=bool(row.rated),
                clock=row.clock,
                auto={u.id: play_settings(u.settings) for u in users},
            )
            evs = [{"seq": e.seq, "kind": e.kind, "by": e.by, "data": e.data} for e in events]
        return LiveGame(meta, evs)

    async def get(self, game_id: str) -> LiveGame:
        """The live game ``game_id``, loaded from the database when not in memory; a
        loaded game whose computer side is to move (a restart mid-turn) moves on."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 16:
            raise ApiError(
                404, "not-found", "no-game", game=game_id[:16] if isinstance(game_id, str) else ""
            )
        live = self.live.get(game_id)
        if live is not None:
            return live
        lock = self._load_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is None:
                live = await to_thread.run_sync(self._load, game_id)
                async with live.lock:
                    await self._stored(live, self._advance)
                self.live[game_id] = live
        return live

    # -- the change pipeline -------------------------------------------------------
    def _step(self, live: LiveGame, change: Callable[[LiveGame, list[Event]], None]) -> list[Event]:
        """Apply ``change`` (which appends events), then store the events; on any
        storage failure the cached game is dropped so it reloads from the database.

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
            "score": self._creator_score(live),
        }
        if m.clock is not None:
            m.clock = clocks.switch(m.clock, self._clock_side(live), at)
            values["clock"] = m.clock
            values["deadline"] = clocks.deadline(m.clock)
        result = self._result(live)
        if result is not None:
            values["result"] = result
        ended = m.rated and any(e["kind"] == "over" for e in out)
        players = self._winner_loser(live) if ended else None

        def write(conn: Connection) -> dict[int, dict[str, Any]]:  # a short transaction
            # The game's row is locked (PostgreSQL: SELECT ... FOR UPDATE; SQLite has
            # one writer) until the commit, and its last stored event must be the one
            # in memory: of two processes acting on one game, the second waits for the
            # first's commit, then finds the game moved on and stores nothing.
            conn.execute(select(GameRow.id).where(GameRow.id == m.id).with_for_update())
            stored = conn.execute(
                select(func.max(EventRow.seq)).where(EventRow.game_id == m.id)
            ).scalar()
            if (stored or 0) != live.seq:
                raise StaleGame(m.id)
            conn.execute(insert(EventRow), rows)
            conn.execute(update(GameRow).where(GameRow.id == m.id).values(**values))
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
            if changes:
                data = {"changes": {str(k): v for k, v in changes.items()}}
                conn.execute(
                    insert(EventRow),
                    [
                        {
                            "game_id": m.id,
                            "seq": live.seq + len(out) + 1,
                            "kind": "rating",
                            "by": None,
                            "data": data,
                        }
                    ],
                )
            return changes

        try:
            changes = self.writer.run(write)
        except StaleGame:
            raise  # (``_stored`` reloads the game in place)
        except Exception:
            self.live.pop(m.id, None)
            raise
        if changes:
            live.rating_change = changes
            data = {"changes": {str(k): v for k, v in changes.items()}}
            out.append({"kind": "rating", "by": None, "data": data, "seq": live.seq + len(out) + 1})
        self._committed()
        live.seq += len(out)
        return out

    @staticmethod
    def _result(live: LiveGame) -> dict[str, Any] | None:
        """The stored result once the game or match is over (by play or on time)."""
        m = live.meta
        if live.flag is not None:
            f = live.flag
            return {
                "winner": f["winner"],
                "kind": f.get("reason", "time"),
                "points": f["points"],
                "reason": f.get("reason", "time"),
                "match_winner": f["side_winner"],
            }
        if not (live.finished and live.game is not None and live.game.outcome is not None):
            return None
        o = live.game.outcome
        result: dict[str, Any] = {"winner": o.winner, "kind": o.kind, "points": o.points}
        if m.length:
            winner = live.match.winner
            result["match_winner"] = (
                None
                if winner is None or m.creator_player is None
                else "creator"
                if winner == m.creator_player
                else "opponent"
            )
        return result

    @staticmethod
    def _winner_loser(live: LiveGame) -> tuple[int, int] | None:
        """The user ids of the finished match's winner and loser (None: a draw, or a
        side without a user)."""
        color = live.score_winner()
        if color is None:
            return None
        m = live.meta
        win, lose = m.user_of(color), m.user_of("black" if color == "white" else "white")
        return None if win is None or lose is None else (win, lose)

    @staticmethod
    def _clock_side(live: LiveGame) -> str | None:
        """The side that must act now (the clock runs for him), or None."""
        g = live.game
        if g is None or live.finished or g.phase in ("opening", "over"):
            return None
        return live.meta.side_of(g.to_act)

    def _committed(self) -> None:
        """Count a stored change; the test-only ``crash_after_commit`` setting kills the
        process (SIGKILL) right after that many, before anyone hears of it."""
        self.commits += 1
        if self.commits == self.settings.crash_after_commit:
            os.kill(os.getpid(), signal.SIGKILL)

    @staticmethod
    def _creator_score(live: LiveGame) -> list[float] | None:
        p = live.meta.creator_player
        if p is None:
            return None
        a, b = live.score()
        return [a, b] if p == 0 else [b, a]

    @staticmethod
    def _emit_records(
        live: LiveGame,
        out: list[Event],
        by: str | None,
        start: int,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """Events for the current game's records from ``start`` on; ``by`` is the
        colour that acted (cube actions and resignations go into the move list too)."""
        assert live.game is not None
        for rec in live.game.records[start:]:
            data: dict[str, Any] = {"record": rec}
            if extra:
                data.update(extra)
            actor = rec.get("by", by) if rec.get("type") == "resign" else by
            if rec.get("type") == "roll" and actor is not None:
                # whose roll it was (dice statistics; None: the computer's)
                human = actor != live.meta.computer_color
                data["uid"] = live.meta.user_of(actor) if human else None  # type: ignore[arg-type]
            if rec.get("type") in OFFERS and actor is not None:
                live.note(rec, actor)  # type: ignore[arg-type]
            out.append({"kind": "record", "by": actor, "data": data})

    @staticmethod
    def _score(live: LiveGame) -> MatchScore:
        """The match score by colour in the current game (length 0: money play)."""
        score = live.score_by_color()
        return MatchScore(
            live.meta.length, int(score["white"]), int(score["black"]), live.match.crawford_rule
        )

    def _advance(self, live: LiveGame, out: list[Event]) -> None:
        """Toss, roll, and make the computer's decisions until a person has to act.

        A person on roll who may double decides himself (roll or double); otherwise
        the server rolls for him at once."""
        g = live.game
        m = live.meta
        if g is None:
            return
        for _ in range(self.settings.max_auto_turns):
            start = len(g.records)
            comp = m.computer_color
            if g.phase == "opening":
                if m.mode == "friend" and m.opponent_id is None:
                    break
                a, b = live.dice.die(), live.dice.die()  # creator's die, opponent's die
                if m.creator_color is None:
                    if a != b:
                        m.creator_color = "white" if a > b else "black"
                    g.opening(max(a, b), min(a, b))
                else:  # a later game of a short-nardy match: colours stay, the toss decides
                    white, black = (a, b) if m.creator_now == "white" else (b, a)
                    g.opening(white, black)
                self._emit_records(live, out, None, start, {"toss": [a, b]})
            elif g.phase == "roll":
                by = g.turn
                if by == comp:
                    offer = self.computer.resignation_offer(g, m.level, self._score(live))
                    if offer is not None:
                        g.resign(offer)
                        self._emit_records(live, out, by, start)
                        continue
                    if "double" in g.cube_actions() and self.computer.wants_double(
                        g, m.level, self._score(live)
                    ):
                        g.double()
                        self._emit_records(live, out, by, start)
                        continue
                elif "double" in g.cube_actions() or not self._auto(live, by, "auto_roll"):
                    break  # the player may double (or rolls himself): he acts
                g.roll(live.dice.die(), live.dice.die())
                self._emit_records(live, out, by, start)
            elif g.phase == "move" and g.turn == comp:
                by = g.turn
                g.play(self.computer.choose(g, m.level, self._score(live)))
                self._emit_records(live, out, by, start)
            elif (
                g.phase == "move"
                and not g.pending
                and len(g.legal_plays()) == 1
                and self._auto(live, g.turn, "auto_play")
            ):
                by = g.turn
                g.play(g.legal_plays()[0])  # a forced play, made for him
                self._emit_records(live, out, by, start)
            elif g.phase == "cube" and g.to_act == comp:
                answer = self.computer.answer_double(g, m.level, self._score(live))
                {"take": g.take, "beaver": g.beaver, "pass": g.drop}[answer]()
                self._emit_records(live, out, comp, start)
            elif g.phase == "resign" and g.to_act == comp:
                if self.computer.accepts_resignation(g, m.level, self._score(live)):
                    g.accept()
                else:
                    higher = self.computer.acceptable_levels(g, m.level, self._score(live))
                    offer = g.resign_offer
                    g.reject()
                    assert offer is not None
                    live.refusal = Refusal(offer, tuple(higher), len(g.records))
                self._emit_records(live, out, comp, start)
            else:
                break
        if g.phase == "over" and live.announced < len(live.match.games) and m.status != "over":
            live.announced = len(live.match.games)
            o = g.outcome
            out.append(
                {
                    "kind": "game-over",
                    "by": None,
                    "data": {
                        "game": len(live.match.games),
                        "winner": o.winner if o else None,
                        "kind": o.kind if o else None,
                        "points": o.points if o else None,
                        "value": o.value if o else None,
                        "reason": o.reason if o else None,
                        "score": live.score_by_color(),
                        # who won it, for the profiles' statistics (colours change)
                        "winner_side": m.side_of(o.winner) if o and o.winner else None,
                    },
                }
            )
            if live.finished:
                m.status = "over"
                out.append(
                    {
                        "kind": "over",
                        "by": None,
                        "data": {
                            "winner": o.winner if o else None,
                            "kind": o.kind if o else None,
                            "points": o.points if o else None,
                            "score": live.score_by_color(),
                            "match_winner": live.score_winner(),
                            "server_seed": m.server_seed,
                        },
                    }
                )
        elif g.phase != "over" and m.status == "waiting" and m.creator_color is not None:
            m.status = "active"

    @staticmethod
    def _auto(live: LiveGame, color: str, setting: str) -> bool:
        """The play setting ``setting`` of the user playing ``color`` (the defaults for
        a user not known)."""
        uid = live.meta.user_of(color)  # type: ignore[arg-type]
        settings = live.meta.auto.get(uid) if uid is not None else None
        return (settings or PLAY_SETTINGS)[setting]

    def _next_game(self, live: LiveGame, out: list[Event]) -> None:
        """Start the match's next game (L-4 names its starter in long nardy)."""
        game = live.next_game()
        out.append(
            {
                "kind": "record",
                "by": None,
                "data": {"record": {"type": "game", "white": live.match.whites[-1]}},
            }
        )
        out.append({"kind": "record", "by": None, "data": {"record": game.records[0]}})
        self._advance(live, out)

    # -- clocks ------------------------------------------------------------------------
    def _flag_due(self, live: LiveGame, out: list[Event]) -> None:
        """End the match if the player on the clock is past his deadline: he loses on
        time (``nardy.server.clocks``: the match, or a money game as a single game at
        the cube's value)."""
        m = live.meta
        g = live.game
        if m.clock is None or g is None or live.finished or m.status == "over":
            return
        due = clocks.deadline(m.clock)
        if due is None or self.clock() < due:
            return
        loser_side = m.clock["actor"]
        side_winner = "opponent" if loser_side == "creator" else "creator"
        self._end_against(live, g.to_act, side_winner, "time", out)

    def _forfeit(self, live: LiveGame, loser_id: int | None, reason: str, out: list[Event]) -> None:
        """End the match at once against the player ``loser_id`` (None: the computer),
        as a loss on time ends it: a tournament game whose player withdrew or did not
        show up (``reason``: ``withdrawn``, ``no-show``)."""
        m = live.meta
        g = live.game
        if g is None or live.finished or m.status == "over":
            return
        loser: str
        if loser_id is None:
            if m.computer_color is None:
                return
            loser = m.computer_color
        else:
            role = m.role_of(loser_id)
            if role not in ("white", "black"):
                return
            loser = role
        side_winner = m.side_of("black" if loser == "white" else "white")
        self._end_against(live, loser, side_winner, reason, out)

    @staticmethod
    def _end_against(
        live: LiveGame,
        loser: str,
        side_winner: str | None,
        kind: str,
        out: list[Event],
    ) -> None:
        """End the match against ``loser``, as a loss on time does: the match's points
        (a money game: the cube's value) to the other side, stored as a "flag" and an
        "over" event whose ``kind`` says how (``time``, or a forfeit's reason, which the
        flag carries too)."""
        m = live.meta
        g = live.game
        assert g is not None  # (the callers checked)
        winner = "black" if loser == "white" else "white"
        points = g.cube.value if not m.length else m.length
        live.flag = {
            "loser": loser,
            "winner": winner,
            "points": points,
            "side_winner": side_winner,
        }
        if kind != "time":
            live.flag["reason"] = kind
        m.status = "over"
        out.append({"kind": "flag", "by": loser, "data": live.flag})
        out.append(
            {
                "kind": "over",
                "by": None,
                "data": {
                    "winner": winner,
                    "kind": kind,
                    "points": points,
                    "score": live.score_by_color(),
                    "match_winner": winner,
                    "server_seed": m.server_seed,
                },
            }
        )

    async def forfeit(self, game_id: str, loser_id: int | None, reason: str) -> list[Event]:
        """End the game ``game_id`` against ``loser_id`` (``_forfeit``); nothing when
        it is over already. Call it under no tournament's lock: its end is reported
        (``on_over``) as any other."""
        live = await self.get(game_id)
        async with live.lock:

            def change(lv: LiveGame, out: list[Event]) -> None:
                self._forfeit(lv, loser_id, reason, out)

            events = await self._stored(live, change)
            await self._notify(live, events)
        return events

    async def flag_if_due(self, live: LiveGame) -> list[Event]:
        """Store a loss on time if the game is past its deadline (call under its lock)."""
        events = await self._stored(live, self._flag_due)
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
        then: a restarted server enforces the deadlines it stored); returns how many."""
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

    def _banned(self, user_ids: list[int]) -> None:
        with self.db() as s:
            banned = s.scalar(
                select(User.display_name).where(User.id.in_(user_ids), User.banned_at.is_not(None))
            )
        if banned is not None:
            raise ApiError(403, "banned", name=banned)

    def apply_settings(self, user_id: int, stored: dict[str, Any] | None) -> None:
        """New play settings of ``user_id``: his games in memory use them from now on."""
        for live in list(self.live.values()):
            if user_id in (live.meta.creator_id, live.meta.opponent_id):
                live.meta.auto[user_id] = play_settings(stored)

    # -- creating and joining ------------------------------------------------------
    def _server_seed(self) -> bytes:
        if self.settings.dice_seed is not None:
            return hashlib.sha256(f"nardy-test-dice:{self.settings.dice_seed}".encode()).digest()
        return secrets.token_bytes(32)

    def _create(self, user_id: int, spec: dict[str, Any], opponent_id: int | None = None) -> str:
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
            levels = self.computer.levels()
            level = level or levels[0]
            if level not in levels:
                raise ApiError(400, "bad-level", known=", ".join(levels), value=repr(level))
        else:
            level = None
        client_seed = spec.get("client_seed") or ""
        if not isinstance(client_seed, str) or len(client_seed) > 200:
            raise ApiError(400, "malformed", "bad-client-seed", max=200)
        length, rules = self._match_spec(spec, variant)
        if mode == "friend":
            self._banned([user_id])  # (a club game checks both players below)
        rated, clock = self._club_spec(spec, length, user_id, opponent_id)
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
        if opponent_id is not None:
            created.update(rated=rated, clock=clock)
        events = [
            {"game_id": game_id, "seq": 1, "kind": "created", "by": None, "data": created},
            {"game_id": game_id, "seq": 2, "kind": "record", "by": None, "data": {"record": setup}},
        ]

        def write(conn: Connection) -> None:
            conn.execute(insert(GameRow).values(**game))
            conn.execute(insert(EventRow), events)

        self.writer.run(write)
        return game_id

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
        try:
            clock = clocks.new_clock(spec.get("clock"), length)
        except clocks.ClockSpecError as exc:
            raise ApiError(400, "bad-clock", exc.key, **exc.params) from None
        return rated, clock

    @staticmethod
    def _match_spec(spec: dict[str, Any], variant: Any) -> tuple[int, dict[str, Any]]:
        """Match length and rules from a creation request (RULES.md C-3, C-4).

        ``length``: 0 (one money game, the default) or 1..25 points; ``crawford``
        (default true); ``cube``: true/false (default: on in short nardy, off in long,
        C-3/C-5); ``beavers`` (money play only, default false)."""
        length = spec.get("length", 0)
        if length is None or length == "":
            length = 0
        if isinstance(length, str) and length.strip().isdigit():
            length = int(length)
        if (
            isinstance(length, bool)
            or not isinstance(length, int)
            or not 0 <= length <= MAX_MATCH_LENGTH
        ):
            raise ApiError(400, "bad-match", "match-length", max=MAX_MATCH_LENGTH)
        flags: dict[str, bool | None] = {}
        for name, default in (("crawford", True), ("cube", None), ("beavers", False)):
            value = spec.get(name, default)
            if value is not None and not isinstance(value, bool):
                raise ApiError(400, "malformed", "not-boolean", name=name, value=repr(value))
            flags[name] = value
        if flags["beavers"] and length:
            raise ApiError(400, "bad-match", "beavers-money-only")
        changes: dict[str, Any] = {"money": length == 0, "beavers": bool(flags["beavers"])}
        if flags["cube"] is not None:
            changes["enabled"] = flags["cube"]
        try:
            cube = CubeRules.for_variant(variant, **changes)
        except NardyError as exc:
            raise ApiError(400, "bad-match", exc) from None
        if flags["beavers"] and not cube.enabled:
            raise ApiError(400, "bad-match", "beavers-need-cube")
        return length, {"crawford": bool(flags["crawford"]), "cube": cube.to_json()}

    async def create(self, user_id: int, spec: dict[str, Any]) -> LiveGame:
        """A new game made by ``user_id``; computer and local games start at once."""
        game_id = await to_thread.run_sync(self._create, user_id, spec)
        return await self.get(game_id)

    async def create_paired(
        self, creator_id: int, opponent_id: int, spec: dict[str, Any]
    ) -> LiveGame:
        """A ``club`` game between two members (a challenge accepted, a quick pairing),
        started at once: the opening toss decides the colours. ``spec`` is what
        ``create`` takes, less ``mode`` and ``level``."""
        if creator_id == opponent_id:
            raise ApiError(409, "forbidden", "own-challenge")
        game_id = await to_thread.run_sync(self._create, creator_id, spec, opponent_id)
        return await self.get(game_id)

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

        def change(live: LiveGame, out: list[Event]) -> None:
            m = live.meta
            if user_id in (m.creator_id, m.opponent_id):
                return
            if m.opponent_id is not None:
                raise ApiError(409, "full", "game-full")
            m.opponent_id = user_id
            m.names[user_id] = name
            out.append({"kind": "joined", "by": None, "data": {"name": name}})
            self._advance(live, out)

        async with live.lock:
            events = await self._stored(live, change)
            await self._notify(live, events)
        return live, events

    # -- actions -------------------------------------------------------------------
    def _apply(self, live: LiveGame, role: Role, action: Any, out: list[Event]) -> None:
        g = live.game
        if role == "spectator":
            raise ApiError(403, "forbidden", "not-a-player")
        if not isinstance(action, dict) or not isinstance(action.get("action"), str):
            raise ApiError(400, "malformed", "bad-action", example='{"action": "move"}')
        kind = action["action"]
        if kind not in ACTIONS:
            raise ApiError(
                400, "malformed", "unknown-action", action=repr(kind), known=", ".join(ACTIONS)
            )
        if g is None or live.finished or live.meta.status == "over":
            raise ApiError(409, "game-over")
        if kind == "next-game":
            if g.phase != "over":
                raise ApiError(409, "illegal", "game-not-over")
            if role == "player":
                raise ApiError(409, "not-your-turn", "game-not-started")
            self._next_game(live, out)
            return
        if g.phase == "over":
            raise ApiError(409, "game-over", "start-next-game")
        by = live.actor(role)
        if by is None:
            raise ApiError(409, "not-your-turn")
        start = len(g.records)
        try:
            if kind in ("move", "undo", "confirm", "play"):
                self._checker_action(live, kind, action, by, out)
            elif kind == "roll":
                if g.phase != "roll":
                    raise IllegalMoveError("not-time-to-roll")
                g.roll(live.dice.die(), live.dice.die())
            elif kind == "double":
                g.double()
            elif kind in ("take", "pass", "beaver"):
                {"take": g.take, "pass": g.drop, "beaver": g.beaver}[kind]()
            elif kind == "resign":
                level = action.get("level")
                if isinstance(level, bool) or not isinstance(level, int):
                    raise MalformedError("resign-needs-level")
                check_resign_level(g.variant, level)
                if g.phase not in ("roll", "move"):
                    raise IllegalMoveError("resign-during-play")
                while g.pending:  # the offer is made from the position before this turn
                    live.undo()
                    out.append({"kind": "undo", "by": by, "data": {}})
                g.resign(level, by)
            elif kind == "accept":
                g.accept()
            else:
                g.reject()
        except MalformedError as exc:
            raise ApiError(400, "malformed", exc) from None
        except IllegalMoveError as exc:
            raise ApiError(409, "illegal", exc) from None
        self._emit_records(live, out, by, start)
        self._advance(live, out)

    @staticmethod
    def _checker_action(
        live: LiveGame, kind: str, action: dict[str, Any], by: str, out: list[Event]
    ) -> None:
        g = live.game
        assert g is not None
        if g.phase != "move":
            raise IllegalMoveError("no-roll-to-play")
        if kind == "move":
            frm = _point(action.get("from"), "from")
            to = _point(action.get("to"), "to")
            live.move(frm, to)
            out.append({"kind": "step", "by": by, "data": {"from": frm, "to": to}})
        elif kind == "undo":
            live.undo()
            out.append({"kind": "undo", "by": by, "data": {}})
        elif kind == "confirm":
            g.confirm()
        else:
            text = action.get("play")
            if not isinstance(text, str):
                raise MalformedError("play-needs-text")
            g.play(text)

    async def hint(self, live: LiveGame, role: Role) -> dict[str, Any]:
        """Advice for the player to act, for what the game scores: with the dice rolled,
        the best plays (``Computer.hint``); before rolling with the cube available, or
        facing a double, the cube decision (``nardy.bots.advice.cube_advice``). Hints
        are for games against the computer and on one device: in a game between two
        people they would help one."""
        if live.meta.mode in HUMAN_MODES:
            raise ApiError(403, "no-hints")
        async with live.lock:
            g = live.game
            mine = g is not None and role in ("both", g.to_act)
            if g is not None and mine and g.phase == "move":
                at = self._score(live)
                ranked = await to_thread.run_sync(self.computer.hint, g, at, HINT_PLIES, HINT_TOP)
                best = ranked[0][1] if ranked else 0.0
                return {
                    "kind": "play",
                    "plies": HINT_PLIES,
                    "match": at.away(g.turn) is not None,
                    "plays": [
                        {"play": p.text, "equity": round(e, 4), "diff": round(e - best, 4)}
                        for p, e in ranked
                    ],
                }
            if (
                g is not None
                and mine
                and (g.phase == "cube" or (g.phase == "roll" and "double" in g.cube_actions()))
            ):
                at = self._score(live)
                advice = await to_thread.run_sync(cube_advice, g, at, CUBE_HINT_LEVEL)
                return {
                    "kind": "cube",
                    "plies": 1,
                    "match": bool(live.meta.length),
                    "action": advice.action,
                    "proper": advice.proper,
                    "exact": advice.exact,
                    "equities": {
                        "no_double": round(advice.no_double, 4),
                        "double_take": round(advice.double_take, 4),
                        "double_pass": round(advice.double_pass, 4),
                    },
                }
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
        if user is not None and live.meta.mode in HUMAN_MODES:
            await to_thread.run_sync(self._banned, [user])
        async with live.lock:
            done = live.done.get((user, aid)) if aid is not None else None
            if done is not None:
                return await self.events_between(live.meta.id, *done), True
            await self.flag_if_due(live)  # a move after the deadline comes too late

            def change(lv: LiveGame, out: list[Event]) -> None:
                self._apply(lv, role, action, out)
                if out and aid is not None:
                    out[0]["data"]["action"] = {"id": aid, "user": user, "events": len(out)}

            try:
                events = await self._stored(live, change)
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
        self, live: LiveGame, change: Callable[[LiveGame, list[Event]], None]
    ) -> list[Event]:
        """``_step`` in a thread; when another process stored events of the game first,
        the game is reloaded (its watchers get those events) and the change refused
        (409 ``game-moved``: the player sees the game as it is now, and acts again)."""
        try:
            return await to_thread.run_sync(self._step, live, change)
        except StaleGame:
            await self.catch_up(live, reload=True)
            raise ApiError(409, "game-moved") from None

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
