"""How strongly a level plays, on the review's scale: its error rate.

A weak level adds noise to its 0-ply evaluations (``LEVEL_SPECS``). Its error rate is
what the club's review (``nardy.bots.analysis``, 0-ply) would give it: the mean loss,
in thousandths of equity, of its choices among several plays, judged by the noiseless
0-ply ranking. It is measured against the noiseless 0-ply bot with duplicate dice, so
that a level's name can be checked against the name the review gives its play
(``bench/levels.py`` prints the table; the levels' test holds each to its name).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nardy.bots import Bot, LevelSpec
from nardy.bots.analysis import RATINGS
from nardy.plays import Play
from nardy.position import Position
from nardy.train.arena import play_match
from nardy.variants.base import Variant


class _Judged:
    """A bot whose every choice among several plays is judged by the noiseless 0-ply."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.losses: list[float] = []

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        ranked = self.bot.rank(position, dice)
        if not ranked:
            return None
        chosen = ranked[0].play
        if len(ranked) > 1:
            judged = self.bot.rank(position, dice, 0)
            mine = next(r.equity for r in judged if r.play == chosen)
            self.losses.append(max(0.0, judged[0].equity - mine))
        return chosen


@dataclass(frozen=True)
class Strength:
    """A noise's play: its error rate, the review's rating code for it, and the points
    per game (with the 95% interval's half-width) against the noiseless 0-ply."""

    decisions: int
    error: float
    rating: str
    ppg: float
    ci: float


def rating_code(error: float) -> str:
    """The review's rating code (``rating.<code>``) for an error rate."""
    return next(code for bound, code in RATINGS if error < bound)


def strength(variant: Variant, noise: float, games: int, seed: int = 7) -> Strength:
    """The play of a 0-ply bot with ``noise`` over ``games`` games (pairs of dice) of
    ``seed``: the same arguments give the same figures."""
    bot = Bot(variant, "advanced", seed=seed)
    bot.spec = LevelSpec(f"noise {noise}", 0, noise)
    judged = _Judged(bot)
    res = play_match(variant, judged, Bot(variant, "advanced"), games, seed=seed)
    err = 1000 * float(np.mean(judged.losses)) if judged.losses else 0.0
    pts = np.array(res.points) / 2
    ci = 1.96 * float(pts.std(ddof=1)) / float(np.sqrt(len(pts))) if len(pts) > 1 else 0.0
    return Strength(len(judged.losses), err, rating_code(err), float(pts.mean()), ci)
