"""Engine protocol handlers for the bot commands ``best``, ``rank``, ``eval`` and ``cube``.

Each takes a parsed request dict (DESIGN.md: ``variant``, ``options``, ``position``,
``dice``, ``level``, ``cube``, ``match``) and returns the answer fields; errors are
``NardyError``/``ValueError`` for the protocol layer to report.

* ``cube`` — ``{"value": 1, "owner": null | "white" | "black", "offered_by": …}``;
  with ``offered_by`` set the answer is the taker's (take/pass/beaver), otherwise the
  doubling decision of the side on roll (no-double/double).
* ``match`` — ``{"length": N, "score": {"white": a, "black": b}}`` (or ``[a, b]`` as
  white, black); length 0 or no ``match`` is money play. At a match score equities are
  ``2·MWC − 1`` from the Kazaross-XG2 match-equity table (``nardy.eval.match``).
  Optional ``"crawford": false`` for a match without the Crawford rule (C-4, on by
  default) and ``"crawford_game": true`` when this game is the Crawford game, where
  nobody may double.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from nardy.bots import Bot, level_spec
from nardy.bots.cube import efficiency, money_cube
from nardy.bots.match_cube import match_cube_equities
from nardy.bots.resign import match_level
from nardy.errors import MalformedError
from nardy.eval import bearoff_cube, money_equity
from nardy.eval.match import match_objective, match_winning_chance
from nardy.position import Position
from nardy.protocol import play_to_json, request_dice, request_position, request_variant
from nardy.variants import Variant

#: Level used when a request names none.
DEFAULT_LEVEL = "strongest"


@lru_cache(maxsize=64)
def _bot(variant: Variant, level: str) -> Bot:
    return Bot(variant, level, seed=0)


def _level(request: dict[str, Any]) -> str:
    level = request.get("level", DEFAULT_LEVEL)
    if isinstance(level, bool) or not isinstance(level, int | str):
        raise MalformedError("level must be 0..5 or a level name")
    try:
        return level_spec(level).name
    except ValueError as exc:
        raise MalformedError(str(exc)) from None


@dataclass(frozen=True)
class Away:
    """A match score from the side on roll: points each side still needs, whether the
    match plays the Crawford rule, and whether this game is the Crawford game."""

    me: int
    them: int
    crawford_rule: bool = True
    crawford_game: bool = False


def _flag(match: dict[str, Any], key: str, default: bool) -> bool:
    value = match.get(key, default)
    if not isinstance(value, bool):
        raise MalformedError(f"match.{key} must be true or false")
    return value


def match_away(request: dict[str, Any], position: Position) -> Away | None:
    """The match score of the request's ``match`` from the side on roll, or None for
    money play; a malformed score is a ``MalformedError``."""
    match = request.get("match")
    if match is None:
        return None
    if not isinstance(match, dict):
        raise MalformedError("match must be an object {length, score}")
    crawford_rule = _flag(match, "crawford", True)
    crawford_game = _flag(match, "crawford_game", False)
    length = match.get("length", 0)
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise MalformedError("match.length must be a non-negative integer (0: money)")
    if length == 0:
        return None
    score = match.get("score", {"white": 0, "black": 0})
    if isinstance(score, list) and len(score) == 2:
        score = {"white": score[0], "black": score[1]}
    if not isinstance(score, dict) or set(score) != {"white", "black"}:
        raise MalformedError("match.score must be {white: n, black: n} or [white, black]")
    for v in score.values():
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < length:
            raise MalformedError(f"match.score values must be 0..{length - 1}")
    me = position.turn
    them = "black" if me == "white" else "white"
    away = Away(length - score[me], length - score[them], crawford_rule, crawford_game)
    if crawford_game and (not crawford_rule or min(away.me, away.them) != 1):
        raise MalformedError(
            "match.crawford_game needs the Crawford rule and a player one point away (C-4)"
        )
    return away


def cube_state(request: dict[str, Any], position: Position) -> tuple[int, str, bool]:
    """Cube value, owner from the side on roll (centre/me/them), and whether the side
    on roll has just offered it."""
    cube = request.get("cube") or {}
    if not isinstance(cube, dict):
        raise MalformedError("cube must be an object {value, owner}")
    value = cube.get("value", 1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MalformedError("cube.value must be a positive integer")
    owner = cube.get("owner")
    if owner in (None, "centre", "center", "middle"):
        side = "centre"
    elif owner in ("white", "black"):
        side = "me" if owner == position.turn else "them"
    else:
        raise MalformedError("cube.owner must be null, 'white' or 'black'")
    offered = cube.get("offered_by")
    if offered not in (None, "white", "black"):
        raise MalformedError("cube.offered_by must be null, 'white' or 'black'")
    return value, side, offered == position.turn


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
    level = _level(request)
    away = match_away(request, position)
    bot = at_score(_bot(variant, level), away, cube_state(request, position)[0])
    return _PlayRequest(variant, position, dice, level, away, bot)


def best(request: dict[str, Any]) -> dict[str, Any]:
    """``best``: the bot's play (null when nothing can be played), its equity and
    probabilities from the side on roll."""
    q = _play_request(request)
    ranked = q.bot.rank(q.position, q.dice)
    if not ranked:
        return {"play": None, "equity": None, "probs": None, "level": q.level}
    top = ranked[0]
    return {
        "play": play_to_json(top.play.moves, top.play.result),
        "equity": round(position_equity(top.probs, q.variant, q.away), 4),
        "probs": [round(float(x), 4) for x in top.probs],
        "plies": top.plies,
        "level": q.level,
    }


def rank(request: dict[str, Any]) -> dict[str, Any]:
    """``rank``: the legal plays best first — the first ``top`` (default 10) — each with
    its equity (money, or 2·MWC − 1 at the match score), its difference to the best, its
    probabilities and the depth it got; ``plies`` (0–3, default: the level's) sets the
    depth (a hint, like gnubg's)."""
    q = _play_request(request)
    plies = request.get("plies", level_spec(q.level).plies)
    if isinstance(plies, bool) or not isinstance(plies, int) or not 0 <= plies <= 3:
        raise MalformedError("plies must be 0..3")
    top = request.get("top", 10)
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise MalformedError("top must be a positive integer")
    ranked = q.bot.rank(q.position, q.dice, plies, settle=True)
    equities = [position_equity(r.probs, q.variant, q.away) for r in ranked]
    return {
        "plays": [
            {
                "play": play_to_json(r.play.moves, r.play.result),
                "equity": round(e, 4),
                "diff": round(e - equities[0], 4),
                "probs": [round(float(x), 4) for x in r.probs],
                "plies": r.plies,
            }
            for r, e in zip(ranked[:top], equities, strict=False)
        ],
        "level": q.level,
    }


def eval(request: dict[str, Any]) -> dict[str, Any]:  # noqa: A001 - protocol name
    """``eval``: five probabilities, the equity (money, or at the match score) and
    ``resign``: the level the side on roll would resign at (``nardy.bots.resign``: a
    certain loss only; at a match score the lowest level that gives the match), or
    null."""
    variant = request_variant(request)
    position = request_position(request, variant)
    level = _level(request)
    bot = _bot(variant, level)
    probs = bot.evaluate([position])[0]
    away = match_away(request, position)
    value, _, _ = cube_state(request, position)
    resign = bot.resignation(position)
    if resign is not None:
        resign = match_level(variant, resign, position.mine, value, away.them if away else None)
    out: dict[str, Any] = {
        "probs": [round(float(x), 4) for x in probs],
        "equity": round(position_equity(probs, variant, away), 4),
        "resign": resign,
        "level": level,
    }
    if away is not None:
        out["mwc"] = round(match_chance(probs, variant, away), 4)
    return out


def cube(request: dict[str, Any]) -> dict[str, Any]:
    """``cube``: no-double/double for the side on roll, or take/pass/beaver for the
    side answering a double (``cube.offered_by``), with the equities, the proper
    action by name (:func:`proper_action`) and whether they are exact
    (:func:`exact_cube`)."""
    variant = request_variant(request)
    position = request_position(request, variant)
    level = _level(request)
    value, owner, offered = cube_state(request, position)
    away = match_away(request, position)
    if away is not None and away.crawford_game and offered:
        raise MalformedError("no doubling in the Crawford game (C-4)")
    # Always evaluated from the side on roll (the doubler); the taker's answer follows.
    probs = _bot(variant, level).evaluate([position])[0]
    action, take, equities = cube_verdict(probs, variant, owner, value, away, position)
    return {
        "action": take if offered else action,
        "double": action,
        "take": take,
        "proper": proper_action(action, take, equities),
        "exact": exact_cube(variant, position, away),
        "equities": {k: round(v * value, 4) for k, v in equities.items()},
        "probs": [round(float(x), 4) for x in probs],
        "level": level,
    }


def exact_cube(variant: Variant, position: Position, away: Away | None) -> bool:
    """Whether the cube equities of ``position`` are exact rather than modelled: money
    play in a bear-off the two-sided database covers (``nardy.eval.bearoff_cube``)."""
    return away is None and bearoff_cube.applies(variant, position)


def proper_action(double: str, take: str, equities: dict[str, float]) -> str:
    """The proper cube action in one word, as players name it: ``double-take``,
    ``double-pass``, ``double-beaver``, ``no-double`` (not good enough, or no access
    to the cube) or ``too-good`` (too good to double: playing on is worth more than
    the opponent's pass)."""
    if double == "double":
        return f"double-{take}"
    if take == "pass" and equities["no_double"] > equities["double_pass"]:
        return "too-good"
    return "no-double"


def cube_verdict(
    probs: np.ndarray,
    variant: Variant,
    owner: str,
    value: int,
    away: Away | None,
    position: Position,
    x: float | None = None,
) -> tuple[str, str, dict[str, float]]:
    """``(double or no-double, take / pass / beaver, equities)`` for the side on roll
    in ``position`` with ``probs``, the cube at ``value`` owned by ``owner``
    (centre/me/them): money play (``nardy.bots.cube.money_cube``: exact in small
    bear-offs), or at the match score ``away`` — cubeful match equities
    (``nardy.bots.match_cube``), no beavers, nobody doubles in the Crawford game
    (C-4). ``x`` overrides the position's cube efficiency
    (``nardy.bots.cube.efficiency``). Equities are per unit of the current cube."""
    if away is None:
        d = money_cube(probs, owner, variant, position, x)  # type: ignore[arg-type]
        return (
            d.action,
            d.take,
            {
                "no_double": float(d.no_double),
                "double_take": float(d.double_take),
                "double_pass": float(d.double_pass),
            },
        )
    x = efficiency(variant, position) if x is None else x
    nd, dt, dp = match_cube_equities(
        probs,
        away.me,
        away.them,
        value,
        owner,
        variant,
        crawford_rule=away.crawford_rule,
        crawford_game=away.crawford_game,
        x=x,
    )
    take = "take" if dt <= dp else "pass"
    may_double = owner != "them" and not away.crawford_game
    action = "double" if may_double and min(dt, dp) > nd else "no-double"
    return (
        action,
        take,
        {"no_double": float(nd), "double_take": float(dt), "double_pass": float(dp)},
    )
