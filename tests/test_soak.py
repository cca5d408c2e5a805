"""Soak test: 10,000 random games per variant, every one of which must terminate
(RULES.md G-11: one side bears off all 15 checkers).

The loop is kept lean: it calls the generator (``nardy.movegen.legal_candidates``)
and ``result_position`` directly instead of going through ``Game``, picks a uniformly
random legal play, and passes the turn when nothing can be played. Each position made
is a ``Position`` (15 checkers per side, non-negative counts: checked on creation);
the final position is also checked by ``Variant.validate``.

The games of a variant are split into chunks so that ``pytest -n`` spreads them over
workers. ``NARDY_SOAK_GAMES`` sets the games per variant (default 10,000).
"""

from __future__ import annotations

import os
import random

import pytest
from helpers_boards import ALL_VARIANTS, draw

from nardy.movegen import legal_candidates, result_position
from nardy.position import CHECKERS, OFF, Position
from nardy.variants import Variant, find_variant

GAMES = int(os.environ.get("NARDY_SOAK_GAMES", "10000"))
CHUNKS = 10
#: No game of random play comes near this many turns; reaching it means no progress.
MAX_TURNS = 5000
#: Consecutive turns with no legal play for either side: the game is frozen.
MAX_PASSES = 100


def play_random_games(
    variant: Variant, seed: int, games: int, *, start: Position | None = None
) -> tuple[int, int]:
    """Play ``games`` random games (from the start position unless ``start`` is
    given); returns (total turns, longest game in turns). Fails with the position
    when a game does not end."""
    rng = random.Random(seed)
    randint = rng.randint
    choice = rng.choice
    if start is None:
        start = variant.start_position()
    total = longest = 0
    for game in range(games):
        pos: Position = start
        passes = turns = 0
        while turns < MAX_TURNS:
            turns += 1
            d1 = randint(1, 6)
            d2 = randint(1, 6)
            cands = legal_candidates(variant, pos, d1, d2)
            if cands:
                pos = result_position(variant, pos, choice(cands))
                passes = 0
                if pos.theirs[OFF] == CHECKERS:
                    break
            else:
                pos = pos.swap().with_flags(pos.theirs_first, False)
                passes += 1
                assert passes < MAX_PASSES, (
                    f"{variant.name} seed {seed} game {game}: no side can move\n"
                    f"{draw(variant, pos)}"
                )
        else:
            raise AssertionError(
                f"{variant.name} seed {seed} game {game}: not over after {MAX_TURNS} turns\n"
                f"{draw(variant, pos)}"
            )
        variant.validate(pos)
        assert pos.mine[OFF] < CHECKERS  # only the side that just moved is off
        total += turns
        longest = max(longest, turns)
    return total, longest


def _chunks() -> list[tuple[str, int, int]]:
    per = [GAMES // CHUNKS + (1 if i < GAMES % CHUNKS else 0) for i in range(CHUNKS)]
    return [(name, i, n) for name in ALL_VARIANTS for i, n in enumerate(per) if n]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "chunk", "games"), _chunks(), ids=[f"{n}-{c}" for n, c, _ in _chunks()]
)
def test_soak_random_games_terminate(name: str, chunk: int, games: int) -> None:
    """G-11: every random game of every variant ends with one side borne off."""
    variant = find_variant(name)
    seed = ALL_VARIANTS.index(name) * 1000 + chunk
    total, longest = play_random_games(variant, seed, games)
    assert total >= games and longest < MAX_TURNS


def test_soak_loop_reports_a_frozen_game() -> None:
    """The soak loop's own check: when neither side can ever move (each has a checker
    on the bar against a closed board) the loop fails with the position instead of
    spinning until MAX_TURNS."""
    v = find_variant("short")
    side = Position.from_points({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 4}, {}, mine_bar=1).mine
    frozen = Position(side, side, "white")
    v.validate(frozen)
    with pytest.raises(AssertionError, match="no side can move"):
        play_random_games(v, 0, 1, start=frozen)
