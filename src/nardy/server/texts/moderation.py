"""Moderation's texts in the catalogue (``nardy.i18n``): the errors of a ban or a mute
from the browser (``error.*``), the moderators' page (``web.mod-*``) and its log
(``web.mod-log-*``, ``web.mod-action.<action>``)."""

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
        "error.mute-self": {
            "en": "a moderator cannot mute himself",
            "ru": "модератор не может запретить чат сам себе",
        },
        "error.mute-moderator": {
            "en": "{name} is a moderator: moderators are not muted",
            "ru": "{name} — модератор: модераторам чат не запрещают",
        },
        "error.not-muted": {
            "en": "{name} is not muted",
            "ru": "{name} может писать в чат: запрета нет",
        },
        "error.mod-bad-hours": {
            "en": "a mute lasts 'hours': a whole number from 1 to {max} (not {value})",
            "ru": "запрет чата длится 'hours' часов: целое число от 1 до {max} (не {value})",
        },
        "error.mod-bad-note": {
            "en": "the reason is text of at most {max} characters",
            "ru": "причина — текст не длиннее {max} символов",
        },
        "error.mod-note-too-long": {
            "en": "the reason is {length} characters long; at most {max}",
            "ru": (
                "в причине {length} {length:plural:символ|символа|символов}; можно не больше {max}"
            ),
        },
        # the member muted, told in the second person (his chat posts are refused)
        "error.you-are-muted": {
            "en": "A moderator has muted you in the chat until {until}. You can still play.",
            "ru": "Модератор запретил вам писать в чат до {until}. Играть можно.",
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
        "web.mod-reason": {"en": "Reason (for the log)", "ru": "Причина (для журнала)"},
        "web.mod-reasons": {"en": "Why", "ru": "Почему"},
        "web.mod-dismiss": {"en": "Dismiss", "ru": "Отклонить"},
        "web.mod-acted": {"en": "Dealt with", "ru": "Меры приняты"},
        "web.mod-handled": {"en": "Reports handled", "ru": "Жалобы закрыты"},
        "web.mod-mute": {"en": "Mute chat", "ru": "Запретить чат"},
        "web.mod-unmute": {"en": "Allow chat", "ru": "Разрешить чат"},
        "web.mod-mute-for": {"en": "For how long", "ru": "На сколько"},
        "web.mod-hours": {
            "en": "{n} {n:plural:hour|hours}",
            "ru": "{n} {n:plural:час|часа|часов}",
        },
        "web.mod-days": {
            "en": "{n} {n:plural:day|days}",
            "ru": "{n} {n:plural:день|дня|дней}",
        },
        "web.mod-muted": {
            "en": "{name} cannot chat until {until}",
            "ru": "{name} не может писать в чат до {until}",
        },
        "web.mod-unmuted": {"en": "{name} may chat again", "ru": "{name} снова может писать в чат"},
        "web.mod-muted-badge": {"en": "muted till {until}", "ru": "без чата до {until}"},
        "web.mod-member": {"en": "A member", "ru": "Участник"},
        "web.mod-member-name": {"en": "Member's name", "ru": "Имя участника"},
        "web.mod-log": {"en": "Moderation log", "ru": "Журнал модерации"},
        "web.mod-log-none": {"en": "Nothing yet.", "ru": "Пока пусто."},
        "web.mod-log-when": {"en": "When", "ru": "Когда"},
        "web.mod-log-who": {"en": "Moderator", "ru": "Модератор"},
        "web.mod-log-whom": {"en": "Member", "ru": "Участник"},
        "web.mod-log-what": {"en": "Action", "ru": "Действие"},
        "web.mod-log-note": {"en": "Reason", "ru": "Причина"},
        "web.mod-log-newer": {"en": "← Newer", "ru": "← Новее"},
        "web.mod-log-older": {"en": "Older →", "ru": "Старее →"},
        "web.mod-log-reports": {
            "en": "{n} {n:plural:report|reports}",
            "ru": "{n} {n:plural:жалоба|жалобы|жалоб}",
        },
        "web.mod-action.ban": {"en": "banned", "ru": "отстранил от игры"},
        "web.mod-action.unban": {"en": "lifted the ban", "ru": "вернул к игре"},
        "web.mod-action.mute": {"en": "muted for {hours}", "ru": "запретил чат на {hours}"},
        "web.mod-action.unmute": {"en": "allowed chat", "ru": "разрешил чат"},
        "web.mod-action.dismiss": {"en": "dismissed reports", "ru": "отклонил жалобы"},
        "web.mod-action.act-on": {
            "en": "dealt with reports",
            "ru": "принял меры по жалобам",
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
