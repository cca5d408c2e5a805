"""Why a single checker move a player tried is not legal now, in words he can act on.

``Game.move`` refuses a step that no legal play makes. "24/18 is not a legal move now"
leaves a learner guessing, so the refusal names the rule where one surely decides it:
the step goes backwards, the point holds none of his checkers, a checker on the bar
must enter first (S-3), the point is the opponent's (G-9), no die left shows the
distance (G-6), the head has given its checker this turn (L-HEAD-1), bearing off
waits until every checker is home (G-10), or the step would close a six-block no
opposing checker has passed (L-BLOCK: where no later move of the turn can open it).
Each check is one the step cannot pass in any variant, so a reason given is never a
guess. Past them the step is forbidden by the whole play (both dice must be used, the
higher die, a variant's own rule): the generic message stands.

``die_reason`` says why a die left this turn cannot be played any more.
"""

from __future__ import annotations

from collections.abc import Sequence

from nardy.errors import IllegalMoveError
from nardy.movegen.reference import fevga_runner, head_allowance_dice, illegal_block
from nardy.plays import Move, point_text
from nardy.position import BAR, OFF, Position
from nardy.variants import Variant

#: The points outside the home: a checker on one of them (or on the bar) keeps its
#: side from bearing off (G-10).
OUTSIDE = slice(7, BAR + 1)


def _sums(dice: Sequence[int]) -> set[int]:
    """Every distance one checker can travel with some of ``dice`` in a row (the dice
    of a double are the same number, so their sums are its multiples)."""
    out: set[int] = set()
    for mask in range(1, 1 << len(dice)):
        out.add(sum(d for i, d in enumerate(dice) if mask >> i & 1))
    return out


def _held(variant: Variant, now: Position, to: int) -> int:
    """How many of the opponent's checkers hold ``to`` (mover's numbering) against the
    mover (G-9): any one in the long family, two or more otherwise; 0 when it is open."""
    theirs = now.theirs[variant.mapping[to]]
    return theirs if theirs >= (1 if variant.family == "long" else 2) else 0


def source_reason(
    variant: Variant,
    start: Position,
    now: Position,
    moved_from: Sequence[int],
    dice: Sequence[int],
    frm: int,
) -> IllegalMoveError | None:
    """The reason no checker on ``frm`` (mover's numbering; 25 the bar) may move in
    ``now`` (a checker tapped that the board cannot move), where one rule surely
    decides it: one on the bar must enter first (S-3), the head has given its checkers
    this turn (L-HEAD-1), or the févga runner alone moves until it has passed the
    opponent's head (V-FEVGA). The turn began in ``start`` with ``dice``; its moves so
    far left ``moved_from``. None otherwise (the dice are blocked, the whole play's
    rules): the generic message stands."""
    mine = now.mine
    if not 1 <= frm <= BAR or mine[frm] == 0:
        return None
    if mine[BAR] and frm != BAR:
        return IllegalMoveError("source-bar-first", point=point_text(frm), n=mine[BAR])
    if variant.family != "long" or frm != 24:
        return None
    runner = fevga_runner(mine) if variant.fevga_runner else None
    if runner is not None:  # (the head waits while the runner alone moves)
        return IllegalMoveError("source-runner", point=point_text(runner))
    allowed = head_allowance_dice(variant, start, tuple(dice))
    if sum(1 for f in moved_from if f == 24) >= allowed:
        return IllegalMoveError("source-head", n=allowed)
    return None


def step_reason(
    variant: Variant,
    start: Position,
    now: Position,
    moved_from: Sequence[int],
    dice: Sequence[int],
    dice_left: Sequence[int],
    frm: int,
    to: int,
) -> IllegalMoveError | None:
    """The reason the step ``frm``/``to`` (mover's numbering; 25 the bar, 0 off) may
    not be made in ``now``: the turn began in ``start`` with ``dice`` (every die: a
    double four), its moves so far left ``moved_from`` and ``dice_left``. None when no
    single rule surely decides it."""
    step = str(Move(frm, to))
    mine = now.mine
    if not (OFF <= to < frm <= BAR):
        return IllegalMoveError("step-backwards", move=step)
    if mine[frm] == 0:
        key = "step-no-checker-bar" if frm == BAR else "step-no-checker"
        return IllegalMoveError(key, move=step, point=point_text(frm))
    if mine[BAR] and frm != BAR:
        return IllegalMoveError("step-bar-first", move=step, n=mine[BAR])
    if to == OFF:
        outside = sum(mine[OUTSIDE])
        if outside:
            return IllegalMoveError("step-not-home", move=step, n=outside)
    else:
        held = _held(variant, now, to)
        if variant.family == "long" and held:
            return IllegalMoveError("step-point-taken", move=step, point=point_text(to))
        if variant.family == "short" and held:
            return IllegalMoveError("step-point-held", move=step, point=point_text(to), n=held)
        distance = frm - to
        if distance not in _sums(dice_left):
            left = "-".join(map(str, sorted(dice_left, reverse=True))) or "-"
            return IllegalMoveError("step-no-die", move=step, distance=distance, dice=left)
    if variant.family == "long" and frm == 24:
        allowed = head_allowance_dice(variant, start, tuple(dice))
        if sum(1 for f in moved_from if f == 24) >= allowed:
            return IllegalMoveError("step-head", move=step, n=allowed)
    if _closes_block(variant, now, dice_left, frm, to):
        return IllegalMoveError("step-block", move=step, point=point_text(to))
    return None


def _closes_block(
    variant: Variant, now: Position, dice_left: Sequence[int], frm: int, to: int
) -> bool:
    """L-BLOCK: the step would leave a six-block no opposing checker has passed, and
    no move of the turn could follow to open it: the block is checked after every
    move, or the step uses every die left (its position ends the turn)."""
    if variant.family != "long" or variant.block_rule != "classic" or to == OFF:
        return False
    if variant.block_release != "passed":
        return False
    if variant.block_check != "every-move" and frm - to != sum(dice_left):
        return False
    mine = list(now.mine)
    mine[frm] -= 1
    mine[to] += 1
    return illegal_block(variant, mine, now.theirs)


def die_reason(variant: Variant, now: Position, die: int) -> IllegalMoveError:
    """Why ``die``, left this turn, cannot be played in ``now`` (the caller knows no
    move uses it): every point it leads to from his checkers is the opponent's (G-9),
    or, where the reason is the whole play's, that it cannot be played."""
    froms = [p for p in range(1, BAR + 1) if now.mine[p]]
    if froms and all(p - die >= 1 and _held(variant, now, p - die) for p in froms):
        return IllegalMoveError("die-blocked", die=die)
    return IllegalMoveError("die-unplayable", die=die)
