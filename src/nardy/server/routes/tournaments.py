"""Tournaments over HTTP (``nardy.server.tournaments``): the list, creation, one
tournament (entries, rounds, matches with their games, standings, result), joining and
leaving before the start, withdrawing after it, and the creator's computer players,
removals of entries and early start.

Every change is also told on the lobby's socket as ``{"type": "tournament", ...}``,
so that the lobby and the tournament's page refresh. Only members play: a request
without a session (or a guest's) is refused, and no guest is made for it."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body
from pydantic import BaseModel, StrictStr
from starlette.requests import HTTPConnection

from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.deps import CheckedUser, MaybeUser, RowId
from nardy.server.tournaments import Tournaments

router = APIRouter(tags=["tournaments"])
AnyBody = Annotated[Any, Body()]


class JoinBody(BaseModel):
    """A private tournament's invitation (``invite``), when joining one."""

    invite: StrictStr | None = None


class ComputerBody(BaseModel):
    """The level of a computer player to add."""

    level: StrictStr


def _t(conn: HTTPConnection) -> Tournaments:
    tournaments: Tournaments = conn.app.state.tournaments
    return tournaments


def _member(user: Who | None) -> Who:
    if user is None or user.guest:
        raise ApiError(403, "account-needed", "tournament-guest")
    return user


@router.get("/api/tournaments")
async def list_tournaments(conn: HTTPConnection, user: MaybeUser) -> dict[str, Any]:
    """Upcoming, running and finished tournaments that ``user`` may see."""
    return await _t(conn).listing(user)


@router.post("/api/tournaments", status_code=201)
async def create_tournament(
    conn: HTTPConnection, user: CheckedUser, body: AnyBody = None
) -> dict[str, Any]:
    """A new tournament (``nardy.server.tournament_specs.parse_spec`` says the fields)."""
    return {"tournament": await _t(conn).create(_member(user), body)}


@router.get("/api/tournaments/{tid}")
async def get_tournament(conn: HTTPConnection, tid: RowId, user: MaybeUser) -> dict[str, Any]:
    """One tournament as its page shows it."""
    return {"tournament": await _t(conn).get(tid, user)}


@router.get("/api/games/{game_id}/tournament")
async def game_tournament(conn: HTTPConnection, game_id: str, user: MaybeUser) -> dict[str, Any]:
    """The tournament match a game is played in (its page shows the tournament, the
    round and the no-show deadline; its result card, to one of its players, what comes
    next for him), or null."""
    if not 1 <= len(game_id) <= 16:
        raise ApiError(404, "not-found", "no-game", game=game_id[:16])
    return {"tournament": await _t(conn).of_game(game_id, user)}


@router.post("/api/tournaments/{tid}/join")
async def join_tournament(
    conn: HTTPConnection, tid: RowId, user: CheckedUser, body: JoinBody | None = None
) -> dict[str, Any]:
    """Enter the tournament (before its start)."""
    invite = body.invite if body is not None else None
    return {"tournament": await _t(conn).join(_member(user), tid, invite)}


@router.post("/api/tournaments/{tid}/leave")
async def leave_tournament(conn: HTTPConnection, tid: RowId, user: CheckedUser) -> dict[str, Any]:
    """Leave the tournament before its start."""
    return {"tournament": await _t(conn).leave(_member(user), tid)}


@router.post("/api/tournaments/{tid}/cancel")
async def cancel_tournament(conn: HTTPConnection, tid: RowId, user: CheckedUser) -> dict[str, Any]:
    """Its creator, or a moderator, cancels the tournament before its start."""
    return {"tournament": await _t(conn).cancel(_member(user), tid)}


@router.post("/api/tournaments/{tid}/withdraw")
async def withdraw_from_tournament(
    conn: HTTPConnection, tid: RowId, user: CheckedUser
) -> dict[str, Any]:
    """Withdraw after the start: the match in progress and every later one are lost."""
    return {"tournament": await _t(conn).withdraw(_member(user), tid)}


@router.post("/api/tournaments/{tid}/computers")
async def add_computer(
    conn: HTTPConnection, tid: RowId, body: ComputerBody, user: CheckedUser
) -> dict[str, Any]:
    """The creator adds a computer player (before the start)."""
    return {"tournament": await _t(conn).add_computer(_member(user), tid, body.level)}


@router.post("/api/tournaments/{tid}/start")
async def start_tournament(conn: HTTPConnection, tid: RowId, user: CheckedUser) -> dict[str, Any]:
    """Its creator, or a moderator, starts it now with the players registered (enough
    for its format; not a sit-and-go, which starts when full)."""
    return {"tournament": await _t(conn).start_now(_member(user), tid)}


@router.post("/api/tournaments/{tid}/entries/{eid}/remove")
async def remove_entry(
    conn: HTTPConnection, tid: RowId, eid: RowId, user: CheckedUser
) -> dict[str, Any]:
    """Its creator, or a moderator, removes an entry (a member or a computer seat)
    before the start."""
    return {"tournament": await _t(conn).remove(_member(user), tid, eid)}
