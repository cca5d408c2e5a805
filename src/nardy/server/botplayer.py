"""The web club's computer: one ``nardy.bots.opponent.Opponent`` per (variant, level),
shared by the games and used by one game at a time, and the hints' ranking of plays."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TypeVar

from nardy.bots import LEVELS
from nardy.bots.advice import rank_at_score
from nardy.bots.opponent import Opponent
from nardy.game import Game
from nardy.match import MatchScore
from nardy.outcome import tiers
from nardy.plays import Play
from nardy.variants import Variant

DEFAULT_LEVEL = "medium"
#: The level whose net ranks plays for hints (0 ply, no noise; the hint sets the depth).
HINT_LEVEL = "advanced"

T = TypeVar("T")


class Computer:
    """The computer's decisions for what each game scores (``MatchScore``: a match's
    score, else money or single games under Jacoby); opponents are made once per
    (variant, level)."""

    def __init__(self) -> None:
        self._opponents: dict[tuple[Variant, str], tuple[Opponent, threading.Lock]] = {}
        self._guard = threading.Lock()
        #: Told the seconds each chosen play took (the metrics' histogram).
        self.on_move: Callable[[float], None] | None = None

    @staticmethod
    def levels() -> list[str]:
        """Strength levels on offer, weakest first."""
        return list(LEVELS)

    def _with(self, variant: Variant, level: str | None, act: Callable[[Opponent], T]) -> T:
        """``act`` on the opponent for ``variant`` at ``level``, alone."""
        key = (variant, level or DEFAULT_LEVEL)
        with self._guard:
            found = self._opponents.get(key)
            if found is None:
                found = self._opponents[key] = (Opponent(variant, key[1]), threading.Lock())
        opponent, lock = found
        with lock:
            return act(opponent)

    def choose(self, game: Game, level: str | None, score: MatchScore | None = None) -> Play:
        """The computer's play of the current segment (phase "move") at its level."""
        legal = game.legal_plays()
        if len(legal) == 1:
            return legal[0]

        def timed(opponent: Opponent) -> Play:  # the choice itself, not the wait for it
            start = time.perf_counter()
            play = opponent.choose(game, score)
            if self.on_move is not None:
                self.on_move(time.perf_counter() - start)
            return play

        return self._with(game.variant, level, timed)

    def hint(
        self, game: Game, score: MatchScore, plies: int = 1, top: int = 5
    ) -> list[tuple[Play, float]]:
        """The ``top`` best plays of the segment to play (phase "move") with the mover's
        equity, ranked at ``plies`` by the hint level's net for what the game scores."""
        return self._with(
            game.variant, HINT_LEVEL, lambda o: rank_at_score(o.bot, game, score, plies)[:top]
        )

    # -- the cube (RULES.md C-3, C-4) and resignations ---------------------------------
    def wants_double(self, game: Game, level: str | None, score: MatchScore) -> bool:
        """Whether the side on roll (the computer, phase "roll") doubles now."""
        return self._with(game.variant, level, lambda o: o.doubles(game, score))

    def answer_double(self, game: Game, level: str | None, score: MatchScore) -> str:
        """The computer's answer to a double offered to it: take, pass or beaver."""
        return self._with(game.variant, level, lambda o: o.answer(game, score))

    def resignation_offer(self, game: Game, level: str | None, score: MatchScore) -> int | None:
        """The level the computer (on roll, before rolling) offers to resign at, or None:
        only a game it is certain to lose."""
        return self._with(game.variant, level, lambda o: o.resigns(game, score))

    def accepts_resignation(self, game: Game, level: str | None, score: MatchScore) -> bool:
        """Whether the computer (receiving the offer) accepts the resignation."""
        return self._with(game.variant, level, lambda o: o.accepts(game, score))

    def acceptable_levels(self, game: Game, level: str | None, score: MatchScore) -> list[int]:
        """The resignation levels above the one offered (phase "resign") the computer
        would accept: what a refused player is told he may offer instead."""
        assert game.resign_offer is not None
        higher = range(game.resign_offer + 1, len(tiers(game.variant)) + 1)
        return self._with(
            game.variant, level, lambda o: [n for n in higher if o.accepts(game, score, n)]
        )
