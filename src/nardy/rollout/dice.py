"""Quasi-random dice for rollouts: trial ``i`` always gets the same rolls.

Game (trial) ``i`` of a rollout with seed ``s`` is dealt:

* roll 0 — ``first[i mod 36]``: every 36 consecutive games start with each of the 36
  ordered rolls exactly once (``first`` is a permutation of the 36 rolls drawn from
  the seed and the block ``i // 1296``);
* roll 1 — ``second[r0][(i // 36) mod 36]``: within each block of 36 × 36 = 1,296
  games every (roll 0, roll 1) pair occurs exactly once (stratified sampling; one
  permutation per first roll, drawn from the seed and the block);
* rolls 2, 3, … — pseudo-random, from a generator seeded with ``(s, i)`` alone.

So a trial's dice depend only on the seed and the trial's number: the same games are
played whichever process plays them, in whatever order.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

Roll = tuple[int, int]

#: The 36 ordered rolls.
ORDERED: tuple[Roll, ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
#: Games per full stratification of the first two rolls.
BLOCK = 36 * 36


@lru_cache(maxsize=16)
def _block_perms(seed: int, block: int) -> tuple[np.ndarray, np.ndarray]:
    """The first-roll permutation and the 36 second-roll permutations of a block."""
    rng = np.random.default_rng([seed, block, 0x51])
    first = rng.permutation(36)
    second = np.stack([rng.permutation(36) for _ in range(36)])
    return first, second


class TrialDice:
    """The roll stream of one trial: ``roll(k)`` is its k-th roll (0-based)."""

    def __init__(self, seed: int, trial: int) -> None:
        if trial < 0:
            raise ValueError(f"a trial number is non-negative, not {trial}")
        first, second = _block_perms(seed, trial // BLOCK)
        j = trial % BLOCK
        r0 = int(first[j % 36])
        r1 = int(second[r0][j // 36])
        self._rolls: list[Roll] = [ORDERED[r0], ORDERED[r1]]
        self._rng = np.random.default_rng([seed, trial])

    def roll(self, k: int) -> Roll:
        """The k-th roll of this trial (rolls beyond the second drawn on demand)."""
        while len(self._rolls) <= k:
            a, b = (int(x) for x in self._rng.integers(1, 7, size=2))
            self._rolls.append((a, b))
        return self._rolls[k]
