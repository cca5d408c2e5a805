"""Club clocks, kept by the server: a delay per turn, then a reserve per match.

Backgammon-club style (a Bronstein-like delay): each time a player has to act, his
clock first counts down the ``delay`` (say 12 s); only when that is spent does his
``reserve`` start to run, and the reserve is what is left for the whole match. The
reserve of a match is ``reserve`` seconds per point of its length (60 s a point: 7
minutes for a 7-point match); a money game (length 0) is one game and gets
``MONEY_POINTS`` points' worth, about as long as a three-point match.

The clock runs only while a player must act: to roll (when he rolls himself), to move,
to answer a double or a resignation. A turn begins when the decision passes to the
other player and lasts through everything that player does in a row (the roll and the
move that follows are one turn, with one delay). Between the games of a match, before
the opening toss and after the end, no clock runs. A disconnected player's clock keeps
running.

What is stored (``games.clock``): the settings, each side's reserve at the start of
the current turn (``left``, by ``creator``/``opponent``: colours change between the
games of a long-nardy match), who is on the clock (``actor``) and since when
(``since``); ``games.deadline`` is when the actor loses on time, so a restarted server
finds and enforces it (``GameService.sweep_flags``).

**A flag loses the match.** In a match the opponent of the player who ran out of time
wins it. In a money game he wins the game as a single game at the cube's value: a
gammon or mars cannot be judged fairly from an unfinished position, and a flag must
cost at least what a resignation of a single game would; doubling and then flagging
costs the doubled stake.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

#: Bounds of the settings a game may ask for (seconds).
MAX_DELAY = 120
MAX_RESERVE = 600
#: A money game's reserve: this many points' worth.
MONEY_POINTS = 3
#: The sides of a game as the clock names them.
SIDES = ("creator", "opponent")


class ClockSpecError(ValueError):
    """A clock asked for with bad settings: ``key`` names the message, ``params`` its
    values."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _seconds(value: Any, name: str, top: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ClockSpecError("clock-seconds", name=name, max=top, value=repr(value))
    return value


def new_clock(spec: Any, length: int) -> dict[str, Any] | None:
    """The stored clock of a new game from the request's ``clock`` (None: no clock):
    ``{"delay": seconds, "reserve": seconds per point}``, both integers."""
    if spec is None:
        return None
    if not isinstance(spec, dict) or set(spec) - {"delay", "reserve"}:
        raise ClockSpecError("clock-shape")
    delay = _seconds(spec.get("delay"), "delay", MAX_DELAY)
    reserve = _seconds(spec.get("reserve"), "reserve", MAX_RESERVE)
    if delay + reserve == 0:
        raise ClockSpecError("clock-empty")
    total = float(reserve * (length or MONEY_POINTS))
    return {
        "delay": delay,
        "reserve": reserve,
        "left": dict.fromkeys(SIDES, total),
        "actor": None,
        "since": None,
    }


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _when(text: str) -> datetime:
    return _aware(datetime.fromisoformat(text))


def deadline(clock: dict[str, Any]) -> datetime | None:
    """When the player on the clock loses on time (None: nobody is on it)."""
    actor = clock.get("actor")
    if actor is None or clock.get("since") is None:
        return None
    return _when(clock["since"]) + timedelta(seconds=clock["delay"] + clock["left"][actor])


def switch(clock: dict[str, Any], actor: str | None, at: datetime) -> dict[str, Any]:
    """The clock after the decision passed to ``actor`` (a side, or None: nobody) at
    ``at``: the side that was on it is charged what he used beyond the delay. The
    same side staying on the clock changes nothing."""
    if clock.get("actor") == actor:
        return clock
    out = {**clock, "left": dict(clock["left"])}
    was = clock.get("actor")
    if was is not None and clock.get("since") is not None:
        used = (at - _when(clock["since"])).total_seconds()
        over = max(0.0, used - clock["delay"])
        out["left"][was] = max(0.0, clock["left"][was] - over)
    out["actor"] = actor
    out["since"] = at.isoformat() if actor is not None else None
    return out


def view(clock: dict[str, Any], sides: dict[str, str], at: datetime) -> dict[str, Any]:
    """The clock as the clients see it at ``at``: each colour's reserve now, the delay,
    who is on the clock and how much of his delay and his whole time remain
    (``remaining``: seconds to the deadline). ``sides`` maps the sides to their colours
    in the current game. Clients tick from these numbers (no clock skew: durations, not
    moments)."""
    actor = clock.get("actor")
    reserve = {sides[s]: round(clock["left"][s], 1) for s in SIDES}
    out: dict[str, Any] = {
        "delay": clock["delay"],
        "reserve_per_point": clock["reserve"],
        "reserve": reserve,
        "running": None,
        "delay_left": None,
        "remaining": None,
    }
    if actor is not None and clock.get("since") is not None:
        used = max(0.0, (at - _when(clock["since"])).total_seconds())
        left = clock["left"][actor]
        color = sides[actor]
        out["running"] = color
        out["delay_left"] = round(max(0.0, clock["delay"] - used), 1)
        spent = max(0.0, used - clock["delay"])
        reserve[color] = round(max(0.0, left - spent), 1)
        out["remaining"] = round(max(0.0, clock["delay"] + left - used), 1)
    return out
