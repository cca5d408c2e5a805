"""Guests and names: sessions remember their last use (idle guests expire), and each
account's username skeleton is unique (confusable names are refused).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from nardy.server.names import skeleton

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(
            sa.Column(
                "last_seen_at",
                sa.DateTime(timezone=True),
                nullable=False,
                server_default=sa.func.current_timestamp(),
            )
        )
    # (users is referenced by other tables: SQLite must not rebuild it, so a plain
    # column and a unique index)
    op.add_column("users", sa.Column("name_key", sa.String(160)))
    # existing accounts get their skeletons; of names that already clash the oldest
    # keeps it (the others stay usable, only new names are checked against them)
    conn = op.get_bind()
    users = sa.table("users", sa.column("id"), sa.column("username"), sa.column("name_key"))
    taken: set[str] = set()
    rows = conn.execute(
        sa.select(users.c.id, users.c.username)
        .where(users.c.username.is_not(None))
        .order_by(users.c.id)
    ).all()
    for uid, username in rows:
        key = skeleton(username)
        if key not in taken:
            taken.add(key)
            conn.execute(users.update().where(users.c.id == uid).values(name_key=key))
    op.create_index("uq_users_name_key", "users", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_users_name_key", table_name="users")
    op.drop_column("users", "name_key")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("last_seen_at")
