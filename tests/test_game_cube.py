"""Cube actions and resignations inside a game: validation, records, replay and the
outcome multiplied by the cube (RULES.md C-1, C-2, C-3, C-4, C-5, L-DRAW)."""

from __future__ import annotations

import random

import pytest
from helpers_matches import bear_off_position_game, play_out
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.cube import Cube, CubeRules
from nardy.errors import IllegalMoveError, MalformedError
from nardy.game import Game, GameError, ReplayError
from nardy.position import Position


def opened(variant: str = "short", **kwargs: object) -> Game:
    """A short game after white's opening 3-1 (8/5 6/5): black to roll."""
    game = Game(variant, **kwargs)  # type: ignore[arg-type]
    game.opening(3, 1)
    game.play("8/5 6/5")
    return game


def test_starter_plays_the_toss_and_cannot_double_first_c3() -> None:
    game = Game("short")
    game.opening(3, 1)
    assert game.phase == "move"
    assert game.cube_actions() == []
    with pytest.raises(GameError, match="before rolling"):
        game.double()


def test_double_is_offered_before_rolling_c3() -> None:
    game = opened()
    assert game.cube_actions() == ["double"]
    game.roll(6, 5)
    assert game.cube_actions() == []
    with pytest.raises(GameError, match="before rolling"):
        game.double()


def test_take_gives_the_cube_to_the_taker_and_the_doubler_rolls_c3() -> None:
    game = opened()
    game.double()
    assert (game.phase, game.to_act, game.turn) == ("cube", "white", "black")
    assert game.cube_actions() == ["take", "pass"]
    with pytest.raises(GameError):
        game.roll(6, 5)
    game.take()
    assert (game.cube.value, game.cube.owner) == (2, "white")
    assert game.records[-2:] == [{"type": "double"}, {"type": "take"}]
    assert (game.phase, game.to_act) == ("roll", "black")
    assert game.cube_actions() == []  # white owns the cube now
    game.roll(6, 4)
    game.play("24/14")
    assert game.cube_actions() == ["double"]  # the owner may redouble


def test_only_the_cube_owner_may_double_c3() -> None:
    game = opened()
    game.double()
    game.take()  # white owns
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    game.roll(2, 1)  # white rolls without doubling
    game.play(game.legal_plays()[0])
    with pytest.raises(GameError, match="only its owner"):
        game.double()  # black does not own the cube


def test_pass_ends_the_game_at_the_value_before_the_double_c3() -> None:
    game = opened()
    game.double()
    game.take()
    game.roll(6, 4)
    game.play("24/14")
    game.double()  # white, who took, redoubles to 4
    out = game.drop()
    assert (out.winner, out.value, out.reason, out.kind) == ("white", 2, "drop", "single")
    assert game.records[-1] == {"type": "pass"}
    assert game.phase == "over"
    with pytest.raises(GameError, match="over"):
        game.roll(1, 2)


def test_beaver_in_money_play_c3() -> None:
    game = opened(cube=CubeRules(beavers=True))
    game.double()
    assert game.cube_actions() == ["take", "pass", "beaver"]
    game.beaver()
    assert (game.cube.value, game.cube.owner, game.phase, game.turn) == (
        4,
        "white",
        "roll",
        "black",
    )
    assert game.records[-1] == {"type": "beaver"}


def test_no_beaver_without_the_option() -> None:
    game = opened()
    game.double()
    with pytest.raises(IllegalMoveError, match="beaver"):
        game.beaver()


@pytest.mark.parametrize(
    ("black", "kind", "points"),
    [
        ({6: 5, 8: 5, 13: 4, 19: 1}, "backgammon", 3),
        ({6: 5, 8: 5, 13: 5}, "gammon", 2),
        ({6: 5, 8: 5, 13: 4}, "single", 1),
    ],
)
def test_result_is_multiplied_by_the_cube_c1(black, kind, points) -> None:
    cube = Cube(CubeRules(), value=4, owner="black", doubles=2)
    game = bear_off_position_game(black=black, cube=cube)
    game.roll(3, 2)
    game.play(game.legal_plays()[0])
    out = game.outcome
    assert out is not None
    assert (out.kind, out.points, out.cube, out.value) == (kind, points, 4, 4 * points)


def test_gammons_with_cube_off_scores_singles_c3() -> None:
    cube = Cube(CubeRules(gammons_with_cube=False), value=2, owner="white", doubles=1)
    game = bear_off_position_game(cube=cube)
    game.roll(3, 2)
    game.play(game.legal_plays()[0])
    assert game.outcome is not None and (game.outcome.kind, game.outcome.value) == ("single", 2)


def test_jacoby_gammons_count_only_after_a_double_c3() -> None:
    centred = bear_off_position_game(cube=CubeRules(jacoby=True))
    centred.roll(3, 2)
    centred.play(centred.legal_plays()[0])
    assert centred.outcome is not None and centred.outcome.value == 1
    turned = bear_off_position_game(cube=Cube(CubeRules(jacoby=True), 2, "white", 1))
    turned.roll(3, 2)
    turned.play(turned.legal_plays()[0])
    assert turned.outcome is not None and turned.outcome.value == 6


def test_resignation_accepted_scores_its_level_times_the_cube_c1() -> None:
    game = opened()
    game.double()
    game.take()
    game.resign(2)  # black, on roll, resigns a gammon
    assert (game.phase, game.to_act) == ("resign", "white")
    out = game.accept()
    assert (out.winner, out.kind, out.value, out.reason) == ("white", "gammon", 4, "resign")
    assert game.records[-2:] == [{"type": "resign", "level": 2}, {"type": "accept"}]


def test_resignation_refused_play_goes_on() -> None:
    game = opened()
    game.roll(6, 5)
    game.resign(1)
    game.reject()
    assert game.phase == "move"
    game.play("24/13")
    assert game.turn == "white"
    assert game.records[-3:-1] == [{"type": "resign", "level": 1}, {"type": "reject"}]


def test_resignation_by_the_side_not_on_roll_is_recorded_with_by() -> None:
    game = opened()
    game.resign(3, by="white")
    assert game.to_act == "black"
    out = game.accept()
    assert (out.winner, out.kind, out.points) == ("black", "backgammon", 3)
    assert game.records[-2] == {"type": "resign", "level": 3, "by": "white"}
    assert Game.replay(game.records).outcome == out


@pytest.mark.parametrize("level", [0, 4, "2"])
def test_resignation_level_is_checked(level) -> None:
    with pytest.raises(IllegalMoveError):
        opened().resign(level)  # type: ignore[arg-type]


def test_no_resignation_while_a_double_is_pending() -> None:
    game = opened()
    game.double()
    with pytest.raises(GameError, match="during play"):
        game.resign(1)


def test_no_doubling_in_the_crawford_game_c4() -> None:
    cube = Cube(CubeRules(money=False), crawford=True)
    game = opened(cube=cube)
    assert game.cube_actions() == []
    with pytest.raises(GameError, match="Crawford"):
        game.double()
    assert game.records[0]["cube"]["crawford"] is True
    assert Game.replay(game.records).cube.crawford


def test_setup_records_the_cube_only_when_it_is_not_the_default() -> None:
    assert "cube" not in Game("short").records[0]
    assert "cube" in Game("short", cube=CubeRules(max_doubles=3)).records[0]
    assert "cube" not in Game("long").records[0]


def test_long_nardy_has_no_cube_by_default_and_one_by_option_c3_c5() -> None:
    game = Game("long")
    game.opening(5, 3)
    assert game.phase == "roll" and game.cube_actions() == []
    with pytest.raises(GameError, match="not in use"):
        game.double()
    cubed = Game("long", cube=CubeRules(enabled=True))
    cubed.opening(5, 3)
    cubed.double()
    cubed.take()
    assert (cubed.cube.value, cubed.cube.owner) == (2, "black")


def test_no_doubling_on_the_last_roll_l_draw() -> None:
    long = Game("long").variant.with_options(last_roll_draw=True)
    pos = Position.from_points({1: 1}, {1: 2}, turn="white")
    game = Game(long, position=pos, cube=CubeRules(enabled=True))
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    assert game.last_roll and game.phase == "roll" and game.turn == "black"
    refusal = game.why_no_double()
    assert refusal is not None and refusal.code == "double-last-roll"
    assert "last roll" in str(refusal)
    game.roll(1, 1)
    game.play(game.legal_plays()[0])
    assert game.outcome is not None and game.outcome.winner is None  # a draw


def test_replay_of_every_kind_of_record_rebuilds_the_game() -> None:
    game = opened(cube=CubeRules(beavers=True))
    game.double()
    game.beaver()
    game.roll(6, 5)
    game.resign(1)
    game.reject()
    game.play("24/13")
    game.double()
    game.take()
    game.resign(2)
    game.accept()
    again = Game.replay(game.records)
    assert again.records == game.records
    assert again.outcome == game.outcome
    assert game.outcome is not None and game.outcome.value == 16


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"type": "take"}, "no double"),
        ({"type": "pass"}, "no double"),
        ({"type": "accept"}, "no resignation"),
        ({"type": "reject"}, "no resignation"),
        ({"type": "resign"}, "level"),
        ({"type": "resign", "level": "2"}, "level"),
        ({"type": "resign", "level": 9}, "1..3"),
        ({"type": "resign", "level": 1, "by": "green"}, "by"),
        ({"type": "beaver"}, "no double"),
    ],
)
def test_replay_names_the_first_bad_cube_record(record, message) -> None:
    records = opened().records + [record, {"type": "roll", "dice": [6, 5]}]
    with pytest.raises(ReplayError, match=message) as info:
        Game.replay(records)
    assert info.value.index == len(records) - 2


def test_bad_setup_cube_is_a_replay_error_at_record_zero() -> None:
    setup = dict(Game("short").records[0], cube={"value": "two"})
    with pytest.raises(ReplayError) as info:
        Game.replay([setup])
    assert info.value.index == 0
    with pytest.raises(MalformedError, match="double offered"):
        Game("short", cube=Cube().double("white"))


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_random_games_with_cube_actions_replay_identically(seed, beavers) -> None:
    rng = random.Random(seed)
    game = Game("short", cube=CubeRules(beavers=beavers))
    play_out(game, rng, p_double=0.15, p_resign=0.02, p_reject=0.5, resign_after_roll=True)
    again = Game.replay(game.records)
    assert again.records == game.records
    assert again.outcome == game.outcome
    out = game.outcome
    assert out is not None and out.value == out.points * game.cube.value
