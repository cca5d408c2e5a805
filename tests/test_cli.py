"""The ``nardy`` group loads a subcommand's module only when it runs: ``nardy --help``
and a game between two people import neither the bots nor numpy (issue: lazy command
loading). The help's command list comes from ``nardy.cli.COMMANDS``, which must match
the commands themselves."""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

import nardy.commands
from nardy.cli import COMMANDS, main

#: Runs ``nardy ARGS`` in a fresh interpreter, then reports which heavy modules loaded.
PROBE = """
import sys
from nardy.cli import main
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print("exit", code)
print("loaded", sorted(m for m in ("numpy", "nardy.bots", "nardy.eval") if m in sys.modules))
"""


def _probe(*args: str, stdin: str = "") -> list[str]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.splitlines()


def test_help_loads_no_numpy() -> None:
    out = _probe("--help")
    assert "Commands:" in out
    assert out[-2:] == ["exit 0", "loaded []"]


def test_a_two_player_game_loads_no_numpy() -> None:
    out = _probe("play", "--lang", "en", "--seed", "1", stdin="quit\ny\n")
    assert "Game abandoned." in out
    assert out[-2:] == ["exit 0", "loaded []"]


def test_the_computer_does_load_the_bots() -> None:
    """The probe can see the bots load: playing the computer needs them."""
    out = _probe("play", "--lang", "en", "--seed", "1", "--vs-computer", "black", stdin="quit\ny\n")
    assert out[-1] == "loaded ['nardy.bots', 'nardy.eval', 'numpy']"


def test_every_command_module_is_in_the_table() -> None:
    modules = {info.name for info in pkgutil.iter_modules(nardy.commands.__path__)}
    assert {module for module, _ in COMMANDS.values()} == modules


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_matches_each_command(name: str) -> None:
    module, summary = COMMANDS[name]
    command = importlib.import_module(f"nardy.commands.{module}").command
    assert isinstance(command, click.Command)
    assert command.name == name
    assert command.get_short_help_str(limit=1000) == summary


def test_help_lists_every_command_and_runs_one() -> None:
    runner = CliRunner()
    listed = runner.invoke(main, ["--help"])
    assert listed.exit_code == 0
    for name in COMMANDS:
        assert f"  {name} " in listed.output
    sub = runner.invoke(main, ["verify-dice", "--help"])
    assert sub.exit_code == 0 and "revealed server seed" in sub.output
    unknown = runner.invoke(main, ["frobnicate"])
    assert unknown.exit_code == 2 and "No such command 'frobnicate'" in unknown.output


def test_serve_refuses_a_redis_url_it_cannot_use() -> None:
    """``nardy serve --redis`` checks the URL before anything starts."""
    from click.testing import CliRunner

    from nardy.cli import main

    r = CliRunner().invoke(main, ["serve", "--redis", "http://127.0.0.1:6379"])
    assert r.exit_code == 2 and "not a Redis URL" in r.output


def test_serve_refuses_a_trusted_proxy_that_is_not_an_address() -> None:
    """``--trusted-proxy`` (and NARDY_TRUSTED_PROXIES, comma-separated) takes addresses
    and networks only, checked before anything starts."""
    from click.testing import CliRunner

    from nardy.cli import main

    r = CliRunner().invoke(main, ["serve", "--trusted-proxy", "nginx"])
    assert r.exit_code == 2 and "'nginx' is not an address or network" in r.output
    r = CliRunner().invoke(main, ["serve"], env={"NARDY_TRUSTED_PROXIES": "10.0.0.0/8,proxy"})
    assert r.exit_code == 2 and "'proxy' is not an address or network" in r.output


def test_the_engine_help_lists_every_command_the_engine_answers() -> None:
    """``nardy engine --help`` and ``nardy --help`` list the dispatcher's commands,
    ``rollout`` included."""
    from nardy.engine.protocol import COMMANDS

    runner = CliRunner()
    for args in (["engine", "--help"], ["--help"]):
        shown = runner.invoke(main, args, terminal_width=400).output
        listed = shown.split("JSON requests, one per line (", 1)[1].split(")", 1)[0]
        assert listed.split(", ") == list(COMMANDS), args


def test_an_option_holding_a_number_shows_what_it_takes() -> None:
    """Options read as text and checked by hand (``nardy rollout --games``, so that a bad
    value is told in the chosen language) show a metavar such as N in ``--help``, not
    TEXT: every option of every command whose default is a number or a score."""
    runner = CliRunner()
    checked = set()
    for name, (module, _) in COMMANDS.items():
        command = importlib.import_module(f"nardy.commands.{module}").command
        shown = runner.invoke(main, [name, "--help"], terminal_width=200).output
        for param in command.params:
            if (
                isinstance(param, click.Option)
                and param.type == click.STRING
                and isinstance(param.default, str)
                and re.fullmatch(r"\d+(-\d+)?", param.default)
            ):
                checked.add((name, param.opts[0]))
                assert f"{param.opts[0]} TEXT" not in shown, (name, param.opts[0])
    assert {("rollout", "--games"), ("rollout", "--seed"), ("hint", "--score")} <= checked
