"""The store on SQLite and PostgreSQL: migrations, the deduplicating inbox, the version check."""

from __future__ import annotations

import threading
from datetime import datetime

from sqlalchemy import Engine, inspect, select
from sqlalchemy.orm import Session, sessionmaker

from referee.store import games
from referee.store.db import upgrade
from referee.store.inbox import enqueue, message_id_of
from referee.store.models import Game, InboxMessage, Turn
from referee.store.outbox import take_reply_allowance

NOW = datetime(2026, 11, 22, 12, 0, 0)


def _raw(message_id: str, body: str = "Rushton : Euston") -> bytes:
    return (
        f"From: a@example.org\r\nTo: mc12@example.org\r\nMessage-ID: <{message_id}>\r\n"
        f"Subject: turn\r\n\r\n{body}\r\n"
    ).encode()


def test_migration_creates_every_table(engine: Engine) -> None:
    names = set(inspect(engine).get_table_names())
    assert {"games", "players", "memberships", "turns", "inbox", "outbox"} <= names
    assert "alembic_version" in names


def test_inbox_keeps_a_message_once_by_message_id(factory: sessionmaker[Session]) -> None:
    first = enqueue(factory, _raw("one@x"), mail_from="a@x", rcpt_tos=["r@x"], source="smtp")
    again = enqueue(
        factory,
        _raw("one@x", body="resent with other bytes"),
        mail_from="a@x",
        rcpt_tos=["r@x"],
        source="imap",
    )
    assert not first.duplicate
    assert again.duplicate and again.id == first.id
    with factory() as session:
        assert len(session.scalars(select(InboxMessage)).all()) == 1


def test_inbox_keeps_a_message_once_by_bytes(factory: sessionmaker[Session]) -> None:
    raw = b"From: a@example.org\r\nSubject: no message id\r\n\r\nhello\r\n"
    first = enqueue(factory, raw, mail_from="a@x", rcpt_tos=["r@x"], source="smtp")
    again = enqueue(factory, raw, mail_from="a@x", rcpt_tos=["r@x"], source="smtp")
    other = enqueue(factory, raw + b"more\r\n", mail_from="a@x", rcpt_tos=["r@x"], source="smtp")
    assert again == type(first)(first.id, duplicate=True)
    assert not other.duplicate and other.id != first.id


def test_message_id_is_read_without_brackets() -> None:
    assert message_id_of(_raw("abc@host")) == "abc@host"
    assert message_id_of(b"Subject: x\r\n\r\nbody") is None


def test_secrets_are_stored_hashed_and_checked(factory: sessionmaker[Session]) -> None:
    with factory.begin() as session:
        player = games.add_player(session, "Alice", "Alice@Example.org", secret="orange peel")
        assert player.secret_hash is not None and "orange" not in player.secret_hash
        assert player.address == "alice@example.org"
        assert games.secret_matches("orange peel", player.secret_hash)
        assert not games.secret_matches("orange", player.secret_hash)
        assert not games.secret_matches("orange peel", None)


def test_daily_reply_cap_counts_per_address_per_day(factory: sessionmaker[Session]) -> None:
    with factory.begin() as session:
        allowed = [take_reply_allowance(session, "a@x", NOW, cap=2) for _ in range(3)]
        other = take_reply_allowance(session, "b@x", NOW, cap=2)
        tomorrow = take_reply_allowance(session, "a@x", NOW.replace(day=23), cap=2)
    assert allowed == [True, True, False]
    assert other and tomorrow


def _game_with_two_players(factory: sessionmaker[Session]) -> tuple[int, int, int]:
    with factory.begin() as session:
        game = games.create_game(session, 12, "mc12@example.org", NOW, state="GSD 0")
        alice = games.add_player(session, "Alice", "alice@example.org")
        bob = games.add_player(session, "Bob", "bob@example.org")
        games.join(session, game, alice, 1)
        games.join(session, game, bob, 2)
        return game.id, alice.id, bob.id


def test_two_concurrent_turns_exactly_one_applied(
    factory: sessionmaker[Session], engine: Engine
) -> None:
    """Both turns are judged against version 0; racing to record, exactly one lands."""
    game_id, alice, bob = _game_with_two_players(factory)
    barrier = threading.Barrier(2)
    results: dict[int, games.Recorded] = {}

    def submit(player_id: int) -> None:
        with factory() as session:
            judged = session.get_one(Game, game_id).version
            session.commit()
            barrier.wait()
            with session.begin():
                results[player_id] = games.record_turn(
                    session,
                    game_id=game_id,
                    judged_version=judged,
                    player_id=player_id,
                    inbox_id=None,
                    raw_text=f"turn by {player_id}",
                    play="x",
                    new_state=f"GSD after {player_id}",
                    now=NOW,
                )

    threads = [threading.Thread(target=submit, args=(p,)) for p in (alice, bob)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(r.applied for r in results.values()) == [False, True]
    winner = next(p for p, r in results.items() if r.applied)
    with factory() as session:
        game = session.get_one(Game, game_id)
        assert (game.version, game.turn_number, game.state) == (1, 1, f"GSD after {winner}")
        statuses = sorted(t.status for t in session.scalars(select(Turn)))
        assert statuses == ["applied", "stale"]


def test_the_migrations_build_exactly_the_models(engine: Engine) -> None:
    """A model changed without a migration (or the reverse) shows up here."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from referee.store.models import Base

    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_0012_gives_each_turn_kept_before_it_the_rules_version_then_in_force(db_url: str) -> None:
    """Migration 0012's reading (rules/vanilla/readings.md, Replay): a turn kept before turns
    recorded their version is given the version its game's enactments had put in force when
    it was kept, an enactment at that very moment counting as before it; a turn of a kind
    whose rules are not kept as versions is given none."""
    from alembic import command
    from sqlalchemy import text

    from referee.store.db import alembic_config, make_engine

    made = make_engine(db_url, sqlite_synchronous="NORMAL")
    config = alembic_config()
    with made.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0011")
    rows = [
        "INSERT INTO games (id, number, name, lounge_address, version, turn_number, created_at, "
        "kind) VALUES (1, 12, '', 'mc12@x', 0, 0, :t, 'mornington-nomic'), "
        "(2, 13, '', 'mc13@x', 0, 0, :t, 'ifmud-nomic')",
        "INSERT INTO players (id, name, address) VALUES (1, 'Alice', 'alice@x')",
        "INSERT INTO rules_changes (game_id, version, proposal, text, effective_at) VALUES "
        "(1, 2, 'A', 'x', :t2), (1, 3, 'B', 'x', :t3)",
        "INSERT INTO turns (id, game_id, player_id, raw_text, status, violations, created_at) "
        "VALUES (1, 1, 1, 'x', 'applied', '[]', :t), (2, 1, 1, 'x', 'applied', '[]', :t2), "
        "(3, 1, 1, 'x', 'illegal', '[]', :t25), (4, 1, 1, 'x', 'applied', '[]', :t4), "
        "(5, 2, 1, 'x', 'applied', '[]', :t4)",
    ]
    at = {
        "t": datetime(2026, 11, 1),
        "t2": datetime(2026, 11, 2),
        "t25": datetime(2026, 11, 2, 12),
        "t3": datetime(2026, 11, 3),
        "t4": datetime(2026, 11, 4),
    }
    with made.begin() as connection:
        for statement in rows:
            connection.execute(text(statement), at)
    upgrade(made)
    with made.connect() as connection:
        found = connection.execute(text("SELECT id, rules_version FROM turns ORDER BY id")).all()
    made.dispose()
    assert [tuple(r) for r in found] == [(1, 1), (2, 2), (3, 2), (4, 3), (5, None)]
