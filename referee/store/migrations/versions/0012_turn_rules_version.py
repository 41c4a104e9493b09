"""Turns' rules version: which version of the game's rules judged each turn

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-25 22:40:00.000000

A game's rules change mid-game by enactment (0011); a turn is judged under the version in
force when it arrives, and a replay must judge it under the same one. Turns kept before this
column existed are given the version their game's enactments put in force at the moment the
turn was kept (an enactment taking effect at that very moment counts as before it, as the
timekeeper enacts before it reads the inbox); turns of kinds whose rules are not kept as
versions stay empty. The index on (game, version) lets a game's turns' versions be read
without reading the rows, whose GSDs come before the new column.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("turns") as batch:
        batch.add_column(sa.Column("rules_version", sa.Integer(), nullable=True))
        batch.create_index("ix_turns_game_id_rules_version", ["game_id", "rules_version"])
    op.execute(
        "UPDATE turns SET rules_version = 1 + ("
        "SELECT COUNT(*) FROM rules_changes WHERE rules_changes.game_id = turns.game_id "
        "AND rules_changes.effective_at <= turns.created_at) "
        "WHERE game_id IN (SELECT id FROM games WHERE kind = 'mornington-nomic')"
    )


def downgrade() -> None:
    with op.batch_alter_table("turns") as batch:
        batch.drop_index("ix_turns_game_id_rules_version")
        batch.drop_column("rules_version")
