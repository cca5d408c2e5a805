"""Game flow (RULES.md G-5, G-11, G-12, S-5, L-3, L-DRAW, L-HEAD-2 through a game):
the opening per variant, single checker moves with undo and confirm, game records and
replay naming the first bad record, and results.

Boards in comments are drawn in the numbering of the side on roll: X is the side on
roll, O the other side; ``bar``/``off`` counts follow.
"""

from __future__ import annotations

import random

import pytest
from helpers_boards import ALL_VARIANTS, SHORT_VARIANTS, board, texts

from nardy.dice import RandomDice
from nardy.errors import IllegalMoveError, MalformedError
from nardy.game import Game, GameError, ReplayError
from nardy.plays import Move, legal_plays
from nardy.variants import find_variant

LONG = find_variant("long")


def random_game(variant, seed: int, max_turns: int = 2000) -> Game:
    """A whole game with seeded dice and seeded random choices among the legal plays."""
    rng = random.Random(seed)
    game = Game(variant, dice=RandomDice(seed))
    while game.phase == "opening":
        # the toss is drawn here: Game.opening() without dice refuses a long-nardy toss
        # that black wins (see test_g5_long_opening_with_the_game_dice)
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        game.opening(max(a, b), min(a, b))
    for _ in range(max_turns):
        if game.phase == "over":
            return game
        if game.phase == "roll":
            game.roll()
        elif game.phase == "move":
            game.play(rng.choice(list(game.legal_plays())))
    raise AssertionError(f"game did not end in {max_turns} actions")


# -- G-5: the opening ----------------------------------------------------------------


@pytest.mark.parametrize("name", SHORT_VARIANTS)
def test_g5_short_starter_plays_the_toss(name: str) -> None:
    """G-5, short nardy: the higher die starts and plays the two numbers just rolled."""
    game = Game(name)
    assert game.phase == "opening"
    game.opening(3, 5)
    assert (game.phase, game.turn, game.dice) == ("move", "black", (5, 3))
    v = find_variant(name)
    assert texts(game.legal_plays()) == texts(legal_plays(v, v.start_position(), (5, 3)))


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g5_equal_dice_toss_again(name: str) -> None:
    """G-5: equal dice are rolled again; the tie is recorded."""
    game = Game(name)
    game.opening(4, 4)
    assert game.phase == "opening"
    game.opening(6, 2)
    assert [r["type"] for r in game.records] == ["setup", "opening", "opening"]
    assert game.starter == "white"


@pytest.mark.parametrize("name", ["long", "nardgammon"])
def test_g5_long_reroll_starter_plays_white_and_rolls_anew(name: str) -> None:
    """G-5, long nardy, opening="reroll" (default): the toss winner plays white and
    rolls both dice anew, so a double (here 6-6) can be the first roll."""
    game = Game(name)
    game.opening(5, 3)
    assert (game.phase, game.turn) == ("roll", "white")
    game.roll(6, 6)
    assert texts(game.legal_plays()) == {"24/18(2)"}


def test_g5_long_toss_winner_is_white() -> None:
    """G-5: in long nardy the starter plays white: black's die cannot be higher."""
    game = Game("long")
    with pytest.raises(GameError, match="white"):
        game.opening(3, 5)


@pytest.mark.parametrize("seed", range(6))
def test_g5_long_opening_with_the_game_dice(seed: int) -> None:
    """G-5: the toss made with the game's own dice (``opening()`` without arguments)
    always yields a starter, who plays white in long nardy, whichever die is higher."""
    game = Game("long", dice=RandomDice(seed))
    for _ in range(50):
        if game.phase != "opening":
            break
        game.opening()
    assert game.phase == "roll"
    assert game.turn == game.starter == "white"


def test_g5_long_use_toss_plays_the_toss() -> None:
    """G-5, long nardy, opening="use-toss": the starter plays the toss numbers."""
    game = Game(LONG.with_options(opening="use-toss"))
    game.opening(5, 3)
    assert (game.phase, game.dice) == ("move", (5, 3))
    assert texts(game.legal_plays()) == {"24/16"}


def test_g5_opening_is_over_once_decided() -> None:
    """G-5: after the toss no second toss; a die of 7 is malformed."""
    game = Game("short")
    with pytest.raises(MalformedError, match="1..6"):
        game.opening(7, 1)
    game.opening(2, 1)
    with pytest.raises(GameError):
        game.opening(6, 5)


# -- L-HEAD-2 through the game -----------------------------------------------------


def test_lhead2_flags_follow_the_game() -> None:
    """L-HEAD-2: the first turn of each side is tracked by the game: after white's
    2-1, black's 5-5 takes two checkers; white's own second turn has no exception."""
    game = Game("long")
    game.opening(6, 1)
    game.roll(2, 1)
    game.play("24/21")
    game.roll(5, 5)
    assert texts(game.legal_plays()) == {"24/14(2)"}
    game.play("24/14(2)")
    game.roll(6, 6)
    for play in game.legal_plays():
        assert sum(m.frm == 24 for m in play.moves) <= 1


# -- G-12: single checker moves, undo, confirm ---------------------------------------


def _short_game(d1: int, d2: int) -> Game:
    game = Game("short")
    game.opening(d1, d2)
    return game


def test_g12_step_by_step_with_undo() -> None:
    """G-12: moves are made one at a time, shown on the pending board, taken back in
    reverse order, and the turn is confirmed only when complete."""
    game = _short_game(3, 1)
    before = game.pending_position
    assert Move(8, 5) in game.legal_steps()
    game.move(8, 5)
    assert game.pending_position.mine[5] == 1 and game.pending_position.mine[8] == 2
    assert not game.turn_complete
    with pytest.raises(IllegalMoveError, match="not finished"):
        game.confirm()
    game.move(6, 5)
    assert game.turn_complete
    assert game.undo() == Move(6, 5)
    assert game.undo() == Move(8, 5)
    assert game.pending_position == before
    with pytest.raises(GameError, match="take back"):
        game.undo()
    game.move(6, 5)
    game.move(8, 5)
    play = game.confirm()
    assert str(play) == "8/5 6/5"
    assert game.records[-1] == {"type": "play", "play": "8/5 6/5"}
    assert (game.phase, game.turn) == ("roll", "black")


def test_g12_one_call_may_move_one_checker_by_both_dice() -> None:
    """G-12/G-6: move(24, 13) with 6-5 is one checker over both dice (24/18/13)."""
    game = _short_game(6, 5)
    game.move(24, 13)
    assert game.turn_complete
    assert len(game.pending) == 2
    assert str(game.confirm()) == "24/13"


def test_g12_illegal_step_is_refused() -> None:
    """G-12: a step that no legal play contains is refused with the move named."""
    game = _short_game(6, 5)
    with pytest.raises(IllegalMoveError, match="13/12"):
        game.move(13, 12)
    assert game.pending == []


def test_g12_whole_play_text_and_errors() -> None:
    """G-12: a whole play can be given as text; an illegal one names the legal plays."""
    game = _short_game(6, 5)
    with pytest.raises(IllegalMoveError, match="13/1 is not legal with 6-5; legal: .*24/13"):
        game.play("13/1")
    game.play("24/13")
    assert game.turn == "black"


def test_no_legal_play_passes_the_turn_by_itself() -> None:
    """G-8: a roll with no legal play passes the turn (no play record)."""
    #   13  14  15  16  17  18 |  19  20  21  22  23  24
    #    .   .   .   .   .   . |  O3  O2  O2  O2  O2  O2
    #   O2   .   .   .   .   . | X14   .   .   .   .   .
    #   12  11  10   9   8   7 |   6   5   4   3   2   1
    # bar X1 O0  off X0 O0
    pos = board("short", {6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}, mine_bar=1)
    game = Game("short", position=pos)
    game.roll(6, 5)
    assert (game.phase, game.turn) == ("roll", "black")
    assert [r["type"] for r in game.records] == ["setup", "roll"]
    assert Game.replay(game.records).position == game.position


# -- replay ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_VARIANTS)
@pytest.mark.parametrize("seed", [1, 2])
def test_replay_reproduces_a_random_game(name: str, seed: int) -> None:
    """Game records replay to the same game: same position, turns and outcome."""
    game = random_game(name, seed)
    again = Game.replay(game.records)
    assert again.position == game.position
    assert again.outcome == game.outcome
    assert again.records == game.records
    assert [t.play.text for t in again.turns] == [t.play.text for t in game.turns]


def _play_indices(records: list[dict]) -> list[int]:
    return [i for i, r in enumerate(records) if r["type"] == "play"]


def test_replay_names_the_first_illegal_play() -> None:
    """A play record that is not legal for its roll: ReplayError gives its index."""
    game = random_game("short", 3)
    records = [dict(r) for r in game.records]
    k = _play_indices(records)[5]
    records[k] = {"type": "play", "play": "24/23 24/22 24/21"}
    with pytest.raises(ReplayError) as info:
        Game.replay(records)
    assert info.value.index == k
    assert "record " + str(k) in str(info.value)


def test_replay_names_the_first_of_several_bad_records() -> None:
    """With two bad records the first one is named."""
    game = random_game("long", 4)
    records = [dict(r) for r in game.records]
    a, b = _play_indices(records)[3], _play_indices(records)[7]
    records[b] = {"type": "play", "play": "nonsense"}
    records[a] = {"type": "play", "play": "1/off"}
    with pytest.raises(ReplayError) as info:
        Game.replay(records)
    assert info.value.index == a


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        ({"type": "roll", "dice": [7, 1]}, "1..6"),
        ({"type": "roll", "dice": [3]}, "dice"),
        ({"type": "dance"}, "unknown record type"),
        ("roll 6-5", "object"),
    ],
)
def test_replay_names_a_malformed_record(bad, reason: str) -> None:
    """A malformed record is reported with its index and what is wrong."""
    game = Game("short")
    game.opening(3, 1)
    game.play("8/5 6/5")
    records = [*game.records, bad]
    with pytest.raises(ReplayError, match=reason) as info:
        Game.replay(records)
    assert info.value.index == len(records) - 1


def test_replay_requires_a_setup_first() -> None:
    """A game log starts with its setup record (index 0)."""
    with pytest.raises(ReplayError) as info:
        Game.replay([{"type": "roll", "dice": [3, 1]}])
    assert info.value.index == 0
    with pytest.raises(ReplayError) as info:
        Game.replay([])
    assert info.value.index == 0


def test_replay_refuses_records_after_the_end() -> None:
    """A record after the game is over is illegal."""
    game = random_game("short-ru", 5)
    records = [*game.records, {"type": "roll", "dice": [3, 1]}]
    with pytest.raises(ReplayError, match="over") as info:
        Game.replay(records)
    assert info.value.index == len(records) - 1


def test_replay_out_of_turn_roll_is_named() -> None:
    """A roll where a play is due is named by index."""
    game = Game("short")
    game.opening(3, 1)
    records = [*game.records, {"type": "roll", "dice": [6, 6]}]
    with pytest.raises(ReplayError) as info:
        Game.replay(records)
    assert info.value.index == 2


# -- G-11, S-5, L-3: results ---------------------------------------------------------


def _finish(name: str, mine: dict[int, int], theirs: dict[int, int], **kw) -> Game:
    """White bears off its last checker(s) with 6-5."""
    game = Game(name, position=board(name, mine, theirs, **kw))
    game.roll(6, 5)
    if game.phase == "move":
        game.play(game.legal_plays()[0])
    return game


@pytest.mark.parametrize("name", SHORT_VARIANTS)
@pytest.mark.parametrize(
    ("theirs", "theirs_bar", "kind", "points"),
    [
        ({6: 14}, 0, "single", 1),
        ({6: 15}, 0, "gammon", 2),
        ({13: 15}, 0, "gammon", 2),
        ({6: 14}, 1, "backgammon", 3),
        ({24: 1, 6: 14}, 0, "backgammon", 3),
    ],
)
def test_s5_results_through_the_game(
    name: str, theirs: dict[int, int], theirs_bar: int, kind: str, points: int
) -> None:
    """S-5 and G-11: the game ends when white's last checker is off; single game,
    gammon (none off) or backgammon (none off and a checker on the bar or in the
    winner's home)."""
    game = _finish(name, {2: 1}, theirs, theirs_bar=theirs_bar)
    assert game.phase == "over"
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (
        "white",
        kind,
        points,
    )
    with pytest.raises(GameError, match="over"):
        game.roll(1, 2)


@pytest.mark.parametrize("name", ["long", "nardgammon"])
@pytest.mark.parametrize(
    ("theirs", "kind", "points"),
    [({15: 14}, "oin", 1), ({15: 15}, "mars", 2), ({24: 15}, "mars", 2)],
)
def test_l3_results_through_the_game(
    name: str, theirs: dict[int, int], kind: str, points: int
) -> None:
    """L-3 and G-11: oin when the loser bore off a checker, mars when he bore off none."""
    game = _finish(name, {2: 1}, theirs)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (
        "white",
        kind,
        points,
    )


# -- L-DRAW ------------------------------------------------------------------------


def _last_roll_game(black: dict[int, int], **options) -> Game:
    """White (the first mover) bears off his last checker; black is to answer."""
    v = LONG.with_options(**options)
    pos = board(v, {1: 1}, black)
    game = Game(v, position=pos)
    game.roll(6, 5)
    game.play("1/off")
    return game


@pytest.mark.parametrize(("score", "points"), [("half", 0.5), ("one", 1)])
def test_ldraw_second_mover_bears_off_all_on_the_last_roll(score: str, points: float) -> None:
    """L-DRAW: with last_roll_draw on, after the first mover's last checker the second
    mover rolls once more; bearing off all his checkers draws (½–½ or 1–1)."""
    game = _last_roll_game({1: 2}, last_roll_draw=True, draw_score=score)
    assert (game.phase, game.turn) == ("roll", "black")
    game.roll(6, 5)
    game.play("1/off(2)")
    assert game.phase == "over"
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind, game.outcome.points) == (None, "draw", points)
    assert Game.replay(game.records).outcome == game.outcome


def test_ldraw_second_mover_falls_short() -> None:
    """L-DRAW: if the last roll does not bear off everything, the first mover wins
    (oin: the second mover had borne off checkers)."""
    game = _last_roll_game({6: 2}, last_roll_draw=True)
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind) == ("white", "oin")


def test_ldraw_off_by_default_game_ends_at_once() -> None:
    """L-DRAW is off by default (G-11): the first mover's last checker ends the game."""
    game = _last_roll_game({1: 2})
    assert game.phase == "over"
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind) == ("white", "oin")


def test_ldraw_only_the_first_mover_gives_a_last_roll() -> None:
    """L-DRAW: when the second mover finishes first he simply wins."""
    v = LONG.with_options(last_roll_draw=True)
    game = Game(v, position=board(v, {6: 3}, {1: 1}))
    game.roll(2, 1)
    game.play(game.legal_plays()[0])
    game.roll(6, 5)
    game.play("1/off")
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.kind) == ("black", "oin")


# -- G-12 over random positions: every legal play can be entered move by move ---------


@pytest.mark.parametrize("name", ALL_VARIANTS)
def test_g12_every_chosen_play_can_be_entered_step_by_step(name: str) -> None:
    """G-12: in a random game, each chosen legal play is entered one checker move at a
    time (with an undo and redo of the first move), shown complete, and confirmed to
    the same result as playing its text."""
    rng = random.Random(11)
    game = Game(name, dice=RandomDice(11))
    while game.phase == "opening":
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        game.opening(max(a, b), min(a, b))
    for _ in range(80):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game.roll()
            continue
        play = rng.choice(list(game.legal_plays()))
        for i, m in enumerate(play.moves):
            assert m in game.legal_steps(), f"{m} of {play} not offered"
            game.move(m.frm, m.to)
            if i == 0:
                game.undo()
                game.move(m.frm, m.to)
            assert game.turn_complete == (i == len(play.moves) - 1), str(play)
        assert game.confirm().result == play.result


# -- L-4 ---------------------------------------------------------------------------


@pytest.mark.parametrize("rule", ["winner", "previous-black"])
def test_l4_next_game_starter(rule: str) -> None:
    """L-4: the next game of a long-nardy match is started (as white) by the previous
    winner, or with next_starter="previous-black" by the previous game's black."""
    from nardy.match import Match

    match = Match(LONG.with_options(next_starter=rule), 0, dice=RandomDice(3))
    game = match.new_game(white=0)
    rng = random.Random(3)
    game.opening(6, 1)
    while game.phase != "over":
        if game.phase == "roll":
            game.roll()
        else:
            game.play(rng.choice(list(game.legal_plays())))
    assert game.outcome is not None
    winner_player = match.player_of(0, game.outcome.winner)  # type: ignore[arg-type]
    expected = winner_player if rule == "winner" else 1  # player 1 was black
    assert match.next_white() == expected


def test_g12_move_prefers_one_die_over_a_path() -> None:
    """G-12 / G-10: with checkers on 3, 2 and 1 and 4-1, moving 3 → off bears off with
    the 4 (leaving the 1 to play), not 3/2/off (found on the rules page)."""
    from nardy.game import Game
    from nardy.position import Position

    game = Game("short", position=Position.from_points({3: 1, 2: 1, 1: 1}, {12: 15}))
    game.roll(4, 1)
    step = game.move(3, 0)
    assert step.frm == 3 and step.to == 0
    assert len(game.pending) == 1 and not game.turn_complete
    game.move(2, 1)
    assert game.turn_complete
    assert str(game.confirm()) == "3/off 2/1"
