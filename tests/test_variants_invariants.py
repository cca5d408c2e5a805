"""Invariants of the long-nardy variants of RULES.md §5 along random games (hypothesis),
checked against the rules directly, without ``nardy.movegen``:

- after every segment: 15 checkers per side, no bar, never two colours on a point, a
  position the variant accepts;
- every play: each move lands on a point with no opposing checker (G-9, long), uses a
  die of its segment (a larger one only to bear off, never in crazy's exact bear-off),
  bears off only with all checkers home (G-10), respects the head allowance of its
  segment (L-HEAD-1; none in khachapuri and fevga), crazy's and crazy-gulbara's home
  rules, fevga's runner and six-block rules, L-BLOCK elsewhere; all plays of a segment
  use the same number of dice and end in distinct positions;
- every roll: the shape of the turn (the doubles sequence, its stop once all are home,
  the moves per double), the passed moves (exactly the unplayed moves of doubles, to
  the opponent, double by double), the gulbara re-roll, and the board after the roll
  equal to the moves of its segments applied one by one;
- the plays of every segment are exactly those of a small reference generator written
  from RULES.md §5 (``reference_segment_results``);
- every game ends with one side borne off, or as the engine's void draw for a
  position no side can ever move in again (V-CRAZY's mutual block), checked as such;
- the record of every game replays to the same game, and a tampered play record is
  named by its index.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from helpers_boards import ALL_ROLLS, draw, reference_block_illegal
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from nardy.dice import RandomDice
from nardy.game import Game, ReplayError, Turn
from nardy.plays import LegalPlays, Play, legal_plays
from nardy.position import BAR, CHECKERS, OFF, Position, other
from nardy.variants import Variant, find_variant

pytestmark = pytest.mark.usefixtures("generator")

VARIANT_NAMES = ("crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga", "fevga-giul")
CONFIGS: dict[str, Variant] = {name: find_variant(name) for name in VARIANT_NAMES}
CONFIGS["crazy-gulbara+2"] = find_variant("crazy-gulbara").with_options(crazy_moves_per_double=2)

#: A seed is a whole game: shrinking it gives nothing simpler, so it is skipped.
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

#: Segments after which a game is cut short (random games end long before).
MAX_SEGMENTS = 3000


# -- positions ---------------------------------------------------------------------


def check_position(v: Variant, pos: Position) -> None:
    """15 checkers per side, none on a bar, never two colours on one point."""
    for side in (pos.mine, pos.theirs):
        assert len(side) == 26 and min(side) >= 0 and sum(side) == CHECKERS
        assert side[BAR] == 0
    for p in range(1, 25):
        assert not (pos.mine[p] and pos.theirs[v.mapping[p]]), f"two colours on {p}"
    v.validate(pos)


def all_home(side: Sequence[int]) -> bool:
    return not any(side[7:25])


def fevga_block_illegal(v: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """V-FEVGA: a six-block on all of my 19–24, or on the six points just ahead (along
    his path, his q-1 … q-6) of his stack of all 15 on his point q."""
    if all(mine[p] for p in range(19, 25)):
        return True
    for q in range(7, 25):
        if theirs[q] == CHECKERS:
            mine_points = [v.mapping[r] for r in range(q - 1, q - 7, -1)]
            return all(mine[p] for p in mine_points)
    return False


def block_illegal(v: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    if v.block_rule == "fevga":
        return fevga_block_illegal(v, mine, theirs)
    return reference_block_illegal(v, tuple(mine), tuple(theirs))


def head_allowance(v: Variant, pos: Position) -> int:
    """Checkers that may leave the head in one segment, at most (L-HEAD-1, with the
    first-turn exception of L-HEAD-2; no limit in khachapuri and fevga)."""
    if v.head_limit == 0:
        return 99
    return v.head_limit + (1 if pos.mine_first and v.first_turn_exception else 0)


def runner_sources(mine: Sequence[int]) -> set[int] | None:
    """V-FEVGA: the only point a checker may move from while the runner has not passed
    the opponent's head (my 12); ``None`` once any checker may move."""
    if mine[OFF]:
        return None
    off_head = CHECKERS - mine[24]
    if off_head == 0:
        return {24}
    if off_head == 1:
        runner = next(p for p in range(1, 24) if mine[p])
        return {runner} if runner >= 12 else None
    return None


# -- single plays ------------------------------------------------------------------


def check_play(v: Variant, pos: Position, dice: tuple[int, ...], play: Play) -> None:
    """Replay a play move by move against the rules; its result must match."""
    where = f"{v.name} {dice} {play}\n{draw(v, pos)}"
    mine = list(pos.mine)
    theirs = pos.theirs  # the opponent does not move during a segment
    left = list(dice)
    heads = 0
    assert len(play.moves) <= len(dice), where
    for m in play.moves:
        assert 1 <= m.frm <= 24 and mine[m.frm] > 0, where
        assert not m.hit, where
        if v.fevga_runner:
            allowed = runner_sources(mine)
            assert allowed is None or m.frm in allowed, f"runner rule (V-FEVGA): {where}"
        pips = m.frm - m.to
        if m.to == OFF:
            assert all_home(mine), f"bears off with checkers outside (G-10): {where}"
            if pips in left:
                die = pips
            else:
                bigger = [d for d in left if d > pips]
                assert bigger and not v.exact_bearoff, f"no die for {m}: {where}"
                assert not any(mine[m.frm + 1 : 7]), f"{m} skips a higher checker: {where}"
                die = min(bigger)
        else:
            assert pips in left, f"{m} uses no die of {dice}: {where}"
            die = pips
            assert theirs[v.mapping[m.to]] == 0, f"{m} lands on an opposing checker: {where}"
            if m.frm <= 6:
                assert v.home_moves != "never", f"{m} moves inside the home: {where}"
                if v.home_moves == "until-all-home":
                    assert not all_home(mine), f"{m} inside a full home: {where}"
        left.remove(die)
        heads += m.frm == 24
        mine[m.frm] -= 1
        mine[m.to] += 1
    assert heads <= head_allowance(v, pos), f"{heads} checkers off the head: {where}"
    assert not block_illegal(v, mine, theirs), f"forbidden six-block: {where}"
    res = play.result
    assert res is not None and res.theirs == tuple(mine) and res.mine == theirs, where
    assert res.turn == other(pos.turn)


def check_segment_plays(v: Variant, pos: Position, dice: tuple[int, ...], plays) -> None:
    """All plays of a segment: each legal move by move, one count of dice (G-8), one
    play per resulting position."""
    assert plays, "a segment with nothing to play is passed by the game itself"
    counts = {len(p.moves) for p in plays}
    assert len(counts) == 1, f"plays with {counts} moves: {sorted(map(str, plays))}"
    results = {p.result.theirs for p in plays if p.result is not None}
    assert len(results) == len(plays)
    for play in plays:
        check_play(v, pos, dice, play)


# -- the reference generator for a segment (RULES.md §5, read literally) --------------


def _single_moves(
    v: Variant, mine: tuple[int, ...], theirs: tuple[int, ...], d: int, heads: int, allow: int
) -> list[tuple[tuple[int, ...], int]]:
    out = []
    runner = runner_sources(mine) if v.fevga_runner else None
    home = all_home(mine)
    for s in range(24, 0, -1):
        if not mine[s] or (runner is not None and s not in runner):
            continue
        if s == 24 and heads >= allow:
            continue
        t = s - d
        if t >= 1:
            if theirs[v.mapping[t]]:
                continue
            if s <= 6 and (v.home_moves == "never" or v.home_moves == "until-all-home" and home):
                continue
        else:
            if not home:
                continue
            if t < 0 and (v.exact_bearoff or any(mine[s + 1 : 7])):
                continue
            t = OFF
        new = list(mine)
        new[s] -= 1
        new[t] += 1
        out.append((tuple(new), heads + (s == 24)))
    return out


def reference_segment_results(
    v: Variant, pos: Position, dice: tuple[int, ...]
) -> set[tuple[int, ...]]:
    """The mover's checkers after each legal play of ``dice`` (one die per move, in
    any order), after the six-block filter and the maximum-dice rule. Positions where
    the side has not played yet (L-HEAD-2) are not covered."""
    assert not pos.mine_first
    allow = 99 if v.head_limit == 0 else v.head_limit
    reached: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    seen: set[tuple] = set()

    def walk(mine: tuple[int, ...], rest: tuple[int, ...], used: tuple[int, ...], heads: int):
        key = (mine, rest, heads)
        if key in seen:
            return
        seen.add(key)
        if not block_illegal(v, mine, pos.theirs):
            reached.setdefault(mine, set()).add(tuple(sorted(used)))
        for d in set(rest):
            i = rest.index(d)
            after = rest[:i] + rest[i + 1 :]
            for new, h in _single_moves(v, mine, pos.theirs, d, heads, allow):
                walk(new, after, used + (d,), h)

    walk(pos.mine, tuple(dice), (), 0)
    most = max((len(u) for used in reached.values() for u in used), default=0)
    if most == 0:
        return set()
    best = {m for m, used in reached.items() if any(len(u) == most for u in used)}
    if most == 1 and len(dice) == 2 and dice[0] != dice[1]:
        larger = {m for m in best if (max(dice),) in reached[m]}
        best = larger or best
    return best


def compare_with_reference(
    v: Variant, pos: Position, kind: str, dice: tuple[int, ...], plays: Sequence[Play]
) -> None:
    """The plays' resulting placements must be exactly the reference generator's."""
    ref = reference_segment_results(v, pos, dice)
    got = {p.result.theirs for p in plays if p.result is not None}
    if got == ref:
        return
    extra = sorted(str(p) for p in plays if p.result is not None and p.result.theirs not in ref)
    missing = [{p: n for p, n in enumerate(m) if n} for m in sorted(ref - got)[:3]]
    raise AssertionError(
        f"{v.name} {kind} segment {dice}\n{draw(v, pos)}\n{pos!r}\n"
        f"generated but not legal: {extra}\n"
        f"legal but not generated: {len(ref - got)} placement(s) (point: checkers), "
        f"e.g. {missing}"
    )


# -- whole rolls -----------------------------------------------------------------------


def _apply(side: list[int], moves) -> None:
    for m in moves:
        side[m.frm] -= 1
        side[m.to] += 1


def check_roll(
    v: Variant, start: Position, dice: tuple[int, int], turns: list[Turn], over: bool
) -> tuple[dict[str, list[int]], bool]:
    """The segments of one roll (from ``start``, the roller on roll): their shape, the
    sequence, the passed moves. Returns both sides after them (by colour) and whether
    the roller rolls again (V-GUL)."""
    roller = start.turn
    sides = {roller: list(start.mine), other(roller): list(start.theirs)}
    own = [t for t in turns if t.color == roller]
    passed = [t for t in turns if t.color != roller]
    where = f"{v.name} roll {dice}: {[(t.color, t.dice, str(t.play)) for t in turns]}"
    assert turns[: len(own)] == own, f"the roller's segments come first: {where}"
    assert own, where
    d1, d2 = dice
    if d1 != d2:
        assert len(own) == 1 and own[0].dice == dice and not passed, where
    else:
        n = v.crazy_moves_per_double if v.doubles_sequence else 4
        values = [t.dice[0] for t in own]
        assert all(t.dice == (t.dice[0],) * n for t in own), where
        if v.doubles_sequence:
            assert values == list(range(d1, d1 + len(own))), f"sequence: {where}"
        else:
            assert values == [d1], where
    home_after = []
    for t in own:
        _apply(sides[roller], t.play.moves)
        home_after.append(all_home(sides[roller]))
    if d1 == d2 and v.doubles_sequence and not over:
        last = own[-1].dice[0]
        assert last == 6 or home_after[-1], f"sequence stopped early: {where}"
        for i, home in enumerate(home_after[:-1]):
            extra = v.extra_double_on_entry and i == len(own) - 2
            assert not home or extra, f"sequence went on with all home: {where}"
    if not over:
        expected: list[int] = []
        for t in own:
            left = len(t.dice) - len(t.play.moves)
            double = len(t.dice) > 1 and len(set(t.dice)) == 1
            passes = v.pass_unplayed and (t.play.moves or v.unstartable_double_passes)
            if double and left and passes:
                expected += [t.dice[0]] * left
        got = [d for t in passed for d in t.dice]
        assert got == expected, f"passed moves {got}, unplayed {expected}: {where}"
        assert all(len(set(t.dice)) == 1 for t in passed), where
    for t in passed:
        _apply(sides[t.color], t.play.moves)
    first = own[0]
    reroll = v.reroll_on_full_double and d1 == d2 and len(first.play.moves) == len(first.dice)
    return sides, reroll


# -- the game driver -------------------------------------------------------------------


def play_checked_game(
    v: Variant, seed: int, *, reference: bool = False
) -> tuple[Game, list[tuple[int, str]]]:
    """Play one random game, checking every segment and roll; returns the game and
    (record index, segment kind) of every play record."""
    rng = random.Random(seed)
    game = Game(v, dice=RandomDice(seed))
    while game.phase == "opening":
        a, b = rng.randint(1, 6), rng.randint(1, 6)
        game.opening(max(a, b), min(a, b))
    plays_made: list[tuple[int, str]] = []
    segments = 0
    while game.phase != "over":
        assert game.phase == "roll"
        start = game.position
        first_turn = len(game.turns)
        dice = game.roll()
        while game.phase == "move":
            seg = game.segment
            assert seg is not None
            pos = game.position
            assert pos.turn == seg.owner
            check_position(v, pos)
            plays = game.legal_plays()
            check_segment_plays(v, pos, seg.dice, plays)
            if reference and not pos.mine_first:
                compare_with_reference(v, pos, seg.kind, seg.dice, plays)
            plays_made.append((len(game.records), seg.kind))
            game.play(plays[rng.randrange(len(plays))])
            segments += 1
            assert segments < MAX_SEGMENTS, f"{v.name} seed {seed}: game does not end"
        check_position(v, game.position)
        over = game.phase == "over"
        sides, reroll = check_roll(v, start, dice, game.turns[first_turn:], over)
        if over and game.outcome is not None and game.outcome.reason == "frozen":
            # the engine's ruling for V-CRAZY's mutual block: a void draw, only when
            # no roll of either side can ever be played again
            assert game.outcome.winner is None and game.outcome.value == 0
            for side in (game.position, game.position.swap()):
                assert all(legal_plays(v, side, d).must_pass for d in ALL_ROLLS)
        elif over:
            assert game.outcome is not None
            winner = game.outcome.winner
            assert winner is not None and game.position.side(winner)[OFF] == CHECKERS
            loser = game.position.side(other(winner))
            assert loser[OFF] < CHECKERS
        else:
            nxt = start.turn if reroll else other(start.turn)
            assert game.turn == nxt, f"{v.name}: {game.turn} rolls, expected {nxt}"
            assert game.position.mine == tuple(sides[nxt])
            assert game.position.theirs == tuple(sides[other(nxt)])
    return game, plays_made


# -- tests -----------------------------------------------------------------------------


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
@pytest.mark.parametrize("name", list(CONFIGS))
def test_invariants_along_random_games(name: str, seed: int) -> None:
    """Every segment and every roll of a random game keeps the invariants above."""
    play_checked_game(CONFIGS[name], seed)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
@pytest.mark.parametrize("name", list(CONFIGS))
def test_plays_agree_with_the_reference_generator(name: str, seed: int) -> None:
    """The plays of every segment (roll, sequence double, passed moves) are exactly
    the reference generator's (RULES.md §5, G-8), away from first turns."""
    play_checked_game(CONFIGS[name], seed, reference=True)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_game_record_replays_and_tampering_is_named(name: str) -> None:
    """A random game's record replays to the same game; a play record of each kind
    present (roll, sequence, passed) changed to ``-`` (nothing) fails at exactly its
    index."""
    v = CONFIGS[name]
    for seed in range(2):
        game, made = play_checked_game(v, 1000 + seed)
        again = Game.replay(game.records)
        assert again.position == game.position and again.phase == "over"
        assert again.outcome == game.outcome and again.records == game.records
        assert [(t.color, t.dice, t.play) for t in again.turns] == [
            (t.color, t.dice, t.play) for t in game.turns
        ]
        by_kind: dict[str, int] = {}
        for index, kind in made:
            by_kind.setdefault(kind, index)
        assert "roll" in by_kind
        if v.doubles_sequence:
            assert "sequence" in by_kind or seed == 0
        for index in by_kind.values():
            records = [dict(r) for r in game.records]
            records[index]["play"] = "-"
            with pytest.raises(ReplayError) as err:
                Game.replay(records)
            assert err.value.index == index


def test_reference_generator_sees_variant_rules() -> None:
    """The reference generator itself follows the rules it stands for (so that the
    comparison above can fail): crazy's exact bear-off, gulbara's head limit per
    segment, fevga's runner."""
    crazy = CONFIGS["crazy"]
    pos = Position.from_points({5: 3}, {12: 15})
    assert reference_segment_results(crazy, pos, (6, 5)) == {Position.from_points({5: 2}, {}).mine}
    gul = CONFIGS["gulbara"]
    start = gul.start_position(first_turns=False)
    got = reference_segment_results(gul, start, (1, 1, 1, 1))
    assert got == {Position.from_points({24: 14, 20: 1}, {}).mine}
    fevga = CONFIGS["fevga"]
    runner = Position.from_points({24: 14, 20: 1}, {24: 15})
    assert reference_segment_results(fevga, runner, (2, 1)) == {
        Position.from_points({24: 14, 17: 1}, {}).mine
    }


def test_passed_moves_check_catches_a_wrong_turn() -> None:
    """``check_roll`` fails when moves that should pass did not (so the conservation
    check above can fail): a gulbara 6-6 with one move played and nothing passed."""
    v = CONFIGS["gulbara"]
    start = v.start_position(first_turns=False)
    played = LegalPlays(v, start, (6, 6, 6, 6), explicit=True)[0]
    turns = [Turn("white", (6, 6, 6, 6), played)]
    with pytest.raises(AssertionError, match="passed moves"):
        check_roll(v, start, (6, 6), turns, over=False)
    turns.append(Turn("black", (6, 6, 6), Play(())))
    check_roll(v, start, (6, 6), turns, over=False)
