"""Shared test helpers: building validated positions, drawing them, a reference
legal-play generator written straight from RULES.md, and random reachable positions.

The reference generator (`reference_results`) is deliberately simple and slow: it
enumerates every order of single checker moves breadth-first, tracks which checker
hit (S-6) by counting hitters per point, applies the rule filters and then the
maximum-dice rule (G-8). It shares no code with ``nardy.movegen``; the tests compare
the two.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from nardy.movegen import legal_candidates, result_position
from nardy.plays import LegalPlays, Play, legal_plays
from nardy.position import BAR, CHECKERS, OFF, Position
from nardy.variants import Variant, find_variant

ALL_VARIANTS = ("short", "short-ru", "short-caucasian", "long", "nardgammon")
SHORT_VARIANTS = ("short", "short-ru", "short-caucasian")
LONG_VARIANTS = ("long", "nardgammon")

#: Every distinct roll, larger die first.
ALL_ROLLS = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))

Key = tuple[tuple[int, ...], tuple[int, ...]]


# -- building and drawing ---------------------------------------------------------


def board(
    variant: Variant | str,
    mine: dict[int, int],
    theirs: dict[int, int],
    *,
    mine_bar: int = 0,
    theirs_bar: int = 0,
    mine_first: bool = False,
    theirs_first: bool = False,
    turn: str = "white",
) -> Position:
    """A position checked by ``variant.validate`` (so a test cannot start from an
    impossible board); each side's points are in that side's own numbering."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    pos = Position.from_points(
        mine,
        theirs,
        mine_bar=mine_bar,
        theirs_bar=theirs_bar,
        turn=turn,  # type: ignore[arg-type]
        mine_first=mine_first,
        theirs_first=theirs_first,
    )
    v.validate(pos)
    return pos


def draw(variant: Variant | str, position: Position) -> str:
    """ASCII board in the numbering of the side on roll: X = side on roll, O = other
    side (its checkers shown on the point where they stand in X's numbering)."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    mapping = v.mapping

    def cell(p: int) -> str:
        x = position.mine[p]
        o = position.theirs[mapping[p]]
        if x:
            return f"X{x}".rjust(4)
        if o:
            return f"O{o}".rjust(4)
        return "   ."

    top = range(13, 25)
    bottom = range(12, 0, -1)
    lines = [
        " " + "".join(f"{p:4d}" for p in top[:6]) + " |" + "".join(f"{p:4d}" for p in top[6:]),
        " " + "".join(cell(p) for p in top[:6]) + " |" + "".join(cell(p) for p in top[6:]),
        " " + "".join(cell(p) for p in bottom[:6]) + " |" + "".join(cell(p) for p in bottom[6:]),
        " "
        + "".join(f"{p:4d}" for p in bottom[:6])
        + " |"
        + "".join(f"{p:4d}" for p in bottom[6:]),
        f" bar X{position.mine[BAR]} O{position.theirs[BAR]}"
        f"  off X{position.mine[OFF]} O{position.theirs[OFF]}",
    ]
    return "\n".join(line.rstrip() for line in lines)


def texts(plays: Iterable[Play]) -> set[str]:
    """Canonical texts of plays."""
    return {str(p) for p in plays}


def result_keys(plays: Iterable[Play]) -> set[Key]:
    """Resulting checker placements of plays, as (mover's side, other side), each in
    its own numbering (the flags of the position are ignored)."""
    out = set()
    for p in plays:
        assert p.result is not None
        out.add((p.result.theirs, p.result.mine))
    return out


def after(variant: Variant | str, position: Position, text: str) -> Key:
    """The placement (mover, other) after applying ``text`` move by move, hits
    included, without asking the generator (``*`` marks are not trusted: a move
    onto a lone opposing checker in short nardy hits it)."""
    from nardy.plays import parse_moves

    v = find_variant(variant) if isinstance(variant, str) else variant
    mine = list(position.mine)
    theirs = list(position.theirs)
    for m in parse_moves(text):
        mine[m.frm] -= 1
        mine[m.to] += 1
        if m.to != OFF and v.family == "short" and theirs[v.mapping[m.to]] == 1:
            theirs[v.mapping[m.to]] = 0
            theirs[BAR] += 1
    assert min(mine) >= 0, f"{text}: moves a checker that is not there"
    return tuple(mine), tuple(theirs)


def plays_of(variant: Variant | str, position: Position, dice: tuple[int, int]) -> LegalPlays:
    """``legal_plays`` for a variant given by name."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    return legal_plays(v, position, dice)


# -- the reference generator (RULES.md, read literally) ----------------------------


def _their_point(v: Variant, p: int) -> int:
    if v.family == "short":
        return 25 - p
    return p + 12 if p <= 12 else p - 12


def reference_block_illegal(v: Variant, mine: tuple[int, ...], theirs: tuple[int, ...]) -> bool:
    """L-BLOCK: ``mine`` holds six points that are consecutive on the opponent's
    route (his q, q-1, …, q-5) and no opposing checker has been released by it."""
    held = {_their_point(v, p) for p in range(1, 25) if mine[p]}
    for top in range(24, 5, -1):
        if all(q in held for q in range(top - 5, top + 1)):
            low = top - 5
            if v.block_release == "entered-home":
                released = theirs[OFF] > 0 or any(theirs[1:7])
            else:
                released = theirs[OFF] > 0 or any(theirs[1:low])
            if not released:
                return True
    return False


def _single_moves(
    v: Variant,
    state: tuple,
    d: int,
    head_allow: int,
) -> list[tuple]:
    """Every state reachable by one checker move of ``d`` pips (RULES.md G-6, G-9,
    G-10, S-2, S-3, S-6, S-7, L-HEAD-1, L-BLOCK every-move)."""
    mine, theirs, hitters, heads = state
    out = []
    if mine[BAR]:
        sources: Iterable[int] = (BAR,)
    else:
        sources = [p for p in range(1, 25) if mine[p]]
    all_home = sum(mine[7:26]) == 0
    for s in sources:
        if v.family == "long" and s == 24 and heads >= head_allow:
            continue
        t = s - d
        hit = False
        if t >= 1:
            q = _their_point(v, t)
            n = theirs[q]
            if v.family == "long":
                if n:
                    continue
            else:
                if n >= 2:
                    continue
                if n == 1:
                    if not v.hit_in_own_home and t <= 6:
                        continue
                    hit = True
        else:
            if not all_home:
                continue
            if t < 0 and any(mine[s + 1 : 7]):
                continue
            t = OFF
        kinds = []
        if hitters[s]:
            kinds.append("hitter")
        if mine[s] > hitters[s]:
            kinds.append("plain")
        for kind in kinds:
            if kind == "hitter" and t != OFF and mine[t] > 0:
                continue  # S-6: a hitter may not hide on its own point
            m = list(mine)
            th = list(theirs)
            h = list(hitters)
            m[s] -= 1
            m[t] += 1
            if hit:
                th[_their_point(v, t)] -= 1
                th[BAR] += 1
            if kind == "hitter":
                h[s] -= 1
                if t != OFF:
                    h[t] += 1
            elif hit and v.no_hit_and_hide:
                h[t] += 1
            new = (tuple(m), tuple(th), tuple(h), heads + (s == 24))
            if (
                v.family == "long"
                and v.block_check == "every-move"
                and reference_block_illegal(v, new[0], new[1])
            ):
                continue
            out.append(new)
    return out


def _reference_search(
    v: Variant, position: Position, d1: int, d2: int, head_allow: int
) -> dict[Key, set[tuple[int, ...]]]:
    """Every reachable placement with the dice sequences that reach it."""
    start = (position.mine, position.theirs, (0,) * 26, 0)
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    reached: dict[Key, set[tuple[int, ...]]] = {}
    for order in orders:
        layer = {start}
        for k in range(len(order) + 1):
            for st in layer:
                key = (st[0], st[1])
                if (
                    v.family == "long"
                    and v.block_check == "end-of-turn"
                    and reference_block_illegal(v, st[0], st[1])
                ):
                    continue
                reached.setdefault(key, set()).add(order[:k])
            if k == len(order):
                break
            nxt = set()
            for st in layer:
                nxt.update(_single_moves(v, st, order[k], head_allow))
            layer = nxt
    return reached


def _max_used(reached: dict[Key, set[tuple[int, ...]]]) -> int:
    return max((len(u) for used in reached.values() for u in used), default=0)


def reference_head_allow(v: Variant, position: Position, d1: int, d2: int) -> int:
    """L-HEAD-1 / L-HEAD-2: how many checkers may leave the head this turn.

    ``head-only`` is read as: the single checker falls short of the whole roll, and
    the opponent's head (his point 24) is what stops it: with that point empty the
    single checker would get further."""
    if v.family != "long":
        return 99
    if not position.mine_first:
        return 1
    whole = 4 if d1 == d2 else 2
    if v.head_exception == "doubles-6-4-3":
        return 2 if d1 == d2 and d1 in (3, 4, 6) else 1
    single = _max_used(_reference_search(v, position, d1, d2, 1))
    if single >= whole:
        return 1
    if v.head_exception == "head-only":
        theirs = list(position.theirs)
        theirs[OFF] += theirs[24]
        theirs[24] = 0
        without_head = Position(position.mine, tuple(theirs), position.turn)
        return 2 if _max_used(_reference_search(v, without_head, d1, d2, 1)) > single else 1
    return 2


def reference_results(
    variant: Variant | str, position: Position, dice: tuple[int, int]
) -> set[Key]:
    """The legal plays of ``dice`` as a set of resulting placements, computed from
    RULES.md without ``nardy.movegen``: rule filters first, then G-8."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    d1, d2 = dice
    reached = _reference_search(v, position, d1, d2, reference_head_allow(v, position, d1, d2))
    most = _max_used(reached)
    if most == 0:
        return set()
    best = {k for k, used in reached.items() if any(len(u) == most for u in used)}
    if most == 1 and d1 != d2:
        big = max(d1, d2)
        larger = {k for k in best if (big,) in reached[k]}
        if larger:
            best = larger
    return best


def reference_max_dice(variant: Variant | str, position: Position, dice: tuple[int, int]) -> int:
    """The most dice any rule-abiding sequence can use (G-8)."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    d1, d2 = dice
    return _max_used(
        _reference_search(v, position, d1, d2, reference_head_allow(v, position, d1, d2))
    )


# -- random reachable positions ----------------------------------------------------


def passed_turn(position: Position) -> Position:
    """The position after a roll that could not be played (the turn passes)."""
    return position.swap().with_flags(position.theirs_first, False)


def random_walk(
    variant: Variant | str, seed: int, turns: int, *, greedy_blocks: bool = False
) -> list[tuple[Position, tuple[int, int]]]:
    """Positions (with the roll then made) of one seeded random game, at most
    ``turns`` turns; ``greedy_blocks`` prefers plays that make long runs of points
    (to reach six-block situations in long nardy)."""
    v = find_variant(variant) if isinstance(variant, str) else variant
    rng = random.Random(seed)
    pos = v.start_position()
    out = []
    for _ in range(turns):
        if pos.is_over():
            break
        d = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((pos, d))
        cands = legal_candidates(v, pos, d[0], d[1])
        if not cands:
            pos = passed_turn(pos)
            continue
        if greedy_blocks and rng.random() < 0.7:
            best = max(_longest_run(v, c.mine) for c in cands)
            cands = [c for c in cands if _longest_run(v, c.mine) == best]
        pos = result_position(v, pos, rng.choice(cands))
    return out


def _longest_run(v: Variant, mine: tuple[int, ...]) -> int:
    """Longest run of held points, consecutive along the opponent's route."""
    held = {_their_point(v, p) for p in range(1, 25) if mine[p]}
    run = best = 0
    for q in range(24, 0, -1):
        run = run + 1 if q in held else 0
        best = max(best, run)
    return best


def checker_total(side: tuple[int, ...]) -> int:
    """All checkers of a side: points, bar and off."""
    return sum(side)


__all__ = [
    "ALL_ROLLS",
    "ALL_VARIANTS",
    "CHECKERS",
    "LONG_VARIANTS",
    "SHORT_VARIANTS",
    "after",
    "board",
    "checker_total",
    "draw",
    "passed_turn",
    "plays_of",
    "random_walk",
    "reference_block_illegal",
    "reference_head_allow",
    "reference_max_dice",
    "reference_results",
    "result_keys",
    "texts",
]
