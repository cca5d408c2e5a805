"""Tournaments' texts in the catalogue (``nardy.i18n``): the errors of the formats
(``tournament_formats``: entries, results and rounds a format does not allow), the
club's tournament errors (``tournaments``: registration, creation, withdrawal) and how
a tournament game lost by forfeit is told."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "error.tournament-size": {
            "en": "this tournament format takes {low} to {high} players, not {n}",
            "ru": (
                "в этом формате турнира от {low} до {high}"
                " {high:plural:игрока|игроков|игроков}, а не {n}"
            ),
        },
        "error.tournament-duplicate-player": {
            "en": "player {player} is entered twice",
            "ru": "игрок {player} записан дважды",
        },
        "error.tournament-unknown-player": {
            "en": "round {round}: player {player} is not in the tournament",
            "ru": "тур {round}: игрок {player} не участвует в турнире",
        },
        "error.tournament-played-twice": {
            "en": "round {round}: player {player} plays more than once",
            "ru": "тур {round}: игрок {player} играет больше одного раза",
        },
        "error.tournament-bad-result": {
            "en": "round {round}: {winner} did not play in the game {first} against {second}",
            "ru": "тур {round}: {winner} не играл в партии {first} против {second}",
        },
        "error.tournament-rounds": {
            "en": (
                "a Swiss tournament of {n} players has 1 to {high}"
                " {high:plural:round|rounds}, not {rounds}"
            ),
            "ru": (
                "в турнире по швейцарской системе на {n} {n:plural:игрока|игрока|игроков}"
                " от 1 до {high} {high:plural:тура|туров|туров}, а не {rounds}"
            ),
        },
        "error.tournament-round-order": {
            "en": "round {round} cannot be paired after {played} played"
            " {played:plural:round|rounds}",
            "ru": (
                "тур {round} нельзя составить после {played}"
                " {played:plural:сыгранного тура|сыгранных туров|сыгранных туров}"
            ),
        },
        "error.tournament-no-pairing": {
            "en": "round {round} cannot be paired: every pairing would repeat a game"
            " already played",
            "ru": "тур {round} составить нельзя: любая пара повторила бы уже сыгранную партию",
        },
        "error.tournament-undecided": {
            "en": "round {round}: the game {first} against {second} has no winner (or two)",
            "ru": "тур {round}: у партии {first} против {second} нет победителя (или их два)",
        },
        "error.tournament-over": {
            "en": "the knock-out was decided in round {round}: no later round is played",
            "ru": "турнир на выбывание решён в туре {round}: следующих туров нет",
        },
    }
)

register(
    {
        "error.tournament-not-found": {
            "en": "there is no tournament {id}",
            "ru": "турнира {id} нет",
        },
        "error.tournament-guest": {
            "en": "guests do not play in tournaments: make an account first",
            "ru": "гости не играют в турнирах: сначала заведите учётную запись",
        },
        "error.tournament-public-moderators": {
            "en": "only moderators create public tournaments (a private one is open to you)",
            "ru": "открытые турниры создают только модераторы (закрытый можете создать вы)",
        },
        "error.tournament-invite": {
            "en": "this tournament is private: join it by its invitation",
            "ru": "это закрытый турнир: в него входят по приглашению",
        },
        "error.tournament-started": {
            "en": "the tournament has started: its registration is closed",
            "ru": "турнир уже начался: запись закрыта",
        },
        "error.tournament-started-withdraw": {
            "en": "the tournament has started: withdraw instead (your games are then lost)",
            "ru": "турнир уже начался: можно только сняться (ваши партии будут проиграны)",
        },
        "error.tournament-started-cancel": {
            "en": "the tournament has started: it can no longer be cancelled",
            "ru": "турнир уже начался: отменить его нельзя",
        },
        "error.tournament-closed": {
            "en": "the tournament's registration is closed: it has started or is over",
            "ru": "запись в турнир закрыта: он уже начался или завершён",
        },
        "error.tournament-sitngo-start": {
            "en": "a sit-and-go starts when its {size} places are taken:"
            " add computer players to fill it",
            "ru": "турнир «сел и играй» начинается, когда заняты все места ({size}):"
            " добавьте компьютеры, чтобы заполнить его",
        },
        "error.tournament-too-few": {
            "en": "too few players to start: {n} of at least {low}",
            "ru": "мало участников для начала: {n} из минимум {low}",
        },
        "error.tournament-no-entry": {
            "en": "no such entry in this tournament",
            "ru": "такого участника в турнире нет",
        },
        "error.tournament-joined-twice": {
            "en": "you are in this tournament already",
            "ru": "вы уже записаны в этот турнир",
        },
        "error.tournament-full": {
            "en": "the tournament is full ({size} players)",
            "ru": "в турнире нет мест ({size} {size:plural:игрок|игрока|игроков})",
        },
        "error.tournament-not-entered": {
            "en": "you are not in this tournament",
            "ru": "вы не участвуете в этом турнире",
        },
        "error.tournament-not-running": {
            "en": "the tournament is not running: there is nothing to withdraw from",
            "ru": "турнир не идёт: сниматься не с чего",
        },
        "error.tournament-withdrawn-twice": {
            "en": "you have withdrawn from this tournament already",
            "ru": "вы уже снялись с этого турнира",
        },
        "error.tournament-not-creator": {
            "en": "only the tournament's creator may do that",
            "ru": "это может только создатель турнира",
        },
        "error.tournament-bad-name": {
            "en": "a tournament's name is 1 to {max} characters",
            "ru": "название турнира: от 1 до {max} символов",
        },
        "error.tournament-bad-format": {
            "en": "unknown tournament format {value}: one of {known}",
            "ru": "неизвестный формат турнира {value}: возможны {known}",
        },
        "error.tournament-bad-number": {
            "en": "{name} must be a whole number, not {value}",
            "ru": "{name} должно быть целым числом, а не {value}",
        },
        "error.tournament-bad-lengths": {
            "en": "match lengths are 1 to {max} points, one per round (six at most)",
            "ru": (
                "длина матча от 1 до {max} {max:plural:очка|очков|очков},"
                " по одной на тур (не больше шести)"
            ),
        },
        "error.tournament-sitngo-size": {
            "en": "a sit-and-go has {sizes} players, not {n}",
            "ru": "в турнире «сел и играй» число игроков — {sizes}, а не {n}",
        },
        "error.tournament-sitngo-no-start": {
            "en": "a sit-and-go has no start time: it starts when it is full",
            "ru": "у турнира «сел и играй» нет времени начала: он начинается, когда набран",
        },
        "error.tournament-bad-start": {
            "en": "the start time is an ISO date and time, such as 2026-12-31T18:00:00+00:00",
            "ru": "время начала: дата и время в формате 'ISO 8601',"
            " например 2026-12-31T18:00:00+00:00",
        },
        "error.tournament-start-past": {
            "en": "the start time must be in the future",
            "ru": "время начала должно быть в будущем",
        },
        "error.tournament-bad-no-show": {
            "en": "the time to show up is {low} to {high} seconds",
            "ru": "время на явку: от {low} до {high} {high:plural:секунды|секунд|секунд}",
        },
        "club.forfeit-withdrawn": {
            "en": "{color} withdrew from the tournament: the match is lost",
            "ru": "{color}: снялся с турнира, матч проигран",
        },
        "club.forfeit-no-show": {
            "en": "{color} did not show up in time: the match is lost",
            "ru": "{color}: не явился вовремя, матч проигран",
        },
    }
)

# the tournaments' pages (static/tournaments.js), read as t("tournamentJoin")
register(
    {
        "web.tournaments": {"en": "Tournaments", "ru": "Турниры"},
        "web.tournament-upcoming": {"en": "Registration open", "ru": "Идёт запись"},
        "web.tournament-running": {"en": "Running", "ru": "Идут"},
        "web.tournament-finished": {"en": "Finished", "ru": "Завершены"},
        "web.tournament-none": {"en": "None yet", "ru": "Пока нет"},
        "web.tournament-all": {"en": "All tournaments", "ru": "Все турниры"},
        "web.tournament-new": {"en": "New tournament", "ru": "Новый турнир"},
        "web.tournament-create": {"en": "Create", "ru": "Создать"},
        "web.tournament-name": {"en": "Name", "ru": "Название"},
        "web.tournament-format": {"en": "Format", "ru": "Формат"},
        "web.tournament-formats.knockout": {"en": "Knock-out", "ru": "На выбывание"},
        "web.tournament-formats.sitngo": {"en": "Sit and go", "ru": "Сел и играй"},
        "web.tournament-formats.swiss": {"en": "Swiss", "ru": "Швейцарская система"},
        "web.tournament-formats.roundrobin": {"en": "Round robin", "ru": "Круговой"},
        "web.tournament-size": {"en": "Players", "ru": "Игроков"},
        "web.tournament-rounds": {"en": "Rounds (Swiss)", "ru": "Туров (швейцарская)"},
        "web.tournament-length": {"en": "Match length", "ru": "Длина матча"},
        "web.tournament-starts": {
            "en": "Start (empty: when full)",
            "ru": "Начало (пусто: когда наберётся)",
        },
        "web.tournament-no-show": {"en": "Time to show up", "ru": "Время на явку"},
        "web.tournament-public": {"en": "Public (moderators)", "ru": "Открытый (модераторы)"},
        "web.tournament-rated": {"en": "Rated", "ru": "Рейтинговый"},
        "web.tournament-join": {"en": "Join", "ru": "Записаться"},
        "web.tournament-private": {
            "en": "A private tournament: you join it by the invitation link its creator shares.",
            "ru": "Закрытый турнир: в него записываются по ссылке-приглашению от создателя.",
        },
        "web.tournament-leave": {"en": "Leave", "ru": "Выписаться"},
        "web.tournament-withdraw": {"en": "Withdraw", "ru": "Сняться"},
        "web.tournament-add-computer": {"en": "Add a computer player", "ru": "Добавить компьютер"},
        "web.tournament-invite": {
            "en": "Invitation link (send it to the players)",
            "ru": "Ссылка-приглашение (отправьте её игрокам)",
        },
        "web.tournament-players": {"en": "Players", "ru": "Участники"},
        "web.tournament-bracket": {"en": "Bracket", "ru": "Сетка"},
        "web.tournament-standings": {"en": "Standings", "ru": "Таблица"},
        "web.tournament-round": {"en": "Round {n}", "ru": "Тур {n}"},
        "web.tournament-bye": {"en": "bye", "ru": "пропускает тур"},
        "web.tournament-computer": {
            "en": "computer {n} ({level})",
            "ru": "компьютер {n} ({level})",
        },
        "web.tournament-winner": {"en": "Winner: {name}", "ru": "Победитель: {name}"},
        "web.tournament-cancelled": {
            "en": "Cancelled: too few players",
            "ru": "Отменён: мало участников",
        },
        "web.tournament-cancelled-by.creator": {
            "en": "Cancelled by its creator",
            "ru": "Отменён создателем",
        },
        "web.tournament-cancelled-by.moderator": {
            "en": "Cancelled by a moderator",
            "ru": "Отменён модератором",
        },
        "web.tournament-cancel": {"en": "Cancel the tournament", "ru": "Отменить турнир"},
        "web.tournament-cancel-confirm": {
            "en": "Cancel “{name}”? Its players are told, and it cannot be undone.",
            "ru": "Отменить «{name}»? Участники это увидят; вернуть будет нельзя.",
        },
        "web.tournament-start-now": {"en": "Start now", "ru": "Начать сейчас"},
        "web.tournament-start-now-confirm": {
            "en": "Start “{name}” now with its {n} players? Registration then closes.",
            "ru": "Начать «{name}» сейчас, с {n} {n:plural:участником|участниками|участниками}?"
            " Запись будет закрыта.",
        },
        "web.tournament-remove": {"en": "Remove {name}", "ru": "Убрать: {name}"},
        "web.tournament-status.registering": {"en": "registration open", "ru": "идёт запись"},
        "web.tournament-status.running": {"en": "running", "ru": "идёт"},
        "web.tournament-status.over": {"en": "finished", "ru": "завершён"},
        "web.tournament-forfeit.withdrawn": {
            "en": "{name} withdrew",
            "ru": "снятие с турнира: {name}",
        },
        "web.tournament-forfeit.no-show": {"en": "no-show: {name}", "ru": "неявка: {name}"},
        "web.tournament-forfeit.computers": {"en": "computers: by lot", "ru": "компьютеры: жребий"},
        "web.tournament-forfeit.banned": {"en": "{name} banned", "ru": "блокировка: {name}"},
        "web.tournament-forfeit.bye": {"en": "bye", "ru": "пропуск тура"},
        "web.tournament-game": {"en": "game", "ru": "партия"},
        "web.tournament-act-by": {"en": "act by {time}", "ru": "ход до {time}"},
        "web.tournament-act-by-why": {
            "en": "Who has not acted by then loses the match (no-show)",
            "ru": "Кто не сделал ход к этому времени, проигрывает матч (неявка)",
        },
        "web.tournament-members-only": {
            "en": "Tournaments are for members: sign up to play",
            "ru": "Турниры — для зарегистрированных: зарегистрируйтесь, чтобы играть",
        },
        "web.tournament-withdrawn": {"en": "withdrawn", "ru": "снятие с турнира"},
        "web.tournament-points": {"en": "Points", "ru": "Очки"},
        "web.tournament-buchholz": {"en": "Buchholz", "ru": "Бухгольц"},
        "web.tournament-sonneborn": {"en": "Sonneborn–Berger", "ru": "Коэф. Бергера"},
        "web.tournament-sonneborn-why": {
            "en": "The points of the players each beat, added up: the tie-break after Buchholz",
            "ru": "Сумма очков соперников, у которых игрок выиграл: дополнительный"
            " показатель после Бухгольца",
        },
        "web.tournament-buchholz-why": {
            "en": "The points of all the player's opponents, added up",
            "ru": "Сумма очков всех соперников игрока",
        },
        "web.tournament-place": {"en": "Place", "ru": "Место"},
        "web.profile-tournament-place": {
            "en": "place {place} of {n}",
            "ru": "{place}-е место из {n}",
        },
        "web.profile-tournaments-won": {
            "en": "Won {won} of {entered} {entered:plural:tournament|tournaments}",
            "ru": "Выиграно {won} из {entered} {entered:plural:турнира|турниров|турниров}",
        },
        "web.tournament-count": {
            "en": "{n} of {size} {size:plural:player|players}",
            # "из" takes the genitive: из 21 игрока, из 8 игроков
            "ru": "{n} из {size} {size:plural:игрока|игроков|игроков}",
        },
        "web.tournament-starts-at": {"en": "starts {at}", "ru": "начало {at}"},
        "web.tournament-when-full": {"en": "starts when full", "ru": "начнётся, когда наберётся"},
        "web.tournament-seed": {"en": "Seed", "ru": "Посев"},
    }
)

# a player's game has started (a tournament's round, or the lobby's pairing): his
# lobby's, tournament's or finished game's page takes him to it (lobby.js, tournaments.js,
# game_tournament.js); and the sizes the form of a new tournament offers
register(
    {
        "web.tournament-game-started": {
            "en": "“{name}”, round {round}: your game has started",
            "ru": "«{name}», тур {round}: ваша партия началась",
        },
        "web.game-started-title": {
            "en": "Your game has started!",
            "ru": "Ваша партия началась!",
        },
        "web.tournament-size-range": {
            "en": "{low} to {high} players",
            "ru": "от {low} до {high} {high:plural:игрока|игроков|игроков}",
        },
        "web.tournament-size-list": {
            "en": "{sizes} or {last} players",
            "ru": "{sizes} или {last} {last:plural:игрок|игрока|игроков}",
        },
    }
)

# what the organizers of the first tournaments asked for: a withdrawal confirmed, the
# computer winner named, the player's own game in progress, what follows a tournament
# game, the number of rounds, the no-show rule said, cancelled ones marked, the
# knock-out's rounds named, the places
register(
    {
        "web.tournament-withdraw-confirm": {
            "en": "Withdraw from “{name}”? Your match in progress is lost and every later"
            " round is forfeited; it cannot be undone.",
            "ru": "Сняться с «{name}»? Текущий матч будет проигран, а следующие туры —"
            " засчитаны как поражения; вернуться будет нельзя.",
        },
        "web.tournament-your-game": {
            "en": "Your round {round} game is on",
            "ru": "Ваша партия тура {round} идёт",
        },
        "web.tournament-to-game": {"en": "Join the game", "ru": "К партии"},
        "web.tournament-round-of": {"en": "Round {n} of {total}", "ru": "Тур {n} из {total}"},
        "web.tournament-rounds-total": {
            "en": "{n} {n:plural:round|rounds}",
            "ru": "{n} {n:plural:тур|тура|туров}",
        },
        "web.tournament-final": {"en": "Final", "ru": "Финал"},
        "web.tournament-semi-final": {"en": "Semi-final", "ru": "Полуфинал"},
        "web.tournament-quarter-final": {"en": "Quarter-final", "ru": "1/4 финала"},
        "web.tournament-fraction-final": {"en": "1/{half} final", "ru": "1/{half} финала"},
        "web.tournament-upcoming-round": {
            "en": "Round {n} (to come)",
            "ru": "Тур {n} (впереди)",
        },
        "web.tournament-no-show-rule": {
            "en": "No-show: a player who has not made his move {time} after his round"
            " starts (or his game's turn comes) loses the match.",
            "ru": "Неявка: кто не сделал ход за {time} от начала тура (или своей очереди"
            " хода), проигрывает матч.",
        },
        "web.tournament-no-show-hint": {
            "en": "who has not moved by then loses the match ({low} to {high})",
            "ru": "кто не сделал ход за это время, проигрывает матч (от {low} до {high})",
        },
        "web.tournament-seconds": {
            "en": "{n} {n:plural:second|seconds}",
            "ru": "{n} {n:plural:секунду|секунды|секунд}",
        },
        "web.tournament-minutes": {
            "en": "{n} {n:plural:minute|minutes}",
            "ru": "{n} {n:plural:минуту|минуты|минут}",
        },
        "web.tournament-hours": {
            "en": "{n} {n:plural:hour|hours}",
            "ru": "{n} {n:plural:час|часа|часов}",
        },
        "web.tournament-days": {
            "en": "{n} {n:plural:day|days}",
            "ru": "{n} {n:plural:день|дня|дней}",
        },
        "web.tournament-status.cancelled": {"en": "cancelled", "ru": "отменён"},
        "web.tournament-cancelled-label": {"en": "cancelled", "ru": "отменён"},
        "web.tournament-private-terms": {"en": "private", "ru": "закрытый"},
        "web.tournament-places": {"en": "Places", "ru": "Места"},
        "web.tournament-login-to-join": {
            "en": "To join this tournament, {login} or {register}, then open the invitation"
            " link again.",
            "ru": "Чтобы записаться в турнир, {login} или {register}, затем снова откройте"
            " ссылку-приглашение.",
        },
        "web.tournament-login-link": {"en": "log in", "ru": "войдите"},
        "web.tournament-register-link": {"en": "sign up", "ru": "зарегистрируйтесь"},
        "web.tournament-new-fold": {"en": "Create a tournament", "ru": "Создать турнир"},
        "web.tournament-back": {"en": "Back to the tournament", "ru": "Вернуться к турниру"},
        "web.tournament-next-waiting": {
            "en": "Round {round} starts once the round's other games are over.",
            "ru": "Тур {round} начнётся, когда закончатся остальные партии тура.",
        },
        "web.tournament-next-waiting-end": {
            "en": "The result comes once the round's other games are over.",
            "ru": "Итог — когда закончатся остальные партии тура.",
        },
        "web.tournament-next-game": {
            "en": "Your round {round} game has started",
            "ru": "Ваша партия тура {round} уже началась",
        },
        "web.tournament-next-bye": {
            "en": "You have the bye in round {round}: wait for the next one.",
            "ru": "В туре {round} вы пропускаете тур: ждите следующего.",
        },
        "web.tournament-next-out": {
            "en": "You are out of the tournament.",
            "ru": "Вы выбыли из турнира.",
        },
        "web.tournament-next-over": {
            "en": "The tournament is over: place {place} of {n}.",
            "ru": "Турнир завершён: {place}-е место из {n}.",
        },
        "web.tournament-next-over-plain": {
            "en": "The tournament is over.",
            "ru": "Турнир завершён.",
        },
        "web.tournament-next-over-range": {
            "en": "The tournament is over: places {place}–{to} of {n}.",
            "ru": "Турнир завершён: {place}–{to}-е место из {n}.",
        },
        "web.tournament-next-out-place": {
            "en": "You are out: place {place} of {n}. The tournament goes on.",
            "ru": "Вы выбыли: {place}-е место из {n}. Турнир продолжается.",
        },
        "web.tournament-next-out-range": {
            "en": "You are out: places {place}–{to} of {n}. The tournament goes on.",
            "ru": "Вы выбыли: {place}–{to}-е место из {n}. Турнир продолжается.",
        },
        "web.tournament-field": {
            "en": "{n} {n:plural:player|players}",
            "ru": "{n} {n:plural:игрок|игрока|игроков}",
        },
        "web.tournament-field-withdrew": {
            "en": "{n} {n:plural:player|players}, {w} withdrew",
            "ru": "{n} {n:plural:игрок|игрока|игроков}, {w} {w:plural:снялся|снялись|снялись}",
        },
        "web.tournament-seeds": {"en": "Seeds", "ru": "Посев"},
        "web.tournament-seeds-why": {
            "en": "The players in seeding order, by rating at the start: not the standings.",
            "ru": "Участники в порядке посева, по рейтингу на старте: это не таблица мест.",
        },
        "web.tournament-played": {"en": "Played", "ru": "Игр"},
        "web.tournament-played-why": {
            "en": "Matches played (a bye is not one)",
            "ru": "Сыграно матчей (пропуск тура не считается)",
        },
        # (word joiners: the narrow column never breaks at the dash)
        "web.tournament-won-lost": {"en": "W\u2060–\u2060L", "ru": "В\u2060–\u2060П"},
        "web.tournament-won-lost-why": {
            "en": "Matches won and lost (forfeits included)",
            "ru": "Матчей выиграно и проиграно (неявки и снятия тоже)",
        },
        "web.tournament-head-to-head": {"en": "H2H", "ru": "Личн."},
        "web.tournament-head-to-head-why": {
            "en": "Head-to-head: wins against the players level with him on points, Buchholz"
            " and Sonneborn–Berger; shown where it decided the place",
            "ru": "Личные встречи: победы над игроками, равными по очкам, Бухгольцу и"
            " коэффициенту Бергера; показаны там, где они решили место",
        },
        "web.tournament-standings-legend": {
            "en": "Equal points are split by Buchholz (the points of all his opponents added"
            " up), then Sonneborn–Berger (the points of the opponents he beat), then the"
            " head-to-head games, then rating.",
            "ru": "При равных очках выше тот, у кого больше Бухгольц (сумма очков всех"
            " соперников), затем коэффициент Бергера (сумма очков побеждённых соперников),"
            " затем личные встречи, затем рейтинг.",
        },
        "web.tournament-standings-after": {
            "en": "After round {n}",
            "ru": "После {n}-го тура",
        },
        "web.tournament-standings-live": {
            "en": "After round {n}, round {next} in progress: its finished matches count",
            "ru": "После {n}-го тура; идёт {next}-й тур, его сыгранные матчи уже учтены",
        },
        "web.tournament-standings-live-first": {
            "en": "Round 1 in progress: its finished matches count",
            "ru": "Идёт 1-й тур, его сыгранные матчи уже учтены",
        },
        "web.tournament-withdrew-mark": {"en": "withdrew", "ru": "снялся"},
    }
)

# what a tournament director asked for (a walkthrough against Backgammon Galaxy and
# DailyGammon): each round's match length from the form, the start time read back in
# the page's language, sharing the page and its results, the bracket's champion, and a
# withdrawn player told so
register(
    {
        "web.tournament-lengths-each": {
            "en": "A different length for each round",
            "ru": "Своя длина матча в каждом туре",
        },
        "web.tournament-lengths-hint": {
            "en": "Points to win a match, round by round (a 5-point final, say).",
            "ru": "Сколько очков нужно для победы в матче, тур за туром (например, финал до 5).",
        },
        "web.tournament-round-and-later": {
            "en": "Round {n} and later",
            "ru": "Тур {n} и дальше",
        },
        "web.tournament-length-bad": {
            "en": "A match length is a whole number from 1 to {max} points.",
            "ru": "Длина матча — целое число от 1 до {max}.",
        },
        "web.tournament-lengths-terms": {
            "en": "match lengths by round: {list}",
            "ru": "длина матчей по турам: {list}",
        },
        "web.tournament-starts-hint": {
            "en": "Starts {when} (your time)",
            "ru": "Начало: {when} (по вашему времени)",
        },
        "web.tournament-share-title": {
            "en": "Share the link to this tournament",
            "ru": "Поделиться ссылкой на этот турнир",
        },
        "web.tournament-share-text": {
            "en": "Tournament “{name}” at the nardy club",
            "ru": "Турнир «{name}» в клубе нардов",
        },
        "web.tournament-share-copied": {
            "en": "The link to this tournament is copied",
            "ru": "Ссылка на турнир скопирована",
        },
        "web.tournament-copy-results": {"en": "Copy the results", "ru": "Скопировать итоги"},
        "web.tournament-results-copied": {
            "en": "The results are copied as text",
            "ru": "Итоги скопированы текстом",
        },
        "web.tournament-results-failed": {
            "en": "Could not copy the results: download the CSV instead",
            "ru": "Не удалось скопировать итоги: скачайте CSV",
        },
        "web.tournament-csv": {"en": "Download CSV", "ru": "Скачать CSV"},
        # the CSV's header, one column a comma (a spreadsheet's first row)
        "web.tournament-csv-head": {
            "en": "Round,Player 1,Player 2,Points 1,Points 2,Winner,Note",
            "ru": "Тур,Игрок 1,Игрок 2,Очки 1,Очки 2,Победитель,Примечание",
        },
        "web.tournament-withdrawn-note": {
            "en": "You have withdrawn from this tournament.",
            "ru": "Вы снялись с этого турнира.",
        },
        "web.tournament-withdrawn-means": {
            "en": (
                "Your match in progress and every later match of yours are lost; you play"
                " no more games in it. You can still follow it on this page."
            ),
            "ru": (
                "Ваш текущий матч и все следующие засчитаны как проигранные, больше партий"
                " в этом турнире у вас не будет. Следить за турниром можно на этой странице."
            ),
        },
        "web.tournament-champion": {"en": "Champion", "ru": "Победитель"},
        "web.tournament-seed-n": {"en": "seed {n}", "ru": "посев {n}"},
        "web.tournament-meta-site": {"en": "Nardy club", "ru": "Клуб нардов"},
    }
)
