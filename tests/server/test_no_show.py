"""The no-show rule (docs/tournaments.md), as a pure function: every branch by a table,
and the game page's "act by" time checked against what the tick then does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nardy.server.no_show import MatchState, Ruling, no_show_act_by, no_show_ruling

T0 = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
NO_SHOW = timedelta(minutes=5)


def state(**kw: object) -> MatchState:
    base: dict[str, object] = {
        "finished": False,
        "between_games": False,
        "humans": ["white", "black"],
        "absent": [],
        "to_act": "white",
        "timed": False,
        "since": T0,
    }
    base.update(kw)
    return MatchState(**base)  # type: ignore[arg-type]


LATER = T0 + timedelta(minutes=2)  # the tick runs 2 minutes after the last change
IDLE = T0 + timedelta(minutes=7)  # ... or 7: past the no-show time

CASES = [
    # a finished match: nothing more, the deadline is cleared
    ("finished", state(finished=True, absent=["white"]), LATER, Ruling()),
    # between two games of a match: the next game starts, a new deadline runs
    (
        "between games",
        state(between_games=True),
        LATER,
        Ruling(next_game=True, deadline=LATER + NO_SHOW),
    ),
    # one player never acted: he loses
    ("one absent", state(absent=["black"], to_act="white"), LATER, Ruling(loser="black")),
    # neither acted: the one to act loses (the other could not act yet)
    ("both absent", state(absent=["white", "black"], to_act="black"), LATER, Ruling(loser="black")),
    (
        "both absent, between turns",
        state(absent=["white", "black"], to_act=None),
        LATER,
        Ruling(loser="white"),
    ),
    # a timed game both have played in: its clock rules, the deadline is cleared
    ("timed, both acted", state(timed=True), IDLE, Ruling()),
    ("timed, one absent", state(timed=True, absent=["white"]), IDLE, Ruling(loser="white")),
    # untimed, both acted: the player to act has the no-show time from the last change
    ("untimed, not idle", state(), LATER, Ruling(deadline=T0 + NO_SHOW)),
    ("untimed, idle", state(to_act="black"), IDLE, Ruling(loser="black")),
    # against the computer, on its turn: nobody's time runs, the tick looks again later
    (
        "computer to act",
        state(humans=["white"], to_act="black"),
        LATER,
        Ruling(deadline=LATER + NO_SHOW, computer=True),
    ),
    (
        "computer game, human absent",
        state(humans=["white"], absent=["white"], to_act="black"),
        LATER,
        Ruling(loser="white"),
    ),
]


@pytest.mark.parametrize(("name", "match", "now", "expected"), CASES, ids=[c[0] for c in CASES])
def test_the_rule_by_case(name: str, match: MatchState, now: datetime, expected: Ruling) -> None:
    assert no_show_ruling(match, NO_SHOW, now) == expected


def test_the_page_shows_when_the_tick_acts() -> None:
    stored = T0 + timedelta(minutes=3)
    assert no_show_act_by(state(absent=["white"]), NO_SHOW, stored) == stored
    assert no_show_act_by(state(between_games=True), NO_SHOW, stored) == stored
    assert no_show_act_by(state(humans=["white"], to_act="black"), NO_SHOW, stored) == stored
    # untimed, both acted: the end of the idle time, never before the stored deadline
    assert no_show_act_by(state(), NO_SHOW, stored) == T0 + NO_SHOW
    assert no_show_act_by(state(since=T0 - NO_SHOW), NO_SHOW, stored) == stored
    # the clock or the end rules: no time to show
    assert no_show_act_by(state(timed=True), NO_SHOW, stored) is None
    assert (
        no_show_act_by(state(timed=True, humans=["white"], to_act="black"), NO_SHOW, stored) is None
    )
    assert no_show_act_by(state(finished=True), NO_SHOW, stored) is None


colours = st.sampled_from(["white", "black"])


@st.composite
def match_states(draw: st.DrawFn) -> MatchState:
    humans = draw(st.sampled_from([["white", "black"], ["white"], ["black"]]))
    absent = draw(st.lists(st.sampled_from(humans), unique=True))
    return MatchState(
        finished=draw(st.booleans()),
        between_games=draw(st.booleans()),
        humans=humans,
        absent=absent,
        to_act=draw(st.one_of(st.none(), colours)),
        timed=draw(st.booleans()),
        since=T0 + timedelta(seconds=draw(st.integers(-900, 900))),
    )


@given(match_states(), st.integers(0, 900))
def test_at_the_shown_time_the_tick_acts_and_nobody_is_forfeited_early(
    match: MatchState, offset: int
) -> None:
    """The page's time is when the tick does something (a forfeit, the next game, a
    look on the computer's turn), never earlier than the stored deadline; before it,
    nobody loses; a loser is always a person in the match."""
    stored = T0 + timedelta(seconds=offset)
    shown = no_show_act_by(match, NO_SHOW, stored)
    if shown is None:
        assert no_show_ruling(match, NO_SHOW, stored).loser is None
        return
    assert shown >= stored
    at = no_show_ruling(match, NO_SHOW, shown)
    assert at.loser is not None or at.next_game or at.computer
    if at.loser is not None:
        assert at.loser in match.humans
        if shown > stored:  # an idle player: a second earlier he had not yet lost
            assert no_show_ruling(match, NO_SHOW, shown - timedelta(seconds=1)).loser is None
