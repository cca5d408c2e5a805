"""The engine protocol's wire format: one line of bytes in, one request object out, and
one answer object back to one line of bytes.

Everything a hostile line can do to a JSON parser is stopped here, before any command
sees the request: the line's size, invalid UTF-8, nesting deeper than a request needs,
integers longer than Python converts (about 4,300 digits), ``NaN``/``Infinity`` and
floats that overflow to infinity, and lone surrogates (which cannot be written back as
UTF-8). Such numbers do not fail the whole line: they parse to an :class:`Unusable`
marker, so the field holding one gets the field's own error and the ``id`` of the
request can still be echoed. Answers are always strict JSON in UTF-8.
"""

from __future__ import annotations

import json
import math
from typing import Any

from nardy.errors import MalformedError

#: Longest line read, newline excluded (1 MiB): a position is a few hundred bytes.
MAX_LINE_BYTES = 1 << 20
#: Deepest nesting of arrays and objects: a request needs 4 (position.white.points).
MAX_DEPTH = 32
#: Longest integer literal, in digits: 18 digits always fit an int64.
MAX_INT_DIGITS = 18
#: Longest ``id`` string echoed back, in characters.
MAX_ID_CHARS = 256
#: Largest integer ``id`` echoed back: 2^53, the largest every JSON reader holds exactly.
MAX_ID_INT = 1 << 53


class Unusable:
    """A number the parser read but the engine will not use: ``text`` is what stood in
    the request (shortened). Never equal to anything, never an ``int``/``float``."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text if len(text) <= 24 else f"{text[:12]}…({len(text)} characters)"

    def __repr__(self) -> str:
        return self.text


def _parse_int(text: str) -> int | Unusable:
    digits = len(text) - text.startswith("-")
    return int(text) if digits <= MAX_INT_DIGITS else Unusable(text)


def _parse_float(text: str) -> float | Unusable:
    value = float(text)
    return value if math.isfinite(value) else Unusable(text)


_DECODER = json.JSONDecoder(
    parse_int=_parse_int,
    parse_float=_parse_float,
    parse_constant=Unusable,  # NaN, Infinity, -Infinity: not JSON (RFC 8259)
)


def check_value(value: Any, path: str = "request", depth: int = 0) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` and lone surrogates (``"\\ud800"``) in
    any string or key: they are not Unicode text, cannot be written as UTF-8, and no
    answer could echo them."""
    if depth > MAX_DEPTH:
        raise MalformedError(f"JSON nested more than {MAX_DEPTH} deep")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise MalformedError(f"{path}: a string holds a lone surrogate (not Unicode)") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            check_value(key, f"{path}: a key", depth)
            check_value(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_value(item, path, depth + 1)


def decode_line(raw: bytes) -> Any:
    """The JSON value of one line (without its newline); :class:`MalformedError` with
    a message naming what is wrong for anything else. The value is not yet checked
    (:func:`check_value`), so that the answer can still echo a good ``id``."""
    if len(raw) > MAX_LINE_BYTES:
        raise MalformedError(f"line too long: {len(raw)} bytes (at most {MAX_LINE_BYTES})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MalformedError(
            f"input is not UTF-8: byte 0x{raw[exc.start]:02x} at offset {exc.start}"
        ) from None
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise MalformedError(f"malformed JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        # The C scanner guards its recursion (Py_EnterRecursiveCall): a line nested
        # past the interpreter's limit fails cleanly here, long before MAX_DEPTH would
        # be checked below. A pre-scan of the brackets would need its own tokenizer.
        raise MalformedError(f"JSON nested more than {MAX_DEPTH} deep") from None
    return value


def safe_id(value: Any) -> tuple[Any, str | None]:
    """``(id to echo, error or None)``: an ``id`` is echoed only when every JSON reader
    reads it back as sent — null, a string of at most ``MAX_ID_CHARS`` characters, or
    an integer within ±2^53; anything else is answered with id null and an error."""
    if value is None:
        return None, None
    if isinstance(value, str) and len(value) <= MAX_ID_CHARS:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return None, "id: a string holds a lone surrogate (not Unicode)"
        return value, None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_ID_INT:
        return value, None
    return None, (
        f"id must be null, a string of at most {MAX_ID_CHARS} characters or an integer "
        f"within ±2^53, not {describe(value)}"
    )


def describe(value: Any) -> str:
    """A request's value as an error names it: numbers as written, anything else by its
    kind (a string or an array may be too long to quote)."""
    if value is None:
        return "null"
    if isinstance(value, Unusable):
        return value.text
    if isinstance(value, str):
        return f"a string of {len(value)} characters"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return repr(value)[:32]
    return f"a JSON {'array' if isinstance(value, list) else 'object'}"


def encode_answer(answer: dict[str, Any]) -> bytes:
    """One answer as a line of strict JSON in UTF-8 (newline included); a value that is
    not finite raises ValueError. Requests with lone surrogates never reach a command
    (:func:`check_value`), but a message of an internal error might still quote one:
    it is written as '?' rather than fail the answer."""
    text = json.dumps(answer, ensure_ascii=False, allow_nan=False)
    return text.encode("utf-8", "replace") + b"\n"
