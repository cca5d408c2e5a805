"""The computer opponent: ``nardy.bots.Bot`` when installed, else the first legal play."""

from __future__ import annotations

import importlib
from typing import Any

from nardy.plays import Play, legal_plays
from nardy.position import Position
from nardy.variants import Variant

DEFAULT_LEVEL = "medium"


class Computer:
    """Chooses plays for the computer side; bots are made once per (variant, level)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[Any, str], Any] = {}

    @staticmethod
    def _module() -> Any | None:
        try:
            return importlib.import_module("nardy.bots")
        except ImportError:
            return None

    def levels(self) -> list[str]:
        """Strength levels on offer (``first-legal`` when no bot is installed)."""
        mod = self._module()
        if mod is None or not hasattr(mod, "Bot"):
            return ["first-legal"]
        levels = getattr(mod, "LEVELS", None)
        if isinstance(levels, dict):
            return [str(k) for k in levels]
        if isinstance(levels, list | tuple):
            return [str(k) for k in levels]
        return [DEFAULT_LEVEL]

    def choose(
        self, variant: Variant, level: str | None, position: Position, dice: tuple[int, ...]
    ) -> Play | str:
        """The play the computer makes with ``dice`` in ``position`` (a plain roll: two
        dice, a double written twice; other dice lists get the first legal play)."""
        mod = self._module()
        plain = len(dice) == 2
        if plain and mod is not None and hasattr(mod, "Bot") and level != "first-legal":
            key = (variant, level or DEFAULT_LEVEL)
            bot = self._bots.get(key)
            if bot is None:
                bot = self._bots[key] = mod.Bot(variant, level or DEFAULT_LEVEL)
            choice = bot.choose(position, (dice[0], dice[1]))
            if choice is not None:
                return choice
        return legal_plays(variant, position, dice)[0]
