"""A member's settings kept with his account (``PUT /api/me/settings``): the browser's
preferences (theme, language, keyboard mode, the pause, the turn signals) beside the
play settings, checked field by field, read back with the session; a guest's stay in
his browser."""

from __future__ import annotations

from typing import Any

import pytest
from lobby_helpers import member, send

pytestmark = pytest.mark.anyio

PREFS = {
    "theme": "dark",
    "lang": "en",
    "keyboard": True,
    "think_pause": False,
    "signal_title": True,
    "signal_vibrate": False,
    "signal_turn_sound": False,
    "signal_dice_sound": True,
    "signal_move_sound": False,
}


async def test_a_members_preferences_are_stored_and_come_with_the_session(
    player_factory: Any,
) -> None:
    ann = await member(player_factory, "ann")
    # none stored yet: the session has the play settings' defaults, no preference
    assert (await ann.get("/api/session")).json()["settings"] == {
        "auto_roll": True,
        "auto_play": False,
    }
    r = await send(ann, "PUT", "/api/me/settings", {"theme": "dark", "signal_turn_sound": False})
    assert r.status_code == 200, r.text
    assert r.json()["settings"]["theme"] == "dark"
    r = await send(ann, "PUT", "/api/me/settings", {**PREFS, "auto_play": True})
    assert r.status_code == 200, r.text
    want = {"auto_roll": True, "auto_play": True, **PREFS}
    assert r.json()["settings"] == want
    assert (await ann.get("/api/me/settings")).json()["settings"] == want
    # another device of hers: a new session, logged in, is told them
    again = await player_factory()
    r = await again.post("/api/login", {"username": "ann", "password": "secret-pass"})
    assert r.status_code == 200, r.text
    assert (await again.get("/api/session")).json()["settings"] == want


@pytest.mark.parametrize(
    ("body", "status", "en", "ru"),
    [
        ({"theme": "purple"}, 400, "setting theme is one of", "значение настройки theme"),
        ({"keyboard": 1}, 400, "setting keyboard is one of true, false, not 1", "keyboard"),
        ({"signal_turn_sound": "off"}, 400, 'not "off"', 'а не "off"'),
        ({"lang": None}, 400, "setting lang", "настройки lang"),
        ({"sounds": False}, 400, 'unknown setting "sounds"', 'неизвестная настройка "sounds"'),
        ({"theme": "dark", "volume": 3}, 400, '"volume"', '"volume"'),
        ({}, 400, "settings are a JSON object", "настройки — JSON-объект"),
        (["theme"], 400, "theme", "theme"),
    ],
)
async def test_a_bad_setting_is_refused_naming_it_in_both_languages(
    player_factory: Any, body: Any, status: int, en: str, ru: str
) -> None:
    ann = await member(player_factory, "ann")
    await send(ann, "PUT", "/api/me/settings", {"theme": "light"})
    for lang, text in (("en", en), ("ru", ru)):
        r = await send(ann, "PUT", "/api/me/settings", body, lang=lang)
        assert r.status_code == status and r.json()["code"] == "malformed", r.text
        assert text in r.json()["error"], r.json()["error"]
    # nothing of a refused change is stored (the good field beside a bad one neither)
    assert (await ann.get("/api/session")).json()["settings"]["theme"] == "light"


async def test_a_guest_keeps_his_preferences_in_his_browser(player_factory: Any) -> None:
    guest = await player_factory()
    for lang, text in (("en", "sign up to keep them"), ("ru", "зарегистрируйтесь")):
        r = await send(guest, "PUT", "/api/me/settings", {"theme": "dark"}, lang=lang)
        assert r.status_code == 403 and r.json()["code"] == "forbidden", r.text
        assert text in r.json()["error"]
    # his play settings are the server's (they change his games): those he may store
    r = await send(guest, "PUT", "/api/me/settings", {"auto_roll": False})
    assert r.status_code == 200, r.text
    assert (await guest.get("/api/session")).json()["settings"] == {
        "auto_roll": False,
        "auto_play": False,
    }
