"""The server's computer player: the bot's evaluation chooses every segment's play
(crazy sequences V-CRAZY, passed moves V-GUL), and the match-score adjustments of its
cube decisions (C-4)."""

from __future__ import annotations

import numpy as np

from nardy.bots import Bot
from nardy.dice import RandomDice
from nardy.game import Game
from nardy.server.botplayer import (
    Computer,
    MatchContext,
    match_accepts,
    match_double,
    match_take,
)
from nardy.variants import find_variant


def segment_choices(variant_name: str, seeds: range, kind: str, limit: int
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


def test_cube_decisions_follow_the_match_score() -> None:
    money = MatchContext()
    assert match_double(True, money, 1) and not match_double(False, money, 1)
    # a win at this cube already takes the match: no reason to double
    assert not match_double(True, MatchContext(my_away=2, opp_away=5), 2)
    # post-Crawford the trailer doubles at once against a player one point away
    assert match_double(False, MatchContext(my_away=4, opp_away=1, post_crawford=True), 1)
    assert not match_double(False, MatchContext(my_away=4, opp_away=1), 1)
    # passing would hand the opponent the match: take
    assert match_take("pass", MatchContext(my_away=3, opp_away=2), 2) == "take"
    assert match_take("pass", MatchContext(my_away=3, opp_away=5), 2) == "pass"
    assert match_take("beaver", money, 1) == "beaver"
    assert match_accepts(1, 0.2, money) and not match_accepts(1, 1.4, money)
    assert match_accepts(2, 2.6, MatchContext(my_away=2, opp_away=3))


def test_money_cube_decisions_come_from_the_bot() -> None:
    variant = find_variant("short")
    g = Game(variant)
    g.opening(6, 5)
    g.play("24/18 18/13")  # a sound opening play; black to roll
    bot = Bot(variant, "advanced")
    decision = bot.cube(g.position, "centre")
    computer = Computer()
    assert computer.wants_double(g, "advanced", MatchContext()) == (decision.action == "double")
    g.double()
    answer = computer.answer_double(g, "advanced", MatchContext())
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

    def choice(ctx: MatchContext | None, **rules: bool) -> str:
        g = Game(variant, position=pos, cube=CubeRules(**rules))
        g.roll(3, 4)
        return computer.choose(g, "advanced", ctx).text

    assert choice(None) == "8/5*/1*"
    assert choice(MatchContext()) == "8/5*/1*"
    assert choice(MatchContext(my_away=1, opp_away=1), money=False) == "13/6"
    assert choice(None, jacoby=True) == "13/6"


def test_the_computer_offers_to_resign_only_certain_losses() -> None:
    """``nardy.bots.resign``: a certain gammon is resigned as a gammon in money play,
    as a single game when that already gives the opponent the match (C-4); a position
    with contact is played on; without a bot the computer never resigns."""
    from nardy.notation.position_json import position_from_json

    def side(points: dict[int, int]) -> dict[str, object]:
        return {"points": {str(p): n for p, n in points.items()}, "bar": 0,
                "first_turn": False}

    short = find_variant("short")
    gammoned = position_from_json({"turn": "white",
                                   "white": side({12: 3, 11: 3, 10: 3, 9: 3, 8: 3}),
                                   "black": side({1: 2, 2: 2, 3: 1})}, short)
    computer = Computer()
    game = Game(short, position=gammoned)
    assert computer.resignation_offer(game, "beginner", MatchContext()) == 2
    assert computer.resignation_offer(game, "beginner", MatchContext(5, 1)) == 1
    assert computer.resignation_offer(game, "beginner", MatchContext(5, 3)) == 2
    assert computer.resignation_offer(game, "first-legal", MatchContext()) is None
    opening = Game(short, dice=RandomDice(1))
    opening.opening()
    opening.play(opening.legal_plays()[0])
    assert computer.resignation_offer(opening, "strongest", MatchContext()) is None
