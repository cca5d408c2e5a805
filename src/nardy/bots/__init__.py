"""Computer players: ``Bot(variant, level)`` chooses plays and evaluates positions.

Levels (``LEVELS``), weakest first — weak levels make human-like mistakes by adding
noise to the evaluations (a play that *looks* about as good), never random moves. The
noise is set so that the club's review names each weak level's play as the level is
named (``nardy.train.calibration``; ``bench/levels.py`` measures it: the beginner's
error rate reads "beginner", 26–35 thousandths a decision):

====  ============  ======  ==========================================
 int  name          search  equity noise (standard deviation)
====  ============  ======  ==========================================
 0    beginner      0-ply   0.10
 1    casual        0-ply   0.07
 2    intermediate  0-ply   0.05
 3    advanced      0-ply   none
 4    expert        1-ply   none
 5    strongest     2-ply   none (filtered: 8 → 3 → best)
====  ============  ======  ==========================================

Every level offers to resign only a game it is certain to lose (``Bot.resignation``,
``nardy.bots.resign``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nardy.bots.cube import CubeDecision, Owner, money_cube
from nardy.bots.resign import certain_loss, no_contact
from nardy.bots.search import RankedPlay, Search, money_objective
from nardy.eval import Evaluator, evaluator_for, money_equity
from nardy.i18n import t
from nardy.plays import Play
from nardy.position import Position
from nardy.variants import Variant, find_variant

__all__ = [
    "Bot",
    "LEVELS",
    "LevelSpec",
    "LEVEL_SPECS",
    "game_objective",
    "level_spec",
    "money_objective",
    "RankedPlay",
    "Search",
]

LEVELS: dict[str, int] = {
    "beginner": 0,
    "casual": 1,
    "intermediate": 2,
    "advanced": 3,
    "expert": 4,
    "strongest": 5,
}


@dataclass(frozen=True)
class LevelSpec:
    """What a level does: search depth and evaluation noise."""

    name: str
    plies: int
    noise: float


LEVEL_SPECS: tuple[LevelSpec, ...] = (
    LevelSpec("beginner", 0, 0.10),
    LevelSpec("casual", 0, 0.07),
    LevelSpec("intermediate", 0, 0.05),
    LevelSpec("advanced", 0, 0.0),
    LevelSpec("expert", 1, 0.0),
    LevelSpec("strongest", 2, 0.0),
)


def level_spec(level: int | str) -> LevelSpec:
    """The spec of a level given by number (0..5) or name (English or Russian)."""
    if isinstance(level, str):
        key = level.strip().casefold()
        for name in LEVELS:  # a Russian name (the catalogue's level.<name>)
            if key == t(f"level.{name}", "ru"):
                key = name
        if key.isdigit():
            return level_spec(int(key))
        if key not in LEVELS:
            raise ValueError(
                f"unknown level {level!r} (known: {', '.join(LEVELS)} or 0..{len(LEVELS) - 1})"
            )
        return LEVEL_SPECS[LEVELS[key]]
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level < len(LEVEL_SPECS):
        raise ValueError(f"level must be 0..{len(LEVEL_SPECS) - 1} or a name, not {level!r}")
    return LEVEL_SPECS[level]


def game_objective(
    variant: Variant,
    cube_value: int = 1,
    gammons_count: bool = True,
    away: tuple[int, int] | None = None,
    crawford_rule: bool = True,
) -> tuple[np.ndarray, float] | None:
    """What checker play maximises in a game: at a match score (``away``: the points
    the mover and the opponent still need) its match equity (C-4); when gammons do not
    count (Jacoby with the cube in the centre, C-3) single games only; else ``None``
    (cubeless money equity, the bot's default)."""
    if away is not None:
        from nardy.eval.match import match_objective

        return match_objective(away[0], away[1], cube_value, variant, crawford_rule=crawford_rule)
    if not gammons_count:
        return money_objective(variant, gammons=False)
    return None


class Bot:
    """A computer player for one variant at one strength level."""

    def __init__(
        self,
        variant: Variant | str,
        level: int | str = "strongest",
        seed: int | None = None,
        *,
        evaluator: Evaluator | None = None,
        objective: tuple[np.ndarray, float] | None = None,
    ) -> None:
        self.variant = find_variant(variant) if isinstance(variant, str) else variant
        self.spec = level_spec(level)
        self.level = LEVELS[self.spec.name]
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.evaluator = evaluator or evaluator_for(self.variant)
        self.search = Search(self.variant, self.evaluator, objective=objective)

    def playing_for(self, objective: tuple[np.ndarray, float] | None) -> Bot:
        """This bot (same level and net) choosing plays by another linear objective of
        the probabilities (:func:`game_objective`); ``None``: this bot itself."""
        if objective is None:
            return self
        return Bot(
            self.variant, self.spec.name, self.seed, evaluator=self.evaluator, objective=objective
        )

    def __repr__(self) -> str:
        return f"Bot({self.variant.name!r}, level={self.spec.name!r}, eval={self.evaluator.name})"

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plies: int | None = None,
        *,
        settle: bool = False,
    ) -> list[RankedPlay]:
        """Legal plays ranked best first at this level (or at ``plies`` without noise;
        ``settle``: the best play at ``plies`` even when it was the only one left)."""
        if plies is not None:
            return self.search.rank(position, dice, plies, settle=settle)
        return self.search.rank(
            position, dice, self.spec.plies, noise=self.spec.noise, rng=self.rng
        )

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """The play this bot makes (a legal play), or None when nothing can be played."""
        ranked = self.rank(position, dice)
        return ranked[0].play if ranked else None

    def evaluate(self, positions: Sequence[Position], plies: int | None = None) -> np.ndarray:
        """(N, 5) probabilities from each position's side on roll, at this level's depth
        (or ``plies``); finished games get their exact result."""
        depth = self.spec.plies if plies is None else plies
        if not positions:
            return np.zeros((0, 5))
        return np.stack([self.search.value(p, depth) for p in positions])

    def equity(self, positions: Sequence[Position], plies: int | None = None) -> np.ndarray:
        """Cubeless money equity (variant scoring) of each position for its side on roll."""
        return money_equity(self.evaluate(positions, plies), self.variant)

    def resignation(self, position: Position, gammons_count: bool = True) -> int | None:
        """The level this bot offers to resign at, the side on roll in ``position``
        (``nardy.bots.resign``): only a loss certain by its 0-ply evaluation, with no
        contact left; None: play on."""
        if not no_contact(self.variant, position):
            return None
        return certain_loss(self.variant, self.evaluate([position], 0)[0], gammons_count)

    def cube(
        self, position: Position, owner: Owner = "centre", plies: int | None = None
    ) -> CubeDecision:
        """Doubling decision for the side on roll (before rolling), money play."""
        if owner not in ("centre", "me", "them"):
            raise ValueError(f"cube owner must be centre, me or them, not {owner!r}")
        probs = self.evaluate([position], plies)[0]
        return money_cube(probs, owner, self.variant, position)
