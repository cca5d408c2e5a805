"""Re-deriving a game's dice from its revealed seeds (verifiable dice, commit–reveal).

The server derives dice in this order from ``nardy.dice.derive``: for an opening toss
first the creator's die, then the opponent's (the record stores them by colour, so the
pair is compared without order); for a roll the two dice in the order recorded.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nardy.dice import derive
from nardy.errors import MalformedError

SCHEME = "hmac-sha256-reject252-v1"


@dataclass(frozen=True)
class RollCheck:
    """One roll of the record, as recorded and as re-derived from the seeds."""

    index: int
    kind: str  # "opening" or "roll"
    recorded: tuple[int, int]
    derived: tuple[int, int]

    @property
    def ok(self) -> bool:
        """True when the recorded dice are the derived ones."""
        if self.kind == "opening":
            return sorted(self.recorded) == sorted(self.derived)
        return self.recorded == self.derived


def commitment_of(server_seed: bytes) -> str:
    """The published commitment: SHA-256 of the secret seed, hex."""
    return hashlib.sha256(server_seed).hexdigest()


def dice_count(records: Iterable[dict[str, Any]]) -> int:
    """How many dice the records have consumed."""
    return sum(2 for r in records if r.get("type") in ("opening", "roll"))


def check_rolls(
    server_seed: bytes, client_seed: str, records: Iterable[dict[str, Any]]
) -> list[RollCheck]:
    """Every opening toss and roll of ``records`` beside the dice derived from the seeds."""
    out: list[RollCheck] = []
    counter = 0
    for i, rec in enumerate(records):
        kind = rec.get("type")
        if kind not in ("opening", "roll"):
            continue
        a, counter = derive(server_seed, client_seed, counter)
        b, counter = derive(server_seed, client_seed, counter)
        if kind == "opening":
            recorded = (rec.get("white"), rec.get("black"))
        else:
            dice = rec.get("dice")
            if not isinstance(dice, list) or len(dice) != 2:
                raise MalformedError("dice-record-roll", index=i)
            recorded = (dice[0], dice[1])
        out.append(RollCheck(i, kind, recorded, (a, b)))  # type: ignore[arg-type]
    return out


def dice_info(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``dice`` object of a game record's setup line or a match log's match line
    (raises when missing)."""
    if not records or records[0].get("type") not in ("setup", "match"):
        raise MalformedError("dice-record-start")
    info = records[0].get("dice")
    if not isinstance(info, dict):
        raise MalformedError("dice-record-no-dice", kind=records[0]["type"])
    return info
