"""The engine's ``rollout`` command: the position, or the candidate plays of ``dice``,
played out ``games`` times by a bot (``nardy.rollout``), with 95% intervals.

Fields (besides ``variant``, ``options``, ``position``, ``cube``, ``match`` as the bot
commands read them): ``dice`` (roll out the ``top`` best plays of that roll, default 3,
instead of the position), ``games`` (1–100,000, default 1296), ``truncate`` (rolls, 0:
to the end), ``cubeful`` (the bots' cube play during the games; default false),
``vr`` (luck adjustment, default true), ``seed`` (the quasi-random dice; the same seed
gives the same games), ``level`` (the bot playing the games; default the 0-ply net,
``advanced``).

A rollout is long: it runs within the request's ``time_limit`` (default 10 s, at most
600 s) and a ``stop`` line; when either comes first the answer is the result of the
games played so far (whole batches of 36) with ``"complete": false``.
"""

from __future__ import annotations

from typing import Any

from nardy.engine.budget import Budget
from nardy.engine.fields import (
    bool_field,
    cube_state,
    int_field,
    match_away,
    request_dice,
    request_level,
    request_position,
    request_variant,
)
from nardy.errors import InvalidPositionError
from nardy.match import MatchScore
from nardy.position import Position, other
from nardy.rollout import Plan, rollout_plays, rollout_position
from nardy.rollout.run import start_cube
from nardy.rollout.trial import ZERO_PLY, TrialSettings

#: Most games one request may ask for.
MAX_GAMES = 100_000
#: Most candidate plays rolled out for a roll.
MAX_TOP = 10


def _score(request: dict[str, Any], position: Position) -> tuple[MatchScore | None, bool]:
    """The match score (None: money play) and whether this is the Crawford game; the
    fields are checked by ``match_away`` as for the bot commands."""
    away = match_away(request, position)
    if away is None:
        return None, False
    length: int = request["match"]["length"]  # (checked by match_away)
    turn = position.turn
    mine, theirs = length - away.me, length - away.them
    white, black = (mine, theirs) if turn == "white" else (theirs, mine)
    return MatchScore(length, white, black, away.crawford_rule), away.crawford_game


def rollout(request: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:
    """``rollout``: see the module's docstring."""
    variant = request_variant(request)
    position = request_position(request, variant)
    if position.is_over():
        raise InvalidPositionError("rollout-game-over")
    level = request_level(request) if "level" in request else ZERO_PLY
    games = int_field(request, "games", 1296, 1, MAX_GAMES)
    settings = TrialSettings(
        level=level,
        cubeful=bool_field(request, "cubeful", False),
        truncate=int_field(request, "truncate", 0, 0, 10_000),
        vr=bool_field(request, "vr", True),
        seed=int_field(request, "seed", 0, 0, 10**18),
    )
    score, crawford_game = _score(request, position)
    value, side, _ = cube_state(request, position)
    owner = {"me": position.turn, "them": other(position.turn)}.get(side)
    cube = start_cube(
        variant,
        cubeful=settings.cubeful,
        value=value,
        owner=owner,
        score=score,
        crawford_game=crawford_game,
    )
    plan = Plan(games=games)
    stop = budget.exhausted if budget is not None else None
    if "dice" in request:
        dice = request_dice(request)
        top = int_field(request, "top", 3, 1, MAX_TOP)
        found = rollout_plays(
            variant,
            position,
            dice,
            settings,
            plan,
            top=top,
            cube=cube,
            score=score,
            stop_asked=stop,
        )
        return {
            "plays": [{"play": p.play, **p.result.to_json()} for p in found],
            "level": level,
            "complete": all(p.result.games == games for p in found),
        }
    result = rollout_position(
        variant, position, settings, plan, cube=cube, score=score, stop_asked=stop
    )
    return {**result.to_json(), "level": level, "complete": result.games == games}
