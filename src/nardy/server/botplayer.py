"""The computer opponent: plays, doubles, resigns lost games, answers doubles and
resignations with ``nardy.bots`` (its public API: ``Bot.choose``, ``Bot.equity``,
``Bot.cube``, ``Bot.resignation``), or,
when no bot is installed, the first legal play and a cube it never turns."""

from __future__ import annotations

import importlib
import threading
from dataclasses import dataclass
from typing import Any

from nardy.game import Game
from nardy.outcome import resignation
from nardy.plays import Play
from nardy.position import Color, other
from nardy.variants import Variant

DEFAULT_LEVEL = "medium"
#: The level whose net ranks plays for hints (0 ply, no noise; the hint sets the depth).
HINT_LEVEL = "advanced"


@dataclass(frozen=True)
class MatchContext:
    """Where the computer stands in a match: points each side still needs (``None``
    in money play) and whether the Crawford game has been played (C-4)."""

    my_away: float | None = None
    opp_away: float | None = None
    post_crawford: bool = False


def match_double(money_says: bool, ctx: MatchContext, cube_value: int) -> bool:
    """Whether to double, the money decision adjusted to the match score."""
    if ctx.my_away is None or ctx.opp_away is None:
        return money_says
    if ctx.my_away <= cube_value:
        return False  # winning this game at this cube already wins the match
    if ctx.post_crawford and ctx.opp_away <= 1:
        return True  # the trailer doubles at once after the Crawford game
    return money_says


def match_take(money_answer: str, ctx: MatchContext, cube_value: int) -> str:
    """The answer to a double ("take", "pass" or "beaver"), adjusted to the score."""
    if ctx.opp_away is not None and ctx.opp_away <= cube_value:
        return "take"  # passing would lose the match
    return money_answer


def match_accepts(offered: float, equity: float, ctx: MatchContext) -> bool:
    """Whether to accept a resignation worth ``offered`` points against playing on
    for ``equity`` (expected points, same units)."""
    if ctx.my_away is not None and offered >= ctx.my_away:
        return True  # accepting wins the match
    return offered >= equity - 1e-9


def _playing_for(bot: Any, game: Game, ctx: MatchContext | None) -> Any:
    """The bot choosing by the objective of this game (``nardy.bots.game_objective``):
    the match score's equity, single games when gammons do not count, else money."""
    if not hasattr(bot, "playing_for"):
        return bot
    from nardy.bots import game_objective

    away = None
    if ctx is not None and ctx.my_away is not None and ctx.opp_away is not None:
        away = (int(ctx.my_away), int(ctx.opp_away))
    return bot.playing_for(game_objective(game.variant, game.cube.value,
                                          game.cube.gammons_count, away,
                                          crawford_rule=not ctx.post_crawford if ctx else True))


class Computer:
    """The computer's decisions; bots are made once per (variant, level)."""

    def __init__(self) -> None:
        self._bots: dict[tuple[Any, str], Any] = {}
        self._locks: dict[tuple[Any, str], threading.Lock] = {}
        self._guard = threading.Lock()

    @staticmethod
    def _module() -> Any | None:
        try:
            return importlib.import_module("nardy.bots")
        except ImportError:
            return None

    def levels(self) -> list[str]:
        """Strength levels on offer (``first-legal`` when no bot is installed)."""
        mod = self._module()
        if mod is None or not hasattr(mod, "Bot"):
            return ["first-legal"]
        levels = getattr(mod, "LEVELS", None)
        if isinstance(levels, dict):
            return [str(k) for k in levels]
        if isinstance(levels, list | tuple):
            return [str(k) for k in levels]
        return [DEFAULT_LEVEL]

    def _bot(self, variant: Variant, level: str | None) -> tuple[Any, threading.Lock] | None:
        """The bot for ``variant`` at ``level`` and the lock that serialises its use."""
        mod = self._module()
        if mod is None or not hasattr(mod, "Bot") or level == "first-legal":
            return None
        key = (variant, level or DEFAULT_LEVEL)
        with self._guard:
            bot = self._bots.get(key)
            if bot is None:
                bot = self._bots[key] = mod.Bot(variant, level or DEFAULT_LEVEL)
                self._locks[key] = threading.Lock()
            return bot, self._locks[key]

    # -- checker play --------------------------------------------------------------
    def choose(self, game: Game, level: str | None, ctx: MatchContext | None = None) -> Play:
        """The computer's play of the current segment (phase "move") at its level
        (``nardy.bots.segments.rank_plays``): a plain roll for what the game scores —
        the match score when ``ctx`` gives one, single games when gammons do not count
        (Jacoby, C-3) — the other segments (a crazy sequence's higher doubles, passed
        moves) by cubeless money equity."""
        legal = game.legal_plays()
        if len(legal) == 1:
            return legal[0]
        found = self._bot(game.variant, level)
        if found is None:
            return legal[0]
        from nardy.bots.segments import rank_plays

        bot, lock = found
        with lock:
            return rank_plays(_playing_for(bot, game, ctx), game, settle=False)[0][0]

    def hint(self, game: Game, ctx: MatchContext, plies: int = 1, top: int = 5
             ) -> list[tuple[Play, float]]:
        """The ``top`` best plays of the segment to play (phase "move") with the mover's
        equity, ranked at ``plies`` by the hint level's net for what the game scores
        (``nardy.bots.segments.rank_plays``); [] when no bot is installed."""
        found = self._bot(game.variant, HINT_LEVEL)
        if found is None:
            return []
        from nardy.bots.segments import rank_plays

        bot, lock = found
        with lock:
            return rank_plays(_playing_for(bot, game, ctx), game, plies)[:top]

    # -- the cube (RULES.md C-3, C-4) ------------------------------------------------
    def wants_double(self, game: Game, level: str | None, ctx: MatchContext) -> bool:
        """Whether the side on roll (the computer, phase "roll") doubles now."""
        found = self._bot(game.variant, level)
        if found is None:
            return False
        bot, lock = found
        me = game.turn
        cube = game.cube
        owner = "centre" if cube.owner is None else "me" if cube.owner == me else "them"
        with lock:
            decision = bot.cube(game.position, owner)
        return match_double(decision.action == "double", ctx, cube.value)

    def answer_double(self, game: Game, level: str | None, ctx: MatchContext) -> str:
        """The computer's answer to a double offered to it: take, pass or beaver."""
        allowed = game.cube_actions()
        found = self._bot(game.variant, level)
        if found is None:
            return "take"
        bot, lock = found
        doubler = game.turn
        cube = game.cube
        owner = "centre" if cube.owner is None else "me" if cube.owner == doubler else "them"
        with lock:
            decision = bot.cube(game.position, owner)  # from the doubler's side
        answer = match_take(decision.take, ctx, cube.value)
        if answer == "beaver" and "beaver" not in allowed:
            answer = "take"
        return answer

    def resignation_offer(self, game: Game, level: str | None, ctx: MatchContext) -> int | None:
        """The level the computer (on roll, before rolling) offers to resign at, or None:
        only a game it is certain to lose (``nardy.bots.resign.offer_level``)."""
        found = self._bot(game.variant, level)
        if found is None:
            return None
        bot, lock = found
        from nardy.bots.resign import offer_level

        with lock:
            return offer_level(bot, game, ctx.opp_away)

    def accepts_resignation(self, game: Game, level: str | None, ctx: MatchContext) -> bool:
        """Whether the computer (receiving the offer) accepts the resignation."""
        by = game.resign_by
        assert by is not None and game.resign_offer is not None
        me: Color = other(by)
        offered = resignation(game.variant, me, game.resign_offer, game.position.side(by),
                              gammons=game.cube.gammons_count).value
        found = self._bot(game.variant, level)
        if found is None:
            return True
        bot, lock = found
        with lock:
            eq = float(bot.equity([game.position])[0])
        mine = eq if game.position.turn == me else -eq
        if not game.cube.gammons_count:
            mine = min(mine, 1.0)  # only single games count
        return match_accepts(offered, mine * game.cube.value, ctx)
