"""Neural evaluators: a one-hidden-layer MLP per family, numpy inference over a batch."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from nardy.eval.bearoff import bearoff_probs, uses_standard_bearoff
from nardy.eval.boards import final_probs, settled
from nardy.eval.features import DEFAULT_FEATURES, encoder, family_of, feature_count
from nardy.variants.base import Variant

DATA = Path(__file__).parent / "data"

#: The weight file each family ships (bumped when a new net replaces it).
SHIPPED: dict[str, str] = {"short": "short-v3.npz", "long": "long-v5.npz"}
#: Variants that ship a net of their own, trained on their rules from the family's net;
#: each beat the family's net on its variant (src/nardy/eval/data/README.md). The others
#: play with the family's net.
SHIPPED_VARIANTS: dict[str, str] = {
    "crazy": "crazy-v2.npz",
    "crazy-gulbara": "crazy-gulbara-v2.npz",
    "khachapuri": "khachapuri-v2.npz",
    "fevga": "fevga-v2.npz",
    "fevga-giul": "fevga-giul-v2.npz",
}


def shipped_file(variant: Variant) -> str:
    """The weight file ``variant`` plays with: its own, else its family's."""
    return SHIPPED_VARIANTS.get(variant.name) or SHIPPED[variant.family]


def _sigmoid_in_place(x: np.ndarray) -> np.ndarray:
    """The logistic function, as 0.5 + 0.5·tanh(x/2), written over ``x``: a batch's
    hidden layer is hundreds of kilobytes, and each temporary array of that size is
    fresh memory the kernel must map (the in-place forms made the forward pass of a
    300-board batch about twice as fast, with the same bits)."""
    x *= 0.5
    np.tanh(x, out=x)
    x *= 0.5
    x += 0.5
    return x


class NetEvaluator:
    """An MLP ``inputs → hidden (sigmoid) → 5 (sigmoid)`` over a named feature set
    (``nardy.eval.features``; the family's default set when none is given)."""

    def __init__(
        self,
        variant: Variant,
        w1: np.ndarray,
        b1: np.ndarray,
        w2: np.ndarray,
        b2: np.ndarray,
        name: str = "net",
        features: str | None = None,
        *,
        bearoff: bool = True,
    ) -> None:
        self.variant = variant
        self.family = variant.family
        self.features = features or DEFAULT_FEATURES[self.family]
        if family_of(self.features) != self.family:
            raise ValueError(f"feature set {self.features} is not for {self.family} nardy")
        self.encode = encoder(self.features, variant.name)
        if w1.shape[0] != feature_count(self.features):
            raise ValueError(
                f"weights expect {w1.shape[0]} inputs, feature set {self.features} has "
                f"{feature_count(self.features)}"
            )
        # one dtype for all four (the same arrays when they share one already, as every
        # saved and trained net does): forward adds the biases in place
        dtype = np.result_type(w1, b1, w2, b2)
        self.w1, self.b1, self.w2, self.b2 = (a.astype(dtype, copy=False) for a in (w1, b1, w2, b2))
        self.name = name
        #: Exact database values replace the net's in pure bear-offs (when they apply).
        self.bearoff = bearoff and uses_standard_bearoff(variant)
        self._bearoff_asked = bearoff

    @classmethod
    def from_params(
        cls,
        variant: Variant,
        params: Sequence[np.ndarray],
        name: str = "net",
        features: str | None = None,
        *,
        bearoff: bool = True,
    ) -> NetEvaluator:
        """A net from its weight arrays in :meth:`params` order (``w1, b1, w2, b2``)."""
        w1, b1, w2, b2 = params
        return cls(variant, w1, b1, w2, b2, name, features, bearoff=bearoff)

    @classmethod
    def random(
        cls, variant: Variant, hidden: int = 80, seed: int = 0, features: str | None = None
    ) -> NetEvaluator:
        """A freshly initialised net (training starts here)."""
        rng = np.random.default_rng(seed)
        features = features or DEFAULT_FEATURES[variant.family]
        n = feature_count(features)
        w1 = rng.normal(0, 1 / np.sqrt(n), (n, hidden))
        w2 = rng.normal(0, 1 / np.sqrt(hidden), (hidden, 5))
        return cls(variant, w1, np.zeros(hidden), w2, np.zeros(5), "random", features)

    @classmethod
    def load(cls, variant: Variant, path: str | Path) -> NetEvaluator:
        """Load weights saved by :meth:`save`; the file's family must match (files
        without a feature-set name use the family's first set, ``<family>-v1``)."""
        with np.load(path, allow_pickle=False) as z:
            fam = str(z["family"])
            if fam != variant.family:
                raise ValueError(f"{path}: a {fam} nardy net, not {variant.family}")
            features = str(z["features"]) if "features" in z.files else f"{fam}-v1"
            return cls(variant, z["w1"], z["b1"], z["w2"], z["b2"], Path(path).stem, features)

    def widened(self, features: str, hidden: int | None = None, seed: int = 0) -> NetEvaluator:
        """This net on a feature set that extends its own, and with at least ``hidden``
        hidden units: the new inputs start with zero weights and the new hidden units
        with random input weights but zero output weights, so the widened net plays
        exactly like this one (and training gives the new units their say)."""
        n_old, n_new = self.w1.shape[0], feature_count(features)
        if n_new < n_old:
            raise ValueError(f"{features} has fewer inputs than {self.features}")
        h_old = self.w1.shape[1]
        h_new = h_old if hidden is None else hidden
        if h_new < h_old:
            raise ValueError(f"{h_new} hidden units are fewer than the net's {h_old}")
        rng = np.random.default_rng(seed)
        w1 = np.zeros((n_new, h_new))
        w1[:n_old, :h_old] = self.w1
        # The new units' input weights are drawn like a fresh net's: they must differ from
        # one another, or every new unit would learn the same thing.
        w1[:, h_old:] = rng.normal(0, 1 / np.sqrt(n_new), (n_new, h_new - h_old))
        b1 = np.zeros(h_new)
        b1[:h_old] = self.b1
        w2 = np.zeros((h_new, self.w2.shape[1]))
        w2[:h_old] = self.w2
        return NetEvaluator(self.variant, w1, b1, w2, self.b2.astype(float), self.name, features)

    def on(self, variant: Variant) -> NetEvaluator:
        """This net playing ``variant`` (a variant of its family), sharing its weight
        arrays: training one trains the other. A net with variant inputs reads the
        variant's; any other plays every variant alike."""
        if variant.name == self.variant.name:
            return self
        if variant.family != self.family:
            raise ValueError(f"a {self.family} nardy net cannot play {variant.name}")
        return NetEvaluator.from_params(
            variant, self.params(), self.name, self.features, bearoff=self._bearoff_asked
        )

    def copy(self) -> NetEvaluator:
        """An independent copy of this net (its weights copied)."""
        return NetEvaluator.from_params(
            self.variant,
            [p.copy() for p in self.params()],
            self.name,
            self.features,
            bearoff=self.bearoff,
        )

    def save(self, path: str | Path, **meta: object) -> None:
        """Write the weights (float32) and metadata as an npz file."""
        extra = {k: np.array(str(v)) for k, v in meta.items()}
        np.savez_compressed(
            path,
            family=np.array(self.family),
            features=np.array(self.features),
            w1=self.w1.astype(np.float32),
            b1=self.b1.astype(np.float32),
            w2=self.w2.astype(np.float32),
            b2=self.b2.astype(np.float32),
            # numpy's stub checks **kwds against allow_pickle: bool as well
            **extra,  # type: ignore[arg-type]
        )

    def params(self) -> list[np.ndarray]:
        """The weight arrays (views, training updates them in place)."""
        return [self.w1, self.b1, self.w2, self.b2]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Hidden activations and raw output probabilities for features ``x``."""
        h = x @ self.w1
        h += self.b1
        _sigmoid_in_place(h)
        out = h @ self.w2
        out += self.b2
        return h, _sigmoid_in_place(out)

    def probs(self, boards: np.ndarray, first: np.ndarray) -> np.ndarray:
        """(N, 5) probabilities from the side on roll (exact bear-off database values
        for pure bear-offs of backgammon-rule variants, ``nardy.eval.bearoff``)."""
        if not len(boards):
            return np.zeros((0, 5))
        return self.probs_of(boards, self.encode(boards, first))

    def probs_of(self, boards: np.ndarray, x: np.ndarray) -> np.ndarray:
        """:meth:`probs` of boards whose features ``x`` are already computed."""
        p, race, done = settled(self.variant, boards, self.forward(x)[1])
        if self.bearoff and race.any():
            p[race] = bearoff_probs(boards[race])
        if done.any():
            p[done] = final_probs(self.variant, boards[done])
        return p


def load_shipped(variant: Variant) -> NetEvaluator | None:
    """The variant's shipped net (its own, else its family's), or None when the weight
    file is missing."""
    path = DATA / shipped_file(variant)
    if not path.exists():
        return None
    return NetEvaluator.load(variant, path)
