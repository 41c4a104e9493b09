"""Acknowledged wins: who has said e will not buzz a winning turn (rule 1.1.1)

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 23:51:35.581564
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("acknowledged", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("acknowledged")
