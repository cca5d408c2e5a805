"""``nardy admin``: the club's moderators, bans, forgotten passwords and public
tournaments, on the server's database.

A ban takes effect at once on a running server (it reads the ban on every club
action); a banned member keeps his account, his games and his ratings, and is taken
off the leaderboards."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from typing import Any

import click

from nardy.i18n import default_lang, register, t

# what nardy admin says, in the locale's language or --lang's, as nardy analyze does
register(
    {
        "admin.moderator-made": {
            "en": "{name} is now a moderator",
            "ru": "{name} теперь модератор",
        },
        "admin.moderator-revoked": {
            "en": "{name} is no longer a moderator",
            "ru": "{name} больше не модератор",
        },
        "admin.banned": {"en": "{name} is banned", "ru": "{name} отстранён от игры"},
        "admin.unbanned": {"en": "{name} is no longer banned", "ru": "{name} возвращён к игре"},
        "admin.not-banned": {"en": "{name} was not banned", "ru": "{name} не был отстранён"},
        "admin.password-set": {
            "en": "{name}'s password is set; he is logged out everywhere",
            "ru": "пароль {name} задан; он вышел из клуба на всех устройствах",
        },
        "admin.unlocked": {
            "en": "{name} may log in again at once (his failed logins are forgotten)",
            "ru": "{name} может войти сразу (его неудачные попытки входа забыты)",
        },
        "admin.no-member": {
            "en": "no member is called {name} (names are the usernames members signed up"
            " with; guests cannot be named)",
            "ru": "участника с именем {name} нет (имя — то, с которым он зарегистрировался;"
            " гостей назвать нельзя)",
        },
        "admin.password-length": {
            "en": "a password has {low} to {high} characters, not {length}",
            "ru": "в пароле от {low} до {high} символов, а не {length}",
        },
        "admin.tournament-created": {
            "en": "tournament {id} created: {name}",
            "ru": "турнир {id} создан: {name}",
        },
        "admin.invitation": {"en": "invitation: {token}", "ru": "приглашение: {token}"},
    }
)

_DB_HELP = (
    "Database URL (NARDY_DB; default, as for nardy serve: SQLite file nardy.sqlite3 in"
    " the current directory; or postgresql://user:pass@host/db). It must hold a club:"
    " nardy admin never makes a new one."
)
_REDIS_HELP = (
    "The servers' Redis (NARDY_REDIS_URL, as for nardy serve --redis), which keeps their"
    " count of failed logins: NAME's is cleared there."
)


def _db_option(f: Any) -> Any:
    return click.option("--db", "db_url", envvar="NARDY_DB", default=None, help=_DB_HELP)(f)


def _lang_option(f: Any) -> Any:
    return click.option(
        "--lang",
        type=click.Choice(["ru", "en"]),
        default=None,
        help="Language of the answer (default: from the locale).",
    )(f)


def _say(lang: str | None, key: str, **params: object) -> str:
    """``admin.<key>`` in ``lang`` (None: the locale's language)."""
    return t(f"admin.{key}", lang or default_lang(), **params)


def _open(db_url: str | None) -> Any:
    """An engine on the club's database, migrated to the server's schema. A database
    that is not a club's (no file there, or no members' table) is a clear error, never
    a new club made by mistake (a typo in --db, or the wrong working directory); so is
    one that cannot be opened (a wrong password: one line, without the password)."""
    try:
        from sqlalchemy import inspect
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import DBAPIError

        from nardy.server.db import make_engine, migrate, open_failure, shown_url
        from nardy.server.settings import default_db_url
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        raise click.ClickException(
            f"nardy admin needs the 'server' extra: pip install 'nardy[server]' ({exc})"
        ) from exc
    url = db_url or default_db_url()
    missing = click.ClickException(
        f"no club database is at {shown_url(url)} (give the server's with --db or NARDY_DB)"
    )
    file = make_url(url).database if url.startswith("sqlite") else None
    if file is not None and file != ":memory:" and not os.path.exists(file):
        raise missing  # (opening it would make the file)
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            if not inspect(conn).has_table("users"):
                raise missing
        migrate(engine)
    except DBAPIError as exc:
        engine.dispose()
        raise click.ClickException(open_failure(url, exc)) from None
    except click.ClickException:
        engine.dispose()
        raise
    return engine


def _set(
    db_url: str | None,
    name: str,
    lang: str | None,
    *,
    end_sessions: bool = False,
    **values: Any,
) -> Any:
    """Set ``values`` on the member called ``name`` (and with ``end_sessions``, log him
    out everywhere); returns his row as it was (``display_name``, ``banned_at``). An
    unknown name is a clear error in ``lang`` (exit status 1)."""
    from sqlalchemy import delete, select, update

    from nardy.server.db import Session, User
    from nardy.server.names import normalize_name, skeleton

    engine = _open(db_url)
    try:
        with engine.begin() as conn:
            # (by the name's skeleton, unique as the username is, since confusable
            # names clash: the owner's "clive_td" finds Clive_TD)
            user = conn.execute(
                select(User.id, User.display_name, User.banned_at).where(
                    User.name_key == skeleton(normalize_name(name))
                )
            ).first()
            if user is None:
                raise click.ClickException(_say(lang, "no-member", name=repr(name)))
            if values:
                conn.execute(update(User).where(User.id == user.id).values(**values))
            if end_sessions:
                conn.execute(delete(Session).where(Session.user_id == user.id))
            return user
    finally:
        engine.dispose()


def _unlock(name: str, redis_url: str) -> None:
    """Clear the failed logins counted against ``name``'s account in ``redis_url``."""
    from nardy.server.auth import LOGIN_ACCOUNT_LIMIT
    from nardy.server.names import normalize_name, skeleton
    from nardy.server.settings import Settings
    from nardy.server.throttle import LimitsThrottle

    # the servers' own limit (its rate is part of the key ``limits`` keeps)
    rate = Settings().login_rate_account
    try:
        throttle = LimitsThrottle({LOGIN_ACCOUNT_LIMIT: rate}, redis_url)
        throttle.clear(LOGIN_ACCOUNT_LIMIT, skeleton(normalize_name(name)))
    except Exception as exc:  # unreachable, refused: one line, not redis-py's traceback
        raise click.ClickException(f"could not clear the login lock in Redis: {exc}") from None


@click.group("admin")
def command() -> None:
    """Moderators, bans, passwords and public tournaments on the club's database.
    / Модераторы, баны, пароли и открытые турниры клуба."""


@command.command("moderator")
@click.argument("name")
@click.option("--revoke", is_flag=True, help="Take the moderator's rights away.")
@_db_option
@_lang_option
def moderator(name: str, revoke: bool, db_url: str | None, lang: str | None) -> None:
    """Make NAME a moderator (hides chat messages, bans), or --revoke it."""
    shown = _set(db_url, name, lang, moderator=not revoke).display_name
    click.echo(_say(lang, "moderator-revoked" if revoke else "moderator-made", name=shown))


@command.command("ban")
@click.argument("name")
@_db_option
@_lang_option
def ban(name: str, db_url: str | None, lang: str | None) -> None:
    """Ban NAME: his running games are lost (a running server ends them within a
    second), then no club games, no chat, off the leaderboards."""
    shown = _set(db_url, name, lang, banned_at=datetime.now(UTC)).display_name
    click.echo(_say(lang, "banned", name=shown))


@command.command("unban")
@click.argument("name")
@_db_option
@_lang_option
def unban(name: str, db_url: str | None, lang: str | None) -> None:
    """Lift NAME's ban."""
    was = _set(db_url, name, lang, banned_at=None)
    said = "not-banned" if was.banned_at is None else "unbanned"
    click.echo(_say(lang, said, name=was.display_name))


@command.command("password")
@click.argument("name")
@click.option(
    "--password",
    prompt="New password",
    hide_input=True,
    confirmation_prompt=True,
    help="The new password (asked for twice, unseen, when not given).",
)
@click.option("--redis", "redis_url", envvar="NARDY_REDIS_URL", default=None, help=_REDIS_HELP)
@_db_option
@_lang_option
def password(
    name: str, password: str, redis_url: str | None, db_url: str | None, lang: str | None
) -> None:
    """Set NAME's password (he forgot his; the club keeps no e-mail to send a reset
    to), log him out everywhere and, with --redis, lift the lock of his failed logins
    (a single server without Redis counts them in its memory: restart it)."""
    from argon2 import PasswordHasher

    from nardy.server.auth import MAX_PASSWORD, MIN_PASSWORD

    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise click.ClickException(
            _say(lang, "password-length", low=MIN_PASSWORD, high=MAX_PASSWORD, length=len(password))
        )
    hashed = PasswordHasher().hash(password)
    shown = _set(db_url, name, lang, end_sessions=True, password_hash=hashed).display_name
    click.echo(_say(lang, "password-set", name=shown))
    if redis_url:
        _unlock(name, redis_url)
        click.echo(_say(lang, "unlocked", name=shown))


@command.command("unlock")
@click.argument("name")
@click.option("--redis", "redis_url", envvar="NARDY_REDIS_URL", required=True, help=_REDIS_HELP)
@_db_option
@_lang_option
def unlock(name: str, redis_url: str, db_url: str | None, lang: str | None) -> None:
    """Lift the lock on NAME's logins (too many failed ones: 429 for 15 minutes). A
    single server without Redis counts them in its memory: restart it instead."""
    shown = _set(db_url, name, lang).display_name
    _unlock(name, redis_url)
    click.echo(_say(lang, "unlocked", name=shown))


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
@click.option(
    "--starts-at",
    default=None,
    help="ISO start time, e.g. 2026-12-24T18:00+03:00 (UTC when it has no offset; not for "
    "a sit-and-go).",
)
@click.option("--no-show", type=int, default=300, show_default=True, help="Seconds.")
@_db_option
@_lang_option
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
    lang: str | None,
) -> None:
    """Create the tournament NAME (public unless --private), checked as the server
    checks a member's; prints its id (and a private one's invitation)."""
    from nardy.server.api_error import ApiError
    from nardy.server.db import Tournament
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
        raise click.ClickException(exc.text(lang or default_lang())) from None
    engine = _open(db_url)
    try:
        from sqlalchemy.orm import Session

        with Session(engine) as s:
            row = Tournament(creator_id=None, **spec)
            s.add(row)
            s.commit()
            click.echo(_say(lang, "tournament-created", id=row.id, name=row.name))
            if row.invite_token:
                click.echo(_say(lang, "invitation", token=row.invite_token))
    finally:
        engine.dispose()
