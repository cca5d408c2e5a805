"""The chat's texts in the catalogue (``nardy.i18n``): its errors (``error.chat-*``),
the chat panel (``web.chat-*``) and the quick phrases (``web.chat-phrase.<key>``: a
phrase travels as its key, and each reader sees it in his own language)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # errors
        "error.chat-bad-channel": {
            "en": "unknown chat channel {channel} (lobby, game:<id> or watch:<id>)",
            "ru": "неизвестный канал чата {channel} ('lobby', 'game:<id>' или 'watch:<id>')",
        },
        "error.chat-no-players-chat": {
            "en": "this game has no players' chat: it is not a game between two people",
            "ru": "в этой игре нет чата игроков: это не партия двух людей",
        },
        "error.chat-players-only": {
            "en": "only the two players of this game write in its players' chat",
            "ru": "в чат игроков пишут только двое игроков этой партии",
        },
        "error.chat-spectators-only": {
            "en": "the spectators' chat is for spectators: players see it after the game",
            "ru": "чат зрителей — для зрителей: игроки видят его после партии",
        },
        "error.chat-account-only": {
            "en": "sign up to write here (guests chat only in the games they play)",
            "ru": "зарегистрируйтесь, чтобы писать здесь (гости пишут только в своих партиях)",
        },
        "error.chat-bad-message": {
            "en": (
                "a chat message is an object with 'text' (your words)"
                " or 'phrase' (a key of {known})"
            ),
            "ru": (
                "сообщение чата — объект с полем 'text' (ваш текст) или 'phrase' (ключ из {known})"
            ),
        },
        "error.chat-unknown-phrase": {
            "en": "unknown quick phrase {phrase} (there are {known})",
            "ru": "неизвестная быстрая фраза {phrase} (есть {known})",
        },
        "error.chat-empty": {
            "en": "the message is empty",
            "ru": "сообщение пустое",
        },
        "error.chat-too-long": {
            "en": "the message is {length} characters long; at most {max}",
            "ru": (
                "в сообщении {length} {length:plural:символ|символа|символов};"
                " можно не больше {max}"
            ),
        },
        "error.chat-too-fast": {
            "en": "you write too fast: wait {wait} {wait:plural:second|seconds}",
            "ru": "вы пишете слишком часто: подождите {wait} {wait:plural:секунду|секунды|секунд}",
        },
        "error.chat-no-message": {
            "en": "no chat message {id}",
            "ru": "нет сообщения чата {id}",
        },
        "error.chat-already-reported": {
            "en": "you have already reported this message",
            "ru": "вы уже пожаловались на это сообщение",
        },
        "error.chat-own-message": {
            "en": "you cannot report your own message",
            "ru": "на своё сообщение жаловаться нельзя",
        },
        "error.chat-bad-reason": {
            "en": "a report needs a reason: one of {known} (not {value})",
            "ru": "у жалобы должна быть причина: одна из {known} (не {value})",
        },
        "error.chat-bad-outcome": {
            "en": "the reports' outcome is one of {known} (not {value})",
            "ru": "итог по жалобам — одно из {known} (не {value})",
        },
        "error.chat-no-open-reports": {
            "en": "message {id} has no open reports: they are handled already",
            "ru": "по сообщению {id} нет открытых жалоб: их уже рассмотрели",
        },
        "error.chat-moderators-only": {
            "en": "only moderators may do this",
            "ru": "это могут только модераторы",
        },
        "error.chat-no-user": {
            "en": "no user {id}",
            "ru": "нет пользователя {id}",
        },
        "error.chat-block-self": {
            "en": "you cannot block yourself",
            "ru": "нельзя заблокировать самого себя",
        },
        "error.chat-sign-in": {
            "en": "play or sign up first: visitors without a session cannot do this",
            "ru": "сначала сыграйте или зарегистрируйтесь: без сессии это недоступно",
        },
        "error.chat-too-many-channels": {
            "en": "one chat connection follows at most {max} channels",
            "ru": "одно соединение чата следит не больше чем за {max} каналами",
        },
        # the chat panel
        "web.chat": {"en": "Chat", "ru": "Чат"},
        "web.chat-players": {"en": "Players", "ru": "Игроки"},
        "web.chat-spectators": {"en": "Spectators", "ru": "Зрители"},
        "web.chat-lobby": {"en": "Lobby chat", "ru": "Общий чат"},
        "web.chat-placeholder": {"en": "Message…", "ru": "Сообщение…"},
        "web.chat-send": {"en": "Send", "ru": "Отправить"},
        "web.chat-empty": {"en": "No messages yet.", "ru": "Сообщений пока нет."},
        "web.chat-mute": {"en": "Mute", "ru": "Скрыть"},
        "web.chat-block": {"en": "Block", "ru": "Заблокировать"},
        "web.chat-report": {"en": "Report", "ru": "Пожаловаться"},
        "web.chat-hide": {"en": "Remove message", "ru": "Удалить сообщение"},
        "web.chat-reported": {
            "en": "Thank you: the moderators will look at it.",
            "ru": "Спасибо: модераторы посмотрят.",
        },
        "web.chat-already-reported": {
            "en": "You have already reported this message.",
            "ru": "Вы уже пожаловались на это сообщение.",
        },
        "web.chat-blocked": {
            "en": "Blocked: you will not see this player's messages.",
            "ru": "Заблокирован: вы больше не увидите сообщений этого игрока.",
        },
        "web.chat-muted": {
            "en": "Muted until you close or reload the page.",
            "ru": "Скрыт, пока вы не закроете или не обновите страницу.",
        },
        "web.chat-report-why": {"en": "What is wrong?", "ru": "Что не так?"},
        "web.chat-reason.insult": {"en": "Insult", "ru": "Оскорбление"},
        "web.chat-reason.spam": {"en": "Spam", "ru": "Спам"},
        "web.chat-reason.cheating": {"en": "Cheating", "ru": "Нечестная игра"},
        "web.chat-reason.other": {"en": "Something else", "ru": "Другое"},
        # the muted member's chat panel, in place of the input (his local time)
        "web.chat-muted-until": {
            "en": "A moderator has muted you in the chat until {until}. You can still play.",
            "ru": "Модератор запретил вам писать в чат до {until}. Играть можно.",
        },
        "web.chat-actions": {"en": "Message actions", "ru": "Действия с сообщением"},
        # messages that came unseen: the game page's button to the chat, the tab's title
        "web.chat-unread": {
            "en": "{n} new {n:plural:message|messages} in the chat: show",
            "ru": "{n} {n:plural:новое сообщение|новых сообщения|новых сообщений} в чате: показать",
        },
        "web.chat-new-title": {"en": "💬 {name} wrote", "ru": "💬 {name} пишет"},
        # quick phrases (the keys are the API's: POST {"phrase": "good-luck"})
        "web.chat-phrase.hello": {"en": "Hello!", "ru": "Привет!"},
        "web.chat-phrase.good-luck": {"en": "Good luck!", "ru": "Удачи!"},
        "web.chat-phrase.have-fun": {"en": "Have fun!", "ru": "Приятной игры!"},
        "web.chat-phrase.nice-roll": {"en": "Nice roll!", "ru": "Хороший бросок!"},
        "web.chat-phrase.well-played": {"en": "Well played!", "ru": "Хороший ход!"},
        "web.chat-phrase.good-game": {"en": "Good game!", "ru": "Хорошая игра!"},
        "web.chat-phrase.thanks": {"en": "Thanks for the game!", "ru": "Спасибо за игру!"},
        "web.chat-phrase.rematch": {"en": "Rematch?", "ru": "Ещё партию?"},
        "web.chat-phrase.bye": {"en": "Bye!", "ru": "Пока!"},
    }
)
