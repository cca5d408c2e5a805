"""One rollout trial: a game played on from a start by a bot, with its luck measured.

A trial is a :class:`~nardy.game.Game` (so every variant's turn shape is the game's
own: a crazy sequence's higher doubles, a gulbara re-roll, moves passed to the
opponent, the L-DRAW last roll) driven to its end — or to a truncation: after
``truncate`` rolls, or when both sides bear off and the exact bear-off database
(:mod:`nardy.eval.bearoff`) prices the position. Its result is a row of
:data:`COLUMNS`, everything from the *root's* side (the side on roll at the start, or
the side that played the candidate play being rolled out):

* ``value`` — what the game was worth: in money play the points won (−lost) per unit
  of the start's cube; at a match score the match equity 2·MWC − 1 after the game;
* ``probs`` — the five outcome indicators (win, gammon/mars win, backgammon/koks win,
  gammon loss, backgammon loss; a draw counts half a win); a truncated game gives the
  0-ply evaluation instead;
* ``luck_value`` / ``luck_probs`` — the sums of the luck of every roll (module
  docstring of :mod:`nardy.rollout`), in the same units; zero without VR;
* ``end`` — 0 the game ended, 1 truncated after ``truncate`` rolls, 2 stopped at the
  bear-off database.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

from nardy.bots import Bot, level_spec
from nardy.bots.advice import cube_advice, play_objective
from nardy.bots.search import Search, money_objective
from nardy.bots.segments import rank_plays
from nardy.cube import CubeRules
from nardy.dice import ROLLS
from nardy.eval import Evaluator, invert
from nardy.eval.bearoff import bearing_off, bearoff_probs, uses_standard_bearoff
from nardy.eval.boards import boards_from_positions
from nardy.eval.match import match_equity, post_crawford_after
from nardy.game import Game
from nardy.match import MatchScore
from nardy.outcome import Outcome, tiers
from nardy.plays import Play
from nardy.position import Color, Position
from nardy.rollout.dice import TrialDice
from nardy.variants.base import Variant

#: Columns of a trial's row.
COLUMNS = (
    "value",
    *(f"p{i}" for i in range(5)),
    "luck_value",
    *(f"luck_p{i}" for i in range(5)),
    "end",
)
VALUE, PROBS, LUCK_VALUE, LUCK_PROBS, END = 0, slice(1, 6), 6, slice(7, 12), 12
#: How a trial ended.
ENDED, TRUNCATED, BEAROFF = 0, 1, 2
#: Safety stop: no real game has this many rolls.
MAX_ROLLS = 5000
#: The level that evaluates a truncated game (the 0-ply net, no noise).
ZERO_PLY = "advanced"


@dataclass(frozen=True)
class Start:
    """Where every trial of a rollout begins: the game's records (a setup with the
    position and the cube, perhaps a roll and a play, or a double and a take) as JSON
    text, the root colour, the match score (``length`` 0: money play) and the cube
    value the result is counted in (per unit of it)."""

    variant: Variant
    records: tuple[str, ...]
    root: Color
    score: MatchScore = field(default_factory=MatchScore)
    unit: int = 1
    #: The root may not double before its first roll (the no-double side of a cube
    #: decision rolled out).
    root_no_double: bool = False

    @classmethod
    def of(
        cls,
        variant: Variant,
        records: list[dict[str, Any]],
        root: Color,
        score: MatchScore | None = None,
        *,
        root_no_double: bool = False,
    ) -> Start:
        """A start from plain records; the unit is the cube value of the setup."""
        game = Game.replay(records[:1])
        return cls(
            variant,
            tuple(json.dumps(r, sort_keys=True) for r in records),
            root,
            score or MatchScore(),
            game.cube.value,
            root_no_double,
        )

    def game(self) -> Game:
        """A fresh game at the start."""
        return Game.replay(json.loads(r) for r in self.records)


@dataclass(frozen=True)
class TrialSettings:
    """How trials are played: the bot ``level`` (0-ply ``advanced`` by default),
    ``cubeful`` (the bots' cube decisions during the game), ``truncate`` (stop after
    that many rolls and evaluate at 0 ply; 0: play to the end), ``bearoff`` (stop where
    the exact bear-off database takes over), ``vr`` (luck adjustment), ``seed``."""

    level: str = ZERO_PLY
    cubeful: bool = False
    truncate: int = 0
    bearoff: bool = True
    vr: bool = True
    seed: int = 0


def _mover_to_root(probs: np.ndarray, same: bool) -> np.ndarray:
    return probs if same else invert(probs)


def _delta_to_root(delta: np.ndarray, same: bool) -> np.ndarray:
    """A difference of probabilities seen by the other side: ``invert`` without its
    constant (1 − w)."""
    if same:
        return delta
    return np.array([-delta[0], delta[3], delta[4], delta[1], delta[2]])


class Roller:
    """Plays the trials of one start with one set of settings (one per process)."""

    def __init__(
        self, start: Start, settings: TrialSettings, evaluator: Evaluator | None = None
    ) -> None:
        """``evaluator``: the net the bot plays and evaluates with (default: the
        variant's shipped one; training rolls out with the net being trained)."""
        self.start = start
        self.settings = settings
        self.variant = start.variant
        self.spec = level_spec(settings.level)
        self.bot = Bot(self.variant, self.spec.name, seed=settings.seed, evaluator=evaluator)
        self.evaluator: Evaluator = self.bot.evaluator
        self.search = Search(self.variant, self.evaluator, cache_size=1)
        self.fast = self.spec.plies == 0 and self.spec.noise == 0.0
        self._bots: dict[tuple[bytes, float], Bot] = {}
        v = self.variant
        #: Turns longer than one segment after a double (RULES.md §5).
        self.long_doubles = v.doubles_sequence or v.pass_unplayed or v.reroll_on_full_double
        self.exact_bearoff = (
            settings.bearoff
            and uses_standard_bearoff(self.variant)
            and self.variant.scoring != "per-checker"
        )

    # -- one trial ------------------------------------------------------------------
    def trial(self, index: int) -> np.ndarray:
        """The row of trial ``index`` (always the same for the same index)."""
        s = self.settings
        dice = TrialDice(s.seed, index)
        self.bot.rng = np.random.default_rng([s.seed, index, 1])
        game = self.start.game()
        row = np.zeros(len(COLUMNS))
        rolls = 0
        while True:
            if game.phase == "over":
                assert game.outcome is not None
                row[VALUE], row[PROBS] = self._final(game, game.outcome)
                row[END] = ENDED
                break
            if game.phase == "move":
                game.play(self._choose(game))
                continue
            if game.phase != "roll":
                raise RuntimeError(f"a rollout game stopped in phase {game.phase!r}")
            stop = self._stop(game, rolls)
            if stop is not None:
                row[VALUE], row[PROBS] = self._evaluate(
                    game, exact=stop == BEAROFF, first=rolls == 0
                )
                row[END] = stop
                break
            if s.cubeful and self._cube(game, first=rolls == 0):
                continue
            roll = dice.roll(rolls)
            if s.vr:
                lv, lp = self._luck(game, roll)
                row[LUCK_VALUE] += lv
                row[LUCK_PROBS] += lp
            game.roll(*roll)
            rolls += 1
            if rolls > MAX_ROLLS:
                raise RuntimeError("a rollout game did not end")
        return row

    def _stop(self, game: Game, rolls: int) -> int | None:
        if game.last_roll:  # L-DRAW: the last roll is always played
            return None
        if self.settings.truncate and rolls >= self.settings.truncate:
            return TRUNCATED
        if self.exact_bearoff and bearing_off(game.position) and not game.position.is_over():
            return BEAROFF
        return None

    # -- decisions --------------------------------------------------------------------
    def _choose(self, game: Game) -> Play:
        """The bot's play for the segment to play: at 0 ply without noise the play
        whose result is best by the game's objective (what ``rank_plays`` picks, without
        ranking the rest); else the bot's own choice at its level."""
        if not self.fast:
            plays = list(game.legal_plays())
            if len(plays) == 1:
                return plays[0]
            bot = self._bot_for(play_objective(game, self.start.score))
            chosen: Play = rank_plays(bot, game, settle=False)[0][0]
            return chosen
        return self._greedy(game)

    def _bot_for(self, objective: tuple[np.ndarray, float] | None) -> Bot:
        """The bot playing for ``objective`` (None: money), drawing its noise from the
        trial's generator (``Bot.playing_for`` would seed a new one each time)."""
        if objective is None:
            return self.bot
        key = (objective[0].tobytes(), objective[1])
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = self.bot.playing_for(objective)
        bot.rng = self.bot.rng
        return bot

    def _greedy(self, game: Game) -> Play:
        """The segment's play whose result is best at 0 ply by the game's objective."""
        plays = list(game.legal_plays())
        if len(plays) == 1:
            return plays[0]
        results = [p.result for p in plays]
        if any(r is None for r in results):  # pragma: no cover - legal plays have results
            return plays[0]
        boards, first = boards_from_positions(results)  # type: ignore[arg-type]
        mover = invert(self.evaluator.probs(boards, first))
        weights, const = self._objective(game)
        return plays[int(np.argmax(mover @ weights + const))]

    def _objective(self, game: Game) -> tuple[np.ndarray, float]:
        """What the side to move maximises: match equity, single games or money."""
        objective = play_objective(game, self.start.score)
        return objective if objective is not None else money_objective(self.variant)

    def _may_double(self, game: Game, *, first: bool) -> bool:
        """Whether the side on roll may double now (not the root before its first
        roll when the no-double side of a cube decision is rolled out)."""
        if "double" not in game.cube_actions():
            return False
        return not (first and self.start.root_no_double and game.turn == self.start.root)

    def _cube(self, game: Game, *, first: bool) -> bool:
        """The bots' cube action before a roll; True when a double was offered (the
        game then goes on from the answer)."""
        if not self._may_double(game, first=first):
            return False
        score = self.start.score
        if cube_advice(game, score, self.spec.name).action != "double":
            return False
        game.double()
        answer = cube_advice(game, score, self.spec.name).action
        if answer == "pass":
            game.drop()
        elif answer == "beaver":
            game.beaver()
        else:
            game.take()
        return True

    # -- values -------------------------------------------------------------------------
    def _scale(self, game: Game) -> float:
        """Money points per unit of the start's cube at the game's cube (match equities
        carry the cube already)."""
        return 1.0 if self._away() else game.cube.value / self.start.unit

    def _away(self) -> tuple[int, int] | None:
        return self.start.score.away(self.start.root)

    def _final(self, game: Game, outcome: Outcome) -> tuple[float, np.ndarray]:
        """A finished game's value and outcome indicators, from the root's side."""
        root = self.start.root
        probs = self._indicators(outcome, root)
        if outcome.winner is None:
            mine = theirs = outcome.value
        elif outcome.winner == root:
            mine, theirs = outcome.value, 0.0
        else:
            mine, theirs = 0.0, outcome.value
        away = self._away()
        if away is None:
            return (mine - theirs) / self.start.unit, probs
        post = post_crawford_after(away[0], away[1], self.start.score.crawford)
        me = match_equity(int(away[0] - mine), int(away[1] - theirs), post_crawford=post)
        return 2.0 * me - 1.0, probs

    def _indicators(self, outcome: Outcome, side: Color) -> np.ndarray:
        """The five outcome indicators of a finished game for ``side`` (a draw: half
        a win)."""
        probs = np.zeros(5)
        if outcome.winner is None:
            probs[0] = 0.5
            return probs
        level = 1 + [t.kind for t in tiers(self.variant)].index(outcome.kind)
        probs[:] = (1.0, level >= 2, level >= 3, 0.0, 0.0)
        return probs if outcome.winner == side else invert(probs)

    def _evaluate(self, game: Game, *, exact: bool, first: bool) -> tuple[float, np.ndarray]:
        """A stopped game's value and probabilities from the root's side: the 0-ply
        evaluation (the exact database in a bear-off); cubeful, the bots' cube view of
        the side on roll (its proper equity: double when doubling gains)."""
        pos = game.position
        same = pos.turn == self.start.root
        if exact:
            board, _ = boards_from_positions([pos])
            probs = bearoff_probs(board)[0]
        else:
            probs = self.search.value(pos, 0)
        root_probs = _mover_to_root(probs, same)
        if self.settings.cubeful:
            advice = cube_advice(game, self.start.score, ZERO_PLY)
            proper = advice.no_double
            if advice.action == "double" and self._may_double(game, first=first):
                proper = min(advice.double_take, advice.double_pass)
            value = proper * self._scale(game)
        else:
            weights, const = self._objective(game)
            value = float(probs @ weights + const) * self._scale(game)
        return (value if same else -value), root_probs

    # -- luck ----------------------------------------------------------------------------
    def _luck(self, game: Game, roll: tuple[int, int]) -> tuple[float, np.ndarray]:
        """The luck of ``roll`` for the side about to roll, from the root's side: the
        0-ply value after the roll's best play minus its mean over the 36 rolls."""
        pos = game.position
        per_roll = [self.search.children(pos, r) for r, _ in ROLLS]
        boards = np.concatenate([b for b, _ in per_roll])
        first = np.concatenate([f for _, f in per_roll])
        probs = invert(self.evaluator.probs(boards, first))  # the mover's side
        weights, const = self._objective(game)
        eq = probs @ weights + const
        best = np.empty((len(ROLLS), 5))
        start = 0
        actual = (max(roll), min(roll))
        hit = -1
        for k, ((r, _), (b, _)) in enumerate(zip(ROLLS, per_roll, strict=True)):
            stop = start + len(b)
            best[k] = probs[start + int(np.argmax(eq[start:stop]))]
            if r == actual:
                hit = k
            start = stop
        if self.long_doubles:
            for k, (r, _) in enumerate(ROLLS):
                if r[0] == r[1]:
                    best[k] = self._whole_turn(pos, r)
        w = np.array([weight for _, weight in ROLLS], dtype=float) / 36.0
        delta = best[hit] - w @ best
        same = pos.turn == self.start.root
        value = float(delta @ weights) * self._scale(game)
        return (value if same else -value), _delta_to_root(delta, same)

    def _whole_turn(self, position: Position, roll: tuple[int, int]) -> np.ndarray:
        """The mover's 0-ply probabilities after its whole turn with the double
        ``roll`` (a crazy sequence's higher doubles, moves passed and played back, up
        to a re-roll), each segment played greedily at 0 ply: the first segment alone
        would call 1-1 a poor roll in crazy nardy, where it starts the best sequence."""
        game = Game(self.variant, position=position, cube=CubeRules(enabled=False))
        game.roll(*roll)
        while game.phase == "move":
            game.play(self._greedy(game))
        if game.phase == "over":
            assert game.outcome is not None
            return self._indicators(game.outcome, position.turn)
        probs = self.search.value(game.position, 0)
        return _mover_to_root(probs, game.position.turn == position.turn)


@lru_cache(maxsize=8)
def roller(start: Start, settings: TrialSettings) -> Roller:
    """The process's roller for a start and settings (nets loaded once per process)."""
    return Roller(start, settings)


def play_trials(start: Start, settings: TrialSettings, first: int, stop: int) -> np.ndarray:
    """Rows of trials ``first`` … ``stop − 1`` (a job: runs in worker processes too).

    BLAS runs single-threaded meanwhile: the nets multiply small batches, where
    OpenBLAS's threads only contend (8× slower measured on a loaded 2-core machine),
    and parallel rollouts use processes instead."""
    r = roller(start, settings)
    if stop <= first:
        return np.zeros((0, len(COLUMNS)))
    with threadpool_limits(limits=1, user_api="blas"):
        return np.stack([r.trial(i) for i in range(first, stop)])
