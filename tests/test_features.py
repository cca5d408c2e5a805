"""Network input sets: the short-v2 contact features and the short-v3 escapes,
hand-checked, and feature-set bookkeeping of weight files (legacy files, widening a net
onto a larger set)."""

from __future__ import annotations

import numpy as np
import pytest

from nardy.eval.boards import boards_from_positions
from nardy.eval.features import (
    DEFAULT_FEATURES,
    FEATURES,
    family_of,
    feature_count,
    short_v2_features,
    short_v3_features,
)
from nardy.eval.net import DATA, NetEvaluator
from nardy.position import Position
from nardy.variants import find_variant

SHORT = find_variant("short")
LONG = find_variant("long")

# short-v2 columns after the 199 short-v1 inputs, side on roll first (+7: the other side)
SHOTS, BLOTS, PRIME, CONTAIN, HOME, ANCHORS, BACK = range(199, 206)


def v2(mine: dict[int, int], theirs: dict[int, int], theirs_bar: int = 0) -> np.ndarray:
    """short-v2 inputs of one position given as {point: checkers} per side (own
    numbering); missing checkers are borne off."""
    pos = Position.from_points(mine, theirs, theirs_bar=theirs_bar)
    return short_v2_features(*boards_from_positions([pos]))[0]


def test_direct_and_combination_shots_are_counted() -> None:
    # My blot on my 6 is their 19; their checkers on their 24 are 5 away:
    # 11 rolls with a 5, plus 4-1 and 3-2 (2 each) = 15 of 36 (G-2: a single checker is hit).
    x = v2({6: 1, 1: 14}, {24: 15})
    assert x[SHOTS] * 36 == pytest.approx(15)
    # The other side's blots: none, so the side on roll has no shot.
    assert x[SHOTS + 7] == 0


def test_blocked_intermediate_points_stop_combination_shots() -> None:
    # Blot 5 away as above with my 5 and 4 held (their 20 and 21): 4-1 still goes
    # 24→23→19 and 3-2 via 22, so all 15 rolls still hit.
    open_x = v2({6: 1, 5: 2, 4: 2, 1: 10}, {24: 15})
    assert open_x[SHOTS] * 36 == pytest.approx(15)
    # 12 away (their 24 → their 12 = my 13): 6-6, 4-4 and 3-3. 3-3 steps 21, 18, 15, 12
    # and 4-4 steps 20, 16, 12; holding my 9 (their 16) stops 4-4 only.
    far = v2({13: 1, 1: 14}, {24: 15})
    assert far[SHOTS] * 36 == pytest.approx(3)  # 6-6, 4-4, 3-3
    blocked = v2({13: 1, 9: 2, 1: 12}, {24: 15})
    assert blocked[SHOTS] * 36 == pytest.approx(2)  # 6-6, 3-3


def test_a_checker_on_the_bar_shoots_from_the_bar() -> None:
    # Their bar checker enters my home: my blot on my 3 is 3 away from their bar (25→22).
    x = v2({3: 1, 1: 14}, {1: 14}, theirs_bar=1)
    # 11 rolls with a 3 and 2-1 via their 23 (2 rolls); 1-1 would pass their 24 = my 1,
    # which I hold: 13.
    assert x[SHOTS] * 36 == pytest.approx(13)


def test_primes_containment_home_points_and_anchors() -> None:
    # I hold 4..9 (a full prime) with their checker behind it on their 24 (my 1).
    mine = {4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 20: 2, 21: 1}
    x = v2(mine, {24: 2, 6: 13})
    assert x[PRIME] * 6 == pytest.approx(6)
    assert x[CONTAIN] * 6 == pytest.approx(6)
    assert x[HOME] * 6 == pytest.approx(3)  # 4, 5, 6
    assert x[ANCHORS] * 3 == pytest.approx(1)  # 20
    assert x[BACK] * 5 == pytest.approx(3)  # 20, 20, 21
    assert x[BLOTS] * 5 == pytest.approx(1)
    # Their rearmost checker past my prime (on their 12 = my 13): nothing contains it.
    y = v2(mine, {12: 2, 6: 13})
    assert y[PRIME] * 6 == pytest.approx(6)
    assert y[CONTAIN] * 6 == pytest.approx(1)  # only my 20 lies ahead of it


def test_features_are_seen_from_each_side() -> None:
    a = v2({6: 1, 1: 14}, {24: 15})
    b = v2({24: 15}, {6: 1, 1: 14})
    assert a[199:206] == pytest.approx(b[206:213])
    assert a[206:213] == pytest.approx(b[199:206])


def test_legacy_weight_files_use_the_first_feature_set() -> None:
    old = NetEvaluator.load(SHORT, DATA / "short-v1.npz")
    assert old.features == "short-v1"
    assert NetEvaluator.load(LONG, DATA / "long-v1.npz").features == "long-v1"
    assert NetEvaluator.random(SHORT, hidden=4).features == DEFAULT_FEATURES["short"]


def test_a_widened_net_plays_exactly_like_the_original(tmp_path) -> None:
    old = NetEvaluator.load(SHORT, DATA / "short-v1.npz")
    wide = old.widened("short-v2")
    assert wide.w1.shape[0] == feature_count("short-v2")
    rng = np.random.default_rng(5)
    positions = [SHORT.start_position()]
    for _ in range(30):
        pos = positions[-1]
        from nardy.plays import legal_plays

        plays = list(legal_plays(SHORT, pos, (int(rng.integers(1, 7)), int(rng.integers(1, 7)))))
        if not plays or plays[0].result is None:
            break
        nxt = plays[int(rng.integers(len(plays)))].result
        if nxt.mine[0] == 15 or nxt.theirs[0] == 15:
            break
        positions.append(nxt)
    boards, first = boards_from_positions(positions)
    assert wide.probs(boards, first) == pytest.approx(old.probs(boards, first), abs=1e-6)
    # more hidden units too: the new ones are silent until trained, yet not all alike
    wider = old.widened("short-v2", hidden=old.w1.shape[1] + 16, seed=3)
    assert wider.w1.shape == (feature_count("short-v2"), old.w1.shape[1] + 16)
    assert wider.probs(boards, first) == pytest.approx(old.probs(boards, first), abs=1e-6)
    new_units = wider.w1[:, old.w1.shape[1] :]
    assert np.all(wider.w2[old.w1.shape[1] :] == 0) and np.ptp(new_units, axis=1).max() > 0
    path = tmp_path / "wide.npz"
    wide.save(path)
    assert NetEvaluator.load(SHORT, path).features == "short-v2"
    with pytest.raises(ValueError, match="fewer inputs"):
        NetEvaluator.random(SHORT, hidden=4, features="short-v2").widened("short-v1")
    with pytest.raises(ValueError, match="3 hidden units are fewer than the net's 4"):
        NetEvaluator.random(SHORT, hidden=4, features="short-v2").widened("short-v2", hidden=3)


def test_feature_sets_belong_to_their_family() -> None:
    w = NetEvaluator.random(LONG, hidden=4)
    with pytest.raises(ValueError, match="not for long"):
        NetEvaluator(LONG, w.w1, w.b1, w.w2, w.b2, features="short-v1")
    with pytest.raises(ValueError, match="inputs"):
        NetEvaluator(SHORT, w.w1, w.b1, w.w2, w.b2, features="short-v2")
    assert set(FEATURES) >= {"short-v1", "short-v2", "long-v1"}


def _reference_shots(attacker: list[int], defender: list[int]) -> int:
    """Rolls (of 36) that hit a defender blot, by the definition in plain loops."""

    def at(y: int) -> int:  # defender checkers on the attacker's point y (1..24)
        return defender[25 - y] if 1 <= y <= 24 else 0

    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            hit = False
            for x in range(1, 26):
                if not attacker[x]:
                    continue
                paths = [[a] * k for k in range(1, 5)] if a == b else [[a], [b], [a, b], [b, a]]
                for path in paths:
                    y = x
                    for k, d in enumerate(path):
                        y -= d
                        if y < 1 or (k < len(path) - 1 and at(y) >= 2):
                            break
                        if k == len(path) - 1 and at(y) == 1:
                            hit = True
            hits += hit
    return hits


def test_shot_counts_match_a_plain_reference_on_random_boards() -> None:
    from nardy.eval.features import _shot_share

    rng = np.random.default_rng(11)
    for _ in range(200):
        sides = []
        for _side in range(2):
            side = [0] * 26
            for _c in range(15):
                side[int(rng.integers(0, 26))] += 1
            sides.append(side)
        att, dfn = sides
        got = _shot_share(np.array([att]), np.array([dfn]))[0] * 36
        assert got == pytest.approx(_reference_shots(att, dfn)), (att, dfn)


# short-v3 columns after the 213 short-v2 inputs, side on roll first (+4: the other side)
ESCAPE, WORST, DANCE, FREE = range(213, 217)


def v3(mine: dict[int, int], theirs: dict[int, int], **bars: int) -> np.ndarray:
    """short-v3 inputs of one position given as {point: checkers} per side."""
    pos = Position.from_points(mine, theirs, **bars)
    return short_v3_features(*boards_from_positions([pos]))[0]


def test_escapes_from_the_start_and_behind_a_prime() -> None:
    start = {24: 2, 13: 5, 8: 3, 6: 5}
    x = v3(start, start)
    # The back checkers see their points 12 (the midpoint), 17 and 19 ahead: only a
    # landing past the midpoint escapes, and 6-6 is stopped there.
    assert x[ESCAPE] == 0 and x[WORST] == 0
    assert x[DANCE] * 36 == pytest.approx(1)  # their 6 point is made: 1/6 squared
    assert x[FREE] * 100 == pytest.approx(2 * 18 + 5 * 7 + 3 * 2)
    assert x[ESCAPE + 4 : FREE + 5] == pytest.approx(x[ESCAPE : FREE + 1])
    # My checker on 24 behind their full prime on their 4..9 (my 21..16): no escape.
    y = v3({24: 1, 1: 14}, {4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 2, 1: 3})
    assert y[ESCAPE] == 0 and y[WORST] == 0
    assert y[DANCE] * 36 == pytest.approx(16)  # their 1, 4, 5, 6 made: (4/6)² of 36
    assert y[ESCAPE + 4] == 1 and y[WORST + 4] == 1  # they have nothing back


def test_escapes_past_a_single_point() -> None:
    # Their only point ahead is 6 pips in front (their 7 = my 18): a roll escapes when
    # it lands beyond it through open points — 9 non-doubles (a + b > 6) twice, plus
    # 4-4 and 5-5; 6-6, 3-3, 2-2 and 1-1 fall short or stop on it: 20 of 36.
    x = v3({24: 1, 1: 14}, {7: 2, 1: 13})
    assert x[ESCAPE] * 36 == pytest.approx(20)
    assert x[WORST] * 36 == pytest.approx(20)
    # Points they hold in my home board do not contain: their anchor on my 5 is ignored.
    y = v3({24: 1, 1: 14}, {7: 2, 20: 2, 1: 11})
    assert y[ESCAPE] * 36 == pytest.approx(20)


def _reference_escapes(checker: int, held: set[int]) -> int:
    """Rolls (of 36) that carry a checker on ``checker`` past every held point within
    12 pips ahead, in plain loops (``held``: the blocked points, own numbering; points
    further than 12 pips ahead are not looked at)."""
    ahead = [k for k in range(1, 13) if checker - k in held]
    far = max(ahead, default=0)
    count = 0
    for a in range(1, 7):
        for b in range(1, 7):
            paths = [[a] * 4] if a == b else [[a], [b], [a, b], [b, a]]
            ok = False
            for path in paths:
                pos = checker
                for d in path:
                    pos -= d
                    if pos in held and checker - pos <= 12:
                        break
                    if checker - pos > far:
                        ok = True
            count += ok
    return count


def test_escapes_match_a_plain_reference_on_random_boards() -> None:
    from nardy.eval.features import _escapes

    rng = np.random.default_rng(12)
    for _ in range(300):
        me = [0] * 26
        for _c in range(int(rng.integers(1, 6))):
            me[int(rng.integers(13, 26))] += 1
        them = [0] * 26
        for p in rng.choice(np.arange(1, 25), size=int(rng.integers(0, 9)), replace=False):
            them[int(p)] = 2
        held = {25 - p for p in range(1, 25) if them[p] >= 2 and 25 - p > 6}
        rear = max(p for p in range(26) if me[p])
        back, worst = _escapes(np.array([me]), np.array([them]))
        assert back[0] * 36 == pytest.approx(_reference_escapes(rear, held)), (me, them)
        trapped = [_reference_escapes(p, held) for p in range(19, 26) if me[p]]
        assert worst[0] * 36 == pytest.approx(min(trapped, default=36)), (me, them)


def _random_boards(seed: int, n: int) -> np.ndarray:
    """Random boards with 15 checkers per side spread over off, points and bar."""
    rng = np.random.default_rng(seed)
    boards = np.zeros((n, 2, 26), dtype=np.int16)
    for i in range(n):
        for s in range(2):
            np.add.at(boards[i, s], rng.integers(0, 26, size=15), 1)
    return boards


@pytest.mark.parametrize(
    "name", ["short-v1", "short-v2", "short-v3", "short-v4", "long-v1", "long-v3"]
)
def test_compiled_inputs_equal_the_numpy_reference(name: str, monkeypatch) -> None:
    """The compiled inputs (``nardy._fastfeat``) equal the numpy definitions on 3,000
    random boards (random first-turn flags) and on the positions of a played game."""
    from nardy.eval import compiled

    if compiled.ext is None:
        pytest.skip("nardy._fastfeat is not built")
    from nardy.dice import RandomDice
    from nardy.game import Game

    variant = find_variant(family_of(name))
    game = Game(variant, dice=RandomDice(5))
    game.opening(3, 1)
    seen = []
    while game.phase != "over" and len(seen) < 300:
        if game.phase == "roll":
            game.roll()
        if game.phase == "move":
            seen += [p.result for p in game.legal_plays()]
            game.play(game.legal_plays()[0])
    played, played_first = boards_from_positions(seen)
    boards = np.concatenate([_random_boards(3, 3000), played])
    coins = np.random.default_rng(4).random((3000, 2)) < 0.5
    first = np.concatenate([coins, played_first])
    fn = FEATURES[name]
    assert compiled.available()
    fast = fn(boards, first)
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    assert not compiled.available()
    slow = fn(boards, first)
    assert fast.shape == slow.shape == (len(boards), feature_count(name))
    np.testing.assert_allclose(fast, slow, rtol=0, atol=1e-6)


def test_compiled_inputs_reject_wrong_shapes() -> None:
    from nardy.eval import compiled

    if compiled.ext is None:
        pytest.skip("nardy._fastfeat is not built")
    boards = np.zeros((2, 2, 26), dtype=np.int16)
    with pytest.raises(ValueError, match="int16"):
        compiled.ext.short(boards, np.empty((2, 200), dtype=np.float32), 1)
    with pytest.raises(ValueError, match="version"):
        compiled.ext.short(boards, np.empty((2, 199), dtype=np.float32), 4)
    with pytest.raises(ValueError, match="205"):
        compiled.ext.long(
            boards, np.zeros((2, 2), dtype=bool), np.empty((2, 199), dtype=np.float32)
        )
    with pytest.raises(ValueError, match="227"):
        compiled.ext.long(
            boards, np.zeros((2, 2), dtype=bool), np.empty((2, 205), dtype=np.float32), 3
        )
    with pytest.raises(ValueError, match="version"):
        compiled.ext.long(
            boards, np.zeros((2, 2), dtype=bool), np.empty((2, 205), dtype=np.float32), 2
        )


@pytest.mark.parametrize("family", ["short", "long"])
def test_compiled_settling_equals_the_numpy_reference(family: str, monkeypatch) -> None:
    """Raw outputs out of range and inconsistent, on random boards that include
    bear-offs and finished games: the compiled settling (clip, gammon ≤ win, impossible
    tiers zeroed, bear-off and finished rows) equals ``sanitize``/``impossible_tiers``."""
    from nardy.eval import compiled
    from nardy.eval.boards import settled

    if compiled.ext is None:
        pytest.skip("nardy._fastfeat is not built")
    variant = find_variant(family)
    rng = np.random.default_rng(8)
    boards = _random_boards(9, 2000)
    boards[:300, :, 7:] = 0  # bear-offs: move everything outside home onto point 1..6
    for i in range(300):
        for s in range(2):
            np.add.at(boards[i, s], rng.integers(1, 7, size=15 - boards[i, s].sum()), 1)
    boards[300:320, 0] = 0
    boards[300:320, 0, 0] = 15  # finished: the side on roll has borne off
    raw = rng.uniform(-0.2, 1.2, size=(len(boards), 5)).astype(np.float32)
    fast = settled(variant, boards, raw)
    monkeypatch.setenv("NARDY_PURE_PYTHON", "1")
    slow = settled(variant, boards, raw)
    np.testing.assert_allclose(fast[0], slow[0], rtol=0, atol=1e-12)
    assert (fast[1] == slow[1]).all() and fast[1][:300].all() and fast[1].sum() >= 300
    assert (fast[2] == slow[2]).all() and fast[2][300:320].all()
