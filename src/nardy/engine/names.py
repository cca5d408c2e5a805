"""The engine protocol's command names, in the order ``docs/protocol.md`` gives them.

The dispatcher (``nardy.engine.protocol.COMMANDS``) is keyed by this tuple, and
``nardy engine --help`` and ``nardy --help`` list it; it lives apart from the
dispatcher because the help must not import the bots (and numpy) to list them.
"""

from __future__ import annotations

COMMAND_NAMES: tuple[str, ...] = (
    "legal",
    "id",
    "from-id",
    "best",
    "rank",
    "eval",
    "cube",
    "rollout",
    "stop",
)

#: ``nardy engine``'s one-line summary (``nardy --help`` shows it too).
SUMMARY = f"Answer JSON requests, one per line ({', '.join(COMMAND_NAMES)}); see docs/protocol.md."
