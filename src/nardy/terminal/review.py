"""The review of played games in the terminal: the analysis table of marked
decisions, a picture of each game's course (White's equity after every play as bars,
the marked plays under them) and each player's summary (``nardy analyze``,
``nardy play --review``), in one language.

Both tables fit 80 columns, the width of a pipe or a default terminal: no cell is cut
short, a long play or name wraps within its column instead."""

from __future__ import annotations

import math
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

import nardy.terminal.messages  # noqa: F401  (registers the review's labels)
from nardy.bots.analysis import Analysis, Decision, mark, rating
from nardy.i18n import t

#: Bar heights of the equity graph, lowest first.
BARS = "▁▂▃▄▅▆▇█"
#: Plays per row of the graph.
WIDTH = 64
#: Widest a player's name stands on one line in the decisions table (80 columns).
NAME_WIDTH = 20
#: Colour of a play's mark under the graph.
MARK_STYLE = {"doubtful": "yellow", "bad": "dark_orange", "very bad": "red"}


def sparkline(values: list[float], top: float) -> str:
    """One bar per value, from −``top`` (lowest bar) to +``top`` (highest)."""
    bars = []
    for v in values:
        share = (max(-top, min(top, v)) + top) / (2 * top)
        bars.append(BARS[min(len(BARS) - 1, int(share * len(BARS)))])
    return "".join(bars)


def course_lines(graph: list[dict[str, Any]], games: int, lang: str) -> list[str]:
    """Rich lines picturing each game's course: White's equity after every play as a
    bar (from −top to +top, the largest whole equity reached, at least 1), and under it
    the marks of the plays that gave equity away."""
    top = max(1.0, float(math.ceil(max((abs(p["white"]) for p in graph), default=0.0))))
    marks = ", ".join(f"[{style}]^[/] {t(f'mark.{m}', lang)}" for m, style in MARK_STYLE.items())
    lines = [t("review.course", lang, top=f"{top:g}", marks=marks)]
    for gi in range(games):
        points = [p for p in graph if p["game"] == gi]
        if not points:
            continue
        label = f"{t('review.course-game', lang, n=gi + 1)}: " if games > 1 else ""
        for start in range(0, len(points), WIDTH):
            chunk = points[start : start + WIDTH]
            marked = "".join(
                f"[{MARK_STYLE[m]}]^[/]" if (m := mark(p["loss"])) else " " for p in chunk
            )
            head = label if start == 0 else " " * len(label)
            lines.append(f"{head}{sparkline([p['white'] for p in chunk], top)}")
            lines.append(" " * len(label) + marked.rstrip())
    return lines


def _table(title: str) -> Table:
    """A rule under the header only and two spaces between columns: narrow enough
    for 80 columns."""
    return Table(
        title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1, 0, 0)
    )


def _who(player: str, lang: str) -> str:
    """A player's label: a colour in ``lang`` (money play), or the player's name."""
    if player in ("white", "black"):
        return t(f"color.{player}", lang).lower()
    return player


def _action(d: Decision, text: str, lang: str) -> str:
    """A play as written, or a cube action (``double``, ``take``, …) in ``lang``."""
    return t(f"cube.action.{text}", lang) if d.kind == "cube" else text


def print_analysis(
    console: Console, analysis: Analysis, title: str, lang: str, show_all: bool = False
) -> None:
    """Print the marked decisions (every one with ``show_all``), the course of each
    game and the players' summaries, in ``lang``."""
    table = _table(title)
    several = analysis.games > 1
    keys = ["turn", "player", "dice", "played", "best", "loss"]
    if several:  # the game's number only where there are several
        keys.insert(0, "game")
    names = [_who(d.player, lang) for d in analysis.decisions]
    for key in keys:
        header = t(f"review.{key}", lang)
        # A name keeps its width (up to NAME_WIDTH) while the plays wrap between their
        # moves to make room; a word longer than its column folds: never "…".
        width = min(NAME_WIDTH, max(map(len, [header, *names]))) if key == "player" else None
        table.add_column(
            header,
            justify="right" if key in ("game", "turn", "loss") else "left",
            overflow="fold",
            width=width,
        )
    table.add_column(t("review.mark", lang), overflow="fold")
    for d in analysis.decisions:
        if not show_all and not d.mark:
            continue
        table.add_row(
            *((str(d.game + 1),) if several else ()),
            str(d.turn),
            _who(d.player, lang),
            f"{d.dice[0]}-{d.dice[1]}" if d.dice else t("review.cube", lang),
            _action(d, d.played, lang),
            _action(d, d.best, lang) if d.best != d.played else "=",
            f"{d.loss:.3f}",
            t(f"mark.{d.mark}", lang) if d.mark else "",
        )
    console.print(table)
    for line in course_lines(analysis.graph(), analysis.games, lang):
        console.print(line)
    # One column per player and one row per figure: the labels, long in Russian, stand
    # once down the side instead of across ten columns.
    players = list(analysis.players.values())
    summary = _table(t("review.players", lang))
    summary.add_column("", overflow="fold")
    for s in players:
        summary.add_column(_who(s.player, lang), justify="right", overflow="fold")
    rows: list[tuple[str, list[str]]] = [
        (t("review.decisions", lang), [str(s.decisions) for s in players]),
        (t("review.unforced", lang), [str(s.unforced) for s in players]),
        (t("review.total-loss", lang), [f"{s.total_loss:.3f}" for s in players]),
        (t("review.error-rate", lang), [f"{s.error_rate:.1f}" for s in players]),
        (t("review.rating", lang), [rating(s.error_rate, lang) for s in players]),
        *(
            (
                t("review.marked", lang, mark=t(f"mark.{m}", lang)),
                [str(s.marks[m]) for s in players],
            )
            for m in MARK_STYLE
        ),
        (t("review.cube-errors", lang), [str(s.cube_errors) for s in players]),
    ]
    for label, cells in rows:
        summary.add_row(label, *cells)
    console.print(summary)
    console.print(t("review.error-rate-note", lang))
