"""HTTP API of ``nardy serve`` in-process (httpx ASGI client): sessions, games in every
mode, actions validated by the core, errors that change nothing, authorization."""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_helpers import act, play_first_plays, play_first_steps, roll_if_asked
from sqlalchemy import text

from nardy.dicecheck import check_rolls, commitment_of
from nardy.game import Game
from nardy.i18n import t
from nardy.server import Settings, create_app

pytestmark = pytest.mark.anyio


def count_users(app: Any) -> int:
    with app.state.engine.connect() as conn:
        return int(conn.execute(text("SELECT count(*) FROM users")).scalar_one())


async def new_game(player: Any, **spec: Any) -> dict[str, Any]:
    r = await player.post("/api/games", {"mode": "computer", "variant": "long", **spec})
    assert r.status_code == 201, r.text
    return r.json()


async def test_guest_is_made_on_the_first_action_only(player_factory: Any, app: Any) -> None:
    """Reading the site stores nothing; the first game makes the guest, whose session
    keeps the CSRF token the visitor already had (issue 13.3)."""
    visitors = [await player_factory() for _ in range(5)]
    assert count_users(app) == 0
    p = visitors[0]
    assert p.user == {
        "id": None,
        "name": "Guest",
        "username": None,
        "guest": True,
        "moderator": False,
        "banned": False,
    }
    again = (await p.get("/api/session")).json()
    assert again["csrf"] == p.csrf and again["levels"][0] == "beginner"
    assert count_users(app) == 0
    st = await new_game(p)
    assert count_users(app) == 1
    now = (await p.get("/api/session")).json()
    assert now["user"]["name"].startswith("Guest-") and now["csrf"] == p.csrf
    assert (await p.get(f"/api/games/{st['id']}")).json()["role"] == st["role"]
    assert count_users(app) == 1


async def test_computer_game_starts_with_the_players_dice(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p, level=(await p.get("/api/session")).json()["levels"][0])
    assert st["role"] in ("white", "black")
    assert st["phase"] == "move" and st["turn"] == st["role"]
    assert st["legal"]["targets"]  # legal single steps are sent, the browser has no rules
    assert len(st["dice_info"]["commitment"]) == 64
    assert st["dice_info"]["server_seed"] is None  # secret until the game ends
    # the board is drawn from the player's side: own head (24) and the opponent's on 12
    assert st["board"]["points"][24] > 0 and st["board"]["points"][12] < 0


async def test_steps_undo_and_confirm(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p)
    gid = st["id"]
    frm = next(iter(st["legal"]["targets"]))
    to = st["legal"]["targets"][frm][-1]
    r = await p.post(f"/api/games/{gid}/actions", {"action": "move", "from": int(frm), "to": to})
    assert r.status_code == 200
    after = r.json()["state"]
    assert after["legal"]["can_undo"] and after["legal"]["pending"]
    r = await p.post(f"/api/games/{gid}/actions", {"action": "undo"})
    assert r.json()["state"]["board"] == st["board"]
    history_before = len(st["history"])
    done = await play_first_steps(p, r.json()["state"])
    # my turn and the computer's reply are both in the history now
    assert len(done["history"]) >= history_before + 2


async def test_a_checker_that_cannot_move_is_told_why(player_factory: Any) -> None:
    """The state names why a checker of the mover cannot move where one rule decides
    it, in both languages (``legal.stuck``): here the head that has given its checker
    this turn (L-HEAD-1); the page shows it when the checker is tapped."""
    p = await player_factory()
    for _ in range(20):
        st = await new_game(p)  # long nardy against the computer, the player's roll
        assert st["legal"]["stuck"] == {}  # every checker is on the head, which may move
        if sorted(st["dice"]) in ([3, 3], [4, 4], [6, 6]):
            continue  # (L-HEAD-2: two checkers may leave the head on the first turn)
        nearest = st["legal"]["targets"]["24"][0]
        st = await act(p, st["id"], {"action": "move", "from": 24, "to": nearest})
        if st["phase"] != "move" or st["legal"]["can_confirm"]:
            continue
        why = st["legal"]["stuck"]["24"]
        assert why["en"] == "no more checkers leave the head this turn: only 1 may (L-HEAD-1)"
        assert why["ru"].startswith("больше шашек с головы в этом ходе не снять")
        assert "24" not in st["legal"]["targets"]
        return
    raise AssertionError("no turn left a checker on the head to ask about")


async def test_illegal_and_malformed_actions_change_nothing(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p)
    gid = st["id"]
    bad: list[tuple[Any, int, str]] = [
        ({"action": "move", "from": 1, "to": 0}, 409, "illegal"),  # no checker there
        ({"action": "move", "from": "x", "to": 3}, 422, "malformed"),
        ({"action": "move", "from": 24}, 400, "malformed"),
        ({"action": "play", "play": "24/1"}, 409, "illegal"),
        ({"action": "play", "play": "nonsense"}, 400, "malformed"),
        ({"action": "confirm"}, 409, "illegal"),  # nothing moved yet
        ({"action": "undo"}, 409, "illegal"),
        ({"action": "fly"}, 422, "malformed"),
        (["move"], 422, "malformed"),
    ]
    for body, status, code in bad:
        r = await p.post(f"/api/games/{gid}/actions", body)
        assert r.status_code == status, (body, r.text)
        assert r.json()["code"] == code and r.json()["error"]
    now = (await p.get(f"/api/games/{gid}")).json()
    assert now["seq"] == st["seq"] and now["board"] == st["board"]
    r = await p.http.post(
        f"/api/games/{gid}/actions",
        content=b"{not json",
        headers={"x-csrf-token": p.csrf, "content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["code"] == "malformed"


async def test_bad_game_specs_are_refused(player_factory: Any) -> None:
    p = await player_factory()
    for spec, status, code in [
        ({"variant": "chess"}, 400, "bad-variant"),
        ({"mode": "online"}, 422, "malformed"),
        ({"level": "godlike"}, 400, "bad-level"),
        ({"options": {"head_exception": "never"}}, 400, "bad-variant"),
        ({"client_seed": 5}, 422, "malformed"),
    ]:
        r = await p.post("/api/games", {"mode": "computer", "variant": "long", **spec})
        assert r.status_code == status and r.json()["code"] == code, r.text
    assert (await p.get("/api/games/nosuchgame")).status_code == 404


@pytest.mark.parametrize("scoring", ["koks", "home-mars", "four-tier", "per-checker"])
async def test_a_game_is_scored_as_its_players_chose(player_factory: Any, scoring: str) -> None:
    """C-2: a game made with another scoring scheme says so in its state (the game
    page shows it), and its record's setup carries it; the default says "standard"."""
    p = await player_factory()
    st = await new_game(p, mode="local", variant="long", options={"scoring": scoring})
    assert st["scoring"] == scoring
    setup = json.loads((await p.get(f"/api/games/{st['id']}/record")).text.splitlines()[0])
    assert setup["options"]["scoring"] == scoring
    assert (await new_game(p, mode="local", variant="long"))["scoring"] == "standard"
    # a variant's own scheme is said too (khachapuri counts checkers), and what a
    # resignation costs there counts the checkers not borne off
    kh = await roll_if_asked(p, await new_game(p, mode="local", variant="khachapuri"))
    assert kh["scoring"] == "per-checker"
    assert kh["resign_levels"][0]["checkers"] == kh["resign_levels"][0]["value"] == 15
    r = await p.post("/api/games", {"mode": "local", "options": {"scoring": "double"}})
    assert r.status_code == 400 and r.json()["code"] == "bad-variant"
    # the form offers the server's own schemes (the game's scoring option), the default
    # first, each with its words
    games = (await p.get("/api/session")).json()["variants"]
    long = next(v for v in games if v["name"] == "long")
    offered = next(o for o in long["options"] if o["name"] == "scoring")["values"]
    assert offered[0] == "standard" and scoring in offered
    for x in offered:
        assert t(f"web.scoring.{x}", "en") and t(f"web.scoring.{x}", "ru")


async def test_csrf_token_is_required(player_factory: Any) -> None:
    p = await player_factory()
    r = await p.http.post("/api/games", json={"mode": "computer"})
    assert r.status_code == 403 and r.json()["code"] == "csrf"
    r = await p.http.post(
        "/api/games", json={"mode": "computer"}, headers={"x-csrf-token": "forged"}
    )
    assert r.status_code == 403
    # a client without a session must send his own anonymous token, not another's
    other = await player_factory()
    other.http.cookies.clear()
    r = await other.http.post("/api/games", json={}, headers={"x-csrf-token": p.csrf})
    assert r.status_code == 403 and r.json()["code"] == "csrf"


async def test_others_cannot_act_or_see_hidden_data(player_factory: Any) -> None:
    owner, stranger = await player_factory(), await player_factory()
    st = await new_game(owner, mode="friend")
    gid = st["id"]
    assert st["invite_url"].endswith("/join/" + st["invite_url"].rsplit("/", 1)[1])
    seen = (await stranger.get(f"/api/games/{gid}")).json()
    assert seen["role"] == "spectator"
    assert "invite_url" not in seen and seen["dice_info"]["server_seed"] is None
    record = (await stranger.get(f"/api/games/{gid}/record")).text
    assert "server_seed" not in record
    verify = (await stranger.get(f"/api/games/{gid}/verify")).json()
    assert verify == {"revealed": False, "commitment": st["dice_info"]["commitment"]}
    # computer game: the stranger may watch but not move
    game = await new_game(owner)
    frm = next(iter(game["legal"]["targets"]))
    r = await stranger.post(
        f"/api/games/{game['id']}/actions",
        {"action": "move", "from": int(frm), "to": game["legal"]["targets"][frm][0]},
    )
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    watched = (await stranger.get(f"/api/games/{game['id']}")).json()
    assert watched["legal"] is None and watched["seq"] == game["seq"]


async def test_friend_game_by_invite(player_factory: Any) -> None:
    a, b, c = await player_factory(), await player_factory(), await player_factory()
    st = await new_game(a, mode="friend", variant="short")
    assert st["status"] == "waiting" and st["phase"] == "opening"
    token = st["invite_url"].rsplit("/", 1)[1]
    r = await b.post(f"/api/join/{token}")
    assert r.status_code == 200, r.text
    joined = r.json()
    assert joined["status"] == "active" and joined["role"] in ("white", "black")
    a_state = (await a.get(f"/api/games/{st['id']}")).json()
    assert {a_state["role"], joined["role"]} == {"white", "black"}
    assert (await c.post(f"/api/join/{token}")).status_code == 409  # the seats are taken
    assert (await c.post("/api/join/not-a-token")).status_code == 404
    mover, waiter = (a, b) if a_state["turn"] == a_state["role"] else (b, a)
    waiting = (await waiter.get(f"/api/games/{st['id']}")).json()
    frm = next(iter((await mover.get(f"/api/games/{st['id']}")).json()["legal"]["targets"]))
    r = await waiter.post(
        f"/api/games/{st['id']}/actions", {"action": "move", "from": int(frm), "to": 1}
    )
    assert r.status_code == 409 and r.json()["code"] == "not-your-turn"
    assert waiting["legal"] is None
    mover_state = (await mover.get(f"/api/games/{st['id']}")).json()
    after = await play_first_steps(mover, mover_state)
    assert after["turn"] != mover_state["turn"]
    turn = (await waiter.get(f"/api/games/{st['id']}")).json()
    # the cube is in the middle (short nardy, C-3): the waiter rolls or doubles himself
    assert turn["phase"] == "roll" and turn["actions"] == ["roll", "double", "resign"]
    assert (await roll_if_asked(waiter, turn))["legal"] is not None


async def test_local_game_both_sides_from_one_device(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p, mode="local", variant="short")
    assert st["role"] == "both" and st["view"] == st["turn"]
    first = st["turn"]
    st = await play_first_steps(p, st)
    assert st["turn"] != first and st["view"] == st["turn"] and "roll" in st["actions"]
    st = await roll_if_asked(p, st)
    assert st["legal"] is not None and st["view"] == st["turn"]


async def test_full_game_against_the_computer_then_verify(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p, variant="short", client_seed="мой сид")
    gid = st["id"]
    st = await play_first_plays(p, st)
    assert st["outcome"]["winner"] in ("white", "black") and st["status"] == "over"
    seed = st["dice_info"]["server_seed"]
    assert commitment_of(bytes.fromhex(seed)) == st["dice_info"]["commitment"]
    text = (await p.get(f"/api/games/{gid}/record")).text
    records = [json.loads(line) for line in text.splitlines()]
    assert records[0]["dice"]["server_seed"] == seed
    assert records[0]["dice"]["client_seed"] == "мой сид"
    replayed = Game.replay(records)
    assert replayed.phase == "over" and replayed.outcome is not None
    assert replayed.outcome.winner == st["outcome"]["winner"]
    checks = check_rolls(bytes.fromhex(seed), "мой сид", records)
    assert checks and all(c.ok for c in checks)
    v = (await p.get(f"/api/games/{gid}/verify")).json()
    assert v["all_ok"] and len(v["rolls"]) == len(checks)
    r = await p.post(f"/api/games/{gid}/actions", {"action": "undo"})
    assert r.status_code == 409 and r.json()["code"] == "game-over"
    stats = (await p.get("/api/me/dice-stats")).json()
    own = sum(1 for t in st["history"] if t["color"] == st["role"])
    assert 0 < stats["rolls"] <= own + 1
    assert sum(map(sum, stats["counts"])) == stats["rolls"]


async def test_register_login_profile(player_factory: Any) -> None:
    p = await player_factory()
    st = await new_game(p)
    r = await p.post("/api/register", {"username": "ашот", "password": "short"})
    assert r.status_code == 400 and r.json()["code"] == "bad-password"
    r = await p.post("/api/register", {"username": "a", "password": "long enough"})
    assert r.status_code == 400 and r.json()["code"] == "bad-username"
    r = await p.post("/api/register", {"username": "ашот", "password": "correct horse"})
    assert r.status_code == 200, r.text
    assert r.json()["user"]["username"] == "ашот"
    me = (await p.get("/api/me")).json()
    assert [g["id"] for g in me["games"]] == [st["id"]]  # the guest's game stayed his
    q = await player_factory()
    r = await q.post("/api/register", {"username": "ашот", "password": "another one"})
    assert r.status_code == 409
    r = await q.post("/api/login", {"username": "ашот", "password": "wrong password"})
    assert r.status_code == 401
    r = await q.post("/api/login", {"username": "ашот", "password": "correct horse"})
    assert r.status_code == 200
    assert (await q.get("/api/me")).json()["games"][0]["id"] == st["id"]
    assert "argon2" not in r.text
    set_cookie = r.headers.get_list("set-cookie")
    session_cookie = next(c for c in set_cookie if c.startswith("nardy_session="))
    assert "httponly" in session_cookie.lower() and "samesite=lax" in session_cookie.lower()
    assert (await q.post("/api/logout")).status_code == 200
    assert (await q.get("/api/me")).json()["user"]["guest"] is True
    assert (await q.get("/api/users/ашот/dice-stats")).status_code == 200
    assert (await q.get("/api/users/nobody/dice-stats")).status_code == 404


async def test_game_survives_a_new_app_on_the_same_database(
    player_factory: Any, settings: Settings
) -> None:
    p = await player_factory()
    st = await new_game(p)
    frm = next(iter(st["legal"]["targets"]))
    r = await p.post(
        f"/api/games/{st['id']}/actions",
        {"action": "move", "from": int(frm), "to": st["legal"]["targets"][frm][0]},
    )
    mid = r.json()["state"]
    import httpx

    fresh = create_app(settings)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=fresh),
        base_url="http://testserver",
        cookies=p.http.cookies,
    ) as c:
        again = (await c.get(f"/api/games/{st['id']}")).json()
    for key in ("seq", "board", "dice", "legal", "history", "turn"):
        assert again[key] == mid[key], key


async def test_pages_and_static_files(player_factory: Any) -> None:
    p = await player_factory()
    for path in ("/", "/rules", "/game/abc", "/join/xyz", "/verify/abc", "/stats/me"):
        r = await p.get(path)
        assert r.status_code == 200 and "app.js" in r.text
    for f in (
        "app.js",
        "board.js",
        "geometry.js",
        "i18n.js",
        "style.css",
        "rules.js",
        "verify.js",
        "api.js",
    ):
        assert (await p.get(f"/static/{f}")).status_code == 200
    assert (await p.get("/nope")).status_code == 404


async def test_openapi_describes_the_request_bodies(app: Any) -> None:
    """The schema FastAPI serves is the real API: the bodies' fields and their types."""
    schema = app.openapi()
    parts = schema["components"]["schemas"]
    action = parts["Action"]["properties"]
    assert "move" in action["action"]["enum"] and "from" in action and "play" in action
    spec = parts["GameSpec"]["properties"]
    assert spec["mode"]["enum"] == ["computer", "local", "friend"]
    assert set(parts["Credentials"]["required"]) == {"username", "password"}
    after = schema["paths"]["/api/games/{game_id}/events"]["get"]["parameters"]
    assert any(p["name"] == "after" and p["schema"]["maximum"] == 2**53 for p in after)
