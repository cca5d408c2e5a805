"""Equity from the five probabilities, for money play and each scoring preset (C-2).

Cubeless equity per unit stake is ``Σ value(tier) × P(tier) − Σ value(tier) × P(loss
tier)`` where the evaluation gives cumulative probabilities (a backgammon is also a
gammon, a gammon also a win).
"""

from __future__ import annotations

import numpy as np

from nardy.variants.base import Variant

#: Points for (single, gammon/mars, backgammon/koks) per family and scoring preset.
#: ``home-mars`` and ``four-tier`` price a tier the nets do not separate (all home,
#: none borne off); they are approximated by the nearest modelled tier.
TIER_VALUES: dict[tuple[str, str], tuple[float, float, float]] = {
    ("short", "standard"): (1.0, 2.0, 3.0),
    ("short", "koks"): (1.0, 2.0, 3.0),
    ("short", "home-mars"): (1.0, 2.0, 2.0),
    ("short", "four-tier"): (1.0, 2.0, 4.0),
    ("short", "per-checker"): (1.0, 2.0, 3.0),
    ("long", "standard"): (1.0, 2.0, 2.0),
    ("long", "koks"): (1.0, 2.0, 3.0),
    ("long", "home-mars"): (1.0, 2.0, 2.0),
    ("long", "four-tier"): (1.0, 2.0, 4.0),
    ("long", "per-checker"): (1.0, 2.0, 3.0),
}


def tier_values(variant: Variant | None = None) -> tuple[float, float, float]:
    """Points of a single, gammon and backgammon win under the variant's scoring."""
    if variant is None:
        return TIER_VALUES[("short", "standard")]
    return TIER_VALUES.get((variant.family, variant.scoring), (1.0, 2.0, 3.0))


def money_equity(probs: np.ndarray, variant: Variant | None = None) -> np.ndarray:
    """Cubeless money equity of each row of an (N, 5) array (or of one 5-vector)."""
    p = np.asarray(probs, dtype=float)
    v1, v2, v3 = tier_values(variant)
    w, wg, wbg, lg, lbg = (p[..., i] for i in range(5))
    win = v1 * w + (v2 - v1) * wg + (v3 - v2) * wbg
    loss = v1 * (1.0 - w) + (v2 - v1) * lg + (v3 - v2) * lbg
    return win - loss
