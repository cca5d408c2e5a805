"""A game's history rows (``nardy.server.views.turn_rows``) are built once per turn and
viewer colour: a later call reuses the rows of the turns it built and adds the new
ones, equal to rows built afresh from the game's records."""

from __future__ import annotations

import random

import pytest

from nardy.dice import RandomDice
from nardy.game import Game
from nardy.server.views import play_steps, turn_rows


def fresh(g: Game, view: str) -> list[dict[str, object]]:
    return [
        {
            "color": t.color,
            "dice": list(t.dice),
            "play": t.play.text,
            "kind": t.kind,
            "steps": play_steps(t.play.moves, g.variant.mapping, t.color == view),
        }
        for t in g.turns
    ]


@pytest.mark.parametrize("variant", ["short", "long"])
def test_rows_are_kept_per_turn_and_colour(variant: str) -> None:
    rng = random.Random(7)
    g = Game(variant, dice=RandomDice(7))  # (seeded: the same game every run)
    kept: dict[str, list[dict[str, object]]] = {"white": [], "black": []}
    while g.phase != "over" and len(g.turns) < 40:
        if g.phase == "opening":  # (a tied opening roll is rolled again)
            g.opening()
        elif g.phase == "roll":
            g.roll()
        elif g.phase == "move":
            g.play(rng.choice(list(g.legal_plays())))
        else:
            break
        for view in ("white", "black"):
            rows = turn_rows(g, view)
            assert rows == fresh(g, view)
            # the rows already built are the same objects, not built again
            assert all(a is b for a, b in zip(kept[view], rows, strict=False))
            kept[view] = list(rows)
    assert len(g.turns) >= 20
    if variant == "long":  # the two colours number the points differently
        assert turn_rows(g, "white") != turn_rows(g, "black")
    replayed = Game.replay(g.records)  # another game: rows of its own, equal
    assert turn_rows(replayed, "white") == turn_rows(g, "white")
    assert turn_rows(replayed, "white") is not turn_rows(g, "white")
