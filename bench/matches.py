"""Run a duplicate-dice match in blocks over worker processes, with progress lines.

Block ``k`` plays pairs ``k·BLOCK …`` of the seed's dice (``play_match(first=…)``), so a
match played by any number of workers is the same games as one played by one.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from functools import partial

from nardy.train.arena import MatchResult, Player, merge_results, play_match
from nardy.variants import find_variant
from nardy.variants.base import Variant

#: Game pairs per block handed to a worker.
BLOCK = 25

Factory = Callable[[Variant], Player]


def _block(
    variant: str, make_a: Factory, make_b: Factory, seed: int, first: int, pairs: int
) -> MatchResult:
    v = find_variant(variant)
    return play_match(v, make_a(v), make_b(v), 2 * pairs, seed=seed, first=first)


def run_match(
    variant: str,
    make_a: Factory,
    make_b: Factory,
    games: int,
    *,
    seed: int,
    workers: int = 1,
    every: float = 30.0,
) -> MatchResult:
    """``games`` games (rounded up to pairs) of A against B, both built by their
    factories inside each worker; prints the running result every ``every`` seconds."""
    pairs = (games + 1) // 2
    jobs = [(first, min(BLOCK, pairs - first)) for first in range(0, pairs, BLOCK)]
    run = partial(_block, variant, make_a, make_b, seed)
    parts: list[MatchResult] = []
    last = time.perf_counter()
    with multiprocessing.Pool(max(1, workers)) as pool:
        for part in pool.imap_unordered(_star, [(run, *j) for j in jobs]):
            parts.append(part)
            if time.perf_counter() - last > every:
                last = time.perf_counter()
                print(f"  … {merge_results(parts).summary()}", flush=True)
    return merge_results(parts)


def _star(job: tuple) -> MatchResult:
    fn, *args = job
    return fn(*args)
