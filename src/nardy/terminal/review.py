"""The review of played games in the terminal: the analysis table of marked
decisions, a picture of each game's course (White's equity after every play as bars,
the marked plays under them) and each player's summary (``nardy analyze``,
``nardy play --review``)."""

from __future__ import annotations

import math
from typing import Any

from rich.console import Console
from rich.table import Table

from nardy.bots.analysis import Analysis, mark, rating

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
    top = max(1.0, float(math.ceil(max((abs(p["white"]) for p in graph), default=0.0))))
    lines = [
        "White's equity after each play / эквити белых после каждого хода "
        f"(▁ −{top:g} … █ +{top:g}; marks: [yellow]^[/] doubtful, "
        "[dark_orange]^[/] bad, [red]^[/] very bad)"
    ]
    for gi in range(games):
        points = [p for p in graph if p["game"] == gi]
        if not points:
            continue
        label = f"game {gi + 1}: " if games > 1 else ""
        for start in range(0, len(points), WIDTH):
            chunk = points[start : start + WIDTH]
            marks = "".join(
                f"[{MARK_STYLE[m]}]^[/]" if (m := mark(p["loss"])) else " " for p in chunk
            )
            head = label if start == 0 else " " * len(label)
            lines.append(f"{head}{sparkline([p['white'] for p in chunk], top)}")
            lines.append(" " * len(label) + marks.rstrip())
    return lines


def print_analysis(
    console: Console, analysis: Analysis, title: str, show_all: bool = False
) -> None:
    """Print the marked decisions (every one with ``show_all``), the course of each
    game and the players' summaries."""
    table = Table(title=title)
    for col in (
        "game",
        "turn",
        "player",
        "dice",
        "played / сыграно",
        "best / лучше",
        "loss",
        "mark",
    ):
        table.add_column(col)
    for d in analysis.decisions:
        if not show_all and not d.mark:
            continue
        table.add_row(
            str(d.game + 1),
            str(d.turn),
            d.player,
            f"{d.dice[0]}-{d.dice[1]}" if d.dice else "cube",
            d.played,
            d.best if d.best != d.played else "=",
            f"{d.loss:.3f}",
            d.mark,
        )
    console.print(table)
    for line in course_lines(analysis.graph(), analysis.games):
        console.print(line)
    summary = Table(title="players / игроки")
    for col in (
        "player",
        "decisions",
        "unforced",
        "loss",
        "error rate (mEMG)",
        "rating",
        "doubtful",
        "bad",
        "very bad",
        "cube errors",
    ):
        summary.add_column(col)
    for s in analysis.players.values():
        summary.add_row(
            s.player,
            str(s.decisions),
            str(s.unforced),
            f"{s.total_loss:.3f}",
            f"{s.error_rate:.1f}",
            f"{rating(s.error_rate)} / {rating(s.error_rate, 'ru')}",
            str(s.marks["doubtful"]),
            str(s.marks["bad"]),
            str(s.marks["very bad"]),
            str(s.cube_errors),
        )
    console.print(summary)
