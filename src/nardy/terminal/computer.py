"""The computer in the terminal: its levels by name, the opponent
(``nardy.bots.opponent.Opponent``: plays, cube and resignations for the match score) and
the bot that ranks plays for hints."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.bots.advice import CubeAdvice, MatchScore, cube_advice, rank_at_score
from nardy.bots.opponent import Opponent
from nardy.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot

__all__ = [
    "CubeAdvice",
    "MatchScore",
    "Opponent",
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
    from nardy.bots import LEVEL_NAMES_RU, LEVELS

    return f"{LEVEL_NAMES_RU[name]}, {LEVELS[name]}" if lang == "ru" else f"{name}, {LEVELS[name]}"


_hint_bots: dict[Variant, Bot] = {}


def hint_bot(variant: Variant) -> Bot:
    """The bot that ranks plays for hints (made once per variant)."""
    bot = _hint_bots.get(variant)
    if bot is None:
        from nardy.bots import Bot

        bot = _hint_bots[variant] = Bot(variant, HINT_LEVEL)
    return bot
