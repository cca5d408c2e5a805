"""Players for the benchmarks: our bot, PubEval, gnubg (bench-only dependency)."""

from __future__ import annotations

import subprocess
import sys

from nardy.plays import Move, Play, legal_plays
from nardy.position import Position
from nardy.variants.base import Variant

GNUBG_PIN = "gnubg-nn==1.1.0a11"


def ensure_gnubg():  # type: ignore[no-untyped-def]
    """Import gnubg_nn, installing the pinned wheel into this interpreter if missing."""
    try:
        import gnubg_nn
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", GNUBG_PIN])
        import gnubg_nn
    return gnubg_nn


def gnubg_board(position: Position) -> list[list[int]]:
    """gnubg's board ``(opponent, side on roll)``, 25 slots each, slot 24 = bar."""
    def side(s: tuple[int, ...]) -> list[int]:
        return [s[p] for p in range(1, 25)] + [s[25]]

    return [side(position.theirs), side(position.mine)]


class GnubgPlayer:
    """gnubg's neural-net player at ``plies`` (0 = gnubg 'expert')."""

    def __init__(self, variant: Variant, plies: int = 0) -> None:
        if variant.family != "short":
            raise ValueError("gnubg plays short nardy (backgammon) only")
        self.variant = variant
        self.plies = plies
        self.g = ensure_gnubg()
        self.name = f"gnubg-{plies}ply"

    def choose(self, position: Position, dice: tuple[int, int]) -> Play | None:
        """gnubg's best play, resolved against our legal plays."""
        legal = legal_plays(self.variant, position, dice)
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        steps = self.g.best_move(gnubg_board(position), dice[0], dice[1], n=self.plies)
        theirs = list(position.theirs)
        moves = []
        for a, b in steps:
            a, b = int(a), int(b)
            hit = b > 0 and theirs[25 - b] == 1
            if hit:
                theirs[25 - b] = 0
                theirs[25] += 1
            moves.append(Move(a, max(b, 0), hit))
        return legal.find(tuple(moves))
