"""``nardy hint`` and ``nardy analyze``: ranked plays, equity loss, marks, ratings.

The commands run in process through ``click.testing.CliRunner``; one smoke test per
command runs the installed ``nardy`` in a real subprocess."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from nardy.bots import Bot
from nardy.bots.analysis import analyze_records, mark, rating
from nardy.commands.analyze import command as analyze_cmd
from nardy.commands.hint import command as hint_cmd
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.i18n import t
from nardy.notation.position_json import position_to_json
from nardy.plays import legal_plays
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")
NARDY = Path(sys.executable).with_name("nardy")


def nardy_subprocess(*args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``nardy ARGS`` in a subprocess."""
    command = [str(NARDY)] if NARDY.exists() else [sys.executable, "-m", "nardy.cli"]
    return subprocess.run(
        [*command, *args], capture_output=True, text=True, encoding="utf-8", timeout=300
    )


def _blunder_record() -> list[dict]:
    # White (on roll) has two checkers left on 6 and 5; black one on his 1 point.
    # With 6-5 white wins at once by 6/off 5/off; "6/1 5/off" leaves a checker and
    # black bears off next turn: a 2-point swing (S-4, G-9).
    pos = Position.from_points({6: 1, 5: 1}, {1: 1}, turn="white")
    return [
        {"type": "setup", "variant": "short", "options": {}, "position": position_to_json(pos)},
        {"type": "roll", "dice": [6, 5]},
        {"type": "play", "play": "6/1 5/off"},
        {"type": "roll", "dice": [2, 1]},
        {"type": "play", "play": "1/off"},
    ]


def _bot_game_record(seed: int) -> list[dict]:
    game = Game(SHORT, dice=RandomDice(seed))
    _play_out(game, {"white": Bot(SHORT, "advanced"), "black": Bot(SHORT, "beginner", seed=seed)})
    return game.records


def _play_out(game: Game, bots: dict[str, Bot]) -> None:
    """Both sides play the game to its end with their bots (no cube)."""
    while game.phase != "over":
        if game.phase == "opening":
            game.opening()
        elif game.phase == "roll":
            game.roll()
        else:
            game.play(bots[game.position.turn].choose(game.position, game.dice))


def test_marks_and_ratings_follow_the_thresholds() -> None:
    assert [mark(x) for x in (0.0, 0.039, 0.04, 0.08, 0.159, 0.16, 1.0)] == [
        "",
        "",
        "doubtful",
        "bad",
        "bad",
        "very bad",
        "very bad",
    ]
    assert rating(1.0) == "Supernatural" and rating(100.0) == "Awful!"
    assert rating(10.0, "ru") == "сильный"


def test_a_known_blunder_costs_two_points_at_one_ply() -> None:
    analysis = analyze_records(_blunder_record(), plies=1)
    white = [d for d in analysis.decisions if d.player == "white"]
    assert len(white) == 1
    d = white[0]
    assert d.best == "6/off 5/off"
    assert d.loss == pytest.approx(2.0)
    assert d.mark == "very bad"
    assert analysis.players["white"].marks["very bad"] == 1
    assert analysis.players["white"].error_rate == pytest.approx(2000.0)


def test_analysis_of_a_recorded_game_covers_every_play() -> None:
    records = _bot_game_record(9)
    plays = sum(1 for r in records if r["type"] == "play")
    analysis = analyze_records(records, plies=0)
    assert len([d for d in analysis.decisions if d.kind == "play"]) == plays
    assert all(d.loss >= 0 for d in analysis.decisions)
    for d in analysis.decisions:
        assert (d.loss >= 0.04) == bool(d.mark)
        if d.played == d.best:
            assert d.loss == pytest.approx(0.0, abs=1e-9)
    # the noiseless side never loses checker-play equity against its own 0-ply choice
    white = [d.loss for d in analysis.decisions if d.player == "white" and d.kind == "play"]
    assert sum(white) == pytest.approx(0.0, abs=1e-9)
    # it never doubled, so any cube decision listed for it is a missed double
    for d in analysis.decisions:
        if d.player == "white" and d.kind == "cube":
            assert d.played == "no-double" and d.best == "double" and d.loss > 0


def test_analysis_graph_and_the_printed_course_of_the_game(tmp_path) -> None:
    """The graph is White's equity after every play; ``nardy analyze`` pictures it as
    bars (▁ −3 … █ +3) with the marked plays under it."""
    from nardy.terminal.review import course_lines, sparkline

    assert sparkline([-3.0, -5.0, 0.0, 2.99, 3.0], 3.0) == "▁▁▅██"
    records = _bot_game_record(9)
    analysis = analyze_records(records, plies=0)
    plays = [d for d in analysis.decisions if d.kind == "play"]
    graph = analysis.graph()
    assert len(graph) == len(plays)
    for point, d in zip(graph, plays, strict=True):
        assert point["color"] == d.player  # a money game: labels are colours
        assert point["white"] == pytest.approx(
            d.equity if d.player == "white" else -d.equity, abs=1e-4
        )
    lines = course_lines(graph, 1, "en")
    bars = "".join(line for line in lines[1::2])
    assert len(bars) == len(plays) and set(bars) <= set("▁▂▃▄▅▆▇█")
    marked = "".join(lines[2::2]).count("^")
    assert marked == sum(1 for d in plays if d.mark)
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    res = CliRunner().invoke(analyze_cmd, [str(path)])
    assert res.exit_code == 0 and "White's equity after each play" in res.output


def test_analyze_cli_prints_summary_and_json(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in _blunder_record()) + "\n")
    runner = CliRunner()
    res = runner.invoke(analyze_cmd, [str(path), "--plies", "1"])
    assert res.exit_code == 0, res.output
    assert "very bad" in res.output and "6/1 5/off" in res.output
    res = runner.invoke(analyze_cmd, [str(path), "--plies", "1", "--json"])
    data = json.loads(res.output)
    assert data["players"]["white"]["marks"]["very bad"] == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "roll", "dice": [1, 2]}\n')
    res = runner.invoke(analyze_cmd, [str(bad)])
    assert res.exit_code != 0 and "setup" in res.output
    bad.write_text("not json\n")
    res = runner.invoke(analyze_cmd, [str(bad)])
    assert res.exit_code != 0 and "JSON" in res.output


def test_hint_lists_every_legal_play_best_first() -> None:
    runner = CliRunner()
    res = runner.invoke(hint_cmd, ["--dice", "3-1", "--plies", "0", "--top", "100", "--json"])
    assert res.exit_code == 0, res.output
    plays = json.loads(res.output)["plays"]
    legal = {str(p) for p in legal_plays(SHORT, SHORT.start_position(), (3, 1))}
    assert {p["play"] for p in plays} == legal
    eqs = [p["equity"] for p in plays]
    assert eqs == sorted(eqs, reverse=True)
    assert all(len(p["probs"]) == 5 for p in plays)


def test_the_installed_hint_and_analyze_commands_smoke(tmp_path) -> None:
    """The one subprocess run of each: the entry point answers as the in-process
    command does."""
    args = ["--dice", "3-1", "--plies", "0", "--top", "3", "--json"]
    done = nardy_subprocess("hint", *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout == CliRunner().invoke(hint_cmd, args).output
    assert len(json.loads(done.stdout)["plays"]) == 3
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in _blunder_record()) + "\n")
    done = nardy_subprocess("analyze", str(path), "--plies", "1", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"]["white"]["marks"]["very bad"] == 1


def test_hint_without_dice_gives_evaluation_and_cube() -> None:
    res = CliRunner().invoke(hint_cmd, ["--variant", "long", "--plies", "0", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert len(data["probs"]) == 5 and data["cube"]["action"] in ("no-double", "double")
    assert data["cube"]["proper"] == "no-double"  # long nardy's start: nothing to double
    text = CliRunner().invoke(hint_cmd, ["--variant", "long", "--plies", "0"]).output
    assert "cube / куб: no double / не удваивать (ND" in text


BLITZ = ["--id", "2K6DASF2cxsEAA", "--turn", "black"]  # black to play 4-3: blitz or not


def test_hint_at_a_match_score_ranks_by_match_equity_c4() -> None:
    """Money play blitzes (8/5*/1*, gammons count double); at double match point only
    winning counts and the hint ranks the quiet 13/6 first, with each play's MWC."""
    runner = CliRunner()
    money = json.loads(
        runner.invoke(hint_cmd, [*BLITZ, "--dice", "4-3", "--plies", "0", "--json"]).output
    )
    assert money["plays"][0]["play"] == "8/5*/1*" and "away" not in money
    assert all("mwc" not in p for p in money["plays"])
    res = runner.invoke(
        hint_cmd,
        [*BLITZ, "--dice", "4-3", "--plies", "0", "--json", "--match", "7", "--score", "6-6"],
    )
    assert res.exit_code == 0, res.output
    dmp = json.loads(res.output)
    assert dmp["away"] == [1, 1] and dmp["plays"][0]["play"] == "13/6"
    for p in dmp["plays"]:
        # at DMP the match equity is 2·P(win) − 1 and the MWC is P(win)
        assert p["mwc"] == pytest.approx(p["probs"][0], abs=1e-3)
        assert p["equity"] == pytest.approx(2 * p["mwc"] - 1, abs=1e-3)
    table = runner.invoke(
        hint_cmd, [*BLITZ, "--dice", "4-3", "--plies", "0", "--match", "7", "--score", "6-6"]
    ).output
    assert "MWC" in table and "(1-away, 1-away)" in table


def test_hint_cube_at_a_match_score_is_the_engines() -> None:
    """Without dice, the hint's cube decision at a score is the engine protocol's."""
    from nardy.engine.bots import cube as engine_cube

    args = [
        *BLITZ,
        "--plies",
        "0",
        "--json",
        "--match",
        "7",
        "--score",
        "2-4",
        "--cube",
        "2",
        "--owner",
        "black",
    ]
    res = CliRunner().invoke(hint_cmd, args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    from nardy.notation.position_id import decode_id
    from nardy.notation.position_json import position_to_json

    position = position_to_json(decode_id("short", "2K6DASF2cxsEAA", "black"))
    engine = engine_cube(
        {
            "variant": "short",
            "position": position,
            "level": "advanced",
            "cube": {"value": 2, "owner": "black"},
            "match": {"length": 7, "score": [2, 4]},
        }
    )
    assert data["away"] == [3, 5] and 0.5 < data["mwc"] < 1
    assert (data["cube"]["action"], data["cube"]["take"]) == (engine["double"], engine["take"])
    for k, v in data["cube"]["equities"].items():
        assert 2 * v == pytest.approx(engine["equities"][k], abs=1e-3)  # per unit of cube


@pytest.mark.parametrize(
    "args,needle",
    [
        (["--dice", "7-1"], "3-1"),
        (["--position", "{nope"], "JSON"),
        (["--variant", "chess"], "unknown variant"),
        (["--score", "2-1"], "--match"),
        (["--match", "5", "--score", "two"], "white-black"),
        (["--match", "5", "--score", "5-0"], "0..4"),
        (["--match", "5", "--crawford-game"], "Crawford"),
    ],
)
def test_hint_bad_input_is_a_clear_error(args, needle) -> None:
    res = CliRunner().invoke(hint_cmd, args)
    assert res.exit_code != 0 and needle in res.output


@pytest.mark.parametrize("name", ["long", "nardgammon", "short-caucasian"])
def test_analysis_works_for_other_variants(name) -> None:
    v = find_variant(name)
    game = Game(v, dice=RandomDice(3))
    bot = Bot(v, "casual", seed=1)
    while game.phase != "over":
        if game.phase == "opening":
            game.opening(5, 3)  # G-5: in long nardy the toss winner is white
        elif game.phase == "roll":
            game.roll()
        elif game.phase == "move":
            game.play(bot.choose(game.position, game.dice))
    analysis = analyze_records(game.records, plies=0)
    plays = [d for d in analysis.decisions if d.kind == "play"]
    assert len(plays) == sum(1 for r in game.records if r["type"] == "play")
    assert {d.player for d in plays} == {"white", "black"}


@pytest.mark.parametrize("name", ["crazy", "gulbara", "crazy-gulbara", "khachapuri", "fevga-giul"])
def test_analysis_judges_the_segments_of_the_section_5_variants(name) -> None:
    """V-CRAZY, V-GUL, V-CGUL, V-KHACH, V-GIUL: a crazy sequence's higher doubles and
    passed moves are judged like any play; a side that plays the best play at 0 ply
    (``rank_plays``) loses nothing, the noisy side does."""
    from nardy.bots.segments import plain_roll, rank_plays

    v = find_variant(name)
    best, noisy = Bot(v, "advanced"), Bot(v, "beginner", seed=3)
    segments = 0
    for seed in range(6):  # the first seeded game with a segment that is not a roll
        game = Game(v, dice=RandomDice(seed))
        while game.phase != "over":
            if game.phase == "opening":
                game.opening(5, 3)
            elif game.phase == "roll":
                game.roll()
            else:
                segments += plain_roll(game) is None
                player = best if game.position.turn == "white" else noisy
                game.play(rank_plays(player, game, 0 if player is best else None)[0][0])
        if segments:
            break
    assert segments > 0
    analysis = analyze_records(game.records, plies=0)
    plays = [d for d in analysis.decisions if d.kind == "play"]
    assert len(plays) == sum(1 for r in game.records if r["type"] == "play")
    assert analysis.players["white"].total_loss == pytest.approx(0.0, abs=1e-9)
    assert analysis.players["black"].total_loss > 0


def test_hint_shows_the_best_play_at_the_depth_asked() -> None:
    """When the filters leave one play, the bot stops there (it is the choice), but a
    hint still evaluates it at the plies asked for and says so."""
    from nardy.commands.hint import hint_data

    pos = Position.from_points({6: 1, 5: 1}, {1: 1}, turn="white")
    assert Bot(SHORT, "advanced").rank(pos, (6, 5), 2)[0].plies == 1
    data = hint_data(SHORT, pos, (6, 5), 2, 10)
    best, other = data["plays"][0], data["plays"][1]
    assert best["play"] == "6/off 5/off" and best["plies"] == 2
    assert best["equity"] == pytest.approx(1.0)
    assert other["plies"] == 0 and other["diff"] < -1.5


def test_a_match_is_analysed_at_its_score_per_player_c4() -> None:
    """A 3-point match: two games resigned for a gammon each, then double match point
    (2-2). There only winning counts: every checker play loses exactly twice the winning
    chance it gives away (0 ply), while the same game analysed as money play prices
    gammons too; summaries are per player name."""
    from nardy.eval import invert
    from nardy.match import Match

    match = Match("short", 3, players=("Аня", "Борис"), dice=RandomDice(21))
    for loser in ("white", "black"):
        g = match.new_game()
        g.opening(3, 1)
        g.resign(2, by=loser)
        g.accept()
    assert match.score == (2.0, 2.0)
    last = match.new_game()
    weak = {c: Bot(SHORT, "beginner", seed=i) for i, c in enumerate(("white", "black"))}
    _play_out(last, weak)
    analysis = analyze_records(match.records, plies=0)
    assert set(analysis.players) == {"Аня", "Борис"}
    assert {d.player for d in analysis.decisions} <= {"Аня", "Борис"}
    plays = [d for d in analysis.decisions if d.kind == "play" and d.game == 2]
    assert len(plays) > 10 and any(d.loss > 0.01 for d in plays)
    judge = Bot(SHORT, "advanced")
    replay = Game.replay(last.records[:1])
    recs = iter(last.records[1:])
    checked = 0
    for rec in recs:
        if rec["type"] == "play" and replay.phase == "move":
            legal = list(replay.legal_plays())
            pwin = [float(invert(judge.evaluate([p.result], 0))[0][0]) for p in legal]
            played = legal[[str(p) for p in legal].index(rec["play"])]
            mine = pwin[legal.index(played)]
            d = plays[checked]
            assert d.played == rec["play"]
            assert d.loss == pytest.approx(2 * (max(pwin) - mine), abs=1e-6)
            checked += 1
        replay.apply(rec)
    assert checked == len(plays)
    money = analyze_records(last.records, plies=0)
    money_plays = [d for d in money.decisions if d.kind == "play"]
    assert [d.played for d in money_plays] == [d.played for d in plays]
    assert any(abs(a.loss - b.loss) > 1e-3 for a, b in zip(money_plays, plays, strict=True))
    assert set(money.players) == {"white", "black"}


def test_long_match_analysis_follows_players_across_colours() -> None:
    """Long nardy: the winner of a game plays white in the next (L-4), so colours change
    hands; each decision is summed under the player who made it."""
    from nardy.match import Match

    long_v = find_variant("long")
    match = Match(long_v, 3, players=("A", "B"), dice=RandomDice(5))
    g = match.new_game(white=0)
    g.opening(3, 1)
    g.resign(1, by="white")  # A (white) resigns: B wins and plays white next
    g.accept()
    g = match.new_game()
    assert match.whites == [0, 1]
    bots = {c: Bot(long_v, "beginner", seed=i) for i, c in enumerate(("white", "black"))}
    _play_out(g, bots)
    analysis = analyze_records(match.records, plies=0)
    by_player = {d.player for d in analysis.decisions if d.game == 1 and d.kind == "play"}
    assert by_player == {"A", "B"}
    plays = [d for d in analysis.decisions if d.game == 1 and d.kind == "play"]
    replay = Game.replay(g.records[:1])
    movers = []
    for rec in g.records[1:]:
        if rec["type"] == "play" and replay.phase == "move":
            movers.append(replay.position.turn)
        replay.apply(rec)
    assert [d.player for d in plays] == [{"white": "B", "black": "A"}[c] for c in movers]


def test_the_hint_table_fits_80_columns_one_play_a_line() -> None:
    """At 80 columns (a pipe, a default terminal) each play of the ranked table stands
    on its own line, whole, with its row; no line is wider and no cell is cut."""
    runner = CliRunner()
    args = ["--dice", "3-1", "--plies", "0", "--top", "10"]
    data = json.loads(runner.invoke(hint_cmd, [*args, "--json"]).output)
    text = runner.invoke(hint_cmd, args, env={"COLUMNS": "80"}).output
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    rows = re.findall(r"^ ?(\d+)  (\S+(?: \S+)*) +\d  [+-]\d\.\d{3}", text, re.M)
    assert rows == [(str(p["rank"]), p["play"]) for p in data["plays"]]
    # at a match score the MWC column is added and the table still fits
    match = [*BLITZ, "--dice", "4-3", "--plies", "0", "--match", "7", "--score", "6-6"]
    text = runner.invoke(hint_cmd, match, env={"COLUMNS": "80"}).output
    assert "…" not in text and max(len(line) for line in text.splitlines()) <= 80
    assert re.search(r"^ ?1  13/6 +0  \+0\.\d{3} +\d+\.\d%", text, re.M)


def _match_log(tmp_path: Path) -> Path:
    """A short match between players with long names, cube actions included."""
    import random

    from helpers_matches import play_out

    from nardy.match import Match

    rng = random.Random(5)
    match = Match("short", 5, players=("bob_the_builder", "Anastasia_Petrovna"), dice=RandomDice(5))
    while not match.is_over and len(match.games) < 3:
        play_out(match.new_game(), rng, p_resign=0.0)
    path = tmp_path / "match.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in match.records) + "\n")
    return path


@pytest.mark.parametrize(("lang", "locale"), [("en", "C.UTF-8"), ("ru", "ru_RU.UTF-8")])
def test_analyze_reads_whole_at_80_columns(tmp_path, lang: str, locale: str) -> None:
    """``nardy analyze`` of a match at 80 columns (a pipe, a default terminal): every
    table fits, no header, name, play or rating is cut short with "…", and the labels
    are in the locale's language only."""
    env = {"COLUMNS": "80", "LC_ALL": None, "LC_MESSAGES": None, "LANG": locale}
    res = CliRunner().invoke(analyze_cmd, [str(_match_log(tmp_path)), "--all"], env=env)
    assert res.exit_code == 0, res.output
    text = res.output
    # (the graph's legend "▁ −2 … █ +2" has its own "…", between spaces)
    assert not re.search(r"\S…", text) and max(len(line) for line in text.splitlines()) <= 80
    assert "bob_the_builder" in text and "Anastasia_Petrovna" in text
    other = {"en": "игроки", "ru": "players"}[lang]
    assert t("review.players", lang) in text and other not in text
    assert t("review.error-rate", lang) in text  # the abbreviation's row, explained below
    assert t("review.error-rate-note", lang).split(":")[0] in text


def test_analyze_lang_overrides_the_locale(tmp_path) -> None:
    env = {"COLUMNS": "80", "LC_ALL": None, "LC_MESSAGES": None, "LANG": "C.UTF-8"}
    args = [str(_match_log(tmp_path)), "--lang", "ru"]
    text = CliRunner().invoke(analyze_cmd, args, env=env).output
    assert "игроки" in text and "players" not in text
