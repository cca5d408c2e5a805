"""Errors come in the interface language (issue 16.5): the same bad action is answered
in Russian for a Russian interface and in English otherwise, with a stable code and
the values of the text as ``params``."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def english_words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


async def as_lang(player: Any, how: str, lang: str) -> Any:
    if how == "header":
        player.http.headers["x-lang"] = lang
    elif how == "cookie":
        player.http.cookies.set("lang", lang)
    else:
        player.http.headers["accept-language"] = {"ru": "ru-RU,ru;q=0.9", "en": "en-GB"}[lang]
    return player


@pytest.mark.parametrize("how", ["header", "cookie", "accept-language"])
async def test_the_same_bad_actions_in_russian_and_in_english(
    player_factory: Any, how: str
) -> None:
    answers: dict[str, list[dict[str, Any]]] = {}
    for lang in ("ru", "en"):
        p = await as_lang(await player_factory(), how, lang)
        st = (await p.post("/api/games", {"mode": "computer", "variant": "short"})).json()
        gid = st["id"]
        got = []
        bad_actions = [
            {"action": "roll"},  # the dice are rolled already (the opening)
            {"action": "play", "play": "24/1"},
            {"action": "undo"},
            {"action": "accept"},
        ]
        for action in bad_actions:
            r = await p.post(f"/api/games/{gid}/actions", action)
            assert r.status_code in (400, 409), r.text
            got.append(r.json())
        r = await p.post("/api/login", {"username": "nobody", "password": "wrong-password"})
        assert r.status_code == 401
        got.append(r.json())
        r = await p.post("/api/register", {"username": "ok-name", "password": "short"})
        assert r.status_code == 400
        got.append(r.json())
        answers[lang] = got
    for ru, en in zip(answers["ru"], answers["en"], strict=True):
        assert ru["code"] == en["code"] and ru["params"] == en["params"]
        assert ru.get("reason") == en.get("reason")
        assert not CYRILLIC.search(en["error"]), en
        assert CYRILLIC.search(ru["error"]), ru
        shared = set().union(*(english_words(str(v)) for v in ru["params"].values()))
        assert english_words(ru["error"]) <= shared, ru  # only the values stay Latin
    codes = [(a["code"], a.get("reason")) for a in answers["en"]]
    assert codes == [
        ("illegal", "not-time-to-roll"),
        ("illegal", "play-illegal"),
        ("illegal", "nothing-to-undo"),
        ("illegal", "no-resignation-offered"),
        ("bad-login", None),
        ("bad-password", None),
    ]
    assert answers["ru"][4]["error"] == "неверное имя пользователя или пароль"
    assert answers["en"][5] == {
        "error": "a password has at least 8 characters",
        "code": "bad-password",
        "params": {"n": 8},
    }


async def test_an_unknown_game_and_a_bad_body_are_said_in_russian(player_factory: Any) -> None:
    p = await as_lang(await player_factory(), "header", "ru")
    r = await p.get("/api/games/nosuchgame")
    assert r.status_code == 404
    assert r.json()["error"] == "нет партии «nosuchgame»" and r.json()["code"] == "not-found"
    r = await p.post("/api/join/nosuchtoken")
    assert r.json()["error"] == "эта ссылка-приглашение недействительна"
    r = await p.http.post(
        "/api/games", content=b"x", headers={"x-csrf-token": p.csrf, "content-type": "text/plain"}
    )
    assert r.status_code == 415 and r.json()["code"] == "not-json"
    assert CYRILLIC.search(r.json()["error"])
