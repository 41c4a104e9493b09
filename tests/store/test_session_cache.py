"""A roster read once per transaction is never a stale one: every change to seats or players in
the transaction, flushed or not, and every end of a transaction or savepoint, reads it again."""

from __future__ import annotations

from sqlalchemy import Engine, update

from referee.store import games
from referee.store.db import sessions
from referee.store.models import Game, Membership
from referee.store.status import MembershipStatus
from tests.conftest import seed_game


def _names(session: object, game: Game) -> list[str]:
    return [p.name for p in games.members(session, game)]  # type: ignore[arg-type]


def test_a_seat_taken_in_the_transaction_is_in_the_roster(sqlite_engine: Engine) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        assert _names(session, game) == ["Alice", "Bob"]
        carol = games.add_player(session, "Carol", "carol@example.org")
        games.join(session, game, carol, 3)
        assert _names(session, game) == ["Alice", "Bob", "Carol"]


def test_an_unflushed_resignation_leaves_the_roster(sqlite_engine: Engine) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        assert _names(session, game) == ["Alice", "Bob"]
        bob = session.get_one(Membership, {"id": 2})
        bob.status = MembershipStatus.RESIGNED  # not flushed: the roster must not miss it
        assert _names(session, game) == ["Alice"]


def test_a_bulk_update_of_seats_reads_the_roster_again(sqlite_engine: Engine) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        assert _names(session, game) == ["Alice", "Bob"]
        session.execute(
            update(Membership)
            .where(Membership.player_id == seeded.alice_id)
            .values(status=MembershipStatus.RESIGNED)
        )
        assert _names(session, game) == ["Bob"]


def test_a_savepoint_rolled_back_takes_its_seat_out_of_the_roster(sqlite_engine: Engine) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    with seeded.factory.begin() as session:
        game = session.get_one(Game, seeded.game_id)
        savepoint = session.begin_nested()
        carol = games.add_player(session, "Carol", "carol@example.org")
        games.join(session, game, carol, 3)
        assert _names(session, game) == ["Alice", "Bob", "Carol"]
        savepoint.rollback()
        assert _names(session, game) == ["Alice", "Bob"]


def test_another_transaction_sees_a_seat_committed_meanwhile(sqlite_engine: Engine) -> None:
    seeded = seed_game(sessions(sqlite_engine))
    with seeded.factory() as session:
        game = session.get_one(Game, seeded.game_id)
        assert _names(session, game) == ["Alice", "Bob"]
        session.commit()
        with seeded.factory.begin() as other:
            carol = games.add_player(other, "Carol", "carol@example.org")
            games.join(other, other.get_one(Game, seeded.game_id), carol, 3)
        assert _names(session, game) == ["Alice", "Bob", "Carol"]
