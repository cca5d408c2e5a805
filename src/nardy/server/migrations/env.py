"""Alembic environment: runs on the connection handed over by ``nardy.server.db.migrate``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from nardy.server.db import Base, normalize_url

config = context.config
target_metadata = Base.metadata


def run() -> None:
    """Run migrations on the given connection, or on ``sqlalchemy.url``."""
    conn = config.attributes.get("connection")
    if conn is None:
        url = config.get_main_option("sqlalchemy.url")
        if url is None:
            raise RuntimeError("the migrations need a connection or sqlalchemy.url")
        engine = create_engine(normalize_url(url))
        with engine.begin() as conn:
            context.configure(connection=conn, target_metadata=target_metadata)
            with context.begin_transaction():
                context.run_migrations()
        return
    context.configure(connection=conn, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()


run()
