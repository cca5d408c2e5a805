"""Operations: ``GET /healthz`` for a load balancer or systemd watchdog, ``GET /metrics``
for Prometheus.

Neither makes a session or a cookie, and neither is rate-limited: the health check is a
``SELECT 1`` on the database (and a ``PING`` to Redis when one is configured), 200 when
every part answers, 503 naming the part that did not. The metrics are answered only to
loopback, to the trusted proxies' own addresses (a scraper on the proxy's machine), or to
a request carrying ``Authorization: Bearer <--metrics-token>``; a client reaching the
server through a trusted proxy has his own address, so the public is refused (403)."""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
from typing import Any

from anyio import to_thread
from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import text
from sqlalchemy.engine import Engine

from nardy.server.api_error import ApiError
from nardy.server.deps import client_address, get_settings
from nardy.server.metrics import CONTENT_TYPE, Metrics

log = logging.getLogger(__name__)

router = APIRouter()

#: Seconds Redis may take to connect and answer the health check's PING.
REDIS_TIMEOUT = 2.0


def _database_answers(engine: Engine) -> bool:
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return True
    except Exception as exc:  # any failure is the answer: the database is not usable
        log.warning("health check: the database does not answer: %s", exc)
        return False


def _redis_answers(url: str) -> bool:
    import redis

    client = redis.Redis.from_url(
        url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT
    )
    try:
        return bool(client.ping())
    except Exception as exc:  # as above: unreachable, refused, timed out
        log.warning("health check: Redis does not answer: %s", exc)
        return False
    finally:
        client.close()


@router.api_route("/healthz", methods=["GET", "HEAD"])
async def healthz(request: Request) -> JSONResponse:
    """``{"ok": true, "db": true}`` (and ``"redis"`` when configured); 503 when a part
    fails, with that part ``false``. Header ``X-Nardy-Pid``: the answering process.
    ``HEAD`` too: many monitors ask that way, and read only the status."""
    settings = get_settings(request)
    parts: dict[str, Any] = {
        "db": await to_thread.run_sync(_database_answers, request.app.state.engine)
    }
    if settings.redis_url:
        parts["redis"] = await to_thread.run_sync(_redis_answers, settings.redis_url)
    ok = all(parts.values())
    # which process answered: with ``nardy serve --workers N`` the balancer (or a test)
    # can tell the workers apart
    return JSONResponse(
        {"ok": ok, **parts},
        status_code=200 if ok else 503,
        headers={"X-Nardy-Pid": str(os.getpid())},
    )


def metrics_allowed(request: Request) -> bool:
    """Whether ``request`` may read the metrics (see the module's docstring)."""
    settings = get_settings(request)
    token = settings.metrics_token
    # the scheme's name is case-insensitive (RFC 9110): "bearer" is "Bearer"
    scheme, _, sent = request.headers.get("authorization", "").strip().partition(" ")
    if (
        token
        and scheme.lower() == "bearer"
        and hmac.compare_digest(sent.strip().encode(), token.encode())
    ):
        return True
    try:
        address = ipaddress.ip_address(client_address(request))
    except ValueError:  # no address (a unix socket, a test client): not loopback
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped  # ::ffff:127.0.0.1 from a dual-stack socket
    return address.is_loopback or any(
        address in ipaddress.ip_network(p, strict=False) for p in settings.trusted_proxies
    )


@router.get("/metrics")
async def metrics(request: Request) -> Response:
    """The Prometheus text exposition of this server's metrics (all its workers'
    together under ``--workers N``). Header ``X-Nardy-Pid``: the answering process."""
    if not metrics_allowed(request):
        raise ApiError(403, "forbidden", "metrics-forbidden")
    found: Metrics = request.app.state.metrics
    return Response(
        found.render(), media_type=CONTENT_TYPE, headers={"X-Nardy-Pid": str(os.getpid())}
    )
