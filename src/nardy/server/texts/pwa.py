"""The texts of the installable app (``pwa.*``: the manifest's name, the service
worker's offline page) and of the turn signals and their settings (``web.signal…``,
``web.offline``) in the catalogue (``nardy.i18n``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # the manifest (routes/pwa.py says it in the request's language)
        "pwa.name": {"en": "Nardy", "ru": "Нарды"},
        "pwa.description": {
            "en": "Long and short nardy online: against the computer, with a friend by link,"
            " two players on one device",
            "ru": "Длинные и короткие нарды онлайн: с компьютером, с другом по ссылке,"
            " вдвоём за одним устройством",
        },
        # the service worker's page when neither the network nor its cache answers
        "pwa.offline-title": {"en": "No connection", "ru": "Нет связи"},
        "pwa.offline-text": {
            "en": "Nardy will open when you are back online.",
            "ru": "Нарды откроются, когда появится интернет.",
        },
        "pwa.offline-retry": {"en": "Try again", "ru": "Повторить"},
        # the page's bar while the browser is offline
        "web.offline": {
            "en": "No connection to the server. The game goes on when you are back online.",
            "ru": "Нет связи с сервером. Игра продолжится, когда связь вернётся.",
        },
        # the turn signals and their menu in the header
        "web.signals": {"en": "Turn signals", "ru": "Сигналы хода"},
        "web.signal-title": {"en": "Flash the tab title", "ru": "Мигать заголовком вкладки"},
        "web.signal-vibrate": {"en": "Vibrate", "ru": "Вибрация"},
        "web.signal-turn-sound": {"en": "Sound: your turn", "ru": "Звук: ваш ход"},
        "web.signal-dice-sound": {"en": "Sound: dice rolled", "ru": "Звук: бросок костей"},
        "web.signal-move-sound": {"en": "Sound: checker moved", "ru": "Звук: ход шашки"},
        "web.signal-low-time": {"en": "Time running out", "ru": "Время на исходе"},
        "web.signal-test": {"en": "Play the sound", "ru": "Проверить звук"},
        "web.signals-note": {
            "en": "The browser lets a page make sounds after your first tap or click on it.",
            "ru": "Браузер разрешает странице звук после первого нажатия на ней.",
        },
        "web.your-turn-title": {"en": "● Your turn — Nardy", "ru": "● Ваш ход — Нарды"},
    }
)
