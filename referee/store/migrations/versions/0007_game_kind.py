"""Game kind: which kind of game a game is, by the name its kind is registered under

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-25 16:30:00.000000

The referee hosts kinds of game behind one seam (referee.games); every game so far is
Mornington Nomic, which is what existing rows become.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("kind", sa.String(32), server_default="mornington-nomic", nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("kind")
