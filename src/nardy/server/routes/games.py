"""Games over HTTP: create, join, read, act, records, hints, analysis, dice checks."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query, Response
from pydantic import BaseModel

from nardy.dicecheck import check_rolls
from nardy.position import Color
from nardy.server.abandon import claim_in, opponent_of, seat_of
from nardy.server.api_error import ApiError
from nardy.server.deps import (
    Actor,
    BaseUrl,
    DeepReviewDep,
    Game,
    GamesDep,
    MaybeUser,
    PresenceDep,
    ViewsDep,
)
from nardy.server.exports import ExportError, export
from nardy.server.lobby import seat
from nardy.server.referee import Event
from nardy.server.rematch import RematchAction, rematch
from nardy.server.review import game_review
from nardy.server.schemas import Action, GameSpec
from nardy.server.views import rematch_view

router = APIRouter(prefix="/api", tags=["games"])

#: The largest event number asked for (JSON integers are exact up to here).
MAX_SEQ = 2**53


@router.post("/games", status_code=201)
async def new_game(
    spec: GameSpec, user: Actor, games: GamesDep, views: ViewsDep, url: BaseUrl
) -> dict[str, Any]:
    """A new game or match; games against the computer and on one device start at once."""
    live = await games.create(user.user_id, spec.service_spec())
    async with live.lock:
        return views.state(live, user.user_id, url)


@router.get("/games/{game_id}")
async def get_game(live: Game, user: MaybeUser, views: ViewsDep, url: BaseUrl) -> dict[str, Any]:
    """The game as the visitor sees it (a player, or a watcher)."""
    # (views walk the game's moves: never while a worker thread changes it)
    async with live.lock:
        return views.state(live, user.user_id if user else None, url)


@router.get("/games/{game_id}/presence")
async def presence(
    live: Game, user: MaybeUser, people: PresenceDep, games: GamesDep
) -> dict[str, Any]:
    """Which players have the game open now (a socket on it, in any server process): a
    player's page asks now and then, and says "your opponent is disconnected" (his clock
    runs on). For a player whose opponent has left: ``claim_in``, the seconds until he
    may claim the game (0: now; ``nardy.server.abandon``), else null."""
    online: dict[str, bool] = {}
    away: dict[str, float | None] = {}
    colors: tuple[Color, Color] = ("white", "black")
    for color in colors:
        uid = live.meta.user_of(color)
        if uid is None or live.meta.computer_color == color:
            online[color] = True  # (the computer's side, or nobody's yet)
            continue
        away[color] = await people.away(uid, seat(live.meta.id))
        online[color] = away[color] is None
    wait: int | None = None
    them = opponent_of(live, user.user_id) if user is not None else None
    if user is not None and them is not None:
        now = games.clock()
        wait = claim_in(seat_of(live, user.user_id, away[them[0]], now), games.claim_wait, now)
    return {"online": online, "claim_in": wait}


@router.post("/games/{game_id}/claim")
async def claim(
    live: Game, user: Actor, people: PresenceDep, games: GamesDep, views: ViewsDep, url: BaseUrl
) -> dict[str, Any]:
    """Claim the game the opponent left (``nardy.server.abandon``): it ends against
    him, as a loss on time ends it; refused (409 ``not-now``) before the rule allows."""
    them = opponent_of(live, user.user_id)
    if them is None:
        raise ApiError(409, "not-now", "claim-not-now")
    away = await people.away(them[1], seat(live.meta.id))
    events = await games.claim(live, user.user_id, away)
    async with live.lock:
        state = views.state(live, user.user_id, url)
    return {"events": events, "state": state}


@router.post("/games/{game_id}/actions")
async def action(
    body: Action, live: Game, user: Actor, games: GamesDep, views: ViewsDep, url: BaseUrl
) -> dict[str, Any]:
    """Apply one player action; the events it stored and the new state."""
    role = live.meta.role_of(user.user_id)
    events = await games.act(live, role, body.service_action())
    async with live.lock:
        state = views.state(live, user.user_id, url)
    return {"events": events, "state": state}


class RematchBody(BaseModel):
    """``offer`` a rematch (or accept the opponent's by offering back), or ``decline``
    the opponent's."""

    action: RematchAction = "offer"


@router.post("/games/{game_id}/rematch")
async def offer_rematch(
    body: RematchBody, live: Game, user: Actor, games: GamesDep
) -> dict[str, Any]:
    """A rematch of the finished game with the same settings: against the computer it
    starts at once; between two people it is an offer the opponent accepts or declines.
    ``game`` is the new game's id once it exists."""
    await rematch(games, live, user.user_id, body.action)
    view = rematch_view(live)
    assert view is not None
    return view


@router.post("/join/{token}")
async def join(
    token: str, user: Actor, games: GamesDep, views: ViewsDep, url: BaseUrl
) -> dict[str, Any]:
    """Take the free seat of a friend game by its invitation token."""
    live, _ = await games.join(token, user.user_id, user.display_name)
    async with live.lock:
        return views.state(live, user.user_id, url)


@router.get("/games/{game_id}/events")
async def events(
    live: Game, games: GamesDep, after: int = Query(0, ge=0, le=MAX_SEQ)
) -> dict[str, list[Event]]:
    """The stored events numbered above ``after``."""
    return {"events": await games.events_after(live.meta.id, after)}


@router.get("/games/{game_id}/record")
async def record(live: Game, format: str = Query("jsonl", max_length=10)) -> Response:
    """The game record as a file: ``jsonl``, ``mat`` or ``sgf``."""
    try:
        async with live.lock:
            out = export(live, format)
    except ExportError as exc:
        raise ApiError(400, "bad-format", exc) from None
    return Response(
        out.text,
        media_type=out.media_type,
        headers={"content-disposition": f'attachment; filename="{out.filename}"'},
    )


@router.get("/games/{game_id}/hint")
async def hint(live: Game, user: MaybeUser, games: GamesDep) -> dict[str, Any]:
    """Advice for the player to act (games against the computer and on one device)."""
    return await games.hint(live, live.meta.role_of(user.user_id if user else None))


@router.get("/games/{game_id}/analysis")
async def analysis(
    live: Game,
    games: GamesDep,
    deep: DeepReviewDep,
    plies: int = Query(0, ge=0, le=100),
) -> dict[str, Any]:
    """The finished game's review: every decision against the computer's choice."""
    return await game_review(games, live, plies, deep)


@router.get("/games/{game_id}/verify")
async def verify(live: Game) -> dict[str, Any]:
    """The dice commitment, and after the game every roll re-derived from the seeds."""
    async with live.lock:
        info = live.dice_public()
        recs = live.all_records()
    if "server_seed" not in info:
        return {"revealed": False, "commitment": info["commitment"]}
    checks = check_rolls(bytes.fromhex(info["server_seed"]), info["client_seed"], recs)
    return {
        "revealed": True,
        **info,
        "rolls": [
            {
                "index": c.index,
                "kind": c.kind,
                "recorded": list(c.recorded),
                "derived": list(c.derived),
                "ok": c.ok,
            }
            for c in checks
        ],
        "all_ok": all(c.ok for c in checks),
    }
