"""Player names: one Unicode form, and a skeleton that confusable names share.

A name is kept in NFKC (so ``ＡＤＭＩＮ`` is ``ADMIN``). Its skeleton folds case and
maps every character to the prototype Unicode's confusables table (UTS #39) gives it,
so ``admin``, ``ADMIN``, ``ＡＤＭＩＮ`` and ``аdmin`` (Cyrillic а) share one; the
skeleton is stored in a unique column and a new name whose skeleton is taken is
refused. The table comes from ``confusable-homoglyphs`` (Unicode's confusables.txt as
data): a character that is not a prototype lists exactly one entry, its prototype."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]

_MARKS = "\u200e\u200f"  # the table wraps right-to-left characters in direction marks


@cache
def _prototypes() -> dict[str, str]:
    table: dict[str, str] = {}
    data: dict[str, list[dict[str, str]]] = confusables.confusables_data
    for char, entries in data.items():
        if len(entries) == 1:
            proto = entries[0]["c"].strip(_MARKS)
            if proto != char:
                table[char] = proto
    return table


def normalize_name(name: str) -> str:
    """``name`` in NFKC without surrounding spaces."""
    return unicodedata.normalize("NFKC", name).strip()


def skeleton(name: str) -> str:
    """The form that confusable names share (case folded, NFKC, prototypes)."""
    table = _prototypes()
    folded = unicodedata.normalize("NFKC", name.casefold())
    mapped = "".join(table.get(c, c) for c in folded)
    return unicodedata.normalize("NFKC", mapped.casefold())


def guest_name(number: int) -> str:
    """A new guest's stored name; the client words it in its language ("Гость 7")."""
    return f"Guest-{number}"


@cache
def _guest_names() -> re.Pattern[str]:
    # the skeletons of "Guest-7", "guest_7", "Гость 7" and their look-alikes (the
    # skeleton of a digit need not be a digit: "1" is "l")
    words = "|".join(re.escape(skeleton(w)) for w in ("guest", "гость"))
    digits = re.escape("".join({skeleton(d) for d in "0123456789"}))
    return re.compile(rf"(?:{words})[\s._-]*[{digits}]+")


def looks_like_guest_name(name: str) -> bool:
    """Whether ``name`` reads as a default guest name, which no one may choose (the
    client shows "Guest-7" as "Гость 7"; a chosen "Гость 7" would pass for a guest)."""
    return _guest_names().fullmatch(skeleton(name)) is not None
