"""The replay, the review on the board and the analysis board in real headless
Chromium against a real ``nardy serve``: a finished game stepped back and forth with
the keys, the buttons and the slider; a mistake clicked shows its position with the
played and the best play as arrows; moves tried on the analysis board."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page

from nardy.notation.position_id import encode_id
from nardy.position import Position

pytestmark = BROWSER_MARKS


def finished_game(url: str, **spec: Any) -> str:
    """A game against the computer played to its end over HTTP (the first legal play
    every turn, as a guest of its own); its id."""
    with httpx.Client(base_url=url, timeout=30) as c:
        csrf = c.get("/api/session").json()["csrf"]
        head = {"x-csrf-token": csrf}
        r = c.post(
            "/api/games", json={"mode": "computer", "level": "beginner", **spec}, headers=head
        )
        assert r.status_code == 201, r.text
        st = r.json()
        for _ in range(2000):
            if st["phase"] == "over":
                return str(st["id"])
            acts = st["actions"]
            body = next(
                ({"action": a} for a in ("take", "accept", "roll") if a in acts),
                {"action": "play", "play": st["legal"]["plays"][0] if st["legal"] else ""},
            )
            r = c.post(f"/api/games/{st['id']}/actions", json=body, headers=head)
            assert r.status_code == 200, r.text
            st = r.json()["state"]
    raise AssertionError("the game did not end")


def layout(page: Any, board: str) -> list[str]:
    """Where the board's checkers are drawn: what the eye sees of the position."""
    return list(
        page.eval_on_selector_all(
            f"{board} .checker",
            "cs => cs.map(c => [c.getAttribute('class'),"
            " c.getAttribute('cx') ?? c.getAttribute('x'),"
            " c.getAttribute('cy') ?? c.getAttribute('y')].join(' ')).sort()",
        )
    )


def step_of(page: Any) -> int:
    return int(page.get_attribute("#replay-board", "data-step"))


def wait_step(page: Any, n: int) -> None:
    page.wait_for_selector(f"#replay-board[data-step='{n}']")


def test_a_finished_game_steps_back_and_forth(browser: Any, server: Any, shots: Path) -> None:
    gid = finished_game(server.url, variant="short")
    data = httpx.get(f"{server.url}/api/games/{gid}/replay").json()
    steps = data["steps"]
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/game/{gid}")
    page.click("#replay-result")  # the finished game's result card opens the replay
    wait_step(page, 0)
    assert "Начальная позиция" in page.inner_text("#step-caption")
    start = layout(page, "#replay-board")
    n = sum(abs(x) for x in steps[0]["board"]["points"])
    assert len(start) == n == 30
    page.keyboard.press("ArrowRight")
    wait_step(page, 1)
    first = layout(page, "#replay-board")
    assert first != start  # the first play moved checkers
    assert steps[1]["play"] in page.inner_text("#step-caption")
    arrows = page.locator("#replay-board [data-arrows=played] path.arrow")
    assert arrows.count() == len(steps[1]["moves"]) > 0
    page.click("#step-next")
    wait_step(page, 2)
    page.keyboard.press("ArrowLeft")
    wait_step(page, 1)
    assert layout(page, "#replay-board") == first
    page.keyboard.press("End")
    wait_step(page, len(steps) - 1)
    assert page.locator("#step-outcome").count() == 1
    assert page.is_disabled("#step-next") and page.is_disabled("#step-last")
    page.screenshot(path=str(shots / "replay-end-desktop.png"), full_page=True)
    page.keyboard.press("Home")
    wait_step(page, 0)
    assert layout(page, "#replay-board") == start
    page.click("#step-last")
    wait_step(page, len(steps) - 1)
    page.click("#step-first")
    wait_step(page, 0)
    # the slider, and a move of the list
    page.eval_on_selector(
        "#step-slider", "s => { s.value = '3'; s.dispatchEvent(new Event('input')); }"
    )
    wait_step(page, 3)
    page.locator("#replay-moves [data-step='5'] .step-link").click()
    wait_step(page, 5)
    assert page.locator("#replay-moves li.current").get_attribute("data-step") == "5"
    # the position on the board opens on the analysis board: the next play's, its dice
    nxt = next(s for s in steps[6:] if s["kind"] == "play" and s["before"]["id"])
    page.click("#open-analysis")
    page.wait_for_selector("#analysis-board[data-moves='0']")  # (a roll may have no play)
    assert page.input_value("#position-id") == nxt["before"]["id"]
    assert page.input_value("#analysis-turn") == nxt["color"]
    assert [page.input_value("#die1"), page.input_value("#die2")] == [
        str(d) for d in nxt["dice"][:2]
    ]
    page.go_back()
    wait_step(page, 5)
    assert not page.errors and not page.csp
    phone = new_page(browser, PHONE, locale="en-US")
    phone.goto(f"{server.url}/replay/{gid}?step=4")
    wait_step(phone, 4)
    assert phone.inner_text("#replay-title") == "Game replay"
    width = phone.eval_on_selector("body", "b => b.scrollWidth")
    assert width <= PHONE["width"]  # nothing overflows the phone's screen
    phone.screenshot(path=str(shots / "replay-phone-en.png"), full_page=True)


def test_a_clicked_mistake_shows_its_position_with_arrows(
    browser: Any, server: Any, shots: Path
) -> None:
    gid = finished_game(server.url, variant="long")
    page = new_page(browser, DESKTOP, locale="en-US")
    # the finished game's review, on the game page: a mistake clicked opens it on the
    # replay's board
    page.goto(f"{server.url}/game/{gid}")
    page.click("#analyse")
    page.wait_for_selector("#review-panel")
    mistake = page.locator("#mistakes .mistake-link").first
    n = str(mistake.get_attribute("data-decision"))
    # its number is its entry's in the game page's move list and the replay's counter
    said = mistake.inner_text()  # "move 14, Black 5-2: …"
    number = int(said.split(",")[0].split()[-1])
    entry = page.inner_text(f"#moves > li:nth-child({number})")
    assert said.split(": ")[1].split(" → ")[0] in entry, (said, entry)
    mistake.click()
    page.wait_for_selector(f"#replay-board[data-decision='{n}']")
    assert page.inner_text("#step-counter").startswith(f"{number} / ")
    assert page.locator("#replay-board [data-arrows=played] path").count() > 0
    assert page.locator("#replay-board [data-arrows=best] path").count() > 0
    verdict = page.inner_text("#step-verdict")
    assert "Played:" in verdict and "Best:" in verdict
    # the board shows the position the play was made in: the one before its step
    shown = layout(page, "#replay-board")
    pips = page.inner_text("#replay-score")  # (the pip counts of that board, not after)
    at = step_of(page)
    page.screenshot(path=str(shots / "review-board-desktop-en.png"), full_page=True)
    page.keyboard.press("ArrowLeft")
    wait_step(page, at - 1)
    assert layout(page, "#replay-board") == shown
    assert page.inner_text("#replay-score") == pips
    assert page.locator("#replay-board [data-arrows=best]").count() == 0  # a plain step
    # a point of the graph picks a play too
    page.click("#equity-graph", position={"x": 40, "y": 60})
    page.wait_for_selector("#replay-board[data-decision]")
    assert page.get_attribute("#replay-board", "data-decision") != n
    assert not page.errors and not page.csp
    # on a phone, in Russian: the review asked for on the replay page
    phone = new_page(browser, PHONE)
    phone.goto(f"{server.url}/replay/{gid}")
    wait_step(phone, 0)
    phone.click("#replay-analyse")
    phone.locator(f"#mistakes .mistake-link[data-decision='{n}']").click()
    phone.wait_for_selector(f"#replay-board[data-decision='{n}']")
    assert "Сыграно" in phone.inner_text("#step-verdict")
    # the players' summary fits the phone (five columns had run off its screen)
    fits = "t => t.getBoundingClientRect().right <= t.parentElement.getBoundingClientRect().right"
    assert phone.eval_on_selector("#review-summary", fits)
    phone.screenshot(path=str(shots / "review-board-phone-ru.png"), full_page=True)
    assert phone.eval_on_selector("body", "b => b.scrollWidth") <= PHONE["width"]


def test_moves_tried_on_the_analysis_board(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/analysis?variant=long&dice=65")
    page.wait_for_selector("#analysis-board .hit.src")
    assert page.input_value("#position-id") == "LAACA/z8AAMD/3w"  # the start
    page.click("#analysis-board .hit[data-point='24']")
    page.click("#analysis-board .hit.dst[data-point='13']")
    page.wait_for_selector("#play-made")
    assert "24/13" in page.inner_text("#play-made")
    page.click("#analysis-undo")
    page.wait_for_selector("#analysis-board[data-moves='0']")
    page.click("#analysis-hint")
    page.wait_for_selector("#analysis-hint-list .hint-play")
    assert page.locator("#analysis-board [data-arrows=best] path").count() > 0
    page.screenshot(path=str(shots / "analysis-desktop-ru.png"), full_page=True)
    # the computer's play taken, then on to the next position with Black on roll
    page.locator("#analysis-hint-list .hint-play").first.click()
    page.wait_for_selector("#go-on")
    page.click("#go-on")
    page.wait_for_selector("#analysis-turn >> nth=0")
    assert page.input_value("#analysis-turn") == "black"
    assert page.input_value("#position-id") != "LAACA/z8AAMD/3w"
    # a bad ID is a clear error in the interface language; the input stays
    page.fill("#position-id", "not an id")
    page.click("#set-up")
    page.wait_for_selector("#analysis-error:not([hidden])")
    assert "не ID позиции длинных нард" in page.inner_text("#analysis-error")
    assert page.input_value("#position-id") == "not an id"
    # another game: its own starting position, not the last game's ID
    page.fill("#position-id", "LAACA/z8AAMD/3w")
    page.select_option("#analysis-variant", "short")
    page.wait_for_function(
        "() => document.querySelector('#position-id').value === '4HPwATDgc/ABMA'"
    )
    assert page.is_hidden("#analysis-error")
    assert "short" in page.url and "4HPwATDgc" in page.url
    assert not page.errors and not page.csp
    phone = new_page(browser, PHONE, locale="en-US")
    # a match's position (as the replay opens it): the hints are for its score
    phone.goto(f"{server.url}/analysis?variant=short&id=4HPwATDgc/ABMA&dice=31&length=5&score=0-4")
    phone.wait_for_selector("#analysis-board .hit.src")
    fields = "#analysis-length, #analysis-score-white, #analysis-score-black"
    assert phone.eval_on_selector_all(fields, "els => els.map(e => e.value)") == ["5", "0", "4"]
    phone.click("#analysis-hint")
    phone.wait_for_selector("#analysis-hint-list .hint-play")
    assert "normalised to the cube" in phone.inner_text("#analysis-hint-title")
    # each play's normalised equity with its match winning chances (MWC %) beside it
    first = phone.inner_text("#analysis-hint-list li >> nth=0")
    assert re.search(r" [+-]\d\.\d{3} \(\d+\.\d%\)$", first), first
    assert "length=5" in phone.url and "score=0-4" in phone.url
    # the board is the side on roll's, and says so (a Black decision turns it round)
    assert "from White's side" in phone.inner_text("#analysis-view")
    phone.goto(f"{server.url}/analysis?variant=long&turn=black&dice=31")
    phone.wait_for_selector("#analysis-view >> text=from Black's side")
    assert phone.eval_on_selector("body", "b => b.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=str(shots / "analysis-phone-en.png"), full_page=True)


#: A race in both home boards (short nardy): a rollout's games end quickly.
RACE_ID = encode_id(
    "short",
    Position.from_points({10: 1, 6: 4, 5: 4, 4: 3, 3: 3}, {8: 2, 6: 4, 5: 3, 4: 3, 2: 3}),
)


def test_a_rollout_on_the_analysis_board(browser: Any, server: Any, shots: Path) -> None:
    for page, shot in (
        (new_page(browser, DESKTOP), "desktop-ru"),
        (new_page(browser, PHONE, locale="en-US"), "phone-en"),
    ):
        page.goto(f"{server.url}/analysis?variant=short&id={RACE_ID}&dice=65")
        page.wait_for_selector("#analysis-board .hit.src")
        page.click("#roll-out")
        page.wait_for_selector("#rollout-status[data-status=done]", timeout=60_000)
        rows = page.locator("#rollout-table tr[data-play]")
        assert rows.count() == 3  # the bot's three best plays of 6-5, best first
        texts = rows.locator("td:nth-child(2)").all_inner_texts()
        # written as the reader writes numbers: "+0,512 ± 0,031" in Russian
        point, other = (",", ".") if shot.endswith("-ru") else (".", ",")
        assert all(point in t and other not in t for t in texts), texts
        equities = [float(t.split("±")[0].replace(",", ".")) for t in texts]
        assert equities == sorted(equities, reverse=True)
        assert int(page.get_attribute("#rollout-bar", "value") or 0) == 324
        unit = "на деньги" if shot.endswith("-ru") else "for money"  # (its unit said)
        assert unit in page.inner_text("#rollout-unit")
        page.screenshot(path=str(shots / f"rollout-{shot}.png"), full_page=True)
        width = page.viewport_size["width"]
        assert page.eval_on_selector("body", "b => b.scrollWidth") <= width
        # the position without dice: one line, the position's own equity; stopped halfway
        page.select_option("#die1", "")
        words = "Выберите кости" if shot[0] == "d" else "Choose the dice"
        page.wait_for_selector(f"#analysis-status >> text={words}")
        page.click("#roll-out")
        page.wait_for_selector("#rollout-table tr[data-play='']")
        assert page.locator("#rollout-table tr[data-play]").count() == 1
        assert not page.errors and not page.csp


def test_a_cube_decision_opens_on_the_analysis_board_before_the_roll(
    browser: Any, server: Any
) -> None:
    """A cube decision of the review (a double, a take, a missed double) is made before
    the roll: its analysis board link carries the position without the dice that fell
    after it (with them, it opened as the next play's decision)."""
    found = None
    for _ in range(6):  # (a game of a guest who always takes has cube decisions, mostly)
        gid = finished_game(server.url, variant="short")
        review = httpx.get(f"{server.url}/api/games/{gid}/analysis", timeout=60).json()
        cubes = [n for n, d in enumerate(review["decisions"]) if d["kind"] == "cube"]
        if cubes:
            found = (gid, cubes[0])
            break
    assert found, "six games without a cube decision"
    gid, n = found
    page = new_page(browser, DESKTOP, locale="en-US")
    page.goto(f"{server.url}/replay/{gid}?decision={n}")
    page.wait_for_selector(f"#replay-board[data-decision='{n}']")
    href = page.get_attribute("#open-analysis", "href") or ""
    assert "/analysis?" in href and "dice=" not in href, href
    # there the computer's cube decision is asked for with the cube as it stood before
    # the double (after a take it is the taker's, and the doubler could not double)
    page.click("#open-analysis")
    page.wait_for_selector("#analysis-hint:has-text('Cube decision')")
    page.click("#analysis-hint")
    page.wait_for_selector("#cube-hint")
    assert "The computer's advice" in page.inner_text("#cube-hint")
    assert page.is_hidden("#analysis-error")
    assert not page.errors and not page.csp


def test_the_analysis_boards_fields_stay_in_their_card(
    browser: Any, server: Any, shots: Path
) -> None:
    """A walkthrough saw the score's second box stick out past its card on a 1366-wide
    desktop. Every field of the setup stays inside the card, on a desktop and a phone;
    the position's IDs to copy are there too (short nardy)."""
    for size, name in (({"width": 1366, "height": 900}, "desktop"), (PHONE, "phone")):
        page = new_page(browser, size, locale="en-US")
        page.goto(f"{server.url}/analysis?variant=short&length=7&score=3-5&dice=52")
        page.wait_for_selector("#analysis-ids:not([hidden])")
        inside = (
            "f => { const card = f.getBoundingClientRect(); return [...f.querySelectorAll("
            "'input, select, button')].filter(e => e.offsetParent).filter(e => {"
            " const r = e.getBoundingClientRect(); return r.right > card.right + 0.5 ||"
            " r.left < card.left - 0.5; }).map(e => e.id) }"
        )
        page.screenshot(path=str(shots / f"analysis-fields-{name}-en.png"), full_page=True)
        assert page.eval_on_selector("#analysis-form", inside) == [], name
        assert page.input_value("#analysis-gnubg").startswith("4HPwATDgc/ABMA:")
        assert ":3:5:0:7:" in page.input_value("#analysis-xgid")
        assert not page.errors and not page.csp
