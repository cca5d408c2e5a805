"""docs/protocol.md cannot rot: every request block is run through the engine and must
give the answer block after it, and every engine command must be documented with an
example."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from nardy.engine import bots as engine_bots
from nardy.engine.protocol import COMMANDS, Engine

DOC = Path(__file__).parent.parent / "docs" / "protocol.md"
_BLOCK = re.compile(r"^```json (request|answer)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Equities and probabilities come from neural nets: a last-digit difference is no error.
TOLERANCE = 0.002


def examples() -> list[tuple[list[bytes], list[str]]]:
    """The (request lines, answer lines) pairs of the document, in order."""
    blocks = _BLOCK.findall(DOC.read_text(encoding="utf-8"))
    kinds = [kind for kind, _ in blocks]
    assert kinds == ["request", "answer"] * (len(blocks) // 2), kinds
    pairs = []
    for (_, requests), (_, answers) in zip(blocks[::2], blocks[1::2], strict=True):
        # A request is bytes as a client sends them; "\ud800" stays an escape.
        pairs.append(([line.encode() for line in requests.splitlines()], answers.splitlines()))
    return pairs


def matches(documented: Any, actual: Any, where: str = "answer") -> None:
    """``actual`` is what the doc shows: ``"…"`` stands for anything, a text ending in
    ``…`` for a text starting so, numbers to ``TOLERANCE``; otherwise equal, with the
    same fields."""
    if documented == "…":
        return
    if isinstance(documented, str) and documented.endswith("…"):
        assert isinstance(actual, str) and actual.startswith(documented[:-1]), (where, actual)
    elif isinstance(documented, dict):
        assert isinstance(actual, dict) and set(actual) == set(documented), (where, actual)
        for key, value in documented.items():
            matches(value, actual[key], f"{where}.{key}")
    elif isinstance(documented, list):
        assert isinstance(actual, list) and len(actual) == len(documented), (where, actual)
        for i, (d, a) in enumerate(zip(documented, actual, strict=True)):
            matches(d, a, f"{where}[{i}]")
    elif isinstance(documented, float) and not isinstance(actual, bool):
        assert actual == pytest.approx(documented, abs=TOLERANCE), (where, actual)
    else:
        assert actual == documented and type(actual) is type(documented), (where, actual)


@pytest.mark.parametrize("requests, answers", examples())
def test_documented_example(requests: list[bytes], answers: list[str]) -> None:
    engine_bots._bot.cache_clear()  # a search served from an earlier cache is never cut
    # Time stands still: only a stop ends a search, so every answer is the same anywhere.
    engine = Engine(clock=lambda: 0.0)
    read = [engine.read(line) for line in requests]
    for request in read:  # as the reader does: a stop stops what came before it
        if request.is_stop:
            engine.note_stop(request)
    assert len(answers) == len(read)
    for request, documented in zip(read, answers, strict=True):
        actual = json.loads(engine.answer(request))
        matches(json.loads(documented), actual)


def test_every_command_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    headings = set(re.findall(r"^### `([a-z-]+)`$", text, re.MULTILINE))
    assert headings == set(COMMANDS)
    shown = set()
    for requests, _ in examples():
        for line in requests:
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict):
                shown.add(value.get("cmd"))
    assert set(COMMANDS) <= shown, set(COMMANDS) - shown


def test_the_matching_rule_can_fail() -> None:
    with pytest.raises(AssertionError):
        matches({"a": 1}, {"a": 1, "b": 2})
    with pytest.raises(AssertionError):
        matches({"a": 0.5}, {"a": 0.51})
    with pytest.raises(AssertionError):
        matches("unknown variant 'x' (known: …", "unknown command")
    with pytest.raises(AssertionError):
        matches([1, 2], [1, 2, 3])
    with pytest.raises(AssertionError):
        matches(1, True)
    matches({"a": "…", "b": 0.1234}, {"a": [1], "b": 0.1241})
