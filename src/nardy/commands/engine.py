"""``nardy engine``: the JSON-lines engine protocol on stdin/stdout."""

from __future__ import annotations

import sys

import click

from nardy.engine.serve import serve


@click.command("engine")
def command() -> None:
    """Answer JSON requests, one per line (legal, id, from-id, best, rank, eval, cube,
    stop); see docs/protocol.md.

    Отвечает на JSON-запросы, по одному в строке (docs/protocol.md)."""
    serve(sys.stdin.buffer, sys.stdout.buffer)
