"""The engine's bot commands ``best``, ``rank``, ``eval`` and ``cube``.

Each takes a request dict whose fields ``nardy.engine.fields`` reads (``variant``,
``options``, ``position``, ``dice``, ``level``, ``cube``, ``match``, ``plies``,
``top``) and a :class:`~nardy.engine.budget.Budget`, and returns the answer fields;
bad fields raise ``NardyError`` for the protocol layer to report.

* ``cube`` — ``{"value": 1, "owner": null | "white" | "black", "offered_by": …}``;
  with ``offered_by`` set the answer is the taker's (take/pass/beaver), otherwise the
  doubling decision of the side on roll (no-double/double).
* ``match`` — ``{"length": N, "score": {"white": a, "black": b}}`` (or ``[a, b]`` as
  white, black); length 0 or no ``match`` is money play. At a match score equities are
  ``2·MWC − 1`` from the Kazaross-XG2 match-equity table (``nardy.eval.match``).
  Optional ``"crawford": false`` for a match without the Crawford rule (C-4, on by
  default) and ``"crawford_game": true`` when this game is the Crawford game, where
  nobody may double.

The search deepens one ply at a time within the request's budget
(``nardy.engine.budget``): ``plies`` in an answer is the depth reached and
``complete`` says whether it is the depth asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from nardy.bots import Bot, level_spec
from nardy.bots.resign import match_level
from nardy.bots.search import RankedPlay
from nardy.bots.verdict import Away, cube_verdict, exact_cube, proper_action
from nardy.engine.budget import Budget, deepening
from nardy.engine.fields import (
    MAX_PLIES,
    cube_state,
    int_field,
    match_away,
    play_to_json,
    request_dice,
    request_level,
    request_position,
    request_variant,
)
from nardy.errors import MalformedError
from nardy.eval import money_equity
from nardy.eval.match import match_objective, match_winning_chance
from nardy.position import Position
from nardy.variants import Variant

#: Most plays ``rank`` lists.
MAX_TOP = 1000


@lru_cache(maxsize=64)
def _bot(variant: Variant, level: str) -> Bot:
    return Bot(variant, level, seed=0)


def match_chance(probs: np.ndarray, variant: Variant, away: Away, cube: int = 1) -> float:
    """The side on roll's match-winning chance with ``probs`` at the score ``away``."""
    return match_winning_chance(
        probs, away.me, away.them, cube, variant, crawford_rule=away.crawford_rule
    )


def position_equity(probs: np.ndarray, variant: Variant, away: Away | None, cube: int = 1) -> float:
    """Cubeless money equity, or at a match score 2·MWC − 1, of ``probs``."""
    if away is None:
        return float(money_equity(probs, variant))
    return 2.0 * match_chance(probs, variant, away, cube) - 1.0


def at_score(bot: Bot, away: Away | None, cube: int = 1) -> Bot:
    """``bot`` choosing plays by the match equity at the score ``away`` with the cube
    at ``cube`` (C-4); in money play (``away`` None) ``bot`` itself."""
    if away is None:
        return bot
    return bot.playing_for(
        match_objective(away.me, away.them, cube, bot.variant, crawford_rule=away.crawford_rule)
    )


@dataclass(frozen=True)
class _PlayRequest:
    """What ``best`` and ``rank`` read: the game, the position, the roll, the level, the
    match score, and the bot choosing for it (C-4: the match equity at a score)."""

    variant: Variant
    position: Position
    dice: tuple[int, int]
    level: str
    away: Away | None
    bot: Bot


def _play_request(request: dict[str, Any]) -> _PlayRequest:
    variant = request_variant(request)
    position = request_position(request, variant)
    dice = request_dice(request)
    level = request_level(request)
    away = match_away(request, position)
    bot = at_score(_bot(variant, level), away, cube_state(request, position)[0])
    return _PlayRequest(variant, position, dice, level, away, bot)


def _probs(probs: np.ndarray) -> list[float]:
    return [round(float(x), 4) for x in probs]


def best(request: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:
    """``best``: the bot's play (null when nothing can be played), its equity and
    probabilities from the side on roll."""
    q = _play_request(request)
    spec = level_spec(q.level)

    def ranked_at(depth: int) -> list[RankedPlay]:
        # The level's own choice (with its noise) at its depth; shallower only when cut.
        if depth == spec.plies:
            return q.bot.rank(q.position, q.dice)
        return q.bot.rank(q.position, q.dice, depth)

    ranked, _, complete = deepening(ranked_at, spec.plies, q.bot.search, budget)
    if not ranked:
        return {"play": None, "equity": None, "probs": None, "level": q.level, "complete": True}
    top = ranked[0]
    return {
        "play": play_to_json(top.play.moves, top.play.result),
        "equity": round(position_equity(top.probs, q.variant, q.away), 4),
        "probs": _probs(top.probs),
        "plies": top.plies,
        "level": q.level,
        "complete": complete,
    }


def rank(request: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:
    """``rank``: the legal plays best first — the first ``top`` (default 10) — each with
    its equity (money, or 2·MWC − 1 at the match score), its difference to the best, its
    probabilities and the depth it got; ``plies`` (0–3, default: the level's) sets the
    depth (a hint, like gnubg's)."""
    q = _play_request(request)
    plies = int_field(request, "plies", level_spec(q.level).plies, 0, MAX_PLIES)
    top = int_field(request, "top", 10, 1, MAX_TOP)

    def ranked_at(depth: int) -> list[RankedPlay]:
        return q.bot.rank(q.position, q.dice, depth, settle=True)

    ranked, _, complete = deepening(ranked_at, plies, q.bot.search, budget)
    equities = [position_equity(r.probs, q.variant, q.away) for r in ranked]
    return {
        "plays": [
            {
                "play": play_to_json(r.play.moves, r.play.result),
                "equity": round(e, 4),
                "diff": round(e - equities[0], 4),
                "probs": _probs(r.probs),
                "plies": r.plies,
            }
            for r, e in zip(ranked[:top], equities, strict=False)
        ],
        "level": q.level,
        "complete": complete,
    }


def _evaluate(
    bot: Bot, position: Position, level: str, budget: Budget | None
) -> tuple[np.ndarray, int, bool]:
    """The position's probabilities at the level's depth, or shallower when cut."""

    def at(depth: int) -> np.ndarray:
        probs: np.ndarray = bot.evaluate([position], depth)[0]
        return probs

    return deepening(at, level_spec(level).plies, bot.search, budget)


def eval(request: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:  # noqa: A001
    """``eval``: five probabilities, the equity (money, or at the match score) and
    ``resign``: the level the side on roll would resign at (``nardy.bots.resign``: a
    certain loss only; at a match score the lowest level that gives the match), or
    null."""
    variant = request_variant(request)
    position = request_position(request, variant)
    level = request_level(request)
    bot = _bot(variant, level)
    away = match_away(request, position)
    value, _, _ = cube_state(request, position)
    probs, plies, complete = _evaluate(bot, position, level, budget)
    resign = bot.resignation(position)
    if resign is not None:
        resign = match_level(variant, resign, position.mine, value, away.them if away else None)
    out: dict[str, Any] = {
        "probs": _probs(probs),
        "equity": round(position_equity(probs, variant, away), 4),
        "resign": resign,
        "level": level,
        "plies": plies,
        "complete": complete,
    }
    if away is not None:
        out["mwc"] = round(match_chance(probs, variant, away), 4)
    return out


def cube(request: dict[str, Any], budget: Budget | None = None) -> dict[str, Any]:
    """``cube``: no-double/double for the side on roll, or take/pass/beaver for the
    side answering a double (``cube.offered_by``), with the equities, the proper
    action by name (:func:`proper_action`) and whether they are exact
    (:func:`exact_cube`)."""
    variant = request_variant(request)
    position = request_position(request, variant)
    level = request_level(request)
    value, owner, offered = cube_state(request, position)
    away = match_away(request, position)
    if away is not None and away.crawford_game and offered:
        raise MalformedError("no doubling in the Crawford game (C-4)")
    # Always evaluated from the side on roll (the doubler); the taker's answer follows.
    probs, plies, complete = _evaluate(_bot(variant, level), position, level, budget)
    action, take, equities = cube_verdict(probs, variant, owner, value, away, position)
    return {
        "action": take if offered else action,
        "double": action,
        "take": take,
        "proper": proper_action(action, take, equities),
        "exact": exact_cube(variant, position, away),
        "equities": {k: round(v * value, 4) for k, v in equities.items()},
        "probs": _probs(probs),
        "level": level,
        "plies": plies,
        "complete": complete,
    }
