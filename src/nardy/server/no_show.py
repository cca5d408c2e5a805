"""The tournaments' no-show rule, as one pure function of a late match and the time.

The tick (``Tournaments._no_shows``) carries out the ruling at the moment it runs; the
game page shows when the tick will act (``Tournaments.of_game``), by asking the same
function what it will say at the match's stored deadline. One rule, so the page cannot
promise what the tick does not do.

The rule (docs/tournaments.md): a player who has not acted in the current game of his
match by the deadline loses it (when neither has, the one whose turn it is: the other
could not act yet). Between two games of a match the deadline starts the next one. Once
both have acted, a timed game is left to its clock, and an untimed one loses the player
to act who has left it unchanged ``no_show`` long.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class Ruling:
    """What the rule says of a late match now: ``loser`` (a colour) loses it; or the next
    game of the match starts (``next_game``); or nothing happens yet and the tick looks
    again at ``deadline`` (None: never, the clock or the match's end rules). ``computer``:
    the computer is to act, so nobody's time is running (it moves at once)."""

    loser: str | None = None
    next_game: bool = False
    deadline: datetime | None = None
    computer: bool = False


@dataclass(frozen=True)
class MatchState:
    """What the rule reads of a match's live game."""

    finished: bool  # the match is over
    between_games: bool  # a game of the match is over, the next not yet started
    humans: Sequence[str]  # the colours people play
    absent: Sequence[str]  # those of them who have made no decision in the current game
    to_act: str | None  # the colour to act (None: no game in progress)
    timed: bool  # the games have a clock
    since: datetime  # the game's last change


def no_show_ruling(state: MatchState, no_show: timedelta, now: datetime) -> Ruling:
    """The no-show rule's ruling on a match whose deadline has come, at ``now``."""
    if state.finished:
        return Ruling()
    if state.between_games:
        return Ruling(next_game=True, deadline=now + no_show)
    absent = list(state.absent)
    if not absent:
        if state.timed:
            return Ruling()  # the clock rules
        if state.to_act is None or state.to_act not in state.humans:
            return Ruling(deadline=now + no_show, computer=True)
        if now - state.since < no_show:
            return Ruling(deadline=state.since + no_show)
        absent = [state.to_act]  # untimed, and idle too long
    if len(absent) == 2 and state.to_act in absent:
        return Ruling(loser=state.to_act)  # neither acted: the other could not yet
    return Ruling(loser=absent[0])


def no_show_act_by(state: MatchState, no_show: timedelta, stored: datetime) -> datetime | None:
    """When the tick, running at the stored deadline, acts on the match if nobody does
    anything first: then, where it forfeits, starts the next game or looks again on the
    computer's turn; the end of the idle time of an untimed game's player to act; None
    where it never will (a timed game both sides have played in, a finished match)."""
    r = no_show_ruling(state, no_show, stored)
    if r.loser is not None or r.next_game or r.computer:
        return stored
    return r.deadline
