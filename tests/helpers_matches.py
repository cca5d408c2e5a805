"""Shared test helpers for cube, match and record tests: playing random games and
matches to the end with every kind of action (rolls, plays, doubles, takes, passes,
beavers, resignations accepted and refused).

Play is random but not silly: plays that leave fewer blots and bear off more are
preferred, so games end in a realistic number of turns.
"""

from __future__ import annotations

import random

from hypothesis import strategies as st

from nardy.cube import CubeRules
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.match import Match
from nardy.plays import Play
from nardy.position import WHITE


def choose_play(game: Game, rng: random.Random) -> Play:
    """A random play, biased towards fewer blots, hits and bearing off."""

    def score(play: Play) -> float:
        assert play.result is not None
        side = play.result.theirs  # the mover's checkers after the play
        blots = sum(1 for p in range(1, 25) if side[p] == 1)
        return -2 * blots + 1.5 * play.hits + 3 * side[0] + 2 * rng.random()

    return max(game.legal_plays(), key=score)


def play_out(
    game: Game,
    rng: random.Random,
    *,
    p_double: float = 0.08,
    p_resign: float = 0.01,
    p_reject: float = 0.0,
    resign_after_roll: bool = False,
    max_steps: int = 2000,
) -> Game:
    """Drive ``game`` to its end with random but legal actions of every kind."""
    for _ in range(max_steps):
        if game.phase == "over":
            return game
        if game.phase == "opening":
            a, b = rng.sample(range(1, 7), 2)
            if game.variant.family == "long" and a < b:
                a, b = b, a
            game.opening(a, b)
        elif game.phase == "roll":
            if "double" in game.cube_actions() and rng.random() < p_double:
                game.double()
            elif rng.random() < p_resign:
                game.resign(rng.randint(1, len(_tiers(game))))
            else:
                game.roll(rng.randint(1, 6), rng.randint(1, 6))
        elif game.phase == "cube":
            action = rng.choice(game.cube_actions())
            {"take": game.take, "pass": game.drop, "beaver": game.beaver}[action]()
        elif game.phase == "resign":
            (game.reject if rng.random() < p_reject else game.accept)()
        elif game.phase == "move":
            if resign_after_roll and rng.random() < p_resign:
                game.resign(1)
            else:
                game.play(choose_play(game, rng))
    raise AssertionError("game did not finish")


def _tiers(game: Game) -> tuple[object, ...]:
    from nardy.outcome import tiers

    return tiers(game.variant)


def random_match(
    seed: int,
    *,
    length: int = 3,
    variant: str = "short",
    cube: CubeRules | None = None,
    max_games: int = 6,
    **play: float | bool,
) -> Match:
    """A match (finished, or stopped after ``max_games`` games) played at random."""
    rng = random.Random(seed)
    match = Match(variant, length, cube=cube, players=("Anna", "Boris"), dice=RandomDice(seed))
    while not match.is_over and len(match.games) < max_games:
        play_out(match.new_game(), rng, **play)  # type: ignore[arg-type]
    return match


def bear_off_position_game(
    variant: str = "short", black: dict[int, int] | None = None, **kwargs: object
) -> Game:
    """A game where white, on roll, bears off his last checker (on his 1-point) with
    any roll; ``black`` gives black's checkers (default: none off, one in white's
    home, so white wins a backgammon)."""
    from nardy.position import Position

    theirs = black if black is not None else {6: 5, 8: 5, 13: 4, 19: 1}
    position = Position.from_points({1: 1}, theirs, turn=WHITE)
    return Game(variant, position=position, **kwargs)  # type: ignore[arg-type]


def mutate_lines(text: str, data: st.DataObject, alphabet: str, max_insert: int) -> str:
    """One random edit of a text file, for parser fuzzing: a character replaced (from
    ``alphabet``), a line deleted, swapped, duplicated, or a random line inserted."""
    lines = text.splitlines()
    kind = data.draw(st.sampled_from(["char", "delete", "swap", "duplicate", "insert"]))
    i = data.draw(st.integers(0, len(lines) - 1))
    if kind == "char" and lines[i]:
        j = data.draw(st.integers(0, len(lines[i]) - 1))
        ch = data.draw(st.sampled_from(list(alphabet)))
        lines[i] = lines[i][:j] + ch + lines[i][j + 1 :]
    elif kind == "delete":
        del lines[i]
    elif kind == "swap":
        k = data.draw(st.integers(0, len(lines) - 1))
        lines[i], lines[k] = lines[k], lines[i]
    elif kind == "duplicate":
        lines.insert(i, lines[i])
    else:
        lines.insert(i, data.draw(st.text(max_size=max_insert)))
    return "\n".join(lines) + "\n"
