"""A game as a setup plus a log of records; its state is derived by replay.

Records are plain JSON-ready dicts::

    {"type": "setup", "variant": "long", "options": {...}, "position": {...}?}
    {"type": "opening", "white": 5, "black": 3}      # the toss (G-5); ties repeat it
    {"type": "roll", "dice": [6, 5]}
    {"type": "play", "play": "24/13"}                # canonical play text
    {"type": "double"} {"type": "take"} {"type": "pass"} {"type": "beaver"}  # C-3
    {"type": "resign", "level": 2, "by"?: "black"} {"type": "accept"} {"type": "reject"}

A turn is data: a roll becomes a queue of **segments** — lists of dice owned by a side
(a plain roll is one segment; the long-nardy variants of RULES.md §5 add the higher
doubles of a crazy sequence, and moves passed to the opponent). Each segment is played
by one ``play`` record; a segment with nothing to play passes by itself (no record).
Checker moves inside a segment can be made one at a time and taken back (G-12) until
it is confirmed; only the confirmed play is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from nardy.cube import Cube, CubeRules
from nardy.dice import ROLLS, DiceSource, RandomDice
from nardy.errors import IllegalMoveError, MalformedError, NardyError
from nardy.movegen import next_steps
from nardy.notation.position_json import position_from_json, position_to_json
from nardy.outcome import (
    Outcome,
    check_resign_level,
    draw,
    dropped,
    frozen,
    resignation,
    score_game,
)
from nardy.plays import LegalPlays, Move, Play, format_moves, moved
from nardy.position import CHECKERS, OFF, WHITE, Color, Position, other
from nardy.step_reasons import source_reason, step_reason
from nardy.variants import Variant, find_variant

Phase = Literal["opening", "roll", "move", "cube", "resign", "over"]


class GameError(IllegalMoveError):
    """An action that is not allowed in the game's current phase."""


class ReplayError(NardyError):
    """A record in a game log that cannot be applied; ``index`` is its position."""

    def __init__(self, index: int, record: Any, reason: NardyError) -> None:
        super().__init__("replay-record", index=index, reason=reason, record=repr(record))
        self.code = reason.code  # the specific code is the reason's; the text adds where
        self.index = index
        self.record = record
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Segment:
    """Dice one side must play now: ``kind`` is "roll", "sequence" (a higher double of
    a crazy sequence) or "passed" (moves the opponent could not make); ``last`` ends a
    crazy sequence after this double (V-CGUL)."""

    owner: Color
    dice: tuple[int, ...]
    kind: str = "roll"
    last: bool = False

    @property
    def is_double(self) -> bool:
        """A double of the roll or of a sequence (not passed moves)."""
        return self.kind != "passed" and len(set(self.dice)) == 1 and len(self.dice) > 1


@dataclass(frozen=True, slots=True)
class Turn:
    """One finished segment: who, its dice and the play (empty when nothing could move),
    and its kind (``Segment.kind``: a "roll", a crazy "sequence"'s higher double, or
    "passed" moves the opponent could not play)."""

    color: Color
    dice: tuple[int, ...]
    play: Play
    kind: str = "roll"


class Game:
    """One game of any variant, driven by actions that are validated and recorded."""

    def __init__(
        self,
        variant: Variant | str = "short",
        *,
        position: Position | None = None,
        dice: DiceSource | None = None,
        cube: Cube | CubeRules | None = None,
    ) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        self.dice_source: DiceSource = dice if dice is not None else RandomDice()
        setup: dict[str, Any] = {
            "type": "setup",
            "variant": self.variant.name,
            "options": self.variant.options(),
        }
        if position is not None:
            self.variant.validate(position)
            setup["position"] = position_to_json(position)
            self.position = position
            self.phase: Phase = "over" if position.is_over() else "roll"
        else:
            self.position = self.variant.start_position()
            self.phase = "opening"
        self.records: list[dict[str, Any]] = [setup]
        self.dice: tuple[int, int] | None = None  # the current roll
        self.segment: Segment | None = None  # the dice being played now
        self.queue: list[Segment] = []
        self.passed: list[int] = []  # moves to hand to the roller's opponent
        self.roller: Color | None = None
        self.reroll = False
        self._moved_this_roll = False
        self._first_held = False  # a passed segment hides the first-turn flag
        self.starter: Color | None = None if position is None else position.turn
        self.outcome: Outcome | None = None
        self.turns: list[Turn] = []
        self.last_roll = False  # L-DRAW: the second mover's final roll is being played
        self._legal: LegalPlays | None = None
        self.pending: list[Move] = []
        self._pending_dice: list[int] = []
        self.cube, cube_json = _initial_cube(self.variant, cube)
        if cube_json is not None:
            setup["cube"] = cube_json
        self.resign_offer: int | None = None  # a resignation level awaiting an answer
        self.resign_by: Color | None = None
        self.refused: dict[Color, int] = {}  # the highest level refused, per offering side
        self._phase_before_offer: Phase = "roll"

    @property
    def turn(self) -> Color:
        """The colour to act now."""
        return self.position.turn

    # -- queries ---------------------------------------------------------------
    def legal_plays(self) -> LegalPlays:
        """The legal plays of the current roll (phase ``move``)."""
        self._need("move")
        assert self._legal is not None
        return self._legal

    @property
    def pending_position(self) -> Position:
        """The board after the checker moves made so far this turn (mover's view)."""
        return moved(self.position, self.pending, self.variant.mapping)

    def legal_steps(self) -> list[Move]:
        """Single checker moves that may be made next in this turn."""
        self._need("move")
        steps = {raw for raw, _ in self._next_steps()}
        return sorted((Move(*s) for s in steps), reverse=True)

    def steps_after(self, moves: Sequence[tuple[Move, int]]) -> list[tuple[Move, int]]:
        """The single checker moves that may follow this turn's moves so far and then
        ``moves`` (each with its die), without making any: each with the die ``move``
        would use for it (the smallest that does it). Walking the rest of a turn this
        way costs one move generation a step, making and undoing the moves two."""
        self._need("move")
        done = self._done() + [((m.frm, m.to, m.hit), d) for m, d in moves]
        assert self.segment is not None
        least: dict[tuple[int, int, bool], int] = {}
        for raw, die in next_steps(self.variant, self.position, self.segment.dice, done):
            if raw not in least or die < least[raw]:
                least[raw] = die
        return sorted(((Move(*raw), die) for raw, die in least.items()), reverse=True)

    def playable_dice(self) -> set[int]:
        """The dice left that some next single move may use. A move two dice can make
        counts for both (``steps_after`` names only the smaller): bearing off from 4 and 3
        with 6-5, the 6 is played though every step's smallest die is the 5."""
        self._need("move")
        assert self.segment is not None
        done = self._done()
        return {die for _, die in next_steps(self.variant, self.position, self.segment.dice, done)}

    @property
    def dice_left(self) -> list[int]:
        """The dice of the segment being played that this turn's checker moves have not
        used yet (the web board dims the used ones)."""
        if self.segment is None or self.phase != "move":
            return []
        left = list(self.segment.dice)
        for die in self._pending_dice:
            left.remove(die)
        return left

    @property
    def turn_complete(self) -> bool:
        """True when the checker moves made so far form a whole legal play."""
        if self.phase != "move" or self._legal is None:
            return False
        mine = self.pending_position.mine
        n = len(self.pending)
        return any(c.mine == mine and len(c.dice) == n for c in self._legal._cands)

    # -- actions ---------------------------------------------------------------
    def opening(self, white: int | None = None, black: int | None = None) -> None:
        """The opening toss (G-5): each side rolls one die; equal dice toss again.

        In long nardy the toss winner plays white: dice rolled here go to the sides that
        way, and dice given explicitly must show white's die the higher.
        """
        self._need("opening")
        w = self.dice_source.die() if white is None else white
        b = self.dice_source.die() if black is None else black
        for d in (w, b):
            _check_die(d)
        if self.variant.family == "long" and white is None and black is None:
            w, b = max(w, b), min(w, b)  # the toss winner takes white
        if self.variant.family == "long" and w < b:
            raise GameError("in long nardy the toss winner plays white: white's die is higher")
        self.records.append({"type": "opening", "white": w, "black": b})
        if w == b:
            return
        self.starter = WHITE if w > b else other(WHITE)
        self._orient(self.starter)
        if self.variant.family == "short" or self.variant.opening == "use-toss":
            self._start_roll((max(w, b), min(w, b)))
        else:
            self.phase = "roll"

    def roll(self, d1: int | None = None, d2: int | None = None) -> tuple[int, int]:
        """Roll for the side to move; a roll with no legal play passes the turn."""
        self._need("roll")
        a = self.dice_source.die() if d1 is None else d1
        b = self.dice_source.die() if d2 is None else d2
        _check_die(a)
        _check_die(b)
        self.records.append({"type": "roll", "dice": [a, b]})
        self._start_roll((a, b))
        return a, b

    def play(self, play: str | Play | Sequence[Move]) -> Play:
        """Play a whole turn given as text, a ``Play`` or moves; returns the legal play."""
        self._need("move")
        legal = self.legal_plays()
        if isinstance(play, Play):
            # a Play taken from legal_plays() is used as it is
            chosen = play if legal.owns(play) else legal.find(play.moves)
        else:
            chosen = legal.find(play)
        self._finish_turn(chosen)
        return chosen

    def move(self, frm: int, to: int) -> Move:
        """Make one checker move of this turn (possibly several dice: ``24/13``)."""
        self._need("move")
        path = self._hop_path(frm, to)
        if path is None:
            assert self.segment is not None  # (phase "move")
            reason = step_reason(
                self.variant,
                self.position,
                self.pending_position,
                [m.frm for m in self.pending],
                self.segment.dice,
                self.dice_left,
                frm,
                to,
            )
            shown = format_moves([Move(frm, to)]) if 0 <= to < frm <= 25 else f"{frm}/{to}"
            raise reason or IllegalMoveError("step-illegal", move=shown)
        for step, die in path:
            self.pending.append(step)
            self._pending_dice.append(die)
        return Move(frm, to, any(m.hit for m, _ in path))

    def stuck_reason(self, frm: int) -> IllegalMoveError | None:
        """Why no checker on ``frm`` may move now (phase "move"), where one rule surely
        decides it (``nardy.step_reasons.source_reason``); None otherwise."""
        self._need("move")
        assert self.segment is not None
        return source_reason(
            self.variant,
            self.position,
            self.pending_position,
            [m.frm for m in self.pending],
            self.segment.dice,
            frm,
        )

    def undo(self) -> Move:
        """Take back the last checker move of this turn."""
        self._need("move")
        if not self.pending:
            raise GameError("nothing-to-undo")
        self._pending_dice.pop()
        return self.pending.pop()

    def confirm(self) -> Play:
        """Finish the turn with the checker moves made so far."""
        self._need("move")
        if not self.turn_complete:
            left = self.legal_steps()
            hint = ", ".join(map(str, left[:8]))
            raise IllegalMoveError("play-not-finished", steps=hint)
        return self.play(tuple(self.pending))

    # -- cube and resignations (RULES.md C-1, C-3) --------------------------------
    @property
    def to_act(self) -> Color:
        """The colour that must act now: the side on roll, or the side answering a
        double or a resignation offer."""
        if self.phase == "cube" and self.cube.offered_by is not None:
            return other(self.cube.offered_by)
        if self.phase == "resign" and self.resign_by is not None:
            return other(self.resign_by)
        return self.position.turn

    def why_no_double(self) -> GameError | None:
        """Why the side on roll may not double now (the error ``double`` would raise),
        or None when it may (C-3, C-4)."""
        if self.phase != "roll":
            return GameError("double-before-roll")
        if self.last_roll:
            return GameError("double-last-roll")
        if self.roller is not None and self.roller == self.position.turn:
            return GameError("double-turn-not-over")
        refusal = self.cube.may_double(self.position.turn)
        return None if refusal is None else GameError(refusal.code, **refusal.params)

    def cube_actions(self) -> list[str]:
        """Cube actions open now: "double" before a roll; "take", "pass" and perhaps
        "beaver" for the side answering a double."""
        if self.phase == "cube":
            return self.cube.actions(self.to_act)
        return ["double"] if self.why_no_double() is None else []

    def double(self) -> None:
        """The side on roll offers to double the stakes (before rolling)."""
        refusal = self.why_no_double()
        if refusal is not None:
            raise refusal
        self.cube = self.cube.double(self.position.turn)
        self.records.append({"type": "double"})
        self.phase = "cube"

    def take(self) -> None:
        """Accept the double: the cube goes up and belongs to the taker."""
        self._need("cube")
        self.cube = self.cube.take()
        self.records.append({"type": "take"})
        self.phase = "roll"

    def beaver(self) -> None:
        """Accept the double and redouble at once, keeping the cube (money play)."""
        self._need("cube")
        self.cube = self.cube.beaver()
        self.records.append({"type": "beaver"})
        self.phase = "roll"

    def drop(self) -> Outcome:
        """Refuse the double (record ``pass``): the doubler wins at the cube before it."""
        self._need("cube")
        winner, value = self.cube.drop()
        self.cube = replace(self.cube, offered_by=None)
        self.records.append({"type": "pass"})
        self.phase = "over"
        self.outcome = dropped(self.variant, winner, value)
        return self.outcome

    def resign(self, level: int, by: Color | None = None) -> None:
        """Offer to resign at ``level`` (1 single, 2 gammon/mars, 3 backgammon/koks, …
        the variant's tiers); ``by`` defaults to the side on roll."""
        if self.phase not in ("opening", "roll", "move"):
            raise GameError("resign-during-play")
        check_resign_level(self.variant, level)
        who = self.position.turn if by is None else by
        if who not in ("white", "black"):
            raise MalformedError("record-resign-by", who=repr(who))
        record: dict[str, Any] = {"type": "resign", "level": level}
        if who != self.position.turn:
            record["by"] = who
        self.records.append(record)
        self.resign_offer, self.resign_by = level, who
        self._phase_before_offer = self.phase
        self.phase = "resign"

    def accept(self) -> Outcome:
        """Accept the resignation offer: the game ends at its level times the cube."""
        self._need("resign")
        assert self.resign_by is not None and self.resign_offer is not None
        loser_side = self.position.side(self.resign_by)
        outcome = resignation(
            self.variant,
            other(self.resign_by),
            self.resign_offer,
            loser_side,
            gammons=self.cube.gammons_count,
        )
        self.records.append({"type": "accept"})
        self.phase = "over"
        self.outcome = outcome.with_cube(self.cube.value)
        return self.outcome

    def reject(self) -> None:
        """Refuse the resignation offer: play goes on where it stopped."""
        self._need("resign")
        self.records.append({"type": "reject"})
        assert self.resign_by is not None and self.resign_offer is not None
        self.refused[self.resign_by] = max(self.refused.get(self.resign_by, 0), self.resign_offer)
        self.resign_offer = self.resign_by = None
        self.phase = self._phase_before_offer

    def _apply_offer(self, kind: str, record: dict[str, Any]) -> None:
        if kind == "resign":
            level = record.get("level")
            if isinstance(level, bool) or not isinstance(level, int):
                raise MalformedError("record-resign-level")
            by = record.get("by")
            if by is not None and by not in ("white", "black"):
                raise MalformedError("record-resign-side")
            self.resign(level, by)
            return
        actions = {
            "double": self.double,
            "take": self.take,
            "pass": self.drop,
            "beaver": self.beaver,
            "accept": self.accept,
            "reject": self.reject,
        }
        actions[kind]()

    def _score(
        self,
        variant: Variant,
        winner_side: tuple[int, ...],
        loser_side: tuple[int, ...],
        winner: Color,
    ) -> Outcome:
        """``score_game`` played for this game's cube (C-1, C-3)."""
        outcome = score_game(
            variant, winner_side, loser_side, winner, gammons=self.cube.gammons_count
        )
        return outcome.with_cube(self.cube.value)

    # -- replay ------------------------------------------------------------------
    @classmethod
    def replay(cls, records: Iterable[dict[str, Any]]) -> Game:
        """Rebuild a game from its records; the first bad record raises ``ReplayError``."""
        it = iter(records)
        try:
            setup = next(it)
        except StopIteration:
            raise ReplayError(0, None, MalformedError("replay-no-setup")) from None
        game = cls._from_setup(setup)
        for i, rec in enumerate(it, start=1):
            try:
                game.apply(rec)
            except NardyError as exc:
                raise ReplayError(i, rec, exc) from exc
        return game

    @classmethod
    def _from_setup(cls, setup: Any) -> Game:
        if not isinstance(setup, dict) or setup.get("type") != "setup":
            raise ReplayError(0, setup, MalformedError("replay-no-setup"))
        try:
            variant = find_variant(setup.get("variant", ""))
            options = setup.get("options", {})
            if not isinstance(options, dict):
                raise MalformedError("record-options")
            variant = variant.with_options(**options)
            position = None
            if "position" in setup:
                position = position_from_json(setup["position"], variant)
            return cls(variant, position=position, cube=_cube_from_setup(setup))
        except NardyError as exc:
            raise ReplayError(0, setup, exc) from exc

    def apply(self, record: dict[str, Any]) -> None:
        """Apply one record (as produced by this class) to the game."""
        if not isinstance(record, dict):
            raise MalformedError("record-not-object")
        kind = record.get("type")
        if kind == "opening":
            self.opening(_int(record, "white"), _int(record, "black"))
        elif kind == "roll":
            dice = record.get("dice")
            if not isinstance(dice, list) or len(dice) != 2:
                raise MalformedError("record-roll-dice")
            self.roll(_die(dice[0]), _die(dice[1]))
        elif kind == "play":
            text = record.get("play")
            if not isinstance(text, str):
                raise MalformedError("record-play-text")
            self.play(text)
        elif kind in OFFER_RECORDS:
            self._apply_offer(kind, record)
        else:
            raise MalformedError("record-unknown-type", kind=repr(kind))

    # -- internals ---------------------------------------------------------------
    def _need(self, phase: Phase) -> None:
        if self.phase != phase:
            codes = {
                "opening": "toss-over",
                "roll": "not-time-to-roll",
                "move": "no-roll-to-play",
                "over": "game-not-over",
                "cube": "no-double-offered",
                "resign": "no-resignation-offered",
            }
            if self.phase == "over":
                raise GameError("game-over")
            raise GameError(codes[phase])

    def _done(self) -> list[tuple[tuple[int, int, bool], int]]:
        """This turn's moves so far, each with its die (``next_steps``'s ``done``)."""
        return [
            ((m.frm, m.to, m.hit), d) for m, d in zip(self.pending, self._pending_dice, strict=True)
        ]

    def _next_steps(self) -> list[tuple[tuple[int, int, bool], int]]:
        assert self.segment is not None
        return next_steps(self.variant, self.position, self.segment.dice, self._done())

    def _hop_path(self, frm: int, to: int) -> list[tuple[Move, int]] | None:
        """The single moves (with dice) that take one checker from ``frm`` to ``to``
        next: one die when one can, else the path trying the smallest die first."""
        steps = sorted(self._next_steps(), key=lambda x: x[1])
        for (s, t, h), d in steps:
            if s == frm and t == to:
                return [(Move(s, t, h), d)]  # one die does it: never a longer path
        for (s, t, h), d in steps:
            if s != frm or t <= to:
                continue
            self.pending.append(Move(s, t, h))
            self._pending_dice.append(d)
            try:
                rest = self._hop_path(t, to)
            finally:
                self.pending.pop()
                self._pending_dice.pop()
            if rest is not None:
                return [(Move(s, t, h), d), *rest]
        return None

    def _orient(self, color: Color) -> None:
        if self.position.turn != color:
            self.position = self.position.swap()

    def _start_roll(self, dice: tuple[int, int]) -> None:
        v = self.variant
        self.dice = dice
        self.roller = self.position.turn
        self.reroll = False
        self._moved_this_roll = False
        self.passed = []
        if dice[0] == dice[1]:
            moves = v.crazy_moves_per_double if v.doubles_sequence else 4
            self.queue = [Segment(self.roller, (dice[0],) * moves)]
        else:
            self.queue = [Segment(self.roller, dice)]
        self._advance()

    def _advance(self) -> None:
        """Start the next segment that has something to play, or end the turn."""
        while self.phase != "over":
            if not self.queue and self.passed:
                # Passed moves are played double by double, in the order they passed.
                assert self.roller is not None
                for value in dict.fromkeys(self.passed):
                    dice = tuple(d for d in self.passed if d == value)
                    self.queue.append(Segment(other(self.roller), dice, "passed"))
                self.passed = []
            if not self.queue:
                self._end_turn()
                return
            seg = self.queue.pop(0)
            self._orient(seg.owner)
            self._first_held = seg.kind == "passed" and self.position.mine_first
            if self._first_held:
                # Passed moves are not the side's first turn (L-HEAD-2 stays for it).
                self.position = self.position.with_flags(False, self.position.theirs_first)
            legal = LegalPlays(self.variant, self.position, seg.dice, explicit=True)
            self.segment = seg
            self._legal = legal
            self.pending = []
            self._pending_dice = []
            if legal:
                self.phase = "move"
                return
            self._segment_done(Play(()))

    def _finish_turn(self, play: Play) -> None:
        """Record the play of the current segment and go on."""
        self.records.append({"type": "play", "play": play.text})
        self._segment_done(play)
        self._advance()

    def _segment_done(self, play: Play) -> None:
        seg = self.segment
        assert seg is not None
        before = self.position
        keep_first = self._first_held
        self._first_held = False
        if play.moves:
            assert play.result is not None
            self.position = play.result
        else:
            self.position = before.swap()
        self.position = self.position.with_flags(before.theirs_first, keep_first)
        self.turns.append(Turn(seg.owner, seg.dice, play, seg.kind))
        self._moved_this_roll = self._moved_this_roll or bool(play.moves)
        self.segment = None
        self._legal = None
        self.pending = []
        self._pending_dice = []
        self.phase = "roll"
        if self._check_finish(seg.owner):
            return
        self._plan_after(seg, play, before)

    def _plan_after(self, seg: Segment, play: Play, before: Position) -> None:
        """What a finished segment adds to the turn (RULES.md §5)."""
        v = self.variant
        if not seg.is_double:
            return
        used = len(play.moves)
        leftover = len(seg.dice) - used
        if leftover and v.pass_unplayed and (used or v.unstartable_double_passes):
            self.passed.extend([seg.dice[0]] * leftover)
        if v.reroll_on_full_double and seg.kind == "roll" and not leftover:
            self.reroll = True
        if not v.doubles_sequence or seg.last or seg.dice[0] == 6:
            return
        after = self.position.theirs  # the owner's side, now seen from the other side
        nxt = Segment(seg.owner, (seg.dice[0] + 1,) * len(seg.dice), "sequence")
        if v.sequence_stops_home and not any(after[7:26]):
            entered_now = any(before.mine[7:26])
            bore_off = any(m.to == 0 for m in play.moves)
            if v.extra_double_on_entry and entered_now and not leftover and not bore_off:
                self.queue.insert(0, Segment(nxt.owner, nxt.dice, "sequence", last=True))
            return
        self.queue.insert(0, nxt)

    def _check_finish(self, mover: Color) -> bool:
        """Game end after a segment; True when the turn stops here."""
        pos = self.position  # from the opponent's view: the mover is ``theirs``
        if pos.theirs[OFF] != CHECKERS:
            return False
        if self.last_roll:
            self.phase = "over"
            self.outcome = draw(self.variant).with_cube(self.cube.value)
            return True
        v = self.variant
        if v.family == "long" and v.last_roll_draw and mover == self.starter:
            self.last_roll = True  # L-DRAW: the second mover rolls once more
            self.queue = []
            self.passed = []
            self.reroll = False
            self.roller = mover
            return True
        self.phase = "over"
        self.outcome = self._score(v, pos.theirs, pos.mine, mover)
        return True

    def _end_turn(self) -> None:
        assert self.roller is not None
        if self.last_roll and self.roller != self.starter:
            # L-DRAW: the second mover's last roll did not bear everything off.
            winner = self.starter
            assert winner is not None
            self._orient(winner)
            self.phase = "over"
            self.outcome = self._score(
                self.variant, self.position.mine, self.position.theirs, winner
            )
            return
        if not self._moved_this_roll and self._frozen():
            self.phase = "over"
            self.outcome = frozen()
            return
        nxt = self.roller if self.reroll else other(self.roller)
        self._orient(nxt)
        self.dice = None
        self.reroll = False
        self.phase = "roll"

    def _frozen(self) -> bool:
        """Can neither side ever move again? Positions where nothing moves never
        change, so no legal play for either side with any of the 21 rolls means the
        game cannot end by bearing off (met in V-CRAZY: a mutual block)."""
        for board in (self.position, self.position.swap()):
            for roll, _ in ROLLS:
                if LegalPlays(self.variant, board, roll):
                    return False
        return True


def _check_die(d: Any) -> None:
    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
        raise MalformedError("record-bad-die", die=repr(d))


def _die(value: Any) -> int:
    _check_die(value)
    return int(value)


def _int(record: dict[str, Any], key: str) -> int:
    if key not in record:
        raise MalformedError("record-needs", field=repr(key))
    return _die(record[key])


#: The records of cube actions and resignations (RULES.md C-3): the move list shows each
#: beside the turns (the club's page and replay, and the review's numbering).
OFFER_RECORDS = ("double", "take", "pass", "beaver", "resign", "accept", "reject")


def _initial_cube(
    variant: Variant, cube: Cube | CubeRules | None
) -> tuple[Cube, dict[str, Any] | None]:
    """The game's starting cube and, when it is not the variant's default, its record."""
    default = Cube(CubeRules.for_variant(variant))
    if cube is None:
        return default, None
    start = Cube(cube) if isinstance(cube, CubeRules) else cube
    if start.offered_by is not None:
        raise MalformedError("record-starts-doubled")
    return start, None if start == default else start.to_json()


def _cube_from_setup(setup: dict[str, Any]) -> Cube | None:
    return Cube.from_json(setup["cube"]) if "cube" in setup else None
