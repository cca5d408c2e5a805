"""The checker targets the game page offers (``nardy.server.live.targets``) and the
steps they are walked with (``Game.steps_after``): the same as making each step and
asking the game again, which is how they were found before the walk stopped making
moves (a reference kept here). Every variant, every point of seeded random games,
mid-turn too (G-12: a turn made step by step)."""

from __future__ import annotations

import random

import pytest

from nardy.dice import RandomDice
from nardy.game import Game
from nardy.server.live import targets
from nardy.variants import VARIANTS


def targets_by_moving(g: Game) -> dict[int, list[int]]:
    """The reference: each step made and taken back on the game itself."""
    out: dict[int, set[int]] = {}

    def walk(start: int, at: int, depth: int) -> None:
        for step in g.legal_steps():
            if step.frm != at or (depth and step.frm == 0):
                continue
            out.setdefault(start, set()).add(step.to)
            if step.to == 0:
                continue
            g.move(step.frm, step.to)
            try:
                walk(start, step.to, depth + 1)
            finally:
                g.undo()

    for first in {s.frm for s in g.legal_steps()}:
        walk(first, first, 0)
    return {k: sorted(v, reverse=True) for k, v in sorted(out.items(), reverse=True)}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_targets_and_steps_equal_making_the_moves(name: str) -> None:
    rng = random.Random(name)
    checked = 0
    for seed in range(2):
        g = Game(name, dice=RandomDice(seed))
        while g.phase == "opening":
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            g.opening(max(a, b), min(a, b))
        for _ in range(400):
            if g.phase == "over":
                break
            if g.phase == "roll":
                g.roll()
                continue
            for _ in range(rng.randint(0, 2)):  # some steps of the turn made already
                steps = g.legal_steps()
                if not steps or g.turn_complete:
                    break
                step = rng.choice(steps)
                g.move(step.frm, step.to)
            assert targets(g) == targets_by_moving(g), (name, g.pending_position)
            nxt = g.steps_after([])
            assert [s for s, _ in nxt] == g.legal_steps()
            for step, die in nxt:  # what may follow each next step, before making it
                assert die in g.dice_left
                then = {s for s, _ in g.steps_after([(step, die)])}
                g.move(step.frm, step.to)
                assert then == set(g.legal_steps()), (name, step, g.pending_position)
                g.undo()
            checked += 1
            if g.turn_complete and rng.random() < 0.5:
                g.confirm()
            else:
                while g.pending:
                    g.undo()
                g.play(rng.choice(list(g.legal_plays())))
    assert checked > 50
