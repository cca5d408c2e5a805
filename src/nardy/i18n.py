"""User-visible messages in English and Russian, looked up by key.

Every message exists in every language of ``LANGS`` and uses the same ``{name}``
placeholders in each. Other parts of nardy add their own messages with ``register``
(keys are namespaced by a dotted prefix: ``play.…``, ``render.…``, ``server.…``)::

    register({"server.welcome": {"en": "Welcome, {name}!", "ru": "Добро пожаловать, {name}!"}})
    t("server.welcome", "ru", name="Аня")

Russian terms follow RULES.md: нарды, шашка, пункт, голова, дом, бар, зары, дубль (куш),
выбросить, ойн, марс, кокс.
"""

from __future__ import annotations

import os
import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

LANGS: tuple[str, ...] = ("en", "ru")
DEFAULT_LANG = "en"

#: key -> {lang -> text}
MESSAGES: dict[str, dict[str, str]] = {}


class CatalogError(KeyError):
    """A missing key, or a message added without every language or with mismatched
    placeholders."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields a message uses."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def register(messages: Mapping[str, Mapping[str, str]], *, replace: bool = False) -> None:
    """Add messages to the catalog; each needs every language of ``LANGS`` with the
    same placeholders. Re-registering a key raises unless ``replace`` is true."""
    checked: dict[str, dict[str, str]] = {}
    for key, texts in messages.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise CatalogError(f"message {key!r} lacks language(s): {', '.join(missing)}")
        extra = [lang for lang in texts if lang not in LANGS]
        if extra:
            raise CatalogError(f"message {key!r}: unknown language(s) {', '.join(extra)}")
        fields = {lang: placeholders(texts[lang]) for lang in LANGS}
        first = fields[LANGS[0]]
        for lang in LANGS[1:]:
            if fields[lang] != first:
                raise CatalogError(
                    f"message {key!r}: placeholders differ: "
                    f"{LANGS[0]} {sorted(first)} vs {lang} {sorted(fields[lang])}"
                )
        if key in MESSAGES and not replace:
            raise CatalogError(f"message {key!r} is already registered")
        checked[key] = {lang: texts[lang] for lang in LANGS}
    MESSAGES.update(checked)


def normalize_lang(lang: str | None) -> str:
    """``"ru"`` for any Russian tag (``ru``, ``ru_RU.UTF-8``, ``RU``), else ``"en"``."""
    if lang and lang.strip().lower().startswith("ru"):
        return "ru"
    return DEFAULT_LANG


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """The interface language from the locale: the first set of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` decides; ``ru*`` gives ``"ru"``, anything else ``"en"``."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return normalize_lang(value)
    return DEFAULT_LANG


def export(lang: str, prefix: str = "") -> dict[str, str]:
    """Every message whose key starts with ``prefix``, in ``lang`` and unformatted (for
    clients that format them themselves, e.g. a browser)."""
    lang = lang if lang in LANGS else DEFAULT_LANG
    return {key: texts[lang] for key, texts in sorted(MESSAGES.items()) if key.startswith(prefix)}


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for ``n``: ``one`` for 1, 21, 101 (шашка), ``few`` for 2-4, 22-24
    (шашки), ``many`` for 0, 5-20, 25-30, 111-114 (шашек); the rule of CLDR's ``ru``."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


class _Formatter(string.Formatter):
    """``str.format`` plus plural forms: ``{n:plural:шашка|шашки|шашек}`` (Russian: one,
    few, many) or ``{n:plural:checker|checkers}`` (English: one, other)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec.startswith("plural:"):
            return str(super().format_field(value, format_spec))
        forms = format_spec[len("plural:") :].split("|")
        n = int(value)
        if len(forms) == 3:
            return plural(n, *forms)
        if len(forms) == 2:
            return forms[0] if n == 1 else forms[1]
        raise CatalogError(f"a plural takes 2 (en) or 3 (ru) forms, not {format_spec!r}")


_FORMATTER = _Formatter()


@runtime_checkable
class Said(Protocol):
    """A value that says itself in a language (an error inside an error: "line 3: "
    and the line's own error, both in the message's language)."""

    def text(self, lang: str) -> str:
        """The value in ``lang``."""
        ...


@dataclass(frozen=True)
class Words:
    """Words of the catalogue inside another message (a side, a field's name, what a
    player did), said in that message's language: a ``Said`` value. ``str`` is the
    English, for logs and for the library's users."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        """The words in ``lang``."""
        return t(self.key, lang, **dict(self.params))

    def __str__(self) -> str:
        return self.text(DEFAULT_LANG)


@dataclass(frozen=True)
class Named:
    """A name written in each language (a variant's title) inside a message, said in
    the message's language: a ``Said`` value; ``str`` is the English."""

    en: str
    ru: str

    def text(self, lang: str) -> str:
        """The name in ``lang``."""
        return self.ru if lang == "ru" else self.en

    def __str__(self) -> str:
        return self.en


def words(key: str, **params: object) -> Words:
    """``Words`` of the message ``key`` with ``params``."""
    return Words(key, tuple(params.items()))


def t(key: str, lang: str = DEFAULT_LANG, **kw: object) -> str:
    """The message ``key`` in ``lang`` (unknown languages fall back to English) with
    ``kw`` filled in; a value that is ``Said`` is said in ``lang`` too. A missing key or
    placeholder raises ``CatalogError``."""
    try:
        texts = MESSAGES[key]
    except KeyError:
        raise CatalogError(f"no message {key!r} in the catalog") from None
    text = texts.get(lang) or texts[DEFAULT_LANG]
    values = {k: v.text(lang) if isinstance(v, Said) else v for k, v in kw.items()}
    try:
        return _FORMATTER.format(text, **values)
    except KeyError as exc:
        raise CatalogError(f"message {key!r} needs a value for {exc.args[0]!r}") from None


# -- colours, results, board --------------------------------------------------------

register(
    {
        "color.white": {"en": "White", "ru": "Белые"},
        "color.black": {"en": "Black", "ru": "Чёрные"},
        "result.single": {"en": "single game", "ru": "простая победа"},
        "result.gammon": {"en": "gammon", "ru": "марс"},
        "result.backgammon": {"en": "backgammon", "ru": "кокс"},
        "result.oin": {"en": "oin (single game)", "ru": "ойн"},
        "result.mars": {"en": "mars", "ru": "марс"},
        "result.koks": {"en": "koks", "ru": "кокс"},
        "result.home-mars": {"en": "home mars", "ru": "домашний марс"},
        "result.draw": {"en": "draw", "ru": "ничья"},
        # C-2 per-checker: what a result counts (the game page says it too)
        "result.checkers-left": {
            "en": "{n} {n:plural:checker|checkers} left",
            "ru": "{n} {n:plural:невыброшенная шашка|невыброшенные шашки|невыброшенных шашек}",
        },
        "render.pips": {"en": "pips {n}", "ru": "пипсы {n}"},
        "render.off": {"en": "off {n}", "ru": "выброшено {n}"},
        "render.bar": {"en": "on the bar {n}", "ru": "на баре {n}"},
        "render.to_play": {"en": "{color} to play", "ru": "Ходят {color}"},
        "render.dice": {"en": "dice {dice}", "ru": "зары {dice}"},
        "render.bar_label": {"en": "BAR", "ru": "БАР"},
        "render.view": {"en": "seen by {color}", "ru": "вид со стороны: {color}"},
        # the computer's levels (nardy.bots.LEVELS)
        "level.beginner": {"en": "beginner", "ru": "новичок"},
        "level.casual": {"en": "casual", "ru": "любитель"},
        "level.intermediate": {"en": "intermediate", "ru": "средний"},
        "level.advanced": {"en": "advanced", "ru": "сильный"},
        "level.expert": {"en": "expert", "ru": "эксперт"},
        "level.strongest": {"en": "strongest", "ru": "сильнейший"},
        # cube actions and the proper action of a cube decision (terminal, rollout,
        # hint and the web say them alike)
        "cube.action.double": {"en": "double", "ru": "удвоить"},
        "cube.action.no-double": {"en": "no double", "ru": "не удваивать"},
        "cube.action.take": {"en": "take", "ru": "принять"},
        "cube.action.pass": {"en": "pass", "ru": "отказаться"},
        "cube.action.beaver": {"en": "beaver", "ru": "бобёр"},
        "cube.proper.double-take": {"en": "double, take", "ru": "удвоить, принять"},
        "cube.proper.double-pass": {"en": "double, pass", "ru": "удвоить, отказаться"},
        "cube.proper.double-beaver": {"en": "double, beaver", "ru": "удвоить, бобёр"},
        "cube.proper.no-double": {"en": "no double", "ru": "не удваивать"},
        "cube.proper.too-good": {
            "en": "too good to double: play on for the gammon, pass",
            "ru": "слишком хорошо, чтобы удваивать: играть на марс, отказаться",
        },
        "cube.exact": {
            "en": "exact, from the bear-off database",
            "ru": "точно, по базе выбрасывания",
        },
    }
)

# -- the terminal game (nardy play) ---------------------------------------------------

register(
    {
        "play.title": {
            "en": "{title}. Type ? for help.",
            "ru": "{title}. Наберите ? для справки.",
        },
        "play.rules": {"en": "Rule options: {options}", "ru": "Правила: {options}"},
        "play.toss_short": {
            "en": "Opening toss: White rolls {white}, Black rolls {black}.",
            "ru": "Жребий: у белых {white}, у чёрных {black}.",
        },
        "play.toss_tie": {
            "en": "Equal dice: toss again.",
            "ru": "Поровну — бросаем ещё раз.",
        },
        "play.starts": {
            "en": "{color} starts with {dice}.",
            "ru": "{color} начинают с {dice}.",
        },
        "play.roll": {"en": "{color} rolls {dice}.", "ru": "{color}: выпало {dice}."},
        "play.no_move": {
            "en": "{color} cannot move with {dice}.",
            "ru": "{color}: с {dice} ходить нечем.",
        },
        "play.played": {"en": "{color} plays {play}.", "ru": "{color} сыграли {play}."},
        "play.turn": {"en": "— Turn {n}: {color} —", "ru": "— Ход {n}: {color} —"},
        "play.prompt": {"en": "{color} {dice}> ", "ru": "{color} {dice}> "},
        "play.sequence": {
            "en": "{color} goes on with the next double: {dice}.",
            "ru": "{color} продолжают следующим дублем: {dice}.",
        },
        "play.passed_moves": {
            "en": "{color} must play the moves the opponent could not: {dice}.",
            "ru": "{color} должны сыграть ходы, которые не смог сделать соперник: {dice}.",
        },
        "play.help": {
            "en": (
                "Type a play in standard notation: 24/18 13/11, 8/5(2), 13/7*/5, bar/22, 6/off.\n"
                "Commands:\n"
                "  list (l)        numbered legal plays; type a number to choose one\n"
                "  m FROM/TO       move one checker (e.g. m 24/18); then more moves,\n"
                "  undo (u)        take back the last checker move,\n"
                "  ok              confirm the finished play\n"
                "  board (b)       show the board again\n"
                "  ? / help        this help\n"
                "  quit (q)        leave the game (asks to confirm)\n"
                "Russian commands work too: список, м, отмена, ок, доска, помощь, выход."
            ),
            "ru": (
                "Запишите ход как обычно: 24/18 13/11, 8/5(2), 13/7*/5, bar/22 (бар/22), 6/off.\n"
                "Команды:\n"
                "  список (с)      возможные ходы с номерами; наберите номер, чтобы выбрать\n"
                "  м ОТКУДА/КУДА   ход одной шашкой (например, м 24/18); потом следующие,\n"
                "  отмена (о)      вернуть последний ход шашкой,\n"
                "  ок              подтвердить законченный ход\n"
                "  доска (д)       показать доску ещё раз\n"
                "  ? / помощь      эта справка\n"
                "  выход (в)       выйти из игры (с подтверждением)\n"
                "Английские команды тоже работают: list, m, undo, ok, board, help, quit."
            ),
        },
        "play.list_header": {
            "en": "Legal plays with {dice}:",
            "ru": "Возможные ходы с {dice}:",
        },
        "play.moved": {"en": "Moved {move}.", "ru": "Сделан ход {move}."},
        "play.undone": {"en": "Took back {move}.", "ru": "Ход {move} отменён."},
        "play.complete": {
            "en": "The play {play} is complete: ok to confirm, undo to take back.",
            "ru": "Ход {play} закончен: ок — подтвердить, отмена — вернуть.",
        },
        "play.next_steps": {
            "en": "Still to move; possible: {steps}",
            "ru": "Ход не закончен; можно: {steps}",
        },
        "play.pending_dropped": {
            "en": "Single moves taken back: {moves}.",
            "ru": "Отдельные ходы шашками отменены: {moves}.",
        },
        "play.confirm_quit": {
            "en": "Quit the game? (y/n) ",
            "ru": "Выйти из игры? (д/н) ",
        },
        "play.answer_yes_no": {"en": "Please answer y or n.", "ru": "Ответьте «д» или «н»."},
        "play.quit": {"en": "Game abandoned.", "ru": "Игра прервана."},
        "play.eof": {
            "en": "Input ended: game abandoned.",
            "ru": "Ввод закончился: игра прервана.",
        },
        "play.over": {"en": "Game over.", "ru": "Партия окончена."},
        "play.result": {
            "en": "{color} wins: {kind}. Points: {points}.",
            "ru": "{color} победили: {kind}. Очки: {points}.",
        },
        "play.draw": {
            "en": "The game is a draw. Each side scores {points}.",
            "ru": "Ничья. Каждой стороне: {points}.",
        },
        "play.saved": {
            "en": "Game record saved to {path} ({n} {n:plural:record|records}).",
            "ru": "Запись партии сохранена в {path} ({n} {n:plural:запись|записи|записей}).",
        },
        "play.save_hint": {
            "en": "To keep the game record, run with --save FILE.",
            "ru": "Чтобы сохранить запись партии, запустите с --save ФАЙЛ.",
        },
        "err.save": {
            "en": "Cannot save the game record to {path}: {reason}",
            "ru": "Не удалось сохранить запись партии в {path}: {reason}",
        },
        "err.load": {
            "en": "cannot load the game from {path}: {reason}",
            "ru": "не удалось загрузить партию из {path}: {reason}",
        },
        "err.load_json": {
            "en": "line {line} is not JSON ({detail})",
            "ru": "строка {line} — не JSON ({detail})",
        },
        "err.load_record": {
            "en": "line {line}: {detail}",
            "ru": "строка {line}: {detail}",
        },
        "err.load_with_variant": {
            "en": "--load takes the variant and rule options from the saved game; "
            "do not give --variant or --option with it.",
            "ru": "--load берёт вариант и правила из сохранённой партии; "
            "не указывайте вместе с ним --variant и --option.",
        },
        "err.malformed": {
            "en": "Cannot read “{text}”. Write a play like 24/18 13/11, or ? for help.",
            "ru": "Не понял «{text}». Ход записывается так: 24/18 13/11; ? — подсказка.",
        },
        "err.illegal": {
            "en": "{play} is not a legal play with {dice}. Type list to see the legal plays.",
            "ru": "Ход {play} с {dice} по правилам невозможен. Наберите «список», "
            "чтобы увидеть возможные ходы.",
        },
        "err.ambiguous": {
            "en": (
                "{play} can mean several plays: {options}."
                " Choose one by its number in the list (list)."
            ),
            "ru": "Ход {play} можно понять по-разному: {options}. Выберите номер из списка.",
        },
        "err.bad_number": {
            "en": "There is no play number {n}: choose 1 to {count}.",
            "ru": "Хода с номером {n} нет: выберите от 1 до {count}.",
        },
        "err.step_illegal": {
            "en": "{move} is not a legal checker move now. Possible: {steps}",
            "ru": "Ход шашкой {move} сейчас невозможен. Можно: {steps}",
        },
        "err.step_usage": {
            "en": "After m write one checker's move, e.g. m 24/18.",
            "ru": "После «м» укажите ход одной шашки, например: м 24/18.",
        },
        "err.nothing_to_undo": {
            "en": "There is no checker move to take back.",
            "ru": "Отменять нечего.",
        },
        "err.not_finished": {
            "en": "The play is not finished; still possible: {steps}",
            "ru": "Ход не закончен; ещё можно: {steps}",
        },
        "err.nothing_to_confirm": {
            "en": "No checker has moved yet: use m FROM/TO, or type a whole play.",
            "ru": "Шашки ещё не двигались: «м ОТКУДА/КУДА» или весь ход целиком.",
        },
        "err.variant": {
            "en": "unknown variant “{name}”; known: {known}",
            "ru": "неизвестный вариант «{name}»; есть: {known}",
        },
        "err.option_format": {
            "en": "“{text}”: write a rule option as name=value, e.g. block_check=every-move",
            "ru": (
                "«{text}»: опция правил пишется как имя=значение, например block_check=every-move"
            ),
        },
        "err.option_name": {
            "en": "unknown rule option “{name}”; {variant} has: {known}",
            "ru": "неизвестная опция правил «{name}»; у варианта {variant} есть: {known}",
        },
        "err.option_value": {
            "en": "rule option {name} takes one of {allowed}, not “{value}”",
            "ru": "опция правил {name} принимает одно из значений {allowed}, а не «{value}»",
        },
    }
)
