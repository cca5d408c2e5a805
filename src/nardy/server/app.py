"""The ASGI application: ``create_app(settings)`` builds everything it needs."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from anyio import to_thread
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.orm import sessionmaker

from nardy.errors import MalformedError, NardyError
from nardy.server.auth import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, Accounts, Who
from nardy.server.botplayer import Computer
from nardy.server.db import make_engine, migrate
from nardy.server.dicecheck import check_rolls
from nardy.server.examples import UnknownExampleError, example_list, example_state
from nardy.server.exports import ExportError, export
from nardy.server.fanout import Fanout
from nardy.server.live import LiveGame
from nardy.server.review import finished_records, review
from nardy.server.service import ApiError, GameService
from nardy.server.settings import Settings
from nardy.server.views import Views
from nardy.server.writer import Writer
from nardy.variants import VARIANTS

STATIC = Path(__file__).with_name("static")
PAGES = ("/", "/login", "/register", "/profile", "/rules", "/tutorial", "/new")
PAGE_PREFIXES = ("/game/", "/join/", "/verify/", "/stats/")


class Subscriber:
    """One open websocket watching a game."""

    def __init__(self, ws: WebSocket, user_id: int | None, base_url: str) -> None:
        self.ws = ws
        self.user_id = user_id
        self.base_url = base_url


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new server application for ``settings`` (migrates the database at startup)."""
    settings = settings or Settings()
    engine = make_engine(settings.db_url)
    migrate(engine)
    db = sessionmaker(engine, expire_on_commit=False)
    writer = Writer(engine)
    accounts = Accounts(db, writer)
    computer = Computer()
    games = GameService(settings, engine, computer, writer)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        engine.dispose()

    app = FastAPI(title="nardy", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.settings = settings
    app.state.games = games
    app.state.accounts = accounts
    app.state.engine = engine

    # -- helpers -------------------------------------------------------------------
    def base_url(request: Request | WebSocket) -> str:
        if settings.base_url:
            return settings.base_url.rstrip("/")
        url = str(request.base_url).rstrip("/")
        if url.startswith("ws"):  # a websocket's URL: the page itself is http(s)
            url = "http" + url[2:]
        return url

    def set_cookies(resp: Response, token: str, csrf: str) -> None:
        resp.set_cookie(
            SESSION_COOKIE,
            token,
            httponly=True,
            samesite="lax",
            secure=settings.secure_cookies,
            path="/",
            max_age=3600 * 24 * 365,
        )
        resp.set_cookie(
            CSRF_COOKIE,
            csrf,
            httponly=False,
            samesite="lax",
            secure=settings.secure_cookies,
            path="/",
            max_age=3600 * 24 * 365,
        )

    async def who(request: Request | WebSocket) -> Who | None:
        return await to_thread.run_sync(accounts.lookup, request.cookies.get(SESSION_COOKIE))

    async def require(request: Request) -> Who:
        """The session's user; unsafe methods must carry the CSRF token."""
        user = await who(request)
        if user is None:
            raise ApiError(401, "no-session", "no session: open the site (GET /api/session)")
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            sent = request.headers.get(CSRF_HEADER)
            if sent is None:
                ctype = request.headers.get("content-type", "")
                if ctype.startswith("application/x-www-form-urlencoded"):
                    sent = (await request.form()).get("csrf_token")  # type: ignore[assignment]
            if not sent or sent != user.csrf:
                raise ApiError(403, "csrf", "missing or wrong CSRF token")
        return user

    async def body(request: Request) -> Any:
        ctype = request.headers.get("content-type", "")
        if ctype.startswith("application/x-www-form-urlencoded"):
            return dict(await request.form())
        raw = await request.body()
        if not raw:
            return {}
        try:
            return json.loads(raw)
        except ValueError:
            raise ApiError(400, "malformed", "the request body is not valid JSON") from None

    def user_json(user: Who) -> dict[str, Any]:
        return {
            "id": user.user_id,
            "name": user.display_name,
            "username": user.username,
            "guest": user.guest,
        }

    views = Views()
    games.notify = Fanout(views).broadcast

    def state_for(live: LiveGame, user_id: int | None, url: str) -> dict[str, Any]:
        return views.state(live, user_id, url)  # (under live.lock)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message, "code": exc.code}, status_code=exc.status)

    # -- session and accounts -----------------------------------------------------
    @app.get("/api/session")
    async def session(request: Request) -> Response:
        user = await who(request)
        token = None
        if user is None:
            token = await to_thread.run_sync(accounts.new_guest)
            user = await to_thread.run_sync(accounts.lookup, token)
            assert user is not None
        resp = JSONResponse(
            {
                "user": user_json(user),
                "csrf": user.csrf,
                "test_mode": settings.test_mode,
                "levels": computer.levels(),
                "variants": [
                    {"name": v.name, "family": v.family, "en": v.title_en, "ru": v.title_ru}
                    for v in VARIANTS.values()
                ],
            }
        )
        if token is not None:
            set_cookies(resp, token, user.csrf)
        return resp

    async def _login_response(token: str) -> Response:
        user = await to_thread.run_sync(accounts.lookup, token)
        assert user is not None
        resp = JSONResponse({"user": user_json(user), "csrf": user.csrf})
        set_cookies(resp, token, user.csrf)
        return resp

    @app.post("/api/register")
    async def register(request: Request) -> Response:
        user = await require(request)
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError(400, "malformed", "send {username, password}")
        if not user.guest:
            raise ApiError(409, "logged-in", "log out before making another account")
        token = await to_thread.run_sync(
            accounts.register, user, data.get("username"), data.get("password")
        )
        return await _login_response(token)

    @app.post("/api/login")
    async def login(request: Request) -> Response:
        old = await require(request)
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError(400, "malformed", "send {username, password}")
        token = await to_thread.run_sync(accounts.login, data.get("username"), data.get("password"))
        if old is not None:
            await to_thread.run_sync(accounts.logout, request.cookies.get(SESSION_COOKIE))
        return await _login_response(token)

    @app.post("/api/logout")
    async def logout(request: Request) -> Response:
        await require(request)
        await to_thread.run_sync(accounts.logout, request.cookies.get(SESSION_COOKIE))
        token = await to_thread.run_sync(accounts.new_guest)
        return await _login_response(token)

    @app.get("/api/me")
    async def me(request: Request) -> Response:
        user = await require(request)
        history = await to_thread.run_sync(games.history, user.user_id)
        return JSONResponse({"user": user_json(user), "games": history})

    @app.get("/api/me/dice-stats")
    async def my_dice(request: Request) -> Response:
        user = await require(request)
        stats = await to_thread.run_sync(games.dice_stats, user.user_id)
        return JSONResponse({"user": user.display_name, **stats})

    @app.get("/api/users/{name}/dice-stats")
    async def user_dice(name: str) -> Response:
        account = await to_thread.run_sync(accounts.user_by_name, name)
        if account is None:
            raise ApiError(404, "not-found", f"no player {name!r}")
        stats = await to_thread.run_sync(games.dice_stats, account.id)
        return JSONResponse({"user": account.display_name, **stats})

    # -- games ---------------------------------------------------------------------
    @app.post("/api/games")
    async def new_game(request: Request) -> Response:
        user = await require(request)
        live = await games.create(user.user_id, await body(request))
        return JSONResponse(state_for(live, user.user_id, base_url(request)), status_code=201)

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> Response:
        user = await who(request)
        live = await games.get(game_id)
        uid = user.user_id if user else None
        async with live.lock:
            return JSONResponse(state_for(live, uid, base_url(request)))

    @app.post("/api/games/{game_id}/actions")
    async def action(game_id: str, request: Request) -> Response:
        user = await require(request)
        live = await games.get(game_id)
        data = await body(request)
        role = live.meta.role_of(user.user_id)
        events = await games.act(live, role, data)
        async with live.lock:
            state = state_for(live, user.user_id, base_url(request))
        return JSONResponse({"events": events, "state": state})

    @app.post("/api/join/{token}")
    async def join(token: str, request: Request) -> Response:
        user = await require(request)
        live, _ = await games.join(token, user.user_id, user.display_name)
        async with live.lock:
            return JSONResponse(state_for(live, user.user_id, base_url(request)))

    @app.get("/api/games/{game_id}/events")
    async def events(game_id: str, after: int = 0) -> Response:
        await games.get(game_id)
        return JSONResponse({"events": await games.events_after(game_id, after)})

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, format: str = "jsonl") -> Response:
        live = await games.get(game_id)
        try:
            async with live.lock:
                out = export(live, format)
        except ExportError as exc:
            raise ApiError(400, "bad-format", str(exc)) from None
        return Response(
            out.text,
            media_type=out.media_type,
            headers={"content-disposition": f'attachment; filename="{out.filename}"'},
        )

    @app.get("/api/games/{game_id}/hint")
    async def hint(game_id: str, request: Request) -> Response:
        user = await require(request)
        live = await games.get(game_id)
        return JSONResponse(await games.hint(live, live.meta.role_of(user.user_id)))

    @app.get("/api/games/{game_id}/analysis")
    async def analysis(game_id: str, plies: int = 0) -> Response:
        live = await games.get(game_id)
        async with live.lock:
            records = finished_records(live)
        return JSONResponse(await to_thread.run_sync(review, game_id, records, plies))

    @app.get("/api/games/{game_id}/verify")
    async def verify(game_id: str) -> Response:
        live = await games.get(game_id)
        async with live.lock:
            info = live.dice_public()
            recs = live.all_records()
        if "server_seed" not in info:
            return JSONResponse({"revealed": False, "commitment": info["commitment"]})
        checks = check_rolls(bytes.fromhex(info["server_seed"]), info["client_seed"], recs)
        return JSONResponse(
            {
                "revealed": True,
                **info,
                "rolls": [
                    {
                        "index": c.index,
                        "kind": c.kind,
                        "recorded": list(c.recorded),
                        "derived": list(c.derived),
                        "ok": c.ok,
                    }
                    for c in checks
                ],
                "all_ok": all(c.ok for c in checks),
            }
        )

    # -- live updates --------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def game_socket(ws: WebSocket, game_id: str) -> None:
        origin = ws.headers.get("origin")
        if origin and urlsplit(origin).netloc != ws.headers.get("host"):
            await ws.close(code=4403, reason="cross-site websocket refused")
            return
        user = await who(ws)
        uid = user.user_id if user else None
        try:
            live = await games.get(game_id)
        except ApiError as exc:
            await ws.close(code=4404, reason=exc.message)
            return
        await ws.accept()
        sub = Subscriber(ws, uid, base_url(ws))
        try:
            while True:
                msg = await ws.receive_json()
                if not isinstance(msg, dict):
                    await ws.send_json(
                        {"type": "error", "code": "malformed", "error": "messages are JSON objects"}
                    )
                    continue
                kind = msg.get("type")
                if kind == "hello":
                    last = msg.get("last_seq", 0)
                    if isinstance(last, bool) or not isinstance(last, int) or last < 0:
                        last = 0
                    async with live.lock:
                        missed = await games.events_after(game_id, last)
                        await ws.send_json(
                            {
                                "type": "update",
                                "events": missed,
                                "state": state_for(live, uid, sub.base_url),
                            }
                        )
                        live.sockets.add(sub)
                elif kind == "action":
                    if user is None:
                        await ws.send_json(
                            {
                                "type": "error",
                                "id": msg.get("id"),
                                "code": "no-session",
                                "error": "no session",
                            }
                        )
                        continue
                    try:
                        evs = await games.act(live, live.meta.role_of(uid), msg.get("action"))
                        await ws.send_json(
                            {
                                "type": "ack",
                                "id": msg.get("id"),
                                "seq": evs[-1]["seq"] if evs else live.seq,
                            }
                        )
                    except ApiError as exc:
                        await ws.send_json(
                            {
                                "type": "error",
                                "id": msg.get("id"),
                                "code": exc.code,
                                "error": exc.message,
                            }
                        )
                else:
                    await ws.send_json(
                        {
                            "type": "error",
                            "code": "malformed",
                            "error": f"unknown message type {kind!r}",
                        }
                    )
        except (WebSocketDisconnect, RuntimeError):
            pass
        except ValueError:
            with contextlib.suppress(Exception):
                await ws.close(code=4400, reason="messages are JSON")
        finally:
            live.sockets.discard(sub)
            # a reloaded game object may hold this socket too
            current = games.live.get(game_id)
            if current is not None:
                current.sockets.discard(sub)

    # -- rules examples (engine-backed positions of the rules page) -----------------
    @app.get("/api/rules/examples")
    async def rules_examples() -> Response:
        return JSONResponse(example_list())

    @app.get("/api/rules/examples/{example_id}")
    async def rules_example(example_id: str, moves: str = "") -> Response:
        try:
            return JSONResponse(example_state(example_id, moves))
        except UnknownExampleError as e:
            raise ApiError(404, "unknown-example", str(e)) from None
        except MalformedError as e:
            raise ApiError(400, "malformed", str(e)) from None
        except NardyError as e:
            raise ApiError(400, "illegal-move", str(e)) from None

    # -- pages ---------------------------------------------------------------------
    index = STATIC / "index.html"
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/{path:path}", include_in_schema=False)
    async def page(path: str) -> Response:
        full = "/" + path
        if full in PAGES or full.startswith(PAGE_PREFIXES):
            return FileResponse(index, media_type="text/html; charset=utf-8")
        return JSONResponse({"error": "not found", "code": "not-found"}, status_code=404)

    return app
