"""Server settings: one object handed to ``create_app`` (no module globals)."""

from __future__ import annotations

import dataclasses
import ipaddress
import json
import os
from dataclasses import dataclass, field

#: The environment variable through which ``nardy serve --workers N`` hands its
#: settings (JSON) to the worker processes (``nardy.server.app.app_from_env``).
SETTINGS_ENV = "NARDY_SERVE_SETTINGS"


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
    #: A guest idle this long loses his session (and his cookies expire with it).
    guest_idle_days: int = 30
    #: New guests per client address (``limits`` notation).
    guest_rate: str = "30 per hour"
    #: Failed logins per account and per client address.
    login_rate_account: str = "10 per 15 minutes"
    login_rate_ip: str = "100 per 15 minutes"
    #: Where the rate limits keep their counts (a ``limits`` storage URI): this
    #: process's memory, or e.g. ``redis://host:6379`` shared by several processes.
    rate_limit_storage: str = "memory://"
    #: Redis for what several server processes must share live (``--redis``,
    #: ``NARDY_REDIS_URL``); None: one process, everything in its memory.
    redis_url: str | None = None
    #: Proxies in front (addresses or networks: ``--trusted-proxy``,
    #: ``NARDY_TRUSTED_PROXIES``) whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    #: name the client and the scheme; from any other peer these headers are ignored.
    trusted_proxies: list[str] = field(default_factory=list)
    #: A token that opens ``/metrics`` from any address (``Authorization: Bearer``);
    #: without it only loopback and the trusted proxies' own addresses are answered.
    metrics_token: str | None = None
    #: Open websockets per client address and per game.
    max_sockets_per_ip: int = 20
    max_sockets_per_game: int = 100
    #: Quick pairing: seconds without a partner before the computer is offered
    #: (``NARDY_PAIR_TIMEOUT``).
    pair_timeout: float = field(
        default_factory=lambda: float(os.environ.get("NARDY_PAIR_TIMEOUT", "20"))
    )
    #: Seconds a player who left a game between people, and is to act, is waited for
    #: before his opponent may claim it (``nardy.server.abandon``; ``NARDY_CLAIM_AFTER``).
    claim_after: float = field(
        default_factory=lambda: float(os.environ.get("NARDY_CLAIM_AFTER", "120"))
    )
    #: Seeks (challenges and quick pairing) per player (``limits`` notation).
    seek_rate: str = "30 per minute"
    #: TEST ONLY (fault injection): the process kills itself (SIGKILL) right after
    #: storing this many changes of games, before answering the last one.
    crash_after_commit: int | None = None
    #: TEST ONLY: the server's clock runs this many seconds ahead (club clocks: a
    #: restarted server finds a stored deadline passed without the test waiting).
    clock_offset: float | None = None

    def __post_init__(self) -> None:
        for proxy in self.trusted_proxies:
            ipaddress.ip_network(proxy, strict=False)  # ValueError: not an address

    @property
    def test_mode(self) -> bool:
        """True when a test-only setting is active."""
        return (
            self.dice_seed is not None
            or self.crash_after_commit is not None
            or self.clock_offset is not None
        )

    def to_json(self) -> str:
        """These settings as JSON (every field is a plain value), for ``from_json``."""
        return json.dumps(dataclasses.asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        """The settings ``to_json`` wrote."""
        return cls(**json.loads(text))
