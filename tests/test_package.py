"""The package's own metadata."""

from __future__ import annotations

from importlib.metadata import version

import nardy


def test_version_is_the_installed_distributions() -> None:
    assert nardy.__version__ == version("nardy")
