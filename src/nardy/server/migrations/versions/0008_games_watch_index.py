"""The games to watch are read from the database (every process lists the same ones):
an index on a game's status and last change, so the lobby's tick reads the latest
active games without going through the finished ones.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_status_updated", "games", ["status", "updated_at"])


def downgrade() -> None:
    op.drop_index("ix_games_status_updated", table_name="games")
