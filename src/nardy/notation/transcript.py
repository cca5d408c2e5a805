"""A match as a list of actions per game: the common ground of the text formats.

Backgammon files (.mat, SGF) describe a game as who did what — rolled 5-2 and played
``13/8 13/11``, doubled, took, won 2 points — without the record details of
``nardy.game``. ``build_match`` turns such actions into a real ``Match`` (every move
checked by the rules engine, every declared score and result compared with the one
the engine computes); ``game_actions`` goes the other way.

What the text formats cannot say is not written: a tied opening toss, a resignation
that was refused, dice rolled just before a resignation, and the level of a
resignation that scored less than offered because gammons did not count (C-3
``gammons_with_cube``, Jacoby) — the points are kept, so it reads back as a lower level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nardy.cube import CubeRules
from nardy.errors import IllegalMoveError, MalformedError, NardyError
from nardy.game import Game
from nardy.i18n import MESSAGES, Words, words
from nardy.match import Match
from nardy.plays import Move, Play, format_moves
from nardy.position import BAR, BLACK, OFF, WHITE, Color, other
from nardy.variants import Variant


class FormatError(MalformedError):
    """A file that cannot be read; ``line`` and ``column`` (1-based) say where, and
    ``reason`` (an error with its own code, which this one takes) says what."""

    def __init__(self, line: int, column: int | None, reason: NardyError, source: str = "") -> None:
        place = f"{source}, " if source else ""
        if column:
            super().__init__(
                "file-line-column", source=place, line=line, column=column, reason=reason
            )
        else:
            super().__init__("file-line", source=place, line=line, reason=reason)
        self.code = reason.code  # the specific code is the reason's; the text adds where
        self.line = line
        self.column = column
        self.reason = reason


@dataclass
class Action:
    """One thing a player did: ``kind`` is "play" (``dice`` and ``moves`` in the
    mover's numbering; no moves when nothing could be played), "double", "take",
    "drop", "beaver" or "win" (``points`` won; ``resigned`` True when the file says
    the loser resigned, None when it does not say)."""

    color: Color
    kind: str
    dice: tuple[int, int] | None = None
    moves: tuple[Move, ...] = ()
    points: float = 0
    resigned: bool | None = None
    line: int = 0
    column: int | None = None


@dataclass
class GameText:
    """One game of a file: its actions and what the file declares about it."""

    actions: list[Action] = field(default_factory=list)
    line: int = 0
    score: tuple[float, float] | None = None  # (player 0, player 1) before the game
    crawford: bool | None = None


# -- building a match --------------------------------------------------------------------


def build_match(
    variant: Variant,
    length: int,
    games: Sequence[GameText],
    *,
    cube: CubeRules | None = None,
    crawford: bool = True,
    players: Sequence[str] = ("Player 1", "Player 2"),
    source: str = "",
) -> Match:
    """Replay the games of a file into a ``Match``; the first action the rules do not
    allow (or a declared score or result that disagrees) raises ``FormatError``."""
    try:
        match = Match(variant, length, cube=cube, crawford=crawford, players=players)
    except NardyError as exc:
        raise FormatError(1, None, exc, source) from exc
    for n, text in enumerate(games, start=1):
        if match.is_over:
            won = MalformedError("file-match-won", n=n)
            raise FormatError(text.line, None, won, source)
        game = match.new_game()
        if text.score is not None and tuple(text.score) != match.score:
            said = _score(text.score)
            wrong = MalformedError("file-score", n=n, said=said, score=_score(match.score))
            raise FormatError(text.line, None, wrong, source)
        if text.crawford is not None and text.crawford != game.cube.crawford:
            code = "file-crawford" if text.crawford else "file-not-crawford"
            raise FormatError(text.line, None, MalformedError(code, n=n), source)
        for action in text.actions:
            try:
                _apply(game, action)
            except NardyError as exc:
                raise FormatError(action.line, action.column, exc, source) from exc
        if game.phase != "over" and n < len(games):
            raise FormatError(text.line, None, MalformedError("file-no-result", n=n), source)
    return match


def _side(color: Color | None) -> Words:
    """The side in a replay error's language."""
    return words(f"replay.side.{color}")


def _score(score: Sequence[float]) -> str:
    return f"{score[0]:g}-{score[1]:g}"


def _expect(game: Game, color: Color, what: Words) -> None:
    if game.phase == "over":
        raise IllegalMoveError("replay-game-over", what=what, color=_side(color))
    if game.to_act != color:
        turn = _side(game.to_act)
        raise IllegalMoveError("replay-not-turn", what=what, color=_side(color), turn=turn)


def _apply(game: Game, action: Action) -> None:
    kind, color = action.kind, action.color
    if kind == "play":
        assert action.dice is not None
        d1, d2 = action.dice
        if game.phase == "opening":
            if d1 == d2:
                raise IllegalMoveError("replay-opening-double", d1=d1, d2=d2)
            hi, lo = max(d1, d2), min(d1, d2)
            game.opening(*((hi, lo) if color == WHITE else (lo, hi)))
        else:
            _expect(game, color, words("replay.roll", d1=d1, d2=d2))
            game.roll(d1, d2)
        if game.phase == "move" and game.turn == color:
            if not action.moves:
                legal = ", ".join(str(p) for p in list(game.legal_plays())[:6])
                raise IllegalMoveError("replay-not-played", d1=d1, d2=d2, legal=legal)
            game.play(resolve_play(game, action.moves))
        elif action.moves:
            raise IllegalMoveError("replay-no-play", d1=d1, d2=d2, play=format_moves(action.moves))
    elif kind == "double":
        if game.phase == "cube" and game.to_act == color:
            game.beaver()  # SGF writes a beaver as a double by the side doubled
            return
        _expect(game, color, words("replay.double"))
        game.double()
    elif kind in ("take", "drop", "beaver"):
        beavered = game.phase == "roll" and game.records[-1] == {"type": "beaver"}
        if kind == "take" and beavered and color == game.turn:
            return  # SGF: the original doubler accepting the beaver
        answer = words(f"replay.{kind}")
        _expect(game, color, answer)
        if game.phase != "cube":
            raise IllegalMoveError("replay-no-double", kind=answer, color=_side(color))
        {"take": game.take, "drop": game.drop, "beaver": game.beaver}[kind]()
    elif kind == "win":
        _apply_win(game, action)
    else:  # pragma: no cover - parsers make only the kinds above
        raise MalformedError("replay-unknown-action", kind=repr(kind))


def _apply_win(game: Game, action: Action) -> None:
    color, points = action.color, action.points
    if game.phase != "over":
        if game.phase not in ("opening", "roll", "move"):
            raise IllegalMoveError("replay-win-pending", color=_side(color), points=f"{points:g}")
        if action.resigned is False:
            raise IllegalMoveError(
                "replay-win-unfinished", color=_side(color), points=f"{points:g}"
            )
        value = game.cube.value
        if points <= 0 or points % value:
            raise IllegalMoveError(
                "replay-resign-points", color=_side(color), points=f"{points:g}", value=value
            )
        game.resign(int(points // value), by=other(color))
        game.accept()
    out = game.outcome
    assert out is not None
    if out.winner != color or out.value != points:
        won = words("replay.got-win", color=_side(out.winner), points=f"{out.value:g}")
        got = words("replay.got-draw") if out.winner is None else won
        known = f"result.{out.kind}" in MESSAGES
        kind: Words | str = words(f"result.{out.kind}") if known else out.kind
        raise IllegalMoveError(
            "replay-result-differs",
            color=_side(color),
            points=f"{points:g}",
            got=got,
            kind=kind,
        )


def resolve_play(game: Game, moves: Sequence[Move]) -> Play:
    """The legal play meant by checker moves written one die at a time.

    The moves are applied to the board (landing on a single opposing checker hits it,
    whether or not the text marks the hit) and the legal play with the same result is
    chosen; text that does not describe a legal play raises ``IllegalMoveError``."""
    variant = game.variant
    legal = game.legal_plays()
    pos = game.position
    mine, theirs = list(pos.mine), list(pos.theirs)
    for m in moves:
        if mine[m.frm] <= 0:
            break
        mine[m.frm] -= 1
        mine[m.to] += 1
        if m.to != OFF and variant.hitting:
            q = variant.mapping[m.to]
            if theirs[q] == 1:
                theirs[q] = 0
                theirs[BAR] += 1
    else:
        target = (tuple(theirs), tuple(mine))
        for play in legal:
            if play.result is not None and (play.result.mine, play.result.theirs) == target:
                return play
    return legal.find(tuple(moves))


# -- reading a match back as actions ---------------------------------------------------


def game_actions(records: Sequence[dict[str, Any]]) -> list[Action]:
    """The actions of one game's records (a ``Game.records`` list), in order."""
    game = Game.replay(records[:1])
    actions: list[Action] = []
    pending: tuple[Color, tuple[int, int]] | None = None
    resign_by: Color | None = None
    for rec in records[1:]:
        actor = game.to_act
        turns = len(game.turns)
        game.apply(rec)
        kind = rec["type"]
        if kind == "opening":
            if rec["white"] == rec["black"]:
                continue
            hi, lo = max(rec["white"], rec["black"]), min(rec["white"], rec["black"])
            starter = WHITE if rec["white"] > rec["black"] else BLACK
            pending = (starter, (hi, lo))
            if game.variant.family == "long" and game.variant.opening == "reroll":
                pending = None  # the toss only chooses who starts
        elif kind == "roll":
            pending = (actor, (rec["dice"][0], rec["dice"][1]))
        elif kind == "play":
            assert pending is not None
            actions.append(Action(pending[0], "play", pending[1], game.turns[-1].play.moves))
            pending = None
            continue
        elif kind in ("double", "take", "beaver"):
            actions.append(Action(actor, kind))
        elif kind == "pass":
            actions.append(Action(actor, "drop"))
        elif kind == "resign":
            resign_by = game.resign_by
        elif kind == "accept":
            pending = None  # dice rolled just before resigning are not kept
        if pending is not None and len(game.turns) > turns:
            actions.append(Action(pending[0], "play", pending[1], ()))  # nothing to play
            pending = None
    out = game.outcome
    if game.phase == "over" and out is not None and out.winner is not None:
        actions.append(
            Action(
                out.winner,
                "win",
                points=out.value,
                resigned=out.reason == "resign" and resign_by is not None,
            )
        )
    return actions


def player_color(player: int) -> Color:
    """The colour the backgammon formats give player 0 (white) and player 1 (black)."""
    return WHITE if player == 0 else BLACK


def check_exportable(match: Match, what: str) -> None:
    """Raise ``MalformedError`` unless ``match`` can be written as backgammon ``what``."""
    if match.variant.family != "short":
        raise MalformedError("export-short-only", what=what, variant=match.variant.name)
