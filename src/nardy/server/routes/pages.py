"""The single-page client: its pages all serve ``index.html``; anything else is 404."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, JSONResponse, Response

STATIC = Path(__file__).parent.parent / "static"
INDEX = STATIC / "index.html"
PAGES = ("/", "/login", "/register", "/profile", "/rules", "/tutorial", "/new")
PAGE_PREFIXES = ("/game/", "/join/", "/verify/", "/stats/")

router = APIRouter(include_in_schema=False)


@router.get("/{path:path}")
async def page(path: str) -> Response:
    """``index.html`` for the client's pages (it routes them itself)."""
    full = "/" + path
    if full in PAGES or full.startswith(PAGE_PREFIXES):
        return FileResponse(INDEX, media_type="text/html; charset=utf-8")
    return JSONResponse({"error": "not found / не найдено", "code": "not-found"}, status_code=404)
