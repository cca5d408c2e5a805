"""``nardy play`` with scripted standard input (issue 2, part 6).

The games run in process through ``click.testing.CliRunner`` (``run_play``), with the
environment a subprocess would get (locale, ``NO_COLOR``, an 80-column non-terminal
output); one smoke test and the prompt-by-prompt match (``Driver``) run the installed
``nardy`` command in a real subprocess."""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import queue
import re
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from nardy.cli import main
from nardy.game import Game
from nardy.match import Match

NARDY = Path(sys.executable).with_name("nardy")
#: Locale variables cleared before each run, so that only ``lang_env`` decides.
LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG", "FORCE_COLOR", "LANGUAGE")


def subprocess_env(lang_env: str) -> dict[str, str]:
    """The environment of a ``nardy`` subprocess: no colour, UTF-8, ``LANG=lang_env``."""
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    env.update(LANG=lang_env, PYTHONIOENCODING="utf-8", NO_COLOR="1")
    return env


@dataclass(frozen=True)
class Ran:
    """What a run of ``nardy play`` left: as ``subprocess.CompletedProcess`` has it."""

    returncode: int
    stdout: str
    stderr: str


def run_play(*args: str, stdin: str = "", lang_env: str = "C.UTF-8") -> Ran:
    """``nardy play ARGS`` in process, ``stdin`` piped in, the locale ``lang_env``.

    The environment is a subprocess's (``subprocess_env``) plus ``COLUMNS=80``, the
    width Rich gives a pipe. An exception other than an exit is raised, not turned into
    a status: a subprocess would have printed a traceback, which no test accepts."""
    env: dict[str, str | None] = dict.fromkeys(LOCALE_VARS)
    env.update(LANG=lang_env, NO_COLOR="1", COLUMNS="80", LINES="25")
    result = CliRunner().invoke(
        main, ["play", *args], input=stdin, env=env, prog_name="nardy", catch_exceptions=True
    )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.stdout, result.stderr)


def test_the_installed_command_plays_a_game_smoke(tmp_path):
    """The one subprocess run of ``nardy play``: the installed entry point plays a whole
    game from piped input and saves it, as the in-process runs do."""
    assert NARDY.exists(), f"{NARDY} is missing: pip install -e ."
    save = tmp_path / "smoke.jsonl"
    args = ("--variant", "short", "--seed", "7", "--lang", "en", "--save", str(save))
    proc = subprocess.run(
        [str(NARDY), "play", *args],
        input="\n1\n" * 3000,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=subprocess_env("C.UTF-8"),
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "Game over." in proc.stdout
    assert Game.replay(read_records(save)).phase == "over"
    # the same game in process: the runner reproduces the command's output exactly
    again = run_play(*args[:-1], str(tmp_path / "again.jsonl"), stdin="\n1\n" * 3000)
    assert again.stdout == proc.stdout.replace(str(save), str(tmp_path / "again.jsonl"))


def write_records(path: Path, records: list[dict[str, Any]]) -> str:
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    return str(path)


def read_records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def side(points: dict[int, int], bar: int = 0, first: bool = False) -> dict[str, Any]:
    return {"points": {str(p): n for p, n in points.items()}, "bar": bar, "first_turn": first}


LONG_63 = [  # long nardy, White to play 6-3 on the first turn
    {"type": "setup", "variant": "long"},
    {"type": "opening", "white": 5, "black": 3},
    {"type": "roll", "dice": [6, 3]},
]


@pytest.fixture
def long_63(tmp_path: Path) -> str:
    return write_records(tmp_path / "long63.jsonl", LONG_63)


# -- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant,kinds",
    [("short", "single game|gammon|backgammon"), ("long", r"oin \(single game\)|mars")],
)
def test_a_whole_game_choosing_the_first_legal_play(tmp_path, variant, kinds):
    save = tmp_path / "game.jsonl"
    # An empty line rolls at the roll-or-double prompt (short nardy has the cube) and is
    # ignored at the move prompt; "1" plays the first listed play.
    proc = run_play(
        "--variant",
        variant,
        "--seed",
        "7",
        "--lang",
        "en",
        "--save",
        str(save),
        stdin="\n1\n" * 3000,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = proc.stdout
    assert "Game over." in out
    result = re.search(rf"(White|Black) wins: ({kinds})\. Points: (\d)\.", out)
    assert result, out[-800:]
    # the saved record replays to the same end, and every play was the first listed
    records = read_records(save)
    game = Game.replay(records)
    assert game.phase == "over" and game.outcome is not None
    assert game.outcome.winner == result.group(1).lower()
    assert game.outcome.value == int(result.group(3))
    check = Game.replay(records[:1])
    for rec in records[1:]:
        if rec["type"] == "play":
            assert rec["play"] == str(check.legal_plays()[0])
        check.apply(rec)
    plays = [r for r in records if r["type"] == "play"]
    assert len(re.findall(r"^(?:White|Black) plays ", out, re.M)) == len(plays)
    assert f"Game record saved to {save}" in out


def test_a_whole_long_game_in_russian():
    proc = run_play("--variant", "длинные нарды", "--seed", "3", "--lang", "ru", stdin="1\n" * 4000)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Длинные нарды.")
    assert re.search(r"Жребий: Игрок 1 — \d, Игрок 2 — \d\.", out)
    assert "Ходят белые, зары" in out and "пипсы 360" in out
    assert "Партия окончена." in out
    assert re.search(r"(Белые|Чёрные) победили: (ойн|марс)\. Очки: \d\.", out)
    assert "Чтобы сохранить запись партии, запустите с --save ФАЙЛ." in out


def test_the_same_seed_gives_the_same_game():
    a = run_play("--variant", "short", "--seed", "11", "--lang", "en", stdin="1\n" * 40)
    b = run_play("--variant", "short", "--seed", "11", "--lang", "en", stdin="1\n" * 40)
    c = run_play("--variant", "short", "--seed", "12", "--lang", "en", stdin="1\n" * 40)
    assert a.stdout == b.stdout
    assert a.stdout != c.stdout


def test_each_turn_shows_the_board_from_the_movers_side():
    """RULES.md §7: in long nardy the mover's head is top-right on his board."""
    proc = run_play("--variant", "long", "--seed", "5", "--lang", "en", stdin="1\n1\n")
    blocks = re.split(r"^— Turn \d+: ", proc.stdout, flags=re.M)[1:]
    assert len(blocks) >= 2
    for block in blocks[:2]:
        mover = block.split(" ")[0]
        glyph = "O" if mover == "White" else "X"
        lines = block.splitlines()
        labels = next(i for i, ln in enumerate(lines) if ln.strip().startswith("13 14"))
        first_row = lines[labels + 2]
        assert first_row.rstrip().endswith(f" {glyph} |"), block
        assert f"{mover} to play, dice" in block


# -- playing a turn ----------------------------------------------------------------------


def test_illegal_input_then_a_legal_play(long_63, tmp_path):
    save = tmp_path / "out.jsonl"
    proc = run_play(
        "--load", long_63, "--lang", "en", "--save", str(save), stdin="24/18 13/11\n24/15\n"
    )
    out = proc.stdout
    assert proc.returncode == 0
    assert "24/18 13/11 is not a legal play with 6-3. Type list to see the legal plays." in out
    assert "White plays 24/15." in out
    assert out.index("not a legal play") < out.index("White plays 24/15.")
    assert read_records(save)[3] == {"type": "play", "play": "24/15"}


def test_malformed_input_and_non_canonical_notation(tmp_path):
    path = write_records(tmp_path / "g.jsonl", LONG_63[:2] + [{"type": "roll", "dice": [3, 3]}])
    proc = run_play("--load", path, "--lang", "en", stdin="hello\n24/x\n24/21/18(2)\n")
    out = proc.stdout
    assert "Cannot read “hello”." in out
    assert "Cannot read “24/x”." in out and "is not a point" in out
    assert "White plays 24/18(2)." in out


def test_list_and_choose_by_number(tmp_path):
    path = write_records(
        tmp_path / "g.jsonl",
        [
            {"type": "setup", "variant": "short"},
            {"type": "opening", "white": 6, "black": 5},
        ],
    )
    proc = run_play("--load", path, "--lang", "en", stdin="list\n99\n0\n2\n")
    out = proc.stdout
    assert "Legal plays with 6-5:" in out
    assert "1) 24/13" in out and "7) 8/3 8/2" in out
    assert "There is no play number 99: choose 1 to 7." in out
    assert "There is no play number 0: choose 1 to 7." in out
    assert "White plays 24/18 13/8." in out


def test_single_checker_moves_undo_and_ok(long_63):
    script = [
        "undo",  # nothing to take back yet
        "ok",  # nothing moved yet
        "m 24/20",  # not a legal step with 6-3
        "m 24/18",
        "ok",  # not finished
        "undo",
        "m 24/21",
        "m 21/15",
        "ok",
    ]
    proc = run_play("--load", long_63, "--lang", "en", stdin="\n".join(script) + "\n")
    out = proc.stdout
    expected = [
        "There is no checker move to take back.",
        "No checker has moved yet",
        "24/20 is not a legal checker move now. Possible: 24/21, 24/18",
        "Moved 24/18.",
        "The play is not finished; still possible: 18/15",
        "Took back 24/18.",
        "Moved 24/21.",
        "Moved 21/15.",
        "The play 24/15 is complete: ok to confirm, undo to take back.",
        "White plays 24/15.",
    ]
    pos = 0
    for text in expected:
        found = out.find(text, pos)
        assert found >= 0, f"{text!r} not found in order in:\n{out}"
        pos = found
    assert "Black rolls" in out


def test_a_multi_die_step_is_undone_at_once_and_bare_notation_continues(long_63):
    proc = run_play("--load", long_63, "--lang", "en", stdin="m 24/15\nundo\nm 24/18\n18/15\nok\n")
    out = proc.stdout
    assert "Moved 24/15." in out and "Took back 24/15." in out
    assert "Moved 18/15." in out
    assert "White plays 24/15." in out


def test_ambiguous_play_is_explained(tmp_path):
    position = {
        "turn": "black",
        "black": side({22: 1, 20: 2, 13: 4, 10: 1, 7: 2, 6: 2, 3: 3}),
        "white": side({24: 1, 23: 1, 20: 1, 4: 1, 2: 5, 1: 5}, bar=1),
    }
    path = write_records(
        tmp_path / "g.jsonl",
        [
            {"type": "setup", "variant": "short", "position": position},
            {"type": "roll", "dice": [1, 5]},
        ],
    )
    proc = run_play("--load", path, "--lang", "en", stdin="7/2/1\n7/2*/1*\n")
    out = proc.stdout
    assert "7/2/1 can mean several plays: 7/1* | 7/2*/1*." in out
    assert "Black plays 7/2*/1*." in out
    assert "White: pips" in out and "on the bar 1" in out


def test_no_legal_move_passes_the_turn(tmp_path):
    """White on the bar against a closed board (S-3) cannot move with any roll."""
    position = {
        "turn": "white",
        "white": side({6: 14}, bar=1),
        "black": side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3}),
    }
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": position}]
    )
    proc = run_play("--load", path, "--lang", "en", "--seed", "1", stdin="\n\n")
    out = proc.stdout
    passed = re.search(r"White rolls \d-\d\.\nWhite cannot move with \d-\d\.\n", out)
    assert passed and "Black rolls" in out[passed.end() :]
    ru = run_play("--load", path, "--lang", "ru", "--seed", "1", stdin="\n\n")
    assert re.search(r"Белые: с \d-\d ходить нечем\.", ru.stdout)


@pytest.mark.parametrize(
    "variant,white,black,lang,expected",
    [
        ("long", {1: 1}, {24: 15}, "en", "White wins: mars. Points: 2."),
        ("long", {1: 1}, {24: 14}, "ru", "Белые победили: ойн. Очки: 1."),
        ("short", {1: 1}, {13: 14, 19: 1}, "en", "White wins: backgammon. Points: 3."),
        ("short", {1: 1}, {13: 15}, "ru", "Белые победили: марс. Очки: 2."),
        ("short", {1: 1}, {13: 14}, "en", "White wins: single game. Points: 1."),
    ],
)
def test_the_result_at_the_end(tmp_path, variant, white, black, lang, expected):
    position = {"turn": "white", "white": side(white), "black": side(black)}
    path = write_records(
        tmp_path / "g.jsonl",
        [
            {"type": "setup", "variant": variant, "position": position},
            {"type": "roll", "dice": [2, 1]},
        ],
    )
    proc = run_play("--load", path, "--lang", lang, stdin="1/off\n")
    assert proc.returncode == 0, proc.stderr
    assert expected in proc.stdout
    assert ("Game over." if lang == "en" else "Партия окончена.") in proc.stdout


# -- Russian ---------------------------------------------------------------------------


def test_russian_commands_and_messages(long_63):
    script = ["помощь", "список", "м 24/18", "отмена", "бла", "м 24/15", "доска", "ок"]
    proc = run_play("--load", long_63, "--lang", "ru", stdin="\n".join(script) + "\n")
    out = proc.stdout
    assert "Длинные нарды. Наберите ? для справки." in out
    assert "Команды:" in out and "отмена (о)" in out
    assert "Возможные ходы с 6-3:\n  1) 24/15" in out
    assert "Сделан ход 24/18." in out and "Ход 24/18 отменён." in out
    assert "Не понял «бла»." in out
    assert "Ход 24/15 закончен: ок — подтвердить, отмена — вернуть." in out
    assert "Белые сыграли 24/15." in out
    assert "Чёрные: выпало" in out
    assert "Ввод закончился: игра прервана." in out


@pytest.mark.parametrize("locale,expected", [("ru_RU.UTF-8", "Жребий"), ("en_US.UTF-8", "toss")])
def test_language_defaults_to_the_locale(locale, expected):
    proc = run_play("--seed", "1", stdin="", lang_env=locale)
    assert expected in proc.stdout


# -- leaving ---------------------------------------------------------------------------


def test_quit_asks_to_confirm_and_the_partial_record_is_saved(long_63, tmp_path):
    save = tmp_path / "partial.jsonl"
    proc = run_play(
        "--load", long_63, "--lang", "en", "--save", str(save), stdin="quit\nn\nq\nmaybe\ny\n"
    )
    out = proc.stdout
    assert proc.returncode == 0
    assert out.count("Quit the game? (y/n)") == 3
    assert "Please answer y or n." in out
    assert "Game abandoned." in out
    game = Game.replay(read_records(save))
    assert game.phase == "move" and game.dice == (6, 3)


def test_end_of_input_exits_cleanly():
    proc = run_play("--variant", "short", "--seed", "2", "--lang", "en", stdin="")
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert "Input ended: game abandoned." in proc.stdout
    assert "Traceback" not in proc.stdout


def test_save_failure_is_reported(long_63, tmp_path):
    target = tmp_path / "no" / "such" / "dir" / "g.jsonl"
    proc = run_play("--load", long_63, "--lang", "en", "--save", str(target), stdin="")
    assert proc.returncode == 1
    assert "Cannot save the game record to" in proc.stdout


# -- options and their errors ----------------------------------------------------------


def test_rule_options_are_applied_and_recorded(tmp_path):
    save = tmp_path / "g.jsonl"
    proc = run_play(
        "--variant",
        "нарды",
        "-o",
        "block_check=every-move",
        "--option",
        "last-roll-draw=yes",
        "--lang",
        "en",
        "--seed",
        "4",
        "--save",
        str(save),
        stdin="",
    )
    assert proc.returncode == 0, proc.stderr
    assert "Rule options: block_check=every-move, last_roll_draw=True" in proc.stdout
    setup = read_records(save)[0]
    assert setup["variant"] == "long"
    assert setup["options"]["block_check"] == "every-move"
    assert setup["options"]["last_roll_draw"] is True


def test_cube_rules_of_c3_are_options(tmp_path):
    """C-3: «даве» (arithmetic cube), max_doubles and gammons_with_cube from the
    command line reach the match's cube rules and its saved record."""
    save = tmp_path / "m.jsonl"
    proc = run_play(
        "--variant",
        "short",
        "--match",
        "3",
        "--cube-progression",
        "arithmetic",
        "--max-doubles",
        "2",
        "--no-gammons-with-cube",
        "--lang",
        "en",
        "--seed",
        "3",
        "--save",
        str(save),
        stdin="",
    )
    assert proc.returncode == 0, proc.stderr
    header = read_records(save)[0]
    assert header["type"] == "match"
    cube = header["cube"]
    assert (cube["progression"], cube["max_doubles"], cube["gammons_with_cube"]) == (
        "arithmetic",
        2,
        False,
    )
    bad = run_play("--variant", "short", "--cube-progression", "fibonacci", stdin="")
    assert bad.returncode == 2 and "fibonacci" in bad.stderr


@pytest.mark.parametrize(
    "args,lang,message",
    [
        (["--variant", "chess"], "en", "unknown variant “chess”; known: short"),
        (["--variant", "шахматы"], "ru", "неизвестный вариант «шахматы»"),
        (["-o", "block_check"], "en", "write a rule option as name=value"),
        (["-o", "=every-move"], "en", "write a rule option as name=value"),
        (["-o", "no_such=1"], "en", "unknown rule option “no_such”; long has: opening"),
        (
            ["-o", "block_check=sometimes"],
            "en",
            "rule option block_check takes one of end-of-turn, every-move, not “sometimes”",
        ),
        (
            ["-o", "last_roll_draw=maybe"],
            "ru",
            "опция правил last_roll_draw принимает одно из значений false, true, а не «maybe»",
        ),
        (
            ["--variant", "short", "-o", "block_check=every-move"],
            "en",
            "rule option block_check is a rule of the other nardy family and means nothing"
            " in short; short takes: no_hit_and_hide, scoring",
        ),
        (
            ["--variant", "long", "-o", "no_hit_and_hide=true"],
            "ru",
            "опция правил no_hit_and_hide относится к другому семейству нард",
        ),
        (["--lang", "de"], None, "Invalid value for '--lang'"),
        (["--seed", "abc"], "en", "Invalid value for '--seed'"),
    ],
)
def test_bad_options_give_a_clear_error(args, lang, message):
    proc = run_play(*args, *(["--lang", lang] if lang else []), stdin="1\n")
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""


def test_bad_saved_games_are_rejected(tmp_path, long_63):
    not_json = tmp_path / "bad.jsonl"
    not_json.write_text(json.dumps(LONG_63[0]) + "\n{oops\n", encoding="utf-8")
    proc = run_play("--load", str(not_json), "--lang", "en")
    assert proc.returncode == 2 and "line 2 is not JSON" in proc.stderr

    bad_play = {"type": "play", "play": "24/18"}
    illegal = write_records(tmp_path / "illegal.jsonl", LONG_63 + [bad_play])
    proc = run_play("--load", illegal, "--lang", "ru")
    assert proc.returncode == 2
    assert "не удалось загрузить партию" in proc.stderr and "строка 4:" in proc.stderr

    proc = run_play("--load", str(tmp_path / "missing.jsonl"), "--lang", "en")
    assert proc.returncode == 2 and "cannot load the game from" in proc.stderr

    proc = run_play("--load", long_63, "--variant", "short", "--lang", "en")
    assert proc.returncode == 2 and "--load takes the variant" in proc.stderr


# == matches, the cube, resignations, the computer, hints (issue 3 part 6, issue 4 part 5) ==


class Driver:
    """``nardy play ARGS`` in a subprocess, answered prompt by prompt: ``prompt()`` waits
    until the program asks for a line (its output ends with "> ") and returns that
    prompt; ``send`` answers it."""

    def __init__(self, *args: str, lang_env: str = "C.UTF-8") -> None:
        env = subprocess_env(lang_env)
        env["PYTHONUNBUFFERED"] = "1"
        self.proc = subprocess.Popen(
            [str(NARDY), "play", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.chunks: queue.Queue[bytes | None] = queue.Queue()
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.out = ""
        self.mark = 0  # output before this index was answered already
        self.ended = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while chunk := os.read(fd, 65536):
            self.chunks.put(chunk)
        self.chunks.put(None)

    def prompt(self, timeout: float = 120) -> str | None:
        """The next prompt line, or None when the program has ended."""
        while not self.ended:
            tail = self.out[self.mark :]
            if tail.endswith("> "):
                try:  # a prompt is the last thing printed before reading
                    chunk = self.chunks.get(timeout=0.05)
                except queue.Empty:
                    return tail.rsplit("\n", 1)[-1]
            else:
                chunk = self.chunks.get(timeout=timeout)
            if chunk is None:
                self.out += self.decoder.decode(b"", final=True)
                self.ended = True
            else:
                self.out += self.decoder.decode(chunk)
        return None

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        self.mark = len(self.out)

    def finish(self, timeout: float = 60) -> tuple[int, str]:
        """Close the input and return the exit status and standard error."""
        assert self.proc.stdin is not None and self.proc.stderr is not None
        with contextlib.suppress(BrokenPipeError):
            self.proc.stdin.close()
        while self.prompt() is not None:
            pass
        rc = self.proc.wait(timeout=timeout)
        return rc, self.proc.stderr.read().decode()


MOVE_PROMPT = re.compile(r"^(White|Black) (\d(?:-\d)+)> $")
ROLL_PROMPT = re.compile(r"^(White|Black): roll or double\? \(Enter = roll\) > $")
TAKE_PROMPT = re.compile(r"^(White|Black): take(?:, pass or beaver| or pass)\? > $")
RESIGN_PROMPT = re.compile(r"^(White|Black): accept the resignation\? \(y/n\) > $")


def _kind(prompt: str) -> tuple[str, str]:
    for kind, pattern in (
        ("move", MOVE_PROMPT),
        ("roll", ROLL_PROMPT),
        ("take", TAKE_PROMPT),
        ("resign", RESIGN_PROMPT),
    ):
        m = pattern.match(prompt)
        if m:
            return kind, m.group(1)
    raise AssertionError(f"unknown prompt {prompt!r}")


def _game_number(out: str) -> int:
    return len(re.findall(r"^— Game \d+ of the match", out, re.M))


def test_a_three_point_match_with_the_cube_and_the_crawford_game(tmp_path):
    """C-3, C-4: game 1 is doubled and passed; in game 2 a double is taken and the
    loser of game 1 is conceded two points by a resignation (the first, higher offer is
    rejected); game 3 is the Crawford game, where a double is refused and the game is
    played to the end; any later game is doubled and passed until the match ends."""
    save = tmp_path / "match.jsonl"
    d = Driver(
        "--variant", "short", "--match", "3", "--seed", "5", "--lang", "en", "--save", str(save)
    )
    first_winner = None  # "White" or "Black": who won game 1 (player 1 is always White)
    doubled: set[int] = set()
    crawford_double_tried = False
    resign_offers = 0
    for _ in range(5000):
        prompt = d.prompt()
        if prompt is None:
            break
        kind, color = _kind(prompt)
        game = _game_number(d.out)
        if game == 2 and first_winner is None:
            first_winner = "White" if "Score: Player 1 1, Player 2 0" in d.out else "Black"
        answer = {"move": "1", "roll": "", "take": "take", "resign": "y"}[kind]
        if kind == "roll" and game != 3 and game not in doubled:
            answer = "double"
            doubled.add(game)
        elif kind == "take" and game != 2:
            answer = "pass"
        elif kind == "resign":
            answer = "n" if resign_offers == 1 else "y"
        elif kind == "move" and game == 2 and color == first_winner and "takes the double" in d.out:
            resign_offers += 1
            answer = "resign 2" if resign_offers == 1 else "resign"
        elif kind == "move" and game == 3 and not crawford_double_tried:
            crawford_double_tried = True
            answer = "double"
        d.send(answer)
    rc, err = d.finish()
    out = d.out
    assert rc == 0, err
    assert err == ""
    # game 1: doubled and passed
    g1 = out[: out.index("— Game 2 ")]
    doubler = re.search(
        r"^(White|Black) \(Player \d\) doubles: the game would be played for 2\.", g1, re.M
    )
    assert doubler, g1[-2000:]
    taker = "Black" if doubler.group(1) == "White" else "White"
    assert f"{taker} (Player " in g1 and f"{taker}: take or pass? > pass" in g1
    assert re.search(
        rf"{doubler.group(1)} \(Player \d\) wins \(double passed\): single game\. "
        r"Points: 1\.",
        g1,
    )
    # game 2: doubled and taken, a resignation rejected, then one accepted
    g2 = out[out.index("— Game 2 ") : out.index("— Game 3 ")]
    assert re.search(
        r"(White|Black) \(Player \d\) takes the double\.\nCube: 2, owned by "
        r"(White|Black)\.",
        g2,
    )
    assert re.search(r"offers to resign: gammon, 4 points\.", g2)
    assert "rejects the resignation: play goes on." in g2
    assert re.search(r"offers to resign: single game, 2 points\.", g2)
    assert "accepts the resignation." in g2 and "(resignation): single game. Points: 2." in g2
    # game 3: the Crawford game, visible in every view; a double is refused there
    g3 = out[out.index("— Game 3 ") :]
    assert "This is the Crawford game: Player " in g3
    status = re.search(
        r"^Match to 3: Player 1 \(White\) (\d) : (\d) Player 2 \(Black\); "
        r"Crawford game: no doubling$",
        g3,
        re.M,
    )
    assert status and {status.group(1), status.group(2)} == {"1", "2"}
    assert "Cube: not used in the Crawford game." in g3
    refused = re.search(
        r"^((?:White|Black) \d-\d> )double\nNo doubling in the Crawford game "
        r"\(C-4\)\.\n(.*)$",
        g3,
        re.M,
    )
    assert refused and refused.group(2).startswith(refused.group(1)), "the same prompt again"
    assert "roll or double" not in g3[: g3.find("— Game 4 ") if "— Game 4 " in g3 else None]
    assert "Game over." in g3
    # the match result, and the saved record replays into the same match
    result = re.search(r"Match over: Player (\d) wins the match (\d)–(\d)\.", out)
    assert result, out[-3000:]
    match = Match.replay(read_records(save))
    assert match.is_over and match.winner == int(result.group(1)) - 1
    assert max(match.score) == int(result.group(2)) and min(match.score) == int(result.group(3))
    assert match.is_crawford(2) and not match.is_crawford(1)
    kinds = [[r["type"] for r in g.records] for g in match.games]
    assert kinds[0].count("double") == 1 and kinds[0][-1] == "pass"
    assert [k for k in kinds[1] if k in ("double", "take")] == ["double", "take"]
    assert kinds[1][-4:] == ["resign", "reject", "resign", "accept"]
    assert [r.get("level") for r in match.games[1].records if r["type"] == "resign"] == [2, 1]
    assert "double" not in kinds[2]  # the refused double changed nothing
    assert match.games[1].outcome is not None and match.games[1].outcome.value == 2
    assert f"Match record saved to {save}" in out


def _oracle(
    position: dict[str, Any],
    offered_by: str | None = None,
    level: str = "expert",
    cube: dict[str, Any] | None = None,
) -> str:
    """The bots' own cube decision (the engine handler), which the computer must follow."""
    from nardy.engine.bots import cube as engine_cube

    state = {"value": 1, "owner": None, **(cube or {}), "offered_by": offered_by}
    return str(
        engine_cube({"variant": "short", "position": position, "cube": state, "level": level})[
            "action"
        ]
    )


RACE_BLACK_AHEAD = {  # black on roll, far ahead in a race; white has borne one off
    "turn": "black",
    "black": side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}),
    "white": side({6: 5, 5: 5, 4: 3, 3: 1}),
}
WHITE_WINS_NEXT_ROLL = {
    "turn": "white",
    "white": side({1: 2}),
    "black": side({6: 5, 5: 5, 4: 4}),
}
OPENING_WHITE_ON_ROLL = {
    "turn": "white",
    "white": side({24: 2, 13: 5, 8: 3, 6: 5}),
    "black": side({24: 2, 13: 5, 8: 3, 6: 5}),
}
WHITE_GAMMONED = {  # black bears off its last five before white gets home
    "turn": "white",
    "white": side({12: 3, 11: 3, 10: 3, 9: 3, 8: 3}),
    "black": side({1: 2, 2: 2, 3: 1}),
}


def test_the_computer_doubles_and_wins_when_the_double_is_passed(tmp_path):
    assert _oracle(RACE_BLACK_AHEAD) == "double"
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": RACE_BLACK_AHEAD}]
    )
    save = tmp_path / "out.jsonl"
    proc = run_play(
        "--load",
        path,
        "--vs-computer",
        "--level",
        "1",
        "--lang",
        "en",
        "--seed",
        "3",
        "--save",
        str(save),
        stdin="maybe\nbeaver\npass\n",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "You play against the computer (level: casual, 1)." in out
    assert "Black (Computer) doubles: the game would be played for 2." in out
    assert "White: take or pass? > maybe\nAnswer the double: take, pass." in out
    assert "A beaver is not allowed here (money play with --beavers only)." in out
    assert "White (Player) passes the double." in out
    assert "Black (Computer) wins (double passed): single game. Points: 1." in out
    assert [r["type"] for r in read_records(save)] == ["setup", "double", "pass"]


@pytest.mark.parametrize(
    "position,beavers",
    [
        (WHITE_WINS_NEXT_ROLL, False),
        (OPENING_WHITE_ON_ROLL, False),
        (OPENING_WHITE_ON_ROLL, True),
    ],
)
def test_the_computer_answers_a_double_with_the_bots_decision(tmp_path, position, beavers):
    """C-3: the computer takes, passes or beavers as the bots' cube logic says."""
    rules = {"beavers": beavers}
    right = _oracle(position, offered_by="white", cube={"rules": rules} if beavers else None)
    if right == "beaver" and not beavers:
        right = "take"
    setup = {
        "type": "setup",
        "variant": "short",
        "position": position,
        "cube": {"rules": rules, "value": 1, "owner": None, "doubles": 0},
    }
    path = write_records(tmp_path / "g.jsonl", [setup])
    proc = run_play(
        "--load",
        path,
        "--vs-computer",
        "black",
        "--level",
        "beginner",
        "--lang",
        "en",
        "--seed",
        "1",
        stdin="double\n",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "White: roll or double? (Enter = roll) > double" in out
    verb = {
        "take": "takes the double.",
        "pass": "passes the double.",
        "beaver": "beavers: takes and at once redoubles, keeping the cube.",
    }[right]
    assert f"Black (Computer) {verb}" in out
    if right == "pass":
        assert "White (Player) wins (double passed): single game. Points: 1." in out
    else:
        value = 4 if right == "beaver" else 2
        assert f"Cube: {value}, owned by Black." in out
        assert "White rolls" in out  # the doubler rolls on


def test_the_computers_answers_differ_by_position():
    """The positions above exercise both answers (the test above can fail)."""
    assert _oracle(WHITE_WINS_NEXT_ROLL, offered_by="white") == "pass"
    assert _oracle(OPENING_WHITE_ON_ROLL, offered_by="white") in ("take", "beaver")


def test_the_computer_answers_resignations(tmp_path):
    """A single game is refused when a gammon is all but certain; a backgammon is
    accepted (before the roll, at the roll-or-double prompt)."""
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": WHITE_GAMMONED}]
    )
    proc = run_play(
        "--load",
        path,
        "--vs-computer",
        "--level",
        "0",
        "--lang",
        "en",
        stdin="resign\nresign 9\nresign 3\n",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "White (Player) offers to resign: single game, 1 point." in out
    assert "Black (Computer) rejects the resignation: play goes on." in out
    assert "Resign with a level from 1 to 3: 1 single game, 2 gammon, 3 backgammon." in out
    assert "White (Player) offers to resign: backgammon, 3 points." in out
    assert "Black (Computer) accepts the resignation." in out
    assert "Black (Computer) wins (resignation): backgammon. Points: 3." in out


@pytest.mark.parametrize("answer", ["y", "n"])
def test_the_computer_resigns_a_certain_gammon(tmp_path, answer):
    """The computer, on roll and gammoned for certain, offers to resign a gammon
    (``nardy.bots.resign``); accepted, the game ends there; refused, it rolls on and
    does not offer the gammon again."""
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": WHITE_GAMMONED}]
    )
    save = tmp_path / "out.jsonl"
    proc = run_play(
        "--load",
        path,
        "--vs-computer",
        "white",
        "--level",
        "expert",
        "--lang",
        "en",
        "--seed",
        "5",
        "--save",
        str(save),
        stdin=f"{answer}\n",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "White (Computer) offers to resign: gammon, 2 points." in out
    assert "Black: accept the resignation? (y/n) > " in out
    if answer == "y":
        assert "Black (Player) accepts the resignation." in out
        assert "Black (Player) wins (resignation): gammon. Points: 2." in out
        assert [r["type"] for r in read_records(save)] == ["setup", "resign", "accept"]
    else:
        assert "Black (Player) rejects the resignation: play goes on." in out
        assert out.count("offers to resign") == 1
        assert "White rolls" in out


def test_a_game_against_the_computer_to_the_end(tmp_path):
    """Issue 4: the computer plays its side (its plays are printed, it is never asked);
    the same seed gives the same game."""
    save = tmp_path / "g.jsonl"
    args = (
        "--variant",
        "long",
        "--vs-computer",
        "white",
        "--level",
        "beginner",
        "--seed",
        "8",
        "--lang",
        "en",
    )
    proc = run_play(*args, "--save", str(save), stdin="1\n" * 600)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "You play against the computer (level: beginner, 0)." in out
    toss = re.search(r"Opening toss: Computer rolls (\d), Player rolls (\d)\.", out)
    assert toss, out[:600]
    assert "Game over." in out
    records = read_records(save)
    game = Game.replay(records)
    assert game.phase == "over" and game.outcome is not None
    # whichever colour the toss gave it, the computer is never prompted
    computer = "White" if int(toss.group(1)) > int(toss.group(2)) else "Black"
    assert re.search(rf"^{computer} \d-\d> ", out, re.M) is None
    computer_plays = re.findall(
        rf"^— Turn \d+: {computer} \(Computer\) —\n(?:.*\n)??"
        rf"{computer} plays (.+)\.$",
        out,
        re.M,
    )
    assert len(computer_plays) >= 10
    winner = game.outcome.winner
    assert winner is not None
    kind = "oin \\(single game\\)|mars"
    assert re.search(rf"{winner.capitalize()} \((Computer|Player)\) wins: ({kind})\.", out)
    again = run_play(*args, stdin="1\n" * 600)
    assert again.stdout == out.replace(
        f"Game record saved to {save} ({len(records)} records).\n",
        "To keep the game record, run with --save FILE.\n",
    )


@pytest.mark.parametrize("variant", ["crazy-gulbara", "fevga"])
def test_segment_variants_against_the_computer(tmp_path, variant):
    """V-CGUL/V-FEVGA: turns of several segments (sequences of doubles, moves passed to
    the opponent) are played by both the person and the computer to the end."""
    save = tmp_path / "g.jsonl"
    proc = run_play(
        "--variant",
        variant,
        "--vs-computer",
        "--level",
        "0",
        "--seed",
        "4",
        "--lang",
        "en",
        "--save",
        str(save),
        stdin="1\n" * 900,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Game over." in proc.stdout
    game = Game.replay(read_records(save))
    assert game.phase == "over"
    assert any(len(t.dice) != 2 or t.dice[0] == t.dice[1] for t in game.turns)


def test_review_at_the_end_of_a_game(tmp_path):
    """``--review``: after the game the computer lists the mistakes, pictures the game's
    course and rates both players; nothing is reviewed when the game is abandoned."""
    args = (
        "--variant",
        "long",
        "--vs-computer",
        "white",
        "--level",
        "beginner",
        "--seed",
        "8",
        "--lang",
        "en",
        "--review",
    )
    proc = run_play(*args, stdin="1\n" * 600)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    review = out[out.index("The computer reviews the play (0 ply)") :]
    assert "Game over." not in review  # the review comes after the game
    assert "White's equity after each play" in review
    assert re.search(r"^[▁▂▃▄▅▆▇█]{10,}$", review, re.M)
    assert "players" in review and "white" in review and "black" in review
    assert "игроки" not in review  # the review is in the game's language only
    assert "very bad" in review  # playing the first listed play is often a blunder
    quit_early = run_play(*args, stdin="1\n" * 3)
    assert "The computer reviews" not in quit_early.stdout


def test_hint_ranks_the_plays_of_the_roll(tmp_path):
    """Issue 4: ``hint`` lists the best plays with equities (the bots' ranking); the
    number shown plays it."""
    from nardy.bots import Bot
    from nardy.variants import find_variant

    records = [{"type": "setup", "variant": "short"}, {"type": "opening", "white": 6, "black": 4}]
    path = write_records(tmp_path / "g.jsonl", records)
    game = Game.replay(records)
    ranked = Bot(find_variant("short"), "advanced").rank(game.position, (6, 4), 1)
    proc = run_play("--load", path, "--lang", "en", stdin="hint 7\nhint\n")
    out = proc.stdout
    assert "Write hint or hint N with a depth N from 0 to 2." in out
    # the number shown is the play's number in the list the list command shows
    assert (
        "Hint for 6-4 (depth 1, cubeless equity), best play first. The number before a play "
        "is its number in the list of legal plays (list): type it to make that play."
    ) in out
    rows = re.findall(r"^  ([+-]\d\.\d{3}) (?:[+-]\d\.\d{3}| {6}) +(\d+)\) (.+)$", out, re.M)
    assert len(rows) == 5
    assert [float(r[0]) for r in rows] == [round(r.equity, 3) for r in ranked[:5]]
    assert [r[2] for r in rows] == [str(r.play) for r in ranked[:5]]
    number, best = rows[0][1], rows[0][2]
    listed = list(game.legal_plays())
    assert str(listed[int(number) - 1]) == best
    proc = run_play("--load", path, "--lang", "en", stdin=f"hint 0\n{number}\n")
    assert f"White plays {best}." in proc.stdout
    russian = run_play("--load", path, "--lang", "ru", stdin="подсказка 0\n").stdout
    assert (
        "Число перед ходом — его номер в списке возможных ходов (команда «список»): "
        "наберите его, чтобы сыграть этот ход."
    ) in russian


def test_hint_in_a_match_ranks_by_match_equity_c4(tmp_path):
    """In a match the hint ranks the plays for the score, as the computer plays them:
    at double match point the quiet 13/6, not the money blitz 8/5*/1*."""
    from nardy.notation.position_id import decode_id
    from nardy.terminal.computer import MatchScore, hint_bot, rank_at_score
    from nardy.variants import find_variant

    short = find_variant("short")
    game = Game(short, position=decode_id("short", "2K6DASF2cxsEAA", "black"))
    game.roll(4, 3)
    money = rank_at_score(hint_bot(short), game, None, 0)
    at_dmp = rank_at_score(hint_bot(short), game, MatchScore(7, 6, 6), 0)
    assert (str(money[0][0]), str(at_dmp[0][0])) == ("8/5*/1*", "13/6")
    proc = run_play(
        "--variant", "short", "--match", "7", "--seed", "1", "--lang", "en", stdin="hint 0\n"
    )
    assert proc.returncode == 0, proc.stderr
    assert "(depth 0, match equity at the score, 2·MWC − 1), best play first." in proc.stdout


def test_cube_hint_before_the_roll(tmp_path):
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": RACE_BLACK_AHEAD}]
    )
    proc = run_play("--load", path, "--lang", "en", stdin="hint\n")
    from nardy.engine.bots import cube as engine_cube

    proper = engine_cube({"variant": "short", "position": RACE_BLACK_AHEAD, "level": "expert"})[
        "proper"
    ]
    expected = {
        "double-take": "double, take",
        "double-pass": "double, pass",
        "no-double": "no double",
        "too-good": "too good to double: play on for the gammon, pass",
    }[proper]
    assert re.search(
        rf"Cube hint: {expected} \(no double [+-]\d\.\d{{3}}, double/take "
        r"[+-]\d\.\d{3}, double/pass \+1\.000\)\.",
        proc.stdout,
    )


def test_cube_hint_in_a_small_bear_off_is_exact(tmp_path):
    """Money bear-offs of up to six checkers a side: the hint's equities come from the
    two-sided database, and it says so (ru/en)."""
    position = {"turn": "white", "white": side({6: 2, 5: 1}), "black": side({4: 2, 2: 1})}
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": position}]
    )
    english = run_play("--load", path, "--lang", "en", stdin="hint\n")
    assert "These equities are exact: from the bear-off database." in english.stdout
    russian = run_play("--load", path, "--lang", "ru", stdin="подсказка\n")
    assert "Эти эквити точные: из базы выбрасывания." in russian.stdout
    contact = run_play("--lang", "en", "--seed", "1", stdin="hint\n")
    assert "exact" not in contact.stdout


def test_a_russian_game_with_the_cube_hint_and_resignation(tmp_path):
    position = dict(OPENING_WHITE_ON_ROLL, turn="black")
    path = write_records(
        tmp_path / "g.jsonl", [{"type": "setup", "variant": "short", "position": position}]
    )
    script = [
        "?",
        "удвоить",
        "бобёр",
        "принять",
        "подсказка",
        "удвоить",
        "сдаться 5",
        "сдаться 2",
        "нет",
        "сдаться",
        "д",
    ]
    proc = run_play("--load", path, "--lang", "ru", "--seed", "2", stdin="\n".join(script) + "\n")
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Короткие нарды" in out and "Наберите ? для справки." in out
    assert "Кубик удвоения: 1, в центре." in out
    assert "Чёрные: бросить или удвоить? (Enter — бросить) > ?\nПеред броском:" in out
    assert "Чёрные удваивают: ставка в партии станет 2." in out
    assert "«Бобёр» здесь не разрешён (только в игре на деньги с --beavers)." in out
    assert "Белые: принять или отказаться? > принять\nБелые принимают удвоение." in out
    assert "Кубик удвоения: 2, у белых." in out
    assert "Чёрные: выпало" in out
    assert re.search(r"Подсказка для \d-\d \(глубина 1, эквити без кубика", out)
    assert "Кубик у белых: удваивать может только его владелец." in out
    assert "Уровень сдачи — от 1 до 3: 1 простая победа, 2 марс, 3 кокс." in out
    assert "Чёрные предлагают сдаться: марс, 4 очка." in out
    assert "Белые не принимают сдачу: игра продолжается." in out
    assert "Чёрные предлагают сдаться: простая победа, 2 очка." in out
    assert "Белые принимают сдачу." in out
    assert "Белые победили (сдача): простая победа. Очки: 2." in out


# -- bad input: nothing changes -----------------------------------------------------------


def test_a_double_that_is_not_allowed_changes_nothing(long_63, tmp_path):
    save = tmp_path / "g.jsonl"
    proc = run_play(
        "--load", long_63, "--lang", "en", "--save", str(save), stdin="double\nудвоить\n24/15\n"
    )
    out = proc.stdout
    message = "The doubling cube is not used in this game (in long nardy start with --cube)."
    assert out.count(message) == 2
    assert "White plays 24/15." in out
    saved = read_records(save)
    assert [r["type"] for r in saved[:4]] == ["setup", "opening", "roll", "play"]
    assert saved[3] == {"type": "play", "play": "24/15"}
    assert all(r["type"] in ("roll", "play") for r in saved[4:])  # no double recorded

    short = write_records(
        tmp_path / "s.jsonl",
        [{"type": "setup", "variant": "short"}, {"type": "opening", "white": 6, "black": 4}],
    )
    proc = run_play("--load", short, "--lang", "en", stdin="double\nroll\n")
    assert "A double is offered before rolling, not after." in proc.stdout
    assert "Cannot read “roll”." in proc.stdout  # not a command once the dice are rolled


def test_garbage_at_the_roll_prompt(tmp_path):
    path = write_records(
        tmp_path / "g.jsonl",
        [{"type": "setup", "variant": "short", "position": OPENING_WHITE_ON_ROLL}],
    )
    save = tmp_path / "out.jsonl"
    proc = run_play(
        "--load", path, "--lang", "en", "--seed", "1", "--save", str(save), stdin="13/7\n\n"
    )
    out = proc.stdout
    assert (
        "White: roll or double? (Enter = roll) > 13/7\nPress Enter (or type roll) to roll, "
        "or type double to double; ? for help." in out
    )
    assert "White rolls" in out
    assert [r["type"] for r in read_records(save)] == ["setup", "roll"]


# -- long nardy: the cube by option, matches and L-4 ---------------------------------------------


def test_long_nardy_with_the_cube(tmp_path):
    save = tmp_path / "g.jsonl"
    proc = run_play(
        "--variant",
        "long",
        "--cube",
        "--seed",
        "6",
        "--lang",
        "en",
        "--save",
        str(save),
        stdin="double\ntake\n",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Cube: 1, in the middle." in out
    assert "White doubles: the game would be played for 2." in out
    assert "Black takes the double.\nCube: 2, owned by Black." in out
    game = Game.replay(read_records(save))
    assert game.cube.value == 2 and game.cube.owner == "black"


def test_a_long_nardy_match_follows_l4(tmp_path):
    """L-4: the winner of a game starts the next one as White; no cube (C-5)."""
    save = tmp_path / "m.jsonl"
    proc = run_play(
        "--variant",
        "long",
        "--match",
        "2",
        "--seed",
        "9",
        "--lang",
        "en",
        "--save",
        str(save),
        stdin="1\n" * 2000,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Match to 2 points: Player 1 against Player 2." in out
    assert "Cube" not in out and "Crawford" not in out
    match = Match.replay(read_records(save))
    assert match.is_over and len(match.games) >= 2
    for i in range(1, len(match.games)):
        prev = match.games[i - 1].outcome
        assert prev is not None and prev.winner is not None
        winner = match.player_of(i - 1, prev.winner)
        assert match.whites[i] == winner
        assert (
            f"Player {winner + 1} plays White and starts: the winner of the previous "
            "game starts (L-4)."
        ) in out
    a, b = match.score
    assert (
        f"Match over: Player {match.winner + 1} wins the match {max(a, b):g}–{min(a, b):g}." in out
    )


def test_a_match_is_saved_and_continued(tmp_path):
    save = tmp_path / "m.jsonl"
    proc = run_play(
        "--variant",
        "short",
        "--match",
        "5",
        "--seed",
        "12",
        "--lang",
        "en",
        "--save",
        str(save),
        stdin="1\ndouble\ntake\n",
    )
    assert proc.returncode == 0, proc.stderr
    assert "Input ended: game abandoned." in proc.stdout
    assert f"Match record saved to {save}" in proc.stdout
    saved = read_records(save)
    assert saved[0]["type"] == "match" and saved[0]["length"] == 5
    proc = run_play("--load", str(save), "--lang", "en", "--save", str(save), stdin="1\n")
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Match to 5 points: Player 1 against Player 2." in out
    assert "— Game 1 of the match to 5 —" in out
    assert re.search(r"Cube: 2, owned by (White|Black)\.", out)
    again = read_records(save)
    assert again[: len(saved)] == saved and len(again) > len(saved)
    Match.replay(again)


@pytest.mark.parametrize(
    "args,lang,message",
    [
        (["--level", "2"], "en", "--level sets the computer's strength: give --vs-computer too."),
        (["--vs-computer", "--level", "9"], "en", "unknown level “9”; levels: 0 beginner"),
        (["--vs-computer", "--level", "гроссмейстер"], "ru", "неизвестный уровень «гроссмейстер»"),
        (["--vs-computer", "red"], "en", "Invalid value for '--vs-computer'"),
        (["--match", "-1"], "en", "Invalid value for '--match'"),
        (["--match", "3", "--beavers"], "en", "--beavers applies to money play only (--match 0)"),
        (["--match", "3", "--jacoby"], "ru", "--jacoby бывает только в игре на деньги"),
    ],
)
def test_bad_match_and_computer_options(args, lang, message):
    proc = run_play(*args, "--lang", lang, stdin="")
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_load_takes_the_match_settings_from_the_record(long_63):
    proc = run_play("--load", long_63, "--match", "3", "--lang", "en")
    assert proc.returncode == 2
    assert "--load takes the match and cube settings from the saved record" in proc.stderr


def test_bad_match_records_name_the_line(tmp_path):
    records = [
        {"type": "match", "variant": "short", "length": 3},
        {"type": "game", "white": 0},
        {"type": "setup", "variant": "long"},
    ]
    path = write_records(tmp_path / "m.jsonl", records)
    proc = run_play("--load", path, "--lang", "en")
    assert proc.returncode == 2
    assert "cannot load the game from" in proc.stderr and "line 3:" in proc.stderr


def test_a_russian_match_shows_the_score_and_the_computer(tmp_path):
    proc = run_play(
        "--variant",
        "short",
        "--match",
        "3",
        "--vs-computer",
        "white",
        "--level",
        "новичок",
        "--seed",
        "3",
        "--lang",
        "ru",
        stdin="",
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Вы играете против компьютера (уровень: новичок, 0)." in out
    assert "Матч до 3 очков: Компьютер — Игрок." in out
    assert "— Партия 1 матча до 3 —" in out
    assert "Матч до 3: Компьютер (белые) 0 : 0 Игрок (чёрные)" in out
    assert "Компьютер играет белыми, Игрок — чёрными." in out
    assert "Ввод закончился: игра прервана." in out
    assert "Чтобы сохранить" not in out  # nothing finished, nothing to suggest
