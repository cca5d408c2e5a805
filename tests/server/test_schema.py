"""The Alembic migrations build exactly the tables the SQLAlchemy models describe."""

from __future__ import annotations

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
