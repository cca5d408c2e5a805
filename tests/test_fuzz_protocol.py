"""Fuzzing the engine protocol in the suite (the long run is ``bench/fuzz.py N``): every
line gets one answer line of strict JSON that echoes a good id, and never an ``internal
error`` (``nardy.engine.fuzz.verdict``)."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from nardy.engine.fuzz import NASTY, SEEDS, StepClock, inputs, mutate_object, run, verdict
from nardy.engine.protocol import COMMANDS, Engine


@pytest.fixture(autouse=True)
def quiet(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.CRITICAL, logger="nardy.engine.protocol")


def answer(line: bytes) -> bytes:
    engine = Engine(clock=StepClock())
    return engine.answer(engine.read(line))


def test_seeds_are_valid_requests() -> None:
    for seed in SEEDS:
        line = json.dumps(seed).encode()
        assert verdict(line, answer(line)) == "ok", seed


def test_seeded_mutation_fuzzer_finds_no_crash() -> None:
    engine = Engine(clock=StepClock())
    result = run(inputs(20261203), 1000, lambda line: engine.answer(engine.read(line)))
    assert result["crashes"] == []
    assert result["inputs"] == 1000 and result["crash"] == 0
    # The mutations reach the commands: some requests stay valid, most are refused.
    assert result["ok"] > 30 and result["error"] > 600


def test_the_fuzzer_is_deterministic() -> None:
    first = [line for _, line in zip(range(50), inputs(5), strict=False)]
    again = [line for _, line in zip(range(50), inputs(5), strict=False)]
    assert first == again and len(set(first)) > 40


def test_verdict_catches_what_it_must() -> None:
    line = b'{"id": 3, "cmd": "x"}'
    assert verdict(line, b'{"id": 3, "error": "unknown command"}\n') == "error"
    assert verdict(line, b'{"id": 3, "plays": []}\n') == "ok"
    assert verdict(line, b'{"id": null, "error": "x"}\n').startswith("crash: id 3")
    assert verdict(line, b'{"id": 3, "error": "internal error: KeyError"}\n').startswith("crash")
    assert verdict(line, b'{"id": 3, "equity": NaN}\n').startswith("crash")
    assert verdict(line, b'{"id": 3, "e": "\xff"}\n').startswith("crash")
    assert verdict(line, b'{"id": 3}\n{"id": 3}\n').startswith("crash")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=300))
@example(b"[" * 100_000)
@example(b'{"id":"\\ud800","cmd":"x"}')
@example(b"\xff\xfe\xfd")
def test_any_bytes_get_a_strict_answer(line: bytes) -> None:
    line = line.replace(b"\n", b" ")
    assert not verdict(line, answer(line)).startswith("crash")


# JSON values as a hostile client writes them: any text (lone surrogates included), any
# integer, any float (NaN and infinities written as json.dumps writes them).
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(st.characters(codec=None), max_size=20)
    | st.sampled_from(["white", "black", "short", "long", "strongest", "bar", "off"])
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = [
    "id",
    "cmd",
    "variant",
    "options",
    "position",
    "dice",
    "segment",
    "level",
    "plies",
    "top",
    "cube",
    "match",
    "position_id",
    "turn",
    "time_limit",
]


def _dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


#: A rollout asked of another command's seed plays few and short games: the fuzz looks
#: for a crash in the answer, and a rollout's defaults (1,296 whole games, cut only by
#: the time limit between batches) took minutes, most of this test's time in CI.
_CHEAP = {"rollout": {"games": 36, "truncate": 2}}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(SEEDS),
    st.dictionaries(st.sampled_from(_FIELDS), _JSON, max_size=3),
    st.sampled_from(sorted(COMMANDS)),
)
def test_any_field_values_in_a_valid_request(
    seed: dict[str, Any], fields: dict[str, Any], cmd: str
) -> None:
    request = {**seed, "cmd": cmd, **_CHEAP.get(cmd, {}), **fields}
    line = _dumps(request)
    assert not verdict(line, answer(line)).startswith("crash")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SEEDS), st.integers(0, 2**32), st.sampled_from(NASTY))
def test_nasty_values_anywhere(seed: dict[str, Any], salt: int, nasty: str) -> None:
    line = mutate_object(random.Random(salt), seed)
    assert not verdict(line, answer(line)).startswith("crash")
    raw = _dumps(seed).replace(b'"cmd"', b'"cmd2": ' + nasty.encode() + b', "cmd"', 1)
    assert not verdict(raw, answer(raw)).startswith("crash")
