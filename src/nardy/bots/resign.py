"""When the computer offers to resign: only when the game is lost for certain.

The computer resigns in positions its evaluation can be trusted in, and only at the
level it is certain to lose at, so a resignation never costs it anything a correct
play-on would have saved (and the opponent, a person, loses nothing by accepting):

* there is no contact left — short nardy: every checker of each side has passed all of
  the other's; long nardy: each side's checkers are all in its own last half (points
  1–12), where the two sides' paths no longer cross;
* its chance of winning is below ``CERTAIN`` (one in a thousand);
* level 1 (single game / oin) when a gammon (mars) loss is as unlikely; level 2
  (gammon / mars) when it is certain and a backgammon (koks) loss unlikely; level 3
  when a backgammon (koks) loss is certain — only under presets whose third tier the
  nets model (short ``standard``, ``koks``).

Per-checker scoring (every further checker borne off lowers the loss) and the last-roll
draw (L-DRAW, which the nets do not model) get no offers. When gammons do not count
(C-3: Jacoby, cube not turned) only level 1 is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from nardy.eval.boards import LOSE_BG, LOSE_G, WIN
from nardy.outcome import resignation
from nardy.position import BAR, Position
from nardy.variants.base import Variant

if TYPE_CHECKING:
    from nardy.bots import Bot
    from nardy.game import Game

#: The chance below which an outcome counts as impossible (and above 1 − it, certain).
CERTAIN = 1e-3
#: Scoring presets whose third tier is the nets' third output (backgammon / koks).
THIRD_TIER_MODELLED = {("short", "standard"), ("short", "koks"), ("long", "koks")}


def no_contact(variant: Variant, position: Position) -> bool:
    """Whether the two sides can no longer hit or block each other."""
    a, b = position.mine, position.theirs
    if a[BAR] or b[BAR]:
        return False
    if variant.family == "short":
        a_back = max((p for p in range(1, 25) if a[p]), default=0)
        b_back = max((p for p in range(1, 25) if b[p]), default=0)
        return a_back + b_back <= 25
    return not any(a[13:25]) and not any(b[13:25])


def certain_loss(variant: Variant, probs: np.ndarray, gammons_count: bool = True) -> int | None:
    """The resignation level (1, 2 or 3) the side with these five probabilities is
    certain to lose at, or None when the loss or its level is not certain."""
    p = np.asarray(probs, dtype=float)
    if variant.scoring == "per-checker" or variant.last_roll_draw or p[WIN] > CERTAIN:
        return None
    if not gammons_count or p[LOSE_G] < CERTAIN:
        return 1
    if p[LOSE_G] < 1.0 - CERTAIN:
        return None
    if p[LOSE_BG] < CERTAIN:
        return 2
    if p[LOSE_BG] > 1.0 - CERTAIN and (variant.family, variant.scoring) in THIRD_TIER_MODELLED:
        return 3
    return None


def match_level(
    variant: Variant,
    level: int,
    loser: tuple[int, ...],
    cube: int,
    opp_away: float | None,
    gammons_count: bool = True,
    lowest: int = 1,
) -> int:
    """The level to offer instead of a certain loss at ``level``: in a match (the
    opponent ``opp_away`` points away) the lowest level from ``lowest`` up that already
    gives him the match; in money play ``level`` itself."""
    if opp_away is None:
        return level
    for lower in range(max(1, lowest), level):
        won = resignation(variant, "white", lower, loser, gammons=gammons_count)  # any colour
        if won.with_cube(cube).value >= opp_away:
            return lower
    return level


def offer_level(bot: Bot, game: Game, opp_away: float | None = None) -> int | None:
    """The level the computer (``bot``, on roll in ``game``, before rolling) offers to
    resign at now, or None: a certain loss (:meth:`Bot.resignation`) at a level higher
    than any offer refused this game; in a match (``opp_away``: the points the opponent
    still needs) the lowest level that gives him the match when the certain loss would."""
    if game.phase != "roll":
        return None
    me = game.turn
    level = bot.resignation(game.position, game.cube.gammons_count)
    refused = game.refused.get(me, 0)
    if level is None or level <= refused:
        return None
    return match_level(
        game.variant,
        level,
        game.position.side(me),
        game.cube.value,
        opp_away,
        game.cube.gammons_count,
        lowest=refused + 1,
    )
