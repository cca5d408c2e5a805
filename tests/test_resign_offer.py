"""The computer offers to resign only a game it is certain to lose, at the level it is
certain to lose at (``nardy.bots.resign``; resignations G-/C-2 tiers, C-3 Jacoby)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from nardy.bots import Bot
from nardy.bots.resign import CERTAIN, certain_loss, no_contact, offer_level
from nardy.game import Game
from nardy.notation.position_json import position_from_json
from nardy.variants import find_variant

SHORT = find_variant("short")
LONG = find_variant("long")


def side(points: dict[int, int], bar: int = 0) -> dict[str, Any]:
    return {"points": {str(p): n for p, n in points.items()}, "bar": bar, "first_turn": False}


#: White on roll is gammoned for certain: Black bears off its last five before White,
#: all of whose checkers are outside, can bring them home and bear one off.
GAMMONED = {
    "turn": "white",
    "white": side({12: 3, 11: 3, 10: 3, 9: 3, 8: 3}),
    "black": side({1: 2, 2: 2, 3: 1}),
}
#: White (one checker off) cannot finish before Black's last checker goes off.
SINGLE = {"turn": "white", "white": side({6: 10, 5: 4}), "black": side({1: 1})}
#: White is far behind but the game still has contact: a shot can turn it round.
CONTACT = {
    "turn": "white",
    "white": side({24: 2, 6: 5, 5: 4, 4: 4}),
    "black": side({2: 3, 3: 3, 7: 3, 22: 1}),
}


def pos(data: dict[str, Any], variant: Any = SHORT) -> Any:
    return position_from_json(data, variant)


@pytest.mark.parametrize(
    "data,expected",
    [
        (GAMMONED, True),
        (SINGLE, True),
        (CONTACT, False),
        ({"turn": "white", "white": side({6: 14}, bar=1), "black": side({1: 1})}, False),
        # Black's rearmost on his 6 is White's 19: White's rearmost on 18 has passed it,
        # on 20 it has not.
        ({"turn": "white", "white": side({18: 1, 6: 14}), "black": side({6: 15})}, True),
        ({"turn": "white", "white": side({20: 1, 6: 14}), "black": side({6: 15})}, False),
    ],
)
def test_no_contact_short(data: dict[str, Any], expected: bool) -> None:
    assert no_contact(SHORT, pos(data)) is expected


@pytest.mark.parametrize(
    "mine,theirs,expected",
    [
        ({1: 5, 12: 10}, {1: 5, 12: 10}, True),  # each side in its own last half
        ({13: 1, 1: 14}, {2: 15}, False),  # one of White's checkers still in its first half
        ({1: 15}, {24: 1, 1: 14}, False),
    ],
)
def test_no_contact_long(mine: dict[int, int], theirs: dict[int, int], expected: bool) -> None:
    p = pos({"turn": "white", "white": side(mine), "black": side(theirs)}, LONG)
    assert no_contact(LONG, p) is expected


def probs(win: float = 0.0, lg: float = 0.0, lbg: float = 0.0) -> np.ndarray:
    return np.array([win, 0.0, 0.0, lg, lbg])


@pytest.mark.parametrize(
    "p,variant,gammons,expected",
    [
        (probs(), SHORT, True, 1),
        (probs(win=2 * CERTAIN), SHORT, True, None),  # some chance to win: play on
        (probs(lg=0.5), SHORT, True, None),  # single or gammon: not certain which
        (probs(lg=1.0), SHORT, True, 2),
        (probs(lg=1.0), SHORT, False, 1),  # C-3 Jacoby / no gammons with the cube
        (probs(lg=0.5), SHORT, False, 1),
        (probs(lg=1.0, lbg=1.0), SHORT, True, 3),
        (probs(lg=1.0, lbg=0.5), SHORT, True, None),
        (probs(lg=1.0, lbg=1.0), LONG, True, None),  # long standard has no third tier
        (probs(lg=1.0, lbg=1.0), LONG.with_options(scoring="koks"), True, 3),
        (probs(lg=1.0, lbg=1.0), SHORT.with_options(scoring="home-mars"), True, None),
        (probs(), SHORT.with_options(scoring="per-checker"), True, None),
        (probs(), LONG.with_options(last_roll_draw=True), True, None),  # L-DRAW
    ],
)
def test_certain_loss_levels(
    p: np.ndarray, variant: Any, gammons: bool, expected: int | None
) -> None:
    assert certain_loss(variant, p, gammons) == expected


@pytest.mark.parametrize("data,expected", [(GAMMONED, 2), (SINGLE, 1), (CONTACT, None)])
def test_bot_resigns_only_certain_losses(data: dict[str, Any], expected: int | None) -> None:
    for level in ("beginner", "strongest"):
        assert Bot(SHORT, level).resignation(pos(data)) == expected


def test_the_winner_never_resigns() -> None:
    winner_on_roll = dict(GAMMONED, turn="black")
    assert Bot(SHORT, "advanced").resignation(pos(winner_on_roll)) is None


def test_a_refused_level_is_not_offered_again() -> None:
    bot = Bot(SHORT, "advanced")
    game = Game(SHORT, position=pos(GAMMONED))
    assert offer_level(bot, game) == 2
    game.resign(2)
    assert offer_level(bot, game) is None  # an offer is pending: not before the roll
    game.reject()
    assert game.refused == {"white": 2}
    assert offer_level(bot, game) is None
    replayed = Game.replay(game.records)
    assert replayed.refused == {"white": 2} and offer_level(bot, replayed) is None


def test_a_lower_level_is_offered_once_the_higher_is_refused() -> None:
    """A single game refused (the opponent plays for the gammon) leaves a gammon
    offer open once the gammon is certain."""
    bot = Bot(SHORT, "advanced")
    game = Game(SHORT, position=pos(GAMMONED))
    game.resign(1)
    game.reject()
    assert offer_level(bot, game) == 2


@pytest.mark.parametrize("opp_away,expected", [(None, 2), (1, 1), (2, 2), (5, 2)])
def test_in_a_match_the_lowest_level_that_gives_the_match(
    opp_away: int | None, expected: int
) -> None:
    bot = Bot(SHORT, "advanced")
    assert offer_level(bot, Game(SHORT, position=pos(GAMMONED)), opp_away) == expected


def test_no_offer_while_the_dice_are_being_played() -> None:
    bot = Bot(SHORT, "advanced")
    game = Game(SHORT, position=pos(GAMMONED))
    game.roll(6, 5)
    assert game.phase == "move" and offer_level(bot, game) is None
