"""Exceptions raised by the nardy core: malformed input versus illegal actions.

Every error carries a stable ``code`` and its ``params``; its text lives in the language
catalogue (``nardy.i18n``) under ``error.<code>`` and is chosen at the edge in the
user's language (``exc.text("ru")``): the terminal in its ``--lang``, the web in the
interface language, the engine protocol in English. ``str(exc)`` is the English text,
so logs and library users still read a sentence::

    err = IllegalMoveError("game-over")
    str(err)          # 'the game is over'
    err.text("ru")    # 'партия окончена'

A message not yet in the catalogue may still be raised as plain English text
(``IllegalMoveError("…a sentence…")``): it keeps the class's code and is shown as it is
in every language (key ``error.detail``).
"""

from __future__ import annotations

from typing import Any

import nardy.error_texts  # noqa: F401  (registers the parsers', replay's and checks' messages)
from nardy.i18n import MESSAGES, register, t

#: The catalogue key of an error raised with an English sentence instead of a code.
DETAIL = "error.detail"


def message_key(code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The catalogue key and values of a message named by ``code`` (``error.<code>``),
    or, for a sentence not in the catalogue, ``DETAIL`` saying it as it is."""
    key = f"error.{code}"
    if key in MESSAGES:
        return key, params
    return DETAIL, {"detail": code}


class NardyError(ValueError):
    """Base class of every error the core raises on bad input."""

    #: the code of the errors of this class raised with a plain sentence
    code: str = "error"

    def __init__(self, code: str, /, **params: Any) -> None:
        self.key, self.params = message_key(code, params)
        if self.key != DETAIL:  # else a sentence not (yet) in the catalogue: said as it is
            self.code = code
        super().__init__(t(self.key, "en", **self.params))

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``en``/``ru``; others fall back to English)."""
        return t(self.key, lang, **self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from key and params (worker processes send errors back pickled)
        return (_rebuild, (type(self), self.code, self.key, self.params))


def _rebuild(cls: type[NardyError], code: str, key: str, params: dict[str, Any]) -> NardyError:
    err = cls.__new__(cls)
    err.code, err.key, err.params = code, key, params
    ValueError.__init__(err, t(key, "en", **params))
    return err


class MalformedError(NardyError):
    """Text, an ID or a record could not be parsed at all."""

    code = "malformed"


class InvalidPositionError(NardyError):
    """A position breaks the rules of the game (checker counts, shared points, ...)."""

    code = "invalid-position"


class IllegalMoveError(NardyError):
    """A well-formed play or action that the rules do not allow here."""

    code = "illegal"


class AmbiguousMoveError(IllegalMoveError):
    """A play text that matches more than one legal play."""

    code = "ambiguous"


class UnknownVariantError(NardyError):
    """No variant is registered under the given name."""

    code = "unknown-variant"


# The core's messages (rule ids as in the rule book: C-3 cube, C-4 Crawford, L-DRAW).
register(
    {
        DETAIL: {"en": "{detail}", "ru": "{detail}"},
        # the game and the match
        "error.game-over": {"en": "the game is over", "ru": "партия окончена"},
        "error.game-not-over": {"en": "the game is not over", "ru": "партия ещё не окончена"},
        "error.toss-over": {"en": "the opening toss is over", "ru": "жребий уже брошен"},
        "error.not-time-to-roll": {
            "en": "it is not time to roll",
            "ru": "сейчас не время бросать кости",
        },
        "error.no-roll-to-play": {
            "en": "there is no roll to play now",
            "ru": "сейчас нет броска, который надо сыграть",
        },
        "error.no-double-offered": {
            "en": "no double has been offered",
            "ru": "удвоение не предлагалось",
        },
        "error.no-resignation-offered": {
            "en": "no resignation has been offered",
            "ru": "сдача не предлагалась",
        },
        "error.play-illegal": {
            "en": "{play} is not legal with {dice}; legal: {legal}",
            "ru": "ход {play} с {dice} по правилам невозможен; возможные ходы: {legal}",
        },
        "error.play-no-move": {
            "en": "{play}: no move is possible with {dice}",
            "ru": "{play}: с {dice} ходить нечем",
        },
        "error.play-ambiguous": {
            "en": "{play} is ambiguous: {options}",
            "ru": "ход {play} можно понять по-разному: {options}",
        },
        "error.no-checker-on": {
            "en": "{play}: no checker to move from {points}",
            "ru": "{play}: нет шашки, чтобы пойти с {points}",
        },
        "error.step-illegal": {
            "en": "{move} is not a legal move now",
            "ru": "ход шашкой {move} сейчас невозможен",
        },
        # why one checker move is not legal, where one rule surely decides it
        # (nardy.step_reasons)
        "error.step-backwards": {
            "en": "{move}: checkers move only forward, towards their home",
            "ru": "{move}: шашки ходят только вперёд, к своему дому",
        },
        "error.step-no-checker": {
            "en": "{move}: you have no checker on {point}",
            "ru": "{move}: на пункте {point} нет вашей шашки",
        },
        "error.step-no-checker-bar": {
            "en": "{move}: you have no checker on the bar",
            "ru": "{move}: на баре нет вашей шашки",
        },
        "error.step-bar-first": {
            "en": "{move}: a checker on the bar must come in first (S-3)",
            "ru": "{move}: сначала надо ввести шашку с бара (S-3)",
        },
        "error.step-not-home": {
            "en": (
                "{move}: checkers are borne off only once all are home;"
                " {n} {n:plural:is|are} still outside (G-10)"
            ),
            "ru": (
                "{move}: выбрасывать шашки можно, только когда все они в доме;"
                " вне дома ещё {n} (G-10)"
            ),
        },
        "error.step-point-taken": {
            "en": "{move}: point {point} holds the opponent's checker (G-9)",
            "ru": "{move}: на пункте {point} стоит шашка соперника (G-9)",
        },
        "error.step-point-held": {
            "en": "{move}: point {point} is the opponent's: {n} of his checkers stand there (G-9)",
            "ru": (
                "{move}: пункт {point} занят соперником, там {n} {n:plural:шашка|шашки|шашек} (G-9)"
            ),
        },
        "error.step-no-die": {
            "en": "{move}: no die left makes {distance} (dice left: {dice}; G-6)",
            "ru": "{move}: ни одна из оставшихся костей не даёт {distance} (осталось: {dice}; G-6)",
        },
        "error.step-head": {
            "en": (
                "{move}: only {n} {n:plural:checker|checkers} may leave the head"
                " this turn (L-HEAD-1)"
            ),
            "ru": (
                "{move}: с головы за ход можно снять только {n}"
                " {n:plural:шашку|шашки|шашек} (L-HEAD-1)"
            ),
        },
        "error.step-block": {
            "en": (
                "{move}: a checker on {point} would close a six-point block that no"
                " checker of the opponent has passed yet (L-BLOCK)"
            ),
            "ru": (
                "{move}: занять пункт {point} нельзя — шесть пунктов подряд стали бы"
                " заслоном, который ни одна шашка соперника ещё не прошла (L-BLOCK)"
            ),
        },
        # why a die left this turn cannot be played (nardy.step_reasons.die_reason)
        "error.die-blocked": {
            "en": "the {die} cannot be played: every point {die} ahead of your checkers is taken",
            "ru": "{die} сыграть нельзя: все пункты на {die} вперёд от ваших шашек заняты",
        },
        "error.die-unplayable": {
            "en": "the {die} cannot be played",
            "ru": "{die} сыграть нельзя",
        },
        # why a checker the player tapped cannot move at all (nardy.step_reasons)
        "error.source-bar-first": {
            "en": (
                "the checker on {point} waits: {n} {n:plural:checker|checkers} on the bar"
                " must come in first (S-3)"
            ),
            "ru": (
                "шашка на пункте {point} ждёт: сначала надо ввести с бара"
                " {n} {n:plural:шашку|шашки|шашек} (S-3)"
            ),
        },
        "error.source-head": {
            "en": ("no more checkers leave the head this turn: only {n} may (L-HEAD-1)"),
            "ru": "больше шашек с головы в этом ходе не снять: можно только {n} (L-HEAD-1)",
        },
        "error.source-runner": {
            "en": (
                "the head waits: only the runner (on {point}) moves until it has passed"
                " the opponent's head (V-FEVGA)"
            ),
            "ru": (
                "голова ждёт: пока бегун (на пункте {point}) не прошёл голову соперника,"
                " ходит только он (V-FEVGA)"
            ),
        },
        "error.nothing-to-undo": {
            "en": "no checker move to take back this turn",
            "ru": "в этом ходе нечего отменять",
        },
        "error.play-not-finished": {
            "en": "the play is not finished; still possible: {steps}",
            "ru": "ход не закончен; ещё можно: {steps}",
        },
        "error.resign-during-play": {
            "en": "a resignation is offered during play",
            "ru": "сдаться можно только во время игры",
        },
        "error.resign-level": {
            "en": "resignation level must be 1..{n} ({names}), not {level}",
            "ru": "уровень сдачи — от 1 до {n} ({names}), а не {level}",
        },
        "error.match-over": {"en": "the match is over", "ru": "матч окончен"},
        "error.match-game-not-over": {
            "en": "the current game is not finished",
            "ru": "текущая партия не окончена",
        },
        "error.match-not-started": {
            "en": "no game has been started",
            "ru": "партия ещё не начата",
        },
        # records
        "error.export-format": {
            "en": "a record is written as one of {known}, not “{fmt}”",
            "ru": "запись партии бывает в форматах {known}, не «{fmt}»",
        },
        "error.export-short-only": {
            "en": "{what} files hold backgammon (short nardy) only, not {variant}",
            "ru": "в формате {what} — только короткие нарды, не {variant}",
        },
        # the doubling cube (C-3, C-4)
        "error.double-before-roll": {
            "en": "a double is offered before rolling",
            "ru": "удвоить можно только до броска",
        },
        "error.double-last-roll": {
            "en": "no doubling on the last roll (L-DRAW)",
            "ru": "на последнем броске не удваивают",
        },
        "error.double-turn-not-over": {
            "en": "the turn is not over (a second roll)",
            "ru": "ход ещё не окончен (второй бросок)",
        },
        "error.cube-off": {
            "en": "the doubling cube is not in use in this game",
            "ru": "в этой партии кубик удвоения не используется",
        },
        "error.cube-crawford": {
            "en": "no doubling in the Crawford game (C-4)",
            "ru": "в игре Кроуфорда удваивать нельзя",
        },
        "error.cube-dead": {
            "en": "the cube is dead: a game won at its value already wins you the match",
            "ru": "кубик «мёртвый»: победа в партии по его цене и так даёт вам матч",
        },
        "error.double-already-offered": {
            "en": "a double is already offered",
            "ru": "удвоение уже предложено",
        },
        "error.cube-not-yours": {
            "en": "the cube belongs to the opponent; only its owner may double",
            "ru": "кубик у соперника: удваивать может только его владелец",
        },
        "error.cube-max-doubles": {
            "en": "at most {n} {n:plural:double|doubles} per game",
            "ru": "не больше {n} {n:plural:удвоения|удвоений|удвоений} за партию",
        },
        "error.no-double-to-take": {"en": "no double to take", "ru": "нечего принимать"},
        "error.no-double-to-refuse": {"en": "no double to refuse", "ru": "нечего отклонять"},
        "error.beaver-not-allowed": {
            "en": "beavers are not allowed (money play, option)",
            "ru": "бобры не разрешены (только в игре на деньги, по выбору)",
        },
        "error.beaver-cube-limit": {
            "en": "the cube limit does not allow a beaver",
            "ru": "предел удвоений не позволяет бобра",
        },
    }
)
