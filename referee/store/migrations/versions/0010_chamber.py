"""The chamber: proposals, votes and the roll with its tallies (ifMUD Nomic rules 10-42, 128)

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-25 19:20:00.000000

A game's players change it by proposal and vote once the Speaker opens its chamber; the roll
keeps each player's Passive Voters mark, demerits and brownie points, and when e last posted.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chambers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("opened_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id"),
    )
    op.create_table(
        "chamber_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("roll", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("passive", sa.Boolean(), nullable=False),
        sa.Column("demerits", sa.Integer(), nullable=False),
        sa.Column("brownie_points", sa.Integer(), nullable=False),
        sa.Column("last_post_at", sa.DateTime(), nullable=False),
        sa.Column("silent_since", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "player_id"),
    )
    op.create_index("ix_chamber_members_game_id", "chamber_members", ["game_id"])
    op.create_table(
        "proposals",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=400), nullable=False),
        sa.Column("key", sa.String(length=400), nullable=False),
        sa.Column("proposer", sa.String(length=200), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("purpose", sa.String(length=16), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=True),
        sa.Column("section", sa.JSON(), nullable=True),
        sa.Column("votes", sa.JSON(), nullable=False),
        sa.Column("implicit", sa.JSON(), nullable=False),
        sa.Column("standing", sa.String(length=16), nullable=False),
        sa.Column("implied_noted", sa.Boolean(), nullable=False),
        sa.Column("posted_at", sa.DateTime(), nullable=False),
        sa.Column("ratified_at", sa.DateTime(), nullable=True),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.Column("inbox_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"]),
        sa.ForeignKeyConstraint(["inbox_id"], ["inbox.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game_id", "key"),
    )
    op.create_index("ix_proposals_game_id", "proposals", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_proposals_game_id", table_name="proposals")
    op.drop_table("proposals")
    op.drop_index("ix_chamber_members_game_id", table_name="chamber_members")
    op.drop_table("chamber_members")
    op.drop_table("chambers")
