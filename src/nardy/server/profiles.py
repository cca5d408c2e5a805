"""Read models of the club's public pages: a player's profile (ratings, rating history,
finished games with filters, statistics) and the leaderboards. They only read the
database; the game service and ``nardy.server.ratings`` write it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.orm import Session, sessionmaker

from nardy.server.db import (
    EventRow,
    GameRow,
    Rating,
    RatingHistory,
    Tournament,
    TournamentEntry,
    User,
)
from nardy.server.ratings import POOLS, PROVISIONAL_RD
from nardy.server.review import stored_summaries
from nardy.variants import VARIANTS

#: Games per page of a profile's history, and the most a page may ask for.
PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
#: Players on a leaderboard.
LEADERS = 100
#: The values of the history's filters.
RESULTS = ("won", "lost")
#: Result kinds counted as a mars (gammon) and as a koks (backgammon).
MARS_KINDS = ("mars", "gammon", "home-mars")
KOKS_KINDS = ("koks", "backgammon")
#: Modes a profile lists (a game on one device has no opponent).
LISTED_MODES = ("computer", "friend", "club")


class FilterError(ValueError):
    """A history filter with a value not on offer."""

    def __init__(self, name: str, known: tuple[str, ...], value: Any) -> None:
        super().__init__(name)
        self.name = name
        self.known = known
        self.value = value


def rating_json(r: Rating) -> dict[str, Any]:
    """A stored rating as the client sees it."""
    return {
        "pool": r.pool,
        "rating": round(r.rating, 1),
        "rd": round(r.rd, 1),
        "provisional": r.rd > PROVISIONAL_RD,
        "games": r.games,
    }


def _side(row: GameRow, user_id: int) -> str:
    return "creator" if row.creator_id == user_id else "opponent"


def _other_id(row: GameRow, user_id: int) -> int:
    """The other player's user id in ``user_id``'s game (-1: none, the computer's)."""
    return (row.opponent_id if row.creator_id == user_id else row.creator_id) or -1


def _won(row: GameRow, user_id: int) -> bool | None:
    """Whether ``user_id`` won the finished game or match (None: a draw, undecided)."""
    result = row.result
    if result is None:
        return None
    if "match_winner" in result:
        mw = result["match_winner"]
        return None if mw is None else mw == _side(row, user_id)
    mine = row.creator_color if row.creator_id == user_id else None
    if row.creator_id != user_id and row.creator_color is not None:
        mine = "black" if row.creator_color == "white" else "white"
    winner = result.get("winner")
    return None if winner is None or mine is None else winner == mine


def _game_json(
    row: GameRow,
    user_id: int,
    names: dict[int, str],
    members: dict[int, str],
    deltas: dict[str, int],
    reasons: dict[str, str],
) -> dict[str, Any]:
    other = _other_id(row, user_id)
    score = None
    if row.score is not None:
        score = list(row.score) if row.creator_id == user_id else list(row.score)[::-1]
    result = row.result or {}
    return {
        "id": row.id,
        "variant": row.variant,
        "mode": row.mode,
        # (a rated match that ended before its loser acted was not rated after all)
        "rated": bool(row.rated) and not result.get("unrated"),
        #: What the game moved the player's rating (None: it moved none).
        "rating_delta": deltas.get(row.id),
        "opponent": "computer" if row.mode == "computer" else names.get(other),
        #: The opponent's username: his profile (None: the computer, or a guest).
        "opponent_username": None if row.mode == "computer" else members.get(other),
        "level": row.level,
        "length": row.match_length or 0,
        "won": _won(row, user_id),
        "kind": result.get("kind"),
        "points": result.get("points"),
        #: Why the last game ended: "bear-off", "resign", "drop" (a double refused),
        #: "time" or a forfeit's reason; None when not known.
        "reason": result.get("reason") or reasons.get(row.id),
        "score": score,
        "at": row.updated_at.isoformat(),
    }


def _check(name: str, value: str | None, known: tuple[str, ...]) -> None:
    if value is not None and value not in known:
        raise FilterError(name, known, value)


def profile(
    db: sessionmaker[Session],
    user: User,
    *,
    variant: str | None = None,
    result: str | None = None,
    rated: bool | None = None,
    opponent: str | None = None,
    page: int = 0,
    size: int = PAGE_SIZE,
) -> dict[str, Any]:
    """``user``'s public profile: ratings and their history per pool, one page of his
    finished games (newest first) with the filters applied, and statistics over all
    his finished games. The result filter needs each game's winner, so the filtered
    list is made here rather than in SQL (a member's finished games: thousands at
    most)."""
    _check("variant", variant, tuple(VARIANTS))
    _check("result", result, RESULTS)
    uid = user.id
    with db() as s:
        ratings = s.scalars(select(Rating).where(Rating.user_id == uid)).all()
        history: dict[str, list[dict[str, Any]]] = {pool: [] for pool in POOLS}
        for h in s.scalars(
            select(RatingHistory).where(RatingHistory.user_id == uid).order_by(RatingHistory.at)
        ):
            history.setdefault(h.pool, []).append(
                {
                    "at": h.at.isoformat(),
                    "rating": round(h.rating, 1),
                    "rd": round(h.rd, 1),
                    "delta": round(h.delta, 1),
                    # (whole numbers, as the game page's result card says the change: the
                    # difference of the two ratings shown, so that the two agree)
                    "change": round(h.rating) - round(h.rating - h.delta),
                    "game": h.game_id,
                }
            )
        # the opponent's rating before each rated match (his history row of the same
        # game holds his rating after it and its change): a win over a stronger player
        # gains more, and the profile says whom each change was against
        rated_ids = [h["game"] for points in history.values() for h in points if h["game"]]
        before_match = {
            gid: round(rating - delta)
            for gid, rating, delta in s.execute(
                select(RatingHistory.game_id, RatingHistory.rating, RatingHistory.delta).where(
                    RatingHistory.game_id.in_(rated_ids), RatingHistory.user_id != uid
                )
            )
        }
        mine = and_(
            or_(GameRow.creator_id == uid, GameRow.opponent_id == uid),
            GameRow.status == "over",
            GameRow.mode.in_(LISTED_MODES),
        )
        rows = s.scalars(select(GameRow).where(mine).order_by(GameRow.updated_at.desc())).all()
        ids = {r.creator_id for r in rows} | {r.opponent_id for r in rows if r.opponent_id}
        known = s.scalars(select(User).where(User.id.in_(ids))).all()
        names = {u.id: u.display_name for u in known}
        members = {u.id: u.username for u in known if u.username is not None}
        overs = s.execute(
            select(EventRow.game_id, EventRow.data)
            .where(EventRow.game_id.in_([r.id for r in rows]), EventRow.kind == "game-over")
            .order_by(EventRow.game_id, EventRow.seq)
        ).all()
        tournaments = _tournaments(s, uid)
    # each rated game's point on the graph names the opponent (its tooltip)
    against = {r.id: names.get(_other_id(r, uid)) for r in rows}
    for points in history.values():
        for point in points:
            point["opponent"] = against.get(point["game"]) if point["game"] else None
            point["opponent_rating"] = before_match.get(point["game"]) if point["game"] else None
    stats = _stats(rows, uid, overs, stored_summaries(db, [r.id for r in rows]))
    deltas = {h["game"]: h["change"] for points in history.values() for h in points if h["game"]}
    # (how the last game of each ended: the events in order, the last one stays)
    reasons = {gid: data["reason"] for gid, data in overs if data.get("reason")}
    listed = []
    for r in rows:
        if variant is not None and r.variant != variant:
            continue
        game = _game_json(r, uid, names, members, deltas, reasons)
        #: The opponent's rating when the rated match began (None: unrated).
        game["opponent_rating"] = before_match.get(r.id)
        if rated is not None and game["rated"] != rated:
            continue
        # (part of a name finds him: "rust" finds rustam, as a search box does)
        if opponent is not None and opponent.casefold() not in (game["opponent"] or "").casefold():
            continue
        if result is not None and game["won"] != (result == "won"):
            continue
        listed.append(game)
    start = page * size
    return {
        "name": user.display_name,
        "username": user.username,
        "moderator": bool(user.moderator),
        "banned": user.banned_at is not None,
        "ratings": {r.pool: rating_json(r) for r in ratings},
        "rating_history": history,
        "games": {
            "items": listed[start : start + size],
            "total": len(listed),
            "page": page,
            "size": size,
        },
        "stats": stats,
        "tournaments": tournaments,
    }


#: Tournaments listed on a profile at most (the latest first).
TOURNAMENTS_LISTED = 30


def _tournaments(s: Session, uid: int) -> dict[str, Any]:
    """The public tournaments ``uid`` entered (the latest first) with his place in each
    finished one, and how many he won. Private ones stay off the public page: their
    names are for their invited players."""
    rows = s.execute(
        select(TournamentEntry.id, Tournament)
        .join(Tournament, Tournament.id == TournamentEntry.tournament_id)
        .where(TournamentEntry.user_id == uid, Tournament.public.is_(True))
        .order_by(Tournament.created_at.desc(), Tournament.id.desc())
    ).all()
    items = []
    won = 0
    for entry_id, t in rows:
        places = {e: p for e, p in (t.result or {}).get("places", [])}
        place = places.get(entry_id)
        won += place == 1
        items.append(
            {
                "id": t.id,
                "name": t.name,
                "format": t.format,
                "variant": t.variant,
                "status": t.status,
                "place": place,
                "players": len(places) or None,
            }
        )
    return {"won": won, "entered": len(items), "items": items[:TOURNAMENTS_LISTED]}


def _stats(rows: Any, uid: int, overs: Any, reviews: dict[str, Any]) -> dict[str, Any]:
    """Counts over the finished games: matches won and lost, each game's mars and koks
    won and lost (from the "game-over" events, which name the winning side), and the
    average error rate of the reviewed ones."""
    won = sum(1 for r in rows if _won(r, uid) is True)
    lost = sum(1 for r in rows if _won(r, uid) is False)
    side = {r.id: _side(r, uid) for r in rows}
    counts = {"mars_won": 0, "mars_lost": 0, "koks_won": 0, "koks_lost": 0}
    for game_id, data in overs:
        ws = data.get("winner_side")
        kind = data.get("kind")
        if ws is None or kind is None:
            continue
        what = "mars" if kind in MARS_KINDS else "koks" if kind in KOKS_KINDS else None
        if what is not None:
            counts[f"{what}_{'won' if ws == side[game_id] else 'lost'}"] += 1
    return {
        "games": len(rows),
        "wins": won,
        "losses": lost,
        **counts,
        **_error_rate(rows, uid, reviews),
    }


def _first_color(row: GameRow, uid: int) -> str | None:
    if row.creator_color is None:
        return None
    if row.creator_id == uid:
        return row.creator_color
    return "black" if row.creator_color == "white" else "white"


def _error_rate(rows: Any, uid: int, reviews: dict[str, Any]) -> dict[str, Any]:
    """The average error rate (millipoints of equity lost per unforced decision, as
    ``nardy.bots.analysis``) over the player's games that have a stored review
    (``reviews``: each game's players' summary; made when someone asks for one). A
    review names the players in order: who played white in the first game comes
    first."""
    loss = 0.0
    unforced = 0
    reviewed = 0
    for r in rows:
        players = reviews.get(r.id)
        color = _first_color(r, uid)
        if players is None or color is None or r.mode == "local":
            continue
        summaries = list(players.values())
        if len(summaries) != 2:
            continue
        mine = summaries[0 if color == "white" else 1]
        loss += mine["total_loss"]
        unforced += mine["unforced"]
        reviewed += 1
    rate = round(1000 * loss / unforced, 2) if unforced else None
    return {"error_rate": rate, "reviewed": reviewed}


def leaderboard(db: sessionmaker[Session], pool: str) -> list[dict[str, Any]]:
    """The best ``LEADERS`` ratings of ``pool``: established ratings first (the
    provisional ones after them), each group by rating."""
    with db() as s:
        rows = s.execute(
            select(Rating, User.display_name, User.username)
            .join(User, User.id == Rating.user_id)
            .where(Rating.pool == pool, User.banned_at.is_(None), User.closed_at.is_(None))
            .order_by((Rating.rd > PROVISIONAL_RD).asc(), Rating.rating.desc())
            .limit(LEADERS)
        ).all()
    return [
        {"rank": rank, "name": name, "username": username, **rating_json(r)}
        for rank, (r, name, username) in enumerate(rows, start=1)
    ]
