"""A ban ends the banned member's running games at once, each won by his opponent
(``GameService.end_banned_games``, reason ``banned``, rated as a claim of an abandoned
game): a moderator's ban from the browser at the ban itself, ``nardy admin ban`` (another
process, on the database) at the running server's next flag sweep; the opponent's page
hears it as it happens. The banned member is told in the second person, in his
language, and his session says he is banned. The real app on SQLite and PostgreSQL,
real websockets, the real command line; the server's time is an injected clock."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from click.testing import CliRunner
from server_helpers import same_loop_clients
from sqlalchemy import update
from visitors import Visitor

from nardy.cli import main
from nardy.server.api_error import ApiError
from nardy.server.db import User
from nardy.server.names import skeleton

pytestmark = pytest.mark.clocked

RATED_MATCH = {"variant": "short", "length": 3, "rated": True}
BANNED_RU = "Модератор отстранил вас от игры и чата."


def _moderator(app: Any, user_id: int | None) -> None:
    with app.state.db() as s:
        s.execute(update(User).where(User.id == user_id).values(moderator=True))
        s.commit()


def _turn(v: Visitor, gid: str) -> None:
    """The player to act (``v``) rolls if asked, then makes the first legal play."""
    st = v.get(f"/api/games/{gid}").json()
    if "roll" in st["actions"]:
        st = v.post(f"/api/games/{gid}/actions", {"action": "roll"}).json()["state"]
    r = v.post(f"/api/games/{gid}/actions", {"action": "play", "play": st["legal"]["plays"][0]})
    assert r.status_code == 200, r.text


def test_a_ban_from_the_browser_ends_the_members_games_at_once(app: Any) -> None:
    with same_loop_clients(app, 3) as clients:
        dima, vera, mod = (Visitor(c) for c in clients)
        dima.register("dima")
        vera.register("vera")
        mod.register("karina")
        _moderator(app, mod.id)
        live = dima.c.portal.call(app.state.games.create_paired, dima.id, vera.id, RATED_MATCH)
        gid = live.meta.id
        players = {dima.id: dima, vera.id: vera}
        by_color = {c: players[live.meta.user_of(c)] for c in ("white", "black")}
        first = by_color[dima.get(f"/api/games/{gid}").json()["to_act"]]
        _turn(first, gid)  # a play each: the match is rated
        _turn(dima if first is vera else vera, gid)
        dima_color = live.meta.role_of(dima.id)
        vera_color = live.meta.role_of(vera.id)
        with vera.c.websocket_connect(f"/ws/games/{gid}") as page:
            page.send_json({"type": "hello", "last_seq": 0})
            assert page.receive_json()["type"] == "update"
            r = mod.post("/api/players/dima/ban")
            assert r.json() == {"name": "dima", "banned": True}
            # over when the ban is answered, not when his clock runs out
            assert app.state.games.live[gid].meta.status == "over"
            # her page hears it as it happens
            kinds: list[str] = []
            while "over" not in kinds:
                kinds += [e["kind"] for e in page.receive_json().get("events", [])]
            assert "flag" in kinds
        state = vera.get(f"/api/games/{gid}").json()
        assert state["status"] == "over"
        outcome = state["outcome"]
        assert (outcome["winner"], outcome["reason"]) == (vera_color, "banned")
        assert "banned by a moderator" in outcome["en"]
        assert "отстранён модератором" in outcome["ru"]
        assert state["match"]["winner"] == vera_color  # the match is hers
        change = state["rating_change"]  # rated as an abandoned game's claim
        assert change[vera_color]["delta"] > 0 > change[dima_color]["delta"]
        # he is told so, as himself, and his session says it (the banner of every page)
        r = dima.post("/api/chat/lobby", {"text": "why?"}, lang="ru")
        assert r.status_code == 403 and r.json()["error"] == BANNED_RU
        assert dima.get("/api/session").json()["user"]["banned"] is True
        assert vera.get("/api/session").json()["user"]["banned"] is False
        # lifted: the Russian answers name the moderator's ban apart from a block
        r = mod.post("/api/players/dima/ban", lang="ru")
        assert r.status_code == 409 and r.json()["error"] == "dima уже отстранён"
        assert mod.post("/api/players/dima/unban").json()["banned"] is False
        assert dima.get("/api/session").json()["user"]["banned"] is False


async def _play_until_his_turn(games: Any, live: Any, user_id: int) -> None:
    """The players roll and make their first legal play until ``user_id`` is to act."""
    while (color := live.actor("both")) != live.meta.role_of(user_id):
        g = live.game
        act = {"action": "roll"} if g.phase == "roll" else {"action": "play"}
        if g.phase == "move":
            act["play"] = g.legal_plays()[0].text
        await games.act(live, color, act)


def test_a_ban_by_nardy_admin_ends_the_games_at_the_next_sweep(app: Any, db_url: str) -> None:
    games = app.state.games
    with app.state.db() as s:
        users = [
            User(username=n, name_key=skeleton(n), display_name=n) for n in ("dima", "vera", "ira")
        ]
        s.add_all(users)
        s.commit()
        dima, vera, ira = (u.id for u in users)

    async def scenario() -> None:
        banned = await games.create_paired(dima, vera, RATED_MATCH)
        other = await games.create_paired(vera, ira, RATED_MATCH)  # (not his: plays on)
        heard: list[str] = []

        async def notify(live: Any, events: list[Any]) -> None:
            heard.extend(e["kind"] for e in events if live is banned)

        games.notify = notify
        await _play_until_his_turn(games, banned, dima)
        out = CliRunner().invoke(main, ["admin", "ban", "dima", "--db", db_url, "--lang", "ru"])
        assert out.exit_code == 0 and out.output == "dima отстранён от игры\n"
        # before the server's sweep hears of it, his action is refused, said to him
        role = banned.meta.role_of(dima)
        with pytest.raises(ApiError) as refused:
            await games.act(banned, role, {"action": "resign", "level": 1})
        assert refused.value.status == 403 and refused.value.text("ru") == BANNED_RU
        assert banned.meta.status == "active"
        await games.sweep_flags()  # (every second on a running server)
        assert banned.meta.status == "over" and "over" in heard
        result = banned.flag
        assert result is not None and result["reason"] == "banned"
        assert result["winner"] == banned.meta.role_of(vera)
        assert other.meta.status == "active"
        assert await games.end_banned_games() == 0  # (ended once)

    asyncio.run(scenario())


def test_nardy_admin_speaks_the_asked_language(app: Any, db_url: str) -> None:
    with app.state.db() as s:
        s.add(User(username="karina", name_key=skeleton("karina"), display_name="Карина"))
        s.add(User(username="dima", name_key=skeleton("dima"), display_name="Дима"))
        s.commit()

    def admin(*args: str) -> str:
        out = CliRunner().invoke(main, ["admin", *args, "--db", db_url])
        assert out.exit_code in (0, 1), out.output
        return out.output

    assert admin("moderator", "karina", "--lang", "ru") == "Карина теперь модератор\n"
    assert admin("moderator", "karina", "--lang", "en") == "Карина is now a moderator\n"
    assert admin("unban", "dima", "--lang", "ru") == "Дима не был отстранён\n"
    assert "участника с именем 'nobody' нет" in admin("ban", "nobody", "--lang", "ru")
    # without --lang: the locale's language, as nardy analyze
    locale = {"LC_ALL": "ru_RU.UTF-8"}
    ru = CliRunner().invoke(main, ["admin", "ban", "dima", "--db", db_url], env=locale)
    assert ru.output == "Дима отстранён от игры\n"


def test_a_banned_member_plays_the_computer_no_more(app: Any) -> None:
    """A ban is no play in the club at all: a new game against the computer is refused,
    and so is his next action in one he was playing, told to him in his language."""
    with same_loop_clients(app, 2) as clients:
        dima, mod = (Visitor(c) for c in clients)
        dima.register("dima")
        mod.register("karina")
        _moderator(app, mod.id)
        r = dima.post("/api/games", {"mode": "computer", "variant": "long"})
        assert r.status_code == 201, r.text
        gid, state = r.json()["id"], r.json()
        assert mod.post("/api/players/dima/ban").status_code == 200
        for lang, text in (("ru", BANNED_RU), ("en", "A moderator has banned you from play")):
            r = dima.post("/api/games", {"mode": "computer", "variant": "long"}, lang=lang)
            assert r.status_code == 403 and r.json()["code"] == "banned", r.text
            assert r.json()["error"].startswith(text)
        play = state["legal"]["plays"][0]
        r = dima.post(f"/api/games/{gid}/actions", {"action": "play", "play": play}, lang="ru")
        assert r.status_code == 403 and r.json()["error"] == BANNED_RU
        assert dima.get(f"/api/games/{gid}").json()["seq"] == state["seq"]  # nothing stored
        # lifted: he plays again
        assert mod.post("/api/players/dima/unban").status_code == 200
        r = dima.post(f"/api/games/{gid}/actions", {"action": "play", "play": play})
        assert r.status_code == 200, r.text
