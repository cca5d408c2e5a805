"""The texts of players' names in the catalogue (``nardy.i18n``): the errors of a new
name (``error.name-*``) and the profile's name and blocked-players cards (``web.*``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # errors
        "error.bad-name": {
            "en": "a name is 3-30 letters, digits, '.', '-' or '_'",
            "ru": "имя: 3-30 букв, цифр, '.', '-' или '_'",
        },
        "error.name-reserved": {
            "en": "names like {name} are given to guests; choose another",
            "ru": "имена вроде {name} даются гостям; выберите другое",
        },
        "error.name-of-member": {
            "en": "{name} is too like the member {clash}; choose another name",
            "ru": "{name} слишком похоже на имя игрока {clash}; выберите другое",
        },
        "error.name-members-only-username": {
            "en": "a member is called by his username",
            "ru": "зарегистрированного игрока зовут по имени пользователя",
        },
        "error.too-many-renames": {
            "en": "too many name changes; try again in {wait} s",
            "ru": "слишком много смен имени; попробуйте через {wait} с",
        },
        # the profile
        "web.your-name": {"en": "Your name", "ru": "Ваше имя"},
        "web.your-name-note": {
            "en": "Other players see this name. Sign up to keep it for good.",
            "ru": "Это имя видят другие игроки. Зарегистрируйтесь, чтобы закрепить его за собой.",
        },
        "web.save-name": {"en": "Save", "ru": "Сохранить"},
        "web.not-now": {"en": "Not now", "ru": "Не сейчас"},
        "web.name-saved": {"en": "Name saved", "ru": "Имя сохранено"},
        "web.blocked-players": {"en": "Blocked players", "ru": "Заблокированные игроки"},
        "web.no-blocked": {"en": "You have blocked no one.", "ru": "Вы никого не блокировали."},
        "web.unblocked": {"en": "{name} is unblocked", "ru": "Блокировка снята: {name}"},
        "web.hint-toggle": {"en": "What is this?", "ru": "Что это?"},
    }
)
