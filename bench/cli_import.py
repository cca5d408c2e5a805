"""Start-up time of ``nardy --help`` and of a two-player ``nardy play`` that quits at
once, and whether numpy was loaded (lazy command loading).

    .venv/bin/python bench/cli_import.py [--repeat 7] [--src PATH]

``--src`` points at another checkout's ``src`` (for a before/after comparison); the
default is this tree's. Prints the median wall time of each run in a fresh interpreter.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

PROBE = """
import sys
from nardy.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stderr.write("numpy loaded: %s\\n" % ("numpy" in sys.modules))
"""

CASES = {
    "nardy --help": (["--help"], ""),
    "nardy play (two people, quit)": (["play", "--lang", "en", "--seed", "1"], "quit\ny\n"),
}


def run(src: Path, args: list[str], stdin: str) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args], input=stdin, capture_output=True, text=True, env=env
    )
    elapsed = time.perf_counter() - start
    loaded = proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else "?"
    return elapsed, loaded


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parent.parent / "src")
    args = parser.parse_args()
    print(f"src: {args.src}")
    for name, (argv, stdin) in CASES.items():
        times = []
        loaded = ""
        for _ in range(args.repeat):
            t, loaded = run(args.src, argv, stdin)
            times.append(t)
        print(
            f"{name:32s} median {statistics.median(times):.3f} s  min {min(times):.3f} s  {loaded}"
        )


if __name__ == "__main__":
    main()
