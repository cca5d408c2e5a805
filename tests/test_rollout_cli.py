"""``nardy rollout``: the command in process through click's ``CliRunner`` (JSON and
text in English and Russian, bad input told in the chosen language), and once as a
real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nardy.commands.rollout import command
from nardy.notation.position_id import encode_position_id
from nardy.notation.position_json import position_to_json
from nardy.position import Position

NARDY = Path(sys.executable).with_name("nardy")
#: A three-checker bear-off each (G-9): small, quick games.
BEAROFF = Position.from_points({1: 2, 2: 1}, {1: 1, 3: 2})
BEAROFF_JSON = json.dumps(position_to_json(BEAROFF))
FAST = ["--games", "36", "--quiet"]
#: White has borne off everything (G-9): no game left to play.
FINISHED_JSON = json.dumps(position_to_json(Position.from_points({}, {1: 1})))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(command, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_position_rollout_as_json() -> None:
    code, out, _ = run("--position", BEAROFF_JSON, "--no-bearoff", "--no-vr", "--json", *FAST)
    assert code == 0
    data = json.loads(out)
    assert data["kind"] == "position" and data["variant"] == "short"
    result = data["result"]
    assert result["games"] == 36 and result["ends"]["ended"] == 36
    assert len(result["probs"]) == 5 and result["equity"]["ci"] > 0
    assert data["settings"]["vr"] is False and data["settings"]["seed"] == 0


def test_the_same_seed_prints_the_same_rollout() -> None:
    args = ("--position", BEAROFF_JSON, "--no-bearoff", "--seed", "4", "--json", *FAST)
    assert run(*args)[1] == run(*args)[1]


def test_position_id_and_plays_of_a_roll() -> None:
    start = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
    pid = encode_position_id(start)
    code, out, _ = run(
        "--id", pid, "--dice", "3-1", "--top", "2", "--truncate", "2", "--json", *FAST
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["kind"] == "plays" and data["dice"] == [3, 1]
    assert [p["play"] for p in data["plays"]][0] == "8/5 6/5" and len(data["plays"]) == 2


@pytest.mark.parametrize(
    ("games", "en", "ru"),
    [("72", "72 games", "72 партии"), ("36", "36 games", "36 партий")],
)
def test_each_plays_games_are_counted_in_words(games: str, en: str, ru: str) -> None:
    """A play's line says how many games it got, in the plural each number wants."""
    args = ("--position", BEAROFF_JSON, "--dice", "2-1", "--top", "1", "--games", games)
    for lang, words in (("en", en), ("ru", ru)):
        code, out, _ = run(*args, "--quiet", "--lang", lang)
        assert code == 0, out
        assert f"   {words}" in out, out


def test_long_nardy_position_id() -> None:
    from nardy.notation.position_id import encode_id
    from nardy.variants import find_variant

    long = find_variant("long")
    pid = encode_id("long", long.start_position(first_turns=False))
    code, out, _ = run(
        "--variant", "long", "--id", pid, "--turn", "black", "--truncate", "1", "--json", *FAST
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["variant"] == "long" and data["result"]["ends"]["truncated"] == 36


def test_cube_decision_text_in_russian_and_english() -> None:
    position = json.dumps(position_to_json(Position.from_points({5: 2}, {4: 2})))
    args = ("--position", position, "--cube-decision", *FAST)
    code, out, _ = run(*args, "--lang", "ru")
    assert code == 0
    assert "роллаут решения по кубу" in out and "верно: удвоить, принять" in out
    code, out, _ = run(*args, "--lang", "en")
    assert code == 0 and "proper action: double, take" in out


def test_long_nardy_match_score_text() -> None:
    code, out, _ = run(
        "--variant",
        "long",
        "--truncate",
        "2",
        "--match",
        "5",
        "--score",
        "1-3",
        "--lang",
        "ru",
        *FAST,
    )
    assert code == 0, out
    assert "Длинные нарды: роллаут позиции" in out and "матч до 5, счёт 1-3" in out
    assert "шансы выиграть матч" in out


@pytest.mark.parametrize(
    ("args", "en", "ru"),
    [
        (["--position", "{"], "--position is not JSON", "--position — не JSON"),
        (["--position", '{"turn": "white"}'], "not a valid position", "неверная позиция"),
        (["--id", "zzz"], "not a valid position", "неверная позиция"),
        (["--position", FINISHED_JSON], "the game is over", "партия окончена"),
        (["--dice", "3-7"], "dice are written like 3-1", "зары пишутся как 3-1"),
        (["--dice", "3-1", "--play", "24/10"], "24/10", "ход невозможен"),
        (["--play", "24/21"], "need --dice", "вместе с --dice"),
        (["--games", "0"], "--games must be a whole number", "--games: нужно целое число"),
        (["--games", "many"], "--games must be a whole number", "--games: нужно целое число"),
        (["--truncate", "-1"], "--truncate must be", "--truncate: нужно"),
        (["--target-ci", "-0.1"], "--target-ci must be a positive", "нужно положительное"),
        (["--target-ci", "nan"], "--target-ci must be a positive", "нужно положительное"),
        (["--workers", "0"], "--workers must be", "--workers: нужно"),
        (["--level", "godlike"], "unknown level", "неизвестный уровень"),
        (["--variant", "chess"], "unknown variant", "неизвестный вариант"),
        (["--match", "5", "--score", "5-1"], "the score is written", "счёт пишется"),
        (["--score", "1-1"], "need --match N", "вместе с --match N"),
        (["--dice", "3-1", "--cube-decision"], "not both", "не обоих сразу"),
        (["--cube", "2", "--owner", "black", "--cube-decision"], "no cube decision", "нет"),
    ],
)
def test_bad_input_is_told_in_the_chosen_language(args: list[str], en: str, ru: str) -> None:
    for lang, expected, prefix in (("en", en, "Error:"), ("ru", ru, "Ошибка:")):
        code, out, err = run(*FAST, *args, "--lang", lang)
        assert code == 2, (args, out, err)
        assert err.startswith(prefix) and expected in err, err
        assert out == ""


def test_subprocess_smoke() -> None:
    """The installed ``nardy`` runs a rollout in a real process."""
    cmd = [str(NARDY)] if NARDY.exists() else [sys.executable, "-m", "nardy.cli"]
    done = subprocess.run(
        [*cmd, "rollout", "--games", "4", "--truncate", "1", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["kind"] == "position" and data["result"]["games"] == 4


def test_help_shows_what_each_option_takes() -> None:
    """The options read as text (so that their errors are told in --lang) say in --help
    what they take."""
    shown = CliRunner().invoke(command, ["--help"], terminal_width=200).output
    for option in (
        "--dice DICE",
        "--top N",
        "--games N",
        "--target-ci EQUITY",
        "--truncate N",
        "--seed N",
        "--level N|NAME",
        "--score W-B",
        "--cube N",
        "--workers N",
    ):
        assert option in shown, option
