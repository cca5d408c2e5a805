"""How strong each computer level plays: its error rate and the name the review gives it.

Each weak level (noise on its 0-ply evaluations, ``nardy.bots.LEVEL_SPECS``) plays the
noiseless 0-ply bot ("advanced", the baseline in the same run) with duplicate dice; the
noiseless 0-ply ranking judges each of its choices among several plays, as the club's
review does (``nardy.train.calibration``). The table gives, per level, the error rate
(thousandths of equity per unforced decision), the rating the review names for it, and
the points per game against the baseline with its 95% interval. A level should read as
its name: the beginner as a beginner.

    .venv/bin/python bench/levels.py --variant short --games 400
    .venv/bin/python bench/levels.py --variant long --noise 0.05,0.07,0.1   # a sweep
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time

from nardy.bots import LEVEL_SPECS
from nardy.i18n import t
from nardy.train.calibration import strength
from nardy.variants import find_variant


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="short")
    ap.add_argument("--games", type=int, default=400, help="games per row (pairs of dice)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--noise", default="", help="noise values to try instead of the levels")
    args = ap.parse_args()
    v = find_variant(args.variant)
    if args.noise:
        rows = [(f"noise {x}", float(x)) for x in args.noise.split(",")]
    else:
        rows = [(s.name, s.noise) for s in LEVEL_SPECS if s.plies == 0 and s.noise > 0]
    print(f"{v.name}: {args.games} games per row against the noiseless 0-ply (duplicate dice)")
    print(f"{'level':<16}{'noise':>7}{'decisions':>11}{'error':>8}  {'review says':<16}{'ppg':>16}")
    for name, noise in rows:
        t0 = time.perf_counter()
        s = strength(v, noise, args.games, args.seed)
        said = t(f"rating.{s.rating}", "en")
        print(
            f"{name:<16}{noise:>7.2f}{s.decisions:>11}{s.error:>8.1f}  {said:<16}"
            f"{s.ppg:>+9.3f} ± {s.ci:.3f}   ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
