"""``nardy convert IN OUT``: convert game and match records between formats.

Formats, chosen by file extension or ``--from``/``--to``: ``jsonl`` (nardy's native
JSON-lines record, ``.jsonl``/``.json``), ``mat`` (Jellyfish/gnubg text, ``.mat``) and
``sgf`` (SGF backgammon, ``.sgf``). ``-`` reads standard input or writes standard
output (then the format must be given). ``.mat`` and SGF hold backgammon (short nardy)
only.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from nardy.cli_messages import say
from nardy.errors import NardyError
from nardy.game import Game
from nardy.match import Match
from nardy.notation.mat import read_mat, write_mat
from nardy.notation.record import read_record, write_game, write_match
from nardy.notation.sgf import read_sgf, write_sgf

FORMATS = ("jsonl", "mat", "sgf")
_EXTENSIONS = {
    ".jsonl": "jsonl",
    ".json": "jsonl",
    ".ndjson": "jsonl",
    ".mat": "mat",
    ".sgf": "sgf",
}


def _format(path: str, given: str | None, role: str) -> str:
    if given:
        return given
    fmt = _EXTENSIONS.get(Path(path).suffix.lower())
    if fmt is None:
        raise click.UsageError(
            say("cli.unknown-format", path=repr(path), role=role, formats=", ".join(FORMATS))
        )
    return fmt


def match_from_game(game: Game) -> Match:
    """A one-game money session holding ``game`` (for formats that hold matches)."""
    match = Match(game.variant, 0, cube=game.cube.rules)
    new = match.new_game()
    if new.records[0] != game.records[0]:
        raise NardyError("not-a-match-game")
    for record in game.records[1:]:
        new.apply(record)
    return match


def _read(text: str, fmt: str, source: str) -> Game | Match:
    if fmt == "mat":
        return read_mat(text, source=source)
    if fmt == "sgf":
        return read_sgf(text, source=source)
    return read_record(text, source=source)


def _write(record: Game | Match, fmt: str) -> str:
    if fmt == "jsonl":
        return write_game(record) if isinstance(record, Game) else write_match(record)
    match = match_from_game(record) if isinstance(record, Game) else record
    return write_mat(match) if fmt == "mat" else write_sgf(match)


@click.command(name="convert")
@click.argument("src", metavar="IN")
@click.argument("dst", metavar="OUT")
@click.option(
    "--from",
    "from_fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Input format (default: by extension) / Формат входа.",
)
@click.option(
    "--to",
    "to_fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Output format (default: by extension) / Формат выхода.",
)
def command(src: str, dst: str, from_fmt: str | None, to_fmt: str | None) -> None:
    """Convert a game or match record: JSON lines, .mat, SGF.

    Преобразовать запись партии или матча: JSON lines, .mat, SGF.
    """
    fmt_in = _format(src, from_fmt, "from") if src != "-" or from_fmt else None
    fmt_out = _format(dst, to_fmt, "to") if dst != "-" or to_fmt else None
    if fmt_in is None or fmt_out is None:
        raise click.UsageError("with '-' give the format: --from / --to")
    source = "<stdin>" if src == "-" else src
    try:
        text = sys.stdin.read() if src == "-" else Path(src).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"cannot read {source}: {exc}") from exc
    try:
        record = _read(text, fmt_in, source)
        output = _write(record, fmt_out)
    except NardyError as exc:
        raise click.ClickException(str(exc)) from exc
    if dst == "-":
        sys.stdout.write(output)
        return
    try:
        Path(dst).write_text(output, encoding="utf-8")
    except OSError as exc:
        raise click.ClickException(f"cannot write {dst}: {exc}") from exc
    games = 1 if isinstance(record, Game) else len(record.games)
    click.echo(say("cli.converted", source=source, dst=dst, n=games), err=True)
