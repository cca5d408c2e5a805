"""The club's texts (ratings, clocks, profiles, bans, settings) in the catalogue
(``nardy.i18n``): errors (``error.*``), server phrases (``club.*``) and the web page's
texts (``web.*``, carried to the browser by ``static/messages.js``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # errors
        "error.banned": {
            "en": "{name} is banned from play",
            "ru": "{name} отстранён от игры",
        },
        "error.unrated-guest": {
            "en": "{name} is a guest: only members play rated games",
            "ru": "{name} — гость: на рейтинг играют только зарегистрированные",
        },
        "error.clock-shape": {
            "en": "the clock is an object with delay and reserve (seconds)",
            "ru": "часы — JSON-объект с полями delay и reserve (секунды)",
        },
        "error.clock-seconds": {
            "en": "clock {name} is whole seconds from 0 to {max}, not {value}",
            "ru": "часы, {name}: целое число секунд от 0 до {max}, а не {value}",
        },
        "error.clock-empty": {
            "en": "a clock needs a delay or a reserve above zero",
            "ru": "у часов задержка или запас должны быть больше нуля",
        },
        "error.bad-settings": {
            "en": "settings are an object with {known} (each true or false)",
            "ru": "настройки — JSON-объект с полями {known} (каждое true или false)",
        },
        "error.bad-pool": {
            "en": "the rating pool is one of {known}, not {value}",
            "ru": "рейтинг — один из {known}, а не {value}",
        },
        "error.bad-filter": {
            "en": "{name} must be one of {known}, not {value}",
            "ru": "{name}: одно из {known}, а не {value}",
        },
        # server phrases
        "club.lost-on-time": {
            "en": "{color} lost on time",
            "ru": "{color}: время вышло, поражение",
        },
    }
)
