"""The JSON-lines engine protocol of DESIGN.md: one request object in, one answer out.

Every answer echoes the request's ``id``. Bad input of any kind yields
``{"id": …, "error": "…"}`` and never stops the engine. Because ``id`` is the echo
field, the ``id`` command answers ``position_id`` and ``from-id`` reads it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from nardy.errors import MalformedError, NardyError
from nardy.movegen import legal_candidates, result_position, segment_candidates
from nardy.notation.position_id import decode_id, encode_id
from nardy.notation.position_json import position_from_json, position_to_json
from nardy.plays import Move, format_moves
from nardy.position import Position
from nardy.variants import Variant, find_variant

Handler = Callable[[dict[str, Any]], dict[str, Any]]


def request_variant(request: dict[str, Any]) -> Variant:
    """The request's ``variant`` with its rule ``options`` applied."""
    name = request.get("variant", "short")
    if not isinstance(name, str):
        raise MalformedError("variant must be a string")
    variant = find_variant(name)
    options = request.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise MalformedError("options must be an object of rule options")
    return variant.with_options(**options) if options else variant


def request_position(request: dict[str, Any], variant: Variant) -> Position:
    """The request's ``position`` object, checked against the variant's rules."""
    if "position" not in request:
        raise MalformedError("missing field 'position'")
    return position_from_json(request["position"], variant)


def request_dice(request: dict[str, Any]) -> tuple[int, int]:
    """The request's ``dice``: two numbers 1..6."""
    dice = request.get("dice")
    if not isinstance(dice, list) or len(dice) != 2:
        raise MalformedError("dice must be a list of two numbers 1..6, e.g. [6, 5]")
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise MalformedError(f"a die shows 1..6, not {d!r}")
    return dice[0], dice[1]


def point_json(p: int) -> int | str:
    """A point as the protocol writes it: 1..24, "bar" or "off"."""
    return "bar" if p == 25 else "off" if p == 0 else p


def play_to_json(
    moves: Iterable[tuple[int, int, bool]] | Iterable[Move], after: Position | None
) -> dict[str, Any]:
    """A play as the protocol writes it: moves, canonical text and resulting position."""
    mv = [m if isinstance(m, Move) else Move(*m) for m in moves]
    return {
        "moves": [[point_json(m.frm), point_json(m.to)] for m in mv],
        "text": format_moves(mv),
        "position": position_to_json(after) if after is not None else None,
    }


def _segment(request: dict[str, Any]) -> tuple[int, ...]:
    seg = request.get("segment")
    if not isinstance(seg, list) or not 1 <= len(seg) <= 4:
        raise MalformedError("segment must be a list of 1 to 4 dice, e.g. [5, 5, 5, 5]")
    for d in seg:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise MalformedError(f"a die shows 1..6, not {d!r}")
    return tuple(seg)


def cmd_legal(request: dict[str, Any]) -> dict[str, Any]:
    """``legal``: every distinct legal play of a roll (``dice``: two numbers, a double
    gives four moves) or of a turn segment of the §5 variants (``segment``: the dice
    to play, e.g. the passed moves ``[3, 3]``)."""
    variant = request_variant(request)
    position = request_position(request, variant)
    if "segment" in request:
        cands = segment_candidates(variant, position, _segment(request))
    else:
        d1, d2 = request_dice(request)
        cands = legal_candidates(variant, position, d1, d2)
    plays = [play_to_json(c.moves, result_position(variant, position, c)) for c in cands]
    plays.sort(key=lambda p: p["text"])
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
    turn = request.get("turn", "white")
    if turn not in ("white", "black"):
        raise MalformedError("turn must be 'white' or 'black'")
    position = decode_id(variant.family, text, turn)
    variant.validate(position)
    return {"position": position_to_json(position)}


def _bot_handler(name: str) -> Handler:
    def handler(request: dict[str, Any]) -> dict[str, Any]:
        try:
            from nardy import engine_bots
        except ImportError:
            raise MalformedError(f"command {name!r} needs the bot module, not installed") from None
        return getattr(engine_bots, name)(request)

    return handler


COMMANDS: dict[str, Handler] = {
    "legal": cmd_legal,
    "id": cmd_id,
    "from-id": cmd_from_id,
    "best": _bot_handler("best"),
    "rank": _bot_handler("rank"),
    "eval": _bot_handler("eval"),
    "cube": _bot_handler("cube"),
}


def handle(request: Any) -> dict[str, Any]:
    """Answer one decoded request object."""
    if not isinstance(request, dict):
        return {"id": None, "error": "a request is a JSON object with a 'cmd' field"}
    rid = request.get("id")
    cmd = request.get("cmd")
    handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
    if handler is None:
        known = ", ".join(sorted(COMMANDS))
        return {"id": rid, "error": f"unknown command {cmd!r} (known: {known})"}
    try:
        answer = handler(request)
    except NardyError as exc:
        return {"id": rid, "error": str(exc)}
    except (TypeError, ValueError, KeyError) as exc:
        return {"id": rid, "error": f"bad request: {exc}"}
    return {"id": rid, **answer}


def handle_line(line: str) -> str:
    """Answer one line of input with one line of JSON."""
    try:
        request = json.loads(line)
    except json.JSONDecodeError as exc:
        error = f"malformed JSON: {exc.msg} at column {exc.colno}"
        answer: dict[str, Any] = {"id": None, "error": error}
    else:
        answer = handle(request)
    return json.dumps(answer, ensure_ascii=False)


def serve(lines: Iterable[str]) -> Iterator[str]:
    """Answer each non-blank input line."""
    for line in lines:
        if line.strip():
            yield handle_line(line)
