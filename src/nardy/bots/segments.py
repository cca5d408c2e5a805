"""The legal plays of a game's current segment ranked by a bot: a plain roll through
the bot's search (``Bot.rank``), the other segments of the §5 variants (a crazy
sequence's higher doubles, moves passed to the opponent) by the positions they lead to.
Used by hints (terminal and web) and the terminal's computer."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from nardy.errors import NardyError
from nardy.game import Game
from nardy.plays import Play

if TYPE_CHECKING:  # pragma: no cover
    from nardy.bots import Bot

log = logging.getLogger(__name__)

#: Plays of a segment (not a plain roll) searched beyond 0 ply, after a 0-ply screen.
DEEP_SEGMENT_PLAYS = 4


def _roll_moves(dice: tuple[int, int]) -> tuple[int, ...]:
    return (dice[0],) * 4 if dice[0] == dice[1] else dice


def plain_roll(game: Game) -> tuple[int, int] | None:
    """The roll when the segment to play is exactly it (two dice, a double's four)."""
    seg = game.segment
    if seg is None or seg.kind != "roll" or game.dice is None:
        return None
    return game.dice if seg.dice == _roll_moves(game.dice) else None


def rank_plays(
    bot: Bot, game: Game, plies: int | None = None, *, settle: bool = True
) -> list[tuple[Play, float]]:
    """The legal plays of the segment to play, best first, with the mover's equity (a
    plain roll: by the bot's objective; other segments: cubeless money). ``plies`` None
    plays at the bot's level, with its noise (the computer's choice); ``settle``: the
    best play gets the full depth even when the filters leave it alone (hints)."""
    legal = game.legal_plays()
    roll = plain_roll(game)
    if roll is not None:
        ranked: list[tuple[Play, float]] = []
        for r in bot.rank(game.position, roll, plies, settle=settle):
            try:
                ranked.append((legal.find(r.play.moves), r.equity))
            except NardyError as exc:  # a play the game does not list: rank the game's own
                log.debug("search play %s not in the game's plays: %s", r.play, exc)
                break
        else:
            return ranked
    plays = list(legal)
    if not plays:
        return []
    results = [p.after for p in plays]
    # Each result is seen by the opponent: its equity is the mover's, negated. All plays
    # are screened at 0 ply, the best few searched deeper.
    equities = [-float(e) for e in bot.equity(results, 0)]
    if plies is None and bot.spec.noise > 0:  # a weak level's human-like misjudgement
        equities = [e + float(bot.rng.normal(0.0, bot.spec.noise)) for e in equities]
    order = sorted(range(len(plays)), key=lambda i: -equities[i])
    depth = bot.spec.plies if plies is None else plies
    if depth > 0:
        head = order[:DEEP_SEGMENT_PLAYS]
        deep = bot.equity([results[i] for i in head], depth)
        for i, e in zip(head, deep, strict=True):
            equities[i] = -float(e)
        order = sorted(head, key=lambda i: -equities[i]) + order[len(head) :]
    return [(plays[i], equities[i]) for i in order]
