"""Server settings: one object handed to ``create_app`` (no module globals)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def default_db_url() -> str:
    """SQLite file ``nardy.sqlite3`` in the current directory."""
    return "sqlite:///" + os.path.abspath("nardy.sqlite3")


@dataclass
class Settings:
    """What one server instance needs to know.

    ``dice_seed`` is a test-only setting: when set, every game's secret dice seed is
    derived from it (the dice become reproducible) and the UI shows a test-mode banner.
    """

    db_url: str = field(default_factory=default_db_url)
    #: Mark cookies ``Secure`` (set when served over HTTPS).
    secure_cookies: bool = False
    dice_seed: str | None = None
    #: Public base URL used in invite links (``None``: taken from each request).
    base_url: str | None = None
    #: Upper bound of automatic passes/computer turns handled in one action.
    max_auto_turns: int = 400
    #: TEST ONLY (fault injection): the process kills itself (SIGKILL) right after
    #: storing this many changes of games, before answering the last one.
    crash_after_commit: int | None = None

    @property
    def test_mode(self) -> bool:
        """True when a test-only setting is active."""
        return self.dice_seed is not None or self.crash_after_commit is not None
