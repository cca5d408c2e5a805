"""What monitors and scrapers send: ``HEAD`` to ``/healthz`` and ``/`` (many monitors ask
that way), and the bearer scheme in any case (RFC 9110: ``bearer`` is ``Bearer``)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from nardy.server import Settings, create_app

PUBLIC = ("203.0.113.7", 50000)  # a documentation address: somebody on the internet


def test_monitors_may_ask_with_head(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url)), client=PUBLIC) as c:
        for path in ("/healthz", "/"):
            r = c.head(path)
            assert r.status_code == 200, (path, r.status_code)
            assert r.content == b""


def test_the_metrics_token_scheme_is_case_insensitive(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, metrics_token="s3cret"))
    with TestClient(app, client=PUBLIC) as c:
        for scheme in ("Bearer", "bearer", "BEARER"):
            r = c.get("/metrics", headers={"authorization": f"{scheme} s3cret"})
            assert r.status_code == 200, scheme
        for wrong in ("Bearer s3cre", "Basic s3cret", "s3cret", "Bearer  "):
            assert c.get("/metrics", headers={"authorization": wrong}).status_code == 403
