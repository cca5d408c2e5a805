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
