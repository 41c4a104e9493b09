"""One Day in London games keep their deck's edition

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-26 02:20:00.000000

The audit of One Day in London (rules/one-day-in-london/audit.md) took the deck from 73 cards
to the rules' 72, which changes the deal every seed gives. Each game of the kind now stores
the edition it is dealt from as its ``deck_edition`` setting; every game opened before this
revision, dealt or not, was opened under the 73 cards and keeps them, so its deal, its replay
from the record and the check of its seed stay what its players were promised. A stored
state without a ``Deck edition`` line reads as the 73 cards too, so the states are left as
they are.
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

KIND = "one-day-in-london"
SETTING = "deck_edition"


def _settings(value: object) -> dict[str, str]:
    """A row's settings, which a database without a JSON type hands back as text."""
    stored = json.loads(value) if isinstance(value, str) else value
    if not isinstance(stored, dict):
        return {}
    return {str(name): str(text) for name, text in stored.items()}


def upgrade() -> None:
    bind = op.get_bind()
    games = sa.table("games", sa.column("id"), sa.column("kind"), sa.column("settings", sa.JSON))
    rows = bind.execute(sa.select(games.c.id, games.c.settings).where(games.c.kind == KIND))
    for number, value in rows.all():
        settings = _settings(value)
        settings.setdefault(SETTING, "73")
        bind.execute(games.update().where(games.c.id == number).values(settings=settings))


def downgrade() -> None:
    bind = op.get_bind()
    games = sa.table("games", sa.column("id"), sa.column("kind"), sa.column("settings", sa.JSON))
    rows = bind.execute(sa.select(games.c.id, games.c.settings).where(games.c.kind == KIND))
    for number, value in rows.all():
        settings = _settings(value)
        settings.pop(SETTING, None)
        bind.execute(games.update().where(games.c.id == number).values(settings=settings))
