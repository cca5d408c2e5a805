"""PubEval (Tesauro 1993): inputs as the published C code defines them, play choice."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.dice import RandomDice
from nardy.eval.pubeval import (
    CONTACT_WEIGHTS,
    RACE_WEIGHTS,
    PubEvalPlayer,
    is_race,
    pubeval_inputs,
    pubeval_scores,
)
from nardy.game import Game
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")


def _reference_inputs(pos28: list[int]) -> np.ndarray:
    """setx() of pubeval.c, element by element, on its own board array."""
    x = np.zeros(122)
    for j in range(1, 25):
        n = pos28[25 - j]
        if n == -1:
            x[5 * (j - 1) + 0] = 1
        if n == 1:
            x[5 * (j - 1) + 1] = 1
        if n >= 2:
            x[5 * (j - 1) + 2] = 1
        if n == 3:
            x[5 * (j - 1) + 3] = 1
        if n >= 4:
            x[5 * (j - 1) + 4] = (n - 3) / 2
    x[120] = -pos28[0] / 2
    x[121] = pos28[26] / 15
    return x


def _pos28(mover: tuple[int, ...], other: tuple[int, ...]) -> list[int]:
    pos = [0] * 28
    for p in range(1, 25):
        pos[p] = mover[p] - other[25 - p]
    pos[25] = mover[25]
    pos[0] = -other[25]
    pos[26] = mover[0]
    pos[27] = -other[0]
    return pos


def test_weights_have_122_entries() -> None:
    assert RACE_WEIGHTS.shape == CONTACT_WEIGHTS.shape == (122,)


def test_inputs_match_the_published_encoding_on_game_positions() -> None:
    game = Game(SHORT, dice=RandomDice(4))
    game.opening(3, 1)
    player = PubEvalPlayer(SHORT)
    seen = 0
    while game.phase != "over" and seen < 60:
        if game.phase == "roll":
            game.roll()
        if game.phase == "move":
            for play in game.legal_plays():
                r = play.result
                got = pubeval_inputs(np.array([r.theirs]), np.array([r.mine]))[0]
                assert got == pytest.approx(_reference_inputs(_pos28(r.theirs, r.mine)))
                seen += 1
            game.play(player.choose(game.position, game.dice))
    assert seen >= 60


def test_race_detection() -> None:
    assert not is_race(SHORT.start_position())
    assert is_race(Position.from_points({6: 5, 5: 5}, {6: 5, 4: 5}))


def test_bearing_off_the_last_checker_scores_highest() -> None:
    before = Position.from_points({2: 1, 1: 1}, {6: 15})
    plays = [Position.from_points({6: 15}, {}), Position.from_points({6: 15}, {1: 1})]
    scores = pubeval_scores(before, plays)
    assert scores[0] > scores[1]


def test_pubeval_player_is_short_only_and_legal() -> None:
    with pytest.raises(ValueError, match="short nardy"):
        PubEvalPlayer(find_variant("long"))
    player = PubEvalPlayer(SHORT)
    start = SHORT.start_position()
    from nardy.plays import legal_plays

    assert player.choose(start, (3, 1)) in legal_plays(SHORT, start, (3, 1))
