"""Helpers shared by the compiled-generator tests (C against the Python reference)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from nardy.movegen import reference
from nardy.variants import Variant, find_variant


def config_id(config: tuple[str, dict]) -> str:
    """A test id for a (variant name, options) pair."""
    name, opts = config
    return "-".join([name, *(str(v) for v in opts.values())])


def make_variant(name: str, opts: dict) -> Variant:
    """The registered variant with rule options applied."""
    return find_variant(name).with_options(**opts)


@contextmanager
def python_path() -> Iterator[None]:
    """The pure-Python generator answers inside the block (``NARDY_PURE_PYTHON=1``)."""
    saved = os.environ.get("NARDY_PURE_PYTHON")
    os.environ["NARDY_PURE_PYTHON"] = "1"
    try:
        yield
    finally:
        if saved is None:
            del os.environ["NARDY_PURE_PYTHON"]
        else:
            os.environ["NARDY_PURE_PYTHON"] = saved


def count_python_searches(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Spy on the pure-Python search: the returned list grows by one entry (its
    arguments) each time a real ``nardy.movegen.reference.Search`` is made."""
    runs: list[tuple] = []

    class CountingSearch(reference.Search):  # the real Python search, counted
        def __init__(self, *args, **kwargs) -> None:
            runs.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(reference, "Search", CountingSearch)
    return runs
