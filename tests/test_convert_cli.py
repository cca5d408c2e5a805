"""``nardy convert``: formats by extension or option, standard input and output, and
clear errors (exit status 1 or 2, never a traceback). The commands run in process
through ``click.testing.CliRunner``; the round trip's first hop runs the installed
command in a real subprocess (the smoke test of the entry point)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers_matches import play_out, random_match

from nardy.cli import main
from nardy.game import Game
from nardy.notation.mat import read_mat
from nardy.notation.record import read_game, read_match, write_game, write_match
from nardy.notation.sgf import read_sgf

FIXTURES = Path(__file__).parent / "fixtures"
NARDY = Path(sys.executable).parent / "nardy"


@dataclass(frozen=True)
class Ran:
    """What a run of ``nardy convert`` left, as ``subprocess.CompletedProcess`` has it."""

    returncode: int
    stdout: str
    stderr: str


def nardy(*args: str, stdin: str | None = None) -> Ran:
    """``nardy convert ARGS`` in process; an exception other than an exit is raised (a
    subprocess would have printed a traceback, which no test accepts)."""
    result = CliRunner().invoke(main, ["convert", *args], input=stdin, prog_name="nardy")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.stdout, result.stderr)


def nardy_subprocess(*args: str) -> subprocess.CompletedProcess[str]:
    """``nardy convert ARGS`` as the installed command, in a subprocess."""
    command = [str(NARDY)] if NARDY.exists() else [sys.executable, "-m", "nardy.cli"]
    return subprocess.run([*command, "convert", *args], capture_output=True, text=True, timeout=120)


def test_mat_to_sgf_to_jsonl_to_mat_keeps_the_match(tmp_path: Path) -> None:
    original = read_mat((FIXTURES / "gnubg_3pt.mat").read_text())
    sgf, jsonl, mat = tmp_path / "m.sgf", tmp_path / "m.jsonl", tmp_path / "m.mat"
    hops = ((FIXTURES / "gnubg_3pt.mat", sgf), (sgf, jsonl), (jsonl, mat))
    for hop, (src, dst) in enumerate(hops):
        # the first hop runs the installed command (the smoke test), the others in process
        done = (nardy_subprocess if hop == 0 else nardy)(str(src), str(dst))
        assert done.returncode == 0, done.stderr
        assert "4 games" in done.stderr
    assert read_sgf(sgf.read_text()).records == original.records
    assert read_match(jsonl.read_text()).records == original.records
    assert read_mat(mat.read_text()).records == original.records


def test_standard_input_and_output_with_explicit_formats() -> None:
    text = (FIXTURES / "gnubg_3pt.sgf").read_text()
    done = nardy("-", "-", "--from", "sgf", "--to", "mat", stdin=text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('; [Player 1 "gnubg"]')
    assert read_mat(done.stdout).records == read_sgf(text).records


def test_options_override_the_extension(tmp_path: Path) -> None:
    src = tmp_path / "match.txt"
    src.write_text((FIXTURES / "gnubg_3pt.mat").read_text())
    dst = tmp_path / "out.data"
    done = nardy(str(src), str(dst), "--from", "mat", "--to", "jsonl")
    assert done.returncode == 0, done.stderr
    assert read_match(dst.read_text()).score == (2, 3)


def test_a_single_game_becomes_a_money_session(tmp_path: Path) -> None:
    import random

    game = play_out(Game("short"), random.Random(3))
    src = tmp_path / "game.jsonl"
    src.write_text(write_game(game))
    done = nardy(str(src), str(tmp_path / "game.sgf"))
    assert done.returncode == 0, done.stderr
    back = read_sgf((tmp_path / "game.sgf").read_text())
    assert back.length == 0 and back.games[0].records[1:] == game.records[1:]
    done = nardy(str(src), str(tmp_path / "copy.jsonl"))
    assert read_game((tmp_path / "copy.jsonl").read_text()).records == game.records


def test_malformed_input_names_file_and_line_without_a_traceback(tmp_path: Path) -> None:
    lines = (FIXTURES / "gnubg_3pt.mat").read_text().splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith("  2) 35: 6/3 8/3"))
    lines[i] = lines[i].replace("6/3 8/3", "13/2")
    bad = tmp_path / "bad.mat"
    bad.write_text("\n".join(lines))
    done = nardy(str(bad), str(tmp_path / "out.sgf"))
    assert done.returncode == 1
    assert f"{bad}, line {i + 1}, column 6: 13/2 is not legal with 3-5" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out.sgf").exists()


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("in.xyz", "out.sgf"), 2, "--from"),
        (("-", "out.sgf"), 2, "--from"),
        (("missing.mat", "out.sgf"), 1, "cannot read"),
        (("-", "-", "--from", "pgn", "--to", "sgf"), 2, "pgn"),
    ],
)
def test_usage_and_file_errors(tmp_path: Path, args, status, message) -> None:
    done = nardy(
        *[str(tmp_path / a) if a.endswith((".mat", ".xyz")) else a for a in args], stdin=""
    )
    assert done.returncode == status
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_long_nardy_cannot_go_to_backgammon_formats(tmp_path: Path) -> None:
    src = tmp_path / "long.jsonl"
    src.write_text(write_match(random_match(2, length=3, variant="long", max_games=1)))
    done = nardy(str(src), str(tmp_path / "long.mat"))
    assert done.returncode == 1 and "short nardy" in done.stderr
    done = nardy(str(src), str(tmp_path / "copy.json"))
    assert done.returncode == 0, done.stderr


def test_help_is_bilingual() -> None:
    done = nardy("--help")
    assert done.returncode == 0
    assert ".mat" in done.stdout and "Преобразовать" in done.stdout
