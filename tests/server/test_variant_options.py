"""``POST /api/games`` refuses rule options the variant does not take (RULES.md V-CGUL:
"like every option, it is refused with a clear error by a variant for which it means
nothing"), creates nothing, and takes those it does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sqlalchemy import func, select

from nardy.server import Settings
from nardy.server.db import GameRow, make_engine

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]


@pytest.mark.parametrize(
    ("variant", "options", "named"),
    [
        ("gulbara", {"crazy_moves_per_double": 2}, "crazy_moves_per_double"),  # V-CGUL
        ("khachapuri", {"crazy_moves_per_double": 2}, "crazy_moves_per_double"),
        ("fevga", {"crazy_moves_per_double": 2}, "crazy_moves_per_double"),
        ("crazy", {"crazy_moves_per_double": 2}, "crazy_moves_per_double"),
        ("fevga-giul", {"crazy_moves_per_double": 2}, "crazy_moves_per_double"),
        ("fevga", {"block_release": "entered-home"}, "block_release"),  # V-FEVGA
        ("short", {"opening": "reroll"}, "opening"),  # G-5
        ("long", {"no_hit_and_hide": True}, "no_hit_and_hide"),  # S-6
    ],
)
async def test_an_option_the_variant_does_not_take_is_refused(
    player_factory: Any, settings: Settings, variant: str, options: dict[str, Any], named: str
) -> None:
    p = await player_factory()
    r = await p.post("/api/games", {"mode": "local", "variant": variant, "options": options})
    assert r.status_code == 400, r.text
    body = r.json()
    assert body["code"] == "bad-variant"
    assert f"rule option {named} " in body["error"]
    assert f"means nothing in {variant}" in body["error"] or "other nardy family" in body["error"]
    engine = make_engine(settings.db_url)
    with engine.connect() as conn:  # nothing was created
        assert conn.execute(select(func.count()).select_from(GameRow)).scalar() == 0
    engine.dispose()


async def test_crazy_gulbara_takes_two_moves_a_double(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.post(
        "/api/games",
        {"mode": "local", "variant": "crazy-gulbara", "options": {"crazy_moves_per_double": 2}},
    )
    assert r.status_code == 201, r.text
    record = (await p.get(f"/api/games/{r.json()['id']}/record")).text
    setup = json.loads(next(line for line in record.splitlines() if '"setup"' in line))
    assert setup["options"]["crazy_moves_per_double"] == 2


async def test_the_session_says_each_variants_options_from_the_engine(
    player_factory: Any,
) -> None:
    """The new-game form offers, per game, the options the engine takes (docs/rules.md
    §7), each with its values, the variant's own first, and what another option must be
    for it to mean something; every one it offers is taken, and its words are in both
    languages. Khachapuri can be played with ordinary scoring."""
    from nardy.i18n import MESSAGES
    from nardy.variants import OPTION_VALUES, VARIANTS, OptionError

    p = await player_factory()
    session = (await p.get("/api/session")).json()
    for info in session["variants"]:
        v = VARIANTS[info["name"]]
        offered = {o["name"]: o for o in info["options"]}
        assert set(v.options()) <= set(offered)  # all it takes now
        for name, o in offered.items():
            assert o["default"] == getattr(v, name) == o["values"][0]
            assert sorted(map(str, o["values"])) == sorted(map(str, OPTION_VALUES[name]))
            assert o["rule"]
            for value in o["values"][1:]:  # each value is taken, with what it needs
                given = {k: vs[0] for k, vs in (o["needs"] or {}).items()}
                v.with_options(**given, **{name: value})
            label = f"web.option.{name}"  # (a player's name for every option)
            # (short nardy's tiers in its own words: gammon, backgammon)
            short = ".short" if v.family == "short" and name == "scoring" else ""
            words = [  # (as the page writes a value: JSON's true, 4)
                f"web.scoring.{x}{short if x in ('koks', 'home-mars', 'four-tier') else ''}"
                if name == "scoring" or (name == "per_checker_multipliers" and x != "none")
                else f"web.option.{name}.{x if isinstance(x, str) else json.dumps(x)}"
                for x in o["values"]
            ]
            for key in (label, f"web.option.{name}.hint", *words):  # (both languages)
                assert key in MESSAGES, key
        for name in set(OPTION_VALUES) - set(offered):  # and none it refuses
            other = next(x for x in OPTION_VALUES[name] if x != getattr(v, name))
            with pytest.raises(OptionError):
                v.with_options(**{name: other})
    by_name = {v["name"]: v for v in session["variants"]}
    kh = {o["name"]: o for o in by_name["khachapuri"]["options"]}
    assert kh["scoring"]["values"][0] == "per-checker" and "head_exception" not in kh
    assert kh["per_checker_multipliers"]["needs"] == {"scoring": ["per-checker"]}
    long = {o["name"]: o for o in by_name["long"]["options"]}
    assert long["draw_score"]["needs"] == {"last_roll_draw": [True]}
    assert "crazy_moves_per_double" in {o["name"] for o in by_name["crazy-gulbara"]["options"]}
    assert "crazy_moves_per_double" not in long
    r = await p.post(
        "/api/games", {"mode": "local", "variant": "khachapuri", "options": {"scoring": "standard"}}
    )
    assert r.status_code == 201, r.text
    assert r.json()["scoring"] == "standard"
