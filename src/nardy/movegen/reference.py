"""The pure-Python legal-play generator, the reference the compiled one is checked
against, for every variant (RULES.md G-6…G-10, S-2…S-7, L-HEAD, L-BLOCK).

A play is generated as a sequence of single checker moves, one die each. Every prefix
of a sequence is a candidate; candidates that break a rule are dropped, then the
maximum-dice rule (G-8) keeps those that use the most dice (and, when only one of two
different dice can be used, the larger), and finally plays are deduplicated by the
resulting position.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from nardy.errors import MalformedError
from nardy.movegen.candidate import Candidate, RawMove, ResultKey
from nardy.position import BAR, OFF, Position
from nardy.variants.base import Variant

#: A search node: (mine, opp, dice left, head moves, S-6 hitters[, source bound]).
State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]


def _long_path(variant: Variant) -> tuple[int, ...]:
    """My points in the order the opponent travels them (his 24 down to his 1)."""
    inverse = {variant.their_point(p): p for p in range(1, 25)}
    return tuple(inverse[q] for q in range(24, 0, -1))


def illegal_block(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """L-BLOCK: does ``mine`` hold six consecutive points of the opponent's path that
    no opposing checker has passed (or, with ``block_release="entered-home"``, while
    no opposing checker has reached his home)?  ``theirs`` is in his own numbering."""
    lowest = 0 if theirs[OFF] else next((q for q in range(1, 26) if theirs[q]), 25)
    if variant.block_release == "entered-home":
        return lowest > 6 and _longest_run_end(variant, mine) is not None
    path = _PATH_CACHE.get(variant.family) or _PATH_CACHE.setdefault(
        variant.family, _long_path(variant)
    )
    run = 0
    for i, p in enumerate(path):
        if mine[p]:
            run += 1
            if run >= 6 and i + 1 == 24 or run >= 6 and not mine[path[i + 1]]:
                low = 24 - i  # his number of the block's last point
                if lowest >= low:
                    return True
        else:
            run = 0
    return False


def _longest_run_end(variant: Variant, mine: Sequence[int]) -> int | None:
    path = _PATH_CACHE.get(variant.family) or _PATH_CACHE.setdefault(
        variant.family, _long_path(variant)
    )
    run = 0
    for i, p in enumerate(path):
        run = run + 1 if mine[p] else 0
        if run >= 6:
            return 24 - i
    return None


_PATH_CACHE: dict[str, tuple[int, ...]] = {}


def fevga_block_bad(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """V-FEVGA: no six-block on all of my starting quarter (points 19–24), and none on
    the six points just ahead of an opposing stack of all 15 checkers."""
    if all(mine[p] for p in range(19, 25)):
        return True
    mapping = variant.mapping  # an involution: also maps his points to mine
    for q in range(7, 25):
        if theirs[q] == 15:
            return all(mine[mapping[r]] for r in range(q - 1, q - 7, -1))
    return False


def block_violation(variant: Variant, mine: Sequence[int], theirs: Sequence[int]) -> bool:
    """Does ``mine`` hold a six-block the variant forbids (L-BLOCK or V-FEVGA)?"""
    if variant.block_rule == "fevga":
        return fevga_block_bad(variant, mine, theirs)
    return illegal_block(variant, mine, theirs)


class Search:
    """One depth-first enumeration of checker-move sequences for a roll."""

    def __init__(
        self,
        variant: Variant,
        position: Position,
        head_allow: int,
        *,
        prune_doubles: bool,
    ) -> None:
        self.v = variant
        self.mine = list(position.mine)
        mapping = variant.mapping
        theirs = position.theirs
        opp = [0] * 26
        for p in range(1, 25):
            opp[p] = theirs[mapping[p]]
        opp[BAR] = theirs[BAR]
        opp[OFF] = theirs[OFF]
        self.opp = opp
        self.theirs = theirs
        self.long = variant.family == "long"
        self.head_allow = head_allow
        self.every_move = self.long and variant.block_check == "every-move"
        self.end_block = self.long and variant.block_check == "end-of-turn"
        self.hide_rule = variant.no_hit_and_hide
        self.home_hits = variant.hit_in_own_home
        # Doubles may be searched in non-increasing source order only where the order
        # of moves cannot matter: not with every-move blocks, S-6, home moves allowed
        # only while a checker is outside (V-CGUL) or the fevga runner (a head checker
        # may leave only after the runner has passed).
        self.prune = (
            prune_doubles
            and not self.every_move
            and not self.hide_rule
            and variant.home_moves != "until-all-home"
            and not variant.fevga_runner
        )
        self.prune_now = False
        #: Keyed by (mine, opp, number of dice used, the dice sorted).
        self.found: dict[
            tuple[tuple[int, ...], tuple[int, ...], int, tuple[int, ...]], Candidate
        ] = {}
        self.paths: list[tuple[tuple[RawMove, ...], ResultKey]] | None = None
        self.outside = sum(self.mine[7:26])
        self.exact = variant.exact_bearoff
        self.home_moves = variant.home_moves
        self.fevga = variant.fevga_runner

    # -- rule checks -----------------------------------------------------------
    def _block_bad(self) -> bool:
        return block_violation(self.v, self.mine, self.theirs)

    def _runner_sources(self) -> list[int] | None:
        """V-FEVGA: until the runner has passed the opponent's head (my point 12) it is
        the only checker that moves; ``None`` when the restriction is over."""
        mine = self.mine
        if not mine[OFF] and mine[24] == 15:  # (no runner yet: it leaves the head)
            return [24]
        runner = fevga_runner(mine)
        return None if runner is None else [runner]

    def _blocked(self, t: int) -> bool:
        n = self.opp[t]
        if self.long:
            return n > 0
        if n >= 2:
            return True
        return n == 1 and not self.home_hits and t <= 6

    # -- single checker moves -----------------------------------------------------
    def steps(
        self, d: int, heads: int, hitters: tuple[int, ...], max_src: int
    ) -> list[tuple[int, int, bool, tuple[int, ...]]]:
        """Every single move of die ``d`` allowed now: (from, to, hit, hitters after)."""
        mine = self.mine
        opp = self.opp
        if mine[BAR]:
            sources: Sequence[int] = (BAR,)
        else:
            top = max_src if self.prune_now else 24
            sources = [s for s in range(top, 0, -1) if mine[s]]
            if self.fevga:
                runner = self._runner_sources()
                if runner is not None:
                    sources = [s for s in sources if s in runner]
        out = []
        for s in sources:
            if s == 24 and self.long and heads >= self.head_allow:
                continue
            t = s - d
            hit = False
            if t > 0:
                if self._blocked(t):
                    continue
                if (
                    s <= 6
                    and self.home_moves != "always"
                    and (self.home_moves == "never" or not self.outside)
                ):
                    continue  # V-CRAZY / V-CGUL: no moves inside the home
                hit = opp[t] == 1 and not self.long
            else:
                if self.outside:
                    continue
                if t < 0 and (self.exact or any(mine[s + 1 : 7])):
                    continue
                t = OFF
            # S-6: a checker that hit this turn may not go on to a point holding its own
            # checkers. ``hitters`` lists the points where such a checker stands (never
            # two on a point); when a free checker shares the point, either may move.
            options = [hitters]
            if s in hitters:
                may_hide = t == OFF or mine[t] == 0
                moved = tuple(sorted([h for h in hitters if h != s] + ([t] if t else [])))
                if mine[s] > 1:
                    if may_hide:
                        options.append(moved)
                elif may_hide:
                    options = [moved]
                else:
                    continue
            for new_hitters in options:
                if hit and self.hide_rule and t not in new_hitters:
                    new_hitters = tuple(sorted((*new_hitters, t)))
                out.append((s, t, hit, new_hitters))
        return out

    def apply(self, s: int, t: int, hit: bool) -> bool:
        """Make a move; False (and nothing changed) if it builds a forbidden block
        under ``block_check="every-move"``."""
        mine = self.mine
        mine[s] -= 1
        mine[t] += 1
        if hit:
            self.opp[t] = 0
            self.opp[BAR] += 1
        if s >= 7 and t <= 6:
            self.outside -= 1
        if self.every_move and self._block_bad():
            self.unapply(s, t, hit)
            return False
        return True

    def unapply(self, s: int, t: int, hit: bool) -> None:
        """Take back a move made by ``apply``."""
        if s >= 7 and t <= 6:
            self.outside += 1
        if hit:
            self.opp[t] = 1
            self.opp[BAR] -= 1
        self.mine[t] -= 1
        self.mine[s] += 1

    # -- enumeration -------------------------------------------------------------
    def run(self, dice_orders: Sequence[tuple[int, ...]]) -> list[Candidate]:
        """Enumerate the given orders of dice (a roll: both orders, or four equal)."""
        for order in dice_orders:
            self.prune_now = self.prune and len(set(order)) == 1
            self._dfs(order, 0, [], [], 0, (), 25)
        return list(self.found.values())

    def run_multiset(self, dice: Sequence[int]) -> list[Candidate]:
        """Enumerate any list of dice, taking them in every order, with transpositions
        merged (for long segments of passed moves)."""
        self.prune_now = self.prune and len(set(dice)) == 1
        self._seen: set[tuple[object, ...]] = set()
        self._dfs_multi(tuple(sorted(dice, reverse=True)), [], [], 0, (), 25)
        return list(self.found.values())

    def _record(self, moves: list[RawMove], dice: list[int]) -> None:
        if self.end_block and self._block_bad():
            return
        key = (tuple(self.mine), tuple(self.opp), len(dice), tuple(sorted(dice)))
        if self.paths is not None:
            self.paths.append((tuple(moves), key[:2]))
        if key not in self.found:
            self.found[key] = Candidate(tuple(moves), tuple(dice), key[0], key[1])

    def _dfs(
        self,
        order: tuple[int, ...],
        i: int,
        moves: list[RawMove],
        used: list[int],
        heads: int,
        hitters: tuple[int, ...],
        max_src: int,
    ) -> None:
        self._record(moves, used)
        if i == len(order):
            return
        d = order[i]
        for s, t, hit, new_hitters in self.steps(d, heads, hitters, max_src):
            if self.apply(s, t, hit):
                moves.append((s, t, hit))
                used.append(d)
                self._dfs(order, i + 1, moves, used, heads + (s == 24), new_hitters, s)
                moves.pop()
                used.pop()
                self.unapply(s, t, hit)

    def _dfs_multi(
        self,
        remaining: tuple[int, ...],
        moves: list[RawMove],
        used: list[int],
        heads: int,
        hitters: tuple[int, ...],
        max_src: int,
    ) -> None:
        state = (
            tuple(self.mine),
            tuple(self.opp),
            remaining,
            heads,
            hitters,
            max_src if self.prune_now else 0,
        )
        if state in self._seen:
            return
        self._seen.add(state)
        self._record(moves, used)
        for d, rest, move, new_heads, new_hitters in self.moves_from(
            remaining, heads, hitters, max_src
        ):
            moves.append(move)
            used.append(d)
            self._dfs_multi(rest, moves, used, new_heads, new_hitters, move[0])
            moves.pop()
            used.pop()

    def moves_from(
        self, remaining: tuple[int, ...], heads: int, hitters: tuple[int, ...], max_src: int
    ) -> Generator[tuple[int, tuple[int, ...], RawMove, int, tuple[int, ...]], None, None]:
        """Make each allowed next move in turn (one per die value), yielding
        (die, dice left, move, heads after, hitters after); the move is taken back
        when the consumer asks for the next one or stops."""
        for j, d in enumerate(remaining):
            if j and remaining[j - 1] == d:
                continue
            rest = remaining[:j] + remaining[j + 1 :]
            for s, t, hit, new_hitters in self.steps(d, heads, hitters, max_src):
                if self.apply(s, t, hit):
                    try:
                        yield d, rest, (s, t, hit), heads + (s == 24), new_hitters
                    finally:
                        self.unapply(s, t, hit)

    def can_reach(
        self,
        remaining: tuple[int, ...],
        need: int,
        targets: set[ResultKey],
        heads: int,
        hitters: tuple[int, ...],
        memo: dict[State, bool],
    ) -> bool:
        """Can exactly ``need`` more moves end on one of ``targets`` (mine, opp)?"""
        if need == 0:
            return (tuple(self.mine), tuple(self.opp)) in targets and not (
                self.end_block and self._block_bad()
            )
        state = (tuple(self.mine), tuple(self.opp), remaining, heads, hitters)
        if state in memo:
            return memo[state]
        ok = False
        moves = self.moves_from(remaining, heads, hitters, 25)
        for _, rest, _, new_heads, new_hitters in moves:
            if self.can_reach(rest, need - 1, targets, new_heads, new_hitters, memo):
                ok = True
                break
        moves.close()
        memo[state] = ok
        return ok


def _max_dice(cands: list[Candidate], d1: int, d2: int) -> list[Candidate]:
    """G-8: keep the candidates that use the most dice (and the larger die if one)."""
    if not cands:
        return []
    most = max(len(c.dice) for c in cands)
    if most == 0:
        return []
    best = [c for c in cands if len(c.dice) == most]
    if most == 1 and d1 != d2:
        big = max(d1, d2)
        larger = [c for c in best if c.dice[0] == big]
        if larger:
            best = larger
    return best


def _max_dice_segment(cands: list[Candidate]) -> list[Candidate]:
    """G-8 for any list of dice: the most dice, then (generalising "the larger die")
    the largest total of the dice used."""
    most = max((len(c.dice) for c in cands), default=0)
    if most == 0:
        return []
    best = [c for c in cands if len(c.dice) == most]
    top = max(sum(c.dice) for c in best)
    return [c for c in best if sum(c.dice) == top]


def dice_orders(dice: Sequence[int]) -> list[tuple[int, ...]]:
    """Every distinct order in which a list of dice can be used."""
    from itertools import permutations

    return sorted(set(permutations(dice)), reverse=True)


def segment_candidates(
    variant: Variant, position: Position, dice: Sequence[int]
) -> list[Candidate]:
    """Legal plays of an explicit list of dice (a turn segment: a roll's two numbers,
    a double's four, a crazy sequence's double, moves passed by the opponent), one per
    resulting position, after rule filtering and the maximum-dice rule.

    """
    for d in dice:
        check_dice(d, d)
    dice = tuple(dice)
    if len(dice) == 2 and dice[0] != dice[1] or len(dice) == 4 and len(set(dice)) == 1:
        return legal_candidates(variant, position, dice[0], dice[-1])
    allow = head_allowance_dice(variant, position, dice)
    found = Search(variant, position, allow, prune_doubles=True).run_multiset(dice)
    unique: dict[ResultKey, Candidate] = {}
    for c in _max_dice_segment(found):
        unique.setdefault((c.mine, c.opp), c)
    return list(unique.values())


def candidates(
    variant: Variant,
    position: Position,
    d1: int,
    d2: int,
    *,
    prune: bool = True,
    head_allow: int | None = None,
) -> list[Candidate]:
    """Every rule-abiding checker-move sequence (all lengths) for the roll."""
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    if head_allow is None:
        head_allow = head_allowance(variant, position, d1, d2)
    return Search(variant, position, head_allow, prune_doubles=prune).run(orders)


def head_allowance(variant: Variant, position: Position, d1: int, d2: int) -> int:
    """How many checkers may leave the head this roll (L-HEAD-1, L-HEAD-2)."""
    return head_allowance_dice(variant, position, (d1,) * 4 if d1 == d2 else (d1, d2))


def fevga_runner(mine: Sequence[int]) -> int | None:
    """V-FEVGA: the point of the runner while it alone moves (the one checker off the
    head, none borne off, not yet past the opponent's head: at or above my point 12);
    None when there is no runner yet, or the head is free (``mine``: my side's counts,
    index OFF the borne off)."""
    if mine[OFF] or 15 - mine[24] != 1:
        return None
    runner = next(p for p in range(1, 24) if mine[p])
    return runner if runner >= 12 else None


def head_allowance_dice(variant: Variant, position: Position, dice: tuple[int, ...]) -> int:
    if variant.family != "long" or variant.head_limit == 0:
        return 99
    limit = variant.head_limit
    if not position.mine_first or not variant.first_turn_exception:
        return limit
    rule = variant.head_exception
    double = len(set(dice)) == 1
    if rule == "doubles-6-4-3":
        return limit + 1 if double and dice[0] in (3, 4, 6) else limit

    def single_checker_falls_short() -> bool:
        search = Search(variant, position, limit, prune_doubles=True)
        found = search.run_multiset(dice)
        return max((len(c.dice) for c in found), default=0) < len(dice)

    if not single_checker_falls_short():
        return limit
    if rule == "head-only" and not _stopped_by_head(variant, position, dice):
        return limit
    return limit + 1


def _stopped_by_head(variant: Variant, position: Position, dice: tuple[int, ...]) -> bool:
    """``head_exception="head-only"``: is the single checker's way blocked first by the
    opponent's head (his point 24)?  Only doubles can reach it from the head."""
    if len(set(dice)) != 1:
        return False
    head = variant.mapping[24]  # his point 24 in my numbering (an involution)
    d = dice[0]
    for k in range(1, len(dice) + 1):
        p = 24 - k * d
        if p < 1:
            return False
        if position.theirs[variant.mapping[p]]:
            return p == head
    return False


def legal_candidates(variant: Variant, position: Position, d1: int, d2: int) -> list[Candidate]:
    """The legal plays of a roll as candidates, one per resulting position: candidates
    that break a rule are dropped, then the maximum-dice rule (G-8) keeps the rest."""
    check_dice(d1, d2)
    best = _max_dice(candidates(variant, position, d1, d2), d1, d2)
    unique: dict[ResultKey, Candidate] = {}
    for c in best:
        unique.setdefault((c.mine, c.opp), c)
    return list(unique.values())


def check_dice(d1: int, d2: int) -> None:
    """Raise ``MalformedError`` unless both dice are ints 1..6."""
    for d in (d1, d2):
        if not isinstance(d, int) or isinstance(d, bool) or not 1 <= d <= 6:
            raise MalformedError(f"a die shows 1..6, not {d!r}")
