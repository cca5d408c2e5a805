"""``nardy admin``: the club's moderators, bans, forgotten passwords and public
tournaments, on the server's database.

A ban takes effect at once on a running server (it reads the ban on every club
action); a banned member keeps his account, his games and his ratings, and is taken
off the leaderboards."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import click

_DB_HELP = (
    "Database URL (default, as for nardy serve: SQLite file nardy.sqlite3 in the current"
    " directory; or postgresql://user:pass@host/db)."
)


def _db_option(f: Any) -> Any:
    return click.option("--db", "db_url", default=None, help=_DB_HELP)(f)


def _set(db_url: str | None, name: str, *, end_sessions: bool = False, **values: Any) -> str:
    """Set ``values`` on the member called ``name`` (and with ``end_sessions``, log him
    out everywhere); returns his display name. An unknown name is a clear error (exit
    status 1)."""
    try:
        from sqlalchemy import delete, select, update

        from nardy.server.db import Session, User, make_engine, migrate
        from nardy.server.names import normalize_name
        from nardy.server.settings import default_db_url
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"nardy admin needs the 'server' extra: pip install 'nardy[server]' ({exc})"
        ) from exc
    engine = make_engine(db_url or default_db_url())
    try:
        migrate(engine)
        with engine.begin() as conn:
            user = conn.execute(
                select(User.id, User.display_name).where(User.username == normalize_name(name))
            ).first()
            if user is None:
                raise click.ClickException(
                    f"no member is called {name!r} (names are the usernames members"
                    " signed up with; guests cannot be named)"
                )
            conn.execute(update(User).where(User.id == user.id).values(**values))
            if end_sessions:
                conn.execute(delete(Session).where(Session.user_id == user.id))
            return str(user.display_name)
    finally:
        engine.dispose()


@click.group("admin")
def command() -> None:
    """Moderators, bans, passwords and public tournaments on the club's database.
    / Модераторы, баны, пароли и открытые турниры клуба."""


@command.command("moderator")
@click.argument("name")
@click.option("--revoke", is_flag=True, help="Take the moderator's rights away.")
@_db_option
def moderator(name: str, revoke: bool, db_url: str | None) -> None:
    """Make NAME a moderator (hides chat messages, bans), or --revoke it."""
    shown = _set(db_url, name, moderator=not revoke)
    click.echo(f"{shown} is {'no longer' if revoke else 'now'} a moderator")


@command.command("ban")
@click.argument("name")
@_db_option
def ban(name: str, db_url: str | None) -> None:
    """Ban NAME: no club games, no chat, off the leaderboards."""
    shown = _set(db_url, name, banned_at=datetime.now(UTC))
    click.echo(f"{shown} is banned")


@command.command("unban")
@click.argument("name")
@_db_option
def unban(name: str, db_url: str | None) -> None:
    """Lift NAME's ban."""
    shown = _set(db_url, name, banned_at=None)
    click.echo(f"{shown} is no longer banned")


@command.command("password")
@click.argument("name")
@click.option(
    "--password",
    prompt="New password",
    hide_input=True,
    confirmation_prompt=True,
    help="The new password (asked for twice, unseen, when not given).",
)
@_db_option
def password(name: str, password: str, db_url: str | None) -> None:
    """Set NAME's password (he forgot his; the club keeps no e-mail to send a reset
    to) and log him out everywhere."""
    from argon2 import PasswordHasher

    from nardy.server.auth import MAX_PASSWORD, MIN_PASSWORD

    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise click.ClickException(
            f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters, not {len(password)}"
        )
    shown = _set(db_url, name, end_sessions=True, password_hash=PasswordHasher().hash(password))
    click.echo(f"{shown}'s password is set; he is logged out everywhere")


@command.group("tournament")
def tournament() -> None:
    """The club's tournaments. / Турниры клуба."""


@tournament.command("create")
@click.argument("name")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["knockout", "sitngo", "swiss", "roundrobin"]),
    default="sitngo",
    show_default=True,
)
@click.option("--size", type=int, default=8, show_default=True, help="The most players.")
@click.option("--variant", default="long", show_default=True)
@click.option("--length", "lengths", type=int, multiple=True, help="Match length (per round).")
@click.option("--rounds", type=int, default=None, help="Swiss rounds.")
@click.option("--clock", default="none", show_default=True, help="none, blitz or rapid.")
@click.option("--rated", is_flag=True, help="The games change the ratings.")
@click.option("--private", is_flag=True, help="Joined by invitation only.")
@click.option("--starts-at", default=None, help="ISO start time (not for a sit-and-go).")
@click.option("--no-show", type=int, default=300, show_default=True, help="Seconds.")
@_db_option
def tournament_create(
    name: str,
    fmt: str,
    size: int,
    variant: str,
    lengths: tuple[int, ...],
    rounds: int | None,
    clock: str,
    rated: bool,
    private: bool,
    starts_at: str | None,
    no_show: int,
    db_url: str | None,
) -> None:
    """Create the tournament NAME (public unless --private), checked as the server
    checks a member's; prints its id (and a private one's invitation)."""
    from nardy.server.api_error import ApiError
    from nardy.server.db import Tournament, make_engine, migrate
    from nardy.server.settings import default_db_url
    from nardy.server.tournament_specs import parse_spec

    body: dict[str, Any] = {
        "name": name,
        "format": fmt,
        "size": size,
        "variant": variant,
        "lengths": list(lengths) or [1],
        "clock": clock,
        "rated": rated,
        "public": not private,
        "no_show": no_show,
    }
    if rounds is not None:
        body["rounds"] = rounds
    if starts_at is not None:
        body["starts_at"] = starts_at
    try:
        spec = parse_spec(body, datetime.now(UTC))
    except ApiError as exc:
        raise click.ClickException(exc.message) from None
    engine = make_engine(db_url or default_db_url())
    try:
        migrate(engine)
        from sqlalchemy.orm import Session

        with Session(engine) as s:
            row = Tournament(creator_id=None, **spec)
            s.add(row)
            s.commit()
            click.echo(f"tournament {row.id} created: {row.name}")
            if row.invite_token:
                click.echo(f"invitation: {row.invite_token}")
    finally:
        engine.dispose()
