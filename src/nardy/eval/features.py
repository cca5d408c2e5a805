"""Network inputs per game family, computed for a whole board batch at once.

Both families use a Tesauro-style truncated unary code per point and side (the side
on roll first, each in its own numbering):

* ``short-v1`` — per point ``n≥1, n≥2, n≥3, (n−3)/2``; per side the bar ``/2`` and the
  checkers off ``/15``; then both pip counts ``/167`` and a *contact* flag (some
  checker still has to pass an opposing one). 199 inputs.
* ``short-v2`` — ``short-v1`` plus 7 contact features per side (the side on roll
  first): the share of the 36 rolls with which the other side can hit one of its blots
  (direct and indirect shots, landing points checked), its blots ``/5``, its longest
  prime ``/6``, the longest prime it holds in front of the other side's rearmost
  checker ``/6``, its made home points ``/6``, its anchors in the other side's home
  ``/3`` and its checkers back there (points 19–24 and the bar) ``/5``. 213 inputs.
* ``short-v3`` — ``short-v2`` plus 4 more per side (the side on roll first): the
  share of the 36 rolls with which its rearmost checker *escapes* (lands, through open
  points, beyond every point the other side holds within 12 pips in front of it,
  outside its own home board), the smallest such share over its checkers in the other
  side's home board and on the bar (1 when it has none there), the share of rolls with
  which a checker of its would stay on the bar (made points of the other side's home
  board, squared over 36), and its *free pips* — pips of its checkers outside its home
  board ``/100``. 221 inputs.
* ``short-v4`` — ``short-v3`` plus ``long-v3``'s 11 hold-up inputs per side (below),
  with a point held when the other side has two or more checkers on it and the bar as
  a point a checker moves from: mobility per die, the rolls with no die and with some
  die blocked, blockage in front of each checker, the wall in front of the rearmost
  checker, and the checkers with a held point still ahead. 243 inputs.
* ``long-v1`` — per point ``n≥1, n≥2, n≥3, (n−3)/4`` (stacks are tall in long nardy,
  point 24 is the head); per side the checkers off ``/15``, the first-turn flag (head
  exception), pips ``/360``, checkers at home ``/15``, checkers still on the head
  ``/15`` and the longest block of occupied points along the opponent's path ``/6``,
  which carries the six-block rule; then the pip difference ``/60``. 205 inputs.
* ``long-v3`` — ``long-v1`` plus 11 inputs per side (the side on roll first) on how the
  other side's points hold it up, a single checker holding a point in the long family:
  for each die 1–6, its points from which a checker can move that die onto a point not
  held by the other side (at most 6, ``/6``; moves off the board not counted); the
  share of the 36 rolls with neither die so movable, and with at least one die not;
  its *blockage*, the held points among the six in front of each of its checkers,
  summed over its checkers ``/90``; the longest run of held points within the 12 in
  front of its rearmost checker ``/6``; and its checkers with some held point still in
  front of them ``/15``. 227 inputs.
* ``long-v2`` — ``long-v1`` plus one input per long-family variant, 1 for the variant
  being played and 0 for the others (:data:`LONG_VARIANTS` order): one net for every
  long variant, which learns what each changes. 213 inputs. Its encoder needs the
  variant (:func:`encoder`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from nardy.eval import compiled


def _short_compiled(boards: np.ndarray, version: int, width: int) -> np.ndarray:
    out = np.empty((len(boards), width), dtype=np.float32)
    assert compiled.ext is not None
    compiled.ext.short(np.ascontiguousarray(boards, dtype=np.int16), out, version)
    return out


_PTS = np.arange(26, dtype=np.float32)

#: The opponent travels, in the side's own numbering, points 12..1 then 24..13.
_LONG_PATH = np.r_[np.arange(12, 0, -1), np.arange(24, 12, -1)]


def _table(tall: float) -> np.ndarray:
    n = np.arange(16, dtype=np.float32)
    return np.stack([n >= 1, n >= 2, n >= 3, np.maximum(n - 3, 0) / tall], axis=1).astype(
        np.float32
    )


_TABLES = {2.0: _table(2.0), 4.0: _table(4.0)}


def _unary(points: np.ndarray, tall: float) -> np.ndarray:
    """(N, 24) counts → (N, 96) truncated unary code: n≥1, n≥2, n≥3, (n−3)/tall."""
    code: np.ndarray = _TABLES[tall][points].reshape(len(points), 96)
    return code


_BACK = np.arange(1, 26)


def short_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 199) ``short-v1`` inputs for short-nardy boards (N, 2, 26)."""
    if compiled.available():
        return _short_compiled(boards, 1, 199)
    return _short_v1_numpy(boards)


def _short_v1_numpy(boards: np.ndarray) -> np.ndarray:
    n = len(boards)
    out = np.empty((n, 199), dtype=np.float32)
    table = _TABLES[2.0]
    for s, base in ((0, 0), (1, 98)):
        side = boards[:, s]
        out[:, base : base + 96] = table[side[:, 1:25]].reshape(n, 96)
        out[:, base + 96] = side[:, 25] * 0.5
        out[:, base + 97] = side[:, 0] / 15.0
    out[:, 196:198] = (boards @ _PTS[:, None].astype(boards.dtype))[:, :, 0] / 167.0
    back = _rearmost(boards)
    out[:, 198] = back[:, 0] + back[:, 1] > 25
    return out


_BITS = np.int64(1) << np.arange(26, dtype=np.int64)
_POP6 = np.array([bin(i).count("1") for i in range(64)], dtype=np.float32)
_DIE = np.arange(1, 7, dtype=np.int64)[:, None]
_PAIR_A, _PAIR_B = (
    np.array(x, dtype=np.int64)
    for x in zip(*[(a, b) for a in range(1, 7) for b in range(a + 1, 7)], strict=True)
)


def _mask(flags: np.ndarray) -> np.ndarray:
    """(N, k) booleans → (N,) int64 bit masks (bit i = column i)."""
    return flags.astype(np.int64) @ _BITS[: flags.shape[1]]


def _shot_share(attacker: np.ndarray, defender: np.ndarray) -> np.ndarray:
    """Share of the 36 rolls with which ``attacker`` can hit a blot of ``defender``.

    Both sides are (N, 26) counts in their own numbering; the defender's point p is the
    attacker's point 25 − p. A shot lands on the blot from any attacker checker (the bar
    included) with one die, or with a combination whose intermediate points are not
    blocked (doubles up to four steps). Entering from the bar first is not enforced.
    """
    att = _mask(attacker[:, :26] > 0) & ~np.int64(1)
    rev = defender[:, 24:0:-1]  # attacker's points 1..24
    blot = _mask(rev == 1) << 1
    free = ~(_mask(rev >= 2) << 1)
    step = att[None, :] >> _DIE  # (6, N): every checker moved by one die
    direct = (step & blot) != 0
    a, b = _PAIR_A - 1, _PAIR_B - 1
    two = ((step[a] & free) >> _PAIR_B[:, None]) | ((step[b] & free) >> _PAIR_A[:, None])
    hits = 2.0 * (direct[a] | direct[b] | ((two & blot) != 0)).sum(0)
    reach, hit = step, direct
    for _ in range(3):
        reach = (reach & free) >> _DIE
        hit = hit | ((reach & blot) != 0)
    chances: np.ndarray = ((hits + hit.sum(0)) / 36.0).astype(np.float32)
    return chances


def _run_length(mask: np.ndarray) -> np.ndarray:
    """Longest run of set bits in each int64 mask (capped at 7)."""
    out = np.zeros(len(mask), dtype=np.float32)
    r = mask.copy()
    for _ in range(7):
        live = r != 0
        if not live.any():
            break
        out += live
        r &= r >> 1
    return out


def _rearmost(sides: np.ndarray) -> np.ndarray:
    """Highest occupied index 1..25 of each side (0 when all are off), over the last
    axis: (N, 26) → (N,), (N, 2, 26) → (N, 2)."""
    rear: np.ndarray = np.where(sides[..., 1:26] > 0, _BACK, 0).max(-1)
    return rear


def short_v2_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 213) ``short-v2`` inputs: ``short-v1`` plus contact features."""
    if compiled.available():
        return _short_compiled(boards, 2, 213)
    return _short_v2_numpy(boards)


def _short_v2_numpy(boards: np.ndarray) -> np.ndarray:
    n = len(boards)
    out = np.empty((n, 213), dtype=np.float32)
    out[:, :199] = _short_v1_numpy(boards)
    me = np.concatenate([boards[:, 0], boards[:, 1]])  # both sides, each with
    them = np.concatenate([boards[:, 1], boards[:, 0]])  # its opponent, stacked
    made = _mask(me[:, :25] >= 2) & ~np.int64(1)  # points 1..24
    ahead = np.int64(1) << (26 - _rearmost(them)).astype(np.int64)
    runs = _run_length(np.concatenate([made, made & ~(ahead - 1)]))
    extra = np.stack(
        [
            _shot_share(them, me),
            (me[:, 1:25] == 1).sum(1) / 5.0,
            runs[: 2 * n] / 6.0,
            runs[2 * n :] / 6.0,
            _POP6[(made >> 1) & 63] / 6.0,
            _POP6[(made >> 19) & 63] / 3.0,
            me[:, 19:26].sum(1) / 5.0,
        ],
        axis=1,
    )
    out[:, 199:206] = extra[:n]
    out[:, 206:213] = extra[n:]
    return out


def _escape_table() -> np.ndarray:
    """Rolls (of 36) that escape, for each 12-bit mask of blocked points in front of
    a checker (bit ``12 − k`` set = the point ``k`` pips ahead is held by the other side)."""
    out = np.zeros(1 << 12, dtype=np.float32)
    for w in range(1 << 12):
        shut = {k for k in range(1, 13) if w >> (12 - k) & 1}
        far = max(shut, default=0)

        def open_(k: int, shut: set[int] = shut) -> bool:
            return k not in shut

        count = 0
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b:
                    stops = []
                    for i in range(1, 5):
                        if not open_(a * i):
                            break
                        stops.append(a * i)
                    ok = any(k > far for k in stops)
                else:
                    ok = (
                        (open_(a) and a > far)
                        or (open_(b) and b > far)
                        or (a + b > far and open_(a + b) and (open_(a) or open_(b)))
                    )
                count += ok
        out[w] = count
    return out


_ESCAPES = _escape_table()
_BACK_ZONE = np.arange(19, 26, dtype=np.int64)  # the other side's home board and the bar
_OUTSIDE_HOME = ~np.int64(0b1111110)  # bits of points 1..6 cleared


def _escapes(me: np.ndarray, them: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Escape shares (rearmost checker, worst checker on 19..25) of ``me`` against the
    points ``them`` hold outside ``me``'s home board; both (N, 26), own numbering."""
    held = ((_mask(them[:, 24:0:-1] >= 2) << 1) & _OUTSIDE_HOME) << 12  # point p → bit p+12
    at = np.maximum(_rearmost(me), 1).astype(np.int64)
    back = _ESCAPES[(held >> at) & 0xFFF] / 36.0
    windows = _ESCAPES[(held[:, None] >> _BACK_ZONE[None, :]) & 0xFFF] / 36.0  # (N, 7)
    worst = np.where(me[:, 19:26] > 0, windows, 1.0).min(1)
    back = np.where(_rearmost(me) > 0, back, 1.0)
    return back.astype(np.float32), worst.astype(np.float32)


def short_v3_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 221) ``short-v3`` inputs: ``short-v2`` plus escapes, dancing and free pips."""
    if compiled.available():
        return _short_compiled(boards, 3, 221)
    n = len(boards)
    out = np.empty((n, 221), dtype=np.float32)
    out[:, :213] = _short_v2_numpy(boards)
    me = np.concatenate([boards[:, 0], boards[:, 1]])
    them = np.concatenate([boards[:, 1], boards[:, 0]])
    back, worst = _escapes(me, them)
    closed = (them[:, 1:7] >= 2).sum(1) / 6.0
    free = (me[:, 7:26] * _PTS[1:20]).sum(1) / 100.0
    extra = np.stack([back, worst, closed * closed, free], axis=1)
    out[:, 213:217] = extra[:n]
    out[:, 217:221] = extra[n:]
    return out


def short_v4_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 243) ``short-v4`` inputs: ``short-v3`` and each side's hold-ups."""
    if compiled.available():
        return _short_compiled(boards, 4, 243)
    out = np.empty((len(boards), 243), dtype=np.float32)
    out[:, :221] = short_v3_features(boards, first)
    no_bar = np.zeros((len(boards), 1), dtype=bool)
    for s in (0, 1):
        me = boards[:, s, 1:26].astype(np.int64)  # points 1..24 and the bar
        held = np.concatenate([boards[:, 1 - s, 24:0:-1] >= 2, no_bar], axis=1)
        out[:, 221 + 11 * s : 232 + 11 * s] = _hold_ups(me, held)
    return out


def _longest_run(occ: np.ndarray) -> np.ndarray:
    run = np.zeros(len(occ), dtype=np.float32)
    best = np.zeros(len(occ), dtype=np.float32)
    for k in range(occ.shape[1]):
        run = np.where(occ[:, k], run + 1, 0)
        best = np.maximum(best, run)
    return best


def _compiled_long(
    boards: np.ndarray, first: np.ndarray, version: int, width: int
) -> np.ndarray | None:
    """The long inputs of ``version`` (1: 205, 3: 227 wide) from the compiled encoder,
    None where it is not built (the numpy code below is then the encoder)."""
    if not compiled.available():
        return None
    assert compiled.ext is not None
    out = np.empty((len(boards), width), dtype=np.float32)
    compiled.ext.long(
        np.ascontiguousarray(boards, dtype=np.int16),
        np.ascontiguousarray(first, dtype=np.bool_),
        out,
        version,
    )
    return out


def long_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 205) ``long-v1`` inputs for long-nardy boards (N, 2, 26)."""
    fast = _compiled_long(boards, first, 1, 205)
    if fast is not None:
        return fast
    b = boards.astype(np.float32)
    n = len(b)
    parts = []
    pips = b @ _PTS
    for s in (0, 1):
        parts.append(_unary(boards[:, s, 1:25], 4.0))
        parts.append(b[:, s, 0:1] / 15.0)
        parts.append(first[:, s : s + 1].astype(np.float32))
        parts.append(pips[:, s : s + 1] / 360.0)
        parts.append(b[:, s, 0:7].sum(1, keepdims=True) / 15.0)
        parts.append(b[:, s, 24:25] / 15.0)
        parts.append(_longest_run(boards[:, s, _LONG_PATH] > 0).reshape(n, 1) / 6.0)
    parts.append(((pips[:, 1] - pips[:, 0]) / 60.0).reshape(n, 1))
    return np.concatenate(parts, axis=1)


#: The other side's point on each of a side's points 1..24 (index p − 1 → their index).
_FACING = np.r_[np.arange(13, 25), np.arange(1, 13)]


def _hold_ups(me: np.ndarray, held: np.ndarray) -> np.ndarray:
    """(N, 11) inputs on how the other side's points hold one side up (``long-v3``,
    ``short-v4``): ``me`` its checkers on points 1..L and ``held`` the points the other
    side holds, both (N, L) in its own numbering (L = 24, or 25 with the bar, which
    nobody holds)."""
    n, last = me.shape
    occ = me > 0
    out = np.zeros((n, 11), dtype=np.float32)
    for d in range(1, 7):
        out[:, d - 1] = np.minimum((occ[:, d:] & ~held[:, : last - d]).sum(1), 6) / 6.0
    stuck = (out[:, :6] == 0).sum(1).astype(np.float32)
    out[:, 6] = stuck * stuck / 36.0
    out[:, 7] = 1.0 - (6.0 - stuck) ** 2 / 36.0
    # held points among p − 6 .. p − 1 (and ≥ 1), for each point p: cumulative counts
    c = np.zeros((n, last + 1), dtype=np.int64)
    c[:, 1:] = np.cumsum(held, axis=1)
    p = np.arange(1, last + 1)
    window = c[:, p - 1] - c[:, np.maximum(p - 7, 0)]
    out[:, 8] = (me * window).sum(1) / 90.0
    rear = np.where(occ.any(1), last - np.argmax(occ[:, ::-1], axis=1), 0)
    run = np.zeros(n, dtype=np.float32)
    best = np.zeros(n, dtype=np.float32)
    for q in range(last - 1, 0, -1):  # walking forward from the back
        inside = (q < rear) & (q >= rear - 12)
        run = np.where(inside & held[:, q - 1], run + 1, 0)
        best = np.maximum(best, run)
    out[:, 9] = best / 6.0
    low = np.where(held.any(1), np.argmax(held, axis=1) + 1, last + 1)
    out[:, 10] = (me * (p[None, :] > low[:, None])).sum(1) / 15.0
    return out


def long_v3_features(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
    """(N, 227) ``long-v3`` inputs: ``long-v1`` and each side's hold-ups."""
    fast = _compiled_long(boards, first, 3, 227)
    if fast is not None:
        return fast
    out = np.empty((len(boards), 227), dtype=np.float32)
    out[:, :205] = long_features(boards, first)
    for s in (0, 1):
        me = boards[:, s, 1:25].astype(np.int64)
        held = boards[:, 1 - s, _FACING] > 0
        out[:, 205 + 11 * s : 216 + 11 * s] = _hold_ups(me, held)
    return out


Encoder = Callable[[np.ndarray, np.ndarray], np.ndarray]

#: Feature sets by name; a weight file names its set (older files: ``<family>-v1``).
FEATURES: dict[str, Encoder] = {
    "short-v1": short_features,
    "short-v2": short_v2_features,
    "short-v3": short_v3_features,
    "short-v4": short_v4_features,
    "long-v1": long_features,
    "long-v3": long_v3_features,
}

#: The variants ``long-v2``'s variant inputs name, in input order. A weight file's
#: inputs are fixed, so this list only ever grows at its end (with a new feature set).
LONG_VARIANTS = (
    "long",
    "nardgammon",
    "crazy",
    "gulbara",
    "crazy-gulbara",
    "khachapuri",
    "fevga",
    "fevga-giul",
)

#: Feature sets that end with one input per variant of theirs: (base set, variants).
VARIANT_INPUTS: dict[str, tuple[str, tuple[str, ...]]] = {"long-v2": ("long-v1", LONG_VARIANTS)}

_COUNTS = {
    "short-v1": 199,
    "short-v2": 213,
    "short-v3": 221,
    "short-v4": 243,
    "long-v1": 205,
    "long-v2": 213,
    "long-v3": 227,
}

#: Every feature set's name (those of :data:`FEATURES` and those with variant inputs).
SETS = tuple(_COUNTS)


def encoder(name: str, variant: str) -> Encoder:
    """The inputs of feature set ``name`` for boards of ``variant``: the set itself, or,
    for a set with variant inputs, its base set followed by the variant's one-hot row."""
    if name not in VARIANT_INPUTS:
        return FEATURES[name]
    base, variants = VARIANT_INPUTS[name]
    if variant not in variants:
        raise ValueError(f"feature set {name} has no input for the variant {variant}")
    row = np.zeros(len(variants), dtype=np.float32)
    row[variants.index(variant)] = 1.0
    encode = FEATURES[base]

    def with_variant(boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        x = encode(boards, first)
        return np.concatenate([x, np.broadcast_to(row, (len(x), len(row)))], axis=1)

    return with_variant


#: The feature set new networks of each family are trained on (the shipped nets' sets).
DEFAULT_FEATURES = {"short": "short-v3", "long": "long-v3"}


def feature_count(name: str) -> int:
    """Number of inputs of a feature set."""
    return _COUNTS[name]


def family_of(name: str) -> str:
    """The game family a feature set belongs to."""
    return name.split("-", 1)[0]
