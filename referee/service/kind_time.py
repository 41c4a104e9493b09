"""Time steps of a kind of game whose rules move with the clock, kept as one deadline a game.

Some kinds change by time alone: in ifMUD Nomic a turn ends after 24 hours (rule 27, six for
a player asleep at the switch, 92), a time bomb esplodes when its delay runs out (70) and the
uplink recharges after 48 hours in Embedded CPU (101). Such a kind says when its next step is
due (``due``) and takes every step due by now (``advance``); this module keeps a deadline of
kind :data:`TIMED` at that moment, and when the deadline runner reaches it, stores the new
state and posts it to the lounge, so a timed-out turn is heard of when it happens and not when
the next posting arrives. A kind without those two methods keeps its deadlines the usual way.
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol, runtime_checkable

from sqlalchemy.orm import Session

from referee.games.kind import GameKind, GameView
from referee.service import deadlines
from referee.service.game_view import view_of
from referee.service.notices import Audience, Notice
from referee.store.models import Game

TIMED = "kind-time"
"""The deadline of a game's next time step, owed by the active player when the step is the
end of eir turn."""


@runtime_checkable
class Timed(Protocol):
    """A kind whose state changes with time alone."""

    def due(self, game: GameView) -> datetime | None: ...

    def advance(self, game: GameView) -> tuple[str, tuple[str, ...]] | None: ...


def timed(kind: GameKind) -> Timed | None:
    """``kind`` as a kind with time steps, or None when it has none."""
    return kind if isinstance(kind, Timed) else None


def schedule(session: Session, game: Game, kind: GameKind, now: datetime) -> datetime | None:
    """Make the game's one open :data:`TIMED` deadline match the kind's next step (naive UTC,
    as stored); returns it, or None when nothing is due."""
    steps = timed(kind)
    deadlines.close(session, game, now, kind=TIMED)
    if steps is None:
        return None
    view = view_of(session, game)
    due = steps.due(view)
    if due is None:
        return None
    owing = kind.owed(view)
    stored = deadlines.naive(due)
    deadlines.open_deadline(session, game, TIMED, owing[0].owed_by if owing else None, stored, now)
    return stored


def advance(session: Session, game: Game, kind: GameKind, now: datetime) -> list[Notice]:
    """Take the kind's time steps due by ``now``: store the state they leave (a new version of
    the game, so a turn judged on the old one is judged again) and tell the lounge what
    happened, with the new state; then schedule the next step."""
    steps = timed(kind)
    if steps is None:
        return []
    result = steps.advance(view_of(session, game))
    notices: list[Notice] = []
    if result is not None:
        state, happened = result
        game.state = state
        game.version += 1
        session.flush()
        after = view_of(session, game)
        owing = kind.owed(after)
        notices.append(
            Notice(
                "lounge.time-passed",
                Audience.lounge(game.lounge_address),
                {
                    "happened": list(happened),
                    "next": owing[0].owed_by if owing else "",
                    "state": kind.public_view(after),
                },
                subject=game.tag.subject(f"Time passes: {happened[0]}")[:120],
            )
        )
    schedule(session, game, kind, now)
    return notices
