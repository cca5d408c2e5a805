// Generated from the language catalogue (nardy.i18n) by
//   python -m nardy.server.messages_js > src/nardy/server/static/messages.js
// Do not edit: a test checks that this file is up to date.
// @ts-check
/** @type {Record<"en" | "ru", Record<string, string>>} */
export const MESSAGES = {
 "en": {
  "error.bad-field": "{field}: {reason}",
  "error.bad-login": "wrong username or password",
  "error.bad-request": "{reason}",
  "error.bad-username": "a username is 3-30 letters, digits, '.', '-' or '_'",
  "error.beaver-cube-limit": "the cube limit does not allow a beaver",
  "error.beaver-not-allowed": "beavers are not allowed (money play, option)",
  "error.beavers-money-only": "beavers are for money play only (C-3)",
  "error.beavers-need-cube": "beavers need the doubling cube",
  "error.csrf": "missing or wrong CSRF token",
  "error.cube-crawford": "no doubling in the Crawford game (C-4)",
  "error.cube-max-doubles": "at most {n} {n:plural:double|doubles} per game",
  "error.cube-not-yours": "the cube belongs to the opponent; only its owner may double",
  "error.cube-off": "the doubling cube is not in use in this game",
  "error.detail": "{detail}",
  "error.double-already-offered": "a double is already offered",
  "error.double-before-roll": "a double is offered before rolling",
  "error.double-last-roll": "no doubling on the last roll (L-DRAW)",
  "error.double-turn-not-over": "the turn is not over (a second roll)",
  "error.export-short-only": "{what} files hold backgammon (short nardy) only, not {variant}",
  "error.game-full": "this game already has two players; you can watch it",
  "error.game-not-over": "the game is not over",
  "error.game-not-started": "the game has not started yet",
  "error.game-over": "the game is over",
  "error.hint-not-now": "a hint is for the player to act: with the dice rolled, before rolling when he may double, or facing a double",
  "error.internal": "internal error",
  "error.invite-invalid": "this invitation link is not valid",
  "error.logged-in": "log out before making another account",
  "error.match-game-not-over": "the current game is not finished",
  "error.match-length": "length is 0 (one money game) or a match of 1..{max} points",
  "error.match-not-started": "no game has been started",
  "error.match-over": "the match is over",
  "error.no-checker-on": "{play}: no checker to move from {points}",
  "error.no-double-offered": "no double has been offered",
  "error.no-double-to-refuse": "no double to refuse",
  "error.no-double-to-take": "no double to take",
  "error.no-game": "no game “{game}”",
  "error.no-hints": "hints are for games against the computer or on one device",
  "error.no-player": "no player “{name}”",
  "error.no-resignation-offered": "no resignation has been offered",
  "error.no-roll-to-play": "there is no roll to play now",
  "error.not-a-player": "you are not a player in this game",
  "error.not-found": "not found",
  "error.not-json": "send the body as JSON (Content-Type: application/json)",
  "error.not-time-to-roll": "it is not time to roll",
  "error.not-your-turn": "it is not your turn",
  "error.nothing-to-undo": "no checker move to take back this turn",
  "error.password-long": "the password is too long",
  "error.password-short": "a password has at least {n} characters",
  "error.play-ambiguous": "{play} is ambiguous: {options}",
  "error.play-illegal": "{play} is not legal with {dice}; legal: {legal}",
  "error.play-no-move": "{play}: no move is possible with {dice}",
  "error.play-not-finished": "the play is not finished; still possible: {steps}",
  "error.resign-during-play": "a resignation is offered during play",
  "error.resign-level": "resignation level must be 1..{n} ({names}), not {level}",
  "error.review-not-over": "a game is reviewed once it is over",
  "error.start-next-game": "this game is over; start the next game of the match (next-game)",
  "error.step-illegal": "{move} is not a legal move now",
  "error.too-deep": "the JSON nests deeper than {depth} levels",
  "error.too-large": "the request body is larger than {kib} KiB",
  "error.too-many-guests": "too many new guests from your address; try again in {wait} s",
  "error.too-many-logins": "too many login attempts; try again in {wait} s",
  "error.toss-over": "the opening toss is over",
  "error.username-confusable": "the name “{name}” looks too much like the taken name “{clash}”",
  "error.username-taken": "the name “{name}” is taken",
  "error.ws-not-json": "messages are JSON",
  "error.ws-not-object": "messages are JSON objects",
  "error.ws-too-deep": "the message nests too deeply",
  "error.ws-unknown-type": "unknown message type {kind}",
  "mark.bad": "bad",
  "mark.doubtful": "doubtful",
  "mark.very bad": "very bad",
  "rating.advanced": "Advanced",
  "rating.awful": "Awful!",
  "rating.beginner": "Beginner",
  "rating.casual": "Casual player",
  "rating.expert": "Expert",
  "rating.intermediate": "Intermediate",
  "rating.supernatural": "Supernatural",
  "rating.world-class": "World class",
  "web.match-to": "Match to {n} {n:plural:point|points}",
  "web.points": "{n} {n:plural:point|points}"
 },
 "ru": {
  "error.bad-field": "неверное поле «{field}» запроса ({reason})",
  "error.bad-login": "неверное имя пользователя или пароль",
  "error.bad-request": "неверный запрос ({reason})",
  "error.bad-username": "имя пользователя: 3-30 букв, цифр, '.', '-' или '_'",
  "error.beaver-cube-limit": "предел удвоений не позволяет бобра",
  "error.beaver-not-allowed": "бобры не разрешены (только в игре на деньги, по выбору)",
  "error.beavers-money-only": "бобры — только в игре на деньги (одна партия)",
  "error.beavers-need-cube": "бобры возможны только с кубиком удвоения",
  "error.csrf": "нет CSRF-токена или он неверный",
  "error.cube-crawford": "в игре Кроуфорда удваивать нельзя",
  "error.cube-max-doubles": "не больше {n} {n:plural:удвоения|удвоений|удвоений} за партию",
  "error.cube-not-yours": "кубик у соперника: удваивать может только его владелец",
  "error.cube-off": "в этой партии кубик удвоения не используется",
  "error.detail": "{detail}",
  "error.double-already-offered": "удвоение уже предложено",
  "error.double-before-roll": "удвоить можно только до броска",
  "error.double-last-roll": "на последнем броске не удваивают",
  "error.double-turn-not-over": "ход ещё не окончен (второй бросок)",
  "error.export-short-only": "в формате {what} — только короткие нарды, не {variant}",
  "error.game-full": "в этой партии уже два игрока; за ней можно наблюдать",
  "error.game-not-over": "партия ещё не окончена",
  "error.game-not-started": "партия ещё не началась",
  "error.game-over": "партия окончена",
  "error.hint-not-now": "подсказка — игроку, чей ход: после броска, перед броском, когда можно удвоить, или при удвоении соперника",
  "error.internal": "внутренняя ошибка",
  "error.invite-invalid": "эта ссылка-приглашение недействительна",
  "error.logged-in": "выйдите, чтобы создать другую учётную запись",
  "error.match-game-not-over": "текущая партия не окончена",
  "error.match-length": "длина матча: 0 (одна партия) или от 1 до {max} очков",
  "error.match-not-started": "партия ещё не начата",
  "error.match-over": "матч окончен",
  "error.no-checker-on": "{play}: нет шашки, чтобы пойти с {points}",
  "error.no-double-offered": "удвоение не предлагалось",
  "error.no-double-to-refuse": "нечего отклонять",
  "error.no-double-to-take": "нечего принимать",
  "error.no-game": "нет партии «{game}»",
  "error.no-hints": "подсказки — только в игре с компьютером или вдвоём за одним устройством",
  "error.no-player": "нет игрока «{name}»",
  "error.no-resignation-offered": "сдача не предлагалась",
  "error.no-roll-to-play": "сейчас нет броска, который надо сыграть",
  "error.not-a-player": "вы не играете в этой партии",
  "error.not-found": "не найдено",
  "error.not-json": "тело запроса должно быть в JSON (Content-Type: application/json)",
  "error.not-time-to-roll": "сейчас не время бросать зары",
  "error.not-your-turn": "сейчас не ваш ход",
  "error.nothing-to-undo": "в этом ходе нечего отменять",
  "error.password-long": "пароль слишком длинный",
  "error.password-short": "пароль не короче {n} символов",
  "error.play-ambiguous": "ход {play} можно понять по-разному: {options}",
  "error.play-illegal": "ход {play} с {dice} по правилам невозможен; возможные ходы: {legal}",
  "error.play-no-move": "{play}: с {dice} ходить нечем",
  "error.play-not-finished": "ход не закончен; ещё можно: {steps}",
  "error.resign-during-play": "сдаться можно только во время игры",
  "error.resign-level": "уровень сдачи — от 1 до {n} ({names}), а не {level}",
  "error.review-not-over": "анализ партии доступен после её окончания",
  "error.start-next-game": "партия окончена, начните следующую партию матча",
  "error.step-illegal": "ход шашкой {move} сейчас невозможен",
  "error.too-deep": "JSON вложен глубже {depth} уровней",
  "error.too-large": "тело запроса больше {kib} КиБ",
  "error.too-many-guests": "слишком много новых гостей с вашего адреса; попробуйте через {wait} с",
  "error.too-many-logins": "слишком много попыток входа; попробуйте через {wait} с",
  "error.toss-over": "жребий уже брошен",
  "error.username-confusable": "имя «{name}» слишком похоже на занятое имя «{clash}»",
  "error.username-taken": "имя «{name}» уже занято",
  "error.ws-not-json": "сообщения — в формате JSON",
  "error.ws-not-object": "сообщения — JSON-объекты",
  "error.ws-too-deep": "сообщение слишком глубоко вложено",
  "error.ws-unknown-type": "неизвестный тип сообщения {kind}",
  "mark.bad": "плохо",
  "mark.doubtful": "сомнительно",
  "mark.very bad": "очень плохо",
  "rating.advanced": "сильный",
  "rating.awful": "ужасно",
  "rating.beginner": "новичок",
  "rating.casual": "любитель",
  "rating.expert": "эксперт",
  "rating.intermediate": "средний",
  "rating.supernatural": "сверхъестественный",
  "rating.world-class": "мировой класс",
  "web.match-to": "Матч до {n} {n:plural:очка|очков|очков}",
  "web.points": "{n} {n:plural:очко|очка|очков}"
 }
};

/**
 * The Russian form for `n`: `one` for 1, 21, 101; `few` for 2-4, 22-24; `many` for
 * 0, 5-20, 25-30, 111-114 (as nardy.i18n.plural).
 * @param {number} n @param {string} one @param {string} few @param {string} many
 */
export function plural(n, one, few, many) {
  const a = Math.abs(n), d = a % 10, h = a % 100;
  if (d === 1 && h !== 11) return one;
  if (d >= 2 && d <= 4 && !(h >= 12 && h <= 14)) return few;
  return many;
}

/**
 * The message `key` in `lang` with `{name}` and `{n:plural:one|few|many}` filled in
 * from `params` (as nardy.i18n.t); an unknown key gives the key itself.
 * @param {"en" | "ru"} lang @param {string} key @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function message(lang, key, params = {}) {
  const text = MESSAGES[lang][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\w+)(?::plural:([^}]*))?\}/g, (_, name, spec) => {
    const value = params[name];
    if (spec === undefined) return String(value);
    const forms = spec.split("|"), n = Number(value);
    if (forms.length === 3) return plural(n, forms[0], forms[1], forms[2]);
    return n === 1 ? forms[0] : forms[1];
  });
}
