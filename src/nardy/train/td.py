"""TD(λ) learning of the 5-output networks (forward view, per game, Adam steps).

For a game's positions s_0 … s_T (each from its side on roll; s_T finished with exact
result r), the λ-return seen from s_t is

    G_{T−1} = inv(r),    G_t = inv((1 − λ)·V(s_{t+1}) + λ·G_{t+1})

where ``inv`` swaps the point of view (1−win, losses ↔ wins). With λ = 0 this is
TD(0), with λ = 1 Monte-Carlo. The outputs are sigmoids trained by cross-entropy
towards G_t, which gives the plain error ``V − G`` at the output pre-activations.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nardy.eval.boards import invert
from nardy.eval.net import NetEvaluator
from nardy.train.selfplay import Trajectory
from nardy.variants import find_variant


def lambda_returns(values: np.ndarray, final: np.ndarray, lam: float) -> np.ndarray:
    """Targets for positions 0..T−1 given their values (T, 5) and the final result."""
    t_len = len(values)
    out = np.empty_like(values)
    g = invert(final[None, :])[0]
    out[t_len - 1] = g
    for t in range(t_len - 2, -1, -1):
        g = invert(((1.0 - lam) * values[t + 1] + lam * g)[None, :])[0]
        out[t] = g
    return out


class TDLearner:
    """Adam-updated TD(λ) learner for one :class:`NetEvaluator`."""

    def __init__(
        self, net: NetEvaluator, lr: float = 1e-3, lam: float = 0.7, minibatch: int = 16
    ) -> None:
        self.net = net
        #: The net on each variant the games come from, sharing ``net``'s weights.
        self.on: dict[str, NetEvaluator] = {net.variant.name: net}
        self.minibatch = minibatch
        self.lr = lr
        self.lam = lam
        self.m = [np.zeros_like(p) for p in net.params()]
        self.v = [np.zeros_like(p) for p in net.params()]
        self.steps = 0
        self.beta1, self.beta2, self.eps = 0.9, 0.999, 1e-8

    def targets(self, traj: Trajectory) -> tuple[np.ndarray, np.ndarray]:
        """Inputs and λ-return targets of one game's non-final positions (bootstrapped
        from the evaluator's values: exact in pure bear-offs, impossible tiers zero)."""
        net = self.on.get(traj.variant)
        if net is None:
            net = self.on[traj.variant] = self.net.on(find_variant(traj.variant))
        boards = traj.boards[:-1]
        x = net.encode(boards, traj.first[:-1])
        return x, lambda_returns(net.probs_of(boards, x), traj.final, self.lam)

    def update(self, games: Sequence[Trajectory]) -> float:
        """Adam steps over the positions of ``games`` (targets computed first, then one
        step per ``minibatch`` positions in random order); returns the mean squared
        error before the steps."""
        xs, ts = zip(*(self.targets(g) for g in games), strict=True)
        x = np.concatenate(xs)
        target = np.concatenate(ts)
        order = np.random.default_rng(self.steps).permutation(len(x))
        errors = []
        for i in range(0, len(x), self.minibatch):
            idx = order[i : i + self.minibatch]
            errors.append(self.step(x[idx], target[idx]) * len(idx))
        return float(sum(errors) / max(len(x), 1))

    def step(self, x: np.ndarray, target: np.ndarray) -> float:
        """One Adam step towards ``target`` on inputs ``x``; returns the squared error."""
        net = self.net
        h, out = net.forward(x)
        d2 = (out - target) / len(x)
        d1 = (d2 @ net.w2.T) * h * (1.0 - h)
        grads = [x.T @ d1, d1.sum(0), h.T @ d2, d2.sum(0)]
        self.steps += 1
        b1, b2 = self.beta1, self.beta2
        corr = np.sqrt(1 - b2**self.steps) / (1 - b1**self.steps)
        for p, g, m, v in zip(net.params(), grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            p -= self.lr * corr * m / (np.sqrt(v) + self.eps)
        return float(np.mean((out - target) ** 2))

    def state(self) -> dict[str, np.ndarray]:
        """Optimizer state for checkpoints."""
        out = {f"adam_m{i}": m for i, m in enumerate(self.m)}
        out.update({f"adam_v{i}": v for i, v in enumerate(self.v)})
        out["adam_steps"] = np.array(self.steps)
        return out

    def load_state(self, z: dict[str, np.ndarray]) -> None:
        """Restore what :meth:`state` saved."""
        self.m = [np.array(z[f"adam_m{i}"], dtype=float) for i in range(4)]
        self.v = [np.array(z[f"adam_v{i}"], dtype=float) for i in range(4)]
        self.steps = int(z["adam_steps"])
