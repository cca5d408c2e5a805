"""Texts of the settings menu (board colours, the keyboard mode) and of the keyboard and
screen-reader play (``static/access.js``, ``static/theme.js``) in the catalogue.

Keys follow ``nardy.server.texts.web``: ``t("themeDark")`` in the browser reads ``web.theme-dark``;
texts with values are read with ``msg("web.a11y-dice", {...})``.
"""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # the settings menu in the header
        "web.settings": {"en": "Settings", "ru": "Настройки"},
        "web.theme": {"en": "Board colours", "ru": "Цвета доски"},
        "web.theme-auto": {"en": "As the system", "ru": "Как в системе"},
        "web.theme-classic": {"en": "Classic wood", "ru": "Классическая"},
        "web.theme-light": {"en": "Light", "ru": "Светлая"},
        "web.theme-dark": {"en": "Dark, high contrast", "ru": "Тёмная контрастная"},
        "web.access-mode": {"en": "Play from the keyboard", "ru": "Ход с клавиатуры"},
        # the keyboard play under the board
        "web.play-typed": {"en": "Your play", "ru": "Ваш ход записью"},
        "web.play-send": {"en": "Play", "ru": "Сыграть"},
        "web.play-help": {
            "en": (
                "Type each checker's move as from/to in your numbering, e.g. 24/18 13/11;"
                " the list offers the legal plays. Enter plays it."
            ),
            "ru": (
                "Запишите ход каждой шашки как «откуда/куда» в своей нумерации, например"
                " 24/18 13/11; список подсказывает возможные ходы. Enter — сыграть."
            ),
        },
        "web.play-empty": {
            "en": "Type a play first, e.g. 24/18 13/11",
            "ru": "Сначала запишите ход, например 24/18 13/11",
        },
        "web.play-not-now": {
            "en": "A play is typed once the dice are rolled on your turn",
            "ru": "Ход записывают после броска, в свою очередь",
        },
        # the position in words, for screen readers (an aria-live region)
        "web.a11y-dice": {"en": "Dice: {a} and {b}", "ru": "Кости: {a} и {b}"},
        "web.a11y-on-point": {"en": "{n} on {p}", "ru": "{n} на {p}"},
        "web.a11y-on-bar": {"en": "{n} on the bar", "ru": "{n} на баре"},
        "web.a11y-borne-off": {"en": "{n} borne off", "ru": "{n} выброшено"},
        "web.a11y-none-left": {"en": "none on the board", "ru": "на доске нет"},
        "web.a11y-side": {"en": "{side}: {where}", "ru": "{side}: {where}"},
        "web.a11y-pips": {
            "en": "Pips: White {white}, Black {black}",
            "ru": "Пипсы: белые {white}, чёрные {black}",
        },
        # the board as one picture to a screen reader (its description: the position)
        "web.board-name": {"en": "Board", "ru": "Доска"},
        # the way into the keyboard mode a keyboard user meets first on the game page
        "web.keyboard-tip": {
            "en": "Without a mouse: Tab to the “Play from the keyboard” button.",
            "ru": "Без мыши: клавишей Tab дойдите до кнопки «Ход с клавиатуры».",
        },
        "web.read-position": {"en": "Read the position", "ru": "Прочитать позицию"},
        "web.a11y-last": {
            "en": "Last play, {side}, {dice}: {play}",
            "ru": "Последний ход, {side}, {dice}: {play}",
        },
    }
)
