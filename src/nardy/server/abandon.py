"""The club's abandonment rule, as one pure function: when a player whose opponent has
left the game may claim it.

A game between two people may stall for good when one of them walks away: quick
pairing's games have no clock, and even a clock's reserve can be an hour. lichess and
the backgammon clubs let the one who stayed claim the win after a wait; so does nardy
(docs/architecture.md, "Leaving a game"):

- the opponent is to act (to roll, move, answer a double or a resignation) and has no
  page open on the game: he has left, or lost his connection;
- and the wait (``Settings.claim_after``, two minutes) has passed since the later of
  the game's last change and the moment his last page on it closed, so a player who
  thinks, or whose connection blinks, is not claimed against: each return starts the
  wait again.

A claim ends the match as a loss on time does (``Referee.forfeit``, reason
``abandoned``): the match to the claimer, or a money game as a single game at the cube's
value; a rated game is rated as any other result, unless the one who left never made
a decision of his own in it (``Referee._end_against``: a no-show moves no rating). The
game page asks the server when the claim opens (``GET /api/games/{id}/presence``) and
counts down to it; the server checks the rule again when the claim comes (``POST
/api/games/{id}/claim``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from nardy.position import Color
from nardy.server.game_specs import HUMAN_MODES
from nardy.server.live import LiveGame


@dataclass(frozen=True)
class Seat:
    """What the rule reads of a game, for the player who would claim it."""

    between_people: bool  # both sides are people (not the computer, not one device)
    in_play: bool  # a game of the match is in progress (not over, not between games)
    opponent_to_act: bool  # the decision is the opponent's
    opponent_away: float | None  # None: he has the game open; else when he left it
    # (a Unix time; 0: he never had it open, or his server process died with it)
    changed: datetime  # the game's last change


def claim_opens(seat: Seat, wait: timedelta) -> datetime | None:
    """When the player may claim the game, ``wait`` after the opponent left it (it may
    be past already); None while he may not, whatever the time (the opponent is here or
    not to act, the game is over)."""
    if not (seat.between_people and seat.in_play and seat.opponent_to_act):
        return None
    if seat.opponent_away is None:
        return None
    left = datetime.fromtimestamp(seat.opponent_away, UTC)
    return max(seat.changed, left) + wait


def claim_in(seat: Seat, wait: timedelta, now: datetime) -> int | None:
    """Whole seconds from ``now`` until the player may claim the game (0: he may now);
    None while he may not (``claim_opens``)."""
    opens = claim_opens(seat, wait)
    return None if opens is None else max(0, math.ceil((opens - now).total_seconds()))


def opponent_of(live: LiveGame, user_id: int) -> tuple[Color, int] | None:
    """The colour and user of ``user_id``'s opponent in a game between two people (None
    when he plays no side of one, or the sides are not known yet)."""
    role = live.meta.role_of(user_id)
    if live.meta.mode not in HUMAN_MODES or role not in ("white", "black"):
        return None
    color: Color = "black" if role == "white" else "white"
    uid = live.meta.user_of(color)
    return None if uid is None or uid == user_id else (color, uid)


def seat_of(live: LiveGame, user_id: int, opponent_away: float | None, now: datetime) -> Seat:
    """What the rule reads of ``live`` for ``user_id``, whose opponent's page on it is
    ``opponent_away`` (``LobbyState.away``); ``now`` stands for a change time never
    stored (a game not loaded from the database)."""
    them = opponent_of(live, user_id)
    to_act = live.actor("both")
    return Seat(
        between_people=them is not None,
        in_play=to_act is not None and live.meta.status != "over",
        opponent_to_act=them is not None and to_act == them[0],
        opponent_away=opponent_away,
        changed=live.changed_at or now,
    )
