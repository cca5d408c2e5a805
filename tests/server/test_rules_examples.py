"""The rules page's example positions (issue 5 item 6): each example's legal plays, as
the endpoint serves them, equal the core's and the set written here from RULES.md, so
the page can never show a wrong rule."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nardy.game import Game
from nardy.notation.position_json import position_from_json
from nardy.plays import legal_plays
from nardy.server.examples import EXAMPLES, find_example
from nardy.variants import find_variant

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]

# id -> the legal plays by RULES.md (canonical text)
EXPECTED: dict[str, set[str]] = {
    # L-1/L-HEAD-1: one checker off the head plays the whole 6-5
    "long-start": {"24/13"},
    # L-HEAD-2: 6-6 on the first turn is forced, two sixes lost
    "head-66": {"24/18(2)"},
    # L-HEAD-2: 3-3 on the first turn, exactly two plays
    "head-33": {"24/18(2)", "24/15 24/21"},
    # L-BLOCK: nothing may take point 1 (6-1 would be a block no black checker passed)
    "block-closed": {"8/2 6/5", "8/2 5/4", "8/2 4/3", "8/2 3/2"},
    # L-BLOCK: the same block once a black checker has passed it
    "block-open": {"8/2 6/5", "8/2 5/4", "8/2 4/3", "8/2 3/2", "8/1"},
    # S-3: the 4 enters, the 6 is blocked and lost while a checker stays on the bar
    "bar": {"bar/21"},
    # G-8/G-10: one checker on 5 with 5-1 -> 5/4/off (canonical text of that play: 5/off)
    "bearoff-51": {"5/off"},
    # G-10: 4-1 with checkers on 3, 2, 1; "3/off" is 3/2/off (both dice)
    "bearoff-41": {"3/off 2/1", "3/off 1/off", "3/off"},
    # G-8: either die but not both -> the larger
    "larger-die": {"24/18"},
    # S-6 (short-ru): 13/10*/8 is missing
    "hit-and-hide": {"13/10* 8/6", "13/11 8/5", "8/6 8/5", "8/3", "13/8"},
}


def engine_plays(example_id: str, variant: str | None = None) -> dict[str, list[tuple[int, int]]]:
    ex = find_example(example_id)
    var = find_variant(variant or ex.variant)
    pos = position_from_json(ex.position, var)
    return {str(p): [(m.frm, m.to) for m in p.moves] for p in legal_plays(var, pos, ex.dice)}


def steps(data: dict[str, Any]) -> list[tuple[int, int]]:
    return [(m[0], m[1]) for m in data["moves"]]


def test_every_example_has_expected_plays() -> None:
    assert {ex.id for ex in EXAMPLES} == set(EXPECTED)


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
async def test_endpoint_plays_equal_engine_and_rules(player_factory: Any, example_id: str) -> None:
    p = await player_factory()
    r = await p.get(f"/api/rules/examples/{example_id}")
    assert r.status_code == 200, r.text
    data = r.json()
    served = {x["text"]: [(m[0], m[1]) for m in x["moves"]] for x in data["plays"]}
    assert served == engine_plays(example_id)
    assert set(served) == EXPECTED[example_id]
    # the first steps offered are exactly the first moves of the legal plays ...
    firsts = {(int(f), t) for f, ts in data["legal"]["targets"].items() for t in ts}
    assert {mv[0] for mv in served.values()} <= firsts
    # ... and nothing is made yet
    assert data["moves"] == [] and data["finished"] is None and not data["legal"]["can_undo"]


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
async def test_each_legal_play_can_be_made_step_by_step(
    player_factory: Any, example_id: str
) -> None:
    p = await player_factory()
    for text, moves in engine_plays(example_id).items():
        made: list[str] = []
        for frm, to in moves:
            data = (await p.get(f"/api/rules/examples/{example_id}?moves={' '.join(made)}")).json()
            assert to in data["legal"]["targets"][str(frm)], (text, made)
            made.append(f"{frm}/{to}".replace("25/", "bar/").replace("/0", "/off"))
        data = (
            await p.http.get(f"/api/rules/examples/{example_id}", params={"moves": " ".join(made)})
        ).json()
        assert data["legal"]["complete"] and data["finished"]["text"] == text
        assert data["legal"]["targets"] == {}
        note = data["finished"]["note"]
        assert note is None or (note["ru"] and note["en"])


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
async def test_illegal_notes_name_moves_the_engine_refuses(
    player_factory: Any, example_id: str
) -> None:
    """Each "why not" caption is shown for a step the engine really does not offer."""
    p = await player_factory()
    ex = find_example(example_id)
    for note in ex.illegal:
        after = " ".join(f"{a}/{b}" for a, b in note.after)
        data = (
            await p.http.get(f"/api/rules/examples/{example_id}", params={"moves": after})
        ).json()
        assert note.to not in data["legal"]["targets"].get(str(note.frm), []), note
        assert steps(data) == list(note.after)
        r = await p.http.get(
            f"/api/rules/examples/{example_id}", params={"moves": f"{after} {note.frm}/{note.to}"}
        )
        assert r.status_code == 400 and r.json()["code"] == "illegal-move"


@pytest.mark.parametrize("example_id", sorted(EXPECTED))
async def test_first_steps_equal_the_game_step_api(player_factory: Any, example_id: str) -> None:
    ex = find_example(example_id)
    var = find_variant(ex.variant)
    game = Game(var, position=position_from_json(ex.position, var))
    game.roll(*ex.dice)
    want: dict[str, list[int]] = {}
    for step in game.legal_steps():
        want.setdefault(str(step.frm), []).append(step.to)
    p = await player_factory()
    data = (await p.get(f"/api/rules/examples/{example_id}")).json()
    assert {k: sorted(v) for k, v in data["legal"]["targets"].items()} == {
        k: sorted(v) for k, v in want.items()
    }


def test_captions_in_both_languages_leave_the_rule_ids_to_the_card() -> None:
    """Each example names the rules it shows (the card's tooltip and anchor); the texts
    a player reads do not carry the rule book's ids (G-6, L-HEAD-1)."""
    rule_id = re.compile(r"\b[GLSC]-[A-Z0-9]")
    for ex in EXAMPLES:
        assert ex.rules and all(rule_id.match(r) for r in ex.rules), ex.id
        texts = [ex.caption, ex.title, *(n.text for n in ex.illegal), *ex.notes.values()]
        for text in texts:
            assert not rule_id.search(text.ru) and not rule_id.search(text.en), (ex.id, text)
        assert ex.caption.ru != ex.caption.en and ex.title.ru != ex.title.en
        assert all(n.text.ru and n.text.en for n in ex.illegal)
        assert all(t.ru and t.en for t in ex.notes.values())
        # every note keyed by a play text names a legal play
        assert {k for k in ex.notes if k} <= EXPECTED[ex.id], ex.id


#: A stated count of one side's checkers: "три чёрные шашки", "two black checkers".
COUNT_WORDS = {
    "два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6,
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
}  # fmt: skip
STATED = re.compile(
    r"\b(" + "|".join(COUNT_WORDS) + r")\s+(?:(чёрн|бел)\w*\s+шаш|(black|white)\s+checker)",
    re.IGNORECASE,
)


def stated_counts(text: str) -> list[tuple[str, int, set[int], bool]]:
    """Each sentence's stated counts: (colour, count, the points the sentence names, in
    White's numbering, whether it names the bar)."""
    found = []
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        points = {int(n) for n in re.findall(r"\b\d+\b", sentence)}
        bar = bool(re.search(r"на баре|on the bar", sentence))
        for m in STATED.finditer(sentence):
            colour = "black" if (m.group(2) or m.group(3)).lower() in ("чёрн", "black") else "white"
            found.append((colour, COUNT_WORDS[m.group(1).lower()], points, bar))
    return found


def test_the_checkers_a_text_counts_are_the_positions() -> None:
    """Where an example's text counts a side's checkers ("on 19, three black checkers"),
    the position has that many of them on a point (or the bar) the sentence names: the
    bar example said two on point 19 where three stand."""
    checked = set()
    for ex in EXAMPLES:
        assert ex.position["turn"] == "white", ex.id  # (its texts number White's points)
        texts = [ex.caption, *(n.text for n in ex.illegal), *ex.notes.values()]
        for text, lang in ((t, lang) for t in texts for lang in ("ru", "en")):
            for colour, n, points, bar in stated_counts(getattr(text, lang)):
                side = ex.position[colour]
                # (Black's point p is White's 25 - p)
                at = {p if colour == "white" else 25 - p for p in points if 1 <= p <= 24}
                held = {side["points"].get(str(p), 0) for p in at} | (
                    {side["bar"]} if bar else set()
                )
                assert n in held, (ex.id, lang, getattr(text, lang))
                checked.add(ex.id)
    assert {"bar", "larger-die"} <= checked


async def test_forced_sequences(player_factory: Any) -> None:
    p = await player_factory()
    # G-8: 5-1 with one checker on 5 -> 5/4 first; 5/off at once is refused
    data = (await p.get("/api/rules/examples/bearoff-51")).json()
    assert data["legal"]["targets"] == {"5": [4]}
    assert [(m[0], m[1]) for m in data["plays"][0]["moves"]] == [(5, 4), (4, 0)]
    # G-10: after 3/2 the 4 bears off from point 2 (the checker on 3 is gone)
    url = "/api/rules/examples/bearoff-41"
    data = (await p.http.get(url, params={"moves": "3/2"})).json()
    assert data["legal"]["targets"] == {"2": [0]}
    data = (await p.http.get(url, params={"moves": "3/2 2/off"})).json()
    assert steps(data) == [(3, 2), (2, 0)] and data["finished"]["text"] == "3/off"
    assert data["board"]["points"][1] == 1 and data["board"]["points"][2] == 1
    # a step is one die: 3/off is the 4 alone, and the 1 is still to play
    data = (await p.http.get(url, params={"moves": "3/off"})).json()
    assert steps(data) == [(3, 0)] and data["finished"] is None
    assert data["legal"]["targets"] == {"2": [1], "1": [0]}
    # L-HEAD-2: after 24/18(2) nothing more can move (18/12 is the opponent's head)
    data = (await p.http.get("/api/rules/examples/head-66", params={"moves": "24/18 24/18"})).json()
    assert data["finished"]["text"] == "24/18(2)" and "24/18(2)" in data["finished"]["note"]["ru"]
    # S-3: after bar/21 the other checker is still on the bar; the 6 is lost
    data = (await p.http.get("/api/rules/examples/bar", params={"moves": "bar/21"})).json()
    assert data["board"]["bar"]["mine"] == 1 and data["finished"]["text"] == "bar/21"


def test_hit_and_hide_is_what_short_ru_forbids() -> None:
    """S-6: the same position in plain ``short`` allows 13/10*/8; ``short-ru`` does not."""
    plain = set(engine_plays("hit-and-hide", "short"))
    assert plain - EXPECTED["hit-and-hide"] == {"13/10*/8"}


def test_six_block_differs_only_by_the_block() -> None:
    """L-BLOCK: the passed black checker makes exactly the block-building play legal."""
    assert EXPECTED["block-open"] - EXPECTED["block-closed"] == {"8/1"}
    assert EXPECTED["block-closed"] <= EXPECTED["block-open"]


async def test_list_of_examples(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.get("/api/rules/examples")
    assert r.status_code == 200
    data = r.json()
    assert [x["id"] for x in data] == [ex.id for ex in EXAMPLES]
    for x in data:
        assert x["title"]["ru"] and x["title"]["en"] and x["caption"]["ru"] and x["rules"]
        assert x["variant_title"]["ru"] != x["variant_title"]["en"]


async def test_unknown_example_is_404_with_a_clear_message(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.get("/api/rules/examples/no-such-rule")
    assert r.status_code == 404
    body = r.json()
    assert body["code"] == "unknown-example"
    assert "no-such-rule" in body["error"] and "head-66" in body["error"]


@pytest.mark.parametrize(
    ("moves", "code", "words"),
    [
        ("24/12", "illegal-move", "24/12 is not a legal single step"),  # not one die, and blocked
        ("24/18 24/18 24/18", "illegal-move", "24/18 is not a legal single step"),  # 3rd off head
        ("x/y", "malformed", "'x' is not a point"),
        ("1" * 300, "malformed", "at most 200 characters"),
    ],
)
async def test_bad_moves_are_400_and_say_why(
    player_factory: Any, moves: str, code: str, words: str
) -> None:
    p = await player_factory()
    r = await p.http.get("/api/rules/examples/head-66", params={"moves": moves})
    assert r.status_code == 400
    assert r.json()["code"] == code and words in r.json()["error"]


async def test_pages_served_in_both_languages(player_factory: Any) -> None:
    """The pages are the app's page; their texts (Russian and English) are the
    catalogue's (web.rules.*, web.tutorial.*), which messages.js carries."""
    p = await player_factory()
    for path in ("/rules", "/tutorial"):
        r = await p.get(path)
        assert r.status_code == 200 and "app.js" in r.text
    texts = (await p.get("/static/messages.js")).text
    tutorial = (await p.get("/static/tutorial.js")).text
    for words in (
        "Правила нард",
        "Rules of nardy",
        "Доска и нумерация",
        "The board and its numbering",
        "Кубик удвоения",
        "The doubling cube",
        "марс",
        "gammon",
    ):
        assert words in texts, words
    assert (await p.get("/static/rules.css")).status_code == 200
    # the tutorial links to every example
    for ex in EXAMPLES:
        assert f'"{ex.id}"' in tutorial or ex.id in tutorial
