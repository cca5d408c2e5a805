"""A game held in memory: the core ``Match`` (one money game, or a match to N points)
rebuilt from stored events, plus who plays which colour, the dice source and the
per-role views sent to clients.

The players of the match are numbered as ``nardy.match`` numbers them: player 0 is the
side that plays white in the first game (the opening toss winner), player 1 the other.
In long nardy the colours may change from game to game (L-4); ``Meta.white_player``
follows them.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from nardy.cube import CubeRules
from nardy.dice import VerifiableDice
from nardy.dicecheck import SCHEME, dice_count
from nardy.errors import MalformedError
from nardy.game import Game
from nardy.match import Match
from nardy.outcome import resignation, tiers
from nardy.position import BAR, OFF, Color, Position, other, pip_count
from nardy.variants import Variant, find_variant

Role = str  # "white" | "black" | "both" | "spectator"
#: Records of cube actions and resignations (RULES.md C-3), shown in the move list.
OFFERS = ("double", "take", "pass", "beaver", "resign", "accept", "reject")


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
    #: Match length: 0 is one money game, 1..25 a match to that many points.
    length: int = 0
    #: Match rules {"crawford": bool, "cube": CubeRules JSON}; None: the defaults.
    rules: dict[str, Any] | None = None
    #: The player (0 or 1) who plays white in the current game.
    white_player: int = 0

    @property
    def creator_player(self) -> int | None:
        """The creator's player number (0: white in the first game), None before the toss."""
        if self.creator_color is None:
            return None
        return 0 if self.creator_color == "white" else 1

    @property
    def creator_now(self) -> Color | None:
        """The creator's colour in the current game (``creator_color`` is the first
        game's)."""
        if self.creator_player is None:
            return None
        return "white" if self.white_player == self.creator_player else "black"

    @property
    def computer_color(self) -> Color | None:
        """The colour the computer plays (computer games after the toss)."""
        if self.mode != "computer" or self.creator_now is None:
            return None
        return other(self.creator_now)

    def user_of(self, color: Color) -> int | None:
        """The user playing ``color`` (None for the computer or before the toss)."""
        if self.creator_now is None:
            return None
        if self.mode == "local":
            return self.creator_id
        if color == self.creator_now:
            return self.creator_id
        return self.opponent_id

    def variant_obj(self) -> Variant:
        """The game's variant with its rule options."""
        return find_variant(self.variant).with_options(**self.options)

    def cube_rules(self, variant: Variant) -> CubeRules:
        """The cube rules of the match's games (money play when the length is 0)."""
        cube = (self.rules or {}).get("cube")
        return CubeRules.from_json(cube) if cube is not None else CubeRules.for_variant(variant)

    @property
    def crawford(self) -> bool:
        """The Crawford rule (C-4), on unless the match was made without it."""
        return bool((self.rules or {}).get("crawford", True))

    def new_match(self) -> Match:
        """An empty ``Match`` with this game's settings."""
        variant = self.variant_obj()
        return Match(variant, self.length, cube=self.cube_rules(variant), crawford=self.crawford)

    def role_of(self, user_id: int | None) -> Role:
        """What ``user_id`` may do in this game."""
        if user_id is None:
            return "spectator"
        if self.mode == "local" and user_id == self.creator_id:
            return "both"
        now = self.creator_now
        if now is None:
            if user_id == self.creator_id or user_id == self.opponent_id:
                return "player"
            return "spectator"
        if user_id == self.creator_id:
            return now
        if self.mode == "friend" and user_id == self.opponent_id:
            return other(now)
        return "spectator"


class LiveGame:
    """One game in memory; every change happens under ``lock``."""

    def __init__(self, meta: Meta, events: list[dict[str, Any]]) -> None:
        self.meta = meta
        self.lock = asyncio.Lock()
        self.sockets: set[Any] = set()
        records = [e["data"]["record"] for e in events if e["kind"] == "record"]
        self.match = meta.new_match()
        #: Cube actions and resignations of the current game: (turns before it, entry).
        self.notes: list[tuple[int, dict[str, Any]]] = []
        #: How many finished games have had their "game-over" event.
        self.announced = sum(1 for e in events if e["kind"] == "game-over")
        self.game: Game | None = None
        if records:
            self.match.new_game(0)
            for rec in records:
                self._replay(rec)
            self.game = self.match.current
            meta.white_player = self.match.whites[-1]
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
        self.dice = VerifiableDice(bytes.fromhex(meta.server_seed), meta.client_seed, 0)
        for _ in range(dice_count(records)):
            self.dice.die()

    def _replay(self, rec: dict[str, Any]) -> None:
        kind = rec.get("type")
        game = self.match.current
        assert game is not None
        if kind == "setup":
            if rec != game.records[0]:
                raise MalformedError(f"stored setup {rec!r} does not fit the match")
            return
        if kind == "game":
            self.match.new_game(rec.get("white"))
            self.notes = []
            return
        actor = rec.get("by") if kind == "resign" and rec.get("by") else game.to_act
        game.apply(rec)
        self.note(rec, actor)

    def note(self, rec: dict[str, Any], actor: Color) -> None:
        """Remember a cube action or resignation record of the current game (just
        applied) for the move list."""
        kind = rec.get("type")
        g = self.match.current
        if kind not in OFFERS or g is None:
            return
        entry: dict[str, Any] = {"color": actor, "action": kind}
        if kind == "double":
            entry["value"] = g.cube.next_value()
        elif kind in ("take", "beaver"):
            entry["value"] = g.cube.value
        elif kind == "resign":
            entry["level"] = rec["level"]
            entry["kind"] = tiers(g.variant)[rec["level"] - 1].kind
        self.notes.append((len(g.turns), entry))

    def next_game(self) -> Game:
        """Start the next game of the match (after the current one is over)."""
        game = self.match.new_game()
        self.game = game
        self.notes = []
        self.steps = []
        self.meta.white_player = self.match.whites[-1]
        return game

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
        """True when the current game has ended."""
        return self.game is not None and self.game.phase == "over"

    @property
    def finished(self) -> bool:
        """True when the whole thing is over: the money game, or the match."""
        if not self.over:
            return False
        return self.meta.length == 0 or self.match.is_over

    def actor(self, role: Role) -> Color | None:
        """The colour ``role`` decides for now (to move, roll, answer a double or a
        resignation), or None when it is not this role's decision."""
        g = self.game
        if g is None or g.phase in ("opening", "over"):
            return None
        c = g.to_act
        if role == "both":
            return c
        if role == c and c != self.meta.computer_color:
            return c
        return None

    def may_act(self, role: Role) -> bool:
        """True when ``role`` is the side to move checkers now."""
        return self.game is not None and self.game.phase == "move" and self.actor(role) is not None

    def actions(self, role: Role) -> list[str]:
        """The actions other than checker moves that ``role`` may take now."""
        g = self.game
        if g is None:
            return []
        if g.phase == "over":
            playing = role in ("white", "black", "both")
            return ["next-game"] if playing and not self.finished else []
        if self.actor(role) is None:
            return []
        if g.phase == "roll":
            return ["roll", *g.cube_actions(), "resign"]
        if g.phase == "move":
            return ["resign"]
        if g.phase == "cube":
            return g.cube_actions()
        if g.phase == "resign":
            return ["accept", "reject"]
        return []

    def score(self) -> tuple[float, float]:
        """The score (player 0, player 1) after the finished games."""
        return self.match.score

    def score_by_color(self) -> dict[str, float]:
        """The score by the players' colours in the current game."""
        a, b = self.match.score
        white = a if self.meta.white_player == 0 else b
        black = b if self.meta.white_player == 0 else a
        return {"white": white, "black": black}

    def score_winner(self) -> Color | None:
        """The colour (in the current game) of the match winner, or of the money game's
        winner; None while undecided or for a draw."""
        if self.meta.length:
            w = self.match.winner
            return None if w is None else self.color_of_player(w)
        g = self.game
        return g.outcome.winner if g is not None and g.outcome is not None else None

    def color_of_player(self, player: int) -> Color:
        """The colour player 0 or 1 plays in the current game."""
        return "white" if self.meta.white_player == player else "black"

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

    def dice_public(self, *, reveal: bool | None = None) -> dict[str, Any]:
        """The dice commitment and client seed (and the secret seed once it is over)."""
        info: dict[str, Any] = {
            "scheme": SCHEME,
            "commitment": self.meta.commitment,
            "client_seed": self.meta.client_seed,
        }
        if reveal if reveal is not None else self.finished:
            info["server_seed"] = self.meta.server_seed
        return info

    def records(self, *, reveal: bool | None = None) -> list[dict[str, Any]]:
        """The current game's records; the setup line carries the dice commitment (and
        the secret seed once it is over)."""
        assert self.game is not None
        recs = [dict(r) for r in self.game.records]
        recs[0]["dice"] = self.dice_public(reveal=reveal)
        return recs

    def all_records(self) -> list[dict[str, Any]]:
        """Every record of every game in order: the dice were drawn in this order."""
        return self.match.records if self.game is not None else []

    # -- views -----------------------------------------------------------------
    def view_color(self, role: Role) -> Color:
        """Whose side the board is drawn from for ``role``."""
        if role in ("white", "black"):
            return role  # type: ignore[return-value]
        if role == "both" and self.game is not None:
            return self.game.to_act
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
                "server_seed": m.server_seed if self.finished else None,
            },
            "match": self._match_view(),
        }
        if m.invite_token and user_id == m.creator_id and m.mode == "friend":
            out["invite_url"] = f"{base_url}/join/{m.invite_token}"
        if g is None:
            out.update(
                phase="waiting",
                turn=None,
                to_act=None,
                dice=None,
                board=None,
                history=[],
                outcome=None,
                pips=None,
                family=None,
                legal=None,
                actions=[],
                cube=None,
                resign=None,
                resign_levels=[],
            )
            return out
        pos = g.pending_position
        out.update(
            family=g.variant.family,
            titles={"en": g.variant.title_en, "ru": g.variant.title_ru},
            phase=g.phase,
            turn=g.turn if g.phase != "over" else None,
            to_act=g.to_act if g.phase not in ("over", "opening") else None,
            dice=list(g.dice) if g.dice and g.phase in ("move", "resign") else None,
            board=board_view(g.variant.mapping, pos, view),
            pips={c: pip_count(pos.side(c)) for c in ("white", "black")},
            history=self.history(),
            outcome=None,
            legal=None,
            actions=self.actions(role),
            cube=self._cube_view(),
            resign=None,
            resign_levels=self._resign_levels(role),
        )
        if g.phase == "resign" and g.resign_by is not None and g.resign_offer is not None:
            value = resignation(
                g.variant,
                other(g.resign_by),
                g.resign_offer,
                g.position.side(g.resign_by),
                gammons=g.cube.gammons_count,
            ).with_cube(g.cube.value)
            out["resign"] = {
                "by": g.resign_by,
                "level": g.resign_offer,
                "kind": value.kind,
                "value": value.value,
            }
        if g.outcome is not None:
            o = g.outcome
            out["outcome"] = {
                "winner": o.winner,
                "kind": o.kind,
                "points": o.points,
                "cube": o.cube,
                "value": o.value,
                "reason": o.reason,
                "en": o.describe("en"),
                "ru": o.describe("ru"),
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

    def history(self) -> list[dict[str, Any]]:
        """The current game's plays (one per segment) with its cube actions and
        resignations in between."""
        g = self.game
        assert g is not None
        notes = iter(self.notes)
        pending = next(notes, None)
        out: list[dict[str, Any]] = []
        for i, t in enumerate(g.turns):
            while pending is not None and pending[0] <= i:
                out.append(pending[1])
                pending = next(notes, None)
            out.append({"color": t.color, "dice": list(t.dice), "play": t.play.text})
        while pending is not None:
            out.append(pending[1])
            pending = next(notes, None)
        return out

    def _cube_view(self) -> dict[str, Any]:
        g = self.game
        assert g is not None
        c = g.cube
        return {
            "enabled": c.rules.enabled,
            "value": c.value,
            "owner": c.owner,
            "offered_by": c.offered_by if g.phase == "cube" else None,
            "next": c.next_value(),
            "crawford": c.crawford,
            "money": c.rules.money,
            "beavers": c.rules.money and c.rules.beavers,
        }

    def _resign_levels(self, role: Role) -> list[dict[str, Any]]:
        """What each resignation level would cost ``role`` now (when he may resign)."""
        g = self.game
        me = self.actor(role)
        if g is None or me is None or g.phase not in ("roll", "move"):
            return []
        out = []
        for level in range(1, len(tiers(g.variant)) + 1):
            o = resignation(
                g.variant, other(me), level, g.position.side(me), gammons=g.cube.gammons_count
            ).with_cube(g.cube.value)
            out.append({"level": level, "kind": o.kind, "value": o.value})
        return out

    def _match_view(self) -> dict[str, Any]:
        m = self.match
        out: dict[str, Any] = {
            "length": self.meta.length,
            "crawford_rule": m.crawford_rule and self.meta.length > 0,
            "game": len(m.games),
            "score": self.score_by_color(),
            "crawford": bool(m.games) and m.is_crawford(len(m.games) - 1),
            "post_crawford": m.post_crawford,
            "over": self.finished,
            "winner": None,
            "games": [],
        }
        if self.meta.length and m.is_over and m.winner is not None:
            out["winner"] = self.color_of_player(m.winner)
        for i, game in enumerate(m.games):
            o = game.outcome
            if game.phase != "over" or o is None:
                continue
            winner = None
            if o.winner is not None:
                player = m.player_of(i, o.winner)
                winner = self.color_of_player(player)
            out["games"].append(
                {
                    "game": i + 1,
                    "winner": winner,
                    "kind": o.kind,
                    "value": o.value,
                    "reason": o.reason,
                }
            )
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
