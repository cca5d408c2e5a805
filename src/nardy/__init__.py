"""nardy: long and short nardy (backgammon) — rules, notation and game flow."""

from importlib.metadata import PackageNotFoundError, version

from nardy.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidPositionError,
    MalformedError,
    NardyError,
    UnknownVariantError,
)
from nardy.plays import LegalPlays, Move, Play, legal_plays, parse_moves
from nardy.position import BLACK, WHITE, Position
from nardy.variants import VARIANTS, Variant, find_variant

try:  # pyproject.toml's version, as installed
    __version__ = version("nardy")
except PackageNotFoundError:  # a source tree on sys.path, never installed
    __version__ = "0+unknown"

__all__ = [
    "AmbiguousMoveError",
    "BLACK",
    "IllegalMoveError",
    "InvalidPositionError",
    "LegalPlays",
    "MalformedError",
    "Move",
    "NardyError",
    "Play",
    "Position",
    "UnknownVariantError",
    "VARIANTS",
    "Variant",
    "WHITE",
    "find_variant",
    "legal_plays",
    "parse_moves",
]
