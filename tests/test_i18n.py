"""The message catalog (nardy.i18n): both languages everywhere, consistent placeholders,
locale detection, and the checks ``register`` makes for other parts of nardy."""

from __future__ import annotations

import re

import pytest

import nardy.bots.analysis  # noqa: F401  (registers the ratings and marks)
import nardy.cli_messages  # noqa: F401  (registers the commands' texts)
import nardy.errors  # noqa: F401  (registers the core's error messages)
import nardy.server.messages  # noqa: F401  (registers the server's texts)
import nardy.terminal.messages  # noqa: F401  (registers the terminal game's and the review's texts)
from nardy.i18n import (
    LANGS,
    MESSAGES,
    CatalogError,
    default_lang,
    export,
    normalize_lang,
    placeholders,
    plural,
    register,
    t,
)

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def test_languages():
    assert LANGS == ("en", "ru")


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_both_languages_and_the_same_placeholders(key):
    texts = MESSAGES[key]
    assert set(texts) == set(LANGS)
    assert all(texts[lang].strip() for lang in LANGS)
    assert placeholders(texts["en"]) == placeholders(texts["ru"])


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_formats_in_both_languages(key):
    # a value counted in either language (Russian counts more often than English)
    counted = {n for lang in LANGS for n in re.findall(r"\{(\w+):plural:", MESSAGES[key][lang])}
    values: dict[str, object] = {
        name: 7 if name in counted else f"<{name}>" for name in placeholders(MESSAGES[key]["en"])
    }
    for lang in LANGS:
        text = t(key, lang, **values)
        for value in values.values():
            assert str(value) in text
        assert not re.search(r"\{\w+\}", text)  # no placeholder left or escaped


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_russian_texts_are_translated(key):
    """A Russian message with words in it is written in Russian (notation, option
    names and command words in Latin letters are allowed alongside)."""
    en, ru = MESSAGES[key]["en"], MESSAGES[key]["ru"]
    prose = re.sub(r"\{\w+\}", "", ru)
    if LATIN_WORD.search(re.sub(r"\{\w+\}", "", en)) or CYRILLIC.search(prose):
        assert CYRILLIC.search(prose), f"{key}: {ru!r} has no Russian text"


#: A counted Russian noun (a checker, a game, a point, a player, a second, a round):
#: after a number its form follows the number (21 шашка, 22 шашки, 25 шашек).
COUNTED = re.compile(r"\{(\w+)\} (шаш|парти|очк|игрок|секунд|минут|тур[аов]*\b)")


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_a_counted_russian_noun_follows_its_number(key):
    """A number filled in before a counted noun chooses the noun's form
    (``{n} {n:plural:шашка|шашки|шашек}``), so no message says "21 шашек"."""
    for m in COUNTED.finditer(MESSAGES[key]["ru"]):
        # (a point's number, or a side's name, before the noun counts nothing)
        assert m.group(1) in ("point", "side"), f"{key}: {{{m.group(1)}}} {m.group(2)}…"


def test_russian_counted_nouns_agree():
    say = {
        "error.position-too-many": dict(side="белые", placed=22, max=21),
        "error.xgid-checkers": dict(side="нижнего", n=21),
        "error.tournament-rounds": dict(n=22, high=21, rounds=30),
        "web.roll-out-progress": dict(done=5, games=1),
    }
    assert t("error.position-too-many", "ru", **say["error.position-too-many"]).startswith(
        "белые: можно поставить не больше 21 шашки"
    )
    assert t("error.xgid-checkers", "ru", **say["error.xgid-checkers"]).endswith("21 шашка")
    assert t("error.xgid-checkers", "en", side="bottom", n=1).endswith("1 checker")
    rounds = t("error.tournament-rounds", "ru", **say["error.tournament-rounds"])
    assert "на 22 игрока от 1 до 21 тура" in rounds
    assert t("web.roll-out-progress", "ru", **say["web.roll-out-progress"]) == "5 из 1 партии"


def test_russian_terminology_of_rules_md():
    ru = {k: v["ru"] for k, v in MESSAGES.items()}
    assert "зары" in ru["render.dice"]
    assert ru["result.mars"] == "марс" and ru["result.oin"] == "ойн"
    assert ru["result.backgammon"] == "кокс" and ru["result.koks"] == "кокс"
    assert ru["render.bar_label"] == "БАР"
    assert "шашк" in ru["err.step_usage"]
    assert ru["color.white"] == "Белые" and ru["color.black"] == "Чёрные"


def test_t_fills_placeholders_and_falls_back_to_english():
    assert t("render.pips", "ru", n=167) == "пипсы 167"
    assert t("render.pips", "en", n=167) == "pips 167"
    assert t("render.pips", "de", n=5) == "pips 5"


def test_t_errors_are_clear():
    with pytest.raises(CatalogError, match="no message 'no.such.key'"):
        t("no.such.key", "en")
    with pytest.raises(CatalogError, match="needs a value for 'n'"):
        t("render.pips", "ru")


@pytest.mark.parametrize(
    "env,expected",
    [
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "ru_UA.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ru_RU", "LANG": "en_US"}, "ru"),
        ({"LANG": "RU"}, "ru"),
    ],
)
def test_default_lang_from_the_locale(env, expected):
    assert default_lang(env) == expected


def test_default_lang_reads_the_process_environment(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert default_lang() == "ru"
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")
    assert default_lang() == "en"


def test_normalize_lang():
    assert normalize_lang("ru") == "ru"
    assert normalize_lang(" ru_RU.UTF-8") == "ru"
    assert normalize_lang(None) == "en"
    assert normalize_lang("fr") == "en"


@pytest.fixture
def scratch_keys():
    before = set(MESSAGES)
    yield
    for key in set(MESSAGES) - before:
        del MESSAGES[key]


def test_register_adds_messages(scratch_keys):
    register({"test.hello": {"en": "Hello, {name}!", "ru": "Привет, {name}!"}})
    assert t("test.hello", "ru", name="Аня") == "Привет, Аня!"
    with pytest.raises(CatalogError, match="already registered"):
        register({"test.hello": {"en": "Hi", "ru": "Привет"}})
    register({"test.hello": {"en": "Hi", "ru": "Привет"}}, replace=True)
    assert t("test.hello", "en") == "Hi"


@pytest.mark.parametrize(
    "texts,message",
    [
        ({"en": "Hello"}, "lacks language"),
        ({"en": "Hello {name}", "ru": "Привет"}, "placeholders differ"),
        ({"en": "Hello", "ru": "Привет", "de": "Hallo"}, "unknown language"),
    ],
)
def test_register_rejects_incomplete_messages(scratch_keys, texts, message):
    with pytest.raises(CatalogError, match=message):
        register({"test.bad": texts})
    assert "test.bad" not in MESSAGES


def test_register_is_all_or_nothing(scratch_keys):
    with pytest.raises(CatalogError):
        register({"test.good": {"en": "a", "ru": "б"}, "test.bad": {"en": "a"}})
    assert "test.good" not in MESSAGES


def test_export_gives_one_language_by_prefix():
    ru = export("ru", "result.")
    assert ru["result.mars"] == "марс"
    assert all(key.startswith("result.") for key in ru)
    assert export("xx", "color.") == {"color.black": "Black", "color.white": "White"}
    assert set(export("en")) == set(MESSAGES)


# -- Russian plural forms ---------------------------------------------------------------

PLURALS = [
    (0, "шашек"), (1, "шашка"), (2, "шашки"), (4, "шашки"), (5, "шашек"), (11, "шашек"),
    (12, "шашек"), (14, "шашек"), (15, "шашек"), (20, "шашек"), (21, "шашка"), (22, "шашки"),
    (25, "шашек"), (101, "шашка"), (111, "шашек"), (112, "шашек"), (122, "шашки"),
    (1000, "шашек"), (1001, "шашка"), (-1, "шашка"), (-3, "шашки"),
]  # fmt: skip


@pytest.mark.parametrize(("n", "form"), PLURALS)
def test_russian_plural_forms(n: int, form: str) -> None:
    assert plural(n, "шашка", "шашки", "шашек") == form


def test_messages_choose_their_plural_forms_in_each_language() -> None:
    register(
        {
            "test.plural.checkers": {
                "en": "{n} {n:plural:checker|checkers} off",
                "ru": "{n} {n:plural:шашка|шашки|шашек} выброшено",
            }
        },
        replace=True,
    )
    assert t("test.plural.checkers", "en", n=1) == "1 checker off"
    assert t("test.plural.checkers", "en", n=11) == "11 checkers off"
    assert t("test.plural.checkers", "ru", n=21) == "21 шашка выброшено"
    assert t("test.plural.checkers", "ru", n=3) == "3 шашки выброшено"
    assert t("test.plural.checkers", "ru", n=11) == "11 шашек выброшено"
    assert placeholders(MESSAGES["test.plural.checkers"]["ru"]) == {"n"}
    assert t("play.saved", "ru", path="p", n=2) == "Запись партии сохранена в p (2 записи)."
    assert t("error.cube-max-doubles", "ru", n=1) == "не больше 1 удвоения за партию"
