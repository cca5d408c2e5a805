"""The optional compiled evaluation helpers (``nardy._fastfeat``, built by setup.py when
a C compiler is present): network inputs and the settling of raw net outputs. The numpy
code in ``features`` and ``boards`` defines both and stays the reference."""

from __future__ import annotations

import logging
import os
from types import ModuleType

log = logging.getLogger(__name__)


def _load() -> ModuleType | None:
    try:
        from nardy import _fastfeat
    except ImportError as exc:  # pragma: no cover - depends on the build
        log.debug("compiled evaluation helpers not built (%s): numpy features", exc)
        return None
    return _fastfeat


ext = _load()


def available() -> bool:
    """Whether the compiled helpers are used: built, and the environment does not set
    ``NARDY_PURE_PYTHON=1`` (read on every call)."""
    return ext is not None and os.environ.get("NARDY_PURE_PYTHON") != "1"
