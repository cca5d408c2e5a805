"""Registry of the games nardy knows, found by English or Russian name."""

from __future__ import annotations

from nardy.errors import UnknownVariantError
from nardy.variants.base import OPTION_VALUES, OptionError, OptionNotTakenError, Variant

__all__ = [
    "OPTION_VALUES",
    "OptionError",
    "OptionNotTakenError",
    "Variant",
    "VARIANTS",
    "find_variant",
]


def _side(points: dict[int, int]) -> tuple[int, ...]:
    side = [0] * 26
    for p, n in points.items():
        side[p] = n
    return tuple(side)


SHORT_START = _side({24: 2, 13: 5, 8: 3, 6: 5})  # S-1
LONG_START = _side({24: 15})  # L-1
KHACHAPURI_START = _side({6: 11, 24: 4})  # V-KHACH

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

CRAZY = Variant(
    name="crazy",
    family="long",
    title_en="Crazy nardy",
    title_ru="Бешеные нарды",
    start=LONG_START,
    aliases=("бешеные", "бешеные нарды"),
    head_limit=1,
    opening="reroll",
    doubles_sequence=True,  # V-CRAZY
    sequence_stops_home=True,
    exact_bearoff=True,
    home_moves="never",
)
GULBARA = Variant(
    name="gulbara",
    family="long",
    title_en="Gulbara",
    title_ru="Гюльбар",
    start=LONG_START,
    aliases=("gul-bara", "gülbahar", "гюльбар", "гюльбара"),
    head_limit=1,
    opening="reroll",
    reroll_on_full_double=True,  # V-GUL
    pass_unplayed=True,
    unstartable_double_passes=True,
)
CRAZY_GULBARA = Variant(
    name="crazy-gulbara",
    family="long",
    title_en="Crazy gulbara",
    title_ru="Бешеный гюльбар",
    start=LONG_START,
    aliases=("бешеный гюльбар",),
    head_limit=1,
    opening="reroll",
    doubles_sequence=True,  # V-CGUL
    pass_unplayed=True,
    unstartable_double_passes=True,
    sequence_stops_home=True,
    extra_double_on_entry=True,
    home_moves="until-all-home",
    own_options=frozenset({"crazy_moves_per_double"}),  # V-CGUL alone
)
KHACHAPURI = Variant(
    name="khachapuri",
    family="long",
    title_en="Khachapuri (Tbilisi nardy)",
    title_ru="Хачапури",
    start=KHACHAPURI_START,
    aliases=("хачапури", "tbilisi", "тбилисские", "тбилисские нарды"),
    head_limit=0,  # any number may leave the head
    opening="reroll",
    reroll_on_full_double=True,  # V-KHACH: gulbara rules
    pass_unplayed=True,
    unstartable_double_passes=True,
    scoring="per-checker",
)
FEVGA = Variant(
    name="fevga",
    family="long",
    title_en="Fevga",
    title_ru="Февга",
    start=LONG_START,
    aliases=("févga", "февга"),
    head_limit=0,  # V-FEVGA: the runner rule replaces the head limit
    opening="reroll",
    first_turn_exception=False,
    fevga_runner=True,
    block_rule="fevga",
)
FEVGA_GIUL = Variant(
    name="fevga-giul",
    family="long",
    title_en="Fevga giul (crazy fevga)",
    title_ru="Февга бешеная (гюль)",
    start=LONG_START,
    aliases=("giul", "fevga бешеные", "февга бешеные"),
    head_limit=0,
    opening="reroll",
    first_turn_exception=False,
    fevga_runner=True,
    block_rule="fevga",
    doubles_sequence=True,  # V-GIUL
    pass_unplayed=True,
    sequence_stops_home=True,
)

VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        SHORT,
        SHORT_RU,
        SHORT_CAUCASIAN,
        LONG,
        NARDGAMMON,
        CRAZY,
        GULBARA,
        CRAZY_GULBARA,
        KHACHAPURI,
        FEVGA,
        FEVGA_GIUL,
    )
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
        raise UnknownVariantError("variant-unknown", name=repr(name), known=known) from None
