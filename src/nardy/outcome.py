"""Game results: who won, which result tier and how many points (RULES.md S-5, L-3,
L-DRAW, C-1, C-2).

A finished game is classified into one of the **tiers** of the variant's ``scoring``
preset (C-2): the loser's checkers decide which tier applies, the highest one that
does. Each preset lists its tiers in order; tier *k* is also what a resignation of
level *k* concedes (``resignation``)::

    preset       short nardy                         long nardy
    standard     single 1, gammon 2, backgammon 3     oin 1, mars 2
    koks         single 1, gammon 2, backgammon 3     oin 1, mars 2, koks 3
    home-mars    single 1, gammon 2, home-mars 3      oin 1, mars 2, home-mars 3
    four-tier    single 1, gammon 2, home-mars 3,     oin 1, mars 2, home-mars 3,
                 backgammon 4                         koks 4
    per-checker  one point per checker not borne off, times the tier multiplier of
                 the ``per_checker_multipliers`` preset ("none": ×1)

``Outcome.points`` is the result before the cube; ``Outcome.value`` is what the
winner scores (``points × cube``, C-1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from nardy.errors import IllegalMoveError
from nardy.i18n import t
from nardy.position import BAR, CHECKERS, OFF, Color
from nardy.variants.base import Variant

#: Result kinds with their English and Russian names.
KIND_NAMES: dict[str, tuple[str, str]] = {
    "single": ("single game", "простая победа (ойн)"),
    "gammon": ("gammon", "марс"),
    "backgammon": ("backgammon", "кокс"),
    "oin": ("oin (single)", "ойн"),
    "mars": ("mars", "марс"),
    "koks": ("koks", "кокс"),
    "home-mars": ("home mars", "домашний марс"),
    "draw": ("draw", "ничья"),
}

#: Why a game ended, with English and Russian names.
REASON_NAMES: dict[str, tuple[str, str]] = {
    "bear-off": ("borne off", "все шашки выброшены"),
    "resign": ("resignation", "сдача"),
    "drop": ("double refused", "отказ от удвоения"),
    "frozen": ("no side can ever move", "ни одна сторона больше не может ходить"),
}

SCHEMES = ("standard", "koks", "home-mars", "four-tier", "per-checker")
MULTIPLIER_SCHEMES = ("none", "standard", "koks", "home-mars", "four-tier")


@dataclass(frozen=True, slots=True)
class Tier:
    """One result tier of a scoring preset: its kind and its points before the cube."""

    kind: str
    points: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: ``winner`` (None for a draw), result ``kind``, ``points``
    before the cube (a draw gives each side ``points``), the ``cube`` value and the
    ``reason`` the game ended ("bear-off", "resign" or "drop")."""

    winner: Color | None
    kind: str
    points: float
    cube: int = 1
    reason: str = "bear-off"

    @property
    def value(self) -> float:
        """What the winner scores (each side, for a draw): points × cube (C-1)."""
        return self.points * self.cube

    def with_cube(self, cube: int) -> Outcome:
        """The same result played for a cube of value ``cube``."""
        return replace(self, cube=cube)

    def describe(self, lang: str = "en", checkers: int | None = None) -> str:
        """A short human description, English or Russian. ``checkers``: under C-2
        per-checker scoring, the loser's checkers not borne off that the points count
        ("15 checkers left: 15"; a tier's multiplier after them, "× 2 (mars)")."""
        ru = lang == "ru"
        name = KIND_NAMES[self.kind][1 if ru else 0]
        if self.winner is None:
            return name if self.cube == 1 else f"{name}: {self.value:g}"
        if checkers:
            times = self.points / checkers
            name = checkers_text(checkers, lang) + (f" × {times:g} ({name})" if times != 1 else "")
        text = f"{name}: {self.value:g}"
        if self.cube != 1:
            text += f" ({self.points:g} × {self.cube})"
        if self.reason != "bear-off":
            text += f", {REASON_NAMES[self.reason][1 if ru else 0]}"
        return text


def checkers_text(n: int, lang: str = "en") -> str:
    """``n`` checkers not borne off, in words (C-2 per-checker scoring counts them)."""
    return t("result.checkers-left", lang, n=n)


def per_checker_count(variant: Variant, loser_side: tuple[int, ...]) -> int | None:
    """Under C-2 per-checker scoring, the loser's checkers not borne off (what the
    points count); None under a tier scheme."""
    return CHECKERS - loser_side[OFF] if variant.scoring == "per-checker" else None


# -- tiers ---------------------------------------------------------------------------


def _kinds(family: str) -> dict[str, str]:
    if family == "short":
        return {"single": "single", "mars": "gammon", "koks": "backgammon"}
    return {"single": "oin", "mars": "mars", "koks": "koks"}


def scheme_tiers(scheme: str, family: str) -> tuple[Tier, ...]:
    """The tiers of a tier preset (C-2) in order, tier 1 first."""
    k = _kinds(family)
    single, mars, koks = Tier(k["single"], 1), Tier(k["mars"], 2), k["koks"]
    if scheme == "standard":
        return (single, mars, Tier(koks, 3)) if family == "short" else (single, mars)
    if scheme == "koks":
        return (single, mars, Tier(koks, 3))
    if scheme == "home-mars":
        return (single, mars, Tier("home-mars", 3))
    if scheme == "four-tier":
        return (single, mars, Tier("home-mars", 3), Tier(koks, 4))
    if scheme == "none":
        return (single,)
    raise ValueError(f"unknown scoring preset {scheme!r}")


def multiplier_scheme(variant: Variant) -> str:
    """The tier preset whose multipliers apply to per-checker scoring ("none": ×1)."""
    return str(getattr(variant, "per_checker_multipliers", "none"))


def tiers(variant: Variant) -> tuple[Tier, ...]:
    """The variant's result tiers; for per-checker scoring, the multiplier tiers."""
    if variant.scoring == "per-checker":
        return scheme_tiers(multiplier_scheme(variant), variant.family)
    return scheme_tiers(variant.scoring, variant.family)


def _all_home(side: tuple[int, ...]) -> bool:
    """Every checker still in play is on points 1–6 (the bar counts as outside)."""
    return not any(side[7:26])


def _koks_condition(scheme: str, family: str, loser: tuple[int, ...]) -> bool:
    if scheme == "four-tier" and family == "short":
        return bool(loser[BAR])  # C-2 four-tier: (short) a checker still on the bar
    # S-5 / C-2 koks: a checker on the bar or in the starting quarter (own points 19-24),
    # which in short nardy is the winner's home.
    return bool(loser[BAR]) or any(loser[19:25])


def tier_level(scheme: str, family: str, loser: tuple[int, ...]) -> int:
    """Which tier (1-based) of ``scheme`` a loser with these checkers falls into."""
    if loser[OFF] or scheme == "none":
        return 1
    if scheme == "standard":
        if family == "short" and _koks_condition(scheme, family, loser):
            return 3
        return 2
    if scheme == "koks":
        return 3 if _koks_condition(scheme, family, loser) else 2
    if scheme == "home-mars":
        return 3 if _all_home(loser) else 2
    if scheme == "four-tier":
        if _koks_condition(scheme, family, loser):
            return 4
        return 3 if _all_home(loser) else 2
    raise ValueError(f"unknown scoring preset {scheme!r}")


def _points(variant: Variant, level: int, loser: tuple[int, ...]) -> tuple[str, float]:
    tier = tiers(variant)[level - 1]
    if variant.scoring == "per-checker":
        # C-2 per-checker: one point per checker not borne off, times the tier multiplier.
        return tier.kind, (CHECKERS - loser[OFF]) * tier.points
    return tier.kind, tier.points


# -- results ---------------------------------------------------------------------------


def score_game(
    variant: Variant,
    winner_side: tuple[int, ...],
    loser_side: tuple[int, ...],
    winner: Color,
    *,
    gammons: bool = True,
) -> Outcome:
    """Score a finished game from the winner's and loser's checkers (own numbering).

    With ``gammons=False`` (C-3 ``gammons_with_cube`` off, or Jacoby with the cube not
    turned) only the first tier is scored.
    """
    assert winner_side[OFF] == CHECKERS
    scheme = multiplier_scheme(variant) if variant.scoring == "per-checker" else variant.scoring
    level = tier_level(scheme, variant.family, loser_side) if gammons else 1
    kind, points = _points(variant, level, loser_side)
    return Outcome(winner, kind, points)


def resignation(
    variant: Variant,
    winner: Color,
    level: int,
    loser_side: tuple[int, ...],
    *,
    gammons: bool = True,
) -> Outcome:
    """The result of an accepted resignation of ``level`` (1 single, 2 gammon/mars, …:
    the variant's tiers) by the side with ``loser_side``."""
    check_resign_level(variant, level)
    kind, points = _points(variant, level if gammons else 1, loser_side)
    return Outcome(winner, kind, points, reason="resign")


def check_resign_level(variant: Variant, level: object) -> int:
    """Raise ``IllegalMoveError`` unless ``level`` is a resignation level of the variant."""
    n = len(tiers(variant))
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= n:
        names = ", ".join(f"{i} {t.kind}" for i, t in enumerate(tiers(variant), start=1))
        raise IllegalMoveError("resign-level", n=n, names=names, level=repr(level))
    return level


def dropped(variant: Variant, winner: Color, cube_value: int) -> Outcome:
    """C-3: the side that refused a double loses one game at the cube before the double."""
    return Outcome(winner, tiers(variant)[0].kind, 1, cube=cube_value, reason="drop")


def frozen() -> Outcome:
    """A game neither side can ever move in again (a gap of V-CRAZY's rules: home
    moves forbidden, bear-off only when all are home): void, no points either way."""
    return Outcome(None, "draw", 0, reason="frozen")


def draw(variant: Variant) -> Outcome:
    """L-DRAW: the drawn game, ½ or 1 point to each side by ``draw_score``."""
    return Outcome(None, "draw", 0.5 if variant.draw_score == "half" else 1)
