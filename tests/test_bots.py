"""Computer players: levels, legal choices, passes, evaluation and noise."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bots import LEVELS, Bot, level_spec
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.plays import legal_plays
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")


def test_levels_by_number_and_name() -> None:
    assert list(LEVELS.values()) == list(range(6))
    assert level_spec("beginner").noise > level_spec("casual").noise > 0
    assert level_spec("strongest").plies == 2
    assert level_spec(3) == level_spec("advanced") == level_spec("сильный")
    assert level_spec("4").name == "expert"


@pytest.mark.parametrize("bad", ["grandmaster", 6, -1, True, 2.5])
def test_bad_level_is_a_clear_error(bad) -> None:
    with pytest.raises(ValueError, match="level"):
        Bot("short", bad)


def test_unknown_variant_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        Bot("chess")


@pytest.mark.parametrize("variant", ["short", "short-ru", "short-caucasian", "long", "nardgammon"])
def test_bot_plays_legal_moves_through_a_game(variant) -> None:
    bot = Bot(variant, "intermediate", seed=5)
    game = Game(variant, dice=RandomDice(11))
    game.opening(6, 5) if game.variant.family == "short" else game.opening(5, 3)
    for _ in range(30):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game.roll()
        if game.phase == "move":
            play = bot.choose(game.position, game.dice)
            assert play in game.legal_plays()
            game.play(play)


def test_no_legal_play_gives_none() -> None:
    # on the bar against a closed board (S-3): nothing can be played
    pos = Position.from_points({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, mine_bar=1)
    assert not legal_plays(SHORT, pos, (6, 5))
    assert Bot(SHORT, "advanced").choose(pos, (6, 5)) is None


def test_evaluate_shape_and_consistency() -> None:
    bot = Bot(SHORT, "advanced")
    start = SHORT.start_position()
    p = bot.evaluate([start, start.swap()])
    assert p.shape == (2, 5)
    assert p[0] == pytest.approx(p[1])  # the start is symmetric
    assert bot.evaluate([]).shape == (0, 5)
    assert bot.equity([start]).shape == (1,)


def test_beginner_mistakes_are_plausible_plays() -> None:
    # Noise on evaluations: the beginner sometimes differs from the noiseless bot,
    # but only by plays whose true equity is close, never an arbitrary move.
    strong = Bot(SHORT, "advanced")
    weak = Bot(SHORT, "beginner", seed=3)
    rng = np.random.default_rng(0)
    game = Game(SHORT, dice=RandomDice(2))
    game.opening(4, 2)
    losses, differs = [], 0
    for _ in range(40):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game.roll()
        if game.phase != "move":
            continue
        ranked = strong.rank(game.position, game.dice)
        by_text = {str(r.play): r.equity for r in ranked}
        choice = weak.choose(game.position, game.dice)
        losses.append(ranked[0].equity - by_text[str(choice)])
        differs += str(choice) != str(ranked[0].play)
        game.play(ranked[int(rng.integers(0, min(2, len(ranked))))].play)
    assert differs > 0
    assert max(losses) < 0.5
    assert np.mean(losses) < 0.1
