"""What a new game may be asked for (pure: no storage): the modes, the match length and
rules of a creation request (RULES.md C-3, C-4), and an account's settings (play, and the
browser's preferences a member keeps with it)."""

from __future__ import annotations

import json
from typing import Any

from nardy.cube import CubeRules
from nardy.errors import NardyError
from nardy.server.api_error import ApiError

MODES = ("computer", "local", "friend")
#: Games between two people: hints are refused, both seats belong to someone. A
#: ``club`` game is made by the lobby (``create_paired``) with both players known.
HUMAN_MODES = ("friend", "club")
#: Longest match on offer (points); 0 is one money game.
MAX_MATCH_LENGTH = 25
#: The account settings that change play, and their defaults: the server rolls for a
#: player who cannot double (``auto_roll``), and plays a forced play (the only legal
#: one) for him (``auto_play``).
PLAY_SETTINGS = {"auto_roll": True, "auto_play": False}
#: The browser's preferences a member keeps with his account, beside his play settings
#: (the settings page, static/prefs.js), and the values each takes: the board's theme,
#: the interface language, the keyboard mode, the pause before the computer's play
#: is shown, and each turn signal. A guest's stay in his browser.
ON_OFF = (True, False)
BROWSER_PREFS: dict[str, tuple[str | bool, ...]] = {
    "theme": ("auto", "classic", "light", "dark"),
    "lang": ("ru", "en"),
    "keyboard": ON_OFF,
    "think_pause": ON_OFF,
    "signal_title": ON_OFF,
    "signal_vibrate": ON_OFF,
    "signal_turn_sound": ON_OFF,
    "signal_dice_sound": ON_OFF,
    "signal_move_sound": ON_OFF,
    "signal_low_time": ON_OFF,
}
#: Every setting of an account and the values it takes.
SETTING_VALUES: dict[str, tuple[str | bool, ...]] = {
    **dict.fromkeys(PLAY_SETTINGS, ON_OFF),
    **BROWSER_PREFS,
}


def hints_refused(mode: str, tournament: object) -> str | None:
    """Why a game gives no hints (the refusal's message: ``error.<it>``), or None where
    it does. Hints are for games against the computer and on one device: in a game
    between two people they would help one, and in a tournament's game (a computer
    seat's included) they would help one to the next round. The server refuses with
    it, and the game's state says whether hints are offered, so that the page shows
    the button exactly where they are (a plain check: every state sent asks it)."""
    if mode in HUMAN_MODES:
        return "no-hints"
    if tournament:
        return "no-hints-tournament"
    return None


def play_settings(stored: dict[str, Any] | None) -> dict[str, bool]:
    """The play settings of an account: the stored ones over the defaults."""
    out = dict(PLAY_SETTINGS)
    for key, value in (stored or {}).items():
        if key in out and isinstance(value, bool):
            out[key] = value
    return out


def _allowed(value: Any, values: tuple[str | bool, ...]) -> bool:
    """Whether ``value`` is one of ``values`` (of the same type: 1 is no ``true``)."""
    return any(type(value) is type(v) and value == v for v in values)


def _shown(value: Any) -> str:
    """A value as JSON writes it, cut short: an error message names it."""
    return json.dumps(value, ensure_ascii=False, default=str)[:40]


def checked_settings(body: Any, *, member: bool) -> dict[str, str | bool]:
    """A change of an account's settings (``PUT /api/me/settings``), checked: a
    non-empty JSON object of known settings, each with one of its values (400 naming
    the first that is not); the browser's preferences only for a member (403: a
    guest's stay in his browser)."""
    known = ", ".join(SETTING_VALUES)
    if not isinstance(body, dict) or not body:
        raise ApiError(400, "malformed", "bad-settings", known=known)
    for name, value in body.items():
        values = SETTING_VALUES.get(name)
        if values is None:
            raise ApiError(400, "malformed", "unknown-setting", name=_shown(name), known=known)
        if not _allowed(value, values):
            allowed = ", ".join(_shown(v) for v in values)
            raise ApiError(
                400, "malformed", "setting-value", name=name, values=allowed, value=_shown(value)
            )
    if not member and set(body) & set(BROWSER_PREFS):
        raise ApiError(403, "forbidden", "prefs-members-only")
    return body


def account_settings(stored: dict[str, Any] | None) -> dict[str, str | bool]:
    """What the client is told of an account's settings: the play settings (stored
    over the defaults) and the browser's preferences he has stored (none for the
    others: the browser keeps its own until he chooses)."""
    prefs = {
        name: value
        for name, value in (stored or {}).items()
        if name in BROWSER_PREFS and _allowed(value, BROWSER_PREFS[name])
    }
    return {**play_settings(stored), **prefs}


def match_spec(spec: dict[str, Any], variant: Any) -> tuple[int, dict[str, Any]]:
    """Match length and rules from a creation request (RULES.md C-3, C-4).

    ``length``: 0 (one money game, the default) or 1..25 points; ``crawford``
    (default true); ``cube``: true/false (default: on in short nardy, off in long,
    C-3/C-5); ``beavers`` (money play only, default false)."""
    length = spec.get("length", 0)
    if length is None or length == "":
        length = 0
    if isinstance(length, str) and length.strip().isdigit():
        length = int(length)
    if (
        isinstance(length, bool)
        or not isinstance(length, int)
        or not 0 <= length <= MAX_MATCH_LENGTH
    ):
        raise ApiError(400, "bad-match", "match-length", max=MAX_MATCH_LENGTH)
    flags: dict[str, bool | None] = {}
    for name, default in (("crawford", True), ("cube", None), ("beavers", False)):
        value = spec.get(name, default)
        if value is not None and not isinstance(value, bool):
            raise ApiError(400, "malformed", "not-boolean", name=name, value=repr(value))
        flags[name] = value
    if flags["beavers"] and length:
        raise ApiError(400, "bad-match", "beavers-money-only")
    changes: dict[str, Any] = {"money": length == 0, "beavers": bool(flags["beavers"])}
    if flags["cube"] is not None:
        changes["enabled"] = flags["cube"]
    try:
        cube = CubeRules.for_variant(variant, **changes)
    except NardyError as exc:
        raise ApiError(400, "bad-match", exc) from None
    if flags["beavers"] and not cube.enabled:
        raise ApiError(400, "bad-match", "beavers-need-cube")
    return length, {"crawford": bool(flags["crawford"]), "cube": cube.to_json()}
