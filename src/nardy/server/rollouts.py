"""Rollouts from the analysis board: a position (no dice) or the best plays of a roll
played out many times by the 0-ply bot (``nardy.rollout``), with the progress and the
result so far readable while it runs, and cancellable.

Why here and not in the request: a rollout takes seconds to minutes (about a dozen
games a second on one core), far longer than a request should, and it is CPU work that
would hold the GIL the server's other requests need. So the games run in one worker
*process* (``ProcessPoolExecutor``, spawned on the first rollout), a batch of 36 trials
per job; each rollout is an asyncio task that hands its batches to that process one at
a time. The pool's queue is first come first served, so several rollouts share the
worker batch by batch instead of one waiting for another to end. With the candidate
plays of a roll, every play gets batch k before any gets batch k + 1: whenever the
rollout is read or stopped, the plays have been played on the same dice the same number
of times and compare fairly.

Limits: one rollout per player at a time (a new one stops his previous one), at most
``MAX_RUNNING`` unfinished in the server (more: 429, try again later), ``MAX_GAMES``
games; finished rollouts stay readable for ``KEEP`` seconds. Nothing is stored: a
restart forgets them (the analysis board keeps its position in the address).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np

from nardy.errors import NardyError
from nardy.game import Game
from nardy.match import MatchScore
from nardy.position import Color
from nardy.rollout import BATCH, candidate_plays
from nardy.rollout.run import start_cube
from nardy.rollout.stats import RolloutResult
from nardy.rollout.trial import ZERO_PLY, Start, TrialSettings, play_trials
from nardy.server.analysis_board import game_at, position_of, variant_of
from nardy.server.api_error import ApiError

log = logging.getLogger(__name__)

#: Games a rollout plays by default, and at most (a multiple of 36: the first roll
#: takes each of its 36 values equally often).
DEFAULT_GAMES, MAX_GAMES = 324, 1296
#: Rollouts unfinished in the server at once, all players together.
MAX_RUNNING = 4
#: Candidate plays rolled out for a roll (the bot's best).
TOP_PLAYS = 3
#: Seconds a finished rollout stays readable.
KEEP = 600.0
#: Cubeless, 0-ply trials to the end, the exact bear-off database where it takes over,
#: luck-adjusted: the settings whose results the analysis board shows.
SETTINGS = TrialSettings(level=ZERO_PLY, cubeful=False, truncate=0, bearoff=True, vr=True)

Status = Literal["running", "done", "stopped", "failed"]


@dataclass
class Rollout:
    """One rollout: its owner, what is rolled out (one start per candidate play, or
    one for the position: play None) and the trials' rows so far."""

    id: str
    owner: int
    variant: str
    starts: list[tuple[str | None, Start]]
    games: int
    done: int = 0
    status: Status = "running"
    finished_at: float | None = None
    rows: list[list[np.ndarray]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    def exact(self) -> bool:
        """Whether every start's games so far (two or more) gave one and the same row:
        the exact bear-off database took over at once (no roll was played, so no luck
        to adjust), and the result is the database's, not an estimate."""
        for parts in self.rows:
            rows = np.concatenate(parts) if parts else None
            if rows is None or len(rows) < 2 or not bool(np.all(rows == rows[0])):
                return False
        return True

    def view(self) -> dict[str, Any]:
        """What the page shows: the progress and each result so far (plays best first)."""
        found: list[tuple[str | None, RolloutResult | None]] = []
        first = self.starts[0][1]
        match = first.score.away(first.root) is not None
        for (play, _), parts in zip(self.starts, self.rows, strict=True):
            rows = np.concatenate(parts) if parts else None
            found.append(
                (
                    play,
                    None
                    if rows is None
                    else RolloutResult.of(rows, vr=True, cubeful=False, match=match),
                )
            )
        found.sort(key=lambda pr: -pr[1].equity.mean if pr[1] is not None else 9.0)
        results = [{"play": p, "result": r.to_json() if r else None} for p, r in found]
        return {
            "id": self.id,
            "status": self.status,
            "variant": self.variant,
            "done": self.done,
            "games": self.games,
            "kind": "plays" if self.starts[0][0] is not None else "position",
            # the equity's unit: match equity at the score (2·MWC − 1), or money
            "match": match,
            "exact": self.exact(),
            "results": results,
        }


def _spawned_pool() -> ProcessPoolExecutor:
    # spawn, not fork: the server has threads (the writer, anyio's workers), and a
    # forked child of a threaded process may inherit a lock held mid-operation
    return ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))


class Rollouts:
    """The server's rollouts (``app.state.rollouts``), with the clock (monotonic
    seconds) that ages finished ones injectable."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        pool: Callable[[], ProcessPoolExecutor] = _spawned_pool,
    ) -> None:
        self.clock = clock
        self._make_pool = pool
        self._pool: ProcessPoolExecutor | None = None
        self.jobs: dict[str, Rollout] = {}

    # -- starting ---------------------------------------------------------------------
    @staticmethod
    def starts(
        name: str,
        text: str,
        turn: Color,
        dice: tuple[int, int] | None,
        score: MatchScore | None = None,
    ) -> tuple[str, list[tuple[str | None, Start]]]:
        """The variant's name and what to roll out: the position on roll (no dice), or
        the position after each of the bot's best plays of ``dice`` (ranked at the
        score); a bad position or a roll with nothing to play is a clear error. At a
        match ``score`` the trials are played and valued for the match (match equity,
        2·MWC − 1, as the analysis board's hints), else for money."""
        score = score or MatchScore()
        variant = variant_of(name)
        pos, snap = position_of(variant, text, turn)
        dice = dice or (snap.dice if snap else None)
        # the cube out of play (cubeless trials): only its value counts
        setup = Game(variant, position=pos, cube=start_cube(variant, cubeful=False)).records[0]
        if dice is None:
            return variant.name, [(None, Start.of(variant, [setup], pos.turn, score))]
        if game_at(variant, pos, dice).phase != "move":
            raise ApiError(400, "illegal", "analysis-no-play")
        try:
            plays = candidate_plays(variant, pos, dice, SETTINGS.level, top=TOP_PLAYS, score=score)
        except NardyError as exc:
            raise ApiError(400, "illegal", exc) from None
        roll = {"type": "roll", "dice": list(dice)}
        return variant.name, [
            (p, Start.of(variant, [setup, roll, {"type": "play", "play": p}], pos.turn, score))
            for p in plays
        ]

    def start(
        self, owner: int, variant: str, starts: list[tuple[str | None, Start]], games: int
    ) -> Rollout:
        """A new rollout of ``starts`` for ``owner`` (his previous one stops)."""
        self._forget_old()
        for job in self.jobs.values():
            if job.owner == owner and job.status == "running":
                self.stop(job)
        if sum(j.status == "running" for j in self.jobs.values()) >= MAX_RUNNING:
            raise ApiError(429, "too-many", "rollout-busy", n=MAX_RUNNING)
        job = Rollout(
            secrets.token_urlsafe(9), owner, variant, starts, games, rows=[[] for _ in starts]
        )
        self.jobs[job.id] = job
        job.task = asyncio.create_task(self._run(job))
        return job

    async def _run(self, job: Rollout) -> None:
        loop = asyncio.get_running_loop()
        try:
            while job.done < job.games and job.status == "running":
                first, stop = job.done, min(job.done + BATCH, job.games)
                for (_, start), parts in zip(job.starts, job.rows, strict=True):
                    part = await loop.run_in_executor(
                        self.pool(), play_trials, start, SETTINGS, first, stop
                    )
                    parts.append(part)
                job.done = stop
                if job.exact():  # (more games would give the same rows again)
                    job.games = job.done
            if job.status == "running":
                job.status = "done"
        except asyncio.CancelledError:
            job.status = "stopped"
        except Exception:
            log.exception("rollout %s failed", job.id)
            job.status = "failed"
        finally:
            job.finished_at = self.clock()

    def pool(self) -> ProcessPoolExecutor:
        """The worker process, started on the first rollout."""
        if self._pool is None:
            self._pool = self._make_pool()
        return self._pool

    # -- reading, stopping ------------------------------------------------------------
    def find(self, job_id: str, owner: int) -> Rollout:
        """``owner``'s rollout ``job_id`` (another's is not found)."""
        self._forget_old()
        job = self.jobs.get(job_id)
        if job is None or job.owner != owner:
            raise ApiError(404, "not-found", "no-rollout")
        return job

    def stop(self, job: Rollout) -> None:
        """Stop ``job`` after the batch in hand (the games played so far stay)."""
        if job.status == "running":
            job.status = "stopped"
            job.finished_at = self.clock()

    def _forget_old(self) -> None:
        now = self.clock()
        for job_id, job in list(self.jobs.items()):
            if job.finished_at is not None and now - job.finished_at > KEEP:
                del self.jobs[job_id]

    async def close(self) -> None:
        """Stop every rollout and the worker process (the app's shutdown)."""
        for job in self.jobs.values():
            self.stop(job)
            if job.task is not None:
                job.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await job.task
        if self._pool is not None:
            _end_pool(self._pool)
            self._pool = None


def _end_pool(pool: ProcessPoolExecutor) -> None:
    """End the pool's worker now, then shut the pool down. ``shutdown`` cancels only
    the batches not yet begun: a worker still playing one when the server exits
    outlived it, an orphan waiting for ever on a pipe nobody reads (found after a
    SIGTERM in the middle of a rollout). Python 3.14's ``terminate_workers`` does the
    same. The pool's own thread reaps the ended worker; ``shutdown`` waits for it
    (a join of ours beside it could lose the race to reap and see the worker still
    running)."""
    for worker in list((pool._processes or {}).values()):
        worker.terminate()
    pool.shutdown(wait=True, cancel_futures=True)
