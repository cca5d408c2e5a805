"""The review of a finished server game: every play and cube action judged by the bots
(``nardy.bots.analysis``) for the game page — the players' error rates, ratings and
marks, each decision's equity loss, and White's equity after every play for the graph.

Only a finished game (or a match's finished games) is reviewed, so the review never
helps during play. Each review is stored (``reviews``: per game and depth, with how
many games of the match it covers): it costs seconds of the computer's time, a restart
keeps it, and the profiles' error rates average the stored ones.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from anyio import to_thread
from sqlalchemy import delete, insert, select
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from nardy.bots.analysis import analyze_records
from nardy.server.api_error import ApiError
from nardy.server.db import Review
from nardy.server.exports import named_match, player_names
from nardy.server.live import LiveGame
from nardy.server.service import HINT_PLIES, GameService
from nardy.server.writer import Writer

#: Depths a review may ask for (0: the net alone; 1: one ply, a few seconds a game).
PLIES = (0, 1)
#: Reviews deeper than the first computed at once in the server, all players together
#: (each holds a worker thread for seconds to minutes); one more is refused with 429.
MAX_DEEP = 2


def deeper(plies: int) -> int | None:
    """The next depth a review at ``plies`` may be deepened to (None: the deepest)."""
    return next((p for p in PLIES if p > plies), None)


class DeepReviews:
    """Who is having a deep review computed now: at most one per asker (a player asking
    again waits for his own) and ``MAX_DEEP`` in the server, so that nobody fills the
    worker threads the hints and the games need. A stored review costs nothing and is
    never held back."""

    def __init__(self) -> None:
        self.running: set[str] = set()

    def take(self, asker: str) -> None:
        """Count ``asker``'s review as running, or refuse it (429)."""
        if asker in self.running:
            raise ApiError(429, "review-busy-you", "review-busy-you")
        if len(self.running) >= MAX_DEEP:
            raise ApiError(429, "review-busy", "review-busy", n=len(self.running))
        self.running.add(asker)

    def done(self, asker: str) -> None:
        self.running.discard(asker)


def finished_records(live: LiveGame) -> list[dict[str, Any]]:
    """The records to review (call under the game's lock): a money game's, or the
    match log with the players' names; a game still being played is refused (one lost
    on time is over, its last game unfinished)."""
    if live.game is None:
        raise ApiError(409, "not-started", "game-not-started")
    if live.game.phase != "over" and live.flag is None:  # (lost on time: over too)
        raise ApiError(409, "not-over", "review-not-over")
    if live.meta.length == 0:
        return [dict(r) for r in live.game.records]
    with named_match(live) as match:
        return match.records


def review(
    db: sessionmaker[Session],
    writer: Writer,
    game_id: str,
    records: list[dict[str, Any]],
    plies: int,
) -> dict[str, Any]:
    """The review of ``records`` at ``plies`` (run in a worker thread): the stored one
    when it covers the same games, else ``nardy.bots.analysis`` as JSON (with its
    ``graph``: White's equity after every play) and the depth, stored."""
    _check(plies)
    kept = stored(db, game_id, plies, len(records))
    if kept is not None:
        return kept
    # (a play marked an error is judged again at the hint's depth: the play the game
    # page's hint recommended is never marked by the review of the same game)
    data = analyze_records(records, plies, confirm=HINT_PLIES).as_dict()
    data["plies"] = plies
    row = {
        "game_id": game_id,
        "plies": plies,
        "records": len(records),
        "players": data["players"],
        "data": data,
    }

    def store(conn: Connection) -> None:  # (a shorter match's review is replaced)
        conn.execute(delete(Review).where(Review.game_id == game_id, Review.plies == plies))
        conn.execute(insert(Review).values(**row))

    with suppress(IntegrityError):  # the same review, stored by a request made meanwhile
        writer.run(store)
    return data


def _check(plies: int) -> None:
    if plies > PLIES[-1]:  # (deeper than the club goes: said so, the depth in words)
        raise ApiError(400, "review-deepest", "review-deepest")
    if plies not in PLIES:
        raise ApiError(
            400, "malformed", "bad-plies", known=", ".join(map(str, PLIES)), value=repr(plies)
        )


def stored(
    db: sessionmaker[Session], game_id: str, plies: int, records: int
) -> dict[str, Any] | None:
    """The stored review at ``plies`` when it covers the ``records`` reviewed now."""
    with db() as s:
        kept = s.get(Review, (game_id, plies))
        if kept is not None and kept.records == records and _numbered(kept.data):
            return kept.data
    return None


def _numbered(data: dict[str, Any]) -> bool:
    """Whether a stored review numbers its decisions as the move list does (``entry``):
    one stored before did not, and is made again."""
    return all("entry" in d for d in data.get("decisions", []))


async def game_review(
    games: GameService,
    live: LiveGame,
    plies: int,
    deep: tuple[DeepReviews, str] | None = None,
) -> dict[str, Any]:
    """The review of the finished game ``live`` at ``plies`` (stored, or made now);
    with ``deep`` (the server's ``DeepReviews`` and who asks), one deeper than the
    first depth not stored yet is made only within their limits. ``deeper``: the
    depth the review may be deepened to next (None: it is the deepest)."""
    _check(plies)
    async with live.lock:
        records = finished_records(live)
        sides = _sides(live)
        cube = live.match.cube_rules.enabled
    gid = live.meta.id
    held = None
    if deep is not None and plies > PLIES[0]:
        kept = await to_thread.run_sync(stored, games.db, gid, plies, len(records))
        if kept is None:
            held = deep
            held[0].take(held[1])
    try:
        result: dict[str, Any] = await to_thread.run_sync(
            review, games.db, games.writer, gid, records, plies
        )
    finally:
        if held is not None:
            held[0].done(held[1])
    return {**with_sides(result, sides), "cube": cube, "deeper": deeper(plies)}


def _sides(live: LiveGame) -> dict[str, str]:
    """A match's players by the names its review is summed under (the export's, in
    English, for the files) → their colour in the game the page shows now; {} for a
    money game, whose review is summed by colour already."""
    if live.meta.length == 0:
        return {}
    names = player_names(live)
    white = live.meta.white_player
    return {names[white]: "white", names[1 - white]: "black"}


def with_sides(data: dict[str, Any], sides: dict[str, str]) -> dict[str, Any]:
    """The review with each player's summary and decision given its ``side``: the colour
    by which the game page names that player (in the reader's language, "(you)", the
    computer's level), where the files' names would show English to everyone. The
    stored review is left as it is: a guest's name may change."""
    if not sides:
        return data
    players = {k: {**v, "side": sides.get(k, v["player"])} for k, v in data["players"].items()}
    decisions = [{**d, "side": sides.get(d["player"], d["color"])} for d in data["decisions"]]
    return {**data, "players": players, "decisions": decisions}


def stored_summaries(db: sessionmaker[Session], game_ids: list[str]) -> dict[str, Any]:
    """Per game, the players' summary of its deepest stored review."""
    out: dict[str, tuple[int, Any]] = {}
    with db() as s:
        for gid, plies, players in s.execute(
            select(Review.game_id, Review.plies, Review.players).where(Review.game_id.in_(game_ids))
        ):
            if gid not in out or plies > out[gid][0]:
                out[gid] = (plies, players)
    return {gid: players for gid, (_plies, players) in out.items()}
