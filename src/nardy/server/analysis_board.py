"""The analysis board: a position set up by its ID (gnubg's Position ID or an XGID for
short nardy, nardy's ``L…`` ID for long; ``nardy.notation``), dice chosen, checker
moves tried one by one and checked by the same rules as a game (``Game.move``), and the
computer's ranking of the plays (``Computer.hint``) or, before the roll, its cube
decision with the cube where the player puts it (``cube_at``).

The server keeps nothing: every request carries the position, the dice and the moves
made so far, and is answered with the board and what may be moved next.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from nardy.cube import Cube, CubeRules
from nardy.errors import InvalidPositionError, MalformedError, NardyError
from nardy.game import Game
from nardy.match import MatchScore, MatchSnapshot
from nardy.notation.match_id import snapshot_from_ids, snapshot_ids
from nardy.notation.position_id import decode_id, encode_id
from nardy.notation.xgid import PREFIX, decode_xgid, encode_xgid
from nardy.position import Color, Position, other, pip_count
from nardy.server.api_error import ApiError
from nardy.server.botplayer import Computer
from nardy.server.live import targets
from nardy.server.replay import moves_view
from nardy.server.service import HINT_PLIES, HINT_TOP, cube_hint, hint_plays
from nardy.server.views import board_view
from nardy.variants import VARIANTS, Variant

#: The most plays listed (a crazy double can have thousands).
MAX_PLAYS = 400


def _quoted(text: str) -> str:
    """``text`` for an error message, shortened when long."""
    return text if len(text) <= 40 else text[:20] + "…"


def variant_of(name: str) -> Variant:
    """The variant called ``name`` (its registered name) with its default rules."""
    found = VARIANTS.get(name)
    if found is None:
        raise ApiError(
            400, "malformed", "analysis-variant", variant=_quoted(name), known=", ".join(VARIANTS)
        )
    return found


def position_of(variant: Variant, text: str, turn: Color) -> tuple[Position, MatchSnapshot | None]:
    """The position of ``text`` (the variant's start when empty) with ``turn`` on roll
    and, for an XGID (short nardy; it names the side on roll itself), all it says: the
    dice, the match and the cube; a bad ID or an impossible position is a clear error."""
    text = text.strip()
    snap: MatchSnapshot | None = None
    if not text:
        start = variant.start_position()
        return (start if start.turn == turn else start.swap()), None
    try:
        if variant.family == "short" and (":" in text or text.upper().startswith(PREFIX)):
            snap = _snapshot(text)
            pos = snap.position
        else:
            pos = decode_id(variant.family, text, turn)
    except MalformedError:
        raise ApiError(
            400, "bad-position-id", f"bad-position-id-{variant.family}", id=_quoted(text)
        ) from None
    try:
        variant.validate(pos)
    except InvalidPositionError:
        raise ApiError(400, "bad-position", "position-impossible", id=_quoted(text)) from None
    if pos.is_over():
        raise ApiError(400, "bad-position", "position-over", id=_quoted(text))
    return pos, snap


#: gnubg's full ID of the starting position, as its manual shows it (a bad ID's example).
GNUBG_EXAMPLE = "4HPwATDgc/ABMA:cAkAAAAAAAAA"


def _snapshot(text: str) -> MatchSnapshot:
    """The match of short nardy's full IDs: gnubg's (``Position ID:Match ID``, one
    colon) or an XGID (ten fields); a bad one is a clear error saying which it is."""
    if text.count(":") == 1 and "=" not in text:
        position_id, match_id = (part.strip() for part in text.split(":"))
        try:
            return snapshot_from_ids(position_id, match_id)
        except MalformedError as exc:
            raise ApiError(
                400,
                "bad-position-id",
                "bad-gnubg-id",
                id=_quoted(text),
                reason=exc,
                example=GNUBG_EXAMPLE,
            ) from None
    try:
        return decode_xgid(text)
    except MalformedError:
        raise ApiError(400, "bad-position-id", "bad-xgid", id=_quoted(text)) from None


def ids_of(variant: Variant, snap: MatchSnapshot) -> dict[str, str] | None:
    """The position with its dice, match and cube as an XGID and as gnubg's full ID
    (``Position ID:Match ID``), to take to XG or gnubg; None outside short nardy, the
    one game those IDs are for."""
    if variant.family != "short":
        return None
    try:
        return {"xgid": encode_xgid(snap), "gnubg": ":".join(snapshot_ids(snap))}
    except MalformedError:  # (a score or cube past what the IDs can hold)
        return None


def snapshot_at(
    pos: Position, dice: tuple[int, int] | None, score: MatchScore, cube: Cube
) -> MatchSnapshot:
    """The analysis board's position with its dice, at ``score`` with ``cube``."""
    return MatchSnapshot(
        position=pos,
        length=score.length,
        score=(score.white, score.black),
        cube_value=cube.value,
        cube_owner=cube.owner,
        crawford=bool(cube.crawford),
        dice=dice,
    )


def setting_of(snap: MatchSnapshot | None) -> dict[str, Any] | None:
    """What an XGID or a gnubg ID says beside the position, for the board's fields: the match's
    length and score (White's, Black's), the cube's value and owner, the Crawford game."""
    if snap is None:
        return None
    return {
        "length": snap.length,
        "score": list(snap.score),
        "cube": snap.cube_value,
        "owner": snap.cube_owner,
        "crawford": snap.crawford,
    }


def game_at(variant: Variant, pos: Position, dice: tuple[int, int] | None) -> Game:
    """A game in ``pos`` with ``dice`` rolled (phase "move" when there is a play)."""
    game = Game(variant, position=pos)
    if dice is not None:
        game.roll(*dice)
    return game


def board(
    name: str,
    text: str,
    turn: Color,
    dice: tuple[int, int] | None,
    moves: list[tuple[int, int]],
    at: tuple[MatchScore, Cube] | None = None,
) -> dict[str, Any]:
    """The position of ``text`` with ``dice`` and ``moves`` made: the board (seen from
    the side on roll), where a checker may go next, the play once it is whole, and the
    position's IDs to copy (``ids_of``) at the score and cube of a full ID, else of
    ``at`` (the board's fields; none when they are not a match and cube that can be)."""
    variant = variant_of(name)
    pos, snap = position_of(variant, text, turn)
    turn, dice = pos.turn, dice or (snap.dice if snap else None)
    game = game_at(variant, pos, dice)
    copied = None
    if snap is not None:  # (an offer the ID names is no part of the board)
        copied = replace(snap, dice=dice, doubled=False, resign=0, to_act=None, state="playing")
    elif at is not None:
        copied = snapshot_at(pos, dice, *at)
    out: dict[str, Any] = {
        "variant": variant.name,
        "family": variant.family,
        "id": encode_id(variant.family, pos),
        "turn": turn,
        "view": turn,
        "dice": list(dice) if dice else None,
        "legal": None,
        "plays": [],
        "count": 0,
        "play": None,
        "after": None,
        "no_play": False,
        "setting": setting_of(snap),
        "ids": ids_of(variant, copied) if copied is not None else None,
    }
    if dice is not None and game.phase != "move":
        out["no_play"] = True  # nothing to play: the turn passes (G-7)
        if moves:
            raise ApiError(400, "illegal", "analysis-no-play")
    for frm, to in moves:
        try:
            game.move(frm, to)
        except NardyError as exc:
            raise ApiError(400, "illegal", exc) from None
    now = game.pending_position
    out["board"] = board_view(variant.mapping, now, turn)
    out["pips"] = {c: pip_count(now.side(c)) for c in ("white", "black")}
    if game.phase == "move":
        out["legal"] = {
            "targets": {str(k): v for k, v in targets(game).items()},
            "pending": [str(m) for m in game.pending],
            "can_undo": bool(game.pending),
            "can_confirm": game.turn_complete,
        }
        legal = game.legal_plays()
        out["count"] = len(legal)
        out["plays"] = [p.text for p in legal[:MAX_PLAYS]]
        if game.turn_complete:
            play = game.confirm()
            out["play"] = play.text
            # (the game's position holds the first-turn flags of L-HEAD-2 after the play)
            after = game.position if game.position.turn != turn else game.position.swap()
            out["after"] = {"id": encode_id(variant.family, after), "turn": other(turn)}
    return out


def match_at(length: int, white: int, black: int) -> MatchScore:
    """The match the analysis board's hints are for (length 0: money play); a score
    that no match to ``length`` can stand at is refused, saying why."""
    if (length and max(white, black) >= length) or (not length and (white or black)):
        raise ApiError(400, "bad-match", "analysis-score", white=white, black=black, length=length)
    return MatchScore(length, white, black)


def cube_at(
    score: MatchScore, value: int = 1, owner: Color | None = None, crawford: bool = False
) -> Cube:
    """The cube on the analysis board: ``value`` (a power of two) and its ``owner``
    (None: the middle, where only a cube of 1 stands), in a match at ``score`` or for
    money; ``crawford``: this is the match's Crawford game (C-4: no doubling), which
    only a score with one side a point from the match has, the cube at 1. The cube is
    in play whatever the variant's default (C-5: long nardy plays it by option)."""
    if value < 1 or value & (value - 1) or (value > 1) != (owner is not None):
        raise ApiError(400, "bad-cube", "analysis-cube", value=value)
    one_away = [s for s in (score.white, score.black) if score.length and s == score.length - 1]
    if crawford and not (score.crawford and len(one_away) == 1 and value == 1):
        raise ApiError(400, "bad-cube", "analysis-crawford")
    rules = CubeRules(money=not score.length)
    return Cube(rules, value, owner, value.bit_length() - 1, crawford, away=score.by_colour)


def hint(
    computer: Computer,
    name: str,
    text: str,
    turn: Color,
    dice: tuple[int, int] | None,
    score: MatchScore | None = None,
    cube: Cube | None = None,
) -> dict[str, Any]:
    """The computer's best plays for ``dice`` in the position of ``text``, each with its
    moves to draw (seen from the side on roll): for money play, or (``score``) for a
    match at its score, by match equity as the game page's hint gives it. Without
    dice, the cube decision of the side on roll (``cube_hint``), with ``cube``
    (``cube_at``; default: in the middle)."""
    score = score or MatchScore()
    variant = variant_of(name)
    pos, _ = position_of(variant, text, turn)
    turn = pos.turn
    game = Game(variant, position=pos, cube=cube or cube_at(score))
    if dice is None:
        refused = game.why_no_double()
        if refused is not None:  # the cube is the opponent's, or the Crawford game
            raise ApiError(400, "illegal", refused)
        return cube_hint(game, score)
    game.roll(*dice)
    match = score.away(turn) is not None
    if game.phase != "move":
        return {"kind": "play", "plies": HINT_PLIES, "match": match, "plays": []}
    ranked = computer.hint(game, score, HINT_PLIES, HINT_TOP)
    rows = hint_plays(game, score, ranked)
    for row, (p, _) in zip(rows, ranked, strict=True):
        row["moves"] = moves_view(p.moves, turn, turn, variant.mapping)
    return {"kind": "play", "plies": HINT_PLIES, "match": match, "plays": rows}
