"""A member changes his password on his profile, in real headless Chromium against a
real ``nardy serve``: a wrong current password is refused in the page's language and
changes nothing; the right one changes it, the page stays logged in and his other
device is logged out. A screenshot of the card at phone size (Russian) goes to
``NARDY_SCREENSHOTS``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser_helpers import (
    BARE_BUTTONS,
    BROWSER_MARKS,
    DESKTOP,
    PHONE,
    new_page,
    open_home,
    page_api,
)

pytestmark = BROWSER_MARKS

OLD, NEW = "correct horse", "battery staple"


def test_a_member_changes_his_password_on_his_profile(
    browser: Any, server: Any, shots: Path
) -> None:
    phone = new_page(browser, PHONE, "ru-RU")
    open_home(phone, server.url)
    page_api(phone, server, "POST", "/api/register", {"username": "ashot", "password": OLD})
    laptop = new_page(browser, DESKTOP, "en-US")
    open_home(laptop, server.url)
    page_api(laptop, server, "POST", "/api/login", {"username": "ashot", "password": OLD})
    phone.goto(server.url + "/profile")
    phone.wait_for_selector("#password-form")
    assert phone.inner_text("#password-new-rule") == "пароль не короче 8 символов"
    assert phone.evaluate(BARE_BUTTONS) == []
    phone.fill("#password-current", "not my password")
    phone.fill("#password-new", NEW)
    phone.click("#password-change")
    phone.wait_for_selector("#toast:not([hidden])")
    assert phone.inner_text("#toast") == "Пароль указан неверно"
    phone.fill("#password-current", OLD)
    phone.fill("#password-new", NEW)
    phone.click("#password-change")
    phone.wait_for_selector("#password-changed:has-text('Пароль изменён')")
    assert phone.input_value("#password-current") == ""  # the form is emptied
    # a browser left logged in elsewhere is ended without a new password
    laptop2 = new_page(browser, DESKTOP, "en-US")
    open_home(laptop2, server.url)
    page_api(laptop2, server, "POST", "/api/login", {"username": "ashot", "password": NEW})
    phone.click("#logout-others")
    phone.wait_for_selector(
        "#password-changed:has-text('Закрыто сеансов на других устройствах: 1')"
    )
    assert page_api(laptop2, server, "GET", "/api/session")["user"]["id"] is None
    phone.locator("#password-form").scroll_into_view_if_needed()
    phone.screenshot(path=str(shots / "password-phone-ru.png"))
    # this page is still his; the laptop is logged out
    assert page_api(phone, server, "GET", "/api/session")["user"]["username"] == "ashot"
    assert page_api(laptop, server, "GET", "/api/session")["user"]["id"] is None
    # he closes his account: asked once more, then logged out and back on the home page
    phone.once("dialog", lambda d: d.accept())
    phone.fill("#close-password", NEW)
    phone.click("#close-account")
    phone.wait_for_selector("#toast:has-text('Учётная запись закрыта')")
    phone.wait_for_selector("#nav-login:not([hidden])")
    assert page_api(phone, server, "GET", "/api/session")["user"]["id"] is None
