"""The computer in the terminal: its levels by name, the cube and play hints, and the
bot that ranks plays for hints (the opponent itself is ``nardy.bots.opponent.Opponent``).

The bots (and numpy under them) are loaded on first use: two people playing at one
keyboard never load them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.i18n import t
from nardy.match import MatchScore
from nardy.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot
    from nardy.bots.advice import CubeAdvice
    from nardy.game import Game
    from nardy.plays import Play

__all__ = [
    "MatchScore",
    "cube_advice",
    "hint_bot",
    "level_name",
    "level_names",
    "level_title",
    "rank_at_score",
]

#: Deepest search a hint may ask for.
MAX_HINT_PLIES = 2
#: The level whose evaluator ranks plays for hints (the depth is the hint's own).
HINT_LEVEL = "advanced"


def level_name(level: int | str) -> str:
    """The canonical name of a bot level given as a number or a name (EN or RU);
    raises ``ValueError`` for an unknown level."""
    from nardy.bots import level_spec

    return level_spec(level).name


def level_names() -> list[str]:
    """All level names, weakest first."""
    from nardy.bots import LEVELS

    return list(LEVELS)


def level_title(name: str, lang: str) -> str:
    """A level's name for display, in ``lang``."""
    from nardy.bots import LEVELS

    return f"{t(f'level.{name}', lang)}, {LEVELS[name]}"


_hint_bots: dict[Variant, Bot] = {}


def hint_bot(variant: Variant) -> Bot:
    """The bot that ranks plays for hints (made once per variant)."""
    bot = _hint_bots.get(variant)
    if bot is None:
        from nardy.bots import Bot

        bot = _hint_bots[variant] = Bot(variant, HINT_LEVEL)
    return bot


def cube_advice(game: Game, score: MatchScore, level: str) -> CubeAdvice:
    """The cube decision for the side to act (``nardy.bots.advice.cube_advice``)."""
    from nardy.bots.advice import cube_advice as advise

    return advise(game, score, level)


def rank_at_score(
    bot: Bot, game: Game, score: MatchScore | None = None, plies: int | None = None
) -> list[tuple[Play, float]]:
    """The legal plays best first at the match score (``nardy.bots.advice.rank_at_score``)."""
    from nardy.bots.advice import rank_at_score as rank

    return rank(bot, game, score, plies)
