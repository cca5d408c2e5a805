"""The ``Variant`` type: one game's settings and rule options (RULES.md §1–§4)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from nardy.errors import InvalidPositionError, NardyError
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

#: Options that only mean something in one family.
FAMILY_OPTIONS: dict[str, Family] = {
    "head_exception": "long",
    "block_check": "long",
    "block_release": "long",
    "last_roll_draw": "long",
    "draw_score": "long",
    "no_hit_and_hide": "short",
    "crazy_moves_per_double": "long",
}


class OptionError(NardyError):
    """An unknown rule option or a value it does not take."""


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
    def options(self) -> dict[str, Any]:
        """The current value of every rule option that applies to this family."""
        return {
            name: getattr(self, name)
            for name in OPTION_VALUES
            if FAMILY_OPTIONS.get(name, self.family) == self.family
        }

    def with_options(self, /, **options: Any) -> Variant:
        """A copy with some rule options changed; unknown names or values raise.
        (``self`` is positional-only so that an option named "self" read from a file
        or a request is an unknown option, not a TypeError.)"""
        for name, value in options.items():
            if name not in OPTION_VALUES:
                known = ", ".join(sorted(OPTION_VALUES))
                raise OptionError(f"unknown rule option {name!r} (known: {known})")
            allowed = OPTION_VALUES[name]
            if value not in allowed or type(value) is not type(allowed[0]):
                raise OptionError(f"option {name!r} takes one of {list(allowed)!r}, not {value!r}")
            fam = FAMILY_OPTIONS.get(name)
            if fam is not None and fam != self.family:
                raise OptionError(f"option {name!r} applies to {fam} nardy only")
        return replace(self, **options)

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
                raise InvalidPositionError(f"{name}: long nardy has no bar")
        mapping = self._mapping
        for p in range(1, 25):
            if position.mine[p] and position.theirs[mapping[p]]:
                raise InvalidPositionError(
                    f"point {p} holds checkers of both sides (their point {mapping[p]})"
                )
        if position.mine[OFF] == CHECKERS and position.theirs[OFF] == CHECKERS:
            raise InvalidPositionError("both sides have borne off all checkers")

    def option_names(self) -> list[str]:
        """Names of the rule options this family understands."""
        return list(self.options())


def variant_fields() -> list[str]:
    """Field names of ``Variant`` (for documentation and protocol errors)."""
    return [f.name for f in fields(Variant) if not f.name.startswith("_")]
