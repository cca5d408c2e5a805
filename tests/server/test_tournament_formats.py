"""Tournament formats (``nardy.server.tournament_formats``), pure logic: table tests of
seeding, brackets, Swiss pairings (the issue's 7 players x 3 rounds), standings and round
robins, and property tests (hypothesis) of what every knock-out, Swiss and round robin
must keep whatever the field and the results. The Swiss's refusals are checked against an
independent brute-force search: a round is refused only when no pairing exists."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Collection, Sequence
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nardy.errors import NardyError
from nardy.server.api_error import ApiError
from nardy.server.tournament_formats import (
    BYE_POINTS,
    SIT_AND_GO_SIZES,
    Pairing,
    Player,
    Result,
    Standing,
    TournamentError,
    _perfect_matching,
    bracket_size,
    knockout_round,
    knockout_rounds,
    knockout_winner,
    max_swiss_rounds,
    round_robin,
    seed,
    seed_order,
    standings,
    swiss_pairings,
    validate_swiss,
)

PROPERTY = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def entries(n: int) -> list[Player]:
    """``n`` players, id ``i`` the ``i``-th seed (ratings 2000, 1990, ...)."""
    return [Player(i, 2000.0 - 10 * i) for i in range(1, n + 1)]


def top_seed_wins(pairings: Sequence[Pairing]) -> list[Result]:
    return [Result(p.first, p.second, p.first) for p in pairings]


# -- seeding -----------------------------------------------------------------------------


def test_seeding_is_by_rating_then_by_the_lower_id() -> None:
    got = seed([(7, 1500), (3, 1600), (5, 1500), (9, 1450.5)])
    assert [p.id for p in got] == [3, 5, 7, 9]
    assert got[0] == Player(3, 1600.0)


def test_a_player_entered_twice_is_refused() -> None:
    with pytest.raises(TournamentError) as err:
        seed([(1, 1500), (2, 1600), (1, 1700)])
    assert err.value.code == "tournament-duplicate-player"
    assert err.value.key == "error.tournament-duplicate-player"
    assert str(err.value) == "player 1 is entered twice"
    assert err.value.text("ru") == "игрок 1 записан дважды"


def test_the_error_is_a_core_error_the_server_answers() -> None:
    err = TournamentError("tournament-size", low=2, high=64, n=65)
    assert isinstance(err, NardyError)
    api = ApiError(422, "tournament", err)
    assert api.key == "error.tournament-size"
    assert api.text("en") == "this tournament format takes 2 to 64 players, not 65"
    assert api.text("ru") == "в этом формате турнира от 2 до 64 игроков, а не 65"


# -- knock-out ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, [1, 2]),
        (4, [1, 4, 2, 3]),
        (8, [1, 8, 4, 5, 2, 7, 3, 6]),
        (16, [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]),
    ],
)
def test_the_standard_seed_placement(size: int, order: list[int]) -> None:
    assert seed_order(size) == order


@pytest.mark.parametrize(
    ("n", "size", "rounds"), [(2, 2, 1), (3, 4, 2), (5, 8, 3), (8, 8, 3), (33, 64, 6), (64, 64, 6)]
)
def test_the_bracket_is_the_next_power_of_two(n: int, size: int, rounds: int) -> None:
    assert bracket_size(n) == size
    assert knockout_rounds(n) == rounds


@pytest.mark.parametrize("n", [0, 1, 65])
def test_a_knockout_takes_2_to_64_players(n: int) -> None:
    with pytest.raises(TournamentError) as err:
        knockout_round(list(range(1, n + 1)), [])
    assert err.value.code == "tournament-size"
    assert err.value.params == {"low": 2, "high": 64, "n": n}


def test_five_players_three_byes_to_the_top_seeds_then_the_bracket() -> None:
    seeded = [p.id for p in seed([(10, 1800), (20, 1700), (30, 1600), (40, 1500), (50, 1400)])]
    first = knockout_round(seeded, [])
    assert first == [Pairing(10, None), Pairing(40, 50), Pairing(20, None), Pairing(30, None)]
    # seed 5 upsets seed 4; the bye's player may be named among the winners or not
    second = knockout_round(seeded, [{50, 10}])
    assert second == [Pairing(10, 50), Pairing(20, 30)]
    assert knockout_winner(seeded, [{50}]) is None
    final = knockout_round(seeded, [{50}, {10, 30}])
    assert final == [Pairing(10, 30)]
    assert knockout_round(seeded, [{50}, {10, 30}, {30}]) == []
    assert knockout_winner(seeded, [{50}, {10, 30}, {30}]) == 30


def test_knockout_results_must_decide_every_game_of_the_round() -> None:
    seeded = [1, 2, 3, 4]
    with pytest.raises(TournamentError) as none:
        knockout_round(seeded, [{1}])  # 2 v 3 undecided
    assert none.value.code == "tournament-undecided"
    assert none.value.params == {"round": 1, "first": 2, "second": 3}
    with pytest.raises(TournamentError) as both:
        knockout_round(seeded, [{1, 2, 3}])
    assert both.value.code == "tournament-undecided"
    with pytest.raises(TournamentError) as stranger:
        knockout_round(seeded, [{1, 2, 9}])
    assert stranger.value.code == "tournament-unknown-player"
    with pytest.raises(TournamentError) as out:
        knockout_round(seeded, [{1, 2}, {4}])  # 4 lost in round 1
    assert out.value.code == "tournament-unknown-player"
    with pytest.raises(TournamentError) as over:
        knockout_round(seeded, [{1, 2}, {1}, {1}])
    assert over.value.code == "tournament-over"
    assert "round 2" in str(over.value)


@pytest.mark.parametrize("size", SIT_AND_GO_SIZES)
def test_a_sit_and_go_is_a_full_knockout(size: int) -> None:
    assert SIT_AND_GO_SIZES == (4, 8, 16)
    pairings = knockout_round(list(range(1, size + 1)), [])
    assert len(pairings) == size // 2
    assert not any(p.bye for p in pairings)
    assert all(p.first + p.second == size + 1 for p in pairings if p.second is not None)


@PROPERTY
@given(
    ratings=st.lists(st.integers(1000, 2000), min_size=2, max_size=64),
    data=st.data(),
)
def test_knockout_properties(ratings: list[int], data: st.DataObject) -> None:
    n = len(ratings)
    ids = data.draw(st.permutations(range(100, 100 + n)))
    seeded = [p.id for p in seed(zip(ids, ratings, strict=True))]
    rank = {pid: i + 1 for i, pid in enumerate(seeded)}
    size = bracket_size(n)
    rounds = knockout_rounds(n)
    assert 2**rounds == size and size // 2 < n <= size
    alive = set(seeded)
    results: list[Collection[int]] = []
    for round_no in range(1, rounds + 1):
        assert knockout_winner(seeded, results) is None
        pairings = knockout_round(seeded, results)
        # everybody still in plays (or rests) exactly once
        met = Counter(p for pairing in pairings for p in pairing.players)
        assert set(met) == alive and set(met.values()) == {1}
        byes = {p.first for p in pairings if p.bye}
        if round_no == 1:
            assert {rank[p] for p in byes} == set(range(1, size - n + 1))  # the top seeds
        else:
            assert not byes
        for pairing in pairings:
            if {rank[p] for p in pairing.players} == {1, 2}:
                assert round_no == rounds  # seeds 1 and 2 meet only in the final
        winners = {p.first if p.bye or data.draw(st.booleans()) else p.second for p in pairings}
        assert None not in winners
        results.append({w for w in winners if w is not None})
        alive = set(results[-1])
    assert knockout_round(seeded, results) == []
    champion = knockout_winner(seeded, results)
    assert champion is not None and alive == {champion}


def test_the_two_top_seeds_meet_in_the_final_when_seeds_win() -> None:
    seeded = list(range(1, 11))
    results: list[Collection[int]] = []
    while pairings := knockout_round(seeded, results):
        results.append({p.first for p in pairings})
    assert len(results) == 4
    assert knockout_winner(seeded, results) == 1
    assert knockout_round(seeded, results[:3]) == [Pairing(1, 2)]
    assert knockout_round(seeded, results[:2]) == [Pairing(1, 4), Pairing(2, 3)]


# -- Swiss -------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "most"), [(2, 1), (3, 3), (7, 7), (8, 7), (20, 19), (21, 21)])
def test_max_swiss_rounds(n: int, most: int) -> None:
    assert max_swiss_rounds(n) == most
    validate_swiss(n, most)
    with pytest.raises(TournamentError) as err:
        validate_swiss(n, most + 1)
    assert err.value.code == "tournament-rounds"
    with pytest.raises(TournamentError):
        validate_swiss(n, 0)


def test_too_many_rounds_say_so_in_both_languages() -> None:
    with pytest.raises(TournamentError) as err:
        validate_swiss(8, 9)
    assert str(err.value) == "a Swiss tournament of 8 players has 1 to 7 rounds, not 9"
    assert err.value.text("ru") == (
        "в турнире по швейцарской системе на 8 игроков от 1 до 7 туров, а не 9"
    )
    with pytest.raises(TournamentError) as small:
        max_swiss_rounds(1)
    assert small.value.code == "tournament-size"


def test_the_issues_case_seven_players_three_rounds() -> None:
    players = entries(7)
    history: list[list[Result]] = []
    # round 1: one score group: the top half meets the bottom half, the last seed rests
    first = swiss_pairings(players, history, 1)
    assert first == [Pairing(1, 4), Pairing(2, 5), Pairing(3, 6), Pairing(7, None)]
    history.append(top_seed_wins(first))
    # round 2: 1, 2, 3 and 7 (bye) have a point; the lowest-ranked of the rest rests
    second = swiss_pairings(players, history, 2)
    assert second == [Pairing(1, 3), Pairing(2, 7), Pairing(4, 5), Pairing(6, None)]
    history.append(top_seed_wins(second))
    # round 3: 1 and 2 have 2 points; 3, 4, 6 and 7 one; 5 none: 5 rests
    third = swiss_pairings(players, history, 3)
    assert third == [Pairing(1, 2), Pairing(3, 7), Pairing(4, 6), Pairing(5, None)]
    history.append(top_seed_wins(third))
    table = standings(players, history)
    assert [(s.player, s.points) for s in table] == [
        (1, 3.0), (2, 2.0), (3, 2.0), (4, 2.0), (5, 1.0), (6, 1.0), (7, 1.0),
    ]  # fmt: skip
    by_player = {s.player: s for s in table}
    # 2 beat 5 (1 point) and 7 (1): 2; met 5, 7, 1 (3): Buchholz 5
    assert (by_player[2].buchholz, by_player[2].sonneborn_berger) == (5.0, 2.0)
    # 3 beat 6 (1) and 7 (1), met 1; 4 beat 5 (1) and 6 (1), met 1: the same 5 and 2;
    # 2, 3 and 4 never met each other (head-to-head 0): the rating orders them
    assert (by_player[3].buchholz, by_player[3].sonneborn_berger) == (5.0, 2.0)
    assert (by_player[4].buchholz, by_player[4].sonneborn_berger) == (5.0, 2.0)
    assert {by_player[p].head_to_head for p in (2, 3, 4)} == {0}
    assert [s.rank for s in table] == list(range(1, 8))
    assert all(s.byes == 1 for s in table if s.player in (5, 6, 7))
    # three rounds fit: 7 players may play up to 7
    validate_swiss(7, 3)


def test_a_round_without_a_pairing_is_refused() -> None:
    # 6 players, 3 rounds between {1, 2, 3} and {4, 5, 6}: what is left to play is two
    # triangles, and a triangle cannot be paired
    players = entries(6)
    history = [
        [Result(1, 4, 1), Result(2, 5, 2), Result(3, 6, 3)],
        [Result(1, 5, 1), Result(2, 6, 2), Result(3, 4, 3)],
        [Result(1, 6, 1), Result(2, 4, 2), Result(3, 5, 3)],
    ]
    with pytest.raises(TournamentError) as err:
        swiss_pairings(players, history, 4)
    assert err.value.code == "tournament-no-pairing"
    assert err.value.key == "error.tournament-no-pairing"
    assert str(err.value) == (
        "round 4 cannot be paired: every pairing would repeat a game already played"
    )
    assert err.value.text("ru").startswith("тур 4 составить нельзя")


def test_the_pairing_looks_ahead_rather_than_pairing_greedily() -> None:
    players = entries(6)
    history = [
        [Result(1, 4, 4), Result(2, 5, 5), Result(3, 6, 3)],
        [Result(3, 4, 4), Result(5, 1, 1), Result(2, 6, 6)],
    ]
    # points: 4: 2; 1, 3, 5, 6: 1; 2: 0. 4 has met 1 and 3: he meets 5. Then 1 would
    # rather meet 3 (his group's bottom half), but that leaves 2 v 6, played in round 2:
    # 1 meets 6 and 3 floats down to 2
    got = swiss_pairings(players, history, 3)
    assert got == [Pairing(4, 5), Pairing(1, 6), Pairing(3, 2)]


def test_the_round_number_must_follow_the_history() -> None:
    with pytest.raises(TournamentError) as err:
        swiss_pairings(entries(4), [], 2)
    assert err.value.code == "tournament-round-order"
    assert err.value.params == {"round": 2, "played": 0}


def test_bad_results_are_refused() -> None:
    players = entries(4)
    with pytest.raises(TournamentError) as stranger:
        standings(players, [[Result(1, 9, 1)]])
    assert stranger.value.code == "tournament-unknown-player"
    with pytest.raises(TournamentError) as twice:
        standings(players, [[Result(1, 2, 1), Result(1, 3, 3)]])
    assert twice.value.code == "tournament-played-twice"
    with pytest.raises(TournamentError) as winner:
        standings(players, [[Result(1, 2, 3)]])
    assert winner.value.code == "tournament-bad-result"
    with pytest.raises(TournamentError) as bye:
        standings(players, [[Result(1, None, 2)]])
    assert bye.value.code == "tournament-bad-result"


# -- standings ---------------------------------------------------------------------------


def test_a_bye_scores_a_point_and_adds_nothing_to_buchholz() -> None:
    players = entries(3)
    history = [[Result(1, 2, 1), Result.bye_of(3)]]
    table = {s.player: s for s in standings(players, history)}
    assert BYE_POINTS == 1.0
    assert table[3].points == 1.0 and table[3].buchholz == 0.0 and table[3].byes == 1
    assert table[1].buchholz == 0.0  # his opponent (2) has no point
    assert table[2].buchholz == 1.0  # his opponent (1) has one
    # 1 and 3 tie on points; 1's Buchholz 0 = 3's; SB: 1 beat 2 (0 points): 0 = 0;
    # head-to-head: never met; rating: 1 first
    assert [s.player for s in standings(players, history)] == [1, 3, 2]


def test_buchholz_then_sonneborn_berger_then_head_to_head_then_rating() -> None:
    players = entries(4)
    # round 1: 4 beats 1, 3 beats 2; round 2: 4 beats 3, 1 beats 2; round 3: 1 beats 3,
    # 2 beats 4. Points: 4: 2, 1: 2, 3: 1, 2: 1.
    history = [
        [Result(1, 4, 4), Result(2, 3, 3)],
        [Result(3, 4, 4), Result(1, 2, 1)],
        [Result(1, 3, 1), Result(2, 4, 2)],
    ]
    table = standings(players, history)
    by = {s.player: s for s in table}
    assert {p: by[p].points for p in by} == {1: 2.0, 2: 1.0, 3: 1.0, 4: 2.0}
    # Buchholz: everybody met everybody: 6 - own points
    assert {p: by[p].buchholz for p in by} == {1: 4.0, 2: 5.0, 3: 5.0, 4: 4.0}
    # SB: 1 beat 2 and 3 (1 + 1); 4 beat 1 and 3 (2 + 1); 3 beat 2 (1); 2 beat 4 (2)
    assert {p: by[p].sonneborn_berger for p in by} == {1: 2.0, 2: 2.0, 3: 1.0, 4: 3.0}
    assert [s.player for s in table] == [4, 1, 2, 3]


def test_head_to_head_decides_between_players_tied_on_the_three_first_keys() -> None:
    players = entries(6)
    history = [
        [Result(1, 4, 1), Result(2, 5, 5), Result(3, 6, 3)],
        [Result(1, 3, 3), Result(5, 4, 4), Result(2, 6, 6)],
        [Result(3, 4, 3), Result(1, 2, 2), Result(5, 6, 6)],
    ]
    table = standings(players, history)
    by = {s.player: s for s in table}
    # 2 (lost to 5 and 6, beat 1) and 5 (beat 2, lost to 4 and 6): 1 point each,
    # Buchholz 1 + 2 + 1 = 4 each, Sonneborn-Berger 1 each (1's point, 2's point)
    assert (by[2].points, by[2].buchholz, by[2].sonneborn_berger) == (1.0, 4.0, 1.0)
    assert (by[5].points, by[5].buchholz, by[5].sonneborn_berger) == (1.0, 4.0, 1.0)
    # 5 beat 2: 5 goes first although 2 is rated higher
    assert (by[5].head_to_head, by[2].head_to_head) == (1, 0)
    assert [s.player for s in table] == [3, 6, 1, 4, 5, 2]


def standings_sorted(table: Sequence[Standing]) -> bool:
    """Sorted by the documented keys: points, Buchholz, Sonneborn-Berger (higher first),
    then head-to-head, rating (higher first), id (lower first)."""
    keys = [
        (-s.points, -s.buchholz, -s.sonneborn_berger, -s.head_to_head, -s.rating, s.player)
        for s in table
    ]
    return keys == sorted(keys)


# -- Swiss properties --------------------------------------------------------------------


def pairable(ids: Collection[int], played: set[frozenset[int]], had_bye: set[int]) -> bool:
    """Brute force, independent of the module: is there any round with no repeat (and,
    for an odd field, a bye to someone who has not had one)?"""

    @cache
    def match(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        p = min(rest)
        return any(match(rest - {p, q}) for q in rest if q != p and frozenset((p, q)) not in played)

    everyone = frozenset(ids)
    if len(everyone) % 2:
        return any(match(everyone - {b}) for b in everyone if b not in had_bye)
    return match(everyone)


@PROPERTY
@given(n=st.integers(2, 20), data=st.data())
def test_swiss_properties(n: int, data: st.DataObject) -> None:
    ratings = data.draw(st.lists(st.integers(1200, 1800), min_size=n, max_size=n))
    players = [Player(100 + i, float(r)) for i, r in enumerate(ratings)]
    ids = {p.id for p in players}
    most = max_swiss_rounds(n)
    # often the most rounds allowed: the late rounds are where pairings run out
    rounds = data.draw(st.one_of(st.just(most), st.integers(1, most)))
    validate_swiss(n, rounds)
    history: list[list[Result]] = []
    played: set[frozenset[int]] = set()
    had_bye: set[int] = set()
    for round_no in range(1, rounds + 1):
        try:
            pairings = swiss_pairings(players, history, round_no)
        except TournamentError as err:
            assert err.code == "tournament-no-pairing"
            assert not pairable(ids, played, had_bye)  # refused only when impossible
            break
        met = Counter(p for pairing in pairings for p in pairing.players)
        assert set(met) == ids and set(met.values()) == {1}  # each player once a round
        byes = [p.first for p in pairings if p.bye]
        assert len(byes) == n % 2  # one bye a round for an odd field, none for an even
        if byes:
            # the lowest-ranked (points, rating, id) without a bye whose rest can be paired
            points = Counter(r.winner for rnd in history for r in rnd)
            ranked = sorted(players, key=lambda p: (-points[p.id], -p.rating, p.id))
            expected = next(
                p.id
                for p in reversed(ranked)
                if p.id not in had_bye and pairable(ids - {p.id}, played, had_bye)
            )
            assert byes == [expected]
        for b in byes:
            assert b not in had_bye  # at most one bye each
            had_bye.add(b)
        results: list[Result] = []
        for pairing in pairings:
            if pairing.second is None:
                results.append(Result.bye_of(pairing.first))
                continue
            pair = frozenset(pairing.players)
            assert pair not in played  # never a repeat pairing
            played.add(pair)
            winner = pairing.first if data.draw(st.booleans()) else pairing.second
            results.append(Result(pairing.first, pairing.second, winner))
        history.append(results)
        table = standings(players, history)
        assert standings_sorted(table)
        assert [s.rank for s in table] == list(range(1, n + 1))
        # each game gives one point, each bye BYE_POINTS
        assert sum(s.points for s in table) == len(played) + BYE_POINTS * len(had_bye)


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one() -> None:
    players = entries(5)
    history: list[list[Result]] = []
    byes = []
    for round_no in range(1, 6):
        pairings = swiss_pairings(players, history, round_no)
        byes.append(pairings[-1].first)
        assert pairings[-1].bye
        history.append(top_seed_wins(pairings))
    assert sorted(byes) == [1, 2, 3, 4, 5]
    assert byes[:2] == [5, 4]


@settings(max_examples=200, deadline=None)
@given(n=st.integers(0, 11), data=st.data())
def test_the_matching_agrees_with_brute_force(n: int, data: st.DataObject) -> None:
    vertices = list(range(n))
    pairs = list(itertools.combinations(vertices, 2))
    edges = data.draw(st.sets(st.sampled_from(pairs)) if pairs else st.just(set()))
    allowed: dict[int, set[int]] = {v: set() for v in vertices}
    for a, b in edges:
        allowed[a].add(b)
        allowed[b].add(a)
    played = {frozenset(p) for p in pairs if p not in edges}
    expected = n % 2 == 0 and pairable(vertices, played, set())
    assert _perfect_matching(vertices, allowed) == expected


# -- round robin -------------------------------------------------------------------------


def test_a_round_robin_of_four() -> None:
    assert round_robin([1, 2, 3, 4]) == [
        [Pairing(1, 4), Pairing(2, 3)],
        [Pairing(1, 3), Pairing(4, 2)],
        [Pairing(1, 2), Pairing(3, 4)],
    ]


@pytest.mark.parametrize("n", [2, 9])
def test_a_round_robin_takes_3_to_8_players(n: int) -> None:
    with pytest.raises(TournamentError) as err:
        round_robin(list(range(n)))
    assert err.value.params == {"low": 3, "high": 8, "n": n}


@given(ids=st.lists(st.integers(1, 10_000), min_size=3, max_size=8, unique=True))
def test_round_robin_properties(ids: list[int]) -> None:
    n = len(ids)
    rounds = round_robin(ids)
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    games: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    for pairings in rounds:
        met = Counter(p for pairing in pairings for p in pairing.players)
        assert set(met) == set(ids) and set(met.values()) == {1}  # nobody twice a round
        assert sum(1 for p in pairings if p.bye) == n % 2
        for pairing in pairings:
            if pairing.second is None:
                byes[pairing.first] += 1
            else:
                games[frozenset(pairing.players)] += 1
    every_pair = {frozenset(p) for p in itertools.combinations(ids, 2)}
    assert set(games) == every_pair and set(games.values()) == {1}  # each pair once
    if n % 2:
        assert set(byes) == set(ids) and set(byes.values()) == {1}
