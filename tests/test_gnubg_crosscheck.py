"""Independent cross-check of short nardy against GNU Backgammon (PEERS.md).

``gnubg_nn.moves(board, d1, d2)`` is gnubg's own move generator (plays deduplicated by
resulting position, maximum-dice rule applied); it answers with position keys. On
positions of seeded random games — walked with gnubg's moves, not ours, and including
bar and bear-off positions and rolls with nothing to play — the set of positions our
``short`` legal plays lead to must equal gnubg's, for every one of the 21 rolls.

Board orientation (PEERS.md): ``[opp, me]``, ``me`` on roll, each a list of 25 ints:
index i is that side's own point i + 1, index 24 its bar.
"""

from __future__ import annotations

import random

import pytest
from helpers_boards import ALL_ROLLS, draw

from nardy.eval.pubeval import PubEvalPlayer, pubeval_scores
from nardy.movegen import legal_candidates
from nardy.plays import legal_plays
from nardy.position import BAR, OFF, Position
from nardy.variants import find_variant

gnubg_nn = pytest.importorskip("gnubg_nn")

pytestmark = pytest.mark.usefixtures("generator")

SHORT = find_variant("short")
POSITIONS = 2400


def to_board(position: Position) -> list[list[int]]:
    """Our position (side on roll = ``mine``) as a gnubg board [opp, me]."""

    def side(s: tuple[int, ...]) -> list[int]:
        return [s[p] for p in range(1, 25)] + [s[BAR]]

    return [side(position.theirs), side(position.mine)]


def from_board(board, turn: str = "white") -> Position:
    """A gnubg board [opp, me] as our position with ``me`` on roll."""

    def side(s) -> tuple[int, ...]:
        out = [0] * 26
        for i in range(24):
            out[i + 1] = s[i]
        out[BAR] = s[24]
        out[OFF] = 15 - sum(out)
        return tuple(out)

    return Position(side(board[1]), side(board[0]), turn)  # type: ignore[arg-type]


def our_keys(position: Position, dice: tuple[int, int]) -> list[str]:
    """gnubg keys of the positions our legal plays lead to (board [opp, me] after)."""
    keys = []
    for play in legal_plays(SHORT, position, dice):
        after = play.result  # seen by the opponent: mine = opp after, theirs = me after
        assert after is not None
        keys.append(gnubg_nn.key_of_board(to_board(Position(after.theirs, after.mine))))
    return keys


def candidate_keys(position: Position, dice: tuple[int, int]) -> list[str]:
    """As ``our_keys`` but straight from ``nardy.movegen.legal_candidates`` (what
    ``legal_plays`` is built from), for the bulk comparison."""
    key_of_board = gnubg_nn.key_of_board
    keys = []
    for c in legal_candidates(SHORT, position, *dice):
        # c.opp is the opponent in our numbering: our point p is his 25 - p
        opp = [c.opp[25 - q] for q in range(1, 25)] + [c.opp[BAR]]
        keys.append(key_of_board([opp, [*c.mine[1:25], c.mine[BAR]]]))
    return keys


def gnubg_walk(seed: int, count: int) -> list[Position]:
    """Positions (side on roll) of random games played with gnubg's moves."""
    rng = random.Random(seed)
    out: list[Position] = []
    board = to_board(SHORT.start_position())
    while len(out) < count:
        out.append(from_board(board))
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        moves = gnubg_nn.moves(board, d1, d2)
        if moves:
            opp, me = gnubg_nn.board_from_position_key(rng.choice(moves))
            if sum(me[:25]) == 0:  # the mover bore off his last checker
                board = to_board(SHORT.start_position())
                continue
            board = [list(me), list(opp)]
        else:
            board = [board[1], board[0]]
    return out


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    """2,400 positions from seeded random games (gnubg's plays)."""
    return gnubg_walk(2024, POSITIONS)


def test_walk_covers_bar_bear_off_and_blocked_rolls(positions: list[Position]) -> None:
    """The sample is rich enough: checkers on the bar, bear-off positions, closed-out
    rolls, all distinct positions counted."""
    assert len({p.key for p in positions}) >= 2000
    on_bar = [p for p in positions if p.mine[BAR]]
    bearing_off = [p for p in positions if not any(p.mine[7:26])]
    assert len(on_bar) >= 200, len(on_bar)
    assert len(bearing_off) >= 100, len(bearing_off)
    blocked = sum(1 for p in on_bar for d in ALL_ROLLS if not gnubg_nn.moves(to_board(p), *d))
    assert blocked >= 50, blocked


def test_short_legal_plays_equal_gnubg(positions: list[Position], generator: str) -> None:
    """S-1…S-5, G-6…G-10: for every sampled position and every roll, our legal plays
    lead to exactly the positions gnubg's generator gives (no duplicates either); when
    nothing can be played both answer nothing. The pure-Python generator takes every
    fourth position (12,600 cases, 4× the compiled one's time for them): test_fastgen
    holds it to the compiled one's plays on every position of its own walks."""
    sample = positions if generator == "compiled" else positions[::4]
    compared = empty = 0
    for pos in sample:
        board = to_board(pos)
        for dice in ALL_ROLLS:
            theirs = gnubg_nn.moves(board, *dice)
            ours = candidate_keys(pos, dice)
            if set(ours) != set(theirs) or len(ours) != len(set(ours)):
                missing = set(theirs) - set(ours)
                extra = set(ours) - set(theirs)
                raise AssertionError(
                    f"roll {dice[0]}-{dice[1]}: ours {len(ours)}, gnubg {len(theirs)}; "
                    f"missing {[gnubg_nn.board_from_position_key(k) for k in missing][:2]}, "
                    f"extra {[gnubg_nn.board_from_position_key(k) for k in extra][:2]}\n"
                    f"{draw(SHORT, pos)}\n{pos!r}"
                )
            compared += 1
            empty += not theirs
    assert compared == len(sample) * 21
    assert empty > 0
    # and the public API agrees with the candidates on a slice of the sample
    for pos in positions[::40]:
        for dice in ALL_ROLLS:
            assert sorted(our_keys(pos, dice)) == sorted(candidate_keys(pos, dice))


def test_gnubg_answers_nothing_when_nothing_can_be_played() -> None:
    """What gnubg returns when no play exists: an empty tuple, like our empty list."""
    # X on the bar against a closed board.
    pos = Position.from_points({6: 14}, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 13: 2}, mine_bar=1)
    SHORT.validate(pos)
    for dice in ALL_ROLLS:
        assert tuple(gnubg_nn.moves(to_board(pos), *dice)) == ()
        assert list(legal_plays(SHORT, pos, dice)) == []


@pytest.mark.parametrize("dice", ALL_ROLLS)
def test_opening_rolls_equal_gnubg(dice: tuple[int, int]) -> None:
    """Every roll from the start position: the same plays as gnubg."""
    start = SHORT.start_position()
    assert sorted(our_keys(start, dice)) == sorted(gnubg_nn.moves(to_board(start), *dice))


@pytest.mark.parametrize(("dice", "count"), [((6, 5), 7), ((3, 1), 16)])
def test_opening_counts_from_peers(dice: tuple[int, int], count: int) -> None:
    """PEERS.md: the opening 6-5 has 7 distinct legal plays, 3-1 has 16 — in gnubg
    and here."""
    start = SHORT.start_position()
    assert len(gnubg_nn.moves(to_board(start), *dice)) == count
    assert len(legal_plays(SHORT, start, dice)) == count


def test_board_conversion_round_trips() -> None:
    """The orientation used above: gnubg's key of our start position decodes to the
    same board, and the start is gnubg's start (Position ID 4HPwATDgc/ABMA)."""
    start = SHORT.start_position()
    board = to_board(start)
    key = gnubg_nn.key_of_board(board)
    assert [list(s) for s in gnubg_nn.board_from_position_key(key)] == board
    assert gnubg_nn.position_id(board) == "4HPwATDgc/ABMA"
    assert from_board(board) == start.with_flags(False, False)


def test_canonical_text_equals_gnubg(positions: list[Position]) -> None:
    """G-4: the canonical play text is written as gnubg writes it (its
    ``movetupletostring``), on the plays of the rolled dice of 600 sampled
    positions. Needs PyPI ``gnubg`` (not only ``gnubg-nn``)."""
    gnubg = pytest.importorskip("gnubg")
    rng = random.Random(5)
    differ = []
    for pos in positions[:600]:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        board = to_board(pos)
        frozen = (tuple(board[0]), tuple(board[1]))
        for play in legal_plays(SHORT, pos, dice):
            flat = tuple(x for m in play.moves for x in (m.frm, m.to))
            theirs = gnubg.movetupletostring(flat, frozen)
            if theirs != str(play):
                differ.append(f"{play} (gnubg: {theirs})")
    assert not differ, f"{len(differ)} plays written differently, e.g. {differ[:5]}"


def _after_key(position: Position) -> str:
    """gnubg key of a position reached by a play (seen by the mover: [opp, me])."""
    return gnubg_nn.key_of_board(to_board(Position(position.theirs, position.mine)))


def test_pubeval_chooses_as_gnubg_pubeval(positions: list[Position]) -> None:
    """Our PubEval player (Tesauro's published weights, written here) picks the same
    resulting position as gnubg's own PubEval (``pub_best_move``) on the sampled
    positions with a choice, one seeded roll each; where they differ, gnubg's pick
    scores exactly as high as ours (a tie between two positions). The benchmark's
    yardstick is the published one."""
    player = PubEvalPlayer(SHORT)
    rng = random.Random(7)
    compared = ties = 0
    for pos in positions:
        dice = rng.choice(ALL_ROLLS)
        legal = legal_plays(SHORT, pos, dice)
        if len(legal) < 2:
            continue
        opp, me = (list(s) for s in to_board(pos))
        flat = [int(x) + 1 for x in gnubg_nn.pub_best_move([opp, me], *dice)]
        for frm, to in zip(flat[::2], flat[1::2], strict=True):  # 1-based, 25 = bar, 0 = off
            me[frm - 1] -= 1
            if to > 0:
                me[to - 1] += 1
                if opp[24 - to] == 1:  # a blot hit goes to the opponent's bar
                    opp[24 - to] = 0
                    opp[24] += 1
        theirs = gnubg_nn.key_of_board([opp, me])
        chosen = player.choose(pos, dice)
        assert chosen is not None and chosen.result is not None
        compared += 1
        if _after_key(chosen.result) == theirs:
            continue
        alt = next(p for p in legal if _after_key(p.result) == theirs)
        ours, gnubgs = pubeval_scores(pos, [chosen.result, alt.result])
        assert gnubgs == pytest.approx(ours, abs=1e-5), (
            f"roll {dice}: ours {chosen} ({ours}), gnubg {alt} ({gnubgs})\n{draw(SHORT, pos)}"
        )
        ties += 1
    assert compared >= 1500
    assert ties <= compared // 100
