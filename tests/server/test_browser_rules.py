"""The rules page in real headless Chromium: the head example (L-HEAD-2) played by
clicking, the reason shown for a refused move, undo, and the page in both languages.
Screenshots go to ``NARDY_SCREENSHOTS`` (default: the test's temporary directory)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

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


# -- the games' sections (every variant the club offers: /rules#<variant>) --------------

SECTIONS = """() => [...document.querySelectorAll("section.variant")].map((s) => ({
  id: s.id,
  title: s.querySelector("h2").innerText,
  parts: [...s.querySelectorAll(".part")].map((p) => ({
    head: p.querySelector("h3").firstChild.textContent,
    body: [...p.querySelectorAll("p, li")].map((x) => x.innerText),
  })),
  board: s.querySelectorAll("svg.board circle.checker").length,
}))"""


def test_every_game_has_its_section_in_both_languages(
    browser: Any, server: Any, shots: Path
) -> None:
    """Each variant the session offers has a section on /rules, in Russian and English,
    with its anchor, its four parts (start, differences, end and score, rule options),
    a link from the list of games, and rule marks that docs/rules.md defines."""
    from test_rules_variants import defined_ids

    from nardy.variants import VARIANTS

    ids = defined_ids()
    combos = (("ru", "ru-RU", PHONE), ("ru", "ru-RU", DESKTOP), ("en", "en-US", PHONE))
    for lang, locale, viewport in combos:
        page = new_page(browser, viewport, locale)
        page.goto(server.url + "/rules")
        page.wait_for_selector("section.variant#fevga-giul")
        offered = page.evaluate(
            "async () => (await (await fetch('/api/session')).json()).variants.map(v => v.name)"
        )
        assert offered == list(VARIANTS)
        sections = page.evaluate(SECTIONS)
        assert [s["id"] for s in sections] == offered
        toc = page.eval_on_selector_all("#variants nav.toc a", "as => as.map(a => a.hash)")
        assert toc == [f"#{name}" for name in offered]
        for s in sections:
            v = VARIANTS[s["id"]]
            assert s["title"] == (v.title_ru if lang == "ru" else v.title_en)
            assert len(s["parts"]) == 4 and all(p["body"] and all(p["body"]) for p in s["parts"])
            text = " ".join(x for p in s["parts"] for x in [p["head"], *p["body"]])
            assert "web.rules" not in text and "rules.v." not in text, s["id"]  # no raw key
            assert bool(re.search("[а-яё]", text, re.I)) == (lang == "ru"), s["id"]
        # the start drawn: short, long, and khachapuri's own (11 on 6, 4 on the head)
        assert {s["id"]: s["board"] for s in sections if s["board"]} == {
            "short": 30,
            "long": 30,
            "khachapuri": 30,
        }
        heads = [p["head"] for s in sections for p in s["parts"]]
        assert (
            "Чем отличается от длинных нард" if lang == "ru" else "How it differs from long nardy"
        ) in heads
        marks = page.eval_on_selector_all(
            "[data-rules]", "els => els.flatMap(e => e.dataset.rules.split(' '))"
        )
        assert {"V-FEVGA", "V-CRAZY", "V-GUL", "V-CGUL", "V-KHACH", "V-GIUL", "V-NG"} <= set(marks)
        assert set(marks) - ids == set()
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        kind = "phone" if viewport is PHONE else "desktop"
        page.screenshot(path=str(shots / f"rules-top-{kind}-{lang}.png"))
        page.locator("#fevga").screenshot(path=str(shots / f"rules-fevga-{kind}-{lang}.png"))
        page.locator("#khachapuri").screenshot(
            path=str(shots / f"rules-khachapuri-{kind}-{lang}.png")
        )
        assert page.errors == [] and page.csp == []
        page.context.close()


def in_view(page: Any, selector: str) -> bool:
    return bool(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect(); return r.top >= -2 && r.top < 80; }",
        )
    )


def test_a_game_links_to_its_section(page: Any, server: Any, shots: Path) -> None:
    """/rules#fevga opens the page at févga's section (the game page's link, which
    rules.js's variantRulesHref makes); the list of games leads to each section too."""
    page.goto(server.url + "/rules#fevga")
    page.wait_for_selector("#fevga .part")
    page.wait_for_selector(".example svg.board circle.checker")  # the examples loaded below
    assert in_view(page, "#fevga")
    page.screenshot(path=str(shots / "rules-fevga-linked-phone.png"))
    hrefs = page.evaluate(
        """async () => { const m = await import("/static/rules.js");
          const names = ["fevga", "crazy-gulbara", "short-ru", "no-such-game"];
          return names.map(m.variantRulesHref); }"""
    )
    assert hrefs == ["/rules#fevga", "/rules#crazy-gulbara", "/rules#short-ru", "/rules#variants"]
    page.click('#variants nav.toc a[href="#khachapuri"]')
    page.wait_for_selector("#khachapuri .part")
    assert page.evaluate("location.hash") == "#khachapuri"
    page.wait_for_selector("section.variant#khachapuri:target")
    assert in_view(page, "#khachapuri")
    assert page.errors == [] and page.csp == []


def test_the_options_are_the_players_words_with_the_engines_names_as_code(
    page: Any, server: Any, shots: Path
) -> None:
    """A game's options are said in the player's words; the engine's names (what the API
    and ``nardy play --option`` take) stand only in a small code-styled list under them,
    one for each option the game takes, beside its player's name."""
    page.goto(server.url + "/rules#long")
    page.wait_for_selector("#long .option-names code")
    codes = page.eval_on_selector_all(
        "#long .option-names code", "cs => cs.map(c => c.textContent)"
    )
    assert {"scoring", "head_exception", "block_check", "opening"} <= set(codes), codes
    names = page.inner_text("#long .option-names")
    assert "Первый бросок opening" in names and "Подсчёт очков scoring" in names, names
    prose = page.inner_text("#long .part:last-of-type ul")
    assert not any(code in prose for code in codes), prose
    page.locator("#long .part:last-of-type").screenshot(path=str(shots / "rules-options-phone.png"))
    assert page.errors == []
