"""Fuzz the engine protocol: ``python bench/fuzz.py N [--workers W] [--seed S]``.

Feeds N lines from the seeded mutation fuzzer (``nardy.engine.fuzz``) through the
engine's one boundary (``Engine.read`` then ``Engine.answer``, as ``nardy engine``
does for each line) in W worker processes, and prints how many inputs were answered,
how many with an error, and the crashes: an ``internal error`` answer, an answer that
is not one line of strict JSON in UTF-8, or an id not echoed. Exits 1 on any crash.

Searches are budgeted by a step clock (one second per node looked at), so a run does
the same work on every machine; block ``k`` uses the seed ``S·1,000,003 + k``, so the
inputs are the same for any number of workers.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import sys
import time
from typing import Any

from nardy.engine.fuzz import StepClock, inputs, run
from nardy.engine.protocol import Engine

#: Inputs per block handed to a worker.
BLOCK = 2_000


def fuzz_block(args: tuple[int, int, int]) -> dict[str, Any]:
    """Fuzz block ``k`` of ``count`` inputs from the run's seed."""
    seed, k, count = args
    logging.disable(logging.CRITICAL)  # crashes are counted, not logged
    engine = Engine(clock=StepClock())
    return run(inputs(seed * 1_000_003 + k), count, lambda line: engine.answer(engine.read(line)))


def progress(done: int, total: int, crashes: int, started: float) -> None:
    width = 40
    filled = width * done // total
    rate = done / max(time.monotonic() - started, 1e-9)
    eta = (total - done) / rate if rate else 0.0
    bar = "#" * filled + "." * (width - filled)
    print(
        f"\r[{bar}] {done:,}/{total:,}  {rate:,.0f}/s  eta {eta:,.0f} s  crashes {crashes}",
        end="",
        file=sys.stderr,
        flush=True,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("n", type=int, help="number of inputs")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    blocks = [
        (args.seed, k, min(BLOCK, args.n - start))
        for k, start in enumerate(range(0, args.n, BLOCK))
    ]
    total = {"inputs": 0, "ok": 0, "error": 0, "crash": 0}
    crashes: list[tuple[bytes, str]] = []
    started = time.monotonic()
    with multiprocessing.Pool(args.workers) as pool:
        for result in pool.imap_unordered(fuzz_block, blocks):
            for key in total:
                total[key] += result[key]
            crashes.extend(result["crashes"])
            progress(total["inputs"], args.n, total["crash"], started)
    elapsed = time.monotonic() - started
    print(file=sys.stderr)
    print(
        f"{total['inputs']:,} inputs in {elapsed:,.0f} s ({total['inputs'] / elapsed:,.0f}/s, "
        f"{args.workers} workers, seed {args.seed}): {total['ok']:,} answered, "
        f"{total['error']:,} answered with an error, {total['crash']:,} crashes"
    )
    for line, why in crashes[:20]:
        print(f"  {why}\n    input: {line!r}")
    return 1 if total["crash"] else 0


if __name__ == "__main__":
    sys.exit(main())
