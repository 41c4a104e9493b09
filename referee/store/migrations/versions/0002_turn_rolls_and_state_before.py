"""Keep with each turn the GSD it was judged against and the dice it threw

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 23:55:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.add_column(sa.Column("state_before", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("rolls", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.drop_column("rolls")
        batch_op.drop_column("state_before")
