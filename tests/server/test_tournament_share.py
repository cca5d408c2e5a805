"""A tournament's page as a messenger or a search engine reads it (no scripts): the
first byte already has the event's name as its title, and its Open Graph and
description meta say the event and where it stands, in the reader's language; the
name is escaped; the home-screen title is in the page's language; the CSP is kept."""

from __future__ import annotations

from typing import Any

import httpx
from lobby_helpers import member_client

from nardy.server.guards import CSP


def test_a_tournament_page_is_titled_and_described_in_the_readers_language(server: Any) -> None:
    owner = member_client(server.url, "director")
    r = owner.post(
        "/api/tournaments",
        json={"name": 'Cup "A" <b>&', "format": "knockout", "size": 4, "variant": "short"},
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]["id"]
    with httpx.Client(base_url=server.url) as anyone:
        en = anyone.get(f"/tournaments/{tid}", headers={"Accept-Language": "en"})
        ru = anyone.get(f"/tournaments/{tid}", headers={"Accept-Language": "ru"})
        home = anyone.get("/", headers={"Accept-Language": "en"})
        missing = anyone.get("/tournaments/999999", headers={"Accept-Language": "en"})
    assert en.status_code == 200 and en.headers["content-security-policy"] == CSP
    name = "Cup &quot;A&quot; &lt;b&gt;&amp;"
    assert f"<title>{name} — Nardy</title>" in en.text
    assert f'<meta property="og:title" content="{name}">' in en.text
    described = "Knock-out · Short nardy (backgammon) · registration open · 0 of 4 players"
    assert f'<meta name="description" content="{described}">' in en.text
    assert f'<meta property="og:description" content="{described}">' in en.text
    assert '<meta name="apple-mobile-web-app-title" content="Nardy">' in en.text
    assert "<b>" not in en.text.split("</head>")[0]
    assert f"<title>{name} — Нарды</title>" in ru.text
    assert "На выбывание · " in ru.text and "идёт запись · 0 из 4 игроков" in ru.text
    assert '<meta name="apple-mobile-web-app-title" content="Нарды">' in ru.text
    assert '<meta property="og:site_name" content="Клуб нардов">' in ru.text
    # other pages keep the club's title, in the page's language on the home screen too
    assert '<meta name="apple-mobile-web-app-title" content="Nardy">' in home.text
    assert "og:title" not in home.text
    assert missing.status_code == 200 and "og:title" not in missing.text
    owner.close()


def test_a_finished_tournament_names_its_winner(server: Any) -> None:
    owner = member_client(server.url, "director")
    r = owner.post("/api/tournaments", json={"name": "Bots", "format": "knockout", "size": 2})
    tid = r.json()["tournament"]["id"]
    for _ in range(2):  # (two computer seats: full, started and decided by lot at once)
        assert owner.post(f"/api/tournaments/{tid}/computers", json={"level": "expert"}).is_success
    with httpx.Client(base_url=server.url) as anyone:
        en = anyone.get(f"/tournaments/{tid}", headers={"Accept-Language": "en"}).text
        ru = anyone.get(f"/tournaments/{tid}", headers={"Accept-Language": "ru"}).text
    assert "finished · 2 of 2 players · Winner: computer " in en and "(expert)" in en
    assert "завершён · 2 из 2 игроков · Победитель: компьютер " in ru and "(эксперт)" in ru
    owner.close()
