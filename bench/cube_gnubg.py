"""Cube decisions against GNU Backgammon's: how often our cube model, given gnubg's own
0-ply probabilities, takes the decision gnubg's 0-ply cubeful analysis takes — money
play (no Jacoby) and a match at several scores — and how far our no-double and
double/take equities are from gnubg's (gnubg's units: per cube in money play, EMG at a
match score). The positions come from self-play of our 0-ply bot, before a roll, the
side on roll winning 55–95% (where cube decisions are made).

    .venv/bin/python bench/cube_gnubg.py --positions 400
    .venv/bin/python bench/cube_gnubg.py --positions 400 --x 0.68
    .venv/bin/python bench/cube_gnubg.py --positions 400 --race --x 0.6 0.65 0.7

gnubg (PyPI ``gnubg``, the ``peers`` extra) is driven through its own commands: the
position and Match ID are set with ``set gnubgid`` and ``hint`` prints the analysis.
"""

from __future__ import annotations

import argparse
import ctypes
import math
import os
import re
import sys
import tempfile
from dataclasses import dataclass

import numpy as np

from nardy.bots.cube import money_cube
from nardy.bots.verdict import Away, cube_verdict
from nardy.eval.match import match_equity, post_crawford_after
from nardy.match import MatchSnapshot
from nardy.notation.match_id import snapshot_ids
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")
#: gnubg's proper actions as (double or not, the answer to a double).
ACTIONS = {
    "Double, take": ("double", "take"),
    "Redouble, take": ("double", "take"),
    "Double, pass": ("double", "pass"),
    "Redouble, pass": ("double", "pass"),
    "Double, beaver": ("double", "beaver"),
    "Redouble, beaver": ("double", "beaver"),
    "No double, take": ("no-double", "take"),
    "No redouble, take": ("no-double", "take"),
    "No double, beaver": ("no-double", "beaver"),
    "No redouble, beaver": ("no-double", "beaver"),
    "Too good to double, pass": ("no-double", "pass"),
    "Too good to redouble, pass": ("no-double", "pass"),
    "Too good to double, take": ("no-double", "take"),
    "Too good to redouble, take": ("no-double", "take"),
}
_PROBS = re.compile(r"\n\s*(\d\.\d+) (\d\.\d+) (\d\.\d+) - (\d\.\d+) (\d\.\d+) (\d\.\d+)")
_EQUITY = re.compile(
    r"\d\. (No (?:re)?double|(?:Re)?[Dd]ouble, (?:take|pass|beaver))"
    r"\s+([+-]\d+\.\d+)"
)


@dataclass(frozen=True)
class GnubgCube:
    """gnubg's cube analysis of a position: its 0-ply probabilities (our order: win,
    gammon win, backgammon win, gammon loss, backgammon loss), the proper action and
    the no-double and double/take equities (money: per cube; match: EMG)."""

    probs: np.ndarray
    action: str
    take: str
    no_double: float
    double_take: float


class GnubgCubeOracle:
    """gnubg's 0-ply cube decisions, one position at a time."""

    def __init__(self) -> None:
        import gnubg  # the peers extra

        self.g = gnubg
        self.libc = ctypes.CDLL(None)
        for command in (
            "set threads 1",
            "set evaluation cubedecision evaluation plies 0",
            "set evaluation cubedecision evaluation cubeful on",
        ):
            self._output(command)

    def _output(self, *commands: str) -> str:
        """What gnubg prints (on the C level, stdout and stderr) for ``commands``."""
        fd, path = tempfile.mkstemp()
        sys.stdout.flush()
        sys.stderr.flush()
        self.libc.fflush(None)
        saved = os.dup(1), os.dup(2)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        try:
            for command in commands:
                self.g.command(command)
            self.libc.fflush(None)
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])
            os.close(fd)
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        os.unlink(path)
        return text

    def analyse(
        self, position: Position, length: int = 0, score: tuple[int, int] = (0, 0), cube: int = 1
    ) -> GnubgCube | None:
        """gnubg's cube analysis of ``position`` for the side on roll, at the score
        (white, black) of a ``length``-point match (0: money, no Jacoby): the cube
        centred, or at ``cube`` > 1 his to redouble."""
        snapshot = MatchSnapshot(
            position=position,
            length=length,
            score=score,
            cube_value=cube,
            cube_owner=position.turn if cube > 1 else None,
        )
        pid, mid = snapshot_ids(snapshot)
        text = self._output(f"set gnubgid {pid}:{mid}", "set jacoby off", "hint")
        found = re.search(r"Proper cube action: ([^(\n]*)", text)
        probs = _PROBS.search(text)
        if not found or not probs or found.group(1).strip() not in ACTIONS:
            return None
        p = [float(x) for x in probs.groups()]
        equities = {
            k.lower().replace("redouble", "double"): float(v) for k, v in _EQUITY.findall(text)
        }
        dt = equities.get("double, take", equities.get("double, beaver", math.nan))
        action, take = ACTIONS[found.group(1).strip()]
        return GnubgCube(
            np.array([p[0], p[1], p[2], p[4], p[5]]),
            action,
            take,
            equities.get("no double", math.nan),
            dt,
        )


def sample_positions(count: int, seed: int, race: bool = False) -> list[Position]:
    """Positions before a roll from self-play of our 0-ply bot where the side on roll
    wins 55–95% (by its net); with ``race``, only races (no contact left). Game k is
    dealt with dice seed ``seed + k``: samples of nearby seeds overlap."""
    from nardy.bots import Bot
    from nardy.bots.resign import no_contact
    from nardy.dice import RandomDice
    from nardy.game import Game

    bot = Bot(SHORT, "advanced", seed=seed)
    out: list[Position] = []
    game_seed = seed
    while len(out) < count:
        game = Game(SHORT, dice=RandomDice(game_seed))
        game_seed += 1
        game.opening()
        while game.phase != "over" and len(out) < count:
            if game.phase == "roll":
                p = float(bot.evaluate([game.position], 0)[0][0])
                if 0.55 <= p <= 0.95 and (not race or no_contact(SHORT, game.position)):
                    out.append(game.position)
                game.roll()
            elif game.phase == "move":
                play = bot.choose(game.position, game.dice)
                game.play(play if play is not None else game.legal_plays()[0])
            else:  # pragma: no cover - no cube in these games
                break
    return out


def our_decision(
    probs: np.ndarray,
    position: Position,
    length: int,
    score: tuple[int, int],
    x: float | None = None,
    cube: int = 1,
) -> tuple[str, str, float, float]:
    """Our decision on gnubg's probabilities with cube efficiency ``x`` (None: the
    engine's own, :func:`nardy.bots.cube.efficiency`), the cube centred, or at ``cube``
    > 1 the roller's: (action, answer, no-double, double/take), equities in gnubg's
    units."""
    owner = "me" if cube > 1 else "centre"
    if not length:
        d = money_cube(probs, owner, SHORT, position, x)  # type: ignore[arg-type]
        return d.action, d.take, d.no_double, d.double_take
    me, them = (score[0], score[1]) if position.turn == "white" else (score[1], score[0])
    away = Away(length - me, length - them)
    action, take, eq = cube_verdict(probs, SHORT, owner, cube, away, position, x)
    post = post_crawford_after(away.me, away.them)
    win = 2 * match_equity(away.me - cube, away.them, post_crawford=post) - 1
    loss = 2 * match_equity(away.me, away.them - cube, post_crawford=post) - 1

    def emg(e: float) -> float:
        return (e - loss) / (win - loss) * 2 - 1

    return action, take, emg(eq["no_double"]), emg(eq["double_take"])


def _ci(k: int, n: int) -> str:
    p = k / n
    return f"{p:6.1%} ± {1.96 * math.sqrt(p * (1 - p) / n):.1%}"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--length", type=int, default=7, help="match length for the scores")
    ap.add_argument("--race", action="store_true", help="races only (no contact left)")
    ap.add_argument(
        "--x",
        type=float,
        nargs="*",
        default=[0.0, 0.68],
        help="fixed cube efficiencies to compare with the engine's own (0: dead cube)",
    )
    args = ap.parse_args(argv)
    oracle = GnubgCubeOracle()
    positions = sample_positions(args.positions, args.seed, race=args.race)
    n = args.length
    settings = (
        [(0, (0, 0), 1), (0, (0, 0), 2)]
        + [
            (n, s, 1)
            for s in (
                (0, 0),
                (n - 5, n - 3),
                (n - 3, n - 5),
                (n - 2, n - 2),
                (n - 1, n - 4),
                (n - 4, n - 1),
            )
        ]
        + [(n, (0, 0), 2), (n, (0, 0), 4)]
    )
    kind = "races" if args.race else "positions"
    print(
        f"{len(positions)} {kind} (self-play, side on roll wins 55–95%), gnubg 0-ply "
        "cube analysis on its own probabilities; ours on the same probabilities "
        "(x = ours: the engine's own cube efficiency)"
    )
    print(
        f"{'setting':>18} {'x':>5} {'double agrees':>16} {'answer agrees':>16} "
        f"{'|ΔND|':>7} {'|ΔDT|':>7}"
    )
    for length, score, cube in settings:
        judged = [(pos, oracle.analyse(pos, length, score, cube)) for pos in positions]
        judged = [(pos, g) for pos, g in judged if g is not None]
        name = "money" if not length else f"{length}-pt {score[0]}-{score[1]}"
        name += f", own {cube}" if cube > 1 else ""
        for x in [*args.x, None]:
            agree_d = agree_t = 0
            dnd: list[float] = []
            ddt: list[float] = []
            for pos, g in judged:
                action, take, nd, dt = our_decision(g.probs, pos, length, score, x, cube)
                agree_d += action == g.action
                agree_t += (take == "pass") == (g.take == "pass")
                dnd.append(abs(nd - g.no_double))
                ddt.append(abs(dt - g.double_take))
            k = len(judged)
            label = "ours" if x is None else f"{x:5.2f}"
            print(
                f"{name:>18} {label:>5} {_ci(agree_d, k):>16} {_ci(agree_t, k):>16} "
                f"{np.nanmean(dnd):7.4f} {np.nanmean(ddt):7.4f}"
            )


if __name__ == "__main__":
    main()
