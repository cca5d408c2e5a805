"""Fuzzing every importer (``nardy.notation``): any input either parses or raises one of
the project's ``NardyError``s — never IndexError, KeyError, RecursionError, a bare
ValueError from ``int()`` … Seeds are fixed, so a failure reproduces."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers_matches import play_out
from hypothesis import example, given, settings
from hypothesis import strategies as st

from nardy.engine.fuzz import mutate_object
from nardy.errors import NardyError
from nardy.game import Game
from nardy.notation.mat import read_mat
from nardy.notation.match_id import decode_match_id, snapshot_from_ids
from nardy.notation.position_id import decode_id, decode_long_id, decode_position_id
from nardy.notation.position_json import position_from_json
from nardy.notation.record import read_record, write_game
from nardy.notation.sgf import read_sgf
from nardy.notation.xgid import decode_xgid

FIXTURES = Path(__file__).parent / "fixtures"
BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
START_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def parses_or_refuses(importer: Callable[[Any], Any], data: Any) -> None:
    """``importer(data)`` returns, or raises a ``NardyError``; anything else fails."""
    with contextlib.suppress(NardyError):
        importer(data)


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with one to four edits: characters replaced (surrogates and digits of
    other scripts among them), inserted, deleted, duplicated or cut off, and hostile
    tokens (huge numbers, deep brackets) put in."""
    s = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(s) + 1)
        kind = rng.randrange(6)
        if kind == 0 and s:
            s[min(at, len(s) - 1)] = rng.choice(["\ud800", "\x00", "²", "٣", "ж", "=", "9", " "])
        elif kind == 1:
            s[at:at] = rng.choice("0123456789/:*()[];=-+ \n\tabxyzWB") * rng.randint(1, 3)
        elif kind == 2:
            del s[at : at + rng.randint(1, 10)]
        elif kind == 3:
            s[at:at] = s[at : at + rng.randint(1, 40)]
        elif kind == 4:
            s[at:at] = rng.choice(["99999999999", "1" + "0" * 5000, "-1", "NaN", "(;" * 300, "["])
        else:
            del s[at:]
    return "".join(s)


# -- compact IDs -------------------------------------------------------------------------
_ID_TEXT = st.text(st.sampled_from(BASE64 + "=L-_ .²\ud800"), min_size=0, max_size=18)


@settings(max_examples=1500, deadline=None)
@given(_ID_TEXT, st.sampled_from(["white", "black"]))
@example("4HPwDgc/ABMA==", "white")  # IndexError before: '=' inside shortened the data
@example("4HPwATDgc/AB==", "white")
@example("LAACA/z8AAMD/=w", "white")
def test_position_ids(text: str, turn: str) -> None:
    parses_or_refuses(lambda t: decode_position_id(t, turn), text)  # type: ignore[arg-type]
    parses_or_refuses(lambda t: decode_long_id(t, turn), text)  # type: ignore[arg-type]
    parses_or_refuses(lambda t: decode_long_id(t, turn), "L" + text)  # type: ignore[arg-type]


def test_position_id_with_padding_inside_is_refused() -> None:
    with pytest.raises(NardyError, match="not Base64"):
        decode_id("short", "4HPwDgc/ABMA==")


@settings(max_examples=1000, deadline=None)
@given(st.text(st.sampled_from(BASE64 + "=-_ ²"), min_size=0, max_size=14))
@example("cAkAAAAAAA==")
def test_match_ids(text: str) -> None:
    parses_or_refuses(decode_match_id, text)
    parses_or_refuses(lambda t: snapshot_from_ids("4HPwATDgc/ABMA", t), text)


@settings(max_examples=1000, deadline=None)
@given(st.integers(0, 2**32))
@example(0)
def test_xgid_mutations(salt: int) -> None:
    parses_or_refuses(decode_xgid, mutate_text(random.Random(salt), START_XGID))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(st.characters(codec=None), max_size=8), min_size=1, max_size=12))
@example(["-b----E-C---eE---c-e----B-", "0", "0", "1", "²³", "0", "0", "0", "0", "10"])
@example(["-b----E-C---eE---c-e----B-", "0", "0", "1", "00", "0", "0", "0", "0", "1" * 5000])
def test_xgid_fields(fields: list[str]) -> None:
    parses_or_refuses(decode_xgid, "XGID=" + ":".join(fields))


# -- position objects --------------------------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_position_json_mutations(salt: int) -> None:
    start = {
        "turn": "white",
        "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}, "bar": 0, "off": 0},
        "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    }
    text = mutate_object(random.Random(salt), start).decode("utf-8", "surrogatepass")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError):
        return  # not JSON: the engine's wire refuses it before this importer
    parses_or_refuses(position_from_json, obj)


# -- files -------------------------------------------------------------------------------
def test_mat_mutations() -> None:
    text = (FIXTURES / "gnubg_3pt.mat").read_text(encoding="utf-8")
    read_mat(text)
    rng = random.Random(13)
    for _ in range(120):
        parses_or_refuses(read_mat, mutate_text(rng, text))


def test_sgf_mutations() -> None:
    text = (FIXTURES / "gnubg_3pt.sgf").read_text(encoding="utf-8")
    read_sgf(text)
    rng = random.Random(13)
    for _ in range(100):
        parses_or_refuses(read_sgf, mutate_text(rng, text))


@pytest.mark.parametrize(
    "text",
    [
        "(;FF[4]GM[6]MI[length:" + "1" * 5000 + "])",  # ValueError from int() before
        "(;FF[4]GM[6]MI[length:²])",
        "(;FF[4]GM[6]RE[W+" + "9" * 400 + "])",
        "(;" * 10_000,
    ],
)
def test_sgf_numbers_and_nesting(text: str) -> None:
    with pytest.raises(NardyError):
        read_sgf(text)


@pytest.mark.parametrize(
    "text",
    [
        "1" + "0" * 5000 + " point match\n",  # ValueError from int() before
        "3 point match\n\n Game 1" + "1" * 5000 + "\n",
    ],
)
def test_mat_numbers(text: str) -> None:
    with pytest.raises(NardyError):
        read_mat(text)


def _record_texts() -> list[str]:
    return [
        write_game(play_out(Game(variant), random.Random(seed)))
        for seed, variant in ((1, "short"), (2, "long"))
    ]


def test_record_mutations() -> None:
    texts = _record_texts()
    rng = random.Random(13)
    for _ in range(300):
        lines = rng.choice(texts).splitlines()
        k = rng.randrange(len(lines))
        lines[k] = mutate_object(rng, json.loads(lines[k])).decode("utf-8", "surrogatepass")
        parses_or_refuses(read_record, "\n".join(lines))
    for _ in range(200):
        parses_or_refuses(read_record, mutate_text(rng, rng.choice(texts)))


@pytest.mark.parametrize(
    "line",
    [
        '{"type": "game", "n": 1' + "0" * 5000 + "}",  # ValueError from int() before
        '{"type": "game", "x": NaN}',
        '{"type": "game", "x": -Infinity}',
        "[" * 100_000,
    ],
)
def test_record_numbers_and_nesting(line: str) -> None:
    with pytest.raises(NardyError):
        read_record(line + "\n")


_MAT_HEAD = '; [Nardy Variant "short"]\n; [{key} "{value}"]\n\n 1 point match\n\n Game 1\n'
_DEEP = "[" * 100_000 + "]" * 100_000
_DEEP_OBJECT = '{"a":' * 100_000 + "1" + "}" * 100_000  # no ']': it would end an SGF value


@pytest.mark.parametrize(
    "importer, text",
    [
        # An option named "self" met Variant.with_options(self, **options): TypeError.
        (read_record, '{"type": "setup", "variant": "short", "options": {"self": 1}}\n'),
        (read_mat, _MAT_HEAD.format(key="Nardy Options", value='{"self": 1}')),
        (read_sgf, '(;FF[4]GM[6]NV[short]NO[{"self": 1}];W[31fece])'),
        # JSON in a header or property nested past the parser's recursion: RecursionError.
        (read_mat, _MAT_HEAD.format(key="Nardy Options", value=_DEEP)),
        (read_mat, _MAT_HEAD.format(key="Nardy Cube", value=_DEEP)),
        (read_sgf, f"(;FF[4]GM[6]NV[short]NO[{_DEEP_OBJECT}];W[31fece])"),
        (read_sgf, f"(;FF[4]GM[6]NV[short]NC[{_DEEP_OBJECT}];W[31fece])"),
    ],
)
def test_options_and_json_inside_files(importer: Callable[[str], Any], text: str) -> None:
    with pytest.raises(NardyError):
        importer(text)
