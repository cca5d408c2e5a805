"""SGF (Smart Game Format, FF[4]) backgammon files, ``GM[6]``.

A match is a sequence of game trees, one per game::

    (;FF[4]GM[6]CA[UTF-8]AP[nardy:0.1.0]MI[length:7][game:1][ws:0][bs:0]
    PW[Anna]PB[Boris]RU[Crawford]RE[W+2]
    ;W[52lqac];B[64xrmi];W[double];B[take];W[31hefe] ...)

Points are letters from white's side: ``a`` is white's 1-point (black's 24) … ``x``
white's 24 (black's 1); ``y`` is the bar and ``z`` borne off. A move node is the roll
followed by one source/destination pair per die; ``double``, ``take`` and ``drop`` are
cube actions (a double answered by a double is a beaver, accepted with ``take``).
``MI`` gives the match length, game number and scores before the game; ``RU`` the
rules (``Crawford``, ``Crawford:CrawfordGame``, ``Jacoby``, ``NoCube``); ``RE`` the
result (``W+2``, ``B+6R`` for a resignation).

Reading is tolerant: unknown properties are ignored, lower-case letters in property
names (old SGF) are dropped, extra variations are skipped (the main line is read), and
white space may appear anywhere. Writing is canonical. Errors name the line and
column. Properties ``NV``/``NO``/``NC`` (nardy variant, options, cube rules) carry
what backgammon's properties cannot.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

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
)
from nardy.plays import Move
from nardy.position import BAR, BLACK, OFF, WHITE, Color
from nardy.variants import Variant, find_variant

try:
    from importlib.metadata import version as _version

    _APP = f"nardy:{_version('nardy')}"
except Exception:  # pragma: no cover - not installed
    _APP = "nardy"


@dataclass
class Node:
    """One SGF node: its properties (name → values) with where each starts."""

    props: dict[str, list[str]] = field(default_factory=dict)
    where: dict[str, tuple[int, int]] = field(default_factory=dict)
    line: int = 0
    column: int = 0


class _Reader:
    """A small SGF tokenizer keeping line and column for every error."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.pos = 0
        self.source = source

    def where(self, pos: int | None = None) -> tuple[int, int]:
        p = self.pos if pos is None else pos
        line = self.text.count("\n", 0, p) + 1
        return line, p - (self.text.rfind("\n", 0, p) + 1) + 1

    def error(self, code: str, pos: int | None = None, **params: Any) -> FormatError:
        line, col = self.where(pos)
        return FormatError(line, col, MalformedError(code, **params), self.source)

    def skip_ws(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_ws()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def collection(self) -> list[list[Node]]:
        trees = []
        while True:
            ch = self.peek()
            if not ch:
                break
            if ch != "(":
                raise self.error("sgf-no-open", found=repr(ch))
            trees.append(self.tree())
        if not trees:
            raise self.error("sgf-no-tree")
        return trees

    def tree(self, depth: int = 0) -> list[Node]:
        """A game tree's main line: its nodes, then the first variation's, recursively."""
        start = self.pos
        if depth > 200:
            raise self.error("sgf-too-deep", start)
        self.pos += 1  # "("
        nodes: list[Node] = []
        while self.peek() == ";":
            nodes.append(self.node())
        if not nodes:
            raise self.error("sgf-no-node")
        first = True
        while self.peek() == "(":
            sub = self.tree(depth + 1)
            if first:
                nodes.extend(sub)
                first = False
        if self.peek() != ")":
            if not self.peek():
                raise self.error("sgf-unclosed-tree", start)
            raise self.error("sgf-expected-close", found=repr(self.peek()))
        self.pos += 1
        return nodes

    def node(self) -> Node:
        line, col = self.where()
        self.pos += 1  # ";"
        node = Node(line=line, column=col)
        while True:
            self.skip_ws()
            m = re.compile(r"[A-Za-z]+").match(self.text, self.pos)
            if not m:
                break
            name = "".join(c for c in m.group() if c.isupper())
            at = self.where(self.pos)
            self.pos = m.end()
            values = []
            while self.peek() == "[":
                values.append(self.value())
            if not values:
                raise self.error("sgf-no-value", m.start(), name=m.group())
            if name:
                node.props.setdefault(name, []).extend(values)
                node.where.setdefault(name, at)
        return node

    def value(self) -> str:
        start = self.pos
        self.pos += 1  # "["
        out = []
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\":
                self.pos += 1
                if self.pos < len(self.text) and self.text[self.pos] != "\n":
                    out.append(self.text[self.pos])
                self.pos += 1
                continue
            if ch == "]":
                self.pos += 1
                return "".join(out)
            out.append(ch)
            self.pos += 1
        raise self.error("sgf-unclosed-value", start)


# -- reading ---------------------------------------------------------------------------------

_ROLL = re.compile(r"^([1-6])([1-6])(.*)$")


def _point(ch: str, color: Color, *, source_point: bool) -> int:
    if ch == "y":
        if not source_point:
            raise MalformedError("sgf-to-bar")
        return BAR
    if ch == "z":
        if source_point:
            raise MalformedError("sgf-from-off")
        return OFF
    if not "a" <= ch <= "x":
        raise MalformedError("sgf-bad-point", letter=repr(ch))
    n = ord(ch) - ord("a") + 1  # white's point
    return n if color == WHITE else 25 - n


def _move_action(value: str, color: Color, line: int, col: int) -> Action:
    text = value.strip().lower()
    if text in ("double", "take", "drop"):
        return Action(color, text, line=line, column=col)
    m = _ROLL.match(text)
    if not m:
        raise MalformedError("sgf-bad-move", value=repr(value))
    pairs = m.group(3)
    if len(pairs) % 2 or len(pairs) > 8:
        raise MalformedError("sgf-move-pairs", value=repr(value))
    moves = []
    for i in range(0, len(pairs), 2):
        frm = _point(pairs[i], color, source_point=True)
        to = _point(pairs[i + 1], color, source_point=False)
        if to >= frm:
            raise MalformedError("sgf-not-forward", value=repr(value), pair=pairs[i : i + 2])
        moves.append(Move(frm, to))
    return Action(
        color, "play", (int(m.group(1)), int(m.group(2))), tuple(moves), line=line, column=col
    )


@dataclass
class _Info:
    length: int | None = None
    score: tuple[int, int] | None = None
    crawford_rule: bool = False
    crawford_game: bool | None = None
    jacoby: bool = False
    no_cube: bool = False
    result: tuple[Color, float, bool] | None = None


def _root_info(node: Node, reader: _Reader) -> _Info:
    info = _Info()
    props = node.props

    def fail(name: str, code: str, **params: Any) -> FormatError:
        line, col = node.where.get(name, (node.line, node.column))
        return FormatError(line, col, MalformedError(code, **params), reader.source)

    gm = props.get("GM", ["6"])[0].strip()
    if gm != "6":
        raise fail("GM", "sgf-not-backgammon", value=gm)
    for item in props.get("MI", []):
        key, _, value = item.partition(":")
        key = key.strip().lower()
        if key in ("length", "ws", "bs", "game"):
            # ASCII digits only, at most 9: str.isdigit() also takes '²', which int()
            # refuses, and int() refuses more than 4,300 digits.
            if not re.fullmatch(r"[0-9]{1,9}", value.strip()):
                raise fail("MI", "sgf-mi-number", value=item[:40], field=key)
            number = int(value)
            if key == "length":
                info.length = number
            elif key in ("ws", "bs"):
                ws, bs = info.score or (0, 0)
                info.score = (number, bs) if key == "ws" else (ws, number)
    rules = {p.strip().lower() for value in props.get("RU", []) for p in value.split(":")}
    if "crawford" in rules or "crawfordgame" in rules:
        info.crawford_rule = True
        info.crawford_game = "crawfordgame" in rules
    info.jacoby = "jacoby" in rules
    info.no_cube = "nocube" in rules
    if "RE" in props:
        text = props["RE"][0].strip()
        m = re.match(r"^([WB])\+([0-9]{1,9}(?:\.[0-9]{1,6})?)?\s*(R|Resign)?$", text, re.IGNORECASE)
        if m:
            color = WHITE if m.group(1).upper() == "W" else BLACK
            points = float(m.group(2)) if m.group(2) else 1.0
            info.result = (color, int(points) if points.is_integer() else points, bool(m.group(3)))
        elif text not in ("", "?", "0", "Void", "Draw"):
            raise fail("RE", "sgf-result", value=text)
    cv = props.get("CV", ["1"])[0].strip()
    if cv not in ("1", ""):
        raise fail("CV", "sgf-turned-cube", value=cv)
    return info


def read_sgf(text: str, *, source: str = "") -> Match:
    """Read an SGF backgammon file (one or more games) into a ``Match``; malformed or
    illegal content raises ``FormatError`` naming the line and column."""
    if not isinstance(text, str):
        raise MalformedError("sgf-not-text")
    reader = _Reader(text, source)
    trees = reader.collection()
    games: list[GameText] = []
    infos: list[_Info] = []
    players = ["Player 1", "Player 2"]
    variant: Variant = find_variant("short")
    cube_json: dict[str, object] | None = None
    for n, nodes in enumerate(trees):
        root = nodes[0]
        info = _root_info(root, reader)
        infos.append(info)
        if n == 0:
            players = [root.props.get("PW", ["Player 1"])[0], root.props.get("PB", ["Player 2"])[0]]
            name = "NV"
            try:
                if "NV" in root.props:
                    variant = find_variant(root.props["NV"][0])
                name = "NO"
                if "NO" in root.props:
                    options = json.loads(root.props["NO"][0])
                    if not isinstance(options, dict):
                        raise MalformedError("sgf-options")
                    variant = variant.with_options(**options)
                name = "NC"
                if "NC" in root.props:
                    cube_json = json.loads(root.props["NC"][0])
            except (NardyError, ValueError, RecursionError) as exc:
                # RecursionError: NO[]/NC[] JSON nested too deep for the parser.
                if isinstance(exc, RecursionError):
                    inner: NardyError = MalformedError("file-too-deep")
                elif isinstance(exc, NardyError):
                    inner = exc
                else:  # JSON the parser refused
                    inner = MalformedError("file-not-json", detail=str(exc))
                line, col = root.where.get(name, (root.line, root.column))
                wrong = MalformedError("sgf-property", name=name, reason=inner)
                wrong.code = inner.code  # the specific code is the property's error's
                raise FormatError(line, col, wrong, source) from exc
        game = GameText(line=root.line, score=info.score, crawford=info.crawford_game)
        for node in nodes:
            for name in ("AE", "AW", "AB"):
                if name in node.props:
                    line, col = node.where[name]
                    raise FormatError(line, col, MalformedError("sgf-setup", name=name), source)
            for name, color in (("W", WHITE), ("B", BLACK)):
                for value in node.props.get(name, []):
                    line, col = node.where[name]
                    try:
                        game.actions.append(_move_action(value, color, line, col))
                    except MalformedError as exc:
                        raise FormatError(line, col, exc, source) from exc
        if info.result is not None:
            color, points, resigned = info.result
            game.actions.append(
                Action(
                    color,
                    "win",
                    points=points,
                    resigned=resigned or None,
                    line=root.line,
                    column=root.column,
                )
            )
        games.append(game)
    first = infos[0]
    length = first.length or 0
    for info, game in zip(infos, games, strict=True):
        if (info.length or 0) != length:
            raise FormatError(game.line, None, MalformedError("sgf-lengths"), source)
    try:
        if cube_json is not None:
            cube = CubeRules.from_json(cube_json)
        else:
            cube = CubeRules(
                enabled=not first.no_cube, money=length == 0, jacoby=first.jacoby and length == 0
            )
    except NardyError as exc:
        raise FormatError(1, None, exc, source) from exc
    # gnubg writes RU[Crawford…] whenever the rule is on; without it a match has none.
    crawford = any(i.crawford_rule for i in infos) or length == 0
    return build_match(
        variant, length, games, cube=cube, crawford=crawford, players=players, source=source
    )


# -- writing --------------------------------------------------------------------------------


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _letter(p: int, color: Color) -> str:
    if p == BAR:
        return "y"
    if p == OFF:
        return "z"
    n = p if color == WHITE else 25 - p  # white's numbering
    return chr(ord("a") + n - 1)


def _node(action: Action) -> str:
    tag = "W" if action.color == WHITE else "B"
    if action.kind == "play":
        assert action.dice is not None
        pairs = "".join(
            _letter(m.frm, action.color) + _letter(m.to, action.color) for m in action.moves
        )
        return f";{tag}[{action.dice[0]}{action.dice[1]}{pairs}]"
    if action.kind == "beaver":
        # SGF: a beaver is a double by the side doubled, which the doubler takes.
        return f";{tag}[double]\n;{'B' if tag == 'W' else 'W'}[take]"
    return f";{tag}[{action.kind}]"


def write_sgf(match: Match) -> str:
    """The match as SGF game trees, one per game (canonical form)."""
    check_exportable(match, "SGF")
    out = []
    default_variant = find_variant(match.variant.name)
    rules = match.cube_rules
    plain = CubeRules(enabled=rules.enabled, money=match.money, jacoby=rules.jacoby)
    for i, game in enumerate(match.games):
        a, b = match.score_before(i)
        ws, bs = (a, b) if match.whites[i] == 0 else (b, a)
        head = [
            f"(;FF[4]GM[6]CA[UTF-8]AP[{_escape(_APP)}]",
            f"MI[length:{match.length}][game:{i + 1}][ws:{ws:g}][bs:{bs:g}]",
            f"PW[{_escape(match.players[0])}]PB[{_escape(match.players[1])}]",
        ]
        rule = []
        if not rules.enabled:
            rule.append("NoCube")
        if match.crawford_rule and not match.money:
            rule.append("Crawford:CrawfordGame" if game.cube.crawford else "Crawford")
        if rules.jacoby and match.money:
            rule.append("Jacoby")
        if rule:
            head.append(f"RU[{':'.join(rule)}]")
        if match.variant.name != "short" or match.variant.options() != default_variant.options():
            head.append(f"NV[{match.variant.name}]")
            head.append(f"NO[{_escape(json.dumps(match.variant.options()))}]")
        if rules != plain:
            head.append(f"NC[{_escape(json.dumps(rules.to_json()))}]")
        actions = game_actions(game.records)
        if actions and actions[-1].kind == "win":
            win = actions.pop()
            tag = "W" if win.color == WHITE else "B"
            head.append(f"RE[{tag}+{win.points:g}{'R' if win.resigned else ''}]")
        body = "".join("\n" + _node(a) for a in actions)
        out.append("".join(head) + body + ")\n")
    return "".join(out)
