"""The single-page client: its pages all serve ``index.html``; anything else is 404."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from nardy.server.messages import request_lang
from nardy.server.service import ApiError

STATIC = Path(__file__).parent.parent / "static"
INDEX = STATIC / "index.html"
PAGES = ("/", "/login", "/register", "/profile", "/rules", "/tutorial", "/new", "/leaders")
PAGE_PREFIXES = ("/game/", "/join/", "/verify/", "/stats/", "/players/")

router = APIRouter(include_in_schema=False)


@router.get("/{path:path}")
async def page(path: str, request: Request) -> Response:
    """``index.html`` for the client's pages (it routes them itself)."""
    full = "/" + path
    if full in PAGES or full.startswith(PAGE_PREFIXES):
        return FileResponse(INDEX, media_type="text/html; charset=utf-8")
    answer = ApiError(404, "not-found").answer(request_lang(request.headers))
    return JSONResponse(answer, status_code=404)
