"""Board drawings (nardy.render): geometry of RULES.md §7 (last item), stacks, bar, off,
pip counts and the Rich renderable (the SVG board: test_svg.py)."""

from __future__ import annotations

import doctest
import io
import random
import re

import pytest
from rich.console import Console

import nardy.render as render
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.position import BAR, OFF, Position, other
from nardy.render import (
    RichBoard,
    board_model,
    board_text,
    dice_text,
    point_location,
)
from nardy.variants import find_variant

LONG = find_variant("long")
SHORT = find_variant("short")
SVG = "{http://www.w3.org/2000/svg}"


# -- a reader of the text board, independent of the renderer's internals -------------


def read_board(text: str) -> dict[int, tuple[str, int]]:
    """Parse a text board: ``{point: (glyph, count)}`` for every occupied point, reading
    the point numbers from the label rows and the stacks below/above them."""
    lines = text.splitlines()
    top = next(i for i, line in enumerate(lines) if re.match(r"^\s+13 14", line))
    bottom = next(i for i, line in enumerate(lines) if re.match(r"^\s+12 11", line))
    found: dict[int, tuple[str, int]] = {}
    halves = ((top, range(top + 2, top + 7)), (bottom, range(bottom - 2, bottom - 7, -1)))
    for label_row, rows in halves:
        for m in re.finditer(r"\d+", lines[label_row]):
            col = m.end() - 1  # the glyph column is under the label's last digit
            cells = [lines[r][col - 1 : col + 2].strip() for r in rows]
            glyphs = [c for c in cells if c and not c.isdigit()]
            if not glyphs:
                continue
            count = int(cells[-1]) if cells[-1].isdigit() else len(glyphs)
            assert len(set(glyphs)) == 1, f"mixed stack on point {m.group()}"
            found[int(m.group())] = (glyphs[0], count)
    return found


def label_numbers(text: str, first: str) -> list[int]:
    line = next(ln for ln in text.splitlines() if re.match(rf"^\s+{first} ", ln))
    return [int(n) for n in line.split()]


def top_row(text: str) -> str:
    lines = text.splitlines()
    i = next(i for i, ln in enumerate(lines) if re.match(r"^\s+13 14", ln))
    return lines[i + 2]


# -- geometry ---------------------------------------------------------------------------


def test_point_numbers_run_13_to_24_on_top_and_12_to_1_below():
    text = board_text(LONG, LONG.start_position(), "white")
    assert label_numbers(text, "13") == list(range(13, 25))
    assert label_numbers(text, "12") == list(range(12, 0, -1))


@pytest.mark.parametrize("viewer", ["white", "black"])
def test_long_start_each_player_sees_his_head_top_right(viewer):
    """RULES.md §7: in long nardy each player sees his head (point 24) top-right."""
    mine, theirs = ("O", "X") if viewer == "white" else ("X", "O")
    text = board_text(LONG, LONG.start_position(), viewer)
    board = read_board(text)
    assert board == {24: (mine, 15), 12: (theirs, 15)}
    row = top_row(text).rstrip()
    assert row.endswith(f" {mine} |"), row  # the rightmost cell of the top row


@pytest.mark.parametrize("viewer", ["white", "black"])
def test_long_a_checker_on_my_24_is_top_right_and_my_home_bottom_right(viewer):
    """G-3 / §7: my 24 top-right, my home 1–6 bottom-right; the opponent's 24 (his head)
    is my 12 (bottom-left) and his home is my 13–18 (top-left)."""
    pos = Position.from_points({24: 1, 3: 2}, {24: 1, 2: 1}, turn=viewer)  # viewer's first
    mine, theirs = ("O", "X") if viewer == "white" else ("X", "O")
    board = read_board(board_text(LONG, pos, viewer))
    assert board == {24: (mine, 1), 3: (mine, 2), 12: (theirs, 1), 14: (theirs, 1)}
    assert point_location(24) == ("top", 11)  # top-right
    assert point_location(3)[0] == "bottom" and point_location(3)[1] >= 6  # bottom-right
    assert point_location(12) == ("bottom", 0)  # bottom-left
    assert point_location(14)[0] == "top" and point_location(14)[1] < 6  # top-left


@pytest.mark.parametrize("viewer", ["white", "black"])
def test_short_view_own_home_bottom_right_opponent_24_on_my_1(viewer):
    """Short nardy (G-3): my point p is the opponent's 25 − p."""
    pos = Position.from_points({24: 2, 6: 5}, {24: 1, 13: 3}, turn=viewer)
    mine, theirs = ("O", "X") if viewer == "white" else ("X", "O")
    board = read_board(board_text(SHORT, pos, viewer))
    assert board == {24: (mine, 2), 6: (mine, 5), 1: (theirs, 1), 12: (theirs, 3)}


def test_both_views_of_one_long_position_agree_through_the_mapping():
    game = _played_game("long", seed=11, turns=30)
    pos = game.position
    white = read_board(board_text(LONG, pos, "white"))
    black = read_board(board_text(LONG, pos, "black"))
    assert len(white) == len(black)
    for p, (glyph, count) in white.items():
        assert black[LONG.their_point(p)] == (glyph, count)


@pytest.mark.parametrize("variant", ["long", "short", "short-ru"])
def test_text_board_matches_the_position_in_random_games(variant):
    """Every occupied point, stack count, bar and off count is drawn where the
    position says, for both viewers, over many positions of random games."""
    v = find_variant(variant)
    for seed in range(6):
        game = Game(v, dice=RandomDice(seed))
        rng = random.Random(seed)
        _toss(game)
        while game.phase != "over":
            if game.phase == "roll":
                game.roll()
                continue
            pos = game.position
            for viewer in ("white", "black"):
                _check_drawing(v, pos, viewer)
            game.play(rng.choice(list(game.legal_plays())))


def _check_drawing(v, pos, viewer):
    text = board_text(v, pos, viewer, dice=(3, 1))
    mine, theirs = pos.side(viewer), pos.side(other(viewer))
    g_me, g_them = ("O", "X") if viewer == "white" else ("X", "O")
    expected = {}
    for p in range(1, 25):
        if mine[p]:
            expected[p] = (g_me, mine[p])
        q = v.their_point(p)
        if theirs[q]:
            expected[p] = (g_them, theirs[q])
    assert read_board(text) == expected
    lines = text.splitlines()
    me_line = next(ln for ln in lines if ln.startswith(f" {g_me} "))
    them_line = next(ln for ln in lines if ln.startswith(f" {g_them} "))
    assert lines.index(them_line) < lines.index(me_line)  # the viewer is below
    assert f"pips {sum(i * n for i, n in enumerate(mine))}," in me_line
    assert f"off {mine[OFF]}" in me_line
    assert (f"on the bar {mine[BAR]}" in me_line) == bool(mine[BAR])
    assert (f"on the bar {theirs[BAR]}" in them_line) == bool(theirs[BAR])


def _toss(game: Game) -> None:
    """The opening toss; in long nardy the higher die plays white (G-5)."""
    while game.phase == "opening":
        a, b = game.dice_source.die(), game.dice_source.die()
        game.opening(max(a, b), min(a, b))


def _played_game(variant: str, seed: int, turns: int) -> Game:
    game = Game(variant, dice=RandomDice(seed))
    rng = random.Random(seed)
    _toss(game)
    while game.phase != "over" and len(game.turns) < turns:
        if game.phase == "roll":
            game.roll()
        else:
            game.play(rng.choice(list(game.legal_plays())))
    return game


# -- stacks, bar, off, status ------------------------------------------------------------


def test_tall_stack_shows_its_count_in_place_of_the_fifth_checker():
    pos = Position.from_points({24: 7, 13: 5, 6: 3}, {24: 15}, turn="white")
    text = board_text(LONG, pos, "white")
    assert read_board(text)[24] == ("O", 7)
    assert read_board(text)[13] == ("O", 5)  # exactly five: all drawn, no count


def test_short_bar_checkers_are_drawn_in_the_bar_column():
    pos = Position.from_points({6: 5, 8: 3}, {6: 5}, mine_bar=2, theirs_bar=1, turn="white")
    text = board_text(SHORT, pos, "white")
    lines = text.splitlines()
    bar_cells = [ln[len("  |" + " " * 18 + "|") :][:3] for ln in lines if ln.startswith("  |")]
    top, bottom = bar_cells[:5], bar_cells[6:]
    assert [c.strip() for c in top] == ["X", "", "", "", ""]  # the opponent's, above
    assert [c.strip() for c in bottom] == ["", "", "", "O", "O"]  # the viewer's, below
    assert "BAR" in lines[8]
    assert "on the bar 2" in text and "on the bar 1" in text


def test_long_board_has_no_bar_label():
    assert "BAR" not in board_text(LONG, LONG.start_position(), "white")


def test_status_line_says_whose_turn_and_the_dice():
    pos = SHORT.start_position()
    text = board_text(SHORT, pos, "black", dice=(6, 5))
    assert text.splitlines()[-1].strip() == "White to play, dice 6-5"
    assert "Black: pips 167, off 0" in text
    over = Position.from_points({}, {6: 1}, turn="black")
    assert "to play" not in board_text(SHORT, over, "white")


def test_russian_board_uses_russian_terms():
    text = board_text(SHORT, SHORT.start_position(), "white", dice=(4, 4), lang="ru")
    assert "Белые: пипсы 167, выброшено 0" in text
    assert "Ходят белые, зары 4-4" in text
    assert "БАР" in text


def test_dice_text():
    assert dice_text((6, 5)) == "6-5"
    assert dice_text((3, 3, 3, 3)) == "3-3"
    assert dice_text((5, 5, 5)) == "5-5-5"


def test_unicode_charset_uses_discs():
    text = board_text(LONG, LONG.start_position(), "white", charset="unicode")
    assert "○" in text and "●" in text and " O " not in text


def test_bad_viewer_and_point_are_rejected():
    with pytest.raises(ValueError, match="viewer"):
        board_text(LONG, LONG.start_position(), "red")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="1..24"):
        point_location(0)
    clash = Position.from_points({24: 1}, {12: 1}, turn="white")  # long: both on my 24
    with pytest.raises(ValueError, match="both sides"):
        board_model(LONG, clash, "white")


def test_module_doctest():
    result = doctest.testmod(render)
    assert result.attempted > 0 and result.failed == 0


# -- Rich -------------------------------------------------------------------------------


def test_rich_without_colour_prints_the_text_board():
    pos = _played_game("short", seed=3, turns=12).position
    out = io.StringIO()
    console = Console(file=out, color_system=None, width=100)
    console.print(RichBoard(SHORT, pos, "black", dice=(2, 1)))
    assert out.getvalue().rstrip("\n") == board_text(SHORT, pos, "black", dice=(2, 1))


def test_rich_in_colour_keeps_the_geometry_and_draws_discs():
    pos = LONG.start_position()
    console = Console(file=io.StringIO(), color_system="truecolor", width=100, record=True)
    console.print(RichBoard(LONG, pos, "white", dice=(6, 5)))
    plain = console.export_text(clear=False, styles=False).rstrip("\n")
    expected = board_text(LONG, pos, "white", dice=(6, 5))
    assert plain == expected.replace(" O ", " ● ").replace(" X ", " ● ")
    styled = console.export_text(styles=True)
    assert "\x1b[" in styled  # coloured
