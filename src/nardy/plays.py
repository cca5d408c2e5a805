"""Checker moves and plays: value types, play text (RULES.md G-4) and legal plays."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from nardy.errors import AmbiguousMoveError, IllegalMoveError, MalformedError
from nardy.movegen import Candidate, result_position, segment_candidates
from nardy.position import BAR, OFF, Position
from nardy.variants.base import Variant


def point_text(p: int) -> str:
    """A point as the play texts write it: ``bar``, ``off`` or its number."""
    return "bar" if p == BAR else "off" if p == OFF else str(p)


@dataclass(frozen=True, slots=True, order=True)
class Move:
    """One checker moving ``frm`` → ``to`` (25 = bar, 0 = off); ``hit`` marks a hit."""

    frm: int
    to: int
    hit: bool = False

    def __str__(self) -> str:
        return f"{point_text(self.frm)}/{point_text(self.to)}{'*' if self.hit else ''}"

    def __repr__(self) -> str:
        return f"Move({self.frm}, {self.to}{', True' if self.hit else ''})"

    @property
    def pips(self) -> int:
        """Distance travelled (bearing off counts to point 0)."""
        return self.frm - self.to


@dataclass(frozen=True, slots=True)
class Play:
    """A whole turn's checker moves, in the order they were made, and the position after."""

    moves: tuple[Move, ...]
    result: Position | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return format_moves(self.moves)

    def __repr__(self) -> str:
        return f"Play.from_text({str(self)!r})"

    @property
    def after(self) -> Position:
        """The position after this play: plays resolved against a position
        (:func:`legal_plays`) carry it; one only parsed from text has none."""
        if self.result is None:
            raise ValueError(f"{self}: a play parsed from text has no resulting position")
        return self.result

    @property
    def text(self) -> str:
        """Canonical play text, e.g. ``24/18 13/11*``."""
        return str(self)

    @classmethod
    def from_text(cls, text: str) -> Play:
        """Parse play text (without resolving it against a position)."""
        return cls(parse_moves(text))

    @property
    def hits(self) -> int:
        """Number of opposing checkers this play hits."""
        return sum(m.hit for m in self.moves)


# -- formatting -------------------------------------------------------------------


def moved(position: Position, moves: Sequence[Move], mapping: Sequence[int]) -> Position:
    """``position`` with ``moves`` made, turn not passed (the mover's view): a turn's
    single steps so far. ``mapping`` turns a point of the mover into the opponent's
    numbering (``Variant.mapping``), where a hit checker is taken from."""
    mine, theirs = list(position.mine), list(position.theirs)
    for m in moves:
        mine[m.frm] -= 1
        mine[m.to] += 1
        if m.hit:
            theirs[mapping[m.to]] -= 1
            theirs[BAR] += 1
    return Position(
        tuple(mine), tuple(theirs), position.turn, position.mine_first, position.theirs_first
    )


def format_moves(moves: Sequence[Move]) -> str:
    """Canonical text as gnubg writes it: highest source first, the moves of one
    checker joined into one step (``24/13``; a hit on the way shown ``13/7*/5``),
    repeated steps counted (``8/5(2)``), a hit marked once, on the first step written
    that lands on the hit point (``6/2*(2)``, ``8/5* 6/5``); an empty play is ``-``."""
    if not moves:
        return "-"
    hit_points = {m.to for m in moves if m.hit}
    pending = sorted(moves, key=lambda m: (-m.frm, -m.to))
    chains: list[list[int]] = []
    while pending:
        first = pending.pop(0)
        path = [first.frm, first.to]
        while True:
            nxt = next((m for m in pending if m.frm == path[-1] and m.frm != OFF), None)
            if nxt is None:
                break
            pending.remove(nxt)
            path.append(nxt.to)
        chains.append(path)
    counts: dict[tuple[int, ...], int] = {}
    for path in chains:
        # keep the start, the end and the points where a hit happened on the way
        key = tuple(p for i, p in enumerate(path) if i in (0, len(path) - 1) or p in hit_points)
        counts[key] = counts.get(key, 0) + 1
    starred: set[int] = set()
    out: list[str] = []
    for key, n in counts.items():
        parts = [point_text(key[0])]
        for p in key[1:]:
            mark = "*" if p in hit_points and p not in starred else ""
            if mark:
                starred.add(p)
            parts.append(point_text(p) + mark)
        text = "/".join(parts)
        out.append(text if n == 1 else f"{text}({n})")
    return " ".join(out)


# -- parsing ----------------------------------------------------------------------

_STEP = re.compile(r"^(?P<path>[^()]+?)(?:\((?P<n>\d)\))?$")
_POINT = re.compile(r"^(?P<p>bar|off|b|o|\d{1,2})(?P<hit>\*?)$")


def _parse_point(tok: str, *, first: bool, step: str) -> tuple[int, bool]:
    m = _POINT.match(tok)
    if not m:
        raise MalformedError("play-bad-point", step=repr(step), token=repr(tok))
    p = m["p"]
    hit = bool(m["hit"])
    if p in ("bar", "b"):
        if not first:
            raise MalformedError("play-bar-not-first", step=repr(step))
        return BAR, hit
    if p in ("off", "o"):
        if first:
            raise MalformedError("play-from-off", step=repr(step))
        return OFF, hit
    n = int(p)
    if first and n == 25:
        return BAR, hit
    if not first and n == 0:
        return OFF, hit
    if not 1 <= n <= 24:
        raise MalformedError("play-point-range", step=repr(step), point=n)
    return n, hit


def parse_moves(text: str) -> tuple[Move, ...]:
    """Parse play text into moves; hops (``13/7*/5``) become one move per hop.

    Accepts ``bar``/``off`` or ``25``/``0``, any spacing, commas, ``-`` for separators
    inside a step (``24-18``) and ``(n)`` repeats. Raises ``MalformedError``.
    """
    if not isinstance(text, str):
        raise MalformedError("play-not-text", kind=type(text).__name__)
    cleaned = text.strip().lower().replace(",", " ")
    if cleaned in ("-", "", "pass", "нет хода"):
        if cleaned == "":
            raise MalformedError("play-empty")
        return ()
    moves: list[Move] = []
    for step in cleaned.split():
        m = _STEP.match(step)
        if not m:
            raise MalformedError("play-bad-step", step=repr(step))
        toks = re.split(r"[/-]", m["path"])
        if len(toks) < 2 or any(t == "" for t in toks):
            raise MalformedError("play-no-slash", step=repr(step))
        points = [_parse_point(tok, first=i == 0, step=step) for i, tok in enumerate(toks)]
        if points[0][1]:
            raise MalformedError("play-hit-at-start", step=repr(step))
        hops: list[Move] = []
        for (a, _), (b, hit) in zip(points, points[1:], strict=False):
            if a == OFF:
                raise MalformedError("play-after-off", step=repr(step))
            if b >= a:
                raise MalformedError("play-backwards", step=repr(step))
            if b == OFF and hit:
                raise MalformedError("play-off-hit", step=repr(step))
            hops.append(Move(a, b, hit))
        repeat = int(m["n"]) if m["n"] else 1
        if not 1 <= repeat <= 4:
            raise MalformedError("play-repeat", step=repr(step))
        moves.extend(hops * repeat)
    return tuple(moves)


# -- legal plays ------------------------------------------------------------------


def _to_play(variant: Variant, position: Position, cand: Candidate) -> Play:
    moves = tuple(Move(s, t, h) for s, t, h in cand.moves)
    return Play(moves, result_position(variant, position, cand))


class LegalPlays(Sequence[Play]):
    """The legal plays of a roll: a sequence supporting ``in`` with play text.

    ``dice`` is a roll of two dice (a double means four moves) or, for the turn
    segments of the long-nardy variants, any other list of dice; ``explicit=True``
    takes even two equal dice as exactly two moves.
    """

    def __init__(
        self,
        variant: Variant,
        position: Position,
        dice: Sequence[int],
        *,
        explicit: bool = False,
    ) -> None:
        self.variant = variant
        self.position = position
        self.dice = tuple(dice)
        self.moves_dice: tuple[int, ...]
        if not explicit and len(self.dice) == 2 and self.dice[0] == self.dice[1]:
            self.moves_dice = self.dice * 2
        else:
            self.moves_dice = self.dice
        self._cands = segment_candidates(variant, position, self.moves_dice)
        self._built: list[Play | None] = [None] * len(self._cands)

    def _play(self, i: int) -> Play:
        play = self._built[i]
        if play is None:
            play = self._built[i] = _to_play(self.variant, self.position, self._cands[i])
        return play

    @property
    def _plays(self) -> list[Play]:
        return [self._play(i) for i in range(len(self._cands))]

    def __len__(self) -> int:
        return len(self._cands)

    @overload
    def __getitem__(self, i: int) -> Play: ...

    @overload
    def __getitem__(self, i: slice) -> list[Play]: ...

    def __getitem__(self, i: int | slice) -> Play | list[Play]:
        if isinstance(i, slice):
            return [self._play(j) for j in range(len(self._cands))[i]]
        return self._play(range(len(self._cands))[i])

    def __iter__(self) -> Iterator[Play]:
        return (self._play(i) for i in range(len(self._cands)))

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                self.find(item)
            except IllegalMoveError:
                return False
            return True
        return any(item == p for p in self._plays)

    def __repr__(self) -> str:
        return f"<LegalPlays {self.dice_text}: {', '.join(map(str, self))}>"

    def owns(self, play: Play) -> bool:
        """Is ``play`` itself one of these plays (the very object handed out)?"""
        return any(play is p for p in self._built)

    @property
    def dice_text(self) -> str:
        """The dice as players write them: ``6-5``, ``3-3``, ``4-4-5-5``."""
        return "-".join(map(str, self.dice))

    @property
    def must_pass(self) -> bool:
        """True when nothing at all can be played (the turn passes)."""
        return not self._cands

    def find(self, text: str | Sequence[Move]) -> Play:
        """The legal play meant by ``text`` (non-canonical text accepted).

        Raises ``MalformedError`` for unreadable text, ``IllegalMoveError`` when no
        legal play matches and ``AmbiguousMoveError`` when several do.
        """
        moves = parse_moves(text) if isinstance(text, str) else tuple(text)
        after = list(self.position.mine)
        for m in moves:
            after[m.frm] -= 1
            after[m.to] += 1
        if min(after) < 0:
            raise IllegalMoveError(
                "no-checker-on",
                play=format_moves(moves),
                points=", ".join(point_text(i) for i, n in enumerate(after) if n < 0),
            )
        target = tuple(after)
        matches = [
            _to_play(self.variant, self.position, c) for c in self._cands if c.mine == target
        ]
        if len(matches) > 1:
            matches = _narrow_by_hits(matches, moves)
        if not matches:
            raise self._illegal(moves)
        if len(matches) > 1:
            options = " | ".join(str(p) for p in matches)
            raise AmbiguousMoveError("play-ambiguous", play=format_moves(moves), options=options)
        return matches[0]

    def _illegal(self, moves: Sequence[Move]) -> IllegalMoveError:
        shown = format_moves(moves)
        if self.must_pass:
            return IllegalMoveError("play-no-move", play=shown, dice=self.dice_text)
        legal = ", ".join(str(p) for p in self._plays[:12])
        if len(self._plays) > 12:
            legal += f" … ({len(self._plays)})"
        return IllegalMoveError("play-illegal", play=shown, dice=self.dice_text, legal=legal)


def _narrow_by_hits(plays: list[Play], moves: Sequence[Move]) -> list[Play]:
    """Among plays with the same checker placement, keep those whose hits fit the text:
    every hit the text marks happens, and no hit happens on a point the text skips."""
    named = {m.to for m in moves if m.hit}
    landing = {m.to for m in moves}

    def hit_points(p: Play) -> set[int]:
        return {m.to for m in p.moves if m.hit}

    fitting = [p for p in plays if named <= hit_points(p) <= landing | named]
    exact = [p for p in fitting if hit_points(p) == named]
    return exact or fitting or plays


def legal_plays(variant: Variant, position: Position, dice: Sequence[int]) -> LegalPlays:
    """All distinct legal plays of ``dice`` in ``position`` (one per resulting position).
    Two dice are a roll (a double gives four moves); other lists are used as given.

    When nothing can be played the result is empty (the turn passes).
    """
    return LegalPlays(variant, position, dice)
