"""The dead cube (RULINGS.md, C-4 dead cube): in a match, a player whom a game won at
the cube's value already gives the match may not double. A table by case, the match's
games carrying the score to their cube, the cube's records, and the whole grid of small
match scores cross-checked against GNU Backgammon's own refusal."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nardy.cube import Cube, CubeRules
from nardy.errors import MalformedError
from nardy.game import GameError
from nardy.match import Match, MatchScore, MatchSnapshot
from nardy.notation.match_id import snapshot_ids
from nardy.position import Color
from nardy.variants import find_variant

SHORT = find_variant("short")
START = SHORT.start_position(first_turns=False)
MATCH_RULES = CubeRules.for_variant(SHORT, money=False)


@pytest.mark.parametrize(
    ("away", "value", "owner", "player", "dead"),
    [
        ((1, 1), 1, None, "white", True),  # a 1-point match, double match point
        ((1, 3), 1, None, "white", True),  # the leader after the Crawford game
        ((1, 3), 1, None, "black", False),  # the trailer doubles freely
        ((2, 3), 2, "white", "white", True),  # needs two, owns a 2-cube
        ((3, 2), 2, "white", "white", False),  # needs three: a redouble to 4 is live
        ((4, 4), 4, "black", "black", True),
        ((4, 4), 2, "black", "black", False),
    ],
)
def test_the_cube_is_dead_for_a_player_its_value_gives_the_match(
    away: tuple[int, int], value: int, owner: Color | None, player: Color, dead: bool
) -> None:
    """C-4 dead cube, by case: ``away`` is (white, black)."""
    cube = Cube(MATCH_RULES, value, owner, 0 if value == 1 else 1, away=away)
    assert cube.dead_for(player) is dead
    refusal = cube.may_double(player)
    assert (refusal is not None and refusal.code == "cube-dead") is dead
    if dead:
        with pytest.raises(Exception, match="cube is dead"):
            cube.double(player)


def test_money_play_and_a_lone_game_have_no_dead_cube() -> None:
    for cube in (Cube(CubeRules(money=True), 64, "white", 6), Cube(MATCH_RULES, 64, "white", 6)):
        assert not cube.dead_for("white") and cube.may_double("white") is None


def test_other_refusals_come_first() -> None:
    """The Crawford game and the opponent's cube say so, rather than "dead"."""
    crawford = Cube(MATCH_RULES, crawford=True, away=(1, 3))
    assert crawford.may_double("white").code == "cube-crawford"  # type: ignore[union-attr]
    theirs = Cube(MATCH_RULES, 2, "black", 1, away=(1, 1))
    assert theirs.may_double("white").code == "cube-not-yours"  # type: ignore[union-attr]


def test_a_one_point_match_never_offers_the_cube() -> None:
    """C-4 dead cube: the first game of a match to 1 (and its roll) has no double; the
    error names the dead cube in both languages."""
    match = Match(SHORT, 1)
    game = match.new_game()
    game.opening(5, 2)
    game.play(game.legal_plays()[0])
    assert game.phase == "roll" and game.cube_actions() == []
    with pytest.raises(GameError) as err:
        game.double()
    assert err.value.code == "cube-dead"
    assert "мёртвый" in err.value.text("ru") and "dead" in err.value.text("en")


def test_a_match_game_carries_the_score_by_colour_to_its_cube() -> None:
    """The cube of each game knows what white and black need, whoever plays white."""
    match = Match(
        find_variant("long"), 3, cube=CubeRules.for_variant(find_variant("long"), enabled=True)
    )
    game = match.new_game(white=1)  # player 1 won the toss: he plays white
    assert game.cube.away == (3, 3)
    game.opening(5, 2)
    game.resign(2)  # white (player 1), on roll, concedes a mars: player 0 scores 2
    game.accept()
    assert match.score == (2, 0)
    nxt = match.new_game()
    white = match.whites[1]
    need = (3 - match.score[white], 3 - match.score[1 - white])
    assert nxt.cube.away == need and sorted(need) == [1, 3]


def test_a_post_crawford_double_by_the_trailer_stands_and_the_leader_s_is_refused() -> None:
    """C-4: after the Crawford game the trailer doubles; the leader (one point away)
    never may: his cube is dead."""
    score = MatchScore(5, white=4, black=2, crawford=True)
    snap = MatchSnapshot(START, 5, (4, 2), dice=None)
    assert snap.to_game().cube_actions() == []  # white to roll, leads 4-2
    black = MatchSnapshot(START.swap(), 5, (4, 2))
    assert black.to_game().cube_actions() == ["double"]
    assert score.by_colour == (1, 3)


def test_the_cube_record_keeps_the_score_and_rejects_a_bad_one() -> None:
    cube = Cube(MATCH_RULES, 2, "white", 1, away=(2, 5))
    obj = cube.to_json()
    assert obj["away"] == [2, 5] and Cube.from_json(obj) == cube
    assert "away" not in Cube(MATCH_RULES).to_json()  # (money and lone games as before)
    for bad in ("2-5", [2], [2, "5"], [True, 3]):
        with pytest.raises(MalformedError):
            Cube.from_json({**obj, "away": bad})


GNUBG = Path("/usr/games/gnubg")


def grid() -> list[MatchSnapshot]:
    """Every score of matches to 1, 2, 3 and 5 points, each side on roll, with the cube
    in the middle and at 2 and 4 on either side, and the Crawford game where one side
    is one point away."""
    snaps = []
    for length in (1, 2, 3, 5):
        for a in range(length):
            for b in range(length):
                one_away = (a == length - 1) != (b == length - 1)
                for crawford in (False, True) if one_away else (False,):
                    cubes = [(1, None)] if crawford else [(1, None), (2, "white"), (2, "black")]
                    cubes += [] if crawford else [(4, "white"), (4, "black")]
                    for value, owner in cubes:
                        for position in (START, START.swap()):
                            snaps.append(
                                MatchSnapshot(position, length, (a, b), value, owner, crawford)  # type: ignore[arg-type]
                            )
    return snaps


@pytest.mark.skipif(not GNUBG.exists(), reason="GNU Backgammon is not installed")
def test_dead_cube_agrees_with_gnubg_on_every_small_match_score() -> None:
    """For each snapshot, gnubg is set to it (its gnubg ID) and asked to double on
    behalf of the side on roll: it refuses with "The cube is dead" exactly where our
    game offers no double for that reason; where our game offers a double, gnubg
    doubles."""
    snaps = grid()
    script = "set player 0 human\nset player 1 human\n" + "".join(
        f"set gnubgid {':'.join(snapshot_ids(s))}\ndouble\n" for s in snaps
    )
    out = subprocess.run(
        [str(GNUBG), "-t", "-q"], input=script, capture_output=True, text=True, timeout=300
    ).stdout
    answers = out.split("Setting GNUbg ID")[1:]
    assert len(answers) == len(snaps)
    dead_seen = 0
    for snap, answer in zip(snaps, answers, strict=True):
        game = snap.to_game()
        gnubg_dead = "The cube is dead" in answer
        ours = game.why_no_double()
        assert (ours is not None and ours.code == "cube-dead") == gnubg_dead, (snap, answer)
        if ours is None:
            assert " doubles." in answer, (snap, answer)
        dead_seen += gnubg_dead
    assert dead_seen > 40 and len(snaps) > 200  # (the grid reaches the cases it is for)
