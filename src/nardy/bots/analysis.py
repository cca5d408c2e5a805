"""Game and match analysis: the equity each checker play and cube action gave away.

Every recorded play is compared with the best play at the analysis depth (both at the
same depth); every double / take / pass with the cube decision of the same
evaluation. Money games are judged by cubeless money equity (single games only when
gammons do not count); a match log's games by match equity at their score,
in money-equivalent units. Marks follow gnubg's thresholds: doubtful ≥ 0.04, bad ≥ 0.08, very bad
≥ 0.16 (equity, per cube unit). Per player: the *error rate* is the mean loss per
unforced decision in millipoints (mEMG), rated on gnubg's scale.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from nardy.bots import Bot, game_objective
from nardy.bots.cube import Owner
from nardy.bots.segments import plain_roll
from nardy.bots.verdict import Away, cube_verdict
from nardy.errors import MalformedError
from nardy.eval import invert
from nardy.game import OFFER_RECORDS, Game
from nardy.i18n import register, t
from nardy.position import Position
from nardy.variants import Variant

MARKS: tuple[tuple[float, str, str], ...] = (
    (0.16, "very bad", "??"),
    (0.08, "bad", "?"),
    (0.04, "doubtful", "?!"),
)

#: gnubg's rating scale: error rate (mEMG per unforced decision) → rating code; the
#: names are ``rating.<code>`` in the catalogue (the web reads the same table).
RATINGS: tuple[tuple[float, str], ...] = (
    (2.0, "supernatural"),
    (5.0, "world-class"),
    (8.0, "expert"),
    (12.0, "advanced"),
    (18.0, "intermediate"),
    (26.0, "casual"),
    (35.0, "beginner"),
    (float("inf"), "awful"),
)

register(
    {
        "rating.supernatural": {"en": "Supernatural", "ru": "феноменальный"},
        "rating.world-class": {"en": "World class", "ru": "мировой класс"},
        "rating.expert": {"en": "Expert", "ru": "эксперт"},
        "rating.advanced": {"en": "Advanced", "ru": "сильный"},
        "rating.intermediate": {"en": "Intermediate", "ru": "средний"},
        "rating.casual": {"en": "Casual player", "ru": "любитель"},
        "rating.beginner": {"en": "Beginner", "ru": "новичок"},
        "rating.awful": {"en": "Awful!", "ru": "ужасно"},
        "mark.doubtful": {"en": "doubtful", "ru": "сомнительно"},
        "mark.bad": {"en": "bad", "ru": "плохо"},
        "mark.very bad": {"en": "very bad", "ru": "очень плохо"},
    }
)


def mark(loss: float) -> str:
    """``very bad`` / ``bad`` / ``doubtful`` / ``""`` for an equity loss."""
    for threshold, name, _ in MARKS:
        if loss >= threshold - 1e-12:
            return name
    return ""


def rating_code(error_rate: float) -> str:
    """gnubg's rating of an error rate (mEMG per decision), as a code."""
    for limit, code in RATINGS:
        if error_rate <= limit:
            return code
    return RATINGS[-1][1]


def rating(error_rate: float, lang: str = "en") -> str:
    """gnubg's name for an error rate (mEMG per decision) in ``lang``."""
    return t(f"rating.{rating_code(error_rate)}", lang)


@dataclass
class Decision:
    """One analysed decision."""

    game: int
    turn: int
    player: str  # colour
    kind: str  # "play" or "cube"
    #: the dice played: a segment's own (a crazy sequence's higher double, the
    #: passed moves of gulbara), as the replay's steps name them
    dice: tuple[int, ...] | None
    played: str
    best: str
    loss: float
    equity: float
    best_equity: float
    choices: int
    color: str = ""  # the colour that decided (``player`` is its label: colour or name)
    plies: int = 0  # the depth that judged it (``analyze_records``'s ``confirm``)
    #: In a match: the mover's match equity after the play (2·MWC − 1 at the score),
    #: the one scale a match's graph can share across its games and cubes (``equity``
    #: is in money-equivalent units, whose size changes with the score and the cube).
    match_equity: float | None = None
    #: Its number in the game's move list (1-based over the turns, no-move rolls and
    #: passed moves included, and the cube actions and resignations): the number the
    #: game page's list and the replay's counter give it (``turn`` counts plays only).
    entry: int = 0

    @property
    def mark(self) -> str:
        """Error mark of this decision."""
        return mark(self.loss)

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "game": self.game,
            "turn": self.turn,
            "entry": self.entry,
            "player": self.player,
            "kind": self.kind,
            "dice": list(self.dice) if self.dice else None,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 4),
            "equity": round(self.equity, 4),
            "best_equity": round(self.best_equity, 4),
            "choices": self.choices,
            "mark": self.mark,
            "color": self.color or self.player,
            "plies": self.plies,
            "match_equity": None if self.match_equity is None else round(self.match_equity, 4),
        }


@dataclass
class PlayerSummary:
    """Totals of one player's decisions."""

    player: str
    decisions: int = 0
    unforced: int = 0
    total_loss: float = 0.0
    marks: dict[str, int] = field(default_factory=lambda: {"doubtful": 0, "bad": 0, "very bad": 0})
    cube_errors: int = 0

    @property
    def error_rate(self) -> float:
        """Mean equity loss per unforced decision, in millipoints."""
        return 1000.0 * self.total_loss / self.unforced if self.unforced else 0.0

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "player": self.player,
            "decisions": self.decisions,
            "unforced": self.unforced,
            "total_loss": round(self.total_loss, 4),
            "error_rate": round(self.error_rate, 2),
            "rating": rating(self.error_rate),
            "rating_code": rating_code(self.error_rate),
            "marks": self.marks,
            "cube_errors": self.cube_errors,
        }


@dataclass
class Analysis:
    """All decisions of a record and the per-player summaries."""

    decisions: list[Decision]
    players: dict[str, PlayerSummary]
    games: int

    @property
    def graph_unit(self) -> str:
        """The graph's scale: ``match`` (White's match equity, 2·MWC − 1) for a match
        log, else ``money`` (White's equity in points)."""
        plays = [d for d in self.decisions if d.kind == "play"]
        return "match" if plays and all(d.match_equity is not None for d in plays) else "money"

    def graph(self) -> list[dict[str, Any]]:
        """Per checker play: its game, turn, the colour that played, the loss and
        White's equity after it (the game's course, for equity graphs): in a match his
        match equity, so that the games of the match share one scale."""
        match = self.graph_unit == "match"
        out = []
        for d in self.decisions:
            if d.kind != "play":
                continue
            value = d.match_equity if match and d.match_equity is not None else d.equity
            out.append(
                {
                    "game": d.game,
                    "turn": d.turn,
                    "color": d.color,
                    "loss": round(d.loss, 4),
                    "white": round(value if d.color == "white" else -value, 4),
                }
            )
        return out

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "games": self.games,
            "decisions": [d.as_dict() for d in self.decisions],
            "players": {k: v.as_dict() for k, v in self.players.items()},
            "graph": self.graph(),
            "graph_unit": self.graph_unit,
        }


def split_games(records: Iterable[Any]) -> list[list[dict[str, Any]]]:
    """Games of a record stream: each starts at a ``setup`` record (match and game
    markers are skipped)."""
    games: list[list[dict[str, Any]]] = []
    for i, rec in enumerate(records):
        if not isinstance(rec, dict) or "type" not in rec:
            raise MalformedError("review-record-not-object", index=i)
        if rec["type"] in ("match", "game"):
            continue
        if rec["type"] == "setup":
            games.append([rec])
        elif not games:
            raise MalformedError("review-no-setup", index=i)
        else:
            games[-1].append(rec)
    if not games:
        raise MalformedError("review-no-game")
    return games


def _may_double(game: Game) -> bool:
    why = getattr(game, "why_no_double", None)
    return why is not None and why() is None


def _cube_owner(game: Game) -> Owner:
    cube = getattr(game, "cube", None)
    owner = getattr(cube, "owner", None)
    if owner is None:
        return "centre"
    return "me" if owner == game.position.turn else "them"


@dataclass
class _Scoring:
    """What one game of a record is played for: the match score of each colour (None in
    money play) and the labels its decisions are summed under (colours, or the match's
    player names)."""

    labels: dict[str, str]
    away: dict[str, tuple[int, int]] | None = None
    crawford_rule: bool = True

    def objective(self, game: Game, color: str) -> tuple[Any, float] | None:
        """The checker-play objective of ``color`` (``game_objective``)."""
        away = self.away[color] if self.away else None
        return game_objective(
            game.variant,
            game.cube.value,
            game.cube.gammons_count,
            away,
            crawford_rule=self.crawford_rule,
        )


def _scorings(records: Sequence[Any], count: int) -> list[_Scoring]:
    """Per game: the match score and player names when the record is a match log."""
    colors = {"white": "white", "black": "black"}
    if not records or not isinstance(records[0], dict) or records[0].get("type") != "match":
        return [_Scoring(colors) for _ in range(count)]
    from nardy.match import Match, MatchReplayError

    try:
        match = Match.replay(records)
    except MatchReplayError as exc:
        bad = MalformedError("review-record-bad", index=exc.index, detail=exc.reason)
        bad.code = exc.code  # the specific code is the record's error's
        raise bad from exc
    names = list(match.players)
    if names[0] == names[1]:
        names = [f"{names[0]} (1)", f"{names[1]} (2)"]
    out = []
    for gi in range(len(match.games)):
        labels = {c: names[match.player_of(gi, c)] for c in ("white", "black")}
        if match.money:
            out.append(_Scoring(labels))
            continue
        score = match.score_before(gi)
        away = {}
        for c in ("white", "black"):
            me = match.player_of(gi, c)
            away[c] = (int(match.length - score[me]), int(match.length - score[1 - me]))
        out.append(_Scoring(labels, away, match.crawford_rule))
    return out


def analyze_records(records: Sequence[Any], plies: int = 0, confirm: int | None = None) -> Analysis:
    """Analyse every game in ``records`` at ``plies`` (0–2). In a match log every
    decision is judged at its match score (Kazaross-XG2 match equity, losses scaled to
    money-equivalent units: a single game's swing at the cube counts 2, as in money
    play) and the summaries are per player name; otherwise by cubeless money equity,
    per colour.

    ``confirm``: a deeper depth at which a play marked an error is judged again, the
    verdict kept (its ``plies`` say so). The club's hint looks a roll ahead and its
    review does not: without this, the play the hint recommended could be marked
    "doubtful" by the review of the same game. Only the few marked plays cost the
    deeper search."""
    decisions: list[Decision] = []
    bots: dict[Any, Bot] = {}
    games = split_games(records)
    scorings = _scorings(records, len(games))
    players = {label: PlayerSummary(label) for sc in scorings for label in sc.labels.values()}
    for gi, recs in enumerate(games):
        game = Game.replay(recs[:1])
        sc = scorings[gi] if gi < len(scorings) else _Scoring({"white": "white", "black": "black"})
        bot = bots.get(game.variant)
        if bot is None:
            bot = bots[game.variant] = Bot(game.variant, "advanced")
        turn = offers = 0
        for rec in recs[1:]:
            kind = rec.get("type")
            found: Decision | None = None
            if kind == "play" and game.phase == "move":
                turn += 1
                found = _play_decision(bot, game, rec, gi, turn, plies, sc)
                if found.mark and confirm is not None and confirm > plies:
                    found = _play_decision(bot, game, rec, gi, turn, confirm, sc)
                    found.plies = confirm
            elif kind == "roll" and game.phase == "roll" and _may_double(game):
                d = _double_decision(bot, game, gi, turn, plies, False, sc)
                if d.loss > 0:  # a missed double
                    found = d
            elif kind == "double" and game.phase == "roll":
                found = _double_decision(bot, game, gi, turn, plies, True, sc)
            elif kind in ("take", "pass", "beaver") and game.phase == "cube":
                found = _take_decision(bot, game, kind, gi, turn, plies, sc)
            seen = len(game.turns)
            game.apply(rec)
            offers += kind in OFFER_RECORDS
            if found is not None:
                found.color, found.player = found.player, sc.labels[found.player]
                found.entry = _entry(game, seen, offers, found.kind == "play")
                decisions.append(found)
    for d in decisions:
        s = players.setdefault(d.player, PlayerSummary(d.player))
        s.decisions += 1
        if d.choices > 1:
            s.unforced += 1
            s.total_loss += d.loss
        if d.mark:
            s.marks[d.mark] += 1
            if d.kind == "cube":
                s.cube_errors += 1
    return Analysis(decisions, players, len(games))


def _entry(game: Game, seen: int, offers: int, play: bool) -> int:
    """The move-list number of a decision whose record was just applied to ``game``
    (``seen``: its turns before; ``offers``: the cube actions and resignations so far,
    this one's included): a play's own turn (the first with checker moves); a cube
    action's own entry (it adds no turn); a missed double's, the entry before the roll
    it was missed at (the position it was missed in)."""
    if not play:
        return offers + seen
    made = game.turns[seen:]
    return offers + seen + 1 + next((i for i, t in enumerate(made) if t.play.moves), 0)


def _play_decision(
    bot: Bot, game: Game, rec: dict[str, Any], gi: int, turn: int, plies: int, sc: _Scoring
) -> Decision:
    """The played play against the best at ``plies``: a plain roll through the
    search's filtered ranking; a segment of the §5 variants (a crazy sequence's higher
    double, passed moves) — or a roll whose plays the rule options change — by every
    play's value at ``plies``."""
    legal = game.legal_plays()
    played = legal.find(rec.get("play", ""))
    objective = sc.objective(game, game.position.turn)
    judge = bot.playing_for(objective)
    unit = 1.0 if objective is None else 2.0 / float(objective[0][0])  # money-equivalent
    roll = plain_roll(game)
    ranked = judge.search.rank(game.position, roll, plies) if roll is not None else []
    mine = next((r for r in ranked if r.play.result == played.result), None)
    if mine is None:  # not a plain roll: value each of the segment's plays
        plays = list(legal)
        values = np.stack([judge.search.value(p.after, plies) for p in plays])
        equities = judge.search.equity(invert(values))  # for the mover
        top = int(np.argmax(equities))
        mine_eq = float(equities[next(i for i, p in enumerate(plays) if p.result == played.result)])
        best_eq, best_text, choices = float(equities[top]), str(plays[top]), len(plays)
    else:
        best = ranked[0]
        if mine.plies != best.plies:
            mine_probs = judge.search.value(played.after, best.plies)
            mine_eq = float(judge.search.equity(invert(mine_probs[None, :]))[0])
        else:
            mine_eq = mine.equity
        best_eq, best_text, choices = best.equity, str(best.play), len(ranked)
    loss = max(0.0, best_eq - mine_eq) * unit
    return Decision(
        gi,
        turn,
        game.position.turn,
        "play",
        game.segment.dice if game.segment is not None else game.dice,
        str(played),
        best_text,
        loss,
        mine_eq * unit,
        best_eq * unit,
        choices,
        plies=plies,
        match_equity=mine_eq if sc.away is not None else None,
    )


def _cube_view(
    bot: Bot,
    game: Game,
    doubler_pos: Position,
    owner: Owner,
    plies: int,
    sc: _Scoring,
    doubler: str,
) -> tuple[float, float, float, str, str]:
    """(no double, double/take, double/pass) per cube unit in money-equivalent equity
    for the doubler, and the best action and answer: money play from the bot's cube
    logic, a match at the doubler's score from the match equity table."""
    if not sc.away:
        d = bot.cube(doubler_pos, owner, plies)
        return d.no_double, d.double_take, d.double_pass, d.action, d.take
    value = game.cube.value
    me, them = sc.away[doubler]
    probs = bot.evaluate([doubler_pos], plies)[0]
    away = Away(me, them, sc.crawford_rule, bool(game.cube.crawford))
    action, take, eq = cube_verdict(probs, game.variant, owner, value, away, doubler_pos)
    nd, dt, dp = cube_figures(eq, game.variant, away, value)
    # (per unit of the first cube: a decision's figures are these times the cube)
    return nd / value, dt / value, dp / value, action, take


def normalised(equity: float, objective: tuple[np.ndarray, float]) -> float:
    """A match equity (2·MWC − 1) as normalised equity at the cube ``objective``
    (``match_objective``) is for: −1 a single game lost, +1 one won, the
    money-equivalent scale of gnubg's EMG and XG's cube figures (a pass is +1.000 to the
    doubler at any score, where 2·MWC − 1 shifts and shrinks with the score)."""
    weights, lost = objective
    return 2.0 * (equity - lost) / float(weights[0]) - 1.0


def cube_figures(
    equities: dict[str, float], variant: Variant, away: Away | None, value: int
) -> tuple[float, float, float]:
    """The doubler's no double, double/take and double/pass of ``cube_verdict`` in
    normalised equity per unit of the cube (``value``): money play's as they are, a
    match's (2·MWC − 1 at the score ``away``) by ``normalised``. The review and the
    hints say these."""
    keys = ("no_double", "double_take", "double_pass")
    if away is None:
        nd, dt, dp = (equities[k] for k in keys)
        return nd, dt, dp
    from nardy.eval.match import match_objective

    objective = match_objective(
        away.me, away.them, value, variant, crawford_rule=away.crawford_rule
    )
    nd, dt, dp = (normalised(equities[k], objective) for k in keys)
    return nd, dt, dp


def _double_decision(
    bot: Bot, game: Game, gi: int, turn: int, plies: int, doubled: bool, sc: _Scoring
) -> Decision:
    me = game.position.turn
    nd, dt, dp, action, _ = _cube_view(bot, game, game.position, _cube_owner(game), plies, sc, me)
    after = min(dt, dp)
    best = max(after, nd)
    got = after if doubled else nd
    value = game.cube.value
    return Decision(
        gi,
        turn,
        me,
        "cube",
        None,
        "double" if doubled else "no-double",
        action,
        (best - got) * value,
        got * value,
        best * value,
        2,
        plies=plies,
    )


def _take_decision(
    bot: Bot, game: Game, kind: str, gi: int, turn: int, plies: int, sc: _Scoring
) -> Decision:
    cube = game.cube
    doubler = cube.offered_by or game.position.turn
    pos = game.position if game.position.turn == doubler else game.position.swap()
    owner: Owner = "centre" if cube.owner is None else ("me" if cube.owner == doubler else "them")
    _, dt, dp, _, answer = _cube_view(bot, game, pos, owner, plies, sc, doubler)
    # taker's equities (per cube before the double): −DT for take/beaver, −DP for pass
    take_eq, pass_eq = -dt, -dp
    best = max(take_eq, pass_eq)
    got = pass_eq if kind == "pass" else take_eq
    value = cube.value
    taker = "white" if doubler == "black" else "black"
    return Decision(
        gi,
        turn,
        taker,
        "cube",
        None,
        kind,
        answer,
        (best - got) * value,
        got * value,
        best * value,
        2,
        plies=plies,
    )
