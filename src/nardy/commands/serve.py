"""``nardy serve``: the web club — play the computer or a friend in the browser."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--db",
    "db_url",
    default=None,
    help="Database URL (default: SQLite file nardy.sqlite3 in the current "
    "directory; or postgresql://user:pass@host/db).",
)
@click.option(
    "--secure-cookies/--no-secure-cookies",
    default=False,
    help="Mark cookies Secure (behind HTTPS).",
)
@click.option("--base-url", default=None, help="Public URL used in invitation links.")
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
    test_dice_seed: str | None,
    test_crash_after_commit: int | None,
    ws_deflate: bool,
) -> None:
    """Start the web server (http://127.0.0.1:8000). / Запустить веб-сервер."""
    try:
        import uvicorn

        from nardy.server import Settings, create_app
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"the server needs the 'server' extra: pip install 'nardy[server]' ({exc})"
        ) from exc
    settings = Settings(
        secure_cookies=secure_cookies,
        base_url=base_url,
        dice_seed=test_dice_seed,
        crash_after_commit=test_crash_after_commit,
    )
    if db_url:
        settings.db_url = db_url
    app = create_app(settings)
    click.echo(f"nardy: http://{host}:{port}/  (database: {settings.db_url.split('@')[-1]})")
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_per_message_deflate=ws_deflate)
