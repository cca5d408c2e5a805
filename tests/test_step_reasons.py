"""Why a single checker move is refused (``nardy.step_reasons``, through ``Game.move``):
each reason where its rule surely decides the step, cited by rule id, in both
languages; a step only the whole play forbids keeps the generic message."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from nardy.errors import IllegalMoveError, InvalidPositionError
from nardy.game import Game
from nardy.i18n import t
from nardy.position import Position
from nardy.step_reasons import die_reason
from nardy.variants import find_variant


def rolled(variant: str, pos: Position | None, d1: int, d2: int) -> Game:
    """A game of ``variant`` in ``pos`` (None: the start) with d1-d2 to play."""
    g = Game(find_variant(variant), position=pos)
    if pos is None:
        g.opening(d1, d2) if d1 != d2 else None
    else:
        g.roll(d1, d2)
    assert g.phase == "move", g.phase
    return g


def refusal(g: Game, frm: int, to: int) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as err:
        g.move(frm, to)
    return err.value


def test_g6_no_die_left_makes_the_distance() -> None:
    g = rolled("short", None, 6, 5)  # S-1's start, 6-5 to play
    e = refusal(g, 13, 9)  # a 4
    assert e.key == "error.step-no-die" and e.params["distance"] == 4
    assert e.params["dice"] == "6-5"
    assert "no die left makes 4" in str(e)
    assert "ни одна из оставшихся костей не даёт 4" in t(e.key, "ru", **e.params)
    g.move(13, 7)  # the six used: a five is left, and eleven (6+5) is no longer
    assert refusal(g, 24, 13).key == "error.step-no-die"


def test_g9_the_opponents_point_short_and_long() -> None:
    g = rolled("short", None, 6, 5)
    e = refusal(g, 6, 1)  # his two checkers on my 1 (his 24)
    assert e.key == "error.step-point-held" and e.params == {"move": "6/1", "point": "1", "n": 2}
    assert "пункт 1 занят соперником, там 2 шашки" in t(e.key, "ru", **e.params)
    # long nardy: one checker of his closes a point (L-1: no hitting)
    long = find_variant("long")
    his = long.mapping[18]  # (my point 18 in his numbering)
    pos = Position.from_points({24: 14, 20: 1}, {24: 14, his: 1})
    g = rolled("long", pos, 6, 2)
    e = refusal(g, 20, 18)
    assert e.key == "error.step-point-taken" and "(G-9)" in str(e)
    assert "на пункте 18 стоит шашка соперника" in t(e.key, "ru", **e.params)


def test_s3_a_checker_on_the_bar_enters_first() -> None:
    pos = Position.from_points({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}, mine_bar=1)
    g = rolled("short", pos, 3, 1)
    e = refusal(g, 13, 10)
    assert e.key == "error.step-bar-first" and "(S-3)" in str(e)


def test_g10_no_bearing_off_before_all_are_home() -> None:
    pos = Position.from_points({1: 10, 2: 4, 8: 1}, {19: 15})
    g = rolled("short", pos, 2, 1)
    e = refusal(g, 1, 0)
    assert e.key == "error.step-not-home" and e.params["n"] == 1
    assert "1 is still outside (G-10)" in str(e)


def test_lhead1_one_checker_from_the_head() -> None:
    pos = Position.from_points({24: 14, 19: 1}, {24: 14, 19: 1})  # (not the first turn)
    g = rolled("long", pos, 5, 3)
    g.move(24, 19)
    e = refusal(g, 24, 21)
    assert e.key == "error.step-head" and e.params["n"] == 1
    assert "only 1 checker may leave the head this turn (L-HEAD-1)" in str(e)
    assert "с головы за ход можно снять только 1 шашку" in t(e.key, "ru", **e.params)


def test_an_empty_point_backwards_and_the_bar() -> None:
    g = rolled("short", None, 6, 5)
    assert refusal(g, 14, 8).key == "error.step-no-checker"
    assert refusal(g, 25, 20).key == "error.step-no-checker-bar"
    assert refusal(g, 6, 11).key == "error.step-backwards"


def test_what_only_the_whole_play_forbids_keeps_the_generic_message() -> None:
    """G-8: one checker on 13 with 6-5, where after either die the other cannot be
    played: the higher die must be (13/7). 13/8 is open, its die is there: only the
    whole play forbids it, and no single rule is made up for it."""
    pos = Position.from_points({13: 1, 6: 14}, {23: 2, 24: 2, 6: 11})  # (my 2 and 1 held)
    g = rolled("short", pos, 6, 5)
    assert {(m.frm, m.to) for m in g.legal_steps()} == {(13, 7)}
    e = refusal(g, 13, 8)
    assert e.key == "error.step-illegal" and str(e) == "13/8 is not a legal move now"


# -- a tapped checker that cannot move at all (Game.stuck_reason) --------------------


def test_s3_a_checker_waits_while_one_is_on_the_bar() -> None:
    pos = Position.from_points({6: 5, 8: 3, 13: 5, 24: 1}, {6: 5, 8: 3, 13: 5, 24: 2}, mine_bar=1)
    g = rolled("short", pos, 3, 1)
    e = g.stuck_reason(13)
    assert e is not None and e.key == "error.source-bar-first" and "(S-3)" in str(e)
    assert "the checker on 13 waits: 1 checker on the bar" in str(e)
    assert "шашка на пункте 13 ждёт: сначала надо ввести с бара 1 шашку" in e.text("ru")
    assert g.stuck_reason(25) is None  # (the bar's own checker: its dice decide)


def test_lhead1_the_head_has_given_its_checker() -> None:
    pos = Position.from_points({24: 14, 19: 1}, {24: 14, 19: 1})  # (not the first turn)
    g = rolled("long", pos, 5, 3)
    assert g.stuck_reason(24) is None  # nothing has left the head yet
    g.move(24, 19)
    e = g.stuck_reason(24)
    assert e is not None and e.key == "error.source-head" and e.params["n"] == 1
    assert "больше шашек с головы в этом ходе не снять: можно только 1 (L-HEAD-1)" in e.text("ru")
    assert g.stuck_reason(19) is None  # a checker that may move


def test_vfevga_the_head_waits_for_the_runner() -> None:
    fevga = find_variant("fevga")
    pos = fevga.start_position(first_turns=False)
    g = Game(fevga, position=pos)
    g.roll(5, 2)
    g.move(24, 19)  # the runner leaves the head
    e = g.stuck_reason(24)
    assert e is not None and e.key == "error.source-runner" and "(V-FEVGA)" in str(e)
    assert e.params["point"] == "19"
    assert "пока бегун (на пункте 19) не прошёл голову соперника, ходит только он" in e.text("ru")
    assert not [m for m in g.legal_steps() if m.frm == 24]  # (the rule it names holds)


def moves_to_make(variant: str, seed: int, games: int, turns: int) -> Iterator[Game]:
    """Random games of ``variant``: each game at each of its moves to make (phase
    "move"), for the caller to try what it checks and then to play on."""
    rng = random.Random(seed)
    v = find_variant(variant)
    for _ in range(games):
        g = Game(v)
        for _turn in range(turns):
            if g.phase == "opening":
                g.opening(*sorted(rng.sample(range(1, 7), 2), reverse=True))
            elif g.phase == "roll":
                g.roll(rng.randint(1, 6), rng.randint(1, 6))
            elif g.phase == "move":
                yield g
            else:
                break


@pytest.mark.parametrize("variant", ["short", "long", "crazy", "gulbara", "fevga", "khachapuri"])
def test_a_stuck_reason_is_given_only_to_a_checker_with_no_step(variant: str) -> None:
    """Property: over random games, a point given a reason has no legal step (the
    reason never stops a checker that may move), and some reasons are given."""
    rng = random.Random(11)
    given = 0
    for g in moves_to_make(variant, 11, games=20, turns=80):
        play = rng.choice(list(g.legal_plays()))
        for step in play.moves:  # step by step: the head's and the runner's reasons
            sources = {m.frm for m in g.legal_steps()}
            for frm in range(1, 26):
                if g.stuck_reason(frm) is not None:
                    given += 1
                    assert frm not in sources, (variant, g.pending_position, frm)
            g.move(step.frm, step.to)
        g.confirm()
    # (khachapuri has no bar and no head limit: none of these rules can stop a checker)
    assert given > 0 or variant == "khachapuri"


@pytest.mark.parametrize("variant", ["short", "long", "crazy", "gulbara", "fevga", "khachapuri"])
def test_a_reason_never_refuses_a_legal_step(variant: str) -> None:
    """Property: over random games, every legal step is made (no reason stops it), and
    every step refused with a reason is indeed not among the legal ones."""
    rng = random.Random(7)
    checked = 0
    for g in moves_to_make(variant, 7, games=30, turns=60):
        legal = {(m.frm, m.to) for m in g.legal_steps()}
        for frm in range(1, 26):
            for to in range(0, frm):
                if (frm, to) in legal:
                    continue
                try:
                    g.move(frm, to)
                except IllegalMoveError:
                    checked += 1
                    continue
                g.undo()  # (a hop several dice make: legal too)
        play = rng.choice(list(g.legal_plays()))
        g.play(play.moves)
    assert checked > 1000


# -- the six-block (L-BLOCK) ----------------------------------------------------------

BLOCK = {8: 5, 6: 2, 5: 2, 4: 2, 3: 2, 2: 2}  # points 6–2 held: 1 would close six


def test_lblock_the_step_that_closes_a_six_block_says_so() -> None:
    """The rules page's example: 8/2 played with the 6, the 1 left; 2/1 would close
    6–1 while no black checker has passed it (it ends the turn: nothing can open it)."""
    g = rolled("long", Position.from_points(BLOCK, {24: 14, 19: 1}), 6, 1)
    g.move(8, 2)
    e = refusal(g, 2, 1)
    assert e.key == "error.step-block" and "(L-BLOCK)" in str(e)
    assert "a checker on 1 would close a six-point block" in str(e)
    assert "занять пункт 1 нельзя — шесть пунктов подряд стали бы заслоном" in e.text("ru")


def test_lblock_a_block_a_later_move_may_open_keeps_the_generic_message() -> None:
    """With both dice left the 6 could still open the block (end-of-turn check): the
    step alone does not surely close it, so no reason is made up."""
    g = rolled("long", Position.from_points(BLOCK, {24: 14, 19: 1}), 6, 1)
    assert refusal(g, 2, 1).key == "error.step-illegal"


def test_lblock_passed_by_one_checker_is_no_reason() -> None:
    g = rolled("long", Position.from_points(BLOCK, {24: 13, 19: 1, 10: 1}), 6, 1)
    g.move(8, 2)
    g.move(2, 1)  # a black checker has passed: the block is allowed
    assert g.turn_complete


def random_block_positions(rng: random.Random, n: int) -> Iterator[Position]:
    """Long-nardy positions with five or six of six points in a row held (where a
    step may close a six-block), the opponent's checkers before or past them."""
    for _ in range(n):
        low = rng.randint(1, 12)
        held = rng.sample(range(low, low + 6), rng.choice([5, 5, 6]))
        mine = {p: 2 for p in held}
        for _ in range(15 - 2 * len(held)):  # (singles just behind: one may close it)
            p = rng.randint(low + 1, min(24, low + 12))
            mine[p] = mine.get(p, 0) + 1
        far = rng.choice([24, 24, 20, 3])
        theirs = {far: 14, rng.choice([far, 13, 2]): 1}
        pos = Position.from_points(mine, theirs)
        try:
            find_variant("long").validate(pos)
        except InvalidPositionError:  # (a point of both sides: drawn again)
            continue
        yield pos


def test_the_block_reason_is_never_given_to_a_legal_step() -> None:
    """Property: in positions built around six-blocks, every step refused with the
    block's reason is not legal, every legal one is made, and the reason is given."""
    rng = random.Random(5)
    given = 0
    for pos in random_block_positions(rng, 300):
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        g = Game(find_variant("long"), position=pos)
        g.roll(d1, d2)
        if g.phase != "move":
            continue
        for step in rng.choice(list(g.legal_plays())).moves:
            legal = {(m.frm, m.to) for m in g.legal_steps()}
            made = len(g.pending)
            for frm, to in [(f, d) for f in range(1, 25) for d in range(1, f)]:
                try:
                    g.move(frm, to)
                except IllegalMoveError as e:
                    assert (frm, to) not in legal, (pos, g.pending, frm, to)
                    given += e.key == "error.step-block"
                    continue
                while len(g.pending) > made:  # (a hop several dice make: legal too)
                    g.undo()
            g.move(step.frm, step.to)
    assert given >= 5


# -- a die left that cannot be played (die_reason) --------------------------------------


def test_a_die_every_point_of_which_is_taken_says_so() -> None:
    """Bearing off in long nardy: 13 on 4, the opponent on 3, 2, 1 (his 15, 14, 13):
    with 4-1 only 4/off is legal; the 1 leads only to his point 3."""
    long = find_variant("long")
    theirs = {long.mapping[3]: 1, long.mapping[2]: 1, long.mapping[1]: 1, 24: 12}
    pos = Position.from_points({4: 13}, theirs)
    e = die_reason(long, pos, 1)
    assert e.key == "error.die-blocked" and e.text("ru").startswith("1 сыграть нельзя: все пункты")
    assert die_reason(long, pos, 4).key == "error.die-unplayable"  # (4/off: not blocked)
