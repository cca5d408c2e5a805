"""JSON text as the club sends it over its sockets."""

from __future__ import annotations

import json
from typing import Any


def encode(message: Any) -> str:
    """A message as compact JSON (what Starlette's ``send_json`` writes)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
