"""The whole path on real servers: smtplib -> listener -> runner -> sender -> relay sink.

Each untidy or hostile case from issue 5 is sent over SMTP to a running service and judged by
what reaches the relay, as a player (or an attacker) would see it.
"""

from __future__ import annotations

import smtplib
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import EmailMessage, Message
from pathlib import Path

import pytest
from sqlalchemy import func, select

from referee.service.app import Service
from referee.store.db import make_engine, sessions, upgrade
from referee.store.models import InboxMessage
from tests.conftest import LOUNGE, REFEREE, RunningSink, free_port, make_settings, seed_game

PLAY = "Rushton : Euston (VC via: CN,NT)"


@dataclass
class Running:
    service: Service
    port: int
    sink: RunningSink

    def send(self, message: EmailMessage, mail_from: str = "alice@example.org") -> None:
        with smtplib.SMTP("127.0.0.1", self.port) as client:
            client.sendmail(mail_from, [LOUNGE], bytes(message))

    def settled(self, timeout: float = 10.0) -> None:
        """Wait until the runner has finished every message and the sender every reply."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self.service.factory() as session:
                waiting = session.scalar(
                    select(func.count())
                    .select_from(InboxMessage)
                    .where(InboxMessage.status == "new")
                )
            if waiting == 0 and self.service.sender.seconds_until_due() is None:
                return
            time.sleep(0.02)
        raise AssertionError("the service did not settle")

    def replies(self) -> list[Message]:
        self.settled()
        return self.sink.sink.messages()


@pytest.fixture
def running(tmp_path: Path, relay_sink: RunningSink) -> Iterator[Running]:
    url = f"sqlite:///{tmp_path / 'e2e.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    port = free_port()
    service = Service(make_settings(url, smtp_port=port, relay_port=relay_sink.port))
    service.start()
    yield Running(service, port, relay_sink)
    service.stop()


def _turn(
    body: str = PLAY,
    sender: str = "Alice <alice@example.org>",
    mid: str = "<e2e@x>",
    **headers: str,
) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = LOUNGE
    message["Subject"] = "[MC 12] my turn"
    message["Message-ID"] = mid
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


def _text(message: Message) -> str:
    payload = message.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return " ".join(payload.decode().split())


def test_a_turn_is_answered_in_its_thread(running: Running) -> None:
    running.send(_turn())
    [reply] = running.replies()
    assert (reply["To"], reply["In-Reply-To"]) == ("alice@example.org", "<e2e@x>")
    assert reply["Subject"] == f"[MC 12] Turn 1: {PLAY}"
    assert (reply["Auto-Submitted"], reply["X-Loop"]) == ("auto-replied", REFEREE)


@pytest.mark.parametrize(
    "headers", [{"Auto_Submitted": "auto-replied"}, {"X_Loop": REFEREE}, {"Precedence": "junk"}]
)
def test_loops_are_never_answered(running: Running, headers: dict[str, str]) -> None:
    running.send(_turn(**headers))
    assert running.replies() == []


def test_a_bounce_is_never_answered(running: Running) -> None:
    running.send(_turn(), mail_from="")
    assert running.replies() == []


def test_a_duplicate_is_answered_once(running: Running) -> None:
    running.send(_turn())
    running.send(_turn(f"{PLAY}\n"))
    assert len(running.replies()) == 1


def test_a_forged_sender_is_answered_at_both_addresses(running: Running) -> None:
    running.send(
        _turn(f"Playing as: Alice\n{PLAY}", sender="mallory@example.net"),
        mail_from="mallory@example.net",
    )
    assert sorted(str(r["To"]) for r in running.replies()) == [
        "alice@example.org",
        "mallory@example.net",
    ]


def test_malformed_mime_is_answered_with_what_is_wrong(running: Running) -> None:
    raw = (
        b"From: alice@example.org\r\nTo: mc12@lounge.example.org\r\nSubject: [MC 12]\r\n"
        b"Message-ID: <broken@x>\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="never-used"\r\n\r\nEuston\r\n'
    )
    with smtplib.SMTP("127.0.0.1", running.port) as client:
        client.sendmail("alice@example.org", [LOUNGE], raw)
    [reply] = running.replies()
    assert "MIME structure is broken" in _text(reply)


def test_html_only_top_posted_mail_with_a_signature_is_read_as_the_play(running: Running) -> None:
    message = _turn()
    message.set_content(
        f"<div>{PLAY}</div><div>-- <br>Alice</div><blockquote>old GSD</blockquote>",
        subtype="html",
        cte="quoted-printable",
        charset="iso-8859-1",
    )
    running.send(message)
    [reply] = running.replies()
    assert f"> {PLAY}" in _text(reply) and "old GSD" not in _text(reply)
    assert "> Alice" not in _text(reply), "the signature was quoted as part of the turn"
