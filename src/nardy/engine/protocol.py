"""The JSON-lines engine protocol (``docs/protocol.md``): one request object in, one
answer out, at one boundary.

:meth:`Engine.read` turns a line into a request (``nardy.engine.wire``: sizes, UTF-8,
depth, numbers); :meth:`Engine.answer` runs the command and writes the answer. Neither
raises: bad input of any kind is answered ``{"id": …, "error": "…"}``, and anything
else that goes wrong is answered ``internal error`` and logged, so the engine keeps
serving. Every answer echoes the request's ``id`` when it can be echoed safely
(``nardy.engine.wire.safe_id``); because ``id`` is the echo field, the ``id`` command
answers ``position_id`` and ``from-id`` reads it.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from nardy.engine import bots, rollout
from nardy.engine.budget import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, Budget
from nardy.engine.commands import cmd_from_id, cmd_id, cmd_legal
from nardy.engine.names import COMMAND_NAMES
from nardy.engine.wire import (
    MAX_LINE_BYTES,
    check_value,
    decode_line,
    describe,
    encode_answer,
    safe_id,
)
from nardy.errors import DETAIL, MalformedError, NardyError

log = logging.getLogger(__name__)

Handler = Callable[[dict[str, Any], Budget], dict[str, Any]]

#: Longest error message sent, in characters: a message may quote the request.
MAX_ERROR_CHARS = 400


def _plain(command: Callable[[dict[str, Any]], dict[str, Any]]) -> Handler:
    def handler(request: dict[str, Any], budget: Budget) -> dict[str, Any]:
        return command(request)

    return handler


def _stop(request: dict[str, Any], budget: Budget) -> dict[str, Any]:
    # The reader has already stopped the earlier requests (Engine.note_stop).
    return {"stopped": True}


_HANDLERS: dict[str, Handler] = {
    "legal": _plain(cmd_legal),
    "id": _plain(cmd_id),
    "from-id": _plain(cmd_from_id),
    "best": bots.best,
    "rank": bots.rank,
    "eval": bots.eval,
    "cube": bots.cube,
    "rollout": rollout.rollout,
    "stop": _stop,
}

#: The commands answered, keyed by the names the help lists, so that the help cannot
#: leave one out: a name without a handler fails here, and a handler not named is never
#: answered (its tests and the protocol document's check fail).
COMMANDS: dict[str, Handler] = {name: _HANDLERS[name] for name in COMMAND_NAMES}


@dataclass(frozen=True)
class Request:
    """A line as read: its sequence number, and the request object or why there is none."""

    seq: int
    body: Any = None
    error: str | None = None

    @property
    def is_stop(self) -> bool:
        return isinstance(self.body, dict) and self.body.get("cmd") == "stop"


def _no_command(body: dict[str, Any]) -> str:
    """Why ``body`` names no command answered here; each error lists the known ones."""
    known = ", ".join(sorted(COMMANDS))
    if "cmd" not in body:
        return f"missing field 'cmd' (known: {known})"
    cmd = body["cmd"]
    if not isinstance(cmd, str):
        return f"cmd must be a command name (a string), not {describe(cmd)} (known: {known})"
    # a long name is quoted shortened, as the wire quotes long numbers
    shown = repr(cmd) if len(cmd) <= 64 else f"{cmd[:12]!r}…({len(cmd)} characters)"
    return f"unknown command {shown} (known: {known})"


def _error(rid: Any, message: str) -> dict[str, Any]:
    if len(message) > MAX_ERROR_CHARS:
        message = message[: MAX_ERROR_CHARS - 1] + "…"
    return {"id": rid, "error": message}


class Engine:
    """The protocol's state: the clock and limits the requests' budgets use, and which
    requests a ``stop`` has stopped (every request read before it)."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        default_time_limit: float = DEFAULT_TIME_LIMIT,
    ) -> None:
        self.clock = clock
        self.default_time_limit = default_time_limit
        self._lines = 0
        self._stop_below = 0  # requests with a smaller sequence number are stopped
        self._lock = threading.Lock()

    # -- reading ---------------------------------------------------------------------
    def read(self, raw: bytes) -> Request:
        """One line (newline stripped) as a request; never raises."""
        with self._lock:
            self._lines += 1
            seq = self._lines
        try:
            return Request(seq, decode_line(raw))
        except NardyError as exc:
            return Request(seq, error=str(exc))
        except Exception as exc:  # the boundary: nothing escapes
            log.exception("reading an engine line failed")
            return Request(seq, error=f"internal error: {type(exc).__name__}")

    def too_long(self, size: int) -> Request:
        """A line of ``size`` bytes that was too long to read."""
        with self._lock:
            self._lines += 1
            seq = self._lines
        return Request(seq, error=f"line too long: {size} bytes (at most {MAX_LINE_BYTES})")

    def note_stop(self, request: Request) -> None:
        """A ``stop`` was read: every request read before it stops searching."""
        with self._lock:
            self._stop_below = max(self._stop_below, request.seq)

    def budget(self, request: Request, time_limit: float) -> Budget:
        seq = request.seq
        return Budget(self.clock, self.clock() + time_limit, lambda: seq < self._stop_below)

    # -- answering -------------------------------------------------------------------
    def answer(self, request: Request) -> bytes:
        """The answer line (UTF-8, newline included) to one request; never raises."""
        rid: Any = None
        try:
            answer = self._answer(request)
            rid = answer.get("id")
            return encode_answer(answer)
        except Exception as exc:  # the boundary: nothing escapes
            log.exception("answering an engine request failed")
            return encode_answer(_error(rid, f"internal error: {type(exc).__name__}: {exc}"))

    def _answer(self, request: Request) -> dict[str, Any]:
        if request.error is not None:
            return _error(None, request.error)
        body = request.body
        if not isinstance(body, dict):
            return _error(None, "a request is a JSON object with a 'cmd' field")
        rid, id_error = safe_id(body.get("id"))
        if id_error is not None:
            return _error(None, id_error)
        try:
            check_value(body)
        except NardyError as exc:
            return _error(rid, str(exc))
        try:
            fields = self.dispatch(body, request)
        except Exception as exc:  # the boundary: nothing escapes, the id is still echoed
            log.exception("engine command %r failed", body.get("cmd"))
            fields = _error(None, f"internal error: {type(exc).__name__}: {exc}")
            del fields["id"]
        return {"id": rid, **fields}

    def dispatch(self, body: dict[str, Any], request: Request) -> dict[str, Any]:
        """The answer fields of one request object (no ``id``)."""
        cmd = body.get("cmd")
        handler = COMMANDS.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            return {"error": _no_command(body)}
        try:
            budget = self.budget(request, self._time_limit(body))
            return handler(body, budget)
        except NardyError as exc:  # said in English; a catalogued error adds its code
            fields = _error(None, str(exc))
            del fields["id"]
            if exc.key != DETAIL:
                fields["code"] = exc.code
            return fields

    def _time_limit(self, body: dict[str, Any]) -> float:
        value = body.get("time_limit", self.default_time_limit)
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or not 0 < value <= MAX_TIME_LIMIT
        ):
            raise MalformedError(
                f"time_limit must be a number of seconds, more than 0 and at most "
                f"{MAX_TIME_LIMIT:g}, not {value!r}"
            )
        return float(value)


def handle(request: Any, engine: Engine | None = None) -> dict[str, Any]:
    """Answer one decoded request object in-process (as the wire would: via JSON)."""
    engine = engine or Engine()
    line = json.dumps(request, ensure_ascii=False).encode("utf-8", "surrogatepass")
    parsed: dict[str, Any] = json.loads(engine.answer(engine.read(line)))
    return parsed


def handle_line(line: str | bytes, engine: Engine | None = None) -> str:
    """Answer one line of input with one line of JSON (no newline)."""
    engine = engine or Engine()
    raw = line.encode("utf-8", "surrogatepass") if isinstance(line, str) else line
    return engine.answer(engine.read(raw.rstrip(b"\r\n"))).decode("utf-8").rstrip("\n")
