"""The two-sided cubeful bear-off database (``nardy.eval.bearoff_cube``) and its use by
every money cube decision (C-3: double, take, pass; G-6–G-10: bear-off moves)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers_boards import ALL_ROLLS, board

from nardy.bots import Bot
from nardy.bots.cube import money_cube
from nardy.engine import bots as engine_bots
from nardy.eval import bearoff as bo
from nardy.eval import bearoff_cube as bc
from nardy.plays import legal_plays
from nardy.variants import find_variant

SHORT = find_variant("short")
#: Hand-computable: one checker on the six point, bearing off with 27 of 36 rolls.
SIX, ACE = {6: 1}, {1: 1}


def equities(mine: dict[int, int], theirs: dict[int, int]) -> list[float]:
    """The database's no-double equities (centre, me, them) of a position."""
    return [bc.cube_equities(board(SHORT, mine, theirs), owner)[0] for owner in bc.STATES]


def test_the_last_roll_is_hand_computed() -> None:
    """One checker on the six point against a sure finisher: 27/36 wins, else loses
    (no cube is turned after this roll): no double 0.5, double/take 2 × 0.5 = 1."""
    assert equities(SIX, ACE) == pytest.approx([0.5, 0.5, 0.5], abs=1e-4)
    no_double, double_take = bc.cube_equities(board(SHORT, SIX, ACE), "centre")
    assert double_take == pytest.approx(1.0, abs=1e-4)
    assert money_cube(np.zeros(5), "centre", SHORT, board(SHORT, SIX, ACE)).action == "double"


def test_cube_ownership_is_priced_through_redoubles() -> None:
    """Six point against six point: 27/36 I win at once; after a miss he finishes with
    27/36 or I do. Centred, he would double me out after a miss (0.75 − 0.25 = 0.5);
    owning the cube I keep him from it (0.75 − 0.25 × 0.5 = 0.625); with his cube he
    redoubles (0.5)."""
    assert equities(SIX, SIX) == pytest.approx([0.5, 0.625, 0.5], abs=1e-4)


def test_a_smaller_database_is_the_shipped_ones_corner() -> None:
    """Positions of at most three checkers only reach such positions: generated alone,
    their equities are the shipped database's (to its fixed-point step)."""
    small = bc.generate(3)
    n = bc.sides(3)
    assert np.abs(small - bc.load()[:, :n, :n]).max() <= 1 / bc.SCALE


def test_plays_are_the_engines_legal_plays() -> None:
    """The database's plays of each roll are the positions the engine's legal plays
    reach (opponent far away in his own home)."""
    succ = dict(zip(bc.ROLLS, bc.successors(bc.MAX_CHECKERS), strict=True))
    rng = np.random.default_rng(3)
    for r in rng.integers(1, bc.sides(bc.MAX_CHECKERS), size=30):
        counts = bo.unrank(np.array([r]))[0]
        pos = board(SHORT, {p: int(counts[p - 1]) for p in range(1, 7) if counts[p - 1]}, {6: 15})
        for d1, d2 in ALL_ROLLS:
            engine = {
                int(bo.rank(np.array(play.result.theirs[1:7]))[0])
                for play in legal_plays(SHORT, pos, (d1, d2))
            }
            ours = {int(x) for x in succ[max(d1, d2), min(d1, d2)][r] if x >= 0}
            assert engine == ours, (counts, d1, d2)


def test_equities_are_within_the_game() -> None:
    """Per cube unit, no side can win or lose more than the cube (no gammons here)."""
    t = bc.load()
    assert t.min() >= -1.0 and t.max() <= 1.0
    # owning the cube is never worse than a centred cube, which beats his cube
    assert (t[1] >= t[0] - 1e-4).all() and (t[0] >= t[2] - 1e-4).all()


@pytest.mark.parametrize(
    ("mine", "theirs", "covered"),
    [
        ({6: 3, 2: 3}, {5: 2, 1: 4}, True),
        ({6: 4, 2: 3}, {5: 2}, False),  # seven checkers left
        ({7: 1, 2: 1}, {5: 2}, False),  # a checker outside home
        ({3: 1}, {24: 1, 1: 1}, False),  # still contact
    ],
)
def test_which_positions_are_covered(mine, theirs, covered) -> None:
    assert bc.applies(SHORT, board(SHORT, mine, theirs)) is covered


def test_only_variants_that_bear_off_and_score_as_backgammon() -> None:
    pos = board(SHORT, {6: 1}, {1: 1})
    assert bc.applies(SHORT, pos)
    assert not bc.applies(SHORT.with_options(scoring="per-checker"), pos)
    assert bc.applies(find_variant("long"), pos)  # L-2: long nardy bears off alike
    assert not bc.applies(find_variant("crazy"), pos)  # V-CRAZY: doubles run on


def test_every_money_cube_answer_uses_the_database() -> None:
    """The bot, the engine protocol's ``cube`` and ``nardy hint`` give the exact
    equities in a covered bear-off, whatever the net says."""
    mine, theirs = {6: 2, 5: 1}, {4: 2, 2: 1}
    pos = board(SHORT, mine, theirs)
    nd, dt = bc.cube_equities(pos, "centre")
    d = Bot(SHORT, "advanced").cube(pos)
    assert (d.no_double, d.double_take) == pytest.approx((nd, dt))
    answer = engine_bots.cube(
        {
            "variant": "short",
            "level": "advanced",
            "cube": {"value": 2, "owner": "white"},
            "position": {
                "turn": "white",
                "white": {"points": {"6": 2, "5": 1}},
                "black": {"points": {"4": 2, "2": 1}},
            },
        }
    )
    mine_nd, mine_dt = bc.cube_equities(pos, "me")
    assert answer["equities"]["no_double"] == pytest.approx(2 * mine_nd, abs=1e-4)
    assert answer["equities"]["double_take"] == pytest.approx(2 * mine_dt, abs=1e-4)


def test_build_command_writes_the_database(tmp_path) -> None:
    out = tmp_path / "cube.npz"
    assert bc.main(["build", str(out), "--max-checkers", "2"]) == 0
    with np.load(out) as z:
        assert int(z["max_checkers"]) == 2 and int(z["scale"]) == bc.SCALE
        assert np.array_equal(z["equity"], np.rint(bc.generate(2) * bc.SCALE))


#: A covered bear-off in protocol form (white on roll) and a contact position.
BEAROFF_JSON = {
    "turn": "white",
    "white": {"points": {"6": 2, "5": 1}},
    "black": {"points": {"4": 2, "2": 1}},
}
CONTACT_JSON = {
    "turn": "white",
    "white": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
    "black": {"points": {"6": 5, "8": 3, "13": 5, "24": 2}},
}


def test_answers_say_when_the_cube_is_exact() -> None:
    """The engine's ``cube`` answer, ``nardy hint`` and the cube advice of the terminal
    and the web (``cube_advice``) say when the equities come from the database: money
    play in a covered bear-off, not a match score, not contact."""
    import json

    from click.testing import CliRunner

    from nardy.bots.advice import cube_advice
    from nardy.commands.hint import command as hint_cmd
    from nardy.game import Game
    from nardy.i18n import t
    from nardy.match import MatchScore

    ask = {"variant": "short", "level": "advanced", "position": BEAROFF_JSON}
    assert engine_bots.cube(ask)["exact"] is True
    assert engine_bots.cube({**ask, "match": {"length": 5, "score": [0, 0]}})["exact"] is False
    assert engine_bots.cube({**ask, "position": CONTACT_JSON})["exact"] is False
    out = CliRunner().invoke(hint_cmd, ["--position", json.dumps(BEAROFF_JSON), "--plies", "0"])
    assert out.exit_code == 0, out.output
    said = " ".join(out.output.split())
    assert t("cube.exact", "en") in said and t("cube.exact", "ru") in said
    data = json.loads(
        CliRunner()
        .invoke(hint_cmd, ["--position", json.dumps(BEAROFF_JSON), "--plies", "0", "--json"])
        .output
    )
    assert data["cube"]["exact"] is True
    game = Game(SHORT, position=board(SHORT, {6: 2, 5: 1}, {4: 2, 2: 1}))
    assert cube_advice(game, MatchScore(), "advanced").exact
