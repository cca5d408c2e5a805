"""The computer's side of a terminal game and the hints it gives, through the bots'
public API (``nardy.bots.Bot``) and the engine's cube handler.

Plays: a plain roll goes to ``Bot.choose``; the other turn segments of the long-nardy
variants (a crazy sequence's higher doubles, moves passed to the opponent, RULES.md §5)
are ranked by the bot's evaluation of the position after each legal play. Cube
decisions come from ``nardy.engine_bots.cube`` (money play, or the match score with the
match-equity table). Resignations are accepted when they concede at least the
computer's cubeless equity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nardy.bots.advice import CubeAdvice, MatchScore, cube_advice, play_objective
from nardy.bots.segments import rank_plays
from nardy.game import Game
from nardy.outcome import resignation
from nardy.plays import Play
from nardy.position import Color, other
from nardy.variants import Variant

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot

__all__ = ["CubeAdvice", "MatchScore", "ComputerPlayer", "cube_advice", "hint_bot",
           "level_name", "level_names", "level_title", "play_objective", "rank_plays"]

#: Deepest search a hint may ask for.
MAX_HINT_PLIES = 2
#: The level whose evaluator ranks plays for hints (the depth is the hint's own).
HINT_LEVEL = "advanced"


def level_name(level: int | str) -> str:
    """The canonical name of a bot level given as a number or a name (EN or RU);
    raises ``ValueError`` for an unknown level."""
    from nardy.bots import level_spec

    return level_spec(level).name


def level_names() -> list[str]:
    """All level names, weakest first."""
    from nardy.bots import LEVELS

    return list(LEVELS)


def level_title(name: str, lang: str) -> str:
    """A level's name for display, in ``lang``."""
    from nardy.bots import LEVEL_NAMES_RU, LEVELS

    return f"{LEVEL_NAMES_RU[name]}, {LEVELS[name]}" if lang == "ru" else f"{name}, {LEVELS[name]}"


class ComputerPlayer:
    """The computer's decisions in a game: plays, doubles, answers to doubles and to
    resignation offers, at one bot level."""

    def __init__(self, variant: Variant, level: str, seed: int | None = None) -> None:
        from nardy.bots import Bot

        self.level = level_name(level)
        self.bot = Bot(variant, self.level, seed)

    def choose(self, game: Game, score: MatchScore | None = None) -> Play:
        """The play for the segment to play now (phase ``move``), for the match score
        when there is one (C-4), for single games when gammons do not count (C-3)."""
        ranked = rank_plays(self.bot.playing_for(play_objective(game, score)), game)
        return ranked[0][0]

    def doubles(self, game: Game, score: MatchScore) -> bool:
        """Whether to double now (the side on roll, before rolling)."""
        return cube_advice(game, score, self.level).action == "double"

    def answer(self, game: Game, score: MatchScore) -> str:
        """The answer to the double offered: "take", "pass" or "beaver"."""
        action = cube_advice(game, score, self.level).action
        return action if action in ("take", "pass", "beaver") else "take"

    def resigns(self, game: Game, score: MatchScore | None = None) -> int | None:
        """The level the computer (on roll, before rolling) offers to resign at, or
        None: only a game it is certain to lose (``nardy.bots.resign``)."""
        from nardy.bots.resign import offer_level

        opp_away = None
        if score is not None and score.length:
            theirs = score.black if game.turn == "white" else score.white
            opp_away = score.length - theirs
        return offer_level(self.bot, game, opp_away)

    def accepts(self, game: Game) -> bool:
        """Whether to accept the resignation offered: it concedes at least the
        computer's cubeless equity in the position."""
        from nardy.eval import money_equity

        by = game.resign_by
        level = game.resign_offer
        assert by is not None and level is not None
        winner: Color = other(by)
        offered = resignation(game.variant, winner, level, game.position.side(by),
                              gammons=game.cube.gammons_count).points
        probs = self.bot.evaluate([game.position])[0]
        equity = float(money_equity(probs, game.variant))  # the side on roll's
        mine = equity if game.position.turn == winner else -equity
        return offered >= mine - 1e-9


_hint_bots: dict[Variant, Bot] = {}


def hint_bot(variant: Variant) -> Bot:
    """The bot that ranks plays for hints (made once per variant)."""
    bot = _hint_bots.get(variant)
    if bot is None:
        from nardy.bots import Bot

        bot = _hint_bots[variant] = Bot(variant, HINT_LEVEL)
    return bot
