"""Matches: score, Crawford and post-Crawford, who starts, money play, the match log
(RULES.md C-1, C-3, C-4, C-5, L-4)."""

from __future__ import annotations

import random

import pytest
from helpers_matches import play_out, random_match
from hypothesis import given, settings
from hypothesis import strategies as st

from nardy.cube import CubeRules
from nardy.errors import MalformedError
from nardy.game import Game
from nardy.match import Match, MatchError, MatchReplayError


def win_by_drop(game: Game, doubler_wins: bool = True) -> None:
    """End a short game at once: the side to act doubles and the other passes."""
    if game.phase == "opening":
        game.opening(3, 1)
        game.play("8/5 6/5")
    game.double()
    game.drop()


def win_by_resignation(game: Game, level: int = 1) -> None:
    """End a game at once: the side on roll (after the opening) resigns ``level``."""
    if game.phase == "opening":
        game.opening(3, 1)
        game.play("8/5 6/5")
    game.resign(level)
    game.accept()


def test_score_adds_points_times_cube_c1() -> None:
    match = Match("short", 7)
    win_by_drop(match.new_game())  # black doubles after white's opening; white passes
    assert match.score == (0, 1)
    game = match.new_game()
    game.opening(3, 1)
    game.play("8/5 6/5")
    game.double()
    game.take()
    win_by_resignation(game, 2)  # black resigns a gammon on a 2-cube
    assert match.score == (4, 1)
    assert match.game_points(1) == (4, 0)
    assert match.away() == (3, 6)


def test_match_ends_at_the_target_and_names_the_winner_c4() -> None:
    match = Match("short", 3, players=("Anna", "Boris"))
    for _ in range(3):
        win_by_resignation(match.new_game())  # black resigns a single each game
    assert match.is_over and match.winner == 0 and match.score == (3, 0)
    assert "Anna wins the match" in match.describe()
    assert "матч выиграл Anna" in match.describe("ru")
    with pytest.raises(MatchError, match="over"):
        match.new_game()


def test_a_new_game_needs_the_last_one_finished() -> None:
    match = Match("short", 3)
    match.new_game()
    with pytest.raises(MatchError, match="not finished"):
        match.new_game()


def test_crawford_game_follows_the_first_reach_of_n_minus_one_c4() -> None:
    match = Match("short", 5)
    for _ in range(2):
        win_by_resignation(match.new_game(), 2)  # white 4 = 5 - 1
    assert match.score == (4, 0)
    assert "next game is the Crawford game" in match.describe()
    crawford = match.new_game()
    assert crawford.cube.crawford and match.is_crawford(2)
    crawford.opening(3, 1)
    crawford.play("8/5 6/5")
    assert crawford.cube_actions() == []  # no doubling in the Crawford game
    assert "Crawford game" in match.describe()
    assert "игра Кроуфорда" in match.describe("ru")
    crawford.resign(1, by="white")
    crawford.accept()  # black 1
    post = match.new_game()
    assert not post.cube.crawford and match.post_crawford
    post.opening(3, 1)
    post.play("8/5 6/5")
    assert post.cube_actions() == ["double"]  # post-Crawford: the trailer doubles freely
    post.double()
    post.take()
    assert post.cube.value == 2


def test_no_crawford_game_without_the_rule_or_in_money_play_c4() -> None:
    off = Match("short", 3, crawford=False)
    win_by_resignation(off.new_game(), 2)
    assert not off.new_game().cube.crawford
    money = Match("short", 0)
    win_by_resignation(money.new_game(), 3)
    assert not money.new_game().cube.crawford


def test_one_point_match_has_no_crawford_game() -> None:
    match = Match("short", 1)
    assert not match.new_game().cube.crawford


def test_money_play_never_ends_and_allows_beavers_and_jacoby_c3() -> None:
    match = Match("short", 0, cube=CubeRules(beavers=True, jacoby=True))
    for _ in range(4):
        win_by_resignation(match.new_game(), 3)
    assert not match.is_over and match.winner is None
    assert match.cube_rules.money and match.cube_rules.beavers
    assert "money play" in match.describe()
    assert "игра на деньги" in match.describe("ru")


def test_beavers_and_jacoby_are_money_play_only_c3() -> None:
    with pytest.raises(MalformedError, match="money play only"):
        Match("short", 5, cube=CubeRules(beavers=True))


def test_short_nardy_player_zero_is_always_white_and_tosses_each_game() -> None:
    match = Match("short", 5)
    win_by_resignation(match.new_game())
    game = match.new_game()
    assert match.whites == [0, 0] and game.phase == "opening"


def test_long_nardy_next_game_starts_with_the_winner_l4() -> None:
    match = Match("long", 5)
    first = match.new_game()
    first.opening(5, 3)  # player 0 (white) starts
    first.resign(1)  # white resigns: black (player 1) wins
    first.accept()
    second = match.new_game()
    assert match.whites == [0, 1]  # the winner starts, and the starter plays white
    assert second.phase == "roll" and second.turn == "white" and second.starter == "white"
    second.resign(2)  # white (player 1) resigns a mars
    second.accept()
    assert match.score == (2, 1)
    match.new_game()
    assert match.whites[-1] == 0


def test_long_nardy_previous_black_starts_the_next_game_l4() -> None:
    v = Game("long").variant.with_options(next_starter="previous-black")
    match = Match(v, 5)
    game = match.new_game()
    game.opening(5, 3)
    game.resign(1, by="black")  # white wins, but black starts the next game
    game.accept()
    match.new_game()
    assert match.whites == [0, 1]


def test_first_long_game_may_name_the_toss_winner_as_white() -> None:
    match = Match("long", 3)
    match.new_game(white=1)
    assert match.whites == [1]
    with pytest.raises(MalformedError):
        Match("long", 3).new_game(white=2)


def test_later_games_follow_l4_not_the_caller() -> None:
    match = Match("long", 3)
    game = match.new_game()
    game.opening(5, 3)
    game.resign(1, by="black")
    game.accept()
    with pytest.raises(MatchError, match="L-4"):
        match.new_game(white=1)


def test_long_nardy_match_counts_oin_and_mars_without_a_cube_c5() -> None:
    match = Match("long", 5)
    assert not match.cube_rules.enabled
    rng = random.Random(5)
    game = match.new_game()
    play_out(game, rng, p_resign=0)
    assert game.outcome is not None and game.outcome.kind in ("oin", "mars")
    assert game.outcome.cube == 1 and sum(match.score) == game.outcome.points


def test_long_nardy_draws_score_both_sides_l_draw() -> None:
    v = Game("long").variant.with_options(last_roll_draw=True, draw_score="one")
    from nardy.position import Position

    match = Match(v, 3)
    match.games.append(Game(v, position=Position.from_points({1: 1}, {1: 1})))
    match.whites.append(0)
    game = match.games[0]
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    assert game.outcome is not None and game.outcome.winner is None
    assert match.score == (1, 1)


def test_bad_match_settings() -> None:
    for length in (-1, 2.5, True, "7"):
        with pytest.raises(MalformedError):
            Match("short", length)  # type: ignore[arg-type]
    with pytest.raises(MalformedError):
        Match("short", 3, players=("only one",))
    with pytest.raises(MalformedError):
        Match("short", 3, crawford="yes")  # type: ignore[arg-type]


def test_snapshot_of_the_current_game() -> None:
    match = Match("short", 9)
    with pytest.raises(MatchError):
        match.snapshot()
    game = match.new_game()
    game.opening(5, 2)
    snap = match.snapshot()
    assert (snap.length, snap.score, snap.dice, snap.on_roll, snap.state) == (
        9,
        (0, 0),
        (5, 2),
        "white",
        "playing",
    )


# -- the match log --------------------------------------------------------------------------


def test_match_log_has_header_game_markers_and_game_records() -> None:
    match = random_match(1, length=3)
    records = match.records
    assert records[0]["type"] == "match" and records[0]["length"] == 3
    assert sum(1 for r in records if r["type"] == "game") == len(match.games)
    assert records[1] == {"type": "game", "white": 0}
    assert records[2]["type"] == "setup"


@settings(max_examples=12, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from([0, 1, 3, 5]),
    st.sampled_from(["short", "long", "short-ru"]),
)
def test_match_log_replays_into_the_same_match(seed, length, variant) -> None:
    match = random_match(
        seed, length=length, variant=variant, max_games=3, p_reject=0.3, resign_after_roll=True
    )
    again = Match.replay(match.records)
    assert again.records == match.records
    assert again.score == match.score and again.winner == match.winner
    assert [again.is_crawford(i) for i in range(len(again.games))] == [
        match.is_crawford(i) for i in range(len(match.games))
    ]


@pytest.mark.parametrize(
    ("mutate", "index", "message"),
    [
        (lambda r: r.__setitem__(0, {"type": "game"}), 0, "starts with"),
        (lambda r: r[0].__setitem__("length", -3), 0, "length"),
        (lambda r: r[0].__setitem__("colour", "red"), 0, "unknown"),
        (lambda r: r.__setitem__(1, {"type": "game", "white": 7}), 1, "player 0 or 1"),
        (lambda r: r.__setitem__(1, {"type": "game", "white": 0, "x": 1}), 1, "unknown"),
        (lambda r: r[2].__setitem__("variant", "long"), 2, "does not fit"),
        (lambda r: r.insert(1, {"type": "roll", "dice": [1, 2]}), 1, "before"),
        (lambda r: r.__setitem__(3, {"type": "opening", "white": 9, "black": 1}), 3, "1..6"),
    ],
)
def test_match_replay_names_the_first_bad_record(mutate, index, message) -> None:
    records = random_match(2, length=3, max_games=2).records
    mutate(records)
    with pytest.raises(MatchReplayError, match=message) as info:
        Match.replay(records)
    assert info.value.index == index


def test_match_replay_rejects_a_game_without_setup_and_empty_logs() -> None:
    records = random_match(3, length=3, max_games=1).records
    with pytest.raises(MatchReplayError, match="no setup"):
        Match.replay(records + [{"type": "game", "white": 0}])
    with pytest.raises(MatchReplayError):
        Match.replay([])
