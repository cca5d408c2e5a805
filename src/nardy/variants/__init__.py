"""Registry of the games nardy knows, found by English or Russian name."""

from __future__ import annotations

from nardy.errors import UnknownVariantError
from nardy.variants.base import OPTION_VALUES, OptionError, Variant

__all__ = ["OPTION_VALUES", "OptionError", "Variant", "VARIANTS", "find_variant"]


def _side(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    return tuple(side)


SHORT_START = _side({24: 2, 13: 5, 8: 3, 6: 5})  # S-1
LONG_START = _side({24: 15})  # L-1

SHORT = Variant(
    name="short",
    family="short",
    title_en="Short nardy (backgammon)",
    title_ru="Короткие нарды",
    start=SHORT_START,
    aliases=("backgammon", "bg", "короткие", "короткие нарды", "нарды короткие", "тавла"),
)
SHORT_RU = Variant(
    name="short-ru",
    family="short",
    title_en="Russian short nardy (no hit-and-hide)",
    title_ru="Короткие нарды (русские)",
    start=SHORT_START,
    aliases=("short-russian", "русские короткие", "короткие русские"),
    no_hit_and_hide=True,  # S-6
)
SHORT_CAUCASIAN = Variant(
    name="short-caucasian",
    family="short",
    title_en="Caucasian short nardy",
    title_ru="Короткие кавказские нарды",
    start=SHORT_START,
    aliases=("caucasian", "кавказские", "короткие кавказские"),
    hit_in_own_home=False,  # S-7
)
LONG = Variant(
    name="long",
    family="long",
    title_en="Long nardy",
    title_ru="Длинные нарды",
    start=LONG_START,
    aliases=("long-nardy", "длинные", "длинные нарды", "нарды", "classic", "классические"),
    head_limit=1,  # L-HEAD-1
    opening="reroll",
)
NARDGAMMON = Variant(
    name="nardgammon",
    family="long",
    title_en="Nardgammon",
    title_ru="Нардгаммон",
    start=LONG_START,
    aliases=("нардгаммон",),
    head_limit=1,
    opening="reroll",
    block_check="every-move",  # V-NG
)

VARIANTS: dict[str, Variant] = {
    v.name: v for v in (SHORT, SHORT_RU, SHORT_CAUCASIAN, LONG, NARDGAMMON)
}

_ALIASES: dict[str, Variant] = {}
for _v in VARIANTS.values():
    for _name in (_v.name, *_v.aliases):
        _ALIASES[_name.casefold()] = _v


def find_variant(name: str) -> Variant:
    """The registered variant called ``name`` (case-insensitive, English or Russian)."""
    key = " ".join(str(name).split()).casefold()
    try:
        return _ALIASES[key]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise UnknownVariantError(f"unknown variant {name!r} (known: {known})") from None
