"""Moderation's texts in the catalogue (``nardy.i18n``): the errors of a ban from the
browser (``error.*``) and the moderators' page (``web.mod-*``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "error.moderators-only": {
            "en": "only the club's moderators may do this",
            "ru": "это могут только модераторы клуба",
        },
        "error.ban-self": {
            "en": "a moderator cannot ban himself",
            "ru": "модератор не может заблокировать сам себя",
        },
        "error.ban-moderator": {
            "en": "{name} is a moderator: only the club's owner ('nardy admin') can ban"
            " a moderator",
            "ru": "{name} — модератор: заблокировать модератора может только владелец клуба"
            " ('nardy admin')",
        },
        "error.already-banned": {
            "en": "{name} is already banned",
            "ru": "{name} уже заблокирован",
        },
        "error.not-banned": {
            "en": "{name} is not banned",
            "ru": "{name} не заблокирован",
        },
        "web.moderation": {"en": "Moderation", "ru": "Модерация"},
        "web.mod-reports": {"en": "Reported messages", "ru": "Жалобы на сообщения"},
        "web.mod-none": {"en": "No reports: all is calm.", "ru": "Жалоб нет: всё спокойно."},
        "web.mod-when": {"en": "Last report", "ru": "Последняя жалоба"},
        "web.mod-where": {"en": "Chat", "ru": "Чат"},
        "web.mod-author": {"en": "Author", "ru": "Автор"},
        "web.mod-text": {"en": "Message", "ru": "Сообщение"},
        "web.mod-count": {"en": "Reports", "ru": "Жалоб"},
        "web.mod-hide": {"en": "Hide", "ru": "Скрыть"},
        "web.mod-hidden": {"en": "hidden", "ru": "скрыто"},
        "web.mod-ban": {"en": "Ban", "ru": "Заблокировать"},
        "web.mod-unban": {"en": "Lift the ban", "ru": "Разблокировать"},
        "web.mod-banned": {"en": "{name} is banned", "ru": "{name} заблокирован"},
        "web.mod-unbanned": {"en": "{name}'s ban is lifted", "ru": "{name} разблокирован"},
        "web.mod-ban-confirm": {
            "en": "Ban {name}? No club games and no chat until the ban is lifted.",
            "ru": "Заблокировать {name}? Ни игр в клубе, ни чата, пока блокировку не снимут.",
        },
        "web.mod-channel-lobby": {"en": "lobby", "ru": "лобби"},
        "web.mod-channel-game": {"en": "players of a game", "ru": "игроки партии"},
        "web.mod-channel-watch": {"en": "spectators of a game", "ru": "зрители партии"},
        "web.mod-banned-badge": {"en": "banned", "ru": "заблокирован"},
    }
)
