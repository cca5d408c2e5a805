"""The nardy web server (DESIGN.md layer 4): ``create_app(Settings(...))``.

The names are loaded on first use so that importing a submodule (the dice checker of
``nardy verify-dice``) does not load the whole web stack."""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from nardy.server.app import create_app

        return create_app
    if name == "Settings":
        from nardy.server.settings import Settings

        return Settings
    raise AttributeError(name)
