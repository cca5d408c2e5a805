"""The per-role views of a live game: everything a client in one role may see, as JSON
(``state``), and a cache that builds each view once per (game, event number, role)
however many clients ask for it.

Views are built under the game's lock (``LiveGame.lock``): building one walks the legal
moves on the game itself (``LiveGame.targets``), which must not run while a change is
being applied in a worker thread.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from nardy.dicecheck import SCHEME
from nardy.game import Game
from nardy.i18n import t as say
from nardy.outcome import per_checker_count, resignation, tiers
from nardy.plays import Move
from nardy.position import BAR, OFF, Color, Position, other, pip_count
from nardy.server import clocks
from nardy.server.db import now
from nardy.server.game_specs import hints_refused
from nardy.server.jsontext import encode
from nardy.server.live import LiveGame, Role
from nardy.step_reasons import die_reason

T = TypeVar("T")

#: What one view depends on besides the game: the role, and for the creator of a friend
#: game the base URL of his invitation link.
ViewKey = tuple[Role, str | None]


class Views:
    """The views of the live games, each built once per event number (``LiveGame.seq``):
    the broadcast of an action and the acting player's reply share them."""

    def __init__(self, clock: Callable[[], datetime] = now) -> None:
        #: The time the clocks are shown at (the game service's, injectable).
        self.clock = clock
        self._cache: weakref.WeakKeyDictionary[
            LiveGame, tuple[tuple[int, int], dict[ViewKey, Any]]
        ] = weakref.WeakKeyDictionary()

    def key(self, live: LiveGame, user_id: int | None, base_url: str) -> ViewKey:
        """The cache key of ``user_id``'s view (only the invitation link is personal)."""
        m = live.meta
        owner = m.invite_token is not None and m.mode == "friend" and user_id == m.creator_id
        return (m.role_of(user_id), base_url if owner else None)

    def memo(self, live: LiveGame, key: Any, build: Any) -> Any:
        """``build()`` once per (game, event number, revision, ``key``)."""
        built, views = self._cache.get(live, ((-1, -1), {}))
        if built != (live.seq, live.revision):
            views = {}
            self._cache[live] = ((live.seq, live.revision), views)
        if key not in views:
            views[key] = build()
        return views[key]

    def state(self, live: LiveGame, user_id: int | None, base_url: str) -> dict[str, Any]:
        """``user_id``'s view of the game now (call under ``live.lock``)."""
        key = self.key(live, user_id, base_url)
        view: dict[str, Any] = self.memo(
            live, ("state", key), lambda: state(live, key[0], user_id, base_url)
        )
        if live.meta.clock is not None:  # the clock is read now, not when first built
            view = {**view, "clock": clock_view(live, self.clock())}
        starts = live.next_game_at()
        if starts is not None:  # (its seconds left read now, too)
            left = max(0.0, (starts - self.clock()).total_seconds())
            view = {**view, "next_game": {"ready": sorted(live.ready), "in": left}}
        return view


def clock_view(live: LiveGame, at: datetime) -> dict[str, Any] | None:
    """The game's clock at ``at`` (``nardy.server.clocks.view``), by colour."""
    m = live.meta
    if m.clock is None or m.creator_now is None:
        return None
    opp: Color = other(m.creator_now)
    return clocks.view(m.clock, {"creator": m.creator_now, "opponent": opp}, at)


def rating_change(live: LiveGame) -> dict[str, Any] | None:
    """Each colour's rating change once a rated match is over."""
    changes = live.rating_change
    if not changes:
        return None
    out: dict[str, Any] = {}
    for color in ("white", "black"):
        uid = live.meta.user_of(color)
        if uid is not None and uid in changes:
            out[color] = changes[uid]
    return out


def view_color(live: LiveGame, role: Role) -> Color:
    """Whose side the board is drawn from for ``role``."""
    if role in ("white", "black"):
        return role  # type: ignore[return-value]
    if role == "both" and live.game is not None:
        return live.game.to_act
    return "white"


def state(live: LiveGame, role: Role, user_id: int | None, base_url: str) -> dict[str, Any]:
    """Everything a client in ``role`` may see, as JSON."""
    m = live.meta
    g = live.game
    view = view_color(live, role)
    out: dict[str, Any] = {
        "id": m.id,
        "seq": live.seq,
        "variant": m.variant,
        "mode": m.mode,
        "level": m.level,
        "status": m.status,
        "role": role,
        "view": view,
        "players": players(live),
        "dice_info": {
            "scheme": SCHEME,
            "commitment": m.commitment,
            "client_seed": m.client_seed,
            "server_seed": m.server_seed if live.finished else None,
        },
        "match": match_view(live),
        "rematch": rematch_view(live),
        "tournament": live.tournament,
        "rated": m.rated,
        "hints": hints_refused(m.mode, live.tournament) is None,
        # (C-2: the scheme the game is scored by: the variant's own, khachapuri's per
        # checker, or the one the new-game form chose)
        "scoring": live.match.variant.scoring,
        "rating_change": rating_change(live),
        "clock": None,
        # who asked for the match's next game, and the seconds before it starts anyway
        "next_game": None,
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
            dice_left=None,
            segment_dice=None,
            segment_kind=None,
            pending_steps=[],
            resign_refused=None,
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
        history=history(live, view),
        dice_left=g.dice_left if g.phase == "move" else None,
        segment_dice=list(g.segment.dice) if g.phase == "move" and g.segment else None,
        # what the dice being played are: the roll, a sequence's next double, or the
        # moves the opponent could not play (V-CRAZY, V-GUL): the page says which
        segment_kind=g.segment.kind if g.phase == "move" and g.segment else None,
        pending_steps=(
            play_steps(g.pending, g.variant.mapping, g.turn == view) if g.phase == "move" else []
        ),
        resign_refused=refusal_view(live),
        outcome=None,
        legal=None,
        actions=live.actions(role),
        cube=cube_view(live),
        resign=None,
        resign_levels=resign_levels(live, role),
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
        left = per_checker_count(g.variant, g.position.side(other(o.winner))) if o.winner else None
        out["outcome"] = {
            "winner": o.winner,
            "kind": o.kind,
            "points": o.points,
            "cube": o.cube,
            "value": o.value,
            "reason": o.reason,
            # (C-2 per-checker: the checkers the points count, not a tier's name)
            "checkers": left,
            "en": o.describe("en", left),
            "ru": o.describe("ru", left),
        }
    if live.flag is not None:  # lost on time: over, whatever the board shows
        f = live.flag
        # (a tournament game may end as a forfeit: withdrawn, no-show)
        reason = f.get("reason", "time")
        lost = "club.lost-on-time" if reason == "time" else f"club.forfeit-{reason}"
        out.update(phase="over", turn=None, to_act=None, dice=None, resign_levels=[])
        out["outcome"] = {
            "winner": f["winner"],
            "kind": reason,
            "points": f["points"],
            "cube": g.cube.value,
            "value": f["points"],
            "reason": reason,
            "en": say(lost, "en", color=say(f"color.{f['loser']}", "en")),
            "ru": say(lost, "ru", color=say(f"color.{f['loser']}", "ru")),
            # a rated match that ended before its loser made a decision (not rated)
            "unrated": bool(f.get("unrated")),
        }
    if live.may_act(role):
        reach = live.targets()
        out["legal"] = {
            "targets": {str(k): v for k, v in reach.items()},
            "pending": [str(mv) for mv in g.pending],
            "can_undo": bool(g.pending),
            "can_confirm": g.turn_complete,
            "plays": [p.text for p in g.legal_plays()][:400],
            "stuck": stuck(g, reach),
            "unplayable": unplayable(g),
        }
    return out


def unplayable(g: Game) -> dict[str, dict[str, str]]:
    """The dice left this turn that no move can use any more, by die, with why in both
    languages (``nardy.step_reasons.die_reason``): the board crosses them out."""
    if g.phase != "move":
        return {}
    out: dict[str, dict[str, str]] = {}
    for d in sorted(set(g.dice_left) - g.playable_dice()):
        why = die_reason(g.variant, g.pending_position, d)
        out[str(d)] = {"en": why.text("en"), "ru": why.text("ru")}
    return out


def stuck(g: Game, reach: dict[int, list[int]]) -> dict[str, dict[str, str]]:
    """Why the mover's checkers that cannot move (none in ``reach``, the points a
    checker may leave) cannot, by point (his numbering), in both languages: where one
    rule surely decides it (the bar first, the head, the févga runner); a tapped
    checker's refusal names it."""
    if g.phase != "move":
        return {}
    out: dict[str, dict[str, str]] = {}
    for p in range(1, BAR + 1):
        if p not in reach and (reason := g.stuck_reason(p)) is not None:
            out[str(p)] = {"en": reason.text("en"), "ru": reason.text("ru")}
    return out


def history(live: LiveGame, view: Color) -> list[dict[str, Any]]:
    """The current game's plays (one per segment) with its cube actions and
    resignations in between; each play's ``steps`` are its checker moves in ``view``'s
    numbering (the board shows the last play and animates the opponent's)."""
    g = live.game
    assert g is not None
    return _with_notes(turn_rows(g, view), live.notes)


def history_text(live: LiveGame, view: Color) -> str:
    """``history(live, view)`` as JSON text (``jsontext.encode``), each turn's row
    encoded once: a long game's history is most of its update."""
    g = live.game
    assert g is not None
    rows = turn_rows(g, view)
    texts = _ROW_TEXTS.setdefault(g, {}).setdefault(view, [])
    texts.extend(encode(row) for row in rows[len(texts) :])
    notes = [(at, encode(note)) for at, note in live.notes]
    return "[" + ",".join(_with_notes(texts, notes)) + "]"


def _with_notes(rows: Sequence[T], notes: Sequence[tuple[int, T]]) -> list[T]:
    """``rows`` with each note ``(i, note)`` put before row ``i`` (after the last row
    where ``i`` is past it)."""
    out: list[T] = []
    pending = iter(notes)
    note = next(pending, None)
    for i, row in enumerate(rows):
        while note is not None and note[0] <= i:
            out.append(note[1])
            note = next(pending, None)
        out.append(row)
    while note is not None:
        out.append(note[1])
        note = next(pending, None)
    return out


#: Each game's history rows by viewer colour. A turn, once played, never changes (a
#: game's ``turns`` only grow), so its row is built once, not again at every event: at
#: 60 turns the rebuild cost ~1 ms a view, two or three views an action, and the server's
#: CPU per action grew with the games' length (bench/serve_load.py, 240 s runs).
_ROWS: weakref.WeakKeyDictionary[Game, dict[Color, list[dict[str, Any]]]] = (
    weakref.WeakKeyDictionary()
)


#: The same rows as JSON text (``history_text``), kept in step with them.
_ROW_TEXTS: weakref.WeakKeyDictionary[Game, dict[Color, list[str]]] = weakref.WeakKeyDictionary()


def turn_rows(g: Game, view: Color) -> list[dict[str, Any]]:
    """One row per finished turn of ``g``, its steps in ``view``'s numbering (shared:
    not to be changed)."""
    rows = _ROWS.setdefault(g, {}).setdefault(view, [])
    for t in g.turns[len(rows) :]:
        rows.append(
            {
                "color": t.color,
                "dice": list(t.dice),
                "play": t.play.text,
                # (a crazy sequence's higher double, or moves passed by the opponent)
                "kind": t.kind,
                "steps": play_steps(t.play.moves, g.variant.mapping, t.color == view),
            }
        )
    return rows


def play_steps(moves: Sequence[Move], mapping: tuple[int, ...], own: bool) -> list[dict[str, Any]]:
    """A play's checker moves as ``{"from", "to", "hit"}`` in the viewer's numbering
    (``own``: the viewer's play, already in it); 25 stays the mover's bar and 0 his
    tray."""

    def point(p: int) -> int:
        return p if own or p in (BAR, OFF) else mapping[p]  # (an involution)

    return [{"from": point(m.frm), "to": point(m.to), "hit": m.hit} for m in moves]


def refusal_view(live: LiveGame) -> dict[str, Any] | None:
    """The computer's refusal of a resignation, while nothing else has happened since:
    the level refused, and the levels it would accept with what each costs."""
    g = live.game
    r = live.refusal
    if g is None or r is None or len(g.records) != r.records or g.phase not in ("roll", "move"):
        return None
    by = g.to_act

    def priced(level: int) -> dict[str, Any]:
        o = resignation(
            g.variant, other(by), level, g.position.side(by), gammons=g.cube.gammons_count
        ).with_cube(g.cube.value)
        return {"level": level, "kind": o.kind, "value": o.value}

    return {"by": by, **priced(r.level), "accepts": [priced(n) for n in r.accepts]}


def rematch_view(live: LiveGame) -> dict[str, Any] | None:
    """The rematch of a finished game (``nardy.server.rematch``): its ``state``, the
    role (``by``) of the player who made it so, and the new game once accepted."""
    r = live.rematch
    if r is None:
        return None
    return {"state": r["state"], "by": live.meta.role_of(r["by"]), "game": r["game"]}


def cube_view(live: LiveGame) -> dict[str, Any]:
    g = live.game
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
        # (C-4 dead cube: a game won at the cube's value already wins that side the
        # match, so the engine refuses his double; the page says why it is not offered)
        "dead": {
            "white": c.rules.enabled and c.dead_for("white"),
            "black": c.rules.enabled and c.dead_for("black"),
        },
    }


def resign_levels(live: LiveGame, role: Role) -> list[dict[str, Any]]:
    """What each resignation level would cost ``role`` now (when he may resign)."""
    g = live.game
    me = live.actor(role)
    if g is None or me is None or g.phase not in ("roll", "move"):
        return []
    out = []
    left = per_checker_count(g.variant, g.position.side(me))
    for level in range(1, len(tiers(g.variant)) + 1):
        o = resignation(
            g.variant, other(me), level, g.position.side(me), gammons=g.cube.gammons_count
        ).with_cube(g.cube.value)
        out.append({"level": level, "kind": o.kind, "value": o.value, "checkers": left})
    return out


def match_view(live: LiveGame) -> dict[str, Any]:
    m = live.match
    out: dict[str, Any] = {
        "length": live.meta.length,
        "crawford_rule": m.crawford_rule and live.meta.length > 0,
        "game": len(m.games),
        "score": live.score_by_color(),
        "crawford": bool(m.games) and m.is_crawford(len(m.games) - 1),
        "post_crawford": m.post_crawford,
        "over": live.finished,
        "winner": None,
        "games": [],
    }
    if live.meta.length and m.is_over and m.winner is not None:
        out["winner"] = live.color_of_player(m.winner)
    if live.flag is not None:
        out["winner"] = live.flag["winner"]
    for i, game in enumerate(m.games):
        o = game.outcome
        if game.phase != "over" or o is None:
            continue
        winner = None
        if o.winner is not None:
            player = m.player_of(i, o.winner)
            winner = live.color_of_player(player)
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


def players(live: LiveGame) -> dict[str, Any]:
    """Who plays each colour: a member's name and rating, a guest's name, or the
    computer and its level (None before the toss)."""
    m = live.meta
    out: dict[str, Any] = {}
    for color in ("white", "black"):
        if m.creator_color is None:
            out[color] = None
            continue
        if color == m.computer_color:
            out[color] = {
                "name": None,
                "computer": True,
                "level": m.level,
                "rating": None,
                "provisional": False,
            }
        else:
            uid = m.user_of(color)
            rating = m.ratings.get(uid) if uid else None
            out[color] = {
                "name": m.names.get(uid) if uid else None,
                "computer": False,
                "level": None,
                # (a member's, in the game's pool: watchers see who is the stronger)
                "rating": None if rating is None else rating.rating,
                "provisional": rating is not None and rating.provisional,
            }
            changed = (live.rating_change or {}).get(uid) if uid else None
            if changed is not None:
                # once the rated result is in, the rating it made and by how much (whole
                # numbers: the change is the difference of the two shown, as the result
                # card and the profile write it)
                after = round(changed["after"])
                out[color].update(
                    rating=after,
                    provisional=bool(changed["provisional"]),
                    change=after - round(changed["before"]),
                )
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
