"""The ``Variant`` type: one game's settings and rule options (RULES.md §1–§4)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from nardy.errors import InvalidPositionError, NardyError
from nardy.i18n import register, t
from nardy.position import BAR, CHECKERS, OFF, Position

Family = Literal["short", "long"]

#: Every rule option: allowed values, default per family (None: not used by that family).
OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "opening": ("reroll", "use-toss"),
    "head_exception": ("blocked", "doubles-6-4-3", "head-only"),
    "block_check": ("end-of-turn", "every-move"),
    "block_release": ("passed", "entered-home"),
    "last_roll_draw": (False, True),
    "draw_score": ("half", "one"),
    "next_starter": ("winner", "previous-black"),
    "no_hit_and_hide": (False, True),
    "scoring": ("standard", "koks", "home-mars", "four-tier", "per-checker"),
    "per_checker_multipliers": ("none", "standard", "koks", "home-mars", "four-tier"),
    "crazy_moves_per_double": (4, 2),
}

register(
    {
        "option.unknown": {
            "en": "unknown rule option “{option}”; known: {known}",
            "ru": "неизвестная опция правил «{option}»; есть: {known}",
        },
        "option.value": {
            "en": "rule option {option} takes one of {allowed}, not {value}",
            "ru": "опция правил {option} принимает одно из значений {allowed}, а не {value}",
        },
        "option.not_taken.family": {
            "en": (
                "rule option {option} is a rule of the other nardy family and means nothing"
                " in {variant}; {variant} takes: {known}"
            ),
            "ru": (
                "опция правил {option} относится к другому семейству нард и ничего не значит"
                " в варианте {variant}; у него есть: {known}"
            ),
        },
        "option.not_taken.variant": {
            "en": "rule option {option} means nothing in {variant}; {variant} takes: {known}",
            "ru": (
                "опция правил {option} ничего не значит в варианте {variant}; у него есть: {known}"
            ),
        },
        "option.not_taken.needs_per_checker": {
            "en": (
                "rule option {option} only applies to per-checker scoring"
                " (give scoring=per-checker with it)"
            ),
            "ru": (
                "опция правил {option} действует только при счёте по шашкам"
                " (укажите вместе с ней scoring=per-checker)"
            ),
        },
        "option.not_taken.needs_last_roll_draw": {
            "en": "rule option {option} scores the last-roll draw and needs last_roll_draw=true",
            "ru": (
                "опция правил {option} задаёт счёт ничьей последнего броска"
                " и требует last_roll_draw=true"
            ),
        },
    }
)

#: Options that belong to the variants naming them in ``Variant.own_options`` alone.
OWN_OPTIONS: frozenset[str] = frozenset({"crazy_moves_per_double"})


class OptionError(NardyError):
    """An unknown rule option, a value it does not take, or an option the variant does
    not take. ``key`` and ``params`` name the message in the catalogue (``nardy.i18n``),
    so the edge (terminal, web, engine) can say it in the user's language."""

    code = "bad-option"

    def __init__(self, key: str, **params: Any) -> None:
        ValueError.__init__(self, t(key, "en", **params))  # its own keys, not error.<code>
        self.key = key
        self.params = params


class OptionNotTakenError(OptionError):
    """A rule option that means nothing in this variant (RULES.md V-CGUL: "like every
    option, it is refused with a clear error by a variant for which it means nothing")."""

    code = "option-not-taken"

    def __init__(self, option: str, variant: str, reason: str, known: str) -> None:
        super().__init__(f"option.not_taken.{reason}", option=option, variant=variant, known=known)
        self.option = option
        self.variant = variant
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Variant:
    """A game of the nardy family: board geometry, start, rules and rule options."""

    name: str
    family: Family
    title_en: str
    title_ru: str
    start: tuple[int, ...]
    aliases: tuple[str, ...] = ()
    #: S-7: may a side hit a blot standing in its own home (points 1–6)?
    hit_in_own_home: bool = True
    #: L-HEAD-1: checkers that may leave the head (point 24) per turn; 0 = no limit.
    head_limit: int = 0
    opening: str = "use-toss"
    head_exception: str = "blocked"
    block_check: str = "end-of-turn"
    block_release: str = "passed"
    last_roll_draw: bool = False
    draw_score: str = "half"
    next_starter: str = "winner"
    no_hit_and_hide: bool = False
    scoring: str = "standard"
    #: C-2 per-checker: the tier preset whose mars/koks multipliers apply ("none": ×1).
    per_checker_multipliers: str = "none"
    crazy_moves_per_double: int = 4
    # -- turn shape and variant rules of RULES.md §5 (long-nardy variants) --------
    #: V-CRAZY/V-CGUL/V-GIUL: after a double, every higher double up to 6-6 is played.
    doubles_sequence: bool = False
    #: V-GUL: a double fully played earns another roll.
    reroll_on_full_double: bool = False
    #: V-GUL/V-CGUL/V-GIUL: moves of a double the player cannot make pass to the opponent.
    pass_unplayed: bool = False
    #: V-CGUL: even a double that cannot be started passes (V-CRAZY/V-GIUL: it is skipped).
    unstartable_double_passes: bool = False
    #: The doubles sequence stops once all the player's checkers are home.
    sequence_stops_home: bool = False
    #: V-CGUL: if the last checker enters home on a double's last move, one more double.
    extra_double_on_entry: bool = False
    #: V-CRAZY: bear off only from the point equal to the die.
    exact_bearoff: bool = False
    #: Moves from a home point to another: "always", "never" (V-CRAZY) or
    #: "until-all-home" (V-CGUL).
    home_moves: str = "always"
    #: L-HEAD-2 first-turn exception in force (V-FEVGA forbids it).
    first_turn_exception: bool = True
    #: V-FEVGA: one runner leaves the head and moves alone until past the opponent's head.
    fevga_runner: bool = False
    #: "classic" (L-BLOCK) or "fevga" (V-FEVGA's own six-block rule).
    block_rule: str = "classic"
    #: Options of ``OWN_OPTIONS`` this variant takes (V-CGUL: crazy_moves_per_double).
    own_options: frozenset[str] = frozenset()
    _mapping: tuple[int, ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.family == "short":
            mapping = tuple([0] + [25 - p for p in range(1, 25)])
        else:
            mapping = tuple([0] + [p + 12 if p <= 12 else p - 12 for p in range(1, 25)])
        object.__setattr__(self, "_mapping", mapping)

    # -- geometry -------------------------------------------------------------
    @property
    def hitting(self) -> bool:
        """Short nardy hits blots (S-2); long nardy never hits (L-1)."""
        return self.family == "short"

    def their_point(self, p: int) -> int:
        """My point ``p`` (1..24) in the opponent's numbering (G-3)."""
        return self._mapping[p]

    @property
    def mapping(self) -> tuple[int, ...]:
        """``mapping[p]`` is my point p in the opponent's numbering (index 0 unused)."""
        return self._mapping

    # -- options --------------------------------------------------------------
    def refusal(self, name: str) -> str | None:
        """Why rule option ``name`` means nothing in this variant (a catalogue reason:
        ``family``, ``variant``, ``needs_per_checker``, ``needs_last_roll_draw``), or
        None when the variant takes it with its present values."""
        long = self.family == "long"
        if name in OWN_OPTIONS:
            return None if name in self.own_options else "variant"
        if name in ("opening", "last_roll_draw", "draw_score", "next_starter"):
            # G-5: the short-nardy starter always plays the toss; L-DRAW and L-4 are rules
            # of long nardy (a short match's games all start with the toss).
            if not long:
                return "family"
            if name == "draw_score" and not self.last_roll_draw:
                return "needs_last_roll_draw"  # L-DRAW: the only draw that scores
            return None
        if name == "no_hit_and_hide":  # S-6
            return None if not long else "family"
        if name == "block_check":  # L-BLOCK, and V-FEVGA's own six-block rule
            return None if long else "family"
        if name == "block_release":  # L-BLOCK: V-FEVGA's block needs no passed checker
            if not long:
                return "family"
            return None if self.block_rule == "classic" else "variant"
        if name == "head_exception":
            # L-HEAD-2; V-KHACH has no head limit, V-FEVGA forbids the exception.
            if not long:
                return "family"
            return None if self.head_limit and self.first_turn_exception else "variant"
        if name == "per_checker_multipliers":  # C-2: multipliers of per-checker scoring
            return None if self.scoring == "per-checker" else "needs_per_checker"
        return None  # scoring (C-2): every variant

    def options(self) -> dict[str, Any]:
        """The current value of every rule option this variant takes."""
        return {name: getattr(self, name) for name in OPTION_VALUES if self.refusal(name) is None}

    def with_options(self, /, **options: Any) -> Variant:
        """A copy with some rule options changed. An unknown name or value, or a value
        of an option that means nothing in this variant, raises ``OptionError``: no game
        is played under rules other than those asked for. (``self`` is positional-only
        so that an option named "self" read from a file or a request is an unknown
        option, not a TypeError.)"""
        for name, value in options.items():
            if name not in OPTION_VALUES:
                raise OptionError(
                    "option.unknown", option=name, known=", ".join(self.option_names())
                )
            allowed = OPTION_VALUES[name]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise OptionError(
                    "option.value",
                    option=name,
                    value=repr(value),
                    allowed=", ".join(repr(a) for a in allowed),
                )
        changed = replace(self, **options)
        # Judged on the result, so that options given together (scoring="per-checker"
        # with its multipliers) are taken, and a dependent option left set is refused.
        # Restating the value a variant already plays (gulbara's four moves a double)
        # asks for no other rules and is taken as it is: records written before options
        # were refused list every option of the family, and still load.
        for name in OPTION_VALUES:
            reason = changed.refusal(name)
            asked = name in options and options[name] != getattr(self, name)
            if reason is not None and (asked or getattr(changed, name) != _DEFAULTS[name]):
                known = ", ".join(self.option_names())
                raise OptionNotTakenError(name, self.name, reason, known)
        return changed

    # -- positions -------------------------------------------------------------
    def start_position(self, *, first_turns: bool = True) -> Position:
        """The starting position, white on roll."""
        return Position(self.start, self.start, "white", first_turns, first_turns)

    def validate(self, position: Position) -> None:
        """Raise ``InvalidPositionError`` if the position cannot occur in this game."""
        for name, side in (("mine", position.mine), ("theirs", position.theirs)):
            if side[OFF] == CHECKERS:
                continue
            if self.family == "long" and side[BAR]:
                raise InvalidPositionError("position-long-bar", side=name)
        mapping = self._mapping
        for p in range(1, 25):
            if position.mine[p] and position.theirs[mapping[p]]:
                raise InvalidPositionError("position-shared-point", point=p, their=mapping[p])
        if position.mine[OFF] == CHECKERS and position.theirs[OFF] == CHECKERS:
            raise InvalidPositionError("position-both-off")

    def option_names(self) -> list[str]:
        """Names of the rule options this variant takes (some only together with
        another: ``draw_score`` with ``last_roll_draw``, ``per_checker_multipliers``
        with per-checker scoring)."""
        return [n for n in OPTION_VALUES if self.refusal(n) not in ("family", "variant")]


#: The declared default of every rule option.
_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(Variant) if f.name in OPTION_VALUES}


def variant_fields() -> list[str]:
    """Field names of ``Variant`` (for documentation and protocol errors)."""
    return [f.name for f in fields(Variant) if not f.name.startswith("_")]
