"""Positions over HTTP: a game stepped through move by move (its replay, with the
review's decisions once it is over) and the analysis board's legal moves and hints."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from anyio import to_thread
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from nardy.cube import Cube
from nardy.match import MatchScore
from nardy.server import analysis_board
from nardy.server.api_error import ApiError
from nardy.server.deps import (
    Actor,
    CheckedUser,
    ComputerDep,
    DeepReviewDep,
    Game,
    GamesDep,
    MaybeUser,
)
from nardy.server.replay import steps
from nardy.server.review import game_review
from nardy.server.rollouts import DEFAULT_GAMES, MAX_GAMES, Rollouts

router = APIRouter(prefix="/api", tags=["positions"])

Die = Annotated[int, Field(ge=1, le=6, strict=True)]
Point = Annotated[int, Field(ge=0, le=25, strict=True)]
Points = Annotated[int, Field(ge=0, le=24, strict=True)]


class Setup(BaseModel):
    """A position on the analysis board: the variant, the position's ID (empty: the
    start) with the colour on roll, and the dice rolled (none yet: null)."""

    model_config = ConfigDict(extra="forbid")

    variant: str = Field("long", max_length=40)
    id: str = Field("", max_length=80)
    turn: Literal["white", "black"] = "white"
    dice: tuple[Die, Die] | None = None


class AtScore(Setup):
    """A setup for money play (``length`` 0) or a match to ``length`` at ``score``
    (White's points, Black's)."""

    length: int = Field(0, ge=0, le=25, strict=True)
    score: tuple[Points, Points] = (0, 0)

    def match(self) -> MatchScore:
        return analysis_board.match_at(self.length, *self.score)


class RollOut(AtScore):
    """A setup to roll out: the position (no dice) or the best plays of the dice, in
    ``games`` games (a multiple of 36 reads best: every first roll equally often)."""

    games: int = Field(DEFAULT_GAMES, ge=36, le=MAX_GAMES, strict=True)


class Asked(AtScore):
    """A setup for the computer's advice: with the dice rolled, its ranking of the
    plays; without, its cube decision, the cube of ``cube`` (1: in the middle) owned by
    ``owner``, ``crawford`` in a match's Crawford game."""

    cube: int = Field(1, ge=1, le=64, strict=True)
    owner: Literal["white", "black"] | None = None
    crawford: bool = Field(False, strict=True)


class Tried(Setup):
    """A setup and the checker moves made so far, each ``[from, to]`` in the mover's
    numbering (25: the bar, 0: off); the match and cube of the board's fields, which
    the position's IDs to copy carry (unchecked here: the board is shown whatever they
    say, and the hint says what is wrong with them)."""

    moves: list[tuple[Point, Point]] = Field(default_factory=list, max_length=16)
    length: int = Field(0, strict=True)
    score: tuple[int, int] = (0, 0)
    cube: int = Field(1, strict=True)
    owner: Literal["white", "black"] | None = None
    crawford: bool = Field(False, strict=True)

    def at(self) -> tuple[MatchScore, Cube] | None:
        """The match and cube, or None when they are no match and cube that can be."""
        try:
            score = analysis_board.match_at(self.length, *self.score)
            return score, analysis_board.cube_at(score, self.cube, self.owner, self.crawford)
        except ApiError:
            return None


@router.get("/games/{game_id}/replay")
async def replay(
    live: Game,
    user: MaybeUser,
    games: GamesDep,
    deep: DeepReviewDep,
    plies: int | None = Query(None, ge=0, le=100),
) -> dict[str, Any]:
    """Every play, cube action and resignation recorded so far with the board after
    it; with ``plies`` (a finished game) the review's decisions placed on the steps."""
    judged: dict[str, Any] | None = None
    if plies is not None:
        judged = await game_review(games, live, plies, deep)
    async with live.lock:
        out = steps(live, user.user_id if user else None, judged)
    if judged is not None:
        out["review"] = judged
    return out


@router.post("/analysis/plays")
async def plays(body: Tried) -> dict[str, Any]:
    """The analysis board after ``moves``: where a checker may go next, the legal plays
    and, once the moves make a whole play, the position after it; in short nardy the
    position's XGID and gnubg ID."""
    moves = [(a, b) for a, b in body.moves]
    return await to_thread.run_sync(
        analysis_board.board, body.variant, body.id, body.turn, body.dice, moves, body.at()
    )


@router.post("/analysis/hint")
async def hint(body: Asked, computer: ComputerDep) -> dict[str, Any]:
    """The computer's best plays for the dice in the position or, without dice, its cube
    decision (money play, or a match at its score)."""
    score = body.match()
    cube = analysis_board.cube_at(score, body.cube, body.owner, body.crawford)
    return await to_thread.run_sync(
        analysis_board.hint, computer, body.variant, body.id, body.turn, body.dice, score, cube
    )


def _rollouts(request: Request) -> Rollouts:
    found: Rollouts = request.app.state.rollouts
    return found


@router.post("/analysis/rollouts", status_code=201)
async def start_rollout(request: Request, body: RollOut, user: Actor) -> dict[str, Any]:
    """Start rolling out the position (no dice) or the bot's best plays of the dice;
    read its progress and results with GET, stop it with DELETE (``rollouts``)."""
    rollouts = _rollouts(request)
    variant, starts = await to_thread.run_sync(
        rollouts.starts, body.variant, body.id, body.turn, body.dice, body.match()
    )
    return rollouts.start(user.user_id, variant, starts, body.games).view()


@router.get("/analysis/rollouts/{job_id}")
async def read_rollout(request: Request, job_id: str, user: MaybeUser) -> dict[str, Any]:
    """The rollout's progress and its results so far (its owner's only)."""
    return _rollouts(request).find(job_id, user.user_id if user is not None else -1).view()


@router.delete("/analysis/rollouts/{job_id}")
async def stop_rollout(request: Request, job_id: str, user: CheckedUser) -> dict[str, Any]:
    """Stop the rollout after the games in hand (their results stay readable)."""
    rollouts = _rollouts(request)
    job = rollouts.find(job_id, user.user_id if user is not None else -1)
    rollouts.stop(job)
    return job.view()
