"""A new tournament's terms: the creation request checked and turned into its row's
columns, refusing what cannot be played before anyone joins."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from nardy.errors import NardyError
from nardy.server import tournament_formats as formats
from nardy.server.api_error import ApiError
from nardy.server.db import aware
from nardy.server.game_specs import MAX_MATCH_LENGTH
from nardy.server.lobby import clock_named
from nardy.variants import find_variant

FORMATS = ("knockout", "sitngo", "swiss", "roundrobin")
STATUSES = ("registering", "running", "over")
MAX_NAME = 80
#: The no-show time's bounds (seconds) and default.
NO_SHOW_MIN, NO_SHOW_MAX, NO_SHOW_DEFAULT = 30, 7 * 24 * 3600, 300


def _int(body: dict[str, Any], name: str, default: int | None) -> int | None:
    value = body.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(400, "malformed", "tournament-bad-number", name=name, value=repr(value)[:40])
    return value


def _bool(body: dict[str, Any], name: str, default: bool) -> bool:
    value = body.get(name, default)
    if not isinstance(value, bool):
        raise ApiError(400, "malformed", "not-boolean", name=name, value=repr(value)[:40])
    return value


def parse_spec(body: Any, now: datetime) -> dict[str, Any]:
    """A new tournament's columns from a creation request: ``name``, ``format``,
    ``variant``, ``options``, ``length`` (or ``lengths``, one per round), ``clock``,
    ``rated``, ``public``, ``size``, ``rounds`` (Swiss), ``starts_at`` (ISO time; a
    sit-and-go has none and starts when full), ``no_show`` (seconds). Refuses what
    cannot be played (the formats' sizes, a Swiss's rounds) before anyone joins."""
    if not isinstance(body, dict):
        raise ApiError(400, "malformed", "body-not-object")
    name = body.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= MAX_NAME:
        raise ApiError(400, "malformed", "tournament-bad-name", max=MAX_NAME)
    fmt = body.get("format", "sitngo")
    if fmt not in FORMATS:
        raise ApiError(
            400,
            "bad-tournament",
            "tournament-bad-format",
            value=repr(fmt)[:40],
            known=", ".join(FORMATS),
        )
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ApiError(400, "malformed", "options-not-object")
    try:
        variant = find_variant(str(body.get("variant", "long"))[:40]).with_options(**options)
    except NardyError as exc:
        raise ApiError(400, "bad-variant", exc) from None
    lengths = body.get("lengths")
    if lengths is None:
        lengths = [_int(body, "length", 1)]
    if (
        not isinstance(lengths, list)
        or not 1 <= len(lengths) <= 6
        or any(
            isinstance(x, bool) or not isinstance(x, int) or not 1 <= x <= MAX_MATCH_LENGTH
            for x in lengths
        )
    ):
        raise ApiError(400, "bad-tournament", "tournament-bad-lengths", max=MAX_MATCH_LENGTH)
    clock = clock_named(body.get("clock") or None)
    size = _int(body, "size", 8)
    assert size is not None
    rounds = _int(body, "rounds", None)
    try:
        if fmt == "sitngo":
            if size not in formats.SIT_AND_GO_SIZES:
                raise ApiError(
                    400,
                    "bad-tournament",
                    "tournament-sitngo-size",
                    sizes=", ".join(map(str, formats.SIT_AND_GO_SIZES)),
                    n=size,
                )
        elif fmt == "knockout":
            formats.bracket_size(size)
        elif fmt == "swiss":
            if rounds is None:
                rounds = min(formats.max_swiss_rounds(size), (size - 1).bit_length() + 1)
            formats.validate_swiss(size, rounds)
        else:
            formats.round_robin(list(range(size)))
    except formats.TournamentError as exc:
        raise ApiError(400, "bad-tournament", exc) from None
    if fmt != "swiss":
        rounds = None
    starts_at = body.get("starts_at")
    if starts_at is not None:
        if fmt == "sitngo":
            raise ApiError(400, "bad-tournament", "tournament-sitngo-no-start")
        try:
            starts_at = aware(datetime.fromisoformat(str(starts_at)))
        except ValueError:
            raise ApiError(400, "malformed", "tournament-bad-start") from None
        assert starts_at is not None
        if starts_at <= now:
            raise ApiError(400, "bad-tournament", "tournament-start-past")
    no_show = _int(body, "no_show", NO_SHOW_DEFAULT)
    assert no_show is not None
    if not NO_SHOW_MIN <= no_show <= NO_SHOW_MAX:
        raise ApiError(
            400, "bad-tournament", "tournament-bad-no-show", low=NO_SHOW_MIN, high=NO_SHOW_MAX
        )
    public = _bool(body, "public", False)
    return {
        "name": name.strip(),
        "format": fmt,
        "variant": variant.name,
        "options": variant.options(),
        "lengths": lengths,
        "clock": clock,
        "rated": _bool(body, "rated", False),
        "public": public,
        "invite_token": None if public else secrets.token_urlsafe(16),
        "size": size,
        "rounds": rounds,
        "status": "registering",
        "starts_at": starts_at,
        "no_show": no_show,
        "created_at": now,
    }
