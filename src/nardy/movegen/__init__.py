"""Legal-play generation for every variant (RULES.md G-6…G-10, S-2…S-7, L-HEAD, L-BLOCK).

The package holds two generators behind one API:

- ``nardy.movegen.reference``: the pure-Python generator, the reference;
- ``nardy.movegen.compiled``: the compiled one (the C extension ``nardy._fastgen``),
  used when it is built and implements the variant's rules, unless
  ``NARDY_PURE_PYTHON=1``;

and this module, which dispatches between them and builds the step-by-step forms
(``legal_sequences``, ``next_steps``) on top. Imports flow one way: ``candidate`` <
``reference``, ``compiled`` < this module.
"""

from __future__ import annotations

from collections.abc import Sequence

from nardy.movegen import compiled, reference
from nardy.movegen.candidate import Candidate, RawMove, ResultKey, result_position
from nardy.movegen.reference import head_allowance
from nardy.position import Position
from nardy.variants.base import Variant

__all__ = [
    "Candidate",
    "RawMove",
    "head_allowance",
    "legal_candidates",
    "legal_sequences",
    "next_steps",
    "result_position",
    "segment_candidates",
]


def legal_candidates(variant: Variant, position: Position, d1: int, d2: int) -> list[Candidate]:
    """The legal plays of a roll as candidates, one per resulting position."""
    fast = compiled.fast_candidates(variant, position, d1, d2)  # None: bad dice, or not C
    if fast is not None:
        return fast
    return reference.legal_candidates(variant, position, d1, d2)


def segment_candidates(
    variant: Variant, position: Position, dice: Sequence[int]
) -> list[Candidate]:
    """Legal plays of an explicit list of dice (a turn segment: a roll's two numbers,
    a double's four, a crazy sequence's double, moves passed by the opponent), one per
    resulting position, after rule filtering and the maximum-dice rule."""
    fast = compiled.fast_segment(variant, position, dice)  # None: other dice, or not C
    if fast is not None:
        return fast
    return reference.segment_candidates(variant, position, dice)


def _unpruned_search(
    variant: Variant, position: Position, dice: tuple[int, ...]
) -> tuple[set[ResultKey], int, reference.Search] | None:
    """The legal results of ``dice`` (mine, opp), the dice they use, and a search that
    tries every order of moves; None when nothing can be played."""
    cands = segment_candidates(variant, position, dice)
    if not cands:
        return None
    search = reference.Search(
        variant,
        position,
        reference.head_allowance_dice(variant, position, dice),
        prune_doubles=False,
    )
    return {(c.mine, c.opp) for c in cands}, len(cands[0].dice), search


def legal_sequences(
    variant: Variant, position: Position, dice: Sequence[int]
) -> list[tuple[RawMove, ...]]:
    """Every order of single checker moves that makes a legal play of ``dice`` (every
    die listed: a double roll is four dice); empty when nothing can be played."""
    dice = tuple(dice)
    found = _unpruned_search(variant, position, dice)
    if found is None:
        return []
    legal, most, search = found
    search.paths = []
    search.run(reference.dice_orders(dice))
    seen: set[tuple[RawMove, ...]] = set()
    out = []
    for moves, key in search.paths:
        if len(moves) == most and key in legal and moves not in seen:
            seen.add(moves)
            out.append(moves)
    return out


def next_steps(
    variant: Variant,
    position: Position,
    dice: Sequence[int],
    done: Sequence[tuple[RawMove, int]],
) -> list[tuple[RawMove, int]]:
    """Single checker moves (with the die each uses) that may follow the moves ``done``
    in a legal play of ``dice``: the step-by-step form of ``segment_candidates``."""
    dice = tuple(dice)
    found = _unpruned_search(variant, position, dice)
    if found is None:
        return []
    targets, most, search = found
    remaining = list(dice)
    heads = 0
    states: set[tuple[int, ...]] = {()}  # the S-6 hitter sets the moves so far allow
    for (s, t, hit), d in done:
        nxt = {x[3] for h in states for x in search.steps(d, heads, h, 25) if x[:3] == (s, t, hit)}
        if d not in remaining or not nxt or not search.apply(s, t, hit):
            raise ValueError(f"move {s}/{t} with {d} does not continue a legal play")
        remaining.remove(d)
        heads += s == 24
        states = nxt
    rest_all = tuple(sorted(remaining, reverse=True))
    need = most - len(done)
    if need <= 0:
        return []
    out: set[tuple[RawMove, int]] = set()
    memo: dict[reference.State, bool] = {}
    for hitters in states:
        for d, rest, move, new_heads, new_hitters in search.moves_from(
            rest_all, heads, hitters, 25
        ):
            if (move, d) not in out and search.can_reach(
                rest, need - 1, targets, new_heads, new_hitters, memo
            ):
                out.add((move, d))
    return sorted(out, reverse=True)
