"""Player names: one Unicode form, and a skeleton that confusable names share.

A name is kept in NFKC (so ``ＡＤＭＩＮ`` is ``ADMIN``). Its skeleton folds case and
maps every character to the prototype Unicode's confusables table (UTS #39) gives it,
so ``admin``, ``ADMIN``, ``ＡＤＭＩＮ`` and ``аdmin`` (Cyrillic а) share one; the
skeleton is stored in a unique column and a new name whose skeleton is taken is
refused. The table comes from ``confusable-homoglyphs`` (Unicode's confusables.txt as
data): a character that is not a prototype lists exactly one entry, its prototype."""

from __future__ import annotations

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
