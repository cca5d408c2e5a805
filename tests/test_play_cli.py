"""``nardy play`` run for real: the installed command in a subprocess, fed scripted
standard input (issue 2, part 6)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nardy.game import Game

NARDY = Path(sys.executable).with_name("nardy")


def run_play(
    *args: str, stdin: str = "", lang_env: str = "C.UTF-8", timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """Run ``nardy play ARGS`` with ``stdin`` piped in; the locale is ``lang_env``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "FORCE_COLOR", "LANGUAGE")}
    env.update(LANG=lang_env, PYTHONIOENCODING="utf-8", NO_COLOR="1")
    return subprocess.run(
        [str(NARDY), "play", *args], input=stdin, capture_output=True, text=True,
        encoding="utf-8", env=env, timeout=timeout,
    )


def write_records(path: Path, records: list[dict[str, Any]]) -> str:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records),
                    encoding="utf-8")
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


def test_the_command_is_installed():
    assert NARDY.exists(), f"{NARDY} is missing: pip install -e ."


# -- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant,kinds",
    [("short", "single game|gammon|backgammon"), ("long", r"oin \(single game\)|mars")],
)
def test_a_whole_game_choosing_the_first_legal_play(tmp_path, variant, kinds):
    save = tmp_path / "game.jsonl"
    # An empty line rolls at the roll-or-double prompt (short nardy has the cube) and is
    # ignored at the move prompt; "1" plays the first listed play.
    proc = run_play("--variant", variant, "--seed", "7", "--lang", "en", "--save", str(save),
                    stdin="\n1\n" * 3000)
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
    proc = run_play("--variant", "длинные нарды", "--seed", "3", "--lang", "ru",
                    stdin="1\n" * 4000)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Длинные нарды.")
    assert re.search(r"Жребий: Игрок 1 — \d, Игрок 2 — \d\.", out)
    assert "Ходят белые, зары" in out and "пипсы 360" in out
    assert "Партия окончена." in out
    assert re.search(r"(Белые|Чёрные) победили: (оин|марс)\. Очки: \d\.", out)
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
    proc = run_play("--load", long_63, "--lang", "en", "--save", str(save),
                    stdin="24/18 13/11\n24/15\n")
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
    path = write_records(tmp_path / "g.jsonl", [
        {"type": "setup", "variant": "short"}, {"type": "opening", "white": 6, "black": 5},
    ])
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
    path = write_records(tmp_path / "g.jsonl", [
        {"type": "setup", "variant": "short", "position": position},
        {"type": "roll", "dice": [1, 5]},
    ])
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
    path = write_records(tmp_path / "g.jsonl",
                         [{"type": "setup", "variant": "short", "position": position}])
    proc = run_play("--load", path, "--lang", "en", "--seed", "1", stdin="\n\n")
    out = proc.stdout
    passed = re.search(r"White rolls \d-\d\.\nWhite cannot move with \d-\d\.\n", out)
    assert passed and "Black rolls" in out[passed.end():]
    ru = run_play("--load", path, "--lang", "ru", "--seed", "1", stdin="\n\n")
    assert re.search(r"Белые: с \d-\d ходить нечем\.", ru.stdout)


@pytest.mark.parametrize(
    "variant,white,black,lang,expected",
    [
        ("long", {1: 1}, {24: 15}, "en", "White wins: mars. Points: 2."),
        ("long", {1: 1}, {24: 14}, "ru", "Белые победили: оин. Очки: 1."),
        ("short", {1: 1}, {13: 14, 19: 1}, "en", "White wins: backgammon. Points: 3."),
        ("short", {1: 1}, {13: 15}, "ru", "Белые победили: марс. Очки: 2."),
        ("short", {1: 1}, {13: 14}, "en", "White wins: single game. Points: 1."),
    ],
)
def test_the_result_at_the_end(tmp_path, variant, white, black, lang, expected):
    position = {"turn": "white", "white": side(white), "black": side(black)}
    path = write_records(tmp_path / "g.jsonl", [
        {"type": "setup", "variant": variant, "position": position},
        {"type": "roll", "dice": [2, 1]},
    ])
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
    proc = run_play("--load", long_63, "--lang", "en", "--save", str(save),
                    stdin="quit\nn\nq\nmaybe\ny\n")
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
    proc = run_play("--variant", "нарды", "-o", "block_check=every-move",
                    "--option", "last-roll-draw=yes", "--lang", "en", "--seed", "4",
                    "--save", str(save), stdin="")
    assert proc.returncode == 0, proc.stderr
    assert "Rule options: block_check=every-move, last_roll_draw=True" in proc.stdout
    setup = read_records(save)[0]
    assert setup["variant"] == "long"
    assert setup["options"]["block_check"] == "every-move"
    assert setup["options"]["last_roll_draw"] is True


@pytest.mark.parametrize(
    "args,lang,message",
    [
        (["--variant", "chess"], "en", "unknown variant “chess”; known: short"),
        (["--variant", "шахматы"], "ru", "неизвестный вариант «шахматы»"),
        (["-o", "block_check"], "en", "write a rule option as name=value"),
        (["-o", "=every-move"], "en", "write a rule option as name=value"),
        (["-o", "no_such=1"], "en", "unknown rule option “no_such”; long has: opening"),
        (["-o", "block_check=sometimes"], "en",
         "rule option block_check takes one of end-of-turn, every-move, not “sometimes”"),
        (["-o", "last_roll_draw=maybe"], "ru",
         "опция правил last_roll_draw принимает одно из значений false, true, а не «maybe»"),
        (["--variant", "short", "-o", "block_check=every-move"], "en",
         "rule option block_check applies only to long nardy"),
        (["--variant", "long", "-o", "no_hit_and_hide=true"], "ru",
         "опция правил no_hit_and_hide бывает только в коротких нардах"),
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
