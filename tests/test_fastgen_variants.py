"""The compiled generator on the turn segments of the long-nardy variants (RULES.md §5).

``movegen.segment_candidates`` sends a segment of two different dice or of one to four
equal dice to ``nardy._fastgen``; with ``NARDY_PURE_PYTHON=1`` the pure-Python reference
answers. Both must give the same resulting positions with the same number of dice
(G-8) for every §5 variant and option: V-CRAZY (exact bear-off, no home moves, one head
checker per double), V-GUL, V-CGUL (home moves until all are home;
``crazy_moves_per_double`` 4 and 2), V-KHACH (no head limit), V-FEVGA and V-GIUL (the
runner, no first-turn exception, the fevga six-block rule; ``block_check`` both ways).
Positions come from random ``Game``s of each variant (every segment a game produces,
plus one, two and three equal dice on the same boards) and from generated boards aimed
at the special cases: all checkers home, the runner phase, blocks.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytest.importorskip("nardy._fastgen", reason="the C extension nardy._fastgen is not built")

from helpers_fastgen import config_id, count_python_searches, make_variant, python_path

from nardy import movegen  # noqa: E402
from nardy.dice import RandomDice  # noqa: E402
from nardy.errors import MalformedError  # noqa: E402
from nardy.game import Game  # noqa: E402
from nardy.movegen import Candidate, legal_candidates, segment_candidates  # noqa: E402
from nardy.movegen import compiled as fastgen  # noqa: E402
from nardy.position import OFF, Position  # noqa: E402
from nardy.variants import VARIANTS, Variant, find_variant  # noqa: E402

SECTION5 = ("crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga", "fevga-giul")
#: (variant, options): every §5 variant, and the options that change its segments.
CONFIGS: list[tuple[str, dict]] = [
    ("crazy", {}),
    ("crazy", {"block_check": "every-move"}),
    ("crazy", {"head_exception": "head-only"}),
    ("gulbara", {}),
    ("gulbara", {"head_exception": "doubles-6-4-3", "block_release": "entered-home"}),
    ("crazy-gulbara", {}),
    ("crazy-gulbara", {"crazy_moves_per_double": 2}),
    ("crazy-gulbara", {"block_check": "every-move"}),
    ("khachapuri", {}),
    ("fevga", {}),
    ("fevga", {"block_check": "every-move"}),
    ("fevga-giul", {}),
    ("fevga-giul", {"block_check": "every-move"}),
]
#: Every segment shape a game can produce: two different dice (a few in both orders),
#: or 1..4 equal dice.
SHAPES: list[tuple[int, ...]] = [
    *((a, b) for a in range(6, 0, -1) for b in range(a - 1, 0, -1)),
    (1, 6), (2, 5), (3, 4),
    *((d,) * k for d in range(1, 7) for k in range(1, 5)),
]  # fmt: skip


def keys(cands: Sequence[Candidate]) -> list[tuple]:
    """Resulting positions with the dice used, one entry per candidate."""
    return sorted((c.mine, c.opp, tuple(sorted(c.dice))) for c in cands)


def replays(pos: Position, c: Candidate) -> bool:
    """Do ``c.moves`` with ``c.dice`` lead from ``pos`` to ``c.mine``?"""
    mine = list(pos.mine)
    for (s, t, _), d in zip(c.moves, c.dice, strict=True):
        if mine[s] == 0 or not (t == s - d or t == OFF and s - d <= 0):
            return False
        mine[s] -= 1
        mine[t] += 1
    return tuple(mine) == c.mine


def assert_segment_same(variant: Variant, pos: Position, dice: tuple[int, ...]) -> list[Candidate]:
    """C and Python give the same plays of ``dice`` (positions and dice counts); the C
    move sequences are the reference's or another legal order of the same play."""
    fast = fastgen.fast_segment(variant, pos, dice)
    assert fast is not None, f"the compiled generator declined {variant.name} {dice}"
    with python_path():
        slow = segment_candidates(variant, pos, dice)
    assert keys(fast) == keys(slow), (variant.name, variant.options(), pos, dice)
    assert len({(c.mine, c.opp) for c in fast}) == len(fast), "duplicate results"
    by_key = {(c.mine, c.opp): c for c in slow}
    orders = None
    for c in fast:
        assert type(c) is Candidate and replays(pos, c), (pos, dice, c)
        if c.moves != by_key[(c.mine, c.opp)].moves:
            if orders is None:
                with python_path():
                    orders = set(movegen.legal_sequences(variant, pos, dice))
            assert c.moves in orders, (pos, dice, c)
    return fast


def runner_phase(pos: Position) -> bool:
    """V-FEVGA: is the side on roll still bound by the runner rule (nothing borne off,
    at most one checker off the head, and that one not yet past point 12)?"""
    mine = pos.mine
    off_head = 15 - mine[24] - mine[OFF]
    if mine[OFF] or off_head > 1:
        return False
    return off_head == 0 or next(p for p in range(1, 24) if mine[p]) >= 12


def all_home(pos: Position) -> bool:
    return not any(pos.mine[7:26]) and pos.mine[OFF] < 15


# -- random games ------------------------------------------------------------------------


def game_segments(variant: Variant, seed: int) -> Iterator[tuple[Position, tuple[int, ...]]]:
    """Every segment of a seeded random ``Game`` (random dice, random plays), compared
    C against Python before the play is chosen; yields the position and its dice."""
    rng = random.Random(seed)
    game = Game(variant, dice=RandomDice(seed))
    while game.phase != "over":
        if game.phase == "opening":
            game.opening()
        elif game.phase == "roll":
            game.roll()
        else:
            assert game.segment is not None
            dice = game.segment.dice
            plays = assert_segment_same(variant, game.position, dice)
            legal = game.legal_plays()
            assert keys(plays) == keys(legal._cands)  # the game took the compiled path
            yield game.position, dice
            game.play(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_agree(config: tuple[str, dict]) -> None:
    """Every segment of random games of the variant, and one, two and three equal dice
    on the same boards: the same plays from C and Python. The games really meet the
    shapes and boards that matter for the variant."""
    variant = make_variant(*config)
    rng = random.Random(config_id(config))
    seen = dict.fromkeys(["k1", "k2", "k3", "k4", "pair", "home", "runner", "runner-double"], 0)
    for seed in range(3):
        for n, (pos, dice) in enumerate(game_segments(variant, seed)):
            seen["pair" if len(set(dice)) == 2 else f"k{len(dice)}"] += 1
            if all_home(pos):
                seen["home"] += 1
            if variant.fevga_runner and runner_phase(pos):
                seen["runner"] += 1
                seen["runner-double"] += len(set(dice)) == 1 and len(dice) > 1
            if n % 2 == 0:  # shapes a game rarely gives, on the boards it reached
                d = rng.randint(1, 6)
                for k in (1, 2, 3):
                    if assert_segment_same(variant, pos, (d,) * k):
                        seen[f"k{k}"] += 1
    assert min(seen["k1"], seen["k2"], seen["k3"], seen["pair"]) > 0, seen
    four_moves = not variant.doubles_sequence or variant.crazy_moves_per_double == 4
    assert (seen["k4"] > 0) == four_moves, seen  # 2 a double: never four equal dice
    assert seen["home"] > 0, seen
    if variant.fevga_runner:
        assert seen["runner"] > 0 and seen["runner-double"] > 0, seen


@pytest.mark.parametrize("name", ["short", "short-ru", "short-caucasian"])
def test_short_variants_take_any_segment_shape(name: str) -> None:
    """Explicit segments are not only §5 business: one to four equal dice of the short
    variants (bar entry, hits, S-6, S-7) on the boards of a random game agree too."""
    variant = find_variant(name)
    rng = random.Random(name)
    pos = variant.start_position()
    for _ in range(150):
        if pos.is_over():
            break
        for dice in [(rng.randint(1, 6),) * k for k in (1, 2, 3)]:
            assert_segment_same(variant, pos, dice)
        plays = assert_segment_same(variant, pos, (rng.randint(1, 6), rng.randint(1, 6)))
        if plays:
            pos = movegen.result_position(variant, pos, rng.choice(plays))
        else:
            pos = pos.swap().with_flags(pos.theirs_first, False)


def choose_play(game: Game, rng: random.Random) -> str:
    """A random play, chosen independently of the order the generator lists plays in."""
    texts = sorted(str(p) for p in game.legal_plays())
    return texts[rng.randrange(len(texts))]


def play_records(variant: Variant, seed: int) -> list[dict]:
    rng = random.Random(seed)
    game = Game(variant, dice=RandomDice(seed))
    while game.phase != "over":
        if game.phase == "opening":
            game.opening()
        elif game.phase == "roll":
            game.roll()
        else:
            game.play(choose_play(game, rng))
    return game.records


@pytest.mark.parametrize("name", SECTION5)
def test_whole_games_are_the_same_with_either_generator(name: str) -> None:
    """A seeded game played with the compiled path and again with NARDY_PURE_PYTHON=1
    (the same choices among the same plays) gives the same records: sequences of
    doubles, re-rolls, passed moves and the outcome all follow the same plays."""
    variant = find_variant(name)
    for seed in (7, 8):
        fast = play_records(variant, seed)
        with python_path():
            slow = play_records(variant, seed)
        assert fast == slow
        assert len(fast) > 40


# -- generated boards ------------------------------------------------------------------------


@st.composite
def boards(draw: st.DrawFn) -> Position:
    """A long-nardy position aimed at a §5 rule: all my checkers home (exact bear-off,
    home moves), the fevga runner phase, five of my starting quarter's six points held,
    his 15 checkers stacked with my points just ahead (fevga blocks), or any board."""
    mapping = find_variant("long").mapping  # an involution: his point q is my mapping[q]
    style = draw(st.sampled_from(["home", "runner", "quarter", "stack", "any"]))
    mine = [0] * 26
    theirs = [0] * 26
    free = 15
    slots = list(range(0, 25))
    if style == "home":
        slots = list(range(0, 7)) if draw(st.booleans()) else list(range(1, 7))
    elif style == "runner":
        runner = draw(st.integers(1, 24))
        mine[runner] += 1
        mine[24] += 14
        free = 0
    elif style == "quarter":
        gap = draw(st.integers(19, 24))
        for p in range(19, 25):
            if p != gap:
                mine[p] += 1
                free -= 1
        slots = list(range(gap, 25)) + list(range(gap + 1, min(gap + 7, 25)))
    elif style == "stack":
        q = draw(st.integers(7, 24))
        theirs[q] = 15
        ahead = [mapping[r] for r in range(q - 6, q)]
        held = draw(st.lists(st.sampled_from(ahead), min_size=4, max_size=6, unique=True))
        for p in held:
            mine[p] += 1
            free -= 1
        slots = [p for p in range(1, 25) if p != mapping[q]]
    for s in draw(st.lists(st.sampled_from(slots), min_size=free, max_size=free)):
        mine[s] += 1
    if mine[OFF] == 15:
        mine[OFF] -= 1
        mine[1] += 1
    if style != "stack":
        open_his = [q for q in range(1, 25) if not mine[mapping[q]]]
        for q in draw(st.lists(st.sampled_from([OFF, *open_his]), min_size=15, max_size=15)):
            theirs[q] += 1
        if theirs[OFF] == 15:
            theirs[OFF] -= 1
            theirs[open_his[0]] += 1
    pos = Position(tuple(mine), tuple(theirs), "white", draw(st.booleans()), False)
    find_variant("long").validate(pos)
    return pos


@pytest.mark.parametrize("config", [*CONFIGS, ("long", {}), ("nardgammon", {})], ids=config_id)
@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(pos=boards())
def test_generated_boards_agree(config: tuple[str, dict], pos: Position) -> None:
    """Every segment shape on boards aimed at the §5 rules; the roll entry point
    (``legal_candidates``, used by the soak test) agrees as well."""
    variant = make_variant(*config)
    for dice in SHAPES:
        assert_segment_same(variant, pos, dice)
    for d1, d2 in [(6, 6), (5, 2), (3, 3), (1, 4)]:
        fast = fastgen.fast_candidates(variant, pos, d1, d2)
        assert fast is not None
        with python_path():
            assert keys(fast) == keys(legal_candidates(variant, pos, d1, d2))


# -- the §5 rules, worked examples through the compiled path ---------------------------------


def board(mine: dict[int, int], theirs: dict[int, int]) -> Position:
    """A position (no first turn); unplaced checkers are borne off."""
    pos = Position.from_points(mine, theirs)
    find_variant("long").validate(pos)
    return pos


def results(variant: Variant, pos: Position, dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    """My side after each legal play (compared with Python on the way)."""
    return {c.mine for c in assert_segment_same(variant, pos, dice)}


def side(points: dict[int, int]) -> tuple[int, ...]:
    """My side from ``{point: count}``, key 0 = borne off (must add up to 15)."""
    assert sum(points.values()) == 15
    return Position.from_points({p: n for p, n in points.items() if p}, {}).mine


def test_crazy_exact_bearoff_and_no_home_moves() -> None:
    """V-CRAZY, all home: a die bears off only from its own point and never moves
    inside the home; crazy-gulbara (home moves once all are home: no; higher-point rule)
    and long (both allowed) differ on the same board."""
    pos = board({4: 10, 2: 5}, {24: 15})
    crazy = find_variant("crazy")
    assert results(crazy, pos, (6,)) == set()  # nothing on 6, no higher-point rule
    assert results(crazy, pos, (2,)) == {side({4: 10, 2: 4, 0: 1})}  # not 4/2
    assert results(crazy, pos, (4, 4, 4)) == {side({4: 7, 2: 5, 0: 3})}
    cgul = find_variant("crazy-gulbara")
    assert results(cgul, pos, (6,)) == {side({4: 9, 2: 5, 0: 1})}  # highest point
    assert results(cgul, pos, (2,)) == {side({4: 10, 2: 4, 0: 1})}
    long = find_variant("long")
    assert side({4: 9, 2: 6}) in results(long, pos, (2,))


def test_crazy_gulbara_home_moves_until_the_last_checker_is_home() -> None:
    """V-CGUL: moving inside the home is allowed while a checker is outside, in any
    order: 6/3 first, then the last checker 9/6 (the order a source-sorted search
    would miss), then nothing but bear-off with 3."""
    pos = board({9: 1, 6: 13, 3: 1}, {24: 15})
    cgul = find_variant("crazy-gulbara")
    two = results(cgul, pos, (3, 3))
    assert side({6: 13, 3: 2}) in two  # 6/3 9/6
    assert side({9: 1, 6: 11, 3: 3}) in two  # 6/3(2): the 9 still outside
    four = results(cgul, pos, (3, 3, 3, 3))
    assert side({6: 13, 0: 2}) in four  # 6/3 9/6 3/off(2)
    crazy = find_variant("crazy")  # never inside the home
    assert results(crazy, pos, (3, 3)) == {side({6: 14, 0: 1})}  # 9/6 3/off


def test_fevga_runner_moves_alone_until_past_the_opponent_head() -> None:
    """V-FEVGA: from the start only one checker leaves the head and it alone moves;
    4-4 takes it 24/20/16 (his head on my 12 stops it); once it stands below 12 the
    head opens, even in the middle of a double."""
    fevga = find_variant("fevga")
    start = fevga.start_position()
    assert results(fevga, start, (4, 4, 4, 4)) == {side({24: 14, 16: 1})}
    assert results(fevga, start, (6, 5)) == {side({24: 14, 13: 1})}
    runner = board({24: 14, 13: 1}, {24: 15})
    plays = results(fevga, runner, (3, 3))
    assert side({24: 13, 21: 1, 10: 1}) in plays  # 13/10 then 24/21
    assert side({24: 14, 7: 1}) in plays
    assert side({24: 13, 21: 1, 13: 1}) not in plays  # not the head first
    assert results(fevga, runner, (1,)) == set()  # 13/12 is his head: nothing moves


def test_fevga_six_block_rules() -> None:
    """V-FEVGA, whatever the check time: no six-block on points 19-24; none on the six
    points just ahead of his 15-checker stack (his head: my 6-11), and one standing there
    must be broken; elsewhere a six-block stands even though no checker of his has
    passed it (which L-BLOCK forbids)."""
    long = find_variant("long")
    for check in ("end-of-turn", "every-move"):
        fevga = find_variant("fevga").with_options(block_check=check)
        quarter = board({24: 10, 23: 1, 22: 1, 21: 1, 20: 2}, {24: 14, 1: 1})
        plays = results(fevga, quarter, (1,))
        assert side({24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1}) not in plays  # 20/19
        assert side({24: 9, 23: 2, 22: 1, 21: 1, 20: 2}) in plays  # 24/23
        ahead = board({24: 9, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}, {24: 15})
        plays = results(fevga, ahead, (5,))
        assert side({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}) not in plays  # 11/6
        assert side({24: 8, 19: 1, 11: 2, 10: 1, 9: 1, 8: 1, 7: 1}) in plays  # 24/19
        standing = board({24: 9, 11: 1, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {24: 15})
        plays = results(fevga, standing, (2,))
        assert plays and all(not all(m[p] for p in range(6, 12)) for m in plays)
        elsewhere = board({24: 9, 19: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1}, {24: 14, 20: 1})
        made = side({24: 9, 18: 1, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1})  # 19/18
        assert made in results(fevga, elsewhere, (1,))
        assert made not in results(long.with_options(block_check=check), elsewhere, (1,))


def test_first_turn_exception_off_in_fevga_and_head_per_double_in_crazy() -> None:
    """V-FEVGA has no L-HEAD-2 exception (nor a head limit: the runner rule); V-CRAZY
    keeps one checker off the head per double, two on a first 6-6 (L-HEAD-2)."""
    crazy = find_variant("crazy")
    first = crazy.start_position()
    assert first.mine_first
    assert results(crazy, first, (6, 6, 6, 6)) == {side({24: 13, 18: 2})}  # 12: his head
    assert results(crazy, first, (6, 6)) == {side({24: 13, 18: 2})}
    later = first.with_flags(False, False)
    assert results(crazy, later, (6, 6, 6, 6)) == {side({24: 14, 18: 1})}
    fevga = find_variant("fevga")
    assert results(fevga, fevga.start_position(), (6, 6, 6, 6)) == {side({24: 14, 18: 1})}
    kh = find_variant("khachapuri")
    pos = kh.start_position()
    assert side({24: 1, 6: 11, 20: 3}) in results(kh, pos, (4, 4, 4))  # no head limit


@pytest.mark.parametrize(
    "variant",
    [
        dataclasses.replace(find_variant("crazy"), first_turn_exception=False),
        dataclasses.replace(find_variant("fevga"), head_limit=1),
        dataclasses.replace(find_variant("fevga"), head_limit=2, fevga_runner=False),
    ],
    ids=["crazy-no-exception", "fevga-head-limit-1", "fevga-head-limit-2-no-runner"],
)
def test_first_turn_exception_off_with_a_head_limit(variant: Variant) -> None:
    """``first_turn_exception=False`` only shows with a head limit, which no registered
    variant combines with it: a first 6-6 still takes one checker off the head (and
    every first roll agrees with Python, after every first play of the other side)."""
    start = variant.start_position()
    assert results(variant, start, (6, 6, 6, 6)) == {
        side({24: 15 - variant.head_limit, 18: variant.head_limit})
    }
    for dice in SHAPES:
        for c in assert_segment_same(variant, start, dice):
            second = movegen.result_position(variant, start, c)
            for reply in ((6, 6, 6, 6), (4, 4, 4), (3, 3), (5,), (6, 5)):
                assert_segment_same(variant, second, reply)


# -- dispatch ---------------------------------------------------------------------------------


def test_every_registered_variant_and_option_is_compiled() -> None:
    """Every registered variant, with every option value, uses the compiled generator
    for rolls and segments."""
    from nardy.variants.base import OPTION_VALUES

    companions = {
        "draw_score": {"last_roll_draw": True},
        "per_checker_multipliers": {"scoring": "per-checker"},
    }
    for name, v in VARIANTS.items():
        assert fastgen.supports(v), name
        for opt in v.option_names():
            for value in OPTION_VALUES[opt]:
                changed = v.with_options(**companions.get(opt, {}), **{opt: value})
                assert fastgen.supports(changed), (name, opt, value)
        pos = v.start_position()
        assert fastgen.fast_segment(v, pos, (3, 1)) is not None
        assert fastgen.fast_candidates(v, pos, 3, 1) is not None
    assert set(fastgen.SUPPORTED_VARIANTS) == set(VARIANTS)


@pytest.mark.parametrize(
    "change",
    [
        {"home_moves": "sometimes"},
        {"block_rule": "greek"},
        {"exact_bearoff": 1},
        {"fevga_runner": "yes"},
        {"first_turn_exception": None},
    ],
    ids=lambda c: next(iter(c)),
)
def test_unknown_rule_values_fall_back_to_python(change: dict) -> None:
    """A §5 rule field with a value the C code does not know: the Python path answers."""
    v = dataclasses.replace(find_variant("fevga"), **change)
    assert not fastgen.supports(v)
    assert fastgen.fast_segment(v, v.start_position(), (3, 3)) is None
    assert fastgen.fast_candidates(v, v.start_position(), 3, 1) is None


def test_section5_rules_on_a_short_variant_fall_back() -> None:
    """The §5 rules are long-nardy rules; set on a short variant, Python answers."""
    for change in ({"exact_bearoff": True}, {"home_moves": "never"}, {"block_rule": "fevga"}):
        v = dataclasses.replace(find_variant("short"), **change)
        assert not fastgen.supports(v)
        assert fastgen.fast_segment(v, v.start_position(), (3, 1)) is None


@pytest.mark.parametrize("dice", [(3, 3, 5), (4, 2, 2), (), (2, 2, 2, 2, 2), (6, 5, 4)])
def test_other_dice_lists_take_the_python_path(dice: tuple[int, ...]) -> None:
    """Lists that are not a segment shape go to the Python search, which still answers."""
    crazy = find_variant("crazy")
    pos = crazy.start_position().with_flags(False, False)
    assert fastgen.fast_segment(crazy, pos, dice) is None
    with python_path():
        expected = keys(segment_candidates(crazy, pos, dice))
    assert keys(segment_candidates(crazy, pos, dice)) == expected


def test_lists_and_tuples_of_dice_are_the_same() -> None:
    crazy = find_variant("crazy")
    pos = crazy.start_position()
    for dice in ((5, 5, 5), (6, 2), (1,)):
        listed = fastgen.fast_segment(crazy, pos, list(dice))
        assert listed is not None and keys(listed) == keys(segment_candidates(crazy, pos, dice))


@pytest.mark.parametrize("dice", [(0,), (7, 7), (True, 2), (2.0,), ("6", "6", "6")])
def test_bad_dice_raise(dice: tuple) -> None:
    """Dice that are not ints 1..6 get MalformedError, as on the Python path."""
    fevga = find_variant("fevga")
    assert fastgen.fast_segment(fevga, fevga.start_position(), dice) is None
    with pytest.raises(MalformedError):
        segment_candidates(fevga, fevga.start_position(), dice)


def test_env_var_forces_python_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """NARDY_PURE_PYTHON=1 sends segment_candidates to the Python search; unset (or 0),
    the compiled one answers and the Python search does not run."""
    runs = count_python_searches(monkeypatch)
    crazy = find_variant("crazy-gulbara")
    pos = crazy.start_position()  # first turn: the head exception is judged too
    for dice in ((3, 3, 3), (6, 6, 6, 6), (5, 4), (2,)):
        monkeypatch.delenv("NARDY_PURE_PYTHON", raising=False)
        fast = segment_candidates(crazy, pos, dice)
        monkeypatch.setenv("NARDY_PURE_PYTHON", "0")
        assert segment_candidates(crazy, pos, dice) == fast and runs == []
        monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
        assert fastgen.fast_segment(crazy, pos, dice) is None
        slow = segment_candidates(crazy, pos, dice)
        assert runs
        runs.clear()
        assert keys(slow) == keys(fast)


def test_every_shape_on_the_start_of_every_section5_variant() -> None:
    """Both first-turn flags, every segment shape, every §5 variant."""
    for name, first in itertools.product(SECTION5, (True, False)):
        v = find_variant(name)
        pos = v.start_position().with_flags(first, False)
        for dice in SHAPES:
            assert_segment_same(v, pos, dice)
