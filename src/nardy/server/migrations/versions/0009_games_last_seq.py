"""A game's row keeps the number of its last stored event, so that storing a change is
one compare-and-set statement (``GameService._step``) instead of a row lock, a read of
the events' greatest number and an update.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("last_seq", sa.Integer(), server_default="0", nullable=False))
    op.execute(
        "UPDATE games SET last_seq = "
        "(SELECT COALESCE(MAX(seq), 0) FROM events WHERE events.game_id = games.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("last_seq")
