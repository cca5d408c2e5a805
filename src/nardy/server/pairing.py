"""Quick pairing ("Play now"): who is paired with whom, decided by a pure function of
the waiting players and the time, so that tests drive it with an injected clock.

The rules:

- Two players are paired only when they asked for the same variant and time control
  (the same ``pool``) and neither blocked the other.
- Each player has a rating window: ±``WINDOW_START`` points when he starts waiting,
  widened by ``WINDOW_STEP`` for every full ``WINDOW_EVERY`` seconds he has waited
  (±100, ±150 after 5 s, ±200 after 10 s, ...). Two players may be paired when their
  ratings differ by no more than the wider of their two windows: whoever has waited
  long accepts a wider gap, so nobody waits for ever.
- The longest waiting player chooses first: among the players he may be paired with,
  the nearest in rating, then the one waiting longest, then the lowest user id (the
  order is total: the same queue at the same moment always gives the same pairs).
- A guest, or a member without a rating in the pool's variant, counts as
  ``DEFAULT_RATING``.
- A player who has waited ``timeout`` seconds without a partner is offered a game
  against the computer meanwhile (once; he stays in the queue until he answers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

WINDOW_START = 100.0
WINDOW_STEP = 50.0
WINDOW_EVERY = 5.0
#: The rating of a guest, or of a member not rated yet (Glicko-2's starting rating).
DEFAULT_RATING = 1500.0


@dataclass(frozen=True)
class Seeker:
    """A player waiting to be paired."""

    user_id: int
    name: str
    #: A guest (no account): his games are unrated.
    guest: bool
    #: His rating in the variant's pool; None: not rated.
    rating: float | None
    variant: str
    #: The time control's name (``nardy.server.lobby.CLOCKS``).
    clock: str
    #: When he started waiting (seconds, the lobby's clock).
    since: float
    #: Whether he was already offered the computer (``timed_out``).
    offered: bool = False

    @property
    def pool(self) -> tuple[str, str]:
        """Only players of the same pool are paired."""
        return (self.variant, self.clock)

    @property
    def strength(self) -> float:
        """The rating pairing goes by."""
        return DEFAULT_RATING if self.rating is None else self.rating


def window(waited: float) -> float:
    """How far (rating points either side) a player who has waited ``waited`` seconds
    looks for a partner."""
    steps = int(max(0.0, waited) // WINDOW_EVERY)
    return WINDOW_START + WINDOW_STEP * steps


def pairs(
    seekers: Iterable[Seeker], now: float, blocked: Callable[[int, int], bool]
) -> list[tuple[Seeker, Seeker]]:
    """The pairs to make at ``now`` (each pair: the longer waiting player first).
    ``blocked(a, b)`` says whether either of the two users blocked the other."""
    order = sorted(seekers, key=lambda s: (s.since, s.user_id))
    taken: set[int] = set()
    out: list[tuple[Seeker, Seeker]] = []
    for a in order:
        if a.user_id in taken:
            continue
        best: tuple[float, float, int] | None = None
        partner: Seeker | None = None
        for b in order:
            if b.user_id == a.user_id or b.user_id in taken or b.pool != a.pool:
                continue
            gap = abs(a.strength - b.strength)
            if gap > max(window(now - a.since), window(now - b.since)):
                continue
            if blocked(a.user_id, b.user_id):
                continue
            rank = (gap, b.since, b.user_id)
            if best is None or rank < best:
                best, partner = rank, b
        if partner is not None:
            taken.update((a.user_id, partner.user_id))
            out.append((a, partner))
    return out


def timed_out(seekers: Iterable[Seeker], now: float, timeout: float) -> list[Seeker]:
    """The players to offer the computer now: waiting ``timeout`` seconds or more and
    not offered yet."""
    return [s for s in seekers if not s.offered and now - s.since >= timeout]
