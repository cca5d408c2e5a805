"""The lobby's texts in the catalogue (``nardy.i18n``): its errors (``error.*``) and
the lobby page's interface (``web.lobby-*``, read in the browser as
``t("lobbyPlayNow")``)."""

from __future__ import annotations

from nardy.i18n import register

register(
    {
        "error.ws-too-slow": {
            "en": "the connection fell too far behind",
            "ru": "соединение слишком отстало",
        },
        # errors
        "error.lobby-bad-variant": {
            "en": "unknown game {value}",
            "ru": "неизвестная игра {value}",
        },
        "error.lobby-bad-clock": {
            "en": "unknown time control {value} (known: {known})",
            "ru": "неизвестный контроль времени {value} (есть: {known})",
        },
        "error.lobby-rated-needs-account": {
            "en": "rated games are for members: sign up first (it is free)",
            "ru": "рейтинговые партии — для зарегистрированных игроков: сначала "
            "зарегистрируйтесь (это бесплатно)",
        },
        "error.lobby-too-many-challenges": {
            "en": "you have {max} open {max:plural:challenge|challenges} already; cancel one first",
            "ru": "у вас уже {max} {max:plural:открытый вызов|открытых вызова|открытых вызовов};"
            " сначала отмените один",
        },
        "error.too-many-seeks": {
            "en": "too many challenges and searches; try again in {wait} s",
            "ru": "слишком много вызовов и поисков; попробуйте через {wait} с",
        },
        "error.challenge-gone": {
            "en": "this challenge is no longer open (accepted or cancelled)",
            "ru": "этот вызов уже не открыт (его приняли или отменили)",
        },
        "error.challenge-not-yours": {
            "en": "this challenge is not yours",
            "ru": "это не ваш вызов",
        },
        "error.challenge-not-to-you": {
            "en": "this challenge was made to another player",
            "ru": "этот вызов сделан другому игроку",
        },
        "error.lobby-busy": {
            "en": "a game of yours or your opponent's is being started; try again",
            "ru": "у вас или у соперника как раз начинается партия; попробуйте ещё раз",
        },
        "error.lobby-blocked": {
            "en": "you cannot play {name}: one of you blocked the other",
            "ru": "с игроком {name} играть нельзя: один из вас заблокировал другого",
        },
        "error.lobby-self": {
            "en": "that is you",
            "ru": "это вы сами",
        },
        "error.lobby-bad-username": {
            "en": "name a player by his username (1-40 characters)",
            "ru": "укажите игрока по имени пользователя (1-40 символов)",
        },
        "error.lobby-friends-need-account": {
            "en": "friends and blocks are for members: sign up first",
            "ru": "друзья и блокировки — для зарегистрированных игроков: сначала зарегистрируйтесь",
        },
        "error.lobby-too-many": {
            "en": "at most {max} players in this list",
            "ru": "в этом списке не больше {max} {max:plural:игрока|игроков|игроков}",
        },
        "error.lobby-no-session": {
            "en": "you have nothing here to change (no session)",
            "ru": "вам здесь нечего менять (нет сеанса)",
        },
        "error.lobby-ws-unknown": {
            "en": "unknown message type {kind}; the lobby socket takes only “ping”",
            "ru": "неизвестный тип сообщения {kind}; сокет лобби принимает только 'ping'",
        },
        # the lobby page
        "web.lobby-play-now": {"en": "Play now", "ru": "Играть сейчас"},
        # {n}: the quick pairing's match length (matchmaking.QUICK_LENGTH)
        "web.lobby-play-now-text": {
            "en": "A {n}-point match with a player of about your strength, found within seconds.",
            "ru": "Матч до {n} {n:plural:очка|очков|очков} с соперником вашего уровня: "
            "подберём за несколько секунд.",
        },
        # a pool's clock in a few words (the counts under Play now, the search)
        "web.lobby-clock-short.none": {"en": "No clock", "ru": "Без часов"},
        "web.lobby-clock-short.blitz": {"en": "Blitz", "ru": "Блиц"},
        "web.lobby-clock-short.rapid": {"en": "Rapid", "ru": "Рапид"},
        # while he searches: the pool he is in ({pool}: game · clock)
        "web.lobby-searching-pool": {
            "en": "{pool} · a {n}-point match",
            "ru": "{pool} · матч до {n} {n:plural:очка|очков|очков}",
        },
        # while he searches: others wait for the same game with another clock
        "web.lobby-other-clock": {
            "en": "{n} {n:plural:player is|players are} looking for “{pool}”",
            "ru": "{n} {n:plural:игрок ищет|игрока ищут|игроков ищут} «{pool}»",
        },
        "web.lobby-switch-clock": {"en": "Switch to it", "ru": "Перейти туда"},
        "web.lobby-clock-label": {"en": "Time control", "ru": "Контроль времени"},
        "web.lobby-clock.none": {"en": "No clock", "ru": "Без часов"},
        "web.lobby-clock.blitz": {
            "en": "Blitz: 8 s a move + 1 min a point",
            "ru": "Блиц: 8 с на ход + 1 мин на очко",
        },
        "web.lobby-clock.rapid": {
            "en": "Rapid: 15 s a move + 2 min a point",
            "ru": "Рапид: 15 с на ход + 2 мин на очко",
        },
        "web.lobby-searching": {
            "en": "Looking for an opponent… {seconds} s",
            "ru": "Ищем соперника… {seconds} с",
        },
        "web.lobby-stop-search": {"en": "Stop searching", "ru": "Прекратить поиск"},
        "web.lobby-timeout": {
            "en": "No opponent yet. Play the computer instead? (You leave the queue.)",
            "ru": "Соперник пока не найден. Сыграть с компьютером? (Поиск прекратится.)",
        },
        "web.lobby-play-computer": {"en": "Play the computer", "ru": "Играть с компьютером"},
        "web.lobby-keep-waiting": {"en": "Keep waiting", "ru": "Ждать дальше"},
        "web.lobby-challenges": {"en": "Open challenges", "ru": "Открытые вызовы"},
        "web.lobby-no-challenges": {
            "en": "No open challenges — make one.",
            "ru": "Открытых вызовов нет — создайте свой.",
        },
        "web.lobby-new-challenge": {"en": "New challenge", "ru": "Новый вызов"},
        "web.lobby-post": {"en": "Post the challenge", "ru": "Бросить вызов"},
        # under Play now: who is in the quick-pairing queue now, by game (lobby.js)
        "web.lobby-pool-counts": {
            "en": "Looking for an opponent now — {list}",
            "ru": "Сейчас ищут соперника — {list}",
        },
        "web.lobby-pool-empty": {
            "en": "Nobody is looking for an opponent right now.",
            "ru": "Сейчас никто не ищет соперника.",
        },
        # the challenge form's field that makes it a direct challenge
        "web.lobby-challenge-to": {
            "en": "Only to this player (optional)",
            "ru": "Только этому игроку (необязательно)",
        },
        "web.lobby-challenge-to-hint": {
            "en": "empty: anyone",
            "ru": "пусто — любой",
        },
        "web.lobby-accept": {"en": "Accept", "ru": "Принять"},
        "web.lobby-decline": {"en": "Decline", "ru": "Отклонить"},
        "web.lobby-cancel": {"en": "Cancel", "ru": "Отменить"},
        "web.lobby-rated": {"en": "Rated", "ru": "На рейтинг"},
        "web.lobby-unrated": {"en": "Unrated", "ru": "Без рейтинга"},
        "web.lobby-cube-on": {"en": "cube", "ru": "с кубом"},
        "web.lobby-cube-off": {"en": "no cube", "ru": "без куба"},
        "web.lobby-money": {"en": "one game", "ru": "одна партия"},
        "web.lobby-length": {
            "en": "to {n} {n:plural:point|points}",
            "ru": "до {n} {n:plural:очка|очков|очков}",
        },
        "web.lobby-guest": {"en": "guest", "ru": "гость"},
        "web.lobby-you": {"en": "you", "ru": "вы"},
        "web.lobby-to-you": {"en": "Challenge to you", "ru": "Вызов вам"},
        "web.lobby-to-player": {"en": "to {name}", "ru": "игроку {name}"},
        "web.lobby-challenged": {
            "en": "{name} challenges you: {terms}",
            "ru": "{name} вызывает вас: {terms}",
        },
        # the news on every other page (news.js)
        "web.news-game-started": {
            "en": "Your game has started: an opponent took up your challenge",
            "ru": "Ваша партия началась: соперник принял вызов",
        },
        "web.news-open-game": {"en": "Go to the game", "ru": "К партии"},
        "web.lobby-playing": {"en": "You are playing:", "ru": "Вы играете:"},
        # the challenge form's help under the match's length, for the game chosen
        "web.lobby-length-help-money": {
            "en": "One game, not a match: {points}.",
            "ru": "Одна партия, не матч: {points}.",
        },
        "web.lobby-length-help-match": {
            "en": (
                "A match to {n} {n:plural:point|points}: games are played until one"
                " player has {n}. A game scores {points}."
            ),
            "ru": (
                "Матч до {n} {n:plural:очка|очков|очков}: партии играются, пока один из"
                " игроков не наберёт {n} {n:plural:очко|очка|очков}. За партию: {points}."
            ),
        },
        "web.lobby-points-long": {
            "en": "a win 1 point, a mars (gammon) 2",
            "ru": "победа — 1 очко, марс — 2",
        },
        "web.lobby-points-short": {
            "en": "a win 1 point, a gammon 2, a backgammon 3",
            "ru": "победа — 1 очко, марс — 2, кокс — 3",
        },
        "web.lobby-points-cube": {
            "en": "{points}, times the doubling cube",
            "ru": "{points}, умноженные на кубик удвоения",
        },
        "web.lobby-cube-none": {
            "en": "{game}: no doubling cube",
            "ru": "{game} — без кубика удвоения",
        },
        "web.lobby-cube-anyway": {
            "en": "Play with the cube all the same",
            "ru": "Всё же играть с кубиком",
        },
        "web.lobby-back-to-game": {"en": "Back to the game", "ru": "Вернуться к партии"},
        "web.lobby-next-game-started": {
            "en": "The next game of your match has started: your clock is running",
            "ru": "Следующая партия вашего матча началась: ваши часы идут",
        },
        "web.news-answer": {"en": "Answer", "ru": "Ответить"},
        "web.news-close": {"en": "Close", "ru": "Закрыть"},
        "web.lobby-declined": {
            "en": "Your challenge was declined",
            "ru": "Ваш вызов отклонён",
        },
        "web.lobby-online": {
            "en": "{n} online",
            "ru": "{n} в сети",
        },
        # (the badge counts the others: the player himself is online by looking)
        "web.lobby-online-others": {
            "en": "{n} online besides you",
            "ru": "{n} в сети, кроме вас",
        },
        "web.lobby-players": {"en": "Players online", "ru": "Игроки в сети"},
        "web.lobby-friends": {"en": "Friends", "ru": "Друзья"},
        "web.lobby-others-online": {"en": "Club members", "ru": "Участники клуба"},
        "web.lobby-no-friends": {
            "en": "Follow players to see when they are online.",
            "ru": "Подпишитесь на игроков, чтобы видеть, когда они в сети.",
        },
        "web.lobby-friends-guest": {
            "en": "Sign up to follow players and challenge friends.",
            "ru": "Зарегистрируйтесь, чтобы подписываться на игроков и вызывать друзей.",
        },
        "web.lobby-follow": {"en": "Follow", "ru": "Подписаться"},
        "web.lobby-unfollow": {"en": "Unfollow", "ru": "Отписаться"},
        "web.lobby-block": {"en": "Block", "ru": "Заблокировать"},
        "web.lobby-unblock": {"en": "Unblock", "ru": "Разблокировать"},
        "web.lobby-blocked": {"en": "Blocked", "ru": "Заблокированы"},
        "web.lobby-challenge": {"en": "Challenge", "ru": "Вызвать"},
        "web.lobby-add-friend": {"en": "Username", "ru": "Имя игрока"},
        "web.lobby-is-online": {"en": "online", "ru": "в сети"},
        "web.lobby-is-offline": {"en": "offline", "ru": "не в сети"},
        "web.lobby-watch": {"en": "Games in progress", "ru": "Идущие партии"},
        # a game to watch: its clock when it is none of the lobby's (a tournament's)
        "web.lobby-clock-terms": {
            "en": "{delay} s a move + {reserve} a point",
            "ru": "{delay} с на ход + {reserve} на очко",
        },
        # the result card of a spectator (game.js): the match is not the game
        "web.watch-match-goes-on": {
            "en": "The match goes on: game {n} starts when the players are ready.",
            "ru": "Матч продолжается: партия {n} начнётся, когда игроки будут готовы.",
        },
        "web.watch-between-games": {
            "en": "Game over; the match goes on",
            "ru": "Партия окончена, матч продолжается",
        },
        "web.watch-match-over": {"en": "The match is over.", "ru": "Матч окончен."},
        "web.watch-more": {"en": "Other games to watch", "ru": "Другие партии"},
        "web.lobby-no-games": {
            "en": "No games between people right now.",
            "ru": "Сейчас нет партий между игроками.",
        },
        "web.lobby-mine": {"en": "My games", "ru": "Мои партии"},
        "web.lobby-your-turn": {"en": "your move", "ru": "ваш ход"},
        "web.lobby-your-turn-in": {
            "en": "your move in {n} {n:plural:game|games}",
            "ru": "ваш ход в {n} {n:plural:партии|партиях|партиях}",
        },
        "web.lobby-vs": {"en": "vs {name}", "ru": "против {name}"},
        "web.lobby-vs-computer": {"en": "vs the computer", "ru": "против компьютера"},
        "web.lobby-one-device": {"en": "one device", "ru": "за одним устройством"},
        "web.lobby-waiting-friend": {
            "en": "waiting for a friend",
            "ru": "ждём друга",
        },
        "web.lobby-other-ways": {
            "en": "The computer, a friend by link, one device",
            "ru": "Компьютер, друг по ссылке, одно устройство",
        },
        "web.lobby-game-started": {
            "en": "Opponent found — the game starts",
            "ru": "Соперник найден — партия начинается",
        },
        "web.lobby-offline": {
            "en": "Reconnecting to the lobby…",
            "ru": "Переподключаемся к лобби…",
        },
    }
)
