"""gnubg's Match ID (short nardy): the match and cube state in 12 characters.

The match key is 66 bits, written least significant bit first into 9 bytes and
encoded as 12 characters of standard Base64::

    bits  1-4   log2 of the cube value            bit  12     player to decide (turn)
    bits  5-6   cube owner: 0, 1, or 3 centred    bit  13     a double is offered
    bit   7     player on roll (dice owner)       bits 14-15  resignation offered (1-3)
    bit   8     Crawford game                     bits 16-18  die 1, bits 19-21 die 2
    bits  9-11  state: 0 no game, 1 playing,      bits 22-36  match length (0: money)
                2 over, 3 resigned, 4 dropped     bits 37-51  player 0's score, 52-66 1's

``QYkqASAAIAAA`` is a 9-point match at 2–4 where player 1 has rolled 5-2 and player 0
owns a 2-cube. Player 0 is white, player 1 black (as in SGF). Together with the
Position ID (``nardy.notation.position_id``) it describes a whole ``MatchSnapshot``.
"""

from __future__ import annotations

import base64
import binascii

from nardy.errors import MalformedError
from nardy.i18n import words
from nardy.match import GameState, MatchSnapshot
from nardy.notation.position_id import decode_position_id, encode_position_id
from nardy.position import BLACK, WHITE, Color

_STATES: tuple[GameState, ...] = ("none", "playing", "over", "resigned", "dropped")
_FIELDS = (  # name, first bit (0-based), width
    ("cube", 0, 4),
    ("owner", 4, 2),
    ("dice_owner", 6, 1),
    ("crawford", 7, 1),
    ("state", 8, 3),
    ("turn", 11, 1),
    ("doubled", 12, 1),
    ("resign", 13, 2),
    ("die1", 15, 3),
    ("die2", 18, 3),
    ("length", 21, 15),
    ("score0", 36, 15),
    ("score1", 51, 15),
)
_LIMIT = (1 << 15) - 1


def _player(color: Color) -> int:
    return 0 if color == WHITE else 1


def _color(player: int) -> Color:
    return WHITE if player == 0 else BLACK


def _cube_log(value: int) -> int:
    log = value.bit_length() - 1
    if value < 1 or 1 << log != value or log > 15:
        raise MalformedError("match-id-cube", value=value)
    return log


def encode_match_id(snapshot: MatchSnapshot) -> str:
    """The 12-character gnubg Match ID of ``snapshot``."""
    s = snapshot
    length, score = words("match-id.field.length"), words("match-id.field.score")
    for field, value in ((length, s.length), (score, s.score[0]), (score, s.score[1])):
        if not 0 <= value <= _LIMIT:
            raise MalformedError("match-id-field", name=field, max=_LIMIT, value=value)
    if not 0 <= s.resign <= 3:
        raise MalformedError("match-id-resign", value=s.resign)
    values = {
        "cube": _cube_log(s.cube_value),
        "owner": 3 if s.cube_owner is None else _player(s.cube_owner),
        "dice_owner": _player(s.on_roll),
        "crawford": int(s.crawford),
        "state": _STATES.index(s.state),
        "turn": _player(s.decider),
        "doubled": int(s.doubled),
        "resign": s.resign,
        "die1": s.dice[0] if s.dice else 0,
        "die2": s.dice[1] if s.dice else 0,
        "length": s.length,
        "score0": s.score[0],
        "score1": s.score[1],
    }
    key = 0
    for name, start, width in _FIELDS:
        assert 0 <= values[name] < 1 << width, name  # each checked above
        key |= values[name] << start
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def decode_match_id(text: str) -> dict[str, int]:
    """The raw fields of a Match ID (see the module docstring for their meaning)."""
    if not isinstance(text, str):
        raise MalformedError("match-id-not-text")
    text = text.strip()
    if len(text) != 12:
        raise MalformedError("match-id-length", text=repr(text), got=len(text))
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise MalformedError("match-id-base64", text=repr(text)) from None
    key = int.from_bytes(data, "little")
    if key >> 66:
        raise MalformedError("match-id-extra-bits", text=repr(text))
    return {name: (key >> start) & ((1 << width) - 1) for name, start, width in _FIELDS}


def snapshot_from_ids(position_id: str, match_id: str) -> MatchSnapshot:
    """The snapshot described by a gnubg Position ID and Match ID."""
    f = decode_match_id(match_id)
    where = f"Match ID {match_id!r}"
    if f["owner"] == 2:
        raise MalformedError("match-id-owner", where=where)
    if f["state"] >= len(_STATES):
        raise MalformedError("match-id-state", where=where, state=f["state"])
    dice = (f["die1"], f["die2"])
    if dice == (0, 0):
        rolled = None
    elif 1 <= dice[0] <= 6 and 1 <= dice[1] <= 6:
        rolled = dice
    else:
        raise MalformedError("match-id-dice", where=where, d1=dice[0], d2=dice[1])
    if f["length"] and (f["score0"] >= f["length"] and f["score1"] >= f["length"]):
        raise MalformedError("match-id-scores-over", where=where)
    if f["doubled"] and f["resign"]:
        raise MalformedError("match-id-double-and-resign", where=where)
    on_roll = _color(f["dice_owner"])
    position = decode_position_id(position_id, on_roll)
    return MatchSnapshot(
        position=position,
        length=f["length"],
        score=(f["score0"], f["score1"]),
        cube_value=1 << f["cube"],
        cube_owner=None if f["owner"] == 3 else _color(f["owner"]),
        crawford=bool(f["crawford"]),
        state=_STATES[f["state"]],
        to_act=_color(f["turn"]),
        doubled=bool(f["doubled"]),
        resign=f["resign"],
        dice=rolled,
    )


def snapshot_ids(snapshot: MatchSnapshot) -> tuple[str, str]:
    """The gnubg Position ID and Match ID of ``snapshot``."""
    return encode_position_id(snapshot.position), encode_match_id(snapshot)
