"""Moderation: a member's chat mute (``users.muted_until``), a report's reason and
whether a moderator handled it, and the moderation log (``moderation_log``).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    # (users is referenced by other tables: plain columns, no batch rebuild)
    op.add_column("users", sa.Column("muted_until", _TS, nullable=True))
    # (the reports made before reasons were asked: "other")
    op.add_column(
        "chat_reports",
        sa.Column("reason", sa.String(16), nullable=False, server_default="other"),
    )
    op.add_column("chat_reports", sa.Column("handled_at", _TS, nullable=True))
    # (SQLite adds a column with a foreign key only by rebuilding the table: a batch)
    with op.batch_alter_table("chat_reports") as batch:
        batch.add_column(sa.Column("handled_by", sa.Integer, nullable=True))
        batch.create_foreign_key(
            "fk_chat_reports_handled_by", "users", ["handled_by"], ["id"], ondelete="SET NULL"
        )
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", _TS, nullable=False),
        sa.Column("moderator_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("note", sa.Text),
        sa.Column("detail", sa.JSON),
    )
    op.create_index("ix_moderation_log_moderator_id", "moderation_log", ["moderator_id"])
    op.create_index("ix_moderation_log_target_id", "moderation_log", ["target_id"])


def downgrade() -> None:
    op.drop_index("ix_moderation_log_target_id", table_name="moderation_log")
    op.drop_index("ix_moderation_log_moderator_id", table_name="moderation_log")
    op.drop_table("moderation_log")
    with op.batch_alter_table("chat_reports") as batch:
        batch.drop_constraint("fk_chat_reports_handled_by", type_="foreignkey")
        batch.drop_column("handled_by")
        batch.drop_column("handled_at")
        batch.drop_column("reason")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("muted_until")
