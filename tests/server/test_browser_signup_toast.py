"""A sign-up's refusal is said once, under its field (not again in a toast), and a
refusal's toast does not follow the member once he is in; on a 390-412 px phone every
page of the header's menu is in sight (it had been cut at «Рейтинг игрок…»). Real
headless Chromium against a real ``nardy serve``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import BROWSER_MARKS, new_page
from lobby_helpers import member_client

pytestmark = BROWSER_MARKS


def test_a_sign_up_refusal_is_said_once_under_its_field(
    browser: Any, server: Any, shots: Path
) -> None:
    member_client(server.url, "Taken")
    page = new_page(browser, {"width": 390, "height": 844})
    page.goto(f"{server.url}/register")
    page.fill("#register-username", "Valery")
    page.fill("#register-password", "short")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#register-password[aria-invalid=true]")
    assert "bad" in (page.get_attribute("#register-password-rule", "class") or "")
    assert page.is_hidden("#toast")  # (said under the field only)
    page.fill("#register-username", "Taken")
    page.fill("#register-password", "long-enough")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#register-username-error:not([hidden])")
    assert "Taken" in page.inner_text("#register-username-error")
    assert page.is_hidden("#toast")
    page.screenshot(path=str(shots / "sign-up-refused-phone-ru.png"))
    assert not page.errors and not page.csp


def test_a_failed_logins_toast_goes_once_he_is_in(browser: Any, server: Any) -> None:
    member_client(server.url, "Olga")
    page = new_page(browser, {"width": 390, "height": 844})
    page.goto(f"{server.url}/leaders")
    page.wait_for_selector("#nav-login")
    page.goto(f"{server.url}/login")
    page.fill("#login-username", "Olga")
    page.fill("#login-password", "wrong-pass")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#toast:not([hidden])")
    page.fill("#login-password", "secret-pass")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#login-form", state="detached")
    assert page.is_hidden("#toast")  # (within the toast's 4 s: taken away, not timed out)
    assert not page.errors and not page.csp


def test_every_page_of_the_header_is_in_sight_on_a_phone(
    browser: Any, server: Any, shots: Path
) -> None:
    for width in (390, 412):
        for lang, locale in (("ru", "ru-RU"), ("en", "en-US")):
            page = new_page(browser, {"width": width, "height": 844}, locale)
            page.goto(f"{server.url}/leaders")
            page.wait_for_selector("header nav a")
            out = page.evaluate(
                """() => [...document.querySelectorAll('header nav a')]
                .filter((a) => !a.hidden)
                .filter((a) => a.getBoundingClientRect().right > innerWidth
                  || a.scrollWidth > a.clientWidth + 1)
                .map((a) => a.textContent)"""
            )
            assert out == [], (width, lang, out)
            page.screenshot(
                path=str(shots / f"header-{width}-{lang}.png"),
                clip={"x": 0, "y": 0, "width": width, "height": 130},
            )
            page.context.close()
