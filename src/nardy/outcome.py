"""Game results: who won and how much (RULES.md S-5, L-3, L-DRAW)."""

from __future__ import annotations

from dataclasses import dataclass

from nardy.position import BAR, CHECKERS, OFF, Color
from nardy.variants.base import Variant

#: Result kinds with their English and Russian names.
KIND_NAMES: dict[str, tuple[str, str]] = {
    "single": ("single game", "простая победа (оин)"),
    "gammon": ("gammon", "марс"),
    "backgammon": ("backgammon", "кокс"),
    "oin": ("oin (single)", "оин"),
    "mars": ("mars", "марс"),
    "draw": ("draw", "ничья"),
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``winner`` (None for a draw), result ``kind`` and ``points``
    before the cube (a draw gives each side ``points``)."""

    winner: Color | None
    kind: str
    points: float

    def describe(self, lang: str = "en") -> str:
        """A short human description, English or Russian."""
        name = KIND_NAMES[self.kind][1 if lang == "ru" else 0]
        if self.winner is None:
            return name
        return f"{name}: {self.points:g}"


def score_game(
    variant: Variant, winner_side: tuple[int, ...], loser_side: tuple[int, ...], winner: Color
) -> Outcome:
    """Score a finished game from the winner's and loser's checkers (own numbering)."""
    assert winner_side[OFF] == CHECKERS
    if variant.family == "short":
        if loser_side[OFF]:
            return Outcome(winner, "single", 1)
        # S-5: backgammon when a loser checker is on the bar or in the winner's home,
        # which is the loser's points 19..24.
        if loser_side[BAR] or any(loser_side[19:25]):
            return Outcome(winner, "backgammon", 3)
        return Outcome(winner, "gammon", 2)
    if loser_side[OFF]:
        return Outcome(winner, "oin", 1)
    return Outcome(winner, "mars", 2)


def draw(variant: Variant) -> Outcome:
    """L-DRAW: the drawn game, ½ or 1 point to each side by ``draw_score``."""
    return Outcome(None, "draw", 0.5 if variant.draw_score == "half" else 1)
