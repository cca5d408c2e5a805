"""The phone, the board's themes and the keyboard play, in real headless Chromium
against a real ``nardy serve``: the board fills a phone held sideways (844 x 390) with
point columns a thumb can hit and the width of one held upright (390 x 844); no page
scrolls sideways at 360 px; a play typed in the keyboard mode is made and said in words;
the settings menu's theme changes the board's colours. Screenshots go to
``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

from nardy.board_geometry import GEOMETRY

pytestmark = BROWSER_MARKS

SIDEWAYS = {"width": 844, "height": 390}
NARROW = {"width": 360, "height": 740}
STATIC = Path(__file__).resolve().parents[2] / "src" / "nardy" / "server" / "static"

#: The board's measures on the page: the SVG's box, each point's tap target (its hit
#: area), the dice's box and the count badges' text height, in CSS pixels.
MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width, h: r.height, right: r.right, bottom: r.bottom }; };
  const board = document.querySelector("#board");
  const cols = [];
  for (let p = 1; p <= 24; p++) cols.push(box(board.querySelector(`.hit[data-point="${p}"]`)));
  const dice = board.querySelector(".dice");
  return { board: box(board), cols, dice: dice && box(dice),
    checker: box(board.querySelector("circle.checker")),
    counts: [...board.querySelectorAll("text.count")].map((t) => box(t).h),
    scrollWidth: document.documentElement.scrollWidth };
}"""


def start_game(page: Any, url: str) -> str:
    """A game against the computer, at the player's turn with the dice rolled."""
    page.goto(url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    return str(page.url)


def seq(page: Any) -> int:
    return int(page.eval_on_selector("#board", "b => Number(b.dataset.seq || 0)"))


def test_style_css_knows_the_boards_proportions() -> None:
    # the sideways layout sizes the board from its width / height (style.css)
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    found = re.search(r"--board-ratio:\s*([\d.]+);", css)
    assert found and abs(float(found.group(1)) - GEOMETRY.width / GEOMETRY.height) < 1e-3


def test_the_board_fills_a_phone_sideways_and_upright(
    browser: Any, server: Any, shots: Path
) -> None:
    for locale, lang in (("ru-RU", "ru"), ("en-US", "en")):
        page = new_page(browser, SIDEWAYS, locale=locale)
        game = start_game(page, server.url)
        m = page.evaluate(MEASURE)
        # sideways: the board is as tall as the screen, at its left, every point's tap
        # target is its whole column (edge to middle) and at least 40 px wide
        assert m["board"]["y"] == 0 and m["board"]["h"] == SIDEWAYS["height"]
        assert min(c["w"] for c in m["cols"]) >= 40
        assert min(c["h"] for c in m["cols"]) >= SIDEWAYS["height"] / 2 - 2
        assert m["checker"]["w"] >= 38
        # the controls beside the board, on the screen without scrolling
        for button in ("#confirm", "#undo"):
            b = page.locator(button).bounding_box()
            assert b["x"] >= m["board"]["right"] and b["y"] + b["height"] <= SIDEWAYS["height"]
        assert m["scrollWidth"] <= SIDEWAYS["width"]
        # the dice sit off every point's column (on the bar)
        assert m["dice"] is not None
        for c in m["cols"]:
            assert m["dice"]["right"] <= c["x"] or m["dice"]["x"] >= c["right"]
        page.screenshot(path=str(shots / f"game-sideways-{lang}.png"))

        # upright: the board takes the whole width; the head's count is readable
        page.set_viewport_size(PHONE)
        page.goto(game)
        page.wait_for_selector("#board .hit.src")
        m = page.evaluate(MEASURE)
        assert m["board"]["x"] == 0 and m["board"]["w"] == PHONE["width"]
        assert m["counts"] and min(m["counts"]) >= 12  # the 15 on the head, on its badge
        assert m["scrollWidth"] <= PHONE["width"]
        # the controls below the board, still on the first screen
        assert page.locator("#confirm").bounding_box()["y"] > m["board"]["bottom"]
        assert page.locator("#confirm").bounding_box()["y"] < PHONE["height"]
        page.screenshot(path=str(shots / f"game-upright-{lang}.png"))
        page.set_viewport_size(DESKTOP)
        page.goto(game)
        page.wait_for_selector("#board .hit.src")
        page.screenshot(path=str(shots / f"game-desktop-{lang}.png"))
        assert page.errors == [] and page.csp == []
        page.context.close()


def test_no_page_scrolls_sideways_at_360_px(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, NARROW)
    game = start_game(page, server.url)
    for path in ("/", game, "/rules", "/tutorial", "/profile"):
        page.goto(path if path.startswith("http") else server.url + path)
        page.wait_for_selector("#main > *")
        page.wait_for_load_state("networkidle")
        width = page.evaluate("document.documentElement.scrollWidth")
        name = "game" if path == game else path.strip("/") or "home"
        page.screenshot(path=str(shots / f"narrow-{name}.png"), full_page=True)
        assert width <= NARROW["width"], (path, width)
    assert page.errors == [] and page.csp == []


def test_a_play_typed_in_the_keyboard_mode_is_made(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, PHONE)
    start_game(page, server.url)
    # the position in words is there for screen readers whatever the mode (the board's
    # description; what changes is said in a few words in #announce)
    spoken = page.locator("#position-text")
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert "Кости:" in spoken.inner_text() and "Пипсы: белые" in spoken.inner_text()
    assert not page.locator("#play-input").is_visible()
    # the keyboard mode, chosen in the settings menu from the keyboard
    page.focus("#settings-open")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the themes
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "access-mode"
    page.keyboard.press("Space")
    # the focus is seen: a ring around the focused control
    ring = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()"
    )
    assert ring[0] == "solid" and ring[1] >= 2
    page.keyboard.press("Escape")
    assert page.locator("#settings").get_attribute("open") is None
    assert page.locator("#play-input").is_visible()
    # an empty play is refused on the spot, and says why
    page.click("#play-send")
    assert page.get_attribute("#play-input", "aria-invalid") == "true"
    assert "Сначала запишите ход" in page.inner_text("#play-help")
    # a play the rules refuse: the server's reason, the typed text kept
    page.fill("#play-input", "1/2")
    page.press("#play-input", "Enter")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.input_value("#play-input") == "1/2"
    # a legal play (the list offers them) is made, and the position is said anew
    play = page.locator("#legal-plays option").first.get_attribute("value")
    assert play
    role = page.get_attribute("#status", "data-role")
    page.fill("#play-input", play)
    page.press("#play-input", "Enter")
    page.wait_for_selector("#moves li >> nth=1")
    assert f": {play}" in page.inner_text("#moves li >> nth=1")
    assert page.input_value("#play-input") == ""
    # the computer answers; then the last play, said in words, is its own
    page.wait_for_selector(f"#status[data-turn='{role}'] >> text=Ваш ход")
    last = page.locator("#moves li").last.inner_text().split(": ", 1)[1]
    assert f"Последний ход, {'Белые' if role == 'black' else 'Чёрные'}" in spoken.inner_text()
    assert spoken.inner_text().endswith(f": {last}.")
    page.screenshot(path=str(shots / "keyboard-play-phone.png"), full_page=True)
    assert page.errors == [] and page.csp == []


def test_the_theme_changes_the_boards_colours(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, DESKTOP)
    start_game(page, server.url)
    fills = (
        "() => ['.field', '.tri.odd', '.tri.even', 'circle.checker.black']"
        ".map((s) => getComputedStyle(document.querySelector('#board ' + s)).fill)"
    )
    classic = page.evaluate(fills)
    seen = {tuple(classic)}
    for theme in ("light", "dark"):
        page.click("#settings-open")
        page.check(f"#settings input[name=theme][value={theme}]")
        colours = page.evaluate(fills)
        assert tuple(colours) not in seen, theme  # every part of the board changed
        assert all(c not in classic for c in colours[:3])
        seen.add(tuple(colours))
        page.keyboard.press("Escape")
        page.screenshot(path=str(shots / f"theme-{theme}.png"))
    dark = page.evaluate(fills)
    # kept in this browser
    page.reload()
    page.wait_for_selector("#board .hit.src")
    assert page.evaluate(fills) == dark
    assert page.is_checked("#settings input[value=dark]")
    # "as the system": a dark system gets the dark board
    page.click("#settings-open")
    page.check("#settings input[name=theme][value=auto]")
    assert page.evaluate(fills) == classic
    page.emulate_media(color_scheme="dark")
    assert page.evaluate(fills) == dark
    assert page.errors == [] and page.csp == []


def test_a_three_digit_move_number_fits_the_move_list(browser: Any, server: Any) -> None:
    """A long game passes 100 moves: the list's room for its numbers holds "100. " in
    its own font (it had cut "100." to "00." on a phone)."""
    page = new_page(browser, PHONE)
    start_game(page, server.url)
    room, needed = page.evaluate(
        """() => {
          const ol = document.querySelector('#moves');
          const font = getComputedStyle(ol).font;
          const c = document.createElement('canvas').getContext('2d');
          c.font = font;
          return [parseFloat(getComputedStyle(ol).paddingLeft), c.measureText('100. ').width];
        }"""
    )
    assert room >= needed, (room, needed)
    page.context.close()


def test_sideways_the_hint_and_the_result_are_in_view(
    browser: Any, server: Any, shots: Path
) -> None:
    """A phone held sideways shows the controls beside the board, a screen high: the
    hint's plays came in below them, out of sight (a walkthrough's beginner saw nothing
    happen), and the result card lay in the column, cut to a few letters a line, and
    after a reload far below the fold. Now the hint scrolls into view and the result
    lies over the board."""
    page = new_page(browser, SIDEWAYS, motion=False)
    start_game(page, server.url)
    # the game is named first above the board ("try without signing up" gives long nardy)
    assert page.inner_text("#game-variant") == "Длинные нарды"
    page.click("#hint")
    first = page.locator("#hint-list .hint-play").first
    first.wait_for()
    b = first.bounding_box()
    assert b is not None and b["y"] >= 0 and b["y"] + b["height"] <= SIDEWAYS["height"]
    assert b["height"] >= 40  # a finger's button
    page.screenshot(path=str(shots / "game-sideways-hint.png"))
    page.click("#resign")
    page.click("#resign-1")
    for reloaded in (False, True):
        if reloaded:
            page.reload()
        page.wait_for_selector("#result-title")
        # (one read of the page: the card is drawn anew with each state)
        board, card, title = page.evaluate(
            "() => ['#board', '#result .card', '#result-title'].map((s) => {"
            " const r = document.querySelector(s).getBoundingClientRect();"
            " return { x: r.x, y: r.y, width: r.width, height: r.height }; })"
        )
        assert card["x"] >= board["x"] and card["x"] + card["width"] <= board["x"] + board["width"]
        assert card["y"] >= 0 and card["y"] + card["height"] <= SIDEWAYS["height"]
        assert title["height"] < 60  # the title on one line, not cut a few letters a line
    page.screenshot(path=str(shots / "game-sideways-result.png"))
    assert page.errors == [] and page.csp == []
    page.context.close()
