"""The board as a standalone SVG, seen by one player, and ``BoardView``, which shows a
board anywhere (text, Rich, and SVG in Jupyter).

The drawing is the web club's board (``server/static/board.js``) without its controls:
both take every measure from ``nardy.board_geometry`` (``board_geometry.json``), so a
checker on the viewer's point p sits at the same coordinates in both. Colours are the
web page's (``style.css``), inlined so the file stands alone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from xml.sax.saxutils import escape, quoteattr

from nardy.board_geometry import GEOMETRY, BoardGeometry
from nardy.i18n import t
from nardy.position import Color, Position
from nardy.render import (
    BoardDrawing,
    RichBoard,
    board_model,
    board_rich,
    board_text,
    color_word,
    side_line,
    status_line,
)
from nardy.variants.base import Variant

#: The web page's board colours (style.css), inlined.
_STYLE = (
    ".frame{fill:#7a4b26}.field{fill:#e9d6b0}.bar,.tray{fill:#5c3a1e}"
    ".tri.odd{fill:#a0522d}.tri.even{fill:#d8b57a}"
    ".label{fill:#f5e6c8;font-size:12px;text-anchor:middle}"
    ".checker.white{fill:#fbf8f2;stroke:#6b6257;stroke-width:1.5}"
    ".checker.black{fill:#2a2522;stroke:#000;stroke-width:1.5}"
    ".count{font-size:22px;font-weight:700;text-anchor:middle}"
    ".count.white{fill:#000}.count.black{fill:#fff}"
    ".die rect{fill:#fff;stroke:#333;stroke-width:1.5}.pip{fill:#222}"
    ".info{font-size:14px;fill:#2b2118}"
)
#: Room below the board for the two side lines and the status line.
_INFO_HEIGHT = 48
#: Pips of a die face as (dx, dy) in units of the pip offset.
_PIPS: dict[int, list[tuple[int, int]]] = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def position_svg(
    variant: Variant,
    position: Position,
    viewer: Color | None = None,
    *,
    dice: Sequence[int] | None = None,
    lang: str = "en",
    geometry: BoardGeometry = GEOMETRY,
) -> str:
    """An SVG drawing of the board seen by ``viewer`` (default: the side on roll).

    Every checker is its own element: ``<circle class="checker white"
    data-point="24">`` on the board (``data-point`` in the viewer's numbering, ``bar``
    on the bar) and ``<rect class="checker off white">`` in the tray at the right (the
    opponent's at the top, the viewer's at the bottom). Points are
    ``<polygon class="tri point" data-point="…">``; dice ``<g class="die"
    data-value="…">``.
    """
    g = geometry
    model = board_model(variant, position, viewer)
    me, opp = model.viewer, model.opponent
    width, height = g.width, g.height + _INFO_HEIGHT
    out: list[str] = []
    add = out.append
    title = t("render.view", lang, color=color_word(me, lang, mid=True))
    add(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}" class="nardy-board" data-viewer="{me}" '
        f'data-variant={quoteattr(variant.name)} font-family="sans-serif">'
    )
    add(f"<title>{escape(title)}</title>")
    add(f"<style>{_STYLE}</style>")
    # frame, halves, bar, tray
    field_h = g.bottom - g.top
    add(f'<rect class="frame" x="0" y="0" width="{g.width:g}" height="{g.height:g}" rx="10"/>')
    for field_x in (g.left, g.right):
        add(
            f'<rect class="field" x="{field_x:g}" y="{g.top:g}" '
            f'width="{g.field_width:g}" height="{field_h:g}"/>'
        )
    add(
        f'<rect class="bar" x="{g.bar_x:g}" y="{g.top:g}" width="{g.bar_width:g}" '
        f'height="{field_h:g}"/>'
    )
    add(
        f'<rect class="tray" x="{g.tray_x:g}" y="{g.top:g}" width="{g.tray_width:g}" '
        f'height="{field_h:g}" rx="4"/>'
    )
    # points and their numbers
    half_w = g.point_width / 2
    for p in range(1, 25):
        x, top = g.point_x(p), g.point_top(p)
        base = g.top if top else g.bottom
        tip = base + g.triangle if top else base - g.triangle
        label_y = g.top - g.label_above if top else g.bottom + g.label_below
        add(
            f'<polygon class="tri point {"odd" if p % 2 else "even"}" data-point="{p}" '
            f'points="{x - half_w + 1:g},{base:g} {x + half_w - 1:g},{base:g} {x:g},{tip:g}"/>'
        )
        add(f'<text class="label" x="{x:g}" y="{label_y:g}">{p}</text>')
    # checkers on points
    for p in range(1, 25):
        color, count = model.points[p]
        if color:
            out.extend(_stack_svg(g, color, count, g.point_x(p), g.point_top(p), str(p)))
    # the bar: the opponent's above the middle, the viewer's below (always counted)
    for color, top in ((opp, True), (me, False)):
        if model.bar[color]:
            out.extend(_stack_svg(g, color, model.bar[color], g.bar_cx, top, "bar", label=True))
    # borne-off checkers, edge-on in the tray
    off_w = g.tray_width - 2 * g.off_inset_x
    for color, top in ((opp, True), (me, False)):
        for i in range(model.off[color]):
            step = i * g.off_step
            y = (
                g.top + g.off_inset_y + step
                if top
                else g.bottom - g.off_inset_y - g.off_height - step
            )
            add(
                f'<rect class="checker off {color}" data-color="{color}" '
                f'x="{g.tray_x + g.off_inset_x:g}" y="{y:g}" width="{off_w:g}" '
                f'height="{g.off_height:g}" rx="2"/>'
            )
    # the dice left to play (a double's two faces), on the bar one above the other
    if dice:
        values = [int(d) for d in dice]
        if any(not 1 <= d <= 6 for d in values):
            raise ValueError(f"a die shows 1..6, not {values!r}")
        shown = values[:2]
        for i, d in enumerate(shown):
            cy = g.middle + (2 * i - (len(shown) - 1)) * g.die_spread
            add(_die_svg(g, d, g.dice_cx, cy))
    # side lines and status, under the board
    glyphs: dict[Color, str] = {"white": "○", "black": "●"}
    info_y = g.height + 18
    for i, color in enumerate((me, opp)):
        text = side_line(model, color, lang, glyphs).strip()
        add(f'<text class="info" x="{g.left:g}" y="{info_y + i * 18:g}">{escape(text)}</text>')
    status = status_line(model, dice, lang)
    if status:
        add(
            f'<text class="info status" x="{g.tray_x + g.tray_width:g}" y="{info_y:g}" '
            f'text-anchor="end">{escape(status.strip())}</text>'
        )
    add("</svg>")
    return "\n".join(out)


def _stack_svg(
    g: BoardGeometry,
    color: Color,
    count: int,
    cx: float,
    top: bool,
    point: str,
    *,
    label: bool = False,
) -> Iterator[str]:
    """A stack of ``count`` checkers from the top or bottom edge, counted on its last
    checker when taller than the geometry's ``stack`` (or always, with ``label``)."""
    r = g.checker_radius - g.checker_seam
    for i in range(count):
        yield (
            f'<circle class="checker {color}" data-color="{color}" data-point="{point}" '
            f'cx="{cx:g}" cy="{g.stack_y(top, i, count):g}" r="{r:g}"/>'
        )
    if count > g.stack or label:
        y = g.stack_y(top, count - 1, count) + g.count_dy
        yield f'<text class="count {color}" x="{cx:g}" y="{y:g}">{count}</text>'


def _die_svg(g: BoardGeometry, value: int, cx: float, cy: float) -> str:
    s, o = g.die_size, g.pip_offset
    pips = "".join(
        f'<circle class="pip" cx="{cx + dx * o:g}" cy="{cy + dy * o:g}" r="{g.pip_radius:g}"/>'
        for dx, dy in _PIPS[value]
    )
    return (
        f'<g class="die" data-value="{value}"><rect x="{cx - s / 2:g}" y="{cy - s / 2:g}" '
        f'width="{s:g}" height="{s:g}" rx="6"/>{pips}</g>'
    )


class BoardView(BoardDrawing):
    """A board for display anywhere: ``str()`` gives text, Jupyter shows SVG
    (``_repr_svg_``) and Rich prints it in colour."""

    def __str__(self) -> str:
        return board_text(self.variant, self.position, self.viewer, dice=self.dice, lang=self.lang)

    def _repr_svg_(self) -> str:
        return position_svg(
            self.variant, self.position, self.viewer, dice=self.dice, lang=self.lang
        )

    def __rich__(self) -> RichBoard:
        return board_rich(self.variant, self.position, self.viewer, dice=self.dice, lang=self.lang)
