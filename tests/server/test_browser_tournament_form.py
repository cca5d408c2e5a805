"""The tournament pages as a tournament director sees them (a walkthrough by one who
knows Backgammon Galaxy and DailyGammon), in real headless Chromium against a real
``nardy serve``: the form of a new tournament sets each round's match length (a 5-point
final after 3-point rounds) and refuses a bad one in the page's language, its fields
are a finger's height and read whole, the start time is read back in the page's
language, the game follows the page's language; the page is titled with the event's
name, shares its link and its results (text and CSV), the bracket shows scores, seeds,
the winners marked and the champion, and a withdrawn player is told so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, PHONE, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS

SIZES = {
    "1366": {"width": 1366, "height": 768},
    "1280": {"width": 1280, "height": 720},
    "390": PHONE,
}

#: The form's visible fields (not the checkboxes) lower than a finger's height, by name.
LOW_FIELDS = """() => [...document.querySelectorAll(
    "#tournament-form input, #tournament-form select")]
  .filter((e) => e.type !== "checkbox" && e.offsetParent !== null)
  .filter((e) => e.getBoundingClientRect().height < 40)
  .map((e) => e.name || e.id)"""

#: Whether the clock select's chosen option is cut: its text, in the select's font,
#: wider than the room the select gives it (its width less padding and the arrow).
CLOCK_CUT = """() => { const s = document.querySelector("#tournament-form select[name=clock]");
  const c = document.createElement("canvas").getContext("2d"); const st = getComputedStyle(s);
  c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
  const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 16;
  return [...s.options].filter((o) => c.measureText(o.text).width > room).map((o) => o.text); }"""


def as_member(page: Any, url: str, client: httpx.Client) -> None:
    page.context.add_cookies(
        [{"name": k, "value": v, "url": url} for k, v in dict(client.cookies).items()]
    )


def ok(r: httpx.Response) -> dict[str, Any]:
    assert r.status_code in (200, 201), r.text
    out: dict[str, Any] = r.json()
    return out


def open_form(
    browser: Any, server: Any, client: httpx.Client, size: dict[str, int], locale: str
) -> Any:
    p = new_page(browser, size, locale=locale)
    as_member(p, server.url, client)
    p.goto(f"{server.url}/tournaments")
    p.wait_for_selector("#tournament-form")
    p.wait_for_selector("#size-hint:not(:empty)")  # (the sizes arrived with the list)
    if not p.is_visible("#tournament-form"):  # (folded on a phone while one is open)
        p.click("#tournament-new summary")
    return p


def test_a_knockout_with_a_five_point_final_from_the_form(
    browser: Any, server: Any, shots: Path
) -> None:
    """English page (en-GB): short nardy by default; a knock-out of 8 with 3-point
    rounds and a 5-point final, set round by round; a final of 0 is refused in the
    page's words and nothing is sent; the start time is read back day first; the
    fields are a finger's height and the clock's names read whole at every size."""
    director = member_client(server.url, "director")
    for name, size in SIZES.items():
        p = open_form(browser, server, director, size, "en-GB")
        assert p.eval_on_selector("select[name=variant]", "s => s.value") == "short"
        assert p.evaluate(LOW_FIELDS) == [], name
        assert p.evaluate(CLOCK_CUT) == [], name
        p.screenshot(path=str(shots / f"tournament-form-{name}-en.png"), full_page=True)
        p.context.close()
    p = open_form(browser, server, director, SIZES["1366"], "en-GB")
    p.fill("input[name=name]", "Friday Cup")
    p.select_option("select[name=format]", "knockout")
    p.fill("input[name=size]", "8")
    p.fill("input[name=length]", "3")
    p.check("#lengths-each")
    labels = p.locator("#round-lengths label").all_inner_texts()
    assert [x.strip() for x in labels] == ["Quarter-final", "Semi-final", "Final"], labels
    rounds = p.locator("#round-lengths input")
    assert [rounds.nth(i).input_value() for i in range(3)] == ["3", "3", "3"]
    rounds.nth(2).fill("0")
    p.fill("input[name=starts_at]", "2031-06-13T19:30")
    assert "Friday, 13 June 2031 at 19:30" in p.inner_text("#starts-hint"), p.inner_text(
        "#starts-hint"
    )
    p.click("#create-tournament")
    bad = rounds.nth(2).evaluate("e => e.validationMessage")
    assert bad == "A match length is a whole number from 1 to 25 points.", bad
    assert ok(director.get("/api/tournaments"))["upcoming"] == []  # nothing sent
    rounds.nth(2).fill("5")
    p.screenshot(path=str(shots / "tournament-form-lengths-1366-en.png"), full_page=True)
    p.click("#create-tournament")
    p.wait_for_selector("#tournament h1")
    tid = int(p.url.rsplit("/", 1)[1])
    x = ok(director.get(f"/api/tournaments/{tid}"))["tournament"]
    assert x["lengths"] == [3, 3, 5] and x["variant"] == "short" and x["format"] == "knockout"
    assert "match lengths by round: 3 · 3 · 5" in p.inner_text("#tournament")
    assert p.title() == "Friday Cup — Nardy"
    assert p.errors == [] and p.csp == []
    director.close()


def test_the_russian_form_refuses_a_bad_length_and_plays_long_nardy(
    browser: Any, server: Any, shots: Path
) -> None:
    """Russian page: long nardy by default, a length of 26 refused in Russian; the
    fields a finger's height on a phone and a desktop, in the dark theme too."""
    director = member_client(server.url, "организатор")
    for name, size in SIZES.items():
        p = open_form(browser, server, director, size, "ru-RU")
        assert p.eval_on_selector("select[name=variant]", "s => s.value") == "long"
        assert p.evaluate(LOW_FIELDS) == [], name
        assert p.evaluate(CLOCK_CUT) == [], name
        p.screenshot(path=str(shots / f"tournament-form-{name}-ru.png"), full_page=True)
        p.context.close()
    p = new_page(browser, SIZES["1366"], locale="ru-RU")
    p.context.add_init_script("localStorage.setItem('nardy-theme', 'dark')")
    as_member(p, server.url, director)
    p.goto(f"{server.url}/tournaments")
    p.wait_for_selector("#size-hint:not(:empty)")
    p.fill("input[name=name]", "Кубок")
    p.fill("input[name=length]", "26")
    p.click("#create-tournament")
    bad = p.eval_on_selector("input[name=length]", "e => e.validationMessage")
    assert bad == "Длина матча — целое число от 1 до 25.", bad
    p.check("#lengths-each")
    p.screenshot(path=str(shots / "tournament-form-1366-ru-dark.png"), full_page=True)
    assert ok(director.get("/api/tournaments"))["upcoming"] == []
    assert p.errors == [] and p.csp == []
    director.close()


def test_the_bracket_the_results_and_the_level_kept(browser: Any, server: Any, shots: Path) -> None:
    """A knock-out of four computer seats added by its director at "intermediate" (the
    level stays chosen between them): the bracket names them whole, with their seeds
    and scores, the winners in bold with a ✓ and the champion at the end; the title is
    the event's; the results copy as text and download as CSV."""
    director = member_client(server.url, "director")
    t = ok(
        director.post(
            "/api/tournaments",
            json={"name": "Bots' Cup", "format": "knockout", "size": 4, "length": 1},
        )
    )
    tid = t["tournament"]["id"]
    p = new_page(browser, SIZES["1366"], locale="en-GB")
    p.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    as_member(p, server.url, director)
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_selector("#computer-level")
    assert p.title() == "Bots' Cup — Nardy"
    assert (
        p.eval_on_selector("#invite-link", "e => getComputedStyle(e).fontFamily")
        .lower()
        .find("mono")
        >= 0
    )
    p.select_option("#computer-level", "intermediate")
    for n in range(1, 4):
        p.click("#add-computer")
        p.wait_for_selector(f"#entries li:nth-child({n})")
        assert p.eval_on_selector("#computer-level", "s => s.value") == "intermediate"
    p.click("#add-computer")  # (the fourth fills it: it starts and is decided at once)
    p.wait_for_selector("#bracket-champion.decided")
    x = ok(director.get(f"/api/tournaments/{tid}"))["tournament"]
    texts = p.locator("#bracket text.bname").all_text_contents()
    assert all("…" not in s for s in texts), texts
    assert sum("computer" in s and "(intermediate)" in s for s in texts) == 6, texts
    seeds = sorted(p.locator("#bracket .bmatch[data-round='1'] text.seed").all_text_contents())
    assert seeds == ["1", "2", "3", "4"], seeds
    won = p.locator("#bracket text.bname.won")
    assert won.count() == 3 and all("✓" in s for s in won.all_text_contents())
    assert won.first.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    final = x["rounds_played"][1][0]
    if final["score"] and not final["forfeit"]:
        scores = p.locator("#bracket .bmatch[data-round='2'] text.bscore").all_text_contents()
        assert scores == [str(final["score"][0]), str(final["score"][1])], scores
    champion = p.inner_text("#tournament-winner").removeprefix("Winner: ")
    assert champion in p.text_content("#bracket-champion")
    p.screenshot(path=str(shots / "tournament-bracket-1366-en.png"), full_page=True)
    # the results: as text for a chat or a notice board, as CSV for a spreadsheet
    p.click("#copy-results")
    p.wait_for_selector("#toast:not([hidden])")
    text = p.evaluate("() => navigator.clipboard.readText()")
    assert (
        text.startswith("Bots' Cup\n") and "Places\n1. " + champion in text and "Final\n" in text
    ), text
    with p.expect_download() as got:
        p.click("#results-csv")
    path = got.value.path()
    assert got.value.suggested_filename == "Bots-Cup.csv"
    rows = Path(path).read_text(encoding="utf-8-sig").splitlines()
    assert rows[0] == "Round,Player 1,Player 2,Points 1,Points 2,Winner,Note"
    assert len(rows) == 4 and rows[-1].startswith("Final,") and rows[-1].split(",")[5] == champion
    assert p.query_selector("#share-tournament") is not None
    for theme in ("dark", "light", "classic"):
        q = new_page(browser, SIZES["390"] if theme == "dark" else SIZES["1280"], locale="ru-RU")
        q.context.add_init_script(f"localStorage.setItem('nardy-theme', '{theme}')")
        q.goto(f"{server.url}/tournaments/{tid}")
        q.wait_for_selector("#bracket-champion.decided")
        assert q.title() == "Bots' Cup — Нарды"
        assert "компьютер" in q.text_content("#bracket")
        q.screenshot(path=str(shots / f"tournament-bracket-{theme}-ru.png"), full_page=True)
        q.context.close()
    assert p.errors == [] and p.csp == []
    director.close()


def test_a_withdrawn_player_is_told_so(browser: Any, server: Any, shots: Path) -> None:
    """After withdrawing (with the confirmation) the player's page says he has
    withdrawn and what it means, in both languages."""
    anna = member_client(server.url, "anna")
    t = ok(anna.post("/api/tournaments", json={"name": "Evening", "format": "knockout", "size": 4}))
    tid = t["tournament"]["id"]
    ok(anna.post(f"/api/tournaments/{tid}/join", json={"invite": t["tournament"]["invite"]}))
    for _ in range(3):
        ok(anna.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}))
    p = new_page(browser, PHONE, locale="en-GB", motion=False)
    as_member(p, server.url, anna)
    p.goto(f"{server.url}/tournaments/{tid}")
    p.wait_for_selector("#withdraw-tournament")
    assert p.query_selector("#withdrawn-note") is None
    p.once("dialog", lambda d: d.accept())
    p.click("#withdraw-tournament")
    p.wait_for_selector("#withdrawn-note")
    note = p.inner_text("#withdrawn-note")
    assert "You have withdrawn from this tournament." in note and "lost" in note
    p.screenshot(path=str(shots / "tournament-withdrawn-390-en.png"), full_page=True)
    q = new_page(browser, SIZES["1366"], locale="ru-RU")
    as_member(q, server.url, anna)
    q.goto(f"{server.url}/tournaments/{tid}")
    q.wait_for_selector("#withdrawn-note")
    assert "Вы снялись с этого турнира." in q.inner_text("#withdrawn-note")
    assert p.errors == [] and p.csp == [] and q.errors == [] and q.csp == []
    anna.close()
