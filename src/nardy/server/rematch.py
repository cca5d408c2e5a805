"""Rematches: after a finished game or match its players play again with the same
settings. Against the computer and on one device the new game starts at once; between
two people one offers, and the other accepts (a ``club`` game between the same two,
``GameService.create_paired``) or declines.

The offer is a stored "rematch" event of the finished game (``LiveGame.rematch`` holds
the last one's data: ``state`` "offered", "accepted" or "declined", ``by`` the user
who made it so, ``game`` the new game's id once accepted), so both players' pages hear
of it over the websocket and a reload keeps it. Repeating an offer changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal

from nardy.server.api_error import ApiError
from nardy.server.game_specs import HUMAN_MODES
from nardy.server.live import LiveGame, Meta
from nardy.server.lobby import clock_terms
from nardy.server.referee import Event
from nardy.server.service import GameService

RematchAction = Literal["offer", "decline"]


def same_settings(meta: Meta) -> dict[str, Any]:
    """The creation spec (``GameService.create``) of a game like ``meta``'s: variant,
    rule options, computer level, match length, Crawford rule, cube, whether rated and
    the clock (a club game's: its delay and reserve, full again); the dice seed is
    new. Rated stays rated: both are members still (a member never becomes a guest).
    The colours are not carried over: as in every club game the opening toss gives
    them (RULES.md G-5: its winner plays white), so there is nothing to swap."""
    cube = meta.cube_rules(meta.variant_obj())
    return {
        "mode": meta.mode,
        "variant": meta.variant,
        "options": dict(meta.options),
        "level": meta.level,
        "length": meta.length,
        "crawford": meta.crawford,
        "cube": cube.enabled,
        "beavers": cube.beavers,
        "rated": meta.rated,
        "clock": clock_terms(meta.clock),
    }


async def rematch(
    games: GameService, live: LiveGame, user_id: int, action: RematchAction
) -> dict[str, Any]:
    """``user_id`` offers (or accepts, offering back) a rematch of the finished game, or
    declines the opponent's offer; the rematch's data after it (``LiveGame.rematch``)."""
    m = live.meta
    if m.role_of(user_id) not in ("white", "black", "both"):
        raise ApiError(403, "forbidden", "not-a-player")
    if live.tournament:
        raise ApiError(409, "not-now", "rematch-tournament")
    async with live.lock:
        if not live.finished:
            raise ApiError(409, "not-now", "rematch-not-over")
        now = live.rematch
        if now is not None and now["state"] == "accepted":
            if action == "decline":
                raise ApiError(409, "not-now", "rematch-started")
            return now  # a repeat, or both players pressed at once: the same new game
        if now is not None and now["state"] == "declined":
            raise ApiError(409, "declined", "rematch-declined")
        if action == "decline":
            if now is None or now["by"] == user_id:
                raise ApiError(409, "not-now", "no-rematch-offer")
            data: dict[str, Any] = {"state": "declined", "by": user_id, "game": None}
        elif now is not None and now["by"] == user_id:
            return now  # the same offer again
        elif m.mode in HUMAN_MODES and now is None:
            data = {"state": "offered", "by": user_id, "game": None}
        else:
            spec = same_settings(m)
            if m.mode in HUMAN_MODES:
                assert now is not None  # the opponent's offer, accepted by offering back
                new = await games.create_paired(now["by"], user_id, spec)
            else:
                new = await games.create(user_id, spec)
            data = {"state": "accepted", "by": user_id, "game": new.meta.id}

        def change(lv: LiveGame, out: list[Event]) -> None:
            lv.rematch = data
            out.append({"kind": "rematch", "by": None, "data": data})

        await games.store(live, change)
        return data
