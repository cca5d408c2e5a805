"""``nardy engine``: the JSON-lines engine protocol on stdin/stdout."""

from __future__ import annotations

import sys

import click

from nardy.engine.names import SUMMARY
from nardy.engine.serve import serve


# The help is built from the dispatcher's names (nardy.engine.names), not written out,
# so that a new command cannot be left out of it.
@click.command(
    "engine",
    help=f"{SUMMARY}\n\nОтвечает на JSON-запросы, по одному в строке (docs/protocol.md).",
)
def command() -> None:
    serve(sys.stdin.buffer, sys.stdout.buffer)
