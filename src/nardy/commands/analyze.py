"""``nardy analyze RECORD``: per-move equity loss, marks, error rate and rating."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from nardy.errors import NardyError


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
                    f"{path}:{n}: not JSON ({exc.msg}) / строка {n}: не JSON"
                ) from None
    return out


#: Bar heights of the equity graph, lowest first.
BARS = "▁▂▃▄▅▆▇█"
#: Plays per row of the graph.
WIDTH = 64
#: Colour of a play's mark under the graph.
MARK_STYLE = {"doubtful": "yellow", "bad": "dark_orange", "very bad": "red"}


def sparkline(values: list[float], top: float) -> str:
    """One bar per value, from −``top`` (lowest bar) to +``top`` (highest)."""
    bars = []
    for v in values:
        share = (max(-top, min(top, v)) + top) / (2 * top)
        bars.append(BARS[min(len(BARS) - 1, int(share * len(BARS)))])
    return "".join(bars)


def course_lines(graph: list[dict[str, Any]], games: int) -> list[str]:
    """Rich lines picturing each game's course: White's equity after every play as a
    bar (from −top to +top, the largest whole equity reached, at least 1), and under it
    the marks of the plays that gave equity away."""
    from nardy.bots.analysis import mark

    top = max(1.0, float(math.ceil(max((abs(p["white"]) for p in graph), default=0.0))))
    lines = ["White's equity after each play / эквити белых после каждого хода "
             f"(▁ −{top:g} … █ +{top:g}; marks: [yellow]^[/] doubtful, "
             "[dark_orange]^[/] bad, [red]^[/] very bad)"]
    for gi in range(games):
        points = [p for p in graph if p["game"] == gi]
        if not points:
            continue
        label = f"game {gi + 1}: " if games > 1 else ""
        for start in range(0, len(points), WIDTH):
            chunk = points[start:start + WIDTH]
            marks = "".join(
                f"[{MARK_STYLE[m]}]^[/]" if (m := mark(p["loss"])) else " " for p in chunk)
            head = label if start == 0 else " " * len(label)
            lines.append(f"{head}{sparkline([p['white'] for p in chunk], top)}")
            lines.append(" " * len(label) + marks.rstrip())
    return lines


@click.command(name="analyze")
@click.argument("record", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--plies", type=click.IntRange(0, 2), default=0, show_default=True,
              help="Analysis depth / глубина анализа.")
@click.option("--all", "show_all", is_flag=True, help="List every decision, not only errors.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def command(record: Path, plies: int, show_all: bool, as_json: bool) -> None:
    """Analyse a game or match record (JSON lines): equity lost per decision (a match at
    its score), marks (doubtful 0.04 / bad 0.08 / very bad 0.16), error rate and rating
    per player.

    Анализ партии или матча: потеря эквити по ходам, ошибки, рейтинг игроков.
    """
    from nardy.bots.analysis import analyze_records

    try:
        analysis = analyze_records(read_records(record), plies)
    except NardyError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(analysis.as_dict(), ensure_ascii=False))
        return
    console = Console()
    table = Table(title=f"{record.name}: {plies}-ply analysis / анализ")
    for col in ("game", "turn", "player", "dice", "played / сыграно", "best / лучше",
                "loss", "mark"):
        table.add_column(col)
    for d in analysis.decisions:
        if not show_all and not d.mark:
            continue
        table.add_row(str(d.game + 1), str(d.turn), d.player,
                      f"{d.dice[0]}-{d.dice[1]}" if d.dice else "cube", d.played,
                      d.best if d.best != d.played else "=", f"{d.loss:.3f}", d.mark)
    console.print(table)
    for line in course_lines(analysis.graph(), analysis.games):
        console.print(line)
    summary = Table(title="players / игроки")
    for col in ("player", "decisions", "unforced", "loss", "error rate (mEMG)", "rating",
                "doubtful", "bad", "very bad", "cube errors"):
        summary.add_column(col)
    from nardy.bots.analysis import rating

    for s in analysis.players.values():
        summary.add_row(s.player, str(s.decisions), str(s.unforced), f"{s.total_loss:.3f}",
                        f"{s.error_rate:.1f}",
                        f"{rating(s.error_rate)} / {rating(s.error_rate, 'ru')}",
                        str(s.marks["doubtful"]), str(s.marks["bad"]),
                        str(s.marks["very bad"]), str(s.cube_errors))
    console.print(summary)
