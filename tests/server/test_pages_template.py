"""The page's template read again when ``index.html`` changes: a running server gave
the old page (asking the new scripts for names they no longer had) until a restart."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from nardy.server.routes import pages


def test_a_changed_template_is_served_without_a_restart(
    app: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    copy = tmp_path / "index.html"
    copy.write_text(pages.INDEX.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(pages, "INDEX", copy)
    with TestClient(app) as client:
        first = client.get("/", headers={"Accept-Language": "ru"})
        assert first.status_code == 200 and "new-script-v2" not in first.text
        copy.write_text(copy.read_text().replace("</body>", "<!-- new-script-v2 --></body>"))
        later = os.stat(copy).st_mtime_ns + 1_000_000_000  # (a filesystem's coarse clock)
        os.utime(copy, ns=(later, later))
        assert "new-script-v2" in client.get("/", headers={"Accept-Language": "ru"}).text
        assert "new-script-v2" in client.get("/", headers={"Accept-Language": "en"}).text
