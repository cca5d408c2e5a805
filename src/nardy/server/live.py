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
from datetime import datetime, timedelta
from typing import Any

from nardy.cube import CubeRules
from nardy.dice import VerifiableDice
from nardy.dicecheck import SCHEME, dice_count
from nardy.errors import MalformedError
from nardy.game import OFFER_RECORDS, Game
from nardy.match import Match
from nardy.outcome import tiers
from nardy.plays import Move
from nardy.position import Color, other
from nardy.server.ratings import Shown
from nardy.variants import Variant, find_variant

Role = str  # "white" | "black" | "both" | "spectator"
#: The events a game in memory can take on by itself (``LiveGame.extend``): records
#: and checker moves. Any other kind (a join, an end, a rating, a rematch, a flag)
#: also changes what only the game's row says, and the game is loaded again.
EXTENDABLE = frozenset({"record", "step", "undo"})
#: How long the next game of a match between people waits, after one player asked for
#: it, for the other's "next game": then it starts without him (he may be reading the
#: result; neither clock runs meanwhile).
NEXT_GAME_WAIT = timedelta(seconds=30)
#: Records of a player's own decisions (with his checker moves, "step" and "undo"):
#: who has made none in a game may lose it by a no-show, and a match that ends on a
#: flag before its loser made one is not rated (``LiveGame.acted``).
ACTED = ("play", *OFFER_RECORDS)


def acted(event: dict[str, Any], colors: set[Color]) -> None:
    """Update ``colors``, the colours that made a decision of their own in the current
    game, with the stored ``event`` (a match's next game starts with a "game" record
    and clears them)."""
    by, data = event.get("by"), event.get("data")
    rec = data.get("record") if isinstance(data, dict) else None
    if isinstance(rec, dict) and rec.get("type") == "game":
        colors.clear()
    elif by in ("white", "black") and (
        event["kind"] in ("step", "undo") or (isinstance(rec, dict) and rec.get("type") in ACTED)
    ):
        colors.add(by)


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
    #: A club game that changes the players' ratings (``nardy.server.ratings``).
    rated: bool = False
    #: The clock (``nardy.server.clocks``); None: no clock.
    clock: dict[str, Any] | None = None
    #: The players' account settings that change play (auto-roll, auto-play), by user.
    auto: dict[int, dict[str, bool]] = field(default_factory=dict)
    #: The members' ratings in the game's pool when it was loaded, by user (guests
    #: have none): spectators see who is the stronger (``views.players``).
    ratings: dict[int, Shown] = field(default_factory=dict)

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

    def side_of(self, color: Color) -> str | None:
        """The side (``creator``/``opponent``: the clock's, the statistics') playing
        ``color`` now; None before the toss."""
        if self.creator_now is None:
            return None
        return "creator" if color == self.creator_now else "opponent"

    def user_of_role(self, role: Role) -> int | None:
        """The user who acts in ``role`` (the creator for "both"; None for spectators
        and the computer)."""
        if role == "both":
            return self.creator_id
        if role in ("white", "black"):
            return self.user_of(role)  # type: ignore[arg-type]
        return None

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
        if self.mode in ("friend", "club") and user_id == self.opponent_id:
            return other(now)
        return "spectator"


@dataclass(frozen=True)
class Refusal:
    """The computer refused a resignation at ``level``; it would accept the levels
    ``accepts``. Shown until the game has records past ``records`` (the refusal's)."""

    level: int
    accepts: tuple[int, ...]
    records: int


def offer_entry(rec: dict[str, Any], game: Game, actor: Color) -> dict[str, Any]:
    """A cube action or resignation record, just applied to ``game``, as the move
    lists show it: who, what, the cube's value or the resignation's level and kind."""
    kind = rec["type"]
    entry: dict[str, Any] = {"color": actor, "action": kind}
    if kind == "double":
        entry["value"] = game.cube.next_value()
    elif kind in ("take", "beaver"):
        entry["value"] = game.cube.value
    elif kind == "resign":
        entry["level"] = rec["level"]
        entry["kind"] = tiers(game.variant)[rec["level"] - 1].kind
    return entry


class LiveGame:
    """One game in memory; every change happens under ``lock``."""

    def __init__(self, meta: Meta, events: list[dict[str, Any]]) -> None:
        self.meta = meta
        self.lock = asyncio.Lock()
        self.sockets: set[Any] = set()
        #: Changes to what the views show that make no event (a player's new name):
        #: the views are built once per (``seq``, ``revision``).
        self.revision = 0
        #: When the game last changed (the server's clock; loaded: as stored with the
        #: game, None only for one never loaded): an untimed tournament game's idle
        #: player is found by it.
        self.changed_at: datetime | None = None
        records = [e["data"]["record"] for e in events if e["kind"] == "record"]
        self.match = meta.new_match()
        #: Cube actions and resignations of the current game: (turns before it, entry).
        self.notes: list[tuple[int, dict[str, Any]]] = []
        #: How many finished games have had their "game-over" event.
        self.announced = sum(1 for e in events if e["kind"] == "game-over")
        self.game: Game | None = None
        #: The computer's last refusal of a resignation (kept in memory only: a
        #: reloaded game forgets it, and the player may simply offer again).
        self.refusal: Refusal | None = None
        #: Whether a tournament made the game (its round's match): it has no rematch.
        self.tournament = any(
            e["kind"] == "created" and e["data"].get("tournament") for e in events
        )
        #: The rematch after the game (``nardy.server.rematch``): the data of its last
        #: "rematch" event, or None.
        self.rematch: dict[str, Any] | None = next(
            (e["data"] for e in reversed(events) if e["kind"] == "rematch"), None
        )
        #: The players who asked for the match's next game (the "ready" events since
        #: the last game began): colour -> when (ISO time).
        self.ready: dict[str, str] = {}
        for e in events:
            self._hear_ready(e)
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
        #: The colours that made a decision of their own in the current game.
        self.acted: set[Color] = set()
        for e in events:
            acted(e, self.acted)
        #: The loss on time that ended the match (the "flag" event's data), if any.
        self.flag: dict[str, Any] | None = None
        #: The rating changes of a finished rated match, by user id (the "rating" event).
        self.rating_change: dict[int, dict[str, Any]] | None = None
        for e in events:
            if e["kind"] == "flag":
                self.flag = e["data"]
            elif e["kind"] == "rating":
                self.rating_change = {int(k): v for k, v in e["data"]["changes"].items()}
        #: The stored actions that carried a client id: (user, id) -> (first, last seq).
        self.done: dict[tuple[int | None, str], tuple[int, int]] = {}
        for e in events:
            act = e["data"].get("action") if isinstance(e["data"], dict) else None
            if isinstance(act, dict):
                self.done[(act.get("user"), act["id"])] = (e["seq"], e["seq"] + act["events"] - 1)
        self.dice = VerifiableDice(bytes.fromhex(meta.server_seed), meta.client_seed, 0)
        for _ in range(dice_count(records)):
            self.dice.die()

    def extend(self, events: list[dict[str, Any]]) -> bool:
        """Take on ``events``, the ones stored after this game's last (by another server
        process), in place and as loading the game again would: far cheaper than a
        reload, which replays every record of the match. False, and nothing changed,
        when they are not the next ones or one of them is not ``EXTENDABLE``: then the
        game must be loaded again (``GameService.catch_up`` does)."""
        if (
            self.game is None
            or not events
            or events[0]["seq"] != self.seq + 1
            or any(e["kind"] not in EXTENDABLE for e in events)
        ):
            return False
        for e in events:
            game = self.game
            assert game is not None  # (a match under way always has a current game)
            if e["kind"] == "record":
                self.steps = []  # (a play or a resignation ends the turn's checker moves)
                rec = e["data"]["record"]
                self._replay(rec)
                self.game = self.match.current
                for _ in range(dice_count([rec])):
                    self.dice.die()
            elif e["kind"] == "step":
                self.move(e["data"]["from"], e["data"]["to"])
            elif game.pending:  # an undo (one with nothing to undo is ignored, too)
                self.undo()
            act = e["data"].get("action") if isinstance(e["data"], dict) else None
            if isinstance(act, dict):
                self.done[(act.get("user"), act["id"])] = (e["seq"], e["seq"] + act["events"] - 1)
            acted(e, self.acted)
            self._hear_ready(e)
            self.seq = e["seq"]
        self.meta.white_player = self.match.whites[-1]
        return True

    def take(self, fresh: LiveGame) -> None:
        """Become ``fresh`` (the same game just loaded), keeping this object's lock and
        sockets: whoever holds this object (a game socket's handler) sees the new state
        (``GameService.catch_up``)."""
        kept = {
            "lock": self.lock,
            "sockets": self.sockets,
            "revision": self.revision + 1,
            "changed_at": self.changed_at,
        }
        self.__dict__.update(fresh.__dict__)
        self.__dict__.update(kept)

    def _hear_ready(self, e: dict[str, Any]) -> None:
        """Note a player's "ready" event; a new game of the match forgets them."""
        if e["kind"] == "ready":
            self.ready[e["by"]] = e["data"]["at"]
        elif e["kind"] == "record" and e["data"]["record"].get("type") == "game":
            self.ready = {}

    def next_game_at(self) -> datetime | None:
        """When the match's next game starts by itself: ``NEXT_GAME_WAIT`` after the
        first player asked for it (None: nobody asked, or it is not between games)."""
        if not self.ready or not self.over or self.finished:
            return None
        return min(datetime.fromisoformat(at) for at in self.ready.values()) + NEXT_GAME_WAIT

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
        by = rec.get("by")
        actor: Color = by if kind == "resign" and by in ("white", "black") else game.to_act
        game.apply(rec)
        self.note(rec, actor)

    def note(self, rec: dict[str, Any], actor: Color) -> None:
        """Remember a cube action or resignation record of the current game (just
        applied) for the move list."""
        g = self.match.current
        if rec.get("type") not in OFFER_RECORDS or g is None:
            return
        self.notes.append((len(g.turns), offer_entry(rec, g, actor)))

    def next_game(self) -> Game:
        """Start the next game of the match (after the current one is over)."""
        game = self.match.new_game()
        self.game = game
        self.notes = []
        self.steps = []
        self.ready = {}
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
        """True when the whole thing is over: the money game, or the match (also by a
        loss on time)."""
        if self.flag is not None:
            return True
        if not self.over:
            return False
        return self.meta.length == 0 or self.match.is_over

    def actor(self, role: Role) -> Color | None:
        """The colour ``role`` decides for now (to move, roll, answer a double or a
        resignation), or None when it is not this role's decision."""
        g = self.game
        if g is None or g.phase in ("opening", "over") or self.flag is not None:
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
        if g is None or self.flag is not None:
            return []
        if g.phase == "over":
            playing = role in ("white", "black", "both")
            # (asked already: his page says he waits for the other)
            asked = role in self.ready
            return ["next-game"] if playing and not self.finished and not asked else []
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
        """The score (player 0, player 1) after the finished games. A match ended by a
        flag (on time, or a forfeit) is the winner's: he gets the match's points (a
        money game: the flag's points), so the score says who won, not 0 : 0."""
        score = list(self.match.score)
        if self.flag is not None:
            won = (
                self.meta.white_player
                if self.flag["winner"] == "white"
                else 1 - self.meta.white_player
            )
            points = float(self.flag["points"])
            score[won] = max(score[won], points) if self.meta.length else score[won] + points
        return score[0], score[1]

    def score_by_color(self) -> dict[str, float]:
        """The score by the players' colours in the current game."""
        a, b = self.score()
        white = a if self.meta.white_player == 0 else b
        black = b if self.meta.white_player == 0 else a
        return {"white": white, "black": black}

    def score_winner(self) -> Color | None:
        """The colour (in the current game) of the match winner, or of the money game's
        winner; None while undecided or for a draw."""
        if self.flag is not None:
            return self.flag["winner"]  # type: ignore[no-any-return]
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
        assert self.game is not None
        return targets(self.game)

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


def targets(g: Game) -> dict[int, list[int]]:
    """For each point a checker may leave now in ``g`` (phase "move"), every point it
    can reach this turn (one die or several dice in a row), in the mover's numbering
    (the game page and the analysis board offer these)."""
    out: dict[int, set[int]] = {}
    # walked without making the moves (``Game.steps_after``: one move generation a
    # step); the root's steps, asked again for each first point, generated once
    root = g.steps_after([])

    def walk(start: int, at: int, depth: int, done: list[tuple[Move, int]]) -> None:
        for step, die in g.steps_after(done) if done else root:
            if step.frm != at or (depth and step.frm == 0):
                continue
            out.setdefault(start, set()).add(step.to)
            if step.to != 0:
                walk(start, step.to, depth + 1, [*done, (step, die)])

    for first in {s.frm for s, _ in root}:
        walk(first, first, 0, [])
    return {k: sorted(v, reverse=True) for k, v in sorted(out.items(), reverse=True)}
