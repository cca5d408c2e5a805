"""Record downloads of a server game: nardy's JSON lines, and for backgammon (short
nardy) the ``.mat`` and SGF files other programs read (``nardy.notation``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from nardy.errors import NardyError
from nardy.i18n import Named
from nardy.match import Match
from nardy.notation.mat import write_mat
from nardy.notation.record import dump_records
from nardy.notation.sgf import write_sgf
from nardy.server.live import LiveGame

FORMATS = ("jsonl", "mat", "sgf")
_UNSAFE = re.compile(r'[\[\]":;\\\r\n\t]+')


class ExportError(NardyError):
    """A record format that cannot hold this game (.mat/SGF: backgammon only)."""


@dataclass(frozen=True)
class Export:
    """A downloadable file: its text, media type and file name."""

    text: str
    media_type: str
    filename: str


def player_names(live: LiveGame) -> tuple[str, str]:
    """The names of player 0 (white in the first game) and player 1, safe for the file
    formats (no brackets, quotes or colons)."""
    m = live.meta
    if m.mode == "local":
        names = ["Player 1", "Player 2"]
    else:
        creator = m.names.get(m.creator_id) or "Player"
        if m.mode == "computer":
            other = f"Computer {m.level}" if m.level else "Computer"
        else:
            other = (m.names.get(m.opponent_id) if m.opponent_id else None) or "Friend"
        names = [creator, other] if m.creator_player in (0, None) else [other, creator]
    clean = [_UNSAFE.sub(" ", n).strip() or f"Player {i + 1}" for i, n in enumerate(names)]
    if clean[0] == clean[1]:
        clean = [clean[0] + " 1", clean[1] + " 2"]
    return clean[0], clean[1]


@contextmanager
def named_match(live: LiveGame) -> Iterator[Match]:
    """The game's match with the players' names set while the block runs (call it
    under the game's lock)."""
    match = live.match
    before = match.players
    match.players = player_names(live)
    try:
        yield match
    finally:
        match.players = before


def export(live: LiveGame, fmt: str) -> Export:
    """The record of ``live`` in format ``fmt`` ("jsonl", "mat" or "sgf").

    JSON lines: a money game is one game's records with the dice commitment (and the
    revealed seed) on its setup line; a match is ``nardy.match``'s log with them on its
    ``match`` line (``nardy convert`` and ``read_match`` read it). ``nardy verify-dice``
    reads both."""
    gid = live.meta.id
    if fmt not in FORMATS:
        raise ExportError("export-format", known=", ".join(FORMATS), fmt=fmt)
    if live.game is None:
        raise ExportError("game-not-started")
    if fmt == "jsonl":
        if live.meta.length == 0:
            text = dump_records(live.records())
        else:
            with named_match(live) as match:
                records = match.records
            records[0] = {**records[0], "dice": live.dice_public()}
            text = dump_records(records)
        return Export(text, "application/x-ndjson", f"nardy-{gid}.jsonl")
    if live.match.variant.family != "short":
        v = live.match.variant
        raise ExportError(
            "export-short-only", what=".mat/SGF", variant=Named(v.title_en, v.title_ru)
        )
    with named_match(live) as match:
        if fmt == "mat":
            return Export(write_mat(match), "text/plain; charset=utf-8", f"nardy-{gid}.mat")
        return Export(write_sgf(match), "application/x-go-sgf; charset=utf-8", f"nardy-{gid}.sgf")
