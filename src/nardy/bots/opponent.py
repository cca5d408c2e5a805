"""The computer opponent's decisions in a game at one level — its plays, doubles,
answers to doubles, resignation offers and answers to them — for what the game scores:
the match score (C-4), single games when gammons do not count (C-3), else money. The
terminal's and the web club's computer are both this."""

from __future__ import annotations

from nardy.bots.advice import cube_advice, play_objective, rank_at_score
from nardy.eval import money_equity
from nardy.eval.match import match_equity, match_winning_chance, post_crawford_after
from nardy.game import Game
from nardy.match import MatchScore
from nardy.outcome import resignation
from nardy.plays import Play
from nardy.position import Color, other
from nardy.variants import Variant

#: Slack in equity comparisons (float rounding).
EPS = 1e-9


class Opponent:
    """The computer's side of a game at ``level`` (a name or number of
    ``nardy.bots.LEVELS``); ``seed`` fixes a weak level's mistakes."""

    def __init__(self, variant: Variant, level: int | str, seed: int | None = None) -> None:
        from nardy.bots import Bot, level_spec

        self.level = level_spec(level).name
        self.bot = Bot(variant, self.level, seed)

    def choose(self, game: Game, score: MatchScore | None = None) -> Play:
        """The play for the segment to play now (phase ``move``)."""
        return rank_at_score(self.bot, game, score, settle=False)[0][0]

    def doubles(self, game: Game, score: MatchScore) -> bool:
        """Whether to double now (the side on roll, before rolling)."""
        return cube_advice(game, score, self.level).action == "double"

    def answer(self, game: Game, score: MatchScore) -> str:
        """The answer to the double offered: "take", "pass" or "beaver" (only where
        the rules allow one)."""
        action = cube_advice(game, score, self.level).action
        return action if action in ("take", "pass", "beaver") else "take"

    def resigns(self, game: Game, score: MatchScore | None = None) -> int | None:
        """The level the computer (on roll, before rolling) offers to resign at, or
        None: only a game it is certain to lose (``nardy.bots.resign.offer_level``)."""
        from nardy.bots.resign import offer_level

        away = score.away(game.turn) if score is not None else None
        return offer_level(self.bot, game, away[1] if away else None)

    def accepts(
        self, game: Game, score: MatchScore | None = None, level: int | None = None
    ) -> bool:
        """Whether to accept the resignation offered (or one at ``level`` instead: what
        a refused player could offer): it gives at least what playing on is worth — the
        match-winning chance at a match score, else the cubeless equity of what the
        game scores."""
        by = game.resign_by
        assert by is not None and game.resign_offer is not None
        me: Color = other(by)
        cube = game.cube
        offered = (
            resignation(
                game.variant,
                me,
                game.resign_offer if level is None else level,
                game.position.side(by),
                gammons=cube.gammons_count,
            ).points
            * cube.value
        )
        probs = self.bot.evaluate([game.position])[0]
        on_roll = game.position.turn == me  # probs are the side on roll's
        away = score.away(me) if score is not None else None
        if score is not None and away is not None:
            mine, theirs = away
            after = post_crawford_after(mine, theirs, score.crawford)
            accepted = match_equity(mine - int(offered), theirs, post_crawford=after)
            roller = (mine, theirs) if on_roll else (theirs, mine)
            chance = match_winning_chance(
                probs, *roller, cube.value, game.variant, crawford_rule=score.crawford
            )
            return accepted >= (chance if on_roll else 1.0 - chance) - EPS
        objective = play_objective(game, score)
        equity = (
            float(money_equity(probs, game.variant))
            if objective is None
            else float(probs @ objective[0] + objective[1])
        )
        return offered >= (equity if on_roll else -equity) * cube.value - EPS
