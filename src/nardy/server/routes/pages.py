"""The single-page client: its pages all serve ``index.html``; anything else is 404 (a
browser's page request gets the page, which says "not found"; the rest JSON).

The page's first byte is already in the reader's language: ``index.html`` is the
Russian template, and each request gets it with ``<html lang>``, the ``<title>`` and
every ``data-t`` element's text filled from the catalogue (``nardy.i18n``) in the
request's language (``request_lang``: the ``lang`` cookie the client keeps, else
``Accept-Language``). Without this a browser in English showed Russian until the
scripts ran, and a screen reader or a search engine read the wrong language.
"""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from nardy.i18n import t
from nardy.server.api_error import ApiError
from nardy.server.messages import request_lang
from nardy.server.tournament_rows import summary
from nardy.server.tournaments import Tournaments
from nardy.variants import VARIANTS

STATIC = Path(__file__).parent.parent / "static"
INDEX = STATIC / "index.html"
PAGES = (
    "/",
    "/login",
    "/register",
    "/profile",
    "/rules",
    "/tutorial",
    "/new",
    "/analysis",
    "/leaders",
    "/moderation",
    "/tournaments",
    "/settings",
)
PAGE_PREFIXES = (
    "/game/",
    "/join/",
    "/verify/",
    "/stats/",
    "/replay/",
    "/players/",
    "/tournaments/",
)

# An element whose text is a catalogue text: <tag ... data-t="key" ...>text</tag>, the
# text holding no markup (the template's data-t elements are all plain).
_DATA_T = re.compile(r'(<(\w+)\b[^>]*\bdata-t="([A-Za-z]+)"[^>]*>)[^<]*(</\2>)')
_HTML_LANG = re.compile(r'<html lang="[^"]*">')
_TITLE = re.compile(r"<title>[^<]*</title>")
_APP_TITLE = re.compile(r'(<meta name="apple-mobile-web-app-title" content=")[^"]*(">)')
_TOURNAMENT = re.compile(r"/tournaments/(\d{1,12})")

router = APIRouter(include_in_schema=False)


def web_key(key: str) -> str:
    """The catalogue's key of a ``data-t`` name, as ``static/i18n.js`` reads it:
    ``heroTitle`` is ``web.hero-title``."""
    return "web." + re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), key)


def render_index(template: str, lang: str) -> str:
    """``template`` (index.html) in ``lang``: its ``lang`` attribute, title and ``data-t``
    texts. A ``data-t`` name missing from the catalogue raises ``CatalogError``."""
    out = _HTML_LANG.sub(f'<html lang="{lang}">', template, count=1)
    out = _TITLE.sub(f"<title>{t('web.title', lang)} — nardy</title>", out, count=1)
    # (a phone's home screen names the club in the page's language too)
    out = _APP_TITLE.sub(lambda m: f"{m.group(1)}{t('web.title', lang)}{m.group(2)}", out, count=1)

    def fill(m: re.Match[str]) -> str:
        text = escape(t(web_key(m.group(3)), lang), quote=False)
        return f"{m.group(1)}{text}{m.group(4)}"

    return _DATA_T.sub(fill, out)


def index_html(lang: str, template: Path | None = None) -> str:
    """The page in ``lang`` from ``template`` (the package's ``index.html``), rendered
    once per language and version of the file: the scripts are served as they are on
    disk, so a page cached past a change of them asked for names they no longer had
    (a stat a request is cheap)."""
    path = template or INDEX
    return _rendered(path, path.stat().st_mtime_ns, lang)


@lru_cache(maxsize=16)  # (a few versions of the file in both languages)
def _rendered(path: Path, _mtime_ns: int, lang: str) -> str:
    """``path`` rendered in ``lang``; the file's mtime is part of the key."""
    return render_index(path.read_text(encoding="utf-8"), lang)


@router.api_route("/{path:path}", methods=["GET", "HEAD"])
async def page(path: str, request: Request) -> Response:
    """``index.html`` in the request's language for the client's pages (it routes them
    itself); ``HEAD`` too, as uptime monitors ask for ``/``."""
    full = "/" + path
    lang = request_lang(request.headers)
    # the answer depends on these: a cache must not give one reader's language to another
    headers = {"Vary": "Accept, Accept-Language, Cookie", "Content-Language": lang}
    if full in PAGES or full.startswith(PAGE_PREFIXES):
        html = index_html(lang)
        found = _TOURNAMENT.fullmatch(full)
        if found:
            html = await _tournament_head(request, int(found.group(1)), html, lang)
        return HTMLResponse(html, headers=headers)
    if _browsing(full, request):
        # a mistyped address in a browser: the club's own "page not found" (the client
        # draws it for any path it does not route), not a bare JSON error
        return HTMLResponse(index_html(lang), status_code=404, headers=headers)
    answer = ApiError(404, "not-found").answer(lang)
    return JSONResponse(answer, status_code=404)


async def _tournament_head(request: Request, tid: int, html: str, lang: str) -> str:
    """``html`` with a tournament's name as its title and its Open Graph and description
    meta: a link pasted into a messenger or a chat shows the event and where it stands
    (scripts do not run there, so the client's own title comes too late). The page of
    no tournament is left as it is (the client says so)."""
    tournaments: Tournaments = request.app.state.tournaments
    try:
        loaded = await to_thread.run_sync(tournaments.load, tid)
    except ApiError:
        return html
    x = summary(loaded)
    name = escape(x["name"])
    head = f"{name} — {escape(t('web.title', lang))}"
    described = escape(tournament_description(x, lang))
    meta = (
        f'<meta name="description" content="{described}">\n'
        f'<meta property="og:type" content="website">\n'
        f'<meta property="og:site_name" content="{escape(t("web.tournament-meta-site", lang))}">\n'
        f'<meta property="og:title" content="{name}">\n'
        f'<meta property="og:description" content="{described}">\n'
        f'<meta property="og:locale" content="{"ru_RU" if lang == "ru" else "en_GB"}">\n'
        '<meta name="twitter:card" content="summary">\n'
    )
    html = _TITLE.sub(lambda _: f"<title>{head}</title>", html, count=1)
    return html.replace("</head>", meta + "</head>", 1)


def tournament_description(x: dict[str, Any], lang: str) -> str:
    """A tournament's terms and state in a line, in ``lang``, as its page says them:
    "Knock-out · Long nardy · registration open · 3 of 8 players", the winner once
    decided."""
    variant = VARIANTS.get(x["variant"])
    status = "cancelled" if x["cancelled"] else x["status"]
    parts = [
        t(f"web.tournament-formats.{x['format']}", lang),
        (variant.title_ru if lang == "ru" else variant.title_en) if variant else x["variant"],
        t(f"web.tournament-status.{status}", lang),
        t("web.tournament-count", lang, n=x["players"], size=x["size"]),
    ]
    winner = x["winner"]
    if winner is not None:
        named = winner["name"] or t(
            "web.tournament-computer",
            lang,
            n=winner["number"],
            level=t(f"level.{winner['level']}", lang),
        )
        parts.append(t("web.tournament-winner", lang, name=named))
    return " · ".join(parts)


def _browsing(path: str, request: Request) -> bool:
    """A person's browser asking for a page (it accepts HTML), not a program asking the
    API, a socket or a static file (those keep their JSON error)."""
    if path.startswith(("/api/", "/ws/", "/static/")):
        return False
    return "text/html" in request.headers.get("accept", "")
