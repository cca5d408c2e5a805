"""Matches: a game row may hold a match to N points (length, rules, running score).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("match_length", sa.Integer(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("match_rules", sa.JSON()))
        batch.add_column(sa.Column("score", sa.JSON()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("score")
        batch.drop_column("match_rules")
        batch.drop_column("match_length")
