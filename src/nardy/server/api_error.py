"""The error a server route or service answers the client with (``ApiError``): an
HTTP status, a stable code the client can act on, and a message chosen from the
language catalogue at the edge, in the request's language."""

from __future__ import annotations

from typing import Any

from nardy.errors import DETAIL, NardyError, message_key
from nardy.i18n import t
from nardy.server import messages as _messages  # noqa: F401  (registers the server's texts)


class ApiError(Exception):
    """An error answered to the client: HTTP ``status``, a stable ``code`` the client can
    act on, and the message: ``error.<what>`` of the catalogue with ``params`` (``what``
    defaults to the code), or the message of a core error (``what`` a ``NardyError``),
    said in the request's language at the edge (``answer``)."""

    def __init__(
        self, status: int, code: str, what: str | NardyError | None = None, /, **params: Any
    ) -> None:
        self.status = status
        self.code = code
        self.reason: str | None = None
        if isinstance(what, NardyError):
            self.key, self.params = what.key, what.params
            if what.key != DETAIL:
                self.reason = what.code
        else:
            self.key, self.params = message_key(what or code, params)
        self.message = t(self.key, "en", **self.params)  # for logs and close reasons
        super().__init__(self.message)

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return t(self.key, lang, **self.params)

    def answer(self, lang: str) -> dict[str, Any]:
        """The JSON body of the error in ``lang``: ``error`` (the text), ``code``,
        ``params`` (the values in the text) and, for a core error, its ``reason`` code."""
        out: dict[str, Any] = {
            "error": self.text(lang),
            "code": self.code,
            "params": {k: _jsonable(v) for k, v in self.params.items()},
        }
        if self.reason is not None:
            out["reason"] = self.reason
        return out


def _jsonable(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool)) or value is None else str(value)
