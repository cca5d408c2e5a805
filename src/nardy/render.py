"""Boards drawn as one player sees them: plain text and a Rich renderable (the SVG
drawing is ``nardy.svg``).

Every drawing uses the viewer's own point numbers (RULES.md G-2) in one layout, the
usual backgammon one: the top row runs 13…24 from left to right and the bottom row
12…1, so the viewer's point 24 is top-right and his home (1–6) bottom-right. In long
nardy that puts his head top-right and his home bottom-right (RULES.md §7, last item);
the opponent's checkers are drawn on the same physical points through
``Variant.mapping``. In short nardy the opponent's 24 is the viewer's 1, the usual view.

>>> from nardy.variants import find_variant
>>> long = find_variant("long")
>>> print(board_text(long, long.start_position(), "white"))
 X Black: pips 360, off 0
   13 14 15 16 17 18      19 20 21 22 23 24
  +------------------+---+------------------+
  |                  |   |                O |
  |                  |   |                O |
  |                  |   |                O |
  |                  |   |                O |
  |                  |   |                15|
  |                  |   |                  |
  | 15               |   |                  |
  | X                |   |                  |
  | X                |   |                  |
  | X                |   |                  |
  | X                |   |                  |
  +------------------+---+------------------+
   12 11 10  9  8  7       6  5  4  3  2  1
 O White: pips 360, off 0
 White to play
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from nardy.i18n import t
from nardy.position import BAR, OFF, Color, Position, other, pip_count
from nardy.variants.base import Variant

if TYPE_CHECKING:  # pragma: no cover
    from rich.console import Console, ConsoleOptions, RenderResult

Half = Literal["top", "bottom"]
Charset = Literal["ascii", "unicode"]

#: Checker glyphs per charset.
GLYPHS: dict[str, dict[Color, str]] = {
    "ascii": {"white": "O", "black": "X"},
    "unicode": {"white": "○", "black": "●"},
}
#: Checkers drawn one by one in a stack; taller stacks show their count instead of the
#: innermost checker.
STACK = 5


def point_location(p: int) -> tuple[Half, int]:
    """Where the viewer's point ``p`` (1..24) is drawn: half and column 0..11 from the
    left (columns 0–5 left of the bar, 6–11 right of it)."""
    if not isinstance(p, int) or not 1 <= p <= 24:
        raise ValueError(f"a point is 1..24, not {p!r}")
    if p >= 13:
        return "top", p - 13
    return "bottom", 12 - p


def _points_in(half: Half) -> list[int]:
    """The viewer's points of one half, left to right."""
    return list(range(13, 25)) if half == "top" else list(range(12, 0, -1))


@dataclass(frozen=True, slots=True)
class BoardModel:
    """The board as ``viewer`` sees it: ``points[p]`` is (colour or None, count) on the
    viewer's point p (index 0 unused); bar, off and pips per colour."""

    viewer: Color
    turn: Color
    points: tuple[tuple[Color | None, int], ...]
    bar: dict[Color, int]
    off: dict[Color, int]
    pips: dict[Color, int]
    over: bool
    has_bar: bool

    @property
    def opponent(self) -> Color:
        """The colour facing the viewer."""
        return other(self.viewer)


def board_model(variant: Variant, position: Position, viewer: Color | None = None) -> BoardModel:
    """Who stands where, in ``viewer``'s numbering (default: the side on roll)."""
    viewer = position.turn if viewer is None else viewer
    if viewer not in ("white", "black"):
        raise ValueError(f"viewer must be 'white' or 'black', not {viewer!r}")
    opp = other(viewer)
    mine = position.side(viewer)
    theirs = position.side(opp)
    mapping = variant.mapping
    points: list[tuple[Color | None, int]] = [(None, 0)]
    for p in range(1, 25):
        a, b = mine[p], theirs[mapping[p]]
        if a and b:
            raise ValueError(f"point {p} holds checkers of both sides")
        points.append((viewer, a) if a else (opp, b) if b else (None, 0))
    return BoardModel(
        viewer=viewer,
        turn=position.turn,
        points=tuple(points),
        bar={viewer: mine[BAR], opp: theirs[BAR]},
        off={viewer: mine[OFF], opp: theirs[OFF]},
        pips={viewer: pip_count(mine), opp: pip_count(theirs)},
        over=position.is_over(),
        has_bar=variant.hitting,
    )


# -- text ----------------------------------------------------------------------------

#: A line of text as (text, style) segments; styles are the semantic names of
#: ``RICH_STYLES`` (None: unstyled).
Segment = tuple[str, str | None]
_CELL = 3


def _stack_cell(color: Color | None, count: int, depth: int, glyphs: dict[Color, str]) -> str:
    """The 3-character cell at ``depth`` (0 = at the board edge) of a stack."""
    if color is None or count <= depth:
        return " " * _CELL
    if count > STACK and depth == STACK - 1:
        return f"{count:^{_CELL}}" if count < 10 else f"{count:>{_CELL}}"
    return f" {glyphs[color]} "


def side_line(model: BoardModel, color: Color, lang: str, glyphs: dict[Color, str]) -> str:
    """One side's line: its glyph and colour, pips, borne off and (if any) on the bar."""
    parts = [t("render.pips", lang, n=model.pips[color]), t("render.off", lang, n=model.off[color])]
    if model.bar[color]:
        parts.append(t("render.bar", lang, n=model.bar[color]))
    return f" {glyphs[color]} {t('color.' + color, lang)}: {', '.join(parts)}"


def status_line(model: BoardModel, dice: Sequence[int] | None, lang: str) -> str | None:
    """Whose turn it is and the dice; None once the game is over."""
    if model.over:
        return None
    text = t("render.to_play", lang, color=color_word(model.turn, lang, mid=True))
    if dice:
        text += ", " + t("render.dice", lang, dice=dice_text(dice))
    return " " + text


def dice_text(dice: Sequence[int]) -> str:
    """Dice as players write them: ``6-5``; a double ``3-3`` (also when given as its
    four moves); other lists of moves joined, ``5-5-5``."""
    values = [int(d) for d in dice]
    if len(values) in (2, 4) and len(set(values)) == 1:
        return f"{values[0]}-{values[0]}"
    return "-".join(map(str, values))


def color_word(color: Color, lang: str, *, mid: bool) -> str:
    """A colour's name, lower-cased in mid-sentence where the language wants it."""
    word = t("color." + color, lang)
    return word.lower() if mid and lang == "ru" else word


def board_lines(
    variant: Variant,
    position: Position,
    viewer: Color | None = None,
    *,
    dice: Sequence[int] | None = None,
    lang: str = "en",
    charset: Charset = "ascii",
) -> list[list[Segment]]:
    """The text board as lines of styled segments (see ``board_text``)."""
    model = board_model(variant, position, viewer)
    glyphs = GLYPHS[charset]
    me, opp = model.viewer, model.opponent
    lines: list[list[Segment]] = [[(side_line(model, opp, lang, glyphs), opp)]]

    def labels(half: Half) -> list[Segment]:
        pts = _points_in(half)
        left = "".join(f"{p:>2} " for p in pts[:6])
        right = "".join(f"{p:>2} " for p in pts[6:])
        return [("  " + " " + left + " " + " " * _CELL + " " + right, "label")]

    border: list[Segment] = [
        ("  +" + "-" * 6 * _CELL + "+" + "-" * _CELL + "+" + "-" * 6 * _CELL + "+", "frame")
    ]

    def row(half: Half, depth: int) -> list[Segment]:
        segs: list[Segment] = [("  ", None), ("|", "frame")]
        pts = _points_in(half)
        for i, p in enumerate(pts):
            if i == 6:
                bar_color = opp if half == "top" else me
                cell = _stack_cell(bar_color, model.bar[bar_color], depth, glyphs)
                segs += [("|", "frame"), (cell, _style(bar_color, cell, "bar")), ("|", "frame")]
            color, count = model.points[p]
            cell = _stack_cell(color, count, depth, glyphs)
            segs.append((cell, _style(color, cell, "even" if i % 2 == 0 else "odd")))
        segs.append(("|", "frame"))
        return segs

    def middle() -> list[Segment]:
        label = t("render.bar_label", lang) if model.has_bar else ""
        return [
            ("  ", None),
            ("|", "frame"),
            (" " * 6 * _CELL, "even"),
            ("|", "frame"),
            (f"{label:^{_CELL}}", "bar"),
            ("|", "frame"),
            (" " * 6 * _CELL, "even"),
            ("|", "frame"),
        ]

    lines.append(labels("top"))
    lines.append(border)
    lines += [row("top", d) for d in range(STACK)]
    lines.append(middle())
    lines += [row("bottom", d) for d in reversed(range(STACK))]
    lines.append(border)
    lines.append(labels("bottom"))
    lines.append([(side_line(model, me, lang, glyphs), me)])
    status = status_line(model, dice, lang)
    if status is not None:
        lines.append([(status, None)])
    return lines


def _style(color: Color | None, cell: str, background: str) -> str:
    if color is None or not cell.strip():
        return background
    return f"{color}-{background}"


def board_text(
    variant: Variant,
    position: Position,
    viewer: Color | None = None,
    *,
    dice: Sequence[int] | None = None,
    lang: str = "en",
    charset: Charset = "ascii",
) -> str:
    """The board as plain text seen by ``viewer`` (default: the side on roll): point
    numbers in his numbering, the opponent's line above and his own below with pip
    counts, borne-off and bar counts, then whose turn it is and the ``dice``.

    Stacks taller than five show their count in place of the fifth checker; in short
    nardy the opponent's checkers on the bar are drawn in the upper half of the bar
    column and the viewer's in the lower half.
    """
    lines = board_lines(variant, position, viewer, dice=dice, lang=lang, charset=charset)
    return "\n".join("".join(text for text, _ in line).rstrip() for line in lines)


# -- Rich ------------------------------------------------------------------------------

_WOOD_LIGHT = "#d9b382"
_WOOD_DARK = "#b9895a"
_BAR = "#5c3a1e"

_BACKGROUNDS = {"even": _WOOD_LIGHT, "odd": _WOOD_DARK, "bar": _BAR}

#: Rich styles of the semantic segment styles.
RICH_STYLES: dict[str, str] = {
    "frame": f"bold {_BAR}",
    "label": "bold cyan",
    "even": f"on {_WOOD_LIGHT}",
    "odd": f"on {_WOOD_DARK}",
    "bar": f"bold bright_white on {_BAR}",
    "white": "bold bright_white",
    "black": "bold bright_black",
}
for _name, _back in _BACKGROUNDS.items():
    RICH_STYLES[f"white-{_name}"] = f"bold #ffffff on {_back}"
    RICH_STYLES[f"black-{_name}"] = f"bold #000000 on {_back}"


class BoardDrawing:
    """A position to draw: the game, the board, whose view, the dice, the language."""

    def __init__(
        self,
        variant: Variant,
        position: Position,
        viewer: Color | None = None,
        *,
        dice: Sequence[int] | None = None,
        lang: str = "en",
    ) -> None:
        self.variant = variant
        self.position = position
        self.viewer = viewer
        self.dice = tuple(dice) if dice else None
        self.lang = lang


class RichBoard(BoardDrawing):
    """A Rich renderable of the board, in the geometry of ``board_text``.

    On a colour console checkers are drawn as coloured discs on a wooden board; without
    colour (a pipe, ``NO_COLOR``) it prints exactly ``board_text``.
    """

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        colour = console.color_system is not None and not console.no_color
        lines = board_lines(
            self.variant,
            self.position,
            self.viewer,
            dice=self.dice,
            lang=self.lang,
            charset="ascii",
        )
        disc = {"white": "●", "black": "●"}
        for line in lines:
            text = Text(no_wrap=True, overflow="ignore")
            for chunk, style in line:
                if not colour:
                    text.append(chunk)
                    continue
                if style and style.startswith(("white-", "black-")) and chunk.strip() in "OX":
                    chunk = chunk.replace("O", disc["white"]).replace("X", disc["black"])
                elif style in disc and chunk[:3] in (" O ", " X "):
                    chunk = f" {disc[style]} " + chunk[3:]
                text.append(chunk, RICH_STYLES.get(style or "", ""))
            text.rstrip()
            yield text


def board_rich(
    variant: Variant,
    position: Position,
    viewer: Color | None = None,
    *,
    dice: Sequence[int] | None = None,
    lang: str = "en",
) -> RichBoard:
    """A Rich renderable of the board seen by ``viewer`` (see ``RichBoard``)."""
    return RichBoard(variant, position, viewer, dice=dice, lang=lang)
