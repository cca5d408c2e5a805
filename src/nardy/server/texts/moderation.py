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
            "ru": "модератор не может отстранить от игры сам себя",
        },
        "error.ban-moderator": {
            "en": "{name} is a moderator: only the club's owner ('nardy admin') can ban"
            " a moderator",
            "ru": "{name} — модератор: отстранить модератора может только владелец клуба"
            " ('nardy admin')",
        },
        "error.already-banned": {
            "en": "{name} is already banned",
            "ru": "{name} уже отстранён",
        },
        "error.not-banned": {
            "en": "{name} is not banned",
            "ru": "{name} не отстранён",
        },
        "web.moderation": {"en": "Moderation", "ru": "Модерация"},
        "web.mod-reports": {"en": "Reported messages", "ru": "Жалобы на сообщения"},
        "web.mod-none": {"en": "No reports: all is calm.", "ru": "Жалоб нет: всё спокойно."},
        "web.mod-when": {"en": "Last report", "ru": "Последняя жалоба"},
        "web.mod-where": {"en": "Chat", "ru": "Чат"},
        "web.mod-author": {"en": "Author", "ru": "Автор"},
        "web.mod-text": {"en": "Message", "ru": "Сообщение"},
        "web.mod-count": {"en": "Reports", "ru": "Жалоб"},
        "web.mod-hide": {"en": "Remove message", "ru": "Удалить сообщение"},
        "web.mod-hidden": {"en": "removed", "ru": "удалено"},
        "web.mod-ban": {"en": "Ban", "ru": "Отстранить от игры"},
        "web.mod-unban": {"en": "Lift the ban", "ru": "Вернуть к игре"},
        "web.mod-banned": {"en": "{name} is banned", "ru": "{name} отстранён от игры"},
        "web.mod-unbanned": {"en": "{name}'s ban is lifted", "ru": "{name} возвращён к игре"},
        "web.mod-ban-confirm": {
            "en": "Ban {name}? His running games are lost at once; no club games and no"
            " chat until the ban is lifted.",
            "ru": "Отстранить {name} от игры? Его текущие партии сразу засчитываются"
            " соперникам; ни игр в клубе, ни чата, пока его не вернут к игре.",
        },
        "web.mod-channel-lobby": {"en": "lobby", "ru": "лобби"},
        "web.mod-channel-game": {"en": "players of a game", "ru": "игроки партии"},
        "web.mod-channel-watch": {"en": "spectators of a game", "ru": "зрители партии"},
        "web.mod-banned-badge": {"en": "banned", "ru": "отстранён"},
        # the member banned, told in the second person (a refused action, every page)
        "error.you-are-banned": {
            "en": "A moderator has banned you from play and chat.",
            "ru": "Модератор отстранил вас от игры и чата.",
        },
        # a game ended by its player's ban (``GameService.end_banned_games``)
        "club.forfeit-banned": {
            "en": "{color} was banned by a moderator: the match is lost",
            "ru": "{color}: отстранён модератором, матч проигран",
        },
        "web.kinds.banned": {"en": "forfeit", "ru": "досрочно"},
        "web.reasons.banned": {
            "en": "the opponent was banned by a moderator",
            "ru": "соперник отстранён модератором",
        },
    }
)
