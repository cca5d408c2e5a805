"""What a tournament's rows say: read in one session (``Loaded``: its row, entries,
matches and players' names), and the views built from them for its page, the lists and
the lobby. Pure reads: nothing here writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session as DbSession

from nardy.server import tournament_formats as formats
from nardy.server.api_error import ApiError
from nardy.server.auth import Who
from nardy.server.db import GameRow, Tournament, TournamentEntry, TournamentMatch, User, aware
from nardy.server.ratings import START_RATING


def iso(moment: datetime | None) -> str | None:
    """A stored time as ISO text (UTC), or None."""
    return None if moment is None else aware(moment).isoformat()


def length_of(t: Tournament, round_no: int, total: int | None) -> int:
    """The match length of round ``round_no`` of ``total`` (None: not known yet). A
    Swiss or round robin counts the lengths from round 1, the last repeating. A
    knock-out counts them back from its final, the first repeating: "3, 3, 5" makes
    the final 5 points whether 8 players came or 4 (counted from round 1, a bracket
    smaller than planned played its final at 3)."""
    lengths = [int(n) for n in t.lengths] or [1]
    if t.format in ("knockout", "sitngo") and total is not None:
        return lengths[max(0, len(lengths) - 1 - (total - round_no))]
    return lengths[min(round_no, len(lengths)) - 1]


@dataclass
class Loaded:
    """A tournament's rows, read in one session."""

    t: Tournament
    entries: list[TournamentEntry]
    matches: list[TournamentMatch]
    names: dict[int, str]
    #: each match's game's stored score, the creator's points first, and its creator
    scores: dict[str, tuple[int | None, list[float] | None]] = field(default_factory=dict)

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
        """Each decided round's results (for the Swiss pairing and the places)."""
        out = []
        for ms in self.rounds():
            if any(m.winner_id is None for m in ms):
                break
            out.append(
                [formats.Result(m.first_id, m.second_id, m.winner_id or m.first_id) for m in ms]
            )
        return out

    def results(self) -> list[list[formats.Result]]:
        """Every round's decided matches, the round in play included: the live
        standings count a match's point as soon as it is decided."""
        return [
            [
                formats.Result(m.first_id, m.second_id, m.winner_id)
                for m in ms
                if m.winner_id is not None
            ]
            for ms in self.rounds()
        ]

    def withdrawn(self) -> set[int]:
        """The entries that withdrew after the start."""
        return {e.id for e in self.entries if e.withdrawn_at is not None}

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
    games = [m.game_id for m in matches if m.game_id is not None]
    scores: dict[str, tuple[int | None, list[float] | None]] = {}
    if games:
        for gid, creator, score in s.execute(
            select(GameRow.id, GameRow.creator_id, GameRow.score).where(GameRow.id.in_(games))
        ).all():
            scores[str(gid)] = (creator, list(score) if score else None)
    return Loaded(t, entries, matches, names, scores)


def match_score(lt: Loaded, m: TournamentMatch) -> list[int] | None:
    """The match's score in points, its first player's first (its game's stored score,
    the creator's points first, turned to the match's order); None without a game."""
    creator, score = lt.scores.get(m.game_id or "", (None, None))
    if score is None or len(score) != 2:
        return None
    first = lt.entry(m.first_id)
    a, b = int(score[0]), int(score[1])
    return [a, b] if first is not None and first.user_id == creator else [b, a]


def total_rounds(lt: Loaded) -> int | None:
    """How many rounds the tournament has (None before the start of a knock-out or
    round robin, whose field is not known yet): a Swiss's stored rounds, a round
    robin's schedule (circle method), a knock-out's bracket."""
    t = lt.t
    n = len(lt.entries)
    if t.format == "swiss":
        return t.rounds
    if t.status == "registering":
        return None
    try:
        if t.format == "roundrobin":
            return len(formats.round_robin(lt.seeded()))
        return formats.knockout_rounds(n)
    except formats.TournamentError:
        return None


def upcoming_rounds(lt: Loaded) -> list[list[dict[str, Any]]]:
    """A running round robin's rounds not yet played: its whole schedule is known from
    the start (the circle method over the seeds, as ``Tournaments._next_pairings`` pairs
    each round), each pairing as ``{"round", "slot", "first", "second"}``."""
    t = lt.t
    if t.format != "roundrobin" or t.status != "running":
        return []
    try:
        schedule = formats.round_robin(lt.seeded())
    except formats.TournamentError:
        return []
    played = len(lt.rounds())
    return [
        [
            {"round": r, "slot": slot, "first": p.first, "second": p.second}
            for slot, p in enumerate(pairings, 1)
        ]
        for r, pairings in enumerate(schedule[played:], played + 1)
    ]


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
        # (before the start: the places taken of ``size``; after it ``field``, the
        # players who started, those who withdrew among them)
        "players": sum(1 for e in lt.entries if e.withdrawn_at is None),
        "field": len(lt.entries),
        "withdrawn": sum(1 for e in lt.entries if e.withdrawn_at is not None),
        "starts_at": iso(t.starts_at),
        "started_at": iso(t.started_at),
        "no_show": t.no_show,
        "creator": None if t.creator_id is None else lt.names.get(t.creator_id),
        "creator_id": t.creator_id,
        "winner": _winner(lt),
        "cancelled": bool((t.result or {}).get("cancelled")),
        "rounds_total": total_rounds(lt),
    }


def _winner(lt: Loaded) -> dict[str, Any] | None:
    """The winner once the result is stored, for the page to name in its reader's
    language: a member's ``name``; a computer's ``number`` (among the tournament's
    computers) and ``level`` (``computer`` true, ``name`` None)."""
    winner = lt.entry((lt.t.result or {}).get("winner"))
    if winner is None:
        return None
    if winner.user_id is None:
        number = lt.computer_number(winner)
        return {"computer": True, "name": None, "number": number, "level": winner.level}
    return {"computer": False, "name": lt.names.get(winner.user_id, "?")}


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
    # (the same people: the creator, or a moderator, before the start)
    out["can_remove"] = out["can_cancel"]
    out["can_start"] = out["can_cancel"] and t.format != "sitngo" and len(lt.entries) >= fewest(t)
    total = out["rounds_total"]
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
                "length": length_of(t, m.round, total),
                "score": match_score(lt, m),
            }
            for m in ms
        ]
        for ms in lt.rounds()
    ]
    out["rounds_upcoming"] = upcoming_rounds(lt)
    out["standings"] = None
    out["standings_after"] = standings_after(lt)
    # (a tournament cancelled before its start has no table: nobody played)
    started = t.started_at is not None or bool(lt.matches)
    if t.format in ("swiss", "roundrobin") and t.status != "registering" and started:
        out["standings"] = standings_rows(lt)
    out["result"] = t.result
    return out


def standings_rows(lt: Loaded) -> list[dict[str, Any]]:
    """The standings as the page shows them, live: every decided match counts, the
    round in play's included; each line with its tie-breaks, played, won and lost,
    whether the head-to-head decided its place, and whether its player withdrew."""
    try:
        table = formats.standings(lt.players(), lt.results(), lt.withdrawn())
    except formats.TournamentError:
        return []
    return [
        {
            "rank": st.rank,
            "entry": st.player,
            "points": st.points,
            "buchholz": st.buchholz,
            "sonneborn_berger": st.sonneborn_berger,
            "head_to_head": st.head_to_head,
            "head_to_head_decides": st.head_to_head_decides,
            "byes": st.byes,
            "played": st.played,
            "won": st.won,
            "lost": st.lost,
            "withdrawn": st.withdrawn,
        }
        for st in table
    ]


def standings_after(lt: Loaded) -> dict[str, int | None]:
    """What the standings count: ``rounds``, the rounds fully decided, and
    ``in_progress``, the round in play whose decided matches already count (None
    between rounds and once it is over)."""
    rounds = lt.rounds()
    done = len(lt.history())
    live = lt.t.status == "running" and done < len(rounds)
    return {"rounds": done, "in_progress": done + 1 if live else None}


def fewest(t: Tournament) -> int:
    """The fewest players its format plays with: a scheduled start with fewer cancels
    it, and its creator cannot start it early with fewer."""
    return {"roundrobin": formats.ROUND_ROBIN_MIN}.get(t.format, formats.KNOCKOUT_MIN)


def may_cancel(lt: Loaded, who: Who) -> bool:
    """Its creator or a moderator, before the start: once games are played, players
    have results at stake and the tournament runs to its end."""
    mine = who.user_id is not None and who.user_id == lt.t.creator_id
    return lt.t.status == "registering" and (mine or who.moderator)


def after_game(lt: Loaded, round_no: int, uid: int | None) -> dict[str, Any] | None:
    """What comes next for member ``uid`` once his match of round ``round_no`` is
    decided, as the result card of its game says it (None: not decided yet, or ``uid``
    plays no match of that round). ``next``:

    - ``over``: the tournament is over (``place``: his stored place, or None; a
      cancelled tournament has none);
    - ``out``: he is out (he lost a knock-out's match, or withdrew);
    - ``game``: his next match has its game (``game``: its id; ``round``);
    - ``bye``: he has the bye in the next round (``round``);
    - ``waiting``: the round's other matches are still being played (``round``: the
      next one's number, or None where the last round is done and the result not yet)."""
    mine = next((e for e in lt.entries if uid is not None and e.user_id == uid), None)
    if mine is None:
        return None
    rounds = lt.rounds()
    played = rounds[round_no - 1] if 0 < round_no <= len(rounds) else []
    match = next((m for m in played if mine.id in (m.first_id, m.second_id)), None)
    if match is None or match.winner_id is None:
        return None
    t = lt.t
    knockout = t.format in ("knockout", "sitngo")
    lost_in = _knocked_out_in(lt, mine.id) if knockout else None
    shared = _knockout_places(lt, lost_in) if lost_in is not None else None
    if t.status == "over":
        places = (t.result or {}).get("places") or []
        place = next((p[1] for p in places if p[0] == mine.id), None)
        return {
            "next": "over",
            "place": place,
            # (a knock-out's losers of one round share a place: 5 to 8)
            "place_to": shared[1] if shared and place == shared[0] else place,
            "players": len(lt.entries),
        }
    if lost_in is not None or mine.withdrawn_at is not None:
        # he is out while the others play on: his place so far (a knock-out's is
        # known: the round he lost), the tournament is not over
        low, high = shared if shared else (None, None)
        return {"next": "out", "place": low, "place_to": high, "players": len(lt.entries)}
    for later in rounds[round_no:]:
        for m in later:
            if mine.id not in (m.first_id, m.second_id):
                continue
            if m.second_id is None:
                return {"next": "bye", "round": m.round}
            if m.game_id is not None and m.winner_id is None:
                return {"next": "game", "round": m.round, "game": m.game_id}
    total = total_rounds(lt)
    upcoming = round_no + 1 if total is None or round_no < total else None
    return {"next": "waiting", "round": upcoming}


def _knocked_out_in(lt: Loaded, eid: int) -> int | None:
    """The knock-out round entry ``eid`` lost (None: he has lost none)."""
    for m in lt.matches:
        decided = m.second_id is not None and m.winner_id is not None
        if decided and eid in (m.first_id, m.second_id) and m.winner_id != eid:
            return m.round
    return None


def _knockout_places(lt: Loaded, lost_in: int) -> tuple[int, int] | None:
    """The places shared by a knock-out's losers of round ``lost_in``: the quarter-
    finals' of 8 players 5 to 8 (as ``Tournaments._places`` stores them, the first),
    the last one no further than the field."""
    total = total_rounds(lt)
    if total is None:
        return None
    low = (1 << (total - lost_in)) + 1
    return low, min(2 * low - 2 if low > 2 else 2, len(lt.entries))
