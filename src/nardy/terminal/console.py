"""Console input and output for the terminal game: catalog messages, prompts that work
both on a terminal (line editing) and with piped input (the lines read are echoed)."""

from __future__ import annotations

from typing import IO, Any

from rich.console import Console

from nardy.i18n import t
from nardy.position import Color


class EndOfInput(Exception):
    """Standard input is exhausted."""


class QuitGame(Exception):
    """The players chose to leave the game."""


class Terminal:
    """Where the game talks to its players: ``lang`` messages on ``console``, input from
    ``stdin``; ``interactive`` reads with line editing, otherwise lines are echoed."""

    def __init__(self, *, lang: str, stdin: IO[str], console: Console, interactive: bool) -> None:
        self.lang = lang
        self.stdin = stdin
        self.console = console
        self.interactive = interactive

    def say(self, key: str, style: str | None = None, **kw: Any) -> None:
        """Print one catalog message."""
        self.out(t(key, self.lang, **kw), style)

    def text(self, key: str, **kw: Any) -> str:
        """One catalog message in this terminal's language."""
        return t(key, self.lang, **kw)

    def out(self, text: str, style: str | None = None) -> None:
        """Print text as is (no Rich markup)."""
        self.console.print(text, style=style, markup=False, highlight=False)

    def color(self, color: Color) -> str:
        """The colour's name, capitalised (sentence start)."""
        return t(f"color.{color}", self.lang)

    def ask(self, prompt: str) -> str:
        """One line of input (stripped); raises ``EndOfInput`` at EOF."""
        if self.interactive:
            try:
                line = self.console.input(prompt, markup=False)
            except EOFError:
                self.out("")
                raise EndOfInput from None
            return line.strip()
        self.console.print(prompt, end="", markup=False, highlight=False)
        self.console.file.flush()  # a program reading our output sees the prompt
        line = self.stdin.readline()
        if not line:
            self.out("")
            raise EndOfInput
        line = line.rstrip("\r\n")
        self.out(line)
        return line.strip()
