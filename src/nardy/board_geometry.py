"""The one geometry of the drawn board, read from ``board_geometry.json``.

Both drawings of the board use it: the Python SVG (``nardy.svg``, for notebooks and
files) and the browser's board (``server/static/board.js``), which imports the
generated ES module ``server/static/geometry.js``. Regenerate that module after editing
the JSON (a test fails while it is out of date)::

    python -m nardy.board_geometry > src/nardy/server/static/geometry.js

The layout is the usual backgammon one, seen by one player: his points 13…24 along the
top from left to right (his head, 24, top-right in long nardy), 12…1 along the bottom
from left to right (his home, 1–6, bottom-right), the bar between the halves and the
tray for borne-off checkers at the right.

>>> g = GEOMETRY
>>> g.point_x(24) > g.bar_x > g.point_x(12), g.point_top(24), g.point_top(1)
(True, True, False)
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields
from importlib.resources import files
from typing import Any

#: The data file, beside this module.
DATA = "board_geometry.json"


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The board's measures in SVG user units (the fields are the JSON's keys)."""

    point_width: float  # width of a point's column
    checker_radius: float  # a checker's room: half the spacing of a stack
    checker_seam: float  # drawn this much smaller, to leave a seam between neighbours
    left: float  # x of the left field's left edge
    top: float  # y of the fields' top edge (the point numbers sit above it)
    triangle: float  # height of a point's triangle
    gap: float  # the strip between the two rows of triangles' tips
    bar_width: float
    tray_gap: float  # between the right field and the tray
    tray_width: float
    stack_room: float  # height a stack may take from its edge before it is squeezed
    stack: int  # stacks taller than this show their count
    count_dy: float  # the count's baseline below its checker's centre
    off_height: float  # a borne-off checker, drawn edge-on in the tray
    off_step: float
    off_inset_x: float
    off_inset_y: float
    label_above: float  # the top row's point numbers: this far above the fields
    label_below: float  # the bottom row's: this far below them (to the baseline)
    die_size: float
    die_spread: float  # a die's centre: this far above/below the pair's centre
    pip_offset: float
    pip_radius: float
    cube_size: float
    cube_offset: float  # an owned cube: this far above/below the board's middle
    offer_size: float  # an offered double, drawn larger on the right half

    @classmethod
    def from_mapping(cls, data: dict[str, Any]) -> BoardGeometry:
        """The geometry of a parsed JSON object; a missing, unknown or non-numeric key
        is a ``ValueError`` naming it."""
        names = {f.name for f in fields(cls)}
        keys = set(data) - {"about"}
        if keys != names:
            raise ValueError(
                f"board geometry: missing {sorted(names - keys)}, unknown {sorted(keys - names)}"
            )
        for name in names:
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"board geometry: {name} must be a number, not {value!r}")
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"board geometry: {name} must be finite and >= 0")
        return cls(**{name: data[name] for name in names})

    # -- derived measures ---------------------------------------------------------------

    @property
    def field_width(self) -> float:
        """One half of the board: six points."""
        return 6 * self.point_width

    @property
    def bar_x(self) -> float:
        return self.left + self.field_width

    @property
    def right(self) -> float:
        """x of the right field's left edge."""
        return self.bar_x + self.bar_width

    @property
    def tray_x(self) -> float:
        return self.right + self.field_width + self.tray_gap

    @property
    def width(self) -> float:
        """The whole board, with the same margin right of the tray as left of the fields."""
        return self.tray_x + self.tray_width + self.left

    @property
    def mid(self) -> float:
        """y of the bottom row's tips."""
        return self.top + self.triangle + self.gap

    @property
    def bottom(self) -> float:
        """y of the fields' bottom edge."""
        return self.mid + self.triangle

    @property
    def height(self) -> float:
        return self.bottom + self.top

    @property
    def middle(self) -> float:
        """y of the middle of the strip between the rows (dice and cube sit on it)."""
        return (self.top + self.triangle + self.mid) / 2

    @property
    def bar_cx(self) -> float:
        return self.bar_x + self.bar_width / 2

    @property
    def tray_cx(self) -> float:
        return self.tray_x + self.tray_width / 2

    @property
    def dice_cx(self) -> float:
        """Centre x of the dice: on the bar, one above the other, off every point's
        column (in the middle of a half they hid the checkers a move would reach)."""
        return self.bar_cx

    def column_x(self, col: int) -> float:
        """Centre x of column 0..11 from the left (0–5 left of the bar, 6–11 right)."""
        if not 0 <= col <= 11:
            raise ValueError(f"a column is 0..11, not {col!r}")
        base = self.left if col < 6 else self.right
        return base + (col % 6) * self.point_width + self.point_width / 2

    def point_top(self, p: int) -> bool:
        """Whether the viewer's point ``p`` (1..24) is in the top row (13…24)."""
        if not 1 <= p <= 24:
            raise ValueError(f"a point is 1..24, not {p!r}")
        return p >= 13

    def point_column(self, p: int) -> int:
        """The column 0..11 (from the left) of the viewer's point ``p``."""
        return p - 13 if self.point_top(p) else 12 - p

    def point_x(self, p: int) -> float:
        """Centre x of the viewer's point ``p``."""
        return self.column_x(self.point_column(p))

    def stack_y(self, top: bool, i: int, n: int) -> float:
        """Centre y of the ``i``-th checker (0: at the edge) of a stack of ``n``: spaced
        by a diameter, squeezed when the stack would pass ``stack_room``."""
        d = 2 * self.checker_radius
        step = d if n <= 1 else min(d, (self.stack_room - d) / (n - 1))
        if top:
            return self.top + self.checker_radius + i * step
        return self.bottom - self.checker_radius - i * step


def load(text: str | None = None) -> BoardGeometry:
    """The geometry of ``text`` (JSON), by default of the packaged ``board_geometry.json``."""
    if text is None:
        text = files("nardy").joinpath(DATA).read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("board geometry: the file must hold a JSON object")
    return BoardGeometry.from_mapping(data)


#: The board's geometry.
GEOMETRY = load()

#: What ``geometry.js`` exports: (name, value, comment). The names are board.js's.
_JS_CONSTANTS: list[tuple[str, str, str]] = [
    ("PW", "point_width", "a point's width"),
    ("R", "checker_radius", "a checker's room: half the spacing of a stack"),
    ("SEAM", "checker_seam", "a checker is drawn this much smaller"),
    ("LEFT", "left", "the left field's left edge"),
    ("BARX", "bar_x", "the bar's left edge"),
    ("BARW", "bar_width", "the bar's width"),
    ("RIGHT", "right", "the right field's left edge"),
    ("TRAY", "tray_x", "the tray's left edge"),
    ("TRAYW", "tray_width", "the tray's width"),
    ("TOP", "top", "the fields' top edge"),
    ("TRI", "triangle", "a triangle's height"),
    ("MID", "mid", "the bottom row's tips"),
    ("BOT", "bottom", "the fields' bottom edge"),
    ("MIDDLE", "middle", "the middle of the strip between the rows"),
    ("W", "width", "the board's width"),
    ("H", "height", "the board's height"),
    ("STACK_ROOM", "stack_room", "a stack's room before it is squeezed"),
    ("STACK", "stack", "taller stacks show their count"),
    ("COUNT_DY", "count_dy", "the count's baseline below its checker's centre"),
    ("OFF_H", "off_height", "a borne-off checker's height"),
    ("OFF_STEP", "off_step", "and its spacing"),
    ("OFF_INSET_X", "off_inset_x", "borne-off checkers: inset from the tray's sides"),
    ("OFF_INSET_Y", "off_inset_y", "and from its top and bottom"),
    ("LABEL_ABOVE", "label_above", "point numbers above the top row"),
    ("LABEL_BELOW", "label_below", "and below the bottom row"),
    ("DIE", "die_size", "a die's side"),
    ("DIE_SPREAD", "die_spread", "a die's centre from the pair's centre"),
    ("DICE_X", "dice_cx", "the pair's centre"),
    ("PIP_OFFSET", "pip_offset", "a pip from the die's centre"),
    ("PIP_R", "pip_radius", "a pip's radius"),
    ("CUBE", "cube_size", "the cube's side"),
    ("CUBE_OFFSET", "cube_offset", "an owned cube from the middle"),
    ("OFFER", "offer_size", "an offered cube's side"),
]


def _num(value: float) -> str:
    return f"{value:g}"


def geometry_js(geometry: BoardGeometry = GEOMETRY) -> str:
    """The ES module ``server/static/geometry.js``: the geometry as constants and each
    point's centre x and row (``POINTS[p - 1]``), so the browser computes no layout."""
    out = [
        "// @ts-check",
        "// GENERATED by `python -m nardy.board_geometry` from src/nardy/board_geometry.json:",
        "// edit the JSON and regenerate, never this file (a test checks it is up to date).",
        "// The board's geometry in SVG user units, the same as the Python SVG's (nardy.svg).",
    ]
    for name, attr, comment in _JS_CONSTANTS:
        out.append(f"export const {name} = {_num(getattr(geometry, attr))};  // {comment}")
    out.append("/** Centre x and row of each point: POINTS[p - 1] for the viewer's point p. */")
    out.append("export const POINTS = [")
    for p in range(1, 25):
        top = "true" if geometry.point_top(p) else "false"
        out.append(f"  {{ x: {_num(geometry.point_x(p))}, top: {top} }},  // {p}")
    out.append("];")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    import sys

    sys.stdout.write(geometry_js())
