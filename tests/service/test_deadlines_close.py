"""Closing deadlines in one UPDATE must close exactly what reading and closing each row did:
one opened earlier in the same transaction and not yet written, and one whose stored change is
not yet written, are judged as they stand in the transaction."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import Engine, select

from referee.service import deadlines
from referee.store.db import sessions
from referee.store.models import Deadline, Game
from referee.store.wall_clock import utcnow
from tests.conftest import seed_game


def test_1_3_5_a_turn_owed_twice_in_one_transaction_leaves_one_open(
    sqlite_engine: Engine,
) -> None:
    """A forced Timeout and the forcer's own turn in one message (rule 1.3.5) each open the
    next turn deadline; the first must be closed even before it is written."""
    seeded = seed_game(sessions(sqlite_engine))
    now = utcnow()
    lead = timedelta(hours=12)
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        first = deadlines.turn_owed(session, game, "Bob", now, now, reminder_lead=lead)
        second = deadlines.turn_owed(session, game, "Alice", now, now, reminder_lead=lead)
        assert first is not None and second is not None
        assert first.closed_at == now and second.closed_at is None
    with seeded.factory() as session:
        still = session.scalars(
            select(Deadline.owed_by).where(
                Deadline.game_id == seeded.game_id,
                Deadline.kind == deadlines.TURN,
                Deadline.closed_at.is_(None),
            )
        ).all()
        assert still == ["Alice"]


def test_1_1_10_a_stored_deadline_changed_in_the_transaction_is_closed_as_changed(
    sqlite_engine: Engine,
) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    now = utcnow()
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        deadlines.moved(session, game, "Bob", now, reminder_lead=timedelta(days=7))
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        row = session.scalars(
            select(Deadline).where(Deadline.owed_by == "Bob", Deadline.closed_at.is_(None))
        ).one()
        row.owed_by = "Robert"  # not flushed: closing Bob's silence must not close it
        deadlines.close(session, game, now, kind=deadlines.SILENCE, owed_by="Bob")
        assert row.closed_at is None
    with seeded.factory() as session:
        assert (
            session.scalars(select(Deadline.closed_at).where(Deadline.owed_by == "Robert")).one()
            is None
        )


def test_1_3_5_and_1_1_10_closed_together_close_what_each_closes_alone(
    engine: Engine,
) -> None:
    """An applied turn closes the turn owed (rule 1.3.5) and the mover's silence (rule
    1.1.10) in one statement: the pairs are alternatives, so another player's silence stays
    open, and a deadline already read in the transaction is closed where it stands."""
    seeded = seed_game(sessions(engine))
    now = utcnow()
    lead = timedelta(hours=12)
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        deadlines.turn_owed(session, game, "Alice", now, now, reminder_lead=lead)
        deadlines.moved(session, game, "Alice", now, reminder_lead=lead)
        deadlines.moved(session, game, "Bob", now, reminder_lead=lead)
    later = now + timedelta(minutes=1)
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        turn = session.scalars(select(Deadline).where(Deadline.kind == deadlines.TURN)).one()
        deadlines.close_each(
            session, game, later, (deadlines.TURN, None), (deadlines.SILENCE, "Alice")
        )
        assert turn.closed_at == later
    with seeded.factory() as session:
        still = session.execute(
            select(Deadline.kind, Deadline.owed_by).where(
                Deadline.game_id == seeded.game_id, Deadline.closed_at.is_(None)
            )
        ).all()
        assert [tuple(row) for row in still] == [(deadlines.SILENCE, "Bob")]
