"""The rules page in real headless Chromium: the head example (L-HEAD-2) played by
clicking, the reason shown for a refused move, undo, and the page in both languages.
Screenshots go to ``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import BROWSER_MARKS, PHONE, new_page

pytestmark = BROWSER_MARKS


@pytest.fixture
def page(browser: Any) -> Any:
    return new_page(browser, PHONE)


def wait_moves(page: Any, card: str, moves: str) -> None:
    # (a selector: the page's CSP forbids the string evaluation of wait_for_function)
    page.wait_for_selector(f"{card} svg[data-moves={json.dumps(moves)}]")


def test_head_example_by_clicking(page: Any, server: Any, shots: Path) -> None:
    card = "#ex-head-66"
    page.goto(server.url + "/rules")
    page.wait_for_selector(f"{card} .hit.src")
    ex = page.locator(card)
    # the head is the only checker that may move; it may go to 18 only
    assert ex.locator(".hit.src").evaluate_all("els => els.map(e => e.dataset.point)") == ["24"]
    ex.locator('.hit[data-point="24"]').click()
    assert ex.locator(".hit.dst").evaluate_all("els => els.map(e => e.dataset.point)") == ["18"]
    ex.locator('.hit.dst[data-point="18"]').click()
    wait_moves(page, card, "24/18")
    # the checker on 18 cannot go on: the caption says why (point 12 is the opponent's head)
    ex.locator('.hit[data-point="18"]').click()
    assert "голова соперника" in ex.locator(".feedback").inner_text()
    assert "bad" in ex.locator(".feedback").get_attribute("class")
    # the second checker off the head finishes the forced play
    ex.locator('.hit[data-point="24"]').click()
    ex.locator('.hit.dst[data-point="18"]').click()
    wait_moves(page, card, "24/18 24/18")
    feedback = ex.locator(".feedback")
    assert "24/18(2)" in feedback.inner_text() and "ok" in feedback.get_attribute("class")
    assert ex.locator(".hit.src").count() == 0  # nothing more to play
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ex.screenshot(path=str(shots / "rules-head-phone.png"))
    ex.locator("button.undo").click()
    wait_moves(page, card, "24/18")
    # English
    page.click("#lang")
    page.wait_for_selector(f"{card} .hit.src")
    assert "first-turn exception" in page.locator(f"{card} .caption").inner_text()
    assert page.inner_text("#lang") == "Русский"
    assert page.errors == [] and page.csp == []


def test_web_board_and_python_svg_draw_the_same_board(page: Any, server: Any) -> None:
    """One geometry (board_geometry.json): the browser's board of the long start (L-1)
    puts every checker and die where nardy.svg's drawing of the same position does."""
    import xml.etree.ElementTree as ET

    from nardy.svg import position_svg
    from nardy.variants import find_variant

    page.goto(server.url + "/rules")
    page.wait_for_selector("#ex-long-start svg circle.checker")
    web = page.locator("#ex-long-start svg").evaluate(
        """svg => ({
          box: svg.getAttribute("viewBox"),
          checkers: [...svg.querySelectorAll("circle.checker")].map(c => [
            c.classList.contains("white") ? "white" : "black",
            +c.getAttribute("cx"), +c.getAttribute("cy"), +c.getAttribute("r")]),
          dice: [...svg.querySelectorAll(".dice rect.die")].map(r => [+r.getAttribute("x"),
            +r.getAttribute("y")]),
        })"""
    )
    long = find_variant("long")
    root = ET.fromstring(position_svg(long, long.start_position(), "white", dice=(6, 5)))
    ns = "{http://www.w3.org/2000/svg}"
    ours = [
        [c.get("data-color"), float(c.get("cx")), float(c.get("cy")), float(c.get("r"))]
        for c in root.iter(f"{ns}circle")
        if "checker" in c.get("class", "").split()
    ]
    dice = [
        [float(g.find(f"{ns}rect").get("x")), float(g.find(f"{ns}rect").get("y"))]
        for g in root.iter(f"{ns}g")
        if g.get("class") == "die"
    ]
    assert len(ours) == 30

    def rounded(items: list[list[Any]]) -> list[tuple[Any, ...]]:  # to the SVG's precision
        return sorted(tuple(round(v, 2) if isinstance(v, float) else v for v in c) for c in items)

    assert rounded(web["checkers"]) == rounded(ours)
    assert web["dice"] == dice
    # the same board width and height (the Python drawing adds its text lines below)
    frame = root.find(f"{ns}rect[@class='frame']")
    assert web["box"] == f"0 0 {frame.get('width')} {frame.get('height')}"
