"""The game page as players expect it (issue 16): the opponent's plays are seen (the
checkers slide, the last play stays marked), the dice show which are used and a die
can be chosen, one click sends one action, a refused resignation explains itself,
pages say clearly what state they are in, and a finished game offers a rematch.

The first test is of the API (the steps the board animates); the others drive real
Chromium against a real ``nardy serve``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page
from server_helpers import act, roll_if_asked


def browser_test(test: Any) -> Any:
    """Marks a test of this module as a browser test (the first one is not)."""
    for mark in BROWSER_MARKS:
        test = mark(test)
    return test


def _apply(board: dict[str, Any], step: dict[str, Any], side: str) -> dict[str, Any]:
    """One step on a board view (``views.board_view``): the checker of ``side``
    ("mine"/"theirs") leaves ``from`` for ``to``; a hit one goes to its bar."""
    points = list(board["points"])
    bar, off = dict(board["bar"]), dict(board["off"])
    sign = 1 if side == "mine" else -1
    other = "theirs" if side == "mine" else "mine"
    if step["from"] == 25:
        bar[side] -= 1
    else:
        points[step["from"]] -= sign
    if step["to"] == 0:
        off[side] += 1
    else:
        if step["hit"]:
            points[step["to"]] += sign  # the opponent's blot leaves
            bar[other] += 1
        points[step["to"]] += sign
    return {"points": points, "bar": bar, "off": off}


@pytest.mark.anyio
async def test_plays_carry_their_steps_in_the_viewers_numbering(player_factory: Any) -> None:
    """The board before the computer's play, with its ``steps`` applied, is the board
    after it: the steps are in the viewer's numbering (RULES.md G-4 numbers points
    from each mover's side). The dice left to play lose the one each move uses."""
    me = await player_factory()
    r = await me.post("/api/games", {"mode": "computer", "variant": "short", "cube": False})
    st = r.json()
    gid = st["id"]
    seen = 0
    for _ in range(6):
        st = await roll_if_asked(me, st)
        if st["phase"] == "over":
            break
        assert st["legal"] is not None and st["dice_left"] == st["segment_dice"]
        while not st["legal"]["can_confirm"]:
            targets = st["legal"]["targets"]
            frm = next(iter(targets))
            left = list(st["dice_left"])
            st = await act(me, gid, {"action": "move", "from": int(frm), "to": targets[frm][0]})
            assert len(st["dice_left"]) < len(left)  # a die (or two: a hop) used
        before = st["board"]
        plays_before = [e for e in st["history"] if "play" in e]
        st = await act(me, gid, {"action": "confirm"})
        plays = [e for e in st["history"] if "play" in e]
        mine = plays[len(plays_before)]
        assert mine["color"] == st["role"]
        # one step per die used (the text joins a checker's hops: bar/23 20/14)
        assert 1 <= len(mine["steps"]) <= len(mine["dice"])
        assert all(s["from"] > s["to"] for s in mine["steps"])  # his own: down to 1
        board = before
        for play in plays[len(plays_before) + 1 :]:
            if play["color"] == st["role"]:  # rolled for him (auto-roll), and no play
                assert play["steps"] == [] and play["play"] == "-"
                continue
            for step in play["steps"]:
                board = _apply(board, step, "theirs")
                seen += 1
        assert board == st["board"]
    assert seen >= 4


def sent_actions(page: Any) -> list[dict[str, Any]]:
    """Collects the actions the page sends on its websocket."""
    out: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        def sent(payload: Any) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "action":
                out.append(msg["action"])

        ws.on("framesent", sent)

    page.on("websocket", on_socket)
    return out


def seq(page: Any) -> int:
    return int(page.eval_on_selector("#board", "b => Number(b.dataset.seq || 0)"))


def state(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("window.__nardyGame.state()")
    return result


def move_until_complete(page: Any) -> None:
    """Click a highlighted checker, then a highlighted point, until the play is whole."""
    while page.locator("#confirm:disabled").count():
        before = seq(page)
        page.locator("#board .hit.src").first.click()
        page.locator("#board .hit.dst").first.click()
        page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")


def my_turn(page: Any) -> bool:
    st = page.locator("#status")
    return st.get_attribute("data-turn") == st.get_attribute("data-role")


@browser_test
def test_the_computers_play_is_seen_and_a_double_click_sends_one_action(
    browser: Any, server: Any, shots: Path
) -> None:
    page = new_page(browser, DESKTOP)
    sent = sent_actions(page)
    page.goto(server.url + "/")
    page.click("#try")
    page.wait_for_selector("#board .hit.src")
    if page.locator("#roll").count():
        before = seq(page)
        page.click("#roll")
        page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    # the dice of the turn, none used yet; a move dims one
    dice = page.locator("#dice .die-box")
    assert dice.count() in (2, 4) and page.locator("#dice [data-used='1']").count() == 0
    assert page.is_visible("#tip") and page.is_visible("#controls")
    move_until_complete(page)
    assert page.locator("#dice [data-used='1']").count() >= 1
    assert page.locator("#dice .die-cross").count() == page.locator("#dice [data-used='1']").count()
    # a double click on "Confirm move" sends it once (it used to land on the next turn)
    before = seq(page)
    page.dblclick("#confirm")
    # the computer "thinks", then its checkers slide
    page.wait_for_selector("#board .checker.moving", timeout=10_000)
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    page.wait_for_selector("#board [data-last-move]")
    st = state(page)
    last = [e for e in st["history"] if "play" in e][-1]
    assert last["color"] != st["role"]  # the computer's
    assert page.locator("#board [data-last-move]").count() == 2 * len(last["steps"])
    assert last["play"] in page.inner_text("#last-play")
    assert "Компьютер" in page.inner_text("#last-play")
    confirms = [a for a in sent if a.get("action") == "confirm"]
    assert len(confirms) == 1, sent
    assert page.locator("#toast:not([hidden])").count() == 0
    page.screenshot(path=str(shots / "play-computer-moved-desktop-ru.png"))
    # a die chosen first: the checker moves by it
    if page.locator("#roll").count():
        before = seq(page)
        page.click("#roll")
        page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    st = state(page)
    targets = st["legal"]["targets"]
    die = st["dice_left"][-1]
    frm = next(int(p) for p in targets if int(p) - die in targets[p] and int(p) - die > 0)
    page.locator(f"#dice .die-box[data-die='{die}']").first.click()
    assert page.locator("#dice .die.chosen").count() == 1
    before = seq(page)
    page.locator(f"#board .hit[data-point='{frm}']").click()
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    assert state(page)["legal"]["pending"][-1] == f"{frm}/{frm - die}"
    # a right click moves a checker by the lower die that can move it
    st = state(page)
    targets, left = st["legal"]["targets"], sorted(set(st["dice_left"]))
    by_die = [(int(p), d) for p in targets for d in left if int(p) - d in targets[p] and int(p) > d]
    assert by_die  # (the test's dice leave one)
    frm, die = by_die[0]
    before = seq(page)
    page.locator(f"#board .hit[data-point='{frm}']").click(button="right")
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    assert state(page)["legal"]["pending"][-1] == f"{frm}/{frm - die}"
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shots / "play-computer-moved-phone-ru.png"), full_page=True)
    # the thinking pause is a setting the page keeps
    page.uncheck("#think-pause")
    assert page.evaluate("localStorage.getItem('nardy-think-pause')") == "0"
    # with prefers-reduced-motion nothing slides; the play is still marked
    page.emulate_media(reduced_motion="reduce")
    page.evaluate(SLIDE_COUNTER)
    move_until_complete(page)
    before = seq(page)
    page.click("#confirm")
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    page.wait_for_selector("#board [data-last-move]")
    assert page.evaluate("window.__slides") == 0
    assert page.errors == [] and page.csp == []


#: Counts the checkers that start sliding on the board (``window.__slides``).
SLIDE_COUNTER = """() => {
  window.__slides = 0;
  new MutationObserver((changes) => {
    for (const c of changes) for (const n of c.addedNodes)
      if (n.classList && n.classList.contains("moving")) window.__slides++;
  }).observe(document.getElementById("board"), { childList: true, subtree: true });
}"""


def worst_play(plays: list[str]) -> str:
    """A deliberately bad play: no hit, the rearmost checkers run first (blots left
    behind): the computer soon expects a gammon."""
    quiet = [p for p in plays if "*" not in p] or plays

    def starts(play: str) -> list[int]:
        return sorted(
            (25 if m.startswith("bar") else int(m.split("/")[0]) for m in play.split()),
            reverse=True,
        )

    return max(quiet, key=starts)


@browser_test
def test_a_refused_resignation_explains_itself_then_a_rematch(
    browser: Any, server: Any, shots: Path
) -> None:
    """Against the computer (short nardy, no cube) a player losing badly offers a single
    game; the computer refuses and the page says why and which levels it accepts; one
    is clicked, the result card (below the header, the board behind it) offers a
    rematch that starts the same game at once."""
    page = new_page(browser, DESKTOP, locale="en-US")
    page.goto(server.url + "/")
    page.select_option("#new-game select[name=variant]", "short")
    page.select_option("#new-game select[name=level]", "expert")
    page.select_option("#new-game select[name=cube]", "no")
    page.click("#start")
    page.wait_for_selector("#board[data-seq]")
    gid = page.url.rstrip("/").rsplit("/", 1)[1]
    api = page.request
    csrf = api.get(server.url + "/api/session").json()["csrf"]

    def post(action: dict[str, Any]) -> dict[str, Any]:
        r = api.post(
            f"{server.url}/api/games/{gid}/actions", data=action, headers={"x-csrf-token": csrf}
        )
        assert r.ok, r.text()
        result: dict[str, Any] = r.json()["state"]
        return result

    # played badly through the API (the same session) until the computer expects more
    st = api.get(f"{server.url}/api/games/{gid}").json()
    for _ in range(60):
        if "roll" in st["actions"]:
            st = post({"action": "roll"})
            continue
        assert st["phase"] == "move", st["phase"]
        hint = api.get(f"{server.url}/api/games/{gid}/hint").json()
        if hint["plays"][0]["equity"] < -1.3:
            break
        st = post({"action": "play", "play": worst_play(st["legal"]["plays"])})
    else:
        raise AssertionError("the computer never got far enough ahead")
    page.reload()
    page.wait_for_selector("#resign")
    page.click("#resign")
    before = seq(page)
    page.click("#resign-1")
    page.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    page.wait_for_selector("#refusal:not([hidden])")
    why = page.inner_text("#refusal")
    assert "The computer declined the resignation (single game, 1 point)" in why
    assert "accepts a resignation of gammon (2 points) or more" in why
    assert page.locator("#refusal button").count() >= 1
    assert page.locator("#resign-again-1").count() == 0  # only what it accepts
    page.screenshot(path=str(shots / "play-resign-refused-desktop-en.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "play-resign-refused-phone-en.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.locator("#refusal button").first.click()
    page.wait_for_selector("#result")
    assert "You lost" in page.inner_text("#result-title")
    header = page.locator("header").bounding_box()
    card = page.locator("#result .card").bounding_box()
    board = page.locator("#board").bounding_box()
    assert card["y"] >= header["y"] + header["height"]  # the header stays in sight
    assert card["height"] < board["height"] and card["width"] < board["width"]
    page.screenshot(path=str(shots / "play-result-desktop-en.png"))
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(shots / "play-result-phone-en.png"), full_page=True)
    page.click("#result-close")
    assert page.locator("#result").count() == 0 and page.is_visible("#rematch-side")
    page.click("#rematch-side")
    page.wait_for_url(lambda url: gid not in url)
    page.wait_for_selector("#board[data-seq]")
    new = state(page)
    assert new["id"] != gid and new["variant"] == "short" and new["level"] == "expert"
    assert new["cube"]["enabled"] is False and new["phase"] != "over"
    assert page.errors == [] and page.csp == []


@browser_test
def test_friend_game_states_spectators_a_wrong_address_and_a_rematch(
    browser: Any, server: Any, shots: Path
) -> None:
    a = new_page(browser, DESKTOP)
    b = new_page(browser, PHONE, locale="en-US")
    watcher = new_page(browser, DESKTOP)
    a.goto(server.url + "/")
    a.select_option("#new-game select[name=mode]", "friend")
    a.select_option("#new-game select[name=variant]", "short")
    a.click("#start")
    a.wait_for_selector("#invite")
    assert "Ждём соперника" in a.inner_text("#status")
    b.goto(a.input_value("#invite"))
    b.wait_for_selector("#board .hit")
    # the friend came: no more "waiting" nor the link (it used to stay)
    a.wait_for_selector("#status[data-role]:not([data-role='player'])")
    assert "Ждём" not in a.inner_text("#status") and a.locator("#invite").count() == 0
    # a watcher sees no move buttons and no tip
    watcher.goto(a.url)
    watcher.wait_for_selector("#board[data-seq]")
    assert watcher.get_attribute("#status", "data-role") == "spectator"
    assert not watcher.is_visible("#controls") and not watcher.is_visible("#tip")
    assert watcher.locator("#resign").count() == 0
    # a double: while it is answered neither side sees the (greyed) move buttons
    mover, other = (a, b) if my_turn(a) else (b, a)
    # between two people no one is offered a hint (the state's ``hints``)
    assert mover.locator("#hint").count() == 0
    move_until_complete(mover)  # the opening roll is played at once
    mover.click("#confirm")
    other.wait_for_selector("#double")  # short nardy: the cube is on (C-3)
    other.click("#double")
    mover.wait_for_selector("#take")
    for p in (mover, other):
        assert not p.is_visible("#controls") and not p.is_visible("#tip")
    mover.click("#take")
    other.wait_for_selector("#board .hit.src")  # rolled for him: the taker owns the cube
    mover, other = other, mover
    # the opponent's step is seen sliding as it is made
    if mover.locator("#roll").count():
        before = seq(mover)
        mover.click("#roll")
        mover.wait_for_selector(f"#board[data-seq]:not([data-seq='{before}'])")
    mover.locator("#board .hit.src").first.click()
    mover.locator("#board .hit.dst").first.click()
    other.wait_for_selector("#board .checker.moving")
    # the one to act resigns a koks (his step taken back); the other accepts
    mover.click("#resign")
    mover.click("#resign-3")
    other.wait_for_selector("#accept")
    other.click("#accept")
    for p in (a, b, watcher):
        p.wait_for_selector("#result")
    assert watcher.locator("#rematch").count() == 0  # only the players are asked
    a.screenshot(path=str(shots / "play-result-desktop-ru.png"))
    # a rematch: offered by one, seen and accepted by the other, both in the new game
    old = a.url
    a.click("#rematch")
    a.wait_for_selector("#rematch-wait")
    b.wait_for_selector("#rematch-accept")
    assert "Your opponent offers a rematch" in b.inner_text("#result")
    b.screenshot(path=str(shots / "play-rematch-offer-phone-en.png"), full_page=True)
    b.click("#rematch-accept")
    for p in (a, b):
        p.wait_for_url(lambda url: url != old)
        p.wait_for_selector("#board[data-seq]")
    assert a.url == b.url
    assert {state(a)["role"], state(b)["role"]} == {"white", "black"}
    # a wrong game address: a clear card, and no socket knocking again and again
    sockets: list[Any] = []
    watcher.on("websocket", lambda ws: sockets.append(ws.url))
    watcher.goto(server.url + "/game/nosuchgame")
    watcher.wait_for_selector("#no-game")
    assert "Такой партии нет" in watcher.inner_text("#no-game")
    watcher.wait_for_timeout(1500)
    assert sockets == []
    assert a.errors == [] and b.errors == [] and watcher.errors == []
