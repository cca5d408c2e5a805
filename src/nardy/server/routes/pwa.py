"""The installable app: its manifest (``/manifest.webmanifest``) and its service worker
(``/sw.js``, at the root so that its scope is the whole site).

The worker's script is ``static/sw.js`` with its ``BUILD`` filled in: the files of the
app shell, the offline page's texts, and a version that is a hash of all of these. A
deploy that changes any static file changes the script, so browsers install it again
and drop the old cache. The hash is taken once per process (a deploy restarts it)."""

from __future__ import annotations

import functools
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from nardy.i18n import LANGS, t
from nardy.server.messages import request_lang
from nardy.server.routes.pages import STATIC

router = APIRouter(include_in_schema=False)

#: Where sw.js keeps the value the server fills in: ``/*BUILD*/ {...} /*END*/``.
BUILD_SLOT = re.compile(r"/\*BUILD\*/.*?/\*END\*/", re.DOTALL)
#: Static files that are not part of the shell as they are: the page (it is "/"), the
#: worker itself, and the manifest (served in the request's language at the root, and
#: read by the browser, not the page).
NOT_SHELL = ("index.html", "sw.js", "manifest.webmanifest")
#: Fetched again by the browser whenever it checks for a new worker or manifest.
NO_CACHE = {"cache-control": "no-cache"}


def static_files(static: Path) -> list[Path]:
    """The files under ``static`` (no hidden ones), in a fixed order."""
    return sorted(
        p
        for p in static.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(static).parts)
    )


def build(static: Path) -> dict[str, Any]:
    """What the worker needs to know: the shell's URLs, the offline page's texts (both
    languages), and the version: a hash of every static file and of the rest."""
    files = static_files(static)
    shell = ["/"] + [
        "/static/" + p.relative_to(static).as_posix()
        for p in files
        if p.relative_to(static).as_posix() not in NOT_SHELL
    ]
    offline = [
        {
            "lang": lang,
            "title": t("pwa.offline-title", lang),
            "text": t("pwa.offline-text", lang),
            "retry": t("pwa.offline-retry", lang),
        }
        for lang in sorted(LANGS, key=lambda lang: lang != "ru")  # Russian first
    ]
    digest = hashlib.sha256()
    for p in files:
        digest.update(p.relative_to(static).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
    digest.update(json.dumps([shell, offline], ensure_ascii=False).encode())
    return {"version": digest.hexdigest()[:16], "shell": shell, "offline": offline}


def worker_script(static: Path) -> str:
    """``static/sw.js`` with its ``BUILD`` filled in."""
    template = (static / "sw.js").read_text(encoding="utf-8")
    if len(BUILD_SLOT.findall(template)) != 1:
        raise ValueError("sw.js must hold exactly one /*BUILD*/ ... /*END*/ slot")
    value = json.dumps(build(static), ensure_ascii=False)
    return BUILD_SLOT.sub(lambda _: f"/*BUILD*/ {value} /*END*/", template)


@functools.cache
def _served_worker() -> str:
    return worker_script(STATIC)


def manifest(static: Path, lang: str) -> dict[str, Any]:
    """``static/manifest.webmanifest`` with its name and description in ``lang``."""
    data: dict[str, Any] = json.loads((static / "manifest.webmanifest").read_text("utf-8"))
    name = t("pwa.name", lang)
    data.update(name=name, short_name=name, description=t("pwa.description", lang), lang=lang)
    return data


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker, for the whole site."""
    headers = {**NO_CACHE, "service-worker-allowed": "/"}
    return Response(_served_worker(), media_type="text/javascript", headers=headers)


@router.get("/manifest.webmanifest")
async def web_manifest(request: Request) -> Response:
    """The web app manifest in the request's language."""
    body = json.dumps(manifest(STATIC, request_lang(request.headers)), ensure_ascii=False)
    return Response(body, media_type="application/manifest+json", headers=NO_CACHE)
