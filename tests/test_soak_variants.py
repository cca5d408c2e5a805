"""Soak test of the long-nardy variants of RULES.md §5: 10,000 random games per variant,
every one of which must end (G-11: one side bears off all 15 checkers).

Games are played through ``Game`` — the turn as a queue of segments (crazy sequences,
gulbara re-rolls, moves passed to the opponent) is what is soaked — but leanly: the
dice are drawn here, a uniformly random play is chosen from ``game.legal_plays()`` and
handed back to ``game.play`` as a ``Play``. Every finished game is checked (an outcome,
the winner has all 15 off, the loser not, the final position valid) and one game in
``REPLAY_EVERY`` is replayed from its record to the same position and outcome.

The one other ending is the engine's ruling for a gap in V-CRAZY's rules: a position
neither side can ever move in again (a mutual block of full homes; see
test_variants_crazy.py) ends as a void draw. Such a game is accepted only when no roll
of either side has a legal play, and only rarely (at most ``MAX_FROZEN_SHARE``).

The games of a variant are split into chunks so that ``pytest -n`` spreads them over
workers. ``NARDY_SOAK_GAMES`` sets the games per variant (default 10,000).
"""

from __future__ import annotations

import os
import random

import pytest
from helpers_boards import draw

from nardy.game import Game
from nardy.plays import legal_plays
from nardy.position import CHECKERS, OFF, Position, other
from nardy.variants import Variant, find_variant

VARIANTS = ("crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga", "fevga-giul")
GAMES = int(os.environ.get("NARDY_SOAK_GAMES", "10000"))
CHUNKS = 10
#: One game in this many is replayed from its record.
REPLAY_EVERY = 250
#: No random game comes near this many rolls; reaching it means no progress.
MAX_ROLLS = 5000
#: Consecutive rolls with no checker moved by either side that the engine did not
#: end as frozen: the game makes no progress.
MAX_IDLE_ROLLS = 100
#: Games of a chunk that may end frozen (void draw); the soak meets about 1 in 5,000
#: in crazy and none elsewhere.
MAX_FROZEN_SHARE = 0.01


def play_random_games(
    variant: Variant,
    seed: int,
    games: int,
    *,
    max_rolls: int = MAX_ROLLS,
    max_idle_rolls: int = MAX_IDLE_ROLLS,
    start: Position | None = None,
) -> tuple[int, int, int]:
    """Play ``games`` random games (from the start unless ``start`` is given); returns
    (total rolls, most rolls in one game, games ended frozen). Fails with the
    position when a game does not end."""
    rng = random.Random(seed)
    randint = rng.randint
    randrange = rng.randrange
    total = longest = frozen = 0
    for number in range(games):
        game = Game(variant, position=start)
        while game.phase == "opening":
            a, b = randint(1, 6), randint(1, 6)
            game.opening(max(a, b), min(a, b))
        rolls = idle = 0
        while True:
            phase = game.phase
            if phase == "move":
                plays = game.legal_plays()
                game.play(plays[randrange(len(plays))])
                idle = 0
            elif phase == "roll":
                rolls += 1
                idle += 1
                if rolls > max_rolls or idle > max_idle_rolls:
                    why = (
                        f"no side has moved in {max_idle_rolls} rolls"
                        if idle > max_idle_rolls
                        else f"not over after {max_rolls} rolls"
                    )
                    raise AssertionError(
                        f"{variant.name} seed {seed} game {number}: {why}\n"
                        f"{draw(variant, game.position)}\n{game.position!r}"
                    )
                game.roll(randint(1, 6), randint(1, 6))
            else:
                break
        frozen += _check_finished(variant, game)
        if number % REPLAY_EVERY == 0:
            again = Game.replay(game.records)
            assert again.position == game.position and again.outcome == game.outcome
        total += rolls
        longest = max(longest, rolls)
    return total, longest, frozen


def _check_finished(variant: Variant, game: Game) -> bool:
    """Check a finished game; True when it ended frozen (a void draw)."""
    assert game.phase == "over" and game.outcome is not None
    variant.validate(game.position)
    outcome = game.outcome
    if outcome.reason == "frozen":
        assert outcome.winner is None and outcome.value == 0
        for side in (game.position, game.position.swap()):
            for d1 in range(1, 7):
                for d2 in range(1, d1 + 1):
                    assert legal_plays(variant, side, (d1, d2)).must_pass, (
                        f"{variant.name}: ended frozen, but {d1}-{d2} can be played\n"
                        f"{draw(variant, side)}"
                    )
        return True
    winner = outcome.winner
    assert winner is not None and outcome.points >= 1 and outcome.reason == "bear-off"
    assert game.position.side(winner)[OFF] == CHECKERS
    assert game.position.side(other(winner))[OFF] < CHECKERS
    return False


def _chunks() -> list[tuple[str, int, int]]:
    per = [GAMES // CHUNKS + (1 if i < GAMES % CHUNKS else 0) for i in range(CHUNKS)]
    return [(name, i, n) for name in VARIANTS for i, n in enumerate(per) if n]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "chunk", "games"), _chunks(), ids=[f"{n}-{c}" for n, c, _ in _chunks()]
)
def test_soak_variant_games_terminate(name: str, chunk: int, games: int) -> None:
    """G-11 for every variant of RULES.md §5: every random game ends with one side
    borne off (or, rarely, frozen for good), whatever sequences, re-rolls and passed
    moves happen on the way."""
    variant = find_variant(name)
    seed = 7000 + VARIANTS.index(name) * 1000 + chunk
    total, longest, frozen = play_random_games(variant, seed, games)
    assert total >= games and longest <= MAX_ROLLS
    assert frozen <= MAX_FROZEN_SHARE * games, f"{frozen} of {games} games frozen"


def test_soak_loop_reports_a_game_that_does_not_end() -> None:
    """The soak loop's own check: with a limit of rolls no game can meet, it fails
    naming the variant and showing the board instead of looping on."""
    with pytest.raises(AssertionError, match="crazy seed 1 game 0: not over after 3 rolls"):
        play_random_games(find_variant("crazy"), 1, 1, max_rolls=3)


def _mutual_block() -> Position:
    """Crazy's mutual block (seed 7000, game 163 of the soak): both homes full, each
    side's last checkers in front of the other's home."""
    return Position.from_points(
        {19: 2, 6: 3, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1}, {1: 1, 2: 3, 3: 1, 4: 3, 5: 1, 6: 2, 19: 4}
    )


def test_soak_loop_accepts_a_game_ended_frozen() -> None:
    """A crazy game from the mutual block ends at the first roll as a void draw; the
    loop checks that no roll of either side can be played and counts it."""
    total, longest, frozen = play_random_games(find_variant("crazy"), 0, 2, start=_mutual_block())
    assert (total, longest, frozen) == (2, 1, 2)


def test_soak_loop_reports_a_game_without_progress() -> None:
    """The soak loop's own check: a game where nobody moves for more rolls than allowed
    (here X is stuck behind O's full home and the limit is one roll) fails with its
    board."""
    stuck = Position.from_points(
        {19: 2, 6: 3, 5: 3, 4: 2, 3: 3, 2: 1, 1: 1}, {1: 1, 2: 3, 3: 1, 4: 3, 5: 1, 6: 2, 20: 4}
    )
    with pytest.raises(AssertionError, match="game 0: no side has moved in 1 rolls"):
        play_random_games(find_variant("crazy"), 0, 1, start=stuck, max_idle_rolls=1)


@pytest.mark.parametrize("name", VARIANTS)
def test_soak_loop_plays_whole_games(name: str) -> None:
    """A few games of each variant through the soak loop (fast; the soak proper is
    marked slow): they end, and the first is replayed from its record."""
    total, longest, frozen = play_random_games(find_variant(name), 99, 3)
    assert total > 3 and longest < MAX_ROLLS and frozen == 0
