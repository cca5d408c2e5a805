"""The page's first byte is in the reader's language: the server fills index.html's
``lang``, title and ``data-t`` texts from the catalogue before any script runs."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from nardy.i18n import t
from nardy.server.routes.pages import INDEX, render_index, web_key

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]

DATA_T = re.compile(r'data-t="([A-Za-z]+)"[^>]*>([^<]*)<')


def texts(html: str) -> dict[str, str]:
    """``data-t`` name -> the element's text, as served."""
    return dict(DATA_T.findall(html))


async def get(app: Any, path: str, **headers: str) -> httpx.Response:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as client:
        return await client.get(path, headers=headers)


async def test_english_for_an_english_browser_and_russian_for_a_russian_one(app: Any) -> None:
    en = await get(app, "/", **{"accept-language": "en-US,en;q=0.9,ru;q=0.5"})
    assert en.status_code == 200 and en.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in en.text and "<title>Nardy — nardy</title>" in en.text
    served = texts(en.text)
    assert served["play"] == "Play" and served["rules"] == "Rules"
    assert served["lang"] == "Русский"  # the switch names the other language
    assert served["themeDark"] == "Dark, high contrast"
    # before the script draws the page: a word, not a blank (and without a script, why)
    assert served["pageLoading"] == "Loading the club…"
    assert served["needsScript"].startswith("The nardy club runs in the page's JavaScript")
    assert "Accept-Language" in en.headers["vary"] and "Cookie" in en.headers["vary"]
    assert en.headers["content-language"] == "en"

    ru = await get(app, "/game/abc", **{"accept-language": "ru-RU,ru;q=0.9"})
    assert '<html lang="ru">' in ru.text and "<title>Нарды — nardy</title>" in ru.text
    assert texts(ru.text)["play"] == "Играть" and texts(ru.text)["lang"] == "English"
    assert ru.headers["content-language"] == "ru"


async def test_the_lang_cookie_wins_over_accept_language(app: Any) -> None:
    # the client keeps the language the player chose in this cookie (i18n.js)
    en = await get(app, "/rules", **{"accept-language": "ru-RU", "cookie": "lang=en"})
    assert '<html lang="en">' in en.text and texts(en.text)["tutorial"] == "Tutorial"
    ru = await get(app, "/profile", **{"accept-language": "en-US", "cookie": "x=1; lang=ru"})
    assert '<html lang="ru">' in ru.text and texts(ru.text)["tutorial"] == "Обучение"


async def test_every_text_of_the_template_is_filled_in_both_languages() -> None:
    template = INDEX.read_text(encoding="utf-8")
    names = texts(template)
    assert len(names) >= 10
    for lang in ("en", "ru"):
        served = texts(render_index(template, lang))
        assert served == {name: t(web_key(name), lang) for name in names}
    # nothing but texts changes (the home-screen title's too): the markup is the template's
    english = DATA_T.sub("", render_index(template, "en"))
    assert english.replace('lang="en"', 'lang="ru"').replace(
        "Nardy — nardy", "Нарды — nardy"
    ).replace('app-title" content="Nardy"', 'app-title" content="Нарды"') == DATA_T.sub(
        "", template
    )


async def test_an_unknown_path_is_still_a_404_in_the_readers_language(app: Any) -> None:
    r = await get(app, "/no-such-page", **{"accept-language": "ru"})
    assert r.status_code == 404 and r.json()["error"] == "не найдено"
