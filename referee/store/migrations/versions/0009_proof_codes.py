"""Proof codes: each one-time code a player spent to prove emself for one turn

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-25 18:10:00.000000

A code safe to post to a list is derived from the player's stored secret hash, the game, the
turn and how many codes were already spent on that turn; a row here spends one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "proof_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("turn_number", sa.Integer(), nullable=False),
        sa.Column("use", sa.Integer(), nullable=False),
        sa.Column("inbox_id", sa.Integer(), nullable=True),
        sa.Column("used_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.ForeignKeyConstraint(["inbox_id"], ["inbox.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "player_id", "turn_number", "use"),
    )


def downgrade() -> None:
    op.drop_table("proof_codes")
