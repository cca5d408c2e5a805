"""``nardy admin`` on a real database (SQLite, and PostgreSQL when configured): make
and revoke moderators, ban and unban members; unknown names are clear errors. A ban
stops a member's club play on a server that is already running."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from click.testing import CliRunner
from sqlalchemy import select

from nardy.cli import main
from nardy.server import Settings, create_app
from nardy.server.api_error import ApiError
from nardy.server.db import User
from nardy.server.names import skeleton


def _members(app: Any, *names: str) -> list[int]:
    with app.state.db() as s:
        users = [User(username=n, name_key=skeleton(n), display_name=n) for n in names]
        s.add_all(users)
        s.commit()
        return [u.id for u in users]


def _user(app: Any, name: str) -> User:
    with app.state.db() as s:
        user = s.scalar(select(User).where(User.username == name))
        assert user is not None
        return user


def admin(db_url: str, *args: str) -> Any:
    return CliRunner().invoke(main, ["admin", *args, "--db", db_url])


def test_moderators_are_made_and_revoked(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url))
    _members(app, "Ann")
    out = admin(db_url, "moderator", "Ann")
    assert out.exit_code == 0 and out.output == "Ann is now a moderator\n"
    assert _user(app, "Ann").moderator is True
    out = admin(db_url, "moderator", "Ann", "--revoke")
    assert out.exit_code == 0 and "no longer a moderator" in out.output
    assert _user(app, "Ann").moderator is False


def test_the_owner_may_write_a_name_in_any_case(db_url: str) -> None:
    """Names clash by their skeleton (case folded, confusables alike), so it finds
    the one member: the owner who typed "clive_td" for Clive_TD was told no member
    had that name."""
    app = create_app(Settings(db_url=db_url))
    _members(app, "Clive_TD")
    out = admin(db_url, "moderator", "clive_td")
    assert out.exit_code == 0 and out.output == "Clive_TD is now a moderator\n"
    assert _user(app, "Clive_TD").moderator is True
    out = admin(db_url, "ban", " CLIVE_td ")
    assert out.exit_code == 0 and _user(app, "Clive_TD").banned_at is not None


def test_a_ban_stops_club_play_until_lifted(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url))
    ann, bob = _members(app, "Ann", "Bob")
    out = admin(db_url, "ban", "Bob")
    assert out.exit_code == 0 and out.output == "Bob is banned\n"
    assert _user(app, "Bob").banned_at is not None
    games = app.state.games
    with pytest.raises(ApiError) as err:
        asyncio.run(games.create_paired(ann, bob, {"variant": "long"}))
    assert err.value.status == 403 and err.value.code == "banned"
    assert err.value.text("ru") == "Bob отстранён от игры"
    out = admin(db_url, "unban", "Bob")
    assert out.exit_code == 0 and "no longer banned" in out.output
    assert _user(app, "Bob").banned_at is None
    live = asyncio.run(games.create_paired(ann, bob, {"variant": "long"}))
    assert live.meta.mode == "club"


@pytest.mark.parametrize("action", [["moderator"], ["ban"], ["unban"], ["moderator", "--revoke"]])
def test_unknown_names_are_clear_errors(db_url: str, action: list[str]) -> None:
    app = create_app(Settings(db_url=db_url))
    _members(app, "Ann")
    out = CliRunner().invoke(main, ["admin", action[0], "Nobody", *action[1:], "--db", db_url])
    assert out.exit_code == 1
    assert "no member is called 'Nobody'" in out.output
    assert _user(app, "Ann").moderator is False and _user(app, "Ann").banned_at is None


def test_admin_without_a_name_shows_its_usage(db_url: str) -> None:
    out = admin(db_url, "ban")
    assert out.exit_code == 2 and "Missing argument 'NAME'" in out.output
    listed = CliRunner().invoke(main, ["admin", "--help"])
    assert listed.exit_code == 0
    assert all(f"  {c} " in listed.output for c in ("ban", "moderator", "unban"))
