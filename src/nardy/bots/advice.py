"""Advice for the side to act in a game: what its checker play maximises at the score,
and the cube decision — shared by the terminal's computer and hints and the web's hints.
Cube decisions come from the engine's cube handler (``nardy.engine.bots.cube``: money
play, or the match score with the match-equity table)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from nardy.game import Game
from nardy.match import MatchScore
from nardy.plays import Play

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot


@dataclass(frozen=True)
class CubeAdvice:
    """A cube decision: ``action`` (double / no-double, or take / pass / beaver for the
    side answering), the proper action by name (``double-take``, ``double-pass``,
    ``double-beaver``, ``no-double``, ``too-good``: ``nardy.engine.bots.proper_action``)
    the equities per unit of the current cube, and whether they are exact (a money
    bear-off of the two-sided database) rather than modelled."""

    action: str
    proper: str
    no_double: float
    double_take: float
    double_pass: float
    exact: bool = False


def play_objective(game: Game, score: MatchScore | None = None) -> tuple[np.ndarray, float] | None:
    """What checker play maximises for the side to move (``nardy.bots.game_objective``):
    the match equity at the score (C-4), single games when gammons do not count (C-3),
    else None (cubeless money equity)."""
    from nardy.bots import game_objective

    away = score.away(game.position.turn) if score is not None else None
    return game_objective(
        game.variant,
        game.cube.value,
        game.cube.gammons_count,
        away,
        crawford_rule=score.crawford if score else True,
    )


def rank_at_score(
    bot: Bot,
    game: Game,
    score: MatchScore | None = None,
    plies: int | None = None,
    *,
    settle: bool = True,
) -> list[tuple[Play, float]]:
    """The segment's legal plays best first (``nardy.bots.segments.rank_plays``) by
    what they are worth at the score (:func:`play_objective`)."""
    from nardy.bots.segments import rank_plays

    return rank_plays(bot.playing_for(play_objective(game, score)), game, plies, settle=settle)


def cube_advice(game: Game, score: MatchScore, level: str) -> CubeAdvice:
    """The cube decision for the side to act: before a roll (double or not) or, with a
    double offered, the answer (take, pass, or beaver where the rules allow it)."""
    from nardy.engine.bots import cube as engine_cube
    from nardy.notation.position_json import position_to_json

    cube = game.cube
    request: dict[str, Any] = {
        "variant": game.variant.name,
        "options": game.variant.options(),
        "position": position_to_json(game.position),
        "cube": {"value": cube.value, "owner": cube.owner, "offered_by": cube.offered_by},
        "level": level,
    }
    if score.away(game.turn) is not None:
        request["match"] = {
            "length": score.length,
            "score": {"white": score.white, "black": score.black},
            "crawford": score.crawford,
            "crawford_game": cube.crawford,
        }
    answer = engine_cube(request)
    action, proper = str(answer["action"]), str(answer["proper"])
    if action == "beaver" and cube.may_beaver() is not None:
        action = "take"
    if proper == "double-beaver" and not (cube.rules.money and cube.rules.beavers):
        proper = "double-take"
    eq = answer["equities"]
    value = cube.value
    return CubeAdvice(
        action,
        proper,
        eq["no_double"] / value,
        eq["double_take"] / value,
        eq["double_pass"] / value,
        bool(answer["exact"]),
    )
