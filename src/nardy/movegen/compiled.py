"""The optional compiled legal-play generator (the C extension ``nardy._fastgen``)
behind ``nardy.movegen.legal_candidates`` and ``nardy.movegen.segment_candidates``.

The extension implements the rules of every registered variant and all their rule
options (RULES.md G-6…G-10, S-2…S-7, L-HEAD-1/2, L-BLOCK, and the per-move rules of
the long-nardy variants of §5: exact bear-off, home moves, the fevga runner and the
fevga six-block rule). It plays one turn segment — two different dice, or one to four
equal dice; the turn shapes of §5 (sequences of doubles, re-rolls, passed moves) are
built by ``nardy.game`` from such segments. Anything else — another list of dice, a
variant this module does not know, a rule field it does not know set to a value other
than its default — is left to the pure-Python generator, which stays the reference.
Setting the environment variable ``NARDY_PURE_PYTHON=1`` forces the Python path; it
is read on every call, so it can be switched while a program runs. When the extension
is not built, importing this module logs one warning saying why (the generator then
runs about 25 times slower), unless ``NARDY_PURE_PYTHON=1`` asks for Python anyway.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, fields
from types import ModuleType

from nardy.movegen.candidate import Candidate
from nardy.position import Position
from nardy.variants.base import Variant

__all__ = [
    "SUPPORTED_VARIANTS",
    "available",
    "fast_boards",
    "fast_candidates",
    "fast_segment",
    "supports",
    "unavailable_reason",
]

#: Registered variants whose rules the compiled generator implements, by name and family.
SUPPORTED_VARIANTS: dict[str, str] = {
    "short": "short",
    "short-ru": "short",
    "short-caucasian": "short",
    "long": "long",
    "nardgammon": "long",
    "crazy": "long",
    "gulbara": "long",
    "crazy-gulbara": "long",
    "khachapuri": "long",
    "fevga": "long",
    "fevga-giul": "long",
}

#: ``Variant`` fields that do not change how one turn segment is played: names, start,
#: scoring and match options, and the turn shapes of RULES.md §5 (which segments a turn
#: has: ``nardy.game`` builds them; the dice of each are given to the generator).
_IRRELEVANT_FIELDS = frozenset(
    {
        "name", "family", "title_en", "title_ru", "start", "aliases", "opening",
        "last_roll_draw", "draw_score", "next_starter", "scoring",
        "per_checker_multipliers", "crazy_moves_per_double", "own_options", "_mapping",
        "doubles_sequence", "reroll_on_full_double", "pass_unplayed",
        "unstartable_double_passes", "sequence_stops_home", "extra_double_on_entry",
    }
)  # fmt: skip

#: Rule options the compiled generator implements (passed to it as flags).
_ENCODED_FIELDS = frozenset(
    {
        "hit_in_own_home", "head_limit", "head_exception", "block_check",
        "block_release", "no_hit_and_hide", "exact_bearoff", "home_moves",
        "first_turn_exception", "fevga_runner", "block_rule",
    }
)  # fmt: skip

#: Values a field must have for the compiled generator to play it (none at present: every
#: known rule field is either irrelevant to a segment or encoded). Any other field, added
#: later, must keep its declared default: a variant that sets it has rules the compiled
#: generator does not know.
_CLASSIC_VALUES: dict[str, object] = {}

_HEAD_EXCEPTION = {"blocked": 0, "doubles-6-4-3": 1, "head-only": 2}
_BLOCK_CHECK = {"end-of-turn": 0, "every-move": 8}
_BLOCK_RELEASE = {"passed": 0, "entered-home": 16}
_HOME_MOVES = {"always": 0, "never": 1 << 17, "until-all-home": 2 << 17}
_BLOCK_RULE = {"classic": 0, "fevga": 1 << 20}
_EXACT_BEAROFF = 1 << 16
_FEVGA_RUNNER = 1 << 19
_NO_FIRST_TURN_EXCEPTION = 1 << 21
#: The §5 rule fields with their classic values: the short family keeps these.
_LONG_ONLY = {
    "exact_bearoff": False,
    "home_moves": "always",
    "first_turn_exception": True,
    "fevga_runner": False,
    "block_rule": "classic",
}
_MAPPINGS = {
    "short": tuple([0] + [25 - p for p in range(1, 25)]),
    "long": tuple([0] + [p + 12 if p <= 12 else p - 12 for p in range(1, 25)]),
}


_NO_DEFAULT = object()


def _other_defaults() -> dict[str, object]:
    """Declared defaults of the fields neither irrelevant nor passed as flags."""
    out: dict[str, object] = {}
    for f in fields(Variant):
        if f.name in _IRRELEVANT_FIELDS or f.name in _ENCODED_FIELDS:
            continue
        if f.default is not MISSING:
            out[f.name] = f.default
        elif f.default_factory is not MISSING:
            out[f.name] = f.default_factory()
        else:
            out[f.name] = _NO_DEFAULT
    return out


#: Every rule field outside the flags, with the value it must have (its classic one).
_REQUIRED = {**_other_defaults(), **_CLASSIC_VALUES}


def available() -> bool:
    """Is the compiled generator built and usable (whatever NARDY_PURE_PYTHON says)?"""
    return _fastgen is not None


def unavailable_reason() -> str:
    """Why the compiled generator is not used at all ("" when it is available)."""
    return _reason


def _flags(variant: Variant) -> int | None:
    """The extension's rule flags for ``variant``, or None if it cannot play it."""
    if type(variant) is not Variant:
        return None
    family = SUPPORTED_VARIANTS.get(variant.name)
    if family is None or variant.family != family or variant.mapping != _MAPPINGS[family]:
        return None
    for name, value in _REQUIRED.items():
        if getattr(variant, name, _NO_DEFAULT) != value:
            return None
    limit = variant.head_limit
    if (
        type(limit) is not int
        or not 0 <= limit <= 15
        or type(variant.hit_in_own_home) is not bool
        or type(variant.no_hit_and_hide) is not bool
        or type(variant.exact_bearoff) is not bool
        or type(variant.first_turn_exception) is not bool
        or type(variant.fevga_runner) is not bool
        or variant.head_exception not in _HEAD_EXCEPTION
        or variant.block_check not in _BLOCK_CHECK
        or variant.block_release not in _BLOCK_RELEASE
        or variant.home_moves not in _HOME_MOVES
        or variant.block_rule not in _BLOCK_RULE
    ):
        return None
    if family == "short" and any(getattr(variant, k) != v for k, v in _LONG_ONLY.items()):
        return None
    return (
        (family == "long")
        | variant.hit_in_own_home << 1
        | variant.no_hit_and_hide << 2
        | _BLOCK_CHECK[variant.block_check]
        | _BLOCK_RELEASE[variant.block_release]
        | _HEAD_EXCEPTION[variant.head_exception] << 5
        | limit << 8
        | (_EXACT_BEAROFF if variant.exact_bearoff else 0)
        | _HOME_MOVES[variant.home_moves]
        | (_FEVGA_RUNNER if variant.fevga_runner else 0)
        | _BLOCK_RULE[variant.block_rule]
        | (0 if variant.first_turn_exception else _NO_FIRST_TURN_EXCEPTION)
    )


def supports(variant: Variant) -> bool:
    """Does the compiled generator implement ``variant``'s rules?"""
    return _fastgen is not None and _flags(variant) is not None


def _python_only(variant: Variant, position: Position, d1: int, d2: int) -> list[Candidate] | None:
    return None


def _python_only_boards(variant: Variant, position: Position, d1: int, d2: int) -> bytes | None:
    return None


def _python_only_segment(
    variant: Variant, position: Position, dice: Sequence[int]
) -> list[Candidate] | None:
    return None


def _load() -> tuple[ModuleType | None, str]:
    try:
        from nardy import _fastgen  # type: ignore[attr-defined]  # C, no stubs
    except ImportError as exc:
        return None, f"the extension nardy._fastgen is not built ({exc})"
    try:
        _fastgen.configure(Candidate, _flags)
    except TypeError as exc:
        return None, f"nardy._fastgen cannot build movegen.Candidate ({exc})"
    return _fastgen, ""


def notice_unavailable(reason: str, environ: Mapping[str, str] = os.environ) -> bool:
    """Log the one warning that the compiled generator cannot be used, and why; nothing
    when it can, or when ``NARDY_PURE_PYTHON=1`` chose Python deliberately. True when
    the warning was logged."""
    if not reason or environ.get("NARDY_PURE_PYTHON", "") not in ("", "0"):
        return False
    logger.warning(
        "nardy: %s; legal plays come from the pure-Python generator, about 25x slower"
        " (build it with `python setup.py build_ext --inplace`, or set NARDY_PURE_PYTHON=1"
        " to choose Python and silence this)",
        reason,
    )
    return True


logger = logging.getLogger(__name__)
_fastgen, _reason = _load()
notice_unavailable(_reason)  # once: a module is imported once

#: ``fast_candidates(variant, position, d1, d2) -> list[Candidate] | None``:
#: ``movegen.legal_candidates`` computed by the extension, or None when the Python path
#: must answer (not built, a variant it does not implement, ``NARDY_PURE_PYTHON=1``,
#: dice that are not ints 1..6 — the Python path then reports the error).
fast_candidates: Callable[[Variant, Position, int, int], list[Candidate] | None] = (
    _fastgen.candidates if _fastgen is not None else _python_only
)

#: ``fast_boards(variant, position, d1, d2) -> bytes | None``: the positions after the
#: plays of ``fast_candidates`` (same order), as the bytes of an int16 array (k, 2, 26)
#: with the opponent's side first in his own numbering (the side on roll next), then the
#: mover's; empty bytes when nothing can be played; None when the Python path must answer.
fast_boards: Callable[[Variant, Position, int, int], bytes | None] = getattr(
    _fastgen, "boards", _python_only_boards
)

#: ``fast_segment(variant, position, dice) -> list[Candidate] | None``:
#: ``movegen.segment_candidates`` computed by the extension for a turn segment of two
#: different dice or of one to four equal dice (a tuple or a list), or None when the
#: Python path must answer (as for ``fast_candidates``, and for any other list of dice).
#: (An extension built before ``segment`` existed leaves every segment to Python.)
fast_segment: Callable[[Variant, Position, Sequence[int]], list[Candidate] | None] = getattr(
    _fastgen, "segment", _python_only_segment
)
