"""Jellyfish / gnubg ``.mat`` match files (backgammon text transcripts).

A ``.mat`` file is plain text::

    ; [Player 1 "Anna"]                      optional "; [Key "value"]" header lines
     7 point match                           (0 point match: money play)

     Game 1
     Anna : 0                       Boris : 0
      1) 52: 13/8 13/11              64: 24/18 13/9
      2)  Doubles => 2                Takes
      3) 31: 8/5* 6/5                54: 25/21 13/8
      ...
          Wins 1 point

Each numbered line holds the left player's action, then the right player's; moves are
in the mover's own numbering with ``25`` for the bar and ``0`` for off (``bar``/``off``
are read too), hits marked ``*``. The left player is player 0 (white), the right
player 1 (black). ``Doubles => n``, ``Takes``, ``Drops`` and ``Beavers => n`` are
cube actions; ``Wins n point(s)`` ends a game — after the last move, a pass, or, when
the game is not finished, a resignation.

Reading is tolerant of column widths, extra blank lines, ``; …`` comments, unknown
header keys and ``and the match``; writing is canonical (gnubg's layout). Every
problem is reported with its line (and column) number.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from nardy.cube import CubeRules
from nardy.errors import MalformedError, NardyError
from nardy.match import Match
from nardy.notation.transcript import (
    Action,
    FormatError,
    GameText,
    build_match,
    check_exportable,
    game_actions,
    player_color,
)
from nardy.plays import Move, parse_moves
from nardy.position import BAR, OFF, WHITE
from nardy.variants import Variant, find_variant

_HEADER = re.compile(r'^\s*;\s*\[\s*([^"\]]+?)\s+"(.*)"\s*\]\s*$')
# Numbers are ASCII digits, at most 9 of them: ``int`` refuses strings of more than
# 4,300 digits with a ValueError, and no match, game or score needs more.
_N = r"([0-9]{1,9})"
_LENGTH = re.compile(rf"^\s*{_N}\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(rf"^\s*Game\s+{_N}\s*$", re.IGNORECASE)
_SCORE = re.compile(rf"^\s*(.+?)\s*:\s*{_N}\s+(.+?)\s*:\s*{_N}\s*$")
_MOVE_LINE = re.compile(r"^(\s*)([0-9]+)\)(.*)$")
_WINS = re.compile(r"^wins$", re.IGNORECASE)
_DICE = re.compile(r"^([1-6])([1-6]):(.*)$")
_KEYWORDS = {
    "doubles": "double",
    "takes": "take",
    "drops": "drop",
    "beavers": "beaver",
    "wins": "win",
    "passes": "drop",
    "accepts": "take",
}
_RIGHT_COLUMN = 20  # an entry starting this far into the line is the right player's


@dataclass
class _Entry:
    kind: str
    column: int  # 0-based position in the line
    tokens: list[tuple[str, int]]


def _tokens(text: str, offset: int) -> list[tuple[str, int]]:
    return [(m.group(), offset + m.start()) for m in re.finditer(r"\S+", text)]


def _entries(rest: str, offset: int, line_no: int, source: str) -> list[_Entry]:
    entries: list[_Entry] = []
    for tok, col in _tokens(rest, offset):
        low = tok.lower()
        dice = _DICE.match(tok)
        if dice:
            entries.append(_Entry("play", col, [(tok, col)]))
        elif re.match(r"^\d\d:", tok):
            raise FormatError(
                line_no, col + 1, MalformedError("mat-bad-roll", token=repr(tok)), source
            )
        elif low in _KEYWORDS:
            entries.append(_Entry(_KEYWORDS[low], col, [(tok, col)]))
        elif entries:
            entries[-1].tokens.append((tok, col))
        else:
            raise FormatError(
                line_no,
                col + 1,
                MalformedError("mat-unexpected", token=repr(tok)),
                source,
            )
    return entries


def _parse_points(entry: _Entry, line_no: int, source: str) -> tuple[float, bool]:
    words = [t for t, _ in entry.tokens]
    text = " ".join(words)
    m = re.match(rf"^wins\s+{_N}\s+points?(\s+and\s+the\s+match)?\.?$", text, re.IGNORECASE)
    if not m:
        raise FormatError(
            line_no, entry.column + 1, MalformedError("mat-bad-win", text=repr(text)), source
        )
    return int(m.group(1)), bool(m.group(2))


def _entry_action(entry: _Entry, player: int, line_no: int, source: str) -> Action:
    color = player_color(player)
    col = entry.column + 1
    first, _ = entry.tokens[0]
    rest = " ".join(t for t, _ in entry.tokens[1:])
    if entry.kind == "play":
        m = _DICE.match(first)
        assert m
        text = (m.group(3) + " " + rest).strip()
        text = re.sub(r"(?i)\b(cannot|can't|can not)\s+move\b|\bno\s+move\b", "", text).strip()
        try:
            moves: tuple[Move, ...] = parse_moves(text) if text else ()
        except MalformedError as exc:
            raise FormatError(line_no, col, exc, source) from exc
        return Action(
            color, "play", (int(m.group(1)), int(m.group(2))), moves, line=line_no, column=col
        )
    if entry.kind in ("double", "beaver"):
        if rest and not re.match(r"^=>\s*\d+$", rest):
            raise FormatError(
                line_no, col, MalformedError("mat-bad-double", word=first, rest=repr(rest)), source
            )
    elif rest:
        after = MalformedError("mat-unexpected-after", rest=repr(rest), word=repr(first))
        raise FormatError(line_no, col, after, source)
    return Action(color, entry.kind, line=line_no, column=col)


def read_mat(text: str, *, source: str = "") -> Match:
    """Read a ``.mat`` file into a ``Match`` (short nardy unless the header names a
    nardy variant); malformed or illegal content raises ``FormatError``."""
    if not isinstance(text, str):
        raise MalformedError("mat-not-text")
    headers: dict[str, str] = {}
    header_lines: dict[str, int] = {}
    length: int | None = None
    games: list[GameText] = []
    players: list[str] | None = None
    current: GameText | None = None
    awaiting_score = False
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith(";"):
            m = _HEADER.match(line)
            if m:
                headers[m.group(1).strip().lower()] = m.group(2)
                header_lines[m.group(1).strip().lower()] = line_no
            continue
        if length is None:
            m = _LENGTH.match(line)
            if not m:
                found = MalformedError("mat-no-length", found=repr(line.strip()))
                raise FormatError(line_no, None, found, source)
            length = int(m.group(1))
            continue
        m = _GAME.match(line)
        if m:
            number = int(m.group(1))
            if number != len(games) + 1:
                wrong = MalformedError("mat-game-number", expected=len(games) + 1, found=number)
                raise FormatError(line_no, None, wrong, source)
            current = GameText(line=line_no)
            games.append(current)
            awaiting_score = True
            continue
        if current is None:
            found = MalformedError("mat-no-game", found=repr(line.strip()))
            raise FormatError(line_no, None, found, source)
        if awaiting_score:
            awaiting_score = False
            m = _SCORE.match(line)
            if m and not _MOVE_LINE.match(line):
                names = [m.group(1), m.group(3)]
                current.score = (int(m.group(2)), int(m.group(4)))
                if players is None:
                    players = names
                continue
        m = _MOVE_LINE.match(line)
        if m:
            start = len(m.group(1)) + len(m.group(2)) + 1
            entries = _entries(m.group(3), start, line_no, source)
            slots = [e for e in entries if e.kind != "win"]
            wins = [e for e in entries if e.kind == "win"]
            if len(slots) > 2:
                raise FormatError(line_no, None, MalformedError("mat-too-many-actions"), source)
            if len(slots) == 2:
                players_of = [0, 1]
            elif slots:
                players_of = [1 if slots[0].column - start >= _RIGHT_COLUMN - 5 else 0]
            else:
                players_of = []
            for entry, player in zip(slots, players_of, strict=True):
                current.actions.append(_entry_action(entry, player, line_no, source))
            for entry in wins:
                current.actions.append(_win_action(entry, line_no, source))
            continue
        entries = _entries(line, 0, line_no, source)
        if len(entries) == 1 and entries[0].kind == "win":
            current.actions.append(_win_action(entries[0], line_no, source))
            continue
        unread = MalformedError("mat-unreadable", text=repr(line.strip()))
        raise FormatError(line_no, None, unread, source)
    if length is None:
        raise FormatError(1, None, MalformedError("mat-not-mat"), source)
    return build_match(
        _variant(headers, header_lines, source),
        length,
        games,
        cube=_cube_rules(headers, header_lines, length, source),
        crawford=headers.get("crawford", "on").lower() != "off",
        players=players or ("Player 1", "Player 2"),
        source=source,
    )


def _win_action(entry: _Entry, line_no: int, source: str) -> Action:
    points, _ = _parse_points(entry, line_no, source)
    player = 1 if entry.column >= _RIGHT_COLUMN else 0
    return Action(player_color(player), "win", points=points, line=line_no, column=entry.column + 1)


def _variant(headers: dict[str, str], lines: dict[str, int], source: str) -> Variant:
    line = min((lines[k] for k in ("nardy variant", "nardy options") if k in lines), default=1)
    try:
        variant = find_variant(headers.get("nardy variant", "short"))
        if "nardy options" in headers:
            options = json.loads(headers["nardy options"])
            if not isinstance(options, dict):
                raise MalformedError("mat-options")
            variant = variant.with_options(**options)
    except (NardyError, ValueError) as exc:
        raise FormatError(line, None, _header_error(exc), source) from exc
    except RecursionError:  # options nested too deep for the JSON parser
        deep = MalformedError("mat-header-too-deep", name="Nardy Options")
        raise FormatError(line, None, deep, source) from None
    name = headers.get("variation", "backgammon").lower()
    if name not in ("backgammon", "") and "nardy variant" not in headers:
        variation = MalformedError("mat-variation", name=repr(headers["variation"]))
        raise FormatError(lines["variation"], None, variation, source)
    return variant


def _cube_rules(
    headers: dict[str, str], lines: dict[str, int], length: int, source: str
) -> CubeRules:
    keys = ("nardy cube", "jacoby", "beaver", "cubelimit")
    line = min((lines[k] for k in keys if k in lines), default=1)
    try:
        if "nardy cube" in headers:
            return CubeRules.from_json(json.loads(headers["nardy cube"]))
        on = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}
        settings: dict[str, bool | int | None] = {}
        money = length == 0
        for key, name in (("jacoby", "jacoby"), ("beaver", "beavers")):
            if key in headers and money:
                value = headers[key].strip().lower()
                if value not in on:
                    raise MalformedError(
                        "mat-on-off", name=key.capitalize(), value=repr(headers[key])
                    )
                settings[name] = on[value]
        if "cubelimit" in headers:
            limit = int(headers["cubelimit"])
            if limit <= 1:
                settings["enabled"] = False
            else:
                settings["max_doubles"] = limit.bit_length() - 1
        return CubeRules(money=money, **settings)  # type: ignore[arg-type]
    except (NardyError, ValueError, TypeError) as exc:
        raise FormatError(line, None, _header_error(exc), source) from exc
    except RecursionError:  # Nardy Cube nested too deep for the JSON parser
        deep = MalformedError("mat-header-too-deep", name="Nardy Cube")
        raise FormatError(line, None, deep, source) from None


def _header_error(exc: Exception) -> MalformedError:
    """A header's error: the core's own, or what Python's parsers said (JSON, int)."""
    if isinstance(exc, NardyError):
        header = MalformedError("mat-header", reason=exc)
        header.code = exc.code  # the specific code is the header's error's
        return header
    return MalformedError("mat-header-detail", detail=str(exc))


# -- writing -----------------------------------------------------------------------------


def _point(p: int) -> str:
    return "25" if p == BAR else "0" if p == OFF else str(p)


def _play_text(action: Action) -> str:
    assert action.dice is not None
    moves = " ".join(f"{_point(m.frm)}/{_point(m.to)}{'*' if m.hit else ''}" for m in action.moves)
    return (
        f"{action.dice[0]}{action.dice[1]}: {moves}".rstrip()
        if moves
        else f"{action.dice[0]}{action.dice[1]}:"
    )


def write_mat(match: Match) -> str:
    """The match as a ``.mat`` file (canonical gnubg layout)."""
    check_exportable(match, ".mat")
    out: list[str] = [f'; [Player 1 "{match.players[0]}"]', f'; [Player 2 "{match.players[1]}"]']
    if (
        match.variant.name != "short"
        or match.variant.options() != find_variant(match.variant.name).options()
    ):
        out.append(f'; [Nardy Variant "{match.variant.name}"]')
        out.append(f'; [Nardy Options "{json.dumps(match.variant.options())}"]')
    else:
        out.append('; [Variation "Backgammon"]')
    rules = match.cube_rules
    if match.money:
        out.append(f'; [Jacoby "{"On" if rules.jacoby else "Off"}"]')
        out.append(f'; [Beaver "{"On" if rules.beavers else "Off"}"]')
    else:
        out.append(f'; [Crawford "{"On" if match.crawford_rule else "Off"}"]')
    plain = CubeRules(money=match.money, jacoby=rules.jacoby, beavers=rules.beavers)
    if not rules.enabled:
        out.append('; [CubeLimit "1"]')
    elif (
        rules.max_doubles is not None
        and rules.progression == "geometric"
        and rules.gammons_with_cube
    ):
        out.append(f'; [CubeLimit "{2**rules.max_doubles}"]')
    elif rules != plain:
        out.append(f'; [Nardy Cube "{json.dumps(rules.to_json())}"]')
    out += ["", f" {match.length} point match", ""]
    for i, game in enumerate(match.games):
        a, b = match.score_before(i)
        out.append(f" Game {i + 1}")
        left = f"{match.players[0]} : {a:g}"
        out.append(f" {left:<31}{match.players[1]} : {b:g}")
        out.extend(_game_lines(game_actions(game.records), match, i))
        out.append("")
    return "\n".join(out) + "\n"


def _game_lines(actions: list[Action], match: Match, index: int) -> list[str]:
    rows: list[list[str]] = []
    for action in actions:
        if action.kind == "win":
            continue
        player = 0 if action.color == WHITE else 1
        text = (
            _play_text(action)
            if action.kind == "play"
            else {
                "double": " Doubles => {}",
                "beaver": " Beavers => {}",
                "take": " Takes",
                "drop": " Drops",
            }[action.kind]
        )
        if "{}" in text:
            text = text.format(_cube_after(actions, action, match, index))
        # A new numbered line when this player's slot (or, for the left player, the
        # line) is already used.
        if not rows or rows[-1][1] or (player == 0 and rows[-1][0]):
            rows.append(["", ""])
        rows[-1][player] = text
    lines = []
    for n, (left, right) in enumerate(rows, start=1):
        lines.append(f"{n:3d}) {left:<27} {right}".rstrip())
    win = actions[-1] if actions and actions[-1].kind == "win" else None
    if win is not None:
        s = "s" if win.points != 1 else ""
        tail = " and the match" if index == len(match.games) - 1 and match.is_over else ""
        indent = " " * (6 if win.color == WHITE else 34)
        lines.append(f"{indent}Wins {win.points:g} point{s}{tail}")
    return lines


def _cube_after(actions: list[Action], action: Action, match: Match, index: int) -> int:
    """The cube value a double (or beaver) in ``actions`` raises the cube to."""
    from nardy.cube import Cube

    cube = Cube(match.cube_rules, crawford=match.games[index].cube.crawford)
    for a in actions:
        if a.kind == "double":
            cube = cube.double(a.color)
            if a is action:
                return cube.next_value()
        elif a.kind == "take":
            cube = cube.take()
        elif a.kind == "beaver":
            if a is action:
                return cube.next_value(2)
            cube = cube.beaver()
    raise AssertionError("action not found")  # pragma: no cover
