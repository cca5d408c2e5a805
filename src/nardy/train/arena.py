"""Matches between two players, cubeless money, with duplicate dice.

A *player* is anything with ``choose(position, dice) -> Play | None``. With
``duplicate=True`` every dice sequence is played twice, the players swapping who
starts, which cancels most of the luck. Results are points per game from player A's
side with a 95% confidence interval (normal approximation over game pairs).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from nardy.outcome import score_game
from nardy.plays import Play
from nardy.position import CHECKERS, OFF, Position, other
from nardy.variants.base import Variant

MAX_TURNS = 1000


class Player(Protocol):
    """Something that picks plays."""

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """A legal play or None when nothing can be played."""
        ...


@dataclass
class MatchResult:
    """Points per game of A over the games (pairs when duplicate)."""

    points: list[float] = field(default_factory=list)
    wins: int = 0
    games: int = 0
    unit: int = 1  # games per sample (2 with duplicate dice)

    @property
    def ppg(self) -> float:
        """Mean points per game for A."""
        return float(np.mean(self.points)) / self.unit if self.points else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`ppg`."""
        n = len(self.points)
        if n < 2:
            return math.inf
        return 1.96 * float(np.std(self.points, ddof=1)) / math.sqrt(n) / self.unit

    @property
    def win_rate(self) -> float:
        """Share of games A won."""
        return self.wins / self.games if self.games else 0.0

    def summary(self) -> str:
        """``+0.123 ± 0.045 ppg, 55.0% wins, 400 games``."""
        return (
            f"{self.ppg:+.3f} ± {self.ci95:.3f} ppg, {100 * self.win_rate:.1f}% wins, "
            f"{self.games} games"
        )


def merge_results(parts: Sequence[MatchResult]) -> MatchResult:
    """One result from the results of blocks of the same match."""
    out = MatchResult(unit=parts[0].unit if parts else 1)
    for part in parts:
        out.points.extend(part.points)
        out.wins += part.wins
        out.games += part.games
    return out


def _roll_stream(seed: int, family: str) -> Callable[[int], tuple[int, int]]:
    rng = np.random.default_rng(seed)
    rolls: list[tuple[int, int]] = []

    def get(k: int) -> tuple[int, int]:
        while len(rolls) <= k:
            a, b = (int(x) for x in rng.integers(1, 7, size=2))
            if not rolls and family == "short":
                while a == b:  # the opening toss never gives a double (G-5)
                    a, b = (int(x) for x in rng.integers(1, 7, size=2))
            rolls.append((a, b))
        return rolls[k]

    return get


def play_one(
    variant: Variant,
    first: Player,
    second: Player,
    dice_seed: int,
    start: Position | None = None,
) -> float:
    """One game (from ``start``, else the variant's starting position, ``first`` on
    roll); returns the points won (+) or lost (−) by ``first``."""
    pos = start or variant.start_position()
    roll = _roll_stream(dice_seed, variant.family)
    players = (first, second)
    for k in range(MAX_TURNS):
        mover = k % 2
        play = players[mover].choose(pos, roll(k))
        if play is None:
            pos = pos.swap().with_flags(pos.theirs_first, False)
        else:
            if play.result is None:
                raise ValueError("a player returned a play without its resulting position")
            pos = play.result
        if pos.theirs[OFF] == CHECKERS:  # the mover has finished
            out = score_game(variant, pos.theirs, pos.mine, other(pos.turn))
            return out.points if mover == 0 else -out.points
    return 0.0


def play_match(
    variant: Variant,
    a: Player,
    b: Player,
    games: int,
    *,
    seed: int = 0,
    duplicate: bool = True,
    on_game: Callable[[MatchResult], None] | None = None,
    starts: Sequence[Position] = (),
    first: int = 0,
) -> MatchResult:
    """Play ``games`` games (rounded up to pairs when duplicate) of A against B; with
    ``starts``, game (pair) i begins from ``starts[i % len(starts)]``. ``first`` skips
    to pair (game) number ``first`` of the seed's dice, so that a long match can be
    split into blocks that together play exactly the dice of one run."""
    res = MatchResult(unit=2 if duplicate else 1)
    pairs = (games + 1) // 2 if duplicate else games
    for i in range(first, first + pairs):
        ds = seed * 1_000_003 + i
        start = starts[i % len(starts)] if starts else None
        if duplicate:
            p1 = play_one(variant, a, b, ds, start)
            p2 = -play_one(variant, b, a, ds, start)
            res.points.append(p1 + p2)
            res.wins += (p1 > 0) + (p2 > 0)
            res.games += 2
        else:
            p1 = (
                play_one(variant, a, b, ds, start)
                if i % 2 == 0
                else -play_one(variant, b, a, ds, start)
            )
            res.points.append(p1)
            res.wins += p1 > 0
            res.games += 1
        if on_game is not None:
            on_game(res)
    return res
