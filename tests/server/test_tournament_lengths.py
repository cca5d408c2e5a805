"""The match length of each round of a tournament (``tournament_rows.length_of``): a
Swiss or round robin counts the given lengths from round 1, a knock-out back from its
final, so that "3, 3, 5" plays its final to 5 whatever the field that came."""

from __future__ import annotations

import pytest

from nardy.server.db import Tournament
from nardy.server.tournament_rows import length_of


@pytest.mark.parametrize("fmt", ["knockout", "sitngo"])
@pytest.mark.parametrize(
    ("total", "want"),
    [
        (3, [3, 3, 5]),  # eight players, as planned
        (2, [3, 5]),  # four came: semi-finals, then the final to 5
        (1, [5]),  # two came: the final alone
        (4, [3, 3, 3, 5]),  # sixteen: the first length repeats for the first round
    ],
)
def test_a_knockout_counts_its_lengths_back_from_the_final(
    fmt: str, total: int, want: list[int]
) -> None:
    t = Tournament(format=fmt, lengths=[3, 3, 5])
    assert [length_of(t, r, total) for r in range(1, total + 1)] == want


def test_before_its_field_is_known_a_knockout_counts_from_round_one() -> None:
    t = Tournament(format="knockout", lengths=[3, 5])
    assert [length_of(t, r, None) for r in (1, 2, 3)] == [3, 5, 5]


@pytest.mark.parametrize("fmt", ["swiss", "roundrobin"])
def test_a_swiss_or_round_robin_counts_from_round_one_the_last_repeating(fmt: str) -> None:
    t = Tournament(format=fmt, lengths=[1, 3])
    assert [length_of(t, r, 5) for r in range(1, 6)] == [1, 3, 3, 3, 3]
    assert length_of(Tournament(format=fmt, lengths=[]), 2, 5) == 1  # (none given: 1)
