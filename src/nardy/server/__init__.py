"""The nardy web server (the top layer, beside the terminal and the engine):
``create_app(Settings(...))``. Needs the ``server`` extra (FastAPI, SQLAlchemy)."""

from __future__ import annotations

from nardy.server.app import create_app
from nardy.server.settings import Settings

__all__ = ["Settings", "create_app"]
