"""The HTTP boundary: request bodies are bounded and checked before any route reads
them, and every response carries the security headers.

One place decides what a body may be, so that no route can be handed 100 MB, a form,
or JSON nested deeply enough to exhaust the parser's recursion (all of which used to
reach the routes and end as 500s):

- at most ``MAX_BODY`` bytes (413), announced or streamed;
- ``application/json`` only (415; the web client sends nothing else);
- nested at most ``MAX_DEPTH`` deep (400).

Websocket messages get the same depth check in the socket route, with their own size
cap ``MAX_WS_MESSAGE``."""

from __future__ import annotations

import json
import re

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nardy.i18n import t
from nardy.server.messages import request_lang

#: Largest request body (bytes): the biggest real one, a game spec, is under 1 KiB.
MAX_BODY = 64 * 1024
#: Largest websocket message (bytes).
MAX_WS_MESSAGE = 16 * 1024
#: Deepest nesting of arrays and objects in a JSON body or message.
MAX_DEPTH = 32

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(rb"[\[\]{}]")

#: Scripts and styles from our own files only (no inline code), no framing.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "content-security-policy": CSP,
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}


def json_depth(raw: bytes) -> int:
    """How deeply arrays and objects nest in the JSON text ``raw`` (brackets inside
    strings do not count; the text need not be valid)."""
    depth = deepest = 0
    for m in _BRACKET.finditer(_STRING.sub(b"", raw)):
        if m.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def too_deep(raw: bytes) -> bool:
    """True when ``raw`` nests deeper than ``MAX_DEPTH``."""
    return json_depth(raw) > MAX_DEPTH


async def _refuse(
    send: Send, headers: Headers, status: int, code: str, what: str, **params: int
) -> None:
    """Answer ``error.<what>`` in the request's language, as ``ApiError`` would."""
    text = t(f"error.{what}", request_lang(headers), **params)
    answer = {"error": text, "code": code, "params": params}
    body = json.dumps(answer, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimitMiddleware:
    """Reads each request body (bounded), checks it, and hands it on unchanged."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        announced = headers.get("content-length")
        if announced is not None and (not announced.isdigit() or int(announced) > MAX_BODY):
            await _refuse(send, headers, 413, "too-large", "too-large", kib=MAX_BODY // 1024)
            return
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > MAX_BODY:
                await _refuse(send, headers, 413, "too-large", "too-large", kib=MAX_BODY // 1024)
                return
        if body:
            ctype = headers.get("content-type", "").split(";")[0].strip().lower()
            if ctype != "application/json":
                await _refuse(send, headers, 415, "not-json", "not-json")
                return
            if too_deep(bytes(body)):
                await _refuse(send, headers, 400, "malformed", "too-deep", depth=MAX_DEPTH)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class SecurityHeadersMiddleware:
    """Adds ``SECURITY_HEADERS`` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
