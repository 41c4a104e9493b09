"""``referee demo``: a short scripted exchange through the real mail path on loopback.

Its own SMTP listener, its own relay sink and a throwaway SQLite database: players' mail goes
in with smtplib, the service reads and answers it, and the demo prints the thread as the
players would see it. No rules engine is connected yet, so turns are received and answered as
not adjudicated; the demo says so rather than pretend.
"""

from __future__ import annotations

import smtplib
import socket
import tempfile
import threading
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import click

LOUNGE = "mc1@lounge.demo.invalid"
REFEREE = "referee@demo.invalid"


class _Relay:
    """Stands in for the outgoing relay: keeps every reply the referee sends."""

    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.arrived = threading.Condition()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        with self.arrived:
            self.received.append(bytes(envelope.original_content))
            self.arrived.notify_all()
        return "250 OK"

    def wait_for(self, count: int, timeout: float = 15.0) -> bool:
        with self.arrived:
            return self.arrived.wait_for(lambda: len(self.received) >= count, timeout)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _mail(sender: str, subject: str, body: str, n: int, **headers: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = LOUNGE
    message["Subject"] = subject
    message["Message-ID"] = f"<demo-{n}@players.demo.invalid>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return message


SCRIPT: list[tuple[str, EmailMessage, int]] = [
    (
        "Alice plays her turn",
        _mail(
            "Alice <alice@demo.invalid>",
            "[MC 1] my turn",
            "Holborn : Euston (VC via: CN,NT)\n\n-- \nAlice",
            1,
        ),
        1,
    ),
    (
        "Bob plays from his work address with his secret",
        _mail(
            "Bob <bob@work.demo.invalid>",
            "[MC 1] turn",
            "Playing as: Bob\nSecret: tin of paint\nEuston : Mornington Crescent\n",
            2,
        ),
        1,
    ),
    (
        "Someone pretends to be Alice without her secret",
        _mail("Alice <alice@elsewhere.demo.invalid>", "[MC 1] turn", "Bank : Angel\n", 3),
        2,
    ),
    (
        "Alice's vacation responder answers the referee (never answered back)",
        _mail(
            "Alice <alice@demo.invalid>",
            "Out of office",
            "I am away until Monday.",
            4,
            Auto_Submitted="auto-replied",
        ),
        0,
    ),
]


def _show(raw: bytes, arrow: str) -> None:
    message = message_from_bytes(raw, policy=policy.default)
    assert isinstance(message, EmailMessage)
    click.echo(f"{arrow} From: {message['From']}")
    click.echo(f"  To: {message['To']}")
    click.echo(f"  Subject: {message['Subject']}")
    body = message.get_body(preferencelist=("plain",))
    text = body.get_content() if isinstance(body, EmailMessage) else ""
    for line in str(text).rstrip().splitlines():
        click.echo(f"  | {line}")
    click.echo()


@click.command()
def demo() -> None:
    """Play a short scripted exchange through the real mail path on loopback and print it."""
    from aiosmtpd.controller import Controller

    from referee.config import Settings
    from referee.service.app import Service
    from referee.store import games
    from referee.store.clock import utcnow

    relay = _Relay()
    relay_port = _free_port()
    controller = Controller(relay, hostname="127.0.0.1", port=relay_port)
    controller.start()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            _env_file=None,
            database_url=f"sqlite:///{Path(folder) / 'demo.sqlite3'}",
            address=REFEREE,
            display_name="Mornington Referee",
            smtp_port=_free_port(),
            relay_port=relay_port,
            sqlite_synchronous="NORMAL",
            worker_poll_seconds=0.1,
        )
        service = Service(settings)
        with service.factory.begin() as session:
            game = games.create_game(session, 1, LOUNGE, utcnow(), name="Demo")
            alice = games.add_player(session, "Alice", "alice@demo.invalid", "sardines")
            bob = games.add_player(session, "Bob", "bob@demo.invalid", "tin of paint")
            games.join(session, game, alice, 1)
            games.join(session, game, bob, 2)
        service.start()
        click.echo(
            f"Game MC 1, lounge {LOUNGE}; referee listening on 127.0.0.1:"
            f"{settings.smtp_port}, relay sink on 127.0.0.1:{relay_port}."
        )
        click.echo(
            "No rules engine is connected yet: turns are kept and answered as received "
            "but not adjudicated.\n"
        )
        expected = 0
        try:
            for title, message, replies in SCRIPT:
                click.echo(f"=== {title}")
                with smtplib.SMTP("127.0.0.1", settings.smtp_port) as client:
                    client.send_message(message)
                _show(bytes(message), ">>")
                before = expected
                expected += replies
                if not relay.wait_for(expected):
                    raise click.ClickException(f"no reply to {title!r} within 15 s")
                for raw in relay.received[before:expected]:
                    _show(raw, "<<")
                if replies == 0 and not relay.wait_for(expected + 1, timeout=1.0):
                    click.echo("   (no reply: the referee never answers automatic mail)\n")
        finally:
            service.stop()
            controller.stop()
