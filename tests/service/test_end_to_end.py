"""The whole path on real servers: smtplib -> listener -> runner -> sender -> relay sink.

Each untidy or hostile case from issue 5 is sent over SMTP to a running service and judged by
what reaches the relay, as a player (or an attacker) would see it.
"""

from __future__ import annotations

from collections.abc import Callable
from email.message import EmailMessage, Message
from pathlib import Path

import pytest

from referee.store.db import make_engine, sessions, upgrade
from tests.conftest import LOUNGE, REFEREE, MailPath, seed_game

PLAY = "Alice : [Home: Upney (DS)] Euston (VC)"
"""Alice's first play: she declares her Home (rule 1.12.2) and enters the Map."""


@pytest.fixture
def running(tmp_path: Path, mail_path: Callable[..., MailPath]) -> MailPath:
    url = f"sqlite:///{tmp_path / 'e2e.sqlite3'}"
    engine = make_engine(url)
    upgrade(engine)
    seed_game(sessions(engine))
    engine.dispose()
    return mail_path(url)


def _send(running: MailPath, message: EmailMessage, mail_from: str = "alice@example.org") -> None:
    running.deliver(message, mail_from, [LOUNGE])


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


def test_a_turn_is_answered_in_its_thread(running: MailPath) -> None:
    _send(running, _turn())
    [reply] = running.replies()
    assert (reply["To"], reply["In-Reply-To"]) == (LOUNGE, "<e2e@x>"), "legal: posted"
    assert reply["Subject"] == f"[MC 12] Turn 1: {PLAY}"
    assert (reply["Auto-Submitted"], reply["X-Loop"]) == ("auto-replied", REFEREE)


@pytest.mark.parametrize(
    "headers", [{"Auto_Submitted": "auto-replied"}, {"X_Loop": REFEREE}, {"Precedence": "junk"}]
)
def test_loops_are_never_answered(running: MailPath, headers: dict[str, str]) -> None:
    _send(running, _turn(**headers))
    assert running.replies() == []


def test_a_bounce_is_never_answered(running: MailPath) -> None:
    _send(running, _turn(), mail_from="")
    assert running.replies() == []


def test_a_duplicate_is_answered_once(running: MailPath) -> None:
    _send(running, _turn())
    _send(running, _turn(f"{PLAY}\n"))
    assert len(running.replies()) == 1


def test_a_forged_sender_is_answered_at_both_addresses(running: MailPath) -> None:
    _send(
        running,
        _turn(f"Playing as: Alice\n{PLAY}", sender="mallory@example.net"),
        mail_from="mallory@example.net",
    )
    assert sorted(str(r["To"]) for r in running.replies()) == [
        "alice@example.org",
        "mallory@example.net",
    ]


def test_malformed_mime_is_answered_with_what_is_wrong(running: MailPath) -> None:
    raw = (
        b"From: alice@example.org\r\nTo: mc12@lounge.example.org\r\nSubject: [MC 12]\r\n"
        b"Message-ID: <broken@x>\r\nMIME-Version: 1.0\r\n"
        b'Content-Type: multipart/mixed; boundary="never-used"\r\n\r\nEuston\r\n'
    )
    running.deliver(raw, "alice@example.org", [LOUNGE])
    [reply] = running.replies()
    assert "MIME structure is broken" in _text(reply)


def test_html_only_top_posted_mail_with_a_signature_is_read_as_the_play(running: MailPath) -> None:
    message = _turn()
    message.set_content(
        f"<div>{PLAY}</div><div>-- <br>Alice</div><blockquote>old GSD</blockquote>",
        subtype="html",
        cte="quoted-printable",
        charset="iso-8859-1",
    )
    _send(running, message)
    [reply] = running.replies()
    body = _text(reply)
    assert f"Alice played turn 1 of game MC 12: {PLAY}" in body and "old GSD" not in body
    assert f"+ {PLAY} -- The play-by-email referee" in body, "the record is the play alone"
    assert "Alice : Euston (VC) Alice" not in body, "the signature was read as part of the turn"
