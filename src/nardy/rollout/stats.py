"""A rollout's result from its trials' rows: means, standard errors, 95% intervals."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from nardy.rollout.trial import BEAROFF, END, ENDED, LUCK_PROBS, LUCK_VALUE, PROBS, TRUNCATED, VALUE

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


@dataclass(frozen=True)
class Estimate:
    """A mean over the games with its standard error (``inf`` below two games)."""

    mean: float
    se: float

    @property
    def ci(self) -> float:
        """Half-width of the 95% confidence interval (normal approximation)."""
        return Z95 * self.se

    @classmethod
    def of(cls, samples: np.ndarray) -> Estimate:
        """The estimate of the samples' mean."""
        n = len(samples)
        if n == 0:
            return cls(math.nan, math.inf)
        if n < 2:
            return cls(float(samples[0]), math.inf)
        return cls(float(samples.mean()), float(samples.std(ddof=1)) / math.sqrt(n))

    def to_json(self) -> dict[str, float | None]:
        """``{"mean", "se", "ci"}`` (None where infinite)."""

        def num(x: float) -> float | None:
            return round(x, 6) if math.isfinite(x) else None

        return {"mean": num(self.mean), "se": num(self.se), "ci": num(self.ci)}


@dataclass(frozen=True)
class RolloutResult:
    """What a rollout found, from the root's side: the equity (money: points per unit
    of the start's cube; at a match score 2·MWC − 1) and the five probabilities with
    their intervals, the same equity without the luck adjustment (``raw``: the same
    games), the number of games and how they ended."""

    games: int
    equity: Estimate
    probs: tuple[Estimate, ...]
    raw: Estimate
    vr: bool
    cubeful: bool
    match: bool
    ended: int
    truncated: int
    bearoff: int

    @classmethod
    def of(cls, rows: np.ndarray, *, vr: bool, cubeful: bool, match: bool) -> RolloutResult:
        """The result of trial rows (``nardy.rollout.trial.COLUMNS``)."""
        value = rows[:, VALUE]
        probs = rows[:, PROBS]
        adjusted = value - rows[:, LUCK_VALUE] if vr else value
        adjusted_probs = probs - rows[:, LUCK_PROBS] if vr else probs
        ends = rows[:, END]
        return cls(
            games=len(rows),
            equity=Estimate.of(adjusted),
            probs=tuple(Estimate.of(adjusted_probs[:, i]) for i in range(5)),
            raw=Estimate.of(value),
            vr=vr,
            cubeful=cubeful,
            match=match,
            ended=int((ends == ENDED).sum()),
            truncated=int((ends == TRUNCATED).sum()),
            bearoff=int((ends == BEAROFF).sum()),
        )

    @property
    def mwc(self) -> Estimate | None:
        """At a match score, the match-winning chance (equity + 1) / 2."""
        if not self.match:
            return None
        return Estimate((self.equity.mean + 1.0) / 2.0, self.equity.se / 2.0)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        out: dict[str, Any] = {
            "games": self.games,
            "equity": self.equity.to_json(),
            "probs": [p.to_json() for p in self.probs],
            "raw_equity": self.raw.to_json(),
            "vr": self.vr,
            "cubeful": self.cubeful,
            "ends": {"ended": self.ended, "truncated": self.truncated, "bearoff": self.bearoff},
        }
        mwc = self.mwc
        if mwc is not None:
            out["mwc"] = mwc.to_json()
        return out
