"""Club games (``GameService.create_paired``): two known members, started at once, no
hints, each player acts only for his own colour."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from nardy.server import Settings, create_app
from nardy.server.api_error import ApiError
from nardy.server.service import GameService


def _service(db_url: str) -> tuple[Any, GameService]:
    app = create_app(Settings(db_url=db_url, dice_seed=7))
    return app, app.state.games


def _users(app: Any, n: int) -> list[int]:
    from nardy.server.db import User

    with app.state.db() as s:
        users = [User(display_name=f"P{i}") for i in range(n)]
        s.add_all(users)
        s.commit()
        return [u.id for u in users]


def test_a_paired_game_starts_at_once_and_each_plays_his_colour(db_url: str) -> None:
    app, games = _service(db_url)
    a, b, c = _users(app, 3)

    async def run() -> None:
        live = await games.create_paired(a, b, {"variant": "long", "length": 3})
        m = live.meta
        assert m.mode == "club" and m.opponent_id == b and m.invite_token is None
        assert m.creator_color in ("white", "black")  # the opening toss was played
        roles = {m.role_of(a), m.role_of(b)}
        assert roles == {"white", "black"}
        assert m.role_of(c) == "spectator"
        with pytest.raises(ApiError) as err:
            await games.hint(live, m.role_of(a))
        assert err.value.code == "no-hints"
        # the one to act can act, the other cannot
        actor = live.game.to_act
        idle = "black" if actor == "white" else "white"
        with pytest.raises(ApiError):
            await games.act(live, idle, {"action": "undo"})

    asyncio.run(run())


def test_nobody_is_paired_with_himself(db_url: str) -> None:
    app, games = _service(db_url)
    (a,) = _users(app, 1)
    with pytest.raises(ApiError) as err:
        asyncio.run(games.create_paired(a, a, {"variant": "short"}))
    assert err.value.code == "forbidden" and err.value.status == 409
