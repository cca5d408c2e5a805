"""A game held in memory: the core ``Game`` rebuilt from stored events, plus who plays
which colour, the dice source and the per-role views sent to clients."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from nardy.dice import VerifiableDice
from nardy.game import Game
from nardy.position import BAR, OFF, Color, Position, other, pip_count
from nardy.server.dicecheck import SCHEME, dice_count

Role = str  # "white" | "black" | "both" | "spectator"


@dataclass
class Meta:
    """The stored facts about a game that are not in its records."""

    id: str
    variant: str
    options: dict[str, Any]
    mode: str
    level: str | None
    creator_id: int
    opponent_id: int | None
    creator_color: Color | None
    invite_token: str | None
    server_seed: str
    commitment: str
    client_seed: str
    status: str
    names: dict[int, str] = field(default_factory=dict)

    @property
    def computer_color(self) -> Color | None:
        """The colour the computer plays (computer games after the toss)."""
        if self.mode != "computer" or self.creator_color is None:
            return None
        return other(self.creator_color)

    def user_of(self, color: Color) -> int | None:
        """The user playing ``color`` (None for the computer or before the toss)."""
        if self.creator_color is None:
            return None
        if self.mode == "local":
            return self.creator_id
        if color == self.creator_color:
            return self.creator_id
        return self.opponent_id

    def role_of(self, user_id: int | None) -> Role:
        """What ``user_id`` may do in this game."""
        if user_id is None:
            return "spectator"
        if self.mode == "local" and user_id == self.creator_id:
            return "both"
        if self.creator_color is None:
            if user_id == self.creator_id or user_id == self.opponent_id:
                return "player"
            return "spectator"
        if user_id == self.creator_id:
            return self.creator_color
        if self.mode == "friend" and user_id == self.opponent_id:
            return other(self.creator_color)
        return "spectator"


class LiveGame:
    """One game in memory; every change happens under ``lock``."""

    def __init__(self, meta: Meta, events: list[dict[str, Any]]) -> None:
        self.meta = meta
        self.lock = asyncio.Lock()
        self.sockets: set[Any] = set()
        records = [e["data"]["record"] for e in events if e["kind"] == "record"]
        self.game = Game.replay(records) if records else None
        #: How many single moves each checker move of this turn made (a hop: several).
        self.steps: list[int] = []
        pending: list[tuple[int, int]] = []
        for e in events:
            if e["kind"] == "record":
                pending = []
            elif e["kind"] == "step":
                pending.append((e["data"]["from"], e["data"]["to"]))
            elif e["kind"] == "undo" and pending:
                pending.pop()
        if self.game is not None:
            for frm, to in pending:
                before = len(self.game.pending)
                self.game.move(frm, to)
                self.steps.append(len(self.game.pending) - before)

        self.seq = events[-1]["seq"] if events else 0
        self.dice = VerifiableDice(
            bytes.fromhex(meta.server_seed), meta.client_seed, 0
        )
        for _ in range(dice_count(records)):
            self.dice.die()

    def move(self, frm: int, to: int) -> None:
        """One checker move of the turn (possibly over several dice)."""
        assert self.game is not None
        self._sync_steps()
        before = len(self.game.pending)
        self.game.move(frm, to)
        self.steps.append(len(self.game.pending) - before)

    def undo(self) -> None:
        """Take back the last checker move of the turn, a hop as a whole."""
        assert self.game is not None
        self._sync_steps()
        n = self.steps[-1] if self.steps else 1
        self.game.undo()  # raises when there is nothing to take back
        for _ in range(n - 1):
            self.game.undo()
        if self.steps:
            self.steps.pop()

    def _sync_steps(self) -> None:
        assert self.game is not None
        if sum(self.steps) != len(self.game.pending):
            self.steps = [1] * len(self.game.pending)

    # -- queries ---------------------------------------------------------------
    @property
    def over(self) -> bool:
        """True when the game has ended."""
        return self.game is not None and self.game.phase == "over"

    def may_act(self, role: Role) -> bool:
        """True when ``role`` is the side to act now."""
        g = self.game
        if g is None or g.phase != "move":
            return False
        if role == "both":
            return True
        return role == g.turn and g.turn != self.meta.computer_color

    def targets(self) -> dict[int, list[int]]:
        """For each point a checker may leave now, every point it can reach this turn
        (one die or several dice in a row), in the mover's numbering."""
        g = self.game
        assert g is not None
        out: dict[int, set[int]] = {}

        def walk(start: int, at: int, depth: int) -> None:
            for step in g.legal_steps():
                if step.frm != at or (depth and step.frm == 0):
                    continue
                out.setdefault(start, set()).add(step.to)
                if step.to == 0:
                    continue
                g.move(step.frm, step.to)
                try:
                    walk(start, step.to, depth + 1)
                finally:
                    g.undo()

        for first in {s.frm for s in g.legal_steps()}:
            walk(first, first, 0)
        return {k: sorted(v, reverse=True) for k, v in sorted(out.items(), reverse=True)}

    def records(self, *, reveal: bool | None = None) -> list[dict[str, Any]]:
        """The game's records; the setup line carries the dice commitment (and the
        secret seed once the game is over)."""
        assert self.game is not None
        recs = [dict(r) for r in self.game.records]
        info: dict[str, Any] = {
            "scheme": SCHEME,
            "commitment": self.meta.commitment,
            "client_seed": self.meta.client_seed,
        }
        if reveal if reveal is not None else self.over:
            info["server_seed"] = self.meta.server_seed
        recs[0]["dice"] = info
        return recs

    # -- views -----------------------------------------------------------------
    def view_color(self, role: Role) -> Color:
        """Whose side the board is drawn from for ``role``."""
        if role in ("white", "black"):
            return role  # type: ignore[return-value]
        if role == "both" and self.game is not None:
            return self.game.turn
        return "white"

    def state(self, role: Role, user_id: int | None, base_url: str) -> dict[str, Any]:
        """Everything a client in ``role`` may see, as JSON."""
        m = self.meta
        g = self.game
        view = self.view_color(role)
        out: dict[str, Any] = {
            "id": m.id,
            "seq": self.seq,
            "variant": m.variant,
            "mode": m.mode,
            "level": m.level,
            "status": m.status,
            "role": role,
            "view": view,
            "players": self._players(),
            "dice_info": {
                "scheme": SCHEME,
                "commitment": m.commitment,
                "client_seed": m.client_seed,
                "server_seed": m.server_seed if self.over else None,
            },
        }
        if m.invite_token and user_id == m.creator_id and m.mode == "friend":
            out["invite_url"] = f"{base_url}/join/{m.invite_token}"
        if g is None:
            out.update(phase="waiting", turn=None, dice=None, board=None, history=[],
                       outcome=None, pips=None, family=None, legal=None)
            return out
        pos = g.pending_position
        out.update(
            family=g.variant.family,
            titles={"en": g.variant.title_en, "ru": g.variant.title_ru},
            phase=g.phase,
            turn=g.turn if g.phase != "over" else None,
            dice=list(g.dice) if g.dice else None,
            board=board_view(g.variant.mapping, pos, view),
            pips={c: pip_count(pos.side(c)) for c in ("white", "black")},
            history=[
                {"color": t.color, "dice": list(t.dice), "play": t.play.text}
                for t in g.turns
            ],
            outcome=None,
            legal=None,
        )
        if g.outcome is not None:
            o = g.outcome
            out["outcome"] = {
                "winner": o.winner, "kind": o.kind, "points": o.points,
                "en": o.describe("en"), "ru": o.describe("ru"),
            }
        if self.may_act(role):
            out["legal"] = {
                "targets": {str(k): v for k, v in self.targets().items()},
                "pending": [str(mv) for mv in g.pending],
                "can_undo": bool(g.pending),
                "can_confirm": g.turn_complete,
                "plays": [p.text for p in g.legal_plays()][:400],
            }
        return out

    def _players(self) -> dict[str, Any]:
        m = self.meta
        out: dict[str, Any] = {}
        for color in ("white", "black"):
            if m.creator_color is None:
                out[color] = None
                continue
            if color == m.computer_color:
                out[color] = {"name": None, "computer": True, "level": m.level}
            else:
                uid = m.user_of(color)  # type: ignore[arg-type]
                out[color] = {"name": m.names.get(uid) if uid else None, "computer": False}
        if m.creator_color is None:
            out["creator"] = m.names.get(m.creator_id)
        return out


def board_view(mapping: tuple[int, ...], pos: Position, view: Color) -> dict[str, Any]:
    """The checkers in ``view``'s numbering: ``points[p]`` is +n for n of view's
    checkers on its point p and −n for the opponent's (index 0 unused)."""
    mine = pos.side(view)
    theirs = pos.side(other(view))
    points = [0] * 25
    for p in range(1, 25):
        if mine[p]:
            points[p] = mine[p]
        q = mapping[p]  # my point p is their point q
        if theirs[q]:
            points[p] = -theirs[q]
    return {
        "points": points,
        "bar": {"mine": mine[BAR], "theirs": theirs[BAR]},
        "off": {"mine": mine[OFF], "theirs": theirs[OFF]},
    }
