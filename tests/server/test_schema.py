"""The Alembic migrations build exactly the tables the SQLAlchemy models describe."""

from __future__ import annotations

import json

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from nardy.server.db import Base, make_engine, migrate


def test_migrations_match_the_models(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine)
    migrate(engine)  # idempotent: already at head
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert diff == []


def test_games_stored_before_matches_load_after_the_upgrade(db_url: str) -> None:
    """A game written under revision 0001 (no match columns) is still played after
    migration 0002: one money game, the cube in the middle."""
    from alembic import command
    from alembic.config import Config
    from fastapi.testclient import TestClient
    from sqlalchemy import text

    from nardy.server import Settings, create_app
    from nardy.server.db import MIGRATIONS
    from nardy.variants import find_variant

    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
    setup = {"type": "setup", "variant": "short", "options": find_variant("short").options()}
    events = [
        ("created", {"mode": "local"}),
        ("record", {"record": setup}),
        ("record", {"record": {"type": "opening", "white": 5, "black": 3}, "toss": [5, 3]}),
    ]
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO users (id, display_name, created_at) "
                "VALUES (1, 'Old', CURRENT_TIMESTAMP)"
            )
        )
        conn.execute(
            text(
                "INSERT INTO games (id, variant, options, mode, creator_id, creator_color, "
                "server_seed, commitment, client_seed, status, created_at, updated_at) VALUES "
                "('old1', 'short', :opts, 'local', 1, 'white', :seed, :com, '', 'active', "
                "CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
            ),
            {"opts": json.dumps(setup["options"]), "seed": "00" * 32, "com": "11" * 32},
        )
        for seq, (kind, data) in enumerate(events, start=1):
            conn.execute(
                text(
                    "INSERT INTO events (game_id, seq, kind, data, created_at) "
                    "VALUES ('old1', :seq, :kind, :data, CURRENT_TIMESTAMP)"
                ),
                {"seq": seq, "kind": kind, "data": json.dumps(data)},
            )
    engine.dispose()
    with TestClient(create_app(Settings(db_url=db_url, dice_seed="x"))) as c:
        st = c.get("/api/games/old1").json()
    assert st["phase"] == "move" and st["turn"] == "white" and st["dice"] == [5, 3]
    # migration 0009 counted its events: the next change is stored on top of the third
    with make_engine(db_url).connect() as conn:
        assert conn.execute(text("SELECT last_seq FROM games WHERE id = 'old1'")).scalar() == 3
    assert st["match"]["length"] == 0 and st["match"]["game"] == 1
    assert st["cube"]["enabled"] and st["cube"]["value"] == 1 and st["cube"]["owner"] is None


def test_names_clashing_before_0003_keep_working(db_url: str) -> None:
    """Migration 0003 gives existing accounts their name skeletons; of two names that
    already clash (``admin``, ``Admin``) the older keeps the skeleton, both stay."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from nardy.server.db import MIGRATIONS
    from nardy.server.names import skeleton

    engine = make_engine(db_url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
    with engine.begin() as conn:
        for uid, name in ((1, "admin"), (2, "Admin"), (3, "bob")):
            conn.execute(
                text(
                    "INSERT INTO users (id, username, display_name, created_at) "
                    "VALUES (:id, :n, :n, CURRENT_TIMESTAMP)"
                ),
                {"id": uid, "n": name},
            )
    migrate(engine)
    with engine.connect() as conn:
        keys = dict(conn.execute(text("SELECT username, name_key FROM users")).all())
    engine.dispose()
    assert keys == {"admin": skeleton("admin"), "Admin": None, "bob": skeleton("bob")}
