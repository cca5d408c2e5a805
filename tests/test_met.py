"""The Kazaross-XG2 match equity table (nardy.eval.match) and its extension (C-4)."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from nardy.eval.match import (
    GAMMON_RATE,
    MET_FILE,
    match_equity,
    match_objective,
    match_winning_chance,
    met_table,
    post_crawford_after,
    table_length,
)

G = GAMMON_RATE

# Figures read from GNU Backgammon's met/Kazaross-XG2.xml: (away_me, away_them, figure).
PUBLISHED_PRE = [
    (1, 1, 0.50000),
    (1, 2, 0.67736),
    (2, 1, 0.32264),
    (2, 4, 0.66870),
    (4, 2, 0.33130),
    (3, 7, 0.76209),
    (9, 8, 0.44558),
    (10, 1, 0.040725),
    (12, 13, 0.544068),
    (15, 14, 0.459250),
    (17, 5, 0.06777),
    (18, 5, 0.05603),
    (22, 20, 0.43333),
    (25, 23, 0.43779),
    (1, 25, 0.99905),
    (25, 25, 0.50000),
]
# Post-Crawford: (trailer's away, trailer's chance against the 1-away leader).
PUBLISHED_POST = [
    (1, 0.500000),
    (2, 0.48803),
    (3, 0.32264),
    (4, 0.31002),
    (5, 0.19012),
    (10, 0.065161),
    (11, 0.042069),
    (25, 0.001230),
]


@pytest.mark.parametrize(("a", "b", "figure"), PUBLISHED_PRE)
def test_pre_crawford_figures_are_the_published_digits(a: int, b: int, figure: float) -> None:
    assert match_equity(a, b) == figure
    assert match_equity(a, b, post_crawford=a == b == 1) == figure


@pytest.mark.parametrize(("trailer", "figure"), PUBLISHED_POST)
def test_post_crawford_figures_are_the_published_digits_c4(trailer: int, figure: float) -> None:
    assert match_equity(trailer, 1, post_crawford=True) == figure
    assert match_equity(1, trailer, post_crawford=True) == pytest.approx(1.0 - figure, abs=1e-15)


def test_crawford_game_and_post_crawford_differ_at_1_away_c4() -> None:
    # 2-away trailer: a free drop for the leader after the Crawford game, not in it
    assert match_equity(2, 1) == 0.32264 and match_equity(2, 1, post_crawford=True) == 0.48803
    for b in range(2, 41):  # the leader is better off while the trailer may not double
        assert match_equity(1, b) > match_equity(1, b, post_crawford=True)
        # away from 1-away the flag changes nothing
        assert match_equity(b, b + 1, post_crawford=True) == match_equity(b, b + 1)


def test_data_file_keeps_the_notice_and_the_source_digits() -> None:
    text = MET_FILE.read_text(encoding="ascii")
    table = json.loads(text)
    notice = "\n".join(table["notice"])
    assert "Copyright (C) 2011 Neil Kazaross" in notice
    assert "provided the copyright\nnotice and this notice are preserved" in notice
    assert "Kazaross-XG2.xml" in table["source"]
    # digits as written in the XML, trailing zeros included
    first_row = re.search(r'"pre_crawford": \[\s*\[([^\]]*)\]', text)
    assert first_row is not None
    assert first_row.group(1).split(", ")[:10] == [
        "0.50000",
        "0.67736",
        "0.75076",
        "0.81436",
        "0.84179",
        "0.88731",
        "0.90724",
        "0.93250",
        "0.94402",
        "0.959275",
    ]
    assert '"post_crawford": [0.500000, 0.48803, 0.32264,' in text
    assert table_length() == 25 == len(met_table()["pre_crawford"])
    assert met_table() is met_table()  # loaded once


def test_symmetry_over_the_table_and_beyond() -> None:
    for a in range(1, 41):
        for b in range(1, 41):
            for post in (False, True):
                total = match_equity(a, b, post_crawford=post) + match_equity(
                    b, a, post_crawford=post
                )
                assert total == pytest.approx(1.0, abs=1e-9), (a, b, post)


def test_needing_more_points_is_worse() -> None:
    for a in range(1, 41):
        for b in range(1, 41):
            assert match_equity(a, b) > match_equity(a + 1, b), (a, b)
            assert match_equity(a, b) < match_equity(a, b + 1), (a, b)
    for b in range(1, 41):
        assert match_equity(b, 1, post_crawford=True) > match_equity(b + 1, 1, post_crawford=True)


def test_beyond_25_away_the_recursion_continues_the_table() -> None:
    assert table_length() == 25
    pc = {b: match_equity(b, 1, post_crawford=True) for b in range(-3, 40)}
    pc.update({b: 1.0 for b in range(-3, 1)})
    # post-Crawford: the trailer doubles at once, games worth 2 (4 with a gammon)
    assert pc[26] == pytest.approx(0.5 * ((1 - G) * 0.00182 + G * 0.00303))
    assert pc[33] == pytest.approx(0.5 * ((1 - G) * pc[31] + G * pc[29]))
    # a Crawford game beyond the table: no cube, then post-Crawford
    assert match_equity(30, 1) == pytest.approx(0.5 * ((1 - G) * pc[29] + G * pc[28]))
    # elsewhere the equal-players recursion, seeded by the published figures
    for a, b in ((26, 25), (26, 3), (31, 29), (40, 2)):
        expected = 0.5 * ((1 - G) * match_equity(a - 1, b) + G * match_equity(a - 2, b)) + 0.5 * (
            (1 - G) * match_equity(a, b - 1) + G * match_equity(a, b - 2)
        )
        assert match_equity(a, b) == pytest.approx(expected, abs=1e-12)
    # no jump at the edge: one point behind at 26-away is close to 25-away's figure
    assert match_equity(26, 25) == pytest.approx(match_equity(25, 24), abs=0.005)
    assert 0.0 < match_equity(400, 390) < 0.5 < match_equity(390, 400) < 1.0


def test_match_winning_chance_matches_a_hand_computation() -> None:
    probs = np.array([0.6, 0.2, 0.05, 0.15, 0.03])
    # 3-away vs 5-away, cube 1, short standard scoring (1/2/3): a gammon win reaches
    # 1-away, the Crawford game
    hand = (
        0.40 * 0.74359  # single win: 2-away, 5-away
        + 0.15 * 0.84179  # gammon: 1-away, 5-away (Crawford game)
        + 0.05 * 1.0  # backgammon: match won
        + 0.25 * 0.57150  # single loss: 3-away, 4-away
        + 0.12 * 0.50000  # gammon loss: 3-away, 3-away
        + 0.03 * 0.40053
    )  # backgammon loss: 3-away, 2-away
    assert match_winning_chance(probs, 3, 5) == pytest.approx(hand, abs=1e-12)
    # without the Crawford rule 1-away vs 5-away is post-Crawford play
    no_crawford = hand - 0.15 * 0.84179 + 0.15 * (1 - 0.19012)
    assert match_winning_chance(probs, 3, 5, crawford_rule=False) == pytest.approx(
        no_crawford, abs=1e-12
    )


def test_match_winning_chance_after_the_crawford_game_c4() -> None:
    # leader 1-away, trailer 4-away has doubled: a single loss leaves 1-away vs 2-away
    # post-Crawford (the trailer's 0.48803), a gammon loss ends the match
    probs = np.array([0.55, 0.10, 0.0, 0.20, 0.0])
    hand = 0.55 * 1.0 + 0.25 * (1 - 0.48803) + 0.20 * 0.0
    assert match_winning_chance(probs, 1, 4, cube=2) == pytest.approx(hand, abs=1e-12)
    assert post_crawford_after(1, 4) and post_crawford_after(4, 1)
    assert not post_crawford_after(2, 4) and post_crawford_after(2, 4, crawford_rule=False)


def test_engine_cube_prices_the_pass_post_crawford_c4() -> None:
    from nardy.engine import bots as engine_bots

    race = {
        "turn": "white",
        "white": {"points": {"2": 1, "1": 2}},
        "black": {"points": {"6": 3, "5": 3, "4": 3}},
    }
    # white 4-away doubles black at 1-away: this is after the Crawford game, and a pass
    # leaves white 3-away against 1-away post-Crawford
    ans = engine_bots.cube(
        {
            "variant": "short",
            "position": race,
            "level": 0,
            "cube": {"value": 1, "owner": None},
            "match": {"length": 5, "score": {"white": 1, "black": 4}},
        }
    )
    assert ans["equities"]["double_pass"] == pytest.approx(2 * 0.32264 - 1, abs=1e-4)


def _consistent_probs(rng: np.random.Generator) -> np.ndarray:
    """Random probabilities with bg ≤ gammon ≤ win on each side."""
    w = rng.random()
    wg = w * rng.random()
    lg = (1 - w) * rng.random()
    return np.array([w, wg, wg * rng.random(), lg, lg * rng.random()])


@pytest.mark.parametrize(
    ("a", "b", "cube", "crawford_rule"),
    [
        (3, 5, 1, True),
        (5, 3, 2, True),
        (1, 4, 2, True),
        (4, 1, 1, False),
        (2, 2, 1, True),
        (7, 7, 4, True),
        (30, 28, 1, True),
    ],
)
def test_match_objective_is_the_match_equity_as_a_linear_map(a, b, cube, crawford_rule) -> None:
    """C-4: the checker-play objective at a score is 2·MWC − 1 exactly, for any
    consistent probabilities."""
    weights, const = match_objective(a, b, cube, crawford_rule=crawford_rule)
    rng = np.random.default_rng(a * 100 + b)
    for _ in range(50):
        p = _consistent_probs(rng)
        mwc = match_winning_chance(p, a, b, cube, crawford_rule=crawford_rule)
        assert p @ weights + const == pytest.approx(2 * mwc - 1, abs=1e-12)


def test_at_double_match_point_only_winning_counts() -> None:
    """1-away against 1-away: gammons are worth nothing, the objective is 2·P(win) − 1;
    at 2-away against 1-away (Crawford game) the trailer's gammon wins the match."""
    weights, const = match_objective(1, 1)
    assert weights == pytest.approx([2, 0, 0, 0, 0]) and const == pytest.approx(-1)
    weights, _ = match_objective(2, 1)
    assert weights[1] > 0 and weights[3] == pytest.approx(0)  # the leader has no gammon
