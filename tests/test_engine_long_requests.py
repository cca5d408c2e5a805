"""Long engine requests (docs/protocol.md, "Long requests"): a per-request time limit on an
injected clock, and ``stop``, which answers every earlier request with the deepest
result it completed (``"complete": false``) while the engine keeps reading."""

from __future__ import annotations

import io
import json
import threading
from typing import Any

import pytest

from nardy.engine import bots as engine_bots
from nardy.engine.fuzz import StepClock
from nardy.engine.protocol import Engine, handle
from nardy.engine.serve import serve

START = {
    "turn": "white",
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}
#: Took ~15 s and blocked every later line (issue 13).
RANK_3 = {"id": 1, "cmd": "rank", "variant": "short", "position": START, "dice": [3, 1], "plies": 3}


@pytest.fixture(autouse=True)
def fresh_bots() -> None:
    """Bots without the search cache of earlier tests: a cached value needs no search,
    so nothing would be cut short."""
    engine_bots._bot.cache_clear()


def line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode()


def ask(engine: Engine, obj: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(engine.answer(engine.read(line(obj))))
    return answer


def test_stop_answers_earlier_requests_with_what_they_have() -> None:
    engine = Engine(clock=lambda: 0.0)  # time never runs out: only stop ends the search
    rank = engine.read(line(RANK_3))
    stop = engine.read(line({"id": 2, "cmd": "stop"}))
    engine.note_stop(stop)  # what the reader does on reading a stop line
    answer = json.loads(engine.answer(rank))
    assert answer["id"] == 1 and answer["complete"] is False
    # The 0-ply ranking always completes: every play of 3-1, best first.
    plays = answer["plays"]
    assert len(plays) == 10 and {p["plies"] for p in plays} == {0}
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert json.loads(engine.answer(stop)) == {"id": 2, "stopped": True}
    # A request read after the stop runs in full.
    later = ask(engine, {**RANK_3, "id": 3, "plies": 1, "top": 2})
    assert later["complete"] is True and later["plays"][0]["plies"] == 1


def test_time_limit_on_an_injected_clock() -> None:
    # One second per look at the clock: a 5-second limit allows a handful of nodes.
    engine = Engine(clock=StepClock())
    cut = ask(engine, {**RANK_3, "time_limit": 5})
    assert cut["complete"] is False and max(p["plies"] for p in cut["plays"]) < 3
    default = Engine(clock=StepClock(), default_time_limit=3)
    assert ask(default, RANK_3)["complete"] is False
    # A clock that stands still never cuts: the full depth, as without a budget.
    still = Engine(clock=lambda: 0.0)
    request = {**RANK_3, "plies": 1, "top": 30}
    full = ask(still, request)
    assert full["complete"] is True
    plain = engine_bots.rank({k: v for k, v in request.items() if k not in ("id", "cmd")})
    assert full["plays"] == plain["plays"]


def test_every_bot_command_reports_completeness() -> None:
    frozen = Engine(clock=lambda: 0.0)
    stopped = Engine(clock=StepClock(), default_time_limit=1)
    base = {"variant": "short", "position": START, "level": "strongest"}
    for cmd, extra in (("best", {"dice": [6, 5]}), ("eval", {}), ("cube", {})):
        engine_bots._bot.cache_clear()
        cut = ask(stopped, {"cmd": cmd, **base, **extra})
        full = ask(frozen, {"cmd": cmd, **base, **extra})
        assert full["complete"] is True and full["plies"] == 2, cmd
        assert cut["complete"] is False and cut["plies"] < 2, cmd


def test_weak_levels_are_never_cut() -> None:
    # 0-ply levels look at no node deeper: the budget has nothing to cut.
    engine = Engine(clock=StepClock(), default_time_limit=1)
    answer = ask(
        engine, {"cmd": "best", "variant": "short", "position": START, "dice": [6, 5], "level": 0}
    )
    assert answer["complete"] is True and answer["plies"] == 0


class _Input(io.BytesIO):
    """Lines for ``serve`` that open ``gate`` once the reader asks for the line after
    the ``stop`` (so it has read the stop, and the search is then sure to see it)."""

    def __init__(self, data: bytes, gate: threading.Event) -> None:
        super().__init__(data)
        self.gate = gate
        self.lines = 0

    def readline(self, size: int | None = -1) -> bytes:
        self.lines += 1
        if self.lines == 3:
            self.gate.set()
        return super().readline(size)


def test_the_reader_keeps_reading_while_a_request_searches() -> None:
    gate = threading.Event()

    def clock() -> float:
        gate.wait()  # the search cannot start before the stop has been read
        return 0.0

    data = b"\n".join(
        [
            line(RANK_3),
            line({"id": 2, "cmd": "stop"}),
            line({"id": 3, "cmd": "id", "position": START}),
        ]
    )
    out = io.BytesIO()
    serve(_Input(data + b"\n", gate), out, Engine(clock=clock))
    answers = [json.loads(a) for a in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3]  # answers keep the order of requests
    assert answers[0]["complete"] is False
    assert answers[1] == {"id": 2, "stopped": True}
    assert answers[2]["position_id"] == "4HPwATDgc/ABMA"


def test_stop_alone() -> None:
    assert handle({"id": "s", "cmd": "stop"}) == {"id": "s", "stopped": True}


def test_search_hook_is_polled_per_node_and_never_at_0_ply() -> None:
    from nardy.bots.search import Search, SearchStopped
    from nardy.variants import find_variant

    short = find_variant("short")
    search = Search(short)
    polls: list[int] = []

    def stop() -> bool:
        polls.append(1)
        return len(polls) > 3

    search.stop = stop
    position = short.start_position()
    assert search.rank(position, (3, 1), 0)  # 0 ply: nothing polled
    assert polls == []
    with pytest.raises(SearchStopped):
        search.rank(position, (3, 1), 2, settle=True)
    assert len(polls) == 4  # three nodes expanded, the fourth look said stop


def test_stop_through_the_engine_process() -> None:
    """The real ``nardy engine``: a 3-ply rank allowed 600 s is stopped by the next line
    (the reader reads it while the worker searches) and the engine serves on."""
    import subprocess
    import sys

    lines = [
        {**RANK_3, "time_limit": 600},
        {"id": 2, "cmd": "stop"},
        {"id": 3, "cmd": "id", "variant": "short", "position": START},
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "nardy.cli", "engine"],
        input=b"".join(line(x) + b"\n" for x in lines),
        capture_output=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(a) for a in proc.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2, 3]
    assert answers[0]["complete"] is False and answers[0]["plays"][0]["plies"] < 3
    assert answers[1] == {"id": 2, "stopped": True}
    assert answers[2]["position_id"] == "4HPwATDgc/ABMA"
