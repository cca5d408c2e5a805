"""The server's messages in the catalogue (``nardy.i18n``) and the language of a request.

Every error the web answers is ``{"error": text, "code": code, "params": {...}}`` with
the text in the request's language: the ``X-Lang`` header (the web client sends its
interface language), else the ``lang`` cookie (also sent on the websocket handshake),
else ``Accept-Language`` (Russian for a Russian browser, English otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie

import nardy.server.texts  # noqa: F401  (registers the web pages' texts)
from nardy.i18n import normalize_lang, register


def request_lang(headers: Mapping[str, str]) -> str:
    """``"ru"`` or ``"en"`` for a request (or websocket handshake) with these headers."""
    chosen = headers.get("x-lang", "").strip()
    if chosen:
        return normalize_lang(chosen)
    raw = headers.get("cookie", "")
    if raw:
        try:
            jar = SimpleCookie(raw)
        except CookieError:
            jar = SimpleCookie()
        if "lang" in jar:
            return normalize_lang(jar["lang"].value)
    accept = headers.get("accept-language", "")
    first = accept.split(",")[0].split(";")[0].strip()
    return normalize_lang(first)


register(
    {
        # requests
        "error.internal": {"en": "internal error", "ru": "внутренняя ошибка"},
        "error.not-found": {"en": "not found", "ru": "не найдено"},
        "error.bad-request": {"en": "{reason}", "ru": "неверный запрос ({reason})"},
        "error.bad-field": {
            "en": "{field}: {reason}",
            "ru": "неверное поле «{field}» запроса ({reason})",
        },
        "error.too-large": {
            "en": "the request body is larger than {kib} KiB",
            "ru": "тело запроса больше {kib} КиБ",
        },
        "error.not-json": {
            "en": "send the body as JSON (Content-Type: application/json)",
            "ru": "тело запроса должно быть в JSON (Content-Type: application/json)",
        },
        "error.too-deep": {
            "en": "the JSON nests deeper than {depth} {depth:plural:level|levels}",
            "ru": "JSON вложен глубже {depth} {depth:plural:уровня|уровней|уровней}",
        },
        "error.csrf": {
            "en": "missing or wrong CSRF token",
            "ru": "нет CSRF-токена или он неверный",
        },
        # the websocket
        "error.ws-too-deep": {
            "en": "the message nests too deeply",
            "ru": "сообщение слишком глубоко вложено",
        },
        "error.ws-not-json": {"en": "messages are JSON", "ru": "сообщения — в формате JSON"},
        "error.ws-not-object": {
            "en": "messages are JSON objects",
            "ru": "сообщения — JSON-объекты",
        },
        "error.ws-unknown-type": {
            "en": "unknown message type {kind}",
            "ru": "неизвестный тип сообщения {kind}",
        },
        "error.body-not-object": {
            "en": "the request body must be a JSON object",
            "ru": "тело запроса должно быть JSON-объектом",
        },
        "error.bad-mode": {
            "en": "mode must be one of {known}, not {value}",
            "ru": "режим (mode) — один из {known}, а не {value}",
        },
        "error.options-not-object": {
            "en": "options must be an object",
            "ru": "опции правил (options) — JSON-объект",
        },
        "error.bad-level": {
            "en": "level must be one of {known}, not {value}",
            "ru": "уровень компьютера — один из {known}, а не {value}",
        },
        "error.bad-client-seed": {
            "en": "client_seed must be text of at most {max} {max:plural:character|characters}",
            "ru": (
                "зерно игрока (client_seed) — текст не длиннее"
                " {max} {max:plural:символа|символов|символов}"
            ),
        },
        "error.not-boolean": {
            "en": "{name} must be true or false, not {value}",
            "ru": "{name}: нужно true или false, а не {value}",
        },
        "error.bad-plies": {
            "en": "plies is one of {known}, not {value}",
            "ru": "глубина анализа (plies) — одна из {known}, а не {value}",
        },
        # actions
        "error.bad-action-id": {
            "en": "action_id is text of 1..{max} {max:plural:character|characters}, not {value}",
            "ru": (
                "action_id — текст от 1 до {max} {max:plural:символа|символов|символов},"
                " а не {value}"
            ),
        },
        "error.bad-action": {
            "en": "an action is an object like {example}",
            "ru": "действие — JSON-объект, например {example}",
        },
        "error.unknown-action": {
            "en": "unknown action {action} ({known})",
            "ru": "неизвестное действие {action} (есть: {known})",
        },
        "error.bad-point": {
            "en": "'{field}' must be a point 1..24, 'bar' or 'off', not {value}",
            "ru": "«{field}» — пункт от 1 до 24, 'bar' или 'off', а не {value}",
        },
        "error.resign-needs-level": {
            "en": "a resign action has 'level': 1 single, 2 gammon (mars), 3 backgammon (koks)",
            "ru": "у сдачи есть уровень (level): 1 — ойн, 2 — марс, 3 — кокс",
        },
        "error.play-needs-text": {
            "en": "a play action has 'play': text such as '24/18 13/11'",
            "ru": "у хода есть запись (play), например '24/18 13/11'",
        },
        # accounts
        "error.username-taken": {
            "en": "the name “{name}” is taken",
            "ru": "имя «{name}» уже занято",
        },
        "error.username-confusable": {
            "en": "the name “{name}” looks too much like the taken name “{clash}”",
            "ru": "имя «{name}» слишком похоже на занятое имя «{clash}»",
        },
        "error.too-many-guests": {
            "en": "too many new guests from your address; try again in {wait} s",
            "ru": "слишком много новых гостей с вашего адреса; попробуйте через {wait} с",
        },
        "error.too-many-logins": {
            "en": "too many login attempts; try again in {wait} s",
            "ru": "слишком много попыток входа; попробуйте через {wait} с",
        },
        "error.bad-login": {
            "en": "wrong username or password",
            "ru": "неверное имя пользователя или пароль",
        },
        "error.bad-username": {
            "en": "a username is 3-30 letters, digits, '.', '-' or '_'",
            "ru": "имя пользователя: 3-30 букв, цифр, '.', '-' или '_'",
        },
        "error.close-unfinished": {
            "en": (
                "finish your games against people ({games}) and leave your tournaments"
                " ({tournaments}) before closing your account"
            ),
            "ru": (
                "прежде чем закрыть учётную запись, доиграйте или сдайте партии с людьми"
                " ({games}) и выйдите из турниров ({tournaments})"
            ),
        },
        "error.password-wrong": {
            "en": "your password is not right",
            "ru": "пароль указан неверно",
        },
        "error.password-members-only": {
            "en": "only a member with an account has a password to change",
            "ru": "пароль есть только у зарегистрированного игрока",
        },
        "error.password-same": {
            "en": "the new password is the one you have: choose another",
            "ru": "новый пароль совпадает с нынешним: выберите другой",
        },
        "error.password-short": {
            "en": "a password has at least {n} {n:plural:character|characters}",
            "ru": "пароль не короче {n} {n:plural:символа|символов|символов}",
        },
        "error.password-long": {"en": "the password is too long", "ru": "пароль слишком длинный"},
        "error.logged-in": {
            "en": "log out before making another account",
            "ru": "выйдите, чтобы создать другую учётную запись",
        },
        "error.no-player": {"en": "no player “{name}”", "ru": "нет игрока «{name}»"},
        # games
        "error.no-game": {"en": "no game “{game}”", "ru": "нет партии «{game}»"},
        "error.invite-invalid": {
            "en": "this invitation link is not valid",
            "ru": "эта ссылка-приглашение недействительна",
        },
        "error.game-moved": {
            "en": "the game moved on meanwhile (another move was stored first): "
            "here it is as it stands now; act again",
            "ru": "партия тем временем изменилась (раньше записан другой ход): "
            "вот она как есть сейчас; сделайте ход снова",
        },
        "error.game-full": {
            "en": "this game already has two players; you can watch it",
            "ru": "в этой партии уже два игрока; за ней можно наблюдать",
        },
        "error.own-challenge": {
            "en": "you cannot play yourself",
            "ru": "нельзя играть с самим собой",
        },
        "error.metrics-forbidden": {
            "en": "the metrics are answered to loopback, the trusted proxies, or with the "
            "metrics token only",
            "ru": "метрики отдаются только локальным клиентам, доверенным прокси или по "
            "токену метрик",
        },
        "error.not-a-player": {
            "en": "you are not a player in this game",
            "ru": "вы не играете в этой партии",
        },
        "error.game-not-started": {
            "en": "the game has not started yet",
            "ru": "партия ещё не началась",
        },
        "error.not-your-turn": {"en": "it is not your turn", "ru": "сейчас не ваш ход"},
        "error.start-next-game": {
            "en": "this game is over; start the next game of the match (next-game)",
            "ru": "партия окончена, начните следующую партию матча",
        },
        "error.match-length": {
            "en": "length is 0 (one money game) or a match of 1..{max} {max:plural:point|points}",
            "ru": "длина матча: 0 (одна партия) или от 1 до {max} {max:plural:очка|очков|очков}",
        },
        "error.beavers-money-only": {
            "en": "beavers are for money play only (C-3)",
            "ru": "бобры — только в игре на деньги (одна партия)",
        },
        "error.beavers-need-cube": {
            "en": "beavers need the doubling cube",
            "ru": "бобры возможны только с кубиком удвоения",
        },
        "error.no-hints": {
            "en": "hints are for games against the computer or on one device",
            "ru": "подсказки — только в игре с компьютером или вдвоём за одним устройством",
        },
        "error.no-hints-tournament": {
            "en": "a tournament game is played without hints",
            "ru": "турнирная партия играется без подсказок",
        },
        "error.hint-not-now": {
            "en": (
                "a hint is for the player to act: with the dice rolled, before rolling"
                " when he may double, or facing a double"
            ),
            "ru": (
                "подсказка — игроку, чей ход: после броска, перед броском, когда"
                " можно удвоить, или при удвоении соперника"
            ),
        },
        "error.review-not-over": {
            "en": "a game is reviewed once it is over",
            "ru": "анализ партии доступен после её окончания",
        },
    }
)
