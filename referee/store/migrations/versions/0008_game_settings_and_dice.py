"""Each game's settings, and the seed its dice are drawn from

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-25 16:50:00.000000

A Speaker may set the readings players could reasonably differ on when creating a game, so
they are stored with it (every setting's text by name; an empty mapping means the defaults).
Every random outcome of a game is derived from a secret seed whose SHA-256 the first post
publishes and which the game-over post reveals: ``dice_seed`` holds it (hexadecimal),
``dice_draws`` counts the draws made so each has its own label, and ``draws`` keeps the rolls
made outside turns (Game Time, order of play, drawn referees). Games from before have no seed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("settings", sa.JSON(), server_default=sa.text("'{}'"), nullable=False)
        )
        batch_op.add_column(sa.Column("dice_seed", sa.String(length=64), nullable=True))
        batch_op.add_column(
            sa.Column("dice_draws", sa.Integer(), server_default="0", nullable=False)
        )
        batch_op.add_column(
            sa.Column("draws", sa.JSON(), server_default=sa.text("'[]'"), nullable=False)
        )


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("draws")
        batch_op.drop_column("dice_draws")
        batch_op.drop_column("dice_seed")
        batch_op.drop_column("settings")
