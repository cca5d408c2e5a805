"""Advice for the side to act in a game: what its checker play maximises at the score,
and the cube decision — shared by the terminal's computer and hints and the web's hints.
Cube decisions come from ``nardy.bots.verdict`` (money play, exact in small bear-offs,
or the match score with the match-equity table), as the engine's ``cube`` answers."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from nardy.bots.verdict import Away, cube_verdict, exact_cube, proper_action
from nardy.game import Game
from nardy.match import MatchScore
from nardy.plays import Play
from nardy.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot


@dataclass(frozen=True)
class CubeAdvice:
    """A cube decision: ``action`` (double / no-double, or take / pass / beaver for the
    side answering), the proper action by name (``double-take``, ``double-pass``,
    ``double-beaver``, ``no-double``, ``too-good``: ``nardy.bots.verdict.proper_action``)
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


@lru_cache(maxsize=64)
def _bot(variant: Variant, level: str) -> Bot:
    from nardy.bots import Bot

    return Bot(variant, level, seed=0)


def cube_advice(game: Game, score: MatchScore, level: str) -> CubeAdvice:
    """The cube decision for the side to act: before a roll (double or not) or, with a
    double offered, the answer (take, pass, or beaver where the rules allow it). Judged
    from the side on roll (the doubler) at the level's depth, as the engine's ``cube``."""
    from nardy.bots import level_spec

    cube = game.cube
    position = game.position
    owner = "centre" if cube.owner is None else "me" if cube.owner == position.turn else "them"
    sides = score.away(position.turn)
    away = None
    if sides is not None:
        away = Away(sides[0], sides[1], score.crawford, bool(cube.crawford))
    spec = level_spec(level)
    probs = _bot(game.variant, spec.name).evaluate([position], spec.plies)[0]
    action, take, equities = cube_verdict(probs, game.variant, owner, cube.value, away, position)
    proper = proper_action(action, take, equities)
    if cube.offered_by is not None:
        action = take
    if action == "beaver" and cube.may_beaver() is not None:
        action = "take"
    if proper == "double-beaver" and not (cube.rules.money and cube.rules.beavers):
        proper = "double-take"
    return CubeAdvice(
        action,
        proper,
        equities["no_double"],
        equities["double_take"],
        equities["double_pass"],
        exact_cube(game.variant, position, away),
    )
