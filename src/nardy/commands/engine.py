"""``nardy engine``: the JSON-lines engine protocol on stdin/stdout."""

from __future__ import annotations

import sys

import click

from nardy.protocol import serve


@click.command("engine")
def command() -> None:
    """Answer JSON requests, one per line (legal, id, from-id, best, eval, cube).

    Отвечает на JSON-запросы, по одному в строке."""
    for answer in serve(sys.stdin):
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
