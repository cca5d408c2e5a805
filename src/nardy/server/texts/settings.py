"""The settings page's texts (``web.prefs-…``, static/prefs.js) and the errors of a
settings change (``error.*``, ``PUT /api/me/settings``) in the catalogue
(``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # errors of a settings change (game_specs.checked_settings)
        "error.unknown-setting": {
            "en": "unknown setting {name}: settings are {known}",
            "ru": "неизвестная настройка {name}: настройки — {known}",
        },
        "error.setting-value": {
            "en": "setting {name} is one of {values}, not {value}",
            "ru": "значение настройки {name} — одно из {values}, а не {value}",
        },
        "error.prefs-members-only": {
            "en": "a guest's preferences stay in his browser: sign up to keep them with an account",
            "ru": "настройки гостя хранятся в его браузере: зарегистрируйтесь, чтобы они"
            " хранились в аккаунте",
        },
        # the settings page (prefs.js), and the ways to it: the header's menu, the profile
        "web.all-settings": {"en": "All settings", "ru": "Все настройки"},
        "web.prefs-display": {"en": "Display", "ru": "Оформление"},
        "web.prefs-game": {"en": "Game", "ru": "Игра"},
        "web.prefs-language": {"en": "Language", "ru": "Язык"},
        "web.prefs-member-note": {
            "en": "Each change applies at once and is kept with your account: it follows"
            " you to any device you log in from.",
            "ru": "Каждое изменение действует сразу и хранится в вашем аккаунте: оно будет"
            " с вами на любом устройстве, где вы войдёте.",
        },
        "web.prefs-guest-note": {
            "en": "Each change applies at once and is kept in this browser only.",
            "ru": "Каждое изменение действует сразу и хранится только в этом браузере.",
        },
        "web.prefs-sign-up": {
            "en": "Sign up to keep your settings with an account",
            "ru": "Зарегистрируйтесь, и настройки будут храниться в аккаунте",
        },
        "web.prefs-saved-here": {
            "en": "Saved in this browser",
            "ru": "Сохранено в этом браузере",
        },
        "web.prefs-not-saved": {
            "en": "Applied here, but not saved with your account: {error}",
            "ru": "Применено здесь, но не сохранено в аккаунте: {error}",
        },
    }
)
