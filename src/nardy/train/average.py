"""Snapshot averaging: the mean of a run's last weight snapshots.

Self-play TD(λ) keeps moving around a good solution to the end; the element-wise mean
of the last few snapshots of one run (the same net, the same inputs) sits nearer its
centre and plays measurably better than any one of them (src/nardy/eval/data/README.md:
short-v3, the mean of the last three 25,000-game snapshots, +0.054 ppg over short-v2
where the run's own final snapshot was even).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from nardy.eval.net import NetEvaluator
from nardy.variants.base import Variant

#: Snapshot files of a run directory: ``net-<games>.npz``.
SNAPSHOT = re.compile(r"net-(\d+)\.npz")
#: The averaged net's file in a run directory.
AVERAGE = "average.npz"


def snapshots(out: str | Path) -> list[Path]:
    """A run directory's snapshots, oldest first (by games played)."""
    found = [(int(m[1]), p) for p in Path(out).iterdir() if (m := SNAPSHOT.fullmatch(p.name))]
    return [p for _, p in sorted(found)]


def average_nets(variant: Variant, paths: Sequence[str | Path]) -> NetEvaluator:
    """The element-wise mean of the nets saved at ``paths``: one family, one input
    set, one shape, else a ``ValueError`` naming the file that differs."""
    if not paths:
        raise ValueError("no snapshots to average")
    nets = [NetEvaluator.load(variant, p) for p in paths]
    first = nets[0]
    for path, net in zip(paths, nets, strict=True):
        if net.features != first.features or net.w1.shape != first.w1.shape:
            raise ValueError(
                f"{path}: {net.features} {net.w1.shape}, not "
                f"{first.features} {first.w1.shape} as {paths[0]}"
            )
    mean = [
        np.mean(np.stack([n.params()[i] for n in nets]), axis=0) for i in range(len(first.params()))
    ]
    return NetEvaluator.from_params(variant, mean, "average", first.features)


def average_last(variant: Variant, out: str | Path, count: int) -> tuple[Path, list[Path]]:
    """Write ``average.npz`` in the run directory ``out``: the mean of its last
    ``count`` snapshots. Returns the file and the snapshots averaged."""
    if count < 1:
        raise ValueError("average at least one snapshot")
    chosen = snapshots(out)[-count:]
    if len(chosen) < count:
        raise ValueError(f"{out}: {len(chosen)} snapshot(s), {count} asked to average")
    net = average_nets(variant, chosen)
    with np.load(chosen[-1], allow_pickle=False) as z:
        meta = {k: str(z[k]) for k in ("games", "config") if k in z.files}
    target = Path(out) / AVERAGE
    net.save(target, averaged=",".join(p.name for p in chosen), **meta)
    return target, chosen
