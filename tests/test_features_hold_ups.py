"""The hold-up inputs of ``long-v3`` and ``short-v4`` (``nardy.eval.features``):
hand-checked positions and a plain per-board reference on random boards. A single
checker holds a point in the long family (L-3), two in short nardy (S-3), where a
checker on the bar moves from point 25 (S-5)."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.eval.boards import boards_from_positions
from nardy.eval.features import feature_count, long_v3_features, short_v4_features
from nardy.position import Position

# long-v3 columns of the side on roll after the 205 long-v1 inputs (+11: the other side)
MOBILITY = slice(205, 211)
NONE, SOME, BLOCKAGE, WALL, CONTACT = range(211, 216)


def v3(mine: dict[int, int], theirs: dict[int, int]) -> np.ndarray:
    """long-v3 inputs of one position given as {point: checkers} per side (own
    numbering); missing checkers are borne off."""
    pos = Position.from_points(mine, theirs)
    return long_v3_features(*boards_from_positions([pos]))[0]


def test_the_start() -> None:
    # Both sides on their heads; their head (their 24) faces my 12 (L-1).
    x = v3({24: 15}, {24: 15})
    assert x.shape == (feature_count("long-v3"),) == (227,)
    np.testing.assert_allclose(x[MOBILITY], [1 / 6] * 6)  # the head moves any die
    assert x[NONE] == x[SOME] == x[BLOCKAGE] == 0
    assert x[WALL] == pytest.approx(1 / 6)  # my 12 is held, 12 pips in front
    assert x[CONTACT] == 1
    np.testing.assert_allclose(x[205:216], x[216:227])  # the same for both sides


def test_points_held_in_front_of_a_checker() -> None:
    # They hold my 7, 6, 5 (their 19, 18, 17) and my 12 (their head).
    x = v3({24: 14, 8: 1}, {24: 12, 19: 1, 18: 1, 17: 1})
    # a 1, 2 or 3 moves only the head; 4, 5, 6 both points
    np.testing.assert_allclose(x[MOBILITY], np.array([1, 1, 1, 2, 2, 2]) / 6)
    assert x[NONE] == x[SOME] == 0
    assert x[BLOCKAGE] == pytest.approx(3 / 90)  # the checker on 8 faces 7, 6, 5
    assert x[WALL] == pytest.approx(1 / 6)
    assert x[CONTACT] == 1
    # Their side: my 24 and 8 are their 12 and 20.
    np.testing.assert_allclose(
        x[MOBILITY.start + 11 : MOBILITY.stop + 11], np.array([4, 4, 4, 3, 3, 3]) / 6
    )
    assert x[BLOCKAGE + 11] == pytest.approx(14 / 90)  # 12 on their 24 face 20; 18, 17 face 12
    assert x[CONTACT + 11] == 1


def test_rolls_that_cannot_move() -> None:
    # My last checker on 7; they hold my 6, 5, 4: a 1, 2 or 3 cannot move.
    x = v3({7: 1}, {18: 1, 17: 1, 16: 1, 1: 12})
    np.testing.assert_allclose(x[MOBILITY], [0, 0, 0, 1 / 6, 1 / 6, 1 / 6])
    assert x[NONE] == pytest.approx(9 / 36)  # both dice from 1–3
    assert x[SOME] == pytest.approx(27 / 36)  # at least one die from 1–3
    assert x[WALL] == pytest.approx(3 / 6)
    assert x[BLOCKAGE] == pytest.approx(3 / 90)
    assert x[CONTACT] == pytest.approx(1 / 15)


def test_no_contact_once_past_every_held_point() -> None:
    # Their checkers on their 12..7 face my 24..19: behind my checkers on 6..1.
    x = v3({6: 3, 5: 3, 4: 3, 3: 3, 2: 3}, {12: 3, 11: 3, 10: 3, 9: 3, 8: 3})
    assert x[CONTACT] == x[WALL] == x[BLOCKAGE] == 0


def _reference(me: list[int], them: list[int], family: str = "long") -> list[float]:
    """The 11 inputs of side ``me`` by plain loops over points (the docstring's words)."""
    if family == "long":
        held = {p for p in range(1, 25) if them[p + 12 if p <= 12 else p - 12] > 0}
        last = 24
    else:
        held = {p for p in range(1, 25) if them[25 - p] >= 2}
        last = 25  # the bar
    mobility = [
        min(sum(1 for p in range(d + 1, last + 1) if me[p] and p - d not in held), 6)
        for d in range(1, 7)
    ]
    rolls = [(a, b) for a in range(6) for b in range(6)]
    none = sum(1 for a, b in rolls if mobility[a] == 0 and mobility[b] == 0)
    some = sum(1 for a, b in rolls if mobility[a] == 0 or mobility[b] == 0)
    blockage = sum(
        me[p] * sum(1 for q in range(max(p - 6, 1), p) if q in held) for p in range(last + 1)
    )
    rear = max((p for p in range(1, last + 1) if me[p]), default=0)
    wall = run = 0
    for q in range(rear - 1, max(rear - 13, 0), -1):
        run = run + 1 if q in held else 0
        wall = max(wall, run)
    contact = sum(me[p] for p in range(1, last + 1) if any(q in held for q in range(1, p)))
    return [m / 6 for m in mobility] + [
        none / 36,
        some / 36,
        blockage / 90,
        wall / 6,
        contact / 15,
    ]


def _random_boards(rng: np.random.Generator, last: int) -> np.ndarray:
    """400 boards, 15 checkers a side stacked on a few to many of the indexes 0..last
    (borne off, the points, and the bar where last is 25)."""
    boards = np.zeros((400, 2, 26), dtype=np.int16)
    for i in range(len(boards)):
        for s in range(2):
            spread = int(rng.integers(1, 15))  # few points (stacks) to many
            points = rng.choice(np.arange(0, last + 1), size=spread, replace=False)
            np.add.at(boards[i, s], rng.choice(points, size=15), 1)
    return boards


def test_inputs_match_a_plain_reference_on_random_boards(monkeypatch) -> None:
    """numpy (the reference the compiled code is checked against) equals plain loops."""
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    rng = np.random.default_rng(11)
    boards = _random_boards(rng, 24)
    first = rng.random((len(boards), 2)) < 0.5
    x = long_v3_features(boards, first)
    for i, b in enumerate(boards):
        me, them = [int(c) for c in b[0]], [int(c) for c in b[1]]
        np.testing.assert_allclose(x[i, 205:216], _reference(me, them), atol=1e-6)
        np.testing.assert_allclose(x[i, 216:227], _reference(them, me), atol=1e-6)


# short-v4 columns of the side on roll after the 221 short-v3 inputs (+11: the other side)
S = 221


def v4(mine: dict[int, int], theirs: dict[int, int], bar: int) -> np.ndarray:
    pos = Position.from_points(mine, theirs, mine_bar=bar)
    return short_v4_features(*boards_from_positions([pos]))[0]


def test_short_points_are_held_by_two_checkers_and_the_bar_moves() -> None:
    # They have a blot on their 20 (my 5) and make their 19, 18, 12 (my 6, 7, 13); I
    # have two checkers on the bar and 13 on my 8.
    x = v4({8: 13}, {20: 1, 19: 2, 18: 2, 12: 10}, bar=2)
    assert x.shape == (feature_count("short-v4"),) == (243,)
    # die 1: 8→7 held, bar→24 open; 2: 8→6 held, bar→23; 3: 8→5 (a blot), bar→22 ...
    np.testing.assert_allclose(x[S : S + 6], np.array([1, 1, 2, 2, 2, 2]) / 6)
    assert x[S + 6] == x[S + 7] == 0
    # blockage: each checker on 8 faces 7 and 6 (26); the bar's six in front are open
    assert x[S + 8] == pytest.approx(26 / 90)
    assert x[S + 9] == pytest.approx(1 / 6)  # 13 is within 12 of the bar, 7 and 6 not
    assert x[S + 10] == 1  # all 15 have a held point ahead


def test_short_closed_board_keeps_the_bar_checker_in() -> None:
    # They hold all six points of their home board (my 19..24) and my 12; my last
    # checker on the bar.
    x = v4({1: 14}, {p: 2 for p in range(1, 7)} | {13: 3}, bar=1)
    np.testing.assert_allclose(x[S : S + 6], [0] * 6)  # the bar cannot move; 1 bears off
    assert x[S + 6] == x[S + 7] == 1  # no roll moves a checker
    assert x[S + 9] == pytest.approx(6 / 6)
    assert x[S + 10] == pytest.approx(1 / 15)


def test_short_inputs_match_a_plain_reference_on_random_boards(monkeypatch) -> None:
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    boards = _random_boards(np.random.default_rng(12), 25)
    x = short_v4_features(boards, np.zeros((len(boards), 2), dtype=bool))
    for i, b in enumerate(boards):
        me, them = [int(c) for c in b[0]], [int(c) for c in b[1]]
        np.testing.assert_allclose(x[i, S : S + 11], _reference(me, them, "short"), atol=1e-6)
        np.testing.assert_allclose(x[i, S + 11 : S + 22], _reference(them, me, "short"), atol=1e-6)
