"""Stalemate agreement: who agrees a game has reached Stalemate (rule 1.1.11)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 00:50:00.000000

The Speaker may declare a Stalemate only once every Active non-Drone player agrees, so each
player's word is kept with the game until e withdraws it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("stalemate_agreed", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("stalemate_agreed")
