"""The server's computer player: the bot's evaluation chooses every segment's play
(crazy sequences V-CRAZY, passed moves V-GUL); its cube and resignation decisions at
the match score (C-4) and under Jacoby (C-3)."""

from __future__ import annotations

import numpy as np

from nardy.bots import Bot
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.match import MatchScore
from nardy.server.botplayer import Computer
from nardy.variants import find_variant


def segment_choices(
    variant_name: str, seeds: range, kind: str, limit: int
) -> list[tuple[float, float, float]]:
    """(chosen, best, first-legal) equities of the computer's plays of ``kind``
    segments with at least three legal plays, in seeded games it plays itself."""
    variant = find_variant(variant_name)
    computer = Computer()
    bot = Bot(variant, "advanced")  # 0-ply without noise: a deterministic reference
    out: list[tuple[float, float, float]] = []
    for seed in seeds:
        g = Game(variant, dice=RandomDice(seed))
        for _ in range(400):
            if g.phase == "over" or len(out) >= limit:
                break
            if g.phase == "opening":
                g.opening()
                continue
            if g.phase == "roll":
                g.roll()
                continue
            legal = list(g.legal_plays())
            choice = computer.choose(g, "advanced")
            assert choice.text in {p.text for p in legal}
            if g.segment is not None and g.segment.kind == kind and len(legal) >= 3:
                eq = [-float(bot.equity([p.result], plies=0)[0]) for p in legal]
                chosen = eq[[p.text for p in legal].index(choice.text)]
                out.append((chosen, max(eq), eq[0]))
            g.play(choice)
        if len(out) >= limit:
            break
    return out


def test_crazy_sequence_doubles_are_chosen_by_the_bot() -> None:
    seen = segment_choices("crazy", range(3), "sequence", 12)
    assert len(seen) >= 6
    for chosen, best, _first in seen:
        assert abs(chosen - best) < 1e-9  # the best play by the bot's evaluation
    assert any(best > first + 1e-6 for _c, best, first in seen)  # not the first legal play


def test_passed_moves_are_chosen_by_the_bot() -> None:
    seen = segment_choices("gulbara", range(8), "passed", 3)
    assert seen
    for chosen, best, _first in seen:
        assert abs(chosen - best) < 1e-9


def _side(points: dict[int, int]) -> dict[str, object]:
    return {"points": {str(p): n for p, n in points.items()}, "bar": 0, "first_turn": False}


def _short_position(turn: str, white: dict[int, int], black: dict[int, int]) -> Game:
    from nardy.notation.position_json import position_from_json

    short = find_variant("short")
    return Game(
        short,
        position=position_from_json(
            {"turn": turn, "white": _side(white), "black": _side(black)}, short
        ),
    )


def test_cube_decisions_follow_the_match_score_c4() -> None:
    """The match cube comes from the match-equity table (``cube_advice``), as in the
    terminal and the hints: after the Crawford game the trailer doubles at once, the
    leader one point away never does, and a double that passing would lose the match
    by is taken however bad the game."""
    computer = Computer()
    g = Game(find_variant("short"))
    g.opening(6, 5)
    g.play("24/18 18/13")  # black (the computer) on roll
    assert not computer.wants_double(g, "advanced", MatchScore())  # money: too early
    assert computer.wants_double(g, "advanced", MatchScore(5, white=4, black=1))
    assert computer.wants_double(g, "advanced", MatchScore(5, 4, 1, crawford=False))
    assert not computer.wants_double(g, "advanced", MatchScore(5, white=1, black=4))
    race = _short_position(
        "black", {12: 3, 11: 3, 10: 3, 9: 3, 8: 3}, {1: 3, 2: 3, 3: 3, 4: 3, 5: 3}
    )
    race.double()  # white, far behind in the race, answers
    assert computer.answer_double(race, "advanced", MatchScore()) == "pass"
    assert computer.answer_double(race, "advanced", MatchScore(5, white=1, black=4)) == "take"


def test_resignations_are_accepted_by_what_playing_on_is_worth() -> None:
    """White resigns a single game that is a certain gammon for black (the computer):
    refused for money; accepted when gammons do not count (Jacoby, C-3) and when the
    single game already wins black the match (C-4); refused at 3-away, where the gammon
    wins the match and the single does not."""
    from nardy.cube import CubeRules

    computer = Computer()

    def accepts(score: MatchScore, **rules: bool) -> bool:
        g = _short_position("white", {12: 3, 11: 3, 10: 3, 9: 3, 8: 3}, {1: 2, 2: 2, 3: 1})
        g = Game(g.variant, position=g.position, cube=CubeRules(**rules))
        g.resign(1)
        return computer.accepts_resignation(g, "advanced", score)

    assert not accepts(MatchScore())
    assert accepts(MatchScore(), jacoby=True)
    assert accepts(MatchScore(5, white=0, black=4))
    assert not accepts(MatchScore(5, white=0, black=2))


def test_money_cube_decisions_come_from_the_bot() -> None:
    variant = find_variant("short")
    g = Game(variant)
    g.opening(6, 5)
    g.play("24/18 18/13")  # a sound opening play; black to roll
    bot = Bot(variant, "advanced")
    decision = bot.cube(g.position, "centre")
    computer = Computer()
    assert computer.wants_double(g, "advanced", MatchScore()) == (decision.action == "double")
    g.double()
    answer = computer.answer_double(g, "advanced", MatchScore())
    assert answer == {"beaver": "take"}.get(decision.take, decision.take)
    assert np.isfinite(decision.no_double)


def test_checker_play_follows_what_the_game_scores_c3_c4() -> None:
    """Black to play 4-3 where money play blitzes for gammons: the computer does so for
    money, but plays safe for the win only at double match point and under the Jacoby
    rule with the cube in the centre (gammons do not count)."""
    from nardy.cube import CubeRules
    from nardy.notation.position_id import decode_position_id

    variant = find_variant("short")
    pos = decode_position_id("2K6DASF2cxsEAA", "black")
    computer = Computer()

    def choice(score: MatchScore | None, **rules: bool) -> str:
        g = Game(variant, position=pos, cube=CubeRules(**rules))
        g.roll(3, 4)
        return computer.choose(g, "advanced", score).text

    assert choice(None) == "8/5*/1*"
    assert choice(MatchScore()) == "8/5*/1*"
    assert choice(MatchScore(5, 4, 4), money=False) == "13/6"
    assert choice(None, jacoby=True) == "13/6"


def test_the_computer_offers_to_resign_only_certain_losses() -> None:
    """``nardy.bots.resign``: a certain gammon is resigned as a gammon in money play,
    as a single game when that already gives the opponent the match (C-4); a position
    with contact is played on."""
    computer = Computer()
    game = _short_position("white", {12: 3, 11: 3, 10: 3, 9: 3, 8: 3}, {1: 2, 2: 2, 3: 1})
    assert computer.resignation_offer(game, "beginner", MatchScore()) == 2
    assert computer.resignation_offer(game, "beginner", MatchScore(5, white=0, black=4)) == 1
    assert computer.resignation_offer(game, "beginner", MatchScore(5, white=0, black=2)) == 2
    opening = Game(find_variant("short"), dice=RandomDice(1))
    opening.opening()
    opening.play(opening.legal_plays()[0])
    assert computer.resignation_offer(opening, "strongest", MatchScore()) is None


def test_hints_price_the_match_by_its_own_crawford_rule_c4() -> None:
    """At 2-away/2-away a single win leads to the Crawford game only in a match that
    plays the rule: the hint's equities are the engine's ``rank`` at the match's own
    rule, and differ between the two rules."""
    from nardy.engine.bots import rank
    from nardy.notation.position_json import position_to_json

    g = Game(find_variant("short"))
    g.opening(6, 5)
    g.play("24/18 18/13")
    g.roll(3, 1)
    computer = Computer()
    by_rule = {}
    for rule in (True, False):
        hint = computer.hint(g, MatchScore(5, 3, 3, crawford=rule), plies=1, top=3)
        engine = rank(
            {
                "variant": "short",
                "position": position_to_json(g.position),
                "dice": [3, 1],
                "level": "advanced",
                "plies": 1,
                "top": 3,
                "match": {"length": 5, "score": {"white": 3, "black": 3}, "crawford": rule},
            }
        )
        assert [p.text for p, _ in hint] == [e["play"]["text"] for e in engine["plays"]]
        assert [round(e, 4) for _, e in hint] == [e["equity"] for e in engine["plays"]]
        by_rule[rule] = hint[0][1]
    assert abs(by_rule[True] - by_rule[False]) > 1e-3
