"""A game as a setup plus a log of records; its state is derived by replay.

Records are plain JSON-ready dicts::

    {"type": "setup", "variant": "long", "options": {...}, "position": {...}?}
    {"type": "opening", "white": 5, "black": 3}      # the toss (G-5); ties repeat it
    {"type": "roll", "dice": [6, 5]}
    {"type": "play", "play": "24/13"}                # canonical play text

A roll after which nothing can be played passes the turn by itself (no play record).
Checker moves inside a turn can be made one at a time and taken back (G-12) until
the turn is confirmed; only the confirmed play is recorded.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from nardy.dice import DiceSource, RandomDice
from nardy.errors import IllegalMoveError, MalformedError, NardyError
from nardy.movegen import legal_sequences
from nardy.notation.position_json import position_from_json, position_to_json
from nardy.outcome import Outcome, draw, score_game
from nardy.plays import LegalPlays, Move, Play, format_moves, legal_plays
from nardy.position import CHECKERS, OFF, WHITE, Color, Position, other
from nardy.variants import Variant, find_variant

Phase = Literal["opening", "roll", "move", "over"]


class GameError(IllegalMoveError):
    """An action that is not allowed in the game's current phase."""


class ReplayError(NardyError):
    """A record in a game log that cannot be applied; ``index`` is its position."""

    def __init__(self, index: int, record: Any, reason: str) -> None:
        super().__init__(f"record {index}: {reason} ({record!r})")
        self.index = index
        self.record = record
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Turn:
    """One finished turn: who, the dice and the play (empty when nothing could move)."""

    color: Color
    dice: tuple[int, int]
    play: Play


class Game:
    """One game of any variant, driven by actions that are validated and recorded."""

    def __init__(
        self,
        variant: Variant | str = "short",
        *,
        position: Position | None = None,
        dice: DiceSource | None = None,
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
        self.dice: tuple[int, int] | None = None
        self.starter: Color | None = None if position is None else position.turn
        self.outcome: Outcome | None = None
        self.turns: list[Turn] = []
        self.last_roll = False  # L-DRAW: the second mover's final roll is being played
        self._legal: LegalPlays | None = None
        self._sequences: list[tuple[tuple[int, int, bool], ...]] | None = None
        self.pending: list[Move] = []

    # -- queries ---------------------------------------------------------------
    @property
    def turn(self) -> Color:
        """The colour to act now."""
        return self.position.turn

    def legal_plays(self) -> LegalPlays:
        """The legal plays of the current roll (phase ``move``)."""
        self._need("move")
        assert self._legal is not None
        return self._legal

    @property
    def pending_position(self) -> Position:
        """The board after the checker moves made so far this turn (mover's view)."""
        mine = list(self.position.mine)
        theirs = list(self.position.theirs)
        mapping = self.variant.mapping
        for m in self.pending:
            mine[m.frm] -= 1
            mine[m.to] += 1
            if m.hit:
                theirs[mapping[m.to]] -= 1
                theirs[25] += 1
        return Position(tuple(mine), tuple(theirs), self.position.turn,
                        self.position.mine_first, self.position.theirs_first)

    def legal_steps(self) -> list[Move]:
        """Single checker moves that may be made next in this turn."""
        self._need("move")
        n = len(self.pending)
        done = tuple((m.frm, m.to, m.hit) for m in self.pending)
        steps = {seq[n] for seq in self._seqs() if len(seq) > n and seq[:n] == done}
        return sorted((Move(*s) for s in steps), reverse=True)

    @property
    def turn_complete(self) -> bool:
        """True when the checker moves made so far form a whole legal play."""
        if self.phase != "move":
            return False
        done = tuple((m.frm, m.to, m.hit) for m in self.pending)
        return done in set(self._seqs())

    # -- actions ---------------------------------------------------------------
    def opening(self, white: int | None = None, black: int | None = None) -> None:
        """The opening toss (G-5): each side rolls one die; equal dice toss again.

        In long nardy the toss winner plays white, so white's die must be the higher.
        """
        self._need("opening")
        w = self.dice_source.die() if white is None else white
        b = self.dice_source.die() if black is None else black
        for d in (w, b):
            _check_die(d)
        if self.variant.family == "long" and w < b:
            raise GameError("in long nardy the toss winner plays white: white's die is higher")
        self.records.append({"type": "opening", "white": w, "black": b})
        if w == b:
            return
        self.starter = WHITE if w > b else other(WHITE)
        if self.position.turn != self.starter:
            self.position = self.position.swap()
        if self.variant.family == "short" or self.variant.opening == "use-toss":
            self._start_move((max(w, b), min(w, b)))
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
        self._start_move((a, b))
        return a, b

    def play(self, play: str | Play | Sequence[Move]) -> Play:
        """Play a whole turn given as text, a ``Play`` or moves; returns the legal play."""
        self._need("move")
        legal = self.legal_plays()
        chosen = legal.find(play.moves) if isinstance(play, Play) else legal.find(play)
        self._finish_turn(chosen)
        return chosen

    def move(self, frm: int, to: int) -> Move:
        """Make one checker move of this turn (possibly several dice: ``24/13``)."""
        self._need("move")
        for step in self.legal_steps():
            if step.frm == frm and step.to == to:
                self.pending.append(step)
                return step
        path = self._hop_path(frm, to)
        if path is None:
            shown = format_moves([Move(frm, to)]) if 0 <= to < frm <= 25 else f"{frm}/{to}"
            raise IllegalMoveError(f"{shown} is not a legal move now")
        self.pending.extend(path)
        return Move(frm, to, any(m.hit for m in path))

    def undo(self) -> Move:
        """Take back the last checker move of this turn."""
        self._need("move")
        if not self.pending:
            raise GameError("no checker move to take back this turn")
        return self.pending.pop()

    def confirm(self) -> Play:
        """Finish the turn with the checker moves made so far."""
        self._need("move")
        if not self.turn_complete:
            left = self.legal_steps()
            hint = ", ".join(map(str, left[:8]))
            raise IllegalMoveError(f"the play is not finished; still possible: {hint}")
        return self.play(tuple(self.pending))

    # -- replay ------------------------------------------------------------------
    @classmethod
    def replay(cls, records: Iterable[dict[str, Any]]) -> Game:
        """Rebuild a game from its records; the first bad record raises ``ReplayError``."""
        it = iter(records)
        try:
            setup = next(it)
        except StopIteration:
            raise ReplayError(0, None, "a game record starts with a setup record") from None
        game = cls._from_setup(setup)
        for i, rec in enumerate(it, start=1):
            try:
                game.apply(rec)
            except NardyError as exc:
                raise ReplayError(i, rec, str(exc)) from exc
        return game

    @classmethod
    def _from_setup(cls, setup: Any) -> Game:
        if not isinstance(setup, dict) or setup.get("type") != "setup":
            raise ReplayError(0, setup, "a game record starts with a setup record")
        try:
            variant = find_variant(setup.get("variant", ""))
            options = setup.get("options", {})
            if not isinstance(options, dict):
                raise MalformedError("options must be an object")
            variant = variant.with_options(**options)
            position = None
            if "position" in setup:
                position = position_from_json(setup["position"], variant)
            return cls(variant, position=position)
        except NardyError as exc:
            raise ReplayError(0, setup, str(exc)) from exc

    def apply(self, record: dict[str, Any]) -> None:
        """Apply one record (as produced by this class) to the game."""
        if not isinstance(record, dict):
            raise MalformedError("a record is an object with a 'type'")
        kind = record.get("type")
        if kind == "opening":
            self.opening(_int(record, "white"), _int(record, "black"))
        elif kind == "roll":
            dice = record.get("dice")
            if not isinstance(dice, list) or len(dice) != 2:
                raise MalformedError("a roll record has 'dice': [d1, d2]")
            self.roll(_die(dice[0]), _die(dice[1]))
        elif kind == "play":
            text = record.get("play")
            if not isinstance(text, str):
                raise MalformedError("a play record has 'play': text")
            self.play(text)
        else:
            raise MalformedError(f"unknown record type {kind!r}")

    # -- internals ---------------------------------------------------------------
    def _need(self, phase: Phase) -> None:
        if self.phase != phase:
            messages = {
                "opening": "the opening toss is over",
                "roll": "it is not time to roll",
                "move": "there is no roll to play now",
                "over": "the game is not over",
            }
            if self.phase == "over":
                raise GameError("the game is over")
            raise GameError(messages[phase])

    def _seqs(self) -> list[tuple[tuple[int, int, bool], ...]]:
        if self._sequences is None:
            assert self.dice is not None
            self._sequences = legal_sequences(
                self.variant, self.position, self.dice[0], self.dice[1]
            )
        return self._sequences

    def _hop_path(self, frm: int, to: int) -> list[Move] | None:
        n = len(self.pending)
        done = tuple((m.frm, m.to, m.hit) for m in self.pending)
        for seq in self._seqs():
            if seq[:n] != done:
                continue
            path: list[Move] = []
            at = frm
            for s, t, h in seq[n:]:
                if s != at:
                    break
                path.append(Move(s, t, h))
                at = t
                if at == to:
                    return path
        return None

    def _start_move(self, dice: tuple[int, int]) -> None:
        self.dice = dice
        self._legal = legal_plays(self.variant, self.position, dice)
        self._sequences = None
        self.pending = []
        self.phase = "move"
        if self._legal.must_pass:
            self._finish_turn(Play(()))

    def _finish_turn(self, play: Play) -> None:
        assert self.dice is not None
        mover = self.position.turn
        if play.moves:
            self.records.append({"type": "play", "play": play.text})
            assert play.result is not None
            after = play.result
        else:
            after = self.position.swap().with_flags(self.position.theirs_first, False)
        self.turns.append(Turn(mover, self.dice, play))
        self.position = after
        self.dice = None
        self._legal = None
        self._sequences = None
        self.pending = []
        self.phase = "roll"
        self._check_end(mover)

    def _check_end(self, mover: Color) -> None:
        pos = self.position  # now from the opponent's view: mover is ``theirs``
        mover_side, other_side = pos.theirs, pos.mine
        if self.last_roll:
            self.phase = "over"
            if mover_side[OFF] == CHECKERS:
                self.outcome = draw(self.variant)
            else:
                self.outcome = score_game(self.variant, other_side, mover_side, other(mover))
            return
        if mover_side[OFF] != CHECKERS:
            return
        if (
            self.variant.family == "long"
            and self.variant.last_roll_draw
            and mover == self.starter
        ):
            self.last_roll = True  # L-DRAW: the second mover rolls once more
            return
        self.phase = "over"
        self.outcome = score_game(self.variant, mover_side, other_side, mover)


def _check_die(d: Any) -> None:
    if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
        raise MalformedError(f"a die shows 1..6, not {d!r}")


def _die(value: Any) -> int:
    _check_die(value)
    return int(value)


def _int(record: dict[str, Any], key: str) -> int:
    if key not in record:
        raise MalformedError(f"record needs {key!r}")
    return _die(record[key])
