"""The ``long-v3`` inputs (``nardy.eval.features``): hand-checked positions and a plain
per-board reference on random boards. A single checker holds a point in the long
family (L-3), so every occupied point of the other side blocks."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.eval.boards import boards_from_positions
from nardy.eval.features import feature_count, long_v3_features
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


def _reference(me: list[int], them: list[int]) -> list[float]:
    """The 11 inputs of side ``me`` by plain loops over points (the docstring's words)."""
    held = {p for p in range(1, 25) if them[p + 12 if p <= 12 else p - 12] > 0}
    mobility = [
        min(sum(1 for p in range(d + 1, 25) if me[p] and p - d not in held), 6) for d in range(1, 7)
    ]
    rolls = [(a, b) for a in range(6) for b in range(6)]
    none = sum(1 for a, b in rolls if mobility[a] == 0 and mobility[b] == 0)
    some = sum(1 for a, b in rolls if mobility[a] == 0 or mobility[b] == 0)
    blockage = sum(me[p] * sum(1 for q in range(max(p - 6, 1), p) if q in held) for p in range(25))
    rear = max((p for p in range(1, 25) if me[p]), default=0)
    wall = run = 0
    for q in range(rear - 1, max(rear - 13, 0), -1):
        run = run + 1 if q in held else 0
        wall = max(wall, run)
    contact = sum(me[p] for p in range(1, 25) if any(q in held for q in range(1, p)))
    return [m / 6 for m in mobility] + [
        none / 36,
        some / 36,
        blockage / 90,
        wall / 6,
        contact / 15,
    ]


def test_inputs_match_a_plain_reference_on_random_boards(monkeypatch) -> None:
    """numpy (the reference the compiled code is checked against) equals plain loops."""
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    rng = np.random.default_rng(11)
    boards = np.zeros((400, 2, 26), dtype=np.int16)
    for i in range(len(boards)):
        for s in range(2):
            spread = int(rng.integers(1, 15))  # few points (stacks) to many
            points = rng.choice(np.arange(0, 25), size=spread, replace=False)
            np.add.at(boards[i, s], rng.choice(points, size=15), 1)
    first = rng.random((len(boards), 2)) < 0.5
    x = long_v3_features(boards, first)
    for i, b in enumerate(boards):
        me, them = [int(c) for c in b[0]], [int(c) for c in b[1]]
        np.testing.assert_allclose(x[i, 205:216], _reference(me, them), atol=1e-6)
        np.testing.assert_allclose(x[i, 216:227], _reference(them, me), atol=1e-6)
