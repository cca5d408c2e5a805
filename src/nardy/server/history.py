"""Read models of a player's past: his games (the profile's list) and the statistics
of his own dice rolls. They only read the database; the game service writes it."""

from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session, sessionmaker

from nardy.server.db import EventRow, GameRow, User


def game_history(db: sessionmaker[Session], user_id: int) -> list[dict[str, Any]]:
    """The user's games, newest first."""
    with db() as s:
        rows = s.scalars(
            select(GameRow)
            .where(or_(GameRow.creator_id == user_id, GameRow.opponent_id == user_id))
            .order_by(GameRow.created_at.desc())
            .limit(200)
        ).all()
        ids = {r.creator_id for r in rows} | {r.opponent_id for r in rows if r.opponent_id}
        names = {u.id: u.display_name for u in s.scalars(select(User).where(User.id.in_(ids)))}
        out = []
        for r in rows:
            mine = (
                r.creator_color
                if r.creator_id == user_id
                else (
                    None
                    if r.creator_color is None
                    else ("black" if r.creator_color == "white" else "white")
                )
            )
            opponent: str | None
            if r.mode == "computer":
                opponent = "computer"
            elif r.mode == "local":
                opponent = "local"
            else:
                other_id = r.opponent_id if r.creator_id == user_id else r.creator_id
                opponent = names.get(other_id) if other_id else None
            score = None
            if r.score is not None:
                score = list(r.score) if r.creator_id == user_id else list(r.score)[::-1]
            won = None
            if r.mode != "local" and r.result is not None:
                if r.match_length:
                    mw = r.result.get("match_winner")
                    if mw is not None:
                        won = (mw == "creator") == (r.creator_id == user_id)
                elif r.result.get("winner") is not None and mine is not None:
                    won = r.result["winner"] == mine
            out.append(
                {
                    "id": r.id,
                    "variant": r.variant,
                    "mode": r.mode,
                    "status": r.status,
                    "color": mine if r.mode != "local" else None,
                    "opponent": opponent,
                    "result": r.result,
                    "created_at": r.created_at.isoformat(),
                    "length": r.match_length or 0,
                    "score": score,
                    "won": won,
                }
            )
        return out


def _roll_counts(db: sessionmaker[Session], user_id: int) -> list[list[int]]:
    counts = [[0] * 6 for _ in range(6)]
    with db() as s:
        games = s.scalars(
            select(GameRow).where(
                or_(GameRow.creator_id == user_id, GameRow.opponent_id == user_id),
                GameRow.creator_color.is_not(None),
            )
        ).all()
        colors: dict[str, set[str | None]] = {}
        for r in games:
            if r.mode == "local":
                colors[r.id] = {"white", "black"}
            elif r.creator_id == user_id:
                colors[r.id] = {r.creator_color}
            else:
                colors[r.id] = {"black" if r.creator_color == "white" else "white"}
        if colors:
            rows = s.execute(
                select(EventRow.game_id, EventRow.by, EventRow.data).where(
                    EventRow.game_id.in_(list(colors)), EventRow.kind == "record"
                )
            ).all()
            for gid, by, data in rows:
                rec = data.get("record", {})
                if rec.get("type") != "roll":
                    continue
                # newer events name the roller; older ones only his colour
                if "uid" in data:
                    if data["uid"] != user_id:
                        continue
                elif by not in colors[gid]:
                    continue
                d1, d2 = rec["dice"]
                counts[d1 - 1][d2 - 1] += 1
    return counts


def dice_stats(db: sessionmaker[Session], user_id: int | None) -> dict[str, Any]:
    """Counts of the user's own rolls (36 ordered outcomes) beside the expected; an
    anonymous visitor (None) has rolled nothing."""
    counts = [[0] * 6 for _ in range(6)] if user_id is None else _roll_counts(db, user_id)
    total = sum(map(sum, counts))
    doubles = sum(counts[i][i] for i in range(6))
    faces = [sum(counts[i]) + sum(row[i] for row in counts) for i in range(6)]
    return {
        "rolls": total,
        "counts": counts,
        "expected_each": total / 36,
        "doubles": doubles,
        "doubles_rate": doubles / total if total else None,
        "expected_doubles_rate": 1 / 6,
        "faces": faces,
        "expected_face": total * 2 / 6,
    }
