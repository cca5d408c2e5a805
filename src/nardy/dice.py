"""Dice: the 21 distinct rolls, seeded and cryptographic sources, verifiable dice."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from dataclasses import dataclass, field
from typing import Protocol

Roll = tuple[int, int]

#: The 21 distinct rolls, larger die first, with their weight out of 36.
ROLLS: tuple[tuple[Roll, int], ...] = tuple(
    ((a, b), 1 if a == b else 2) for a in range(6, 0, -1) for b in range(a, 0, -1)
)


class DiceSource(Protocol):
    """Anything that rolls one die at a time."""

    def die(self) -> int:
        """One die, 1..6."""
        ...


class RandomDice:
    """Reproducible dice from a seed (tests, self-play)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def die(self) -> int:
        """One die, 1..6."""
        return self._rng.randint(1, 6)


class CryptoDice:
    """Dice from the operating system's CSPRNG."""

    def die(self) -> int:
        """One die, 1..6 (``secrets.randbelow`` rejects biased draws)."""
        return secrets.randbelow(6) + 1


class FixedDice:
    """Dice read from a list, for scripted games; raises when exhausted."""

    def __init__(self, values: list[int]) -> None:
        for v in values:
            if not 1 <= v <= 6:
                raise ValueError(f"a die shows 1..6, not {v}")
        self._values = list(values)

    def die(self) -> int:
        """The next scripted die."""
        if not self._values:
            raise IndexError("scripted dice exhausted")
        return self._values.pop(0)


@dataclass
class VerifiableDice:
    """Commit–reveal dice: every die is derived from a secret server seed and a
    public client seed; ``commitment`` is published before the first roll and the
    seed revealed at the end lets anyone re-derive every die (``derive``)."""

    server_seed: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    client_seed: str = ""
    counter: int = 0

    @property
    def commitment(self) -> str:
        """SHA-256 of the server seed, hex."""
        return hashlib.sha256(self.server_seed).hexdigest()

    def die(self) -> int:
        """The next die."""
        value, self.counter = derive(self.server_seed, self.client_seed, self.counter)
        return value


def derive(server_seed: bytes, client_seed: str, counter: int) -> tuple[int, int]:
    """Die number ``counter`` from the seeds by rejection sampling over HMAC-SHA256
    bytes (values 252..255 are rejected so that every face has probability 1/6).
    Returns the die and the next counter."""
    while True:
        digest = hmac.new(server_seed, f"{client_seed}:{counter}".encode(), hashlib.sha256).digest()
        counter += 1
        for byte in digest:
            if byte < 252:
                return byte % 6 + 1, counter
