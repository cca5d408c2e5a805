"""Running a rollout: trials in batches, on a runner, until the games are played or
the interval is narrow enough; and the three things rolled out — a position, the
candidate plays of a roll, a cube decision."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np

from nardy.bots import Bot
from nardy.bots.advice import rank_at_score
from nardy.cube import Cube, CubeRules
from nardy.errors import IllegalMoveError, InvalidPositionError
from nardy.eval.match import match_equity, post_crawford_after
from nardy.game import Game
from nardy.match import MatchScore
from nardy.position import Position
from nardy.rollout.stats import Estimate, RolloutResult
from nardy.rollout.trial import COLUMNS, Start, TrialSettings, play_trials
from nardy.variants.base import Variant

#: Trials per job: a multiple of 36 keeps every batch's first rolls stratified.
BATCH = 36


class Runner(Protocol):
    """Where jobs run (``nardy.train.loop.runner_for`` gives local processes or Ray):
    ``slots`` jobs at a time, ``map`` returning the answers in the jobs' order."""

    slots: int

    def map(self, fn: Callable[..., Any], jobs: list[tuple[Any, ...]]) -> list[Any]:
        """``[fn(*job) for job in jobs]``, wherever it runs."""
        ...


class InProcess:
    """Runs every job here, one after another."""

    slots = 1

    def map(self, fn: Callable[..., Any], jobs: list[tuple[Any, ...]]) -> list[Any]:
        """The answers, in order."""
        return [fn(*job) for job in jobs]


Progress = Callable[[int, int, RolloutResult], None]


@dataclass(frozen=True)
class Plan:
    """How long a rollout runs: ``games`` at most; with ``target_ci``, it stops at the
    first batch after which the equity's 95% half-width is at most that (checked from
    the second batch on)."""

    games: int = 1296
    target_ci: float | None = None
    batch: int = BATCH

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError(f"a rollout plays at least one game, not {self.games}")
        if self.batch < 1:
            raise ValueError(f"a batch holds at least one game, not {self.batch}")
        if self.target_ci is not None and not self.target_ci > 0:
            raise ValueError(f"the target interval must be positive, not {self.target_ci}")


def run(
    start: Start,
    settings: TrialSettings,
    plan: Plan,
    *,
    runner: Runner | None = None,
    on_progress: Progress | None = None,
    stop_asked: Callable[[], bool] | None = None,
) -> RolloutResult:
    """Roll ``start`` out. Trial ``i`` is always the same game (its dice come from the
    seed and ``i``), jobs are batches of consecutive trials, and the stop rule looks at
    the batches in trial order — so the result is the same bit for bit whatever the
    runner and its number of slots. ``stop_asked`` (a time limit, a ``stop`` command) is
    asked after each round of batches: once it says so the result is that of the games
    played (at least one batch)."""
    runner = runner or InProcess()
    match = start.score.away(start.root) is not None

    def result(rows: np.ndarray) -> RolloutResult:
        return RolloutResult.of(rows, vr=settings.vr, cubeful=settings.cubeful, match=match)

    parts: list[np.ndarray] = []
    done = 0
    while done < plan.games:
        firsts = [done + k * plan.batch for k in range(max(1, runner.slots))]
        jobs = [
            (start, settings, a, min(a + plan.batch, plan.games)) for a in firsts if a < plan.games
        ]
        stop = False
        for part in runner.map(play_trials, jobs):
            parts.append(part)
            done += len(part)
            if _narrow_enough(plan, parts, result):
                stop = True
                break
        if on_progress is not None:
            on_progress(done, plan.games, result(np.concatenate(parts)))
        if stop or (stop_asked is not None and stop_asked()):
            break
    rows = np.concatenate(parts) if parts else np.zeros((0, len(COLUMNS)))
    return result(rows)


def _narrow_enough(
    plan: Plan, parts: list[np.ndarray], result: Callable[[np.ndarray], RolloutResult]
) -> bool:
    """Whether the batches so far meet the plan's target (from the second batch on)."""
    if plan.target_ci is None or len(parts) < 2:
        return False
    return result(np.concatenate(parts)).equity.ci <= plan.target_ci


# -- what is rolled out ------------------------------------------------------------------


def start_cube(
    variant: Variant,
    *,
    cubeful: bool,
    value: int = 1,
    owner: str | None = None,
    score: MatchScore | None = None,
    crawford_game: bool = False,
) -> Cube:
    """The cube a rollout starts with: in play (money or match rules) when ``cubeful``;
    else out of play, only its value counting (the stakes of the game)."""
    money = score is None or score.away("white") is None
    rules = CubeRules.for_variant(variant, enabled=cubeful, money=money)
    away = None if money or score is None else score.by_colour
    return Cube(rules, value, owner, crawford=crawford_game and not money, away=away)  # type: ignore[arg-type]


def _setup(variant: Variant, position: Position, cube: Cube) -> dict[str, Any]:
    """The setup record of a game from ``position`` (checked against the variant)."""
    if position.is_over():
        raise InvalidPositionError("rollout-game-over")
    return Game(variant, position=position, cube=cube).records[0]


def rollout_position(
    variant: Variant,
    position: Position,
    settings: TrialSettings,
    plan: Plan,
    *,
    cube: Cube | None = None,
    score: MatchScore | None = None,
    runner: Runner | None = None,
    on_progress: Progress | None = None,
    stop_asked: Callable[[], bool] | None = None,
) -> RolloutResult:
    """Roll out ``position`` from the side on roll (cubeful: its own cube decision
    included, as the bots make it)."""
    start = position_start(variant, position, cubeful=settings.cubeful, cube=cube, score=score)
    return run(start, settings, plan, runner=runner, on_progress=on_progress, stop_asked=stop_asked)


def position_start(
    variant: Variant,
    position: Position,
    *,
    cubeful: bool,
    cube: Cube | None = None,
    score: MatchScore | None = None,
) -> Start:
    """Where every trial of a rollout of ``position`` begins: the position from its side
    on roll, with ``cube`` (default: :func:`start_cube`'s) at the match ``score``."""
    cube = cube or start_cube(variant, cubeful=cubeful, score=score)
    return Start.of(variant, [_setup(variant, position, cube)], position.turn, score)


@dataclass(frozen=True)
class PlayRollout:
    """A candidate play and its rollout, from the side that plays it."""

    play: str
    result: RolloutResult


def candidate_plays(
    variant: Variant,
    position: Position,
    dice: tuple[int, int],
    level: str,
    *,
    top: int = 3,
    plays: Sequence[str] = (),
    score: MatchScore | None = None,
) -> list[str]:
    """The plays to roll out: ``plays`` as given (each checked against the roll), or
    the ``top`` best of the bot's ranking at ``level`` (gnubg's way)."""
    game = Game(variant, position=position)
    game.roll(*dice)
    if game.phase != "move" or game.turn != position.turn:
        raise IllegalMoveError("rollout-no-play", d1=dice[0], d2=dice[1])
    if plays:
        legal = game.legal_plays()
        return list(dict.fromkeys(legal.find(text).text for text in plays))
    ranked = rank_at_score(Bot(variant, level), game, score or MatchScore(), settle=True)
    return [play.text for play, _ in ranked[:top]]


def rollout_plays(
    variant: Variant,
    position: Position,
    dice: tuple[int, int],
    settings: TrialSettings,
    plan: Plan,
    *,
    plays: Sequence[str] = (),
    top: int = 3,
    cube: Cube | None = None,
    score: MatchScore | None = None,
    runner: Runner | None = None,
    on_progress: Callable[[str, int, int, RolloutResult], None] | None = None,
    stop_asked: Callable[[], bool] | None = None,
) -> list[PlayRollout]:
    """Roll out the position after each candidate play of ``dice`` (the given
    ``plays``, else the ``top`` of the bot's ranking), all on the same dice (trial i of
    every candidate gets the same rolls), best rolled-out equity first. Once
    ``stop_asked`` says so, each play left gets one batch (so every play has a result,
    on fewer games: its ``games`` tells)."""
    texts = candidate_plays(variant, position, dice, settings.level, top=top, plays=plays)
    cube = cube or start_cube(variant, cubeful=settings.cubeful, score=score)
    setup = _setup(variant, position, cube)
    out = []
    for text in texts:
        records = [setup, {"type": "roll", "dice": list(dice)}, {"type": "play", "play": text}]
        start = Start.of(variant, records, position.turn, score)
        report = None
        if on_progress is not None:
            report = _for_play(on_progress, text)
        found = run(start, settings, plan, runner=runner, on_progress=report, stop_asked=stop_asked)
        out.append(PlayRollout(text, found))
    out.sort(key=lambda r: -r.result.equity.mean)
    return out


def _for_play(on_progress: Callable[[str, int, int, RolloutResult], None], text: str) -> Progress:
    def report(done: int, total: int, result: RolloutResult) -> None:
        on_progress(text, done, total, result)

    return report


@dataclass(frozen=True)
class CubeRollout:
    """A cube decision rolled out, from the doubler's side, per unit of the cube:
    no double and double/take (rolled out on the same dice), double/pass (exact), and
    what follows from them."""

    no_double: RolloutResult
    double_take: RolloutResult
    double_pass: float

    @property
    def action(self) -> str:
        """``double`` when both answers are worth more to the doubler than playing on."""
        nd, dt = self.no_double.equity.mean, self.double_take.equity.mean
        return "double" if min(dt, self.double_pass) > nd else "no-double"

    @property
    def take(self) -> str:
        """The right answer to a double: ``take`` unless passing costs less."""
        return "take" if self.double_take.equity.mean <= self.double_pass else "pass"

    @property
    def proper(self) -> str:
        """The proper action as players name it: ``double-take``, ``double-pass``,
        ``no-double`` or ``too-good`` (playing on beats the opponent's pass)."""
        if self.action == "double":
            return f"double-{self.take}"
        if self.take == "pass" and self.no_double.equity.mean > self.double_pass:
            return "too-good"
        return "no-double"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "no_double": self.no_double.to_json(),
            "double_take": self.double_take.to_json(),
            "double_pass": round(self.double_pass, 6),
            "action": self.action,
            "take": self.take,
            "proper": self.proper,
        }


def rollout_cube(
    variant: Variant,
    position: Position,
    settings: TrialSettings,
    plan: Plan,
    *,
    cube: Cube | None = None,
    score: MatchScore | None = None,
    runner: Runner | None = None,
    on_progress: Callable[[str, int, int, RolloutResult], None] | None = None,
) -> CubeRollout:
    """Roll out the cube decision of the side on roll: no double (it rolls without
    doubling now; later cube play by the bots) and double/take (the cube doubled and
    held by the opponent), cubeful, on the same dice."""
    settings = replace(settings, cubeful=True)
    cube = cube or start_cube(variant, cubeful=True, score=score)
    if not cube.rules.enabled:
        raise IllegalMoveError("rollout-no-cube")
    refusal = cube.may_double(position.turn)
    if refusal is not None:
        raise refusal
    setup = _setup(variant, position, cube)
    starts = {
        "no_double": Start.of(variant, [setup], position.turn, score, root_no_double=True),
        "double_take": Start.of(
            variant, [setup, {"type": "double"}, {"type": "take"}], position.turn, score
        ),
    }
    results = {}
    for name, start in starts.items():
        report = _for_play(on_progress, name) if on_progress is not None else None
        results[name] = run(start, settings, plan, runner=runner, on_progress=report)
    away = (score or MatchScore()).away(position.turn)
    if away is None:
        double_pass = 1.0
    else:
        post = post_crawford_after(away[0], away[1], (score or MatchScore()).crawford)
        double_pass = 2.0 * match_equity(away[0] - cube.value, away[1], post_crawford=post) - 1.0
    return CubeRollout(results["no_double"], results["double_take"], double_pass)


__all__ = [
    "BATCH",
    "CubeRollout",
    "Estimate",
    "InProcess",
    "Plan",
    "PlayRollout",
    "Runner",
    "candidate_plays",
    "rollout_cube",
    "rollout_plays",
    "rollout_position",
    "run",
    "start_cube",
]
