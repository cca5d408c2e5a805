"""The nardy web server (DESIGN.md layer 4): ``create_app(Settings(...))``."""

from nardy.server.app import create_app
from nardy.server.settings import Settings

__all__ = ["Settings", "create_app"]
