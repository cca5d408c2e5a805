"""The whole interface in one language (issue 16.5, 16.9): in real headless Chromium on
a real ``nardy serve``, the English interface shows no Cyrillic and the Russian no
English words, page by page: home, the rules, the tutorial, a game against the
computer (its turns, the hint, the resignation menu), the game's end (played out in
Russian, resigned in English), the review and the dice verification page; and the
server's errors a player meets (a wrong login, a short password, no such game, a bad
invitation link) come in the interface language.

The scan reads ``document.body.innerText`` (what a player sees); only genuine proper
names and notation pass: the other language's own name on the switch, move notation,
formats (JSON, SGF, SHA-256) and IDs."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    new_page,
    play_turn_by_clicking,
    seq,
    wait_seq_above,
)

pytestmark = BROWSER_MARKS

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: Latin words a Russian page may show: move and cube notation (24/18, bar, off; ND,
#: D/T, D/P), formats (JSON, SGF, .mat, SHA-256), a count in a rule (25−n, N−1), and
#: the switch to English naming its language
LATIN_OK = {"bar", "off", "nd", "d/t", "d/p", "d/b", "json", "sgf", "mat", "sha", "n", "english"}
#: The rules page names the engine's rule ids (V-CGUL, L-BLOCK); its rule options are
#: named in the player's words, the engine's names only as code (``<code>``) for
#: developers, which the scan leaves out
RULE_ID = re.compile(r"^[A-Z]+(-[A-Z]+)+$")
#: The page's visible text without its code elements (the engine's option names).
VISIBLE_TEXT = """() => { const body = document.body;
  const codes = [...body.querySelectorAll("code")];
  const kept = codes.map((c) => c.textContent);
  codes.forEach((c) => { c.textContent = ""; });
  const text = body.innerText;
  codes.forEach((c, i) => { c.textContent = kept[i]; });
  return text; }"""
#: Cyrillic a English page may show: the switch to Russian names its language in it
CYRILLIC_OK = {"Русский"}


def foreign_words(text: str, lang: str) -> set[str]:
    """The words of ``text`` not in ``lang``: Latin words on a Russian page (tokens with
    a digit are IDs, seeds and notation such as 24/18), Cyrillic on an English one."""
    words = set()
    for token in re.split(r"[\s,.;:()«»“”\"'!?·—–−|←→✓✗…\[\]{}]+", text):
        if not token or any(c.isdigit() for c in token):
            continue
        latin = re.search(r"[A-Za-z]", token) and token.lower() not in LATIN_OK
        latin = latin and not RULE_ID.match(token)
        cyrillic = CYRILLIC.search(token) and token not in CYRILLIC_OK
        if latin if lang == "ru" else cyrillic:
            words.add(token)
    return words


class Scan:
    """Reads the page's visible text at each step and collects what is not in the
    interface language, by step, so a failure names the page and the words."""

    def __init__(self, page: Any, lang: str) -> None:
        self.page, self.lang = page, lang
        self.found: dict[str, set[str]] = {}
        self.seen: set[str] = set()

    def __call__(self, step: str) -> None:
        self.seen.add(step)
        text = self.page.evaluate(VISIBLE_TEXT)
        bad = foreign_words(text, self.lang)
        if bad:
            self.found.setdefault(step, set()).update(bad)


def open_page(browser: Any, lang: str) -> Any:
    page = new_page(browser, DESKTOP, locale={"ru": "ru-RU", "en": "en-US"}[lang], motion=False)
    page.context.add_init_script(f"localStorage.setItem('nardy-lang', '{lang}')")
    return page


def visit_static_pages(page: Any, server: Any, scan: Scan) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#try")
    scan("home")
    page.goto(server.url + "/rules")
    page.wait_for_selector("#ex-long-start svg circle.checker")
    scan("rules")
    page.locator('#ex-head-66 .hit[data-point="24"]').click()
    page.locator('#ex-head-66 .hit.dst[data-point="18"]').click()
    page.wait_for_selector("#ex-head-66 svg[data-moves='24/18']")
    page.locator('#ex-head-66 .hit[data-point="18"]').click()  # refused: says why
    scan("rules example")
    page.goto(server.url + "/tutorial")
    page.wait_for_selector("#tutorial section#cube")
    scan("tutorial")


def play_against_the_computer(page: Any, server: Any, scan: Scan, *, resign: bool) -> None:
    """Short nardy against the computer: some turns (the hint, the resignation menu
    opened and closed), then resigned or played to the end; the review and the dice
    verification page of the finished game."""
    page.goto(server.url + "/new")
    page.wait_for_selector("#new-game select[name=variant]")
    scan("new game")
    page.select_option("#new-game select[name=variant]", "short")
    page.click("#start")
    page.wait_for_selector("#board .hit.src, #roll")  # (with the cube, a turn starts with Roll)
    scan("game")
    turns = 0
    while not page.locator("#result").count():
        page.wait_for_selector("#board .hit.src, #roll, #accept, #take, #result")
        if page.locator("#take").count():  # the computer doubled
            scan("double offered")
            before = seq(page)
            page.click("#take")
            wait_seq_above(page, before)
            continue
        if turns == 1 and page.locator("#hint").count():
            page.click("#hint")
            page.wait_for_selector("#hint-list .hint-play, #cube-hint")
            scan("hint")
        if turns == 2 and page.locator("#resign").count():
            page.click("#resign")
            page.wait_for_selector("#resign-cancel")
            scan("resignation menu")
            if resign:
                before = seq(page)
                page.locator("#actions button[id^='resign-']:not(#resign-cancel)").last.click()
                wait_seq_above(page, before)
                continue
            page.click("#resign-cancel")
        play_turn_by_clicking(page)
        turns += 1
        if turns % 10 == 0:
            scan("game")
        assert turns < 250
    scan("game over")
    page.click("#analyse")
    page.wait_for_selector("#review-panel")
    scan("review")
    # the loss column explains equity on hover, in the interface language too
    hint = page.get_attribute("#review-summary th[title]", "title")
    assert hint and "0" in hint and foreign_words(hint, scan.lang) == set(), hint
    page.click("#extra a[href^='/verify/']")
    page.wait_for_selector("#verify-result")
    scan("dice verification")


@pytest.mark.parametrize(("lang", "resign"), [("ru", False), ("en", True)])
def test_the_interface_speaks_one_language(
    browser: Any, server: Any, shots: Path, lang: str, resign: bool
) -> None:
    page = open_page(browser, lang)
    scan = Scan(page, lang)
    visit_static_pages(page, server, scan)
    play_against_the_computer(page, server, scan, resign=resign)
    page.screenshot(path=str(shots / f"language-{lang}-verify.png"), full_page=True)
    assert scan.seen >= {
        "home", "rules", "rules example", "tutorial", "new game", "game", "hint",
        "resignation menu", "game over", "review", "dice verification",
    }  # fmt: skip
    assert scan.found == {}, scan.found
    assert page.errors == [] and page.csp == []


#: the server's errors a player meets (a wrong login, a short password, no such game, a
#: forged invitation), in each language
SERVER_ERRORS = {
    "ru": (
        "неверное имя пользователя или пароль",
        "пароль не короче",
        "нет партии",
        "эта ссылка-приглашение недействительна",
    ),
    "en": (
        "wrong username or password",
        "a password has at least",
        "no game",
        "this invitation link is not valid",
    ),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_servers_errors_come_in_the_interface_language(
    browser: Any, server: Any, lang: str
) -> None:
    page = open_page(browser, lang)
    login, password, no_game, invite = SERVER_ERRORS[lang]
    page.goto(server.url + "/login")
    page.fill("#login-form input[name=username]", "nobody")
    page.fill("#login-form input[name=password]", "wrong-password")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.inner_text("#toast") == login[:1].upper() + login[1:]  # (a toast begins so)
    page.goto(server.url + "/register")
    # the rules of a new account are shown before they are broken, each bound to its
    # field, as the fields are to their labels
    label = {"ru": "Пароль", "en": "Password"}[lang]
    assert page.get_by_label(label, exact=True).get_attribute("name") == "password"
    described = page.get_attribute("#register-form input[name=password]", "aria-describedby")
    rule = (described or "").split()[0]  # (its rule, then the place of its error)
    assert password in page.inner_text(f"#{rule}")
    assert "3-30" in page.inner_text("#register-username-rule")
    page.fill("#register-form input[name=username]", "newcomer")
    page.fill("#register-form input[name=password]", "short")
    page.click("#register-form button[type=submit]")
    # (the server's refusal marks the broken rule under its field: said once, no toast)
    page.wait_for_selector(f"#{rule}.bad:has-text('{password}')")
    page.goto(server.url + "/game/no-such-game")
    page.wait_for_selector(f"#no-game:has-text('{no_game}')")  # the no-game card
    page.goto(server.url + "/join/forged-token")
    page.wait_for_selector("#main .card p.bad")
    text = page.inner_text("#main .card p.bad")
    assert text == invite, text
    assert page.errors == [] and page.csp == []
