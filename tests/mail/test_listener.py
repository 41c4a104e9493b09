"""The SMTP listener driven by smtplib over loopback: what it accepts, refuses and stores."""

from __future__ import annotations

import asyncio
import smtplib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, Engine, create_engine, event, select, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from referee.mail.listener import InboxHandler, InboxWriter, make_listener
from referee.store import games
from referee.store.db import make_engine, sessions, upgrade
from referee.store.inbox import Arrival
from referee.store.models import InboxMessage
from referee.store.wall_clock import utcnow

LIMIT = 20_000
PADDING = "x" * 70 + "\r\n"


@dataclass
class Listening:
    port: int
    factory: sessionmaker[Session]


@pytest.fixture
def listening(sqlite_engine: Engine, free_port: int) -> Iterator[Listening]:
    factory = sessions(sqlite_engine)
    with factory.begin() as session:
        games.create_game(session, 12, "mc12@lounge.example.org", utcnow())
    handler = InboxHandler(factory, {"referee@example.org"})
    controller = make_listener(handler, "127.0.0.1", free_port, LIMIT)
    controller.start()
    yield Listening(free_port, factory)
    controller.stop()
    handler.close()


def _message(mid: str, size: int = 0) -> bytes:
    return (
        f"From: alice@example.org\r\nTo: mc12@lounge.example.org\r\nMessage-ID: <{mid}>\r\n"
        f"Subject: [MC 12] turn\r\n\r\nRushton : Euston\r\n{PADDING * (size // 72)}"
    ).encode()


def _stored(factory: sessionmaker[Session]) -> list[InboxMessage]:
    with factory() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def test_a_message_is_committed_before_the_250(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        refused = client.sendmail("alice@example.org", ["mc12@lounge.example.org"], _message("a@x"))
    assert refused == {}
    rows = _stored(listening.factory)
    assert [(r.message_id, r.mail_from, r.rcpt_tos, r.source) for r in rows] == [
        ("a@x", "alice@example.org", ["mc12@lounge.example.org"], "smtp")
    ]
    assert rows[0].raw == _message("a@x")


def test_the_referee_address_is_accepted_case_insensitively(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.sendmail("alice@example.org", ["Referee@Example.org"], _message("b@x"))
    assert len(_stored(listening.factory)) == 1


def test_unknown_recipients_get_550(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.ehlo()
        client.mail("alice@example.org")
        code, text = client.rcpt("nobody@example.org")
    assert code == 550
    assert b"no game lounge" in text
    assert _stored(listening.factory) == []


def test_oversize_declared_in_mail_from_gets_552(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.ehlo()
        code, _ = client.mail("alice@example.org", [f"SIZE={LIMIT + 1}"])
    assert code == 552


def test_oversize_data_gets_552_and_is_not_stored(listening: Listening) -> None:
    """A client that does not declare SIZE (plain HELO) is stopped when the data runs over."""
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.helo()
        assert client.mail("alice@example.org")[0] == 250
        assert client.rcpt("mc12@lounge.example.org")[0] == 250
        code, _ = client.data(_message("big@x", LIMIT))
    assert code == 552
    assert _stored(listening.factory) == []


def test_a_message_sent_twice_is_stored_once(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.sendmail("alice@example.org", ["mc12@lounge.example.org"], _message("c@x"))
        client.sendmail("alice@example.org", ["mc12@lounge.example.org"], _message("c@x"))
    assert len(_stored(listening.factory)) == 1


def test_a_new_lounge_is_accepted_without_a_restart(listening: Listening) -> None:
    with listening.factory.begin() as session:
        games.create_game(session, 13, "mc13@lounge.example.org", utcnow())
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        assert client.sendmail("a@x", ["mc13@lounge.example.org"], _message("d@x")) == {}


def test_a_message_that_cannot_be_committed_gets_451_not_250(
    tmp_path: Path, free_port: int
) -> None:
    """No 250 without a commit: with no inbox table the client is told to try again later."""
    unmigrated = create_engine(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    handler = InboxHandler(sessions(unmigrated), {"referee@example.org"})
    controller = make_listener(handler, "127.0.0.1", free_port, LIMIT)
    controller.start()
    try:
        with (
            smtplib.SMTP("127.0.0.1", free_port) as client,
            pytest.raises(smtplib.SMTPDataError) as refused,
        ):
            client.sendmail("alice@example.org", ["referee@example.org"], _message("e@x"))
    finally:
        controller.stop()
        handler.close()
        unmigrated.dispose()
    assert refused.value.smtp_code == 451


def test_concurrent_sessions_share_commits_and_each_gets_its_own_row(
    sqlite_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Group commit: fifty messages arriving at once need far fewer than fifty commits."""
    from referee.mail import listener

    batches: list[int] = []
    real = listener.store_many

    def counting(connection: Connection, arrivals: list[Arrival], **keywords: Any) -> object:
        batches.append(len(arrivals))
        return real(connection, arrivals, **keywords)

    monkeypatch.setattr(listener, "store_many", counting)
    factory = sessions(sqlite_engine)
    handler = InboxHandler(factory, {"referee@example.org"})

    async def arrive_together() -> list[int]:
        stored = await asyncio.gather(
            *(
                handler.writer.submit(Arrival(_message(f"g{n}@x"), "a@x", ["r@x"], "smtp"))
                for n in range(50)
            )
        )
        return [s.id for s in stored]

    try:
        ids = asyncio.run(arrive_together())
    finally:
        handler.close()
    assert len(set(ids)) == 50 and sum(batches) == 50
    assert len(batches) < 50
    assert len(_stored(factory)) == 50


def test_start_and_stop_leave_no_writer_thread_behind(sqlite_engine: Engine) -> None:
    handler = InboxHandler(sessions(sqlite_engine), set())
    handler.close()
    assert not handler.writer._thread.is_alive()


def _submit_one_at_a_time(writer: InboxWriter, names: list[str]) -> list[int]:
    """Each message its own batch: the next is submitted once the last is committed."""

    async def one_by_one() -> list[int]:
        return [
            (await writer.submit(Arrival(_message(name), "a@x", ["r@x"], "smtp"))).id
            for name in names
        ]

    return asyncio.run(one_by_one())


def test_the_writer_keeps_one_database_connection_for_all_its_batches(
    sqlite_engine: Engine,
) -> None:
    checkouts: list[object] = []
    event.listen(sqlite_engine, "checkout", lambda *_: checkouts.append(None))
    writer = InboxWriter(sessions(sqlite_engine))
    try:
        ids = _submit_one_at_a_time(writer, ["k1@x", "k2@x", "k3@x"])
    finally:
        writer.close()
    assert len(set(ids)) == 3
    assert len(checkouts) == 1


def test_a_lost_database_connection_costs_no_session_a_451(pg_url: str) -> None:
    """The writer's connection killed between two batches (as by a database restart): the
    second batch is committed on a new connection, not refused."""
    engine = make_engine(pg_url)
    upgrade(engine)
    writer = InboxWriter(sessions(engine))
    try:
        _submit_one_at_a_time(writer, ["before@x"])
        with engine.connect() as connection:
            killed = connection.scalar(
                text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        assert killed
        _submit_one_at_a_time(writer, ["after@x"])
    finally:
        writer.close()
    assert [r.message_id for r in _stored(sessions(engine))] == ["before@x", "after@x"]
    engine.dispose()


def test_after_a_failed_commit_the_writer_stores_the_next_message(
    tmp_path: Path, free_port: int
) -> None:
    """A batch that could not be committed (no inbox table yet) leaves the writer able to
    commit the next one once the cause is gone."""
    engine = make_engine(f"sqlite:///{tmp_path / 'late.sqlite3'}")
    writer = InboxWriter(sessions(engine))
    try:
        with pytest.raises(OperationalError):
            _submit_one_at_a_time(writer, ["early@x"])
        upgrade(engine)
        _submit_one_at_a_time(writer, ["late@x"])
    finally:
        writer.close()
    assert [r.message_id for r in _stored(sessions(engine))] == ["late@x"]
    engine.dispose()
