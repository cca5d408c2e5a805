"""Computer players: levels, legal choices, passes, evaluation and noise."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.bots import LEVEL_SPECS, LEVELS, Bot, level_spec
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.plays import legal_plays
from nardy.position import Position
from nardy.train.calibration import strength
from nardy.variants import find_variant

SHORT = find_variant("short")


def test_levels_by_number_and_name() -> None:
    assert list(LEVELS.values()) == list(range(6))
    assert level_spec("beginner").noise > level_spec("casual").noise > 0
    assert level_spec("strongest").plies == 2
    assert level_spec(3) == level_spec("advanced") == level_spec("сильный")
    assert level_spec("4").name == "expert"


@pytest.mark.parametrize("variant", ["short", "long"])
@pytest.mark.parametrize("spec", [s for s in LEVEL_SPECS if s.noise > 0], ids=lambda s: s.name)
def test_each_weak_level_plays_as_the_review_names_it(spec, variant) -> None:
    """The review's rating of a weak level's play is the level's own name: a walkthrough's
    beginner met a "beginner" whose play the review called "strong" (its noise had made
    every weak level read two names stronger). Seeded games: the same figures each run;
    ``bench/levels.py`` gives the table with more games."""
    s = strength(find_variant(variant), spec.noise, games=100, seed=11)
    assert s.decisions > 1000
    assert s.rating == spec.name, (s.error, s.rating)
    assert s.ppg < 0  # and it loses to the noiseless bot


@pytest.mark.parametrize("bad", ["grandmaster", 6, -1, True, 2.5])
def test_bad_level_is_a_clear_error(bad) -> None:
    with pytest.raises(ValueError, match="level"):
        Bot("short", bad)


def test_unknown_variant_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        Bot("chess")


@pytest.mark.parametrize("variant", ["short", "short-ru", "short-caucasian", "long", "nardgammon"])
def test_bot_plays_legal_moves_through_a_game(variant) -> None:
    bot = Bot(variant, "intermediate", seed=5)
    game = Game(variant, dice=RandomDice(11))
    game.opening(6, 5) if game.variant.family == "short" else game.opening(5, 3)
    for _ in range(30):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game.roll()
        if game.phase == "move":
            play = bot.choose(game.position, game.dice)
            assert play in game.legal_plays()
            game.play(play)


def test_no_legal_play_gives_none() -> None:
    # on the bar against a closed board (S-3): nothing can be played
    pos = Position.from_points({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, mine_bar=1)
    assert not legal_plays(SHORT, pos, (6, 5))
    assert Bot(SHORT, "advanced").choose(pos, (6, 5)) is None


def test_evaluate_shape_and_consistency() -> None:
    bot = Bot(SHORT, "advanced")
    start = SHORT.start_position()
    p = bot.evaluate([start, start.swap()])
    assert p.shape == (2, 5)
    assert p[0] == pytest.approx(p[1])  # the start is symmetric
    assert bot.evaluate([]).shape == (0, 5)
    assert bot.equity([start]).shape == (1,)


def test_beginner_mistakes_are_plausible_plays() -> None:
    # Noise on evaluations: the beginner sometimes differs from the noiseless bot,
    # but only by plays whose true equity is close, never an arbitrary move.
    strong = Bot(SHORT, "advanced")
    weak = Bot(SHORT, "beginner", seed=3)
    rng = np.random.default_rng(0)
    game = Game(SHORT, dice=RandomDice(2))
    game.opening(4, 2)
    losses, differs = [], 0
    for _ in range(40):
        if game.phase == "over":
            break
        if game.phase == "roll":
            game.roll()
        if game.phase != "move":
            continue
        ranked = strong.rank(game.position, game.dice)
        by_text = {str(r.play): r.equity for r in ranked}
        choice = weak.choose(game.position, game.dice)
        losses.append(ranked[0].equity - by_text[str(choice)])
        differs += str(choice) != str(ranked[0].play)
        game.play(ranked[int(rng.integers(0, min(2, len(ranked))))].play)
    assert differs > 0
    assert max(losses) < 0.5
    assert np.mean(losses) < 0.1


# -- engine protocol handlers (DESIGN.md best / eval / cube) ------------------------

START_JSON = {
    "turn": "white",
    "white": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
    "black": {"points": {"24": 2, "13": 5, "8": 3, "6": 5}},
}


def test_engine_best_returns_a_legal_play() -> None:
    from nardy.engine import bots as engine_bots

    ans = engine_bots.best(
        {"variant": "short", "position": START_JSON, "dice": [3, 1], "level": "advanced"}
    )
    legal = {str(p) for p in legal_plays(SHORT, SHORT.start_position(), (3, 1))}
    assert ans["play"]["text"] in legal
    assert ans["play"]["position"]["turn"] == "black"
    assert isinstance(ans["equity"], float) and len(ans["probs"]) == 5


def test_engine_rank_is_the_hint_best_first() -> None:
    """``rank``: every legal play of the roll, best first, the first being ``best``'s
    play; at double match point by match equity (C-4)."""
    from nardy.engine import bots as engine_bots
    from nardy.engine import protocol

    ans = engine_bots.rank(
        {
            "variant": "short",
            "position": START_JSON,
            "dice": [3, 1],
            "level": "advanced",
            "plies": 0,
            "top": 100,
        }
    )
    legal = {str(p) for p in legal_plays(SHORT, SHORT.start_position(), (3, 1))}
    plays = ans["plays"]
    assert {p["play"]["text"] for p in plays} == legal
    assert [p["equity"] for p in plays] == sorted((p["equity"] for p in plays), reverse=True)
    assert plays[0]["diff"] == 0 and all(p["plies"] == 0 for p in plays)
    best = engine_bots.best(
        {"variant": "short", "position": START_JSON, "dice": [3, 1], "level": "advanced"}
    )
    assert plays[0]["play"] == best["play"] and plays[0]["equity"] == best["equity"]
    three = protocol.handle(
        {
            "cmd": "rank",
            "id": 7,
            "variant": "short",
            "position": START_JSON,
            "dice": [3, 1],
            "level": "advanced",
            "plies": 1,
            "top": 3,
        }
    )
    assert three["id"] == 7 and len(three["plays"]) == 3
    assert three["plays"][0]["plies"] == 1
    from nardy.notation.position_id import decode_id
    from nardy.notation.position_json import position_to_json

    blitz = position_to_json(decode_id("short", "2K6DASF2cxsEAA", "black"))
    ask = {"variant": "short", "position": blitz, "dice": [4, 3], "level": "advanced", "plies": 0}
    assert engine_bots.rank(ask)["plays"][0]["play"]["text"] == "8/5*/1*"
    dmp = engine_bots.rank({**ask, "match": {"length": 7, "score": [6, 6]}})
    assert dmp["plays"][0]["play"]["text"] == "13/6"
    for bad, needle in (({"plies": 4}, "plies"), ({"top": 0}, "top")):
        err = protocol.handle({"cmd": "rank", **ask, **bad})
        assert needle in err["error"]


def test_engine_best_when_nothing_can_be_played() -> None:
    from nardy.engine import bots as engine_bots

    pos = {
        "turn": "white",
        "white": {"points": {"6": 14}, "bar": 1},
        "black": {"points": {str(p): 2 for p in range(1, 7)}},
    }
    ans = engine_bots.best({"variant": "short", "position": pos, "dice": [6, 5], "level": 3})
    assert ans["play"] is None


def test_engine_eval_money_and_match() -> None:
    from nardy.engine import bots as engine_bots

    money = engine_bots.eval(
        {
            "variant": "long",
            "position": {
                "turn": "white",
                "white": {"points": {"24": 15}, "first_turn": True},
                "black": {"points": {"24": 15}, "first_turn": True},
            },
            "level": 0,
        }
    )
    assert len(money["probs"]) == 5 and "mwc" not in money
    match = engine_bots.eval(
        {
            "variant": "short",
            "position": START_JSON,
            "level": 0,
            "match": {"length": 5, "score": {"white": 4, "black": 0}},
        }
    )
    assert match["mwc"] > 0.7  # one point away against five
    assert money["resign"] is None and match["resign"] is None


def test_engine_eval_says_when_to_resign() -> None:
    """``resign``: a certain gammon (``nardy.bots.resign``) in money play; a single game
    when the opponent needs one point, and a gammon when he needs three at a cube of 1."""
    from nardy.engine import bots as engine_bots

    gammoned = {
        "turn": "white",
        "white": {"points": {"12": 3, "11": 3, "10": 3, "9": 3, "8": 3}},
        "black": {"points": {"1": 2, "2": 2, "3": 1}},
    }
    ask = {"variant": "short", "position": gammoned, "level": "advanced"}
    assert engine_bots.eval(ask)["resign"] == 2
    one_away = {"length": 5, "score": {"white": 0, "black": 4}}
    assert engine_bots.eval({**ask, "match": one_away})["resign"] == 1
    three_away = {"length": 5, "score": {"white": 0, "black": 2}}
    assert engine_bots.eval({**ask, "match": three_away})["resign"] == 2
    # at a cube of 2 a single game (2 points) is enough for the player 2 away
    two_away = {"length": 5, "score": {"white": 0, "black": 3}}
    assert (
        engine_bots.eval({**ask, "match": two_away, "cube": {"value": 2, "owner": "black"}})[
            "resign"
        ]
        == 1
    )


def test_engine_cube_double_and_answer() -> None:
    from nardy.engine import bots as engine_bots

    race = {
        "turn": "white",
        "white": {"points": {"2": 1, "1": 2}},
        "black": {"points": {"6": 3, "5": 3, "4": 3}},
    }
    ans = engine_bots.cube(
        {
            "variant": "short",
            "position": race,
            "level": "expert",
            "cube": {"value": 1, "owner": None},
        }
    )
    assert ans["action"] == "double" and ans["take"] == "pass"
    assert ans["proper"] == "double-pass"
    offered = engine_bots.cube(
        {
            "variant": "short",
            "position": race,
            "level": "expert",
            "cube": {"value": 1, "owner": None, "offered_by": "white"},
        }
    )
    assert offered["action"] == "pass"
    owned = engine_bots.cube(
        {
            "variant": "short",
            "position": race,
            "level": "expert",
            "cube": {"value": 2, "owner": "black"},
        }
    )
    assert owned["action"] == "no-double"  # black owns the cube


@pytest.mark.parametrize(
    "request_, needle",
    [
        ({"variant": "short", "dice": [3, 1]}, "position"),
        ({"variant": "short", "position": START_JSON, "dice": [7, 1]}, "1..6"),
        ({"variant": "short", "position": START_JSON, "dice": [3, 1], "level": "god"}, "level"),
        (
            {
                "variant": "short",
                "position": START_JSON,
                "dice": [3, 1],
                "match": {"length": 3, "score": [5, 0]},
            },
            "score",
        ),
    ],
)
def test_engine_bad_requests_raise_clear_errors(request_, needle) -> None:
    from nardy.engine import bots as engine_bots

    with pytest.raises(ValueError, match=needle):
        engine_bots.best(request_)


def test_engine_cube_rejects_bad_owner() -> None:
    from nardy.engine import bots as engine_bots

    with pytest.raises(ValueError, match="owner"):
        engine_bots.cube(
            {"variant": "short", "position": START_JSON, "cube": {"value": 1, "owner": "green"}}
        )


def test_engine_match_crawford_flags_c4() -> None:
    from nardy.engine import bots as engine_bots

    race = {
        "turn": "white",
        "white": {"points": {"2": 1, "1": 2}},
        "black": {"points": {"6": 3, "5": 3, "4": 3}},
    }
    leader = {"length": 5, "score": {"white": 0, "black": 4}}
    # After the Crawford game the trailer doubles at once, but not in it (C-4) ...
    free = engine_bots.cube(
        {
            "variant": "short",
            "position": START_JSON,
            "level": 0,
            "cube": {"value": 1, "owner": None},
            "match": leader,
        }
    )
    assert free["double"] == "double"
    crawford = engine_bots.cube(
        {
            "variant": "short",
            "position": START_JSON,
            "level": 0,
            "cube": {"value": 1, "owner": None},
            "match": {**leader, "crawford_game": True},
        }
    )
    assert crawford["action"] == "no-double"
    with pytest.raises(ValueError, match="Crawford game"):
        engine_bots.cube(
            {
                "variant": "short",
                "position": race,
                "level": 0,
                "cube": {"value": 1, "owner": None, "offered_by": "white"},
                "match": {**leader, "crawford_game": True},
            }
        )
    # ... and without the Crawford rule, reaching 1-away leads to post-Crawford play,
    # which changes the match-winning chance of a game played at 3-away vs 2-away.
    at = {"length": 5, "score": {"white": 2, "black": 3}}
    with_rule = engine_bots.eval(
        {"variant": "short", "position": START_JSON, "level": 0, "match": at}
    )
    without = engine_bots.eval(
        {"variant": "short", "position": START_JSON, "level": 0, "match": {**at, "crawford": False}}
    )
    assert with_rule["mwc"] != without["mwc"]
    for bad in (
        {**at, "crawford": "no"},
        {**at, "crawford_game": True},
        {**leader, "crawford": False, "crawford_game": True},
    ):
        with pytest.raises(ValueError, match="crawford"):
            engine_bots.eval({"variant": "short", "position": START_JSON, "level": 0, "match": bad})


# -- checker play for the match score / single games (C-3 Jacoby, C-4) ----------------

#: Black to play 4-3 (found in 0-ply self-play): for money the blitz "8/5*/1*" (gammons),
#: for the win only the safe "13/6" has the better P(win).
BLITZ_ID, BLITZ_DICE = "2K6DASF2cxsEAA", (3, 4)


def _blitz():  # type: ignore[no-untyped-def]
    from nardy.notation.position_id import decode_position_id

    return decode_position_id(BLITZ_ID, "black")


def test_playing_for_the_win_only_picks_the_best_winning_chance() -> None:
    from nardy.bots import money_objective

    pos = _blitz()
    money = Bot(SHORT, "advanced")
    single = money.playing_for(money_objective(SHORT, gammons=False))
    assert str(money.choose(pos, BLITZ_DICE)) == "8/5*/1*"
    assert str(single.choose(pos, BLITZ_DICE)) == "13/6"
    ranked = money.rank(pos, BLITZ_DICE)  # every play at 0 ply, with its probabilities
    best_win = max(ranked, key=lambda r: r.probs[0])
    assert str(best_win.play) == "13/6"
    # the same net and level, another objective
    assert single.evaluator is money.evaluator and single.spec == money.spec


def test_engine_best_plays_for_the_match_score_c4() -> None:
    """Double match point (1-away each): the engine's best play is the one that wins
    most often; for money (no match) it is the gammonish blitz."""
    from nardy.engine import bots as engine_bots
    from nardy.notation.position_json import position_to_json

    req = {
        "variant": "short",
        "position": position_to_json(_blitz()),
        "dice": list(BLITZ_DICE),
        "level": "advanced",
    }
    assert engine_bots.best(req)["play"]["text"] == "8/5*/1*"
    dmp = engine_bots.best({**req, "match": {"length": 3, "score": {"white": 2, "black": 2}}})
    assert dmp["play"]["text"] == "13/6"
    # the equity reported is the match equity of that play: 2·P(win) − 1 at DMP
    assert dmp["equity"] == pytest.approx(2 * dmp["probs"][0] - 1, abs=2e-4)


def test_terminal_computer_plays_for_the_match_score_c4() -> None:
    from nardy.bots.opponent import Opponent
    from nardy.match import MatchScore

    g = Game(SHORT, position=_blitz())
    g.roll(*BLITZ_DICE)
    computer = Opponent(SHORT, "advanced")
    assert computer.choose(g).text == "8/5*/1*"
    assert computer.choose(g, MatchScore(length=5, white=4, black=4)).text == "13/6"
    assert computer.choose(g, MatchScore(length=0)).text == "8/5*/1*"
