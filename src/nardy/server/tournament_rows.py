"""What a tournament's rows say: read in one session (``Loaded``: its row, entries,
matches and players' names), and the views built from them for its page, the lists and
the lobby. Pure reads: nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from nardy.server import tournament_formats as formats
from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import Tournament, TournamentEntry, TournamentMatch, User, aware
from nardy.server.ratings import START_RATING


def iso(moment: datetime | None) -> str | None:
    """A stored time as ISO text (UTC), or None."""
    return None if moment is None else aware(moment).isoformat()


def length_of(t: Tournament, round_no: int) -> int:
    """The match length of round ``round_no`` (the last given repeats)."""
    lengths = list(t.lengths) or [1]
    return int(lengths[min(round_no, len(lengths)) - 1])


@dataclass
class Loaded:
    """A tournament's rows, read in one session."""

    t: Tournament
    entries: list[TournamentEntry]
    matches: list[TournamentMatch]
    names: dict[int, str]

    def entry(self, eid: int | None) -> TournamentEntry | None:
        return next((e for e in self.entries if e.id == eid), None)

    def rounds(self) -> list[list[TournamentMatch]]:
        """The matches by round (1-based order), each in slot order."""
        out: list[list[TournamentMatch]] = []
        for m in sorted(self.matches, key=lambda m: (m.round, m.slot)):
            while len(out) < m.round:
                out.append([])
            out[m.round - 1].append(m)
        return out

    def players(self) -> list[tuple[int, float]]:
        return [(e.id, float(e.rating or START_RATING)) for e in self.entries]

    def seeded(self) -> list[int]:
        return [e.id for e in sorted(self.entries, key=lambda e: (e.seed or 0, e.id))]

    def history(self) -> list[list[formats.Result]]:
        """Each decided round's results (for the Swiss and the standings)."""
        out = []
        for ms in self.rounds():
            if any(m.winner_id is None for m in ms):
                break
            out.append(
                [formats.Result(m.first_id, m.second_id, m.winner_id or m.first_id) for m in ms]
            )
        return out

    def computer_number(self, e: TournamentEntry) -> int | None:
        """A computer entry's number among the tournament's computers (in the order
        they were added), so that three of one level are told apart on the bracket."""
        if e.user_id is not None:
            return None
        computers = sorted(x.id for x in self.entries if x.user_id is None)
        return computers.index(e.id) + 1

    def name_of(self, e: TournamentEntry) -> str:
        if e.user_id is None:
            return f"computer {self.computer_number(e)} ({e.level})"
        return self.names.get(e.user_id, "?")


def load_in(s: DbSession, tid: Any) -> Loaded:
    """Tournament ``tid``'s rows read in ``s`` (404 when there is none)."""
    t = s.get(Tournament, tid) if isinstance(tid, int) else None
    if t is None:
        raise ApiError(404, "not-found", "tournament-not-found", id=str(tid)[:20])
    entries = list(
        s.scalars(
            select(TournamentEntry)
            .where(TournamentEntry.tournament_id == tid)
            .order_by(TournamentEntry.id)
        )
    )
    matches = list(s.scalars(select(TournamentMatch).where(TournamentMatch.tournament_id == tid)))
    uids = [e.user_id for e in entries if e.user_id is not None]
    if t.creator_id is not None:
        uids.append(t.creator_id)
    rows = s.execute(select(User.id, User.display_name).where(User.id.in_(uids))).all()
    names = {int(uid): str(name) for uid, name in rows}
    return Loaded(t, entries, matches, names)


def summary(lt: Loaded) -> dict[str, Any]:
    """A tournament as the lists and the lobby show it: its terms, status and winner."""
    t = lt.t
    return {
        "id": t.id,
        "name": t.name,
        "format": t.format,
        "variant": t.variant,
        "lengths": list(t.lengths),
        "clock": t.clock,
        "rated": t.rated,
        "public": t.public,
        "size": t.size,
        "rounds": t.rounds,
        "status": t.status,
        "players": sum(1 for e in lt.entries if e.withdrawn_at is None),
        "starts_at": iso(t.starts_at),
        "started_at": iso(t.started_at),
        "no_show": t.no_show,
        "creator": None if t.creator_id is None else lt.names.get(t.creator_id),
        "creator_id": t.creator_id,
        "winner": _winner_name(lt),
    }


def _winner_name(lt: Loaded) -> str | None:
    """The winner's name once the result is stored."""
    winner = lt.entry((lt.t.result or {}).get("winner"))
    return None if winner is None else lt.name_of(winner)


def view(lt: Loaded, who: Who | None) -> dict[str, Any]:
    """One tournament as its page shows it: the entries, the rounds' matches (with
    their games), the standings (Swiss and round robin) and the result."""
    t = lt.t
    out = summary(lt)
    uid = who.user_id if who else None
    out["invite"] = t.invite_token if uid is not None and uid == t.creator_id else None
    out["entries"] = [
        {
            "id": e.id,
            "name": lt.name_of(e),
            "user_id": e.user_id,
            "computer": e.user_id is None,
            "number": lt.computer_number(e),
            "level": e.level,
            "seed": e.seed,
            "rating": e.rating,
            "withdrawn": e.withdrawn_at is not None,
        }
        for e in lt.entries
    ]
    out["joined"] = any(e.user_id == uid for e in lt.entries if uid is not None)
    out["can_cancel"] = who is not None and may_cancel(lt, who)
    out["rounds_played"] = [
        [
            {
                "round": m.round,
                "slot": m.slot,
                "first": m.first_id,
                "second": m.second_id,
                "game": m.game_id,
                "winner": m.winner_id,
                "forfeit": m.forfeit,
                "deadline": iso(m.deadline),
                "length": length_of(t, m.round),
            }
            for m in ms
        ]
        for ms in lt.rounds()
    ]
    out["standings"] = None
    if t.format in ("swiss", "roundrobin") and t.status != "registering":
        try:
            table = formats.standings(lt.players(), lt.history())
        except formats.TournamentError:
            table = []
        out["standings"] = [
            {
                "rank": st.rank,
                "entry": st.player,
                "points": st.points,
                "buchholz": st.buchholz,
                "sonneborn_berger": st.sonneborn_berger,
                "head_to_head": st.head_to_head,
                "byes": st.byes,
            }
            for st in table
        ]
    out["result"] = t.result
    return out


def may_cancel(lt: Loaded, who: Who) -> bool:
    """Its creator or a moderator, before the start: once games are played, players
    have results at stake and the tournament runs to its end."""
    mine = who.user_id is not None and who.user_id == lt.t.creator_id
    return lt.t.status == "registering" and (mine or who.moderator)
