"""Rollouts: a position (or the position after each candidate play, or both sides of a
cube decision) played out many times by a bot, the results averaged.

**Trials.** Trial ``i`` is one game from the start, played by ``Bot(variant, level)``
for both sides (0-ply ``advanced`` by default) through :class:`nardy.game.Game`, so
every variant's turns are its own (RULES.md §5: crazy sequences, gulbara re-rolls,
passed moves; L-DRAW's last roll). Cubeless, the cube stays out of play; cubeful, the
bots double, take, pass and beaver as they do in games (``nardy.bots.advice.
cube_advice``: Janowski's model for money and for a match score, exact in small
money bear-offs). A game may stop early: after ``truncate`` rolls, or when both sides
are bearing off and the exact bear-off database (``nardy.eval.bearoff``) prices the
position; it is then worth its 0-ply evaluation (cubeful: the bots' cubeful equity of
it). Results are from the root's side — the side on roll at the start, or the side
that played the candidate play — in money points per unit of the start's cube, or at
a match score in match equity ``2·MWC − 1``.

**Dice.** Quasi-random (:mod:`nardy.rollout.dice`): over every 36 trials the first
roll takes each of the 36 values once, over every 1,296 each (first, second) pair
once; later rolls come from a generator seeded with ``(seed, i)``. A trial's dice
depend on the seed and ``i`` only, so the same games are played on one process or
many (``runner``), and every candidate play of a roll is rolled out on the same dice.

**Variance reduction** (gnubg's luck adjustment, with the 0-ply evaluator). Before
each roll ``r`` of side ``S`` in position ``x``, let ``f(x, r)`` be the 0-ply
probabilities, from ``S``'s side, of the position after ``S``'s best 0-ply play of
``r`` (in the §5 variants a double's whole turn: the crazy sequence's higher doubles
and the moves passed, each segment played greedily at 0 ply, up to a re-roll), and
``E(·)`` the equity of
probabilities under what ``S``'s play maximises (money, single games, or the match
equity at the score; times the cube in money play). The luck of the roll is::

    luck(x, r) = E(f(x, r)) − Σ_{r' of the 21 rolls} (w(r') / 36) · E(f(x, r'))

(``w`` = 1 for a double, 2 otherwise), counted for the root with the sign of ``S``.
A trial's adjusted result is its result minus the sum of its rolls' luck, and each of
the five probabilities likewise (``f − Σ w f / 36``, seen from the root). Whatever
``f`` is, every luck term has expectation zero given the game so far (the roll is
uniform and independent of it), so the adjusted mean is unbiased; the closer ``E(f)``
follows the game's real value, the more of the dice's noise it cancels — and an
evaluator that does not know the variant cancels little or adds noise (full games of
crazy nardy with the classic long net: no gain, ``bench/rollout.py``).

**Result.** The mean of the adjusted results with its standard error and 95%
interval (``1.96 · sd / √n`` over the trials), the five probabilities likewise, the
unadjusted mean of the same games, and the number of games (``Plan``: at most
``games``; with ``target_ci`` the rollout stops after the first batch that brings the
interval's half-width to it).
"""

from nardy.match import MatchScore
from nardy.rollout.run import (
    BATCH,
    CubeRollout,
    InProcess,
    Plan,
    PlayRollout,
    Runner,
    candidate_plays,
    rollout_cube,
    rollout_plays,
    rollout_position,
    run,
    start_cube,
)
from nardy.rollout.stats import Estimate, RolloutResult
from nardy.rollout.trial import Start, TrialSettings

__all__ = [
    "BATCH",
    "CubeRollout",
    "Estimate",
    "InProcess",
    "MatchScore",
    "Plan",
    "PlayRollout",
    "RolloutResult",
    "Runner",
    "Start",
    "TrialSettings",
    "candidate_plays",
    "rollout_cube",
    "rollout_plays",
    "rollout_position",
    "run",
    "start_cube",
]
