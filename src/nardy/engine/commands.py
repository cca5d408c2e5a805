"""The engine commands of the rules alone: ``legal``, ``id`` and ``from-id``."""

from __future__ import annotations

from typing import Any

from nardy.engine.fields import (
    play_to_json,
    request_dice,
    request_position,
    request_segment,
    request_variant,
)
from nardy.errors import MalformedError
from nardy.movegen import legal_candidates, result_position, segment_candidates
from nardy.notation.position_id import decode_id, encode_id
from nardy.notation.position_json import position_to_json


def cmd_legal(request: dict[str, Any]) -> dict[str, Any]:
    """``legal``: every distinct legal play of a roll (``dice``: two numbers, a double
    gives four moves) or of a turn segment of the §5 variants (``segment``: the dice
    to play, e.g. the passed moves ``[3, 3]``)."""
    variant = request_variant(request)
    position = request_position(request, variant)
    if "segment" in request:
        cands = segment_candidates(variant, position, request_segment(request))
    else:
        d1, d2 = request_dice(request)
        cands = legal_candidates(variant, position, d1, d2)
    plays = [play_to_json(c.moves, result_position(variant, position, c)) for c in cands]
    plays.sort(key=lambda p: str(p["text"]))
    return {"plays": plays}


def cmd_id(request: dict[str, Any]) -> dict[str, Any]:
    """``id``: the position's compact ID (gnubg Position ID for short nardy)."""
    variant = request_variant(request)
    position = request_position(request, variant)
    return {"position_id": encode_id(variant.family, position)}


def cmd_from_id(request: dict[str, Any]) -> dict[str, Any]:
    """``from-id``: the position of an ID; ``turn`` (default white) names the side on roll."""
    variant = request_variant(request)
    text = request.get("position_id")
    if text is None:
        raise MalformedError("missing field 'position_id' (the ID to decode)")
    if not isinstance(text, str):
        raise MalformedError("position_id must be a string")
    turn = request.get("turn", "white")
    if turn not in ("white", "black"):
        raise MalformedError("turn must be 'white' or 'black'")
    position = decode_id(variant.family, text, turn)
    variant.validate(position)
    return {"position": position_to_json(position)}
