"""``referee demo``: a short scripted exchange through the real mail path on loopback.

Its own SMTP listener, its own relay sink and a throwaway SQLite database: players' mail goes
in with smtplib, the service reads and answers it, and the demo prints the thread as the
players would see it. The game is started with its first GSD and every turn is adjudicated by
the rules engine: legal Moves are posted to the lounge with the new GSD, a Move that breaks a
rule is answered to its sender with the rule cited.
"""

from __future__ import annotations

import re
import smtplib
import socket
import tempfile
import threading
from collections.abc import Callable
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


ALICE = "Alice <alice@demo.invalid>"


def _gsd_then(play: str) -> Callable[[str], str]:
    """A body that replies to the lounge's latest GSD with ``play`` appended (rule 1.3.1)."""
    return lambda gsd: f"Here is my turn.\n\n{gsd.rstrip()}\n{play}\n\n-- \nAlice"


def _only(body: str) -> Callable[[str], str]:
    return lambda gsd: body


#: (title, From, body given the latest GSD, replies expected, extra headers)
SCRIPT: list[tuple[str, str, Callable[[str], str], int, dict[str, str]]] = [
    ("Alice opens the game: she declares her Home Station and makes her first Move", ALICE,
     _only("Alice : [Home: Upney (DS)] [LV+1] Holborn (CN)\n\n-- \nAlice"), 1, {}),
    ("Bob plays from his work address with his secret, declaring his Home too",
     "Bob <bob@work.demo.invalid>",
     _only("Playing as: Bob\nSecret: tin of paint\n"
           "Bob : [Home: Debden (CN)] Tottenham Court Road (CN)\n"), 1, {}),
    ("Alice replies to the GSD with a Move on a Line that does not go there", ALICE,
     _gsd_then("Alice : Euston (NT)"), 1, {}),
    ("Alice tries again along her own Line", ALICE,
     _gsd_then("Alice : [LV+1] Chancery Lane (CN)"), 1, {}),
    ("Someone pretends to be Bob without his secret", "Bob <bob@elsewhere.demo.invalid>",
     _only("Bob : Goodge Street (NT)\n"), 2, {}),
    ("Alice's vacation responder answers the referee (never answered back)", ALICE,
     _only("I am away until Monday."), 0, {"Auto_Submitted": "auto-replied"}),
]  # fmt: skip


def _posted_gsd(raw: bytes) -> str | None:
    """The GSD in a lounge post (what players copy for their next turn), if ``raw`` is one."""
    message = message_from_bytes(raw, policy=policy.default)
    if str(message["To"]) != LOUNGE or not isinstance(message, EmailMessage):
        return None
    body = message.get_body(preferencelist=("plain",))
    text = str(body.get_content()) if isinstance(body, EmailMessage) else ""
    text = "\n".join(text.splitlines())
    start = text.find("Mornington Crescent - Game")
    return re.split(r"\n--[ \t]*\n", text[start:])[0] if start >= 0 else None


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
    from referee.service.starting import start_game
    from referee.store import games
    from referee.store.wall_clock import utcnow

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
            gsd = start_game(session, game).gsd
        service.start()
        click.echo(
            f"Game MC 1, lounge {LOUNGE}; referee listening on 127.0.0.1:"
            f"{settings.smtp_port}, relay sink on 127.0.0.1:{relay_port}."
        )
        click.echo("Every turn is adjudicated by the rules engine; the first GSD is:\n")
        for line in gsd.splitlines():
            click.echo(f"  | {line}")
        click.echo()
        expected = 0
        try:
            for number, (title, sender, body, replies, headers) in enumerate(SCRIPT, 1):
                message = _mail(sender, "[MC 1] my turn", body(gsd), number, **headers)
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
                    gsd = _posted_gsd(raw) or gsd
                if replies == 0 and not relay.wait_for(expected + 1, timeout=1.0):
                    click.echo("   (no reply: the referee never answers automatic mail)\n")
        finally:
            service.stop()
            controller.stop()
