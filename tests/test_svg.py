"""The SVG board (nardy.svg) and its geometry (nardy.board_geometry): every checker
drawn, on the point the position says (RULES.md G-2 numbering, §7 last item: the
viewer's head top-right, home bottom-right), at the coordinates that
``board_geometry.json`` defines; the browser's ``geometry.js`` generated from the same
file and up to date."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from helpers_boards import ALL_VARIANTS, random_walk

import nardy.board_geometry as board_geometry
from nardy.board_geometry import GEOMETRY, geometry_js, load
from nardy.position import BAR, OFF, Position, other
from nardy.render import RichBoard, board_text
from nardy.svg import BoardView, position_svg
from nardy.variants import find_variant

LONG = find_variant("long")
SHORT = find_variant("short")
SVG = "{http://www.w3.org/2000/svg}"
SRC = Path(__file__).resolve().parent.parent / "src" / "nardy"
#: The data file, read here as JSON so the expected coordinates do not come from the
#: module under test.
RAW: dict[str, Any] = json.loads((SRC / "board_geometry.json").read_text(encoding="utf-8"))


def _checkers(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if "checker" in e.get("class", "").split()]


def _circles(root: ET.Element, point: str | None = None) -> list[ET.Element]:
    return [
        c
        for c in root.iter(f"{SVG}circle")
        if "checker" in c.get("class", "").split()
        and (point is None or c.get("data-point") == point)
    ]


# -- expected coordinates, from the JSON alone -------------------------------------------


def _expected_x(p: int) -> float:
    """Centre x of the viewer's point p: columns 13…24 left to right on top, 12…1 left
    to right at the bottom, six left of the bar, six right of it."""
    pw, left = RAW["point_width"], RAW["left"]
    col = p - 13 if p >= 13 else 12 - p
    x = left + col * pw + pw / 2
    return x + RAW["bar_width"] if col >= 6 else x


def _bottom() -> float:
    return RAW["top"] + 2 * RAW["triangle"] + RAW["gap"]


def _expected_ys(top: bool, n: int) -> list[float]:
    r = RAW["checker_radius"]
    step = 2 * r if n == 1 else min(2 * r, (RAW["stack_room"] - 2 * r) / (n - 1))
    if top:
        return [RAW["top"] + r + i * step for i in range(n)]
    return [_bottom() - r - i * step for i in range(n)]


def _tray_x() -> float:
    return RAW["left"] + 12 * RAW["point_width"] + RAW["bar_width"] + RAW["tray_gap"]


def _close(a: float, b: float) -> bool:
    """Equal to the SVG's precision (six significant digits)."""
    return abs(a - b) < 1e-3


# -- what is drawn where ------------------------------------------------------------------


@pytest.mark.parametrize("variant", ALL_VARIANTS)
def test_every_checker_is_drawn_on_its_point_at_the_geometry_coordinates(variant):
    """Over random positions of every variant, for both viewers: 15 checkers a side;
    each point's stack (the viewer's own, or the opponent's through the variant's
    mapping) drawn at the point's column centre and the stacking of the JSON; the bar
    at the bar's centre; borne-off checkers in the tray."""
    v = find_variant(variant)
    seen_bar = seen_off = 0
    for seed in range(4):
        for pos, dice in random_walk(v, seed, 160)[::8]:
            for viewer in ("white", "black"):
                root = ET.fromstring(position_svg(v, pos, viewer, dice=dice, lang="ru"))
                items = _checkers(root)
                for color in ("white", "black"):
                    assert sum(e.get("data-color") == color for e in items) == 15
                mine, theirs = pos.side(viewer), pos.side(other(viewer))
                for p in range(1, 25):
                    want = [(viewer, mine[p])] if mine[p] else []
                    if theirs[v.mapping[p]]:
                        want = [(other(viewer), theirs[v.mapping[p]])]
                    circles = _circles(root, str(p))
                    assert [(c.get("data-color"), len(circles)) for c in circles[:1]] == want
                    if circles:
                        top = p >= 13
                        r = RAW["checker_radius"] - RAW["checker_seam"]
                        assert all(float(c.get("r")) == r for c in circles)
                        assert all(_close(float(c.get("cx")), _expected_x(p)) for c in circles)
                        ys = [float(c.get("cy")) for c in circles]
                        assert all(map(_close, ys, _expected_ys(top, len(circles))))
                bar_x = RAW["left"] + 6 * RAW["point_width"] + RAW["bar_width"] / 2
                for color, n, top in (
                    (viewer, mine[BAR], False),
                    (other(viewer), theirs[BAR], True),
                ):
                    bar = [c for c in _circles(root, "bar") if c.get("data-color") == color]
                    assert len(bar) == n
                    assert all(_close(float(c.get("cx")), bar_x) for c in bar)
                    assert [float(c.get("cy")) for c in bar] == pytest.approx(_expected_ys(top, n))
                    seen_bar += n
                for color, n in ((viewer, mine[OFF]), (other(viewer), theirs[OFF])):
                    off = [r for r in root.iter(f"{SVG}rect") if r.get("data-color") == color]
                    assert len(off) == n
                    x = _tray_x() + RAW["off_inset_x"]
                    assert all(_close(float(r.get("x")), x) for r in off)
                    seen_off += n
    if v.hitting:
        assert seen_bar > 0  # the walk did reach hits
    assert seen_off > 0  # and bearing off


def test_points_board_and_tray_follow_the_geometry():
    root = ET.fromstring(position_svg(LONG, LONG.start_position(), "white"))
    width = RAW["left"] * 2 + _tray_x() - RAW["left"] + RAW["tray_width"]
    assert float(root.get("viewBox").split()[2]) == width
    frame = root.find(f"{SVG}rect[@class='frame']")
    assert (float(frame.get("width")), float(frame.get("height"))) == (
        width,
        _bottom() + RAW["top"],
    )
    tray = root.find(f"{SVG}rect[@class='tray']")
    assert (float(tray.get("x")), float(tray.get("width"))) == (_tray_x(), RAW["tray_width"])
    bar = root.find(f"{SVG}rect[@class='bar']")
    assert float(bar.get("x")) == RAW["left"] + 6 * RAW["point_width"]
    for poly in root.iter(f"{SVG}polygon"):
        p = int(poly.get("data-point"))
        corners = [tuple(map(float, xy.split(","))) for xy in poly.get("points").split()]
        tip_x, tip_y = corners[2]
        assert _close(tip_x, _expected_x(p))
        edge = RAW["top"] if p >= 13 else _bottom()
        assert corners[0][1] == corners[1][1] == edge
        assert _close(abs(tip_y - edge), RAW["triangle"])


def test_the_heads_top_right_for_the_viewer():
    """L-1 and RULES.md §7: the viewer's head (24) top-right, the opponent's (the
    viewer's 12) bottom-left, as the web board draws them."""
    for viewer in ("white", "black"):
        root = ET.fromstring(position_svg(LONG, LONG.start_position(), viewer))
        width = float(root.get("viewBox").split()[2])
        mine = [c for c in _circles(root) if c.get("data-color") == viewer]
        theirs = [c for c in _circles(root) if c.get("data-color") == other(viewer)]
        assert {c.get("data-point") for c in mine} == {"24"}
        assert {c.get("data-point") for c in theirs} == {"12"}
        mid_y = sum(float(c.get("cy")) for c in mine + theirs) / 30
        assert all(float(c.get("cx")) > width / 2 and float(c.get("cy")) < mid_y for c in mine)
        assert all(float(c.get("cx")) < width / 2 and float(c.get("cy")) > mid_y for c in theirs)
        assert root.find(f"{SVG}text[@class='count {viewer}']").text == "15"


def test_stack_counts_shown_above_the_stack_limit_and_always_on_the_bar():
    pos = Position.from_points({6: 5, 8: 6}, {6: 5}, mine_bar=1, theirs_bar=0, turn="white")
    root = ET.fromstring(position_svg(SHORT, pos, "white", dice=(2, 1)))
    counts = {t.text for t in root.iter(f"{SVG}text") if "count" in t.get("class", "")}
    assert counts == {"6", "1"}  # 8 holds 6 (> 5); the bar's single checker; not 6's five
    for text in root.iter(f"{SVG}text"):
        if "count" in text.get("class", ""):
            last = _circles(root, "8" if text.text == "6" else "bar")[-1]
            assert _close(float(text.get("y")), float(last.get("cy")) + RAW["count_dy"])


@pytest.mark.parametrize("n", range(1, 16))
def test_facing_stacks_never_meet(n: int) -> None:
    """Two tall stacks on facing points (long nardy's heads, 15 a side) stay apart in
    the middle of the field by at least a fifth of a checker: at a room of half the
    field they touched and read as one column."""
    g = GEOMETRY
    r = g.checker_radius
    top_end = g.stack_y(True, n - 1, n) + r
    bottom_end = g.stack_y(False, n - 1, n) - r
    assert bottom_end - top_end >= 2 * r / 5


def test_bar_off_and_dice():
    pos = Position.from_points({6: 5}, {6: 5, 5: 2}, mine_bar=1, theirs_bar=0, turn="white")
    root = ET.fromstring(position_svg(SHORT, pos, "white", dice=(2, 1)))
    bar = _circles(root, "bar")
    assert [c.get("data-color") for c in bar] == ["white"]
    off = [r for r in root.iter(f"{SVG}rect") if "off" in r.get("class", "").split()]
    assert sum("white" in r.get("class") for r in off) == 9
    assert sum("black" in r.get("class") for r in off) == 8
    dice = [g for g in root.iter(f"{SVG}g") if g.get("class") == "die"]
    assert [g.get("data-value") for g in dice] == ["2", "1"]
    # pips as on a die, on the bar one above the other where the web board puts its
    # dice: off every point's column
    assert [len(g.findall(f"{SVG}circle")) for g in dice] == [2, 1]
    bar_x = RAW["left"] + 6 * RAW["point_width"] + RAW["bar_width"] / 2
    middle = RAW["top"] + RAW["triangle"] + RAW["gap"] / 2
    rects = [g.find(f"{SVG}rect") for g in dice]
    half = RAW["die_size"] / 2
    assert [float(r.get("x")) + half for r in rects] == [bar_x, bar_x]
    assert [float(r.get("y")) + half for r in rects] == [
        middle - RAW["die_spread"],
        middle + RAW["die_spread"],
    ]
    assert RAW["die_size"] <= RAW["bar_width"]
    # a double shows two faces
    root = ET.fromstring(position_svg(SHORT, pos, "white", dice=(4, 4, 4, 4)))
    assert [g.get("data-value") for g in root.iter(f"{SVG}g") if g.get("class") == "die"] == [
        "4",
        "4",
    ]


def test_bad_dice_and_viewer_are_refused():
    with pytest.raises(ValueError, match="1..6"):
        position_svg(SHORT, SHORT.start_position(), "white", dice=(7, 1))
    with pytest.raises(ValueError, match="viewer"):
        position_svg(SHORT, SHORT.start_position(), "red")  # type: ignore[arg-type]


def test_board_view_wrapper():
    view = BoardView(SHORT, SHORT.start_position(), "white", dice=(3, 1))
    assert str(view) == board_text(SHORT, SHORT.start_position(), "white", dice=(3, 1))
    assert ET.fromstring(view._repr_svg_()).get("data-viewer") == "white"
    assert isinstance(view.__rich__(), RichBoard)


# -- the geometry file and the browser's copy ----------------------------------------------


def test_geometry_js_is_generated_from_the_json_and_up_to_date():
    """server/static/geometry.js is ``python -m nardy.board_geometry``'s output: a
    stale copy fails here (regenerate it, see nardy.board_geometry)."""
    static = (SRC / "server" / "static" / "geometry.js").read_text(encoding="utf-8")
    assert geometry_js() == static
    run = subprocess.run(
        [sys.executable, "-m", "nardy.board_geometry"],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(SRC.parent), "PATH": ""},
    )
    assert run.stdout == static
    # the browser's point columns are the JSON's
    for p in range(1, 25):
        top = "true" if p >= 13 else "false"
        assert f"{{ x: {_expected_x(p):g}, top: {top} }},  // {p}\n" in static
    assert f"export const PW = {RAW['point_width']};" in static


def test_geometry_file_errors_name_the_key():
    good = dict(RAW)
    assert load(json.dumps(good)) == GEOMETRY
    with pytest.raises(ValueError, match="missing \\['gap'\\]"):
        load(json.dumps({k: v for k, v in good.items() if k != "gap"}))
    with pytest.raises(ValueError, match="unknown \\['colour'\\]"):
        load(json.dumps({**good, "colour": 1}))
    with pytest.raises(ValueError, match="top must be a number"):
        load(json.dumps({**good, "top": "22"}))
    with pytest.raises(ValueError, match="JSON object"):
        load("[]")
    with pytest.raises(ValueError, match="point"):
        GEOMETRY.point_x(25)


def test_geometry_doctests():
    result = doctest.testmod(board_geometry)
    assert result.attempted > 0 and result.failed == 0
