"""The review of a finished server game: every play and cube action judged by the bots
(``nardy.bots.analysis``) for the game page — the players' error rates, ratings and
marks, each decision's equity loss, and White's equity after every play for the graph.

Only a finished game (or a match's finished games) is reviewed, so the review never
helps during play. Reviews are cached per game, record length and depth.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from nardy.bots.analysis import analyze_records
from nardy.server.exports import named_match
from nardy.server.live import LiveGame
from nardy.server.service import ApiError

#: Depths a review may ask for (0: the net alone; 1: one ply, a few seconds a game).
PLIES = (0, 1)
_CACHE: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


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


def review(game_id: str, records: list[dict[str, Any]], plies: int) -> dict[str, Any]:
    """The review of ``records`` at ``plies``: ``nardy.bots.analysis`` as JSON (with
    its ``graph``: White's equity after every play) and the depth."""
    if plies not in PLIES:
        raise ApiError(
            400, "malformed", "bad-plies", known=", ".join(map(str, PLIES)), value=repr(plies)
        )
    key = (game_id, len(records), plies)
    with _CACHE_LOCK:  # reviews run in worker threads
        hit = _CACHE.get(key)
        if hit is not None:
            _CACHE.move_to_end(key)
            return hit
    data = analyze_records(records, plies).as_dict()
    data["plies"] = plies
    with _CACHE_LOCK:
        _CACHE[key] = data
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return data


def cached_review(game_id: str) -> dict[str, Any] | None:
    """The review of ``game_id`` already made, if one is cached (the deepest of its
    longest record): the profiles' error rates use what players have looked at."""
    with _CACHE_LOCK:
        keys = [k for k in _CACHE if k[0] == game_id]
        return _CACHE[max(keys, key=lambda k: (k[1], k[2]))] if keys else None
