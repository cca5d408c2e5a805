"""eXtreme Gammon's XGID (short nardy): a position with its match and cube state.

``XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10`` is ten fields separated by
colons:

1. the board, 26 characters: the top player's bar, then points 1…24 as the bottom
   player numbers them, then the bottom player's bar; ``-`` is empty, ``A``…``O`` are
   1…15 of the bottom player's checkers, ``a``…``o`` of the top player's;
2. log2 of the cube value; 3. the cube owner: 1 bottom, -1 top, 0 centred;
4. the player on roll: 1 bottom, -1 top;
5. the dice: two digits, ``00`` not rolled yet, ``D`` a double offered (``B``/``R``
   beaver and raccoon offers are not supported);
6. the bottom player's score; 7. the top player's;
8. match play: 1 in the Crawford game; money play: 1 Jacoby + 2 beavers;
9. the match length (0: money play); 10. log2 of the cube limit (10 when unknown).

The bottom player (upper case) is white, the top player black. The ``XGID=`` prefix
is optional on reading.
"""

from __future__ import annotations

import re

from nardy.errors import MalformedError
from nardy.i18n import Words, words
from nardy.match import MatchSnapshot
from nardy.position import BAR, BLACK, CHECKERS, OFF, WHITE, Position, other

PREFIX = "XGID="


def _char(n: int, upper: bool) -> str:
    if n == 0:
        return "-"
    return chr((ord("A") if upper else ord("a")) + n - 1)


def _cube_log(value: int) -> int:
    log = value.bit_length() - 1
    if value < 1 or 1 << log != value:
        raise MalformedError("xgid-cube", value=value)
    return log


def encode_xgid(snapshot: MatchSnapshot) -> str:
    """The XGID of ``snapshot`` (white is the bottom player)."""
    s = snapshot
    white = s.position.side(WHITE)
    black = s.position.side(BLACK)
    board = [_char(black[BAR], False)]
    for p in range(1, 25):
        if white[p] and black[25 - p]:
            raise MalformedError("xgid-shared-point", point=p)
        board.append(_char(white[p], True) if white[p] else _char(black[25 - p], False))
    board.append(_char(white[BAR], True))
    owner = 0 if s.cube_owner is None else (1 if s.cube_owner == WHITE else -1)
    turn = 1 if s.on_roll == WHITE else -1
    if s.resign:
        raise MalformedError("xgid-resign")
    dice = "D" if s.doubled else f"{s.dice[0]}{s.dice[1]}" if s.dice else "00"
    flags = int(s.crawford) if s.length else int(s.jacoby) + 2 * int(s.beavers)
    max_cube = 10 if s.max_cube is None else s.max_cube
    fields = [
        "".join(board),
        str(_cube_log(s.cube_value)),
        str(owner),
        str(turn),
        dice,
        str(s.score[0]),
        str(s.score[1]),
        str(flags),
        str(s.length),
        str(max_cube),
    ]
    return PREFIX + ":".join(fields)


def _int(text: str, name: Words, low: int, high: int) -> int:
    # ASCII digits only: int() would also take ' 5', '5_0', '+5' and other scripts'
    # digits, and fail on more than 4,300 of them.
    if not re.fullmatch(r"-?[0-9]{1,6}", text):
        raise MalformedError("xgid-not-number", field=name, text=repr(text[:20]))
    value = int(text)
    if not low <= value <= high:
        raise MalformedError("xgid-range", field=name, value=value, low=low, high=high)
    return value


def decode_xgid(text: str) -> MatchSnapshot:
    """The snapshot an XGID describes; a malformed ID raises ``MalformedError`` naming
    the field."""
    if not isinstance(text, str):
        raise MalformedError("xgid-not-text")
    body = text.strip()
    if body.upper().startswith(PREFIX):
        body = body[len(PREFIX) :]
    fields = body.split(":")
    if len(fields) != 10:
        raise MalformedError("xgid-fields", n=len(fields))
    board, cube, owner, turn, dice, score1, score2, flags, length, max_cube = fields
    if len(board) != 26:
        raise MalformedError("xgid-board-length", got=len(board))
    white = [0] * 26
    black = [0] * 26
    for i, ch in enumerate(board):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            n, bottom = ord(ch) - ord("A") + 1, True
        elif "a" <= ch <= "o":
            n, bottom = ord(ch) - ord("a") + 1, False
        else:
            raise MalformedError("xgid-board-char", index=i + 1, char=repr(ch))
        if i == 0 and bottom or i == 25 and not bottom:
            raise MalformedError("xgid-wrong-bar", index=i + 1)
        if bottom:
            white[BAR if i == 25 else i] += n
        else:
            black[BAR if i == 0 else 25 - i] += n
    for name, side in ((words("xgid.side.bottom"), white), (words("xgid.side.top"), black)):
        on_board = sum(side)
        if on_board > CHECKERS:
            raise MalformedError("xgid-checkers", side=name, n=on_board)
        side[OFF] = CHECKERS - on_board
    cube_log = _int(cube, words("xgid.field.2"), 0, 15)
    owner_v = _int(owner, words("xgid.field.3"), -1, 1)
    turn_v = _int(turn, words("xgid.field.4"), -1, 1)
    if turn_v == 0:
        raise MalformedError("xgid-turn")
    doubled, rolled = False, None
    if dice == "D":
        doubled = True
    elif dice in ("B", "R"):
        raise MalformedError("xgid-beaver", dice=repr(dice))
    elif re.fullmatch(r"[0-9]{2}", dice) and dice != "00":
        rolled = (int(dice[0]), int(dice[1]))
        if not (1 <= rolled[0] <= 6 and 1 <= rolled[1] <= 6):
            raise MalformedError("xgid-dice", dice=repr(dice))
    elif dice != "00":
        raise MalformedError("xgid-dice-field", dice=repr(dice))
    length_v = _int(length, words("xgid.field.9"), 0, 32767)
    score = (
        _int(score1, words("xgid.field.6"), 0, 32767),
        _int(score2, words("xgid.field.7"), 0, 32767),
    )
    flags_v = _int(flags, words("xgid.field.8"), 0, 1 if length_v else 3)
    max_v = _int(max_cube, words("xgid.field.10"), 0, 15)
    on_roll = WHITE if turn_v == 1 else BLACK
    mine, theirs = (white, black) if on_roll == WHITE else (black, white)
    position = Position(tuple(mine), tuple(theirs), on_roll)
    return MatchSnapshot(
        position=position,
        length=length_v,
        score=score,
        cube_value=1 << cube_log,
        cube_owner=None if owner_v == 0 else (WHITE if owner_v == 1 else BLACK),
        crawford=bool(flags_v) if length_v else False,
        state="playing",
        to_act=other(on_roll) if doubled else on_roll,
        doubled=doubled,
        dice=rolled,
        jacoby=bool(flags_v & 1) if not length_v else False,
        beavers=bool(flags_v & 2) if not length_v else False,
        max_cube=max_v,
    )
