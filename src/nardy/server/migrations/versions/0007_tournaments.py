"""Tournaments: the tournaments, their entries (members or the computer) and the
matches of each round (``nardy.server.tournaments``).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

_TS = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("format", sa.String(12), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("lengths", sa.JSON(), nullable=False),
        sa.Column("clock", sa.String(16), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("public", sa.Boolean(), nullable=False),
        sa.Column("invite_token", sa.String(40), unique=True),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL")),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("rounds", sa.Integer),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("starts_at", _TS),
        sa.Column("started_at", _TS),
        sa.Column("no_show", sa.Integer, nullable=False, server_default="300"),
        sa.Column("result", sa.JSON()),
        sa.Column("created_at", _TS, nullable=False),
    )
    op.create_index("ix_tournaments_creator_id", "tournaments", ["creator_id"])
    op.create_index("ix_tournaments_status", "tournaments", ["status", "starts_at"])
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE")),
        sa.Column("level", sa.String(20)),
        sa.Column("rating", sa.Float),
        sa.Column("seed", sa.Integer),
        sa.Column("withdrawn_at", _TS),
        sa.Column("created_at", _TS, nullable=False),
        sa.UniqueConstraint("tournament_id", "user_id", name="uq_tournament_user"),
    )
    op.create_index("ix_tournament_entries_tournament_id", "tournament_entries", ["tournament_id"])
    op.create_table(
        "tournament_matches",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("first_id", sa.Integer, sa.ForeignKey("tournament_entries.id"), nullable=False),
        sa.Column("second_id", sa.Integer, sa.ForeignKey("tournament_entries.id")),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="SET NULL")),
        sa.Column("winner_id", sa.Integer, sa.ForeignKey("tournament_entries.id")),
        sa.Column("forfeit", sa.String(16)),
        sa.Column("deadline", _TS),
        sa.Column("created_at", _TS, nullable=False),
        sa.UniqueConstraint("tournament_id", "round", "slot", name="uq_tournament_slot"),
    )
    op.create_index("ix_tournament_matches_tournament_id", "tournament_matches", ["tournament_id"])
    op.create_index("ix_tournament_matches_game_id", "tournament_matches", ["game_id"])


def downgrade() -> None:
    for name in ("tournament_matches", "tournament_entries", "tournaments"):
        op.drop_table(name)
