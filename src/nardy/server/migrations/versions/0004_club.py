"""The club: games between two members (rated or not, with a clock), ratings and
their history, chat, follows and blocks, moderators and bans, account settings.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    # (users and games are referenced by other tables: plain columns, no batch rebuild)
    op.add_column(
        "users", sa.Column("moderator", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("users", sa.Column("banned_at", _TS))
    op.add_column("users", sa.Column("settings", sa.JSON()))
    op.add_column(
        "games", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("clock", sa.JSON()))
    op.add_column("games", sa.Column("deadline", _TS))
    op.create_index("ix_games_deadline", "games", ["deadline"])
    op.create_table(
        "ratings",
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("pool", sa.String(16), primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", _TS, nullable=False),
    )
    op.create_index("ix_ratings_pool_rating", "ratings", ["pool", "rating"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="SET NULL")),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("delta", sa.Float, nullable=False),
        sa.Column("at", _TS, nullable=False),
    )
    op.create_index("ix_rating_history_user_pool", "rating_history", ["user_id", "pool", "at"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("channel", sa.String(40), nullable=False),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE")),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_chat_channel", "chat_messages", ["channel", "id"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "message_id",
            sa.Integer,
            sa.ForeignKey("chat_messages.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "reporter_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", _TS, nullable=False),
        sa.UniqueConstraint("message_id", "reporter_id", name="uq_chat_report"),
    )
    for name in ("follows", "blocks"):
        op.create_table(
            name,
            sa.Column(
                "user_id",
                sa.Integer,
                sa.ForeignKey("users.id", ondelete="CASCADE"),
                primary_key=True,
            ),
            sa.Column(
                "other_id",
                sa.Integer,
                sa.ForeignKey("users.id", ondelete="CASCADE"),
                primary_key=True,
            ),
            sa.Column("created_at", _TS, nullable=False),
        )


def downgrade() -> None:
    for name in ("blocks", "follows", "chat_reports", "chat_messages", "rating_history", "ratings"):
        op.drop_table(name)
    op.drop_index("ix_games_deadline", table_name="games")
    for col in ("deadline", "clock", "rated"):
        op.drop_column("games", col)
    for col in ("settings", "banned_at", "moderator"):
        op.drop_column("users", col)
