"""The sender against real SMTP sinks: delivery, retries with backoff, restarts, give-ups."""

from __future__ import annotations

from datetime import datetime, timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from referee.mail.compose import compose
from referee.mail.sender import Sender
from referee.store.db import sessions
from referee.store.models import OutboxMessage
from referee.store.outbox import queue_reply
from tests.conftest import REFEREE, RunningSink, free_port, make_settings

START = datetime(2026, 11, 22, 12, 0, 0)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _queue(factory: sessionmaker[Session], n: int = 1) -> list[EmailMessage]:
    messages = []
    with factory.begin() as session:
        for i in range(n):
            message = compose(
                sender=REFEREE,
                sender_name="Referee",
                to=[f"p{i}@example.org"],
                subject=f"[MC 12] Turn {i}",
                body="GSD",
                loop_token=REFEREE,
                in_reply_to=None,
                references=[],
            )
            queue_reply(
                session,
                message,
                mail_from=REFEREE,
                rcpt_tos=[f"p{i}@example.org"],
                inbox_id=None,
                now=START,
            )
            messages.append(message)
    return messages


def _sender(factory: sessionmaker[Session], port: int, clock: Clock, **kw: object) -> Sender:
    settings = make_settings(
        "sqlite://", relay_port=port, relay_backoff_seconds=60.0, relay_max_attempts=4, **kw
    )
    return Sender(factory, settings, clock=clock)


def _rows(factory: sessionmaker[Session]) -> list[OutboxMessage]:
    with factory() as session:
        return list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))


def test_due_messages_are_delivered_and_marked_sent(
    sqlite_engine: Engine, relay_sink: RunningSink
) -> None:
    factory = sessions(sqlite_engine)
    queued = _queue(factory, 3)
    assert _sender(factory, relay_sink.port, Clock()).send_due() == 3
    received = relay_sink.sink.wait_for(3)
    assert [m["Message-ID"] for m in received] == [m["Message-ID"] for m in queued]
    assert [env[1] for env in relay_sink.sink.received] == [
        ["p0@example.org"],
        ["p1@example.org"],
        ["p2@example.org"],
    ]
    assert {(r.status, r.attempts) for r in _rows(factory)} == {("sent", 1)}


def test_temporary_failures_back_off_exponentially_then_succeed(
    sqlite_engine: Engine, flaky_sink: RunningSink
) -> None:
    factory = sessions(sqlite_engine)
    _queue(factory)
    clock = Clock()
    sender = _sender(factory, flaky_sink.port, clock)
    assert sender.send_due() == 0
    [row] = _rows(factory)
    assert (row.status, row.attempts, row.next_attempt_at) == (
        "pending",
        1,
        START + timedelta(seconds=60),
    )
    assert "451" in row.last_error
    assert sender.send_due() == 0, "not due yet: nothing is attempted"
    clock.now = START + timedelta(seconds=60)
    assert sender.send_due() == 0
    [row] = _rows(factory)
    assert (row.attempts, row.next_attempt_at) == (2, clock.now + timedelta(seconds=120))
    clock.now += timedelta(seconds=120)
    assert sender.send_due() == 1
    assert [(r.status, r.attempts) for r in _rows(factory)] == [("sent", 3)]
    assert len(flaky_sink.sink.wait_for(1)) == 1


def test_a_restarted_sender_carries_on_from_the_stored_attempts(
    sqlite_engine: Engine, relay_sink: RunningSink
) -> None:
    factory = sessions(sqlite_engine)
    _queue(factory)
    clock = Clock()
    assert _sender(factory, free_port(), clock).send_due() == 0, "relay is down"
    [row] = _rows(factory)
    assert row.attempts == 1 and "Connection" in row.last_error
    clock.now += timedelta(seconds=60)
    restarted = _sender(factory, relay_sink.port, clock)
    assert restarted.send_due() == 1
    assert [(r.status, r.attempts) for r in _rows(factory)] == [("sent", 2)]


def test_delivery_gives_up_after_the_last_attempt(sqlite_engine: Engine) -> None:
    factory = sessions(sqlite_engine)
    _queue(factory)
    clock = Clock()
    sender = _sender(factory, free_port(), clock)
    for _ in range(4):
        sender.send_due()
        clock.now += timedelta(days=1)
    [row] = _rows(factory)
    assert (row.status, row.attempts) == ("failed", 4)


def test_a_permanent_refusal_fails_at_once(sqlite_engine: Engine, relay_sink: RunningSink) -> None:
    factory = sessions(sqlite_engine)
    _queue(factory)

    async def refuse(server: object, session: object, envelope: object) -> str:
        return "554 5.7.1 Relaying denied"

    relay_sink.sink.handle_DATA = refuse  # type: ignore[method-assign]
    _sender(factory, relay_sink.port, Clock()).send_due()
    [row] = _rows(factory)
    assert (row.status, row.attempts) == ("failed", 1) and "554" in row.last_error


def test_messages_go_out_with_crlf_line_endings(
    sqlite_engine: Engine, relay_sink: RunningSink
) -> None:
    """SMTP (RFC 5321) forbids bare line feeds; smtplib sends bytes as they are."""
    factory = sessions(sqlite_engine)
    _queue(factory)
    _sender(factory, relay_sink.port, Clock()).send_due()
    [(_, _, raw)] = relay_sink.sink.received
    assert b"\r\n" in raw and b"\n" not in raw.replace(b"\r\n", b"")


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS:UserWarning")
def test_the_sender_logs_in_to_a_relay_that_wants_auth(sqlite_engine: Engine) -> None:
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult

    from tests.conftest import Sink

    def authenticate(
        server: object, session: object, envelope: object, mechanism: str, auth_data: object
    ) -> AuthResult:
        login = getattr(auth_data, "login", b"")
        password = getattr(auth_data, "password", b"")
        return AuthResult(success=(login, password) == (b"referee", b"s3cret"), handled=False)

    sink = Sink()
    port = free_port()
    controller = Controller(
        sink,
        hostname="127.0.0.1",
        port=port,
        authenticator=authenticate,
        auth_required=True,
        auth_require_tls=False,
    )
    controller.start()
    try:
        factory = sessions(sqlite_engine)
        _queue(factory)
        wrong = _sender(factory, port, Clock(), relay_user="referee", relay_password="nope")
        assert wrong.send_due() == 0
        assert "535" in _rows(factory)[0].last_error
        clock = Clock()
        clock.now += timedelta(days=1)
        right = _sender(factory, port, clock, relay_user="referee", relay_password="s3cret")
        assert right.send_due() == 1
        assert len(sink.wait_for(1)) == 1
    finally:
        controller.stop()
