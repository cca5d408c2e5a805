"""The referee of the server's games (pure: no storage, no waiting): how a player's
action, the computer's turns, the clock and a forfeit change a live game, said as the
events ``GameService`` stores and broadcasts; and what the ``games`` row keeps of a
live game (its result, score, whose clock runs).

Every change is applied to the core ``Game``, which validates it; a refusal is an
``ApiError`` (400 malformed, 409 illegal or out of turn), raised before the game is
changed, and the caller stores nothing of a change that raised."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from nardy.errors import IllegalMoveError, MalformedError
from nardy.game import OFFER_RECORDS
from nardy.match import MatchScore
from nardy.outcome import check_resign_level
from nardy.position import BAR, OFF, other
from nardy.server import clocks
from nardy.server.api_error import ApiError
from nardy.server.botplayer import Computer
from nardy.server.game_specs import PLAY_SETTINGS
from nardy.server.live import LiveGame, Refusal, Role

Event = dict[str, Any]
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
#: Longest client action id (``action_id``).
MAX_ACTION_ID = 64


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


def stored_result(live: LiveGame) -> dict[str, Any] | None:
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
            # (a rated match ended before its loser acted moves no rating: its rows
            # in the players' histories say it was not rated)
            **({"unrated": True} if f.get("unrated") else {}),
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


def winner_loser(live: LiveGame) -> tuple[int, int] | None:
    """The user ids of the finished match's winner and loser (None: a draw, or a
    side without a user)."""
    color = live.score_winner()
    if color is None:
        return None
    m = live.meta
    win, lose = m.user_of(color), m.user_of("black" if color == "white" else "white")
    return None if win is None or lose is None else (win, lose)


def clock_side(live: LiveGame) -> str | None:
    """The side that must act now (the clock runs for him), or None."""
    g = live.game
    if g is None or live.finished or g.phase in ("opening", "over"):
        return None
    return live.meta.side_of(g.to_act)


def creator_score(live: LiveGame) -> list[float] | None:
    p = live.meta.creator_player
    if p is None:
        return None
    a, b = live.score()
    return [a, b] if p == 0 else [b, a]


def match_score(live: LiveGame) -> MatchScore:
    """The match score by colour in the current game (length 0: money play)."""
    score = live.score_by_color()
    return MatchScore(
        live.meta.length, int(score["white"]), int(score["black"]), live.match.crawford_rule
    )


def play_setting(live: LiveGame, color: str, setting: str) -> bool:
    """The play setting ``setting`` of the user playing ``color`` (the defaults for
    a user not known)."""
    uid = live.meta.user_of(color)  # type: ignore[arg-type]
    settings = live.meta.auto.get(uid) if uid is not None else None
    return (settings or PLAY_SETTINGS)[setting]


class Referee:
    """Plays a live game on: a player's action, the computer's decisions and the
    server's rolls, the next game of a match, a loss on time or a forfeit. Each method
    changes ``live`` (under its lock) and appends the events that say what happened to
    ``out``; storing them is ``GameService``'s."""

    def __init__(
        self,
        computer: Computer,
        max_auto_turns: int,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
    ) -> None:
        self.computer = computer
        #: Upper bound of automatic passes and computer turns in one action.
        self.max_auto_turns = max_auto_turns
        #: The time a player asked for the next game at (the game service's, injectable).
        self.clock = clock

    def advance(self, live: LiveGame, out: list[Event]) -> None:
        """Toss, roll, and make the computer's decisions until a person has to act.

        A person on roll who may double decides himself (roll or double); otherwise
        the server rolls for him at once."""
        g = live.game
        m = live.meta
        if g is None:
            return
        for _ in range(self.max_auto_turns):
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
                    offer = self.computer.resignation_offer(g, m.level, match_score(live))
                    if offer is not None:
                        g.resign(offer)
                        self._emit_records(live, out, by, start)
                        continue
                    if "double" in g.cube_actions() and self.computer.wants_double(
                        g, m.level, match_score(live)
                    ):
                        g.double()
                        self._emit_records(live, out, by, start)
                        continue
                elif "double" in g.cube_actions() or not play_setting(live, by, "auto_roll"):
                    break  # the player may double (or rolls himself): he acts
                g.roll(live.dice.die(), live.dice.die())
                self._emit_records(live, out, by, start)
            elif g.phase == "move" and g.turn == comp:
                by = g.turn
                g.play(self.computer.choose(g, m.level, match_score(live)))
                self._emit_records(live, out, by, start)
            elif (
                g.phase == "move"
                and not g.pending
                and len(g.legal_plays()) == 1
                and play_setting(live, g.turn, "auto_play")
            ):
                by = g.turn
                g.play(g.legal_plays()[0])  # a forced play, made for him
                self._emit_records(live, out, by, start)
            elif g.phase == "cube" and g.to_act == comp:
                answer = self.computer.answer_double(g, m.level, match_score(live))
                {"take": g.take, "beaver": g.beaver, "pass": g.drop}[answer]()
                self._emit_records(live, out, comp, start)
            elif g.phase == "resign" and g.to_act == comp:
                if self.computer.accepts_resignation(g, m.level, match_score(live)):
                    g.accept()
                else:
                    higher = self.computer.acceptable_levels(g, m.level, match_score(live))
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

    def next_game(self, live: LiveGame, out: list[Event]) -> None:
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
        self.advance(live, out)

    def ask_next_game(self, live: LiveGame, role: Role, out: list[Event]) -> None:
        """``role`` asks for the match's next game. Between two people it starts once
        both asked (or ``NEXT_GAME_WAIT`` after the first: ``start_due_game``): the other
        may still be reading the result, and his clock would run. Against the computer
        or on one device it starts at once. Asking twice changes nothing."""
        people = role in ("white", "black") and live.meta.computer_color is None
        if not people or other(role) in live.ready:  # type: ignore[arg-type]
            self.next_game(live, out)
        elif role not in live.ready:
            at = self.clock().isoformat()
            live.ready[role] = at
            out.append({"kind": "ready", "by": role, "data": {"at": at}})

    @staticmethod
    def next_game_is_due(live: LiveGame, now: datetime) -> bool:
        """Whether the next game one player asked for starts now without the other."""
        starts = live.next_game_at()
        return starts is not None and now >= starts

    def start_due_game(self, live: LiveGame, now: datetime, out: list[Event]) -> None:
        """Start the next game a player asked for when it has waited long enough."""
        if self.next_game_is_due(live, now):
            self.next_game(live, out)

    def apply(self, live: LiveGame, role: Role, action: Any, out: list[Event]) -> None:
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
            self.ask_next_game(live, role, out)
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
        self.advance(live, out)

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
            if rec.get("type") in OFFER_RECORDS and actor is not None:
                live.note(rec, actor)  # type: ignore[arg-type]
            out.append({"kind": "record", "by": actor, "data": data})

    @staticmethod
    def flag_is_due(live: LiveGame, now: datetime) -> bool:
        """Whether the player on the clock is past his deadline at ``now``."""
        m = live.meta
        if m.clock is None or live.game is None or live.finished or m.status == "over":
            return False
        due = clocks.deadline(m.clock)
        return due is not None and now >= due

    def flag_due(self, live: LiveGame, now: datetime, out: list[Event]) -> None:
        """End the match if the player on the clock is past his deadline: he loses on
        time (``nardy.server.clocks``: the match, or a money game as a single game at
        the cube's value)."""
        m = live.meta
        g = live.game
        if g is None or not self.flag_is_due(live, now):
            return
        assert m.clock is not None
        loser_side = m.clock["actor"]
        side_winner = "opponent" if loser_side == "creator" else "creator"
        self._end_against(live, g.to_act, side_winner, "time", out)

    def forfeit(self, live: LiveGame, loser_id: int | None, reason: str, out: list[Event]) -> None:
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
        # A rated match that ends so before its loser made a single decision is not
        # rated (lichess's "aborted"): a no-show gives no one rating points, and
        # points cannot be farmed from an account that only ever lets its time run.
        if m.rated and len(live.match.games) == 1 and loser not in live.acted:
            live.flag["unrated"] = True
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
                    **({"unrated": True} if live.flag.get("unrated") else {}),
                },
            }
        )
