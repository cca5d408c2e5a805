"""Compact position IDs: gnubg's Position ID (short nardy) and nardy's long-nardy ID.

**gnubg Position ID** (14 characters, e.g. the start ``4HPwATDgc/ABMA``): for the side
*not* on roll, then the side on roll, each of its 25 slots (own points 1…24, then the
bar) is written as that many 1-bits followed by a 0-bit; the bit string is padded to
80 bits, bit *i* stored in byte *i // 8* at bit *i % 8*, and the 10 bytes written in
standard Base64 without the padding.

**Long-nardy ID** (``L`` + 14 characters): the same scheme without the bar slots —
side not on roll, then side on roll, 24 points each in own numbering — followed by
two flag bits, *side on roll has not played yet* and *other side has not played yet*
(the L-HEAD-2 first-turn flags). At most 30 one-bits + 48 zero-bits + 2 flags = 80 bits.
Neither ID records the colour on roll; decoding takes it as an argument.
"""

from __future__ import annotations

import base64
import re

from nardy.errors import MalformedError
from nardy.i18n import Words, words
from nardy.position import BAR, CHECKERS, OFF, WHITE, Color, Position

_ID_LEN = 14
_BASE64 = re.compile(r"[A-Za-z0-9+/]*")


def _pack(bits: list[int]) -> str:
    data = bytearray(10)
    for i, b in enumerate(bits):
        if b:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii")[:_ID_LEN]


def shown(text: str) -> str:
    """``text`` quoted for an error message, shortened when long."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"


def _unpack(text: str, what: Words) -> list[int]:
    if not isinstance(text, str):
        raise MalformedError("id-not-text", what=what)
    if len(text) != _ID_LEN:
        raise MalformedError("id-length", what=what, text=shown(text), n=_ID_LEN, got=len(text))
    # 14 Base64 characters hold the 10 bytes (the last 4 bits unused); padding ('=')
    # inside would shorten the data, so only the 64 letters of the alphabet count.
    if not _BASE64.fullmatch(text):
        raise MalformedError("id-base64-chars", what=what, text=shown(text))
    data = base64.b64decode(text + "==")  # 14 letters of the alphabet always decode
    return [(data[i // 8] >> (i % 8)) & 1 for i in range(80)]


def _encode_side(side: tuple[int, ...], slots: list[int]) -> list[int]:
    bits: list[int] = []
    for s in slots:
        bits.extend([1] * side[s])
        bits.append(0)
    return bits


def _decode_sides(bits: list[int], nslots: int, what: Words, text: str) -> tuple[list[int], int]:
    counts: list[int] = []
    i = 0
    n = 0
    while len(counts) < 2 * nslots:
        if i >= len(bits):
            raise MalformedError("id-short", what=what, text=shown(text))
        if bits[i]:
            n += 1
        else:
            counts.append(n)
            n = 0
        i += 1
    return counts, i


def _side_from_counts(
    counts: list[int], slots: list[int], who: Words, text: str
) -> tuple[int, ...]:
    side = [0] * 26
    for s, n in zip(slots, counts, strict=True):
        side[s] = n
    on_board = sum(side)
    if on_board > CHECKERS:
        raise MalformedError("position-id-checkers", text=shown(text), who=who, n=on_board)
    side[OFF] = CHECKERS - on_board
    return tuple(side)


_SHORT_SLOTS = [*range(1, 25), BAR]
_LONG_SLOTS = list(range(1, 25))


def encode_position_id(position: Position) -> str:
    """gnubg Position ID of a short-nardy position."""
    bits = _encode_side(position.theirs, _SHORT_SLOTS) + _encode_side(position.mine, _SHORT_SLOTS)
    return _pack(bits)


def decode_position_id(text: str, turn: Color = WHITE) -> Position:
    """The short-nardy position of a gnubg Position ID (``turn`` is the colour on roll)."""
    what = words("id.what.position")
    bits = _unpack(text, what)
    counts, used = _decode_sides(bits, 25, what, text)
    if any(bits[used:]):
        raise MalformedError("id-stray-bits", what=what, text=shown(text))
    theirs = _side_from_counts(counts[:25], _SHORT_SLOTS, words("id.side.theirs"), text)
    mine = _side_from_counts(counts[25:], _SHORT_SLOTS, words("id.side.mine"), text)
    return Position(mine, theirs, turn)


def encode_long_id(position: Position) -> str:
    """nardy's long-nardy position ID (``L`` + 14 characters)."""
    if position.mine[BAR] or position.theirs[BAR]:
        raise MalformedError("position-id-long-bar")
    bits = _encode_side(position.theirs, _LONG_SLOTS) + _encode_side(position.mine, _LONG_SLOTS)
    bits += [int(position.mine_first), int(position.theirs_first)]
    return "L" + _pack(bits)


def decode_long_id(text: str, turn: Color = WHITE) -> Position:
    """The long-nardy position of an ID made by ``encode_long_id``."""
    what = words("id.what.long")
    if not isinstance(text, str):
        raise MalformedError("id-not-text", what=what)
    if not text.startswith("L"):
        raise MalformedError("long-id-prefix", what=what, text=shown(text))
    bits = _unpack(text[1:], what)
    counts, used = _decode_sides(bits, 24, what, text)
    if used + 2 > 80:
        raise MalformedError("long-id-flags", what=what, text=shown(text))
    mine_first, theirs_first = bool(bits[used]), bool(bits[used + 1])
    if any(bits[used + 2 :]):
        raise MalformedError("long-id-stray-bits", what=what, text=shown(text))
    theirs = _side_from_counts(counts[:24], _LONG_SLOTS, words("id.side.theirs"), text)
    mine = _side_from_counts(counts[24:], _LONG_SLOTS, words("id.side.mine"), text)
    return Position(mine, theirs, turn, mine_first, theirs_first)


def encode_id(family: str, position: Position) -> str:
    """The position ID used for ``family`` (gnubg's for short, nardy's for long)."""
    return encode_long_id(position) if family == "long" else encode_position_id(position)


def decode_id(family: str, text: str, turn: Color = WHITE) -> Position:
    """Decode an ID of ``family`` (see ``encode_id``)."""
    return decode_long_id(text, turn) if family == "long" else decode_position_id(text, turn)
