"""Keep with each turn the dice it threw

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-22 23:55:00.000000

Live dice are drawn from fresh entropy (referee.service.engine_desk), so the rolls a turn made
are stored with it: they are the only record of what chance decided. The GSD a turn was
judged against (``state_before``) arrived with revision 0002.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rolls", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("turns", schema=None) as batch_op:
        batch_op.drop_column("rolls")
