"""Game analysis: the equity each checker play and cube action gave away.

Every recorded play is compared with the best play at the analysis depth (both at the
same depth); every double / take / pass with the cube decision of the same
evaluation. Marks follow gnubg's thresholds: doubtful ≥ 0.04, bad ≥ 0.08, very bad
≥ 0.16 (equity, per cube unit). Per player: the *error rate* is the mean loss per
unforced decision in millipoints (mEMG), rated on gnubg's scale.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from nardy.bots import Bot
from nardy.errors import MalformedError
from nardy.game import Game

MARKS: tuple[tuple[float, str, str], ...] = (
    (0.16, "very bad", "??"),
    (0.08, "bad", "?"),
    (0.04, "doubtful", "?!"),
)

#: gnubg's rating scale: error rate (mEMG per unforced decision) → rating (en, ru).
RATINGS: tuple[tuple[float, str, str], ...] = (
    (2.0, "Supernatural", "сверхъестественный"),
    (5.0, "World class", "мировой класс"),
    (8.0, "Expert", "эксперт"),
    (12.0, "Advanced", "сильный"),
    (18.0, "Intermediate", "средний"),
    (26.0, "Casual player", "любитель"),
    (35.0, "Beginner", "новичок"),
    (float("inf"), "Awful!", "ужасно"),
)


def mark(loss: float) -> str:
    """``very bad`` / ``bad`` / ``doubtful`` / ``""`` for an equity loss."""
    for threshold, name, _ in MARKS:
        if loss >= threshold - 1e-12:
            return name
    return ""


def rating(error_rate: float, lang: str = "en") -> str:
    """gnubg's name for an error rate (mEMG per decision)."""
    for limit, en, ru in RATINGS:
        if error_rate <= limit:
            return ru if lang == "ru" else en
    return RATINGS[-1][1]


@dataclass
class Decision:
    """One analysed decision."""

    game: int
    turn: int
    player: str  # colour
    kind: str  # "play" or "cube"
    dice: tuple[int, int] | None
    played: str
    best: str
    loss: float
    equity: float
    best_equity: float
    choices: int

    @property
    def mark(self) -> str:
        """Error mark of this decision."""
        return mark(self.loss)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "game": self.game, "turn": self.turn, "player": self.player, "kind": self.kind,
            "dice": list(self.dice) if self.dice else None, "played": self.played,
            "best": self.best, "loss": round(self.loss, 4), "equity": round(self.equity, 4),
            "best_equity": round(self.best_equity, 4), "choices": self.choices,
            "mark": self.mark,
        }


@dataclass
class PlayerSummary:
    """Totals of one player's decisions."""

    player: str
    decisions: int = 0
    unforced: int = 0
    total_loss: float = 0.0
    marks: dict[str, int] = field(
        default_factory=lambda: {"doubtful": 0, "bad": 0, "very bad": 0}
    )
    cube_errors: int = 0

    @property
    def error_rate(self) -> float:
        """Mean equity loss per unforced decision, in millipoints."""
        return 1000.0 * self.total_loss / self.unforced if self.unforced else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "player": self.player, "decisions": self.decisions, "unforced": self.unforced,
            "total_loss": round(self.total_loss, 4), "error_rate": round(self.error_rate, 2),
            "rating": rating(self.error_rate), "marks": self.marks,
            "cube_errors": self.cube_errors,
        }


@dataclass
class Analysis:
    """All decisions of a record and the per-player summaries."""

    decisions: list[Decision]
    players: dict[str, PlayerSummary]
    games: int

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games,
            "decisions": [d.as_dict() for d in self.decisions],
            "players": {k: v.as_dict() for k, v in self.players.items()},
        }


def split_games(records: Iterable[Any]) -> list[list[dict[str, Any]]]:
    """Games of a record stream: each starts at a ``setup`` record (match and game
    markers are skipped)."""
    games: list[list[dict[str, Any]]] = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or "type" not in rec:
            raise MalformedError(f"record {i}: a record is an object with a 'type'")
        if rec["type"] in ("match", "game"):
            continue
        if rec["type"] == "setup":
            games.append([rec])
        elif not games:
            raise MalformedError(f"record {i}: a game starts with a setup record")
        else:
            games[-1].append(rec)
    if not games:
        raise MalformedError("no game in the record (no setup record)")
    return games


def _may_double(game: Game) -> bool:
    why = getattr(game, "why_no_double", None)
    return why is not None and why() is None


def _cube_owner(game: Game) -> str:
    cube = getattr(game, "cube", None)
    owner = getattr(cube, "owner", None)
    if owner is None:
        return "centre"
    return "me" if owner == game.position.turn else "them"


def analyze_records(records: Sequence[Any], plies: int = 0) -> Analysis:
    """Analyse every game in ``records`` at ``plies`` (0–2)."""
    decisions: list[Decision] = []
    players = {c: PlayerSummary(c) for c in ("white", "black")}
    bots: dict[Any, Bot] = {}
    games = split_games(records)
    for gi, recs in enumerate(games):
        game = Game.replay(recs[:1])
        bot = bots.get(game.variant)
        if bot is None:
            bot = bots[game.variant] = Bot(game.variant, "advanced")
        turn = 0
        for rec in recs[1:]:
            kind = rec.get("type")
            if kind == "play" and game.phase == "move":
                turn += 1
                decisions.append(_play_decision(bot, game, rec, gi, turn, plies))
            elif kind == "roll" and game.phase == "roll" and _may_double(game):
                d = _double_decision(bot, game, gi, turn, plies, doubled=False)
                if d.loss > 0:  # a missed double
                    decisions.append(d)
            elif kind == "double" and game.phase == "roll":
                decisions.append(_double_decision(bot, game, gi, turn, plies, doubled=True))
            elif kind in ("take", "pass", "beaver") and game.phase == "cube":
                decisions.append(_take_decision(bot, game, kind, gi, turn, plies))
            game.apply(rec)
    for d in decisions:
        s = players[d.player]
        s.decisions += 1
        if d.choices > 1:
            s.unforced += 1
            s.total_loss += d.loss
        if d.mark:
            s.marks[d.mark] += 1
            if d.kind == "cube":
                s.cube_errors += 1
    return Analysis(decisions, players, len(games))


def _play_decision(bot: Bot, game: Game, rec: dict[str, Any], gi: int, turn: int,
                   plies: int) -> Decision:
    legal = game.legal_plays()
    played = legal.find(rec.get("play", ""))
    ranked = bot.search.rank(game.position, game.dice, plies)  # type: ignore[arg-type]
    best = ranked[0]
    mine = next(r for r in ranked if r.play.result == played.result)
    if mine.plies != best.plies and played.result is not None:
        mine_probs = bot.search.value(played.result, best.plies)
        from nardy.eval import invert

        mine_eq = float(bot.search.equity(invert(mine_probs[None, :]))[0])
    else:
        mine_eq = mine.equity
    loss = max(0.0, best.equity - mine_eq)
    return Decision(gi, turn, game.position.turn, "play", game.dice, str(played),
                    str(best.play), loss, mine_eq, best.equity, len(ranked))


def _double_decision(bot: Bot, game: Game, gi: int, turn: int, plies: int,
                     doubled: bool) -> Decision:
    d = bot.cube(game.position, _cube_owner(game), plies)
    after = min(d.double_take, d.double_pass)
    best = max(after, d.no_double)
    got = after if doubled else d.no_double
    value = getattr(getattr(game, "cube", None), "value", 1)
    return Decision(gi, turn, game.position.turn, "cube", None,
                    "double" if doubled else "no-double", d.action,
                    (best - got) * value, got * value, best * value, 2)


def _take_decision(bot: Bot, game: Game, kind: str, gi: int, turn: int,
                   plies: int) -> Decision:
    cube = getattr(game, "cube", None)
    doubler = getattr(cube, "offered_by", None) or game.position.turn
    pos = game.position if game.position.turn == doubler else game.position.swap()
    owner_before = getattr(cube, "owner", None)
    owner = "centre" if owner_before is None else ("me" if owner_before == doubler else "them")
    d = bot.cube(pos, owner, plies)
    # taker's equities (per cube before the double): −DT for take/beaver, −1 for pass
    take_eq, pass_eq = -d.double_take, -d.double_pass
    best = max(take_eq, pass_eq)
    got = pass_eq if kind == "pass" else take_eq
    value = getattr(cube, "value", 1)
    taker = "white" if doubler == "black" else "black"
    return Decision(gi, turn, taker, "cube", None, kind, d.take,
                    (best - got) * value, got * value, best * value, 2)
