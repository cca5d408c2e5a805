"""Every page the client routes (app.js) is served as a page, 200 and not the "page
not found" of a mistyped address: the settings page's 404 was found by reloading it;
the log-in page with the page to return to (``?next=``) is the log-in page."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

pytestmark = [pytest.mark.anyio, pytest.mark.one_database]


@pytest.mark.parametrize("path", ["/settings", "/login?next=%2Fleaders", "/register?next=%2F"])
async def test_a_routed_page_is_served(app: Any, path: str) -> None:
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://testserver"
    ) as client:
        r = await client.get(path, headers={"accept": "text/html"})
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
