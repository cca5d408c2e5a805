"""The game page's board turned round (the F key, the Flip button), in real headless
Chromium against a real ``nardy serve``: the other side at the bottom, the choice kept
in this browser, and a play made by clicks on the turned board is the one meant; and
the owned doubling cube (C-3) on its owner's half, clear of the borne-off checkers, at
a phone's sizes and a desktop's, both ways round (screenshots)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

pytestmark = BROWSER_MARKS

SIDEWAYS = {"width": 844, "height": 390}
LAPTOP = {"width": 1366, "height": 768}

#: Where each point's checkers are drawn and where its tap target is (screen pixels).
PLACES = """() => {
  const board = document.getElementById("board");
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2,
      top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const out = { flip: board.dataset.flip, points: {}, middle: box(board).y };
  for (let p = 1; p <= 24; p++) {
    const hit = board.querySelector(`.hit[data-point="${p}"]`);
    const checkers = [...board.querySelectorAll(`circle.checker[data-at="${p}"]`)].map(box);
    out.points[p] = { hit: box(hit), checkers };
  }
  return out;
}"""


def start_game(page: Any, url: str) -> None:
    """A game against the computer (long nardy), at the player's turn, dice rolled."""
    page.goto(url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")


def inside(c: dict[str, float], hit: dict[str, float]) -> bool:
    return hit["left"] <= c["x"] <= hit["right"] and hit["top"] <= c["y"] <= hit["bottom"]


def test_the_board_turns_round_and_a_click_on_it_plays_the_point_meant(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, DESKTOP, locale="en-US", motion=False)
    start_game(page, server.url)
    assert page.get_attribute("#board", "data-flip") == "0"
    before = page.evaluate(PLACES)
    # the player's checkers start on his head, point 24, at the top right
    head = before["points"]["24"]
    assert head["checkers"] and head["hit"]["y"] < before["middle"]
    page.screenshot(path=str(shots / "flip-before-desktop.png"))

    page.keyboard.press("f")  # the key turns it round
    page.wait_for_selector("#board[data-flip='1']")
    assert page.get_attribute("#flip", "aria-pressed") == "true"
    after = page.evaluate(PLACES)
    # long nardy turned round (G-3): his head where the opponent's own board has it,
    # bottom left; every point's checkers still on its own tap target
    turned = after["points"]["24"]["hit"]
    assert turned["y"] > after["middle"] and turned["x"] < before["points"]["24"]["hit"]["x"]
    for p, place in after["points"].items():
        assert all(inside(c, place["hit"]) for c in place["checkers"]), p
    page.screenshot(path=str(shots / "flip-after-desktop.png"))

    # a play by clicks on the turned board: the checker tapped is the one that moves
    src = page.get_attribute("#board .hit.src >> nth=0", "data-point")
    assert src is not None
    n_before = len(after["points"][src]["checkers"])
    page.click(f"#board .hit[data-point='{src}']")
    dst = page.get_attribute("#board .hit.dst >> nth=0", "data-point")
    assert dst is not None
    seq = page.get_attribute("#board", "data-seq")
    page.click(f"#board .hit[data-point='{dst}']")
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{seq}'])")
    state = page.evaluate("() => window.__nardyGame.state()")
    assert state["pending_steps"][0]["from"] == int(src), state["pending_steps"]
    moved = page.evaluate(PLACES)
    assert len(moved["points"][src]["checkers"]) == n_before - 1
    assert moved["points"][dst]["checkers"]
    assert all(inside(c, moved["points"][dst]["hit"]) for c in moved["points"][dst]["checkers"])

    # kept in this browser: a reload shows it turned; the button turns it back
    page.reload()
    page.wait_for_selector("#board[data-flip='1'] .hit")
    page.click("#flip")
    page.wait_for_selector("#board[data-flip='0']")
    assert page.evaluate("() => localStorage.getItem('nardy-board-flip')") == "0"
    # typing (a move in the keyboard mode, a chat line) does not turn the board
    page.evaluate("() => localStorage.setItem('nardy-access', 'on')")
    page.reload()
    page.wait_for_selector("#play-input")
    page.press("#play-input", "f")
    assert page.get_attribute("#board", "data-flip") == "0"
    assert not page.errors and not page.csp


#: The board of a game near its end drawn on the page's board: all 15 of each side
#: borne off, the cube owned by ``owner``, the board turned round or not; the cube's
#: box, the borne-off checkers' boxes and the board's middle line (screen pixels).
CUBE_CASE = """async ([owner, flip]) => {
  const { drawBoard } = await import("/static/board.js");
  const svg = document.getElementById("board");
  const points = Array(25).fill(0);
  drawBoard(svg, { view: "white", family: "short", flip,
    board: { points, bar: { mine: 0, theirs: 0 }, off: { mine: 15, theirs: 15 } },
    cube: { enabled: true, value: 4, owner } });
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  const tray = svg.querySelector(".tray");
  return { cube: box(svg.querySelector("#cube rect")), tray: box(tray),
    off: [...svg.querySelectorAll(".checker.off")].map((e) => ({ ...box(e), at: e.dataset.at })),
    middle: (box(svg).top + box(svg).bottom) / 2 };
}"""


def test_the_owned_cube_lies_on_its_owners_half_clear_of_the_borne_off_checkers(
    browser: Any, server: Any, shots: Path
) -> None:
    """C-3: the owner's cube is wholly on his half (below the middle for the viewer's,
    above for the opponent's; the other way round on a turned board), inside the tray,
    and touches no borne-off checker even when all 15 of each side are off."""
    for name, size in (("phone", PHONE), ("sideways", SIDEWAYS), ("desktop", LAPTOP)):
        page = new_page(browser, size, locale="en-US", motion=False)
        start_game(page, server.url)
        for flip in (False, True):
            for owner in ("white", "black"):
                m = page.evaluate(CUBE_CASE, [owner, flip])
                cube, tray = m["cube"], m["tray"]
                gap = (tray["right"] - tray["left"]) / 10  # (a visible gap, whatever the scale)
                low = (owner == "white") != flip  # the viewer's half is below unless turned
                if low:
                    assert cube["top"] >= m["middle"] + gap, (name, flip, owner, m)
                else:
                    assert cube["bottom"] <= m["middle"] - gap, (name, flip, owner, m)
                assert tray["left"] <= cube["left"] and cube["right"] <= tray["right"]
                for off in m["off"]:
                    apart = cube["bottom"] + gap <= off["top"] or off["bottom"] + gap <= cube["top"]
                    assert apart, (name, flip, owner, json.dumps(off), cube)
                page.screenshot(
                    path=str(shots / f"cube-{name}-{owner}-{'flip' if flip else 'up'}.png")
                )
        page.close()
