"""``nardy engine``'s loop: a reader that keeps reading while a worker answers.

The reader reads lines of bytes (at most ``MAX_LINE_BYTES`` each; a longer line is
skipped to its end and answered with an error), parses them at once, and hands them to
one worker thread that answers in order. Because the reader never waits for an
answer, a ``stop`` line takes effect while an earlier request is still searching.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from typing import BinaryIO

from nardy.engine.protocol import Engine, Request
from nardy.engine.wire import MAX_LINE_BYTES


def read_lines(infile: BinaryIO) -> Iterator[bytes | int]:
    """Each non-blank line without its line ending, or the byte count of a line longer
    than ``MAX_LINE_BYTES`` (read to its end, never held whole)."""
    while True:
        line = infile.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            size = len(line)
            while line and not line.endswith(b"\n"):
                line = infile.readline(MAX_LINE_BYTES)
                size += len(line)
            yield size - line.endswith(b"\n")
            continue
        line = line.rstrip(b"\r\n")
        if line.strip():
            yield line


def serve(infile: BinaryIO, outfile: BinaryIO, engine: Engine | None = None) -> None:
    """Answer every line of ``infile`` on ``outfile``, one answer line each, in order."""
    engine = engine or Engine()
    pending: queue.Queue[Request | None] = queue.Queue()

    def work() -> None:
        while (request := pending.get()) is not None:
            try:
                outfile.write(engine.answer(request))
                outfile.flush()
            except OSError:  # the client closed our output (BrokenPipeError): nobody reads
                return

    worker = threading.Thread(target=work, name="nardy-engine-worker", daemon=True)
    worker.start()
    try:
        for line in read_lines(infile):
            request = engine.too_long(line) if isinstance(line, int) else engine.read(line)
            if request.is_stop:
                engine.note_stop(request)
            pending.put(request)
    finally:
        pending.put(None)
        worker.join()
