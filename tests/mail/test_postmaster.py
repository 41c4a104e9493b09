"""Mail operator basics (RFC 5321): postmaster at every domain served, kept and forwarded to
the operator and never read as a turn; EHLO with the configured host name, both ways."""

from __future__ import annotations

import smtplib
from collections.abc import Iterator
from dataclasses import dataclass
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from referee.mail.listener import InboxHandler, make_listener
from referee.mail.postmaster import Postmaster
from referee.mail.sender import Sender
from referee.service.runner import Runner
from referee.store import games
from referee.store.db import sessions
from referee.store.models import InboxMessage, OutboxMessage
from referee.store.wall_clock import utcnow
from tests.conftest import LOUNGE, REFEREE, free_port, make_settings
from tests.service.harness import engine_desk

OPERATOR = "operator@ops.example.net"


@dataclass
class Listening:
    port: int
    factory: sessionmaker[Session]
    settings: Any


def _listen(engine: Engine, **overrides: Any) -> Iterator[Listening]:
    factory = sessions(engine)
    with factory.begin() as session:
        games.create_game(session, 12, LOUNGE, utcnow())
    settings = make_settings(str(engine.url), **overrides)
    handler = InboxHandler(factory, {REFEREE}, postmaster=Postmaster(settings))
    port = free_port()
    controller = make_listener(handler, "127.0.0.1", port, 100_000, server_name=settings.helo_name)
    controller.start()
    yield Listening(port, factory, settings)
    controller.stop()
    handler.close()


@pytest.fixture
def listening(sqlite_engine: Engine) -> Iterator[Listening]:
    yield from _listen(sqlite_engine, postmaster_address=OPERATOR, hostname="mx.example.org")


@pytest.fixture
def unforwarded(sqlite_engine: Engine) -> Iterator[Listening]:
    yield from _listen(sqlite_engine)


def _report(to: str) -> bytes:
    message = EmailMessage()
    message["From"] = "postmaster@elsewhere.example.com"
    message["To"] = to
    message["Subject"] = "Your server is sending us backscatter"
    message["Message-ID"] = "<report-1@elsewhere.example.com>"
    message.set_content("Alice : [LV+1] Holborn (CN)\n")
    return bytes(message)


def _rows(factory: sessionmaker[Session]) -> tuple[list[InboxMessage], list[OutboxMessage]]:
    with factory() as session:
        inbox = list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))
        outbox = list(session.scalars(select(OutboxMessage).order_by(OutboxMessage.id)))
    return inbox, outbox


@pytest.mark.parametrize(
    "address", ["postmaster@example.org", "PostMaster@lounge.example.org", "postmaster"]
)
def test_rfc5321_4_5_1_postmaster_is_accepted_at_every_domain_served(
    listening: Listening, address: str
) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        assert client.sendmail("x@elsewhere.example.com", [address], _report(address)) == {}
    [row], [forward] = _rows(listening.factory)
    assert (row.status, row.rcpt_tos) == ("forwarded", [address])
    assert forward.rcpt_tos == [OPERATOR] and forward.inbox_id == row.id
    copy = message_from_bytes(forward.raw, policy=policy.default)
    assert copy["Auto-Submitted"] == "auto-forwarded"
    assert "Your server is sending us backscatter" in str(copy["Subject"])
    [attached] = [p for p in copy.walk() if p.get_content_type() == "message/rfc822"]
    inner = attached.get_payload()[0]
    assert inner["Message-ID"] == "<report-1@elsewhere.example.com>"


def test_postmaster_at_a_domain_not_served_is_refused(listening: Listening) -> None:
    with (
        smtplib.SMTP("127.0.0.1", listening.port) as client,
        pytest.raises(smtplib.SMTPRecipientsRefused),
    ):
        client.sendmail("x@e.example", ["postmaster@other.example"], _report("p"))
    assert _rows(listening.factory) == ([], [])


def test_postmaster_mail_is_never_read_as_a_turn(listening: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.sendmail(
            "x@elsewhere.example.com", ["postmaster@example.org"], _report("postmaster@example.org")
        )
    runner = Runner(listening.factory, listening.settings, engine_desk())
    assert runner.drain() == 0
    [row], outbox = _rows(listening.factory)
    assert row.status == "forwarded"
    assert [o.rcpt_tos for o in outbox] == [[OPERATOR]], "only the forward, no answer"


def test_mail_also_for_the_referee_is_read_and_forwarded(listening: Listening) -> None:
    rcpts = ["postmaster@example.org", REFEREE]
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        client.sendmail("x@elsewhere.example.com", rcpts, _report(", ".join(rcpts)))
    [row], [forward] = _rows(listening.factory)
    assert row.status == "new" and forward.rcpt_tos == [OPERATOR]


def test_without_an_operator_address_postmaster_mail_is_kept(unforwarded: Listening) -> None:
    with smtplib.SMTP("127.0.0.1", unforwarded.port) as client:
        client.sendmail("x@e.example", ["postmaster@example.org"], _report("postmaster"))
    [row], outbox = _rows(unforwarded.factory)
    assert (row.status, outbox) == ("postmaster", [])


def test_the_listener_greets_and_answers_ehlo_with_the_configured_name(
    listening: Listening,
) -> None:
    with smtplib.SMTP("127.0.0.1", listening.port) as client:
        code, answer = client.ehlo("client.example.com")
    assert code == 250 and answer.decode().splitlines()[0] == "mx.example.org"


class _Relay:
    """A relay that records the name each client gave in EHLO."""

    def __init__(self) -> None:
        self.names: list[str] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.names.append(session.host_name)
        return "250 OK"


def test_the_sender_says_ehlo_with_the_configured_name(sqlite_engine: Engine) -> None:
    relay, port = _Relay(), free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        factory = sessions(sqlite_engine)
        settings = make_settings(str(sqlite_engine.url), relay_port=port, hostname="mx.example.org")
        from referee.mail.compose import compose
        from referee.store.outbox import queue_reply

        with factory.begin() as session:
            message = compose(
                sender=REFEREE,
                sender_name="R",
                to=["a@example.org"],
                subject="s",
                body="b",
                loop_token=REFEREE,
                in_reply_to=None,
                references=[],
            )
            queue_reply(
                session,
                message,
                mail_from=REFEREE,
                rcpt_tos=["a@example.org"],
                inbox_id=None,
                now=utcnow(),
            )
        assert Sender(factory, settings).send_due() == 1
    finally:
        controller.stop()
    assert relay.names == ["mx.example.org"]


def test_the_host_name_defaults_to_the_referees_domain() -> None:
    assert make_settings("sqlite://").helo_name == "example.org"
