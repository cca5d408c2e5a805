"""Every specific code of the core's errors (``nardy/error_texts.py``: the notation and
play-text parsers, replay, position checks, the cube, the review, rollouts, dice
checks), table-tested: a real bad input raises the error with its code, and its text
comes out in English and in Russian with the error's values in it (issue 14.5).

A file's or a replay's error wraps the error of its line or record: it keeps that
error's code and says the line (or record) in front, in the same language."""

from __future__ import annotations

import base64
import json
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nardy.cube import Cube, CubeRules
from nardy.dicecheck import check_rolls, dice_info
from nardy.errors import DETAIL, NardyError
from nardy.game import Game
from nardy.i18n import MESSAGES, Said, t, words
from nardy.match import Match, MatchSnapshot
from nardy.notation import match_id as mid
from nardy.notation import position_id as pid
from nardy.notation import transcript
from nardy.notation.mat import read_mat
from nardy.notation.position_id import decode_long_id, decode_position_id
from nardy.notation.position_json import position_from_json
from nardy.notation.record import load_records, read_game, read_record
from nardy.notation.sgf import read_sgf
from nardy.notation.transcript import Action, GameText, build_match
from nardy.notation.xgid import decode_xgid, encode_xgid
from nardy.plays import parse_moves
from nardy.position import BLACK, WHITE, Position
from nardy.variants import find_variant

TEXTS = Path(__file__).resolve().parent.parent / "src" / "nardy" / "error_texts.py"
#: every code nardy/error_texts.py gives a text
CODES = sorted(set(re.findall(r'"error\.([a-z0-9-]+)"', TEXTS.read_text(encoding="utf-8"))))
CYRILLIC = re.compile(r"[А-Яа-яЁё]")

SHORT, LONG = find_variant("short"), find_variant("long")
START = Position.from_points({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})
GOOD_XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:3:10"
GOOD_POSITION_ID = "4HPwATDgc/ABMA"
SETUP = {"type": "setup", "variant": "short"}
MATCH = {"type": "match", "variant": "short", "length": 3}


def lines(*records: Any) -> str:
    return "\n".join(json.dumps(r) for r in records)


def xgid(**fields: str) -> str:
    """The good XGID with some of its fields replaced (by index 0..9)."""
    parts = GOOD_XGID[len("XGID=") :].split(":")
    for i, value in fields.items():
        parts[int(i[1:])] = value
    return "XGID=" + ":".join(parts)


def match_id(**values: int) -> str:
    """A gnubg Match ID of these raw fields (the others zero; owner 3: centred)."""
    fields = {"owner": 3, "length": 3} | values
    key = 0
    for name, start, width in mid._FIELDS:
        key |= (fields.get(name, 0) & ((1 << width) - 1)) << start
    return base64.b64encode(key.to_bytes(9, "little")).decode("ascii")


def snapshot(**changes: Any) -> MatchSnapshot:
    return MatchSnapshot(**({"position": START, "length": 3} | changes))


def mat(body: str, headers: str = "") -> str:
    return f"{headers}\n 3 point match\n\n Game 1\n Player 1 : 0     Player 2 : 0\n{body}\n"


def sgf(props: str = "", moves: str = "") -> str:
    return f"(;FF[4]GM[6]MI[length:3]{props}{moves})"


def replay(*actions: Action, games: int = 1, **text: Any) -> Any:
    return build_match(SHORT, 3, [GameText(line=1, actions=list(actions), **text)] * games)


def play(color: str, dice: tuple[int, int], moves: str = "") -> Action:
    return Action(color, "play", dice, parse_moves(moves) if moves else (), line=2, column=1)


def opened() -> Game:
    game = Game(SHORT)
    game.opening(3, 1)
    return game


def analyze(records: list[Any]) -> Any:
    from nardy.bots.analysis import analyze_records

    return analyze_records(records)


def rollout_over() -> Any:
    from nardy.rollout.run import Plan, TrialSettings, rollout_position

    over = Position.from_points({}, {1: 1})
    return rollout_position(SHORT, over, TrialSettings(), Plan(games=36))


def rollout_no_play() -> Any:
    from nardy.rollout.run import candidate_plays

    # two checkers on the bar against a closed home: 6-5 cannot enter
    closed = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}
    blocked = Position.from_points({13: 13}, closed, mine_bar=2)
    return candidate_plays(SHORT, blocked, (6, 5), "beginner")


def rollout_no_cube() -> Any:
    from nardy.rollout.run import Plan, TrialSettings, rollout_cube

    off = Cube(CubeRules(enabled=False))
    return rollout_cube(SHORT, START, TrialSettings(), Plan(games=36), cube=off)


#: code -> a real bad input that raises it
CASES: dict[str, Callable[[], Any]] = {
    # the play-text parser
    "play-bad-point": lambda: parse_moves("24/x"),
    "play-point-range": lambda: parse_moves("24/30"),
    "play-not-text": lambda: parse_moves(24),  # type: ignore[arg-type]
    "play-bar-not-first": lambda: parse_moves("24/bar"),
    "play-from-off": lambda: parse_moves("off/3"),
    "play-empty": lambda: parse_moves("  "),
    "play-bad-step": lambda: parse_moves("24/18(22)"),
    "play-no-slash": lambda: parse_moves("24"),
    "play-hit-at-start": lambda: parse_moves("24*/18"),
    "play-repeat": lambda: parse_moves("24/18(5)"),
    "play-after-off": lambda: parse_moves("3/off/2"),
    "play-backwards": lambda: parse_moves("18/24"),
    "play-off-hit": lambda: parse_moves("3/off*"),
    # positions
    "position-too-many": lambda: Position.from_points({6: 16}, {}),
    "position-bad-turn": lambda: Position(START.mine, START.theirs, "red"),  # type: ignore[arg-type]
    "position-bad-point": lambda: Position.from_points({25: 1}, {}),
    "position-slots": lambda: Position((15,), START.theirs),
    "position-checker-total": lambda: Position((0,) * 25 + (14,), START.theirs),
    "position-bad-count": lambda: Position((-1,) + (0,) * 24 + (16,), START.theirs),
    "position-both-off": lambda: SHORT.validate(Position.from_points({}, {})),
    "position-long-bar": lambda: LONG.validate(Position.from_points({24: 14}, {}, mine_bar=1)),
    "position-shared-point": lambda: SHORT.validate(Position.from_points({5: 1}, {20: 1})),
    "variant-unknown": lambda: find_variant("chess"),
    # game records
    "record-bad-die": lambda: Game.replay([SETUP, {"type": "opening", "white": 7, "black": 1}]),
    "record-needs": lambda: Game.replay([SETUP, {"type": "opening", "white": 3}]),
    "record-starts-doubled": lambda: Game(SHORT, cube=Cube(offered_by=WHITE)),
    "record-resign-by": lambda: opened().resign(1, by="red"),  # type: ignore[arg-type]
    "record-not-object": lambda: Game.replay([SETUP, ["roll"]]),
    "record-resign-level": lambda: Game.replay(
        [SETUP, {"type": "opening", "white": 3, "black": 1}, {"type": "resign", "by": "white"}]
    ),
    "record-resign-side": lambda: Game.replay(
        [
            SETUP,
            {"type": "opening", "white": 3, "black": 1},
            {"type": "resign", "level": 1, "by": "red"},
        ]
    ),
    "record-options": lambda: Game.replay([{**SETUP, "options": []}]),
    "record-roll-dice": lambda: Game.replay(
        [
            SETUP,
            {"type": "opening", "white": 3, "black": 1},
            {"type": "play", "play": "8/5 6/5"},
            {"type": "roll", "dice": 6},
        ]
    ),  # fmt: skip
    "record-play-text": lambda: Game.replay(
        [SETUP, {"type": "opening", "white": 3, "black": 1}, {"type": "play"}]
    ),
    "record-unknown-type": lambda: Game.replay([SETUP, {"type": "teleport"}]),
    "replay-record": lambda: Game.replay([SETUP, {"type": "teleport"}]),
    "replay-no-setup": lambda: Game.replay([]),
    # the review of a record
    "review-no-game": lambda: analyze([{"type": "match"}]),
    "review-record-not-object": lambda: analyze([SETUP, 5]),
    "review-record-bad": lambda: analyze([MATCH, {"type": "game"}, {**SETUP, "variant": "long"}]),
    "review-no-setup": lambda: analyze([{"type": "roll", "dice": [3, 1]}]),
    # rollouts
    "rollout-game-over": rollout_over,
    "rollout-no-play": rollout_no_play,
    "rollout-no-cube": rollout_no_cube,
    # the cube
    "cube-progression": lambda: CubeRules(progression="fibonacci"),
    "cube-max-doubles-value": lambda: CubeRules(max_doubles=-1),
    "cube-money-only": lambda: CubeRules(money=False, beavers=True),
    "cube-rules-not-object": lambda: CubeRules.from_json([]),
    "cube-rules-unknown": lambda: CubeRules.from_json({"colour": "red"}),
    "cube-bad-value": lambda: Cube(value=0),
    "cube-bad-doubles": lambda: Cube(doubles=-1),
    "cube-bad-crawford": lambda: Cube(crawford=1),  # type: ignore[arg-type]
    "cube-not-object": lambda: Cube.from_json(3),
    "cube-unknown": lambda: Cube.from_json({"colour": "red"}),
    "cube-rule-not-bool": lambda: CubeRules(enabled=1),  # type: ignore[arg-type]
    "cube-bad-side": lambda: Cube(owner="red"),  # type: ignore[arg-type]
    # matches and match logs
    "match-bad-length": lambda: Match(SHORT, -1),
    "match-bad-crawford": lambda: Match(SHORT, 3, crawford=1),  # type: ignore[arg-type]
    "match-players": lambda: Match(SHORT, 3, players=("solo",)),
    "match-log-start": lambda: Match.replay([SETUP]),
    "match-record-unknown": lambda: Match.from_header({**MATCH, "colour": 1}),
    "match-options": lambda: Match.from_header({**MATCH, "options": 3}),
    "match-white": lambda: Match(SHORT, 3).new_game(white=2),
    "match-game-unknown": lambda: Match.replay([MATCH, {"type": "game", "colour": 1}]),
    "match-game-first": lambda: Match.replay([MATCH, SETUP]),
    "match-setup-mismatch": lambda: Match.replay([MATCH, {"type": "game"}, SETUP]),
    "match-last-no-setup": lambda: Match.replay([MATCH, {"type": "game"}]),
    "replay-match-record": lambda: Match.replay([MATCH, SETUP]),
    # dice checks
    "dice-record-start": lambda: dice_info([{"type": "roll"}]),
    "dice-record-no-dice": lambda: dice_info([SETUP]),
    "dice-record-roll": lambda: check_rolls(b"seed", "word", [{"type": "roll", "dice": [1]}]),
    # .mat files
    "mat-not-text": lambda: read_mat(b"3 point match"),  # type: ignore[arg-type]
    "mat-options": lambda: read_mat(mat("", '; [Nardy Options "[1]"]')),
    "mat-on-off": lambda: read_mat(mat("", '; [Jacoby "Maybe"]').replace(" 3 point", " 0 point")),
    "mat-bad-roll": lambda: read_mat(mat("  1) 77: 24/17")),
    "mat-unexpected": lambda: read_mat(mat("  1) Hello")),
    "mat-bad-win": lambda: read_mat(mat("      Wins many points")),
    "mat-bad-double": lambda: read_mat(mat("  1) Doubles => x")),
    "mat-unexpected-after": lambda: read_mat(mat("  1)  Takes now")),
    "mat-no-length": lambda: read_mat("Game 1\n"),
    "mat-game-number": lambda: read_mat(mat("").replace("Game 1", "Game 2")),
    "mat-no-game": lambda: read_mat(" 3 point match\n 1) 31: 8/5 6/5\n"),
    "mat-too-many-actions": lambda: read_mat(mat("  1) 31: 8/5 6/5  31: 8/5 6/5  31: 8/5 6/5")),
    "mat-unreadable": lambda: read_mat(mat("  Takes")),
    "mat-not-mat": lambda: read_mat("; just a comment\n"),
    "mat-header": lambda: read_mat(mat("", '; [Nardy Variant "chess"]')),
    "mat-header-detail": lambda: read_mat(mat("", '; [Nardy Options "{oops"]')),
    "mat-header-too-deep": lambda: read_mat(mat("", f'; [Nardy Options "{"[" * 100000}"]')),
    "mat-variation": lambda: read_mat(mat("", '; [Variation "Hypergammon"]')),
    # gnubg Match IDs
    "match-id-cube": lambda: mid.encode_match_id(snapshot(cube_value=3)),
    "match-id-resign": lambda: mid.encode_match_id(snapshot(resign=4)),
    "match-id-not-text": lambda: mid.decode_match_id(5),  # type: ignore[arg-type]
    "match-id-length": lambda: mid.decode_match_id("MIFl"),
    "match-id-extra-bits": lambda: mid.decode_match_id("////////////"),
    "match-id-owner": lambda: mid.snapshot_from_ids(GOOD_POSITION_ID, match_id(owner=2)),
    "match-id-state": lambda: mid.snapshot_from_ids(GOOD_POSITION_ID, match_id(state=7)),
    "match-id-scores-over": lambda: mid.snapshot_from_ids(
        GOOD_POSITION_ID, match_id(score0=3, score1=3)
    ),
    "match-id-double-and-resign": lambda: mid.snapshot_from_ids(
        GOOD_POSITION_ID, match_id(doubled=1, resign=1)
    ),
    "match-id-field": lambda: mid.encode_match_id(snapshot(length=40000)),
    "match-id-base64": lambda: mid.decode_match_id("MIFl!AAAAAAA"),
    "match-id-dice": lambda: mid.snapshot_from_ids(GOOD_POSITION_ID, match_id(die1=7, die2=1)),
    # position IDs
    "id-not-text": lambda: decode_position_id(5),  # type: ignore[arg-type]
    "id-length": lambda: decode_position_id("4HPw"),
    "id-base64-chars": lambda: decode_position_id("4HPwATDgc/AB!A"),
    "position-id-checkers": lambda: decode_position_id(pid._pack([1] * 16 + [0] * 50)),
    "id-stray-bits": lambda: decode_position_id("AAAAAAAAAAAAAQ"),
    "position-id-long-bar": lambda: pid.encode_long_id(
        Position.from_points({24: 14}, {}, mine_bar=1)
    ),
    "long-id-prefix": lambda: decode_long_id("X4HPwATDgc/AB"),
    "long-id-flags": lambda: decode_long_id("L" + pid._pack([1] * 31 + [0] * 48)),
    "long-id-stray-bits": lambda: decode_long_id("L" + pid._pack([0] * 50 + [1])),
    "id-short": lambda: decode_position_id("//////////////"),
    # positions as JSON
    "position-count-not-int": lambda: position_from_json(
        {"turn": "white", "white": {"points": {"6": "x"}}, "black": {}}
    ),
    "position-count-negative": lambda: position_from_json(
        {"turn": "white", "white": {"points": {"6": -1}}, "black": {}}
    ),
    "position-side-not-object": lambda: position_from_json(
        {"turn": "white", "white": 3, "black": {}}
    ),
    "position-side-unknown": lambda: position_from_json(
        {"turn": "white", "white": {"colour": 1}, "black": {}}
    ),
    "position-points-not-object": lambda: position_from_json(
        {"turn": "white", "white": {"points": [1]}, "black": {}}
    ),
    "position-side-total": lambda: position_from_json(
        {"turn": "white", "white": {"points": {"6": 16}}, "black": {}}
    ),
    "position-first-turn": lambda: position_from_json(
        {"turn": "white", "white": {"first_turn": 1}, "black": {}}
    ),
    "position-not-object": lambda: position_from_json([]),
    "position-json-turn": lambda: position_from_json({"turn": "red", "white": {}, "black": {}}),
    "position-unknown": lambda: position_from_json(
        {"turn": "white", "white": {}, "black": {}, "colour": 1}
    ),
    "position-json-point": lambda: position_from_json(
        {"turn": "white", "white": {"points": {"30": 1}}, "black": {}}
    ),
    "position-side-missing": lambda: position_from_json({"turn": "white", "white": {}}),
    # record files
    "record-file-not-text": lambda: load_records(b"{}"),  # type: ignore[arg-type]
    "file-line": lambda: load_records("\n"),
    "file-line-column": lambda: load_records("{oops"),
    "file-not-json": lambda: load_records('{"a": NaN}'),
    "file-too-deep": lambda: load_records("[" * 100000 + "]" * 100000),
    "record-line-not-object": lambda: load_records("[1]"),
    "record-file-empty": lambda: load_records("\n\n"),
    "record-unknown-fields": lambda: read_game(lines({**SETUP, "colour": 1})),
    "record-file-start": lambda: read_record(lines({"type": "roll"})),
    # SGF files
    "sgf-bad-point": lambda: read_sgf(sgf(moves=";W[31!!]")),
    "sgf-bad-move": lambda: read_sgf(sgf(moves=";W[hello]")),
    "sgf-move-pairs": lambda: read_sgf(sgf(moves=";W[31abcdefghij]")),
    "sgf-not-text": lambda: read_sgf(b"(;GM[6])"),  # type: ignore[arg-type]
    "sgf-to-bar": lambda: read_sgf(sgf(moves=";W[31ay]")),
    "sgf-from-off": lambda: read_sgf(sgf(moves=";W[31za]")),
    "sgf-not-forward": lambda: read_sgf(sgf(moves=";W[31ab]")),
    "sgf-options": lambda: read_sgf(sgf("NO[5]")),
    "sgf-no-open": lambda: read_sgf("x"),
    "sgf-no-tree": lambda: read_sgf("   "),
    "sgf-too-deep": lambda: read_sgf("(;GM[6]" + "(;" * 300 + ")" * 301),
    "sgf-no-node": lambda: read_sgf("()"),
    "sgf-unclosed-tree": lambda: read_sgf("(;GM[6]"),
    "sgf-expected-close": lambda: read_sgf("(;GM[6]]"),
    "sgf-no-value": lambda: read_sgf("(;GM)"),
    "sgf-unclosed-value": lambda: read_sgf("(;GM[6"),
    "sgf-not-backgammon": lambda: read_sgf("(;GM[1])"),
    "sgf-mi-number": lambda: read_sgf("(;GM[6]MI[length:x])"),
    "sgf-result": lambda: read_sgf(sgf("RE[W+x]")),
    "sgf-turned-cube": lambda: read_sgf(sgf("CV[2]")),
    "sgf-property": lambda: read_sgf(sgf("NV[chess]")),
    "sgf-setup": lambda: read_sgf(sgf("AW[a]")),
    "sgf-lengths": lambda: read_sgf(sgf() + "(;FF[4]GM[6]MI[length:5])"),
    # transcripts replayed
    "replay-game-over": lambda: replay(
        Action(WHITE, "win", points=1, resigned=True, line=2), play(WHITE, (3, 1), "8/5 6/5")
    ),
    "replay-not-turn": lambda: replay(play(WHITE, (3, 1), "8/5 6/5"), Action(WHITE, "double")),
    "replay-result-differs": lambda: replay(
        play(WHITE, (3, 1), "8/5 6/5"),
        Action(BLACK, "double"),
        Action(WHITE, "drop"),
        Action(BLACK, "win", points=4),
    ),  # fmt: skip
    "replay-win-pending": lambda: replay(
        play(WHITE, (3, 1), "8/5 6/5"), Action(BLACK, "double"), Action(BLACK, "win", points=1)
    ),
    "replay-win-unfinished": lambda: replay(
        play(WHITE, (3, 1), "8/5 6/5"), Action(WHITE, "win", points=1, resigned=False)
    ),
    "replay-resign-points": lambda: replay(
        play(WHITE, (3, 1), "8/5 6/5"), Action(WHITE, "win", points=0, resigned=True)
    ),
    "replay-opening-double": lambda: replay(play(WHITE, (3, 3), "8/5(2)")),
    "replay-not-played": lambda: replay(play(WHITE, (3, 1))),
    "replay-no-play": lambda: transcript._apply(
        Game(
            SHORT,
            position=Position.from_points(
                {13: 13}, {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, mine_bar=2
            ),
        ),
        play(WHITE, (6, 5), "bar/20"),
    ),  # fmt: skip
    "replay-no-double": lambda: replay(play(WHITE, (3, 1), "8/5 6/5"), Action(BLACK, "take")),
    "replay-unknown-action": lambda: replay(Action(WHITE, "teleport")),
    "file-match-won": lambda: build_match(
        SHORT,
        1,
        [GameText(line=1, actions=[Action(WHITE, "win", points=1, resigned=True)])] * 2,
    ),
    "file-score": lambda: replay(score=(1, 0)),
    "file-crawford": lambda: replay(crawford=True),
    "file-not-crawford": lambda: build_match(
        SHORT,
        2,
        [
            GameText(line=1, actions=[Action(WHITE, "win", points=1, resigned=True)]),
            GameText(line=5, crawford=False),
        ],
    ),
    "file-no-result": lambda: replay(games=2),
    # XGIDs
    "xgid-cube": lambda: encode_xgid(snapshot(cube_value=3)),
    "xgid-resign": lambda: encode_xgid(snapshot(resign=1)),
    "xgid-not-number": lambda: decode_xgid(xgid(f1="x")),
    "xgid-range": lambda: decode_xgid(xgid(f1="16")),
    "xgid-not-text": lambda: decode_xgid(5),  # type: ignore[arg-type]
    "xgid-fields": lambda: decode_xgid("XGID=-b:0"),
    "xgid-board-length": lambda: decode_xgid(xgid(f0="-b")),
    "xgid-turn": lambda: decode_xgid(xgid(f3="0")),
    "xgid-shared-point": lambda: encode_xgid(
        snapshot(position=Position.from_points({5: 1}, {20: 1}))
    ),
    "xgid-wrong-bar": lambda: decode_xgid(xgid(f0="A" + GOOD_XGID[6:31])),
    "xgid-checkers": lambda: decode_xgid(xgid(f0="-" + "O" * 24 + "-")),
    "xgid-beaver": lambda: decode_xgid(xgid(f4="B")),
    "xgid-board-char": lambda: decode_xgid(xgid(f0="!" + GOOD_XGID[6:31])),
    "xgid-dice": lambda: decode_xgid(xgid(f4="71")),
    "xgid-dice-field": lambda: decode_xgid(xgid(f4="x")),
}


#: codes no short real input reaches, each with why; their texts are checked directly
UNREACHED = {
    # a match score is fractional only after a drawn long-nardy game with half points
    # (L-DRAW, draw_score "half"), which a game from the start cannot reach in a test
    "match-id-scores": {},
}


def test_every_code_has_a_case() -> None:
    assert sorted([*CASES, *UNREACHED]) == CODES
    assert not set(CASES) & set(UNREACHED)


@pytest.mark.parametrize("code", sorted(UNREACHED))
def test_the_unreached_codes_are_said_in_both_languages(code: str) -> None:
    err = NardyError(code, **UNREACHED[code])
    assert err.code == code and CYRILLIC.search(err.text("ru")) and str(err)


def codes_of(err: NardyError) -> set[str]:
    """The codes and message keys of an error and of the errors it wraps."""
    out = {err.code, err.key.removeprefix("error.")}
    for value in err.params.values():
        if isinstance(value, NardyError):
            out |= codes_of(value)
    return out


def said(value: Any, lang: str) -> str:
    return value.text(lang) if isinstance(value, Said) else str(value)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_raises_and_is_said_in_both_languages(code: str) -> None:
    with pytest.raises(NardyError) as info:
        CASES[code]()
    err = info.value
    # the code is the error's own, or the key of a wrapper (a file's line, a replayed
    # record) that says where and keeps the code of the error it wraps
    assert code in codes_of(err), (err.code, err.key, str(err))
    assert err.key != DETAIL and err.key in MESSAGES
    en, ru = err.text("en"), err.text("ru")
    assert en == str(err) == t(err.key, "en", **err.params)
    assert CYRILLIC.search(ru) and not CYRILLIC.search(en), (en, ru)
    for value in err.params.values():  # each value is in the text, in its language
        assert said(value, "en") in en and said(value, "ru") in ru, (value, en, ru)


def test_an_error_inside_an_error_is_said_in_one_language() -> None:
    """A replayed file's error wraps its line's error and catalogue words (the side):
    each part is said in the message's language, also after pickling (the rollout and
    analysis workers send errors back pickled)."""
    with pytest.raises(NardyError) as info:
        replay(play(WHITE, (3, 1), "8/5 6/5"), Action(WHITE, "double", line=3))
    err = pickle.loads(pickle.dumps(info.value))
    assert err.code == "replay-not-turn" and err.key == "error.file-line"
    assert str(err) == "line 3: a double by white, but it is black's turn"
    assert err.text("ru") == "строка 3: удвоение (белые), но сейчас ходят чёрные"
    assert str(words("replay.side.black")) == "black"
