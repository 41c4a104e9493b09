"""Mail placed in a real dovecot mailbox is picked up by the service and answered."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from imapclient import SEEN, IMAPClient

from referee.service.app import Service
from referee.store.db import make_engine, sessions, upgrade
from tests.conftest import LOUNGE, Dovecot, RunningSink, free_port, make_settings, seed_game

pytestmark = pytest.mark.imap


def test_a_turn_in_the_imap_mailbox_is_answered_through_the_relay(
    dovecot: Dovecot, relay_sink: RunningSink, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'imap.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    settings = make_settings(
        url,
        smtp_port=free_port(),
        relay_port=relay_sink.port,
        imap_host=dovecot.host,
        imap_port=dovecot.port,
        imap_user=dovecot.user,
        imap_password=dovecot.password,
        imap_poll_seconds=0.2,
    )
    service = Service(settings)
    service.start()
    mailbox = IMAPClient(dovecot.host, port=dovecot.port, ssl=False)
    mailbox.login(dovecot.user, dovecot.password)
    mailbox.select_folder("INBOX")
    try:
        message = EmailMessage()
        message["From"] = "Bob <bob@example.org>"
        message["To"] = LOUNGE
        message["Subject"] = "[MC 12] turn"
        message["Message-ID"] = "<imap-turn@example.org>"
        message["Return-Path"] = "<bob@example.org>"
        message.set_content("Euston : Mornington Crescent")
        mailbox.append("INBOX", bytes(message))
        [reply] = relay_sink.sink.wait_for(1)
    finally:
        service.stop()
    assert reply["To"] == "bob@example.org"
    assert reply["In-Reply-To"] == "<imap-turn@example.org>"
    assert reply["Subject"] == "[MC 12] Turn 1 not applied: unreadable"
    mailbox.noop()
    flags = mailbox.get_flags(mailbox.search(["ALL"]))
    assert all(SEEN in value for value in flags.values())
    mailbox.logout()
