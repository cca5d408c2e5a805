"""The compiled generator (``nardy._fastgen``) against the pure-Python reference.

Both paths of ``movegen.legal_candidates`` must give the same resulting positions with
the same number of dice (RULES.md G-8), for every registered classic variant and every
rule option (S-3 bar, S-6 no_hit_and_hide, S-7 hit_in_own_home, G-10 bear-off,
L-HEAD-1/L-HEAD-2 head_exception, L-BLOCK block_check/block_release). The move
sequence chosen to represent a result may differ, but must be a legal way to reach it.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("nardy._fastgen", reason="the C extension nardy._fastgen is not built")

from helpers_fastgen import config_id, count_python_searches, make_variant, python_path

from nardy import movegen  # noqa: E402
from nardy.errors import MalformedError  # noqa: E402
from nardy.movegen import Candidate, legal_candidates, result_position  # noqa: E402
from nardy.movegen import compiled as fastgen  # noqa: E402
from nardy.position import BAR, OFF, Position  # noqa: E402
from nardy.variants import Variant, find_variant  # noqa: E402

ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]
DISTINCT_ROLLS = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]
HEAD_EXCEPTIONS = ("blocked", "doubles-6-4-3", "head-only")
BLOCK_CHECKS = ("end-of-turn", "every-move")
BLOCK_RELEASES = ("passed", "entered-home")
LONG_OPTIONS = [
    {"head_exception": h, "block_check": c, "block_release": r}
    for h, c, r in itertools.product(HEAD_EXCEPTIONS, BLOCK_CHECKS, BLOCK_RELEASES)
]
SHORT_OPTIONS = [{"no_hit_and_hide": False}, {"no_hit_and_hide": True}]
#: (variant name, options) for every classic variant and every combination of options.
CONFIGS = [
    *itertools.product(("short", "short-ru", "short-caucasian"), SHORT_OPTIONS),
    *itertools.product(("long", "nardgammon"), LONG_OPTIONS),
]


def reference(variant: Variant, pos: Position, d1: int, d2: int) -> list[Candidate]:
    with python_path():
        return legal_candidates(variant, pos, d1, d2)


def compiled(variant: Variant, pos: Position, d1: int, d2: int) -> list[Candidate]:
    out = fastgen.fast_candidates(variant, pos, d1, d2)
    assert out is not None, "the compiled generator declined a classic variant"
    return out


def legal_orders(variant: Variant, pos: Position, d1: int, d2: int) -> set[tuple]:
    dice = (d1,) * 4 if d1 == d2 else (d1, d2)
    with python_path():
        return set(movegen.legal_sequences(variant, pos, dice))


def assert_same(variant: Variant, pos: Position, d1: int, d2: int) -> list[Candidate]:
    """C and Python agree on (mine, opp) and the dice of every legal play."""
    fast = compiled(variant, pos, d1, d2)
    slow = reference(variant, pos, d1, d2)
    fast_keys = {(c.mine, c.opp): tuple(sorted(c.dice)) for c in fast}
    slow_keys = {(c.mine, c.opp): tuple(sorted(c.dice)) for c in slow}
    assert len(fast_keys) == len(fast), "duplicate results from the compiled generator"
    assert fast_keys == slow_keys, (variant.name, variant.options(), pos, d1, d2)
    by_key = {(c.mine, c.opp): c for c in slow}
    orders = None
    for c in fast:
        assert type(c) is Candidate
        assert len(c.moves) == len(c.dice)
        if c.moves != by_key[(c.mine, c.opp)].moves:  # another valid representative?
            orders = orders if orders is not None else legal_orders(variant, pos, d1, d2)
            assert c.moves in orders, (pos, d1, d2, c)
    return fast


def next_position(variant: Variant, pos: Position, pick: Candidate | None) -> Position:
    """The position after ``pick``, or after passing when nothing can be played."""
    if pick is None:
        return pos.swap().with_flags(pos.theirs_first, False)
    return result_position(variant, pos, pick)


def longest_run(variant: Variant, mine: tuple[int, ...]) -> int:
    """Longest run of my points along the opponent's route (six = a block, L-BLOCK)."""
    his = sorted(variant.mapping[p] for p in range(1, 25) if mine[p])
    best = run = 0
    last = None
    for q in his:
        run = run + 1 if last is not None and q == last + 1 else 1
        best = max(best, run)
        last = q
    return best


def choose(
    variant: Variant, plays: list[Candidate], rng: random.Random, policy: str
) -> Candidate | None:
    """A play by ``policy``: "random", or "greedy" (long: the longest run of points, to
    meet the six-block rule; short: the most checkers sent to the bar)."""
    if not plays:
        return None
    if policy == "random":
        return rng.choice(plays)
    if variant.family == "long":
        score = [longest_run(variant, c.mine) for c in plays]
    else:
        score = [c.opp[BAR] for c in plays]
    top = max(score)
    return rng.choice([c for c, s in zip(plays, score, strict=True) if s == top])


def play_game(
    variant: Variant,
    seed: int,
    policy: str,
    opening: list[tuple[int, int]] | None = None,
    max_plies: int = 500,
) -> Iterator[tuple[Position, int, int, list[Candidate]]]:
    """Positions with their roll from one seeded game (its first rolls ``opening``, if
    given), checking C against Python at every ply; yields position, roll and plays."""
    rng = random.Random(seed)
    pos = variant.start_position()
    rolls = list(opening or [])
    for _ in range(max_plies):
        if pos.is_over():
            return
        d1, d2 = rolls.pop(0) if rolls else rng.choice(ROLLS)
        plays = assert_same(variant, pos, d1, d2)
        yield pos, d1, d2, plays
        pos = next_position(variant, pos, choose(variant, plays, rng, policy))


# -- random games ----------------------------------------------------------------------


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    policy=st.sampled_from(["random", "greedy"]),
    opening=st.lists(st.sampled_from(ROLLS), max_size=2),
)
def test_random_games_agree(
    config: tuple[str, dict], seed: int, policy: str, opening: list[tuple[int, int]]
) -> None:
    """Every position of a random game: same plays from C and Python (G-8, all rules);
    the first rolls are drawn separately so that L-HEAD-2 openings come up."""
    variant = make_variant(*config)
    for _ in play_game(variant, seed, policy, opening):
        pass


@pytest.mark.parametrize("family", ["short", "long"])
def test_random_games_reach_bar_bearoff_and_first_turns(family: str) -> None:
    """The game generator used above really meets the positions the rules single out:
    bar (S-3), bear-off (G-10), first turns with the head exception (L-HEAD-2) and
    rolls where the six-block rule (L-BLOCK) removes plays."""
    names = ["short", "short-ru"] if family == "short" else ["long", "nardgammon"]
    seen = {"bar": 0, "bearoff": 0, "first": 0, "head-exception": 0, "block": 0}
    openings = [[(6, 6)], [(5, 5), (6, 2)], [(2, 1), (5, 5)], [(4, 4), (3, 3)]]
    for name, seed in itertools.product(names, range(8)):
        variant = find_variant(name)
        opening = openings[seed % 4] if family == "long" else None
        for pos, d1, d2, _ in play_game(variant, seed, "greedy", opening):
            seen["bar"] += pos.mine[BAR] > 0
            seen["bearoff"] += sum(pos.mine[7:26]) == 0 and pos.mine[OFF] < 15
            seen["first"] += pos.mine_first
            if family == "long":
                allowed = movegen.head_allowance(variant, pos, d1, d2)
                seen["head-exception"] += pos.mine_first and allowed > variant.head_limit
                seen["block"] += _block_matters(variant, pos, d1, d2)
    assert seen["bearoff"] > 0 and seen["first"] > 0, seen
    if family == "short":
        assert seen["bar"] > 0, seen
    else:
        assert seen["head-exception"] > 0 and seen["block"] > 0, seen


def _block_matters(variant: Variant, pos: Position, d1: int, d2: int) -> bool:
    """Do the L-BLOCK options give different plays here? Without a block in reach all
    four give the same plays, so a difference means the six-block rule removed some."""
    results = set()
    for check, release in itertools.product(BLOCK_CHECKS, BLOCK_RELEASES):
        v = variant.with_options(block_check=check, block_release=release)
        results.add(frozenset((c.mine, c.opp) for c in compiled(v, pos, d1, d2)))
    return len(results) > 1


# -- openings: the head exception (L-HEAD-2) -----------------------------------------------


@pytest.mark.parametrize("name", ["long", "nardgammon"])
@pytest.mark.parametrize("head_exception", HEAD_EXCEPTIONS)
def test_first_turns_of_both_sides_agree(name: str, head_exception: str) -> None:
    """Every first roll of the first mover, every play of it, then every first roll of
    the second mover (whose head exception depends on that play)."""
    variant = find_variant(name).with_options(head_exception=head_exception)
    start = variant.start_position()
    compared = 0
    for d1, d2 in DISTINCT_ROLLS:
        for play in assert_same(variant, start, d1, d2):
            second = result_position(variant, start, play)
            assert second.mine_first
            for e1, e2 in DISTINCT_ROLLS:
                assert_same(variant, second, e1, e2)
                compared += 1
    assert compared > 21 * 21


def test_head_exception_examples() -> None:
    """L-HEAD-2 worked examples through the compiled path: 6-6 first is 24/18(2); after
    the first mover's 5-5 (24/4, on the second mover's 16) the second mover's 6-2 may
    take two checkers off the head, and with the default rule it must."""
    long = find_variant("long")
    start = long.start_position()
    [six] = compiled(long, start, 6, 6)
    assert six.mine[24] == 13 and six.mine[18] == 2 and len(six.dice) == 2
    [five] = compiled(long, start, 5, 5)
    after = result_position(long, start, five)
    assert after.theirs[4] == 1 and after.mine_first
    plays = compiled(long, after, 6, 2)
    assert {c.mine[24] for c in plays} == {13}
    head_only = long.with_options(head_exception="head-only")  # not the head: no exception
    assert {c.mine[24] for c in compiled(head_only, after, 6, 2)} == {14}


# -- arbitrary legal positions ---------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, family: str) -> Position:
    """Any valid position, biased towards bar, bear-off and near-block boards."""
    variant = find_variant(family)
    inverse = {variant.mapping[p]: p for p in range(1, 25)}
    style = draw(st.sampled_from(["any", "bearoff", "block", "bar"]))
    mine = [0] * 26
    free = 15
    if style == "block":  # a run of my points along his route, his lowest numbers first
        low = draw(st.integers(1, 19))
        length = draw(st.integers(4, 7))
        for q in range(low, min(low + length, 25)):
            mine[inverse[q]] += 1
            free -= 1
    if style == "bearoff":
        slots = list(range(0, 7))
    elif style == "bar" and family == "short":
        mine[BAR] += 1
        free -= 1
        slots = list(range(0, 26))
    else:
        slots = list(range(0, 25)) + ([BAR] if family == "short" else [])
    for s in draw(st.lists(st.sampled_from(slots), min_size=free, max_size=free)):
        mine[s] += 1
    open_his = [q for q in range(1, 25) if not mine[inverse[q]]]
    his_slots = [OFF, *open_his] + ([BAR] if family == "short" else [])
    theirs = [0] * 26
    for q in draw(st.lists(st.sampled_from(his_slots), min_size=15, max_size=15)):
        theirs[q] += 1
    if mine[OFF] == 15 or theirs[OFF] == 15:
        theirs[OFF] -= 1  # keep the game running
        theirs[open_his[0]] += 1
    first = family == "long" and draw(st.booleans())
    pos = Position(tuple(mine), tuple(theirs), "white", first, False)
    variant.validate(pos)
    return pos


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), roll=st.sampled_from(ROLLS))
def test_arbitrary_positions_agree(
    config: tuple[str, dict], data: st.DataObject, roll: tuple[int, int]
) -> None:
    """Boards no game may have reached yet (blocks, crowded bars, bear-offs)."""
    variant = make_variant(*config)
    pos = data.draw(positions(variant.family))
    assert_same(variant, pos, *roll)


# -- peers: gnubg ---------------------------------------------------------------------------


def gnubg_board(mine: tuple[int, ...], theirs: tuple[int, ...]) -> list[list[int]]:
    """gnubg's board ``[opp, me]``: 25 ints a side, index i = own point i+1, 24 = bar."""
    return [list(theirs[1:BAR]) + [theirs[BAR]], list(mine[1:BAR]) + [mine[BAR]]]


def test_short_agrees_with_gnubg() -> None:
    """Short nardy is backgammon: the same resulting positions as gnubg's GenerateMoves."""
    gnubg_nn = pytest.importorskip("gnubg_nn", reason="gnubg-nn is a peers extra")
    variant = find_variant("short")
    checked = 0
    for seed in range(3):
        for pos, d1, d2, plays in play_game(variant, 100 + seed, "random"):
            theirs = set(gnubg_nn.moves(gnubg_board(pos.mine, pos.theirs), d1, d2))
            ours = set()
            for c in plays:
                after = result_position(variant, pos, c)  # seen by the opponent
                ours.add(gnubg_nn.key_of_board(gnubg_board(after.theirs, after.mine)))
            assert ours == theirs, (pos, d1, d2)
            checked += 1
    assert checked > 100


# -- dispatch ------------------------------------------------------------------------------


def test_every_classic_variant_is_compiled() -> None:
    """The registered classic variants (and their options) use the compiled generator;
    a new Variant field or option must be taught to it or this fails."""
    for name, opts in CONFIGS:
        assert fastgen.supports(make_variant(name, opts)), (name, opts)
    assert {name for name, _ in CONFIGS} <= set(fastgen.SUPPORTED_VARIANTS)


@pytest.mark.parametrize(
    "variant",
    [
        pytest.param(
            lambda: dataclasses.replace(find_variant("long"), home_moves="sometimes"),
            id="unknown-home-moves",
        ),
        pytest.param(
            lambda: dataclasses.replace(find_variant("long"), block_rule="greek"),
            id="unknown-block-rule",
        ),
        pytest.param(
            lambda: dataclasses.replace(find_variant("short"), name="tavla-x"), id="unknown-name"
        ),
        pytest.param(
            lambda: dataclasses.replace(find_variant("long"), family="short"), id="wrong-family"
        ),
    ],
)
def test_other_rules_fall_back_to_python(variant) -> None:
    """Rules the C code does not implement (values it was not taught, unknown variants)
    are answered by the Python generator."""
    v = variant()
    assert not fastgen.supports(v)
    pos = find_variant(v.family).start_position()
    assert fastgen.fast_candidates(v, pos, 6, 6) is None
    assert {(c.mine, c.opp) for c in legal_candidates(v, pos, 6, 6)} == {
        (c.mine, c.opp) for c in reference(v, pos, 6, 6)
    }


def test_every_registered_variant_is_compiled() -> None:
    """Every registered variant, §5 ones included, is answered by the C generator."""
    from nardy.variants import VARIANTS

    assert set(VARIANTS) == set(fastgen.SUPPORTED_VARIANTS)
    for v in VARIANTS.values():
        assert fastgen.supports(v), v.name


def test_env_var_forces_python_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """NARDY_PURE_PYTHON=1 sends legal_candidates to the Python search; unset (or 0),
    the compiled one answers and the Python search does not run."""
    runs = count_python_searches(monkeypatch)
    short = find_variant("short")
    pos = short.start_position()
    monkeypatch.delenv("NARDY_PURE_PYTHON", raising=False)
    fast = legal_candidates(short, pos, 6, 5)
    assert runs == []
    monkeypatch.setenv("NARDY_PURE_PYTHON", "0")
    assert legal_candidates(short, pos, 6, 5) == fast and runs == []
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    assert fastgen.fast_candidates(short, pos, 6, 5) is None
    slow = legal_candidates(short, pos, 6, 5)
    assert len(runs) == 1
    assert {(c.mine, c.opp) for c in slow} == {(c.mine, c.opp) for c in fast}


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (True, 2), (2.0, 3), ("6", 1)])
def test_bad_dice_raise_with_compiled_path(dice) -> None:
    """Dice are checked as before (MalformedError), whichever path would run."""
    short = find_variant("short")
    with pytest.raises(MalformedError):
        legal_candidates(short, short.start_position(), *dice)


def test_results_are_ordinary_candidates() -> None:
    """Results compare, hash and print like Candidates built in Python."""
    short = find_variant("short")
    for c in compiled(short, short.start_position(), 4, 4):
        twin = Candidate(c.moves, c.dice, c.mine, c.opp)
        assert c == twin and hash(c) == hash(twin) and repr(c) == repr(twin)
        assert all(type(x) is int for x in c.mine + c.opp)
        with pytest.raises(dataclasses.FrozenInstanceError):
            c.mine = ()  # type: ignore[misc]


@pytest.mark.parametrize("name", ["short", "short-ru", "long", "crazy", "fevga", "khachapuri"])
def test_search_children_from_compiled_boards_equal_the_python_path(name) -> None:
    """``Search.children`` reads the compiled ``boards`` bytes; the same positions, in the
    same order and with the same flags, as built from Python candidates."""
    from nardy.bots.search import Search
    from nardy.plays import legal_plays

    v = find_variant(name)
    search = Search(v)
    rng = np.random.default_rng(7)
    pos, checked = v.start_position(), 0
    for _ in range(150):
        roll = (int(rng.integers(1, 7)), int(rng.integers(1, 7)))
        fast_b, fast_f = search.children(pos, roll)
        with python_path():
            ref_b, ref_f = search.children(pos, roll)
        assert fast_b.tolist() == ref_b.tolist()
        assert fast_f.tolist() == ref_f.tolist()
        checked += len(fast_b)
        plays = list(legal_plays(v, pos, roll))
        nxt = plays[int(rng.integers(len(plays)))].result if plays else pos.swap()
        pos = v.start_position() if nxt is None or nxt.is_over() else nxt
    assert checked > 150
