"""``nardy analyze RECORD``: per-move equity loss, marks, error rate and rating."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from nardy.cli_messages import say
from nardy.errors import NardyError
from nardy.i18n import default_lang, t


def read_records(path: Path) -> list[Any]:
    """JSON-lines records (blank lines skipped); a JSON array file is accepted too."""
    text = path.read_text(encoding="utf-8")
    stripped = text.lstrip()
    if stripped.startswith("["):
        data = json.loads(stripped)
        if not isinstance(data, list):
            raise click.ClickException("the record file holds no list of records")
        return data
    out = []
    for n, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise click.ClickException(
                    say("cli.line-not-json", path=path, n=n, detail=exc.msg)
                ) from None
    return out


@click.command(name="analyze")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--plies",
    type=click.IntRange(0, 2),
    default=0,
    show_default=True,
    help="Analysis depth / глубина анализа.",
)
@click.option("--all", "show_all", is_flag=True, help="List every decision, not only errors.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.option(
    "--lang",
    type=click.Choice(["ru", "en"]),
    default=None,
    help="Language of the analysis (default: from the locale).",
)
def command(record: Path, plies: int, show_all: bool, as_json: bool, lang: str | None) -> None:
    """Analyse a game or match record (JSON lines): equity lost per decision (a match at
    its score), marks (doubtful 0.04 / bad 0.08 / very bad 0.16), error rate and rating
    per player.

    Анализ партии или матча: потеря эквити по ходам, ошибки, рейтинг игроков.
    """
    from nardy.bots.analysis import analyze_records
    from nardy.terminal.review import print_analysis

    try:
        analysis = analyze_records(read_records(record), plies)
    except NardyError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(analysis.as_dict(), ensure_ascii=False))
        return
    lang = lang or default_lang()
    title = t("review.title", lang, name=record.name, plies=plies)
    print_analysis(Console(), analysis, title, lang, show_all)
