"""Tournament formats as pure logic: seeding, knock-out brackets, Swiss pairings,
standings with tie-breaks and round robins, with no database and no clock, so that every
rule is a function of the entries and the results so far and is tested on its own (the
server stores the results and calls these functions to get the next round).

The formats (``docs/tournaments.md`` says why each rule is what it is):

- **Seeding** (``seed``): by rating, highest first; equal ratings by the lower id.
- **Knock-out** (``knockout_round``, ``knockout_winner``) for 2 to 64 players: the
  bracket has the next power of two of places; seed 1 meets seed 16, 8 meets 9, ... so
  that the top seeds can meet only late (seeds 1 and 2 only in the final); the places
  left empty give byes in the first round to the top seeds.
- **Sit and go** (``SIT_AND_GO_SIZES``): a knock-out that starts as soon as it is full.
- **Swiss** (``swiss_pairings``): players of equal points are paired together (highest
  points first; within a group the top half meets the bottom half), never twice the same
  pair; an odd field gives one bye a round to the lowest-ranked player who has not had
  one; a bye scores ``BYE_POINTS`` (1, as a win). A player who withdrew is paired no
  more (the field left gets the bye where it is odd); his games played still count.
  The pairing is exact: it is refused
  (``TournamentError`` ``tournament-no-pairing``) only when no pairing without a repeat
  exists, found with a maximum matching (Edmonds' blossoms) at every choice.
- **Standings** (``standings``): points, then Buchholz (the opponents' points; a bye
  adds nothing), then Sonneborn-Berger (the points of the opponents beaten), then
  head-to-head (wins against the other players still tied), then rating, then id;
  each line also says the matches played, won and lost, and whether the head-to-head
  decided its place.
- **Round robin** (``round_robin``) for 3 to 8 players: the circle method, every pair
  exactly once, one bye a round for an odd field.

A result is a ``Result`` (who played whom, who won: nardy has no draws); the Swiss and
its standings take the results round by round, the knock-out the winners of each round.
Bad input raises ``TournamentError`` (a ``NardyError``: a stable code, a catalogue key,
its text in English and Russian), which the server answers as an ``ApiError``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

import nardy.server.texts.tournaments  # noqa: F401  (the errors' texts)
from nardy.errors import NardyError

#: The sizes of a sit-and-go: a knock-out that starts when the last place is taken.
SIT_AND_GO_SIZES = (4, 8, 16)
#: Knock-out fields.
KNOCKOUT_MIN, KNOCKOUT_MAX = 2, 64
#: Swiss fields (the pairing's matching is cubic in the field: 64 is instant).
SWISS_MIN, SWISS_MAX = 2, 64
#: Round-robin fields (8 players already play 7 rounds).
ROUND_ROBIN_MIN, ROUND_ROBIN_MAX = 3, 8
#: Points for a win, and for a bye (a bye counts as a win: the player was ready to play).
WIN_POINTS = 1.0
BYE_POINTS = 1.0


class TournamentError(NardyError):
    """Entries, results or a round that a tournament format does not allow."""

    code = "tournament"


class Player(NamedTuple):
    """An entry: the player's id and his rating (a plain ``(id, rating)`` tuple will do)."""

    id: int
    rating: float


@dataclass(frozen=True)
class Pairing:
    """Two players to play each other, or a bye (``second`` None: ``first`` rests and
    scores as the format says)."""

    first: int
    second: int | None

    @property
    def bye(self) -> bool:
        return self.second is None

    @property
    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class Result:
    """A played pairing and its winner (a bye: ``second`` None, ``winner`` is ``first``)."""

    first: int
    second: int | None
    winner: int

    @classmethod
    def bye_of(cls, player: int) -> Result:
        return cls(player, None, player)

    @property
    def loser(self) -> int | None:
        if self.second is None:
            return None
        return self.second if self.winner == self.first else self.first


@dataclass(frozen=True)
class Standing:
    """One line of the standings: the tie-breaks in the order they are applied."""

    rank: int
    player: int
    rating: float
    points: float
    #: The sum of the opponents' points (a bye adds nothing).
    buchholz: float
    #: The sum of the points of the opponents he beat.
    sonneborn_berger: float
    #: Wins against the players tied with him on points, Buchholz and Sonneborn-Berger.
    head_to_head: int
    byes: int
    #: Matches won and lost against an opponent (a bye is neither: ``byes``).
    won: int = 0
    lost: int = 0
    #: Whether the head-to-head set him apart from a player tied with him on points,
    #: Buchholz and Sonneborn-Berger (the table then shows it: it decided his place).
    head_to_head_decides: bool = False
    #: He withdrew: he is paired no more, his games played count.
    withdrawn: bool = False

    @property
    def played(self) -> int:
        """Matches played against an opponent (won or lost, forfeits included)."""
        return self.won + self.lost


def _size_check(n: int, low: int, high: int) -> None:
    if not low <= n <= high:
        raise TournamentError("tournament-size", low=low, high=high, n=n)


def _distinct(ids: Iterable[int]) -> None:
    seen: set[int] = set()
    for player in ids:
        if player in seen:
            raise TournamentError("tournament-duplicate-player", player=player)
        seen.add(player)


def seed(players: Iterable[tuple[int, float]]) -> list[Player]:
    """The players in seeding order: the highest rating first, equal ratings by the
    lower id (the order is total, so the same entries always give the same seeds)."""
    entries = [Player(int(pid), float(rating)) for pid, rating in players]
    _distinct(p.id for p in entries)
    return sorted(entries, key=lambda p: (-p.rating, p.id))


# -- knock-out ---------------------------------------------------------------------------


def bracket_size(n: int) -> int:
    """The places of a knock-out of ``n`` players: the next power of two."""
    _size_check(n, KNOCKOUT_MIN, KNOCKOUT_MAX)
    return 1 << (n - 1).bit_length()


def knockout_rounds(n: int) -> int:
    """How many rounds a knock-out of ``n`` players takes: log2 of its bracket."""
    return bracket_size(n).bit_length() - 1


def seed_order(size: int) -> list[int]:
    """The seeds (1-based) in bracket order for ``size`` places (a power of two): each
    seed ``s`` of the half-size order is followed by its opponent ``size + 1 - s``, so
    ``[1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]`` for 16: the sum of two
    opponents' seeds is ``size + 1`` in every round and seeds 1 and 2 are in different
    halves (they can meet only in the final), 1 to 4 in different quarters, ..."""
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket has a power of two of places, not {size}")
    order = [1]
    while len(order) < size:
        twice = 2 * len(order)
        order = [s for top in order for s in (top, twice + 1 - top)]
    return order


def _knockout(
    seeded: Sequence[int], results_by_round: Sequence[Collection[int]]
) -> tuple[list[Pairing], int | None]:
    """The pairings of the round to play next ([] when decided) and the winner (or None)."""
    n = len(seeded)
    size = bracket_size(n)
    _distinct(seeded)
    # The places beyond the field are empty: they face seeds 1..size-n (byes).
    places = [seeded[s - 1] if s <= n else None for s in seed_order(size)]
    pairings: list[Pairing] = []
    for i in range(0, size, 2):
        first = places[i]
        assert first is not None  # seed s <= size/2 < n+1 heads every pair
        pairings.append(Pairing(first, places[i + 1]))
    for index, winners in enumerate(results_by_round):
        round_no = index + 1
        in_round = {p for pairing in pairings for p in pairing.players}
        for player in winners:
            if player not in in_round:
                raise TournamentError("tournament-unknown-player", round=round_no, player=player)
        advancing: list[int] = []
        for pairing in pairings:
            if pairing.second is None:
                advancing.append(pairing.first)
                continue
            won = [p for p in pairing.players if p in winners]
            if len(won) != 1:
                raise TournamentError(
                    "tournament-undecided",
                    round=round_no,
                    first=pairing.first,
                    second=pairing.second,
                )
            advancing.append(won[0])
        if len(advancing) == 1:
            if round_no < len(results_by_round):
                raise TournamentError("tournament-over", round=round_no)
            return [], advancing[0]
        pairings = [Pairing(advancing[i], advancing[i + 1]) for i in range(0, len(advancing), 2)]
    return pairings, None


def knockout_round(
    seeded: Sequence[int], results_by_round: Sequence[Collection[int]]
) -> list[Pairing]:
    """The pairings of the next knock-out round.

    ``seeded``: the players' ids, best seed first (``[p.id for p in seed(players)]``).
    ``results_by_round``: for each round played so far, the winners of its games (a bye's
    player may be listed or not). The pairings come in bracket order (the winners of two
    neighbouring pairings meet next); in round 1 ``first`` is the better seed and a bye
    is ``Pairing(seed, None)``, byes only ever in round 1. Once the final is decided the
    answer is ``[]`` (``knockout_winner`` names the winner)."""
    return _knockout(seeded, results_by_round)[0]


def knockout_winner(
    seeded: Sequence[int], results_by_round: Sequence[Collection[int]]
) -> int | None:
    """The knock-out's winner once the final is decided, else None."""
    return _knockout(seeded, results_by_round)[1]


# -- Swiss -------------------------------------------------------------------------------


def max_swiss_rounds(n: int) -> int:
    """The most rounds a Swiss of ``n`` players may have: every round is a new opponent
    for everybody, so ``n - 1`` for an even field; an odd field adds the bye (one each),
    so ``n``. (A Swiss may still run out of pairings before: the pairing then says so.)"""
    _size_check(n, SWISS_MIN, SWISS_MAX)
    return n - 1 if n % 2 == 0 else n


def validate_swiss(n: int, rounds: int) -> None:
    """Refuses, up front, a Swiss of ``n`` players and ``rounds`` rounds that cannot be
    played (too few or too many players, no round, more rounds than ``max_swiss_rounds``)."""
    high = max_swiss_rounds(n)
    if not 1 <= rounds <= high:
        raise TournamentError("tournament-rounds", n=n, high=high, rounds=rounds)


@dataclass
class _Tally:
    """What the results so far say of one player."""

    points: float = 0.0
    byes: int = 0
    lost: int = 0
    #: Opponents in the order played (each game counts, should a pair meet twice).
    opponents: list[int] = field(default_factory=list)
    beaten: list[int] = field(default_factory=list)


def _tally(
    ids: Collection[int], history: Sequence[Sequence[Result]]
) -> tuple[dict[int, _Tally], set[frozenset[int]]]:
    """Each player's points, byes, opponents and the opponents he beat; the pairs that
    have played. Checks the history: known players, once a round, a winner who played."""
    tally = {p: _Tally() for p in ids}
    played: set[frozenset[int]] = set()
    for index, results in enumerate(history):
        round_no = index + 1
        seen: set[int] = set()
        for result in results:
            for player in (result.first, result.second):
                if player is None:
                    continue
                if player not in tally:
                    raise TournamentError(
                        "tournament-unknown-player", round=round_no, player=player
                    )
                if player in seen:
                    raise TournamentError("tournament-played-twice", round=round_no, player=player)
                seen.add(player)
            if result.winner not in (result.first, result.second):
                raise TournamentError(
                    "tournament-bad-result",
                    round=round_no,
                    winner=result.winner,
                    first=result.first,
                    second=result.second if result.second is not None else "-",
                )
            one = tally[result.first]
            if result.second is None:
                one.points += BYE_POINTS
                one.byes += 1
                continue
            other = tally[result.second]
            one.opponents.append(result.second)
            other.opponents.append(result.first)
            played.add(frozenset((result.first, result.second)))
            winner, loser = tally[result.winner], result.loser
            assert loser is not None
            winner.points += WIN_POINTS
            winner.beaten.append(loser)
            tally[loser].lost += 1
    return tally, played


def _perfect_matching(vertices: Sequence[int], allowed: dict[int, set[int]]) -> bool:
    """Whether ``vertices`` can all be paired along ``allowed`` edges: Edmonds' blossom
    algorithm (maximum cardinality matching in a general graph, cubic)."""
    n = len(vertices)
    if n % 2:
        return False
    if n == 0:
        return True
    index = {v: i for i, v in enumerate(vertices)}
    adj = [[index[u] for u in allowed[v] if u in index] for v in vertices]
    match = [-1] * n
    # a greedy start: most augmenting searches then never run
    for v in range(n):
        if match[v] == -1:
            for u in adj[v]:
                if match[u] == -1:
                    match[v], match[u] = u, v
                    break
    for root in range(n):
        if match[root] != -1:
            continue
        end, parent = _augmenting_path(root, adj, match)
        if end == -1:
            return False  # a vertex left unmatched by a maximum matching: none is perfect
        while end != -1:  # flip the path's edges
            up = parent[end]
            nxt = match[up]
            match[end], match[up] = up, end
            end = nxt
    return True


def _augmenting_path(root: int, adj: list[list[int]], match: list[int]) -> tuple[int, list[int]]:
    """A breadth-first search from the free vertex ``root`` for an augmenting path,
    shrinking odd cycles (blossoms) into their base: the path's free end (or -1) and the
    parents to walk it back."""
    n = len(adj)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return -1, parent


def _preferences(player: int, rest: Sequence[int], points: dict[int, float]) -> list[int]:
    """Whom ``player`` (the best-ranked unpaired) would rather meet, best first, among
    ``rest`` (the other unpaired, in rank order): his score group's bottom half from its
    top (1 v 5, 2 v 6, ... in a group of 8), then the rest of his group from its bottom,
    then the lower groups in rank order (he floats down)."""
    group = [player] + [p for p in rest if points[p] == points[player]]
    half = len(group) // 2
    ordered = group[half:] + group[1:half][::-1]
    lower = [p for p in rest if points[p] != points[player]]
    return [p for p in ordered if p != player] + lower


def swiss_pairings(
    players: Sequence[tuple[int, float]],
    history: Sequence[Sequence[Result]],
    round_no: int,
    withdrawn: Collection[int] = (),
) -> list[Pairing]:
    """The pairings of Swiss round ``round_no`` (1-based: ``len(history) + 1``).

    ``players``: the entries ``(id, rating)``; ``history``: each played round's results.
    Players are ranked by points, then rating, then id; the best-ranked unpaired player
    takes the first opponent of his preferences (``_preferences``: his score group's
    bottom half first) whom he has not met and whose taking still leaves the others a
    pairing without repeats (checked with a perfect matching), so a round is refused
    only when none exists. An odd field first gives the bye (``Pairing(p, None)``, last)
    to the lowest-ranked player who has not had one and whose rest leaves a pairing.
    ``withdrawn``: players who left the tournament: they are paired no more (the field
    left is paired as above, its bye where it is odd), their results still count.
    Raises ``TournamentError`` ``tournament-no-pairing`` when there is no such pairing
    (nor when fewer than two players are left)."""
    entries = seed(players)
    _size_check(len(entries), SWISS_MIN, SWISS_MAX)
    if round_no != len(history) + 1:
        raise TournamentError("tournament-round-order", round=round_no, played=len(history))
    validate_swiss(len(entries), round_no)
    everybody = [p.id for p in entries]
    tally, played = _tally(everybody, history)
    gone = set(withdrawn)
    ids = [p for p in everybody if p not in gone]
    if len(ids) < SWISS_MIN:
        raise TournamentError("tournament-no-pairing", round=round_no)
    points = {p: tally[p].points for p in ids}
    rating = {p.id: p.rating for p in entries}
    ranked = sorted(ids, key=lambda p: (-points[p], -rating[p], p))
    allowed = {p: {q for q in ids if q != p and frozenset((p, q)) not in played} for p in ids}

    bye: list[Pairing] = []
    rest = ranked
    if len(ranked) % 2:
        for candidate in reversed(ranked):
            if tally[candidate].byes:
                continue
            others = [p for p in ranked if p != candidate]
            if _perfect_matching(others, allowed):
                bye, rest = [Pairing(candidate, None)], others
                break
        else:
            raise TournamentError("tournament-no-pairing", round=round_no)
    elif not _perfect_matching(ranked, allowed):
        raise TournamentError("tournament-no-pairing", round=round_no)

    pairings: list[Pairing] = []
    while rest:
        top, others = rest[0], rest[1:]
        for opponent in _preferences(top, others, points):
            if opponent not in allowed[top]:
                continue
            left = [p for p in others if p != opponent]
            if _perfect_matching(left, allowed):
                pairings.append(Pairing(top, opponent))
                rest = left
                break
        else:  # pragma: no cover - the matching said a pairing exists
            raise AssertionError("no opponent although a perfect matching exists")
    return pairings + bye


# -- standings ---------------------------------------------------------------------------


def standings(
    players: Sequence[tuple[int, float]],
    history: Sequence[Sequence[Result]],
    withdrawn: Collection[int] = (),
) -> list[Standing]:
    """The standings after ``history`` (each round's results), best first, ranked by:

    1. points (a win 1, a bye ``BYE_POINTS``);
    2. Buchholz: the sum of the points of every opponent met (a bye adds nothing: there
       was no opponent);
    3. Sonneborn-Berger: the sum of the points of the opponents he beat;
    4. head-to-head: his wins against the other players still tied after 1-3;
    5. rating (higher first), then id (lower first): never a shared place.

    Equal players on 1-4 still get distinct ranks (by 5), so ``rank`` is 1, 2, 3, ...
    ``history`` may end with a round in progress (the results of its matches already
    decided): the live table. A player in ``withdrawn`` keeps his line and his games
    (marked ``withdrawn``)."""
    entries = seed(players)
    ids = [p.id for p in entries]
    tally, _played = _tally(ids, history)
    points = {p: tally[p].points for p in ids}

    buchholz = {p: sum((points[o] for o in tally[p].opponents), 0.0) for p in ids}
    sonneborn = {p: sum((points[o] for o in tally[p].beaten), 0.0) for p in ids}
    primary = {p: (-points[p], -buchholz[p], -sonneborn[p]) for p in ids}
    ties: dict[tuple[float, float, float], list[int]] = {}
    for p in ids:
        ties.setdefault(primary[p], []).append(p)
    head = {p: sum(1 for o in tally[p].beaten if o in ties[primary[p]]) for p in ids}
    decides = {p: any(head[o] != head[p] for o in ties[primary[p]]) for p in ids}
    gone = set(withdrawn)
    rating = {p.id: p.rating for p in entries}
    order = sorted(ids, key=lambda p: (*primary[p], -head[p], -rating[p], p))
    return [
        Standing(
            rank=rank,
            player=p,
            rating=rating[p],
            points=points[p],
            buchholz=buchholz[p],
            sonneborn_berger=sonneborn[p],
            head_to_head=head[p],
            byes=tally[p].byes,
            won=len(tally[p].beaten),
            lost=tally[p].lost,
            head_to_head_decides=decides[p],
            withdrawn=p in gone,
        )
        for rank, p in enumerate(order, 1)
    ]


# -- round robin -------------------------------------------------------------------------


def round_robin(players: Sequence[int]) -> list[list[Pairing]]:
    """Every round of a round robin of ``players`` (ids, 3 to 8): the circle method. The
    first player stays, the others turn one place a round around him, so after ``n - 1``
    rounds (``n`` for an odd field) each pair has met exactly once. An odd field gets an
    empty seat: whoever faces it has the round's bye (``Pairing(p, None)``, last)."""
    _size_check(len(players), ROUND_ROBIN_MIN, ROUND_ROBIN_MAX)
    _distinct(players)
    seats: list[int | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    n = len(seats)
    rounds: list[list[Pairing]] = []
    for _ in range(n - 1):
        games: list[Pairing] = []
        byes: list[Pairing] = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is None or b is None:
                resting = a if b is None else b
                assert resting is not None
                byes.append(Pairing(resting, None))
            else:
                games.append(Pairing(a, b))
        rounds.append(games + byes)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds
