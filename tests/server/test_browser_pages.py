"""What a new visitor found wrong on the club's pages (a walkthrough at phone and desktop
sizes), each in real headless Chromium against a real ``nardy serve``: a mistyped
address answered with bare JSON, the dice check of a match showing "6-4 · 4-6 ✓" and no
game boundaries, a double written "3-3-3-3" in the move list and "3-3" in the review,
both sides of a one-device game called by the one person's name, a guest's empty games
table, and "Try without signing up" offered to a member."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page, open_home, page_api

from nardy.i18n import t

pytestmark = BROWSER_MARKS


def finished_match(url: str, length: int) -> str:
    """A short-nardy match against the computer played to its end over HTTP by a guest
    (the first legal play every turn, every double taken); its id."""
    with httpx.Client(base_url=url, timeout=30) as c:
        head = {"x-csrf-token": c.get("/api/session").json()["csrf"]}
        spec = {"variant": "short", "mode": "computer", "level": "beginner", "length": length}
        r = c.post("/api/games", json=spec, headers=head)
        assert r.status_code == 201, r.text
        st = r.json()
        for _ in range(5000):
            if st["status"] == "over":
                return str(st["id"])
            acts = st["actions"]
            body = next(
                ({"action": a} for a in ("next-game", "take", "accept", "roll") if a in acts),
                {"action": "play", "play": st["legal"]["plays"][0] if st["legal"] else ""},
            )
            r = c.post(f"/api/games/{st['id']}/actions", json=body, headers=head)
            assert r.status_code == 200, r.text
            st = r.json()["state"]
    raise AssertionError("the match did not end")


def test_a_mistyped_address_gets_the_clubs_not_found_page(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, PHONE)  # Russian
    response = page.goto(server.url + "/no-such-page")
    assert response.status == 404
    page.wait_for_selector("#not-found")
    assert "Страница не найдена" in page.inner_text("#not-found")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shots / "not-found-phone-ru.png"), full_page=True)
    page.click("#to-lobby")
    page.wait_for_selector("#try")  # the lobby, without a reload
    # an address the page itself does not route, a player and a game's dice check that
    # are not there: the same page, with what the server said
    for path, said in (
        ("/game/", None),
        ("/players/nobody-at-all", "нет игрока «nobody-at-all»"),
        ("/verify/no-such-game", "нет партии «no-such-game»"),
    ):
        page.goto(server.url + path)
        page.wait_for_selector("#not-found")
        if said:
            assert said in page.inner_text("#not-found .bad"), path
    assert page.errors == [] and page.csp == []
    # a program (no HTML asked for) and the API keep their JSON answer
    with httpx.Client(base_url=server.url) as c:
        r = c.get("/no-such-page")
        assert r.status_code == 404 and r.json()["code"] == "not-found"
        r = c.get("/api/no-such-thing", headers={"accept": "text/html"})
        assert r.status_code == 404 and r.json()["code"] == "not-found"
        r = c.get("/no-such-page", headers={"accept": "text/html", "accept-language": "en"})
        assert r.status_code == 404 and '<html lang="en">' in r.text


def test_a_matchs_dice_check_and_its_doubles(browser: Any, server: Any, shots: Path) -> None:
    gid = finished_match(server.url, 5)
    page = new_page(browser, DESKTOP, locale="en-US")
    page.goto(f"{server.url}/verify/{gid}")
    page.wait_for_selector("#verify-result.ok")
    rows = [r.locator("td").all_inner_texts() for r in page.locator("#verify tr:has(td)").all()]
    openings = [cells for cells in rows if cells[1] == "opening"]
    for cells in openings:  # the toss derived as recorded: "6-4 · 6-4 ✓", not "6-4 · 4-6 ✓"
        assert cells[2] == cells[3] and cells[4] == "✓", cells
    # each game under a heading, a tied toss (tossed again) inside its game
    games = sum(
        1
        for i, cells in enumerate(rows)
        if cells[1] == "opening" and (i == 0 or rows[i - 1][1] != "opening")
    )
    assert games >= 2, rows  # (a match to 5 against the computer)
    headings = page.locator("#verify tr.game-start").all_inner_texts()
    assert headings == [f"game {n}" for n in range(1, games + 1)], headings
    order = page.locator("#verify tr").evaluate_all(
        "trs => trs.map(tr => tr.classList.contains('game-start') ? 'game'"
        " : (tr.cells[1] || {}).textContent)"
    )
    for i, cell in enumerate(order):  # a heading stands right before its game's toss
        if cell == "game":
            assert order[i + 1] == "opening" and order[i - 1] != "opening", order
    page.screenshot(path=str(shots / "verify-match-desktop-en.png"), full_page=True)
    # the move list writes a double as the review does: "3-3", not "3-3-3-3"
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#moves li")
    moves = page.locator("#moves li").all_inner_texts()
    assert not [m for m in moves if re.search(r"\d-\d-\d", m)], moves
    assert [m for m in moves if re.search(r"([1-6])-\1:", m)], moves  # (doubles were rolled)
    # a roll is written higher die first, as players name it ("6-3", never "3-6")
    rolls = [re.search(r"([1-6])-([1-6]):", m) for m in moves]
    assert all(r is None or r[1] >= r[2] for r in rolls), moves
    assert page.errors == []


def test_one_device_sides_guests_and_members(browser: Any, server: Any, shots: Path) -> None:
    page = new_page(browser, PHONE, locale="en-US")
    page.goto(server.url + "/profile")  # a guest who has played nothing yet
    page.wait_for_selector("#no-games")
    assert page.locator("#history").count() == 0
    page.goto(server.url + "/")
    page.wait_for_selector("#try")
    assert page.inner_text("#try") == "Try without signing up"
    game = page_api(page, server, "POST", "/api/games", {"variant": "long", "mode": "local"})
    page.goto(f"{server.url}/game/{game['id']}")
    page.wait_for_selector("#players")
    # one person plays both sides: they are White and Black, not his name twice
    names = page.locator("#players > div > span:first-child").all_inner_texts()
    assert [n.strip() for n in names] == ["White", "Black"], names
    page.screenshot(path=str(shots / "one-device-phone-en.png"), full_page=True)
    # a member is past "without signing up": the same button is a game now
    page_api(
        page, server, "POST", "/api/register", {"username": "walker", "password": "long enough"}
    )
    page.goto(server.url + "/")
    page.wait_for_selector("#try")
    assert page.inner_text("#try") == "Play the computer now"
    assert page.errors == []


def test_a_roll_that_could_not_be_played_is_said(browser: Any, server: Any, shots: Path) -> None:
    """Long nardy rolls for the player, so a roll of his with no legal play passed
    unseen: the next roll was already on the board and only the move list said "no
    move". The box of the last play now says it too, beside the opponent's play."""
    with httpx.Client(base_url=server.url, timeout=30) as c:
        head = {"x-csrf-token": c.get("/api/session").json()["csrf"]}
        st, plays = _until_his_roll_is_blocked(c, head)
        me = st["role"]
        blocked = next(p for p in plays[-2:] if p["color"] == me and p["play"] == "-")
        page = new_page(browser, PHONE)  # Russian
        page.context.add_cookies(
            [{"name": k, "value": v, "url": server.url} for k, v in dict(c.cookies).items()]
        )
        page.goto(f"{server.url}/game/{st['id']}")
        page.wait_for_selector("#last-play:not([hidden])")
        dice = "-".join(str(d) for d in sorted(blocked["dice"][:2], reverse=True))
        assert f"Вам выпало {dice}: хода нет" in page.inner_text("#last-play")
        page.screenshot(path=str(shots / "no-move-phone-ru.png"), full_page=True)
        assert page.errors == []


def _until_his_roll_is_blocked(
    c: httpx.Client, head: dict[str, str]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Long nardy against the computer, the first legal play each turn, game after game
    until a roll of the guest's has no legal play (common: the dice differ from run to
    run); the state then, and its plays."""
    spec = {"variant": "long", "mode": "computer", "level": "beginner"}
    for _ in range(10):
        st = c.post("/api/games", json=spec, headers=head).json()
        while st["phase"] != "over":
            plays = [e for e in st["history"] if not e.get("action")]
            if any(p["color"] == st["role"] and p["play"] == "-" for p in plays[-2:]):
                return st, plays
            acts = st["actions"]
            body = next(
                ({"action": a} for a in ("accept", "roll") if a in acts),
                {"action": "play", "play": st["legal"]["plays"][0] if st["legal"] else ""},
            )
            r = c.post(f"/api/games/{st['id']}/actions", json=body, headers=head)
            assert r.status_code == 200, r.text
            st = r.json()["state"]
    raise AssertionError("no roll of his was blocked in ten games")


def test_the_phone_tutorial_never_breaks_a_roll_over_two_lines(browser: Any, server: Any) -> None:
    """Each roll the tutorial names ("6-6") is kept on one line: in a phone's narrow
    column "6-" had ended one line and "6" begun the next."""
    page = new_page(browser, PHONE, "ru-RU")
    page.goto(server.url + "/tutorial")
    page.wait_for_selector("#tutorial section#cube")
    loose = page.eval_on_selector(  # rolls in a text outside a span that keeps them whole
        "#tutorial",
        """e => { const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT), out = [];
          while (w.nextNode()) { const n = w.currentNode;
            if (!n.parentElement.classList.contains("roll"))
              out.push(...(n.textContent.match(/\\b[1-6]-[1-6]\\b/g) || [])); }
          return out; }""",
    )
    assert loose == []
    spans = page.eval_on_selector_all(
        "#tutorial .roll", "els => els.map(e => [e.textContent, e.getClientRects().length])"
    )
    assert all(re.fullmatch(r"[1-6]-[1-6]", s) for s, _ in spans), spans
    shown = [lines for _, lines in spans if lines]  # (those in a closed <details> have none)
    assert len(shown) >= 3 and all(lines == 1 for lines in shown), spans
    assert page.errors == []


def test_a_guests_games_fit_a_phone_and_say_won_or_lost(
    browser: Any, server: Any, shots: Path
) -> None:
    """A guest's games on his profile: three columns that fit a phone (six had run off
    its screen, the result and the link out of sight), the result in his own words
    ("Победа"/"Поражение"), not "Белые, ойн" for him to work out."""
    page = new_page(browser, PHONE)
    open_home(page, server.url)
    spec = {"variant": "short", "mode": "computer", "level": "beginner"}
    st = page_api(page, server, "POST", "/api/games", spec)
    gid = st["id"]
    for _ in range(3000):
        if st["phase"] == "over":
            break
        acts = st["actions"]
        reply = next((a for a in ("take", "accept") if a in acts), None)
        body = (
            {"action": reply}
            if reply
            else {"action": "roll"}
            if "roll" in acts
            else {"action": "play", "play": st["legal"]["plays"][0]}
        )
        st = page_api(page, server, "POST", f"/api/games/{gid}/actions", body)["state"]
    won = st["outcome"]["winner"] == st["role"]
    page.goto(server.url + "/profile")
    page.wait_for_selector("#history td")
    result = page.inner_text("#history tr:nth-child(2) td:nth-child(3)")
    assert result.startswith(t("web.outcome-won" if won else "web.outcome-lost", "ru")), result
    fits = "t => t.scrollWidth <= t.parentElement.clientWidth"  # (no sideways scroll)
    assert page.eval_on_selector("#history", fits)
    page.screenshot(path=str(shots / "guest-games-phone-ru.png"), full_page=True)
    assert page.errors == []


def test_the_computer_is_one_tap_from_the_top_of_a_phone(
    browser: Any, server: Any, shots: Path
) -> None:
    """A newcomer on a phone finds "play the computer" on the first screen (it had sat
    below the lobby's cards, four screens down), and a link to the new-game form
    (a friend by link, one device) that takes him there."""
    for size, lang in ((PHONE, "ru-RU"), (DESKTOP, "en-US")):
        page = new_page(browser, size, lang)
        page.goto(server.url + "/")
        page.wait_for_selector("#try")
        box = page.locator("#try").bounding_box()
        assert box is not None and box["y"] + box["height"] <= size["height"], box
        page.screenshot(path=str(shots / f"home-top-{lang}.png"))
        page.click("#to-new-game")
        page.wait_for_function(
            "() => { const r = document.querySelector('#new-game').getBoundingClientRect();"
            " return r.top >= -1 && r.top < innerHeight / 2; }"
        )
        assert page.errors == []


def test_a_tap_the_board_refuses_is_explained(browser: Any, server: Any, shots: Path) -> None:
    """A learner who taps a point his selected checker cannot reach, or a checker of
    his that cannot move, is told why (it had been silently dropped): the server's
    reason for the step (its rule), or that nothing moves from that point."""
    page = new_page(browser, PHONE, "en-US")
    open_home(page, server.url)
    spec = {"variant": "short", "mode": "computer", "level": "beginner"}
    st = page_api(page, server, "POST", "/api/games", spec)
    gid = st["id"]
    if "roll" in st["actions"]:
        st = page_api(page, server, "POST", f"/api/games/{gid}/actions", {"action": "roll"})
        st = st["state"]
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#board .hit.src")
    targets = {int(k): v for k, v in st["legal"]["targets"].items()}
    points = st["board"]["points"]
    # a checker that may move, and a point below it it may not reach
    frm = max(p for p in targets if p <= 24)
    to = next(p for p in range(frm - 1, 0, -1) if p not in targets[frm])
    page.locator(f"#board .hit[data-point='{frm}']").click()
    page.locator(f"#board .hit[data-point='{to}']").click()
    page.wait_for_selector("#toast.info:not([hidden])")  # (a rule, not a failure)
    said = page.inner_text("#toast")
    assert said.startswith(f"{frm}/{to}: ") or "not a legal move" in said, said
    if points[to] <= -2:  # (his point: the rule is said, its rule book's id is not)
        assert "opponent's" in said and "(G-9)" not in said, said
    page.screenshot(path=str(shots / "refused-step-phone-en.png"))
    assert page_api(page, server, "GET", f"/api/games/{gid}")["seq"] == st["seq"]  # nothing moved
    stuck = [p for p in range(1, 25) if points[p] > 0 and p not in targets]
    if stuck:
        page.locator(f"#board .hit[data-point='{stuck[0]}']").click()
        page.wait_for_selector(f"#toast >> text=No checker can move from point {stuck[0]}")
    # a checker held by a rule is told the rule: long nardy's head after its checker
    # left this turn (L-HEAD-1)
    for _ in range(20):
        spec = {"variant": "long", "mode": "computer", "level": "beginner"}
        st = page_api(page, server, "POST", "/api/games", spec)
        if sorted(st["dice"]) not in ([3, 3], [4, 4], [6, 6]):  # (L-HEAD-2: two may leave)
            break
    page.goto(f"{server.url}/game/{st['id']}")
    page.wait_for_selector("#board .hit.src")
    nearest = st["legal"]["targets"]["24"][0]
    page.locator("#board .hit[data-point='24']").click()
    page.locator(f"#board .hit[data-point='{nearest}']").click()
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{st['seq']}'])")
    page.locator("#board .hit[data-point='24']").click()
    page.wait_for_selector("#toast >> text=no more checkers leave the head this turn")
    assert "L-HEAD-1" not in page.inner_text("#toast")
    assert page.errors == []


def test_the_new_game_form_offers_the_clubs_scoring_schemes(
    browser: Any, server: Any, shots: Path
) -> None:
    """C-2: koks and the clubs' other schemes are chosen in the new-game form (the
    rules promised them "by option" with no way to ask), and the game page says the
    scheme its game is scored by."""
    page = new_page(browser, PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector("#new-game select[name=scoring]")
    options = page.eval_on_selector_all(
        "#new-game select[name=scoring] option", "os => os.map(o => o.value)"
    )
    assert options == ["standard", "koks", "home-mars", "four-tier", "per-checker"]
    page.select_option("#new-game select[name=mode]", "local")
    page.select_option("#new-game select[name=scoring]", "koks")
    page.locator("#new-game").screenshot(path=str(shots / "new-game-scoring-phone-ru.png"))
    page.click("#start")
    page.wait_for_selector("#game-scoring")
    assert page.inner_text("#game-scoring") == "Подсчёт очков: с коксом: ойн 1, марс 2, кокс 3"
    assert page.errors == []
    # in English short nardy's tiers are gammon and backgammon (its results' words), long
    # nardy's mars and koks; the form names no rule id or engine name, only the player's
    en = new_page(browser, PHONE, "en-US")
    en.goto(server.url + "/")
    en.wait_for_selector("#new-game select[name=scoring]")
    words: dict[str, str] = {}
    for variant in ("short", "long"):
        en.select_option("#new-game select[name=variant]", variant)
        words[variant] = en.inner_text("#scoring-field")
    assert "with backgammon: 1, gammon 2, backgammon 3" in words["short"], words
    assert "koks" not in words["short"] and "mars 2" not in words["short"], words
    assert "with koks: 1, mars 2, koks 3" in words["long"], words
    assert "C-2" not in words["short"] and "scoring" not in words["short"], words
    en.click("#new-options summary")
    folded = en.inner_text("#new-options")
    assert "_" not in folded and "L-HEAD" not in folded, folded
    en.locator("#new-game").screenshot(path=str(shots / "new-game-options-phone-en.png"))
    assert en.errors == []


def test_a_member_follows_challenges_and_blocks_another_from_his_profile(
    browser: Any, server: Any, shots: Path
) -> None:
    """lichess's profile buttons: follow, challenge, block another member from his page
    (the lobby's list offered them only while he was online)."""
    a, b = new_page(browser, PHONE), new_page(browser, DESKTOP, "en-US")
    for page, name in ((a, "follower"), (b, "followed")):
        open_home(page, server.url)
        page_api(
            page, server, "POST", "/api/register", {"username": name, "password": "long enough"}
        )
    a.goto(f"{server.url}/players/followed")
    a.wait_for_selector("#relations #follow")
    assert a.inner_text("#follow") == "Подписаться"
    a.click("#follow")
    a.wait_for_selector("#follow >> text=Отписаться")
    following = page_api(a, server, "GET", "/api/friends")["following"]
    assert [f["name"] for f in following] == ["followed"]
    # the challenge's terms are chosen in the lobby's form, his name in it
    a.click("#challenge")
    a.wait_for_selector("#challenge-form:not([hidden])")
    assert a.input_value("#challenge-form input[name=to]") == "followed"
    a.fill("#challenge-form input[name=length]", "5")
    a.click("#post-challenge")
    a.wait_for_selector("#challenge-form[hidden]", state="attached")
    challenges = page_api(b, server, "GET", "/api/lobby")["challenges"]
    assert [c["length"] for c in challenges] == [5]
    assert [c["by"]["name"] for c in challenges] == ["follower"]  # his, made to him
    a.goto(f"{server.url}/players/followed")
    a.wait_for_selector("#relations #block")
    a.screenshot(path=str(shots / "profile-relations-phone-ru.png"))
    a.click("#block")
    a.wait_for_selector("#block >> text=Разблокировать")
    assert a.locator("#challenge").count() == 0  # (no challenge to someone blocked)
    # not on one's own profile, nor for a visitor
    a.goto(f"{server.url}/players/follower")
    a.wait_for_selector("#player-name")
    assert a.locator("#relations").count() == 0
    assert a.errors == [] and b.errors == []


def test_a_per_checker_result_says_its_checkers(browser: Any, server: Any, shots: Path) -> None:
    """C-2 per-checker (khachapuri's own): a resignation and the result count the
    checkers not borne off ("15 невыброшенных шашек — 15 очков"); they had read
    "ойн — 15 очков", a single game worth fifteen."""
    page = new_page(browser, PHONE)
    open_home(page, server.url)
    st = page_api(page, server, "POST", "/api/games", {"variant": "khachapuri", "mode": "local"})
    page.goto(f"{server.url}/game/{st['id']}")
    page.wait_for_selector("#resign")
    page.click("#resign")
    assert page.inner_text("#resign-1") == "15 невыброшенных шашек (15 очков)"
    page.click("#resign-1")
    page.click("#accept")
    page.wait_for_selector("#result-detail")
    assert page.inner_text("#result-detail").startswith("15 невыброшенных шашек — 15 очков")
    page.screenshot(path=str(shots / "per-checker-result-phone-ru.png"))
    # the game's rules are a tap away: its own section of the rules page
    page.click("#result-close")
    assert page.get_attribute("#variant-rules", "href") == "/rules#khachapuri"
    page.click("#variant-rules")
    page.wait_for_selector("#khachapuri")
    assert page.url.endswith("/rules#khachapuri")
    assert page.errors == []


def test_a_sequences_next_double_is_said(browser: Any, server: Any, shots: Path) -> None:
    """V-CRAZY: after a double the player plays every higher double; the page says
    that the dice now played are the sequence's next double (it had said only "your
    move" over dice that changed by themselves), and the move list marks them."""
    page = new_page(browser, PHONE)
    open_home(page, server.url)
    st = page_api(page, server, "POST", "/api/games", {"variant": "crazy", "mode": "local"})
    gid = st["id"]

    def act(action: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = page_api(page, server, "POST", f"/api/games/{gid}/actions", action)
        return out["state"]

    for _ in range(200):
        if st["segment_kind"] == "sequence" or st["phase"] == "over":
            break
        if "roll" in st["actions"]:
            st = act({"action": "roll"})
        elif st["phase"] == "move":
            play = st["legal"]["plays"][0]
            st = act({"action": "play", "play": play})
    assert st["segment_kind"] == "sequence", "no double in 200 actions"
    page.goto(f"{server.url}/game/{gid}")
    page.wait_for_selector("#board[data-seq]")
    dice = "-".join(map(str, st["segment_dice"][:2]))
    assert page.inner_text("#status").endswith(f": серия дублей продолжается, играйте {dice}")
    last = page.locator("#moves li").all_inner_texts()[-1].strip()
    before = last.split(":")[0].split("-")  # (a lower double went before it)
    assert before[0] == before[1] and int(before[0]) < int(dice[0]), last
    page.screenshot(path=str(shots / "crazy-sequence-phone-ru.png"))
    assert page.errors == []
