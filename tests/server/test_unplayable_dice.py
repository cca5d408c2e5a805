"""The dice left that cannot be played any more (``views.unplayable``): the board
crosses them out and says why, instead of a die that looks playable and does nothing."""

from __future__ import annotations

import random

from nardy.game import Game
from nardy.position import Position
from nardy.server.views import unplayable
from nardy.variants import find_variant


def test_the_one_of_4_1_bearing_off_against_a_closed_home() -> None:
    """13 checkers on 4 (2 off), the opponent on 3, 2, 1: with 4-1 only 4/off is legal;
    the 1 is crossed out from the start and after 4/off, with its reason."""
    long = find_variant("long")
    theirs = {long.mapping[3]: 1, long.mapping[2]: 1, long.mapping[1]: 1, 24: 12}
    g = Game(long, position=Position.from_points({4: 13}, theirs))
    g.roll(4, 1)
    before = unplayable(g)
    assert set(before) == {"1"}
    assert before["1"]["ru"].startswith("1 сыграть нельзя: все пункты на 1 вперёд")
    assert before["1"]["en"].startswith("the 1 cannot be played: every point")
    g.move(4, 0)
    assert g.turn_complete and set(unplayable(g)) == {"1"}


def test_a_die_only_a_higher_bear_off_uses_is_not_crossed_out() -> None:
    """Checkers on 4 and 3 with 6-5: 4/off 3/off plays both dice, the 6 taking a checker
    off a lower point. The step's smallest die is the 5, and the 6 had been crossed
    out as unplayable."""
    short = find_variant("short")
    g = Game(short, position=Position.from_points({4: 1, 3: 1}, {6: 5, 5: 5}))
    g.roll(6, 5)
    assert [p.text for p in g.legal_plays()] == ["4/off 3/off"]
    assert unplayable(g) == {}


def test_a_die_a_move_can_use_is_never_crossed_out() -> None:
    """Property: over random games, no die listed is used by a legal next step."""
    rng = random.Random(3)
    listed = 0
    for name in ("short", "long"):
        g = Game(find_variant(name))
        for _ in range(400):
            if g.phase == "opening":
                g.opening(*sorted(rng.sample(range(1, 7), 2), reverse=True))
            elif g.phase == "roll":
                g.roll(rng.randint(1, 6), rng.randint(1, 6))
            elif g.phase == "move":
                play = rng.choice(list(g.legal_plays()))
                for step in play.moves:
                    used = {die for _, die in g.steps_after([])}
                    listed += len(unplayable(g))
                    assert not used & {int(d) for d in unplayable(g)}
                    g.move(step.frm, step.to)
                listed += len(unplayable(g))
                g.confirm()
            else:
                g = Game(find_variant(name))
    assert listed > 0
