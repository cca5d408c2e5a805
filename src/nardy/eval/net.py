"""Neural evaluators: a one-hidden-layer MLP per family, numpy inference over a batch."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from nardy.eval.boards import final_probs, finished_mask, impossible_tiers, sanitize
from nardy.eval.features import FEATURES, feature_count
from nardy.variants.base import Variant

DATA = Path(__file__).parent / "data"

#: The weight file each family ships (bumped when a new net replaces it).
SHIPPED: dict[str, str] = {"short": "short-v1.npz", "long": "long-v2.npz"}


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 0.5 + 0.5 * np.tanh(0.5 * x)


class NetEvaluator:
    """An MLP ``inputs → hidden (sigmoid) → 5 (sigmoid)`` over family features."""

    def __init__(
        self,
        variant: Variant,
        w1: np.ndarray,
        b1: np.ndarray,
        w2: np.ndarray,
        b2: np.ndarray,
        name: str = "net",
    ) -> None:
        self.variant = variant
        self.family = variant.family
        self.encode = FEATURES[self.family]
        if w1.shape[0] != feature_count(self.family):
            raise ValueError(
                f"weights expect {w1.shape[0]} inputs, {self.family} features have "
                f"{feature_count(self.family)}"
            )
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.name = name

    @classmethod
    def random(cls, variant: Variant, hidden: int = 80, seed: int = 0) -> NetEvaluator:
        """A freshly initialised net (training starts here)."""
        rng = np.random.default_rng(seed)
        n = feature_count(variant.family)
        w1 = rng.normal(0, 1 / np.sqrt(n), (n, hidden))
        w2 = rng.normal(0, 1 / np.sqrt(hidden), (hidden, 5))
        return cls(variant, w1, np.zeros(hidden), w2, np.zeros(5), name="random")

    @classmethod
    def load(cls, variant: Variant, path: str | Path) -> NetEvaluator:
        """Load weights saved by :meth:`save`; the file's family must match."""
        with np.load(path, allow_pickle=False) as z:
            fam = str(z["family"])
            if fam != variant.family:
                raise ValueError(f"{path}: a {fam} nardy net, not {variant.family}")
            return cls(variant, z["w1"], z["b1"], z["w2"], z["b2"], name=Path(path).stem)

    def save(self, path: str | Path, **meta: object) -> None:
        """Write the weights (float32) and metadata as an npz file."""
        extra = {k: np.array(str(v)) for k, v in meta.items()}
        np.savez_compressed(
            path,
            family=np.array(self.family),
            w1=self.w1.astype(np.float32),
            b1=self.b1.astype(np.float32),
            w2=self.w2.astype(np.float32),
            b2=self.b2.astype(np.float32),
            **extra,
        )

    def params(self) -> list[np.ndarray]:
        """The weight arrays (views, training updates them in place)."""
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations and raw output probabilities for features ``x``."""
        h = _sigmoid(x @ self.w1 + self.b1)
        return h, _sigmoid(h @ self.w2 + self.b2)

    def probs(self, boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        """(N, 5) probabilities from the side on roll."""
        if not len(boards):
            return np.zeros((0, 5))
        x = self.encode(boards, first)
        p = impossible_tiers(self.variant, boards, sanitize(self.forward(x)[1]))
        done = finished_mask(boards)
        if done.any():
            p[done] = final_probs(self.variant, boards[done])
        return p


def load_shipped(variant: Variant) -> NetEvaluator | None:
    """The family's shipped net, or None when its weight file is missing."""
    path = DATA / SHIPPED[variant.family]
    if not path.exists():
        return None
    return NetEvaluator.load(variant, path)
