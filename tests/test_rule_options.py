"""Which rule options each variant takes (RULES.md §2–§6): every variant × every option ×
every value is accepted where the rule book gives the option to the variant and refused
with ``OptionNotTakenError`` everywhere else, so that no game is silently played under
rules other than those asked for (RULES.md V-CGUL: "like every option, it is refused
with a clear error by a variant for which it means nothing")."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from nardy.cli import main
from nardy.commands.play import command as play_cmd
from nardy.game import Game, ReplayError
from nardy.i18n import t
from nardy.variants import OPTION_VALUES, VARIANTS, OptionNotTakenError, find_variant

SHORT = {"short", "short-ru", "short-caucasian"}
LONG = {
    "long",
    "nardgammon",
    "crazy",
    "gulbara",
    "crazy-gulbara",
    "khachapuri",
    "fevga",
    "fevga-giul",
}
FEVGAS = {"fevga", "fevga-giul"}

#: option -> (rule id, the variants that take it), written from RULES.md, not the code.
TAKEN: dict[str, tuple[str, set[str]]] = {
    # G-5: the short-nardy starter always plays the toss; the choice is long nardy's.
    "opening": ("G-5", LONG),
    # L-HEAD-2: khachapuri lets any number leave the head (V-KHACH), V-FEVGA forbids the
    # second checker on the first turn.
    "head_exception": ("L-HEAD-2", LONG - FEVGAS - {"khachapuri"}),
    # L-BLOCK; V-FEVGA's own six-block rule is checked at the end of the turn or at
    # every move as well.
    "block_check": ("L-BLOCK", LONG),
    # L-BLOCK "unless an opposing checker has passed": V-FEVGA allows a block that no
    # checker has passed, so what releases it means nothing there.
    "block_release": ("L-BLOCK", LONG - FEVGAS),
    "last_roll_draw": ("L-DRAW", LONG),
    "draw_score": ("L-DRAW", LONG),  # with last_roll_draw on (below)
    "next_starter": ("L-4", LONG),
    "no_hit_and_hide": ("S-6", SHORT),
    "scoring": ("C-2", SHORT | LONG),
    "per_checker_multipliers": ("C-2", SHORT | LONG),  # with per-checker scoring (below)
    "crazy_moves_per_double": ("V-CGUL", {"crazy-gulbara"}),
}

#: Options that mean something only together with another option's value.
COMPANION: dict[str, dict[str, Any]] = {
    "draw_score": {"last_roll_draw": True},  # L-DRAW: the only draw that scores
    "per_checker_multipliers": {"scoring": "per-checker"},  # C-2
}

CASES = [
    (variant, option, value)
    for variant in VARIANTS
    for option, values in OPTION_VALUES.items()
    for value in values
]


def test_the_table_covers_every_option_and_variant() -> None:
    assert set(TAKEN) == set(OPTION_VALUES)
    assert set(VARIANTS) == SHORT | LONG


@pytest.mark.parametrize(("variant", "option", "value"), CASES)
def test_variant_takes_exactly_the_options_of_its_rules(
    variant: str, option: str, value: Any
) -> None:
    rule, takers = TAKEN[option]
    base = find_variant(variant)
    options = {**COMPANION.get(option, {}), option: value}
    if variant in takers:
        changed = base.with_options(**options)
        assert getattr(changed, option) == value, rule
        assert changed.options()[option] == value, rule
        assert option in base.option_names(), rule
    elif value == getattr(base, option):
        # Restating what the variant already plays asks for no other rules (and lets
        # records that listed every option of the family load): taken, nothing changes.
        assert base.with_options(**{option: value}) == base
    else:
        with pytest.raises(OptionNotTakenError) as info:
            base.with_options(**{option: value})
        err = info.value
        assert (err.option, err.variant, err.code) == (option, variant, "option-not-taken"), rule
        assert option in str(err) and variant in str(err)
        assert option in t(err.key, "ru", **err.params)
        assert option not in base.option_names() and option not in base.options(), rule


def test_every_variant_refuses_some_value_of_every_option_it_does_not_take() -> None:
    """Each option outside a variant's rules has a value other than the variant's own,
    so the table above does refuse it."""
    for variant in VARIANTS:
        for option, (_, takers) in TAKEN.items():
            if variant not in takers:
                own = getattr(find_variant(variant), option)
                assert any(v != own for v in OPTION_VALUES[option]), (variant, option)


#: The options game records and the server stored before options were refused: every
#: option of the variant's family, at the variant's value.
OLD_FAMILY_OPTIONS = {
    "short": ["opening", "next_starter", "no_hit_and_hide", "scoring", "per_checker_multipliers"],
    "long": [o for o in OPTION_VALUES if o != "no_hit_and_hide"],
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_records_of_earlier_versions_still_load(variant: str) -> None:
    v = find_variant(variant)
    record = dict(Game(v).records[0])
    record["options"] = {o: getattr(v, o) for o in OLD_FAMILY_OPTIONS[v.family]}
    assert Game.replay([record]).variant == v


@pytest.mark.parametrize(("option", "companion"), sorted(COMPANION.items()))
@pytest.mark.parametrize("variant", sorted(LONG - {"khachapuri"}))
def test_a_dependent_option_without_its_companion_is_refused(
    variant: str, option: str, companion: dict[str, Any]
) -> None:
    """L-DRAW's draw_score scores only the last-roll draw; C-2's multipliers apply only
    to per-checker scoring. Khachapuri scores per checker already (V-KHACH)."""
    base = find_variant(variant)
    value = OPTION_VALUES[option][-1]
    with pytest.raises(OptionNotTakenError, match=option):
        base.with_options(**{option: value})
    # ... and a companion switched off under a dependent option left set is refused too.
    both = base.with_options(**companion, **{option: value})
    (name,) = companion
    default = getattr(base, name)
    with pytest.raises(OptionNotTakenError, match=option):
        both.with_options(**{name: default})


def test_khachapuri_takes_per_checker_multipliers_alone_c2() -> None:
    khach = find_variant("khachapuri")
    assert khach.with_options(per_checker_multipliers="home-mars").per_checker_multipliers == (
        "home-mars"
    )
    with pytest.raises(OptionNotTakenError, match="per_checker_multipliers"):
        khach.with_options(per_checker_multipliers="koks", scoring="standard")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_options_round_trip_through_records(variant: str) -> None:
    """A variant's options() (what game records and the server store) is taken back."""
    v = find_variant(variant)
    assert v.with_options(**v.options()) == v
    game = Game(v)
    assert Game.replay(game.records).variant == v


def test_a_record_with_an_option_the_variant_does_not_take_is_refused() -> None:
    """V-CGUL: a game record asking gulbara for two moves a double does not load."""
    record = dict(Game("gulbara").records[0])
    record["options"] = {**record["options"], "crazy_moves_per_double": 2}
    with pytest.raises(ReplayError, match="means nothing in gulbara") as info:
        Game.replay([record])
    assert isinstance(info.value.__cause__, OptionNotTakenError)


@pytest.mark.parametrize(
    ("variant", "option", "lang", "message"),
    [
        (
            "gulbara",
            "crazy_moves_per_double=2",
            "en",
            "rule option crazy_moves_per_double means nothing in gulbara",
        ),
        (
            "fevga",
            "crazy_moves_per_double=2",
            "ru",
            "опция правил crazy_moves_per_double ничего не значит в варианте fevga",
        ),
        (
            "fevga",
            "block_release=entered-home",
            "en",
            "rule option block_release means nothing in fevga",
        ),
        (
            "khachapuri",
            "head_exception=head-only",
            "en",
            "rule option head_exception means nothing in khachapuri",
        ),
        ("short", "opening=reroll", "ru", "относится к другому семейству нард"),
        ("long", "draw_score=one", "en", "needs last_roll_draw=true"),
    ],
)
def test_nardy_play_refuses_an_option_the_variant_does_not_take(
    variant: str, option: str, lang: str, message: str
) -> None:
    result = CliRunner().invoke(
        play_cmd, ["--variant", variant, "--option", option, "--lang", lang], input="q\n"
    )
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_nardy_play_takes_crazy_moves_per_double_in_crazy_gulbara() -> None:
    result = CliRunner().invoke(
        play_cmd,
        ["--variant", "crazy-gulbara", "--option", "crazy_moves_per_double=2", "--lang", "en"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "crazy_moves_per_double=2" in result.output


def test_the_engine_refuses_an_option_the_variant_does_not_take() -> None:
    """``nardy engine`` (JSON lines) answers an error naming the option and keeps
    serving; the variant that takes the option answers normally."""
    start = {
        "turn": "white",
        "white": {"points": {"24": 15}, "first_turn": True},
        "black": {"points": {"24": 15}, "first_turn": True},
    }
    asks = [
        {"variant": "gulbara", "options": {"crazy_moves_per_double": 2}},
        {"variant": "fevga", "options": {"head_exception": "head-only"}},
        {"variant": "crazy-gulbara", "options": {"crazy_moves_per_double": 2}},
    ]
    lines = [
        json.dumps({"id": i, "cmd": "legal", "position": start, "dice": [3, 1], **ask})
        for i, ask in enumerate(asks)
    ]
    result = CliRunner().invoke(main, ["engine"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.output.splitlines()]
    assert [a["id"] for a in answers] == [0, 1, 2]
    assert "crazy_moves_per_double means nothing in gulbara" in answers[0]["error"]
    assert "head_exception means nothing in fevga" in answers[1]["error"]
    assert "error" not in answers[2] and answers[2]["plays"]
