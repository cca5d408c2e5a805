"""The doubling cube as a value type (RULES.md C-3, C-4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nardy.cube import Cube, CubeError, CubeRules
from nardy.errors import MalformedError
from nardy.variants import find_variant


def test_cube_starts_at_one_in_the_middle_c3() -> None:
    cube = Cube()
    assert (cube.value, cube.owner, cube.centered, cube.doubles) == (1, None, True, 0)


def test_either_player_may_double_a_centred_cube_c3() -> None:
    cube = Cube()
    assert cube.may_double("white") is None
    assert cube.may_double("black") is None
    assert cube.actions("white") == ["double"]


def test_take_doubles_the_value_and_gives_the_cube_to_the_taker_c3() -> None:
    cube = Cube().double("white")
    assert cube.offered_by == "white"
    assert cube.actions("black") == ["take", "pass"]
    assert cube.actions("white") == []
    taken = cube.take()
    assert (taken.value, taken.owner, taken.doubles, taken.offered_by) == (2, "black", 1, None)


def test_only_the_owner_may_redouble_c3() -> None:
    cube = Cube().double("white").take()  # black owns a 2-cube
    refusal = cube.may_double("white")
    assert refusal is not None and refusal.code == "cube-not-yours"
    assert "owner" in str(refusal) and "владелец" in refusal.text("ru")
    with pytest.raises(CubeError, match="owner"):
        cube.double("white")
    again = cube.double("black").take()
    assert (again.value, again.owner) == (4, "white")


def test_pass_loses_at_the_value_before_the_double_c3() -> None:
    cube = Cube().double("white").take().double("black")
    assert cube.drop() == ("black", 2)


def test_no_second_double_while_one_is_offered() -> None:
    with pytest.raises(CubeError, match="already offered"):
        Cube().double("white").double("white")


@pytest.mark.parametrize("action", ["take", "drop", "beaver"])
def test_answers_need_an_offer(action) -> None:
    with pytest.raises(CubeError):
        getattr(Cube(CubeRules(beavers=True)), action)()


def test_arithmetic_progression_davé_goes_2_3_4_c3() -> None:
    cube = Cube(CubeRules(progression="arithmetic"))
    values = []
    for player in ("white", "black", "white", "black"):
        cube = cube.double(player).take()
        values.append(cube.value)
    assert values == [2, 3, 4, 5]
    assert Cube(CubeRules()).next_value(3) == 8


def test_max_doubles_limits_the_doubles_per_game_c3() -> None:
    cube = Cube(CubeRules(max_doubles=2)).double("white").take().double("black").take()
    assert cube.value == 4
    refusal = cube.may_double("white")
    assert refusal is not None and refusal.code == "cube-max-doubles"
    assert "at most 2" in str(refusal) and refusal.params == {"n": 2}
    assert cube.actions("white") == []
    assert Cube(CubeRules(max_doubles=0)).may_double("white") is not None


def test_beaver_redoubles_and_keeps_the_cube_in_money_play_c3() -> None:
    cube = Cube(CubeRules(beavers=True)).double("white")
    assert cube.actions("black") == ["take", "pass", "beaver"]
    beavered = cube.beaver()
    assert (beavered.value, beavered.owner, beavered.doubles) == (4, "black", 2)


def test_no_beavers_without_the_option_or_in_a_match() -> None:
    assert "beaver" not in Cube().double("white").actions("black")
    with pytest.raises(CubeError, match="beaver"):
        Cube().double("white").beaver()
    with pytest.raises(MalformedError, match="money play only"):
        CubeRules(money=False, beavers=True)


def test_beaver_respects_the_cube_limit() -> None:
    cube = Cube(CubeRules(beavers=True, max_doubles=1)).double("white")
    assert cube.may_beaver() is not None
    assert cube.actions("black") == ["take", "pass"]


def test_no_doubling_in_the_crawford_game_c4() -> None:
    cube = Cube(CubeRules(money=False), crawford=True)
    refusal = cube.may_double("white")
    assert refusal is not None and refusal.code == "cube-crawford" and "Crawford" in str(refusal)
    with pytest.raises(CubeError, match="Crawford"):
        cube.double("black")


def test_disabled_cube_cannot_be_turned() -> None:
    cube = Cube(CubeRules(enabled=False))
    assert cube.actions("white") == []
    with pytest.raises(CubeError, match="not in use"):
        cube.double("white")


def test_gammons_with_cube_off_reproduces_no_mars_with_the_cube_c3() -> None:
    assert Cube().gammons_count
    assert not Cube(CubeRules(gammons_with_cube=False)).gammons_count
    # With the cube not in use, the option does not apply.
    assert Cube(CubeRules(enabled=False, gammons_with_cube=False)).gammons_count


def test_jacoby_counts_gammons_only_after_the_cube_is_turned_c3() -> None:
    cube = Cube(CubeRules(jacoby=True))
    assert not cube.gammons_count
    assert cube.double("white").take().gammons_count
    assert Cube(CubeRules(money=True)).gammons_count


def test_cube_is_on_for_short_and_off_for_long_by_default_c3_c5() -> None:
    assert CubeRules.for_variant(find_variant("short")).enabled
    assert not CubeRules.for_variant(find_variant("long")).enabled
    assert CubeRules.for_variant(find_variant("long"), enabled=True).enabled


@pytest.mark.parametrize(
    "settings",
    [
        {"progression": "exponential"},
        {"max_doubles": -1},
        {"max_doubles": "3"},
        {"enabled": 1},
        {"jacoby": "yes"},
    ],
)
def test_bad_rules_are_rejected(settings) -> None:
    with pytest.raises(MalformedError):
        CubeRules(**settings)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"value": 0},
        {"value": True},
        {"owner": "red"},
        {"doubles": -1},
        {"crawford": "no"},
        {"offered_by": 1},
    ],
)
def test_bad_states_are_rejected(kwargs) -> None:
    with pytest.raises(MalformedError):
        Cube(**kwargs)


def test_json_round_trip_and_errors() -> None:
    cube = Cube(CubeRules(progression="arithmetic", max_doubles=5), crawford=True)
    cube = Cube(cube.rules, 3, "black", 2, False)
    assert Cube.from_json(cube.to_json()) == cube
    with pytest.raises(MalformedError, match="unknown"):
        Cube.from_json({"value": 1, "colour": "white"})
    with pytest.raises(MalformedError, match="unknown"):
        CubeRules.from_json({"geometric": True})
    with pytest.raises(MalformedError):
        Cube.from_json([1])


@given(
    st.lists(st.sampled_from(["double", "take", "drop", "beaver"]), max_size=12),
    st.booleans(),
    st.sampled_from(["geometric", "arithmetic"]),
)
def test_any_action_sequence_either_applies_or_raises_cube_error(actions, beavers, prog) -> None:
    cube = Cube(CubeRules(beavers=beavers, progression=prog))
    turn = "white"
    for action in actions:
        before = cube
        try:
            if action == "double":
                cube = cube.double(turn)
            elif action == "drop":
                winner, value = cube.drop()
                assert winner == cube.offered_by and value == cube.value
                cube = Cube(cube.rules)
            else:
                cube = getattr(cube, action)()
                assert cube.value > before.value and cube.owner != before.offered_by
        except CubeError:
            assert cube == before
        turn = "black" if turn == "white" else "white"
        assert cube.value >= 1
