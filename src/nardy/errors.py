"""Exceptions raised by the nardy core: malformed input versus illegal actions."""

from __future__ import annotations


class NardyError(ValueError):
    """Base class of every error the core raises on bad input."""


class MalformedError(NardyError):
    """Text, an ID or a record could not be parsed at all."""


class InvalidPositionError(NardyError):
    """A position breaks the rules of the game (checker counts, shared points, ...)."""


class IllegalMoveError(NardyError):
    """A well-formed play or action that the rules do not allow here."""


class AmbiguousMoveError(IllegalMoveError):
    """A play text that matches more than one legal play."""


class UnknownVariantError(NardyError):
    """No variant is registered under the given name."""
