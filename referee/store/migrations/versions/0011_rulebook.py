"""Rules changes: each enactment of a game's rules, from which every version is rebuilt

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-25 19:20:00.000000

Version 1 of a game's rules is its ruleset as published, by reference; each row here is the
text of one enactment (a ratified proposal or the Speaker's correction) and makes the next.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rules_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("proposal", sa.String(length=300), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("effective_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_rules_changes_game_id_games")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rules_changes")),
        sa.UniqueConstraint("game_id", "version", name=op.f("uq_rules_changes_game_id")),
    )
    op.create_index(op.f("ix_rules_changes_game_id"), "rules_changes", ["game_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_rules_changes_game_id"), table_name="rules_changes")
    op.drop_table("rules_changes")
