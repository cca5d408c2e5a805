"""A Swiss's standings as a tournament director reads them, in real headless Chromium
against a real ``nardy serve``, on a phone and a desktop, in Russian and English: the
table says what it counts ("round 1 in progress", a finished match's point already
in), the matches played and won–lost, the tie-breaks explained under it, a withdrawn
player marked; the header counts the field who started ("8 игроков, 1 снялся"); the
seeding list is called so; and a knock-out's loser is told he is out with his places
while the others play on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page
from lobby_helpers import member_client
from test_browser_tournament_pages import AFTER, as_member, made, ok

pytestmark = BROWSER_MARKS

SHOTS = Path("/tmp/b/t1")


def test_the_standings_explain_themselves_and_mark_who_withdrew(
    browser: Any, server: Any, shots: Path
) -> None:
    dee, carl, fay = (member_client(server.url, n) for n in ("dee", "carl", "fay"))
    t = made(dee, format="swiss", size=10, rounds=3)
    tid = t["id"]
    for c in (dee, carl, fay):
        ok(c.post(f"/api/tournaments/{tid}/join", json={"invite": t["invite"]}))
    for _ in range(5):
        ok(dee.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}))
    ok(dee.post(f"/api/tournaments/{tid}/start"))
    ok(fay.post(f"/api/tournaments/{tid}/withdraw"))
    x = ok(dee.get(f"/api/tournaments/{tid}"))["tournament"]
    assert x["standings_after"] == {"rounds": 0, "in_progress": 1}
    fay_entry = next(e["id"] for e in x["entries"] if e["withdrawn"])
    for size, kind in ((PHONE, "phone"), (DESKTOP, "desktop")):
        for locale, lang in (("ru-RU", "ru"), ("en-US", "en")):
            p = new_page(browser, size, motion=False, locale=locale)
            as_member(p, server.url, dee)
            p.goto(f"{server.url}/tournaments/{tid}")
            p.wait_for_selector("#standings tr.withdrawn")
            status = p.inner_text("#tournament-status")
            when = p.inner_text("#standings-when")
            heads = p.locator("#standings th").all_inner_texts()
            legend = p.inner_text("#standings-legend")
            mark = p.inner_text(f'#standings tr[data-entry="{fay_entry}"]')
            seeds = p.inner_text("#players-title")
            if lang == "ru":
                assert "8 игроков, 1 снялся" in status and "из 10" not in status, status
                assert "Идёт 1-й тур" in when, when
                assert heads[2:4] == ["Игр", "В\u2060–\u2060П"], heads
                assert "Бухгольц (сумма очков всех" in legend and "Бергера" in legend
                assert "снялся" in mark and seeds == "Посев"
            else:
                assert "8 players, 1 withdrew" in status and "of 10" not in status, status
                assert "Round 1 in progress" in when, when
                assert heads[2:4] == ["Played", "W\u2060–\u2060L"], heads
                assert "Buchholz (the points of all" in legend and "Sonneborn" in legend
                assert "withdrew" in mark and seeds == "Seeds"
            assert p.get_attribute("#standings th:nth-child(6)", "title")
            # the computers' match, decided at once, already counts
            assert "1" in p.locator("#standings tr:nth-child(2) td:nth-child(5)").inner_text()
            for d in (shots, SHOTS):
                p.screenshot(path=str(d / f"standings-{kind}-{lang}.png"), full_page=True)
            assert p.errors == [] and p.csp == []
            p.close()
    for c in (dee, carl, fay):
        c.close()


def test_a_knocked_out_player_is_told_his_places_while_it_goes_on(
    browser: Any, server: Any
) -> None:
    """A knock-out of two members and two computer seats: one member withdraws in the
    semi-final while the other plays on; his game's result card says he is out, places
    3–4 of 4, the tournament goes on — not that it is over."""
    ann, ben = member_client(server.url, "koann"), member_client(server.url, "koben")
    t = made(ann, format="knockout", size=4)
    tid = t["id"]
    for c in (ann, ben):
        ok(c.post(f"/api/tournaments/{tid}/join", json={"invite": t["invite"]}))
    for _ in range(2):
        ok(ann.post(f"/api/tournaments/{tid}/computers", json={"level": "beginner"}))
    x = ok(ann.get(f"/api/tournaments/{tid}"))["tournament"]
    ann_id = ok(ann.get("/api/session"))["user"]["id"]
    mine = next(e["id"] for e in x["entries"] if e["user_id"] == ann_id)
    game = next(m["game"] for m in x["rounds_played"][0] if mine in (m["first"], m["second"]))
    ok(ann.post(f"/api/tournaments/{tid}/withdraw"))
    assert ok(ann.get(f"/api/tournaments/{tid}"))["tournament"]["status"] == "running"
    for locale, said in (
        ("ru-RU", "Вы выбыли: 3–4-е место из 4. Турнир продолжается."),
        ("en-US", "You are out: places 3–4 of 4. The tournament goes on."),
    ):
        p = new_page(browser, PHONE, motion=False, locale=locale)
        as_member(p, server.url, ann)
        p.goto(f"{server.url}/game/{game}")
        p.wait_for_selector("#game-tournament a")
        text = p.evaluate(AFTER, game)
        assert said in text and "over" not in text and "завершён" not in text, text
        assert p.errors == [] and p.csp == []
        p.close()
    ann.close()
    ben.close()
