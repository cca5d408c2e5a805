"""The ``nardy`` command: a Click group whose subcommands live in ``nardy.commands``."""

from __future__ import annotations

import importlib
import pkgutil

import click

import nardy.commands


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="nardy")
def main() -> None:
    """Long and short nardy: play, analyse and serve. / Длинные и короткие нарды."""


def _register() -> None:
    for info in sorted(pkgutil.iter_modules(nardy.commands.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"nardy.commands.{info.name}")
        command = getattr(module, "command", None)
        if isinstance(command, click.Command):
            main.add_command(command)


_register()

if __name__ == "__main__":
    main()
