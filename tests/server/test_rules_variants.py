"""The rules page explains every game the club offers (the new-game form's variants,
``nardy.variants.VARIANTS``): each has its section's texts in both languages
(``web.rules.v.<variant>.*``) and a place in rules.js's ``VARIANT_RULES``, and every
rule id the page shows (the texts, and the marks rules.js puts beside each part) is one
that docs/rules.md defines, so a reader can look it up. The browser side (the sections,
their anchors, /rules#fevga) is tests/server/test_browser_rules.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import nardy.server.messages  # noqa: F401  (registers the server's texts)
from nardy.i18n import LANGS, MESSAGES
from nardy.variants import OPTION_VALUES, VARIANTS

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT / "docs" / "rules.md"
RULES_JS = ROOT / "src" / "nardy" / "server" / "static" / "rules.js"

#: A rule id as docs/rules.md writes them: G-8, L-HEAD-2, L-BLOCK, V-CRAZY, C-2.
RULE_ID = re.compile(r"\b[GSLVC]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
#: The parts of a game's section, each a text or a list (``.0``, ``.1``, …).
PARTS = {"start": "text", "rules": "list", "end": "text", "options": "list"}


def defined_ids() -> set[str]:
    """The ids docs/rules.md defines: the bold heads of its rules (``**L-HEAD-2 …**``)."""
    text = RULES_MD.read_text(encoding="utf-8")
    return set(re.findall(r"\*\*([GSLVC]-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b", text))


def rules_js_variants() -> list[str]:
    """The games rules.js's VARIANT_RULES gives a section, in its order."""
    js = RULES_JS.read_text(encoding="utf-8")
    block = js[js.index("export const VARIANT_RULES") : js.index("\n];", js.index("VARIANT_RULES"))]
    return re.findall(r'\{ name: "([\w-]+)"', block)


def rules_js_ids() -> set[str]:
    """Every rule id rules.js names (its string literals: the sections' and the summary's
    marks)."""
    js = RULES_JS.read_text(encoding="utf-8")
    return {m for lit in re.findall(r'"([^"\n]*)"', js) for m in RULE_ID.findall(lit)}


def section_texts(name: str, lang: str) -> list[str]:
    prefix = f"web.rules.v.{name}."
    return [v[lang] for k, v in sorted(MESSAGES.items()) if k.startswith(prefix)]


def test_the_rule_book_defines_the_ids_the_checks_rely_on() -> None:
    ids = defined_ids()
    assert {"G-1", "G-12", "S-7", "L-HEAD-2", "L-BLOCK", "L-DRAW", "L-4", "C-5"} <= ids
    assert {"V-NG", "V-CRAZY", "V-GUL", "V-CGUL", "V-KHACH", "V-FEVGA", "V-GIUL"} <= ids
    assert "V-NOPE" not in ids


def test_every_offered_game_has_a_section_in_rules_js() -> None:
    assert rules_js_variants() == list(VARIANTS)


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_offered_game_has_its_texts_in_both_languages(name: str) -> None:
    for part, kind in PARTS.items():
        key = f"web.rules.v.{name}.{part}"
        keys = [key] if kind == "text" else [f"{key}.{i}" for i in range(20)]
        found = [k for k in keys if k in MESSAGES]
        assert found, f"{key} is missing"
        if kind == "list":  # .0, .1, … without a gap
            assert found == keys[: len(found)], found
        for k in found:
            en, ru = MESSAGES[k]["en"], MESSAGES[k]["ru"]
            assert en.strip() and ru.strip() and en != ru, k
            assert re.search(r"[а-яё]", ru, re.I) and not re.search(r"[а-яё]", en, re.I), k


@pytest.mark.parametrize("name", list(VARIANTS))
def test_a_section_says_the_players_names_of_its_options(name: str) -> None:
    """A section's texts name the rule options and their values in the player's words
    (“the first roll”, “only with 6-6, 4-4 or 3-3”), not the engine's (opening,
    doubles-6-4-3): those are in the page's small code-styled list for developers
    (rules.js optionNames, test_browser_rules)."""
    engine = set(OPTION_VALUES) | {
        v for values in OPTION_VALUES.values() for v in values if isinstance(v, str) and "-" in v
    }
    for lang in LANGS:
        for text in section_texts(name, lang):
            named = set(re.findall(r"\b[a-z]+(?:[_-][a-z0-9]+)+\b", text))
            assert named & engine == set(), (name, lang, named & engine)
    for option in VARIANTS[name].option_names():  # (each with its name in both languages)
        assert MESSAGES[f"web.option.{option}"]["ru"], option


def test_every_rule_id_the_page_shows_is_in_the_rule_book() -> None:
    """The marks rules.js shows (and any id a rules-page text names) are ids that
    docs/rules.md defines: a reader can look each one up."""
    ids = defined_ids()
    shown = rules_js_ids()
    assert {"V-FEVGA", "V-CRAZY", "V-CGUL", "L-HEAD-2", "C-2", "S-7"} <= shown
    assert shown - ids == set()
    for key, texts in MESSAGES.items():
        if key.startswith("web.rules."):
            for lang in LANGS:
                assert set(RULE_ID.findall(texts[lang])) <= ids, (key, lang)


def test_each_variant_section_cites_the_variant_rule() -> None:
    """A long-nardy variant's differences cite its V-… rule (S-6, S-7 for the short ones)."""
    js = RULES_JS.read_text(encoding="utf-8")
    own = {
        "short-ru": "S-6",
        "short-caucasian": "S-7",
        "nardgammon": "V-NG",
        "crazy": "V-CRAZY",
        "gulbara": "V-GUL",
        "crazy-gulbara": "V-CGUL",
        "khachapuri": "V-KHACH",
        "fevga": "V-FEVGA",
        "fevga-giul": "V-GIUL",
    }
    assert set(own) | {"short", "long"} == set(VARIANTS)
    for name, rule in own.items():
        entry = re.search(rf'\{{ name: "{name}",.*?rules: \[([^\]]*)\]', js, re.S)
        assert entry and f'"{rule}"' in entry.group(1), name


def test_the_scoring_summary_offers_c2_to_long_nardy_too() -> None:
    """C-2: koks, home mars, four tiers and per-checker scoring are offered for long
    nardy as well; the summary no longer says koks belongs to short nardy alone."""
    en, ru = MESSAGES["web.rules.general.4"]["en"], MESSAGES["web.rules.general.4"]["ru"]
    assert "long and short nardy alike" in en and "И в длинных, и в коротких" in ru
    for words in ("koks", "home mars", "four tiers", "each checker not borne off"):
        assert words in en, words
    for words in ("коксом", "домашним марсом", "четыре ступени", "невыброшенную шашку"):
        assert words in ru, words
    assert '["G-11", "L-3", "S-5", "C-2"]' in RULES_JS.read_text(encoding="utf-8")
    # the long-nardy section says what each preset counts there
    long_en = MESSAGES["web.rules.v.long.options.0"]["en"]
    assert "koks 3" in long_en and "starting quarter" in long_en and "home mars" in long_en
