"""A seeded mutation fuzzer of engine requests, and the check of each answer.

:func:`inputs` yields lines made from valid requests of every command by mutations a
hostile client would try: a field replaced by a value of the wrong type or range
(huge integers, ``NaN``, ``1e400``, lone surrogates, deep nesting, long strings), a
field dropped or added, and byte-level damage (flipped, inserted and deleted bytes,
invalid UTF-8, truncation). :func:`verdict` classifies an answer: ``ok``, ``error``
(a clear refusal) or a *crash* — an ``internal error`` answer, an answer that is not
one line of strict JSON in UTF-8, or an id not echoed as sent. Used by the fuzz tests
and ``bench/fuzz.py``; the same seed gives the same inputs.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from nardy.engine.wire import MAX_ID_CHARS, MAX_ID_INT

_SHORT = {
    "turn": "white",
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}
_LONG = {
    "turn": "white",
    "white": {"points": {"24": 15}, "first_turn": True},
    "black": {"points": {"24": 15}, "first_turn": True},
}
_RACE = {
    "turn": "black",
    "white": {"points": {"6": 3, "5": 2, "1": 4}, "off": 6},
    "black": {"points": {"4": 2, "2": 3}, "bar": 0, "off": 10},
}
_MATCH = {"length": 7, "score": {"white": 3, "black": 5}, "crawford": True}

#: Valid requests of every command: the seeds the mutations start from.
SEEDS: tuple[dict[str, Any], ...] = (
    {"id": 1, "cmd": "legal", "variant": "short", "position": _SHORT, "dice": [6, 5]},
    {"id": "l", "cmd": "legal", "variant": "long", "position": _LONG, "dice": [6, 6]},
    {
        "id": 3,
        "cmd": "legal",
        "variant": "crazy-gulbara",
        "options": {"crazy_moves_per_double": 2},
        "position": _LONG,
        "segment": [5, 5],
    },
    {"id": 4, "cmd": "legal", "variant": "short", "position": _RACE, "dice": [2, 1]},
    {"id": 5, "cmd": "id", "variant": "short", "position": _SHORT},
    {"id": 6, "cmd": "id", "variant": "long", "position": _LONG},
    {"id": 7, "cmd": "from-id", "variant": "short", "position_id": "4HPwATDgc/ABMA"},
    {
        "id": 8,
        "cmd": "from-id",
        "variant": "long",
        "position_id": "LAACA/z8AAMD/3w",
        "turn": "black",
    },
    {"id": 9, "cmd": "best", "variant": "short", "position": _RACE, "dice": [3, 1], "level": 3},
    {
        "id": 10,
        "cmd": "rank",
        "variant": "short",
        "position": _SHORT,
        "dice": [3, 1],
        "level": "advanced",
        "plies": 1,
        "top": 3,
        "match": _MATCH,
    },
    {"id": 11, "cmd": "eval", "variant": "long", "position": _LONG, "level": 2},
    {
        "id": 12,
        "cmd": "cube",
        "variant": "short",
        "position": _RACE,
        "cube": {"value": 2, "owner": "black", "offered_by": None},
        "match": {"length": 5, "score": [2, 3]},
        "level": 0,
    },
    {
        "id": 13,
        "cmd": "cube",
        "variant": "short",
        "position": _SHORT,
        "cube": {"value": 1, "owner": None, "offered_by": "black"},
        "level": "beginner",
        "time_limit": 2,
    },
    {
        "id": 15,
        "cmd": "rollout",
        "variant": "short",
        "position": _RACE,
        "dice": [2, 1],
        "games": 72,
        "top": 2,
        "seed": 3,
    },
    {"id": 14, "cmd": "stop"},
)

#: Raw JSON texts that stand in for a field: wrong types, edge and hostile values.
NASTY: tuple[str, ...] = (
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1",
    "2",
    "6",
    "7",
    "25",
    "26",
    "4096",
    "8192",
    "20000",
    "1000000",
    "9007199254740993",
    "-9223372036854775809",
    "1" + "0" * 400,
    "1" + "0" * 5000,
    "1.5",
    "-0.0",
    "1e400",
    "-1e400",
    "1e-400",
    "NaN",
    "Infinity",
    "-Infinity",
    '""',
    '"x"',
    '"white"',
    '"black"',
    '"bar"',
    '"strongest"',
    '"\\ud800"',
    '"\\udfff\\ud800"',
    '"\\u0000"',
    '"\u0436\u20ac\U0001f600"',
    '"' + "a" * 300 + '"',
    "[]",
    "{}",
    "[6, 5]",
    "[1, 2, 3, 4, 5]",
    '{"white": 1}',
    "[" * 40 + "]" * 40,
    "[" * 5000 + "]" * 5000,
    '{"a":' * 40 + "1" + "}" * 40,
)

#: Keys added to objects: the request's fields, and names that collide with Python's
#: (an option named "self" once met ``with_options(self, **options)``).
_KEYS = (
    "id",
    "cmd",
    "extra",
    "position",
    "dice",
    "level",
    "plies",
    "top",
    "cube",
    "match",
    "time_limit",
    "options",
    "self",
    "__class__",
    "value",
    "owner",
    "length",
    "score",
)

_MARK = "\x00NASTY{}\x00"


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: _replace(v, rest, new) if k == head else v for k, v in value.items()}
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


def _drop(value: Any, path: tuple[Any, ...]) -> Any:
    head, rest = path[0], path[1:]
    if rest:
        inner = {**value} if isinstance(value, dict) else [*value]
        inner[head] = _drop(value[head], rest)
        return inner
    if isinstance(value, dict):
        return {k: v for k, v in value.items() if k != head}
    return [v for i, v in enumerate(value) if i != head]


def mutate_object(rng: random.Random, seed: Any) -> bytes:
    """The JSON of ``seed`` with one to three values replaced by :data:`NASTY` ones,
    dropped, or keys added (a lone surrogate may be written: the bytes are not UTF-8
    then)."""
    value: Any = seed
    marks: list[str] = []
    for _ in range(rng.randint(1, 3)):
        paths = list(_paths(value))
        path = rng.choice(paths)
        kind = rng.random()
        if kind < 0.6 or not path:
            marks.append(rng.choice(NASTY))
            value = _replace(value, path, _MARK.format(len(marks) - 1))
        elif kind < 0.8:
            value = _drop(value, path)
        else:
            parent = path[:-1]
            target: Any = value
            for step in parent:
                target = target[step]
            if isinstance(target, dict):
                key = rng.choice(_KEYS)
                marks.append(rng.choice(NASTY))
                value = _replace(value, parent, {**target, key: _MARK.format(len(marks) - 1)})
    text = json.dumps(value, ensure_ascii=False)
    for i, raw in enumerate(marks):
        text = text.replace(json.dumps(_MARK.format(i)), raw)
    return text.encode("utf-8", "surrogatepass")


def _bytes(rng: random.Random, data: bytes) -> bytes:
    """``data`` with byte-level damage."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(7)
        at = rng.randrange(len(buf) + 1)
        if kind == 0 and buf:
            buf[min(at, len(buf) - 1)] ^= 1 << rng.randrange(8)
        elif kind == 1:
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 4)))
        elif kind == 2:
            del buf[at : at + rng.randint(1, 8)]
        elif kind == 3:
            buf[at:at] = rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\x00"])
        elif kind == 4:
            del buf[at:]
        elif kind == 5:
            buf[at:at] = rng.choice([b'"', b"{", b"[", b"]", b"}", b",", b":", b"\\", b"\\u"])
        else:
            end = min(len(buf), at + rng.randint(1, 16))
            buf[at:at] = buf[at:end]
    return bytes(buf).replace(b"\n", b" ")


def inputs(seed: int) -> Iterator[bytes]:
    """Endless fuzz lines (no newline) from the random seed ``seed``."""
    rng = random.Random(seed)
    valid = [json.dumps(s).encode() for s in SEEDS]
    while True:
        base = rng.choice(SEEDS)
        roll = rng.random()
        if roll < 0.05:
            yield rng.choice(valid)
        elif roll < 0.7:
            yield mutate_object(rng, base)
        elif roll < 0.9:
            yield _bytes(rng, json.dumps(base).encode())
        else:
            yield _bytes(rng, mutate_object(rng, base))


def _sent_id(line: bytes) -> tuple[bool, Any]:
    """``(known, id)``: the id a plain JSON reader finds in the line, when it is one
    the engine must echo (a string of Unicode text or an integer within ±2^53)."""
    try:
        value = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return False, None
    if not isinstance(value, dict) or "id" not in value:
        return False, None
    rid = value["id"]
    if isinstance(rid, str) and len(rid) <= MAX_ID_CHARS:
        try:
            rid.encode("utf-8")
        except UnicodeEncodeError:
            return False, None
        return True, rid
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) <= MAX_ID_INT:
        return True, rid
    return False, None


def _refuse(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def verdict(line: bytes, answer: bytes) -> str:
    """``ok``, ``error``, or ``crash: why`` for the answer line to one input line."""
    if not answer.endswith(b"\n") or answer.count(b"\n") != 1:
        return "crash: the answer is not one line"
    try:
        obj = json.loads(answer.decode("utf-8"), parse_constant=_refuse)
    except (ValueError, UnicodeDecodeError) as exc:
        return f"crash: the answer is not strict JSON in UTF-8 ({exc})"
    if not isinstance(obj, dict) or "id" not in obj:
        return "crash: the answer is not an object with an id"
    known, rid = _sent_id(line)
    if known and (obj["id"] != rid or type(obj["id"]) is not type(rid)):
        return f"crash: id {rid!r} echoed as {obj['id']!r}"
    error = obj.get("error")
    if error is None:
        return "ok"
    if not isinstance(error, str) or error.startswith("internal error"):
        return f"crash: {error}"
    return "error"


def run(lines: Iterator[bytes], count: int, answer: Callable[[bytes], bytes]) -> dict[str, Any]:
    """Answer ``count`` lines; the counts of ok/error answers and the crashes found
    (up to 20 examples)."""
    counts = {"inputs": 0, "ok": 0, "error": 0, "crash": 0}
    crashes: list[tuple[bytes, str]] = []
    for _, line in zip(range(count), lines, strict=False):
        v = verdict(line, answer(line))
        counts["inputs"] += 1
        key = v if v in ("ok", "error") else "crash"
        counts[key] += 1
        if key == "crash" and len(crashes) < 20:
            crashes.append((line[:300], v))
    return {**counts, "crashes": crashes}


class StepClock:
    """A clock that advances one second each time it is read: the budget of a fuzzed
    request is then a count of search nodes, the same on every machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now
