"""``nardy serve``: the web club — play the computer or a friend in the browser."""

from __future__ import annotations

import os
import tempfile
from typing import Any

import click


def _rate(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        from limits import parse

        try:
            parse(value)
        except ValueError:
            raise click.BadParameter(f"{value!r} is not a rate such as '30 per hour'") from None
    return value


def _redis(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not value.startswith(("redis://", "rediss://", "unix://")):
        raise click.BadParameter(f"{value!r} is not a Redis URL such as redis://127.0.0.1:6379/0")
    return value


def _proxies(_ctx: click.Context, _param: click.Parameter, values: tuple[str, ...]) -> list[str]:
    """Each ``--trusted-proxy`` (or NARDY_TRUSTED_PROXIES, comma-separated): an address
    or network such as ``127.0.0.1``, ``10.0.0.0/8`` or ``::1``."""
    import ipaddress

    found = [p.strip() for value in values for p in value.split(",") if p.strip()]
    for proxy in found:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise click.BadParameter(
                f"{proxy!r} is not an address or network such as 127.0.0.1 or 10.0.0.0/8"
            ) from None
    return found


def _is_postgresql(db_url: str) -> bool:
    """Whether ``db_url`` names a PostgreSQL database (whatever its driver)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(db_url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--db",
    "db_url",
    envvar="NARDY_DB",
    default=None,
    help="Database URL (NARDY_DB, which keeps a password out of the command line; "
    "default: SQLite file nardy.sqlite3 in the current directory; or "
    "postgresql://user:pass@host/db).",
)
@click.option(
    "--secure-cookies/--no-secure-cookies",
    default=False,
    help="Mark cookies Secure (behind HTTPS).",
)
@click.option("--base-url", default=None, help="Public URL used in invitation links.")
@click.option(
    "--guest-rate",
    envvar="NARDY_GUEST_RATE",
    default=None,
    callback=_rate,
    help="New guests allowed per client address (default '30 per hour'; e.g. a club "
    "behind one address, or a load test on loopback, raises it).",
)
@click.option(
    "--max-sockets-per-ip",
    envvar="NARDY_MAX_SOCKETS_PER_IP",
    type=click.IntRange(min=1),
    default=None,
    help="Open game websockets allowed per client address (default 20).",
)
@click.option(
    "--max-sockets-per-game",
    envvar="NARDY_MAX_SOCKETS_PER_GAME",
    type=click.IntRange(min=2),
    default=None,
    help="Open websockets allowed to one game, players and spectators (default 100).",
)
@click.option(
    "--redis",
    "redis_url",
    envvar="NARDY_REDIS_URL",
    default=None,
    callback=_redis,
    help="Redis URL (redis://host:6379/0) shared by several server processes: the "
    "rate limits, the lobby, the chat and live game updates go through it. Default: "
    "none, one process keeps everything in memory.",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="IP/CIDR",
    callback=_proxies,
    envvar="NARDY_TRUSTED_PROXIES",
    help="A proxy in front (address or network; repeatable; NARDY_TRUSTED_PROXIES with "
    "commas) whose X-Forwarded-For and X-Forwarded-Proto are believed: the client's "
    "address for the per-address limits, and https for Secure cookies. Default: none.",
)
@click.option(
    "--metrics-token",
    envvar="NARDY_METRICS_TOKEN",
    default=None,
    help="Bearer token that opens /metrics from any address (default: /metrics answers "
    "loopback and the trusted proxies only).",
)
@click.option(
    "--workers",
    envvar="NARDY_WORKERS",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Server processes sharing the port (more than 1 needs PostgreSQL and --redis).",
)
@click.option(
    "--log-level",
    type=click.Choice(["debug", "info", "warning", "error"], case_sensitive=False),
    default="info",
    show_default=True,
    help="Log records at this level and above (with request and game ids) to stderr: "
    "info logs each request answered with an error or slower than 1 s, debug every "
    "request.",
)
@click.option(
    "--test-dice-seed",
    default=None,
    hidden=True,
    help="TEST ONLY: reproducible dice from this seed.",
)
@click.option(
    "--test-crash-after-commit",
    envvar="NARDY_TEST_CRASH_AFTER_COMMIT",
    type=int,
    default=None,
    hidden=True,
    help="TEST ONLY: SIGKILL the server right after storing this many game changes.",
)
@click.option(
    "--test-clock-offset",
    envvar="NARDY_TEST_CLOCK_OFFSET",
    type=float,
    default=None,
    hidden=True,
    help="TEST ONLY: run the server's clock this many seconds ahead.",
)
@click.option(
    "--ws-deflate/--no-ws-deflate",
    default=False,
    show_default=True,
    help="Compress websocket messages (permessage-deflate): less traffic, more CPU.",
)
def command(
    host: str,
    port: int,
    db_url: str | None,
    secure_cookies: bool,
    base_url: str | None,
    guest_rate: str | None,
    max_sockets_per_ip: int | None,
    max_sockets_per_game: int | None,
    redis_url: str | None,
    trusted_proxies: list[str],
    metrics_token: str | None,
    workers: int,
    log_level: str,
    test_dice_seed: str | None,
    test_crash_after_commit: int | None,
    test_clock_offset: float | None,
    ws_deflate: bool,
) -> None:
    """Start the web server (http://127.0.0.1:8000). / Запустить веб-сервер."""
    try:
        import uvicorn

        from nardy.cli_messages import say
        from nardy.server import Settings, create_app
        from nardy.server.guards import MAX_WS_MESSAGE
        from nardy.server.logs import configure
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"the server needs the 'server' extra: pip install 'nardy[server]' ({exc})"
        ) from exc
    configure(log_level)
    settings = Settings(
        secure_cookies=secure_cookies,
        base_url=base_url,
        dice_seed=test_dice_seed,
        crash_after_commit=test_crash_after_commit,
        clock_offset=test_clock_offset,
        trusted_proxies=trusted_proxies,
        metrics_token=metrics_token or None,
    )
    if db_url:
        settings.db_url = db_url
    if guest_rate:
        settings.guest_rate = guest_rate
    if max_sockets_per_ip:
        settings.max_sockets_per_ip = max_sockets_per_ip
    if max_sockets_per_game:
        settings.max_sockets_per_game = max_sockets_per_game
    if redis_url:
        settings.redis_url = redis_url
        settings.rate_limit_storage = redis_url  # the ``limits`` storage URI is the URL
    if workers > 1 and not (_is_postgresql(settings.db_url) and settings.redis_url):
        raise click.UsageError(say("cli.workers-need-shared-state", n=workers))
    from sqlalchemy.exc import DBAPIError

    from nardy.server.db import make_engine, migrate, open_failure

    try:
        if workers == 1:
            app = create_app(settings)
        else:
            # several processes: the schema is migrated here once, before the workers
            app = None
            engine = make_engine(settings.db_url)
            try:
                migrate(engine)
            finally:
                engine.dispose()
    except DBAPIError as exc:  # a wrong password, no such database: one line, no traceback
        raise click.ClickException(open_failure(settings.db_url, exc)) from None
    click.echo(f"nardy: http://{host}:{port}/  (database: {settings.db_url.split('@')[-1]})")
    # uvicorn's own lines, but never its access log: the app logs the requests itself,
    # with their ids (nardy.server.logs.RequestLogMiddleware); its websocket cap
    # matches the app's, so an oversized message is refused before it is buffered whole;
    # compression only when asked (bench/serve_load.py: ~290 KB of zlib state a socket);
    # forwarded headers are the app's to judge (--trusted-proxy), never uvicorn's
    # default trust of 127.0.0.1
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning" if log_level != "debug" else "debug",
        "access_log": False,
        "ws_max_size": MAX_WS_MESSAGE,
        "ws_per_message_deflate": ws_deflate,
        "proxy_headers": False,
    }
    if app is not None:
        from nardy.server.heap import settle

        settle()  # the collector set for a long-running server (nardy.server.heap)
        uvicorn.run(app, **options)
        return
    # several processes: uvicorn starts each worker afresh and imports the app there,
    # so the settings travel as JSON in the environment (the schema is migrated above)
    from nardy.server.metrics import MULTIPROC_ENV
    from nardy.server.settings import SETTINGS_ENV

    os.environ[SETTINGS_ENV] = settings.to_json()
    os.environ["NARDY_LOG_LEVEL"] = log_level
    # the workers' metrics in files of a directory of this run's own, so that a scrape
    # answered by any worker sums them all (nardy.server.metrics)
    with tempfile.TemporaryDirectory(prefix="nardy-metrics-") as shared:
        os.environ[MULTIPROC_ENV] = shared
        uvicorn.run("nardy.server.app:app_from_env", factory=True, workers=workers, **options)
