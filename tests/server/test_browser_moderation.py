"""The moderators' page and the muted member's chat in real headless Chromium against a
real ``nardy serve``: a member reports a line for a reason (one tap of four), the
moderator sees it with its reason, mutes its author for a day from the report (his open
chat says until when, in his language and time, in place of the input), marks the
reports dealt with (the row leaves the list) and reads both in the moderation log;
lifted from the member card, the author's input comes back. Screenshots of the page
(desktop and phone, Russian and English) go to ``NARDY_SCREENSHOTS``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    BROWSER_MARKS,
    DESKTOP,
    PHONE,
    moderator_and_members,
)

pytestmark = BROWSER_MARKS


def test_a_report_with_its_reason_a_mute_and_the_log(
    browser: Any, server: Any, shots: Path
) -> None:
    m, g, c = moderator_and_members(browser, server)  # the moderator, the rude, the reporter
    g.goto(server.url + "/")
    g.locator("#lobby-chat .chat-input").fill("you all play badly")
    g.locator("#lobby-chat .chat-send").click()
    g.locator("#lobby-chat .chat-text", has_text="you all play badly").wait_for()

    # the report: why, in one tap
    c.goto(server.url + "/")
    c.locator("#lobby-chat .chat-line", has_text="play badly").locator(".chat-more").click()
    c.click("#lobby-chat .chat-report")
    assert c.locator("#lobby-chat .chat-reason").all_inner_texts() == [
        "Оскорбление",
        "Спам",
        "Нечестная игра",
        "Другое",
    ]
    c.locator("#lobby-chat").screenshot(path=str(shots / "chat-report-reasons-phone-ru.png"))
    c.click("#lobby-chat .chat-reason[data-reason='insult']")
    c.wait_for_selector("#toast:not([hidden]) >> text=Спасибо: модераторы посмотрят.")

    # the moderators' page: the report with its reason
    m.goto(server.url + "/moderation")
    reason = m.locator("#reports tr[data-id] .mod-reason[data-reason='insult']")
    reason.wait_for()
    assert reason.inner_text() == "Оскорбление ×1"
    m.screenshot(path=str(shots / "moderation-report-desktop-ru.png"), full_page=True)
    # a day's mute, with a reason for the log: his open chat says so at once
    row = m.locator("#reports tr[data-id]")
    row.locator(".mod-note").fill("грубит в общем чате")
    row.locator(".mod-mute-hours").select_option("24")
    row.locator(".mod-mute").click()
    m.wait_for_selector("#toast:not([hidden]) >> text=grisha не может писать в чат до")
    m.wait_for_selector("#reports .mod-muted-badge")
    notice = g.locator("#lobby-chat #chat-muted")
    notice.wait_for()
    assert notice.inner_text().startswith("A moderator has muted you in the chat until")
    assert g.locator("#lobby-chat .chat-input").count() == 0
    g.screenshot(path=str(shots / "chat-muted-phone-en.png"), full_page=True)
    # dealt with: off the list, into the log (newest first)
    m.locator("#reports tr[data-id] .mod-note").fill("замьючен на сутки")
    m.locator("#reports tr[data-id] .mod-acted").click()
    m.wait_for_selector("#no-reports")
    m.wait_for_selector("#log tr[data-action='act-on']")
    actions = [x.get_attribute("data-action") for x in m.locator("#log tr[data-action]").all()]
    assert actions == ["act-on", "mute"]
    mute = m.locator("#log tr[data-action='mute']")
    assert "запретил чат на 1 день" in mute.inner_text()
    assert "грубит в общем чате" in mute.inner_text()
    assert "you all play badly" in m.locator("#log tr[data-action='act-on']").inner_text()
    m.screenshot(path=str(shots / "moderation-log-desktop-ru.png"), full_page=True)
    m.set_viewport_size(PHONE)
    m.screenshot(path=str(shots / "moderation-log-phone-ru.png"), full_page=True)
    assert m.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # in English: the same page
    m.evaluate("localStorage.setItem('nardy-lang', 'en')")
    m.reload()
    m.wait_for_selector("#log tr[data-action='mute'] >> text=muted for 1 day")
    m.screenshot(path=str(shots / "moderation-log-phone-en.png"), full_page=True)
    assert m.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    m.set_viewport_size(DESKTOP)
    m.screenshot(path=str(shots / "moderation-log-desktop-en.png"), full_page=True)
    # lifted from the member card: his input comes back
    m.fill("#mod-member", "grisha")
    m.click("#mod-member-card button >> text=Allow chat")
    m.wait_for_selector("#toast:not([hidden]) >> text=grisha may chat again")
    notice.wait_for(state="detached")
    g.locator("#lobby-chat .chat-input").fill("sorry")
    g.locator("#lobby-chat .chat-send").click()
    g.locator("#lobby-chat .chat-text", has_text="sorry").wait_for()
    m.wait_for_selector("#log tr[data-action='unmute']")
    for page in (m, g, c):
        assert page.errors == [] and page.csp == [], (page.errors, page.csp)
