"""Who is playing a game now and when they are reminded: what the seats and buzzes use cases
both read, kept apart so that neither imports the other's module to get it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy.orm import Session

from referee.store import games
from referee.store.models import Game
from referee.store.status import GameStatus

SILENCE_REMINDER = timedelta(days=7)
"""How long before rule 1.1.10's two months a silent player is reminded."""

WINNING = GameStatus.WINNING
"""A game whose latest turn won it, until the others acknowledge it or buzz it (rule 1.1.1)."""


@dataclass(frozen=True)
class Timing:
    """When players are reminded before a deadline."""

    turn_reminder: timedelta = timedelta(hours=12)


def active_names(session: Session, game: Game) -> list[str]:
    """The people playing ``game`` now, in order of play where it is set."""
    names = [p.name for p in games.members(session, game)]
    order = [n for n in game.order_of_play if n in names]
    return order + [n for n in names if n not in order]
