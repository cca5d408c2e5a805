"""Members' ratings: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013), one
rating per pool, updated after every rated match.

**Pools.** A rating measures one skill, so the variants are grouped by family: every
long-family variant (long nardy, nardgammon, crazy nardy, gulbara, khachapuri, fevga, …)
rates in ``long``, every short-family variant (backgammon, Russian and Caucasian short
nardy) in ``short``. Within a family the skills are the same (a blocking race in the
long family; hitting, priming and the cube in the short one); across the families they
are not, and one number for both would say little.

**One rating period per match.** Each rated match is a rating period of its own for both
players, computed from the two players' ratings before it. RD does not grow with idle
time (there is no calendar period), so a member who stops playing keeps his RD.

**Match length.** A longer match is less a matter of the dice: the luck in a match of
``n`` points shrinks about as 1/√n (the points are nearly independent games), so its
result says more about skill. As on FIBS, where a rating change is scaled by √n, a match
of length ``n`` weighs √n games: each term of Glickman's sums (``v`` and ``Δ``, steps 3
and 4) is multiplied by ``weight = √n``. A weight of 1 is the paper's formula exactly; a
money game (length 0) weighs as a one-point match.

**Provisional.** A rating whose RD is above ``PROVISIONAL_RD`` (110, about a third of a
new player's 350) is shown as provisional: its 95 % interval is still wider than ±220
points. Guests have no ratings; unrated games change nothing.

The PyPI ``glicko2`` package was not used: its last release is from 2012 and it has no
weights; the algorithm is short and a test reproduces the paper's worked example.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session

from nardy.server.db import Rating, RatingHistory, User
from nardy.variants import find_variant

#: The pools, in the order the profile lists them.
POOLS = ("long", "short")
#: A new member's rating, rating deviation and volatility (Glickman's defaults).
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
#: The system constant τ: how fast the volatility may change (0.3..1.2 in the paper).
TAU = 0.5
#: Above this RD a rating is marked provisional.
PROVISIONAL_RD = 110.0
#: Glicko-2's scale factor between the Glicko scale and its own (173.7178).
SCALE = 400 / math.log(10)
#: Convergence tolerance of the volatility iteration (step 5).
EPSILON = 1e-6


def pool_of(variant: str) -> str:
    """The rating pool of ``variant``: its family (``long`` or ``short``)."""
    return find_variant(variant).family


def match_weight(length: int) -> float:
    """How many games a match of ``length`` points counts as: √length (0: one)."""
    return math.sqrt(max(length, 1))


@dataclass(frozen=True)
class Shown:
    """A rating as shown beside a player's name: whole, and whether provisional."""

    rating: int
    provisional: bool


@dataclass(frozen=True)
class Glicko:
    """A rating on the Glicko scale: ``rating``, rating deviation ``rd``, volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    @property
    def provisional(self) -> bool:
        """True while the rating is still uncertain (RD above ``PROVISIONAL_RD``)."""
        return self.rd > PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _expect(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def rate(
    player: Glicko,
    games: list[tuple[Glicko, float]],
    *,
    weight: float = 1.0,
    tau: float = TAU,
) -> Glicko:
    """``player`` after one rating period against ``games`` — (opponent, score: 1 win,
    0 loss, 0.5 draw) — each game counted ``weight`` times (steps 1-8 of the paper)."""
    mu = (player.rating - START_RATING) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:  # step 6 alone: the deviation grows
        return Glicko(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    inv_v = 0.0
    total = 0.0
    for opp, score in games:
        mu_j = (opp.rating - START_RATING) / SCALE
        phi_j = opp.rd / SCALE
        e = _expect(mu, mu_j, phi_j)
        g = _g(phi_j)
        inv_v += weight * g * g * e * (1 - e)
        total += weight * g * (score - e)
    v = 1 / inv_v
    delta = v * total
    # step 5: the new volatility (Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    # steps 6-8
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * total
    return Glicko(SCALE * new_mu + START_RATING, SCALE * new_phi, new_sigma)


def rate_match(
    conn: Connection,
    *,
    game_id: str,
    variant: str,
    length: int,
    winner_id: int,
    loser_id: int,
    at: datetime,
) -> dict[int, dict[str, Any]]:
    """Store both players' new ratings and history rows after a rated match (in the
    caller's transaction, with the match's last events); returns for each user his
    ``rating_change``: pool, before, after, delta, rd, provisional. Guests (no
    username) are never rated: a match with one changes nothing."""
    pool = pool_of(variant)
    # the two users' rows locked, in id order (PostgreSQL: two matches ending at once
    # with a common player update his rating one after the other; SQLite writes one
    # transaction at a time anyway)
    users = {
        u.id: u.username
        for u in conn.execute(
            select(User.id, User.username)
            .where(User.id.in_([winner_id, loser_id]))
            .order_by(User.id)
            .with_for_update()
        )
    }
    if any(users.get(uid) is None for uid in (winner_id, loser_id)):
        return {}
    rows = {
        r.user_id: r
        for r in conn.execute(
            select(Rating).where(
                and_(Rating.pool == pool, Rating.user_id.in_([winner_id, loser_id]))
            )
        )
    }
    before = {
        uid: Glicko(rows[uid].rating, rows[uid].rd, rows[uid].volatility)
        if uid in rows
        else Glicko()
        for uid in (winner_id, loser_id)
    }
    weight = match_weight(length)
    after = {
        winner_id: rate(before[winner_id], [(before[loser_id], 1.0)], weight=weight),
        loser_id: rate(before[loser_id], [(before[winner_id], 0.0)], weight=weight),
    }
    out: dict[int, dict[str, Any]] = {}
    for uid, new in after.items():
        old = before[uid]
        values = {
            "rating": new.rating,
            "rd": new.rd,
            "volatility": new.volatility,
            "updated_at": at,
        }
        if uid in rows:
            conn.execute(
                update(Rating)
                .where(and_(Rating.user_id == uid, Rating.pool == pool))
                .values(games=rows[uid].games + 1, **values)
            )
        else:
            conn.execute(insert(Rating).values(user_id=uid, pool=pool, games=1, **values))
        delta = new.rating - old.rating
        conn.execute(
            insert(RatingHistory).values(
                user_id=uid,
                pool=pool,
                game_id=game_id,
                rating=new.rating,
                rd=new.rd,
                delta=delta,
                at=at,
            )
        )
        out[uid] = {
            "pool": pool,
            "before": round(old.rating, 1),
            "after": round(new.rating, 1),
            "delta": round(delta, 1),
            "rd": round(new.rd, 1),
            "provisional": new.provisional,
        }
    return out


def shown(conn: Connection | Session, user_ids: list[int], pool: str) -> dict[int, Shown]:
    """Each member's rating in ``pool`` as the game page shows it beside his name: a
    whole number and whether it is provisional; a member who has played no rated
    match there has the start rating (provisional), as his first match will count it."""
    rows = conn.execute(
        select(Rating.user_id, Rating.rating, Rating.rd).where(
            Rating.pool == pool, Rating.user_id.in_(user_ids)
        )
    ).all()
    out = dict.fromkeys(user_ids, Shown(round(START_RATING), True))
    for uid, rating, rd in rows:
        out[uid] = Shown(round(rating), rd > PROVISIONAL_RD)
    return out
