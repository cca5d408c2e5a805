"""Scoring presets, resignations and results (RULES.md C-1, C-2, S-5, L-3, L-DRAW)."""

from __future__ import annotations

import pytest

from nardy.errors import IllegalMoveError
from nardy.outcome import (
    Outcome,
    draw,
    dropped,
    resignation,
    scheme_tiers,
    score_game,
    tiers,
)
from nardy.position import BAR, CHECKERS, OFF
from nardy.variants import OptionError, find_variant

WINNER = (CHECKERS,) + (0,) * 25  # everything borne off


def side(points: dict[int, int], bar: int = 0) -> tuple[int, ...]:
    """A side in its own numbering; checkers not placed count as borne off."""
    s = [0] * 26
    for p, n in points.items():
        s[p] = n
    s[BAR] = bar
    s[OFF] = CHECKERS - sum(s)
    return tuple(s)


# Loser shapes, named by what decides the tier (own numbering of the loser).
SOME_OFF = side({6: 5, 5: 5, 4: 2})  # 3 borne off
OUTSIDE = side({13: 5, 8: 5, 6: 5})  # none off, not all home
ON_BAR = side({13: 5, 8: 5, 6: 4}, bar=1)  # none off, a checker on the bar
START_QUARTER = side({24: 1, 13: 4, 8: 5, 6: 5})  # none off, one in points 19-24
ALL_HOME = side({6: 5, 5: 5, 4: 5})  # none off, all in home


def result(variant_name: str, loser: tuple[int, ...], **options: str) -> tuple[str, float]:
    v = find_variant(variant_name).with_options(**options)
    out = score_game(v, WINNER, loser, "white")
    assert out.winner == "white" and out.cube == 1 and out.reason == "bear-off"
    return out.kind, out.points


# -- C-2 standard (S-5 short, L-3 long) ---------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "expected"),
    [
        (SOME_OFF, ("single", 1)),
        (OUTSIDE, ("gammon", 2)),
        (ALL_HOME, ("gammon", 2)),
        (ON_BAR, ("backgammon", 3)),  # S-5: a checker on the bar
        (START_QUARTER, ("backgammon", 3)),  # S-5: a checker in the winner's home
    ],
)
def test_standard_short_is_single_gammon_backgammon_s5(loser, expected) -> None:
    assert result("short", loser) == expected


@pytest.mark.parametrize(
    ("loser", "expected"),
    [
        (SOME_OFF, ("oin", 1)),
        (OUTSIDE, ("mars", 2)),
        (START_QUARTER, ("mars", 2)),
        (ALL_HOME, ("mars", 2)),
    ],
)
def test_standard_long_is_oin_or_mars_l3(loser, expected) -> None:
    assert result("long", loser) == expected


# -- C-2 koks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser", "expected"),
    [
        (SOME_OFF, ("oin", 1)),
        (OUTSIDE, ("mars", 2)),
        (ALL_HOME, ("mars", 2)),
        (START_QUARTER, ("koks", 3)),
        (side({24: 15}), ("koks", 3)),
    ],
)
def test_koks_long_is_mars_with_a_checker_in_the_starting_quarter(loser, expected) -> None:
    assert result("long", loser, scoring="koks") == expected


def test_koks_short_is_the_backgammon_of_the_same_quarter() -> None:
    assert result("short", START_QUARTER, scoring="koks") == ("backgammon", 3)
    assert result("short", ON_BAR, scoring="koks") == ("backgammon", 3)
    assert result("short", OUTSIDE, scoring="koks") == ("gammon", 2)


# -- C-2 home-mars (folk order: all home without bearing off costs more) --------------------


@pytest.mark.parametrize("variant", ["short", "long"])
def test_home_mars_prices_all_home_above_not_home(variant) -> None:
    single = "single" if variant == "short" else "oin"
    mars = "gammon" if variant == "short" else "mars"
    assert result(variant, SOME_OFF, scoring="home-mars") == (single, 1)
    assert result(variant, OUTSIDE, scoring="home-mars") == (mars, 2)
    assert result(variant, START_QUARTER, scoring="home-mars") == (mars, 2)
    assert result(variant, ALL_HOME, scoring="home-mars") == ("home-mars", 3)


def test_home_mars_counts_a_checker_on_the_bar_as_not_home() -> None:
    assert result("short", side({6: 14}, bar=1), scoring="home-mars") == ("gammon", 2)


# -- C-2 four-tier ---------------------------------------------------------------------------


def test_four_tier_short_koks_is_a_checker_on_the_bar() -> None:
    assert result("short", SOME_OFF, scoring="four-tier") == ("single", 1)
    assert result("short", OUTSIDE, scoring="four-tier") == ("gammon", 2)
    assert result("short", ALL_HOME, scoring="four-tier") == ("home-mars", 3)
    assert result("short", ON_BAR, scoring="four-tier") == ("backgammon", 4)
    # Short four-tier koks is the bar only: the winner's home alone is a plain mars.
    assert result("short", START_QUARTER, scoring="four-tier") == ("gammon", 2)


def test_four_tier_long_koks_is_a_checker_in_the_starting_quarter() -> None:
    assert result("long", SOME_OFF, scoring="four-tier") == ("oin", 1)
    assert result("long", OUTSIDE, scoring="four-tier") == ("mars", 2)
    assert result("long", ALL_HOME, scoring="four-tier") == ("home-mars", 3)
    assert result("long", START_QUARTER, scoring="four-tier") == ("koks", 4)


# -- C-2 per-checker ---------------------------------------------------------------------------


def test_per_checker_pays_one_point_per_checker_not_borne_off() -> None:
    assert result("long", SOME_OFF, scoring="per-checker") == ("oin", 12)
    assert result("long", OUTSIDE, scoring="per-checker") == ("oin", 15)
    assert result("short", side({1: 1}), scoring="per-checker") == ("single", 1)


def test_per_checker_multipliers_of_home_mars_double_and_triple_c2() -> None:
    opts = {"scoring": "per-checker", "per_checker_multipliers": "home-mars"}
    assert result("long", SOME_OFF, **opts) == ("oin", 12)  # some off: × 1
    assert result("long", OUTSIDE, **opts) == ("mars", 30)  # [000]: × 2 mars
    assert result("long", ALL_HOME, **opts) == ("home-mars", 45)  # [000]: × 3 home mars


def test_per_checker_multipliers_of_four_tier_and_koks() -> None:
    four = {"scoring": "per-checker", "per_checker_multipliers": "four-tier"}
    assert result("long", START_QUARTER, **four) == ("koks", 60)
    koks = {"scoring": "per-checker", "per_checker_multipliers": "koks"}
    assert result("long", START_QUARTER, **koks) == ("koks", 45)
    assert result("long", OUTSIDE, **koks) == ("mars", 30)


def test_per_checker_multiplier_option_is_validated() -> None:
    with pytest.raises(OptionError):
        find_variant("long").with_options(per_checker_multipliers="triple")


def test_every_preset_lists_its_tiers_in_order() -> None:
    for family in ("short", "long"):
        for scheme in ("standard", "koks", "home-mars", "four-tier"):
            points = [t.points for t in scheme_tiers(scheme, family)]
            assert points == list(range(1, len(points) + 1))
    assert len(tiers(find_variant("short"))) == 3
    assert len(tiers(find_variant("long"))) == 2
    assert len(tiers(find_variant("long").with_options(scoring="four-tier"))) == 4


# -- C-3 gammons not counted ---------------------------------------------------------------------


def test_gammons_off_scores_only_the_first_tier() -> None:
    v = find_variant("short")
    out = score_game(v, WINNER, ON_BAR, "black", gammons=False)
    assert (out.kind, out.points) == ("single", 1)
    pc = find_variant("long").with_options(
        scoring="per-checker", per_checker_multipliers="home-mars"
    )
    assert score_game(pc, WINNER, ALL_HOME, "white", gammons=False).points == 15


# -- C-1 the cube multiplies; resignations; dropped doubles; draws --------------------------------


def test_value_is_points_times_cube_c1() -> None:
    out = Outcome("white", "gammon", 2).with_cube(4)
    assert out.value == 8
    assert out.describe() == "gammon: 8 (2 × 4)"
    assert out.describe("ru") == "марс: 8 (2 × 4)"


@pytest.mark.parametrize(
    ("level", "kind", "points"), [(1, "single", 1), (2, "gammon", 2), (3, "backgammon", 3)]
)
def test_resignation_levels_concede_the_tiers(level, kind, points) -> None:
    out = resignation(find_variant("short"), "black", level, OUTSIDE)
    assert (out.winner, out.kind, out.points, out.reason) == ("black", kind, points, "resign")
    assert "сдача" in out.describe("ru")


def test_resignation_per_checker_counts_the_resigners_checkers() -> None:
    v = find_variant("long").with_options(scoring="per-checker")
    assert resignation(v, "white", 1, SOME_OFF).points == 12


@pytest.mark.parametrize("level", [0, 4, -1, "2", 2.0, True, None])
def test_resignation_level_must_be_a_tier_of_the_variant(level) -> None:
    with pytest.raises(IllegalMoveError):
        resignation(find_variant("short"), "white", level, OUTSIDE)  # type: ignore[arg-type]


def test_long_nardy_has_no_backgammon_resignation_by_default() -> None:
    with pytest.raises(IllegalMoveError, match="1..2"):
        resignation(find_variant("long"), "white", 3, OUTSIDE)
    four = find_variant("long").with_options(scoring="four-tier")
    assert resignation(four, "white", 4, OUTSIDE).kind == "koks"


def test_resignation_without_gammons_is_a_single() -> None:
    out = resignation(find_variant("short"), "white", 3, OUTSIDE, gammons=False)
    assert (out.kind, out.points) == ("single", 1)


def test_dropped_double_loses_one_game_at_the_old_cube_c3() -> None:
    out = dropped(find_variant("short"), "white", 4)
    assert (out.kind, out.points, out.cube, out.value, out.reason) == ("single", 1, 4, 4, "drop")
    assert dropped(find_variant("long"), "black", 2).kind == "oin"


def test_draw_scores_half_or_one_l_draw() -> None:
    long = find_variant("long")
    assert draw(long) == Outcome(None, "draw", 0.5)
    assert draw(long.with_options(last_roll_draw=True, draw_score="one")).points == 1
    assert draw(long).describe("ru") == "ничья"


def test_c2_per_checker_results_are_said_by_their_checkers() -> None:
    """C-2 per-checker: the points count the loser's checkers not borne off; the result
    says so ("15 checkers left: 15"), not the name of a tier (it had read "oin: 15")."""
    from nardy.outcome import checkers_text, per_checker_count, score_game
    from nardy.variants import find_variant

    kh = find_variant("khachapuri")
    won = (15,) + (0,) * 25  # (index 0: borne off)
    lost = [0] * 26
    lost[6], lost[0] = 12, 3
    o = score_game(kh, won, tuple(lost), "white")
    left = per_checker_count(kh, tuple(lost))
    assert left == 12 and o.points == 12
    assert o.describe("en", left) == "12 checkers left: 12"
    assert o.describe("ru", left) == "12 невыброшенных шашек: 12"
    assert [checkers_text(n, "ru") for n in (1, 2, 5, 11, 21, 22)] == [
        "1 невыброшенная шашка",
        "2 невыброшенные шашки",
        "5 невыброшенных шашек",
        "11 невыброшенных шашек",
        "21 невыброшенная шашка",
        "22 невыброшенные шашки",
    ]
    # with a tier preset's multipliers the tier follows the count
    marsed = kh.with_options(per_checker_multipliers="standard")
    lost = [0] * 26
    lost[6] = 15
    o = score_game(marsed, won, tuple(lost), "white")
    assert o.describe("en", 15) == "15 checkers left × 2 (mars): 30"
    assert per_checker_count(find_variant("long"), tuple(lost)) is None  # a tier scheme
