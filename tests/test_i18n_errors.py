"""Errors carry a stable code and parameters; the text comes from the catalogue in the
user's language at the edge, and no exception carries an "english / русский" literal."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest

import nardy.cli_messages  # noqa: F401  (registers the commands' texts)
import nardy.server.messages  # noqa: F401  (registers the server's texts)
from nardy.cube import Cube, CubeError
from nardy.errors import DETAIL, IllegalMoveError, NardyError
from nardy.game import Game, GameError
from nardy.i18n import MESSAGES
from nardy.variants import find_variant

SRC = Path(__file__).resolve().parent.parent / "src" / "nardy"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
# words a Russian message may keep in Latin letters: formats, options, rule ids
TECHNICAL = {
    "json", "csrf", "content", "type", "application", "sgf", "mat", "next", "game",
    "position", "id", "score", "crawford", "match", "games", "workers", "batch", "eval",
    "every", "rounds", "positions", "epochs", "target", "plies", "mode", "options", "client",
    "seed", "name", "true", "false", "action", "bar", "off", "level", "play", "xgid",
    "base", "null", "setup", "gnubg",
}  # fmt: skip


def _bilingual_raises() -> list[str]:
    """``raise`` statements (anywhere in src/nardy) whose strings hold " / " and Cyrillic."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Raise) or node.exc is None:
                continue
            for sub in ast.walk(node.exc):
                if (
                    isinstance(sub, ast.Constant)
                    and isinstance(sub.value, str)
                    and " / " in sub.value
                    and CYRILLIC.search(sub.value)
                ):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}: {sub.value!r}")
    return found


def test_no_exception_carries_an_english_slash_russian_literal() -> None:
    assert _bilingual_raises() == []


def test_the_grep_the_issue_asks_for_finds_nothing_either() -> None:
    hits = [
        f"{path.relative_to(SRC)}:{n}"
        for path in SRC.rglob("*.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "raise " in line and " / " in line and CYRILLIC.search(line)
    ]
    assert hits == []


ERROR_KEYS = sorted(k for k in MESSAGES if k.startswith("error.") and k != DETAIL)


@pytest.mark.parametrize("key", ERROR_KEYS)
def test_each_error_is_english_in_english_and_russian_in_russian(key: str) -> None:
    en, ru = MESSAGES[key]["en"], MESSAGES[key]["ru"]
    assert not CYRILLIC.search(en), en
    assert CYRILLIC.search(ru), ru
    # (a quoted 'literal' or a JSON path such as position.white.first_turn is typed as is)
    bare = re.sub(r"'[^']*'|\w+[._][\w.{}]+|\{\w+(:[^}]*)?\}|--[\w-]+|\b[A-Z]-\w+\b|KiB", " ", ru)
    latin = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", bare)}
    assert latin <= TECHNICAL, f"{key}: English words in Russian: {latin - TECHNICAL}"


def test_an_error_has_a_code_params_english_str_and_a_russian_text() -> None:
    err = CubeError("cube-max-doubles", n=2)
    assert (err.code, err.params) == ("cube-max-doubles", {"n": 2})
    assert str(err) == "at most 2 doubles per game"
    assert err.text("ru") == "не больше 2 удвоений за партию"
    assert err.text("de") == str(err)  # other languages fall back to English
    back = pickle.loads(pickle.dumps(err))  # worker processes send errors back pickled
    assert type(back) is CubeError and back.text("ru") == err.text("ru")


def test_a_sentence_not_in_the_catalogue_keeps_the_class_code() -> None:
    err = IllegalMoveError("a sentence nobody translated yet")
    assert err.code == "illegal" and err.key == DETAIL
    assert err.text("ru") == str(err) == "a sentence nobody translated yet"
    assert NardyError("x y").code == "error"


def test_the_core_errors_a_player_meets_have_codes_c3() -> None:
    game = Game(find_variant("short"))
    game.opening(3, 1)
    with pytest.raises(GameError) as roll:
        game.roll(2, 2)  # the opening roll is being played
    assert roll.value.code == "not-time-to-roll"
    assert roll.value.text("ru") == "сейчас не время бросать кости"
    with pytest.raises(IllegalMoveError) as bad:
        game.play("24/20 13/10")
    assert bad.value.code == "play-illegal" and bad.value.params["play"] == "24/20 13/10"
    assert "по правилам невозможен" in bad.value.text("ru")
    with pytest.raises(GameError) as undo:
        game.undo()
    assert undo.value.code == "nothing-to-undo"
    refusal = Cube().may_beaver()
    assert refusal is not None and refusal.code == "no-double-offered"
