"""Buzzes: one row per buzz of a turn (section 1.16), with its steps and referee

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 23:37:14.995073
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "buzzes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("turn_id", sa.Integer(), nullable=False),
        sa.Column("turn_number", sa.Integer(), nullable=False),
        sa.Column("buzzed", sa.String(length=200), nullable=False),
        sa.Column("buzzer", sa.String(length=200), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.Column("stage", sa.String(length=32), nullable=False),
        sa.Column("due", sa.DateTime(), nullable=True),
        sa.Column("referee", sa.String(length=200), nullable=True),
        sa.Column("excused", sa.JSON(), nullable=False),
        sa.Column("steps", sa.JSON(), nullable=False),
        sa.Column("thread", sa.String(length=998), nullable=True),
        sa.Column("resumes", sa.String(length=200), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_buzzes_game_id_games")),
        sa.ForeignKeyConstraint(["turn_id"], ["turns.id"], name=op.f("fk_buzzes_turn_id_turns")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_buzzes")),
    )
    with op.batch_alter_table("buzzes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_buzzes_game_id"), ["game_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("buzzes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_buzzes_game_id"))

    op.drop_table("buzzes")
