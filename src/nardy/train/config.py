"""The settings every training job shares; each job's config extends :class:`RunConfig`
(self-play TD(λ): ``nardy.train.loop.TrainConfig``; search distillation:
``nardy.train.distill.DistillConfig``) and is saved, as JSON, in its checkpoints."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass


@dataclass
class RunConfig:
    """What any training run has: the variant (its family's net), the net it starts
    from, its input features, the optimiser, self-play noise, the arena check, where
    its jobs run and where it writes. A job's config may change these defaults."""

    variant: str = "short"
    init: str | None = None  # weights to start from (widened to ``features``)
    features: str | None = None  # input feature set; None: the family's default
    lr: float = 1e-3
    minibatch: int = 16  # positions per Adam step
    explore: float = 0.0  # equity noise in self-play
    seed: int = 0
    eval_games: int = 100  # arena games per check against the previous net
    workers: int | None = None  # jobs per step; None: 1, or the Ray cluster's CPUs
    ray_address: str | None = None
    out: str = "runs/short"

    def to_json(self) -> str:
        """The config as saved with checkpoints and snapshots."""
        return json.dumps(asdict(self))
