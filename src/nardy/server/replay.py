"""A game stepped through on the board: every play, cube action and resignation of
every game of a match, each with the board after it, rebuilt from the stored records
by the rules engine (``Game.apply``), as the replay page and the review draw them.

Only what has been recorded is replayed: the moves of a turn not yet confirmed and
dice not yet rolled are not records, so a running game's replay holds nothing that its
watchers may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nardy.errors import NardyError
from nardy.game import OFFER_RECORDS, Game, Turn
from nardy.notation.position_id import encode_id
from nardy.plays import Move, legal_plays
from nardy.position import BAR, OFF, Color, Position, pip_count
from nardy.server.live import LiveGame, offer_entry
from nardy.server.views import board_view, players


def view_point(p: int, mover: Color, view: Color, mapping: tuple[int, ...]) -> int:
    """Point ``p`` of ``mover``'s numbering in ``view``'s numbering (the bar 25 and
    off 0 stay: the board draws each side's bar and tray itself)."""
    if p in (BAR, OFF) or mover == view:
        return p
    return mapping[p]


def moves_view(
    moves: tuple[Move, ...], mover: Color, view: Color, mapping: tuple[int, ...]
) -> list[dict[str, Any]]:
    """A play's checker moves as the board draws them (``view``'s numbering)."""
    return [
        {
            "from": view_point(m.frm, mover, view, mapping),
            "to": view_point(m.to, mover, view, mapping),
            "hit": m.hit,
        }
        for m in moves
    ]


@dataclass
class _Walk:
    """One game being stepped through, and the review's decisions of it still to
    place: (index in the review, the decision), in the order they were made."""

    index: int
    view: Color
    score: dict[str, float]
    length: int
    decisions: list[tuple[int, dict[str, Any]]]
    steps: list[dict[str, Any]]

    def step(self, game: Game, position: Position, kind: str, **extra: Any) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.index,
            "kind": kind,
            "view": self.view,
            "board": board_view(game.variant.mapping, position, self.view),
            "pips": {c: pip_count(position.side(c)) for c in ("white", "black")},
            "cube": {
                "enabled": game.cube.rules.enabled,
                "value": game.cube.value,
                "owner": game.cube.owner,
                "offered_by": game.cube.offered_by if game.phase == "cube" else None,
                "next": game.cube.next_value(),
                "crawford": game.cube.crawford,
            },
            "score": self.score,
            "length": self.length,
            "review": [],
            **extra,
        }
        self.steps.append(out)
        return out

    def judged(self, turn: int, played: str | None) -> tuple[int, dict[str, Any]] | None:
        """The next decision of the review when it judges this record: a play (the
        game's ``turn``-th), or the cube action ``played`` after ``turn`` plays."""
        if not self.decisions:
            return None
        i, d = self.decisions[0]
        fits = (
            d["turn"] == turn and d["kind"] == "play"
            if played is None
            else d["turn"] == turn and d["kind"] == "cube" and d["played"] == played
        )
        if not fits:
            return None
        self.decisions.pop(0)
        return i, d


def game_steps(records: list[dict[str, Any]], walk: _Walk, family: str) -> None:
    """Append the steps of one game (its records: setup first) to ``walk``; each step
    lists the review's decisions made on it (a missed double: on the step before the
    roll, where it was missed)."""
    game = Game.replay(records[:1])
    walk.step(game, game.position, "start", to_act=None)
    plays = 0
    for rec in records[1:]:
        kind = rec.get("type")
        if kind == "roll":
            missed = walk.judged(plays, "no-double")
            if missed is not None:
                walk.steps[-1]["review"].append({"decision": missed[0]})
        judged = walk.judged(plays + 1, None) if kind == "play" else None
        if kind in OFFER_RECORDS:
            judged = walk.judged(plays, str(kind))
        before = game.position  # the mover's view, with the first-turn flags (L-HEAD-2)
        seen = len(game.turns)
        actor: Color = game.to_act
        if kind == "resign" and rec.get("by") in ("white", "black"):
            actor = rec["by"]
        game.apply(rec)
        for t in game.turns[seen:]:
            if t.play.moves:
                plays += 1
            mover = before if before.turn == t.color else before.swap()
            _play_step(walk, game, t, mover, plays, family, judged if t.play.moves else None)
            before = t.play.result or before.swap()
        # whose turn it is after each play: the next segment's owner (the same side
        # again in a crazy sequence), or after the record whoever the game says
        made = walk.steps[len(walk.steps) - (len(game.turns) - seen) :]
        for st, nxt in zip(made, game.turns[seen + 1 :], strict=False):
            st["to_act"] = nxt.color
        if made:
            made[-1]["to_act"] = game.to_act if game.phase not in ("over", "opening") else None
        if kind in OFFER_RECORDS:
            entry = {**offer_entry(rec, game, actor), "turn": plays}
            if kind == "resign":
                entry["resign"] = entry.pop("kind")
            step = walk.step(game, game.pending_position, "action", **entry)
            if judged is not None:
                step["review"].append({"decision": judged[0]})
    last = walk.steps[-1]
    last["to_act"] = game.to_act if game.phase not in ("over", "opening") else None
    if game.outcome is not None:
        o = game.outcome
        last["outcome"] = {"winner": o.winner, "kind": o.kind, "value": o.value}


def _play_step(
    walk: _Walk,
    game: Game,
    turn: Turn,
    before: Position,
    plays: int,
    family: str,
    judged: tuple[int, dict[str, Any]] | None,
) -> None:
    """The step of one turn's play; ``before`` is the position it was played in (the
    mover's view)."""
    mapping = game.variant.mapping
    after = turn.play.result if turn.play.moves else before.swap()
    assert after is not None
    step = walk.step(
        game,
        after,
        "play",
        color=turn.color,
        dice=list(turn.dice),
        play=turn.play.text,
        moves=moves_view(turn.play.moves, turn.color, walk.view, mapping),
        turn=plays if turn.play.moves else None,
        # the decision, for the review and the analysis board: the position before it
        # (its board is the step before's)
        before={"id": _position_id(family, before), "turn": turn.color},
    )
    if judged is None:
        return
    i, d = judged
    note: dict[str, Any] = {"decision": i}
    try:
        best = legal_plays(game.variant, before, turn.dice).find(str(d["best"]))
    except NardyError:
        pass  # (the review names a play of this very position: it is always found)
    else:
        note["best_moves"] = moves_view(best.moves, turn.color, walk.view, mapping)
    step["review"].append(note)


def _position_id(family: str, position: Position) -> str | None:
    try:
        return encode_id(family, position)
    except NardyError:  # (a long-nardy position never has a bar: none to encode)
        return None


def steps(
    live: LiveGame, user_id: int | None, review: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Every step of every game of ``live`` (call under its lock), the board seen from
    the side ``user_id`` played in each game (White for watchers); with the finished
    game's ``review`` (``nardy.server.review``), each step lists its decisions."""
    m = live.match
    meta = live.meta
    player = _player(live, user_id)
    family = meta.variant_obj().family
    decisions: list[dict[str, Any]] = review["decisions"] if review else []
    out: list[dict[str, Any]] = []
    for gi, game in enumerate(m.games):
        white = m.whites[gi]
        view: Color = "white" if player is None or player == white else "black"
        a, b = m.score_before(gi)
        score = {"white": a if white == 0 else b, "black": b if white == 0 else a}
        mine = [(i, d) for i, d in enumerate(decisions) if d["game"] == gi]
        walk = _Walk(gi, view, score, meta.length, mine, out)
        game_steps(game.records, walk, family)
        ended = game.outcome is not None or (gi == len(m.games) - 1 and live.finished)
        if ended:
            # (a finished game's last step says the score it left, not the one it
            # started at: the match's last game's is the final score, a flag's too)
            a, b = m.score_before(gi + 1) if gi + 1 < len(m.games) else live.score()
            out[-1]["score_after"] = {
                "white": a if white == 0 else b,
                "black": b if white == 0 else a,
            }
    last_over = bool(m.games) and m.games[-1].outcome is not None
    return {
        "id": meta.id,
        "variant": meta.variant,
        "family": family,
        "length": meta.length,
        "games": len(m.games),
        "over": live.finished,
        # whether a game is being played now (its last step is not its end): a match
        # between two games is not over, yet none of its games is running
        "running": bool(m.games) and not live.finished and not last_over,
        # who played (by player number: "whites" says which plays White in each game),
        # when the game last changed (its end, once over) and how it ended: the page's
        # header
        "players": _players(live),
        "whites": list(m.whites),
        "at": live.changed_at.isoformat() if live.changed_at is not None else None,
        "result": _result(live),
        "steps": out,
    }


def _players(live: LiveGame) -> list[dict[str, Any] | None]:
    """Players 0 and 1 as the game page names them (``views.players``, by colour in the
    current game, turned to player numbers): a name (a guest's default one, "Guest-7",
    said in the reader's language by the page), or the computer with its level; None
    before the toss and for a game on one device (its two sides are the same person,
    named by colour)."""
    if live.meta.mode == "local":
        return [None, None]
    by_color = players(live)
    white = live.meta.white_player
    out: list[dict[str, Any] | None] = [None, None]
    out[white], out[1 - white] = by_color["white"], by_color["black"]
    return out


def _result(live: LiveGame) -> dict[str, Any] | None:
    """How the finished game or match ended: the winning player (0, 1; None: a draw),
    the last game's kind and why it ended ("bear-off", "resign", "drop", "time"...),
    and the final score by player; None while it is played."""
    if not live.finished:
        return None
    m = live.match
    a, b = live.score()
    score = [a, b]
    if live.flag is not None:
        f = live.flag
        white = live.meta.white_player
        won = white if f["winner"] == "white" else 1 - white
        reason = f.get("reason", "time")
        return {"winner": won, "kind": reason, "reason": reason, "score": score}
    last = m.games[-1] if m.games else None
    o = last.outcome if last is not None else None
    if o is None:
        return None
    winner: int | None
    if live.meta.length:
        winner = m.winner
    else:
        winner = None if o.winner is None else m.player_of(len(m.games) - 1, o.winner)
    return {"winner": winner, "kind": o.kind, "reason": o.reason, "score": score}


def _player(live: LiveGame, user_id: int | None) -> int | None:
    """The player (0, 1) ``user_id`` is in the match, None for watchers and for a
    game on one device."""
    meta = live.meta
    creator = meta.creator_player
    if user_id is None or creator is None or meta.mode == "local":
        return None
    if user_id == meta.creator_id:
        return creator
    if meta.mode in ("friend", "club") and user_id == meta.opponent_id:
        return 1 - creator
    return None
