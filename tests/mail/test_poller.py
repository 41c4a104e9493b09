"""The IMAP poller against a real dovecot: fetch unseen, commit, then \\Seen; IDLE and polling."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from typing import Any

import pytest
from imapclient import FLAGGED, SEEN, IMAPClient
from sqlalchemy import Engine, create_engine, select
from sqlalchemy.orm import Session, sessionmaker

from referee.mail.poller import Poller
from referee.store.db import sessions
from referee.store.models import InboxMessage
from tests.conftest import Dovecot, make_settings

pytestmark = pytest.mark.imap


def _message(mid: str) -> bytes:
    message = EmailMessage()
    message["From"] = "Alice <alice@example.org>"
    message["To"] = "mc12@lounge.example.org"
    message["Subject"] = "[MC 12] turn"
    message["Message-ID"] = f"<{mid}>"
    message["Return-Path"] = "<alice@example.org>"
    message.set_content("Rushton : Euston")
    return bytes(message)


@pytest.fixture
def mailbox(dovecot: Dovecot) -> Iterator[Any]:
    """A second client, standing in for the mail server's delivery agent."""
    client = IMAPClient(dovecot.host, port=dovecot.port, ssl=False)
    client.login(dovecot.user, dovecot.password)
    client.select_folder("INBOX")
    yield client
    client.logout()


def _poller(dovecot: Dovecot, factory: sessionmaker[Session], **kw: object) -> Poller:
    settings = make_settings(
        "sqlite://",
        imap_host=dovecot.host,
        imap_port=dovecot.port,
        imap_user=dovecot.user,
        imap_password=dovecot.password,
        **kw,
    )
    return Poller(factory, settings)


def _stored(factory: sessionmaker[Session]) -> list[InboxMessage]:
    with factory() as session:
        return list(session.scalars(select(InboxMessage).order_by(InboxMessage.id)))


def _seen(mailbox: Any) -> dict[int, bool]:
    mailbox.noop()
    flags = mailbox.get_flags(mailbox.search(["ALL"]))
    return {uid: SEEN in value for uid, value in flags.items()}


def test_unseen_mail_is_stored_then_marked_seen(
    dovecot: Dovecot, mailbox: Any, sqlite_engine: Engine
) -> None:
    factory = sessions(sqlite_engine)
    mailbox.append("INBOX", _message("i1@x"))
    mailbox.append("INBOX", _message("i2@x"))
    poller = _poller(dovecot, factory)
    client = poller.connect()
    try:
        assert poller.fetch_unseen(client) == 2
        assert poller.fetch_unseen(client) == 0
    finally:
        client.logout()
    rows = _stored(factory)
    assert [(r.message_id, r.source, r.mail_from) for r in rows] == [
        ("i1@x", "imap", "alice@example.org"),
        ("i2@x", "imap", "alice@example.org"),
    ]
    assert rows[0].raw.replace(b"\r\n", b"\n") == _message("i1@x").replace(b"\r\n", b"\n")
    assert set(_seen(mailbox).values()) == {True}


def test_a_message_is_not_marked_seen_when_it_could_not_be_committed(
    dovecot: Dovecot, mailbox: Any, tmp_path: Any
) -> None:
    unmigrated = create_engine(f"sqlite:///{tmp_path / 'empty.sqlite3'}")
    mailbox.append("INBOX", _message("i3@x"))
    poller = _poller(dovecot, sessions(unmigrated))
    client = poller.connect()
    try:
        with pytest.raises(Exception, match="no such table"):
            poller.fetch_unseen(client)
    finally:
        client.logout()
    assert set(_seen(mailbox).values()) == {False}
    unmigrated.dispose()


def test_the_same_message_in_the_mailbox_twice_is_stored_once(
    dovecot: Dovecot, mailbox: Any, sqlite_engine: Engine
) -> None:
    factory = sessions(sqlite_engine)
    mailbox.append("INBOX", _message("dup@x"))
    mailbox.append("INBOX", _message("dup@x"))
    poller = _poller(dovecot, factory)
    client = poller.connect()
    try:
        poller.fetch_unseen(client)
    finally:
        client.logout()
    assert len(_stored(factory)) == 1
    assert set(_seen(mailbox).values()) == {True}


@pytest.mark.parametrize("use_idle", [True, False], ids=["idle", "polling"])
def test_new_mail_is_picked_up_while_running(
    dovecot: Dovecot, mailbox: Any, sqlite_engine: Engine, use_idle: bool
) -> None:
    """With IDLE the poll interval is long, so only IDLE can explain a prompt pickup."""
    factory = sessions(sqlite_engine)
    poll = 30.0 if use_idle else 0.2
    poller = _poller(dovecot, factory, imap_use_idle=use_idle, imap_poll_seconds=poll)
    stop = threading.Event()
    thread = threading.Thread(target=poller.run, args=(stop,))
    thread.start()
    try:
        assert poller.waiting.wait(10), "the poller never finished its first pass"
        mailbox.append("INBOX", _message("live@x"))
        deadline = time.monotonic() + 5
        while not _stored(factory) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [r.message_id for r in _stored(factory)] == ["live@x"]
    finally:
        stop.set()
        mailbox.append("INBOX", _message("wake@x"))
        thread.join(timeout=10)
    assert not thread.is_alive()


def test_oversize_mail_is_left_flagged_in_the_mailbox(
    dovecot: Dovecot, mailbox: Any, sqlite_engine: Engine
) -> None:
    factory = sessions(sqlite_engine)
    big = _message("big@x") + b"x" * 70 + (b"\r\n" + b"x" * 70) * 200
    mailbox.append("INBOX", big)
    mailbox.append("INBOX", _message("small@x"))
    poller = _poller(dovecot, factory, max_message_bytes=5000)
    client = poller.connect()
    try:
        assert poller.fetch_unseen(client) == 1
    finally:
        client.logout()
    assert [r.message_id for r in _stored(factory)] == ["small@x"]
    mailbox.noop()
    flags = mailbox.get_flags(mailbox.search(["ALL"]))
    assert sorted(FLAGGED in value for value in flags.values()) == [False, True]
