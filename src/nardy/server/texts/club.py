"""The club's texts (ratings, clocks, profiles, bans, settings) in the catalogue
(``nardy.i18n``): errors (``error.*``), server phrases (``club.*``) and the web page's
texts (``web.*``, carried to the browser by ``static/messages.js``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        # the result card between the games of a match between people (next_game.js):
        # the next game starts when both asked, or by itself {time} after the first
        "web.next-game-ready": {
            "en": "{name} is ready for the next game",
            "ru": "{name} ждёт следующую партию",
        },
        "web.next-game-waiting": {
            "en": "You are ready: waiting for your opponent",
            "ru": "Вы готовы: ждём соперника",
        },
        "web.next-game-starts": {
            "en": "it starts in {time}",
            "ru": "она начнётся через {time}",
        },
        # errors
        "error.banned": {
            "en": "{name} is banned from play",
            "ru": "{name} отстранён от игры",
        },
        "error.unrated-guest": {
            "en": "{name} is a guest: only members play rated games",
            "ru": "{name} — гость: на рейтинг играют только зарегистрированные",
        },
        "error.clock-for-people": {
            "en": "a clock is for a game between people: with a friend, or in the lobby",
            "ru": "часы — для партии между людьми: с другом или в лобби",
        },
        "error.clock-shape": {
            "en": "the clock is an object with delay and reserve (seconds)",
            "ru": "часы — JSON-объект: задержка и запас времени в секундах",
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
            "en": "settings are a JSON object with some of {known}",
            "ru": "настройки — JSON-объект с полями из {known}",
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
        # the web page: results on time (the game page's result card reads these too)
        "web.kinds.time": {"en": "on time", "ru": "по времени"},
        "web.reasons.time": {"en": "time ran out", "ru": "время вышло"},
        # the clock and the rating change on the game page (clock.js)
        "web.clock-delay": {"en": "delay", "ru": "задержка"},
        "web.clock-title": {"en": "Clock", "ru": "Часы"},
        "web.rating-change": {
            "en": "{name}: rating {before} → {after} ({delta})",
            "ru": "{name}: рейтинг {before} → {after} ({delta})",
        },
        # profiles and the leaderboard (account.js, leaders.js)
        "web.pools.long": {"en": "Long nardy", "ru": "Длинные нарды"},
        "web.pools.short": {
            "en": "Short nardy and backgammon",
            "ru": "Короткие нарды и бэкгаммон",
        },
        "web.ratings": {"en": "Ratings", "ru": "Рейтинги"},
        "web.rating": {"en": "Rating", "ru": "Рейтинг"},
        "web.provisional": {"en": "provisional", "ru": "предварительный"},
        # (the "?" mark's button: a tap or a key opens the note below beside it)
        "web.provisional-what": {
            "en": "Provisional rating: what does “?” mean?",
            "ru": "Предварительный рейтинг: что значит «?»",
        },
        # (said where a rating is marked "?": its title, the leaderboard's line)
        "web.provisional-note": {
            "en": (
                "“?”: a provisional rating. After only a few rated matches the club is not"
                " yet sure of it (its deviation, RD, is above 110), so it moves fast: by a"
                " couple of hundred points in the first match, by tens later; it settles"
                " as more matches are played."
            ),
            "ru": (
                "«?» — предварительный рейтинг. После немногих рейтинговых матчей клуб ещё"
                " не уверен в нём (его отклонение, RD, больше 110), поэтому он меняется"
                " быстро: в первом матче — на пару сотен очков, потом на десятки; с каждым"
                " матчем он становится точнее."
            ),
        },
        # the profile: why a rating moves as much as it does (Glicko-2)
        "web.rating-explained": {
            "en": (
                "How the rating moves (Glicko-2): while a rating is uncertain (RD high,"
                " few matches) a result moves it a lot; once it is settled, less. A win"
                " over a stronger player gains more than over a weaker one, a loss to a"
                " weaker one costs more, and a longer match counts more."
            ),
            "ru": (
                "Как меняется рейтинг (Glicko-2): пока рейтинг неточен (RD большое, матчей"
                " мало), каждый результат сдвигает его сильно; когда он устоялся — меньше."
                " Победа над более сильным соперником даёт больше, чем над слабым,"
                " поражение от более слабого стоит больше, а длинный матч весит больше."
            ),
        },
        "web.opponent-rating": {
            "en": "rating {rating} then",
            "ru": "рейтинг тогда {rating}",
        },
        "web.rated-matches": {
            "en": "{n} rated {n:plural:match|matches}",
            "ru": "{n} {n:plural:рейтинговый матч|рейтинговых матча|рейтинговых матчей}",
        },
        "web.no-rating": {"en": "No rated matches yet", "ru": "Рейтинговых матчей пока нет"},
        "web.rating-graph": {"en": "Rating history", "ru": "График рейтинга"},
        "web.axis-date": {"en": "Date", "ru": "Дата"},
        "web.statistics": {"en": "Statistics", "ru": "Статистика"},
        "web.stat-games": {"en": "Games and matches", "ru": "Партий и матчей"},
        "web.stat-wins": {"en": "Won", "ru": "Побед"},
        "web.stat-losses": {"en": "Lost", "ru": "Поражений"},
        "web.stat-mars": {"en": "Mars (gammons) won / lost", "ru": "Марсов: выиграно / проиграно"},
        "web.stat-koks": {
            "en": "Koks (backgammons) won / lost",
            "ru": "Коксов: выиграно / проиграно",
        },
        "web.stat-error-rate": {
            "en": "Average error rate (reviewed games)",
            "ru": "Средний уровень ошибок (разобранные партии)",
        },
        "web.stat-error-rate-none": {"en": "no reviews yet", "ru": "разборов пока нет"},
        "web.games-of": {"en": "Games", "ru": "Партии"},
        "web.current-games": {"en": "Games in progress", "ru": "Текущие партии"},
        "web.filter-all": {"en": "All", "ru": "Все"},
        "web.filter-won": {"en": "Won", "ru": "Победы"},
        "web.filter-lost": {"en": "Lost", "ru": "Поражения"},
        "web.filter-rated": {"en": "Rated", "ru": "На рейтинг"},
        "web.filter-unrated": {"en": "Unrated", "ru": "Без рейтинга"},
        "web.filter-opponent": {"en": "Opponent's name", "ru": "Имя соперника"},
        "web.show": {"en": "Show", "ru": "Показать"},
        "web.outcome-won": {"en": "Won", "ru": "Победа"},
        "web.outcome-lost": {"en": "Lost", "ru": "Поражение"},
        "web.history-replay": {"en": "replay", "ru": "повтор"},
        "web.history-review": {"en": "review", "ru": "разбор"},
        "web.rated-mark": {"en": "rated", "ru": "на рейтинг"},
        "web.page-of": {"en": "page {n} of {total}", "ru": "страница {n} из {total}"},
        "web.prev-page": {"en": "← Newer", "ru": "← Новее"},
        "web.next-page": {"en": "Older →", "ru": "Старее →"},
        "web.no-games": {"en": "No games", "ru": "Партий нет"},
        "web.moderator": {"en": "moderator", "ru": "модератор"},
        "web.banned": {"en": "banned", "ru": "отстранён"},
        "web.auto-roll": {
            "en": "Roll for me when I cannot double",
            "ru": "Бросать кости за меня, когда удвоить нельзя",
        },
        "web.auto-play": {
            "en": "Make a forced move for me",
            "ru": "Делать вынужденный ход за меня",
        },
        "web.saved": {"en": "Saved", "ru": "Сохранено"},
        # the member's password on his profile (account.js)
        "web.password-current": {"en": "Current password", "ru": "Текущий пароль"},
        "web.password-new": {"en": "New password", "ru": "Новый пароль"},
        "web.password-change": {"en": "Change password", "ru": "Сменить пароль"},
        "web.password-and-devices": {"en": "Password and devices", "ru": "Пароль и устройства"},
        "web.logout-others": {
            "en": "Log out on other devices",
            "ru": "Выйти на других устройствах",
        },
        "web.logged-out-others": {
            "en": "Sessions ended on other devices: {n}",
            "ru": "Закрыто сеансов на других устройствах: {n}",
        },
        "web.close-account": {"en": "Close account", "ru": "Закрыть учётную запись"},
        "web.close-account-text": {
            "en": (
                "Your finished games stay in the club's history under your name; your"
                " profile, ratings and friends go, nobody can log in as you, and nobody"
                " can take your name."
            ),
            "ru": (
                "Ваши сыгранные партии останутся в истории клуба под вашим именем; профиль,"
                " рейтинги и друзья исчезнут, войти под вашим именем и занять его не"
                " сможет никто."
            ),
        },
        "web.close-confirm": {
            "en": "Close your account for good? This cannot be undone.",
            "ru": "Закрыть учётную запись навсегда? Отменить это нельзя.",
        },
        "web.account-closed": {"en": "Your account is closed", "ru": "Учётная запись закрыта"},
        "web.password-changed": {
            "en": "Password changed: your other devices are logged out",
            "ru": "Пароль изменён: на других устройствах вход закрыт",
        },
        # the history's rows: the time of a recent game, and a game ended by resigning
        # or by refusing a double, said after "Won"/"Lost" (account.js)
        "web.history-today": {"en": "today {time}", "ru": "сегодня {time}"},
        "web.history-yesterday": {"en": "yesterday {time}", "ru": "вчера {time}"},
        "web.history-resigned": {"en": "resigned", "ru": "сдача"},
        "web.history-they-resigned": {"en": "opponent resigned", "ru": "соперник сдался"},
        "web.history-dropped": {"en": "double refused", "ru": "отказ от удвоения"},
        "web.history-they-dropped": {
            "en": "opponent refused the double",
            "ru": "соперник не принял удвоение",
        },
        "web.rating-delta-title": {"en": "Rating change", "ru": "Изменение рейтинга"},
        # the rating graph's points open their game's replay
        "web.rating-point-vs": {"en": "vs {name}", "ru": "против {name}"},
        "web.rating-point-open": {
            "en": "Click a point to replay its game.",
            "ru": "Нажмите на точку, чтобы посмотреть партию.",
        },
        # the login page: no e-mail is kept, the operator sets a new password
        "web.forgot-password": {
            "en": "Forgot your password? Ask the club's operator: he can set a new one.",
            "ru": "Забыли пароль? Обратитесь к оператору клуба: он может задать новый.",
        },
        # the leaderboard: the visitor's own row, and the provisional ratings after the
        # established ones, in a section of their own
        "web.leaders-provisional": {
            "en": "Provisional ratings (fewer games: not ranked yet)",
            "ru": "Предварительные рейтинги (мало партий: ещё без места)",
        },
        "web.leaders": {"en": "Leaderboard", "ru": "Рейтинг игроков"},
        "web.rank": {"en": "#", "ru": "№"},
        "web.player": {"en": "Player", "ru": "Игрок"},
        "web.rd": {"en": "RD", "ru": "RD"},
        "web.rated-games": {"en": "Matches", "ru": "Матчей"},
        "web.nobody-rated": {
            "en": (
                "Nobody has a rating here yet: ratings come from rated matches between"
                " members; games against the computer are not rated."
            ),
            "ru": (
                "Здесь пока ни у кого нет рейтинга: его дают рейтинговые матчи между"
                " участниками клуба, игры с компьютером на рейтинг не влияют."
            ),
        },
    }
)
