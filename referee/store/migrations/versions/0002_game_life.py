"""Game life: game status, memberships, snapshots, deadlines

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 23:29:38.916359
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deadlines",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("owed_by", sa.String(length=200), nullable=True),
        sa.Column("due", sa.DateTime(), nullable=False),
        sa.Column("remind_at", sa.DateTime(), nullable=True),
        sa.Column("reminded_at", sa.DateTime(), nullable=True),
        sa.Column("passed_at", sa.DateTime(), nullable=True),
        sa.Column("closed_at", sa.DateTime(), nullable=True),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_deadlines_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deadlines")),
    )
    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_deadlines_due"), ["due"], unique=False)
        batch_op.create_index(batch_op.f("ix_deadlines_game_id"), ["game_id"], unique=False)

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=16), server_default="running", nullable=False)
        )
        batch_op.add_column(
            sa.Column("ruleset", sa.String(length=16), server_default="normal", nullable=False)
        )
        batch_op.add_column(
            sa.Column("variants", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )
        batch_op.add_column(
            sa.Column("buzz_mode", sa.String(length=16), server_default="strict", nullable=False)
        )
        batch_op.add_column(
            sa.Column("order_of_play", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )
        batch_op.add_column(sa.Column("started_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("ended_at", sa.DateTime(), nullable=True))
        batch_op.add_column(sa.Column("winner", sa.String(length=200), nullable=True))
        batch_op.add_column(
            sa.Column("finishers", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )

    with op.batch_alter_table("memberships", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("status", sa.String(length=16), server_default="active", nullable=False)
        )
        batch_op.add_column(sa.Column("note", sa.Text(), server_default="", nullable=False))
        batch_op.add_column(sa.Column("last_move_at", sa.DateTime(), nullable=True))

    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.add_column(sa.Column("state_before", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.drop_column("state_before")

    with op.batch_alter_table("memberships", schema=None) as batch_op:
        batch_op.drop_column("last_move_at")
        batch_op.drop_column("note")
        batch_op.drop_column("status")

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("finishers")
        batch_op.drop_column("winner")
        batch_op.drop_column("ended_at")
        batch_op.drop_column("started_at")
        batch_op.drop_column("order_of_play")
        batch_op.drop_column("buzz_mode")
        batch_op.drop_column("variants")
        batch_op.drop_column("ruleset")
        batch_op.drop_column("status")

    with op.batch_alter_table("deadlines", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_deadlines_game_id"))
        batch_op.drop_index(batch_op.f("ix_deadlines_due"))

    op.drop_table("deadlines")
