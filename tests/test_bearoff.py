"""The one-sided bear-off database (``nardy.eval.bearoff``) and its use by the net.

Bear-off follows G-6 (one die, one checker), G-7 (a double is four moves), G-8 (all
dice used where possible) and G-10 (bear off from point n with die n, or from the
highest point with a larger die); a game ends when a side has borne off all its
checkers (G-11); a gammon is a loss with no checker borne off (S-5).
"""

from __future__ import annotations

from dataclasses import replace
from math import comb
from pathlib import Path

import numpy as np
import pytest
from helpers_boards import ALL_ROLLS, board
from hypothesis import given
from hypothesis import strategies as st

from nardy.eval import bearoff as bo
from nardy.eval.boards import LOSE_BG, LOSE_G, WIN, WIN_BG, WIN_G, bearoff_mask
from nardy.eval.net import NetEvaluator
from nardy.plays import legal_plays
from nardy.variants import VARIANTS, find_variant

SHORT = find_variant("short")
DB = bo.load()


def side(points: dict[int, int]) -> np.ndarray:
    """One side's 26 slots: checkers on home points, the rest borne off."""
    s = np.zeros(26, dtype=np.int16)
    for p, n in points.items():
        s[p] = n
    s[0] = 15 - s.sum()
    return s


def boards(*pairs: tuple[dict[int, int], dict[int, int]]) -> np.ndarray:
    return np.array([(side(a), side(b)) for a, b in pairs])


def dist(counts: tuple[int, ...], table: str = "bearoff") -> np.ndarray:
    return DB[table][bo.rank(np.array([counts]))[0]] / bo.SCALE


def gap(a: np.ndarray, b: np.ndarray) -> float:
    """Largest difference of two distributions (the shorter padded with zeros)."""
    n = max(len(a), len(b))
    return float(np.abs(np.pad(a, (0, n - len(a))) - np.pad(b, (0, n - len(b)))).max())


def random_sides(rng: np.random.Generator, n: int, full: bool = False) -> np.ndarray:
    out = np.zeros((n, 26), dtype=np.int16)
    for i in range(n):
        k = 15 if full else int(rng.integers(1, 16))
        np.add.at(out[i], rng.integers(1, 7, size=k), 1)
        out[i, 0] = 15 - k
    return out


# -- ranking ----------------------------------------------------------------------------
#: A one-sided position as the points of its 0..15 checkers.
checker_points = st.lists(st.integers(1, 6), max_size=15)


@given(st.lists(checker_points, min_size=1, max_size=20))
def test_rank_unrank_round_trip(batch: list[list[int]]) -> None:
    c = np.array([np.bincount(pts, minlength=7)[1:] for pts in batch])
    r = bo.rank(c)
    assert ((r >= 0) & (r < bo.POSITIONS)).all()
    assert (bo.unrank(r) == c).all()


def test_rank_is_a_bijection_ordered_by_checker_count() -> None:
    c = bo.unrank(np.arange(bo.POSITIONS))
    assert bo.POSITIONS == comb(21, 6) == 54_264
    assert (c >= 0).all() and (c.sum(1) <= 15).all()
    assert (bo.rank(c) == np.arange(bo.POSITIONS)).all()
    assert len({tuple(x) for x in c}) == bo.POSITIONS
    # positions of at most k checkers are the first C(k+6, 6) ranks
    for k in range(16):
        assert c[: comb(k + 6, 6)].sum(1).max() == k
    assert (c[0] == 0).all()


def test_rank_rejects_impossible_positions() -> None:
    with pytest.raises(ValueError):
        bo.rank(np.array([[16, 0, 0, 0, 0, 0]]))
    with pytest.raises(ValueError):
        bo.rank(np.array([[3, -1, 0, 0, 0, 0]]))
    with pytest.raises(ValueError):
        bo.unrank(np.array([bo.POSITIONS]))


# -- the move model equals the rules engine ---------------------------------------------
def model_results(counts: np.ndarray, d1: int, d2: int) -> set[tuple[int, ...]]:
    """Positions the generator's single-move table reaches with one roll."""
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    out: set[tuple[int, ...]] = set()
    for order in orders:
        frontier = np.array([counts])
        for d in order:
            table = bo._single_moves(frontier, first_off=False)[:, d - 1, :]
            frontier = bo.unrank(np.unique(table[table >= 0]))
        out |= {tuple(int(x) for x in f) for f in frontier}
    return out


def test_generator_moves_equal_legal_plays() -> None:
    """G-6–G-10: for every roll, the positions the database's move table reaches are
    those of the engine's legal plays (opponent far away in his own home)."""
    rng = np.random.default_rng(7)
    sides = random_sides(rng, 25)
    extra = [side({5: 1}), side({3: 1, 2: 1, 1: 1}), side({6: 2, 1: 1}), side({6: 15})]
    for mine in [*sides, *extra]:
        counts = mine[1:7]
        pos = board(SHORT, {p: int(counts[p - 1]) for p in range(1, 7) if counts[p - 1]}, {6: 15})
        for d1, d2 in ALL_ROLLS:
            engine = {tuple(play.result.theirs[1:7]) for play in legal_plays(SHORT, pos, (d1, d2))}
            assert engine == model_results(counts, d1, d2), (counts, d1, d2)


# -- hand-computable distributions ------------------------------------------------------
def one_checker(pips: int) -> np.ndarray:
    """A lone checker: a roll moves it by the sum of its dice (4× for a double)."""
    out = np.zeros(8)
    if pips <= 0:
        out[0] = 1.0
        return out
    for a in range(1, 7):
        for b in range(1, 7):
            moved = 4 * a if a == b else a + b
            out[1:] += one_checker(pips - moved)[:-1] / 36
    return out


def all_on_ace(k: int) -> np.ndarray:
    """k checkers on point 1: a non-double takes two off, a double four."""
    out = np.zeros(10)
    if k <= 0:
        out[0] = 1.0
        return out
    out[1:] += all_on_ace(k - 2)[:-1] * 5 / 6 + all_on_ace(k - 4)[:-1] / 6
    return out


@pytest.mark.parametrize("point", range(1, 7))
def test_one_checker_distribution(point: int) -> None:
    counts = tuple(int(p == point) for p in range(1, 7))
    got = dist(counts)
    want = one_checker(point)
    assert gap(got, want) < 1e-4
    first = dist(counts, "first_off")  # one checker: the first off is the last
    assert np.array_equal(first, got[: len(first)]) and got[len(first) :].sum() == 0


@pytest.mark.parametrize("k", [1, 2, 3, 4, 7, 15])
def test_checkers_on_the_ace_point(k: int) -> None:
    got = dist((k, 0, 0, 0, 0, 0))
    want = all_on_ace(k)
    assert gap(got, want) < 1e-4
    if k <= 2:
        assert got[1] == 1.0  # two on the 1-point: always one roll
    expected = float(got @ np.arange(len(got)))
    assert expected == pytest.approx(float(want @ np.arange(len(want))), abs=1e-3)


def test_fifteen_on_the_ace_point_first_off_is_one_roll() -> None:
    assert dist((15, 0, 0, 0, 0, 0), "first_off")[1] == 1.0


def test_first_off_from_fifteen_on_the_six_point() -> None:
    """15 on point 6: the first roll takes a checker off with any 6, 5-1, 4-2 (6/x/off),
    3-3 and 2-2 — 17 of 36; with 4-4 the other checkers block the 2/off (G-10)."""
    got = dist((0, 0, 0, 0, 0, 15), "first_off")
    assert got[1] == pytest.approx(17 / 36, abs=1e-4)


def test_expected_rolls_of_known_positions() -> None:
    e = bo.expected_rolls(np.array([[15, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 15], [2, 0, 0, 0, 0, 0]]))
    assert e[0] == pytest.approx(float(all_on_ace(15) @ np.arange(10)), abs=1e-3)
    assert e[2] == 1.0
    # 15 on the 6-point: 12.266 rolls (the same value gnubg's one-sided database gives)
    assert e[1] == pytest.approx(12.266, abs=2e-3)


def test_rows_are_distributions() -> None:
    for table in ("bearoff", "first_off"):
        t = DB[table].astype(np.int64)
        assert (t[1:, 0] == 0).all() and t[0, 0] == bo.SCALE
        assert (t.sum(1) == bo.SCALE).all()


# -- monotonicity ------------------------------------------------------------------------
def test_adding_a_checker_never_saves_rolls() -> None:
    """(Raising a checker can save rolls: 1 1 0 0 0 1 needs fewer than 2 0 0 0 0 1,
    so only adding is monotone.)"""
    c = bo.unrank(np.arange(bo.POSITIONS))
    e = bo.expected_rolls(c)
    tol = 2e-4  # fixed-point rounding of the stored probabilities
    room = c.sum(1) < 15
    for p in range(6):
        more = c[room].copy()
        more[:, p] += 1
        assert (bo.expected_rolls(more) >= e[room] - tol).all(), f"add on {p + 1}"
    smoother = bo.expected_rolls(np.array([[2, 0, 0, 0, 0, 1], [1, 1, 0, 0, 0, 1]]))
    assert smoother[1] < smoother[0] - 0.005


def test_first_checker_off_no_later_than_the_last() -> None:
    c = bo.unrank(np.arange(1, bo.POSITIONS))
    assert (bo.expected_rolls(c, first_off=True) <= bo.expected_rolls(c) + 2e-4).all()


# -- the shipped file --------------------------------------------------------------------
def test_regenerated_subset_equals_shipped_rows() -> None:
    """Positions of at most 4 checkers (a closed subset: checkers only leave) are the
    first 210 rows; a fresh generation of them equals the shipped file."""
    small = bo.generate(4)
    for table in ("bearoff", "first_off"):
        got = small[table]
        assert got.shape[0] == comb(10, 6) == 210
        shipped = DB[table][: got.shape[0]]
        assert (shipped[:, got.shape[1] :] == 0).all()
        assert (shipped[:, : got.shape[1]] == got).all()


def test_build_command_writes_a_loadable_file(tmp_path: Path) -> None:
    out = tmp_path / "small.npz"
    assert bo.main(["build", str(out), "--max-checkers", "3"]) == 0
    z = bo.load(out)
    assert int(z["scale"]) == bo.SCALE and int(z["max_checkers"]) == 3
    assert (z["bearoff"] == DB["bearoff"][: comb(9, 6), : z["bearoff"].shape[1]]).all()


def test_shipped_file_is_package_data() -> None:
    text = (Path(__file__).parents[1] / "pyproject.toml").read_text()
    assert '"eval/data/*.npz"' in text
    assert bo.DATA_FILE.exists() and bo.DATA_FILE.parent.name == "data"


# -- two-sided probabilities -------------------------------------------------------------
def test_mask() -> None:
    b = boards(({1: 1}, {1: 1}), ({6: 15}, {2: 3}), ({1: 1}, {}), ({6: 14}, {1: 1}))
    b[3, 0, 7], b[3, 0, 0] = 1, 0  # a checker outside home
    bar = boards(({1: 1}, {1: 1}))
    bar[0, 1, 25], bar[0, 1, 0] = 1, 13
    assert bearoff_mask(b).tolist() == [True, True, False, False]
    assert not bearoff_mask(bar)[0]
    with pytest.raises(ValueError):
        bo.bearoff_probs(b)


def test_hand_computed_probabilities() -> None:
    p = bo.bearoff_probs(
        boards(
            ({1: 1}, {1: 1}),  # on roll with one checker on 1: always off first
            ({6: 1}, {1: 1}),  # 27/36 to get off at once, else the opponent is off
            ({6: 1}, {6: 1}),  # 3/4 + 1/4 · 1/4 (from 6 a second roll always finishes)
            ({1: 1}, {6: 15}),  # win at once, opponent has none off: gammon
            ({6: 15}, {1: 1}),  # lose; gammon unless my first roll bears one off (17/36)
            ({6: 1}, {6: 15}),  # gammon unless I need two rolls and he gets one off first
        )
    )
    want = np.array(
        [
            [1, 0, 0, 0, 0],
            [0.75, 0, 0, 0, 0],
            [0.8125, 0, 0, 0, 0],
            [1, 1, 0, 0, 0],
            [0, 0, 0, 19 / 36, 0],
            [1, 0.75 + 0.25 * 19 / 36, 0, 0, 0],
        ]
    )
    assert np.abs(p - want).max() < 1e-4


def test_being_on_roll_never_hurts() -> None:
    rng = np.random.default_rng(3)
    a, b = random_sides(rng, 300), random_sides(rng, 300)
    mine_first = bo.bearoff_probs(np.stack([a, b], axis=1))
    theirs_first = bo.bearoff_probs(np.stack([b, a], axis=1))
    assert (mine_first[:, WIN] >= 1 - theirs_first[:, WIN] - 1e-6).all()
    assert (mine_first[:, WIN_G] <= mine_first[:, WIN] + 1e-12).all()
    assert (mine_first[:, LOSE_G] <= 1 - mine_first[:, WIN] + 1e-12).all()
    assert (mine_first[:, [WIN_BG, LOSE_BG]] == 0).all()


# -- variants and the net ----------------------------------------------------------------
#: Variants whose bear-off is G-10 with plain dice: every short one, and the long ones
#: without crazy doubles or passed moves (L-2; V-NG and V-FEVGA change only the head and
#: the blocks, which no longer matter once both sides are home).
STANDARD_BEAROFF = {"short", "short-ru", "short-caucasian", "long", "nardgammon", "fevga"}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_uses_standard_bearoff(name: str) -> None:
    assert bo.uses_standard_bearoff(VARIANTS[name]) == (name in STANDARD_BEAROFF)


@pytest.mark.parametrize("field", bo.BEAROFF_FIELDS)
def test_uses_standard_bearoff_rejects_other_dice_rules(field: str) -> None:
    """Any change to a bear-off or dice rule (V-CRAZY's exact bear-off, V-GUL's
    passed and repeated doubles, L-DRAW, …) takes a short variant off the database."""
    assert bo.uses_standard_bearoff(SHORT.with_options(no_hit_and_hide=True))  # S-6
    assert bo.uses_standard_bearoff(replace(SHORT, hit_in_own_home=False))  # S-7
    value = getattr(SHORT, field)
    other = {"home_moves": "never", "crazy_moves_per_double": 2}.get(field, not value)
    assert type(other) is type(value) and other != value
    assert not bo.uses_standard_bearoff(replace(SHORT, **{field: other}))


def test_net_uses_the_database_for_bear_offs_only_under_backgammon_rules() -> None:
    rng = np.random.default_rng(9)
    race = np.stack([random_sides(rng, 20), random_sides(rng, 20)], axis=1)
    other = boards(({13: 1, 1: 1}, {1: 1}), ({6: 14}, {2: 2}))
    other[0, 1, 25], other[0, 1, 0] = 1, 13  # opponent on the bar
    other[1, 0, 20], other[1, 0, 0] = 1, 0  # a checker still outside home
    b = np.concatenate([race, other])
    first = np.zeros((len(b), 2), dtype=bool)
    exact = bo.bearoff_probs(race)
    # same weights under a variant that bears off otherwise: the plain net output
    odd = replace(SHORT, name="short-exact", exact_bearoff=True)
    plain = NetEvaluator.random(odd, seed=1).probs(b, first)
    assert not np.allclose(plain[: len(race)], exact, atol=0.05)
    for name in ("short", "short-ru", "short-caucasian"):
        p = NetEvaluator.random(find_variant(name), seed=1).probs(b, first)
        assert np.array_equal(p[: len(race)], exact)
        assert np.array_equal(p[len(race) :], plain[len(race) :])
    # long nardy (L-2): the long net gives way to the database in the same bear-offs
    for name in ("long", "nardgammon", "fevga"):
        p = NetEvaluator.random(find_variant(name), seed=1).probs(race, first[: len(race)])
        assert np.array_equal(p, exact)


def test_long_bear_off_moves_equal_legal_plays() -> None:
    """L-2, G-10: long nardy bears off as short nardy does: for every roll the long
    engine's legal plays reach the positions of the database's move table."""
    long = find_variant("long")
    rng = np.random.default_rng(11)
    for mine in random_sides(rng, 12):
        counts = mine[1:7]
        pos = board(long, {p: int(counts[p - 1]) for p in range(1, 7) if counts[p - 1]}, {6: 15})
        for d1, d2 in ALL_ROLLS:
            engine = {tuple(play.result.theirs[1:7]) for play in legal_plays(long, pos, (d1, d2))}
            assert engine == model_results(counts, d1, d2), (counts, d1, d2)


def test_finished_games_keep_their_exact_result() -> None:
    b = boards(({1: 2}, {}))
    p = NetEvaluator.random(SHORT, seed=1).probs(b, np.zeros((1, 2), dtype=bool))
    assert p[0, WIN] == 0.0 and p[0, LOSE_G] == 0.0


# -- GNU Backgammon --------------------------------------------------------------------
def test_distributions_match_gnubg_one_sided_database() -> None:
    """gnubg's one-sided database (its list starts at one roll) agrees to its fixed-point
    rounding, except where equally good plays (same expected rolls) differ."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rng = np.random.default_rng(11)
    for s in random_sides(rng, 300):
        counts = tuple(int(x) for x in s[1:7])
        theirs = np.concatenate([[0.0], gnubg_nn.bearoff_probabilities(counts)])
        ours = np.zeros(max(len(theirs), DB["bearoff"].shape[1]))
        ours[: DB["bearoff"].shape[1]] = dist(counts)
        assert np.abs(ours[: len(theirs)] - theirs).max() < 3e-3, counts
        assert ours @ np.arange(len(ours)) == pytest.approx(
            theirs @ np.arange(len(theirs)), abs=3e-4
        )


def test_probabilities_match_gnubg() -> None:
    """gnubg's 0-ply evaluation of bear-offs (its own bear-off databases): P(win) and
    the gammon tiers agree within 0.01 (measured on these 100 positions: P(win) max
    0.0025, gammon win / loss max 6e-6 / 7e-6)."""
    gnubg_nn = pytest.importorskip("gnubg_nn")
    rng = np.random.default_rng(5)
    b = np.stack([random_sides(rng, 40), random_sides(rng, 40)], axis=1)
    full = np.stack([random_sides(rng, 10, True), random_sides(rng, 10)], axis=1)
    # gammonish: a few checkers left against 15 on the opponent's points 3..6
    few = np.zeros((20, 26), dtype=np.int16)
    for i in range(20):
        k = 1 + i % 3
        np.add.at(few[i], rng.integers(1, 7, size=k), 1)
        few[i, 0] = 15 - k
    heavy = np.zeros((20, 26), dtype=np.int16)
    for i in range(20):
        np.add.at(heavy[i], rng.integers(3, 7, size=15), 1)
    gammonish = np.stack([few, heavy], axis=1)
    b = np.concatenate([b, full, full[:, ::-1], gammonish, gammonish[:, ::-1]])
    ours = bo.bearoff_probs(b)
    assert ours[:, WIN_G].max() > 0.5 and ours[:, LOSE_G].max() > 0.005
    for i, (me, opp) in enumerate(b):
        gb = [[int(x) for x in opp[1:25]] + [0], [int(x) for x in me[1:25]] + [0]]
        theirs = gnubg_nn.probabilities(gb, 0)
        assert abs(theirs[0] - ours[i, WIN]) < 0.01
        assert abs(theirs[1] - ours[i, WIN_G]) < 0.01
        assert abs(theirs[3] - ours[i, LOSE_G]) < 0.01
