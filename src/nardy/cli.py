"""The ``nardy`` command: a Click group whose subcommands live in ``nardy.commands``.

Each subcommand's module is imported only when that subcommand runs (Click's lazy-group
pattern), so ``nardy --help`` and a game between two people load neither the bots nor
numpy: the help lists the commands from the table below, whose summaries a test keeps
equal to the commands' own.
"""

from __future__ import annotations

import importlib

import click

from nardy.engine.names import SUMMARY as ENGINE_SUMMARY

#: Subcommand name -> (module of ``nardy.commands`` defining it as ``command``, the
#: one-line summary ``nardy --help`` shows).
COMMANDS: dict[str, tuple[str, str]] = {
    "admin": (
        "admin",
        "Moderators, bans, passwords and public tournaments on the club's database.",
    ),
    "analyze": (
        "analyze",
        "Analyse a game or match record (JSON lines): equity lost per decision (a match at"
        " its score), marks (doubtful 0.04 / bad 0.08 / very bad 0.16), error rate and"
        " rating per player.",
    ),
    "convert": ("convert", "Convert a game or match record: JSON lines, .mat, SGF."),
    "engine": ("engine", ENGINE_SUMMARY),
    "hint": (
        "hint",
        "Best plays for a roll, ranked, with equities and probabilities; at a match score"
        " by match equity, with match-winning chances.",
    ),
    "play": (
        "play",
        "Play nardy: two at one keyboard or against the computer, a game or a match.",
    ),
    "rollout": (
        "rollout",
        "Play a position out many times with a bot and average the results: the position"
        " itself, the candidate plays of a roll (--dice), or a cube decision"
        " (--cube-decision); cubeless or cubeful, money or a match score.",
    ),
    "serve": ("serve", "Start the web server (http://127.0.0.1:8000)."),
    "train": (
        "train",
        "Train the evaluation net (self-play TD(λ), or search distillation); resumes from"
        " --out's checkpoint.",
    ),
    "verify-dice": (
        "verify_dice",
        "Check a downloaded game record's dice against the revealed server seed.",
    ),
}


class LazyGroup(click.Group):
    """A group that imports a subcommand's module when the subcommand is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        command = importlib.import_module(f"nardy.commands.{entry[0]}").command
        assert isinstance(command, click.Command), entry[0]
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table: listing imports no command module."""
        if not COMMANDS:
            return
        width = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [
            (name, click.Command(name, help=summary).get_short_help_str(width))
            for name, (_, summary) in sorted(COMMANDS.items())
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nardy")
def main() -> None:
    """Long and short nardy: play, analyse and serve. / Длинные и короткие нарды."""


if __name__ == "__main__":
    main()
