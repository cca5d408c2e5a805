"""The settings page in a real browser: a member's choices made there are kept with his
account and applied in a browser he logs in from; the page in both languages, at a
phone's width, and for a guest (kept in his browser, a way to sign up)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, DESKTOP, PHONE, new_page, page_api

pytestmark = BROWSER_MARKS

#: The page fits the screen: nothing sticks out sideways.
NO_OVERFLOW = "() => document.documentElement.scrollWidth <= innerWidth"


def saved(page: Any, section: str, text: str) -> None:
    """Wait for the notice of the page's ``section`` to say ``text`` (a polite live region)."""
    page.wait_for_function(
        "([s, t]) => document.querySelector(`#prefs-${s} [role=status]`).textContent.trim() === t",
        arg=[section, text],
    )


def test_a_members_theme_and_sounds_follow_him_to_a_new_browser(
    browser: Any, server: Any, shots: Path
) -> None:
    first = new_page(browser, DESKTOP, "ru-RU")
    first.goto(server.url + "/settings")
    first.wait_for_selector("#prefs")
    # a guest's page: kept in this browser, and a way to keep them with an account
    assert first.is_visible("#prefs-sign-up")
    first.check("#pref-theme-light")
    saved(first, "display", "Сохранено в этом браузере")
    page_api(first, server, "POST", "/api/register", {"username": "vera", "password": "pass-1234"})
    first.goto(server.url + "/settings")
    first.wait_for_selector("#prefs-note")
    assert first.inner_text("h2") == "Настройки" and not first.is_visible("#prefs-sign-up")
    # her choice as a guest went with her into the account
    assert page_api(first, server, "GET", "/api/me/settings")["settings"]["theme"] == "light"
    first.check("#pref-theme-dark")
    saved(first, "display", "Сохранено")
    first.wait_for_selector("html[data-theme=dark]")
    first.uncheck("#pref-signal_turn_sound")
    saved(first, "signals", "Сохранено")
    first.screenshot(path=str(shots / "settings-ru-desktop.png"), full_page=True)
    stored = page_api(first, server, "GET", "/api/me/settings")["settings"]
    assert stored["theme"] == "dark" and stored["signal_turn_sound"] is False
    # a fresh browser (a phone, in English): she logs in, and finds both applied
    phone = new_page(browser, PHONE, "en-US")
    phone.goto(server.url + "/login")
    phone.fill("#login-username", "vera")
    phone.fill("#login-password", "pass-1234")
    phone.click("#login-form button[type=submit]")
    phone.wait_for_selector("html[data-theme=dark]")
    assert "turnSound" in phone.evaluate("() => localStorage.getItem('nardy-signals')")
    phone.click("#settings-open")
    assert not phone.is_checked("#signal-turnSound") and phone.is_checked("#signal-diceSound")
    assert phone.is_checked("#settings input[name=theme][value=dark]")
    phone.click("#all-settings")
    phone.wait_for_selector("#prefs")
    assert phone.inner_text("h2") == "Settings"
    assert phone.is_checked("#pref-theme-dark") and not phone.is_checked("#pref-signal_turn_sound")
    assert phone.evaluate(NO_OVERFLOW)
    phone.screenshot(path=str(shots / "settings-en-phone.png"), full_page=True)
    # the language chosen on the page: drawn again in it, the focus kept on the choice
    phone.check("#pref-lang-ru")
    phone.wait_for_function("() => document.querySelector('h2').textContent === 'Настройки'")
    assert phone.evaluate("() => document.activeElement.id") == "pref-lang-ru"
    assert phone.evaluate(NO_OVERFLOW)
    phone.screenshot(path=str(shots / "settings-ru-phone.png"), full_page=True)
    assert page_api(phone, server, "GET", "/api/me/settings")["settings"]["lang"] == "ru"
    assert first.errors == phone.errors == [] and first.csp == phone.csp == []


def test_the_profile_and_the_menu_lead_to_the_settings_page(browser: Any, server: Any) -> None:
    page = new_page(browser, DESKTOP, "en-US")
    page.goto(server.url + "/rules")
    page.wait_for_selector("#main > *")
    page_api(page, server, "POST", "/api/register", {"username": "oleg", "password": "pass-1234"})
    page.goto(server.url + "/profile")
    page.click("#profile-settings")
    page.wait_for_selector("#prefs")
    assert page.title().startswith("Settings")
    # auto-roll: the server's play setting, saved as it changes
    page.uncheck("#pref-auto_roll")
    saved(page, "game", "Saved")
    assert page_api(page, server, "GET", "/api/me/settings")["settings"]["auto_roll"] is False
    # the header's quick switch writes through to the account, and the page follows it
    page.click("#settings-open")
    with page.expect_response(lambda r: r.url.endswith("/api/me/settings")) as put:
        page.check("#settings input[name=theme][value=classic]")
    assert put.value.ok and page.is_checked("#pref-theme-classic")
    assert page.evaluate("() => document.documentElement.dataset.theme") == "classic"
    assert page_api(page, server, "GET", "/api/me/settings")["settings"]["theme"] == "classic"
    assert page.errors == [] and page.csp == []
